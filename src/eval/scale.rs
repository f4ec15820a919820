//! Drawish endgames. [`no_mating_material`] finds positions where neither side can force mate
//! (the evaluation is then exactly 0); [`factor`] shrinks the endgame half of the score when
//! the side ahead will struggle to convert: opposite-coloured bishops, or no pawns and less
//! than a rook's worth of extra material.

use super::params::*;
use crate::chess::{Bitboard, Color, PieceType, Position};

/// Non-pawn material of `color`, middlegame values.
fn non_pawn_material(pos: &Position, color: Color) -> i32 {
    let count = |pt| pos.pieces(color, pt).popcount() as i32;
    count(PieceType::Knight) * KNIGHT_VALUE.mg
        + count(PieceType::Bishop) * BISHOP_VALUE.mg
        + count(PieceType::Rook) * ROOK_VALUE.mg
        + count(PieceType::Queen) * QUEEN_VALUE.mg
}

/// `color` has no pawns and too little to force mate against a bare king: at most one minor
/// piece, or two knights.
fn cannot_force_mate(pos: &Position, color: Color) -> bool {
    let heavy_or_pawns = pos.pieces(color, PieceType::Pawn)
        | pos.pieces(color, PieceType::Rook)
        | pos.pieces(color, PieceType::Queen);
    if heavy_or_pawns.is_nonempty() {
        return false;
    }
    let knights = pos.pieces(color, PieceType::Knight).popcount();
    let bishops = pos.pieces(color, PieceType::Bishop).popcount();
    knights + bishops <= 1 || (bishops == 0 && knights == 2)
}

/// Neither side can force mate (KvK, KBvK, KNvKB, KNNvK, …): the game is a draw.
pub fn no_mating_material(pos: &Position) -> bool {
    cannot_force_mate(pos, Color::White) && cannot_force_mate(pos, Color::Black)
}

/// How much of the endgame score `strong` (the side the endgame score favours) keeps, out of
/// [`SCALE_NORMAL`].
pub fn factor(pos: &Position, strong: Color) -> i32 {
    let weak = strong.flip();
    if pos.pieces(strong, PieceType::Pawn).is_empty() {
        if cannot_force_mate(pos, strong) {
            return 0;
        }
        let strong_material = non_pawn_material(pos, strong);
        let weak_material = non_pawn_material(pos, weak);
        // A queen against at most a rook still wins (KQvKR, KQvKB …).
        let queen_wins = pos.pieces(strong, PieceType::Queen).is_nonempty()
            && pos.pieces(weak, PieceType::Queen).is_empty()
            && weak_material <= ROOK_VALUE.mg;
        if strong_material - weak_material < ROOK_VALUE.mg && !queen_wins {
            return SCALE_PAWNLESS_SMALL_EDGE;
        }
    }

    let white_bishops = pos.pieces(Color::White, PieceType::Bishop);
    let black_bishops = pos.pieces(Color::Black, PieceType::Bishop);
    if white_bishops.popcount() == 1
        && black_bishops.popcount() == 1
        && on_opposite_colours(white_bishops, black_bishops)
    {
        let others = pos.pieces_of_type(PieceType::Knight)
            | pos.pieces_of_type(PieceType::Rook)
            | pos.pieces_of_type(PieceType::Queen);
        return if others.is_empty() {
            SCALE_OCB_PURE
        } else {
            SCALE_OCB_WITH_PIECES
        };
    }
    SCALE_NORMAL
}

/// The two single-bishop sets stand on squares of different colours.
fn on_opposite_colours(a: Bitboard, b: Bitboard) -> bool {
    let light = |bb: Bitboard| (bb & Bitboard::LIGHT_SQUARES).is_nonempty();
    light(a) != light(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid FEN")
    }

    #[test]
    fn mating_material() {
        assert!(no_mating_material(&pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
        assert!(no_mating_material(&pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")));
        assert!(no_mating_material(&pos(
            "4k3/8/8/2n5/8/8/8/2B1K3 w - - 0 1"
        )));
        assert!(no_mating_material(&pos("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1")));
        assert!(!no_mating_material(&pos(
            "4k3/8/8/8/8/8/8/1BB1K3 w - - 0 1"
        )));
        assert!(!no_mating_material(&pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")));
        assert!(!no_mating_material(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")));
    }

    #[test]
    fn factors() {
        // KRvKN: a rook against a knight, no pawns.
        let p = pos("4k3/8/8/2n5/8/8/8/R3K3 w - - 0 1");
        assert_eq!(factor(&p, Color::White), SCALE_PAWNLESS_SMALL_EDGE);
        // KRvK wins; KQvKR wins.
        assert_eq!(
            factor(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), Color::White),
            64
        );
        let p = pos("4k3/8/8/2r5/8/8/8/Q3K3 w - - 0 1");
        assert_eq!(factor(&p, Color::White), SCALE_NORMAL);
        // KBvKP: the bishop side cannot win.
        assert_eq!(
            factor(&pos("4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1"), Color::White),
            0
        );
        // Opposite-coloured bishops (c1 dark, c8 light), with and without rooks.
        let p = pos("2b1k3/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1");
        assert_eq!(factor(&p, Color::White), SCALE_OCB_PURE);
        let p = pos("r1b1k3/pp6/8/8/8/8/PPP5/R1B1K3 w - - 0 1");
        assert_eq!(factor(&p, Color::White), SCALE_OCB_WITH_PIECES);
        // Same-coloured bishops: no scaling.
        let p = pos("1b2k3/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1");
        assert_eq!(factor(&p, Color::White), SCALE_NORMAL);
    }
}
