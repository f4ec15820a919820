//! What the main thread reports: the lines of a completed iteration ([`report_lines`]), and
//! the live output while one runs ([`Live`]): when it is due, and the lines it hands to the
//! sink.

use super::report::{Live, LiveFn, Progress, Report, ScoreBound, LIVE_AFTER_MS, PROGRESS_EVERY_MS};
use super::thread::{Shared, ThreadData};
use crate::chess::Move;
use std::sync::atomic::Ordering;

/// Reports the first `lines` root moves of `td` as the results of iteration `depth`; returns
/// the node count reported.
pub(super) fn report_lines(
    td: &ThreadData,
    shared: &Shared,
    depth: i32,
    lines: usize,
    report: &(dyn Fn(&Report) + Sync),
) -> u64 {
    // All lines of one iteration show the same counters.
    let nodes = shared.total_nodes();
    let time_ms = shared.time.since_go().as_millis() as u64;
    let lines = lines.clamp(1, td.root_moves.len());
    for index in 0..lines {
        report(&root_report(td, shared, depth, index, nodes, time_ms));
    }
    nodes
}

/// The report of `td`'s root move `index` as a result of iteration `depth`, with the
/// counters `nodes` and `time_ms`.
pub(super) fn root_report(
    td: &ThreadData,
    shared: &Shared,
    depth: i32,
    index: usize,
    nodes: u64,
    time_ms: u64,
) -> Report {
    let root_move = &td.root_moves[index];
    Report {
        depth,
        seldepth: root_move.seldepth.max(1),
        multipv: index + 1,
        score: root_move.shown_score(),
        nodes,
        time_ms,
        hashfull: shared.tt.hashfull(),
        tb_hits: shared.tb_hits.load(Ordering::Relaxed),
        pv: root_move.pv.clone(),
    }
}

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
