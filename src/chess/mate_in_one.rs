//! A move that mates at once, if the side to move has one. The search asks it of the
//! opponent, as if we passed, before it trusts a static evaluation far above beta: a mate
//! threat makes that evaluation meaningless. A weakened level (`UCI_LimitStrength`) always
//! plays it.

use super::movegen::{kind, piece_moves, MoveSink};
use super::{Bitboard, CheckSquares, Move, Position, Square};

impl Position {
    /// A legal move of the side to move that mates, if there is one.
    pub fn mate_in_one(&self) -> Option<Move> {
        let mut finder = MateFinder {
            pos: self,
            checks: self.check_squares(),
            found: None,
        };
        self.generate::<{ kind::ALL }, _>(&mut finder);
        finder.found
    }
}

/// Receives the legal moves and tries those that give check. A piece that cannot uncover a
/// check has its targets cut to its checking squares (pawns come through `add`), so few
/// moves need `gives_check`.
struct MateFinder<'a> {
    pos: &'a Position,
    checks: CheckSquares,
    found: Option<Move>,
}

impl MoveSink for MateFinder<'_> {
    const STOPS_EARLY: bool = true;

    fn is_satisfied(&self) -> bool {
        self.found.is_some()
    }

    fn wanted_king_targets(&self) -> Bitboard {
        let king = self.pos.king_square(self.pos.side_to_move());
        if self.checks.discoverers().contains(king) {
            Bitboard::FULL
        } else {
            Bitboard::EMPTY
        }
    }

    fn add(&mut self, mv: Move) {
        if self.found.is_none()
            && self.checks.gives_check(self.pos, mv)
            && !self.pos.play(mv).has_legal_move()
        {
            self.found = Some(mv);
        }
    }

    fn add_piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard) {
        if self.found.is_some() {
            return;
        }
        let targets = match self.pos.piece_at(from) {
            Some(piece) if !self.checks.discoverers().contains(from) => {
                targets & self.checks.squares(piece.piece_type())
            }
            _ => targets,
        };
        for mv in piece_moves(from, targets, enemies) {
            self.add(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::Position;

    fn mates_in_one(fen: &str) -> bool {
        Position::from_fen(fen)
            .expect("test FEN is valid")
            .mate_in_one()
            .is_some()
    }

    #[test]
    fn finds_the_mates() {
        // Back rank; smothered; a promotion; any knight move uncovering the rook; a king
        // stepping off the rook's rank; a queen backed by a knight (WAC.021 after Qh6, if
        // Black passed).
        assert!(mates_in_one("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
        assert!(mates_in_one("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1"));
        assert!(mates_in_one("k7/2P5/1K6/8/8/8/8/8 w - - 0 1"));
        assert!(mates_in_one("k7/2K5/8/8/N7/8/8/R7 w - - 0 1"));
        assert!(mates_in_one("R2K3k/6pp/8/8/8/8/8/8 w - - 0 1"));
        assert!(mates_in_one(
            "5rk1/1b3p1p/pp3p1Q/3n1N2/1P6/P1qB1PP1/8/4R1K1 w - - 0 1"
        ));
    }

    #[test]
    fn checks_that_do_not_mate_and_stalemates_are_not_mates() {
        // The king has luft; the checking rook is taken; the queen can stalemate, not mate.
        assert!(!mates_in_one("6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 1"));
        assert!(!mates_in_one("6k1/5ppp/8/3q4/8/8/8/R5K1 w - - 0 1"));
        assert!(!mates_in_one("k7/8/1Q6/8/8/8/8/7K w - - 0 1"));
    }

    #[test]
    fn agrees_with_playing_every_move() {
        // Mating patterns of each kind, and two busy middlegames; three plies from each.
        let fens = [
            "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
            "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
            "k7/2K5/8/8/N7/8/8/R7 w - - 0 1",
            "R2K3k/6pp/8/8/8/8/8/8 w - - 0 1",
            "5rk1/1b3p1p/pp3p1Q/3n1N2/1P6/P1qB1PP1/8/4R1K1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        ];
        let mut mates = 0;
        for fen in fens {
            let mut frontier = vec![Position::from_fen(fen).expect("test FEN is valid")];
            for _ in 0..3 {
                let mut next = Vec::new();
                for pos in &frontier {
                    let mut mating = false;
                    for &mv in pos.legal_moves().as_slice() {
                        let child = pos.play(mv);
                        mating |= child.in_check() && !child.has_legal_move();
                        next.push(child);
                    }
                    let found = pos.mate_in_one();
                    assert_eq!(found.is_some(), mating, "{fen}");
                    if let Some(mv) = found {
                        let child = pos.play(mv);
                        assert!(child.in_check() && !child.has_legal_move(), "{fen}");
                    }
                    mates += usize::from(mating);
                }
                frontier = next;
            }
        }
        assert!(
            mates > 1000,
            "only {mates} positions with a mate: too few to test"
        );
    }
}
