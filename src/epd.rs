//! The EPD test-suite runner behind `ferrite epd`: [`run_suite`] reads a suite file,
//! searches each position for a fixed time and checks the answer against the record's `bm`
//! (best moves), `am` (avoid moves) or `dm` (mate in n) operations. A suite that cannot be
//! read is an [`EpdError`] naming the file, and for a bad record its line ([`RecordError`]);
//! nothing is searched then.

use crate::chess::{FenError, Move, Position};
use crate::files::{self, ReadError};
use crate::rules::{parse_san, MoveError};
use crate::search::limits::Limits;
use crate::search::tt::{HashAllocError, TranspositionTable};
use crate::search::{mate_in, search, SearchControl, SearchJob};
use std::fmt;
use std::path::{Path, PathBuf};

/// One EPD record.
#[derive(Clone, Debug)]
pub struct EpdRecord {
    /// The position.
    pub position: Position,
    /// `id`, or the line number when absent.
    pub id: String,
    /// Moves that solve it (`bm`).
    pub best_moves: Vec<Move>,
    /// Moves that fail it (`am`).
    pub avoid_moves: Vec<Move>,
    /// Mate distance in moves (`dm`).
    pub mate: Option<i32>,
}

/// What is wrong with one EPD line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// Fewer than the four FEN fields an EPD record starts with.
    TooFewFields,
    /// The FEN fields are not a legal position.
    Fen(FenError),
    /// A `bm` or `am` move is not legal in the position (the error names the move).
    Move(MoveError),
}

/// An EPD line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub problem: RecordProblem,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.problem {
            RecordProblem::TooFewFields => write!(f, "fewer than four FEN fields"),
            RecordProblem::Fen(e) => write!(f, "invalid FEN: {e}"),
            RecordProblem::Move(e) => write!(f, "move {}: {e}", e.text),
        }
    }
}

impl std::error::Error for RecordError {}

/// Parses one EPD line, numbered `line_number`: four FEN fields, then `;`-separated
/// operations.
pub fn parse_record(line: &str, line_number: usize) -> Result<EpdRecord, RecordError> {
    let refused = |problem| RecordError {
        line: line_number,
        problem,
    };
    let mut words = line.split_whitespace();
    let fen: Vec<&str> = words.by_ref().take(4).collect();
    if fen.len() < 4 {
        return Err(refused(RecordProblem::TooFewFields));
    }
    let position =
        Position::from_fen(&fen.join(" ")).map_err(|e| refused(RecordProblem::Fen(e)))?;
    let rest: Vec<&str> = words.collect();
    let rest = rest.join(" ");
    let mut record = EpdRecord {
        position,
        id: format!("line {line_number}"),
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
        mate: None,
    };
    let moves = |operands: &[&str]| -> Result<Vec<Move>, RecordError> {
        operands
            .iter()
            .map(|san| parse_san(&position, san).map_err(|e| refused(RecordProblem::Move(e))))
            .collect()
    };
    for operation in rest.split(';') {
        let mut parts = operation.split_whitespace();
        let Some(opcode) = parts.next() else {
            continue;
        };
        let operands: Vec<&str> = parts.collect();
        match opcode {
            "bm" => record.best_moves = moves(&operands)?,
            "am" => record.avoid_moves = moves(&operands)?,
            "dm" => {
                record.mate = operands.first().and_then(|n| n.parse().ok());
            }
            "id" => record.id = operands.join(" ").trim_matches('"').to_string(),
            _ => {}
        }
    }
    Ok(record)
}

/// How one record went.
pub struct EpdOutcome {
    /// The record's id.
    pub id: String,
    /// True if the engine's answer satisfies the record.
    pub solved: bool,
    /// What the engine answered (SAN-free: UCI move and score).
    pub answer: String,
}

