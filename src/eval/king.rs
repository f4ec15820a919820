//! King safety: what the enemy's pieces do against the king (attacks on its zone, safe
//! checks, weak squares around it; counted by [`Danger`] feature and weighted into danger
//! units) turned into a penalty that grows with the square of the units, and the pawns on the
//! king's file and its two neighbours (its own as shelter, the enemy's as a storm).

use super::params::*;
use super::score::Score;
use super::threats::Attacks;
use crate::chess::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::chess::{Bitboard, Color, File, PieceType, Position, Square};

/// What king danger counts against one king; [`KING_DANGER_WEIGHTS`] holds the danger units
/// of one of each, in this order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Danger {
    /// An enemy knight that attacks the king zone.
    KnightAttacker,
    /// An enemy bishop that attacks the king zone.
    BishopAttacker,
    /// An enemy rook that attacks the king zone.
    RookAttacker,
    /// An enemy queen that attacks the king zone.
    QueenAttacker,
    /// A king-zone square attacked, counted once per attacking piece.
    ZoneSquare,
    /// A square an enemy knight can give check from, safely (see [`add_checks`]).
    KnightCheck,
    /// A safe bishop check.
    BishopCheck,
    /// A safe rook check.
    RookCheck,
    /// A safe queen check.
    QueenCheck,
    /// A zone square the enemy attacks that no pawn, minor piece or rook of ours defends.
    WeakSquare,
    /// The enemy has no queen (one count): attacks without one rarely mate.
    NoQueen,
}

impl Danger {
    /// Every feature, in the order of [`KING_DANGER_WEIGHTS`].
    pub const ALL: [Danger; 11] = [
        Danger::KnightAttacker,
        Danger::BishopAttacker,
        Danger::RookAttacker,
        Danger::QueenAttacker,
        Danger::ZoneSquare,
        Danger::KnightCheck,
        Danger::BishopCheck,
        Danger::RookCheck,
        Danger::QueenCheck,
        Danger::WeakSquare,
        Danger::NoQueen,
    ];
    /// Number of features.
    pub const COUNT: usize = Danger::ALL.len();

    /// The feature counted for an attacker of the king zone of `piece_type` (a knight,
    /// bishop, rook or queen).
    pub const fn attacker(piece_type: PieceType) -> Danger {
        match piece_type {
            PieceType::Knight => Danger::KnightAttacker,
            PieceType::Bishop => Danger::BishopAttacker,
            PieceType::Rook => Danger::RookAttacker,
            _ => Danger::QueenAttacker,
        }
    }
}

/// The enemy's attacks against one king, by [`Danger`] feature.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KingAttack {
    /// Pieces (not pawns or king) that attack at least one zone square.
    pub attackers: i32,
    /// How often each [`Danger`] feature occurs, by its index.
    pub counts: [i32; Danger::COUNT],
}

impl KingAttack {
    /// Adds a piece of `piece_type` with `attacks` against the king zone `zone`.
    #[inline(always)]
    pub fn add_piece(&mut self, piece_type: PieceType, attacks: Bitboard, zone: Bitboard) {
        let hits = attacks & zone;
        if hits.is_nonempty() {
            self.attackers += 1;
            self.counts[Danger::attacker(piece_type) as usize] += 1;
            self.counts[Danger::ZoneSquare as usize] += hits.popcount() as i32;
        }
    }

    /// Danger units: each feature's count times its weight, at least 0.
    #[inline]
    pub fn units(&self) -> i32 {
        let mut units = 0;
        for (count, weight) in self.counts.iter().zip(KING_DANGER_WEIGHTS) {
            units += count * weight;
        }
        units.max(0)
    }
}

/// The squares one side's knights, bishops, rooks and queens attack, by piece type.
#[derive(Copy, Clone, Debug, Default)]
pub struct PieceAttacks {
    /// Squares its knights attack.
    pub knights: Bitboard,
    /// Squares its bishops attack.
    pub bishops: Bitboard,
    /// Squares its rooks attack.
    pub rooks: Bitboard,
    /// Squares its queens attack.
    pub queens: Bitboard,
}

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

