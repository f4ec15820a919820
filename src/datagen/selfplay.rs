//! Self-play data (`ferrite datagen`): games of Ferrite against itself, played in parallel,
//! appended whole to a binary game file ([`super::game_file`]) with the search's score at
//! every ply. Each game starts from a balanced start ([`crate::openings::start`]: a book
//! opening or, one game in ten by default, a Chess960 start, then random plies), gets a
//! cleared table (of [`DatagenConfig::hash_mb`] MiB), and passes its key history to every
//! search, so repetitions count. Each move is searched to a soft node limit (no new
//! iteration after it) under a hard one.
//!
//! A game ends by the rules ([`Game::outcome`]: mate, stalemate, threefold repetition, the
//! fifty-move rule, insufficient material), by adjudication (both sides agree for
//! [`ADJUDICATION_PLIES`] plies that one is at least [`DECISIVE_SCORE`] ahead; or, from ply
//! [`DRAW_ADJUDICATION_PLY`], [`DRAW_PLIES`] plies within [`DRAW_SCORE`] of zero), or as a
//! draw at [`MAX_PLIES`].
//!
//! Game `i` of a file draws its start from its own generator, seeded by the seed and `i`;
//! searches are single-threaded and node-limited, and games are written in order: the file is
//! the same for a seed whatever the number of threads. `--games` is the number of games the
//! file should hold: a run stopped at any point and started again with the same arguments
//! drops a game cut short and goes on from the games it finds, to the same file it would have
//! written in one go.

use super::game_file::{decode, GameFileError, Provenance, RecordedGame};
use super::manifest::sha256_hex;
use crate::chess::{Color, Position};
use crate::eval::nnue::network::{Network, HEADER_BYTES};
use crate::eval::nnue::GameResult;
use crate::files;
use crate::openings::book::{parse_book, BookError};
use crate::openings::start::{start_rng, StartRules};
use crate::rules::{Game, Status};
use crate::search::limits::Limits;
use crate::search::tt::{HashAllocError, TranspositionTable};
use crate::search::{search_afresh, Histories, SearchControl, SearchJob, SEARCH_STACK_BYTES};
use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::sync::Mutex;

/// Scores at least this large (centipawns, either sign) count as decided.
pub const DECISIVE_SCORE: i32 = 1000;
/// Consecutive plies with a decided score, in the same direction, that end a game.
pub const ADJUDICATION_PLIES: usize = 4;
/// Draw adjudication starts at this ply of the game ...
pub const DRAW_ADJUDICATION_PLY: usize = 80;
/// ... and needs this many consecutive plies ...
pub const DRAW_PLIES: usize = 12;
/// ... scored within this many centipawns of zero.
pub const DRAW_SCORE: i32 = 10;
/// A game still going at this ply is a draw.
pub const MAX_PLIES: usize = 400;

/// What `ferrite datagen` was asked for.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Games the file should hold when the run ends.
    pub games: usize,
    /// Nodes after which a move's search starts no new iteration.
    pub soft_nodes: u64,
    /// Nodes after which a move's search stops.
    pub hard_nodes: u64,
    /// Games played at once.
    pub threads: usize,
    /// Seeds the starts.
    pub seed: u64,
    /// Random legal moves played after the book position.
    pub random_plies: usize,
    /// One game in this many starts from a Chess960 position (0: none).
    pub chess960_one_in: usize,
    /// One Chess960 start in this many is a Double Chess960 one (0: none).
    pub dfrc_one_in: usize,
    /// Transposition table per game, in MiB.
    pub hash_mb: usize,
    /// The network the games are played with.
    pub net: Arc<Network>,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By a rule of chess (mate, stalemate, repetition, fifty moves, material).
    Rule(Status),
    /// Both sides' scores said the game was decided.
    Adjudicated,
    /// Both sides' scores said the game was a draw.
    DrawAdjudicated,
    /// Still going at [`MAX_PLIES`].
    PlyLimit,
}

/// Adjudication's memory of the scores so far.
#[derive(Default)]
struct Adjudicator {
    /// Consecutive decided scores, and for whom.
    decided: usize,
    leader: Option<Color>,
    /// Consecutive scores near zero.
    quiet: usize,
}

