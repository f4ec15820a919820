//! The neural evaluation (NNUE): a perspective network `(768 -> HIDDEN) x 2 -> 1`, with one
//! output layer per bucket of material.
//!
//! Each side sees the board from its own side: an input per (own or enemy piece, piece type,
//! square), the squares mirrored top to bottom for Black, so that both perspectives share one
//! set of weights. A perspective's accumulator is the bias plus the weight rows of its active
//! inputs, so a move changes it by adding and subtracting a few rows. The output layer reads
//! the side to move's accumulator, then the other's, each through SCReLU (clamped to `[0, 1]`
//! and squared), with the weights of the position's output bucket: boards with few pieces and
//! boards with many are judged by different weights, at no cost to the accumulators. Weights
//! are trained in floats by `ferrite train` and stored quantised ([`network`]); the hot loops
//! run on SIMD kernels chosen for the CPU at run time ([`simd`]). The engine ships with one
//! network ([`mod@embedded`]).

pub mod accumulator;
pub mod embedded;
pub mod network;
pub mod simd;
pub mod trace;

pub use embedded::embedded;

use crate::chess::{Color, Piece, Square};

/// Inputs per perspective: two sides, six piece types, 64 squares.
pub const INPUTS: usize = 768;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 64;
/// Output layers, one per bucket of material (see [`output_bucket`]).
pub const OUTPUT_BUCKETS: usize = 8;
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

/// The output bucket of a board with `pieces` pieces, kings included: four pieces a bucket,
/// from bare kings (bucket 0) to the full board (bucket 7).
#[inline]
pub fn output_bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(2) / 4).min(OUTPUT_BUCKETS - 1)
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

    #[test]
    fn output_buckets_go_by_four_pieces() {
        let buckets: Vec<usize> = (2..=32).map(output_bucket).collect();
        assert_eq!(buckets[..4], [0, 0, 0, 0]);
        assert_eq!(buckets[4..8], [1, 1, 1, 1]);
        assert_eq!(buckets[28..], [7, 7, 7]);
        assert_eq!(output_bucket(0), 0);
        assert_eq!(output_bucket(40), OUTPUT_BUCKETS - 1);
    }
}
