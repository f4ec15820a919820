//! Opening books: text files of start positions, EPD or FEN, one position a line, the first
//! four fields used, the clocks reset. Self-play (`ferrite datagen --openings`) and the UCI
//! command `genfens … book FILE` read them. A refusal is a [`BookError`] naming the file and,
//! for a bad line, a [`LineError`] naming the line number.

use crate::chess::{FenError, Position};
use crate::files::{self, ReadError};
use std::fmt;
use std::path::{Path, PathBuf};

/// A line of a book that is not a position.
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

/// Every position of a book's text (EPD or FEN: the first four fields of each line; EPD
/// operations after them are ignored). Blank lines and `#` comments are skipped.
fn parse_openings(text: &str) -> Result<Vec<Position>, LineError> {
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

/// Why a book could not be read.
#[derive(Debug)]
pub enum BookError {
    /// The file could not be read.
    Read(ReadError),
    /// A line is not a position.
    Line {
        /// The book.
        path: PathBuf,
        /// The line and what is wrong with it.
        error: LineError,
    },
    /// The file holds no position.
    Empty(PathBuf),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Read(e) => write!(f, "{e}"),
            BookError::Line { path, error } => write!(f, "{}: {error}", path.display()),
            BookError::Empty(path) => write!(f, "{} holds no position", path.display()),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Read(e) => Some(e),
            BookError::Line { error, .. } => Some(error),
            BookError::Empty(_) => None,
        }
    }
}

/// The positions of the book (EPD or FEN lines) at `path`, of which there must be some.
pub fn read_book(path: &Path) -> Result<Vec<Position>, BookError> {
    let text = files::read(path).map_err(BookError::Read)?;
    parse_book(path, &text)
}

/// The book in `bytes`, read from `path`.
pub fn parse_book(path: &Path, bytes: &[u8]) -> Result<Vec<Position>, BookError> {
    let book =
        parse_openings(&String::from_utf8_lossy(bytes)).map_err(|error| BookError::Line {
            path: path.to_path_buf(),
            error,
        })?;
    if book.is_empty() {
        return Err(BookError::Empty(path.to_path_buf()));
    }
    Ok(book)
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
