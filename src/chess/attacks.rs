//! Attack sets of every piece, and the geometry between squares (`between`, `line`).
//! Leaper tables and the square-pair tables are built at compile time; sliders go through
//! the magic tables of [`super::magic`].

use super::bitboard::Bitboard;
use super::magic;
use super::types::{Color, PieceType, Square};

pub use super::magic::{bishop_attacks, rook_attacks};

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut index = 0;
    while index < 64 {
        let mut bits = 0u64;
        let mut s = 0;
        while s < steps.len() {
            if let Some(to) = Square::ALL[index].offset(steps[s].0, steps[s].1) {
                bits |= 1 << to as u8;
            }
            s += 1;
        }
        table[index] = Bitboard(bits);
        index += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [Bitboard; 64] = leaper_table(&KING_STEPS);
static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// For each pair of squares on a common line: the squares strictly between them, and the
/// whole line through both, edge to edge.
const fn square_pair_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (sq_a, sq_b) = (Square::ALL[a], Square::ALL[b]);
            let both = 1u64 << a | 1u64 << b;
            let mut d = 0;
            while d < 2 {
                let directions = if d == 0 {
                    &magic::ROOK_DIRECTIONS
                } else {
                    &magic::BISHOP_DIRECTIONS
                };
                let rays_a = magic::slow_slider_attacks(sq_a, 0, directions, false);
                if a != b && rays_a & 1u64 << b != 0 {
                    let rays_b = magic::slow_slider_attacks(sq_b, 0, directions, false);
                    let from_a = magic::slow_slider_attacks(sq_a, both, directions, false);
                    let from_b = magic::slow_slider_attacks(sq_b, both, directions, false);
                    between[a][b] = Bitboard(from_a & from_b);
                    line[a][b] = Bitboard((rays_a & rays_b) | both);
                }
                d += 1;
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

/// The rays of a slider moving in `directions` from every square, on an empty board.
const fn empty_board_rays(directions: &[(i8, i8); 4]) -> [Bitboard; 64] {
    let mut rays = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        rays[sq] = Bitboard(magic::slow_slider_attacks(
            Square::ALL[sq],
            0,
            directions,
            false,
        ));
        sq += 1;
    }
    rays
}

static BISHOP_RAYS: [Bitboard; 64] = empty_board_rays(&magic::BISHOP_DIRECTIONS);
static ROOK_RAYS: [Bitboard; 64] = empty_board_rays(&magic::ROOK_DIRECTIONS);

#[allow(long_running_const_eval)]
static SQUARE_PAIRS: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = square_pair_tables();

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// Squares a bishop on `sq` would attack on an empty board: a plain lookup, so a cheap test
/// of whether any diagonal slider could reach `sq` at all before its magic lookup.
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq.index()]
}

/// Squares a rook on `sq` would attack on an empty board (see [`bishop_rays`]).
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq.index()]
}

/// Squares a queen on `sq` attacks with `occupied` as blockers.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares a piece of `piece_type` (not a pawn) on `sq` attacks with `occupied` as blockers.
#[inline]
pub fn piece_attacks(piece_type: PieceType, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece_type {
        PieceType::Pawn => Bitboard::EMPTY,
        PieceType::Knight => knight_attacks(sq),
        PieceType::Bishop => bishop_attacks(sq, occupied),
        PieceType::Rook => rook_attacks(sq, occupied),
        PieceType::Queen => queen_attacks(sq, occupied),
        PieceType::King => king_attacks(sq),
    }
}

/// Squares strictly between `a` and `b` if they share a rank, file or diagonal, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    SQUARE_PAIRS.0[a.index()][b.index()]
}

/// The whole line (edge to edge) through `a` and `b` if they share a rank, file or diagonal,
/// else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    SQUARE_PAIRS.1[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(Square::A1).popcount(), 2);
        assert_eq!(knight_attacks(Square::D4).popcount(), 8);
        assert_eq!(king_attacks(Square::H8).popcount(), 3);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            [Square::D5, Square::F5].into_iter().collect()
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A7),
            Bitboard::from_square(Square::B6)
        );
    }

    #[test]
    fn between_and_line() {
        assert_eq!(
            between(Square::A1, Square::D4),
            [Square::B2, Square::C3].into_iter().collect()
        );
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
        assert_eq!(line(Square::B2, Square::C3).popcount(), 8);
        assert!(line(Square::B2, Square::C3).contains(Square::H8));
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(
            line(Square::E2, Square::E7),
            Bitboard::file(Square::E1.file())
        );
    }

    #[test]
    fn empty_board_rays_are_the_sliders_attacks_on_an_empty_board() {
        for sq in Square::ALL {
            assert_eq!(bishop_rays(sq), bishop_attacks(sq, Bitboard::EMPTY));
            assert_eq!(rook_rays(sq), rook_attacks(sq, Bitboard::EMPTY));
        }
        assert_eq!(bishop_rays(Square::D4).popcount(), 13);
        assert_eq!(rook_rays(Square::A1).popcount(), 14);
    }
}
