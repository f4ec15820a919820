//! The network's training positions, read from datagen game files ([`crate::datagen::game_file`]) or
//! from the PGN games of match runners (OpenBench's data-generation workloads return those),
//! whose move comments (`{+0.57/9 0.01s}`) carry the mover's score; a move without one
//! (a book move) gives no position.
//! The filters of noisy positions apply here, as the data is loaded, so that the files keep
//! every position and a later trainer may choose otherwise: a position is left out when its
//! side to move is in check, when the move played from it captures or promotes (its value is
//! then a capture away from changing), and when its score is a mate score.
//!
//! Each position is kept as its inputs from White's side (Black's follow from them, see
//! [`TrainingPosition::black`]), the side to move, the search score and the result, both for
//! the side to move: 70 bytes.

use super::pgn_games::scored_positions;
use crate::chess::{Color, Position};
use crate::datagen::game_file::{RecordedGame, MAGIC};
use crate::datagen::manifest::{read_data_dir, read_game_file, DataProblem};
use crate::eval::nnue::GameResult;
use crate::eval::nnue::{active_features, other_perspective, View};
use crate::files::{self, ReadError};
use crate::rules::pgn::read_games;
use crate::search::params::TB_WIN_BOUND;
use std::fmt;
use std::path::PathBuf;

/// Pieces on a board at most, and so active inputs per perspective.
const MAX_PIECES: usize = 32;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainingPosition {
    /// Active inputs from White's side; the first `count` are used.
    pub white_features: [u16; MAX_PIECES],
    /// How many inputs are active.
    pub count: u8,
    /// 7 if Black's view flips the files where White's does not, or the other way round
    /// (the kings stand on different halves of the board), 0 if not.
    pub black_files: u8,
    /// The side to move.
    pub side_to_move: Color,
    /// The search's score, centipawns for the side to move.
    pub score: i16,
    /// The game's result for the side to move: 0 lost, 1 drawn, 2 won.
    pub result: u8,
}

impl TrainingPosition {
    /// The position's training record; `score` and the result are for the side to move.
    pub fn new(pos: &Position, score: i16, result: GameResult) -> TrainingPosition {
        let mut white_features = [0; MAX_PIECES];
        let mut count = 0;
        for (slot, feature) in white_features
            .iter_mut()
            .zip(active_features(pos, Color::White))
        {
            *slot = feature as u16;
            count += 1;
        }
        let side_to_move = pos.side_to_move();
        let [white, black] = Color::ALL.map(|side| View::of(pos, side).files());
        TrainingPosition {
            white_features,
            count,
            black_files: (white ^ black) as u8,
            side_to_move,
            score,
            result: result.code_for(side_to_move),
        }
    }

    /// The active inputs from White's side.
    pub fn white(&self) -> &[u16] {
        &self.white_features[..usize::from(self.count)]
    }

    /// The active inputs from Black's side.
    pub fn black(&self) -> impl Iterator<Item = usize> + '_ {
        let files = usize::from(self.black_files);
        self.white()
            .iter()
            .map(move |&feature| other_perspective(usize::from(feature), files))
    }
}

// Ten million positions take 700 MB.
const _: () = assert!(size_of::<TrainingPosition>() == 70);

/// Whether the position `pos`, from which `mv` was played with `score`, trains the network.
pub fn is_training_position(pos: &Position, mv: crate::chess::Move, score: i16) -> bool {
    !pos.in_check() && !mv.is_noisy() && i32::from(score).abs() < TB_WIN_BOUND
}

/// Positions read from game files, split into training and held-out games.
#[derive(Debug, Default)]
pub struct Dataset {
    /// Positions to train on.
    pub train: Vec<TrainingPosition>,
    /// Positions of the held-out games.
    pub held_out: Vec<TrainingPosition>,
    /// Games read.
    pub games: usize,
    /// Positions in the games, before filtering.
    pub seen: usize,
    /// PGN games left out: not played out, or with an illegal move.
    pub skipped: usize,
}

/// Why training data could not be read.
#[derive(Debug)]
pub enum DataError {
    /// A file could not be read.
    Read(ReadError),
    /// A data folder or its manifest could not be read.
    Folder(DataProblem),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Read(e) => write!(f, "{e}"),
            DataError::Folder(problem) => write!(f, "{problem}"),
        }
    }
}

impl std::error::Error for DataError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataError::Read(e) => Some(e),
            DataError::Folder(problem) => Some(problem),
        }
    }
}

