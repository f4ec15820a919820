//! Static exchange evaluation: does a move win at least `threshold` centipawns once both
//! sides have traded off on its square with their least valuable attackers (x-rays included)?

use crate::chess::attacks::{bishop_attacks, rook_attacks};
use crate::chess::{Bitboard, Move, PieceType, Position};

/// Piece values for exchanges; the king's is larger than any gain.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Value of the piece `mv` captures (a pawn for en passant), 0 for quiet moves.
pub fn captured_value(pos: &Position, mv: Move) -> i32 {
    pos.captured_piece(mv)
        .map_or(0, |piece| SEE_VALUES[piece.piece_type().index()])
}

/// True if `mv` gains at least `threshold` after the best sequence of recaptures.
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    if mv.is_castle() || mv.is_promotion() || mv.is_en_passant() {
        // Rare enough to judge by the first capture alone.
        return captured_value(pos, mv) >= threshold;
    }
    let from = mv.from();
    let to = mv.to();
    let Some(mover) = pos.piece_at(from) else {
        return false;
    };
    let mut balance = captured_value(pos, mv) - threshold;
    if balance < 0 {
        return false;
    }
    balance -= SEE_VALUES[mover.piece_type().index()];
    if balance >= 0 {
        return true;
    }

    let diagonal = pos.pieces_of_type(PieceType::Bishop) | pos.pieces_of_type(PieceType::Queen);
    let straight = pos.pieces_of_type(PieceType::Rook) | pos.pieces_of_type(PieceType::Queen);
    let mut occupied = pos.occupied().without(from).with(to);
    let mut attackers = pos.attackers_to(to, occupied) & occupied;
    let mut side = mover.color().flip();

    loop {
        let ours = attackers & pos.pieces_of_color(side);
        if ours.is_empty() {
            break;
        }
        let (piece_type, sq) = least_valuable(pos, ours);
        side = side.flip();
        // Negamax: the side now to move wins if the balance stays on its side.
        balance = -balance - 1 - SEE_VALUES[piece_type.index()];
        if balance >= 0 {
            // A king may only take last: if the other side still attacks, it cannot.
            if piece_type == PieceType::King
                && (attackers & pos.pieces_of_color(side)).is_nonempty()
            {
                side = side.flip();
            }
            break;
        }
        occupied = occupied.without(sq);
        if matches!(
            piece_type,
            PieceType::Pawn | PieceType::Bishop | PieceType::Queen
        ) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(piece_type, PieceType::Rook | PieceType::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
        attackers &= occupied;
    }
    side != mover.color()
}

fn least_valuable(pos: &Position, candidates: Bitboard) -> (PieceType, crate::chess::Square) {
    for piece_type in PieceType::ALL {
        if let Some(sq) = (candidates & pos.pieces_of_type(piece_type)).lsb() {
            return (piece_type, sq);
        }
    }
    (
        PieceType::King,
        candidates.lsb().unwrap_or(crate::chess::Square::A1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(pos: &Position, uci: &str) -> Move {
        *pos.legal_moves()
            .iter()
            .find(|mv| mv.to_uci(false) == uci)
            .unwrap_or_else(|| panic!("{uci} not legal"))
    }

    #[test]
    fn exchanges() {
        // Undefended pawn: wins 100.
        let pos = Position::from_fen("1k6/8/8/4p3/8/8/8/2K1R3 w - - 0 1").expect("fen");
        let rxe5 = find(&pos, "e1e5");
        assert!(see_ge(&pos, rxe5, 100));
        assert!(!see_ge(&pos, rxe5, 101));
        // Knight takes a pawn defended by a pawn: -220.
        let pos = Position::from_fen("1k6/8/3p4/4p3/8/5N2/8/2K5 w - - 0 1").expect("fen");
        let nxe5 = find(&pos, "f3e5");
        assert!(!see_ge(&pos, nxe5, 0));
        assert!(see_ge(&pos, nxe5, -220));
        assert!(!see_ge(&pos, nxe5, -219));
        // X-ray: two rooks against rook + pawn defender chain.
        let pos = Position::from_fen("1k2r3/4r3/8/4p3/8/8/4R3/2K1R3 w - - 0 1").expect("fen");
        let rxe5 = find(&pos, "e2e5");
        assert!(!see_ge(&pos, rxe5, 1));
    }
}
