//! The text files of start positions datagen and `genfens` read: EPD or FEN, one position a
//! line, the first four fields used, the clocks reset. A refusal is a [`LineError`] naming the
//! line number.

use crate::chess::{FenError, Position};
use std::fmt;

/// A line of an openings file that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with its FEN.
    pub error: FenError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: invalid FEN: {}", self.line, self.error)
    }
}

impl std::error::Error for LineError {}

/// True for lines that hold no position: blank, or a `#` comment.
fn is_blank(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#')
}

/// Every position of an openings file (EPD or FEN: the first four fields of each line; EPD
/// operations after them are ignored). Blank lines and `#` comments are skipped.
pub fn parse_openings(text: &str) -> Result<Vec<Position>, LineError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !is_blank(line))
        .map(|(index, line)| {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            Position::from_fen(&fields.join(" ")).map_err(|error| LineError {
                line: index + 1,
                error,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_take_four_fields_and_skip_blank_lines() {
        let text = "\n# book\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n";
        let openings = parse_openings(text).expect("valid");
        assert_eq!(openings.len(), 1);
        assert_eq!(
            openings[0].to_fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        let bad = parse_openings("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nxx\n");
        let error = bad.expect_err("line 2 is bad");
        assert_eq!(
            error,
            LineError {
                line: 2,
                error: FenError::FieldCount(1)
            }
        );
        assert!(error.to_string().starts_with("line 2: invalid FEN: "));
    }
}
