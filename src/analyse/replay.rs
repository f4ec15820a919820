//! From a PGN game to the positions analysis searches: the start position its tags give
//! (`[Variant]`, `[SetUp]`, `[FEN]`; standard chess and Chess960) and its moves, each checked
//! for legality. A game that cannot be replayed is refused with a [`GameProblem`] naming the
//! tag or the move at fault.

use crate::chess::{Color, FenError, Move, Position};
use crate::rules::pgn::{MalformedTag, PgnGame};
use crate::rules::{Game, MoveError};
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

/// A game ready for analysis: where it starts, and its moves, each legal in turn.
#[derive(Clone, Debug)]
pub struct ReplayedGame {
    /// The start position.
    pub start: Position,
    /// The moves of the main line.
    pub moves: Vec<Move>,
}

/// Why a game cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameProblem {
    /// A line of the tag section is not a tag pair.
    MalformedTag(MalformedTag),
    /// The `Variant` tag names a variant Ferrite does not play.
    Variant(String),
    /// `[SetUp "1"]` without a `FEN` tag.
    MissingFen,
    /// The `FEN` tag is not a legal position.
    Fen(FenError),
    /// A move of the main line is not legal.
    Move {
        /// Its number as PGN writes it: `12.` or `12...`.
        number: String,
        /// Why it was refused (the error names the text).
        error: MoveError,
    },
}

impl fmt::Display for GameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameProblem::MalformedTag(tag) => {
                write!(f, "malformed tag at line {}: {}", tag.line, tag.text)
            }
            GameProblem::Variant(name) => write!(f, "unsupported variant {name:?}"),
            GameProblem::MissingFen => write!(f, "[SetUp \"1\"] without a FEN tag"),
            GameProblem::Fen(e) => write!(f, "invalid FEN tag: {e}"),
            GameProblem::Move { number, error } => {
                write!(f, "illegal move {number} {}: {error}", error.text)
            }
        }
    }
}

impl std::error::Error for GameProblem {}

/// Replays `game` from the start its tags give; the first problem found refuses it.
pub fn replay(game: &PgnGame) -> Result<ReplayedGame, GameProblem> {
    if let Some(tag) = game.malformed_tags.first() {
        return Err(GameProblem::MalformedTag(tag.clone()));
    }
    if let Some(variant) = game.tag("Variant") {
        if !KNOWN_VARIANTS.contains(&variant.trim().to_ascii_lowercase().as_str()) {
            return Err(GameProblem::Variant(variant.to_string()));
        }
    }
    // As python-chess does, a FEN tag counts whatever `SetUp` says.
    let mut played = match (game.tag("FEN"), game.tag("SetUp")) {
        (Some(fen), _) => Game::from_fen(fen).map_err(GameProblem::Fen)?,
        (None, Some(setup)) if setup.trim() == "1" => return Err(GameProblem::MissingFen),
        (None, _) => Game::startpos(),
    };
    let start = *played.position();
    for mv in &game.moves {
        let before = *played.position();
        played
            .play_san(&mv.san)
            .map_err(|error| GameProblem::Move {
                number: move_number(before.fullmove_number(), before.side_to_move()),
                error,
            })?;
    }
    Ok(ReplayedGame {
        start,
        moves: played.moves().to_vec(),
    })
}

/// A move's number as PGN writes it: `12.` for White's twelfth move, `12...` for Black's.
pub fn move_number(fullmove: u16, mover: Color) -> String {
    let dots = match mover {
        Color::White => ".",
        Color::Black => "...",
    };
    format!("{fullmove}{dots}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pgn::read_games;

    fn replayed(text: &str) -> Result<ReplayedGame, GameProblem> {
        let games: Vec<PgnGame> = read_games(text).collect();
        assert_eq!(games.len(), 1);
        replay(&games[0])
    }

    #[test]
    fn standard_and_chess960_games_replay() {
        let game = replayed("1. e4 e5 2. Nf3 *").expect("legal game");
        assert_eq!(game.start, Position::startpos());
        assert_eq!(game.moves.len(), 3);
        // Chess960 with X-FEN castling: White castles queenside with the rook on d1.
        let game = replayed(
            "[Variant \"fischerandom\"]\n[SetUp \"1\"]\n\
             [FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n\
             1. d4 d5 2. Bf4 Bf5 3. O-O-O O-O-O *",
        )
        .expect("legal Chess960 game");
        assert!(game.start.is_chess960());
        assert_eq!(game.moves.len(), 6);
        assert!(game.moves[4].is_castle() && game.moves[5].is_castle());
    }

    #[test]
    fn problems_name_the_tag_or_the_move() {
        let problem = |text| replayed(text).err().map(|e| e.to_string());
        assert_eq!(
            problem("[Event \"x\"]\n[Broken]\n1. e4 *"),
            Some("malformed tag at line 2: [Broken]".to_string())
        );
        assert_eq!(
            problem("[Variant \"Atomic\"]\n1. e4 *"),
            Some("unsupported variant \"Atomic\"".to_string())
        );
        assert_eq!(
            problem("[SetUp \"1\"]\n1. e4 *"),
            Some("[SetUp \"1\"] without a FEN tag".to_string())
        );
        assert!(matches!(
            replayed("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *"),
            Err(GameProblem::Fen(_))
        ));
        assert_eq!(
            problem("1. e4 e5 2. Ke3 *"),
            Some("illegal move 2. Ke3: no piece can make that move".to_string())
        );
        assert_eq!(
            problem("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n40... Kd7 41. e5 *"),
            Some("illegal move 41. e5: no piece can make that move".to_string())
        );
    }
}
