//! Self-play for tuning data (`ferrite datagen`): games of Ferrite against itself at a fixed
//! node count per move, each from a random opening of a book, played in parallel. Each game
//! gets a cleared table and passes its key history to every search, so repetitions count.
//!
//! A game ends by the rules ([`Game::outcome`]: mate, stalemate, threefold repetition, the
//! fifty-move rule, insufficient material), by adjudication once both sides agree for
//! [`ADJUDICATION_PLIES`] plies that one side is at least [`DECISIVE_SCORE`] ahead, or as a
//! draw at [`MAX_PLIES`]. Kept are the quiet positions: after the first
//! [`SKIPPED_OPENING_PLIES`], side to move not in check, the chosen move neither a capture nor
//! a promotion, and the score below [`DECISIVE_SCORE`].
//!
//! The output is the same for a seed whatever the number of threads: game `i` draws its
//! opening from its own generator, searches are single-threaded and node-limited, and games
//! are written in order.
//!
//! [`run`] goes from the openings file to the output file; a file it cannot read, create or
//! write, or an openings file without a position, is a [`DatagenError`] naming the path.

use super::data::{format_record, parse_openings, GameResult, LineError};
use super::rng::SplitMix64;
use crate::chess::{Color, Move, Position};
use crate::rules::{Game, Status};
use crate::search::limits::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{search, SearchControl, SearchJob, SEARCH_STACK_BYTES};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Scores at least this large (centipawns, either sign) count as decided.
pub const DECISIVE_SCORE: i32 = 1000;
/// Consecutive plies with a decided score, in the same direction, that end a game.
pub const ADJUDICATION_PLIES: usize = 4;
/// A game still going at this ply is a draw.
pub const MAX_PLIES: usize = 400;
/// Positions this close to the opening are not kept (still the book's, not the game's).
pub const SKIPPED_OPENING_PLIES: usize = 8;
/// Transposition table per game, in MiB.
pub const GAME_HASH_MB: usize = 16;

/// What `ferrite datagen` was asked for.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Games to play.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Games played at once.
    pub threads: usize,
    /// Seeds the choice of openings and of the random plies.
    pub seed: u64,
    /// Uniformly random legal moves played after the opening, before the game proper: a
    /// book of a few thousand openings would otherwise replay the same games, since a
    /// node-limited search is deterministic.
    pub random_plies: usize,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By a rule of chess (mate, stalemate, repetition, fifty moves, material).
    Rule(Status),
    /// Both sides' scores said the game was decided.
    Adjudicated,
    /// Still going at [`MAX_PLIES`].
    PlyLimit,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The result, white's view.
    pub result: GameResult,
    /// How it ended.
    pub ending: Ending,
    /// Plies played from the opening.
    pub plies: usize,
    /// FENs of the positions kept for tuning, in game order.
    pub kept: Vec<String>,
}

/// Whether the position at `ply` of a game (counted from its opening), from which `mv` was
/// played, is kept for tuning: past [`SKIPPED_OPENING_PLIES`], the side to move not in check
/// (its evaluation would mean little), the move quiet (the position's value is then not a
/// capture away from changing), and the mover's score, when known, below [`DECISIVE_SCORE`].
pub fn is_kept(pos: &Position, ply: usize, mv: Move, score: Option<i32>) -> bool {
    ply >= SKIPPED_OPENING_PLIES
        && !pos.in_check()
        && !mv.is_noisy()
        && score.is_none_or(|score| score.abs() < DECISIVE_SCORE)
}

