//! Threats: enemy pieces attacked by our pawns, enemy rooks and queens attacked by our minor
//! pieces, enemy queens attacked by our rooks, and enemy pieces we attack that nothing of
//! theirs defends. The search sees these one move later than the evaluation does; scoring
//! them lets quiet positions tell a loose piece from a safe one.

use super::params::*;
use super::score::Score;
use crate::chess::{Bitboard, Color, PieceType, Position};

/// The squares one side attacks, by kind of attacker.
#[derive(Copy, Clone, Debug, Default)]
pub struct Attacks {
    /// Attacked by pawns.
    pub pawns: Bitboard,
    /// Attacked by knights or bishops.
    pub minors: Bitboard,
    /// Attacked by rooks.
    pub rooks: Bitboard,
    /// Attacked by anything, the king included.
    pub all: Bitboard,
}

/// The threats `color` makes, given both sides' attacks.
pub fn evaluate(pos: &Position, color: Color, ours: &Attacks, theirs: &Attacks) -> Score {
    let them = color.flip();
    let queens = pos.pieces(them, PieceType::Queen);
    let majors = pos.pieces(them, PieceType::Rook) | queens;
    let pieces = majors | pos.pieces(them, PieceType::Knight) | pos.pieces(them, PieceType::Bishop);
    let count = |targets: Bitboard| targets.popcount() as i32;
    THREAT_BY_PAWN * count(ours.pawns & pieces)
        + THREAT_BY_MINOR * count(ours.minors & majors)
        + THREAT_BY_ROOK * count(ours.rooks & queens)
        + HANGING_PIECE * count(ours.all & pieces & !theirs.all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Square;

    fn at(squares: &[Square]) -> Bitboard {
        squares
            .iter()
            .fold(Bitboard::EMPTY, |bb, &sq| bb | Bitboard::from_square(sq))
    }

    #[test]
    fn each_threat_counts_once_per_target() {
        // Black: knight d5, rook f5, queen h4; White attacks them as the maps say.
        let pos = Position::from_fen("4k3/8/8/3n1r2/7q/8/8/4K3 w - - 0 1").expect("valid");
        let ours = Attacks {
            pawns: at(&[Square::D5]),
            minors: at(&[Square::F5, Square::H4]),
            rooks: at(&[Square::H4]),
            all: at(&[Square::D5, Square::F5, Square::H4]),
        };
        // d5 and f5 are defended, the queen is not.
        let theirs = Attacks {
            all: at(&[Square::D5, Square::F5]),
            ..Attacks::default()
        };
        assert_eq!(
            evaluate(&pos, Color::White, &ours, &theirs),
            THREAT_BY_PAWN + THREAT_BY_MINOR * 2 + THREAT_BY_ROOK + HANGING_PIECE
        );
        assert_eq!(evaluate(&pos, Color::Black, &theirs, &ours), Score::ZERO);
    }
}
