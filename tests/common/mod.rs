//! A UCI session with the real `ferrite` binary over pipes, for the integration tests.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The line a bare start of the binary prints before anything else.
pub fn banner() -> String {
    format!(
        "Ferrite {} by the Ferrite developers",
        env!("CARGO_PKG_VERSION")
    )
}

/// A running engine: lines go in through `send`, come out through `expect`/`read_until`.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line the engine printed so far, in order.
    pub transcript: Vec<String>,
}

impl Session {
    /// Starts the engine with no arguments (the UCI loop) and checks that it greets with
    /// [`banner`] first; the greeting is no part of the transcript.
    pub fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ferrite"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the ferrite binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let first = lines.recv_timeout(Duration::from_secs(10)).ok();
        assert_eq!(first, Some(banner()), "the first line");
        Session {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Takes the engine's stdin, to write from another thread; `send` no longer works.
    #[allow(dead_code)] // each test crate compiles this module; only some use this
    pub fn take_input(&mut self) -> ChildStdin {
        self.stdin.take().expect("stdin still open")
    }

    /// Closes the engine's stdin (EOF).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns all lines read (the match last).
    /// Panics after `timeout` with what was read.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut read = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    read.push(line);
                    if finished {
                        return read;
                    }
                }
                None => panic!("timed out after {timeout:?}; read so far: {read:#?}"),
            }
        }
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str, timeout: Duration) -> String {
        let lines = self.read_until(timeout, |line| line.starts_with(prefix));
        lines.last().cloned().unwrap_or_default()
    }

    /// Sends `isready` and waits for `readyok`; returns the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(Duration::from_secs(10), |line| line == "readyok");
        lines.pop();
        lines
    }

    /// Sends `command`, then `isready`; returns the lines the engine printed before
    /// `readyok`: its whole answer to a command that answers at once.
    pub fn reply(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.sync()
    }

    /// Waits `wait`, then checks with `isready` that no `bestmove` came meanwhile (for
    /// `go infinite`, `go ponder` and bare `go`, which must wait for `stop`/`ponderhit`).
    pub fn assert_still_searching(&mut self, wait: Duration) {
        std::thread::sleep(wait);
        self.send("isready");
        let lines = self.read_until(Duration::from_secs(5), |line| line == "readyok");
        assert!(
            lines.iter().all(|line| !line.starts_with("bestmove")),
            "bestmove before stop: {lines:#?}"
        );
    }

    /// Sends `d` and returns what it printed (board, Fen, Key, Checkers, Legal moves, Status).
    pub fn display(&mut self) -> Vec<String> {
        self.send("d");
        self.sync()
    }

    /// Runs `go …` and returns (all lines, the bestmove line).
    pub fn go(&mut self, go: &str, timeout: Duration) -> (Vec<String>, String) {
        self.send(go);
        let lines = self.read_until(timeout, |line| line.starts_with("bestmove"));
        let best = lines.last().cloned().unwrap_or_default();
        (lines, best)
    }

    /// True if the process exits with status 0 within `timeout`.
    pub fn exits_cleanly(&mut self, timeout: Duration) -> bool {
        self.wait_exit(timeout)
            .is_some_and(|status| status.success())
    }

    /// Waits for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line.
pub fn best_move(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or("")
}

/// The score (`cp N` / `mate N`) of the last info line with a score.
pub fn last_score(lines: &[String]) -> Option<String> {
    lines.iter().rev().find_map(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "score")?;
        Some(format!("{} {}", words.get(at + 1)?, words.get(at + 2)?))
    })
}
