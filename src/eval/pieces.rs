//! Knights, bishops, rooks and queens: mobility (squares attacked that hold no piece of our
//! own and no enemy pawn guards), the bishop pair, rooks on open and half-open files, knights
//! and bishops on outposts. The same attack sets also feed king safety: each piece that
//! reaches the enemy king zone is counted in a [`KingAttack`] that [`super::king`] turns into
//! a penalty.

use super::king::{KingAttack, PieceAttacks};
use super::params::*;
use super::score::Score;
use crate::chess::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::chess::{Bitboard, Color, PieceType, Position};

/// What [`evaluate`] finds for one side.
#[derive(Copy, Clone, Debug, Default)]
pub struct PieceTerms {
    /// Sum of the mobility bonuses.
    pub mobility: Score,
    /// Bishop pair and rook files.
    pub pieces: Score,
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

    for sq in pos.pieces(color, PieceType::Knight) {
        let attacks = knight_attacks(sq);
        if outposts.contains(sq) {
            terms.pieces += KNIGHT_OUTPOST;
        }
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

    let our_pawns = pos.pieces(color, PieceType::Pawn);
    let all_pawns = pos.pieces_of_type(PieceType::Pawn);
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
    }

    for sq in pos.pieces(color, PieceType::Queen) {
        let attacks = queen_attacks(sq, occupied);
        terms.by_type.queens |= attacks;
        terms.mobility += QUEEN_MOBILITY[(attacks & area).popcount() as usize];
        terms
            .king_attack
            .add_piece(PieceType::Queen, attacks, their_king_zone);
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
