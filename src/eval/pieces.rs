//! Knights, bishops, rooks and queens: mobility (squares attacked that hold no piece of our
//! own and no enemy pawn guards), the bishop pair, rooks on open and half-open files, knights
//! and bishops on outposts, and the placements of [`Placement`]. The same attack sets also
//! feed king safety: each piece that reaches the enemy king zone is counted in a
//! [`KingAttack`] that [`super::king`] turns into a penalty.

use super::king::{KingAttack, PieceAttacks};
use super::params::*;
use super::score::Score;
use crate::chess::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::chess::{Bitboard, Color, PieceType, Position, Rank};

/// The piece placements that the [`PLACEMENT`] table weighs, in its order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// A knight or bishop with a pawn (of either side) right in front of it.
    MinorBehindPawn,
    /// Per pawn of ours on the squares of a bishop's colour.
    BishopColourPawn,
    /// Per pawn of ours on the squares of a bishop's colour that an enemy pawn blocks.
    BishopBlockedPawn,
    /// A bishop on a long diagonal that attacks two centre squares through the pawns.
    BishopLongDiagonal,
    /// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on the
    /// seventh.
    RookOnSeventh,
}

impl Placement {
    /// Number of placements.
    pub const COUNT: usize = 5;
}

/// The two long diagonals, a1-h8 and a8-h1.
const LONG_DIAGONALS: Bitboard = Bitboard(0x8040_2010_0804_0201 | 0x0102_0408_1020_4080);

/// d4, e4, d5 and e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// What [`evaluate`] finds for one side.
#[derive(Copy, Clone, Debug, Default)]
pub struct PieceTerms {
    /// Sum of the mobility bonuses.
    pub mobility: Score,
    /// Bishop pair, rook files, outposts and placements.
    pub pieces: Score,
    /// How often each [`Placement`] occurs, by its index.
    pub placement: [i32; Placement::COUNT],
    /// The side's attacks on the enemy king zone.
    pub king_attack: KingAttack,
    /// Squares each piece type attacks (for threats and checks).
    pub by_type: PieceAttacks,
    /// Squares any of these pieces attacks.
    pub attacks: Bitboard,
}

/// Squares on the fourth to sixth rank (from `color`'s side).
const fn outpost_ranks(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(0x0000_FFFF_FF00_0000),
        Color::Black => Bitboard(0x0000_00FF_FFFF_0000),
    }
}

/// The outposts of `color`: squares on the fourth to sixth rank that a pawn of ours guards
/// (`our_pawn_attacks`) and no enemy pawn can ever attack (`their_pawn_span`, see
/// [`super::pawns::attack_span`]).
pub fn outposts(color: Color, our_pawn_attacks: Bitboard, their_pawn_span: Bitboard) -> Bitboard {
    outpost_ranks(color) & our_pawn_attacks & !their_pawn_span
}

/// The squares whose attack counts as mobility for `color`: neither holding a piece of ours
/// nor guarded by an enemy pawn (`their_pawn_attacks`).
pub fn mobility_area(pos: &Position, color: Color, their_pawn_attacks: Bitboard) -> Bitboard {
    !(pos.pieces_of_color(color) | their_pawn_attacks)
}

