//! The alpha-beta search itself: principal variation search (negamax, fail-soft) with a
//! transposition table, one function for the root, PV and non-PV nodes ([`super::node`]).
//! A node first looks for a quick answer (draws, mate distance, the TT, Syzygy WDL probes
//! after captures and pawn moves: a result that does not settle a PV node bounds it), then
//! reduces itself without a TT move (internal iterative reduction), evaluates (the network,
//! corrected by pawn structure and piece placement, [`super::correction`]), corrects the depth
//! its parent's late-move reduction gave it by what the two evaluations now say (hindsight),
//! tries to prune the whole node (`pruning.rs`: razoring, reverse futility, null move,
//! ProbCut), and then searches its moves: each move may be pruned unplayed, extended (checks;
//! singular extensions in `singular.rs`), reduced (late-move reductions) and verified (the PVS
//! re-searches). Below the horizon it hands over to quiescence search (`quiescence.rs`); the
//! root's own bookkeeping (its counters, its moves' scores and lines for MultiPV and the
//! clock) is in `root.rs`; moves are made through `make_move.rs`; scores go to and from the
//! TT through [`super::score`].
//!
//! Debug builds (and the tests) check the search's invariants at every node: a window with
//! `alpha < beta` inside `±INFINITE`, a null window at every non-PV node, a ply within the
//! stacks, and every score a node returns or stores within `±MATE`.

use super::eval_scale::EvalScale;
use super::history::{Continuation, ContinuationKey, QuietContext};
use super::make_move::ChildSlot;
use super::node::{MoveFacts, NodeState, NodeType, NonPv, Pv};
use super::ordering::MovePicker;
use super::params::*;
use super::score::{bound_of, is_valid, score_to_tt, tt_cutoff};
use super::singular::Singular;
use super::thread::{Shared, ThreadData};
use super::tt::{Bound, TtEntry};
use crate::chess::{Color, Move, MoveList, Position};
use crate::eval::lone_king::lone_king_bonus;
use crate::eval::EVAL_LIMIT;
use crate::rules::draw;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

// Static evaluations stay below the tablebase and mate scores (see `evaluate`).
const _: () = assert!(EVAL_LIMIT < TB_WIN_BOUND);

/// What searching a node's moves found, for its last word (`finish_node`).
struct MovesResult {
    best_score: i32,
    best_move: Option<Move>,
    /// Alpha after the moves: above the original alpha if a move raised it.
    alpha: i32,
    moves_searched: usize,
}

/// Where a node's moves come from.
// The root's variant is one per iteration; boxing the picker would allocate at every node.
#[allow(clippy::large_enum_variant)]
enum MoveSource {
    /// The root moves, from this index on (the current MultiPV line's first).
    Root(usize),
    /// The staged move picker of a node below the root.
    Picker(MovePicker),
}

/// The history bonus (or malus) for a cutoff or refutation found at `depth`.
fn history_bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_PER_DEPTH.get() * depth - HISTORY_BONUS_OFFSET.get())
        .clamp(0, HISTORY_BONUS_MAX.get())
}

