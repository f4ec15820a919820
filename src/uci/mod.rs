//! Layer 5, the UCI protocol: [`command`] parses lines, [`engine`] keeps the state and runs
//! searches on their own threads, [`info`] formats search output, [`options`] holds the
//! option table and [`output`] writes protocol lines.

pub mod command;
pub mod engine;
pub mod info;
pub mod options;
pub mod output;

use engine::{Engine, Flow, AUTHOR, NAME};
use output::Output;
use std::io::{BufRead, Cursor, Read};
use std::sync::Arc;

/// What the loop does with a running search when its input ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtEnd {
    /// Stop it, as `quit` does (end of stdin: the GUI went away).
    StopSearch,
    /// Let it reach its own limits (commands given as arguments).
    WaitForSearch,
}

/// A bare start of the binary: one line `Ferrite <version> by the Ferrite developers` (GUIs
/// skip what comes before their `uci`; a person at the prompt learns what answers), then the
/// UCI loop over `input` until `quit` or end of input. Lines may be any bytes (they are read
/// lossily as UTF-8), any length, and end in LF or CRLF. At the end of input a running
/// search is stopped (it still prints its `bestmove`).
pub fn run(input: impl BufRead) {
    let out = Arc::new(Output::default());
    out.line(&format!("{NAME} by {AUTHOR}"));
    run_loop(out, input, AtEnd::StopSearch);
}

/// Runs `commands` (the program's arguments, one command line each, as in
/// `ferrite "position startpos" "go perft 5" quit`), then reads `input` as [`run`] does,
/// without the greeting (what a script or a GUI that passes `uci` reads stays protocol).
/// If the last command is `quit`, `input` is not read: the loop ends after the commands,
/// and a search they started first runs to its own limit (so `ferrite "go depth 12" quit`
/// prints the whole search); a search that would wait for `stop` is stopped.
pub fn run_with_commands(commands: &[String], input: impl BufRead) {
    let ends_with_quit = commands
        .last()
        .is_some_and(|last| matches!(command::parse(last), Ok(Some(command::Command::Quit))));
    let before_quit = if ends_with_quit {
        &commands[..commands.len() - 1]
    } else {
        commands
    };
    let mut text = String::new();
    for line in before_quit {
        text.push_str(line);
        text.push('\n');
    }
    let given = Cursor::new(text.into_bytes());
    let out = Arc::new(Output::default());
    if ends_with_quit {
        run_loop(out, given, AtEnd::WaitForSearch);
    } else {
        run_loop(out, given.chain(input), AtEnd::StopSearch);
    }
}

fn run_loop(out: Arc<Output>, mut input: impl BufRead, at_end: AtEnd) {
    let mut engine = Engine::new(Arc::clone(&out));
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                log::warn!("reading input failed: {e}");
                break;
            }
        }
        let line = String::from_utf8_lossy(&buffer);
        out.record_input(line.trim_end());
        match command::parse(&line) {
            Ok(None) => {}
            Ok(Some(command)) => {
                if engine.handle(command) == Flow::Quit {
                    return;
                }
            }
            Err(e) => out.error(&e.to_string()),
        }
    }
    match at_end {
        AtEnd::StopSearch => engine.stop_search(),
        AtEnd::WaitForSearch => engine.wait_for_search(),
    }
}
