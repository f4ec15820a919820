//! The games of a game file as PGN (`ferrite data pgn`), so that a GUI can replay them and
//! python-chess can check them. Each game gets the Seven Tag Roster (`Round` its 1-based
//! number in the file, both players `Ferrite`), `SetUp` and `FEN` for its start, `Variant
//! "Chess960"` when the start is a Chess960 one (castling rights written as rook files), its
//! moves in SAN each with `{[%eval …]}`, and the result.
//!
//! The `[%eval]` is the one `ferrite analyse` writes ([`Score`]): the stored score is the
//! search's of the position before the move, for its side to move, which is the mover's view
//! of the position after it; it is shown as the UCI front end shows scores, normalised by the
//! WDL model on the searched position's material (+1.00 wins half the games there), from
//! White's point of view, mates as `#N` / `#-N`.
//!
//! The games are written one at a time as they are read ([`GameReader`]); a damaged file or
//! one cut inside a game gives its games before the damage, then the damage with its offset.

use super::game_file::{GameFileError, GameReader, RecordedGame};
use crate::eval::nnue::GameResult;
use crate::eval::wdl::material;
use crate::rules::pgn::{PgnGame, PgnMove};
use crate::rules::pgn_write::write_game;
use crate::rules::to_san;
use crate::search::displayed_score::Score;
use std::fmt;

/// What stopped the export before the end of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// The file is damaged (or no game file): the games from the damage on are lost.
    Damaged(GameFileError),
    /// The file ends inside a game.
    CutShort {
        /// The game's 1-based number.
        game: usize,
        /// Where the game starts.
        offset: usize,
    },
}

impl ExportError {
    /// The byte offset of the damage from the start of the file.
    pub fn offset(&self) -> usize {
        match self {
            ExportError::Damaged(error) => error.offset(),
            ExportError::CutShort { offset, .. } => *offset,
        }
    }
}

/// `<what> at offset <byte offset>`, games numbered from 1 as their `Round` tags are.
impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Damaged(error) => write!(f, "{error}"),
            ExportError::CutShort { game, offset } => {
                write!(f, "game {game}: the file ends inside it at offset {offset}")
            }
        }
    }
}

impl std::error::Error for ExportError {}

/// The games of the game file `bytes` as PGN text, one game an item, then the damage if any.
pub fn pgn_games(bytes: &[u8]) -> PgnGames<'_> {
    let (reader, header_error) = match GameReader::new(bytes) {
        Ok(reader) => (Some(reader), None),
        Err(error) => (None, Some(error)),
    };
    PgnGames {
        reader,
        header_error,
        file_len: bytes.len(),
        round: 0,
    }
}

/// Iterator over the PGN games of a game file (see [`pgn_games`]).
pub struct PgnGames<'a> {
    /// `None` once the reading has stopped.
    reader: Option<GameReader<'a>>,
    /// An unreadable header, not yet returned.
    header_error: Option<GameFileError>,
    file_len: usize,
    /// Games written so far.
    round: usize,
}

impl Iterator for PgnGames<'_> {
    type Item = Result<String, ExportError>;

    fn next(&mut self) -> Option<Self::Item> {
        let Some(reader) = self.reader.as_mut() else {
            return self
                .header_error
                .take()
                .map(|e| Err(ExportError::Damaged(e)));
        };
        match reader.next() {
            Some(Ok(game)) => {
                self.round += 1;
                Some(Ok(game_pgn(&game, self.round)))
            }
            Some(Err(error)) => {
                self.reader = None;
                Some(Err(ExportError::Damaged(error)))
            }
            None => {
                let complete_len = reader.complete_len();
                self.reader = None;
                (complete_len < self.file_len).then(|| {
                    Err(ExportError::CutShort {
                        game: self.round + 1,
                        offset: complete_len,
                    })
                })
            }
        }
    }
}