/// Adds to `attack` (the enemy's attacks on the king of `color`) the enemy's safe checks, the
/// weak squares of the king zone `zone` and whether the enemy lacks a queen. `enemy` are the
/// enemy's attacks by piece type, `enemy_all` everything it attacks, `ours` the defender's
/// attacks. A check is safe on a square that holds no enemy piece and that the defender does
/// not attack (the king's own reach included).
pub fn add_checks(
    pos: &Position,
    color: Color,
    zone: Bitboard,
    enemy: &PieceAttacks,
    enemy_all: Bitboard,
    ours: &Attacks,
    attack: &mut KingAttack,
) {
    let them = color.flip();
    let king = pos.king_square(color);
    let occupied = pos.occupied();
    let safe = !(pos.pieces_of_color(them) | ours.all);
    let diagonal = bishop_attacks(king, occupied) & safe;
    let straight = rook_attacks(king, occupied) & safe;
    let knight = knight_attacks(king) & safe;
    let mut count = |feature: Danger, squares: Bitboard| {
        attack.counts[feature as usize] += squares.popcount() as i32;
    };
    count(Danger::KnightCheck, knight & enemy.knights);
    count(Danger::BishopCheck, diagonal & enemy.bishops);
    count(Danger::RookCheck, straight & enemy.rooks);
    count(Danger::QueenCheck, (diagonal | straight) & enemy.queens);
    count(
        Danger::WeakSquare,
        zone & enemy_all & !(ours.pawns | ours.minors | ours.rooks),
    );
    attack.counts[Danger::NoQueen as usize] =
        i32::from(pos.pieces(them, PieceType::Queen).is_empty());
}

/// Penalty for the king that `attack` describes the enemy's attacks against. Zero with fewer
/// than two attackers: a lone piece rarely mates.
#[inline]
pub fn danger(attack: &KingAttack) -> Score {
    if attack.attackers < 2 {
        return Score::ZERO;
    }
    let units = attack.units();
    let mg = (units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX);
    Score::new(-mg, -units / KING_DANGER_EG_DIVISOR)
}

/// The pawns around `color`'s king: on each of three files around it (b…g for the middle
/// one, so a king in the corner still looks at three files), `[own, enemy]`: how many ranks
/// ahead of the king the nearest own pawn and the nearest enemy pawn stand, 0 for none. These
/// index [`SHELTER`] and [`STORM`].
pub fn pawn_cover(pos: &Position, color: Color) -> [[usize; 2]; 3] {
    let king = pos.king_square(color);
    let rank = king.rank().index() as u32;
    let ahead = Bitboard(match color {
        Color::White => (!0u64).checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    });
    let nearest = |pawns: Bitboard| {
        let square = match color {
            Color::White => pawns.lsb(),
            // Highest set bit; none when the file is empty (64 leading zeros).
            Color::Black => 63usize
                .checked_sub(pawns.0.leading_zeros() as usize)
                .and_then(Square::from_index),
        };
        square.map_or(0, |sq| sq.rank().index().abs_diff(king.rank().index()))
    };
    let [ours, theirs] = [color, color.flip()].map(|c| pos.pieces(c, PieceType::Pawn) & ahead);
    let middle = king.file().index().clamp(1, 6);
    std::array::from_fn(|i| {
        let file = Bitboard::file(File::ALL[middle - 1 + i]);
        [nearest(ours & file), nearest(theirs & file)]
    })
}

