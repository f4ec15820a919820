//! The alpha-beta search itself: principal variation search (negamax, fail-soft) with a
//! transposition table, razoring, null-move and reverse futility pruning (both withheld where
//! the opponent, given a pass, could mate in one), ProbCut, futility, late-move, history and SEE
//! pruning, late-move reductions (quiet moves and, less, captures; more at expected cut nodes),
//! internal iterative reductions, check and singular extensions (double ones, and multi-cut),
//! mate-distance pruning, Syzygy WDL probes after captures and pawn moves (a result that does
//! not settle a PV node bounds it), and a static evaluation corrected by pawn structure and
//! piece placement ([`super::correction`]) and, for pruning, by a TT score that bounds it.
//! Below the horizon it hands over to quiescence search (`quiescence.rs`); each iteration
//! enters through the root search (`root.rs`); table probes inside the tree are in
//! `tablebase_probe.rs`; scores go to and from the TT through [`super::score`].
//!
//! Debug builds (and the tests) check the search's invariants at every node: a window with
//! `alpha < beta` inside `±INFINITE`, a null window at every non-PV node, a ply within the
//! stacks, and every score a node returns or stores within `±MATE`.

use super::eval_scale::EvalScale;
use super::history::{Continuation, ContinuationKey};
use super::ordering::MovePicker;
use super::params::*;
use super::score::{bound_of, is_valid, score_from_tt, score_to_tt, tt_cutoff};
use super::see::see_ge;
use super::thread::{Shared, ThreadData};
use super::tt::{Bound, TtEntry};
use crate::chess::{Move, MoveList, Position};
use crate::eval::lone_king::lone_king_bonus;
use crate::eval::EVAL_LIMIT;
use crate::rules::draw;
use std::cell::LazyCell;
use std::sync::atomic::Ordering;

/// What the singular-extension test decided for the TT move.
enum Singular {
    /// Only the TT move holds the score: search it one ply deeper.
    Extend,
    /// Only the TT move holds the score, by far: search it two plies deeper.
    DoubleExtend,
    /// Other moves also beat `beta`: the node fails high with this score.
    MultiCut(i32),
    /// The TT move is expected to fail high anyway: search it one ply shallower.
    Reduce,
    /// Nothing learned.
    No,
}

/// What a node is expected to do, from its window and its parent's expectation.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Node {
    /// Full window: searched for its exact value.
    Pv,
    /// Zero window, expected to fail high: one move should refute it.
    Cut,
    /// Zero window, expected to fail low: every move gets searched.
    All,
}

impl Node {
    /// The expected kind of a zero-window child: the children of a cut node are all nodes
    /// and the other way round; a PV node's later moves are expected to be refuted.
    pub(super) fn child(self) -> Node {
        match self {
            Node::Cut => Node::All,
            Node::Pv | Node::All => Node::Cut,
        }
    }
}

// Static evaluations stay below the tablebase and mate scores (see `evaluate`).
const _: () = assert!(EVAL_LIMIT < TB_WIN_BOUND);

/// The history bonus (or malus) for a cutoff or refutation found at `depth`.
fn history_bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_PER_DEPTH.get() * depth - HISTORY_BONUS_OFFSET.get())
        .clamp(0, HISTORY_BONUS_MAX.get())
}

