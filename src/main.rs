//! The `ferrite` binary: argument parsing and dispatch only. With no subcommand it speaks
//! UCI on stdin/stdout; arguments that are no subcommand or flag are UCI commands, run before
//! stdin is read (`ferrite "go perft 5" quit`). The subcommands (perft, bench, spsa, the EPD
//! suite runner, the network's tools `datagen`, `train`, `fit-wdl` and `data`, and `analyse`)
//! call the library and print what it returns; a refusal is printed as `error: …` with exit
//! code 2 for bad input or an unreadable file (for `analyse`, also when a game was
//! skipped), 1 for a failure while writing or running.

mod args;

use args::{Cli, Command, DataCommand};
use clap::{CommandFactory, Parser};
use ferrite::analyse::{self, progress::ProgressBar, AnalyseError};
use ferrite::chess::perft::PerftReport;
use ferrite::chess::{Position, STARTPOS_FEN};
use ferrite::datagen::manifest;
use ferrite::datagen::selfplay::{self, DatagenConfig, DatagenError};
use ferrite::epd::{self, SuiteConfig};
use ferrite::eval::nnue::{self, network::Network};
use ferrite::search::{bench, params};
use ferrite::train::run::{train_files, TrainError, TrainFiles, TrainProgress};
use ferrite::train::trainer::TrainConfig;
use ferrite::train::wdl_fit;
use ferrite::uci::options;
use std::fmt::Display;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// `println!` that ignores a closed stdout (`ferrite perft 5 | head -1`) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{ let _ = writeln!(std::io::stdout().lock(), $($arg)*); }};
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
        Command::Bench { depth, eval_file } => {
            let net = load_network(eval_file.as_deref())?;
            let result = bench::run(depth, &net, None, &mut |fen, nodes| {
                eprintln!("{nodes:>12} {fen}")
            });
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
                hash_mb: hash_mb(&a.hash)?,
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
            let net = load_network(a.eval_file.as_deref())?;
            let config = DatagenConfig {
                net,
                games: a.games,
                soft_nodes: a.soft_nodes,
                hard_nodes: a.hard_nodes,
                threads: a.threads,
                seed: a.seed,
                random_plies: a.random_plies,
                chess960_one_in: a.chess960_one_in,
                hash_mb: hash_mb(&a.hash)?,
            };
            let start = Instant::now();
            let last_report = AtomicU64::new(0);
            let progress = |done: &selfplay::Summary| {
                let seconds = start.elapsed().as_secs_f64();
                let total = done.resumed_from + done.games;
                // One line every ten seconds, and the last.
                if (seconds as u64) < last_report.load(Ordering::Relaxed) + 10 && total < a.games {
                    return;
                }
                last_report.store(seconds as u64, Ordering::Relaxed);
                let rate = done.positions as f64 / seconds.max(1e-3);
                let eta = (a.games - total) as f64 * seconds / done.games.max(1) as f64;
                let (positions, games) = (done.positions, a.games);
                eprintln!(
                    "datagen: {total}/{games} games, {positions} positions, {rate:.0} positions/s, \
                     ETA {:.0} min",
                    eta / 60.0
                );
            };
            let book = a.openings.as_deref();
            let summary = selfplay::run(&config, book, &a.out, &progress).map_err(|e| match e {
                DatagenError::Threads(_) | DatagenError::Write { .. } => fail(FAILED, e),
                _ => fail(BAD_INPUT, e),
            })?;
            if summary.resumed_from > 0 {
                eprintln!("datagen: resumed after {} games", summary.resumed_from);
            }
            let (out, seconds) = (a.out.display(), start.elapsed().as_secs_f64());
            say!("datagen: {summary} written to {out} in {seconds:.1} s");
        }
        Command::FitWdl {
            data,
            held_out_every,
        } => {
            let problem = &mut |problem: manifest::DataProblem| eprintln!("error: {problem}");
            match wdl_fit::fit_files(&data, held_out_every, problem) {
                Ok(Some(fit)) => say!("{fit}"),
                Ok(None) => return Err(fail(BAD_INPUT, "the data holds no position to fit")),
                Err(e) => return Err(fail(BAD_INPUT, e)),
            }
        }
        Command::Data(DataCommand::Manifest { dir }) => {
            let rows = manifest::write_manifest(&dir).map_err(|e| fail(BAD_INPUT, e))?;
            let totals = DataTotals::of(rows.iter().map(|r| (r.games, r.positions, r.bytes)));
            say!(
                "data: {} written: {totals}",
                dir.join(manifest::MANIFEST).display()
            );
        }
        Command::Data(DataCommand::Check { dir }) => {
            let mut problems = 0;
            let files = manifest::read_data_dir(&dir, &mut |problem| {
                problems += 1;
                eprintln!("error: {problem}");
            })
            .map_err(|e| fail(BAD_INPUT, e))?;
            let totals = DataTotals::of(files.iter().map(|file| {
                let positions = file.games.iter().map(|g| g.plies.len()).sum();
                let bytes = std::fs::metadata(&file.path).map_or(0, |m| m.len() as usize);
                (file.games.len(), positions, bytes)
            }));
            say!(
                "data: {} files checked, {problems} problems: {totals}",
                files.len()
            );
            if problems > 0 {
                return Err(ExitCode::from(BAD_INPUT));
            }
        }
        Command::Train(a) => {
            let files = TrainFiles {
                data: a.data,
                held_out_every: a.held_out_every,
                warm_start: a.warm_start,
                scale_as: a.scale_as,
                checkpoint: a.checkpoint,
                net: a.net,
                name: a.name,
            };
            let config = TrainConfig {
                epochs: a.epochs,
                batch_size: a.batch_size,
                lr: a.lr,
                wdl: a.wdl,
                weight_decay: a.weight_decay,
                seed: a.seed,
            };
            let progress = &mut |event: &TrainProgress| eprintln!("train: {event}");
            train_files(&files, &config, a.threads, progress).map_err(|e| match e {
                TrainError::Threads(_) | TrainError::Write { .. } => fail(FAILED, e),
                _ => fail(BAD_INPUT, e),
            })?;
            say!(
                "train: wrote {} and {}",
                files.net.display(),
                files.checkpoint.display()
            );
        }
        Command::Analyse(a) => {
            let config = a.config(hash_mb(&a.hash)?);
            let mut bar = ProgressBar::new();
            let summary = analyse::analyse_file(&a.file, &config, &mut |e| bar.show(e));
            bar.clear();
            let summary = summary.map_err(|e| match e {
                AnalyseError::Create { .. } | AnalyseError::Write { .. } => fail(FAILED, e),
                _ => fail(BAD_INPUT, e),
            })?;
            eprintln!("analyse: {summary}");
            if summary.skipped > 0 {
                return Err(ExitCode::from(BAD_INPUT));
            }
        }
    }
    Ok(())
}

