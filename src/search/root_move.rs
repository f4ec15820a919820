//! A root move and what the iterations learnt of it. Its own module because both the threads
//! (which search the root moves) and the tablebase root ranking (which filters them and gives
//! them the tables' verdict) work on it; neither needs the other.

use super::params::MATE_BOUND;
use crate::chess::Move;

/// A root move with the score and PV of the last search of it.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score of the latest iteration (-INFINITE if it failed low against a better move).
    pub score: i32,
    /// Score of the previous completed iteration.
    pub previous_score: i32,
    /// Principal variation starting with `mv`.
    pub pv: Vec<Move>,
    /// Deepest ply reached below this move.
    pub seldepth: i32,
    /// Nodes this thread has spent on the move, over all iterations.
    pub nodes: u64,
    /// The tables' score of the move, when the root is in the tables.
    pub tb_score: Option<i32>,
}

impl RootMove {
    /// The score to report: the tables' verdict, unless the search found a mate.
    pub fn shown_score(&self) -> i32 {
        match self.tb_score {
            Some(tb_score) if self.score.abs() < MATE_BOUND => tb_score,
            _ => self.score,
        }
    }
}
