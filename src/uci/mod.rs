//! Layer 5, the UCI protocol: [`command`] parses lines, [`engine`] keeps the state and runs
//! searches on their own threads, [`info`] formats search output, [`options`] holds the
//! option table and [`output`] writes protocol lines.

pub mod command;
pub mod engine;
pub mod info;
pub mod options;
pub mod output;

use engine::{Engine, Flow};
use output::Output;
use std::io::BufRead;
use std::sync::Arc;

/// Runs the UCI loop over `input` until `quit` or end of input. Lines may be any bytes (they
/// are read lossily as UTF-8), any length, and end in LF or CRLF.
pub fn run(mut input: impl BufRead) {
    let out = Arc::new(Output::default());
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
    // End of input: stop any search (it still prints its bestmove) and leave.
    engine.stop_search();
}
