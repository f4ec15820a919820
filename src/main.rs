//! The `ferrite` binary: argument parsing and dispatch only. With no subcommand it speaks
//! UCI on stdin/stdout; arguments that are no subcommand or flag are UCI commands, run before
//! stdin is read (`ferrite "go perft 5" quit`). The subcommands (perft, bench, spsa, the EPD
//! suite runner and the tuning tools `datagen`, `import-pgn` and `tune`) call the library and
//! print what it returns; a refusal is printed as `error: …` with exit code 2 for bad input
//! or an unreadable file, 1 for a failure while writing or running.

use clap::{Args, CommandFactory, Parser, Subcommand};
use ferrite::chess::perft::PerftReport;
use ferrite::chess::{Position, STARTPOS_FEN};
use ferrite::epd::{self, SuiteConfig};
use ferrite::search::{bench, params};
use ferrite::tune::datagen::{self, DatagenConfig, DatagenError};
use ferrite::tune::import::{self, ImportError};
use ferrite::tune::texel::{self, TuneError, TuneProgress};
use ferrite::tune::{apply, report};
use std::fmt::Display;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that ignores a closed stdout (`ferrite perft 5 | head -1`) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{ let _ = writeln!(std::io::stdout().lock(), $($arg)*); }};
}

#[derive(Parser)]
#[command(name = "ferrite", version, about = "Ferrite, a UCI chess engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
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
    },
    /// Print the tunable search parameters as OpenBench SPSA input, one per line:
    /// `name, int, default, min, max, c_end, r_end` (a build with `--features spsa`
    /// announces them as UCI options too).
    Spsa,
    /// Play self-play games for tuning and write their quiet positions as
    /// `<FEN> | <result>` lines (result from white's view: 1.0, 0.5 or 0.0).
    Datagen(DatagenArgs),
    /// Read games from PGN files and write their quiet positions, labelled with each game's
    /// result, as `datagen` does (games not played out are skipped and listed on stderr).
    ImportPgn {
        /// The PGN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output file (overwritten).
        #[arg(long)]
        out: PathBuf,
    },
    /// Fit a middlegame and an endgame multiplier per evaluation term, every entry of the
    /// evaluation's tables and the king-danger weights to a datagen file (Texel tuning), and
    /// print the params.rs values they give.
    Tune(TuneArgs),
}

#[derive(Args)]
struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Print the count below each root move, as Stockfish's `go perft` does.
    #[arg(long)]
    divide: bool,
    /// Threads to split the root moves over.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

#[derive(Args)]
struct EpdArgs {
    /// The EPD file.
    file: PathBuf,
    /// Thinking time per position in milliseconds.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Only records whose id starts with this.
    #[arg(long)]
    filter: Option<String>,
    /// Set a tunable search parameter first, as `NAME=VALUE` (repeatable; see `spsa`).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = name_value)]
    set: Vec<(String, String)>,
}

#[derive(Args)]
struct DatagenArgs {
    /// Games to play.
    #[arg(long)]
    games: usize,
    /// Nodes searched per move.
    #[arg(long)]
    nodes: u64,
    /// EPD or FEN file of start positions (first four fields of each line).
    #[arg(long)]
    openings: PathBuf,
    /// Output file (overwritten).
    #[arg(long)]
    out: PathBuf,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed for the choice of openings; the same seed gives the same file.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random legal moves played after each opening, so that games differ.
    #[arg(long, default_value_t = 0)]
    random_plies: usize,
}

