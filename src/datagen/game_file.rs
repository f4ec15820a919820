//! The binary game file `ferrite datagen` appends to and the trainers read: whole self-play
//! games, each a start position, then the move played and the search's score at every ply,
//! then nothing more (the result comes first). Every position of a game is in it, so the
//! filters (in check, a capture or promotion chosen, mate scores) are the reader's choice.
//!
//! Byte by byte, integers little-endian:
//!
//! ```text
//! file    := magic game*
//! magic   := "FRTGAME1"                                   8 bytes
//! game    := result fen_len fen plies ply*
//! result  := u8: 0 Black won, 1 draw, 2 White won
//! fen_len := u8, then fen: the start position in FEN (Shredder-FEN castling in Chess960)
//! plies   := u16, the number of plies that follow
//! ply     := move score                                   4 bytes
//! move    := u16: Ferrite's move (from 6 bits, to 6, flags 4; castling is king takes rook)
//! score   := i16: the search's score of the position, centipawns for the side to move
//! ```
//!
//! A game of 150 plies takes about 660 bytes, 4.4 a position: ten million positions fit in
//! about 45 MB. A file cut short inside its last game (a run killed while writing) reads as
//! the games before it, and the writer resumes after them.

use crate::chess::{Move, Position};
use std::fmt;

/// How a game ended, from white's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won.
    WhiteWin,
    /// Drawn.
    Draw,
    /// Black won.
    BlackWin,
}

/// The first eight bytes of every game file.
pub const MAGIC: &[u8; 8] = b"FRTGAME1";

/// One game: where it started, every move with the score the search gave it, the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedGame {
    /// The start position.
    pub start: Position,
    /// The result, White's view.
    pub result: GameResult,
    /// Each ply's move and the search's score of the position before it (side to move).
    pub plies: Vec<(Move, i16)>,
}

/// What makes a game file unreadable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFileError {
    /// The file does not start with [`MAGIC`].
    NotAGameFile,
    /// A game's result byte is not 0, 1 or 2.
    BadResult {
        /// The game's index in the file.
        game: usize,
        /// The byte found.
        byte: u8,
    },
    /// A game's start position is not a legal FEN.
    BadStart {
        /// The game's index in the file.
        game: usize,
        /// Why.
        problem: String,
    },
    /// A move that is not legal in its position.
    IllegalMove {
        /// The game's index in the file.
        game: usize,
        /// The ply of the game.
        ply: usize,
    },
    /// A game too long for its length field.
    TooLong(usize),
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFileError::NotAGameFile => write!(f, "not a Ferrite game file (no FRTGAME1)"),
            GameFileError::BadResult { game, byte } => {
                write!(f, "game {game}: result byte {byte} (expected 0, 1 or 2)")
            }
            GameFileError::BadStart { game, problem } => {
                write!(f, "game {game}: bad start position: {problem}")
            }
            GameFileError::IllegalMove { game, ply } => {
                write!(f, "game {game}: illegal move at ply {ply}")
            }
            GameFileError::TooLong(plies) => {
                write!(
                    f,
                    "a game of {plies} plies is more than a game record holds"
                )
            }
        }
    }
}

impl std::error::Error for GameFileError {}

impl RecordedGame {
    /// Appends the game's bytes to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), GameFileError> {
        let plies = u16::try_from(self.plies.len())
            .map_err(|_| GameFileError::TooLong(self.plies.len()))?;
        out.push(match self.result {
            GameResult::BlackWin => 0,
            GameResult::Draw => 1,
            GameResult::WhiteWin => 2,
        });
        let fen = self.start.to_fen();
        // A FEN is at most 90 bytes: eight ranks of eight, the fields and two clocks.
        out.push(fen.len() as u8);
        out.extend_from_slice(fen.as_bytes());
        out.extend_from_slice(&plies.to_le_bytes());
        for &(mv, score) in &self.plies {
            out.extend_from_slice(&mv.bits().to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
        }
        Ok(())
    }

    /// The positions of the game in order, each with the move played from it and its score.
    pub fn positions(&self) -> impl Iterator<Item = (Position, Move, i16)> + '_ {
        self.plies.iter().scan(self.start, |pos, &(mv, score)| {
            let before = *pos;
            pos.make_move(mv);
            Some((before, mv, score))
        })
    }
}

/// The complete games at the start of a game file's bytes.
#[derive(Debug)]
pub struct Decoded {
    /// The games, in file order.
    pub games: Vec<RecordedGame>,
    /// Bytes up to the end of the last complete game: anything after it is a game cut short.
    pub complete_len: usize,
}

/// Reads the games of a game file. A last game cut short is left out (see
/// [`Decoded::complete_len`]); anything else wrong is an error naming the game.
pub fn decode(bytes: &[u8]) -> Result<Decoded, GameFileError> {
    let body = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or(GameFileError::NotAGameFile)?;
    let mut games = Vec::new();
    let mut at = 0;
    while let Some((game, used)) = decode_game(&body[at..], games.len())? {
        games.push(game);
        at += used;
    }
    Ok(Decoded {
        games,
        complete_len: MAGIC.len() + at,
    })
}