impl Adjudicator {
    /// Takes the score (White's view) of the search at `ply`; returns the result if the game
    /// is adjudicated after it.
    fn add(&mut self, ply: usize, white_score: i32) -> Option<(GameResult, Ending)> {
        if white_score.abs() >= DECISIVE_SCORE {
            let ahead = if white_score > 0 {
                Color::White
            } else {
                Color::Black
            };
            self.decided = if self.leader == Some(ahead) {
                self.decided + 1
            } else {
                1
            };
            self.leader = Some(ahead);
        } else {
            self.decided = 0;
            self.leader = None;
        }
        self.quiet = if white_score.abs() <= DRAW_SCORE {
            self.quiet + 1
        } else {
            0
        };
        if self.decided >= ADJUDICATION_PLIES {
            let result = match self.leader {
                Some(Color::White) => GameResult::WhiteWin,
                _ => GameResult::BlackWin,
            };
            Some((result, Ending::Adjudicated))
        } else if ply >= DRAW_ADJUDICATION_PLY && self.quiet >= DRAW_PLIES {
            Some((GameResult::Draw, Ending::DrawAdjudicated))
        } else {
            None
        }
    }
}

/// Plays one game from `start`, each move searched to `limits` with `net`, using `tt`
/// (cleared first).
pub fn play_game(
    start: Position,
    limits: &Limits,
    net: &Arc<Network>,
    tt: &mut TranspositionTable,
) -> (RecordedGame, Ending) {
    tt.clear();
    let mut game = Game::new(start);
    let mut plies = Vec::new();
    let mut adjudicator = Adjudicator::default();
    let mut histories = Histories::new();
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
        let ply = plies.len();
        if ply >= MAX_PLIES {
            break (GameResult::Draw, Ending::PlyLimit);
        }
        let pos = *game.position();
        let job = SearchJob {
            game_keys: game.keys().to_vec(),
            net: Arc::clone(net),
            ..SearchJob::new(pos, limits.clone())
        };
        let control = SearchControl::new(&job.limits, 0);
        let found = search_afresh(&job, tt, &mut histories, &control, &|_| {});
        let mv = found
            .best
            .expect("invariant: an ongoing game has a legal move");
        // Mate scores fit: MATE is 32,000.
        plies.push((
            mv,
            found.score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
        ));
        game.play(mv);
        let white_score = match pos.side_to_move() {
            Color::White => found.score,
            Color::Black => -found.score,
        };
        if let Some(adjudicated) = adjudicator.add(ply, white_score) {
            break adjudicated;
        }
    };
    let record = RecordedGame {
        start,
        result,
        plies,
    };
    (record, ending)
}

/// Counts over the games a run wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games the file held before the run.
    pub resumed_from: usize,
    /// Games written by this run.
    pub games: usize,
    /// Positions (plies) written by this run.
    pub positions: usize,
    /// Games white won.
    pub white_wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games black won.
    pub black_wins: usize,
    /// Games ended by mate.
    pub mates: usize,
    /// Games ended by adjudication, either way.
    pub adjudicated: usize,
    /// Games drawn at the ply limit.
    pub ply_limit: usize,
    /// Games from a Chess960 start.
    pub chess960: usize,
}

impl Summary {
    fn add(&mut self, game: &RecordedGame, ending: Ending) {
        self.games += 1;
        self.positions += game.plies.len();
        self.chess960 += usize::from(game.start.is_chess960());
        match game.result {
            GameResult::WhiteWin => self.white_wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::BlackWin => self.black_wins += 1,
        }
        match ending {
            Ending::Rule(Status::Checkmate { .. }) => self.mates += 1,
            Ending::Rule(_) => {}
            Ending::Adjudicated | Ending::DrawAdjudicated => self.adjudicated += 1,
            Ending::PlyLimit => self.ply_limit += 1,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games (+{} ={} -{} for white; {} mates, {} adjudicated, {} at the ply limit; \
             {} Chess960; {:.1} plies each), {} positions",
            self.games,
            self.white_wins,
            self.draws,
            self.black_wins,
            self.mates,
            self.adjudicated,
            self.ply_limit,
            self.chess960,
            self.positions as f64 / self.games.max(1) as f64,
            self.positions
        )
    }
}