#[derive(Args)]
struct TuneArgs {
    /// The `<FEN> | <result>` file `datagen` wrote.
    #[arg(long)]
    data: PathBuf,
    /// Gradient-descent (Adam) steps.
    #[arg(long, default_value_t = 1000)]
    iterations: usize,
    /// Adam step size (multipliers move by about this much per step, table
    /// entries by this many pawns).
    #[arg(long, default_value_t = 0.01)]
    rate: f64,
    /// Weight of the pull of table entries towards their current values.
    #[arg(long, default_value_t = 0.0)]
    prior: f64,
    /// A second data file held out of the fit: its error is reported before and after.
    #[arg(long)]
    validation: Option<PathBuf>,
    /// Threads for reading and for the error sums.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Also write the fitted values into this copy of `src/eval/params.rs` (then run
    /// `cargo fmt`).
    #[arg(long)]
    write_params: Option<PathBuf>,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // As Stockfish: arguments that are no subcommand or flag are UCI commands, one each
    // (`ferrite "go perft 5" quit`, `ferrite uci`).
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    if args.first().is_some_and(|first| !is_cli_word(first)) {
        ferrite::uci::run_with_commands(&args, std::io::stdin().lock());
        return ExitCode::SUCCESS;
    }
    let Some(command) = Cli::parse().command else {
        ferrite::uci::run(std::io::stdin().lock());
        return ExitCode::SUCCESS;
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// Runs a subcommand; on failure the error has been printed and the exit code is returned.
fn run(command: Command) -> Result<(), ExitCode> {
    match command {
        Command::Perft(a) => {
            let fen = a.fen.as_deref().unwrap_or(STARTPOS_FEN);
            let pos = Position::from_fen(fen)
                .map_err(|e| fail(BAD_INPUT, format_args!("invalid FEN: {e}")))?;
            let report = PerftReport::run(&pos, a.depth, a.threads);
            // Unlike `go perft 0`, no empty divide section at depth 0.
            say!("{}", report.lines(a.divide && a.depth > 0, false));
            say!("{}", report.speed_line());
        }
        Command::Bench { depth } => {
            let result = bench::run(depth, &mut |fen, nodes| eprintln!("{nodes:>12} {fen}"));
            say!("{result}");
        }
        Command::Spsa => params::TUNABLES
            .iter()
            .for_each(|t| say!("{}", t.spsa_line())),
        Command::Epd(a) => {
            for (name, value) in &a.set {
                let clamped = params::set_tunable(name, value).map_err(|e| fail(BAD_INPUT, e))?;
                clamped.iter().for_each(|note| eprintln!("note: {note}"));
            }
            let config = SuiteConfig {
                movetime_ms: a.movetime,
                threads: a.threads,
                hash_mb: a.hash,
                filter: a.filter,
            };
            let summary = epd::run_suite(&a.file, &config, &mut |outcome, so_far| {
                if !outcome.solved {
                    say!("failed {}: {}", outcome.id, outcome.answer);
                }
                let verdict = if outcome.solved { "ok" } else { "FAIL" };
                let (done, total, id) = (so_far.run, so_far.total, &outcome.id);
                eprintln!("[{done}/{total}] {id} {verdict} ({} solved)", so_far.solved);
            });
            say!("{}", summary.map_err(|e| fail(BAD_INPUT, e))?);
        }
        Command::Datagen(a) => {
            let config = DatagenConfig {
                games: a.games,
                nodes: a.nodes,
                threads: a.threads,
                seed: a.seed,
                random_plies: a.random_plies,
            };
            let start = Instant::now();
            let progress = |done: &datagen::Summary| {
                let (played, positions) = (done.games, done.positions);
                let (games, seconds) = (a.games, start.elapsed().as_secs_f64());
                eprintln!("datagen: {played}/{games} games, {positions} positions, {seconds:.1} s");
            };
            let summary =
                datagen::run(&config, &a.openings, &a.out, &progress).map_err(|e| match e {
                    DatagenError::Threads(_) | DatagenError::Write { .. } => fail(FAILED, e),
                    _ => fail(BAD_INPUT, e),
                })?;
            let (out, seconds) = (a.out.display(), start.elapsed().as_secs_f64());
            say!("datagen: {summary} written to {out} in {seconds:.1} s");
        }
        Command::ImportPgn { files, out } => {
            let skipped = &mut |path: &Path, line, why: &import::Skipped| {
                eprintln!("{} line {line}: game skipped: {why}", path.display());
            };
            let summary = import::import_files(&files, &out, skipped).map_err(|e| match e {
                ImportError::Write { .. } => fail(FAILED, e),
                _ => fail(BAD_INPUT, e),
            })?;
            say!("import-pgn: {summary} written to {}", out.display());
        }
        Command::Tune(a) => {
            let schedule = texel::Schedule {
                iterations: a.iterations,
                rate: a.rate,
                prior: a.prior,
            };
            let progress = |event: TuneProgress| eprintln!("tune: {event}");
            let validation = a.validation.as_deref();
            let tuned = texel::tune_files(&a.data, validation, schedule, a.threads, &progress);
            let tuned = tuned.map_err(|e| match e {
                TuneError::Threads(_) => fail(FAILED, e),
                _ => fail(BAD_INPUT, e),
            })?;
            say!("{}", report::report(&tuned));
            if let Some(path) = a.write_params {
                apply::write_params(&path, &tuned).map_err(|e| fail(FAILED, e))?;
                eprintln!("tune: wrote the fitted values into {}", path.display());
            }
        }
    }
    Ok(())
}

/// Exit code for bad input: a malformed argument, an unreadable or malformed file.
const BAD_INPUT: u8 = 2;
/// Exit code for a failure while writing (or starting threads).
const FAILED: u8 = 1;

/// Prints `error: <error>` and gives exit code `code`.
fn fail(code: u8, error: impl Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(code)
}

/// `--set`'s `NAME=VALUE`, split at the first `=`; clap refuses text without one as it
/// refuses any malformed argument.
fn name_value(text: &str) -> Result<(String, String), &'static str> {
    let (name, value) = text.split_once('=').ok_or("expected NAME=VALUE")?;
    Ok((name.trim().to_string(), value.to_string()))
}

/// True if clap should read the arguments: `word` is a flag or a subcommand (`bench` is
/// both a subcommand and a UCI command; the subcommand wins).
fn is_cli_word(word: &str) -> bool {
    word.starts_with('-')
        || word == "help"
        || Cli::command()
            .get_subcommands()
            .any(|sub| sub.get_name() == word || sub.get_all_aliases().any(|alias| alias == word))
}
