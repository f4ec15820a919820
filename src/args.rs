//! The command line of the `ferrite` binary, as clap reads it: the subcommands and their
//! arguments, with the help text `ferrite --help` prints. `main.rs` dispatches them.

use clap::{ArgGroup, Args, Parser, Subcommand};
use ferrite::analyse::AnalyseConfig;
use ferrite::search::limits::Limits;
use std::path::PathBuf;

/// The default `--hash` of `epd` and `analyse`, in MiB: more than the UCI default, for their
/// long searches of one position each (the WAC results in docs/measurements.md used it).
const SEARCH_TOOLS_HASH_MB: usize = 64;

/// The whole command line: a subcommand, or none for the UCI loop.
#[derive(Parser)]
#[command(name = "ferrite", version, about = "Ferrite, a UCI chess engine")]
pub struct Cli {
    /// What to run (none: the UCI loop).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check and speed test).
    Perft(PerftArgs),
    /// Run an EPD test suite (`bm`, `am`, `dm`, `id`): prints each failure and a final
    /// `solved N/M` line; progress goes to stderr.
    Epd(EpdArgs),
    /// Search the fixed bench positions to a fixed depth; the last line is
    /// `<nodes> nodes <nps> nps` (the same node count on every run).
    Bench {
        /// Search depth.
        #[arg(default_value_t = ferrite::search::bench::DEFAULT_DEPTH)]
        depth: i32,
        /// Evaluate with this network instead of the embedded one.
        #[arg(long)]
        eval_file: Option<PathBuf>,
    },
    /// Print the tunable search parameters as OpenBench SPSA input, one per line:
    /// `name, int, default, min, max, c_end, r_end` (a build with `--features spsa`
    /// announces them as UCI options too and can set them).
    Spsa,
    /// Play self-play games and append them, every move with its search score, to a binary
    /// game file, until it holds `--games` games (so an interrupted run resumes).
    Datagen(DatagenArgs),
    /// Train the evaluation network on datagen game files or match PGNs; writes a float
    /// checkpoint and the quantised network the engine embeds.
    Train(TrainArgs),
    /// Fit the WDL model (win and loss rates as logistic functions of the score, their
    /// centre and width cubic in the material) to self-play games, and print it with its
    /// predicted and observed rates on held-out games.
    FitWdl {
        /// Data folders, game files or PGN files, as `train` takes them.
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// One game in this many is held out to report on.
        #[arg(long, default_value_t = 10)]
        held_out_every: usize,
    },
    /// The self-play data folder: write its manifest, check its files against it, or write a
    /// game file's games as PGN.
    #[command(subcommand)]
    Data(DataCommand),
    /// Analyse the games of a PGN file: every position searched once, the annotated games
    /// (`[%eval]` per move, `?!`/`?`/`??` with the better line, a summary per player)
    /// written as PGN, and optionally an SVG graph; progress goes to stderr.
    Analyse(AnalyseArgs),
}

/// `ferrite perft`'s arguments.
#[derive(Args)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count below each root move, as Stockfish's `go perft` does.
    #[arg(long)]
    pub divide: bool,
    /// Threads to split the root moves over.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// `ferrite epd`'s arguments.
#[derive(Args)]
pub struct EpdArgs {
    /// The EPD file.
    pub file: PathBuf,
    /// Thinking time per position in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Hash table size in MiB, checked as the UCI option `Hash` is.
    #[arg(long, default_value_t = SEARCH_TOOLS_HASH_MB.to_string())]
    pub hash: String,
    /// Only records whose id starts with this.
    #[arg(long)]
    pub filter: Option<String>,
    /// Set a tunable search parameter first, as `NAME=VALUE` (repeatable; see `spsa`). Only
    /// a build with `--features spsa` can: elsewhere the parameters are constants.
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = name_value)]
    pub set: Vec<(String, String)>,
}

/// `ferrite datagen`'s arguments.
#[derive(Args)]
pub struct DatagenArgs {
    /// Games the output file should hold at the end (those already in it count).
    #[arg(long)]
    pub games: usize,
    /// Nodes after which a move's search starts no new iteration.
    #[arg(long, default_value_t = 5000)]
    pub soft_nodes: u64,
    /// Nodes after which a move's search stops.
    #[arg(long, default_value_t = 20000)]
    pub hard_nodes: u64,
    /// EPD or FEN file of start positions (first four fields of each line); without it,
    /// the standard start.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Game file to append to (created if missing), e.g. `data/selfplay-s11.games`.
    #[arg(long)]
    pub out: PathBuf,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed for the starts; the same seed gives the same file.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Random legal moves played after each start, so that games differ.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// One game in this many starts from a Chess960 position (0: none).
    #[arg(long, default_value_t = 10)]
    pub chess960_one_in: usize,
    /// One Chess960 start in this many is a Double Chess960 one, each side's back rank drawn
    /// on its own (0: none).
    #[arg(long, default_value_t = 2)]
    pub dfrc_one_in: usize,
    /// Transposition table of each game, in MiB, checked as the UCI option `Hash` is (files
    /// made before this option: 16).
    #[arg(long, default_value = "1")]
    pub hash: String,
    /// Play with this network instead of the embedded one.
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
}