/// `game` as PGN text, the `round`-th game of its file.
pub fn game_pgn(game: &RecordedGame, round: usize) -> String {
    let result = match game.result {
        GameResult::WhiteWin => "1-0",
        GameResult::Draw => "1/2-1/2",
        GameResult::BlackWin => "0-1",
    };
    let mut tags = vec![
        ("Event", "Ferrite self-play".to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", round.to_string()),
        ("White", "Ferrite".to_string()),
        ("Black", "Ferrite".to_string()),
        ("Result", result.to_string()),
    ];
    if game.start.is_chess960() {
        tags.push(("Variant", "Chess960".to_string()));
    }
    tags.push(("SetUp", "1".to_string()));
    tags.push(("FEN", game.start.to_fen()));
    let moves = game
        .positions()
        .map(|(pos, mv, score)| {
            let mover = pos.side_to_move();
            let eval = Score::from_search(i32::from(score), material(&pos)).for_white(mover);
            PgnMove {
                san: to_san(&pos, mv),
                comment: Some(format!("[%eval {eval}]")),
                ..PgnMove::default()
            }
        })
        .collect();
    let pgn = PgnGame {
        tags: tags
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect(),
        moves,
        termination_marker: Some(result.to_string()),
        ..PgnGame::default()
    };
    write_game(&pgn, &game.start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::chess960::{chess960_start, double_chess960_start};
    use crate::chess::Position;
    use crate::datagen::game_file::tests::{game, provenance};
    use crate::rules::pgn::read_games;

    #[test]
    fn a_game_is_written_with_its_tags_sans_and_white_evals() {
        let start = Position::startpos();
        let e4 = crate::rules::parse_san(&start, "e4").expect("legal");
        let e5 = crate::rules::parse_san(&start.play(e4), "e5").expect("legal");
        let recorded = RecordedGame {
            start,
            result: GameResult::Draw,
            // Black mating in one is White's #-1.
            plies: vec![(e4, 0), (e5, 31_999)],
        };
        assert_eq!(
            game_pgn(&recorded, 4),
            "[Event \"Ferrite self-play\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
             [Round \"4\"]\n[White \"Ferrite\"]\n[Black \"Ferrite\"]\n[Result \"1/2-1/2\"]\n\
             [SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n\
             1. e4 {[%eval 0.00]} 1... e5 {[%eval #-1]} 1/2-1/2\n\n"
        );
    }

    #[test]
    fn chess960_starts_are_marked_and_the_games_read_back() {
        let double = double_chess960_start(0, 959).expect("a start");
        for start in [chess960_start(0).expect("a start"), double] {
            let text = game_pgn(&game(start, 12, GameResult::WhiteWin), 1);
            let read = read_games(&text).next().expect("one game");
            assert_eq!(read.tag("Variant"), Some("Chess960"));
            assert_eq!(read.moves.len(), 12);
            assert_eq!(read.start().map(|g| *g.position()), Ok(start));
        }
    }

    #[test]
    fn the_games_before_damage_or_a_cut_come_first_then_the_offset() {
        let mut bytes = provenance().file_start();
        game(Position::startpos(), 6, GameResult::Draw).encode(&mut bytes);
        let second = bytes.len();
        game(Position::startpos(), 6, GameResult::Draw).encode(&mut bytes);
        let cut: Vec<_> = pgn_games(&bytes[..bytes.len() - 3]).collect();
        assert_eq!(cut.len(), 2);
        assert_eq!(
            cut[1],
            Err(ExportError::CutShort {
                game: 2,
                offset: second
            })
        );
        assert_eq!(pgn_games(&bytes).filter(Result::is_ok).count(), 2);
        assert_eq!(pgn_games(&bytes).count(), 2);
        // The second game's first move index past the 20 legal moves of the start.
        let mut damaged = bytes.clone();
        let first_move = second + 1 + Position::startpos().to_fen().len() + 1;
        damaged[first_move] = 20;
        let items: Vec<_> = pgn_games(&damaged).map(|item| item.map(|_| ())).collect();
        assert_eq!(items.len(), 2);
        assert_eq!(
            items[1].clone().map_err(|e| e.to_string()),
            Err(format!(
                "game 2: move index past the legal moves at ply 0 at offset {first_move}"
            ))
        );
        let error = pgn_games(b"FRTGAME1").next().expect("one item");
        assert_eq!(
            error.map_err(|e| e.to_string()),
            Err("not a Ferrite game file (no FRTGAME2) at offset 0".to_string())
        );
    }
}