/// Reads the data at `paths`: data folders (every game file their manifest lists, checked
/// against it, and any it misses), game files and PGN files. Every `held_out_every`-th game
/// (0: none) goes to the held-out set, the others to training. A damaged or unlisted game
/// file is reported to `problem` and read as far as it is whole.
pub fn load(
    paths: &[PathBuf],
    held_out_every: usize,
    problem: &mut dyn FnMut(DataProblem),
) -> Result<Dataset, DataError> {
    let mut data = Dataset::default();
    for path in paths {
        if path.is_dir() {
            for file in read_data_dir(path, problem).map_err(DataError::Folder)? {
                data.add_games(&file.games, held_out_every);
            }
            continue;
        }
        let bytes = files::read(path).map_err(DataError::Read)?;
        if bytes.starts_with(MAGIC) {
            let file = read_game_file(path.clone(), &bytes, problem);
            data.add_games(&file.games, held_out_every);
        } else {
            add_pgn(&mut data, &String::from_utf8_lossy(&bytes), held_out_every);
        }
    }
    Ok(data)
}

/// Adds the games of PGN `text` that were played out (see [`scored_positions`]); the others
/// are counted in [`Dataset::skipped`].
fn add_pgn(data: &mut Dataset, text: &str, held_out_every: usize) {
    for game in read_games(text) {
        let Ok((result, positions)) = scored_positions(&game) else {
            data.skipped += 1;
            continue;
        };
        let kept = positions.iter().filter_map(|&(pos, mv, score)| {
            let score = i16::try_from(score?).ok()?;
            is_training_position(&pos, mv, score)
                .then(|| TrainingPosition::new(&pos, score, result))
        });
        data.add_game(positions.len(), kept, held_out_every);
    }
}

impl Dataset {
    /// Adds the training positions of self-play `games`.
    fn add_games(&mut self, games: &[RecordedGame], held_out_every: usize) {
        for game in games {
            let kept = game
                .positions()
                .filter(|(pos, mv, score)| is_training_position(pos, *mv, *score))
                .map(|(pos, _, score)| TrainingPosition::new(&pos, score, game.result));
            self.add_game(game.plies.len(), kept, held_out_every);
        }
    }

    /// Adds a game of `plies` positions whose training positions are `kept`, to the held-out
    /// set if it is the `held_out_every`-th game.
    fn add_game(
        &mut self,
        plies: usize,
        kept: impl Iterator<Item = TrainingPosition>,
        held_out_every: usize,
    ) {
        let held_out = held_out_every > 0 && self.games % held_out_every == held_out_every - 1;
        self.games += 1;
        self.seen += plies;
        if held_out {
            self.held_out.extend(kept);
        } else {
            self.train.extend(kept);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_take_the_side_to_moves_view() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1").expect("valid");
        let record = TrainingPosition::new(&pos, -35, GameResult::WhiteWin);
        assert_eq!(record.count, 3);
        assert_eq!(
            (record.side_to_move, record.score, record.result),
            (Color::Black, -35, 0)
        );
        let mut white: Vec<usize> = record.white().iter().map(|&f| usize::from(f)).collect();
        let mut expected: Vec<usize> = active_features(&pos, Color::White).collect();
        white.sort_unstable();
        expected.sort_unstable();
        assert_eq!(white, expected);
        // Both kings on file e: both views flip the files.
        assert_eq!(record.black_files, 0);
    }

    #[test]
    fn blacks_inputs_follow_from_whites_with_the_kings_on_either_half() {
        for fen in [
            "4k3/8/8/8/8/8/4P3/2K5 b - - 0 1",
            "2k5/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "6k1/2p5/8/8/8/8/4P3/7K w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).expect("valid");
            let record = TrainingPosition::new(&pos, 0, GameResult::Draw);
            let mut black: Vec<usize> = record.black().collect();
            let mut expected: Vec<usize> = active_features(&pos, Color::Black).collect();
            black.sort_unstable();
            expected.sort_unstable();
            assert_eq!(black, expected, "{fen}");
        }
    }

    #[test]
    fn match_games_give_their_scored_quiet_positions() {
        let path = std::env::temp_dir().join(format!("ferrite-train-{}.pgn", std::process::id()));
        // 1. e4 is a book move (no score); 1... e5 and 2. Nf3 are scored; 2... Nc6 is a mate
        // score; 3. Bb5 is scored. The second game was not played out.
        std::fs::write(
            &path,
            "[Result \"1-0\"]\n\n1. e4 e5 {-0.25/10 0.1s} 2. Nf3 {+0.31/11 0.1s} Nc6 {-M5/9} \
             3. Bb5 {+0.40/12} 1-0\n\n[Result \"*\"]\n\n1. d4 {+0.1/3} *\n",
        )
        .expect("writable");
        let data =
            load(std::slice::from_ref(&path), 0, &mut |p| panic!("{p}")).expect("a PGN file");
        let _ = std::fs::remove_file(&path);
        assert_eq!((data.games, data.skipped, data.seen), (1, 1, 5));
        let scores: Vec<(i16, u8)> = data.train.iter().map(|p| (p.score, p.result)).collect();
        // White won: 2 for White's positions, 0 for Black's.
        assert_eq!(scores, [(-25, 0), (31, 2), (40, 2)]);
    }
}
