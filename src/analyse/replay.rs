//! From a PGN game to the positions analysis searches: the start position its tags give
//! (`[Variant]`, `[SetUp]`, `[FEN]`; standard chess and Chess960) and its moves, each checked
//! for legality. A game that cannot be replayed is refused with a [`GameProblem`] naming the
//! tag or the move at fault.

use crate::chess::{Color, Move, Position};
use crate::rules::pgn::PgnGame;
use crate::rules::pgn_start::StartError;
use crate::rules::MoveError;
use std::fmt;

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
    /// The tags give no start position.
    Start(StartError),
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
            GameProblem::Start(e) => write!(f, "{e}"),
            GameProblem::Move { number, error } => {
                write!(f, "illegal move {number} {}: {error}", error.text)
            }
        }
    }
}

impl std::error::Error for GameProblem {}

/// Replays `game` from the start its tags give; the first problem found refuses it.
pub fn replay(game: &PgnGame) -> Result<ReplayedGame, GameProblem> {
    let mut played = game.start().map_err(GameProblem::Start)?;
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
            Err(GameProblem::Start(StartError::Fen(_)))
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
