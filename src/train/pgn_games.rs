//! Games played elsewhere, as the network's trainer reads them from PGN (OpenBench's
//! data-generation workloads and match runners write those): each position with the move
//! played and the mover's score from that move's comment (`{+0.57/9 0.010s}`, as match
//! runners write it), and the game's result.
//!
//! Games that were not played out give none: no result (`*`, or none at all), or a
//! `Termination` saying an engine failed or the game was abandoned, where the result says
//! nothing about the positions.

use crate::chess::{Move, Position};
use crate::eval::nnue::GameResult;
use crate::rules::pgn::{PgnGame, PgnMove};
use crate::rules::pgn_start::StartError;
use crate::rules::MoveError;
use std::fmt;

/// `Termination` tags of games decided by something other than the play (PGN standard
/// values, and the faults match runners report).
const NOT_PLAYED_OUT: [&str; 10] = [
    "abandoned",
    "death",
    "emergency",
    "rules infraction",
    "time forfeit",
    "unterminated",
    "illegal move",
    "no move",
    "crash",
    "hang",
];

/// Why a game gave no positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// No result, or one that is not `1-0`, `0-1` or `1/2-1/2` (the text found).
    NoResult(Option<String>),
    /// The `Termination` tag says the game was not played out (its value).
    NotPlayedOut(String),
    /// The tags give no start position.
    Start(StartError),
    /// A move of the main line is not legal (1-based ply, and why).
    Move(usize, MoveError),
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skipped::NoResult(None) => write!(f, "no result"),
            Skipped::NoResult(Some(text)) => write!(f, "no result ({text:?})"),
            Skipped::NotPlayedOut(why) => write!(f, "not played out ({why})"),
            Skipped::Start(e) => write!(f, "{e}"),
            Skipped::Move(ply, e) => write!(f, "ply {ply}: {e}"),
        }
    }
}

/// A position of a game, the move played from it and the score of that move's comment.
pub type ScoredPosition = (Position, Move, Option<i32>);

/// The result of a game played out, and each of its positions with the move played and the
/// score in that move's comment (centipawns for the side to move, as match runners write it;
/// a mate as `±i32::MAX`).
pub fn scored_positions(game: &PgnGame) -> Result<(GameResult, Vec<ScoredPosition>), Skipped> {
    let result = match game.result() {
        Some("1-0") => GameResult::WhiteWin,
        Some("0-1") => GameResult::BlackWin,
        Some("1/2-1/2") => GameResult::Draw,
        other => return Err(Skipped::NoResult(other.map(str::to_string))),
    };
    if let Some(termination) = game.tag("Termination") {
        if NOT_PLAYED_OUT.contains(&termination.to_ascii_lowercase().as_str()) {
            return Err(Skipped::NotPlayedOut(termination.to_string()));
        }
    }
    let mut played = game.start().map_err(Skipped::Start)?;
    let mut positions = Vec::with_capacity(game.moves.len());
    for (ply, PgnMove { san, comment, .. }) in game.moves.iter().enumerate() {
        let pos = *played.position();
        let mv = played
            .play_san(san)
            .map_err(|e| Skipped::Move(ply + 1, e))?;
        positions.push((pos, mv, comment.as_deref().and_then(comment_score)));
    }
    Ok((result, positions))
}

/// The mover's score in centipawns at the start of a move comment: `+0.57/9 …` is 57,
/// `-M3/12` (mate either way) is `i32::MAX` or `i32::MIN`. `None` if the comment does not
/// start with a score.
fn comment_score(comment: &str) -> Option<i32> {
    let (score, _) = comment.trim_start().split_once('/')?;
    let (negative, magnitude) = match score.strip_prefix('-') {
        Some(magnitude) => (true, magnitude),
        None => (false, score.strip_prefix('+').unwrap_or(score)),
    };
    let centipawns = match magnitude.strip_prefix('M') {
        Some(moves) => moves.parse::<u32>().map(|_| i32::MAX).ok()?,
        None => {
            let pawns = magnitude
                .parse::<f64>()
                .ok()
                .filter(|pawns| pawns.is_finite())?;
            (pawns * 100.0).round() as i32
        }
    };
    Some(if negative { -centipawns } else { centipawns })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pgn::read_games;

    fn only_game(text: &str) -> PgnGame {
        let games: Vec<PgnGame> = read_games(text).collect();
        assert_eq!(games.len(), 1);
        games.into_iter().next().unwrap_or_default()
    }

    #[test]
    fn comment_scores_are_centipawns_and_mates_are_decisive() {
        assert_eq!(comment_score("+0.57/9 0.010s"), Some(57));
        assert_eq!(comment_score(" -1.23/12"), Some(-123));
        assert_eq!(comment_score("0.00/1"), Some(0));
        assert_eq!(comment_score("+M3/20 0.1s"), Some(i32::MAX));
        assert_eq!(comment_score("-M1/2"), Some(-i32::MAX));
        assert_eq!(comment_score("0.012s"), None);
        assert_eq!(comment_score("book/move"), None);
        assert_eq!(comment_score("nan/1"), None);
        assert_eq!(comment_score(""), None);
    }

    #[test]
    fn positions_come_with_the_move_played_and_the_comment_score() {
        let game =
            only_game("[Result \"0-1\"]\n1. e4 {+0.20/9 0.01s} e5 {book} 2. Nf3 {-M3/12} Nc6 0-1");
        let (result, positions) = scored_positions(&game).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(result, GameResult::BlackWin);
        let seen: Vec<(String, String, Option<i32>)> = positions
            .iter()
            .map(|(pos, mv, score)| (pos.to_fen(), mv.to_uci(false), *score))
            .collect();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(seen[0], (start.to_string(), "e2e4".to_string(), Some(20)));
        assert_eq!(seen[1].2, None);
        assert_eq!(seen[2].2, Some(-i32::MAX));
        assert_eq!(
            seen[3],
            (
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".to_string(),
                "b8c6".to_string(),
                None
            )
        );
    }

    #[test]
    fn games_not_played_out_or_with_illegal_moves_are_skipped() {
        let skipped = |text: &str| scored_positions(&only_game(text)).err();
        assert_eq!(
            skipped("1. e4 e5 *"),
            Some(Skipped::NoResult(Some("*".to_string())))
        );
        assert_eq!(skipped("1. e4 e5"), Some(Skipped::NoResult(None)));
        assert_eq!(
            skipped("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n1. e4 1-0"),
            Some(Skipped::NotPlayedOut("time forfeit".to_string()))
        );
        assert!(matches!(
            skipped("[Result \"1-0\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1-0"),
            Some(Skipped::Start(StartError::Fen(_)))
        ));
        assert!(matches!(
            skipped("1. e4 e5 2. Ke3 1-0"),
            Some(Skipped::Move(3, _))
        ));
    }

    #[test]
    fn a_fen_tag_sets_the_start() {
        let game = only_game(
            "[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\
             40. Kd2 Kd7 41. Kc3 1/2-1/2",
        );
        let (result, positions) = scored_positions(&game).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(result, GameResult::Draw);
        let fens: Vec<String> = positions.iter().map(|(pos, _, _)| pos.to_fen()).collect();
        assert_eq!(
            fens,
            [
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40",
                "4k3/8/8/8/8/8/3KP3/8 b - - 1 40",
                "8/3k4/8/8/8/8/3KP3/8 w - - 2 41"
            ]
        );
    }
}
