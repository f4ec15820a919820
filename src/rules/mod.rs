//! Layer 2, the rules: what the board layer does not decide by itself.
//!
//! - [`Game`]: start position + moves played + the key history the repetition rules need.
//! - Moves from outside with full legality: [`parse_uci_move`] (coordinate notation,
//!   standard and Chess960 castling) and [`parse_san`]; refusals are a [`MoveError`] that
//!   names the move, the position (FEN) and the reason ([`MoveErrorKind`]).
//! - SAN output ([`to_san`]) and PGN movetext ([`Game::pgn_movetext`]).
//! - PGN files: [`pgn`] reads games (tags, moves, comments, NAGs, variations), [`pgn_write`]
//!   writes them back.
//! - How a game ends: [`Game::outcome`] gives a [`Status`], built on the [`draw`]
//!   primitives, which the search uses as well, so each rule has one implementation.

pub mod draw;
mod error;
mod game;
mod outcome;
mod parse;
pub mod pgn;
pub mod pgn_start;
pub mod pgn_write;
mod san;

pub use error::{CastlingFailure, MoveError, MoveErrorKind};
pub use game::Game;
pub use outcome::Status;
pub use parse::{parse_san, parse_uci_move};
pub use san::{movetext, to_san};
