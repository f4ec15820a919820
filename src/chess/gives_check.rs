//! Whether a move gives check, decided without playing it: the quiescence search asks this
//! of every quiet move of a node, and most of them do not.

use super::attacks::{bishop_attacks, line, pawn_attacks, piece_attacks, rook_attacks};
use super::{Move, PieceType, Position};

impl Position {
    /// True if the legal move `mv` leaves the opponent in check, directly or by discovery.
    pub fn gives_check(&self, mv: Move) -> bool {
        if mv.is_castle() || mv.is_en_passant() || mv.is_promotion() {
            // Rare; the rook, the captured pawn or the new piece make the shortcut long.
            return self.play(mv).in_check();
        }
        let Some(piece) = self.piece_at(mv.from()) else {
            return false;
        };
        let us = piece.color();
        let their_king = self.king_square(us.flip());
        let occupied = self.occupied().without(mv.from()).with(mv.to());
        let direct = match piece.piece_type() {
            PieceType::Pawn => pawn_attacks(us, mv.to()),
            piece_type => piece_attacks(piece_type, mv.to(), occupied),
        };
        if direct.contains(their_king) {
            return true;
        }
        // Discovered check: one of our sliders now sees the king through `from`. Only a
        // piece leaving the line between them can discover it, and most moves are not
        // on a line with the king at all, so the slider lookup is seldom needed. A captured
        // piece on `to` cannot be a checker, so our pieces are all that count.
        let ray = line(their_king, mv.from());
        if ray.is_empty() || ray.contains(mv.to()) {
            return false;
        }
        let ours = self.pieces_of_color(us).without(mv.from());
        let queens = self.pieces_of_type(PieceType::Queen);
        let straight_line =
            their_king.rank() == mv.from().rank() || their_king.file() == mv.from().file();
        let (slider, sight) = if straight_line {
            (PieceType::Rook, rook_attacks(their_king, occupied))
        } else {
            (PieceType::Bishop, bishop_attacks(their_king, occupied))
        };
        (sight & ray & (self.pieces_of_type(slider) | queens) & ours).is_nonempty()
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::Position;

    /// Positions with checks of every kind: direct, discovered (along a diagonal and a file),
    /// by castling, by en passant (both the pawn and a discovery), by promotion and
    /// under-promotion.
    const FENS: [&str; 9] = [
        "8/R2N3k/8/8/4P3/8/8/1B2K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "8/8/8/2k5/3Pp3/8/8/4KB2 b - d3 0 1",
        "4k3/1P6/8/8/8/8/6p1/R3K2B w Q - 0 1",
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
                        assert_eq!(pos.gives_check(mv), child.in_check(), "{fen}: {mv:?}");
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
