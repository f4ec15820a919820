//! The self-play game file: `ferrite datagen` appends to it, `ferrite train` and
//! `ferrite data` read it. Whole games, each a start position, then the move played and the
//! search's score at every ply, then the result; every position of a game is in it, so the
//! filters (in check, a capture or promotion chosen, mate scores) are the reader's choice.
//! A header says how the games were made, so that any file can be made again.
//!
//! Byte by byte (varints are LEB128, seven bits a byte, low bits first):
//!
//! ```text
//! file     := magic header_len header game*
//! magic    := "FRTGAME2"                                          8 bytes
//! header_len := u16 little-endian, then header: UTF-8 `key=value` lines (see Provenance)
//! game     := fen_len fen plies ply* result
//! fen_len  := u8, then fen: the start position (Shredder-FEN castling in Chess960)
//! plies    := varint, the number of plies that follow
//! ply      := move score
//! move     := u8: the move's index among the position's legal moves, ordered by their
//!             16-bit code (from 6 bits, to 6, flags 4; castling is king takes rook)
//! score    := varint: zigzag(score + the previous ply's score), the score being the
//!             search's, centipawns for the side to move (the previous is 0 at the start)
//! result   := u8: 0 Black won, 1 draw, 2 White won
//! ```
//!
//! A move fits a byte as no position has more than 218 legal moves. Consecutive scores are
//! from opposite sides and nearly cancel, so their sum is small: most plies take two bytes, a
//! game of 150 plies about 360. A file cut short inside its last game (a run killed while
//! writing) reads as the games before it, with the offset where the cut game starts; the
//! writer resumes after them.

use crate::chess::{Move, Position};
use crate::eval::nnue::GameResult;
use std::fmt;

/// Plies a game may have: more than any game of chess played under the 75-move rule
/// (5,898 moves), far more than datagen's.
pub const MAX_PLIES: u32 = 12_000;

/// The first eight bytes of every game file.
pub const MAGIC: &[u8; 8] = b"FRTGAME2";

/// How a file's games were made: what `ferrite datagen` needs to make them again. Kept in the
/// file's header and copied into `data/manifest.tsv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The commit of the engine that started the file (`-dirty` if it had changes).
    pub engine: String,
    /// The first twelve hex digits of the SHA-256 of the network played with: of its
    /// parameters, the file without its header.
    pub network: String,
    /// Nodes after which a move's search starts no new iteration.
    pub nodes: u64,
    /// Nodes after which a move's search stops.
    pub hard_nodes: u64,
    /// The seed of the starts.
    pub seed: u64,
    /// The openings file's name, or `startpos` without one.
    pub openings: String,
    /// The first twelve hex digits of the SHA-256 of the openings file, or `-`.
    pub openings_sha256: String,
    /// Random legal moves played after each start.
    pub random_plies: usize,
    /// One game in this many started from a Chess960 position (0: none).
    pub chess960_one_in: usize,
    /// The transposition table of each game, in MiB. Files made before the field existed
    /// have none in their header: they were played with [`LEGACY_HASH_MB`].
    pub hash_mb: usize,
    /// One Chess960 start in this many was a Double Chess960 one (0: none, as in the files
    /// made before the field existed).
    pub dfrc_one_in: usize,
}

/// The table size of the files whose header has no `hash_mb`.
pub const LEGACY_HASH_MB: usize = 16;

impl Provenance {
    /// The header's text: one `key=value` line per field, in a fixed order.
    pub fn to_text(&self) -> String {
        self.fields()
            .iter()
            .map(|(key, value)| format!("{key}={value}\n"))
            .collect()
    }