/// Why a datagen run failed.
#[derive(Debug)]
pub enum DatagenError {
    /// The book could not be read.
    Book(BookError),
    /// The output file could not be opened, read or truncated.
    Open {
        /// The output file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The output file exists but is not a readable game file.
    Existing {
        /// The output file.
        path: PathBuf,
        /// What is wrong with it.
        error: GameFileError,
    },
    /// The worker threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// The output file holds games made otherwise (another seed, network, book, ...).
    MadeOtherwise {
        /// The output file.
        path: PathBuf,
        /// How its games were made.
        file: Box<Provenance>,
        /// How this run would make them.
        asked: Box<Provenance>,
    },
    /// Writing the output failed.
    Write {
        /// The output file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The machine cannot provide the games' hash tables.
    Hash(HashAllocError),
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Book(e) => write!(f, "{e}"),
            DatagenError::Open { path, source } => {
                write!(f, "cannot open {}: {source}", path.display())
            }
            DatagenError::Existing { path, error } => {
                write!(f, "{} cannot be appended to: {error}", path.display())
            }
            DatagenError::MadeOtherwise { path, file, asked } => {
                let differ: Vec<String> = file
                    .fields()
                    .iter()
                    .zip(asked.fields())
                    .filter(|(made, wanted)| made.1 != wanted.1)
                    .map(|((name, made), (_, wanted))| format!("{name} {made}, not {wanted}"))
                    .collect();
                write!(
                    f,
                    "{} holds games made otherwise ({}): give another --out",
                    path.display(),
                    differ.join(", ")
                )
            }
            DatagenError::Threads(e) => write!(f, "cannot start the worker threads: {e}"),
            DatagenError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            DatagenError::Hash(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DatagenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DatagenError::Book(e) => Some(e),
            DatagenError::Open { source, .. } | DatagenError::Write { source, .. } => Some(source),
            DatagenError::Existing { error, .. } => Some(error),
            DatagenError::Threads(e) => Some(e),
            DatagenError::MadeOtherwise { .. } => None,
            DatagenError::Hash(e) => std::error::Error::source(e),
        }
    }
}

/// Finished games waiting for their turn to be written, so the output is in game order
/// whichever thread finishes first.
struct OrderedOutput<'w, W> {
    out: &'w mut W,
    next: usize,
    waiting: BTreeMap<usize, (RecordedGame, Ending)>,
    summary: Summary,
    error: Option<io::Error>,
}

impl<W: Write> OrderedOutput<'_, W> {
    /// Takes game `index` and writes every game now due, each with one write; returns true
    /// if it wrote any.
    fn finish(&mut self, index: usize, game: RecordedGame, ending: Ending) -> bool {
        self.waiting.insert(index, (game, ending));
        let mut wrote = false;
        while let Some((game, ending)) = self.waiting.remove(&self.next) {
            if self.error.is_none() {
                let mut bytes = Vec::new();
                game.encode(&mut bytes);
                let written = self.out.write_all(&bytes).and_then(|()| self.out.flush());
                self.error = written.err();
            }
            self.summary.add(&game, ending);
            self.next += 1;
            wrote = true;
        }
        wrote
    }
}

/// The output file opened for appending after its complete games (created with the header
/// if new or empty; a game cut short at its end removed), and how many games it holds. An
/// existing file must have been made the same way, but for the engine's commit: a commit
/// that keeps the search's node counts (the bench) plays the same games.
fn open_for_append(path: &Path, provenance: &Provenance) -> Result<(File, usize), DatagenError> {
    let open_error = |source| DatagenError::Open {
        path: path.to_path_buf(),
        source,
    };
    let existing = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(open_error(e)),
    };
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(open_error)?;
    if existing.is_empty() {
        file.write_all(&provenance.file_start())
            .map_err(open_error)?;
        return Ok((file, 0));
    }
    let decoded = decode(&existing).map_err(|error| DatagenError::Existing {
        path: path.to_path_buf(),
        error,
    })?;
    let made = Provenance {
        engine: provenance.engine.clone(),
        ..decoded.provenance
    };
    if made != *provenance {
        return Err(DatagenError::MadeOtherwise {
            path: path.to_path_buf(),
            file: Box::new(made),
            asked: Box::new(provenance.clone()),
        });
    }
    file.set_len(decoded.complete_len as u64)
        .map_err(open_error)?;
    Ok((file, decoded.games.len()))
}

