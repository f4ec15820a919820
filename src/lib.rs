//! Ferrite: a UCI chess engine.
//!
//! Layers, lowest first; lower layers never use higher ones: [`files`] (reading the user's
//! files); [`chess`] (board, move generation, FEN, perft); [`rules`] (game history, outside
//! moves, SAN, how games end); [`eval`] (the evaluation network) and [`tablebase`] (Syzygy
//! probing), which do not use each other; [`search`] (alpha-beta, transposition table, time
//! management, bench); [`openings`] (opening books and balanced starts); the front ends, which
//! do not use each other either but for [`train`] reading [`datagen`]'s files: [`uci`] (the
//! protocol), [`epd`] (test-suite runner), [`datagen`] (self-play data), [`train`] (the
//! network's trainer), [`analyse`] (game analysis: annotated PGN and an evaluation graph); the
//! binary on top. `docs/module-cycles.py` holds this table and `.ci/run` checks it.
//!
//! Every subcommand of the `ferrite` binary runs here, files included, and refuses with a
//! typed error; the binary itself only parses arguments and prints. A file that cannot be
//! read is one error for all of them ([`files::ReadError`]).
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

pub mod analyse;
pub mod chess;
pub mod datagen;
pub mod epd;
pub mod eval;
pub mod files;
pub mod openings;
pub mod rules;
pub mod search;
pub mod tablebase;
pub mod train;
pub mod uci;
