//! The `ferrite` binary: with no subcommand it speaks UCI on stdin/stdout; subcommands run
//! perft, bench, the test-suite tools and the evaluation tuner (`datagen`, `import-pgn`,
//! `tune`) from the shell. Other arguments are UCI commands, run before stdin is read
//! (`ferrite "go perft 5" quit`).

use clap::{CommandFactory, Parser, Subcommand};
use ferrite::chess::perft::divide;
use ferrite::chess::Position;
use ferrite::tune::{apply, data, datagen, import, pgn, report, texel};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that ignores a closed stdout (`ferrite perft 5 | head -1`) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
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
    Perft {
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
    },
    /// Run an EPD test suite (`bm`, `am`, `dm`, `id`): prints each failure and a final
    /// `solved N/M` line; progress goes to stderr.
    Epd {
        /// The EPD file.
        file: std::path::PathBuf,
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
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
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
    Datagen {
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
    },
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
    Tune {
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
    },
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
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft {
            depth,
            fen,
            divide: show_divide,
            threads,
        }) => run_perft(depth, fen.as_deref(), show_divide, threads),
        Some(Command::Bench { depth }) => {
            let result = ferrite::search::bench::run(depth, &mut |fen, nodes| {
                eprintln!("{nodes:>12} {fen}");
            });
            say!("{} nodes {} nps", result.nodes, result.nps);
            ExitCode::SUCCESS
        }
        Some(Command::Spsa) => {
            for tunable in ferrite::search::params::TUNABLES {
                // OpenBench's usual starting step: a twentieth of the range; learning rate 0.002.
                let step = (f64::from(tunable.max - tunable.min) / 20.0).max(0.5);
                say!(
                    "{}, int, {}, {}, {}, {step}, 0.002",
                    tunable.name,
                    tunable.default,
                    tunable.min,
                    tunable.max
                );
            }
            ExitCode::SUCCESS
        }
        Some(Command::Epd {
            file,
            movetime,
            threads,
            hash,
            filter,
            set,
        }) => match set
            .iter()
            .try_for_each(|assignment| set_tunable(assignment))
        {
            Ok(()) => run_epd(&file, movetime, threads, hash, filter.as_deref()),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Datagen {
            games,
            nodes,
            openings,
            out,
            threads,
            seed,
            random_plies,
        }) => {
            let config = datagen::DatagenConfig {
                games,
                nodes,
                threads,
                seed,
                random_plies,
            };
            run_datagen(&config, &openings, &out)
        }
        Some(Command::ImportPgn { files, out }) => run_import_pgn(&files, &out),
        Some(Command::Tune {
            data,
            iterations,
            rate,
            prior,
            validation,
            threads,
            write_params,
        }) => {
            let schedule = texel::Schedule {
                iterations,
                rate,
                prior,
            };
            let files = TuneFiles {
                data: &data,
                validation: validation.as_deref(),
                write_params: write_params.as_deref(),
            };
            run_tune(&files, schedule, threads)
        }
        None => {
            ferrite::uci::run(std::io::stdin().lock());
            ExitCode::SUCCESS
        }
    }
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

