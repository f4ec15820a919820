//! Perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard check
//! of a move generator. The last ply is bulk-counted (moves are counted, not made).
//! [`PerftReport`] is the one report both `ferrite perft` and the UCI `go perft` print.

use super::moves::Move;
use super::position::Position;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut total = 0;
            for &mv in pos.legal_moves().iter() {
                // Copy and make in place: `pos.play(mv)` copies the position twice (into a
                // local, then into the return slot), a fifth of perft's time.
                let mut child = *pos;
                child.make_move(mv);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// Like [`perft`], with the moves of the first ply shared out over the rayon pool.
fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth < 3 {
        return perft(pos, depth);
    }
    let moves = pos.legal_moves();
    moves
        .as_slice()
        .par_iter()
        .map(|&mv| perft(&pos.play(mv), depth - 1))
        .sum()
}

/// Leaf counts below each root move, in move-generator order. With `threads > 1` the work
/// is split two plies deep (root moves and their replies, a few hundred tasks, so no single
/// subtree leaves a thread idle) over a rayon pool of that many threads.
pub fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let below = depth.saturating_sub(1);
    if threads <= 1 {
        return moves
            .iter()
            .map(|&mv| (mv, perft(&pos.play(mv), below)))
            .collect();
    }
    let count = |mv: &Move| (*mv, perft_parallel(&pos.play(*mv), below));
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
        Err(_) => moves.iter().map(count).collect(),
    }
}

/// A perft run: the count below each root move, the total and the time taken.
#[derive(Clone, Debug)]
pub struct PerftReport {
    /// Leaf counts below each root move, in move-generator order (none at depth 0).
    pub divide: Vec<(Move, u64)>,
    /// Leaf nodes in all.
    pub total: u64,
    /// Wall time of the count.
    pub elapsed: Duration,
}

impl PerftReport {
    /// Counts the leaf nodes `depth` plies below `pos` on `threads` threads (see [`divide`]).
    pub fn run(pos: &Position, depth: u32, threads: usize) -> PerftReport {
        let start = Instant::now();
        let (divide, total) = if depth == 0 {
            (Vec::new(), 1)
        } else {
            let counts = divide(pos, depth, threads);
            let total = counts.iter().map(|(_, n)| n).sum();
            (counts, total)
        };
        PerftReport {
            divide,
            total,
            elapsed: start.elapsed(),
        }
    }

    /// The lines Stockfish's `go perft` prints: with `show_divide`, `<move>: <count>` per
    /// root move (castling written as `chess960` says) and an empty line; then
    /// `Nodes searched: <total>`. No newline at the end.
    pub fn lines(&self, show_divide: bool, chess960: bool) -> String {
        let mut text = String::new();
        if show_divide {
            for (mv, n) in &self.divide {
                let _ = writeln!(text, "{}: {n}", mv.to_uci(chess960));
            }
            text.push('\n');
        }
        let _ = write!(text, "Nodes searched: {}", self.total);
        text
    }

    /// `Time: <seconds> s, speed: <millions of nodes per second> Mnps`.
    pub fn speed_line(&self) -> String {
        let seconds = self.elapsed.as_secs_f64();
        format!(
            "Time: {seconds:.3} s, speed: {:.1} Mnps",
            self.total as f64 / seconds.max(1e-9) / 1e6
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shallow() {
        let pos = Position::startpos();
        assert_eq!(perft(&pos, 0), 1);
        assert_eq!(perft(&pos, 1), 20);
        assert_eq!(perft(&pos, 3), 8_902);
        let split = divide(&pos, 3, 2);
        assert_eq!(split.len(), 20);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
    }

    #[test]
    fn the_report_divides_like_stockfish() {
        let pos = Position::startpos();
        let report = PerftReport::run(&pos, 2, 1);
        let lines = report.lines(true, false);
        let lines: Vec<&str> = lines.lines().collect();
        assert_eq!(lines.len(), 22);
        assert!(lines.contains(&"e2e4: 20"));
        assert_eq!(lines[20..], ["", "Nodes searched: 400"]);
        assert_eq!(report.lines(false, false), "Nodes searched: 400");
        let root = PerftReport::run(&pos, 0, 1);
        assert_eq!(root.lines(true, false), "\nNodes searched: 1");
        assert!(root.speed_line().starts_with("Time: "));
    }
}