impl ThreadData {
    /// Counts a node. A thread that reaches the node limit on its own stops the search at
    /// once, so that `go nodes` with one thread searches exactly that many; every 1024 nodes
    /// the limit is checked against all threads' nodes, and the main thread checks the clock.
    #[inline]
    pub(super) fn visit(&mut self, shared: &Shared) {
        self.nodes += 1;
        if self.nodes >= shared.thread_node_limit {
            shared.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes & 1023 == 0 {
            shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            // Any thread may end a node-limited search: with more threads than cores the
            // main thread can be starved. Only the main thread reads the clock.
            let over_nodes = shared
                .node_limit
                .is_some_and(|limit| shared.total_nodes() >= limit);
            let over_time = self.id == 0 && self.completed_depth >= 1 && shared.time.hard_expired();
            if over_nodes || over_time {
                shared.stop.store(true, Ordering::Relaxed);
            }
            self.report_progress(shared);
        }
    }

    /// True if the search must unwind. The main thread always completes its first
    /// iteration, so a move exists however little time there is; helpers stop at once.
    #[inline]
    pub(super) fn must_stop(&self, shared: &Shared) -> bool {
        shared.stopped() && (self.completed_depth >= 1 || self.id != 0)
    }

    /// The static evaluation of `pos`, the position at `ply` of the current line: the
    /// network's, from the line's accumulators, at the search's scale ([`EvalScale`]), and
    /// the way to mate a lone king. Clamped below the tablebase range, so an estimate never
    /// poses as a known result.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let net = EvalScale::of(pos).apply(self.accumulators.evaluate(&self.net, pos, ply));
        (net + lone_king_bonus(pos)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Enters `child`, reached from `pos` at `ply` by `mv` (`None`: a null move), on the
    /// line's accumulators.
    #[inline]
    pub(super) fn enter_child(
        &mut self,
        ply: usize,
        pos: &Position,
        mv: Option<Move>,
        child: &Position,
    ) {
        self.accumulators.push(&self.net, ply, pos, mv, child);
    }

    /// True if the position at the end of the current line is drawn by rule.
    fn is_draw(&self, pos: &Position) -> bool {
        // A mate delivered on the hundredth ply still wins.
        if draw::is_fifty_move_draw(pos) && (!pos.in_check() || pos.has_legal_move()) {
            return true;
        }
        let since_null = self.keys.len() - 1 - self.null_barrier;
        let reach = usize::from(pos.halfmove_clock()).min(since_null);
        draw::is_search_repetition(&self.keys, self.root_index, reach)
            || draw::is_insufficient_material(pos)
    }

    /// Principal variation search below the root.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        node: Node,
    ) -> i32 {
        let is_pv = node == Node::Pv;
        debug_assert!(
            -INFINITE <= alpha && alpha < beta && beta <= INFINITE,
            "window ({alpha}, {beta})"
        );
        debug_assert!(
            is_pv || beta - alpha == 1,
            "non-PV node with window ({alpha}, {beta})"
        );
        // The stacks are indexed by ply before the horizon check below.
        debug_assert!(ply <= MAX_PLY, "ply {ply}");
        if depth <= 0 {
            return self.quiescence(shared, pos, alpha, beta, ply, false);
        }
        // Checked before the node is counted: a stopped search counts no more nodes.
        if self.must_stop(shared) {
            return 0;
        }
        self.visit(shared);
        self.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply as i32);
        if self.is_draw(pos) {
            return 0;
        }
        if ply >= MAX_PLY {
            return if pos.in_check() {
                0
            } else {
                self.evaluate(pos, ply)
            };
        }
        // Mate-distance pruning: no line from here can beat a mate already found nearer.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // A singular-extension search of this node without `excluded` must not be answered
        // by the TT entry of the full node.
        let excluded = self.stack[ply].excluded;
        let key = pos.key();
        let tt_entry = shared.tt.probe(key);
        let tt_move = tt_entry.and_then(|entry| entry.mv);
        let clock = pos.halfmove_clock();
        if let Some(score) = tt_entry
            .filter(|entry| !is_pv && excluded.is_none() && entry.depth >= depth)
            .and_then(|entry| tt_cutoff(&entry, ply, clock, alpha, beta))
        {
            return score;
        }

        // A table result that does not settle a PV node still bounds it: a win is at least
        // its score, a loss at most (Stockfish does the same).
        let mut tb_ceiling = INFINITE;
        let mut tb_floor = -INFINITE;
        if let Some((score, bound)) = excluded
            .is_none()
            .then(|| self.probe_tablebase(shared, pos, depth, ply))
            .flatten()
        {
            let settles = match bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if settles {
                self.store_tablebase_result(shared, pos, depth, ply, score, bound);
                return score;
            }
            if is_pv && bound == Bound::Lower {
                tb_floor = score;
                alpha = alpha.max(score);
            } else if is_pv {
                tb_ceiling = score;
            }
        }

        let mut depth = depth;
        if depth >= IIR_MIN_DEPTH && tt_move.is_none() && excluded.is_none() {
            depth -= 1;
        }

        let in_check = pos.in_check();
        let raw_eval = if in_check {
            None
        } else {
            Some(tt_entry.map_or_else(|| self.evaluate(pos, ply), |entry| entry.eval))
        };
        let static_eval = raw_eval.map(|raw| self.history.correction.correct(pos, raw));
        self.stack[ply].static_eval = static_eval;
        let improving = match (
            static_eval,
            ply.checked_sub(2).and_then(|p| self.stack[p].static_eval),
        ) {
            (Some(now), Some(before)) => now > before,
            (Some(_), None) => true,
            _ => false,
        };
        let us = pos.side_to_move();
        // The TT score bounds the true value more tightly than the static evaluation when its
        // bound points the right way: the pruning below uses it.
        let pruning_eval = static_eval.map(|eval| {
            tt_entry
                .filter(|_| excluded.is_none())
                .map(|entry| (score_from_tt(entry.score, ply, clock), entry.bound))
                .filter(|&(score, bound)| {
                    score.abs() < TB_WIN_BOUND
                        && match bound {
                            Bound::Exact => true,
                            Bound::Lower => score > eval,
                            Bound::Upper => score < eval,
                        }
                })
                .map_or(eval, |(score, _)| score)
        });

        if let (false, true, Some(eval)) = (is_pv, self.selective, pruning_eval) {
            // Razoring: so far below alpha that only a capture or a mating attack could help;
            // if quiescence with quiet checks agrees, trust it.
            if depth <= RAZOR_MAX_DEPTH.get() && eval + RAZOR_MARGIN.get() * depth <= alpha {
                let score = self.quiescence(shared, pos, alpha, alpha + 1, ply, true);
                if score <= alpha {
                    return score;
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
                && eval - RFP_MARGIN.get() * (depth - i32::from(improving)) >= beta
                && !*mate_threat
            {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too (not in zugzwang,
            // which needs a side without pieces).
            // With only a handful of legal moves, zugzwang is likely (composed mates live on
            // it): passing would beat every real move, so the test proves nothing.
            let after_null = ply >= 1 && self.stack[ply - 1].played.is_some();
            if depth >= NMP_MIN_DEPTH
                && excluded.is_none()
                && eval >= beta
                && after_null
                && pos.has_non_pawn_material(us)
                && pos.has_more_legal_moves_than::<NMP_MIN_LEGAL_MOVES>()
                && !*mate_threat
            {
                let reduction = NMP_BASE_REDUCTION.get()
                    + depth / NMP_DEPTH_DIVISOR.get()
                    + ((eval - beta) / NMP_EVAL_DIVISOR).min(NMP_EVAL_MAX_REDUCTION);
                let mut child = *pos;
                child.make_null_move();
                self.enter_child(ply, pos, None, &child);
                self.stack[ply].played = None;
                self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
                self.keys.push(child.key());
                let outer_barrier = std::mem::replace(&mut self.null_barrier, self.keys.len() - 1);
                let score = -self.negamax(
                    shared,
                    &child,
                    depth - 1 - reduction,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    node.child(),
                );
                self.null_barrier = outer_barrier;
                self.keys.pop();
                if self.must_stop(shared) {
                    return 0;
                }
                if score >= beta {
                    return if score >= TB_WIN_BOUND { beta } else { score };
                }
            }
            let evals = (raw_eval.unwrap_or(0), eval);
            if let Some(score) = self.probcut(shared, pos, tt_entry, evals, depth, beta, ply, node)
            {
                return score;
            }
        }

        let previous = ply.checked_sub(1).and_then(|p| self.stack[p].played);
        let killers = self.history.killers(ply);
        let counter = self.history.counter(previous);
        let cont = self.continuation(ply);
        self.history.clear_killers(ply + 1);
        let mut picker = MovePicker::new(tt_move, killers, counter, cont);
        let checks = pos.check_squares();

        let original_alpha = alpha;
        let mut best_score = tb_floor;
        let mut best_move = None;
        let mut moves_searched = 0usize;
        let first_child = if is_pv { Node::Pv } else { node.child() };
        let mut quiets_tried = MoveList::new();
        let mut noisy_tried = MoveList::new();

        while let Some(mv) = picker.next(pos, &self.history) {
            if Some(mv) == excluded {
                continue;
            }
            let is_quiet = !mv.is_noisy();
            // Decided without playing the move: most late moves are pruned unplayed.
            let gives_check = checks.gives_check(pos, mv);
            let quiet_score = if is_quiet {
                pos.piece_at(mv.from())
                    .map_or(0, |piece| self.history.quiet_score(us, piece, mv, &cont))
            } else {
                0
            };
            // Moves that give check are never pruned: that is where mates hide.
            if self.selective
                && best_score > -TB_WIN_BOUND
                && !gives_check
                && pos.has_non_pawn_material(us)
            {
                if is_quiet {
                    let late = LMP_BASE.get() + depth * depth;
                    let late = if improving { late } else { late / 2 };
                    if depth <= LMP_MAX_DEPTH && moves_searched as i32 >= late {
                        continue;
                    }
                    // The depth late-move reductions would leave the move: futility and SEE
                    // judge it at the depth it would really be searched to.
                    let lmr_depth = (depth - 1 - self.reduction(depth, moves_searched + 1)
                        + quiet_score / LMR_HISTORY_DIVISOR.get())
                    .max(0);
                    if let Some(eval) = static_eval {
                        if lmr_depth <= FP_MAX_DEPTH
                            && eval + FP_BASE.get() + FP_PER_DEPTH.get() * lmr_depth <= alpha
                        {
                            continue;
                        }
                    }
                    if depth <= HISTORY_PRUNE_MAX_DEPTH
                        && quiet_score < -HISTORY_PRUNE_MARGIN.get() * depth
                    {
                        continue;
                    }
                    if lmr_depth <= SEE_QUIET_MAX_DEPTH
                        && !see_ge(pos, mv, SEE_QUIET_MARGIN.get() * lmr_depth * lmr_depth)
                    {
                        continue;
                    }
                } else if depth <= SEE_CAPTURE_MAX_DEPTH
                    && !see_ge(pos, mv, SEE_CAPTURE_MARGIN.get() * depth)
                {
                    continue;
                }
            }

            let mut extension = i32::from(gives_check);
            if Some(mv) == tt_move && excluded.is_none() && self.selective {
                match self.singular_extension(shared, pos, mv, tt_entry, depth, beta, ply, node) {
                    Singular::Extend => extension = 1,
                    Singular::DoubleExtend => extension = 2,
                    Singular::MultiCut(score) => return score,
                    Singular::Reduce => extension -= 1,
                    Singular::No => {}
                }
                if self.must_stop(shared) {
                    return 0;
                }
            }

            // Made in place, not by `pos.play(mv)`: see there.
            let mut child = *pos;
            child.make_move(mv);
            shared.tt.prefetch(child.key());
            self.enter_child(ply, pos, Some(mv), &child);
            self.stack[ply].played = pos.piece_at(mv.from()).map(|piece| (piece, mv));
            self.keys.push(child.key());
            let new_depth = depth - 1 + extension;
            moves_searched += 1;
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + i32::from(extension >= 2);

            let score = if moves_searched == 1 {
                -self.negamax(
                    shared,
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    first_child,
                )
            } else {
                let mut reduction = 0;
                if self.selective
                    && depth >= LMR_MIN_DEPTH
                    && moves_searched > 1 + usize::from(is_pv)
                {
                    reduction = self.reduction(depth, moves_searched);
                    reduction -= i32::from(is_pv);
                    reduction += i32::from(!improving);
                    if node == Node::Cut {
                        reduction += LMR_CUT_NODE.get();
                    }
                    reduction -= i32::from(gives_check);
                    if is_quiet {
                        reduction -= quiet_score / LMR_HISTORY_DIVISOR.get();
                    } else {
                        // Captures come early and often change the material: reduce less.
                        reduction -= LMR_NOISY_RELIEF.get();
                    }
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                let mut score = -self.negamax(
                    shared,
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    node.child(),
                );
                if score > alpha && reduction > 0 {
                    // How far the reduced search beat the best score so far says how deep to
                    // verify it: a wide margin earns a ply more, a bare one a ply less.
                    let research_depth = new_depth
                        + i32::from(
                            score
                                > best_score
                                    + LMR_DEEPER_MARGIN.get()
                                    + LMR_DEEPER_MARGIN_PER_DEPTH * new_depth,
                        )
                        - i32::from(score < best_score + LMR_SHALLOWER_MARGIN);
                    if research_depth > new_depth - reduction {
                        score = -self.negamax(
                            shared,
                            &child,
                            research_depth,
                            -alpha - 1,
                            -alpha,
                            ply + 1,
                            node.child(),
                        );
                    }
                }
                if is_pv && score > alpha && score < beta {
                    score =
                        -self.negamax(shared, &child, new_depth, -beta, -alpha, ply + 1, Node::Pv);
                }
                score
            };
            self.keys.pop();
            if self.must_stop(shared) {
                return 0;
            }
            debug_assert!(is_valid(score), "score {score} of {mv:?} at ply {ply}");

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if is_pv {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        self.reward_cutoff(pos, ply, mv, depth, &quiets_tried, &noisy_tried);
                        break;
                    }
                }
            }
            if is_quiet {
                quiets_tried.push(mv);
            } else {
                noisy_tried.push(mv);
            }
        }

        if moves_searched == 0 {
            // The first move is never pruned, so nothing searched means nothing legal, unless
            // the only move was excluded: then it is singular.
            return if excluded.is_some() {
                alpha
            } else if in_check {
                -MATE + ply as i32
            } else {
                0
            };
        }
        if excluded.is_some() {
            return best_score;
        }
        best_score = best_score.min(tb_ceiling);

        debug_assert!(is_valid(best_score), "best score {best_score} at ply {ply}");
        let bound = bound_of(best_score, original_alpha, alpha, beta);
        if bound == Bound::Upper {
            self.reward_refutation(pos, ply, depth);
        }
        if let (Some(raw), Some(eval)) = (raw_eval, static_eval) {
            // Learn only from scores that say where the true value lies relative to the
            // evaluation, and not from captures, whose gain the evaluation cannot know.
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best_score > eval,
                Bound::Upper => best_score < eval,
            };
            if informative
                && best_score.abs() < TB_WIN_BOUND
                && best_move.is_none_or(|mv| !mv.is_noisy())
            {
                self.history.correction.update(pos, depth, raw, best_score);
            }
        }
        shared.tt.store(
            key,
            TtEntry {
                mv: best_move.or(tt_move),
                score: score_to_tt(best_score, ply),
                eval: raw_eval.unwrap_or(0),
                depth,
                bound,
            },
        );
        best_score
    }

    /// The continuation-history keys of a node at `ply`: the moves one and two plies back.
    fn continuation(&self, ply: usize) -> Continuation {
        let back = |n: usize| {
            ply.checked_sub(n)
                .and_then(|p| self.stack[p].played)
                .map_or(ContinuationKey::NONE, |(piece, mv)| {
                    ContinuationKey::new(piece, mv.to())
                })
        };
        [back(1), back(2)]
    }

    /// History updates after `mv` caused a cutoff at `ply`: it is rewarded; the moves of its
    /// kind tried before it are punished, and so are the captures tried before a quiet
    /// cutoff. A quiet cutoff also sets the killer and counter-move.
    fn reward_cutoff(
        &mut self,
        pos: &Position,
        ply: usize,
        mv: Move,
        depth: i32,
        quiets: &MoveList,
        noisy: &MoveList,
    ) {
        let bonus = history_bonus(depth);
        for &other in noisy.as_slice() {
            self.history.update_capture(pos, other, -bonus);
        }
        if mv.is_noisy() {
            self.history.update_capture(pos, mv, bonus);
            return;
        }
        let us = pos.side_to_move();
        let cont = self.continuation(ply);
        for &other in quiets.as_slice() {
            if let Some(piece) = pos.piece_at(other.from()) {
                self.history.update_quiet(us, piece, other, &cont, -bonus);
            }
        }
        if let Some(piece) = pos.piece_at(mv.from()) {
            self.history.update_quiet(us, piece, mv, &cont, bonus);
        }
        self.history.add_killer(ply, mv);
        let previous = ply.checked_sub(1).and_then(|p| self.stack[p].played);
        self.history.set_counter(previous, mv);
    }

    /// History update after every move at `ply` failed low: the opponent's quiet move that
    /// led here refuted our previous move, so it is rewarded as if it had caused a cutoff.
    fn reward_refutation(&mut self, pos: &Position, ply: usize, depth: i32) {
        let Some(parent) = ply.checked_sub(1) else {
            return;
        };
        if let Some((piece, mv)) = self.stack[parent].played.filter(|(_, mv)| !mv.is_noisy()) {
            let cont = self.continuation(parent);
            let them = pos.side_to_move().flip();
            self.history
                .update_quiet(them, piece, mv, &cont, history_bonus(depth));
        }
    }

    /// Singular extension test of the TT move: searches the node without it, at half depth,
    /// against a bound a little below the TT score. If every other move fails low, the TT
    /// move is singular and is extended (twice off the PV if they fail far low, a limited
    /// number of times per line); if even the others beat `beta`, the node is cut.
    #[allow(clippy::too_many_arguments)]
    fn singular_extension(
        &mut self,
        shared: &Shared,
        pos: &Position,
        tt_move: Move,
        tt_entry: Option<TtEntry>,
        depth: i32,
        beta: i32,
        ply: usize,
        node: Node,
    ) -> Singular {
        let is_pv = node == Node::Pv;
        let Some(entry) = tt_entry.filter(|entry| {
            depth >= SE_MIN_DEPTH
                && entry.depth >= depth - SE_TT_DEPTH_MARGIN
                && entry.bound != Bound::Upper
        }) else {
            return Singular::No;
        };
        let tt_score = score_from_tt(entry.score, ply, pos.halfmove_clock());
        if tt_score.abs() >= TB_WIN_BOUND {
            return Singular::No;
        }
        let singular_beta = tt_score - SE_MARGIN_PER_DEPTH.get() * depth;
        self.stack[ply].excluded = Some(tt_move);
        let score = self.negamax(
            shared,
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            if is_pv { Node::All } else { node },
        );
        self.stack[ply].excluded = None;
        if score < singular_beta - SE_DOUBLE_MARGIN.get()
            && !is_pv
            && self.stack[ply].double_extensions < SE_DOUBLE_MAX
        {
            Singular::DoubleExtend
        } else if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::MultiCut(singular_beta)
        } else if tt_score >= beta {
            Singular::Reduce
        } else {
            Singular::No
        }
    }

    /// ProbCut: a capture that beats `beta` by a margin in quiescence and then at a reduced
    /// depth almost surely beats `beta` at full depth. Returns the cutoff score if one does.
    /// `evals` is the raw evaluation (for the TT) and the one pruning uses.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        shared: &Shared,
        pos: &Position,
        tt_entry: Option<TtEntry>,
        (raw_eval, eval): (i32, i32),
        depth: i32,
        beta: i32,
        ply: usize,
        node: Node,
    ) -> Option<i32> {
        let probcut_beta = beta + PROBCUT_MARGIN.get();
        let probe_depth = depth - PROBCUT_REDUCTION;
        // A TT entry searched at least as deep that stayed below the bound says it will fail.
        let refuted = tt_entry.is_some_and(|entry| {
            entry.depth >= probe_depth
                && score_from_tt(entry.score, ply, pos.halfmove_clock()) < probcut_beta
        });
        if depth < PROBCUT_MIN_DEPTH
            || beta.abs() >= TB_WIN_BOUND
            || self.stack[ply].excluded.is_some()
            || refuted
        {
            return None;
        }
        let mut picker =
            MovePicker::new_quiescence(pos, tt_entry.and_then(|entry| entry.mv), false);
        while let Some(mv) = picker.next(pos, &self.history) {
            if !see_ge(pos, mv, probcut_beta - eval) {
                continue;
            }
            let mut child = *pos;
            child.make_move(mv);
            self.enter_child(ply, pos, Some(mv), &child);
            self.stack[ply].played = pos.piece_at(mv.from()).map(|piece| (piece, mv));
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
            self.keys.push(child.key());
            let mut score = -self.quiescence(
                shared,
                &child,
                -probcut_beta,
                -probcut_beta + 1,
                ply + 1,
                false,
            );
            if score >= probcut_beta {
                score = -self.negamax(
                    shared,
                    &child,
                    probe_depth - 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    ply + 1,
                    node.child(),
                );
            }
            self.keys.pop();
            if self.must_stop(shared) {
                return Some(0);
            }
            if score >= probcut_beta {
                shared.tt.store(
                    pos.key(),
                    TtEntry {
                        mv: Some(mv),
                        score: score_to_tt(score, ply),
                        eval: raw_eval,
                        depth: probe_depth,
                        bound: Bound::Lower,
                    },
                );
                return Some(score);
            }
        }
        None
    }
}