/// Plays one game from `opening` at `nodes` per move, using `tt` (cleared first).
pub fn play_game(opening: Position, nodes: u64, tt: &mut TranspositionTable) -> GameRecord {
    tt.clear();
    let mut game = Game::new(opening);
    let mut kept = Vec::new();
    // Consecutive decided scores so far, and for whom.
    let mut decided_plies = 0;
    let mut leader = Color::White;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let (result, ending) = loop {
        let status = game.outcome();
        if status != Status::Ongoing {
            let result = match status {
                Status::Checkmate {
                    winner: Color::White,
                } => GameResult::WhiteWin,
                Status::Checkmate {
                    winner: Color::Black,
                } => GameResult::BlackWin,
                _ => GameResult::Draw,
            };
            break (result, Ending::Rule(status));
        }
        let ply = game.moves().len();
        if ply >= MAX_PLIES {
            break (GameResult::Draw, Ending::PlyLimit);
        }

        let pos = *game.position();
        let job = SearchJob {
            history: game.keys().to_vec(),
            ..SearchJob::new(pos, limits.clone())
        };
        let control = SearchControl::new(&job.limits, 0);
        let found = search(&job, tt, &control, &|_| {});
        let mv = found
            .best
            .expect("invariant: an ongoing game has a legal move");
        let white_score = match pos.side_to_move() {
            Color::White => found.score,
            Color::Black => -found.score,
        };

        if is_kept(&pos, ply, mv, Some(white_score)) {
            kept.push(pos.to_fen());
        }
        if white_score.abs() >= DECISIVE_SCORE {
            let ahead = if white_score > 0 {
                Color::White
            } else {
                Color::Black
            };
            decided_plies = if decided_plies > 0 && ahead == leader {
                decided_plies + 1
            } else {
                1
            };
            leader = ahead;
        } else {
            decided_plies = 0;
        }

        game.play(mv);
        if decided_plies >= ADJUDICATION_PLIES {
            let result = match leader {
                Color::White => GameResult::WhiteWin,
                Color::Black => GameResult::BlackWin,
            };
            break (result, Ending::Adjudicated);
        }
    };
    GameRecord {
        result,
        ending,
        plies: game.moves().len(),
        kept,
    }
}

/// Counts over the games written so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games finished and written.
    pub games: usize,
    /// Positions written.
    pub positions: usize,
    /// Games white won.
    pub white_wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games black won.
    pub black_wins: usize,
    /// Games ended by mate.
    pub mates: usize,
    /// Games ended by adjudication.
    pub adjudicated: usize,
    /// Games drawn at the ply limit.
    pub ply_limit: usize,
    /// Plies played in all games.
    pub plies: usize,
}

impl Summary {
    fn add(&mut self, record: &GameRecord) {
        self.games += 1;
        self.positions += record.kept.len();
        self.plies += record.plies;
        match record.result {
            GameResult::WhiteWin => self.white_wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::BlackWin => self.black_wins += 1,
        }
        match record.ending {
            Ending::Rule(Status::Checkmate { .. }) => self.mates += 1,
            Ending::Rule(_) => {}
            Ending::Adjudicated => self.adjudicated += 1,
            Ending::PlyLimit => self.ply_limit += 1,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games (+{} ={} -{} for white; {} mates, {} adjudicated, {} at the ply limit; \
             {:.1} plies each), {} positions",
            self.games,
            self.white_wins,
            self.draws,
            self.black_wins,
            self.mates,
            self.adjudicated,
            self.ply_limit,
            self.plies as f64 / self.games.max(1) as f64,
            self.positions
        )
    }
}

/// Why a datagen run failed.
#[derive(Debug)]
pub enum DatagenError {
    /// The openings file could not be read.
    ReadOpenings {
        /// The openings file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A line of the openings file is not a position.
    Openings {
        /// The openings file.
        path: PathBuf,
        /// The line and what is wrong with it.
        error: LineError,
    },
    /// The openings file holds no position.
    NoOpenings(PathBuf),
    /// The output file could not be created.
    Create {
        /// The output file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The worker threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// Writing the output failed.
    Write {
        /// The output file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::ReadOpenings { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            DatagenError::Openings { path, error } => write!(f, "{}: {error}", path.display()),
            DatagenError::NoOpenings(path) => write!(f, "{} holds no position", path.display()),
            DatagenError::Create { path, source } => {
                write!(f, "cannot create {}: {source}", path.display())
            }
            DatagenError::Threads(e) => write!(f, "cannot start the worker threads: {e}"),
            DatagenError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for DatagenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DatagenError::ReadOpenings { source, .. }
            | DatagenError::Create { source, .. }
            | DatagenError::Write { source, .. } => Some(source),
            DatagenError::Openings { error, .. } => Some(error),
            DatagenError::NoOpenings(_) => None,
            DatagenError::Threads(e) => Some(e),
        }
    }
}

/// Finished games waiting for their turn to be written, so the output is in game order
/// whichever thread finishes first.
struct OrderedOutput<'w, W> {
    out: &'w mut W,
    next: usize,
    waiting: BTreeMap<usize, GameRecord>,
    summary: Summary,
    error: Option<io::Error>,
}

