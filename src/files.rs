//! Reading the files a user names (EPD suites, PGN games, opening books, training data): one
//! error for a file that cannot be read, so every command words it the same way and names
//! the file.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// A file that could not be read.
#[derive(Debug)]
pub struct ReadError {
    /// The file.
    pub path: PathBuf,
    /// What the system said.
    pub source: io::Error,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// The bytes of the file at `path`.
pub fn read(path: &Path) -> Result<Vec<u8>, ReadError> {
    std::fs::read(path).map_err(|source| ReadError {
        path: path.to_path_buf(),
        source,
    })
}

/// The text of the file at `path` (UTF-8).
pub fn read_to_string(path: &Path) -> Result<String, ReadError> {
    std::fs::read_to_string(path).map_err(|source| ReadError {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let path = Path::new("/nonexistent/ferrite-file.txt");
        let error = read(path).expect_err("no such file");
        assert_eq!(error.path, path);
        assert_eq!(error.source.kind(), io::ErrorKind::NotFound);
        assert!(error
            .to_string()
            .starts_with("cannot read /nonexistent/ferrite-file.txt: "));
        let text_error = read_to_string(path).expect_err("no such file");
        assert_eq!(text_error.to_string(), error.to_string());
    }

    #[test]
    fn a_readable_file_is_read_whole() {
        let path = std::env::temp_dir().join(format!("ferrite-files-{}.txt", std::process::id()));
        std::fs::write(&path, "e4 e5\n").expect("temp file");
        assert_eq!(read_to_string(&path).expect("readable"), "e4 e5\n");
        assert_eq!(read(&path).expect("readable"), b"e4 e5\n");
        let _ = std::fs::remove_file(path);
    }
}