impl ThreadData {
    /// Counts a node. A thread that reaches the node limit on its own stops the search at
    /// once, so that `go nodes` with one thread searches exactly that many; every 1024 nodes
    /// the limit is checked against all threads' nodes and the clock.
    #[inline]
    pub(super) fn visit(&mut self, shared: &Shared) {
        self.nodes += 1;
        if self.nodes >= shared.thread_node_limit {
            shared.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes & 1023 == 0 {
            shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            // Any thread may end the search: with more threads than cores the main thread
            // can be starved for seconds, and the clock must still be kept.
            let over_nodes = shared
                .node_limit
                .is_some_and(|limit| shared.total_nodes() >= limit);
            let over_time = shared.time.hard_expired();
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

    /// True if the position at `ply` of the current line is drawn by rule.
    fn is_draw(&self, pos: &Position, ply: usize) -> bool {
        // A mate delivered on the hundredth ply still wins.
        if draw::is_fifty_move_draw(pos) && (!pos.in_check() || pos.has_legal_move()) {
            return true;
        }
        let since_null = self.keys.len() - 1 - self.stack[ply].null_barrier;
        let reach = usize::from(pos.halfmove_clock()).min(since_null);
        draw::is_search_repetition(&self.keys, self.root_index, reach)
            || draw::is_insufficient_material(pos)
    }

    /// Principal variation search of `pos` at `ply` to `depth` in the window
    /// (`alpha`, `beta`), as a node of kind `N`. `cut_node`: a zero-window node expected to
    /// fail high (never a PV node).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search<N: NodeType>(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        debug_assert!(
            -INFINITE <= alpha && alpha < beta && beta <= INFINITE,
            "window ({alpha}, {beta})"
        );
        debug_assert!(
            N::PV || beta - alpha == 1,
            "non-PV node with window ({alpha}, {beta})"
        );
        debug_assert!(!(N::PV && cut_node), "a PV node expected to fail high");
        // The stacks are indexed by ply before the horizon check below.
        debug_assert!(ply <= MAX_PLY, "ply {ply}");
        if !N::ROOT && depth <= 0 {
            return self.quiescence(shared, pos, alpha, beta, ply, false);
        }
        let node = if N::ROOT {
            self.enter_root(shared, pos, depth, alpha, beta)
        } else {
            match self.enter_node::<N>(shared, pos, depth, alpha, beta, ply, cut_node) {
                ControlFlow::Break(score) => return score,
                ControlFlow::Continue(node) => node,
            }
        };
        let result = match self.search_moves::<N>(shared, pos, ply, cut_node, &node) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(result) => result,
        };
        if N::ROOT {
            self.sort_root_moves();
            return result.best_score;
        }
        self.finish_node(shared, pos, ply, &node, result)
    }

    /// Everything a node below the root does before its moves: a quick answer if there is
    /// one (`Break`), else what the node knows.
    #[allow(clippy::too_many_arguments)]
    fn enter_node<N: NodeType>(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> ControlFlow<i32, NodeState> {
        // Checked before the node is counted: a stopped search counts no more nodes.
        if self.must_stop(shared) {
            return ControlFlow::Break(0);
        }
        self.visit(shared);
        self.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply as i32);
        if self.is_draw(pos, ply) {
            return ControlFlow::Break(0);
        }
        if ply >= MAX_PLY {
            let eval = if pos.in_check() {
                0
            } else {
                self.evaluate(pos, ply)
            };
            return ControlFlow::Break(eval);
        }
        // Mate-distance pruning: no line from here can beat a mate already found nearer.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return ControlFlow::Break(alpha);
        }

        // A singular-extension search of this node without `excluded` must not be answered
        // by the TT entry of the full node.
        let excluded = self.stack[ply].excluded;
        let tt_entry = shared.tt.probe(pos.key());
        if let Some(score) = tt_entry
            .filter(|entry| !N::PV && excluded.is_none() && entry.depth >= depth)
            .and_then(|entry| tt_cutoff(&entry, ply, pos.halfmove_clock(), alpha, beta))
        {
            return ControlFlow::Break(score);
        }

        let (mut tb_floor, mut tb_ceiling) = (-INFINITE, INFINITE);
        if excluded.is_none() {
            (tb_floor, tb_ceiling) =
                self.tablebase_bounds::<N>(shared, pos, depth, alpha, beta, ply)?;
            alpha = alpha.max(tb_floor);
        }

        let mut depth = depth;
        let tt_move = tt_entry.and_then(|entry| entry.mv);
        if depth >= IIR_MIN_DEPTH && tt_move.is_none() && excluded.is_none() {
            depth -= 1;
        }

