//! Whether a move gives check, decided without playing it. The search asks it of nearly every
//! move it tries, and the quiescence search of every quiet move of a node, so a node first
//! gathers once the squares from which each of its pieces would check the opponent's king and
//! the pieces whose leaving would uncover a check ([`CheckSquares`], Stockfish's check info);
//! then each move takes a lookup or two.

use super::attacks::{bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use super::{Bitboard, Move, PieceType, Position, Square};

/// How the side to move can check the opponent's king in one position.
#[derive(Copy, Clone, Debug)]
pub struct CheckSquares {
    their_king: Square,
    /// Squares from which a pawn, a knight, a bishop or a rook of ours attacks the king (a
    /// queen: both of the last two). Taken with the board as it is: a slider's own square
    /// never opens its line to the king, as it would have to stand on that line, giving check
    /// already.
    pawn: Bitboard,
    knight: Bitboard,
    diagonal: Bitboard,
    straight: Bitboard,
    /// Our pieces that alone stand between the king and one of our sliders.
    discoverers: Bitboard,
}

impl Position {
    /// The side to move's checking squares and discoverers, to ask
    /// [`CheckSquares::gives_check`] of many moves.
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.side_to_move();
        let king = self.king_square(us.flip());
        let occupied = self.occupied();
        let discoverers = self.lone_blockers(king, us) & self.pieces_of_color(us);
        CheckSquares {
            their_king: king,
            // Our pawn on a square attacks the king where their pawn on the king's would.
            pawn: pawn_attacks(us.flip(), king),
            knight: knight_attacks(king),
            diagonal: bishop_attacks(king, occupied),
            straight: rook_attacks(king, occupied),
            discoverers,
        }
    }
}

impl CheckSquares {
    /// The squares from which a piece of `piece_type` of ours attacks the king (none for the
    /// king, which never checks).
    pub fn squares(&self, piece_type: PieceType) -> Bitboard {
        match piece_type {
            PieceType::Pawn => self.pawn,
            PieceType::Knight => self.knight,
            PieceType::Bishop => self.diagonal,
            PieceType::Rook => self.straight,
            PieceType::Queen => self.diagonal | self.straight,
            PieceType::King => Bitboard::EMPTY,
        }
    }

    /// Our pieces whose leaving the line they block uncovers a check.
    pub fn discoverers(&self) -> Bitboard {
        self.discoverers
    }

    /// True if the legal move `mv` of `pos` (the position these were taken from) leaves the
    /// opponent in check, directly or by discovery.
    #[inline]
    pub fn gives_check(&self, pos: &Position, mv: Move) -> bool {
        if mv.is_castle() || mv.is_en_passant() || mv.is_promotion() {
            // Rare; the rook, the captured pawn or the new piece make the shortcut long.
            return pos.play(mv).in_check();
        }
        let Some(piece) = pos.piece_at(mv.from()) else {
            return false;
        };
        self.squares(piece.piece_type()).contains(mv.to())
            || (self.discoverers.contains(mv.from())
                && !line(self.their_king, mv.from()).contains(mv.to()))
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::Position;

    /// Positions with checks of every kind: direct, discovered (along a diagonal and a file),
    /// by castling, by en passant (both the pawn and a discovery), by promotion and
    /// under-promotion, by a king stepping off a rook's file.
    const FENS: [&str; 10] = [
        "8/R2N3k/8/8/4P3/8/8/1B2K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "8/8/8/2k5/3Pp3/8/8/4KB2 b - d3 0 1",
        "4k3/1P6/8/8/8/8/6p1/R3K2B w Q - 0 1",
        "4k3/8/8/8/4K3/8/8/4R3 w - - 0 1",
    ];

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let mut checks = 0;
        for fen in FENS {
            let mut frontier = vec![Position::from_fen(fen).expect("valid FEN")];
            // Two plies deep, so that both sides' moves from many positions are compared.
            for _ in 0..2 {
                let mut next = Vec::new();
                for pos in &frontier {
                    for &mv in pos.legal_moves().as_slice() {
                        let child = pos.play(mv);
                        assert_eq!(
                            pos.check_squares().gives_check(pos, mv),
                            child.in_check(),
                            "{fen}: {mv:?}"
                        );
                        checks += usize::from(child.in_check());
                        next.push(child);
                    }
                }
                frontier = next;
            }
        }
        assert!(
            checks > 100,
            "only {checks} checking moves: the positions test too little"
        );
    }
}
