//! Progress on stderr for the long subcommands, with the time left at the pace so far
//! ([`seconds_left`], one reckoning for all): `datagen` prints a line every ten seconds
//! ([`DatagenProgress`]); `analyse` draws a bar redrawn in place on a terminal
//! (`game 2/5  move 14/40  [#####-----]  35%  ETA 1:05`), and one line per finished game
//! otherwise, so a log stays readable ([`ProgressBar`]). Problems a run reports and goes on
//! from are `error: …` lines ([`print_error`]), as the error that ends a run is.

use ferrite::analyse::{AnalyseEvent, Progress};
use ferrite::datagen::selfplay::Summary;
use std::fmt::Display;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Prints `error: <error>` on stderr.
pub fn print_error(error: impl Display) {
    eprintln!("error: {error}");
}

/// Seconds `left` more units of work take if the `done` units so far took `seconds`.
fn seconds_left(seconds: f64, done: usize, left: usize) -> f64 {
    seconds * left as f64 / done.max(1) as f64
}

/// Seconds between two progress lines of `datagen`.
const DATAGEN_REPORT_EVERY: u64 = 10;

/// `datagen`'s progress: games, positions, their rate and the time left, every
/// [`DATAGEN_REPORT_EVERY`] seconds and once all games are played. Worker threads call it.
pub struct DatagenProgress {
    started: Instant,
    /// Games the file should hold at the end.
    games: usize,
    /// Whole seconds after the start at which the last line was printed.
    last_report: AtomicU64,
}

impl DatagenProgress {
    /// Progress towards a file of `games` games, starting now.
    pub fn new(games: usize) -> DatagenProgress {
        DatagenProgress {
            started: Instant::now(),
            games,
            last_report: AtomicU64::new(0),
        }
    }

    /// Shows the run's state after a game was written.
    pub fn show(&self, done: &Summary) {
        let seconds = self.seconds();
        let total = done.resumed_from + done.games;
        let due = self.last_report.load(Ordering::Relaxed) + DATAGEN_REPORT_EVERY;
        if (seconds as u64) < due && total < self.games {
            return;
        }
        self.last_report.store(seconds as u64, Ordering::Relaxed);
        let rate = done.positions as f64 / seconds.max(1e-3);
        // Only this run's games set the pace: the resumed ones took no time here.
        let eta = seconds_left(seconds, done.games, self.games - total);
        let (positions, games) = (done.positions, self.games);
        eprintln!(
            "datagen: {total}/{games} games, {positions} positions, {rate:.0} positions/s, \
             ETA {:.0} min",
            eta / 60.0
        );
    }

    /// Seconds since the start.
    pub fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }
}

/// Characters of the bar itself.
const BAR_WIDTH: usize = 24;
/// Least time between two redraws on a terminal.
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// `analyse`'s progress display on stderr.
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
                print_error(error);
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
        let left = progress.total.saturating_sub(progress.done);
        let elapsed = self.started.elapsed().as_secs_f64();
        let seconds = seconds_left(elapsed, progress.done, left).round() as u64;
        match seconds / 3600 {
            0 => format!("{}:{:02}", seconds / 60, seconds % 60),
            hours => format!("{hours}:{:02}:{:02}", seconds / 60 % 60, seconds % 60),
        }
    }
}
