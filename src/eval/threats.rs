//! Threats: enemy pieces attacked by our pawns (or by a pawn we can push safely), enemy pieces
//! and pawns that our minor pieces or rooks attack where it hurts, and enemy pieces we attack
//! that nothing of theirs defends. Each threat is weighed by the attacker's kind and the
//! victim's type. The search sees these one move later than the evaluation does; scoring them
//! lets quiet positions tell a loose piece from a safe one.

use super::params::*;
use super::pawns;
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

/// The enemy men `color` threatens, by kind of threat: each set is weighed per victim by its
/// table in [`TABLES`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// Pieces our pawns attack.
    pub by_pawn: Bitboard,
    /// Pieces a pawn of ours would attack after a safe push.
    pub by_push: Bitboard,
    /// Men our minors attack that no enemy pawn defends, and rooks and queens they attack.
    pub by_minor: Bitboard,
    /// Men our rooks attack that nothing defends, and queens they attack.
    pub by_rook: Bitboard,
    /// Pieces we attack that nothing defends.
    pub hanging: Bitboard,
}

/// The threat tables, in the order of [`Targets`]' victim sets (the hanging pieces have one
/// weight, [`HANGING_PIECE`]).
pub const TABLES: [&[Score; PieceType::COUNT]; 4] = [
    &THREAT_BY_PAWN,
    &THREAT_BY_PUSH,
    &THREAT_BY_MINOR,
    &THREAT_BY_ROOK,
];

impl Targets {
    /// The victim sets in the order of [`TABLES`].
    pub fn by_table(&self) -> [Bitboard; 4] {
        [self.by_pawn, self.by_push, self.by_minor, self.by_rook]
    }
}

/// The men of `color`'s enemy that `color` threatens, given both sides' attacks.
pub fn targets(pos: &Position, color: Color, ours: &Attacks, theirs: &Attacks) -> Targets {
    let them = color.flip();
    let enemy = pos.pieces_of_color(them) & !pos.pieces(them, PieceType::King);
    let queens = pos.pieces(them, PieceType::Queen);
    let majors = pos.pieces(them, PieceType::Rook) | queens;
    let pieces = enemy & !pos.pieces(them, PieceType::Pawn);
    let empty = !pos.occupied();
    let our_pawns = pos.pieces(color, PieceType::Pawn);
    let (single, double_rank) = match color {
        Color::White => (our_pawns.north() & empty, Bitboard(0x0000_0000_FF00_0000)),
        Color::Black => (our_pawns.south() & empty, Bitboard(0x0000_00FF_0000_0000)),
    };
    let double = match color {
        Color::White => single.north(),
        Color::Black => single.south(),
    } & empty
        & double_rank;
    // A push is safe if no enemy pawn guards the square and we guard it or they do not.
    let pushes = (single | double) & !theirs.pawns & (ours.all | !theirs.all);
    Targets {
        by_pawn: ours.pawns & pieces,
        by_push: pawns::attacks_of(color, pushes) & pieces & !ours.pawns,
        by_minor: ours.minors & enemy & (!theirs.pawns | majors),
        by_rook: ours.rooks & enemy & (!theirs.all | queens),
        hanging: ours.all & pieces & !theirs.all,
    }
}

/// The value of the threats `color` makes on `found` (see [`targets`]).
pub fn evaluate(pos: &Position, color: Color, found: &Targets) -> Score {
    let them = color.flip();
    let mut score = HANGING_PIECE * found.hanging.popcount() as i32;
    for (table, victims) in TABLES.iter().zip(found.by_table()) {
        if victims.is_empty() {
            continue;
        }
        for piece_type in PieceType::ALL {
            let count = (victims & pos.pieces(them, piece_type)).popcount() as i32;
            score += table[piece_type.index()] * count;
        }
    }
    score
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
        // Black: pawn a6, knight d5, rook f5, queen h4; white attacks them as the maps say,
        // and its g3 pawn can push to g4 and attack f5.
        let pos = Position::from_fen("4k3/8/p7/3n1r2/7q/6P1/8/4K3 w - - 0 1").expect("valid");
        let ours = Attacks {
            pawns: at(&[Square::D5]),
            minors: at(&[Square::A6, Square::F5, Square::H4]),
            rooks: at(&[Square::H4]),
            all: at(&[Square::A6, Square::D5, Square::F5, Square::H4]),
        };
        // d5 and f5 are defended, the queen and the pawn are not.
        let theirs = Attacks {
            all: at(&[Square::D5, Square::F5]),
            ..Attacks::default()
        };
        let found = targets(&pos, Color::White, &ours, &theirs);
        assert_eq!(
            found,
            Targets {
                by_pawn: at(&[Square::D5]),
                by_push: at(&[Square::F5]),
                by_minor: at(&[Square::A6, Square::F5, Square::H4]),
                by_rook: at(&[Square::H4]),
                hanging: at(&[Square::H4]),
            }
        );
        let [pawn, knight, rook, queen] = [
            PieceType::Pawn,
            PieceType::Knight,
            PieceType::Rook,
            PieceType::Queen,
        ]
        .map(PieceType::index);
        assert_eq!(
            evaluate(&pos, Color::White, &found),
            THREAT_BY_PAWN[knight]
                + THREAT_BY_PUSH[rook]
                + THREAT_BY_MINOR[pawn]
                + THREAT_BY_MINOR[rook]
                + THREAT_BY_MINOR[queen]
                + THREAT_BY_ROOK[queen]
                + HANGING_PIECE
        );
        let found = targets(&pos, Color::Black, &theirs, &ours);
        assert_eq!(found, Targets::default());
        assert_eq!(evaluate(&pos, Color::Black, &found), Score::ZERO);
    }
}
