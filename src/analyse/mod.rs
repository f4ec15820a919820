//! Game analysis (`ferrite analyse`): every position of a PGN game searched once, each move
//! judged by the winning chances it gave away, and the game written back annotated as online
//! analysis boards do, with an evaluation graph.
//!
//! - [`replay`]: a game's start (`Variant`, `SetUp`, `FEN`) and legal moves, or the
//!   [`GameProblem`] that refuses it;
//! - [`searcher`]: the engine's search of one position, its table kept through a game;
//! - [`analysis`]: a game's positions searched in turn and its moves judged;
//! - [`judgement`]: the win-chance model with its thresholds (lichess's) and the accuracy
//!   formula (scores as `[%eval]` text are the search's [`crate::search::displayed_score`]);
//! - [`summary`]: each player's counts, average centipawn loss and accuracy;
//! - [`annotate`]: the annotated PGN game; [`svg`]: the graph.
//!
//! [`analyse_file`] runs it all for one file. A file that cannot be read or written is an
//! [`AnalyseError`]; a game that cannot be replayed is reported as a [`GameError`] naming the
//! game and the move, and the other games are still analysed.

pub mod analysis;
pub mod annotate;
pub mod judgement;
pub mod replay;
pub mod searcher;
pub mod summary;
pub mod svg;

use crate::files::{self, ReadError};
use crate::rules::pgn::{read_games, PgnGame};
use crate::rules::pgn_write::write_game;
use crate::search::limits::Limits;
use crate::search::tt::HashAllocError;
use analysis::{analyse_game, GameAnalysis};
use replay::{replay, GameProblem, ReplayedGame};
use searcher::Searcher;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// What to analyse and how.
#[derive(Clone, Debug)]
pub struct AnalyseConfig {
    /// The limits of each position's search.
    pub limits: Limits,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Only this game of the file (1-based).
    pub game: Option<usize>,
    /// Where the annotated PGN goes (`None`: stdout).
    pub out: Option<PathBuf>,
    /// Where the graph goes, if wanted.
    pub svg: Option<PathBuf>,
}

impl AnalyseConfig {
    /// The limits as the annotation's first line states them.
    fn limits_text(&self) -> String {
        let limits = &self.limits;
        let per_position = match (limits.depth, limits.nodes, limits.movetime) {
            (Some(depth), _, _) => format!("depth {depth}"),
            (_, Some(nodes), _) => format!("{nodes} nodes"),
            (_, _, Some(ms)) => format!("{ms} ms"),
            _ => "no limit".to_string(),
        };
        format!(
            "Ferrite {} analysis, {per_position} per position, {} thread{}",
            env!("CARGO_PKG_VERSION"),
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )
    }
}

/// A game of the file that was not analysed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// 1-based number of the game in the file.
    pub game: usize,
    /// `White - Black` from the tags, if they name anyone.
    pub players: Option<String>,
    /// 1-based line of the file where the game starts.
    pub line: usize,
    /// Why.
    pub problem: GameProblem,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (", self.game)?;
        if let Some(players) = &self.players {
            write!(f, "{players}, ")?;
        }
        write!(f, "line {}): {}; skipped", self.line, self.problem)
    }
}

impl std::error::Error for GameError {}

/// Why an analysis could not run or finish.
#[derive(Debug)]
pub enum AnalyseError {
    /// The PGN file could not be read.
    Read(ReadError),
    /// `--game` asks for a game the file does not hold.
    NoSuchGame {
        /// The game asked for.
        game: usize,
        /// Games in the file.
        games: usize,
    },
    /// The hash table does not fit in memory.
    Hash(HashAllocError),
    /// An output file could not be created.
    Create {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Writing the output failed.
    Write {
        /// The file (`None`: stdout).
        path: Option<PathBuf>,
        /// Why.
        source: io::Error,
    },
}

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyseError::Read(error) => write!(f, "{error}"),
            AnalyseError::NoSuchGame { game, games } => {
                write!(f, "no game {game}: the file holds {games} games")
            }
            AnalyseError::Hash(error) => write!(f, "{error}"),
            AnalyseError::Create { path, source } => {
                write!(f, "cannot create {}: {source}", path.display())
            }
            AnalyseError::Write { path, source } => match path {
                Some(path) => write!(f, "cannot write {}: {source}", path.display()),
                None => write!(f, "cannot write to stdout: {source}"),
            },
        }
    }
}

impl std::error::Error for AnalyseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AnalyseError::Read(error) => std::error::Error::source(error),
            AnalyseError::Create { source, .. } | AnalyseError::Write { source, .. } => {
                Some(source)
            }
            AnalyseError::Hash(error) => std::error::Error::source(error),
            AnalyseError::NoSuchGame { .. } => None,
        }
    }
}

/// Where the analysis stands after a position's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// 1-based number of the game among those analysed.
    pub ordinal: usize,
    /// Games to analyse.
    pub games: usize,
    /// Positions of this game searched so far.
    pub ply: usize,
    /// Positions of this game (one more than its moves).
    pub plies: usize,
    /// Positions of all games searched so far.
    pub done: usize,
    /// Positions of all games.
    pub total: usize,
}