fn run_perft(depth: u32, fen: Option<&str>, show_divide: bool, threads: usize) -> ExitCode {
    let pos = match fen.map(Position::from_fen) {
        None => Position::startpos(),
        Some(Ok(pos)) => pos,
        Some(Err(e)) => {
            eprintln!("error: invalid FEN: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let counts = divide(&pos, depth, threads.max(1));
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    let elapsed = start.elapsed().as_secs_f64();
    if show_divide && depth > 0 {
        for (mv, n) in &counts {
            say!("{}: {n}", mv.to_uci(false));
        }
        say!("");
    }
    say!("Nodes searched: {total}");
    say!(
        "Time: {:.3} s, speed: {:.1} Mnps",
        elapsed,
        total as f64 / elapsed.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}

/// Applies one `NAME=VALUE` assignment to a tunable search parameter, parsed and clamped as
/// `setoption` does.
fn set_tunable(assignment: &str) -> Result<(), String> {
    let (name, value) = assignment
        .split_once('=')
        .ok_or_else(|| format!("--set wants NAME=VALUE, got `{assignment}`"))?;
    let tunable = ferrite::search::params::tunable(name.trim())
        .ok_or_else(|| format!("no tunable parameter called `{name}`"))?;
    let outcome = ferrite::uci::options::Options::default()
        .set(tunable.name, Some(value.trim()))
        .map_err(|e| e.to_string())?;
    if let Some(note) = outcome.note {
        eprintln!("note: {note}");
    }
    Ok(())
}

fn run_epd(
    file: &std::path::Path,
    movetime: u64,
    threads: usize,
    hash: usize,
    filter: Option<&str>,
) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let mut records = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match ferrite::epd::parse_record(line, index + 1) {
            Ok(record) if filter.is_none_or(|prefix| record.id.starts_with(prefix)) => {
                records.push(record)
            }
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let mut tt = ferrite::search::tt::TranspositionTable::new(hash.max(1));
    let mut solved = 0;
    for (index, record) in records.iter().enumerate() {
        tt.clear();
        let outcome = ferrite::epd::run_record(record, movetime, threads.max(1), &tt);
        if outcome.solved {
            solved += 1;
        } else {
            say!("failed {}: {}", outcome.id, outcome.answer);
        }
        eprintln!(
            "[{}/{}] {} {} ({solved} solved)",
            index + 1,
            records.len(),
            outcome.id,
            if outcome.solved { "ok" } else { "FAIL" }
        );
    }
    say!("solved {solved}/{}", records.len());
    ExitCode::SUCCESS
}

fn run_datagen(config: &datagen::DatagenConfig, openings: &Path, out: &Path) -> ExitCode {
    let text = match std::fs::read_to_string(openings) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", openings.display());
            return ExitCode::from(2);
        }
    };
    let book = match data::parse_openings(&text) {
        Ok(book) => book,
        Err(e) => {
            eprintln!("error: {}: {e}", openings.display());
            return ExitCode::from(2);
        }
    };
    let mut writer = match create_output(out) {
        Ok(writer) => writer,
        Err(code) => return code,
    };
    let start = Instant::now();
    let report_every = (config.games / 20).max(1);
    let progress = |summary: &datagen::Summary| {
        if summary.games.is_multiple_of(report_every) || summary.games == config.games {
            eprintln!(
                "datagen: {}/{} games, {} positions, {:.1} s",
                summary.games,
                config.games,
                summary.positions,
                start.elapsed().as_secs_f64()
            );
        }
    };
    match datagen::run(config, &book, &mut writer, &progress) {
        Ok(summary) => {
            say!(
                "datagen: {summary} written to {} in {:.1} s",
                out.display(),
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

/// `out` created (or emptied) for writing; on failure the error is printed and the exit code
/// for it returned.
fn create_output(out: &Path) -> Result<std::io::BufWriter<std::fs::File>, ExitCode> {
    std::fs::File::create(out)
        .map(std::io::BufWriter::new)
        .map_err(|e| {
            eprintln!("error: cannot create {}: {e}", out.display());
            ExitCode::from(2)
        })
}

fn run_import_pgn(files: &[PathBuf], out: &Path) -> ExitCode {
    let mut writer = match create_output(out) {
        Ok(writer) => writer,
        Err(code) => return code,
    };
    let (mut games, mut skipped, mut positions) = (0, 0, 0);
    for path in files {
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        for game in pgn::read_games(&text) {
            games += 1;
            let (result, kept) = match import::game_positions(&game) {
                Ok(found) => found,
                Err(why) => {
                    skipped += 1;
                    eprintln!("{} line {}: game skipped: {why}", path.display(), game.line);
                    continue;
                }
            };
            positions += kept.len();
            let written = kept
                .iter()
                .try_for_each(|fen| writeln!(writer, "{}", data::format_record(fen, result)));
            if let Err(e) = written {
                eprintln!("error: {}: {e}", out.display());
                return ExitCode::FAILURE;
            }
        }
    }
    if let Err(e) = writer.flush() {
        eprintln!("error: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    say!(
        "import-pgn: {games} games, {skipped} skipped, {positions} positions written to {}",
        out.display()
    );
    ExitCode::SUCCESS
}

/// The files `ferrite tune` reads, and the `params.rs` it may write.
struct TuneFiles<'a> {
    data: &'a Path,
    validation: Option<&'a Path>,
    write_params: Option<&'a Path>,
}

fn run_tune(files: &TuneFiles, schedule: texel::Schedule, threads: usize) -> ExitCode {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start the worker threads: {e}");
            return ExitCode::FAILURE;
        }
    };
    let samples = match pool.install(|| load_samples(files.data)) {
        Ok(samples) => samples,
        Err(code) => return code,
    };
    let validation = match files
        .validation
        .map(|file| pool.install(|| load_samples(file)))
    {
        None => Vec::new(),
        Some(Ok(samples)) => samples,
        Some(Err(code)) => return code,
    };
    let iterations = schedule.iterations;
    let tuned = pool.install(|| {
        texel::tune(&samples, &validation, schedule, &|step, error| {
            eprintln!("tune: step {step}/{iterations}, error {error:.6}");
        })
    });
    say!("{}", report::report(&tuned));
    match files.write_params {
        Some(params) => write_params(params, &tuned),
        None => ExitCode::SUCCESS,
    }
}

/// Writes the fitted values of `tuned` into the `params.rs` at `path`.
fn write_params(path: &Path, tuned: &texel::Tuned) -> ExitCode {
    let rewritten = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read it: {e}"))
        .and_then(|source| apply::rewrite_params(&source, &apply::fitted_constants(tuned)))
        .and_then(|text| std::fs::write(path, text).map_err(|e| format!("cannot write it: {e}")));
    match rewritten {
        Ok(()) => {
            eprintln!("tune: wrote the fitted values into {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// The samples of a datagen file, or the exit code after saying why there are none.
fn load_samples(file: &Path) -> Result<Vec<texel::Sample>, ExitCode> {
    let start = Instant::now();
    let text = std::fs::read_to_string(file).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", file.display());
        ExitCode::from(2)
    })?;
    let samples = texel::load(&text).map_err(|e| {
        eprintln!("error: {}: {e}", file.display());
        ExitCode::from(2)
    })?;
    if samples.is_empty() {
        eprintln!("error: {} holds no position", file.display());
        return Err(ExitCode::from(2));
    }
    eprintln!(
        "tune: {} positions read from {} in {:.1} s",
        samples.len(),
        file.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(samples)
}
