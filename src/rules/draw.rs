//! The draw rules as primitives, the one implementation of each that both
//! [`Game::outcome`](super::Game::outcome) and the search use: insufficient material,
//! repetition counting over Zobrist keys, and the fifty- and seventy-five-move rules.
//!
//! Repetition compares keys. A key covers the pieces, the side to move, the castling rights
//! and the en passant file only when an en passant capture is legal (the board layer keeps
//! it so), which is exactly what makes two positions "the same" for the repetition rules.
//! Positions before the last capture or pawn move cannot recur, so the scan stops at the
//! halfmove clock; it also only looks at positions with the same side to move (every second
//! ply).

use crate::chess::{Bitboard, PieceType, Position};

/// Plies without capture or pawn move after which a draw may be claimed.
pub const FIFTY_MOVE_PLIES: u16 = 100;
/// Plies without capture or pawn move after which the game is drawn.
pub const SEVENTY_FIVE_MOVE_PLIES: u16 = 150;

/// True if no sequence of legal moves can mate: king against king, a single minor piece
/// against a bare king, or only bishops besides the kings, all on squares of one colour
/// (whichever side owns them). Any pawn, rook or queen, two knights, or a knight with a
/// bishop can still mate (if only with the opponent's help), so those are not insufficient.
pub fn is_insufficient_material(pos: &Position) -> bool {
    let heavy = pos.pieces_of_type(PieceType::Pawn)
        | pos.pieces_of_type(PieceType::Rook)
        | pos.pieces_of_type(PieceType::Queen);
    if heavy.is_nonempty() {
        return false;
    }
    let knights = pos.pieces_of_type(PieceType::Knight);
    let bishops = pos.pieces_of_type(PieceType::Bishop);
    if knights.is_nonempty() {
        return knights.popcount() == 1 && bishops.is_empty();
    }
    (bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty()
}

/// How many times the current position (`keys.last()`) occurred before, counting back over
/// positions with the same side to move (2, 4, 6 … plies back) but no further than
/// `halfmove_clock` plies, and no further than the start of `keys`. Counting stops at
/// `limit`, so the search can ask "any repetition?" with `limit = 1` cheaply.
///
/// Threefold repetition is `count >= 2`, fivefold `count >= 4`.
pub fn count_repetitions(keys: &[u64], halfmove_clock: u16, limit: usize) -> usize {
    let Some((&current, earlier)) = keys.split_last() else {
        return 0;
    };
    let reach = usize::from(halfmove_clock).min(earlier.len());
    let mut count = 0;
    let mut back = 2;
    while back <= reach && count < limit {
        if earlier[earlier.len() - back] == current {
            count += 1;
        }
        back += 2;
    }
    count
}

/// True if a search should score the last position of `keys` as a draw by repetition.
/// `keys[root]` is the search's root; `reach` is how many plies back a repetition may lie
/// (the halfmove clock, cut at the last null move, across which positions only look alike).
///
/// An earlier occurrence after the root is enough: the side that could have avoided it did
/// not, so the line can be played round forever. Occurrences at or before the root belong to
/// the game, where the opponent may still deviate: they make a draw only when there are two
/// (the current position would be the third).
pub fn is_search_repetition(keys: &[u64], root: usize, reach: usize) -> bool {
    let Some((&current, earlier)) = keys.split_last() else {
        return false;
    };
    let mut in_game = 0;
    let mut back = 2;
    while back <= reach.min(earlier.len()) {
        let index = earlier.len() - back;
        if earlier[index] == current {
            if index > root {
                return true;
            }
            in_game += 1;
            if in_game == 2 {
                return true;
            }
        }
        back += 2;
    }
    false
}

/// True if the fifty-move rule lets the side to move claim a draw: 100 plies without a
/// capture or pawn move. A mate delivered on that ply wins instead, so the caller checks
/// for mate first.
pub fn is_fifty_move_draw(pos: &Position) -> bool {
    pos.halfmove_clock() >= FIFTY_MOVE_PLIES
}

/// True if the seventy-five-move rule ends the game: 150 plies without a capture or pawn
/// move. As with the fifty-move rule, a mate on that ply takes precedence.
pub fn is_seventy_five_move_draw(pos: &Position) -> bool {
    pos.halfmove_clock() >= SEVENTY_FIVE_MOVE_PLIES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insufficient(fen: &str) -> bool {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        is_insufficient_material(&pos)
    }

    #[test]
    fn insufficient_material_cases() {
        assert!(insufficient("8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
        assert!(insufficient("8/8/4k3/8/8/3K4/8/5B2 w - - 0 1"));
        assert!(insufficient("8/8/4k3/8/8/3K4/8/5n2 w - - 0 1"));
        // Bishops of both sides, all on dark squares (a1, c3, f8 ... are dark).
        assert!(insufficient("5b2/8/4k3/8/8/2BK4/8/B7 w - - 0 1"));
        // Light-squared bishops only (h1, b1 ... light squares: h1 is light).
        assert!(insufficient("8/8/4k3/8/8/3K4/8/1b5B w - - 0 1"));
        assert!(!insufficient("8/8/4k3/8/8/3K4/8/B6B w - - 0 1"));
        assert!(!insufficient("8/8/4k3/8/8/3K4/8/1n4N1 w - - 0 1"));
        assert!(!insufficient("8/8/4k3/8/8/3K4/8/NN6 w - - 0 1"));
        assert!(!insufficient("8/8/4k3/8/8/3K4/8/B1n5 w - - 0 1"));
        assert!(!insufficient("8/8/4k3/8/8/3K4/P7/8 w - - 0 1"));
        assert!(!insufficient("8/8/4k3/8/8/3K4/8/R7 w - - 0 1"));
        assert!(!insufficient("8/8/4k3/8/8/3K4/8/7q w - - 0 1"));
    }

    #[test]
    fn repetitions_are_counted_every_second_ply_within_the_clock() {
        // a b a b a: the last `a` occurred twice before.
        let keys = [1, 2, 1, 2, 1];
        assert_eq!(count_repetitions(&keys, 4, 10), 2);
        assert_eq!(count_repetitions(&keys, 4, 1), 1);
        assert_eq!(count_repetitions(&keys, 4, 0), 0);
        // The clock says the position 4 plies back is before an irreversible move.
        assert_eq!(count_repetitions(&keys, 3, 10), 1);
        assert_eq!(count_repetitions(&keys, 1, 10), 0);
        // A clock beyond the known history is clipped to it.
        assert_eq!(count_repetitions(&keys, 500, 10), 2);
        // Only positions with the same side to move compare: an equal key an odd number of
        // plies back is not a repetition.
        assert_eq!(count_repetitions(&[7, 7], 5, 10), 0);
        assert_eq!(count_repetitions(&[], 5, 10), 0);
        assert_eq!(count_repetitions(&[7], 5, 10), 0);
    }

    #[test]
    fn search_repetitions_need_two_occurrences_in_the_game_and_one_in_the_tree() {
        // Game a b c d, root at index 4 (a); the line then goes b c d a.
        let keys = [1, 2, 3, 4, 1, 2, 3, 4, 1];
        // The last `a` occurred at the root (index 4) and at index 0: twice in the game.
        assert!(is_search_repetition(&keys, 4, 100));
        // Reach cut short (a null move 4 plies back, or the clock): only the root is seen.
        assert!(!is_search_repetition(&keys, 4, 4));
        // At the root itself, one earlier occurrence is only a twofold repetition.
        assert!(!is_search_repetition(&keys[..5], 4, 100));
        // Two plies after the root a position of the game recurs once: not yet a draw.
        let keys = [1, 2, 3, 4, 5, 2];
        assert!(!is_search_repetition(&keys, 3, 100));
        // The same position already seen twice in the game: a draw.
        let keys = [9, 2, 9, 2, 5, 2];
        assert!(is_search_repetition(&keys, 3, 100));
        // A repetition inside the tree: once is enough.
        let keys = [1, 2, 3, 4, 5, 6, 3];
        assert!(is_search_repetition(&keys, 1, 100));
        assert!(!is_search_repetition(&keys, 1, 3));
        assert!(!is_search_repetition(&[], 0, 100));
        assert!(!is_search_repetition(&[7], 0, 100));
    }

    #[test]
    fn move_rules_by_clock() {
        let at = |clock: u16| {
            Position::from_fen(&format!("8/8/4k3/8/8/3K4/8/R7 w - - {clock} 80"))
                .expect("valid FEN")
        };
        assert!(!is_fifty_move_draw(&at(99)));
        assert!(is_fifty_move_draw(&at(100)));
        assert!(!is_seventy_five_move_draw(&at(149)));
        assert!(is_seventy_five_move_draw(&at(150)));
    }
}
