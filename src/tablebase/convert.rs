//! Our [`Position`] as the probing crate's position, built from the bitboards (no FEN text
//! on the way: this runs inside the search).

use crate::chess::{Color, PieceType, Position};
use shakmaty::{
    Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, FromSetup, PositionError, Setup, Square,
};
use std::num::NonZeroU32;

/// `pos` as a shakmaty position, or `None` if it has castling rights (the tables have
/// none) or shakmaty refuses it (an impossible check it does not accept, say).
pub fn to_chess(pos: &Position) -> Option<Chess> {
    if !pos.castling().is_empty() {
        return None;
    }
    let bb = |piece_type| Bitboard(pos.pieces_of_type(piece_type).0);
    let by_role = ByRole {
        pawn: bb(PieceType::Pawn),
        knight: bb(PieceType::Knight),
        bishop: bb(PieceType::Bishop),
        rook: bb(PieceType::Rook),
        queen: bb(PieceType::Queen),
        king: bb(PieceType::King),
    };
    let by_color = ByColor {
        white: Bitboard(pos.pieces_of_color(Color::White).0),
        black: Bitboard(pos.pieces_of_color(Color::Black).0),
    };
    let board = Board::try_from_bitboards(by_role, by_color).ok()?;
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: match pos.side_to_move() {
            Color::White => shakmaty::Color::White,
            Color::Black => shakmaty::Color::Black,
        },
        castling_rights: Bitboard::EMPTY,
        // Our position keeps the square only when the capture is legal, as the tables want.
        ep_square: pos
            .en_passant()
            .and_then(|sq| Square::try_from(sq.index()).ok()),
        remaining_checks: None,
        halfmoves: u32::from(pos.halfmove_clock()),
        fullmoves: NonZeroU32::new(u32::from(pos.fullmove_number())).unwrap_or(NonZeroU32::MIN),
    };
    // Our FEN reader accepts some checks shakmaty calls impossible; the tables still hold
    // their values.
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::EnPassantMode;

    fn round_trip(fen: &str) -> String {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let chess = to_chess(&pos).expect("convertible");
        Fen::from_position(&chess, EnPassantMode::Legal).to_string()
    }

    #[test]
    fn pieces_side_clocks_and_en_passant_survive() {
        for fen in [
            "8/2K5/8/8/8/8/3p4/1k2N3 b - - 0 1",
            "8/8/8/3k4/8/8/5Q2/1K6 w - - 17 60",
            "8/8/8/8/3pP3/8/8/k1K5 b - e3 0 1",
        ] {
            assert_eq!(round_trip(fen), fen);
        }
    }

    #[test]
    fn castling_rights_are_not_converted() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").expect("valid FEN");
        assert!(to_chess(&pos).is_none());
    }
}