    /// The fields as `(name, value)` pairs, in the header's and the manifest's order.
    pub fn fields(&self) -> [(&'static str, String); 11] {
        [
            ("engine", self.engine.clone()),
            ("network", self.network.clone()),
            ("nodes", self.nodes.to_string()),
            ("hard_nodes", self.hard_nodes.to_string()),
            ("seed", self.seed.to_string()),
            ("openings", self.openings.clone()),
            ("openings_sha256", self.openings_sha256.clone()),
            ("random_plies", self.random_plies.to_string()),
            ("chess960_one_in", self.chess960_one_in.to_string()),
            ("hash_mb", self.hash_mb.to_string()),
            ("dfrc_one_in", self.dfrc_one_in.to_string()),
        ]
    }

    /// Reads `field` pairs (every field of [`Provenance::fields`], each once, no other;
    /// `hash_mb` may be missing, see [`LEGACY_HASH_MB`], and `dfrc_one_in`, meaning 0).
    pub fn from_fields<'a>(
        pairs: impl Iterator<Item = (&'a str, &'a str)>,
    ) -> Result<Provenance, String> {
        let mut values: [Option<&str>; 11] = [None; 11];
        let names = Provenance::NAMES;
        for (key, value) in pairs {
            let slot = names
                .iter()
                .position(|&name| name == key)
                .ok_or_else(|| format!("unknown field `{key}`"))?;
            if values[slot].replace(value).is_some() {
                return Err(format!("field `{key}` given twice"));
            }
        }
        let text = |i: usize| {
            values[i]
                .map(str::to_string)
                .ok_or_else(|| format!("no field `{}`", names[i]))
        };
        let number = |i: usize| {
            text(i)?
                .parse::<u64>()
                .map_err(|_| format!("field `{}` is not a number", names[i]))
        };
        let count = |i: usize| number(i).map(|n| n as usize);
        Ok(Provenance {
            engine: text(0)?,
            network: text(1)?,
            nodes: number(2)?,
            hard_nodes: number(3)?,
            seed: number(4)?,
            openings: text(5)?,
            openings_sha256: text(6)?,
            random_plies: count(7)?,
            chess960_one_in: count(8)?,
            hash_mb: match values[9] {
                Some(_) => count(9)?,
                None => LEGACY_HASH_MB,
            },
            dfrc_one_in: match values[10] {
                Some(_) => count(10)?,
                None => 0,
            },
        })
    }

    /// The field names, in order.
    pub const NAMES: [&'static str; 11] = [
        "engine",
        "network",
        "nodes",
        "hard_nodes",
        "seed",
        "openings",
        "openings_sha256",
        "random_plies",
        "chess960_one_in",
        "hash_mb",
        "dfrc_one_in",
    ];

    /// Reads a header's text.
    pub fn from_text(text: &str) -> Result<Provenance, String> {
        let pairs: Option<Vec<(&str, &str)>> = text
            .lines()
            .filter(|line| !line.is_empty())
            .map(|line| line.split_once('='))
            .collect();
        Provenance::from_fields(pairs.ok_or("a line without `=`")?.into_iter())
    }

    /// The file's first bytes: the magic and this header.
    pub fn file_start(&self) -> Vec<u8> {
        let text = self.to_text();
        let mut bytes = MAGIC.to_vec();
        let length = u16::try_from(text.len())
            .expect("invariant: a header's fields are numbers, hashes and a file name");
        bytes.extend_from_slice(&length.to_le_bytes());
        bytes.extend_from_slice(text.as_bytes());
        bytes
    }
}

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

/// What makes a game file unreadable. Offsets are bytes from the start of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFileError {
    /// The file does not start with [`MAGIC`].
    NotAGameFile,
    /// The header is cut short or is not a [`Provenance`].
    BadHeader(String),
    /// A game's start position is not a legal FEN.
    BadStart {
        /// The game's index in the file.
        game: usize,
        /// Where the game starts.
        offset: usize,
        /// Why.
        problem: String,
    },
    /// A move index past the position's legal moves.
    IllegalMove {
        /// The game's index in the file.
        game: usize,
        /// The ply of the game.
        ply: usize,
        /// Where the move's byte is.
        offset: usize,
    },
    /// A ply count or score too large to be one.
    BadNumber {
        /// The game's index in the file.
        game: usize,
        /// Where the number starts.
        offset: usize,
    },
    /// A game's result byte is not 0, 1 or 2.
    BadResult {
        /// The game's index in the file.
        game: usize,
        /// Where the byte is.
        offset: usize,
        /// The byte found.
        byte: u8,
    },
}

