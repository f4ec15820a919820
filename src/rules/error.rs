//! `MoveError`: why a move given from outside (UCI or SAN text) was refused. It keeps the
//! text and the FEN of the position it was tried in; its `Display` is the reason alone, so
//! the UCI layer can write `illegal move <move> at ply <n>: <reason>`.

use crate::chess::{PieceType, Square};
use std::fmt;

/// A move from outside that could not be played. The position it was tried in is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The move text as given.
    pub text: String,
    /// The FEN of the position the move was tried in.
    pub fen: String,
    /// Why the move was refused.
    pub kind: MoveErrorKind,
}

impl MoveError {
    /// The whole story in one line: move text, position and reason.
    pub fn full(&self) -> String {
        format!(
            "illegal move '{}' in {}: {}",
            self.text, self.fen, self.kind
        )
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for MoveError {}

/// Why a move was refused, most basic reason first: the text is checked before the piece,
/// the piece before its geometry, the geometry before the king's safety.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// The text is neither coordinate notation (`e2e4`, `e7e8q`) nor SAN (`Nf3`, `O-O`).
    Malformed,
    /// The move starts on an empty square.
    NoPiece(Square),
    /// The piece on the square belongs to the side not to move.
    NotYourPiece(Square),
    /// The piece cannot move so, whatever the position of the kings: wrong geometry, a
    /// blocked path, an own piece on the target, a pawn capturing onto an empty square
    /// (en passant included when it is not available right now), or in SAN no piece of the
    /// named kind reaches the square.
    CannotMoveSo,
    /// The move would leave (or put) the mover's own king in check.
    LeavesKingInCheck,
    /// A castling move that is not allowed now, with the first condition that fails.
    Castling(CastlingFailure),
    /// A pawn reaches the last rank but the text names no piece to promote to.
    PromotionMissing,
    /// The text names a promotion piece for a move that does not promote.
    PromotionNotAllowed,
    /// The text asks to promote to a king or a pawn.
    BadPromotionPiece(PieceType),
    /// SAN that fits more than one legal move (missing disambiguation).
    AmbiguousSan,
}

impl fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveErrorKind::Malformed => f.write_str("not a move in UCI or SAN notation"),
            MoveErrorKind::NoPiece(sq) => write!(f, "no piece on {sq}"),
            MoveErrorKind::NotYourPiece(sq) => {
                write!(f, "the piece on {sq} belongs to the side not to move")
            }
            MoveErrorKind::CannotMoveSo => f.write_str("no piece can make that move"),
            MoveErrorKind::LeavesKingInCheck => f.write_str("it leaves the king in check"),
            MoveErrorKind::Castling(failure) => write!(f, "castling not allowed: {failure}"),
            MoveErrorKind::PromotionMissing => {
                f.write_str("a pawn reaching the last rank must name its promotion piece")
            }
            MoveErrorKind::PromotionNotAllowed => {
                f.write_str("promotion given for a move that does not promote")
            }
            MoveErrorKind::BadPromotionPiece(piece_type) => write!(
                f,
                "a pawn cannot promote to a {}",
                match piece_type {
                    PieceType::King => "king",
                    _ => "pawn",
                }
            ),
            MoveErrorKind::AmbiguousSan => {
                f.write_str("ambiguous: more than one piece can move so")
            }
        }
    }
}

/// The first castling condition that fails, in the order the rules state them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingFailure {
    /// No right to castle on that side: the king or that rook has moved (or the FEN gave no
    /// right).
    NoRight,
    /// The king is in check.
    InCheck,
    /// A square between king and rook, or a square king or rook must land on, is occupied.
    PathBlocked(Square),
    /// The king would cross this attacked square.
    PassesThroughAttacked(Square),
    /// The king would land in check on this square.
    LandsInCheck(Square),
}

impl fmt::Display for CastlingFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastlingFailure::NoRight => f.write_str("the king or that rook has moved"),
            CastlingFailure::InCheck => f.write_str("the king is in check"),
            CastlingFailure::PathBlocked(sq) => write!(f, "the path is blocked on {sq}"),
            CastlingFailure::PassesThroughAttacked(sq) => {
                write!(f, "the king passes through attacked square {sq}")
            }
            CastlingFailure::LandsInCheck(sq) => write!(f, "the king would land in check on {sq}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_the_reason_and_full_adds_text_and_fen() {
        let error = MoveError {
            text: "e3e4".into(),
            fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            kind: MoveErrorKind::NoPiece(Square::E3),
        };
        assert_eq!(error.to_string(), "no piece on e3");
        assert_eq!(
            error.full(),
            "illegal move 'e3e4' in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: no piece on e3"
        );
        let castling = MoveErrorKind::Castling(CastlingFailure::PassesThroughAttacked(Square::F1));
        assert_eq!(
            castling.to_string(),
            "castling not allowed: the king passes through attacked square f1"
        );
    }
}
