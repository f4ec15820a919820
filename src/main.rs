//! The `ferrite` binary: argument parsing and dispatch only. With no subcommand it greets
//! with one line and speaks UCI on stdin/stdout; arguments that are no subcommand or flag are
//! UCI commands, run before stdin is read (`ferrite "go perft 5" quit`), without the
//! greeting. The subcommands (perft, bench, spsa, the EPD suite runner, the network's tools
//! `datagen`, `train`, `fit-wdl` and `data`, and `analyse`) are one function each in
//! [`commands`]: they call the library and print what it returns, progress through
//! [`progress`]; a refusal is printed as `error: …` with exit code 2 for bad input or an
//! unreadable file (for `analyse`, also when a game was skipped), 1 for a failure while
//! writing or running.

mod args;
mod commands;
mod progress;

use args::{Cli, Command, DataCommand};
use clap::{CommandFactory, Parser};
use commands::Failure;
use std::process::ExitCode;

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
        Err(failure) => failure.exit_code(),
    }
}

/// Runs a subcommand.
fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Perft(a) => commands::perft(&a),
        Command::Bench { depth, eval_file } => commands::bench(depth, eval_file.as_deref()),
        Command::Spsa => commands::spsa(),
        Command::Epd(a) => commands::epd(a),
        Command::Datagen(a) => commands::datagen(&a),
        Command::FitWdl {
            data,
            held_out_every,
        } => commands::fit_wdl(&data, held_out_every),
        Command::Data(DataCommand::Manifest { dir }) => commands::data_manifest(&dir),
        Command::Data(DataCommand::Check { dir }) => commands::data_check(&dir),
        Command::Data(DataCommand::Pgn { file, games }) => commands::data_pgn(&file, games),
        Command::Train(a) => commands::train(a),
        Command::Analyse(a) => commands::analyse(&a),
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