impl GameFileError {
    /// The byte offset of the damage from the start of the file.
    pub fn offset(&self) -> usize {
        match self {
            GameFileError::NotAGameFile => 0,
            GameFileError::BadHeader(_) => MAGIC.len(),
            GameFileError::BadStart { offset, .. }
            | GameFileError::IllegalMove { offset, .. }
            | GameFileError::BadNumber { offset, .. }
            | GameFileError::BadResult { offset, .. } => *offset,
        }
    }
}

/// `<what> at offset <byte offset>`, games numbered from 1 as `ferrite data pgn`'s `Round`
/// tags are, so that `data check` and `data pgn` name the same damage alike.
impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameFileError::NotAGameFile => write!(f, "not a Ferrite game file (no FRTGAME2)"),
            GameFileError::BadHeader(problem) => write!(f, "bad header: {problem}"),
            GameFileError::BadStart { game, problem, .. } => {
                write!(f, "game {}: bad start position: {problem}", game + 1)
            }
            GameFileError::IllegalMove { game, ply, .. } => write!(
                f,
                "game {}: move index past the legal moves at ply {ply}",
                game + 1
            ),
            GameFileError::BadNumber { game, .. } => {
                write!(f, "game {}: a number out of range", game + 1)
            }
            GameFileError::BadResult { game, byte, .. } => write!(
                f,
                "game {}: result byte {byte} (expected 0, 1 or 2)",
                game + 1
            ),
        }?;
        write!(f, " at offset {}", self.offset())
    }
}

impl std::error::Error for GameFileError {}

/// A position's legal moves in the file's order: by their 16-bit code.
fn ordered_moves(pos: &Position) -> crate::chess::MoveList {
    let mut moves = pos.legal_moves();
    moves.as_mut_slice().sort_unstable_by_key(|mv| mv.bits());
    moves
}

/// Zigzag: small magnitudes of either sign become small unsigned numbers.
fn zigzag(value: i32) -> u32 {
    ((value << 1) ^ (value >> 31)) as u32
}

fn unzigzag(value: u32) -> i32 {
    (value >> 1) as i32 ^ -((value & 1) as i32)
}

fn put_varint(out: &mut Vec<u8>, mut value: u32) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// The varint at the start of `bytes` and its length; `Ok(None)` if the bytes end inside it,
/// `Err` if it runs past five bytes.
fn get_varint(bytes: &[u8]) -> Result<Option<(u32, usize)>, ()> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().enumerate().take(5) {
        value |= u64::from(byte & 0x7F) << (7 * i);
        if byte & 0x80 == 0 {
            return u32::try_from(value)
                .map(|v| Some((v, i + 1)))
                .map_err(|_| ());
        }
    }
    if bytes.len() >= 5 {
        Err(())
    } else {
        Ok(None)
    }
}

