//! The main thread's live output (see [`super::live`]): when it is due, and the lines it
//! hands to the sink.

use super::live::{Live, LiveFn, Progress, ScoreBound, LIVE_AFTER_MS, PROGRESS_EVERY_MS};
use super::root_report;
use super::thread::{Shared, ThreadData};
use crate::chess::Move;
use std::sync::atomic::Ordering;

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
