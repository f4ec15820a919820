//! The EPD test-suite runner behind `ferrite epd`: searches each position for a fixed time
//! and checks the answer against the record's `bm` (best moves), `am` (avoid moves) or `dm`
//! (mate in n) operations.

use crate::chess::{Move, Position};
use crate::rules::parse_san;
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{mate_in, search, SearchControl, SearchJob};

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

/// Parses one EPD line: four FEN fields, then `;`-separated operations.
pub fn parse_record(line: &str, line_number: usize) -> Result<EpdRecord, String> {
    let mut words = line.split_whitespace();
    let fen: Vec<&str> = words.by_ref().take(4).collect();
    if fen.len() < 4 {
        return Err(format!("line {line_number}: fewer than four FEN fields"));
    }
    let position =
        Position::from_fen(&fen.join(" ")).map_err(|e| format!("line {line_number}: {e}"))?;
    let rest: Vec<&str> = words.collect();
    let rest = rest.join(" ");
    let mut record = EpdRecord {
        position,
        id: format!("line {line_number}"),
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
        mate: None,
    };
    for operation in rest.split(';') {
        let mut parts = operation.split_whitespace();
        let Some(opcode) = parts.next() else {
            continue;
        };
        let operands: Vec<&str> = parts.collect();
        let moves = |operands: &[&str]| -> Result<Vec<Move>, String> {
            operands
                .iter()
                .map(|san| {
                    parse_san(&position, san).map_err(|e| format!("{}: move {san}: {e}", record.id))
                })
                .collect()
        };
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
