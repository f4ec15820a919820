//! Making and unmaking a move on a thread's current line: the one place that knows what a
//! move changes besides the position (copy-make: the child is a new value) — the network's
//! accumulators, the frame's played move, the key stack of repetition scans, the null-move
//! barrier those scans stop at, and the count of double extensions on the line. The main
//! search, quiescence, ProbCut and the null move all enter children here.
//!
//! The child is written into a slot of the caller's frame ([`ChildSlot`]) rather than
//! returned: returned by value, a position was copied twice per move, into the function's
//! local and then into the caller's (two calls to memcpy, 1.4% of bench's instructions).

#[cfg(test)]
use super::params::MAX_PLY;
use super::thread::{Shared, ThreadData};
use crate::chess::{Move, Position};
use std::mem::MaybeUninit;

/// Where the caller keeps a child position while it searches it.
pub(super) type ChildSlot = MaybeUninit<Position>;

impl ThreadData {
    /// Plays `mv` from `pos`, the position at `ply` of the current line, and returns the
    /// child, written into `slot`. `double_extension`: the child is searched two plies
    /// deeper than usual, which counts against the line's limit of such extensions. The
    /// caller has prefetched the child's table entry (`Position::key_after`), as early as it
    /// knew the move.
    #[inline]
    pub(super) fn make_move<'slot>(
        &mut self,
        ply: usize,
        pos: &Position,
        mv: Move,
        double_extension: bool,
        slot: &'slot mut ChildSlot,
    ) -> &'slot Position {
        let child = slot.write(*pos);
        child.make_move(mv);
        self.accumulators.push(&self.net, ply, pos, Some(mv), child);
        self.stack[ply].played = pos.piece_at(mv.from()).map(|piece| (piece, mv));
        self.enter_frame(ply, i32::from(double_extension), child);
        self.stack[ply + 1].null_barrier = self.stack[ply].null_barrier;
        child
    }

    /// Passes the move from `pos` at `ply` and returns the child, written into `slot`: a
    /// repetition scan below it stops at the child, since a line through a pass is no game.
    #[inline]
    pub(super) fn make_null_move<'slot>(
        &mut self,
        shared: &Shared,
        ply: usize,
        pos: &Position,
        slot: &'slot mut ChildSlot,
    ) -> &'slot Position {
        let child = slot.write(*pos);
        child.make_null_move();
        shared.tt.prefetch(child.key());
        self.accumulators.push(&self.net, ply, pos, None, child);
        self.stack[ply].played = None;
        self.enter_frame(ply, 0, child);
        self.stack[ply + 1].null_barrier = self.keys.len() - 1;
        child
    }

    /// The child's key and double-extension count, for either kind of move.
    #[inline]
    fn enter_frame(&mut self, ply: usize, double_extensions: i32, child: &Position) {
        self.stack[ply + 1].double_extensions =
            self.stack[ply].double_extensions + double_extensions;
        self.keys.push(child.key());
    }

    /// Takes back the last move made (or passed) on the line. The accumulators and frames
    /// are indexed by ply, so the next move at this ply overwrites them; only the key stack
    /// shrinks.
    #[inline]
    pub(super) fn undo_move(&mut self) {
        self.keys.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::history::History;
    use crate::search::limits::Limits;
    use crate::search::time::TimeManager;
    use crate::search::tt::TranspositionTable;
    use std::sync::atomic::{AtomicBool, AtomicU64};

    #[test]
    fn a_line_of_moves_and_passes_is_made_and_taken_back_in_every_field() {
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(false);
        let time = TimeManager::new(&Limits::depth(1), 0);
        let shared = Shared {
            tt: &tt,
            stop: &stop,
            time: &time,
            nodes: vec![AtomicU64::new(0)],
            node_limit: None,
            thread_node_limit: u64::MAX,
            tb_hits: AtomicU64::new(0),
            live: None,
        };
        let root = Position::startpos();
        // Two positions of game history before the root.
        let game = [1, 2, root.key()];
        let mut td = ThreadData::new(
            0,
            &game,
            Vec::new(),
            History::new(),
            crate::eval::nnue::embedded(),
        );
        td.accumulators.refresh(&td.net, &root, 0);

        // e2e4, a pass, d2d4 (searched two plies deeper), a pass, g1f3.
        let line: [(Option<&str>, bool); 5] = [
            (Some("e2e4"), false),
            (None, false),
            (Some("d2d4"), true),
            (None, false),
            (Some("g1f3"), false),
        ];
        let mut positions = vec![root];
        for (ply, &(text, double)) in line.iter().enumerate() {
            let pos = positions[ply];
            let mut slot = ChildSlot::uninit();
            let child = match text {
                Some(text) => {
                    let mv = pos
                        .legal_moves()
                        .iter()
                        .copied()
                        .find(|mv| mv.to_uci(false) == text)
                        .expect("a legal move of the line");
                    let child = *td.make_move(ply, &pos, mv, double, &mut slot);
                    assert_eq!(
                        td.stack[ply].played,
                        pos.piece_at(mv.from()).map(|p| (p, mv))
                    );
                    assert_eq!(child, pos.play(mv));
                    child
                }
                None => {
                    let child = *td.make_null_move(&shared, ply, &pos, &mut slot);
                    assert_eq!(td.stack[ply].played, None);
                    child
                }
            };
            assert_eq!(td.keys.len(), game.len() + ply + 1);
            assert_eq!(td.keys.last(), Some(&child.key()));
            positions.push(child);
        }
        // The barrier is the index of the position after the last pass on the line.
        let barriers: Vec<usize> = (0..=5).map(|ply| td.stack[ply].null_barrier).collect();
        assert_eq!(barriers, [0, 0, 4, 4, 6, 6]);
        let doubles: Vec<i32> = (0..=5).map(|ply| td.stack[ply].double_extensions).collect();
        assert_eq!(doubles, [0, 0, 0, 1, 1, 1]);
        // Each ply's accumulator is its position's, as a refresh computes it.
        for (ply, pos) in positions.iter().enumerate() {
            let incremental = td.accumulators.evaluate(&td.net, pos, ply);
            td.accumulators.refresh(&td.net, pos, MAX_PLY);
            assert_eq!(
                incremental,
                td.accumulators.evaluate(&td.net, pos, MAX_PLY),
                "ply {ply}"
            );
        }
        for _ in line {
            td.undo_move();
        }
        assert_eq!(td.keys, game);
    }
}
