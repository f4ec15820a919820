//! The data folder (`data/` in the repository): self-play game files (`*.games`, see
//! [`super::game_file`]) and `manifest.tsv`, one line per file with its counts, its SHA-256
//! and how it was made (the file's [`Provenance`]), under a header row:
//!
//! ```text
//! file games positions bytes sha256 engine network nodes hard_nodes seed openings
//! openings_sha256 random_plies chess960_one_in hash_mb dfrc_one_in   (tab-separated)
//! ```
//!
//! `ferrite data manifest` writes it from the files (cutting off a game a stopped run left
//! unfinished); `ferrite data check` and `ferrite train DIR` read every file it lists and
//! check it against its line. A damaged file is a [`DataProblem`] naming the file and, where
//! it applies, the offset; the complete games before the damage, and every other file, are
//! still read.

use super::game_file::{decode, decode_prefix, GameFileError, Provenance, RecordedGame};
use crate::files::{self, ReadError};
use sha2::{Digest, Sha256};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The manifest's file name inside the data folder.
pub const MANIFEST: &str = "manifest.tsv";
/// The extension of game files.
pub const GAMES_EXTENSION: &str = "games";
/// The manifest's columns before the provenance's.
const COUNT_COLUMNS: [&str; 5] = ["file", "games", "positions", "bytes", "sha256"];

/// The SHA-256 of `bytes`, in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// One line of the manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestRow {
    /// The file's name inside the data folder.
    pub file: String,
    /// Complete games in it.
    pub games: usize,
    /// Positions (plies) in them.
    pub positions: usize,
    /// The file's size.
    pub bytes: usize,
    /// The file's SHA-256, hex.
    pub sha256: String,
    /// How its games were made.
    pub provenance: Provenance,
}

impl ManifestRow {
    /// The row's tab-separated line.
    fn line(&self) -> String {
        let counts = [
            self.file.clone(),
            self.games.to_string(),
            self.positions.to_string(),
            self.bytes.to_string(),
            self.sha256.clone(),
        ];
        let provenance = self.provenance.fields().map(|(_, value)| value);
        counts
            .iter()
            .chain(&provenance)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("\t")
    }
}

/// The header row of the manifest.
fn header_line() -> String {
    COUNT_COLUMNS
        .iter()
        .chain(&Provenance::NAMES)
        .copied()
        .collect::<Vec<_>>()
        .join("\t")
}

/// Something wrong in the data folder.
#[derive(Debug)]
pub enum DataProblem {
    /// A file or the folder could not be read.
    Read(ReadError),
    /// A file could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The manifest is not one (a line with the wrong columns, a count that is no number).
    Manifest {
        /// The manifest.
        path: PathBuf,
        /// Its line, 1-based.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// A file's bytes do not have the checksum or the size its manifest line gives.
    Checksum {
        /// The file.
        path: PathBuf,
        /// What the manifest says and what the file has.
        expected: String,
        /// The file's.
        found: String,
    },
    /// A file is damaged: its games from the offset on are lost.
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the offset.
        error: GameFileError,
    },
    /// A file ends inside a game.
    Truncated {
        /// The file.
        path: PathBuf,
        /// Where the unfinished game starts.
        offset: usize,
        /// Complete games before it.
        games: usize,
    },
    /// A game file that the manifest does not list (read all the same, unchecked).
    Unlisted(PathBuf),
}

impl fmt::Display for DataProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataProblem::Read(e) => write!(f, "{e}"),
            DataProblem::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            DataProblem::Manifest {
                path,
                line,
                problem,
            } => write!(f, "{} line {line}: {problem}", path.display()),
            DataProblem::Checksum {
                path,
                expected,
                found,
            } => write!(
                f,
                "{}: does not match its manifest line (sha256 {expected}, the file's {found})",
                path.display()
            ),
            DataProblem::Damaged { path, error } => write!(
                f,
                "{}: {error}; the games before it are kept",
                path.display()
            ),
            DataProblem::Truncated {
                path,
                offset,
                games,
            } => write!(
                f,
                "{}: cut short inside the game at offset {offset}; the {games} games before it \
                 are kept",
                path.display()
            ),
            DataProblem::Unlisted(path) => write!(
                f,
                "{}: not in {MANIFEST} (read without a checksum; `ferrite data manifest` adds it)",
                path.display()
            ),
        }
    }
}

impl DataProblem {
    /// How a reader that goes on past the problem names it: `warning` for a file the
    /// manifest does not list, which is read whole all the same, `error` for anything that
    /// loses games or their check. (`data check`, which exists to find both, calls every
    /// problem an error.)
    pub fn severity(&self) -> &'static str {
        match self {
            DataProblem::Unlisted(_) => "warning",
            _ => "error",
        }
    }
}

impl std::error::Error for DataProblem {}

fn read_problem(path: &Path) -> impl FnOnce(io::Error) -> DataProblem + '_ {
    move |source| {
        DataProblem::Read(ReadError {
            path: path.to_path_buf(),
            source,
        })
    }
}

fn write_problem(path: &Path) -> impl FnOnce(io::Error) -> DataProblem + '_ {
    move |source| DataProblem::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// The manifest of the data folder `dir` (no file: no rows).
