//! Tuning data from games played elsewhere (`ferrite import-pgn`): the quiet positions of
//! PGN games, labelled with each game's result, chosen by the filter `datagen` uses
//! ([`is_kept`]). Only the moves and the result are taken from a game; a score in a move's
//! comment (`{+0.57/9 0.010s}`, as match runners write it) only decides whether the
//! position before that move is kept.
//!
//! Games that were not played out are skipped: no result (`*`, or none at all), or a
//! `Termination` saying an engine failed or the game was abandoned, where the result says
//! nothing about the positions.

use super::data::GameResult;
use super::datagen::is_kept;
use super::pgn::{PgnGame, PgnMove};
use crate::chess::FenError;
use crate::rules::{Game, MoveError};
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
    /// The `FEN` tag is not a legal position.
    Fen(FenError),
    /// A move of the main line is not legal (1-based ply, and why).
    Move(usize, MoveError),
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skipped::NoResult(None) => write!(f, "no result"),
            Skipped::NoResult(Some(text)) => write!(f, "no result ({text:?})"),
            Skipped::NotPlayedOut(why) => write!(f, "not played out ({why})"),
            Skipped::Fen(e) => write!(f, "invalid FEN tag: {e}"),
            Skipped::Move(ply, e) => write!(f, "ply {ply}: {e}"),
        }
    }
}

/// The result and the kept positions (FENs, in game order) of a game.
pub fn game_positions(game: &PgnGame) -> Result<(GameResult, Vec<String>), Skipped> {
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
    let mut played = match game.tag("FEN") {
        Some(fen) => Game::from_fen(fen).map_err(Skipped::Fen)?,
        None => Game::startpos(),
    };
    let mut kept = Vec::new();
    for (ply, PgnMove { san, comment }) in game.moves.iter().enumerate() {
        let pos = *played.position();
        let mv = played
            .play_san(san)
            .map_err(|e| Skipped::Move(ply + 1, e))?;
        let score = comment.as_deref().and_then(comment_score);
        if is_kept(&pos, ply, mv, score) {
            kept.push(pos.to_fen());
        }
    }
    Ok((result, kept))
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
    use super::super::pgn::read_games;
    use super::*;

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
    fn quiet_positions_past_the_opening_are_kept_with_the_result() {
        // From the ninth ply (index 8) on: 5. O-O is quiet, 5... Nxe4 a capture, 6. Re1 is
        // quiet but its score is decisive, 6... Nd6 quiet without a score, 7. Rxe5+ a
        // capture, 7... Be7 is played in check.
        let game = only_game(
            "[Result \"0-1\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxc6 dxc6 5. O-O {+0.20/9} \
             5... Nxe4 {-0.10/9} 6. Re1 {+10.00/9} 6... Nd6 {0.010s} 7. Rxe5+ Be7 0-1",
        );
        let (result, kept) = game_positions(&game).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(result, GameResult::BlackWin);
        assert_eq!(
            kept,
            [
                "r1bqkb1r/ppp2ppp/2p2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5",
                "r1bqkb1r/ppp2ppp/2p5/4p3/4n3/5N2/PPPP1PPP/RNBQR1K1 b kq - 1 6",
            ]
        );
    }

    #[test]
    fn games_not_played_out_or_with_illegal_moves_are_skipped() {
        let skipped = |text: &str| game_positions(&only_game(text)).err();
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
            Some(Skipped::Fen(_))
        ));
        assert!(matches!(
            skipped("1. e4 e5 2. Ke3 1-0"),
            Some(Skipped::Move(3, _))
        ));
    }

    #[test]
    fn a_fen_tag_sets_the_start_and_plies_count_from_it() {
        let game = only_game(
            "[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\
             40. Kd2 Kd7 41. Kc3 Kc7 42. Kb4 Kb6 43. Ka4 Ka6 44. e4 Kb6 1/2-1/2",
        );
        let (result, kept) = game_positions(&game).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(result, GameResult::Draw);
        assert_eq!(
            kept,
            [
                "8/8/k7/8/K7/8/4P3/8 w - - 8 44",
                "8/8/k7/8/K3P3/8/8/8 b - - 0 44"
            ]
        );
    }
}
