//! The `ferrite` binary: with no subcommand it speaks UCI on stdin/stdout; subcommands run
//! perft, bench and the test-suite tools from the shell.

use clap::{Parser, Subcommand};
use ferrite::chess::perft::divide;
use ferrite::chess::Position;
use std::process::ExitCode;
use std::time::Instant;

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
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft {
            depth,
            fen,
            divide: show_divide,
            threads,
        }) => run_perft(depth, fen.as_deref(), show_divide, threads),
        None => ExitCode::SUCCESS,
    }
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
            println!("{}: {n}", mv.to_uci(false));
        }
        println!();
    }
    println!("Nodes searched: {total}");
    println!(
        "Time: {:.3} s, speed: {:.1} Mnps",
        elapsed,
        total as f64 / elapsed.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