/// The pieces of `color`; `their_pawn_attacks` are the squares enemy pawns guard,
/// `their_king_zone` the enemy king's zone (see [`super::king::zone`]) and `outposts` ours
/// (see [`outposts`]).
pub fn evaluate(
    pos: &Position,
    color: Color,
    their_pawn_attacks: Bitboard,
    their_king_zone: Bitboard,
    outposts: Bitboard,
) -> PieceTerms {
    let occupied = pos.occupied();
    let area = mobility_area(pos, color, their_pawn_attacks);
    let mut terms = PieceTerms::default();
    let our_pawns = pos.pieces(color, PieceType::Pawn);
    let their_pawns = pos.pieces(color.flip(), PieceType::Pawn);
    let all_pawns = pos.pieces_of_type(PieceType::Pawn);
    // Squares with a pawn in front of them, and our pawns an enemy pawn blocks.
    let (behind_pawns, blocked_pawns) = match color {
        Color::White => (all_pawns.south(), our_pawns & their_pawns.south()),
        Color::Black => (all_pawns.north(), our_pawns & their_pawns.north()),
    };
    let count = &mut terms.placement;

    for sq in pos.pieces(color, PieceType::Knight) {
        let attacks = knight_attacks(sq);
        if outposts.contains(sq) {
            terms.pieces += KNIGHT_OUTPOST;
        }
        count[Placement::MinorBehindPawn as usize] += i32::from(behind_pawns.contains(sq));
        terms.by_type.knights |= attacks;
        terms.mobility += KNIGHT_MOBILITY[(attacks & area).popcount() as usize];
        terms
            .king_attack
            .add_piece(PieceType::Knight, attacks, their_king_zone);
    }

    let bishops = pos.pieces(color, PieceType::Bishop);
    for sq in bishops {
        let attacks = bishop_attacks(sq, occupied);
        if outposts.contains(sq) {
            terms.pieces += BISHOP_OUTPOST;
        }
        count[Placement::MinorBehindPawn as usize] += i32::from(behind_pawns.contains(sq));
        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        count[Placement::BishopColourPawn as usize] += (our_pawns & colour).popcount() as i32;
        count[Placement::BishopBlockedPawn as usize] += (blocked_pawns & colour).popcount() as i32;
        let sees_centre = (bishop_attacks(sq, all_pawns) & CENTRE).has_several();
        count[Placement::BishopLongDiagonal as usize] +=
            i32::from(LONG_DIAGONALS.contains(sq) && sees_centre);
        terms.by_type.bishops |= attacks;
        terms.mobility += BISHOP_MOBILITY[(attacks & area).popcount() as usize];
        terms
            .king_attack
            .add_piece(PieceType::Bishop, attacks, their_king_zone);
    }
    // A pair means bishops on both square colours (two promoted same-colour bishops are not).
    if (bishops & Bitboard::LIGHT_SQUARES).is_nonempty()
        && (bishops & Bitboard::DARK_SQUARES).is_nonempty()
    {
        terms.pieces += BISHOP_PAIR;
    }

    let seventh = Bitboard::rank(Rank::R7.relative_to(color));
    let king_on_eighth = pos.king_square(color.flip()).rank() == Rank::R8.relative_to(color);
    let seventh_has_targets = king_on_eighth || (their_pawns & seventh).is_nonempty();
    for sq in pos.pieces(color, PieceType::Rook) {
        let attacks = rook_attacks(sq, occupied);
        terms.by_type.rooks |= attacks;
        terms.mobility += ROOK_MOBILITY[(attacks & area).popcount() as usize];
        terms
            .king_attack
            .add_piece(PieceType::Rook, attacks, their_king_zone);
        let file = Bitboard::file(sq.file());
        if (file & all_pawns).is_empty() {
            terms.pieces += ROOK_OPEN_FILE;
        } else if (file & our_pawns).is_empty() {
            terms.pieces += ROOK_HALF_OPEN_FILE;
        }
        count[Placement::RookOnSeventh as usize] +=
            i32::from(seventh.contains(sq) && seventh_has_targets);
    }

    for sq in pos.pieces(color, PieceType::Queen) {
        let attacks = queen_attacks(sq, occupied);
        terms.by_type.queens |= attacks;
        terms.mobility += QUEEN_MOBILITY[(attacks & area).popcount() as usize];
        terms
            .king_attack
            .add_piece(PieceType::Queen, attacks, their_king_zone);
    }
    for (&weight, &times) in PLACEMENT.iter().zip(&terms.placement) {
        terms.pieces += weight * times;
    }
    let by_type = &terms.by_type;
    terms.attacks = by_type.knights | by_type.bishops | by_type.rooks | by_type.queens;
    terms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Square;
    use crate::eval::king::Danger;

    #[test]
    fn placements_are_counted_for_both_colours() {
        // White: knight d4 behind the d5 pawn; bishop b2 on the long diagonal seeing d4 and
        // e5, with two of our pawns on its colour (a3, e3; c4 is light), e3 blocked by e4; rook
        // on the seventh with the king on the eighth. The second position is its mirror.
        for (fen, color) in [
            ("4k3/1R6/8/3p4/2PNp3/P3P3/1B6/6K1 w - - 0 1", Color::White),
            ("6k1/1b6/p3p3/2pnP3/3P4/8/1r6/4K3 b - - 0 1", Color::Black),
        ] {
            let pos = Position::from_fen(fen).expect("valid");
            let none = Bitboard::EMPTY;
            assert_eq!(
                evaluate(&pos, color, none, none, none).placement,
                [1, 2, 1, 1, 1]
            );
            let other = evaluate(&pos, color.flip(), none, none, none);
            assert_eq!(other.placement, [0; Placement::COUNT]);
        }
    }

    #[test]
    fn rook_files_and_bishop_pair() {
        // White rooks: a1 on an open file, e1 on a half-open one (black pawn e6), h1 closed.
        let pos = Position::from_fen("4k3/7p/4p3/8/8/8/7P/R3R1KR w - - 0 1").expect("valid");
        let terms = evaluate(
            &pos,
            Color::White,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        assert_eq!(terms.pieces, ROOK_OPEN_FILE + ROOK_HALF_OPEN_FILE);
        let pair = Position::from_fen("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").expect("valid");
        let terms = evaluate(
            &pair,
            Color::White,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        assert_eq!(terms.pieces, BISHOP_PAIR);
        let same = Position::from_fen("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1").expect("valid");
        let terms = evaluate(
            &same,
            Color::White,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        assert_eq!(terms.pieces, Score::ZERO);
    }

    #[test]
    fn outposts_are_guarded_and_out_of_pawn_reach() {
        // White pawns d4 and c5 guard c5, e5, b6 and d6; black's a7 pawn can still attack b6
        // (and would reach c5 and e5 from b- or d-files, but there are none); the g7 pawn
        // covers f- and h-file squares only.
        let white = [Square::D4, Square::C5].into_iter().collect();
        let black = [Square::G7, Square::A7].into_iter().collect();
        let ours = super::super::pawns::attacks_of(Color::White, white);
        let span = super::super::pawns::attack_span(Color::Black, black);
        assert_eq!(
            outposts(Color::White, ours, span),
            [Square::C5, Square::D6, Square::E5].into_iter().collect()
        );
        let pos = Position::from_fen("4k3/8/3B4/4N3/8/8/8/4K3 w - - 0 1").expect("valid");
        let terms = evaluate(
            &pos,
            Color::White,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            outposts(Color::White, ours, span),
        );
        assert_eq!(terms.pieces, KNIGHT_OUTPOST + BISHOP_OUTPOST);
    }

    #[test]
    fn mobility_counts_safe_squares_only() {
        // A knight on e4 reaches 8 squares; with d6 and f6 guarded by enemy pawns, 6 count.
        let free = Position::from_fen("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1").expect("valid");
        let terms = evaluate(
            &free,
            Color::White,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        assert_eq!(terms.mobility, KNIGHT_MOBILITY[8]);
        let guarded = Bitboard::from_square(Square::D6) | Bitboard::from_square(Square::F6);
        let terms = evaluate(
            &free,
            Color::White,
            guarded,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        assert_eq!(terms.mobility, KNIGHT_MOBILITY[6]);
        // Attacking the king zone: one knight, two squares.
        let zone = Bitboard::from_square(Square::F6) | Bitboard::from_square(Square::G5);
        let terms = evaluate(&free, Color::White, Bitboard::EMPTY, zone, Bitboard::EMPTY);
        let mut counts = [0; Danger::COUNT];
        counts[Danger::KnightAttacker as usize] = 1;
        counts[Danger::ZoneSquare as usize] = 2;
        assert_eq!(
            terms.king_attack,
            KingAttack {
                attackers: 1,
                counts
            }
        );
    }
}