/// `ferrite data`'s subcommands.
#[derive(Subcommand)]
pub enum DataCommand {
    /// Write the folder's `manifest.tsv` from its game files (counts, SHA-256, how each was
    /// made), first cutting off a game a stopped `datagen` left unfinished. Run it while no
    /// `datagen` writes to the folder.
    Manifest {
        /// The data folder.
        #[arg(default_value = "data")]
        dir: PathBuf,
    },
    /// Read every game file of the folder and check it against the manifest: one line per
    /// problem (naming the file and the offset), then the totals; exit code 2 on any problem.
    Check {
        /// The data folder.
        #[arg(default_value = "data")]
        dir: PathBuf,
    },
    /// Write the games of a game file as PGN on stdout (`[%eval]` per move, as `analyse`
    /// writes it); a damaged file gives its games before the damage, then one `error:` line
    /// naming the offset, and exit code 2.
    Pgn {
        /// The game file.
        file: PathBuf,
        /// Only the first N games.
        #[arg(long, value_name = "N")]
        games: Option<usize>,
    },
}

/// `ferrite train`'s arguments.
#[derive(Args)]
pub struct TrainArgs {
    /// Game files `datagen` wrote, or PGN files of match runners (scores in the move
    /// comments, as fastchess and cutechess-cli write them).
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Where the quantised network goes.
    #[arg(long)]
    pub net: PathBuf,
    /// Where the float checkpoint goes.
    #[arg(long)]
    pub checkpoint: PathBuf,
    /// The network's name, written before what it learnt from in its file's description
    /// (`--name "net 10"`: `net 10: 14173387 positions of 144536 games`).
    #[arg(long)]
    pub name: Option<String>,
    /// A float checkpoint to start from instead of random weights (one of fewer hidden
    /// neurons is grown: the added neurons start silent and learn).
    #[arg(long)]
    pub warm_start: Option<PathBuf>,
    /// A float checkpoint (usually the embedded network's, of any hidden size up to this
    /// build's) whose scale the trained network is brought to: its output layer is divided
    /// by how many times larger its evaluations run on the training positions (the search's
    /// margins were set at that scale).
    #[arg(long)]
    pub scale_as: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 12)]
    pub epochs: usize,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 4096)]
    pub batch_size: usize,
    /// Learning rate at the start (it decays to a twentieth along a cosine).
    #[arg(long, default_value_t = 0.004)]
    pub lr: f32,
    /// Weight of the game result in the target; the search score has the rest.
    #[arg(long, default_value_t = 0.0)]
    pub wdl: f32,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = 0.1)]
    pub weight_decay: f32,
    /// One game in this many is held out to measure the loss on (0: none).
    #[arg(long, default_value_t = 50)]
    pub held_out_every: usize,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// `ferrite analyse`'s arguments.
#[derive(Args)]
#[command(group(ArgGroup::new("limit").args(["movetime", "depth", "nodes"])))]
pub struct AnalyseArgs {
    /// The PGN file.
    pub file: PathBuf,
    /// Where the annotated PGN goes (default: stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also draw the evaluation graph, one chart per game, into this SVG file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Milliseconds of search per position (the default, 1000, without another limit).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search each position to this depth (deterministic with one thread).
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=200))]
    pub depth: Option<i32>,
    /// Search each position this many nodes (deterministic with one thread).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Hash table size in MiB, checked as the UCI option `Hash` is.
    #[arg(long, default_value_t = SEARCH_TOOLS_HASH_MB.to_string())]
    pub hash: String,
    /// Only the K-th game of the file (1-based).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub game: Option<u64>,
}

impl AnalyseArgs {
    /// The analysis these arguments ask for, with a table of `hash_mb` MiB (`--hash`, checked).
    pub fn config(&self, hash_mb: usize) -> AnalyseConfig {
        let movetime = match (self.depth, self.nodes) {
            (None, None) => Some(self.movetime.unwrap_or(1000)),
            _ => None,
        };
        AnalyseConfig {
            limits: Limits {
                depth: self.depth,
                nodes: self.nodes,
                movetime,
                ..Limits::default()
            },
            threads: self.threads as usize,
            hash_mb,
            game: self.game.map(|game| game as usize),
            out: self.out.clone(),
            svg: self.svg.clone(),
        }
    }
}

/// `--set`'s `NAME=VALUE`, split at the first `=`; clap refuses text without one as it
/// refuses any malformed argument.
fn name_value(text: &str) -> Result<(String, String), &'static str> {
    let (name, value) = text.split_once('=').ok_or("expected NAME=VALUE")?;
    Ok((name.trim().to_string(), value.to_string()))
}