impl RecordedGame {
    /// Appends the game's bytes to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        debug_assert!(self.plies.len() <= MAX_PLIES as usize);
        let fen = self.start.to_fen();
        // A FEN is at most 90 bytes: eight ranks of eight, the fields and two clocks.
        out.push(fen.len() as u8);
        out.extend_from_slice(fen.as_bytes());
        put_varint(out, self.plies.len() as u32);
        let mut pos = self.start;
        let mut previous = 0i32;
        for &(mv, score) in &self.plies {
            let index = ordered_moves(&pos)
                .iter()
                .position(|&legal| legal == mv)
                .expect("invariant: a recorded game's moves are legal");
            // At most 218 legal moves: the index fits a byte.
            out.push(index as u8);
            put_varint(out, zigzag(i32::from(score) + previous));
            previous = i32::from(score);
            pos.make_move(mv);
        }
        out.push(self.result.code());
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

/// The complete games of a game file's bytes.
#[derive(Debug)]
pub struct Decoded {
    /// How the games were made.
    pub provenance: Provenance,
    /// The games, in file order.
    pub games: Vec<RecordedGame>,
    /// Bytes up to the end of the last complete game: anything after it is a game cut short.
    pub complete_len: usize,
}

impl Decoded {
    /// Positions (plies) in the games.
    pub fn positions(&self) -> usize {
        self.games.iter().map(|game| game.plies.len()).sum()
    }
}

/// Reads the games of a game file. A last game cut short is left out (see
/// [`Decoded::complete_len`]); anything else wrong is an error naming the game and the offset.
pub fn decode(bytes: &[u8]) -> Result<Decoded, GameFileError> {
    match decode_prefix(bytes)? {
        (decoded, None) => Ok(decoded),
        (_, Some(error)) => Err(error),
    }
}

/// Reads the games of a game file as far as they are whole: the games before any damage, and
/// the damage that stopped the reading (`None` at the end of the file or inside a last game
/// cut short). Only an unreadable header is an error.
pub fn decode_prefix(bytes: &[u8]) -> Result<(Decoded, Option<GameFileError>), GameFileError> {
    let mut reader = GameReader::new(bytes)?;
    let mut games = Vec::new();
    let damage = loop {
        match reader.next() {
            Some(Ok(game)) => games.push(game),
            Some(Err(error)) => break Some(error),
            None => break None,
        }
    };
    let decoded = Decoded {
        provenance: reader.provenance,
        games,
        complete_len: reader.at,
    };
    Ok((decoded, damage))
}

/// The games of a game file one at a time, for readers that need not hold them all: each
/// whole game, then the damage that stops the reading, if any (after which it yields
/// nothing). The file ending inside a game ends it as the file's end does:
/// [`GameReader::complete_len`] tells the two apart.
pub struct GameReader<'a> {
    bytes: &'a [u8],
    /// How the games were made.
    pub provenance: Provenance,
    /// Where the next game starts.
    at: usize,
    /// Games read so far.
    games: usize,
    /// Damage or the end was met.
    done: bool,
}

impl<'a> GameReader<'a> {
    /// A reader of the game file `bytes`, its header read; an unreadable header is an error.
    pub fn new(bytes: &'a [u8]) -> Result<GameReader<'a>, GameFileError> {
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(GameFileError::NotAGameFile)?;
        let cut_short = || GameFileError::BadHeader("the file ends inside it".to_string());
        let length = body.get(..2).ok_or_else(cut_short)?;
        let length = usize::from(u16::from_le_bytes([length[0], length[1]]));
        let text = body.get(2..2 + length).ok_or_else(cut_short)?;
        let provenance = std::str::from_utf8(text)
            .map_err(|e| e.to_string())
            .and_then(Provenance::from_text)
            .map_err(GameFileError::BadHeader)?;
        Ok(GameReader {
            bytes,
            provenance,
            at: MAGIC.len() + 2 + length,
            games: 0,
            done: false,
        })
    }

    /// Bytes up to the end of the last game read: once the reader is done without damage,
    /// anything after it is a game cut short.
    pub fn complete_len(&self) -> usize {
        self.at
    }
}

impl Iterator for GameReader<'_> {
    type Item = Result<RecordedGame, GameFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match decode_game(self.bytes, self.at, self.games) {
            Ok(Some((game, used))) => {
                self.at += used;
                self.games += 1;
                Some(Ok(game))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(error) => {
                self.done = true;
                Some(Err(error))
            }
        }
    }
}

