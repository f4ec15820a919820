//! Scores between the search and the transposition table: mates and tablebase wins count
//! their plies from the root in the search and from the storing node in the TT, so an entry
//! means the same wherever the position recurs; a stored win the fifty-move rule may prevent
//! is read back as no win; and the bound a node's result is, and whether an entry settles a
//! node. And the search's scores as players are shown them ([`displayed_centipawns`],
//! [`displayed_wdl`]): the raw scale stays inside the search.

use super::params::{MATE, MATE_BOUND, TB_WIN, TB_WIN_BOUND, TT_CUTOFF_MAX_HALFMOVE};
use super::tt::{Bound, TtEntry};
use crate::eval::wdl::MODEL;
use crate::rules::draw;

/// What a tablebase win is shown as, less its distance in plies (Stockfish's convention).
pub const TB_WIN_DISPLAY: i32 = 20_000;

/// The centipawns shown for a search score that is no mate, on a board of `material` (see
/// [`crate::eval::wdl::material`]): normalised by the WDL model so that +100 wins half the
/// games there, as Stockfish shows its scores; a tablebase win as 20000 less the plies to
/// the tablebase position, as Stockfish shows it.
pub fn displayed_centipawns(score: i32, material: u32) -> i32 {
    if (TB_WIN_BOUND..MATE_BOUND).contains(&score.abs()) {
        let distance = TB_WIN - score.abs();
        score.signum() * (TB_WIN_DISPLAY - distance)
    } else {
        MODEL.normalised(score, material)
    }
}

/// Win, draw and loss per mille of a search score on a board of `material`: certain for
/// mates and tablebase results, the WDL model's otherwise.
pub fn displayed_wdl(score: i32, material: u32) -> (u32, u32, u32) {
    if score.abs() >= TB_WIN_BOUND {
        return if score > 0 {
            (1000, 0, 0)
        } else {
            (0, 0, 1000)
        };
    }
    MODEL.per_mille(score, material)
}

/// True if `score` is one a node can return: at most a mate now. `INFINITE` only bounds
/// windows and marks root moves not searched yet. For the search's `debug_assert!`s.
#[inline]
pub(super) fn is_valid(score: i32) -> bool {
    score.abs() <= MATE
}

/// Converts a score relative to the root into one relative to this node, for the TT: mates
/// and tablebase wins count their plies from the node.
#[inline]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// True if a mate or tablebase win stored in the TT (relative to its node) needs more plies
/// than the fifty-move rule leaves after `halfmove_clock`: the entry may have been stored by
/// a search whose clock was lower, and from here the mate may never be delivered, nor the
/// tablebase position (reached by a capture or pawn move) reached.
#[inline]
fn win_out_of_reach(tt_score: i32, halfmove_clock: u16) -> bool {
    let plies_left = i32::from(draw::FIFTY_MOVE_PLIES) - i32::from(halfmove_clock);
    let score = tt_score.abs();
    let plies = if score >= MATE_BOUND {
        MATE - score
    } else if score >= TB_WIN_BOUND {
        TB_WIN - score
    } else {
        return false;
    };
    plies > plies_left
}

/// Converts a TT score back to one relative to the root. A mate or tablebase win that the
/// fifty-move rule may prevent becomes the largest score that is neither, so it never poses
/// as one.
#[inline]
pub fn score_from_tt(score: i32, ply: usize, halfmove_clock: u16) -> i32 {
    if win_out_of_reach(score, halfmove_clock) {
        (TB_WIN_BOUND - 1) * score.signum()
    } else if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The entry's score if its bound settles the node for the window `(alpha, beta)`. Near the
/// fifty-move limit no entry settles a node: it may come from a search with a lower clock,
/// for which the draw was further away; nor does a mate the rule may prevent.
#[inline]
pub(super) fn tt_cutoff(
    entry: &TtEntry,
    ply: usize,
    halfmove_clock: u16,
    alpha: i32,
    beta: i32,
) -> Option<i32> {
    if halfmove_clock >= TT_CUTOFF_MAX_HALFMOVE || win_out_of_reach(entry.score, halfmove_clock) {
        return None;
    }
    let score = score_from_tt(entry.score, ply, halfmove_clock);
    let settles = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    settles.then_some(score)
}

/// The kind of bound a node's `best` score is, given the window it was searched with
/// (`original_alpha`, `beta`) and the `alpha` it raised.
#[inline]
pub(super) fn bound_of(best: i32, original_alpha: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if alpha > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Moves to mate for a mate score (positive: we mate), `None` for ordinary scores.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, bound: Bound) -> TtEntry {
        TtEntry {
            mv: None,
            score,
            eval: 0,
            depth: 10,
            bound,
        }
    }

    #[test]
    fn a_stored_mate_the_fifty_move_rule_may_prevent_is_no_mate() {
        // Mate in 10 plies from the node that stored it.
        let mate = entry(MATE - 10, Bound::Lower);
        assert_eq!(tt_cutoff(&mate, 3, 0, 0, 1), Some(MATE - 13));
        // 90 plies on the clock leave exactly the 10 the mate needs: it may still cut.
        assert_eq!(score_from_tt(mate.score, 3, 90), MATE - 13);
        // With 91, the fifty-move rule comes first: no cutoff, and no mate score either.
        assert_eq!(tt_cutoff(&mate, 3, 91, 0, 1), None);
        assert_eq!(score_from_tt(mate.score, 3, 91), TB_WIN_BOUND - 1);
        assert_eq!(score_from_tt(-mate.score, 3, 91), -(TB_WIN_BOUND - 1));
        assert_eq!(
            tt_cutoff(&entry(-(MATE - 10), Bound::Upper), 3, 95, 0, 1),
            None
        );
    }

    #[test]
    fn a_stored_table_win_counts_its_plies_like_a_mate() {
        // Found 3 plies from the root, the table position 5 plies below the storing node.
        let stored = score_to_tt(TB_WIN - 8, 3);
        assert_eq!(stored, TB_WIN - 5);
        assert_eq!(score_from_tt(stored, 3, 0), TB_WIN - 8);
        assert_eq!(score_from_tt(stored, 7, 0), TB_WIN - 12);
        assert_eq!(score_from_tt(-stored, 3, 0), -(TB_WIN - 8));
        assert_eq!(
            tt_cutoff(&entry(stored, Bound::Lower), 3, 0, 0, 1),
            Some(TB_WIN - 8)
        );
        // 95 plies on the clock leave the 5 plies to the table position; 96 do not.
        assert_eq!(score_from_tt(stored, 3, 95), TB_WIN - 8);
        assert_eq!(score_from_tt(stored, 3, 96), TB_WIN_BOUND - 1);
        assert_eq!(score_from_tt(-stored, 3, 96), -(TB_WIN_BOUND - 1));
        // Scores below the table range are read back unchanged.
        assert_eq!(score_to_tt(TB_WIN_BOUND - 1, 9), TB_WIN_BOUND - 1);
    }

    #[test]
    fn no_entry_settles_a_node_near_the_fifty_move_limit() {
        let exact = entry(35, Bound::Exact);
        assert_eq!(tt_cutoff(&exact, 5, 0, -100, 100), Some(35));
        assert_eq!(
            tt_cutoff(&exact, 5, TT_CUTOFF_MAX_HALFMOVE - 1, -100, 100),
            Some(35)
        );
        assert_eq!(
            tt_cutoff(&exact, 5, TT_CUTOFF_MAX_HALFMOVE, -100, 100),
            None
        );
        // Ordinary scores are read back unchanged whatever the clock.
        assert_eq!(score_from_tt(35, 5, 99), 35);
    }
}
