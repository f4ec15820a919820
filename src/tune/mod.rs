//! The evaluation network's data and trainer, above the search that plays the games:
//!
//! - [`datagen`]: self-play games, appended to a binary [`game_file`] with every move's
//!   search score (`ferrite datagen`: [`datagen::run`]), from the starts of [`start`];
//! - [`genfens`]: the same starts for OpenBench's data generation (`genfens`);
//! - [`pgn_games`]: the scored positions of games played elsewhere, read by
//!   [`crate::rules::pgn`];
//! - [`data`]: the game results and the line format of the openings files;
//! - [`training_data`], [`trainer`]: the network's training positions from game files and
//!   PGN, and its trainer (`ferrite train`: [`train_files::train_files`]);
//! - [`eval_scale`]: how many centipawns a network's unit is worth, against game results.
//!
//! Each of those commands runs end to end here, files included; the binary only parses the
//! arguments and prints. Their errors are typed per command and name the file at fault.

pub mod data;
pub mod datagen;
pub mod eval_scale;
pub mod game_file;
pub mod genfens;
pub mod pgn_games;
pub mod start;
pub mod train_files;
pub mod trainer;
pub mod training_data;
