//! Ferrite: a UCI chess engine.
//!
//! Layers, lowest first; lower layers never use higher ones:
//! [`chess`] (board, move generation, FEN, perft); [`eval`] (static evaluation).
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

pub mod chess;
pub mod eval;