/// Searches `record` for `movetime_ms` with `threads` threads and judges the answer.
pub fn run_record(
    record: &EpdRecord,
    movetime_ms: u64,
    threads: usize,
    tt: &TranspositionTable,
) -> EpdOutcome {
    let limits = Limits {
        movetime: Some(movetime_ms),
        mate: record.mate.and_then(|n| u32::try_from(n).ok()),
        ..Limits::default()
    };
    let job = SearchJob {
        threads,
        ..SearchJob::new(record.position, limits)
    };
    let control = SearchControl::new(&job.limits, 0);
    let result = search(&job, tt, &control, &|_| {});
    let best_ok = record.best_moves.is_empty()
        || result
            .best
            .is_some_and(|mv| record.best_moves.contains(&mv));
    let avoid_ok = result
        .best
        .is_none_or(|mv| !record.avoid_moves.contains(&mv));
    let mate_ok = record.mate.is_none_or(|n| mate_in(result.score) == Some(n));
    let answer = format!(
        "{} score {}",
        result.best.map_or("0000".to_string(), |mv| mv
            .to_uci(record.position.is_chess960())),
        mate_in(result.score).map_or(format!("cp {}", result.score), |n| format!("mate {n}"))
    );
    EpdOutcome {
        id: record.id.clone(),
        solved: best_ok && avoid_ok && mate_ok,
        answer,
    }
}

/// How to run a suite.
#[derive(Clone, Debug)]
pub struct SuiteConfig {
    /// Thinking time per position in milliseconds.
    pub movetime_ms: u64,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB (cleared before each position).
    pub hash_mb: usize,
    /// Only records whose id starts with this.
    pub filter: Option<String>,
}

/// Counts over the records of a suite run so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SuiteSummary {
    /// Records searched.
    pub run: usize,
    /// Records to search in all.
    pub total: usize,
    /// Records solved.
    pub solved: usize,
}

impl fmt::Display for SuiteSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "solved {}/{}", self.solved, self.total)
    }
}

/// Why a suite could not be run.
#[derive(Debug)]
pub enum EpdError {
    /// The file could not be read.
    Read(ReadError),
    /// A line of the file is not an EPD record.
    Record {
        /// The suite file.
        path: PathBuf,
        /// The line and what is wrong with it.
        error: RecordError,
    },
    /// The machine cannot provide the hash table.
    Hash(HashAllocError),
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Read(error) => write!(f, "{error}"),
            EpdError::Record { path, error } => write!(f, "{}: {error}", path.display()),
            EpdError::Hash(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for EpdError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EpdError::Read(error) => std::error::Error::source(error),
            EpdError::Record { error, .. } => Some(error),
            EpdError::Hash(error) => std::error::Error::source(error),
        }
    }
}

/// The records of the suite at `path` (blank lines skipped) whose id starts with `filter`.
/// Every line is checked, also those the filter leaves out.
fn read_suite(path: &Path, filter: Option<&str>) -> Result<Vec<EpdRecord>, EpdError> {
    let text = files::read_to_string(path).map_err(EpdError::Read)?;
    let mut records = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = parse_record(line, index + 1).map_err(|error| EpdError::Record {
            path: path.to_path_buf(),
            error,
        })?;
        if filter.is_none_or(|prefix| record.id.starts_with(prefix)) {
            records.push(record);
        }
    }
    Ok(records)
}