impl<W: Write> OrderedOutput<'_, W> {
    /// Takes game `index` and writes every game now due; returns true if it wrote any.
    fn finish(&mut self, index: usize, record: GameRecord) -> bool {
        self.waiting.insert(index, record);
        let mut wrote = false;
        while let Some(record) = self.waiting.remove(&self.next) {
            if self.error.is_none() {
                if let Err(e) = record
                    .kept
                    .iter()
                    .try_for_each(|fen| writeln!(self.out, "{}", format_record(fen, record.result)))
                {
                    self.error = Some(e);
                }
            }
            self.summary.add(&record);
            self.next += 1;
            wrote = true;
        }
        wrote
    }
}

/// `plies` uniformly random legal moves from `pos`, fewer if the walk reaches a position
/// without one.
fn random_walk(mut pos: Position, plies: usize, rng: &mut SplitMix64) -> Position {
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make_move(moves.as_slice()[rng.below(moves.len())]);
    }
    pos
}

/// Plays `config.games` games from random positions of the `openings` file on
/// `config.threads` threads and writes the kept positions to `out` (created or emptied once
/// the openings are read), one `<FEN> | <result>` line each, in game order. `progress` sees
/// the summary about every twentieth of the games, and after the last. Stops at the first
/// write error.
pub fn run(
    config: &DatagenConfig,
    openings: &Path,
    out: &Path,
    progress: &(dyn Fn(&Summary) + Sync),
) -> Result<Summary, DatagenError> {
    let text = std::fs::read_to_string(openings).map_err(|source| DatagenError::ReadOpenings {
        path: openings.to_path_buf(),
        source,
    })?;
    let book = parse_openings(&text).map_err(|error| DatagenError::Openings {
        path: openings.to_path_buf(),
        error,
    })?;
    if book.is_empty() {
        return Err(DatagenError::NoOpenings(openings.to_path_buf()));
    }
    // Each worker runs the search on its own stack, so it needs a search thread's stack.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .stack_size(SEARCH_STACK_BYTES)
        .thread_name(|index| format!("datagen-{index}"))
        .build()
        .map_err(DatagenError::Threads)?;
    let file = File::create(out).map_err(|source| DatagenError::Create {
        path: out.to_path_buf(),
        source,
    })?;
    let report_every = (config.games / 20).max(1);
    let progress = |summary: &Summary| {
        if summary.games.is_multiple_of(report_every) || summary.games == config.games {
            progress(summary);
        }
    };
    pool.install(|| play_games(config, &book, &mut BufWriter::new(file), &progress))
        .map_err(|source| DatagenError::Write {
            path: out.to_path_buf(),
            source,
        })
}