/// What [`analyse_file`] tells its caller as it goes (the binary draws a progress bar).
#[derive(Debug)]
pub enum AnalyseEvent<'a> {
    /// A game is skipped.
    Skipped(&'a GameError),
    /// A position was searched.
    Searched(&'a Progress),
}

/// Counts of a finished analysis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnalyseSummary {
    /// Games analysed.
    pub analysed: usize,
    /// Games skipped (each reported as a [`GameError`]).
    pub skipped: usize,
}

impl fmt::Display for AnalyseSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games analysed, {} skipped",
            self.analysed, self.skipped
        )
    }
}

/// Analyses the games of the PGN file `path` (bytes that are not UTF-8 replaced) as `config`
/// says, writing each annotated game as soon as it is done and the graph at the end;
/// `events` hears of every skipped game and every search.
pub fn analyse_file(
    path: &Path,
    config: &AnalyseConfig,
    events: &mut dyn FnMut(&AnalyseEvent<'_>),
) -> Result<AnalyseSummary, AnalyseError> {
    let bytes = files::read(path).map_err(AnalyseError::Read)?;
    let text = String::from_utf8_lossy(&bytes);
    let mut games: Vec<(usize, PgnGame)> = (1..).zip(read_games(&text)).collect();
    if let Some(wanted) = config.game {
        let count = games.len();
        games.retain(|(number, _)| *number == wanted);
        if games.is_empty() {
            return Err(AnalyseError::NoSuchGame {
                game: wanted,
                games: count,
            });
        }
    }
    let mut summary = AnalyseSummary::default();
    let mut playable: Vec<(PgnGame, ReplayedGame)> = Vec::new();
    for (number, game) in games {
        match replay(&game) {
            Ok(replayed) => playable.push((game, replayed)),
            Err(problem) => {
                summary.skipped += 1;
                let error = GameError {
                    game: number,
                    players: players(&game),
                    line: game.line,
                    problem,
                };
                events(&AnalyseEvent::Skipped(&error));
            }
        }
    }
    let mut out = Output::open(config.out.as_deref())?;
    let mut searcher = Searcher::new(config.limits.clone(), config.threads, config.hash_mb)
        .map_err(AnalyseError::Hash)?;
    let about = config.limits_text();
    let mut progress = Progress {
        ordinal: 0,
        games: playable.len(),
        ply: 0,
        plies: 0,
        done: 0,
        total: playable.iter().map(|(_, game)| game.moves.len() + 1).sum(),
    };
    let mut analyses: Vec<(String, GameAnalysis)> = Vec::new();
    for (original, replayed) in &playable {
        progress.ordinal += 1;
        progress.plies = replayed.moves.len() + 1;
        let done_before = progress.done;
        let analysis = analyse_game(replayed, &mut searcher, &mut |searched| {
            progress.ply = searched;
            progress.done = done_before + searched;
            events(&AnalyseEvent::Searched(&progress));
        });
        let annotated = annotate::annotate(original, &analysis, &about);
        out.write(write_game(&annotated, &replayed.start).as_bytes())?;
        summary.analysed += 1;
        if config.svg.is_some() {
            analyses.push((chart_title(original), analysis));
        }
    }
    if let Some(path) = &config.svg {
        let charts: Vec<svg::Chart<'_>> = analyses
            .iter()
            .map(|(title, analysis)| svg::Chart {
                title: title.clone(),
                analysis,
            })
            .collect();
        let mut file = Output::open(Some(path))?;
        file.write(svg::document(&charts).as_bytes())?;
    }
    Ok(summary)
}

/// `White - Black` from the tags, if either names someone.
fn players(game: &PgnGame) -> Option<String> {
    let name = |tag| {
        game.tag(tag)
            .filter(|name| !name.is_empty() && *name != "?")
    };
    match (name("White"), name("Black")) {
        (None, None) => None,
        (white, black) => Some(format!(
            "{} - {}",
            white.unwrap_or("?"),
            black.unwrap_or("?")
        )),
    }
}

/// A chart's title: players, result, event and date, as far as the tags know them.
fn chart_title(game: &PgnGame) -> String {
    let mut title = players(game).unwrap_or_else(|| "?".to_string());
    if let Some(result) = game.result() {
        title.push_str(&format!("  {result}"));
    }
    for tag in ["Event", "Date"] {
        if let Some(value) = game.tag(tag).filter(|value| !value.contains('?')) {
            title.push_str(&format!(", {value}"));
        }
    }
    title
}

/// A buffered output file, or stdout.
struct Output {
    path: Option<PathBuf>,
    writer: Box<dyn Write>,
}

impl Output {
    fn open(path: Option<&Path>) -> Result<Output, AnalyseError> {
        let writer: Box<dyn Write> = match path {
            Some(path) => Box::new(BufWriter::new(File::create(path).map_err(|source| {
                AnalyseError::Create {
                    path: path.to_path_buf(),
                    source,
                }
            })?)),
            None => Box::new(io::stdout()),
        };
        Ok(Output {
            path: path.map(Path::to_path_buf),
            writer,
        })
    }

    /// Writes `bytes` and flushes them, so that each game appears as soon as it is done.
    fn write(&mut self, bytes: &[u8]) -> Result<(), AnalyseError> {
        let written = self
            .writer
            .write_all(bytes)
            .and_then(|()| self.writer.flush());
        written.map_err(|source| self.error(source))
    }

    fn error(&self, source: io::Error) -> AnalyseError {
        AnalyseError::Write {
            path: self.path.clone(),
            source,
        }
    }
}