/// The game at byte `offset` of `file` and the bytes it takes, or `None` if the file ends
/// first.
fn decode_game(
    file: &[u8],
    offset: usize,
    game: usize,
) -> Result<Option<(RecordedGame, usize)>, GameFileError> {
    let bytes = &file[offset..];
    let Some(&fen_len) = bytes.first() else {
        return Ok(None);
    };
    let fen_end = 1 + usize::from(fen_len);
    let Some(fen) = bytes.get(1..fen_end) else {
        return Ok(None);
    };
    let bad_start = |problem: String| GameFileError::BadStart {
        game,
        offset,
        problem,
    };
    let fen = std::str::from_utf8(fen).map_err(|e| bad_start(e.to_string()))?;
    let start = Position::from_fen(fen).map_err(|e| bad_start(format!("{fen}: {e}")))?;
    let bad_number = |at: usize| GameFileError::BadNumber {
        game,
        offset: offset + at,
    };
    let mut at = fen_end;
    let Some((count, used)) = get_varint(&bytes[at..]).map_err(|()| bad_number(at))? else {
        return Ok(None);
    };
    // A damaged count would otherwise read the rest of the file as one game cut short.
    if count > MAX_PLIES {
        return Err(bad_number(at));
    }
    at += used;
    let mut pos = start;
    let mut previous = 0i32;
    let mut plies = Vec::with_capacity(count.min(1024) as usize);
    for ply in 0..count as usize {
        let Some(&index) = bytes.get(at) else {
            return Ok(None);
        };
        let mv = ordered_moves(&pos)
            .as_slice()
            .get(usize::from(index))
            .copied()
            .ok_or(GameFileError::IllegalMove {
                game,
                ply,
                offset: offset + at,
            })?;
        at += 1;
        let Some((sum, used)) = get_varint(&bytes[at..]).map_err(|()| bad_number(at))? else {
            return Ok(None);
        };
        let score = i16::try_from(unzigzag(sum) - previous).map_err(|_| bad_number(at))?;
        at += used;
        previous = i32::from(score);
        plies.push((mv, score));
        pos.make_move(mv);
    }
    let Some(&code) = bytes.get(at) else {
        return Ok(None);
    };
    let result = GameResult::from_code(code).ok_or(GameFileError::BadResult {
        game,
        offset: offset + at,
        byte: code,
    })?;
    let game = RecordedGame {
        start,
        result,
        plies,
    };
    Ok(Some((game, at + 1)))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::chess::chess960::chess960_start;

    /// A header for the tests.
    pub(crate) fn provenance() -> Provenance {
        Provenance {
            engine: "abc1234".to_string(),
            network: "0123456789ab".to_string(),
            nodes: 5000,
            hard_nodes: 20000,
            seed: 7,
            openings: "book.epd".to_string(),
            openings_sha256: "fedcba987654".to_string(),
            random_plies: 4,
            chess960_one_in: 10,
            hash_mb: 4,
            dfrc_one_in: 2,
        }
    }

    /// A game of `plies` moves from `start`, each the legal move of the middle index, with
    /// scores of every size (mates included) and both signs.
    pub(crate) fn game(start: Position, plies: usize, result: GameResult) -> RecordedGame {
        let mut pos = start;
        let mut moves = Vec::new();
        for ply in 0..plies {
            let legal = pos.legal_moves();
            let mv = legal.as_slice()[legal.len() / 2];
            let score = match ply % 5 {
                0 => 31_990 - ply as i16,
                1 => -(ply as i16) * 3,
                2 => i16::MIN + 1,
                _ => ply as i16 * 7 - 300,
            };
            moves.push((mv, score));
            pos.make_move(mv);
            if pos.legal_moves().is_empty() {
                break;
            }
        }
        RecordedGame {
            start,
            result,
            plies: moves,
        }
    }

    fn file_of(games: &[RecordedGame]) -> Vec<u8> {
        let mut bytes = provenance().file_start();
        for game in games {
            game.encode(&mut bytes);
        }
        bytes
    }

    #[test]
    fn varints_and_zigzag_round_trip() {
        // Zigzag maps -64..=63 to one byte, -8192..=8191 to two.
        let sizes = [
            (0, 1),
            (1, 1),
            (-1, 1),
            (63, 1),
            (-64, 1),
            (64, 2),
            (-300, 2),
            (8191, 2),
            (-8193, 3),
            (65_534, 3),
            (-65_534, 3),
        ];
        for (value, size) in sizes {
            let mut bytes = Vec::new();
            put_varint(&mut bytes, zigzag(value));
            assert_eq!(bytes.len(), size, "{value}");
            let (read, used) = get_varint(&bytes).expect("valid").expect("whole");
            assert_eq!((unzigzag(read), used), (value, size));
        }
        assert_eq!(get_varint(&[0x80, 0x80]), Ok(None));
        assert_eq!(get_varint(&[0xFF; 5]), Err(()));
    }

    #[test]
    fn headers_round_trip_and_bad_ones_are_refused() {
        let header = provenance();
        assert_eq!(Provenance::from_text(&header.to_text()), Ok(header.clone()));
        let text = header.to_text();
        assert_eq!(
            Provenance::from_text(&text.replace("seed=7", "seed=x")),
            Err("field `seed` is not a number".to_string())
        );
        assert_eq!(
            Provenance::from_text(&text.replace("engine=abc1234\n", "")),
            Err("no field `engine`".to_string())
        );
        assert_eq!(
            Provenance::from_text(&format!("{text}colour=red\n")),
            Err("unknown field `colour`".to_string())
        );
        // Files made before the table size was recorded were played with 16 MiB.
        assert_eq!(
            Provenance::from_text(&text.replace("hash_mb=4\n", "")),
            Ok(Provenance {
                hash_mb: LEGACY_HASH_MB,
                ..header.clone()
            })
        );
        // Nor did any file made before Double Chess960 starts have one.
        assert_eq!(
            Provenance::from_text(&text.replace(
                "dfrc_one_in=2
",
                ""
            )),
            Ok(Provenance {
                dfrc_one_in: 0,
                ..header
            })
        );
    }

    #[test]
    fn games_round_trip_in_about_two_bytes_a_ply() {
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
        let decoded = decode(&bytes).expect("a valid file");
        assert_eq!(decoded.provenance, provenance());
        assert_eq!(decoded.games, games);
        assert_eq!(decoded.complete_len, bytes.len());
        assert_eq!(decoded.positions(), 52);
        // Each ply takes its move byte and a varint of 1 to 3 bytes.
        let fen_bytes: usize = games.iter().map(|g| 1 + g.start.to_fen().len()).sum();
        let game_bytes = bytes.len() - provenance().file_start().len() - fen_bytes - 3 * 2;
        assert!((2 * 52..=4 * 52).contains(&game_bytes), "{game_bytes}");
        // Positions replay the moves: the second one is after the first move.
        let (second, _, score) = games[0].positions().nth(1).expect("40 positions");
        assert_eq!(second, Position::startpos().play(games[0].plies[0].0));
        assert_eq!(score, -3);
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
        let empty = provenance().file_start();
        assert_eq!(decode(&empty).expect("empty").games, []);
        assert!(matches!(
            decode(&empty[..empty.len() - 1]),
            Err(GameFileError::BadHeader(_))
        ));
    }

    #[test]
    fn damage_is_an_error_naming_the_game_and_the_offset() {
        assert_eq!(
            decode(b"FRTGAME1").map(|_| ()),
            Err(GameFileError::NotAGameFile)
        );
        let games = [
            game(Position::startpos(), 4, GameResult::Draw),
            game(Position::startpos(), 4, GameResult::Draw),
        ];
        let good = file_of(&games);
        let second = file_of(&games[..1]).len();
        let mut bytes = good.clone();
        let last = bytes.len() - 1;
        bytes[last] = 7;
        assert_eq!(
            decode(&bytes).map(|_| ()),
            Err(GameFileError::BadResult {
                game: 1,
                offset: last,
                byte: 7
            })
        );
        // The first move's index past the 20 legal moves of the start.
        let mut bytes = good.clone();
        let first_move = second + 1 + Position::startpos().to_fen().len() + 1;
        bytes[first_move] = 20;
        assert_eq!(
            decode(&bytes).map(|_| ()),
            Err(GameFileError::IllegalMove {
                game: 1,
                ply: 0,
                offset: first_move
            })
        );
        // A ply count beyond any game's.
        let mut bytes = provenance().file_start();
        let fen = Position::startpos().to_fen();
        let count_at = bytes.len() + 1 + fen.len();
        bytes.push(fen.len() as u8);
        bytes.extend_from_slice(fen.as_bytes());
        put_varint(&mut bytes, MAX_PLIES + 1);
        assert_eq!(
            decode(&bytes).map(|_| ()),
            Err(GameFileError::BadNumber {
                game: 0,
                offset: count_at
            })
        );
        let mut bytes = good;
        bytes[second + 1] = b'X';
        let error = decode(&bytes).expect_err("a bad FEN");
        assert!(
            matches!(error, GameFileError::BadStart { game: 1, offset, .. } if offset == second),
            "{error}"
        );
    }
}
