//! Ranking the root moves by DTZ, as Stockfish does: a move that keeps a win within the
//! fifty-move budget outranks one that only wins in the tables, a draw outranks any loss,
//! and a loss that lasts until the fifty-move rule can save it outranks a quicker one. The
//! search then looks only at the moves of the best rank, so a won ending is never drawn by
//! the fifty-move rule, whatever the evaluation thinks of the moves. Each move keeps its
//! distance to the zeroing move, so that a won root can be converted without the search's
//! help. Without DTZ tables the moves are ranked by WDL alone, as Stockfish does.

use super::{Tablebase, Wdl};
use crate::chess::{Move, Position};
use crate::rules::draw;

/// Rank of a move that wins safely within the fifty-move budget.
const MAX_DTZ: i32 = 1 << 18;

/// A root move's standing in the tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootRanking {
    /// The move.
    pub mv: Move,
    /// Higher is better; moves of the best rank are the ones worth searching.
    pub rank: i32,
    /// What the move leads to, counting the fifty-move rule if it is on.
    pub result: Wdl,
    /// Plies from the root to the zeroing move that decides the game (positive when the
    /// root's side wins, 0 for a draw); `None` when ranked by WDL alone.
    pub dtz: Option<i32>,
}

/// Ranks `moves`, legal in `pos`, whose game so far has the keys `keys` (`pos`'s last).
/// `None` if a position after one of them is not in the tables (DTZ table missing, castling
/// rights, too many pieces): then no ranking holds.
pub fn rank_root_moves(
    tables: &Tablebase,
    pos: &Position,
    moves: &[Move],
    keys: &[u64],
    fifty_move_rule: bool,
) -> Option<Vec<RootRanking>> {
    let clock = i32::from(pos.halfmove_clock());
    let repeated = has_repeated(keys, pos.halfmove_clock());
    let bound = if fifty_move_rule {
        MAX_DTZ / 2 - 100
    } else {
        1
    };
    each_child(pos, moves, keys, |mv, child, child_keys| {
        let dtz = dtz_after(tables, child, child_keys)?;
        let rank = if dtz > 0 {
            if dtz + clock <= 99 && !repeated {
                MAX_DTZ
            } else {
                MAX_DTZ / 2 - (dtz + clock)
            }
        } else if dtz < 0 {
            if -dtz * 2 + clock < 100 {
                -MAX_DTZ
            } else {
                -MAX_DTZ / 2 + (-dtz + clock)
            }
        } else {
            0
        };
        let result = if rank >= bound {
            Wdl::Win
        } else if rank > 0 {
            Wdl::CursedWin
        } else if rank == 0 {
            Wdl::Draw
        } else if rank > -bound {
            Wdl::BlessedLoss
        } else {
            Wdl::Loss
        };
        Some(RootRanking {
            mv,
            rank,
            result,
            dtz: Some(dtz),
        })
    })
}

/// Ranks `moves`, legal in `pos` (whose game so far has the keys `keys`, `pos`'s last), by
/// the WDL value of the position after each: for tables without DTZ files. A move that
/// repeats a position or ends the game by the fifty-move rule is a draw. The values ignore
/// the clock, as WDL tables do. `None` if a position after a move is not in the tables.
pub fn rank_root_moves_by_wdl(
    tables: &Tablebase,
    pos: &Position,
    moves: &[Move],
    keys: &[u64],
    fifty_move_rule: bool,
) -> Option<Vec<RootRanking>> {
    each_child(pos, moves, keys, |mv, child, child_keys| {
        let drawn = draw::count_repetitions(child_keys, child.halfmove_clock(), 2) >= 2
            || (draw::is_fifty_move_draw(child) && (!child.in_check() || child.has_legal_move()));
        let result = if drawn {
            Wdl::Draw
        } else {
            match tables.probe_wdl(child)? {
                Wdl::Loss => Wdl::Win,
                Wdl::BlessedLoss => Wdl::CursedWin,
                Wdl::Draw => Wdl::Draw,
                Wdl::CursedWin => Wdl::BlessedLoss,
                Wdl::Win => Wdl::Loss,
            }
        };
        // Without the fifty-move rule a cursed win is as good as any other.
        let result = match result {
            Wdl::CursedWin if !fifty_move_rule => Wdl::Win,
            Wdl::BlessedLoss if !fifty_move_rule => Wdl::Loss,
            result => result,
        };
        Some(RootRanking {
            mv,
            rank: result.value(),
            result,
            dtz: None,
        })
    })
}

/// `rank` of each of `moves`, legal in `pos` (whose game so far has the keys `keys`), given
/// the move, the position after it and the game's keys up to that position; `None` if any
/// ranking is.
fn each_child<T>(
    pos: &Position,
    moves: &[Move],
    keys: &[u64],
    mut rank: impl FnMut(Move, &Position, &[u64]) -> Option<T>,
) -> Option<Vec<T>> {
    let mut child_keys = keys.to_vec();
    child_keys.push(0);
    moves
        .iter()
        .map(|&mv| {
            let child = pos.play(mv);
            if let Some(last) = child_keys.last_mut() {
                *last = child.key();
            }
            rank(mv, &child, &child_keys)
        })
        .collect()
}

/// Plies from the root to the zeroing move that decides the game after a root move led to
/// `child` (whose game has the keys `keys`, `child`'s last), from the root's side.
fn dtz_after(tables: &Tablebase, child: &Position, keys: &[u64]) -> Option<i32> {
    let dtz = if child.halfmove_clock() == 0 {
        // The move itself zeroed the clock: it is the zeroing move.
        match tables.probe_wdl(child)? {
            Wdl::Loss => 1,
            Wdl::BlessedLoss => 101,
            Wdl::Draw => 0,
            Wdl::CursedWin => -101,
            Wdl::Win => -1,
        }
    } else if draw::count_repetitions(keys, child.halfmove_clock(), 2) >= 2
        || (draw::is_fifty_move_draw(child) && (!child.in_check() || child.has_legal_move()))
    {
        0
    } else {
        let dtz = -tables.probe_dtz(child)?;
        dtz + dtz.signum()
    };
    // Mate ends the game at once, whatever the count says.
    if dtz == 2 && child.in_check() && !child.has_legal_move() {
        return Some(1);
    }
    Some(dtz)
}

/// True if a position of the game since its last capture or pawn move occurred twice: the
/// side that wins must then head for the zeroing move by the shortest way, or the game may
/// go round in circles.
fn has_repeated(keys: &[u64], halfmove_clock: u16) -> bool {
    if keys.is_empty() {
        return false;
    }
    let reach = usize::from(halfmove_clock).min(keys.len().saturating_sub(1));
    let since_zeroing = &keys[keys.len() - 1 - reach..];
    (1..since_zeroing.len())
        .any(|end| draw::count_repetitions(&since_zeroing[..=end], halfmove_clock, 1) >= 1)
}
