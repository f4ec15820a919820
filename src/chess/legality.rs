//! Whether a move from outside the generator (the TT move, a killer) is legal here, decided
//! from the board alone. The search asks this at almost every node, so generating the node's
//! moves to look it up would cost as much as the cutoff it hopes for. Castling and en passant,
//! whose conditions are the generator's own, are still looked up in its output.

use super::attacks::{between, line, pawn_attacks, piece_attacks};
use super::movegen::kind;
use super::{Color, Move, MoveFlag, MoveList, PieceType, Position, Rank};

impl Position {
    /// True if `mv` is legal here; for moves from outside the generator (TT, killers).
    pub fn is_legal(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        // Kind bits that name no kind (5 to 7) decode as a quiet move, but no such move exists.
        if Move::new(from, to, mv.flag()) != mv {
            return false;
        }
        let us = self.side_to_move();
        let Some(piece) = self.piece_at(from).filter(|piece| piece.color() == us) else {
            return false;
        };
        if mv.is_castle() || mv.is_en_passant() {
            return self.is_generated(mv);
        }
        let target = self.piece_at(to);
        if target.is_some_and(|victim| victim.color() == us) || mv.is_capture() != target.is_some()
        {
            return false;
        }
        let occupied = self.occupied();
        let reaches = match piece.piece_type() {
            PieceType::Pawn => {
                let last_rank = to.rank().relative_to(us) == Rank::R8;
                let forward = if us == Color::White { 1 } else { -1 };
                let push = from.offset(0, forward);
                let lands = match mv.flag() {
                    MoveFlag::DoublePush => {
                        from.rank().relative_to(us) == Rank::R2
                            && push.is_some_and(|over| !occupied.contains(over))
                            && from.offset(0, 2 * forward) == Some(to)
                    }
                    _ if mv.is_capture() => pawn_attacks(us, from).contains(to),
                    _ => push == Some(to),
                };
                lands && last_rank == mv.is_promotion()
            }
            piece_type => {
                matches!(mv.flag(), MoveFlag::Quiet | MoveFlag::Capture)
                    && piece_attacks(piece_type, from, occupied).contains(to)
            }
        };
        if !reaches {
            return false;
        }
        let king = self.king_square(us);
        if piece.piece_type() == PieceType::King {
            // The king lifted off its square, so a slider's ray through it counts.
            return !self.is_attacked(to, us.flip(), occupied.without(from));
        }
        let checkers = self.checkers();
        if checkers.has_several() {
            return false;
        }
        if let Some(checker) = checkers.lsb() {
            if !between(king, checker).with(checker).contains(to) {
                return false;
            }
        }
        !self.pinned().contains(from) || line(king, from).contains(to)
    }

    /// True if the generator lists `mv` among this position's moves of its kind.
    fn is_generated(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        if mv.is_noisy() {
            self.generate::<{ kind::NOISY }, _>(&mut list);
        } else {
            self.generate::<{ kind::QUIET }, _>(&mut list);
        }
        list.contains(mv)
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::{Move, Position};

    /// Positions with every kind of move and legality question: castling both ways and through
    /// attacked squares, en passant (one pinned along the rank), promotions, pins, single and
    /// double checks.
    const FENS: [&str; 10] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/8/8/K2pP2q/8/8/8/7k w - d6 0 2",
        "4k3/8/8/8/1b6/8/3P4/4K1r1 w - - 0 1",
        "4k3/8/8/8/8/8/3n1q2/4K3 w - - 0 1",
        "2r1k3/1P6/8/8/8/8/6p1/R3K2B b Q - 0 1",
    ];

    #[test]
    fn is_legal_answers_every_encoding_as_the_generator_does() {
        let mut checked = 0;
        for fen in FENS {
            let root = Position::from_fen(fen).expect("valid FEN");
            // The position and the one after each of its moves.
            let moves = root.legal_moves();
            let replies = moves.as_slice().iter().map(|&mv| root.play(mv));
            let frontier: Vec<Position> = std::iter::once(root).chain(replies).collect();
            for pos in &frontier {
                let legal = pos.legal_moves();
                for bits in 1..=u16::MAX {
                    let mv = Move::from_bits(bits).expect("non-zero bits");
                    assert_eq!(
                        pos.is_legal(mv),
                        legal.contains(mv),
                        "{}: {mv:?}",
                        pos.to_fen()
                    );
                }
                checked += legal.len();
            }
        }
        assert!(checked > 5_000, "only {checked} legal moves checked");
    }
}