/// The game at the start of `bytes` and the bytes it takes, or `None` if they end first.
fn decode_game(bytes: &[u8], game: usize) -> Result<Option<(RecordedGame, usize)>, GameFileError> {
    let (Some(&result_byte), Some(&fen_len)) = (bytes.first(), bytes.get(1)) else {
        return Ok(None);
    };
    let result = match result_byte {
        0 => GameResult::BlackWin,
        1 => GameResult::Draw,
        2 => GameResult::WhiteWin,
        byte => return Err(GameFileError::BadResult { game, byte }),
    };
    let fen_end = 2 + usize::from(fen_len);
    let (Some(fen), Some(count)) = (bytes.get(2..fen_end), bytes.get(fen_end..fen_end + 2)) else {
        return Ok(None);
    };
    let bad_start = |problem: String| GameFileError::BadStart { game, problem };
    let fen = std::str::from_utf8(fen).map_err(|e| bad_start(e.to_string()))?;
    let start = Position::from_fen(fen).map_err(|e| bad_start(format!("{fen}: {e}")))?;
    let count = usize::from(u16::from_le_bytes([count[0], count[1]]));
    let plies_at = fen_end + 2;
    let Some(ply_bytes) = bytes.get(plies_at..plies_at + 4 * count) else {
        return Ok(None);
    };
    let mut pos = start;
    let mut plies = Vec::with_capacity(count);
    for (ply, chunk) in ply_bytes.chunks_exact(4).enumerate() {
        let mv = Move::from_bits(u16::from_le_bytes([chunk[0], chunk[1]]))
            .filter(|&mv| pos.is_legal(mv))
            .ok_or(GameFileError::IllegalMove { game, ply })?;
        pos.make_move(mv);
        plies.push((mv, i16::from_le_bytes([chunk[2], chunk[3]])));
    }
    let game = RecordedGame {
        start,
        result,
        plies,
    };
    Ok(Some((game, plies_at + 4 * count)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::chess960::chess960_start;

    /// A game of `plies` first legal moves from `start`, scored by ply number.
    fn game(start: Position, plies: usize, result: GameResult) -> RecordedGame {
        let mut pos = start;
        let mut moves = Vec::new();
        for ply in 0..plies {
            let mv = pos.legal_moves().as_slice()[0];
            moves.push((mv, ply as i16 * 7 - 300));
            pos.make_move(mv);
        }
        RecordedGame {
            start,
            result,
            plies: moves,
        }
    }

    fn file_of(games: &[RecordedGame]) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for game in games {
            game.encode(&mut bytes).expect("a short game");
        }
        bytes
    }

    #[test]
    fn games_round_trip_and_take_four_bytes_a_ply() {
        let games = [
            game(Position::startpos(), 40, GameResult::Draw),
            game(
                chess960_start(0).expect("a start"),
                12,
                GameResult::WhiteWin,
            ),
            game(Position::startpos(), 0, GameResult::BlackWin),
        ];
        let bytes = file_of(&games);
        let fen_bytes: usize = games.iter().map(|g| g.start.to_fen().len()).sum();
        assert_eq!(bytes.len(), 8 + 3 * 4 + fen_bytes + 4 * 52);
        let decoded = decode(&bytes).expect("a valid file");
        assert_eq!(decoded.games, games);
        assert_eq!(decoded.complete_len, bytes.len());
        // Positions replay the moves: the second one is after the first move.
        let (second, _, score) = games[0].positions().nth(1).expect("40 positions");
        assert_eq!(second, Position::startpos().play(games[0].plies[0].0));
        assert_eq!(score, -293);
    }

    #[test]
    fn a_game_cut_short_is_left_out_and_its_start_reported() {
        let games = [
            game(Position::startpos(), 10, GameResult::Draw),
            game(Position::startpos(), 10, GameResult::Draw),
        ];
        let bytes = file_of(&games);
        let first_len = file_of(&games[..1]).len();
        for cut in first_len..bytes.len() {
            let decoded = decode(&bytes[..cut]).expect("a file cut short still reads");
            assert_eq!(decoded.games.len(), 1, "cut at {cut}");
            assert_eq!(decoded.complete_len, first_len, "cut at {cut}");
        }
        assert_eq!(decode(MAGIC).expect("empty").games, []);
    }

    #[test]
    fn damage_is_an_error_naming_the_game() {
        assert_eq!(
            decode(b"FRTGAME2").map(|_| ()),
            Err(GameFileError::NotAGameFile)
        );
        let mut bytes = file_of(&[game(Position::startpos(), 4, GameResult::Draw)]);
        let good = bytes.clone();
        bytes[8] = 7;
        let error = decode(&bytes).expect_err("result 7");
        assert_eq!(error, GameFileError::BadResult { game: 0, byte: 7 });
        // The first move's target square moved to another rank: no longer legal.
        let mut bytes = good.clone();
        let first_move = 8 + 2 + Position::startpos().to_fen().len() + 2;
        bytes[first_move + 1] ^= 0x0C;
        assert_eq!(
            decode(&bytes).map(|_| ()),
            Err(GameFileError::IllegalMove { game: 0, ply: 0 })
        );
        let mut bytes = good;
        bytes[10] = b'X';
        let error = decode(&bytes).expect_err("a bad FEN");
        assert!(
            matches!(error, GameFileError::BadStart { game: 0, .. }),
            "{error}"
        );
    }
}
