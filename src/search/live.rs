//! Output while an iteration runs, so that a GUI never shows a frozen engine: the root move
//! being searched, an aspiration window's failure, and the counters during a long search of
//! one root move. Only the main thread produces it, and only once the search has run for
//! [`LIVE_AFTER_MS`]: a short search prints what it always printed. The types here are what
//! a front end receives; the main thread's methods at the end decide when a line is due.

use super::report::Report;
use super::root_report;
use super::thread::{Shared, ThreadData};
use crate::chess::Move;
use std::sync::atomic::Ordering;

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

impl ThreadData {
    /// The sink and the time since `go`, if this is the main thread, a sink is set and the
    /// search has run long enough for live output.
    fn live_now<'a>(&self, shared: &Shared<'a>) -> Option<(&'a LiveFn, u64)> {
        let sink = shared.live.filter(|_| self.id == 0)?;
        let now = shared.time.since_go().as_millis() as u64;
        (now >= LIVE_AFTER_MS).then_some((sink, now))
    }

    /// Announces that the search of root move `mv`, the `number`-th, begins.
    pub(super) fn announce_root_move(&mut self, shared: &Shared, mv: Move, number: usize) {
        if let Some((sink, now)) = self.live_now(shared) {
            sink(&Live::CurrentMove {
                depth: self.root_depth,
                mv,
                number,
            });
            self.last_output_ms = now;
        }
    }

    /// Reports the first root move's line with its score as `bound` after the aspiration
    /// window failed. Not for a root in the tables: its shown score is the tables' exact one.
    pub(super) fn report_bound(&mut self, shared: &Shared, bound: ScoreBound) {
        let Some((sink, now)) = self.live_now(shared) else {
            return;
        };
        let Some(first) = self.root_moves.first() else {
            return;
        };
        if first.tb_score.is_some() {
            return;
        }
        let report = root_report(self, shared, self.root_depth, 0, shared.total_nodes(), now);
        sink(&Live::Bound {
            report: &report,
            bound,
        });
        self.last_output_ms = now;
    }

    /// Prints the counters if the main thread has been silent for [`PROGRESS_EVERY_MS`].
    /// Called where the main thread publishes its node count, every 1024 nodes.
    pub(super) fn report_progress(&mut self, shared: &Shared) {
        let Some((sink, now)) = self.live_now(shared) else {
            return;
        };
        if now < self.last_output_ms + PROGRESS_EVERY_MS {
            return;
        }
        sink(&Live::Progress(&Progress {
            depth: self.root_depth,
            seldepth: self.seldepth.max(1),
            nodes: shared.total_nodes(),
            time_ms: now,
            hashfull: shared.tt.hashfull(),
            tb_hits: shared.tb_hits.load(Ordering::Relaxed),
        }));
        self.last_output_ms = now;
    }
}
