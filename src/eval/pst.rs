//! Piece-square tables, generated at compile time from the few shape parameters in
//! [`super::params`] (centralisation, advancement, back rank, seventh rank) rather than typed
//! in. Tables are from white's side; a black piece looks up its square mirrored top to bottom.
//! Material is a separate term, so these hold only the positional part.

use super::params::*;
use super::score::{s, Score};
use crate::chess::{Color, PieceType, Square};

/// Distance from the board edge of a file or rank index: 0 on a/h (1/8) … 3 on d/e (4/5).
const fn centrality(index: usize) -> i32 {
    let i = index as i32;
    if i < 7 - i {
        i
    } else {
        7 - i
    }
}

/// The positional value of a white piece of type index `pt` on square index `sq`.
const fn square_value(pt: usize, sq: usize) -> Score {
    let file = sq & 7;
    let rank = sq >> 3;
    let fc = centrality(file);
    let rc = centrality(rank);
    // Centrality of the square, 0 (corner) … 6 (centre), minus 3 so the board averages ~0.
    let centre = fc + rc - 3;
    let rank_i = rank as i32;
    match pt {
        // Pawn: small push bonus, plus a centre bonus while the centre is being fought for.
        0 => {
            let advance = if rank_i >= 2 { rank_i - 1 } else { 0 };
            let mut v = PAWN_ADVANCE.times(advance);
            if rank >= 2 && rank <= 4 {
                v = v.plus(PAWN_CENTRE.times(fc));
            }
            v
        }
        1 => {
            let v = KNIGHT_CENTRE.times(centre);
            if rank == 0 {
                v.plus(MINOR_BACK_RANK)
            } else {
                v
            }
        }
        2 => {
            let v = BISHOP_CENTRE.times(centre);
            if rank == 0 {
                v.plus(MINOR_BACK_RANK)
            } else {
                v
            }
        }
        3 => {
            let v = ROOK_CENTRE_FILE.times(fc - 1);
            if rank == 6 {
                v.plus(ROOK_SEVENTH)
            } else {
                v
            }
        }
        4 => QUEEN_CENTRE.times(centre),
        _ => s(
            KING_ADVANCE_MG * rank_i + KING_FILE_MG[fc as usize],
            KING_CENTRE_EG * centre,
        ),
    }
}

const fn build() -> [[Score; Square::COUNT]; PieceType::COUNT] {
    let mut table = [[Score::ZERO; Square::COUNT]; PieceType::COUNT];
    let mut pt = 0;
    while pt < PieceType::COUNT {
        let mut sq = 0;
        while sq < Square::COUNT {
            table[pt][sq] = square_value(pt, sq);
            sq += 1;
        }
        pt += 1;
    }
    table
}

/// `TABLE[piece type][square]` for white pieces.
static TABLE: [[Score; Square::COUNT]; PieceType::COUNT] = build();

/// The positional value of a piece of `color` and `piece_type` on `sq`, from its own side.
#[inline(always)]
pub fn value(color: Color, piece_type: PieceType, sq: Square) -> Score {
    let sq = match color {
        Color::White => sq,
        Color::Black => sq.flip_rank(),
    };
    TABLE[piece_type.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let knight = |sq| value(Color::White, PieceType::Knight, sq);
        assert!(knight(Square::E4).mg > knight(Square::A1).mg);
        assert!(knight(Square::D5).mg > knight(Square::H5).mg);
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
        assert!(pawn(Square::E4).mg > pawn(Square::A4).mg);
        let rook = |sq| value(Color::White, PieceType::Rook, sq);
        assert!(rook(Square::D7).mg > rook(Square::D6).mg);
    }

    #[test]
    fn left_right_symmetric() {
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
