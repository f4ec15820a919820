//! Where a PGN game starts, from its tags, for every reader of PGN (analysis and the
//! trainer's import alike): `[Variant]` must be one Ferrite plays (standard chess or
//! Chess960, under the names PGN writers use), a `[FEN]` tag counts whatever `[SetUp]` says
//! (as python-chess reads it), and `[SetUp "1"]` without a `[FEN]` is an error.

use super::pgn::{MalformedTag, PgnGame};
use super::Game;
use crate::chess::FenError;
use std::fmt;

/// `[Variant]` values (lower case) of the games Ferrite plays: standard chess, Chess960
/// under the names PGN writers use, and lichess's name for a game from a set-up position.
const KNOWN_VARIANTS: [&str; 8] = [
    "standard",
    "chess",
    "from position",
    "chess960",
    "chess 960",
    "960",
    "fischerandom",
    "fischer random",
];

/// Why a game's tags give no start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// A line of the tag section is not a tag pair.
    MalformedTag(MalformedTag),
    /// The `Variant` tag names a variant Ferrite does not play.
    Variant(String),
    /// `[SetUp "1"]` without a `FEN` tag.
    MissingFen,
    /// The `FEN` tag is not a legal position.
    Fen(FenError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::MalformedTag(tag) => {
                write!(f, "malformed tag at line {}: {}", tag.line, tag.text)
            }
            StartError::Variant(name) => write!(f, "unsupported variant {name:?}"),
            StartError::MissingFen => write!(f, "[SetUp \"1\"] without a FEN tag"),
            StartError::Fen(e) => write!(f, "invalid FEN tag: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

impl PgnGame {
    /// The game at the start position its tags give, with no move played yet.
    pub fn start(&self) -> Result<Game, StartError> {
        if let Some(tag) = self.malformed_tags.first() {
            return Err(StartError::MalformedTag(tag.clone()));
        }
        if let Some(variant) = self.tag("Variant") {
            if !KNOWN_VARIANTS.contains(&variant.trim().to_ascii_lowercase().as_str()) {
                return Err(StartError::Variant(variant.to_string()));
            }
        }
        match (self.tag("FEN"), self.tag("SetUp")) {
            (Some(fen), _) => Game::from_fen(fen).map_err(StartError::Fen),
            (None, Some(setup)) if setup.trim() == "1" => Err(StartError::MissingFen),
            (None, _) => Ok(Game::startpos()),
        }
    }
}
