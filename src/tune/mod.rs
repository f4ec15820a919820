//! Self-play data, and tuning the evaluation on the results of games (Texel's method), above
//! the search that plays them:
//!
//! - [`datagen`]: self-play games, appended to a binary [`game_file`] with every move's
//!   search score (`ferrite datagen`: [`datagen::run`]), from the starts of [`start`];
//! - [`genfens`]: the same starts for OpenBench's data generation (`genfens`);
//! - [`import`]: quiet positions labelled with the game's result from games played
//!   elsewhere, read by [`crate::rules::pgn`] (`ferrite import-pgn`: [`import::import_files`]);
//! - [`data`]: the line formats of the openings and data files;
//! - [`texel`]: fits a middlegame and an endgame multiplier per evaluation term, every table
//!   entry and the king-danger weights to those results (`ferrite tune`:
//!   [`texel::tune_files`]), on the form [`crate::eval::features()`] gives;
//! - [`training_data`], [`trainer`]: the network's training positions from game files, and
//!   its trainer (`ferrite train`: [`train_files::train_files`]);
//! - [`report`]: the fitted weights as `params.rs` values;
//! - [`apply`]: writes them into `params.rs` (`ferrite tune --write-params`:
//!   [`apply::write_params`]).
//!
//! Each of those commands runs end to end here, files included; the binary only parses the
//! arguments and prints. Their errors are typed per command and name the file at fault.

pub mod apply;
pub mod data;
pub mod datagen;
pub mod game_file;
pub mod genfens;
pub mod import;
pub mod report;
pub mod start;
pub mod texel;
pub mod train_files;
pub mod trainer;
pub mod training_data;
