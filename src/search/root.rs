//! What the root of an iteration does beside the search every node runs
//! ([`ThreadData::search`] as a [`super::node::Root`]): it starts the iteration's counters and
//! the line's accumulators, its moves are the root moves from the current MultiPV line on,
//! and each searched move's score, line and nodes are kept for the reports and the clock,
//! after which the searched moves are sorted by their new scores.

use super::node::NodeState;
use super::params::INFINITE;
use super::thread::{Shared, ThreadData};
use crate::chess::Position;

impl ThreadData {
    /// Starts iteration `depth` at the root `pos` in the window (`alpha`, `beta`). The root
    /// asks the TT nothing and prunes nothing: its answer must come with a searched line.
    pub(super) fn enter_root(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> NodeState {
        self.root_depth = depth;
        self.visit(shared);
        self.pv_len[0] = 0;
        self.root_moves_done = 0;
        self.seldepth = 0;
        self.accumulators.refresh(&self.net, pos, 0);
        let raw_eval = (!pos.in_check()).then(|| self.evaluate(pos, 0));
        let (static_eval, _) = self.static_eval(pos, raw_eval, 0);
        NodeState {
            depth,
            alpha,
            beta,
            tt_entry: None,
            excluded: None,
            raw_eval: None,
            static_eval,
            improving: false,
            tb_floor: -INFINITE,
            tb_ceiling: INFINITE,
        }
    }

    /// Keeps what the search of root move `index` found: its score (if it is the line's
    /// first move or beat `alpha`; a move that failed low only has an upper bound), line,
    /// seldepth, and the nodes it took since `nodes_before`.
    pub(super) fn record_root_move(
        &mut self,
        index: usize,
        score: i32,
        alpha: i32,
        nodes_before: u64,
    ) {
        self.root_moves_done += 1;
        let root_move = &mut self.root_moves[index];
        root_move.nodes += self.nodes - nodes_before;
        if index == self.pv_index || score > alpha {
            root_move.score = score;
            root_move.seldepth = self.seldepth;
            root_move.pv.clear();
            root_move.pv.push(root_move.mv);
            let child_len = self.pv_len[1];
            root_move
                .pv
                .extend(self.pv[1][..child_len].iter().flatten().copied());
        } else {
            root_move.score = -INFINITE;
        }
    }

    /// Orders the root moves searched in this call by their new scores, best first.
    pub(super) fn sort_root_moves(&mut self) {
        let searched = &mut self.root_moves[self.pv_index..];
        searched.sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
    }
}
