//! Tuning data from games played elsewhere (`ferrite import-pgn`): the quiet positions of
//! PGN games, labelled with each game's result, chosen by the filter `datagen` uses
//! ([`is_kept`]). Only the moves and the result are taken from a game; a score in a move's
//! comment (`{+0.57/9 0.010s}`, as match runners write it) only decides whether the
//! position before that move is kept.
//!
//! Games that were not played out are skipped: no result (`*`, or none at all), or a
//! `Termination` saying an engine failed or the game was abandoned, where the result says
//! nothing about the positions.
//!
//! [`import_files`] runs the whole import; a file it cannot read, create or write is an
//! [`ImportError`] naming the path.

use super::data::{format_record, GameResult};
use super::datagen::is_kept;
use crate::chess::{FenError, Move, Position};
use crate::rules::pgn::{read_games, PgnGame, PgnMove};
use crate::rules::{Game, MoveError};
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

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

/// A position of a game, the move played from it and the score of that move's comment.
pub type ScoredPosition = (Position, Move, Option<i32>);

/// The result and the kept positions (FENs, in game order) of a game.
pub fn game_positions(game: &PgnGame) -> Result<(GameResult, Vec<String>), Skipped> {
    let (result, positions) = scored_positions(game)?;
    let kept = positions
        .iter()
        .enumerate()
        .filter(|(ply, (pos, mv, score))| is_kept(pos, *ply, *mv, *score))
        .map(|(_, (pos, _, _))| pos.to_fen())
        .collect();
    Ok((result, kept))
}

/// The result of a game played out, and each of its positions with the move played and the
/// score in that move's comment (centipawns for the side to move, as match runners write it;
/// a mate as `±i32::MAX`). The network's trainer reads match games through this.
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
    let mut played = match game.tag("FEN") {
        Some(fen) => Game::from_fen(fen).map_err(Skipped::Fen)?,
        None => Game::startpos(),
    };
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

/// Counts of an import.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Games read.
    pub games: usize,
    /// Games skipped (see [`Skipped`]).
    pub skipped: usize,
    /// Positions written.
    pub positions: usize,
}

impl fmt::Display for ImportSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} skipped, {} positions",
            self.games, self.skipped, self.positions
        )
    }
}

/// Why an import failed.
#[derive(Debug)]
pub enum ImportError {
    /// The output file could not be created.
    Create {
        /// The output file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A PGN file could not be read.
    Read {
        /// The PGN file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Writing the output failed.
    Write {
        /// The output file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Create { path, source } => {
                write!(f, "cannot create {}: {source}", path.display())
            }
            ImportError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            ImportError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for ImportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ImportError::Create { source, .. }
            | ImportError::Read { source, .. }
            | ImportError::Write { source, .. } => Some(source),
        }
    }
}

/// Reads the games of the PGN `files` (bytes that are not UTF-8 replaced) and writes the
/// kept positions of each to `out`, created or emptied first, as `<FEN> | <result>` lines.
/// `skipped` is told the file, the line and the reason of each game left out.
pub fn import_files(
    files: &[PathBuf],
    out: &Path,
    skipped: &mut dyn FnMut(&Path, usize, &Skipped),
) -> Result<ImportSummary, ImportError> {
    let file = File::create(out).map_err(|source| ImportError::Create {
        path: out.to_path_buf(),
        source,
    })?;
    let mut writer = BufWriter::new(file);
    let write_error = |source| ImportError::Write {
        path: out.to_path_buf(),
        source,
    };
    let mut summary = ImportSummary::default();
    for path in files {
        let bytes = std::fs::read(path).map_err(|source| ImportError::Read {
            path: path.clone(),
            source,
        })?;
        for game in read_games(&String::from_utf8_lossy(&bytes)) {
            summary.games += 1;
            let (result, kept) = match game_positions(&game) {
                Ok(found) => found,
                Err(why) => {
                    summary.skipped += 1;
                    skipped(path, game.line, &why);
                    continue;
                }
            };
            summary.positions += kept.len();
            kept.iter()
                .try_for_each(|fen| writeln!(writer, "{}", format_record(fen, result)))
                .map_err(write_error)?;
        }
    }
    writer.flush().map_err(write_error)?;
    Ok(summary)
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

    /// A path in the temporary directory, unique to this test process.
    fn temp_path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("ferrite-import-{}-{name}", std::process::id()))
    }

    #[test]
    fn files_that_cannot_be_read_or_created_are_errors_naming_them() {
        let out = temp_path("out.txt");
        let missing = PathBuf::from("/nonexistent/ferrite-games.pgn");
        let error = import_files(std::slice::from_ref(&missing), &out, &mut |_, _, _| {})
            .expect_err("no such file");
        assert!(matches!(&error, ImportError::Read { path, .. } if *path == missing));
        assert!(error
            .to_string()
            .starts_with("cannot read /nonexistent/ferrite-games.pgn: "));
        let nowhere = Path::new("/nonexistent/ferrite-out.txt");
        let error = import_files(&[], nowhere, &mut |_, _, _| {}).expect_err("no such folder");
        assert!(matches!(&error, ImportError::Create { path, .. } if path == nowhere));
        let _ = std::fs::remove_file(out);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_failed_write_is_an_error_naming_the_output() {
        let games = temp_path("full.pgn");
        std::fs::write(
            &games,
            "[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n\
             40. Kd2 Kd7 41. Kc3 Kc7 42. Kb4 Kb6 43. Ka4 Ka6 44. e4 Kb6 1/2-1/2\n",
        )
        .expect("temporary file is writable");
        // Every write to /dev/full fails (ENOSPC).
        let full = Path::new("/dev/full");
        let error = import_files(std::slice::from_ref(&games), full, &mut |_, _, _| {})
            .expect_err("the disk is full");
        assert!(matches!(&error, ImportError::Write { path, .. } if path == full));
        let _ = std::fs::remove_file(games);
    }

    #[test]
    fn skipped_games_are_reported_with_file_and_line() {
        let games = temp_path("games.pgn");
        let out = temp_path("positions.txt");
        std::fs::write(&games, "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n1. d4 *\n")
            .expect("temporary file is writable");
        let mut seen = Vec::new();
        let summary = import_files(
            std::slice::from_ref(&games),
            &out,
            &mut |path, line, why| {
                seen.push((path.to_path_buf(), line, why.clone()));
            },
        )
        .expect("import runs");
        assert_eq!(
            summary,
            ImportSummary {
                games: 2,
                skipped: 1,
                positions: 0
            }
        );
        assert_eq!(
            seen,
            [(games.clone(), 5, Skipped::NoResult(Some("*".to_string())))]
        );
        assert_eq!(summary.to_string(), "2 games, 1 skipped, 0 positions");
        assert_eq!(std::fs::read_to_string(&out).expect("output"), "");
        let _ = std::fs::remove_file(games);
        let _ = std::fs::remove_file(out);
    }
}