/// Exit code for bad input: a malformed argument, an unreadable or malformed file.
const BAD_INPUT: u8 = 2;
/// Counts over a data folder's files.
struct DataTotals {
    games: usize,
    positions: usize,
    bytes: usize,
}

impl DataTotals {
    /// The sums of `(games, positions, bytes)` per file.
    fn of(files: impl Iterator<Item = (usize, usize, usize)>) -> DataTotals {
        files.fold(
            DataTotals {
                games: 0,
                positions: 0,
                bytes: 0,
            },
            |t, (games, positions, bytes)| DataTotals {
                games: t.games + games,
                positions: t.positions + positions,
                bytes: t.bytes + bytes,
            },
        )
    }
}

impl Display for DataTotals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let per_position = self.bytes as f64 / self.positions.max(1) as f64;
        write!(
            f,
            "{} games, {} positions, {} bytes ({per_position:.2} bytes a position)",
            self.games, self.positions, self.bytes
        )
    }
}

/// Exit code for a failure while writing (or starting threads).
const FAILED: u8 = 1;

/// The network in `path` (without a path: the embedded one).
fn load_network(path: Option<&Path>) -> Result<Arc<Network>, ExitCode> {
    match path {
        None => Ok(nnue::embedded()),
        Some(path) => Network::load(path)
            .map(Arc::new)
            .map_err(|e| fail(BAD_INPUT, format_args!("{}: {e}", path.display()))),
    }
}

/// The MiB of a `--hash`, checked as `setoption name Hash` is: a value out of range is
/// clamped with the same note, one that is no integer is bad input.
fn hash_mb(text: &str) -> Result<usize, ExitCode> {
    let (megabytes, note) = options::hash_mb(text).map_err(|e| fail(BAD_INPUT, e))?;
    note.iter().for_each(|note| eprintln!("note: {note}"));
    Ok(megabytes)
}

/// Prints `error: <error>` and gives exit code `code`.
fn fail(code: u8, error: impl Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(code)
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