/// The shelter of `color`'s king: per file around it, its nearest own pawn's [`SHELTER`] entry
/// and the nearest enemy pawn's [`STORM`] entry (see [`pawn_cover`]).
pub fn shelter(pos: &Position, color: Color) -> Score {
    pawn_cover(pos, color)
        .iter()
        .fold(Score::ZERO, |sum, &[own, enemy]| {
            sum + SHELTER[own] + STORM[enemy]
        })
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
    fn pawn_cover_shapes() {
        let intact = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1").expect("valid");
        let expected = [[1, 6]; 3];
        assert_eq!(pawn_cover(&intact, Color::White), expected);
        assert_eq!(pawn_cover(&intact, Color::Black), expected);
        assert_eq!(shelter(&intact, Color::White), (SHELTER[1] + STORM[6]) * 3);
        // The g-pawns face each other on g4 and g5; the h-pawns are gone.
        let weak = Position::from_fen("6k1/5p2/8/6p1/6P1/8/5P2/6K1 w - - 0 1").expect("valid");
        assert_eq!(pawn_cover(&weak, Color::White), [[1, 6], [3, 4], [0, 0]]);
        assert_eq!(pawn_cover(&weak, Color::Black), [[1, 6], [3, 4], [0, 0]]);
        // A king in the corner looks at the three files next to the edge.
        let corner = Position::from_fen("7k/8/8/8/8/8/P6P/K7 b - - 0 1").expect("valid");
        assert_eq!(pawn_cover(&corner, Color::White), [[1, 0], [0, 0], [0, 0]]);
        assert_eq!(pawn_cover(&corner, Color::Black), [[0, 0], [0, 0], [0, 6]]);
    }

    /// An attack of `attackers` pieces worth `units` danger units, all from attacked zone
    /// squares.
    fn squares(attackers: i32, units: i32) -> KingAttack {
        let weight = KING_DANGER_WEIGHTS[Danger::ZoneSquare as usize];
        assert!(
            weight > 0 && units % weight == 0,
            "{units} units of {weight}"
        );
        let mut counts = [0; Danger::COUNT];
        counts[Danger::ZoneSquare as usize] = units / weight;
        KingAttack { attackers, counts }
    }

    #[test]
    fn danger_needs_two_attackers() {
        let units = 20 * KING_DANGER_WEIGHTS[Danger::ZoneSquare as usize];
        assert_eq!(danger(&squares(1, units)), Score::ZERO);
        let mg = (units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX);
        assert!(mg > 0);
        assert_eq!(
            danger(&squares(2, units)),
            Score::new(-mg, -units / KING_DANGER_EG_DIVISOR)
        );
        // Quadratic, then capped.
        let few = 3 * KING_DANGER_WEIGHTS[Danger::ZoneSquare as usize];
        assert_eq!(
            danger(&squares(3, few)).mg,
            -(few * few / KING_DANGER_DIVISOR)
        );
        let overwhelming = 1000 * KING_DANGER_WEIGHTS[Danger::ZoneSquare as usize];
        assert_eq!(danger(&squares(5, overwhelming)).mg, -KING_DANGER_MAX);
    }

    #[test]
    fn units_never_go_below_zero() {
        let mut attack = squares(2, 0);
        attack.counts[Danger::NoQueen as usize] = 1;
        assert!(KING_DANGER_WEIGHTS[Danger::NoQueen as usize] < 0);
        assert_eq!(attack.units(), 0);
        assert_eq!(danger(&attack), Score::ZERO);
    }

    #[test]
    fn counts_attackers_safe_checks_and_weak_squares() {
        // The knight on d5 hits the zone on f6 (a pawn guards it) and can check safely from
        // e7 (f6 is guarded); the queen on a2 can check safely from a8. Black has no queen.
        let pos = Position::from_fen("6k1/5ppp/8/3N4/8/8/Q7/6K1 b - - 0 1").expect("valid");
        let attacks = super::super::Breakdown::new(&pos).king_attacks;
        let mut expected = [0; Danger::COUNT];
        for feature in [
            Danger::KnightAttacker,
            Danger::ZoneSquare,
            Danger::KnightCheck,
            Danger::QueenCheck,
        ] {
            expected[feature as usize] = 1;
        }
        assert_eq!(
            attacks[Color::Black.index()],
            KingAttack {
                attackers: 1,
                counts: expected
            }
        );
        let mut expected = [0; Danger::COUNT];
        expected[Danger::NoQueen as usize] = 1;
        assert_eq!(
            attacks[Color::White.index()],
            KingAttack {
                attackers: 0,
                counts: expected
            }
        );
    }
}
