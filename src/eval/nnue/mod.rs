//! The neural evaluation (NNUE): a perspective network `(768 -> HIDDEN) x 2 -> 1`.
//!
//! Each side sees the board from its own side: an input per (own or enemy piece, piece type,
//! square), the squares mirrored top to bottom for Black, so that both perspectives share one
//! set of weights. A perspective's accumulator is the bias plus the weight rows of its active
//! inputs, so a move changes it by adding and subtracting a few rows. The output layer reads
//! the side to move's accumulator, then the other's, each through SCReLU (clamped to `[0, 1]`
//! and squared). Weights are trained in floats by `ferrite train` and stored quantised
//! ([`network`]). The engine ships with one ([`mod@embedded`]).

pub mod accumulator;
pub mod embedded;
pub mod network;
pub mod trace;

pub use embedded::embedded;

use crate::chess::{Color, Piece, Square};

/// Inputs per perspective: two sides, six piece types, 64 squares.
pub const INPUTS: usize = 768;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 64;
/// Quantisation of the input layer: an accumulator value of 1.0 is stored as `QA`.
pub const QA: i32 = 255;
/// Quantisation of the output weights: 1.0 is stored as `QB`.
pub const QB: i32 = 64;
/// The network's output of 1.0 is worth this many centipawns.
pub const SCALE: i32 = 400;

/// The input of `piece` on `sq` as seen by `perspective`.
#[inline]
pub fn feature_index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let (side, sq) = if perspective == Color::White {
        (piece.color().index(), sq)
    } else {
        (1 - piece.color().index(), sq.flip_rank())
    };
    side * 384 + piece.piece_type().index() * 64 + sq.index()
}

/// The active inputs of `pos` from `perspective`'s side, one per piece.
pub fn active_features(
    pos: &crate::chess::Position,
    perspective: Color,
) -> impl Iterator<Item = usize> + '_ {
    pos.occupied().iter().filter_map(move |sq| {
        pos.piece_at(sq)
            .map(|piece| feature_index(perspective, piece, sq))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{PieceType, Position};

    #[test]
    fn perspectives_mirror_each_other() {
        let white_pawn = Piece::new(Color::White, PieceType::Pawn);
        let black_pawn = Piece::new(Color::Black, PieceType::Pawn);
        assert_eq!(feature_index(Color::White, white_pawn, Square::E2), 12);
        assert_eq!(feature_index(Color::Black, black_pawn, Square::E7), 12);
        assert_eq!(
            feature_index(Color::White, black_pawn, Square::E7),
            384 + 52
        );
        let black_king = Piece::new(Color::Black, PieceType::King);
        assert_eq!(
            feature_index(Color::White, black_king, Square::H8),
            INPUTS - 1
        );
        // The start position looks the same from both sides.
        let start = Position::startpos();
        let mut white: Vec<usize> = active_features(&start, Color::White).collect();
        let mut black: Vec<usize> = active_features(&start, Color::Black).collect();
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white.len(), 32);
        assert_eq!(white, black);
    }
}