        let raw_eval = if pos.in_check() {
            None
        } else {
            Some(tt_entry.map_or_else(|| self.evaluate(pos, ply), |entry| entry.eval))
        };
        let (static_eval, improving) = self.static_eval(pos, raw_eval, ply);
        if excluded.is_none() {
            self.learn_from_eval_swing(pos, ply);
            depth += self.hindsight_depth(ply, depth);
        }
        let node = NodeState {
            depth,
            alpha,
            beta,
            tt_entry,
            excluded,
            raw_eval,
            static_eval,
            improving,
            tb_floor,
            tb_ceiling,
        };
        if !N::PV && self.selective {
            if let Some(score) = self.prune_node(shared, pos, &node, ply, cut_node) {
                return ControlFlow::Break(score);
            }
        }
        ControlFlow::Continue(node)
    }

    /// The bounds a table result puts on a node's value, (floor, ceiling); `Break` with the
    /// result if it settles the node. A result that does not settle a PV node still bounds
    /// it: a win is at least its score, a loss at most (Stockfish does the same). Off the PV
    /// only a result that settles the node is used.
    fn tablebase_bounds<N: NodeType>(
        &mut self,
        shared: &Shared,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> ControlFlow<i32, (i32, i32)> {
        let unbounded = (-INFINITE, INFINITE);
        let Some((score, bound)) = self.probe_tablebase(shared, pos, depth, ply) else {
            return ControlFlow::Continue(unbounded);
        };
        let settles = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        if settles {
            self.store_tablebase_result(shared, pos, depth, ply, score, bound);
            return ControlFlow::Break(score);
        }
        ControlFlow::Continue(match bound {
            _ if !N::PV => unbounded,
            Bound::Lower => (score, INFINITE),
            _ => (-INFINITE, score),
        })
    }

    /// The corrected static evaluation of `pos` at `ply` from the network's `raw_eval`
    /// (`None` in check), kept in the ply's frame, and whether it improved on the one two
    /// plies ago.
    pub(super) fn static_eval(
        &mut self,
        pos: &Position,
        raw_eval: Option<i32>,
        ply: usize,
    ) -> (Option<i32>, bool) {
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
        (static_eval, improving)
    }

    /// Plies the node's depth is corrected by, now that its static evaluation says what the
    /// reduction that led here could only guess: a ply more after a deep reduction if the
    /// move did not lose ground for its mover, a ply less after a reduction if it clearly
    /// did (Stockfish's hindsight adjustments).
    fn hindsight_depth(&self, ply: usize, depth: i32) -> i32 {
        let Some(parent) = ply.checked_sub(1) else {
            return 0;
        };
        let prior_reduction = self.stack[parent].reduction;
        let (Some(before), Some(now)) =
            (self.stack[parent].static_eval, self.stack[ply].static_eval)
        else {
            return 0;
        };
        // Positive: the move lost ground for its mover by the evaluations.
        let swing = before + now;
        if prior_reduction >= 3 && swing <= 0 {
            1
        } else if prior_reduction >= 2 && depth >= 2 && swing > HINDSIGHT_MARGIN.get() {
            -1
        } else {
            0
        }
    }

    /// Rewards the quiet move that led to the node at `ply` by how far it swung the static
    /// evaluation its mover's way (punishes it if it swung the other way): an early word on
    /// the move, before any search below it has answered.
    fn learn_from_eval_swing(&mut self, pos: &Position, ply: usize) {
        let Some(parent) = ply.checked_sub(1) else {
            return;
        };
        let (Some(before), Some(now)) =
            (self.stack[parent].static_eval, self.stack[ply].static_eval)
        else {
            return;
        };
        if let Some((_, mv)) = self.stack[parent].played.filter(|(_, mv)| !mv.is_noisy()) {
            let limit = HISTORY_EVAL_SWING_MAX.get();
            let bonus = (-HISTORY_EVAL_SWING_FACTOR.get() * (before + now)).clamp(-limit, limit);
            let at = self.quiet_context(pos.side_to_move().flip(), parent);
            self.history.update_butterfly(&at, mv, bonus);
        }
    }

    /// Searches the node's moves; `Break` with the node's score if it ended early (a
    /// stopped search, a multi-cut).
    fn search_moves<N: NodeType>(
        &mut self,
        shared: &Shared,
        pos: &Position,
        ply: usize,
        cut_node: bool,
        node: &NodeState,
    ) -> ControlFlow<i32, MovesResult> {
        let depth = node.depth;
        let mut alpha = node.alpha;
        let beta = node.beta;
        // Found only here, where moves are searched: a node pruned whole never needs them,
        // and only the quiet moves of nodes that reach this point are scored or taught.
        self.stack[ply].threats = pos.attacked_by(pos.side_to_move().flip());
        let at = self.quiet_context(pos.side_to_move(), ply);
        let mut moves = self.move_source::<N>(ply, node, at);
        let checks = pos.check_squares();

        let mut best_score = node.tb_floor;
        let mut best_move = None;
        let mut moves_searched = 0usize;
        let mut quiets_tried = MoveList::new();
        let mut noisy_tried = MoveList::new();

        while let Some(mv) = self.next_move(&mut moves, pos) {
            if Some(mv) == node.excluded {
                continue;
            }
            // The child's entry is fetched while the move is judged.
            shared.tt.prefetch(pos.key_after(mv));
            // Decided without playing the move: most late moves are pruned unplayed.
            let facts = MoveFacts {
                mv,
                gives_check: checks.gives_check(pos, mv),
                quiet_score: self.quiet_score(pos, mv, &at),
            };
            // The root searches every root move: `searchmoves` and the tables already chose
            // which.
            if !N::ROOT && self.prunes_move(pos, &facts, node, alpha, best_score, moves_searched) {
                continue;
            }

            let extension = self.extension::<N>(shared, pos, &facts, node, ply, cut_node)?;

            let root_index = self.pv_index + moves_searched;
            let nodes_before = self.nodes;
            if N::ROOT {
                self.announce_root_move(shared, mv, root_index + 1);
            }
            let mut slot = ChildSlot::uninit();
            let child = self.make_move(ply, pos, mv, extension >= 2, &mut slot);
            moves_searched += 1;
            let child_search = ChildSearch {
                facts,
                new_depth: depth - 1 + extension,
                alpha,
                beta,
                best_score,
                moves_searched,
                root_number: root_index + 1,
            };
            let score = if moves_searched == 1 {
                self.search_first_child::<N>(shared, child, &child_search, ply, cut_node)
            } else {
                self.search_later_child::<N>(shared, child, &child_search, node, ply, cut_node)
            };
            self.undo_move();
            if self.must_stop(shared) {
                return ControlFlow::Break(0);
            }
            debug_assert!(is_valid(score), "score {score} of {mv:?} at ply {ply}");
            if N::ROOT {
                self.record_root_move(root_index, score, alpha, nodes_before);
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if N::PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        // The root's moves are ordered by the last iteration's scores, not
                        // by the histories.
                        if !N::ROOT {
                            self.reward_cutoff(pos, ply, mv, depth, &quiets_tried, &noisy_tried);
                        }
                        break;
                    }
                }
            }
            if !mv.is_noisy() {
                quiets_tried.push(mv);
            } else {
                noisy_tried.push(mv);
            }
            if let MoveSource::Picker(picker) = &mut moves {
                if self.prunes_late_quiets(pos, node, best_score, moves_searched) {
                    picker.leave_out_quiets_without_check();
                }
            }
        }
        ControlFlow::Continue(MovesResult {
            best_score,
            best_move,
            alpha,
            moves_searched,
        })
    }

    /// Where the node's moves come from: the root moves, or a move picker that orders them
    /// by the TT move, the killers, the counter-move and the histories.
    fn move_source<N: NodeType>(
        &mut self,
        ply: usize,
        node: &NodeState,
        at: QuietContext,
    ) -> MoveSource {
        if N::ROOT {
            return MoveSource::Root(self.pv_index);
        }
        let previous = ply.checked_sub(1).and_then(|p| self.stack[p].played);
        let killers = self.history.killers(ply);
        let counter = self.history.counter(previous);
        self.history.clear_killers(ply + 1);
        MoveSource::Picker(MovePicker::new(node.tt_move(), killers, counter, at))
    }

    /// What the quiet histories of the node at `ply` of the current line, `color` to move,
    /// are keyed by.
    fn quiet_context(&self, color: Color, ply: usize) -> QuietContext {
        QuietContext {
            color,
            cont: self.continuation(ply),
            threats: self.stack[ply].threats,
        }
    }

    /// The history of a quiet move (0 for a capture or promotion).
    #[inline]
    fn quiet_score(&self, pos: &Position, mv: Move, at: &QuietContext) -> i32 {
        if mv.is_noisy() {
            return 0;
        }
        pos.piece_at(mv.from())
            .map_or(0, |piece| self.history.quiet_score(at, piece, mv))
    }

    /// How many plies deeper than the node's depth less one a move is searched: one for a
    /// check, or the singular-extension test's verdict on the TT move (which may also be a
    /// reduction); `Break` with the node's score after a multi-cut or a stop.
    fn extension<N: NodeType>(
        &mut self,
        shared: &Shared,
        pos: &Position,
        facts: &MoveFacts,
        node: &NodeState,
        ply: usize,
        cut_node: bool,
    ) -> ControlFlow<i32, i32> {
        let check = i32::from(facts.gives_check);
        if N::ROOT || Some(facts.mv) != node.tt_move() || node.excluded.is_some() || !self.selective
        {
            return ControlFlow::Continue(check);
        }
        let extension =
            match self.singular_extension::<N>(shared, pos, facts.mv, node, ply, cut_node) {
                Singular::Extend => 1,
                Singular::DoubleExtend => 2,
                Singular::MultiCut(score) => return ControlFlow::Break(score),
                Singular::Reduce => check - 1,
                Singular::No => check,
            };
        if self.must_stop(shared) {
            return ControlFlow::Break(0);
        }
        ControlFlow::Continue(extension)
    }

    /// The next move of the node to search.
    #[inline]
    fn next_move(&self, moves: &mut MoveSource, pos: &Position) -> Option<Move> {
        match moves {
            MoveSource::Root(next) => {
                let mv = self.root_moves.get(*next)?.mv;
                *next += 1;
                Some(mv)
            }
            MoveSource::Picker(picker) => picker.next(pos, &self.history),
        }
    }

    /// The first move: the full window at a PV node, where it is expected to be the PV.
    fn search_first_child<N: NodeType>(
        &mut self,
        shared: &Shared,
        child: &Position,
        search: &ChildSearch,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let (alpha, beta) = (search.alpha, search.beta);
        if N::PV {
            -self.search::<Pv>(
                shared,
                child,
                search.new_depth,
                -beta,
                -alpha,
                ply + 1,
                false,
            )
        } else {
            -self.search::<NonPv>(
                shared,
                child,
                search.new_depth,
                -beta,
                -alpha,
                ply + 1,
                !cut_node,
            )
        }
    }

    /// A later move: a zero-window search, reduced late in the list; one that beats alpha is
    /// verified without the reduction (at a depth its margin decides), and at a PV node,
    /// inside the window, searched again with the full window.
    fn search_later_child<N: NodeType>(
        &mut self,
        shared: &Shared,
        child: &Position,
        search: &ChildSearch,
        node: &NodeState,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let (alpha, beta, new_depth) = (search.alpha, search.beta, search.new_depth);
        let reduction = self.late_move_reduction::<N>(node, search, cut_node);
        let zero_window = |td: &mut ThreadData, depth: i32| {
            -td.search::<NonPv>(shared, child, depth, -alpha - 1, -alpha, ply + 1, !cut_node)
        };
        self.stack[ply].reduction = reduction;
        let mut score = zero_window(self, new_depth - reduction);
        self.stack[ply].reduction = 0;
        if score > alpha && reduction > 0 {
            let research_depth = self.research_depth::<N>(score, search);
            if research_depth > new_depth - reduction {
                score = zero_window(self, research_depth);
            }
        }
        if N::PV && score > alpha && score < beta {
            score = -self.search::<Pv>(shared, child, new_depth, -beta, -alpha, ply + 1, false);
        }
        score
    }

    /// The depth at which a reduced move that beat alpha is verified. Below the root, how far
    /// the reduced search beat the best score so far says how deep: a wide margin earns a ply
    /// more, a bare one a ply less. The root verifies at the unreduced depth: its moves, few
    /// and each worth a full answer, are not worth a guess.
    fn research_depth<N: NodeType>(&self, score: i32, search: &ChildSearch) -> i32 {
        let new_depth = search.new_depth;
        if N::ROOT {
            return new_depth;
        }
        let deeper_margin = LMR_DEEPER_MARGIN.get() + LMR_DEEPER_MARGIN_PER_DEPTH * new_depth;
        new_depth + i32::from(score > search.best_score + deeper_margin)
            - i32::from(score < search.best_score + LMR_SHALLOWER_MARGIN)
    }

    /// The late-move reduction of a move that is not the first. The root reduces only quiet
    /// moves that give no check, by the table less one ply, from its second move on: its
    /// moves come in the order of the last iteration's scores, which says more than the
    /// histories the nodes below adjust by, and are too few for the finer terms to pay.
    fn late_move_reduction<N: NodeType>(
        &self,
        node: &NodeState,
        search: &ChildSearch,
        cut_node: bool,
    ) -> i32 {
        let (depth, new_depth) = (node.depth, search.new_depth);
        let MoveFacts {
            mv,
            gives_check,
            quiet_score,
        } = search.facts;
        if !self.selective || depth < LMR_MIN_DEPTH {
            return 0;
        }
        if N::ROOT {
            if mv.is_noisy() || gives_check {
                return 0;
            }
            let reduction = self.reduction(depth, search.root_number).div_euclid(PLY) - 1;
            return reduction.clamp(0, new_depth - 1);
        }
        if search.moves_searched <= 1 + usize::from(N::PV) {
            return 0;
        }
        let mut reduction = self.reduction_after_history(depth, search.moves_searched, quiet_score);
        reduction -= PLY * i32::from(N::PV);
        reduction += PLY * i32::from(!node.improving);
        if cut_node {
            reduction += PLY * LMR_CUT_NODE.get();
        }
        reduction -= PLY * i32::from(gives_check);
        if mv.is_noisy() {
            // Captures come early and often change the material: reduce less.
            reduction -= PLY * LMR_NOISY_RELIEF.get();
        }
        reduction.div_euclid(PLY).clamp(0, new_depth - 1)
    }

    /// The node's last word after its moves: mate or stalemate if it had none, the
    /// histories' lessons, and the TT entry.
    fn finish_node(
        &mut self,
        shared: &Shared,
        pos: &Position,
        ply: usize,
        node: &NodeState,
        result: MovesResult,
    ) -> i32 {
        let MovesResult {
            mut best_score,
            best_move,
            alpha,
            moves_searched,
        } = result;
        if moves_searched == 0 {
            // The first move is never pruned, so nothing searched means nothing legal, unless
            // the only move was excluded: then it is singular.
            return if node.excluded.is_some() {
                alpha
            } else if pos.in_check() {
                -MATE + ply as i32
            } else {
                0
            };
        }
        if node.excluded.is_some() {
            return best_score;
        }
        best_score = best_score.min(node.tb_ceiling);

        debug_assert!(is_valid(best_score), "best score {best_score} at ply {ply}");
        let bound = bound_of(best_score, node.alpha, alpha, node.beta);
        if bound == Bound::Upper {
            self.reward_refutation(pos, ply, node.depth);
        }
        if let (Some(raw), Some(eval)) = (node.raw_eval, node.static_eval) {
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
                self.history
                    .correction
                    .update(pos, node.depth, raw, best_score);
            }
        }
        shared.tt.store(
            pos.key(),
            TtEntry {
                mv: best_move.or(node.tt_move()),
                score: score_to_tt(best_score, ply),
                eval: node.raw_eval.unwrap_or(0),
                depth: node.depth,
                bound,
            },
        );
        best_score
    }

    /// The continuation-history keys of a node at `ply`: the moves one and two plies back.
    pub(super) fn continuation(&self, ply: usize) -> Continuation {
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
        let at = self.quiet_context(pos.side_to_move(), ply);
        for &other in quiets.as_slice() {
            if let Some(piece) = pos.piece_at(other.from()) {
                self.history.update_quiet(&at, piece, other, -bonus);
            }
        }
        if let Some(piece) = pos.piece_at(mv.from()) {
            self.history.update_quiet(&at, piece, mv, bonus);
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
            let at = self.quiet_context(pos.side_to_move().flip(), parent);
            self.history
                .update_quiet(&at, piece, mv, history_bonus(depth));
        }
    }
}

