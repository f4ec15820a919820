//! The neural evaluation (NNUE): a perspective network `(768 -> HIDDEN) x 2 -> 1`, with one
//! output layer per bucket of material.
//!
//! Each side sees the board from its own side ([`View`]): an input per (own or enemy piece,
//! piece type, square), the squares mirrored top to bottom for Black, and left to right when
//! the side's own king stands on files e-h (horizontal mirroring), so that both perspectives
//! share one set of weights and every king the network sees stands on files a-d. A
//! perspective's accumulator is the bias plus the weight rows of its active inputs, so a move
//! changes it by adding and subtracting a few rows (and a king crossing between files d and e
//! refreshes its side's). The output layer reads the side to move's accumulator, then the
//! other's, each through SCReLU (clamped to `[0, 1]` and squared), with the weights of the
//! position's output bucket: boards with few pieces and boards with many are judged by
//! different weights, at no cost to the accumulators. Weights are trained in floats by
//! `ferrite train` and stored quantised ([`network`]); the hot loops run on SIMD kernels
//! chosen for the CPU at run time ([`simd`]). The engine ships with one network
//! ([`mod@embedded`]).

pub mod accumulator;
pub mod accumulator_stack;
pub mod embedded;
pub mod network;
pub mod simd;
pub mod trace;

pub use embedded::embedded;

use crate::chess::{Color, Piece, Position, Square};

/// Inputs per perspective: two sides, six piece types, 64 squares.
pub const INPUTS: usize = 768;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 256;
/// Output layers, one per bucket of material (see [`output_bucket`]).
pub const OUTPUT_BUCKETS: usize = 8;
/// Quantisation of the input layer: an accumulator value of 1.0 is stored as `QA`.
pub const QA: i32 = 255;
/// Quantisation of the output weights: 1.0 is stored as `QB`.
pub const QB: i32 = 64;
/// The network's output of 1.0 is worth this many centipawns.
pub const SCALE: i32 = 400;

/// How one perspective sees the board: from its own side (ranks flipped for Black), and with
/// the files flipped when its own king stands on files e-h. Chess is the same game mirrored
/// left to right but for castling, which the inputs do not show; so the network learns each
/// king's half of the board once, not twice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct View {
    perspective: Color,
    /// XORed into a square's index: 56 flips the ranks, 7 the files.
    flip: usize,
}

impl View {
    /// `perspective`'s view of `pos`.
    #[inline]
    pub fn of(pos: &Position, perspective: Color) -> View {
        let ranks = if perspective == Color::White { 0 } else { 56 };
        let files = if pos.king_square(perspective).file().index() >= 4 {
            7
        } else {
            0
        };
        View {
            perspective,
            flip: ranks | files,
        }
    }

    /// The input of `piece` on `sq` in this view.
    #[inline]
    pub fn feature(self, piece: Piece, sq: Square) -> usize {
        let side = usize::from(piece.color() != self.perspective);
        side * 384 + piece.piece_type().index() * 64 + (sq.index() ^ self.flip)
    }

    /// 7 if this view flips the files, 0 if not.
    #[inline]
    pub fn files(self) -> usize {
        self.flip & 7
    }
}

/// The output bucket of a board with `pieces` pieces, kings included: four pieces a bucket,
/// from bare kings (bucket 0) to the full board (bucket 7).
#[inline]
pub fn output_bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(2) / 4).min(OUTPUT_BUCKETS - 1)
}

/// The input Black's view has where White's has `feature`: the other side's piece, on the
/// square mirrored top to bottom, and left to right too when `files` is 7 (the two views
/// flip the files differently, [`View::files`]). The trainer, which keeps White's inputs
/// only, finds Black's by it.
#[inline]
pub fn other_perspective(feature: usize, files: usize) -> usize {
    ((feature + 384) % INPUTS) ^ 56 ^ files
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

/// The active inputs of `pos` in `perspective`'s view, one per piece.
pub fn active_features(pos: &Position, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    let view = View::of(pos, perspective);
    pos.occupied()
        .iter()
        .filter_map(move |sq| pos.piece_at(sq).map(|piece| view.feature(piece, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{PieceType, Position};

    fn sorted_features(pos: &Position, perspective: Color) -> Vec<usize> {
        let mut features: Vec<usize> = active_features(pos, perspective).collect();
        features.sort_unstable();
        features
    }

    #[test]
    fn perspectives_mirror_each_other() {
        let white_pawn = Piece::new(Color::White, PieceType::Pawn);
        let black_pawn = Piece::new(Color::Black, PieceType::Pawn);
        let black_king = Piece::new(Color::Black, PieceType::King);
        // Kings on files a-d: no view flips the files.
        let pos = Position::from_fen("3k4/4p3/8/8/8/8/4P3/3K4 w - - 0 1").expect("valid");
        let [white, black] = Color::ALL.map(|side| View::of(&pos, side));
        assert_eq!(white.feature(white_pawn, Square::E2), 12);
        assert_eq!(black.feature(black_pawn, Square::E7), 12);
        assert_eq!(white.feature(black_pawn, Square::E7), 384 + 52);
        assert_eq!(white.feature(black_king, Square::H8), INPUTS - 1);
        // Kings on files e-h: both views flip them, so e2 reads as d2.
        let start = Position::startpos();
        let [white, black] = Color::ALL.map(|side| View::of(&start, side));
        assert_eq!(white.feature(white_pawn, Square::E2), 11);
        assert_eq!(black.feature(black_pawn, Square::E7), 11);
        // The start position looks the same from both sides.
        let white = sorted_features(&start, Color::White);
        assert_eq!(white.len(), 32);
        assert_eq!(white, sorted_features(&start, Color::Black));
    }

    #[test]
    fn a_board_and_its_mirror_image_give_the_same_inputs() {
        let pairs = [
            (
                "r3k3/1p6/8/3Pp3/8/8/4P3/R3K2N w - - 0 1",
                "3k3r/6p1/8/3pP3/8/8/3P4/N2K3R w - - 0 1",
            ),
            (
                "2k5/8/8/2q5/8/8/8/5K2 b - - 0 1",
                "5k2/8/8/5q2/8/8/8/2K5 b - - 0 1",
            ),
        ];
        for (fen, mirrored) in pairs {
            let pos = Position::from_fen(fen).expect("valid");
            let mirrored = Position::from_fen(mirrored).expect("valid");
            for side in Color::ALL {
                assert_eq!(
                    sorted_features(&pos, side),
                    sorted_features(&mirrored, side),
                    "{fen}"
                );
            }
        }
    }

    #[test]
    fn other_perspective_maps_whites_inputs_to_blacks_for_either_half_of_each_king() {
        // White's king on b1 or g1, Black's on b8 or g8.
        for fen in [
            "1k6/8/8/8/8/8/8/1K6 w - - 0 1",
            "6k1/8/8/8/8/8/8/1K6 w - - 0 1",
            "1k6/8/8/8/8/8/8/6K1 w - - 0 1",
            "6k1/8/8/8/8/8/8/6K1 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).expect("valid");
            let [white, black] = Color::ALL.map(|side| View::of(&pos, side));
            let files = white.files() ^ black.files();
            for color in Color::ALL {
                for piece_type in PieceType::ALL {
                    for sq in Square::ALL {
                        let piece = Piece::new(color, piece_type);
                        let feature = white.feature(piece, sq);
                        assert_eq!(other_perspective(feature, files), black.feature(piece, sq));
                        assert_eq!(feature_piece_type(feature), piece_type);
                    }
                }
            }
        }
    }

    #[test]
    fn game_results_code_from_either_side() {
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
