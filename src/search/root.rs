//! The root of each iteration: every root move from the current MultiPV line on, the first
//! with the full window and the rest with a null window (reduced if late and quiet), then
//! the root moves sorted by their new scores.

use super::alphabeta::Node;
use super::params::{INFINITE, LMR_MIN_DEPTH};
use super::score::is_valid;
use super::thread::{Shared, ThreadData};
use crate::chess::Position;

impl ThreadData {
    /// Searches the root moves from `self.pv_index` on and orders them by their new scores.
    /// Returns the best score.
    pub fn search_root(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        debug_assert!(
            -INFINITE <= alpha && alpha < beta && beta <= INFINITE,
            "root window ({alpha}, {beta})"
        );
        self.root_depth = depth;
        self.visit(shared);
        self.pv_len[0] = 0;
        self.root_moves_done = 0;
        self.seldepth = 0;
        self.stack[1].double_extensions = 0;
        self.accumulators.refresh(&self.net, pos, 0);
        self.stack[0].static_eval = if pos.in_check() {
            None
        } else {
            let raw = self.evaluate(pos, 0);
            Some(self.history.correction.correct(pos, raw))
        };
        let mut best = -INFINITE;
        for index in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            self.announce_root_move(shared, mv, index + 1);
            let nodes_before = self.nodes;
            let child = pos.play(mv);
            self.enter_child(0, pos, Some(mv), &child);
            self.stack[0].played = pos.piece_at(mv.from()).map(|piece| (piece, mv));
            self.keys.push(child.key());
            let extension = i32::from(child.in_check());
            let new_depth = depth - 1 + extension;
            let score = if index == self.pv_index {
                -self.negamax(shared, &child, new_depth, -beta, -alpha, 1, Node::Pv)
            } else {
                let reduction = if self.selective
                    && depth >= LMR_MIN_DEPTH
                    && !mv.is_noisy()
                    && !child.in_check()
                {
                    (self.reduction(depth, index + 1) - 1).clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut score = -self.negamax(
                    shared,
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    1,
                    Node::Cut,
                );
                if score > alpha && reduction > 0 {
                    score =
                        -self.negamax(shared, &child, new_depth, -alpha - 1, -alpha, 1, Node::Cut);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(shared, &child, new_depth, -beta, -alpha, 1, Node::Pv);
                }
                score
            };
            self.keys.pop();
            if self.must_stop(shared) {
                return best;
            }
            debug_assert!(is_valid(score), "root score {score} of {mv:?}");
            self.root_moves_done += 1;
            let root_move = &mut self.root_moves[index];
            root_move.nodes += self.nodes - nodes_before;
            if index == self.pv_index || score > alpha {
                root_move.score = score;
                root_move.seldepth = self.seldepth;
                root_move.pv.clear();
                root_move.pv.push(mv);
                let child_len = self.pv_len[1];
                root_move
                    .pv
                    .extend(self.pv[1][..child_len].iter().flatten().copied());
            } else {
                root_move.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let searched = &mut self.root_moves[self.pv_index..];
        searched.sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
        best
    }
}