/// What the search of one child needs from its parent's loop.
struct ChildSearch {
    /// The move that leads to it.
    facts: MoveFacts,
    /// The child's depth before any reduction.
    new_depth: i32,
    /// The parent's window at this move.
    alpha: i32,
    /// See `alpha`.
    beta: i32,
    /// The parent's best score before this move.
    best_score: i32,
    /// Moves searched at the parent, this one included.
    moves_searched: usize,
    /// At the root, the move's number among all root moves (MultiPV lines' included).
    root_number: usize,
}

#[cfg(test)]
mod tests {
    use super::super::history::History;
    use super::*;

    /// The hindsight correction of a node at ply 2 searched to `depth`, reached by a move
    /// reduced by `reduction` plies, with static evaluations `before` (the mover's, at ply 1)
    /// and `now` (the other side's, at ply 2; `None`: in check).
    fn hindsight(reduction: i32, before: i32, now: Option<i32>, depth: i32) -> i32 {
        let mut td = ThreadData::new(
            0,
            &[0],
            Vec::new(),
            History::new(),
            crate::eval::nnue::embedded(),
        );
        td.stack[1].reduction = reduction;
        td.stack[1].static_eval = Some(before);
        td.stack[2].static_eval = now;
        td.hindsight_depth(2, depth)
    }

