//! The text files of the tuning pipeline: openings in (EPD or FEN, one position a line, the
//! first four fields used, the clocks reset), labelled positions out and back in:
//!
//! ```text
//! <FEN> | <result from white's view: 1.0, 0.5 or 0.0>
//! ```
//!
//! Every refusal is a [`LineError`] naming the line number.

use crate::chess::{FenError, Position};
use std::fmt;

/// How a game ended, from white's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won.
    WhiteWin,
    /// Drawn.
    Draw,
    /// Black won.
    BlackWin,
}

impl GameResult {
    /// The result as white's score: 1.0, 0.5 or 0.0.
    pub fn white_score(self) -> f64 {
        match self {
            GameResult::WhiteWin => 1.0,
            GameResult::Draw => 0.5,
            GameResult::BlackWin => 0.0,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}", self.white_score())
    }
}

/// What is wrong with one line of an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// The FEN does not describe a legal position.
    Fen(FenError),
    /// No `|` between the FEN and the result.
    MissingSeparator,
    /// The result is not 1.0, 0.5 or 0.0 (the text found).
    Result(String),
}

/// A line of an input file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub problem: LineProblem,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.problem {
            LineProblem::Fen(e) => write!(f, "invalid FEN: {e}"),
            LineProblem::MissingSeparator => write!(f, "no '|' between FEN and result"),
            LineProblem::Result(text) => {
                write!(f, "result {text:?} is not 1.0, 0.5 or 0.0")
            }
        }
    }
}

impl std::error::Error for LineError {}

/// True for lines that hold no record: blank, or a `#` comment.
fn is_blank(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#')
}

/// The position of a FEN, numbered `line` for the error.
fn parse_fen(fen: &str, line: usize) -> Result<Position, LineError> {
    Position::from_fen(fen).map_err(|e| LineError {
        line,
        problem: LineProblem::Fen(e),
    })
}

/// Every position of an openings file (EPD or FEN: the first four fields of each line; EPD
/// operations after them are ignored). Blank lines and `#` comments are skipped.
pub fn parse_openings(text: &str) -> Result<Vec<Position>, LineError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !is_blank(line))
        .map(|(index, line)| {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            parse_fen(&fields.join(" "), index + 1)
        })
        .collect()
}

/// One output line: `<FEN> | <result>`.
pub fn format_record(fen: &str, result: GameResult) -> String {
    format!("{fen} | {result}")
}

/// One line of a data file, numbered `line`: the position and white's result (1.0, 0.5 or
/// 0.0). `Ok(None)` for blank and `#` lines.
pub fn parse_record(text: &str, line: usize) -> Result<Option<(Position, f64)>, LineError> {
    if is_blank(text) {
        return Ok(None);
    }
    let (fen, result) = text.split_once('|').ok_or(LineError {
        line,
        problem: LineProblem::MissingSeparator,
    })?;
    let position = parse_fen(fen.trim(), line)?;
    let result = result.trim();
    let score = match result {
        "1.0" | "1" => 1.0,
        "0.5" => 0.5,
        "0.0" | "0" => 0.0,
        _ => {
            return Err(LineError {
                line,
                problem: LineProblem::Result(result.to_string()),
            })
        }
    };
    Ok(Some((position, score)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        for result in [GameResult::WhiteWin, GameResult::Draw, GameResult::BlackWin] {
            let line = format_record(fen, result);
            let (position, score) = parse_record(&line, 1)
                .expect("valid line")
                .expect("not blank");
            assert_eq!(position.to_fen(), fen);
            assert_eq!(score, result.white_score());
        }
        assert_eq!(format_record(fen, GameResult::Draw), format!("{fen} | 0.5"));
        assert_eq!(parse_record("  # comment", 3), Ok(None));
    }

    #[test]
    fn bad_records_name_the_line() {
        let error = |text: &str| parse_record(text, 7).expect_err("refused");
        assert_eq!(
            error("8/8/8/8 w - -").problem,
            LineProblem::MissingSeparator
        );
        assert_eq!(
            error("8/8 w | 1.0").problem,
            LineProblem::Fen(FenError::FieldCount(2))
        );
        assert!(matches!(
            error("8/8/8/8/8/8/8/8 w - - | 1.0").problem,
            LineProblem::Fen(_)
        ));
        let bad_result = error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 2.0");
        assert_eq!(bad_result.problem, LineProblem::Result("2.0".to_string()));
        assert_eq!(
            bad_result.to_string(),
            "line 7: result \"2.0\" is not 1.0, 0.5 or 0.0"
        );
    }

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
        assert_eq!(
            bad.expect_err("line 2 is bad"),
            LineError {
                line: 2,
                problem: LineProblem::Fen(FenError::FieldCount(1))
            }
        );
    }
}
