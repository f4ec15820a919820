//! The progress bar `ferrite analyse` draws on stderr: the game, the move and the time left,
//! redrawn in place on a terminal (`game 2/5  move 14/40  [#####-----]  35%  ETA 1:05`),
//! and one line per finished game otherwise, so a log stays readable. Skipped games are
//! printed as `error: …` lines between the redraws.

use super::{AnalyseEvent, Progress};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Characters of the bar itself.
const BAR_WIDTH: usize = 24;
/// Least time between two redraws on a terminal.
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// The progress display on stderr.
pub struct ProgressBar {
    terminal: bool,
    started: Instant,
    last_draw: Option<Instant>,
    /// Length of the line drawn last, if one is on screen.
    drawn: Option<usize>,
}

impl ProgressBar {
    /// A bar on stderr, drawn in place if stderr is a terminal.
    pub fn new() -> ProgressBar {
        ProgressBar {
            terminal: std::io::stderr().is_terminal(),
            started: Instant::now(),
            last_draw: None,
            drawn: None,
        }
    }

    /// Shows `event`.
    pub fn show(&mut self, event: &AnalyseEvent<'_>) {
        match event {
            AnalyseEvent::Skipped(error) => {
                self.clear();
                eprintln!("error: {error}");
            }
            AnalyseEvent::Searched(progress) => self.searched(progress),
        }
    }

    /// Removes the bar from the screen (before other output, and at the end).
    pub fn clear(&mut self) {
        if let Some(length) = self.drawn.take() {
            eprint!("\r{:length$}\r", "");
        }
    }

    fn searched(&mut self, progress: &Progress) {
        let game_done = progress.ply == progress.plies;
        if !self.terminal {
            if game_done {
                eprintln!(
                    "analyse: game {}/{} done ({} positions), ETA {}",
                    progress.ordinal,
                    progress.games,
                    progress.plies,
                    self.eta(progress)
                );
            }
            return;
        }
        let now = Instant::now();
        if !game_done && self.last_draw.is_some_and(|last| now - last < REDRAW_EVERY) {
            return;
        }
        self.last_draw = Some(now);
        let share = progress.done as f64 / progress.total.max(1) as f64;
        let filled = ((share * BAR_WIDTH as f64) as usize).min(BAR_WIDTH);
        let line = format!(
            "game {}/{}  move {}/{}  [{}{}] {:3.0}%  ETA {}",
            progress.ordinal,
            progress.games,
            progress.ply.saturating_sub(1).div_ceil(2),
            progress.plies.saturating_sub(1).div_ceil(2),
            "#".repeat(filled),
            "-".repeat(BAR_WIDTH - filled),
            share * 100.0,
            self.eta(progress)
        );
        let pad = self.drawn.unwrap_or(0).saturating_sub(line.len());
        eprint!("\r{line}{:pad$}", "");
        let _ = std::io::stderr().flush();
        self.drawn = Some(line.len());
    }

    /// Time left at the pace so far, as `m:ss` (`h:mm:ss` past an hour).
    fn eta(&self, progress: &Progress) -> String {
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = progress.total.saturating_sub(progress.done) as f64;
        let seconds = (elapsed / progress.done.max(1) as f64 * left).round() as u64;
        match seconds / 3600 {
            0 => format!("{}:{:02}", seconds / 60, seconds % 60),
            hours => format!("{hours}:{:02}:{:02}", seconds / 60 % 60, seconds % 60),
        }
    }
}

impl Default for ProgressBar {
    fn default() -> ProgressBar {
        ProgressBar::new()
    }
}
