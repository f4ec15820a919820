//! One run of the real `ferrite` binary with arguments, to its end, for the command-line
//! integration tests.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of the binary gave.
pub struct Run {
    /// The exit code (`None` if a signal ended it).
    pub code: Option<i32>,
    /// Everything printed on stdout.
    pub stdout: String,
    /// Everything printed on stderr.
    pub stderr: String,
}

/// Runs `ferrite <args>` with `stdin` as its input, to its end (at most two minutes: a hang
/// guard only, never a measure of speed).
pub fn run_ferrite(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ferrite"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ferrite starts");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    // Readers first, so an engine that answers before reading all its input never blocks.
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut input = child.stdin.take().expect("stdin is piped");
    // The engine may exit without reading: a failed write is fine.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("ferrite {args:?} did not exit");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        code: status.code(),
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
    }
}