/// The games of [`run`], on the current rayon pool, from the non-empty `openings`, written
/// to `out`; `progress` sees the summary after each game written.
fn play_games<W: Write + Send>(
    config: &DatagenConfig,
    openings: &[Position],
    out: &mut W,
    progress: &(dyn Fn(&Summary) + Sync),
) -> io::Result<Summary> {
    let output = Mutex::new(OrderedOutput {
        out,
        next: 0,
        waiting: BTreeMap::new(),
        summary: Summary::default(),
        error: None,
    });
    let failed = AtomicBool::new(false);
    (0..config.games).into_par_iter().for_each_init(
        || TranspositionTable::new(GAME_HASH_MB),
        |tt, index| {
            if failed.load(Ordering::Relaxed) {
                return;
            }
            let mut rng = SplitMix64::new(config.seed.wrapping_add(index as u64));
            let opening = random_walk(
                openings[rng.below(openings.len())],
                config.random_plies,
                &mut rng,
            );
            let record = play_game(opening, config.nodes, tt);
            let mut output = output
                .lock()
                .expect("invariant: no thread panics holding the output");
            if output.finish(index, record) {
                progress(&output.summary);
            }
            if output.error.is_some() {
                failed.store(true, Ordering::Relaxed);
            }
        },
    );
    let output = output
        .into_inner()
        .expect("invariant: no thread panics holding the output");
    if let Some(e) = output.error {
        return Err(e);
    }
    output.out.flush()?;
    Ok(output.summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_position_ends_in_mate_or_adjudication() {
        // White to move with a queen and rook against a bare king.
        let start = Position::from_fen("6k1/8/8/8/8/8/1Q6/R3K3 w - - 0 1").expect("valid FEN");
        let mut tt = TranspositionTable::new(1);
        let record = play_game(start, 2000, &mut tt);
        assert_eq!(record.result, GameResult::WhiteWin);
        assert!(
            matches!(
                record.ending,
                Ending::Adjudicated | Ending::Rule(Status::Checkmate { .. })
            ),
            "{:?}",
            record.ending
        );
        // Every score is decisive: nothing is kept.
        assert!(record.kept.is_empty(), "{:?}", record.kept);
    }

    #[test]
    fn random_plies_are_legal_seeded_and_stop_at_the_end_of_the_game() {
        let start = Position::startpos();
        assert_eq!(random_walk(start, 0, &mut SplitMix64::new(3)), start);
        let walked = random_walk(start, 3, &mut SplitMix64::new(3));
        assert_eq!(walked.side_to_move(), Color::Black);
        assert_eq!(walked.fullmove_number(), 2);
        assert_eq!(walked, random_walk(start, 3, &mut SplitMix64::new(3)));
        let others: Vec<Position> = (0..8)
            .map(|seed| random_walk(start, 3, &mut SplitMix64::new(seed)))
            .collect();
        assert!(others.iter().any(|&pos| pos != walked));
        // Fool's mate: no legal move, so the walk stays.
        let mated =
            Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .expect("valid FEN");
        assert_eq!(random_walk(mated, 4, &mut SplitMix64::new(1)), mated);
    }

    /// A path in the temporary directory, unique to this test process.
    fn temp_path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("ferrite-datagen-{}-{name}", std::process::id()))
    }

    #[test]
    fn bad_openings_files_are_errors_naming_the_path_and_line() {
        let config = DatagenConfig {
            games: 1,
            nodes: 1,
            threads: 1,
            seed: 0,
            random_plies: 0,
        };
        let out = temp_path("never-written.txt");
        let missing = Path::new("/nonexistent/ferrite-openings.epd");
        let error = run(&config, missing, &out, &|_| {}).expect_err("no such file");
        assert!(matches!(&error, DatagenError::ReadOpenings { path, .. } if path == missing));
        assert!(error
            .to_string()
            .starts_with("cannot read /nonexistent/ferrite-openings.epd: "));

        let openings = temp_path("openings.epd");
        std::fs::write(&openings, "# book\n\nnot a position\n").expect("writable");
        match run(&config, &openings, &out, &|_| {}) {
            Err(DatagenError::Openings { path, error }) => {
                assert_eq!(path, openings);
                assert_eq!(error.line, 3);
            }
            other => panic!("{other:?}"),
        }
        std::fs::write(&openings, "# only a comment\n").expect("writable");
        match run(&config, &openings, &out, &|_| {}) {
            Err(DatagenError::NoOpenings(path)) => assert_eq!(path, openings),
            other => panic!("{other:?}"),
        }
        assert!(
            !out.exists(),
            "the output is created only once the openings are read"
        );

        std::fs::write(&openings, "4k3/8/8/8/8/8/4P3/4K3 w - -\n").expect("writable");
        let nowhere = Path::new("/nonexistent/ferrite-data.txt");
        let error = run(&config, &openings, nowhere, &|_| {}).expect_err("no such folder");
        assert!(matches!(&error, DatagenError::Create { path, .. } if path == nowhere));
        let _ = std::fs::remove_file(openings);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_failed_write_is_an_error_naming_the_output() {
        let config = DatagenConfig {
            games: 1,
            nodes: 300,
            threads: 1,
            seed: 0,
            random_plies: 0,
        };
        let openings = temp_path("full-openings.epd");
        let book = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n";
        std::fs::write(&openings, book).expect("writable");
        // Every write to /dev/full fails (ENOSPC).
        let full = Path::new("/dev/full");
        let error = run(&config, &openings, full, &|_| {}).expect_err("the disk is full");
        assert!(matches!(&error, DatagenError::Write { path, .. } if path == full));
        let _ = std::fs::remove_file(openings);
    }

    #[test]
    fn games_come_out_in_order_whoever_finishes_first() {
        let record = |plies| GameRecord {
            result: GameResult::Draw,
            ending: Ending::PlyLimit,
            plies,
            kept: vec![format!("fen {plies}")],
        };
        let mut out = Vec::new();
        let mut output = OrderedOutput {
            out: &mut out,
            next: 0,
            waiting: BTreeMap::new(),
            summary: Summary::default(),
            error: None,
        };
        assert!(!output.finish(1, record(1)));
        assert!(!output.finish(2, record(2)));
        assert!(output.finish(0, record(0)));
        assert_eq!(output.summary.games, 3);
        assert_eq!(output.summary.ply_limit, 3);
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "fen 0 | 0.5\nfen 1 | 0.5\nfen 2 | 0.5\n"
        );
    }
}