/// Runs the suite at `path` as `config` says. The whole file is read and checked before
/// the first search; `progress` is told each record's outcome with the counts so far.
pub fn run_suite(
    path: &Path,
    config: &SuiteConfig,
    progress: &mut dyn FnMut(&EpdOutcome, &SuiteSummary),
) -> Result<SuiteSummary, EpdError> {
    let records = read_suite(path, config.filter.as_deref())?;
    let mut tt = TranspositionTable::try_new(config.hash_mb).map_err(EpdError::Hash)?;
    let mut summary = SuiteSummary {
        total: records.len(),
        ..SuiteSummary::default()
    };
    for record in &records {
        tt.clear();
        let outcome = run_record(record, config.movetime_ms, config.threads.max(1), &tt);
        summary.run += 1;
        if outcome.solved {
            summary.solved += 1;
        }
        progress(&outcome, &summary);
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` written to a file in the temporary directory unique to this test process.
    fn suite_file(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("ferrite-epd-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temporary file is writable");
        path
    }

    const MATE_IN_ONE: &str = "k7/8/1K6/8/8/8/8/7R w - - bm Rh8#; id \"m1\";";

    #[test]
    fn records_take_moves_ids_and_mate_distances() {
        let record = parse_record("k7/8/1K6/8/8/8/8/7R w - - bm Rh8#; dm 1; id \"m1\";", 4)
            .expect("valid record");
        assert_eq!(record.id, "m1");
        assert_eq!(record.best_moves.len(), 1);
        assert_eq!(record.mate, Some(1));
        let unnamed = parse_record("k7/8/1K6/8/8/8/8/7R w - - am Rh7;", 9).expect("valid");
        assert_eq!(unnamed.id, "line 9");
        assert_eq!(unnamed.avoid_moves.len(), 1);
    }

    #[test]
    fn bad_records_name_the_line_and_the_problem() {
        let error = |line: &str| parse_record(line, 3).expect_err("refused");
        assert_eq!(error("k7/8/1K6 w -").problem, RecordProblem::TooFewFields);
        assert_eq!(
            error("k7/8/1K6 w -").to_string(),
            "line 3: fewer than four FEN fields"
        );
        assert!(matches!(
            error("k7/8/8/8/8/8/8/8 w - - bm Kb7;").problem,
            RecordProblem::Fen(_)
        ));
        let bad_move = error("k7/8/1K6/8/8/8/8/7R w - - bm Rh9; id \"x\";");
        assert_eq!(bad_move.line, 3);
        assert!(
            matches!(&bad_move.problem, RecordProblem::Move(e) if e.text == "Rh9"),
            "{bad_move:?}"
        );
        assert!(bad_move.to_string().starts_with("line 3: move Rh9: "));
    }

    #[test]
    fn an_unreadable_suite_is_an_error_naming_the_file() {
        let path = Path::new("/nonexistent/ferrite-suite.epd");
        let config = SuiteConfig {
            movetime_ms: 1,
            threads: 1,
            hash_mb: 1,
            filter: None,
        };
        let error = run_suite(path, &config, &mut |_, _| {}).expect_err("no such file");
        assert!(matches!(&error, EpdError::Read(read) if read.path == path));
        assert!(error
            .to_string()
            .starts_with("cannot read /nonexistent/ferrite-suite.epd: "));
    }

    #[test]
    fn a_bad_line_anywhere_refuses_the_suite_before_any_search() {
        let path = suite_file("bad.epd", &format!("{MATE_IN_ONE}\n\nnot a record\n"));
        let config = SuiteConfig {
            movetime_ms: 1,
            threads: 1,
            hash_mb: 1,
            filter: Some("m1".to_string()),
        };
        let mut searched = 0;
        let error = run_suite(&path, &config, &mut |_, _| searched += 1).expect_err("line 3");
        assert_eq!(searched, 0);
        match &error {
            EpdError::Record { path: p, error } => {
                assert_eq!(p, &path);
                assert_eq!(error.line, 3);
                assert_eq!(error.problem, RecordProblem::TooFewFields);
            }
            EpdError::Read(_) | EpdError::Hash(_) => panic!("{error}"),
        }
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn a_suite_runs_the_filtered_records_and_counts_the_solved() {
        let path = suite_file(
            "mate.epd",
            &format!("{MATE_IN_ONE}\nk7/8/1K6/8/8/8/8/7R w - - bm Rh8#; id \"other\";\n"),
        );
        let config = SuiteConfig {
            movetime_ms: 100,
            threads: 1,
            hash_mb: 1,
            filter: Some("m".to_string()),
        };
        let mut seen = Vec::new();
        let summary = run_suite(&path, &config, &mut |outcome, so_far| {
            seen.push((outcome.id.clone(), *so_far));
        })
        .expect("valid suite");
        let expected = SuiteSummary {
            run: 1,
            total: 1,
            solved: 1,
        };
        assert_eq!(summary, expected);
        assert_eq!(seen, [("m1".to_string(), expected)]);
        assert_eq!(summary.to_string(), "solved 1/1");
        let _ = std::fs::remove_file(path);
    }
}
