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

/// The input the other perspective sees where one sees `feature`: the other side's piece,
/// on the square mirrored top to bottom. The trainer, which keeps White's inputs only,
/// finds Black's by it.
#[inline]
pub fn other_perspective(feature: usize) -> usize {
    ((feature + 384) % INPUTS) ^ 56
}

/// The input of the same piece on the square mirrored left to right (files a and h
/// swapped): the square is the low six bits of an input, its file the low three.
#[inline]
pub fn mirror_files(feature: usize) -> usize {
    feature ^ 7
}

/// The type of the piece behind input `feature` (of either perspective).
#[inline]
pub fn feature_piece_type(feature: usize) -> crate::chess::PieceType {
    crate::chess::PieceType::ALL[feature / 64 % 6]
}

/// How a game ended, from White's point of view: what the network learns a position's
/// value against (with the search's score), and what a game file stores.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won.
    WhiteWin,
    /// Drawn.
    Draw,
    /// Black won.
    BlackWin,
}

impl GameResult {
    /// The result's code from White's side: 0 Black won, 1 draw, 2 White won.
    pub fn code(self) -> u8 {
        match self {
            GameResult::BlackWin => 0,
            GameResult::Draw => 1,
            GameResult::WhiteWin => 2,
        }
    }

    /// The result of code `code`, if it is one.
    pub fn from_code(code: u8) -> Option<GameResult> {
        match code {
            0 => Some(GameResult::BlackWin),
            1 => Some(GameResult::Draw),
            2 => Some(GameResult::WhiteWin),
            _ => None,
        }
    }

    /// The code from `side`'s point of view: 0 lost, 1 drawn, 2 won (the training target is
    /// half of it).
    pub fn code_for(self, side: Color) -> u8 {
        match side {
            Color::White => self.code(),
            Color::Black => 2 - self.code(),
        }
    }
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
    fn one_perspective_and_mirrored_files_map_inputs_as_the_board_does() {
        for color in Color::ALL {
            for piece_type in PieceType::ALL {
                for sq in Square::ALL {
                    let piece = Piece::new(color, piece_type);
                    let white = feature_index(Color::White, piece, sq);
                    assert_eq!(
                        other_perspective(white),
                        feature_index(Color::Black, piece, sq)
                    );
                    assert_eq!(feature_piece_type(white), piece_type);
                    let mirrored =
                        Square::new(crate::chess::File::ALL[7 - sq.file().index()], sq.rank());
                    assert_eq!(
                        mirror_files(white),
                        feature_index(Color::White, piece, mirrored)
                    );
                }
            }
        }
        for result in [GameResult::WhiteWin, GameResult::Draw, GameResult::BlackWin] {
            assert_eq!(GameResult::from_code(result.code()), Some(result));
            assert_eq!(
                result.code_for(Color::White) + result.code_for(Color::Black),
                2
            );
        }
        assert_eq!(GameResult::WhiteWin.code_for(Color::Black), 0);
        assert_eq!(GameResult::from_code(3), None);
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