    #[test]
    fn a_deep_reduction_of_a_move_that_kept_its_ground_earns_a_ply_back() {
        assert_eq!(hindsight(3, 50, Some(-50), 6), 1);
        assert_eq!(hindsight(4, 50, Some(-90), 6), 1);
        // It lost ten points, or it was reduced two plies only.
        assert_eq!(hindsight(3, 50, Some(-40), 6), 0);
        assert_eq!(hindsight(2, 50, Some(-90), 6), 0);
    }

    #[test]
    fn a_reduced_move_that_clearly_lost_ground_loses_a_ply_more() {
        let beyond = Some(HINDSIGHT_MARGIN.get() - 50 + 1);
        assert_eq!(hindsight(2, 50, beyond, 6), -1);
        // A loss of exactly the margin, a reduction of one ply, a node at depth 1.
        assert_eq!(hindsight(2, 50, Some(HINDSIGHT_MARGIN.get() - 50), 6), 0);
        assert_eq!(hindsight(1, 50, beyond, 6), 0);
        assert_eq!(hindsight(2, 50, beyond, 1), 0);
    }

    #[test]
    fn without_both_evaluations_or_a_reduction_the_depth_stays() {
        assert_eq!(hindsight(3, 50, None, 6), 0);
        assert_eq!(hindsight(0, 50, Some(-90), 6), 0);
        assert_eq!(hindsight(0, 50, Some(500), 6), 0);
    }
}
