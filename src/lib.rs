//! Ferrite: a UCI chess engine.
//!
//! Layers, lowest first; lower layers never use higher ones:
//! [`chess`] (board, move generation, FEN, perft); [`rules`] (game history, outside moves,
//! SAN, how games end); [`eval`] (static evaluation).
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

pub mod chess;
pub mod eval;
pub mod rules;
