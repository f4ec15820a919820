//! Self-play data, the network's only source:
//!
//! - [`selfplay`]: games of Ferrite against itself, appended whole to a [`game_file`] with
//!   every move's search score (`ferrite datagen`: [`selfplay::run`]), from the starts of
//!   [`crate::openings`] (which `genfens` hands out to OpenBench as well);
//! - [`manifest`]: the data folder's `manifest.tsv`, written and checked (`ferrite data`);
//! - [`pgn_export`]: a game file's games as PGN (`ferrite data pgn`).
//!
//! Each command runs end to end here, files included; the binary only parses the arguments
//! and prints. Errors are typed per command and name the file at fault.

pub mod game_file;
pub mod manifest;
pub mod pgn_export;
pub mod selfplay;
