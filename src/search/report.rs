//! One line of search output, as the search hands it to its caller (UCI prints it as
//! `info … score … pv …`).

use crate::chess::Move;

/// One line of search output: what UCI prints as `info … pv …`.
#[derive(Clone, Debug)]
pub struct Report {
    /// Iteration depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: i32,
    /// 1-based line number for MultiPV.
    pub multipv: usize,
    /// Score in centipawns from the side to move, or a mate score (see [`super::mate_in`]).
    pub score: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Per-mille of the hash table in use.
    pub hashfull: u32,
    /// Tablebase probes that found their position, by all threads.
    pub tb_hits: u64,
    /// The line, first move first.
    pub pv: Vec<Move>,
}
