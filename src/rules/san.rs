//! Standard Algebraic Notation out: `Nf3`, `exd6`, `O-O`, `e8=Q+`, `Nbd7`, `R1e2`, `Qh4xe1#`,
//! with the least disambiguation that makes the move unique among the legal moves (file,
//! else rank, else both), and PGN movetext for a sequence of moves.

use crate::chess::{Color, Move, PieceType, Position};

/// The SAN of `mv`, a legal move of `pos`: piece letter (none for pawns), the least
/// disambiguation, `x` for captures, the destination, `=Q` for promotions, and `+` or `#`
/// when the move checks or mates. Castling is `O-O` / `O-O-O`, in Chess960 too.
///
/// A move that is not legal in `pos` has no SAN; it is written in coordinate notation
/// instead rather than panicking.
pub fn to_san(pos: &Position, mv: Move) -> String {
    let legal = pos.legal_moves();
    let Some(piece) = pos.piece_at(mv.from()).filter(|_| legal.contains(mv)) else {
        return mv.to_uci(pos.is_chess960());
    };
    let mut san = String::with_capacity(8);
    let from = mv.from();
    let to = mv.to();
    if mv.is_castle() {
        san.push_str(if to.file() > from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else if piece.piece_type() == PieceType::Pawn {
        if mv.is_capture() {
            san.push(from.file().char());
            san.push('x');
        }
        san.push_str(&to.to_string());
        if let Some(promotion) = mv.promotion() {
            san.push('=');
            san.push(promotion.char().to_ascii_uppercase());
        }
    } else {
        san.push(piece.piece_type().char().to_ascii_uppercase());
        let rivals = legal.iter().filter(|other| {
            **other != mv
                && !other.is_castle()
                && other.to() == to
                && pos.piece_at(other.from()) == Some(piece)
        });
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for other in rivals {
            any = true;
            same_file |= other.from().file() == from.file();
            same_rank |= other.from().rank() == from.rank();
        }
        if any {
            if !same_file {
                san.push(from.file().char());
            } else if !same_rank {
                san.push(from.rank().char());
            } else {
                san.push_str(&from.to_string());
            }
        }
        if mv.is_capture() {
            san.push('x');
        }
        san.push_str(&to.to_string());
    }
    let after = pos.play(mv);
    if after.in_check() {
        san.push(if after.has_legal_move() { '+' } else { '#' });
    }
    san
}

/// PGN movetext of `moves` played from `start`: `1. e4 e5 2. Nf3`, or `12... Qe7 13. Nf3`
/// when black moves first. Moves must be legal in turn (as a [`Game`](super::Game) holds
/// them).
pub fn movetext(start: &Position, moves: &[Move]) -> String {
    let mut text = String::with_capacity(moves.len() * 7);
    let mut pos = *start;
    for (index, &mv) in moves.iter().enumerate() {
        if index > 0 {
            text.push(' ');
        }
        match pos.side_to_move() {
            Color::White => text.push_str(&format!("{}. ", pos.fullmove_number())),
            Color::Black if index == 0 => text.push_str(&format!("{}... ", pos.fullmove_number())),
            Color::Black => {}
        }
        text.push_str(&to_san(&pos, mv));
        pos.make_move(mv);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{MoveFlag, Square};

    fn san_of(fen: &str, from: Square, to: Square, flag: MoveFlag) -> String {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        to_san(&pos, Move::new(from, to, flag))
    }

    #[test]
    fn disambiguation_is_minimal() {
        // Knights on b8 and f6 both reach d7: the file tells them apart.
        let fen = "rnbqkb1r/ppp1pppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1";
        assert_eq!(san_of(fen, Square::B8, Square::D7, MoveFlag::Quiet), "Nbd7");
        // Rooks on e1 and e3 both reach e2: same file, so the rank.
        let rooks = "k7/8/8/8/8/4R3/8/K3R3 w - - 0 1";
        assert_eq!(
            san_of(rooks, Square::E1, Square::E2, MoveFlag::Quiet),
            "R1e2"
        );
        // Queens on h4, e4 and h1 reach e1: h4 shares a file with h1 and a rank with e4.
        let queens = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
        assert_eq!(
            san_of(queens, Square::H4, Square::E1, MoveFlag::Quiet),
            "Qh4e1"
        );
        // A pinned rival does not count.
        let pinned = "4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1";
        assert_eq!(
            san_of(pinned, Square::G1, Square::F3, MoveFlag::Quiet),
            "Nf3"
        );
    }

    #[test]
    fn checks_mates_promotions_castling() {
        let mate = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
        assert_eq!(
            san_of(mate, Square::H1, Square::H8, MoveFlag::Quiet),
            "Rh8#"
        );
        assert_eq!(
            san_of(mate, Square::H1, Square::A1, MoveFlag::Quiet),
            "Ra1+"
        );
        assert_eq!(san_of(mate, Square::H1, Square::H7, MoveFlag::Quiet), "Rh7");
        let promote = "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            san_of(
                promote,
                Square::E7,
                Square::D8,
                MoveFlag::CapturePromoteQueen
            ),
            "exd8=Q+"
        );
        assert_eq!(
            san_of(
                promote,
                Square::E7,
                Square::D8,
                MoveFlag::CapturePromoteKnight
            ),
            "exd8=N"
        );
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(
            san_of(castle, Square::E1, Square::H1, MoveFlag::Castle),
            "O-O"
        );
        assert_eq!(
            san_of(castle, Square::E1, Square::A1, MoveFlag::Castle),
            "O-O-O"
        );
        // Not legal: coordinate text, no panic.
        assert_eq!(
            san_of(castle, Square::E1, Square::E3, MoveFlag::Quiet),
            "e1e3"
        );
    }

    #[test]
    fn movetext_numbers_moves() {
        let start = Position::startpos();
        let e4 = Move::new(Square::E2, Square::E4, MoveFlag::DoublePush);
        let e5 = Move::new(Square::E7, Square::E5, MoveFlag::DoublePush);
        let nf3 = Move::new(Square::G1, Square::F3, MoveFlag::Quiet);
        assert_eq!(movetext(&start, &[e4, e5, nf3]), "1. e4 e5 2. Nf3");
        let after_e4 = start.play(e4);
        assert_eq!(movetext(&after_e4, &[e5, nf3]), "1... e5 2. Nf3");
        assert_eq!(movetext(&start, &[]), "");
    }
}
