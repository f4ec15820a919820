//! Quiescence search: below the main search's horizon, only noisy moves (every evasion when
//! in check; quiet checks too where razoring asks for them) until the position is quiet, so
//! the static evaluation is never taken in the middle of an exchange. Its results go into
//! the TT at depth 0.

use super::make_move::ChildSlot;
use super::ordering::MovePicker;
use super::params::{DELTA_MARGIN, INFINITE, MATE, MAX_PLY};
use super::score::{bound_of, is_valid, score_to_tt, tt_cutoff};
use super::see::{captured_value, see_ge};
use super::thread::{Shared, ThreadData};
use super::tt::TtEntry;
use crate::chess::{Move, Position};
use crate::rules::draw;

impl ThreadData {
    /// Quiescence search: stand pat on the static evaluation and try noisy moves (all
    /// evasions when in check) until the position is quiet. With `quiet_checks`, this node
    /// also tries the quiet moves that give check, which finds the mates in one (and the
    /// forced replies) that razoring would otherwise prune.
    pub(super) fn quiescence(
        &mut self,
        shared: &Shared,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        quiet_checks: bool,
    ) -> i32 {
        debug_assert!(
            -INFINITE <= alpha && alpha < beta && beta <= INFINITE,
            "window ({alpha}, {beta})"
        );
        // The stacks are indexed by ply before the horizon check below.
        debug_assert!(ply <= MAX_PLY, "ply {ply}");
        if self.must_stop(shared) {
            return 0;
        }
        self.visit(shared);
        self.pv_len[ply.min(MAX_PLY)] = 0;
        self.seldepth = self.seldepth.max(ply as i32);
        if draw::is_insufficient_material(pos) {
            return 0;
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate(pos, ply) };
        }

        let tt_entry = shared.tt.probe(pos.key());
        // An entry from a plain quiescence search did not look at quiet checks.
        if let Some(score) = tt_entry
            .filter(|entry| !quiet_checks || entry.depth > 0)
            .and_then(|entry| tt_cutoff(&entry, ply, pos.halfmove_clock(), alpha, beta))
        {
            return score;
        }

        let raw_eval = (!in_check)
            .then(|| tt_entry.map_or_else(|| self.evaluate(pos, ply), |entry| entry.eval));
        let stand_pat = if let Some(raw) = raw_eval {
            let eval = self.history.correction.correct(pos, raw);
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            eval
        } else {
            -MATE + ply as i32
        };

        let original_alpha = alpha;
        let mut best_score = stand_pat;
        let mut best_move = None;
        let mut picker =
            MovePicker::new_quiescence(pos, tt_entry.and_then(|entry| entry.mv), quiet_checks);
        while let Some(mv) = picker.next(pos, &self.history) {
            if !in_check && is_futile(pos, mv, &picker, stand_pat, alpha) {
                continue;
            }
            shared.tt.prefetch(pos.key_after(mv));
            let mut slot = ChildSlot::uninit();
            let child = self.make_move(ply, pos, mv, false, &mut slot);
            let score = -self.quiescence(shared, child, -beta, -alpha, ply + 1, false);
            self.undo_move();
            if self.must_stop(shared) {
                return 0;
            }
            debug_assert!(is_valid(score), "score {score} of {mv:?} at ply {ply}");
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        debug_assert!(is_valid(best_score), "best score {best_score} at ply {ply}");
        let bound = bound_of(best_score, original_alpha, alpha, beta);
        shared.tt.store(
            pos.key(),
            TtEntry {
                mv: best_move.or(tt_entry.and_then(|entry| entry.mv)),
                score: score_to_tt(best_score, ply),
                eval: raw_eval.unwrap_or(0),
                depth: 0,
                bound,
            },
        );
        best_score
    }
}

/// True if a move of a quiescence node not in check is not worth playing: a capture that
/// cannot lift the score near alpha even with its victim won (delta pruning), or one that
/// loses material by static exchange.
#[inline]
fn is_futile(pos: &Position, mv: Move, picker: &MovePicker, stand_pat: i32, alpha: i32) -> bool {
    if mv.is_capture()
        && !mv.is_promotion()
        && stand_pat + captured_value(pos, mv) + DELTA_MARGIN.get() <= alpha
    {
        return true;
    }
    !picker.last_keeps_material() && !see_ge(pos, mv, 0)
}