/// The commit this binary was built from (see `build.rs`).
pub const ENGINE_COMMIT: &str = env!("FERRITE_COMMIT");

/// How `config`'s games are made, the book's bytes read from `book` (none: the standard
/// start).
pub fn provenance(config: &DatagenConfig, book: Option<(&Path, &[u8])>) -> Provenance {
    let short = |bytes: &[u8]| sha256_hex(bytes)[..12].to_string();
    let (openings, openings_sha256) = match book {
        Some((path, bytes)) => (
            path.file_name()
                .map_or_else(String::new, |name| name.to_string_lossy().into_owned()),
            short(bytes),
        ),
        None => ("startpos".to_string(), "-".to_string()),
    };
    Provenance {
        engine: ENGINE_COMMIT.to_string(),
        // The parameters only, without the file's header, so that a network keeps its name
        // whatever its file says of it, a file from before the header existed included.
        network: short(&config.net.to_bytes()[HEADER_BYTES..]),
        nodes: config.soft_nodes,
        hard_nodes: config.hard_nodes,
        seed: config.seed,
        openings,
        openings_sha256,
        random_plies: config.random_plies,
        chess960_one_in: config.chess960_one_in,
        hash_mb: config.hash_mb,
        dfrc_one_in: config.dfrc_one_in,
    }
}

/// Plays games until the file `out` holds `config.games`, on `config.threads` threads, from
/// starts drawn from the book at `book` (or the standard start), and appends them in game
/// order. `progress` sees the summary after each game written. Stops at the first write
/// error.
pub fn run(
    config: &DatagenConfig,
    book: Option<&Path>,
    out: &Path,
    progress: &(dyn Fn(&Summary) + Sync),
) -> Result<Summary, DatagenError> {
    let book_bytes = match book {
        Some(path) => Some(files::read(path).map_err(|e| DatagenError::Book(BookError::Read(e)))?),
        None => None,
    };
    let book = book.zip(book_bytes.as_deref());
    let positions = match book {
        Some((path, bytes)) => parse_book(path, bytes).map_err(DatagenError::Book)?,
        None => Vec::new(),
    };
    // Every table before any game, so that a size the machine cannot provide fails at once.
    let tables = (0..config.threads.max(1))
        .map(|_| TranspositionTable::try_new(config.hash_mb))
        .collect::<Result<Vec<_>, _>>()
        .map_err(DatagenError::Hash)?;
    // Each worker runs the search on its own stack, so it needs a search thread's stack.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .stack_size(SEARCH_STACK_BYTES)
        .thread_name(|index| format!("datagen-{index}"))
        .build()
        .map_err(DatagenError::Threads)?;
    let (mut file, done) = open_for_append(out, &provenance(config, book))?;
    let rules = StartRules {
        book: &positions,
        random_plies: config.random_plies,
        chess960_one_in: config.chess960_one_in,
        dfrc_one_in: config.dfrc_one_in,
        net: &config.net,
    };
    pool.install(|| play_games(config, &rules, tables, done, &mut file, progress))
        .map_err(|source| DatagenError::Write {
            path: out.to_path_buf(),
            source,
        })
}

