//! What the search hands its caller: one line of a completed iteration ([`Report`], which UCI
//! prints as `info … score … pv …`), and live output while an iteration runs ([`Live`]), so
//! that a GUI never shows a frozen engine: the root move being searched, an aspiration
//! window's failure, and the counters during a long search of one root move. Only the main
//! thread produces live output, and only once the search has run for [`LIVE_AFTER_MS`]: a
//! short search prints what it always printed.

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
    /// Score in centipawns from the side to move, or a mate score (see [`super::score::mate_in`]).
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

/// Milliseconds after `go` from which the main thread reports root moves and failed
/// aspiration windows (Stockfish's 3000 ms: shorter searches would only be flooded).
pub const LIVE_AFTER_MS: u64 = 3000;

/// Longest silence, in milliseconds, the main thread allows itself after [`LIVE_AFTER_MS`]:
/// then it prints a [`Progress`] line. One root move of a deep iteration can take minutes.
pub const PROGRESS_EVERY_MS: u64 = 1000;

/// Counters of a running iteration, for a line without a score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The iteration's depth.
    pub depth: i32,
    /// Deepest ply reached so far in the iteration.
    pub seldepth: i32,
    /// Nodes searched by all threads (as last published by each).
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Per-mille of the hash table in use.
    pub hashfull: u32,
    /// Tablebase probes that found their position, by all threads.
    pub tb_hits: u64,
}

/// What a score from a failed aspiration window is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// The true score is at least this (the window failed high).
    Lower,
    /// The true score is at most this (the window failed low).
    Upper,
}

/// One piece of live output.
#[derive(Clone, Debug)]
pub enum Live<'a> {
    /// The search of root move `mv`, the `number`-th (1-based), begins at `depth`.
    CurrentMove {
        /// The iteration's depth.
        depth: i32,
        /// The root move.
        mv: Move,
        /// Its 1-based place in this iteration's order.
        number: usize,
    },
    /// The aspiration window failed: the line's score is only a bound; the window widens and
    /// the depth is searched again.
    Bound {
        /// The line, as a completed iteration would report it.
        report: &'a Report,
        /// Which bound the score is.
        bound: ScoreBound,
    },
    /// Counters during a long iteration.
    Progress(&'a Progress),
}

/// What receives live output.
pub type LiveFn = dyn Fn(&Live) + Send + Sync;

/// Where live output goes; set on [`super::SearchControl`] by a front end that shows it.
pub type LiveSink = Box<LiveFn>;
