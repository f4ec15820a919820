//! Syzygy probes inside the tree: when a node is probed (right after a capture or pawn move,
//! within the usable tables and `SyzygyProbeDepth`), the bound a table result puts on the
//! node's value, and how a result that settles a node is stored. The root's own ranking by
//! DTZ is in [`super::tablebase_root`].

use super::params::{MAX_PLY, TB_TT_DEPTH_BONUS, TB_WIN_BOUND};
use super::score::score_to_tt;
use super::thread::{Shared, ThreadData};
use super::tt::{Bound, TtEntry};
use crate::chess::Position;
use std::sync::atomic::Ordering;

impl ThreadData {
    /// The tables' score of `pos` at `ply` and how it bounds the node's value, if they hold
    /// it. Probed only right after a capture or pawn move (the tables know no clock), without
    /// castling rights, and, with as many pieces as the largest usable table, only from
    /// `SyzygyProbeDepth` on.
    pub(super) fn probe_tablebase(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        ply: usize,
    ) -> Option<(i32, Bound)> {
        let tablebase = self.tablebase.as_ref()?;
        if pos.halfmove_clock() != 0 || !pos.castling().is_empty() {
            return None;
        }
        let pieces = pos.occupied().popcount();
        let max_pieces = tablebase.max_pieces();
        if pieces > max_pieces || (pieces == max_pieces && depth < tablebase.probe_depth) {
            return None;
        }
        let wdl = tablebase.tables.probe_wdl(pos)?;
        let score = tablebase.score(wdl, ply);
        shared.tb_hits.fetch_add(1, Ordering::Relaxed);
        // A win is at least this score (a mate may be quicker), a loss at most.
        let bound = if score >= TB_WIN_BOUND {
            Bound::Lower
        } else if score <= -TB_WIN_BOUND {
            Bound::Upper
        } else {
            Bound::Exact
        };
        Some((score, bound))
    }

    /// Stores a table result that settled the node at `ply`, as worth more than a search
    /// of its depth.
    pub(super) fn store_tablebase_result(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        ply: usize,
        score: i32,
        bound: Bound,
    ) {
        let eval = if pos.in_check() {
            0
        } else {
            self.evaluate(pos, ply)
        };
        shared.tt.store(
            pos.key(),
            TtEntry {
                mv: None,
                score: score_to_tt(score, ply),
                eval,
                depth: (depth + TB_TT_DEPTH_BONUS).min(MAX_PLY as i32 - 1),
                bound,
            },
        );
    }
}
