//! The evaluation network's trainer (`ferrite train`: [`run::train_files`]):
//!
//! - [`positions`]: the training positions, from self-play game files
//!   ([`crate::datagen::game_file`]) and from the PGN games of match runners ([`pgn_games`]);
//! - [`trainer`]: the float network and its optimiser, and the quantised network it writes;
//! - [`sigmoid_scale`]: how many centipawns a network's unit is worth, against game results;
//! - [`wdl_fit`]: the WDL model's fit to the games' results (`ferrite fit-wdl`).
//!
//! The binary only parses the arguments and prints; errors name the file at fault.

pub mod pgn_games;
pub mod positions;
pub mod run;
pub mod sigmoid_scale;
pub mod trainer;
pub mod wdl_fit;
