//! A search's job and its result: the position, its game, the limits and how to search it,
//! and the move found with its score and lines.

use super::limits::Limits;
use super::tablebase_root::TablebaseUse;
use crate::chess::{Move, Position};
use crate::eval::nnue::network::Network;
use std::sync::Arc;

/// A position to search, with the keys of the game that led to it (for repetitions).
pub struct SearchJob {
    /// The root position.
    pub root: Position,
    /// Keys of every position of the game, the root's last.
    pub game_keys: Vec<u64>,
    /// What ends the search.
    pub limits: Limits,
    /// How many best lines to report (MultiPV).
    pub multipv: usize,
    /// Number of search threads (Lazy SMP).
    pub threads: usize,
    /// The evaluation network (the embedded one, or the one `EvalFile` names).
    pub net: Arc<Network>,
    /// Syzygy tables and how to probe them; `None`: no tables.
    pub tablebase: Option<TablebaseUse>,
}

impl SearchJob {
    /// A job with no game history before `root`, one line, one thread and the embedded
    /// network (bench, EPD suites, tests).
    pub fn new(root: Position, limits: Limits) -> SearchJob {
        SearchJob {
            root,
            game_keys: vec![root.key()],
            limits,
            multipv: 1,
            threads: 1,
            net: crate::eval::nnue::embedded(),
            tablebase: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` without legal moves).
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The root moves of the MultiPV lines with their scores, best first.
    pub lines: Vec<ScoredMove>,
}

/// A root move and its score from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Its score, as in [`Report::score`].
    pub score: i32,
}
