//! A root move and what the iterations learnt of it. Its own module because both the threads
//! (which search the root moves) and the tablebase root ranking (which filters them and gives
//! them the tables' verdict) work on it; neither needs the other.

use super::params::{INFINITE, MATE_BOUND};
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
    /// Plies from the root to the zeroing move that decides the game after this move, when
    /// the root is in the DTZ tables (positive: the root's side wins).
    pub tb_dtz: Option<i32>,
}

impl RootMove {
    /// The score to report: the tables' verdict, unless the search found a mate. A move not
    /// searched in full (`-INFINITE`: it failed low against a better one) shows the verdict
    /// too, which matters when the tables' progress rule plays it all the same.
    pub fn shown_score(&self) -> i32 {
        match self.tb_score {
            Some(tb_score) if self.score.abs() < MATE_BOUND || self.score == -INFINITE => tb_score,
            _ => self.score,
        }
    }
}