/// The games of [`run`] from index `first` on, on the current rayon pool, written to `out`;
/// each worker plays with one of `tables` (one for every thread of the pool).
fn play_games<W: Write + Send>(
    config: &DatagenConfig,
    rules: &StartRules,
    tables: Vec<TranspositionTable>,
    first: usize,
    out: &mut W,
    progress: &(dyn Fn(&Summary) + Sync),
) -> io::Result<Summary> {
    let output = Mutex::new(OrderedOutput {
        out,
        next: first,
        waiting: BTreeMap::new(),
        summary: Summary {
            resumed_from: first,
            ..Summary::default()
        },
        error: None,
    });
    let limits = Limits {
        nodes: Some(config.hard_nodes.max(1)),
        soft_nodes: Some(config.soft_nodes),
        ..Limits::default()
    };
    let failed = AtomicBool::new(false);
    // Each worker takes the next game to play, so the games in progress are always the next
    // few: finished ones are written at once, and a stopped run loses only those.
    let next = AtomicUsize::new(first);
    let tables = Mutex::new(tables);
    rayon::broadcast(|_| {
        let mut tt = tables
            .lock()
            .expect("invariant: no thread panics holding the tables")
            .pop()
            .expect("invariant: a table for every thread of the pool");
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= config.games || failed.load(Ordering::Relaxed) {
                break;
            }
            let start = rules.pick(&mut start_rng(config.seed, index), &mut tt);
            let (game, ending) = play_game(start, &limits, &config.net, &mut tt);
            let mut output = output
                .lock()
                .expect("invariant: no thread panics holding the output");
            if output.finish(index, game, ending) {
                progress(&output.summary);
            }
            if output.error.is_some() {
                failed.store(true, Ordering::Relaxed);
            }
        }
    });
    let output = output
        .into_inner()
        .expect("invariant: no thread panics holding the output");
    match output.error {
        Some(e) => Err(e),
        None => Ok(output.summary),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(soft: u64) -> Limits {
        Limits {
            nodes: Some(soft * 4),
            soft_nodes: Some(soft),
            ..Limits::default()
        }
    }

    #[test]
    fn a_lost_position_ends_in_mate_or_adjudication() {
        // White to move with a queen and rook against a bare king.
        let start = Position::from_fen("6k1/8/8/8/8/8/1Q6/R3K3 w - - 0 1").expect("valid FEN");
        let mut tt = TranspositionTable::new(1);
        let (game, ending) = play_game(
            start,
            &limits(2000),
            &crate::eval::nnue::embedded(),
            &mut tt,
        );
        assert_eq!(game.result, GameResult::WhiteWin);
        assert!(
            matches!(
                ending,
                Ending::Adjudicated | Ending::Rule(Status::Checkmate { .. })
            ),
            "{ending:?}"
        );
        // Every ply is recorded, with White's scores decisive.
        assert!(game.plies.len() >= ADJUDICATION_PLIES.min(2));
        assert!(game
            .plies
            .iter()
            .step_by(2)
            .all(|&(_, s)| s >= DECISIVE_SCORE as i16));
    }

    #[test]
    fn adjudication_needs_agreement_in_a_row() {
        let mut adjudicator = Adjudicator::default();
        assert_eq!(adjudicator.add(10, 1200), None);
        assert_eq!(adjudicator.add(11, 1100), None);
        assert_eq!(adjudicator.add(12, -1100), None);
        // Black's turn to lead: the third -1500 is its fourth decided score in a row.
        for ply in 13..15 {
            assert_eq!(adjudicator.add(ply, -1500), None);
        }
        assert_eq!(
            adjudicator.add(15, -1500),
            Some((GameResult::BlackWin, Ending::Adjudicated))
        );
        // Quiet scores draw from DRAW_ADJUDICATION_PLY on, once DRAW_PLIES are in a row.
        let mut adjudicator = Adjudicator::default();
        for ply in 60..DRAW_ADJUDICATION_PLY {
            assert_eq!(adjudicator.add(ply, 5), None, "ply {ply}");
        }
        let draw = Some((GameResult::Draw, Ending::DrawAdjudicated));
        assert_eq!(adjudicator.add(DRAW_ADJUDICATION_PLY, -5), draw);
        let mut adjudicator = Adjudicator::default();
        let start = DRAW_ADJUDICATION_PLY;
        assert_eq!(adjudicator.add(start, 50), None);
        for ply in start + 1..start + DRAW_PLIES {
            assert_eq!(adjudicator.add(ply, 0), None, "ply {ply}");
        }
        assert_eq!(adjudicator.add(start + DRAW_PLIES, 0), draw);
    }

    /// A path in the temporary directory, unique to this test process.
    fn temp_path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("ferrite-datagen-{}-{name}", std::process::id()))
    }

    #[test]
    fn runs_append_resume_after_a_cut_and_match_any_thread_count() {
        let config = |games, threads| DatagenConfig {
            games,
            soft_nodes: 300,
            hard_nodes: 1200,
            threads,
            seed: 5,
            random_plies: 6,
            chess960_one_in: 3,
            dfrc_one_in: 2,
            hash_mb: 1,
            net: crate::eval::nnue::embedded(),
        };
        let whole = temp_path("whole.bin");
        let _ = std::fs::remove_file(&whole);
        let summary = run(&config(4, 2), None, &whole, &|_| {}).expect("a run");
        assert_eq!((summary.resumed_from, summary.games), (0, 4));
        let bytes = std::fs::read(&whole).expect("written");
        let games = decode(&bytes).expect("a game file").games;
        assert_eq!(games.len(), 4);
        assert_eq!(summary.positions, games.iter().map(|g| g.plies.len()).sum());

        // Two games, then a cut inside a third, then on to four, on one thread.
        let resumed = temp_path("resumed.bin");
        let _ = std::fs::remove_file(&resumed);
        run(&config(2, 1), None, &resumed, &|_| {}).expect("a run");
        let two = std::fs::read(&resumed).expect("written");
        let mut three = provenance(&config(4, 1), None).file_start();
        for game in &games[..3] {
            game.encode(&mut three);
        }
        std::fs::write(&resumed, &three[..three.len() - 5]).expect("writable");
        let summary = run(&config(4, 1), None, &resumed, &|_| {}).expect("a resumed run");
        assert_eq!((summary.resumed_from, summary.games), (2, 2));
        assert_eq!(std::fs::read(&resumed).expect("written"), bytes);
        assert!(bytes.starts_with(&two));
        // Nothing left to do.
        let summary = run(&config(3, 1), None, &resumed, &|_| {}).expect("a run");
        assert_eq!(summary.games, 0);
        // Games of another seed do not go on the same file.
        let other_seed = DatagenConfig {
            seed: 6,
            ..config(5, 1)
        };
        let error = run(&other_seed, None, &resumed, &|_| {}).expect_err("another seed");
        assert!(
            error
                .to_string()
                .ends_with("holds games made otherwise (seed 5, not 6): give another --out"),
            "{error}"
        );
        assert_eq!(std::fs::read(&resumed).expect("kept"), bytes);
        let _ = std::fs::remove_file(whole);
        let _ = std::fs::remove_file(resumed);
    }

    #[test]
    fn unreadable_inputs_are_errors_naming_the_path() {
        let config = DatagenConfig {
            games: 1,
            soft_nodes: 1,
            hard_nodes: 1,
            threads: 1,
            seed: 0,
            random_plies: 0,
            chess960_one_in: 0,
            dfrc_one_in: 0,
            hash_mb: 1,
            net: crate::eval::nnue::embedded(),
        };
        let out = temp_path("never-written.bin");
        let missing = Path::new("/nonexistent/ferrite-openings.epd");
        let error = run(&config, Some(missing), &out, &|_| {}).expect_err("no such file");
        assert!(matches!(&error, DatagenError::Book(BookError::Read(e)) if e.path == missing));
        assert!(!out.exists());
        let text = temp_path("text.txt");
        std::fs::write(&text, "not a game file").expect("writable");
        let error = run(&config, None, &text, &|_| {}).expect_err("not a game file");
        assert!(
            matches!(
                &error,
                DatagenError::Existing {
                    error: GameFileError::NotAGameFile,
                    ..
                }
            ),
            "{error}"
        );
        assert_eq!(
            std::fs::read_to_string(&text).expect("kept"),
            "not a game file"
        );
        let _ = std::fs::remove_file(text);
    }
}
