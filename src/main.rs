//! The `ferrite` binary: with no subcommand it speaks UCI on stdin/stdout; subcommands run
//! perft, bench and the test-suite tools from the shell. Other arguments are UCI commands,
//! run before stdin is read (`ferrite "go perft 5" quit`).

use clap::{CommandFactory, Parser, Subcommand};
use ferrite::chess::perft::divide;
use ferrite::chess::Position;
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
    },
    /// Search the fixed bench positions to a fixed depth; the last line is
    /// `<nodes> nodes <nps> nps` (the same node count on every run).
    Bench {
        /// Search depth.
        #[arg(default_value_t = ferrite::search::bench::DEFAULT_DEPTH)]
        depth: i32,
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
        Some(Command::Epd {
            file,
            movetime,
            threads,
            hash,
            filter,
        }) => run_epd(&file, movetime, threads, hash, filter.as_deref()),
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
