//! Protocol output: one locked write and flush per line, so lines from the reader thread and
//! the search thread never interleave and a GUI reading a pipe sees each line at once. The
//! optional `Debug Log File` transcript records traffic both ways.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::Mutex;

/// The engine's stdout, shared by the reader and search threads.
#[derive(Default)]
pub struct Output {
    transcript: Mutex<Option<File>>,
}

impl Output {
    /// Writes one protocol line and flushes it.
    pub fn line(&self, text: &str) {
        log::debug!(">> {text}");
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        // A closed stdout (the GUI went away) is not worth a panic: the engine ends at EOF.
        let _ = writeln!(lock, "{text}");
        let _ = lock.flush();
        drop(lock);
        self.record(">>", text);
    }

    /// Writes several lines (e.g. the `uci` answer), each as [`Output::line`] does.
    pub fn lines(&self, text: &str) {
        for line in text.lines() {
            self.line(line);
        }
    }

    /// Reports an error as one `info string error: …` line.
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }

    /// Records an input line in the transcript.
    pub fn record_input(&self, text: &str) {
        log::debug!("<< {text}");
        self.record("<<", text);
    }

    fn record(&self, direction: &str, text: &str) {
        if let Ok(mut transcript) = self.transcript.lock() {
            if let Some(file) = transcript.as_mut() {
                let _ = writeln!(file, "{direction} {text}");
            }
        }
    }

    /// Starts a transcript at `path` (appending), or stops it for an empty path.
    pub fn set_transcript(&self, path: &str) -> std::io::Result<()> {
        let file = if path.is_empty() {
            None
        } else {
            Some(OpenOptions::new().create(true).append(true).open(path)?)
        };
        if let Ok(mut transcript) = self.transcript.lock() {
            *transcript = file;
        }
        Ok(())
    }
}
