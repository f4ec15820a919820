//! Why a `SyzygyPath` gave no tables.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a set of tablebase folders could not be used.
#[derive(Debug)]
pub enum TablebaseError {
    /// A folder could not be listed (missing, not a folder, no permission).
    UnreadableFolder {
        /// The folder.
        folder: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// A file named like a table cannot be one (its size is wrong, or it cannot be read).
    BadTable {
        /// The file.
        file: PathBuf,
        /// What was wrong.
        error: io::Error,
    },
    /// The folders hold no WDL table (`*.rtbw`).
    NoTables,
}

impl fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseError::UnreadableFolder { folder, error } => {
                write!(f, "cannot read folder {}: {error}", folder.display())
            }
            TablebaseError::BadTable { file, error } => {
                write!(f, "bad table file {}: {error}", file.display())
            }
            TablebaseError::NoTables => write!(f, "no Syzygy tables (*.rtbw) found"),
        }
    }
}

impl std::error::Error for TablebaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TablebaseError::UnreadableFolder { error, .. }
            | TablebaseError::BadTable { error, .. } => Some(error),
            TablebaseError::NoTables => None,
        }
    }
}
