//! Tuning the evaluation on the results of games (Texel's method), above the search it plays
//! with:
//!
//! - [`datagen`]: self-play at a fixed node count from book openings, writing quiet
//!   positions labelled with the game's result (`ferrite datagen`);
//! - [`import`]: the same kind of positions from games played elsewhere, read by [`pgn`]
//!   (`ferrite import-pgn`);
//! - [`data`]: the line formats of the openings and data files;
//! - [`texel`]: fits a middlegame and an endgame multiplier per evaluation term, every table
//!   entry and the king-danger weights to those results (`ferrite tune`), on the form
//!   [`crate::eval::features()`] gives;
//! - [`report`]: the fitted weights as `params.rs` values;
//! - [`apply`]: writes them into `params.rs` (`ferrite tune --write-params`).

pub mod apply;
pub mod data;
pub mod datagen;
pub mod import;
pub mod pgn;
pub mod report;
mod rng;
pub mod texel;
