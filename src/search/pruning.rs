//! Forward pruning: the tests that end a non-PV node before its moves (razoring, reverse
//! futility, null move, ProbCut; the two that trust the evaluation withheld where the
//! opponent, given a pass, could mate in one) and those that skip a move unplayed (late-move,
//! futility, history and SEE pruning).

use super::make_move::ChildSlot;
use super::node::{MoveFacts, NodeState, NonPv};
use super::ordering::MovePicker;
use super::params::*;
use super::score::{score_from_tt, score_to_tt};
use super::see::see_ge;
use super::thread::{Shared, ThreadData};
use super::tt::{Bound, TtEntry};
use crate::chess::Position;
use std::cell::LazyCell;

impl ThreadData {
    /// The score of a non-PV node that one of the pre-move tests ends, if one does.
    pub(super) fn prune_node(
        &mut self,
        shared: &Shared,
        pos: &Position,
        node: &NodeState,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let eval = self.pruning_eval(node, pos, ply)?;
        let (depth, alpha, beta) = (node.depth, node.alpha, node.beta);
        // Razoring: so far below alpha that only a capture or a mating attack could help;
        // if quiescence with quiet checks agrees, trust it.
        if depth <= RAZOR_MAX_DEPTH.get() && eval + RAZOR_MARGIN.get() * depth <= alpha {
            let score = self.quiescence(shared, pos, alpha, alpha + 1, ply, true);
            if score <= alpha {
                return Some(score);
            }
        }
        // An evaluation above beta means nothing if the opponent, were we to pass, could
        // mate at once: the searches below would miss that quiet mate (WAC.021, WAC.055).
        // Asked only when a pruning is about to trust the evaluation.
        let mate_threat = LazyCell::new(|| {
            depth >= MATE_THREAT_MIN_DEPTH.get() && self.mate_threats.threatened(pos)
        });
        // Reverse futility: far enough above beta that a quiet move will not fall below it.
        if depth <= RFP_MAX_DEPTH
            && beta.abs() < TB_WIN_BOUND
            && eval - RFP_MARGIN.get() * (depth - i32::from(node.improving)) >= beta
            && !*mate_threat
        {
            return Some(eval);
        }
        // Null move: if passing still fails high, a real move will too (not in zugzwang,
        // which needs a side without pieces).
        // With only a handful of legal moves, zugzwang is likely (composed mates live on
        // it): passing would beat every real move, so the test proves nothing.
        let after_null = ply >= 1 && self.stack[ply - 1].played.is_some();
        if depth >= NMP_MIN_DEPTH
            && node.excluded.is_none()
            && eval >= beta
            && after_null
            && pos.has_non_pawn_material(pos.side_to_move())
            && pos.has_more_legal_moves_than::<NMP_MIN_LEGAL_MOVES>()
            && !*mate_threat
        {
            let score = self.null_move(shared, pos, depth, beta, eval, ply, cut_node);
            if self.must_stop(shared) {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= TB_WIN_BOUND { beta } else { score });
            }
        }
        self.probcut(shared, pos, node, eval, ply, cut_node)
    }

    /// The evaluation the pre-move tests trust: the static one, or the TT score where its
    /// bound says the true value lies beyond the evaluation (a tighter estimate). `None` in
    /// check.
    fn pruning_eval(&self, node: &NodeState, pos: &Position, ply: usize) -> Option<i32> {
        let eval = node.static_eval?;
        let tt_score = node
            .tt_entry
            .filter(|_| node.excluded.is_none())
            .map(|entry| {
                (
                    score_from_tt(entry.score, ply, pos.halfmove_clock()),
                    entry.bound,
                )
            })
            .filter(|&(score, bound)| {
                score.abs() < TB_WIN_BOUND
                    && match bound {
                        Bound::Exact => true,
                        Bound::Lower => score > eval,
                        Bound::Upper => score < eval,
                    }
            });
        Some(tt_score.map_or(eval, |(score, _)| score))
    }

    /// The score of the null move's reduced search (the side to move passes).
    #[allow(clippy::too_many_arguments)]
    fn null_move(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        beta: i32,
        eval: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let reduction = NMP_BASE_REDUCTION.get()
            + depth / NMP_DEPTH_DIVISOR.get()
            + ((eval - beta) / NMP_EVAL_DIVISOR).min(NMP_EVAL_MAX_REDUCTION);
        let mut slot = ChildSlot::uninit();
        let child = self.make_null_move(shared, ply, pos, &mut slot);
        let score = -self.search::<NonPv>(
            shared,
            child,
            depth - 1 - reduction,
            -beta,
            -beta + 1,
            ply + 1,
            !cut_node,
        );
        self.undo_move();
        score
    }

    /// ProbCut: a capture that beats `beta` by a margin in quiescence and then at a reduced
    /// depth almost surely beats `beta` at full depth. Returns the cutoff score if one does.
    /// `eval` is the evaluation pruning trusts.
    fn probcut(
        &mut self,
        shared: &Shared,
        pos: &Position,
        node: &NodeState,
        eval: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let (depth, beta) = (node.depth, node.beta);
        let probcut_beta = beta + PROBCUT_MARGIN.get();
        let probe_depth = depth - PROBCUT_REDUCTION;
        // A TT entry searched at least as deep that stayed below the bound says it will fail.
        let refuted = node.tt_entry.is_some_and(|entry| {
            entry.depth >= probe_depth
                && score_from_tt(entry.score, ply, pos.halfmove_clock()) < probcut_beta
        });
        if depth < PROBCUT_MIN_DEPTH
            || beta.abs() >= TB_WIN_BOUND
            || node.excluded.is_some()
            || refuted
        {
            return None;
        }
        let mut picker = MovePicker::new_quiescence(pos, node.tt_move(), false);
        while let Some(mv) = picker.next(pos, &self.history) {
            if !see_ge(pos, mv, probcut_beta - eval) {
                continue;
            }
            shared.tt.prefetch(pos.key_after(mv));
            let mut slot = ChildSlot::uninit();
            let child = self.make_move(ply, pos, mv, false, &mut slot);
            let mut score = -self.quiescence(
                shared,
                child,
                -probcut_beta,
                -probcut_beta + 1,
                ply + 1,
                false,
            );
            if score >= probcut_beta {
                score = -self.search::<NonPv>(
                    shared,
                    child,
                    probe_depth - 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    ply + 1,
                    !cut_node,
                );
            }
            self.undo_move();
            if self.must_stop(shared) {
                return Some(0);
            }
            if score >= probcut_beta {
                shared.tt.store(
                    pos.key(),
                    TtEntry {
                        mv: Some(mv),
                        score: score_to_tt(score, ply),
                        eval: node.raw_eval.unwrap_or(0),
                        depth: probe_depth,
                        bound: Bound::Lower,
                    },
                );
                return Some(score);
            }
        }
        None
    }

    /// True if every later quiet move of the node that does not give check will be pruned
    /// unplayed by late-move pruning. Once true it stays true for the node: the move count
    /// and the best score only grow.
    pub(super) fn prunes_late_quiets(
        &self,
        pos: &Position,
        node: &NodeState,
        best_score: i32,
        moves_searched: usize,
    ) -> bool {
        self.may_prune_moves(pos, best_score) && is_late(node, moves_searched)
    }

    /// True unless the node's moves are all searched: with selectivity off, when every line
    /// so far loses to a tablebase or mate, or without pieces (zugzwang is likely).
    #[inline]
    fn may_prune_moves(&self, pos: &Position, best_score: i32) -> bool {
        self.selective
            && best_score > -TB_WIN_BOUND
            && pos.has_non_pawn_material(pos.side_to_move())
    }

    /// True if a move of a node below the root is skipped unplayed: a late quiet move, one
    /// futile at the depth it would be searched to, one with a bad history, or one that
    /// loses material by static exchange. Moves that give check are never pruned: that is
    /// where mates hide.
    #[inline]
    pub(super) fn prunes_move(
        &self,
        pos: &Position,
        facts: &MoveFacts,
        node: &NodeState,
        alpha: i32,
        best_score: i32,
        moves_searched: usize,
    ) -> bool {
        let MoveFacts {
            mv,
            gives_check,
            quiet_score,
        } = *facts;
        if gives_check || !self.may_prune_moves(pos, best_score) {
            return false;
        }
        let depth = node.depth;
        if mv.is_noisy() {
            return depth <= SEE_CAPTURE_MAX_DEPTH
                && !see_ge(pos, mv, SEE_CAPTURE_MARGIN.get() * depth);
        }
        if is_late(node, moves_searched) {
            return true;
        }
        // The depth late-move reductions would leave the move: futility and SEE judge it at
        // the depth it would really be searched to.
        let reduction = self.reduction_after_history(depth, moves_searched + 1, quiet_score);
        let lmr_depth = (depth - 1 - reduction.div_euclid(PLY)).max(0);
        if let Some(eval) = node.static_eval {
            if lmr_depth <= FP_MAX_DEPTH
                && eval + FP_BASE.get() + FP_PER_DEPTH.get() * lmr_depth <= alpha
            {
                return true;
            }
        }
        if depth <= HISTORY_PRUNE_MAX_DEPTH && quiet_score < -HISTORY_PRUNE_MARGIN.get() * depth {
            return true;
        }
        lmr_depth <= SEE_QUIET_MAX_DEPTH
            && !see_ge(pos, mv, SEE_QUIET_MARGIN.get() * lmr_depth * lmr_depth)
    }
}

/// True if a quiet move after `moves_searched` searched moves is late enough to be pruned
/// (`LMP_BASE + depth * depth`, halved when the position is not improving).
#[inline]
fn is_late(node: &NodeState, moves_searched: usize) -> bool {
    let late = LMP_BASE.get() + node.depth * node.depth;
    let late = if node.improving { late } else { late / 2 };
    node.depth <= LMP_MAX_DEPTH && moves_searched as i32 >= late
}
