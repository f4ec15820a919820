//! Ferrite: a UCI chess engine.
//!
//! Layers, lowest first; lower layers never use higher ones:
//! [`chess`] (board, move generation, FEN, perft),
//! [`rules`] (games from outside moves, SAN, legality errors, how a game ends).
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

pub mod chess;
pub mod rules;
