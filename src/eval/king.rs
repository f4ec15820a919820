//! King safety: the enemy's attacks on the king zone (gathered by [`super::pieces`]) turned
//! into a penalty that grows with the square of the danger, and the pawn shield on the king's
//! file and its two neighbours.

use super::params::*;
use super::pieces::KingAttack;
use super::score::Score;
use crate::chess::attacks::king_attacks;
use crate::chess::{Bitboard, Color, File, PieceType, Position, Square};

/// The squares around the king of `color` on `king`, plus the row in front of those (towards
/// the enemy), where attacks are most dangerous.
#[inline(always)]
pub fn zone(color: Color, king: Square) -> Bitboard {
    let near = king_attacks(king) | Bitboard::from_square(king);
    near | match color {
        Color::White => near.north(),
        Color::Black => near.south(),
    }
}

/// Penalty for the king of a side that `attack` describes the enemy's attacks against.
/// Zero with fewer than two attackers: a lone piece rarely mates.
#[inline]
pub fn danger(attack: KingAttack) -> Score {
    if attack.attackers < 2 {
        return Score::ZERO;
    }
    let mg = (attack.units * attack.units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX);
    Score::new(-mg, -attack.units / KING_DANGER_EG_DIVISOR)
}

/// The pawn shield of `color`'s king: on each of three files around it (b…g for the middle
/// one, so a king in the corner still looks at three files), the nearest own pawn ahead of the
/// king. Middlegame only: in the endgame the king leaves its pawns.
pub fn shield(pos: &Position, color: Color) -> Score {
    let king = pos.king_square(color);
    let pawns = pos.pieces(color, PieceType::Pawn);
    let rank = king.rank().index() as u32;
    let ahead = Bitboard(match color {
        Color::White => (!0u64).checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    });
    let middle = king.file().index().clamp(1, 6);
    let mut mg = 0;
    for file in File::ALL[middle - 1..=middle + 1].iter() {
        let on_file = pawns & ahead & Bitboard::file(*file);
        let nearest = match color {
            Color::White => on_file.lsb(),
            // Highest set bit; none when the file is empty (64 leading zeros).
            Color::Black => 63usize
                .checked_sub(on_file.0.leading_zeros() as usize)
                .and_then(Square::from_index),
        };
        mg += match nearest {
            None => SHIELD_FILE_OPEN,
            Some(sq) => match sq.rank().index().abs_diff(king.rank().index()) {
                1 => SHIELD_PAWN_NEAR,
                2 => SHIELD_PAWN_FAR,
                _ => 0,
            },
        };
    }
    Score::new(mg, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_shape() {
        assert_eq!(zone(Color::White, Square::G1).popcount(), 9);
        assert!(zone(Color::White, Square::G1).contains(Square::H3));
        assert_eq!(zone(Color::Black, Square::E8).popcount(), 9);
        assert!(zone(Color::Black, Square::E8).contains(Square::D6));
        assert_eq!(zone(Color::White, Square::E4).popcount(), 12);
    }

    #[test]
    fn shield_shapes() {
        let intact = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1").expect("valid");
        assert_eq!(shield(&intact, Color::White).mg, 3 * SHIELD_PAWN_NEAR);
        assert_eq!(shield(&intact, Color::Black).mg, 3 * SHIELD_PAWN_NEAR);
        // g-pawn pushed two, h-pawn gone.
        let weak = Position::from_fen("6k1/5p2/6p1/8/8/6P1/5P2/6K1 w - - 0 1").expect("valid");
        let expected = SHIELD_PAWN_NEAR + SHIELD_PAWN_FAR + SHIELD_FILE_OPEN;
        assert_eq!(shield(&weak, Color::White).mg, expected);
        assert_eq!(shield(&weak, Color::Black).mg, expected);
    }

    #[test]
    fn danger_needs_two_attackers() {
        let one = KingAttack {
            attackers: 1,
            units: 100,
        };
        assert_eq!(danger(one), Score::ZERO);
        let two = KingAttack {
            attackers: 2,
            units: 160,
        };
        let mg = (160 * 160 / KING_DANGER_DIVISOR).min(KING_DANGER_MAX);
        assert!(mg > 0);
        assert_eq!(danger(two), Score::new(-mg, -160 / KING_DANGER_EG_DIVISOR));
        // Quadratic, then capped.
        let three = KingAttack {
            attackers: 3,
            units: 80,
        };
        assert_eq!(danger(three).mg, -(80 * 80 / KING_DANGER_DIVISOR));
        let overwhelming = KingAttack {
            attackers: 5,
            units: 10_000,
        };
        assert_eq!(danger(overwhelming).mg, -KING_DANGER_MAX);
    }
}
