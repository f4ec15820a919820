//! Protocol output: one locked write and flush per line, so lines from the reader thread and
//! the search thread never interleave and a GUI reading a pipe sees each line at once. The
//! optional `Debug Log File` transcript records traffic both ways.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::Mutex;

/// Longest error message in characters. Errors quote the bad input; a megabyte line is
/// quoted in part, not echoed whole.
pub const MAX_ERROR_CHARS: usize = 300;

/// `text` cut to `max` characters (then ending in `…`), with control characters and Unicode
/// line separators escaped (`\r`, `\u{0}`): input quoted in an error never splits or garbles
/// the protocol line, whichever characters a GUI takes as line ends.
pub fn printable(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == max {
            out.push('…');
            break;
        }
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

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

    /// Reports an error as one `info string error: …` line, at most [`MAX_ERROR_CHARS`]
    /// characters long, with control characters escaped (see [`printable`]).
    pub fn error(&self, message: &str) {
        let message = printable(message, MAX_ERROR_CHARS);
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

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn printable_escapes_control_characters_and_cuts_long_text() {
        assert_eq!(printable("a\rb\u{0}c\u{2028}", 10), "a\\rb\\u{0}c\\u{2028}");
        assert_eq!(printable("abcdef", 3), "abc…");
        assert_eq!(printable("abc", 3), "abc");
        assert_eq!(printable("ééé", 2), "éé…");
    }
}
