//! `Move` (16 bits) and `MoveList` (a fixed-capacity list on the stack).

use super::stack_list::StackList;
use super::types::{File, PieceType, Square};
use std::fmt;

/// A move in 16 bits:
///
/// ```text
///  15 14 13 12 | 11 10  9  8  7  6 | 5  4  3  2  1  0
///     flags    |       to          |      from
/// ```
///
/// Flags: 0 quiet, 1 double pawn push, 2 castling, 3 en passant, 4 capture,
/// 8–11 promotion to knight/bishop/rook/queen, 12–15 the same with a capture.
/// Castling is stored king-to-own-rook (`e1h1`), so standard chess and Chess960 share one
/// path; [`Move::to`] of a castling move is the rook's square.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u16);

/// What kind of move a [`Move`] is, beyond its squares.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveFlag {
    Quiet = 0,
    DoublePush = 1,
    Castle = 2,
    EnPassant = 3,
    Capture = 4,
    PromoteKnight = 8,
    PromoteBishop = 9,
    PromoteRook = 10,
    PromoteQueen = 11,
    CapturePromoteKnight = 12,
    CapturePromoteBishop = 13,
    CapturePromoteRook = 14,
    CapturePromoteQueen = 15,
}

impl MoveFlag {
    /// The flag for a promotion to `piece_type`, with or without a capture.
    #[inline]
    pub const fn promotion(piece_type: PieceType, capture: bool) -> MoveFlag {
        let base = if capture { 12 } else { 8 };
        match piece_type {
            PieceType::Knight => Self::from_bits(base),
            PieceType::Bishop => Self::from_bits(base + 1),
            PieceType::Rook => Self::from_bits(base + 2),
            _ => Self::from_bits(base + 3),
        }
    }

    const fn from_bits(bits: u16) -> MoveFlag {
        match bits & 15 {
            1 => MoveFlag::DoublePush,
            2 => MoveFlag::Castle,
            3 => MoveFlag::EnPassant,
            4 => MoveFlag::Capture,
            8 => MoveFlag::PromoteKnight,
            9 => MoveFlag::PromoteBishop,
            10 => MoveFlag::PromoteRook,
            11 => MoveFlag::PromoteQueen,
            12 => MoveFlag::CapturePromoteKnight,
            13 => MoveFlag::CapturePromoteBishop,
            14 => MoveFlag::CapturePromoteRook,
            15 => MoveFlag::CapturePromoteQueen,
            _ => MoveFlag::Quiet,
        }
    }
}

impl Move {
    /// A move from `from` to `to` of the given kind.
    #[inline]
    pub const fn new(from: Square, to: Square, flag: MoveFlag) -> Move {
        Move(from as u16 | (to as u16) << 6 | (flag as u16) << 12)
    }

    /// The move from its 16-bit encoding; `None` for 0, which never encodes a move.
    #[inline]
    pub const fn from_bits(bits: u16) -> Option<Move> {
        if bits == 0 {
            None
        } else {
            Some(Move(bits))
        }
    }

    /// The 16-bit encoding (never 0).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The square the moving piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0 as usize)
    }

    /// The destination square; for castling, the castling rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0 >> 6) as usize)
    }

    /// The move's kind.
    #[inline]
    pub const fn flag(self) -> MoveFlag {
        MoveFlag::from_bits(self.0 >> 12)
    }

    /// True for captures, including en passant and capturing promotions.
    #[inline]
    pub const fn is_capture(self) -> bool {
        let flag = self.0 >> 12;
        flag & 4 != 0 || flag == MoveFlag::EnPassant as u16
    }

    /// True for promotions.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 15 != 0
    }

    /// True for captures and promotions: what quiescence search looks at.
    #[inline]
    pub const fn is_noisy(self) -> bool {
        self.is_capture() || self.is_promotion()
    }

    /// True for castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == MoveFlag::Castle as u16
    }

    /// True for en passant captures.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == MoveFlag::EnPassant as u16
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<PieceType> {
        if self.is_promotion() {
            Some(PieceType::ALL[1 + (self.0 >> 12 & 3) as usize])
        } else {
            None
        }
    }

    /// UCI coordinate text, promotion letter lower case. Castling is written king-takes-rook
    /// (`e1h1`) in Chess960 and as the king's two-square step (`e1g1`) in standard chess.
    pub fn to_uci(self, chess960: bool) -> String {
        let to = if self.is_castle() && !chess960 {
            let file = if self.to().file() > self.from().file() {
                File::G
            } else {
                File::C
            };
            Square::new(file, self.from().rank())
        } else {
            self.to()
        };
        let mut text = format!("{}{}", self.from(), to);
        if let Some(piece_type) = self.promotion() {
            text.push(piece_type.char());
        }
        text
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({:?})", self.to_uci(true), self.flag())
    }
}

/// Most moves any reachable chess position has is 218, and `Position::from_fen` refuses
/// material no game can reach; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves in a fixed array on the stack: no heap allocation.
pub type MoveList = StackList<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        let mv = Move::new(
            Square::B7,
            Square::A8,
            MoveFlag::promotion(PieceType::Rook, true),
        );
        assert_eq!(mv.from(), Square::B7);
        assert_eq!(mv.to(), Square::A8);
        assert!(mv.is_capture() && mv.is_promotion());
        assert_eq!(mv.promotion(), Some(PieceType::Rook));
        assert_eq!(mv.to_uci(false), "b7a8r");
        let ep = Move::new(Square::E5, Square::D6, MoveFlag::EnPassant);
        assert!(ep.is_capture() && ep.is_en_passant() && !ep.is_promotion());
        let castle = Move::new(Square::E1, Square::H1, MoveFlag::Castle);
        assert!(castle.is_castle() && !castle.is_capture());
        assert_eq!(castle.to_uci(false), "e1g1");
        assert_eq!(castle.to_uci(true), "e1h1");
        let long = Move::new(Square::E8, Square::A8, MoveFlag::Castle);
        assert_eq!(long.to_uci(false), "e8c8");
        assert_eq!(Move::from_bits(castle.bits()), Some(castle));
        assert_eq!(Move::from_bits(0), None);
        for piece_type in PieceType::PROMOTIONS {
            for capture in [false, true] {
                let mv = Move::new(
                    Square::A7,
                    Square::A8,
                    MoveFlag::promotion(piece_type, capture),
                );
                assert_eq!(mv.promotion(), Some(piece_type));
                assert_eq!(mv.is_capture(), capture);
            }
        }
    }
}
