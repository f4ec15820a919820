//! Piece-square tables: the positional part of a piece's value by square, from the
//! left-right symmetric half tables of [`super::params`], expanded once at compile time to
//! whole boards. Tables are from white's side; a black piece looks up its square mirrored top
//! to bottom.

use super::params::*;
use super::score::Score;
use crate::chess::{Color, PieceType, Square};

/// The half tables by piece type index: `[rank][file]` for files a to d.
pub const HALF_TABLES: [&[[Score; 4]; 8]; PieceType::COUNT] = [
    &PAWN_SQUARES,
    &KNIGHT_SQUARES,
    &BISHOP_SQUARES,
    &ROOK_SQUARES,
    &QUEEN_SQUARES,
    &KING_SQUARES,
];

/// The names of [`HALF_TABLES`] in `params.rs`.
pub const HALF_TABLE_NAMES: [&str; PieceType::COUNT] = [
    "PAWN_SQUARES",
    "KNIGHT_SQUARES",
    "BISHOP_SQUARES",
    "ROOK_SQUARES",
    "QUEEN_SQUARES",
    "KING_SQUARES",
];

/// The index into a half table (`rank * 4 + file`, files e to h mirrored onto d to a) of
/// square index `sq`, as seen by white.
pub const fn half_index(sq: usize) -> usize {
    let file = sq & 7;
    let folded = if file < 4 { file } else { 7 - file };
    (sq >> 3) * 4 + folded
}

const fn build() -> [[Score; Square::COUNT]; PieceType::COUNT] {
    let mut table = [[Score::ZERO; Square::COUNT]; PieceType::COUNT];
    let mut pt = 0;
    while pt < PieceType::COUNT {
        let mut sq = 0;
        while sq < Square::COUNT {
            let index = half_index(sq);
            table[pt][sq] = HALF_TABLES[pt][index / 4][index % 4];
            sq += 1;
        }
        pt += 1;
    }
    table
}

/// `TABLE[piece type][square]` for white pieces.
static TABLE: [[Score; Square::COUNT]; PieceType::COUNT] = build();

/// The square a piece of `color` on `sq` has in white's tables.
#[inline(always)]
pub fn relative(color: Color, sq: Square) -> Square {
    match color {
        Color::White => sq,
        Color::Black => sq.flip_rank(),
    }
}

/// The positional value of a piece of `color` and `piece_type` on `sq`, from its own side.
#[inline(always)]
pub fn value(color: Color, piece_type: PieceType, sq: Square) -> Score {
    TABLE[piece_type.index()][relative(color, sq).index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let knight = |sq| value(Color::White, PieceType::Knight, sq);
        assert!(knight(Square::E4).mg > knight(Square::A1).mg);
        assert!(knight(Square::E4).mg > knight(Square::H4).mg);
        // Black is mirrored.
        assert_eq!(
            value(Color::Black, PieceType::Knight, Square::C6),
            knight(Square::C3)
        );
        let king = |sq| value(Color::White, PieceType::King, sq);
        assert!(king(Square::G1).mg > king(Square::E2).mg);
        assert!(king(Square::E4).eg > king(Square::H1).eg);
        let pawn = |sq| value(Color::White, PieceType::Pawn, sq);
        assert!(pawn(Square::E4).mg > pawn(Square::E2).mg);
    }

    #[test]
    fn files_e_to_h_mirror_a_to_d() {
        assert_eq!(half_index(Square::A1.index()), 0);
        assert_eq!(half_index(Square::H1.index()), 0);
        assert_eq!(half_index(Square::E4.index()), 3 * 4 + 3);
        assert_eq!(half_index(Square::G8.index()), 7 * 4 + 1);
        for pt in PieceType::ALL {
            for sq in Square::ALL {
                let mirrored = Square::from_index(sq.index() ^ 7).expect("on the board");
                assert_eq!(
                    value(Color::White, pt, sq),
                    value(Color::White, pt, mirrored)
                );
            }
        }
    }
}
