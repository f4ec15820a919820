//! Where games start, for the front ends that play or hand out games (self-play data in
//! `datagen`, OpenBench's `genfens` in `uci`): it sits above the search, which verifies that
//! a start is balanced, and below the front ends, so that neither needs the other.
//!
//! - [`book`]: opening books, FEN or EPD lines read from a file;
//! - [`start`]: a book position or a Chess960 start, then random plies, verified balanced;
//! - [`genfens`]: those starts for OpenBench's data generation.

pub mod book;
pub mod genfens;
pub mod start;