pub fn read_manifest(dir: &Path) -> Result<Vec<ManifestRow>, DataProblem> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(read_problem(&path)(e)),
    };
    let bad = |line: usize, problem: String| DataProblem::Manifest {
        path: path.clone(),
        line,
        problem,
    };
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header == header_line() => {}
        _ => return Err(bad(1, format!("the header is not `{}`", header_line()))),
    }
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let cells: Vec<&str> = line.split('\t').collect();
            let columns = COUNT_COLUMNS.len() + Provenance::NAMES.len();
            if cells.len() != columns {
                return Err(bad(
                    index + 1,
                    format!("{} columns, not {columns}", cells.len()),
                ));
            }
            let count = |i: usize| {
                cells[i].parse::<usize>().map_err(|_| {
                    bad(
                        index + 1,
                        format!("{} `{}` is not a number", COUNT_COLUMNS[i], cells[i]),
                    )
                })
            };
            let provenance = Provenance::from_fields(
                Provenance::NAMES
                    .into_iter()
                    .zip(cells[5..].iter().copied()),
            )
            .map_err(|problem| bad(index + 1, problem))?;
            Ok(ManifestRow {
                file: cells[0].to_string(),
                games: count(1)?,
                positions: count(2)?,
                bytes: count(3)?,
                sha256: cells[4].to_string(),
                provenance,
            })
        })
        .collect()
}

/// The game files in `dir`, sorted by name.
fn game_files(dir: &Path) -> Result<Vec<String>, DataProblem> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read_problem(dir))? {
        let path = entry.map_err(read_problem(dir))?.path();
        if path.extension().is_some_and(|e| e == GAMES_EXTENSION) {
            if let Some(name) = path.file_name() {
                names.push(name.to_string_lossy().into_owned());
            }
        }
    }
    names.sort();
    Ok(names)
}

/// Rewrites `dir`'s manifest from its game files, first cutting off a game that a stopped
/// run left unfinished at the end of a file (run it while no `datagen` writes there). Returns
/// the rows written.
pub fn write_manifest(dir: &Path) -> Result<Vec<ManifestRow>, DataProblem> {
    let mut rows = Vec::new();
    for name in game_files(dir)? {
        let path = dir.join(&name);
        let mut bytes = files::read(&path).map_err(DataProblem::Read)?;
        let decoded = decode(&bytes).map_err(|error| DataProblem::Damaged {
            path: path.clone(),
            error,
        })?;
        if decoded.complete_len < bytes.len() {
            bytes.truncate(decoded.complete_len);
            std::fs::write(&path, &bytes).map_err(write_problem(&path))?;
        }
        rows.push(ManifestRow {
            file: name,
            games: decoded.games.len(),
            positions: decoded.positions(),
            bytes: bytes.len(),
            sha256: sha256_hex(&bytes),
            provenance: decoded.provenance,
        });
    }
    let mut text = header_line();
    text.push('\n');
    for row in &rows {
        text.push_str(&row.line());
        text.push('\n');
    }
    let path = dir.join(MANIFEST);
    std::fs::write(&path, text).map_err(write_problem(&path))?;
    Ok(rows)
}

/// The games of one file of a data folder.
#[derive(Debug)]
pub struct FileGames {
    /// The file.
    pub path: PathBuf,
    /// Its complete games up to any damage.
    pub games: Vec<RecordedGame>,
}

/// Reads every game file of the data folder `dir`: those the manifest lists, each checked
/// against its line, then any it does not list. A problem with one file is reported through
/// `problem` and costs only what it must: the games of a damaged file up to the damage are
/// returned. Only an unreadable folder or manifest is an error.
pub fn read_data_dir(
    dir: &Path,
    problem: &mut dyn FnMut(DataProblem),
) -> Result<Vec<FileGames>, DataProblem> {
    let rows = read_manifest(dir)?;
    let mut files = Vec::new();
    for row in &rows {
        let path = dir.join(&row.file);
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                problem(read_problem(&path)(e));
                continue;
            }
        };
        let found = sha256_hex(&bytes);
        if found != row.sha256 {
            problem(DataProblem::Checksum {
                path: path.clone(),
                expected: row.sha256.clone(),
                found,
            });
        }
        files.push(read_game_file(path, &bytes, problem));
    }
    for name in game_files(dir)? {
        if rows.iter().all(|row| row.file != name) {
            let path = dir.join(&name);
            problem(DataProblem::Unlisted(path.clone()));
            match std::fs::read(&path) {
                Ok(bytes) => files.push(read_game_file(path, &bytes, problem)),
                Err(e) => problem(read_problem(&path)(e)),
            }
        }
    }
    Ok(files)
}

/// The complete games of the game file `bytes` (read from `path`), up to any damage, which
/// is reported.
pub fn read_game_file(
    path: PathBuf,
    bytes: &[u8],
    problem: &mut dyn FnMut(DataProblem),
) -> FileGames {
    let damaged = |error| DataProblem::Damaged {
        path: path.clone(),
        error,
    };
    let games = match decode_prefix(bytes) {
        Err(error) => {
            problem(damaged(error));
            Vec::new()
        }
        Ok((decoded, Some(error))) => {
            problem(damaged(error));
            decoded.games
        }
        Ok((decoded, None)) => {
            if decoded.complete_len < bytes.len() {
                problem(DataProblem::Truncated {
                    path: path.clone(),
                    offset: decoded.complete_len,
                    games: decoded.games.len(),
                });
            }
            decoded.games
        }
    };
    FileGames { path, games }
}
