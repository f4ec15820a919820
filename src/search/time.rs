//! Time management: from the clock a soft bound (no new iteration after it) and a hard bound
//! (checked inside the tree) are derived, after subtracting the move overhead. All clock maths
//! saturates, so a zero or tiny clock still yields a legal move at once.

use super::limits::Limits;
use super::params::{MATE_BOUND, TM_SCORE_DROP_MAX, TM_SCORE_DROP_MIN, TM_SCORE_DROP_SCALE};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Moves assumed left in sudden death.
const DEFAULT_MOVES_TO_GO: u64 = 25;

/// Clock kept back on top of `Move Overhead` (at most half the clock): a busy machine delays
/// a reply by tens of milliseconds, which at 1+0.01 with 30 ms left is a lost game (seen:
/// 10–50 ms overshoots against Glaurung with both cores loaded). The increment refills it.
const CLOCK_RESERVE_MS: u64 = 20;

/// Deadlines of one search, shared between the main thread and the UCI reader (`ponderhit`).
pub struct TimeManager {
    origin: Instant,
    /// Milliseconds after `origin` at which the clock started (moved by `ponderhit`).
    start_ms: AtomicU64,
    soft_ms: Option<u64>,
    hard_ms: Option<u64>,
    pondering: AtomicBool,
}

impl TimeManager {
    /// Bounds for `limits` with `overhead_ms` kept back for communication delays.
    pub fn new(limits: &Limits, overhead_ms: u64) -> TimeManager {
        let (soft_ms, hard_ms) = if let Some(movetime) = limits.movetime {
            // A fixed time per move is used in full: no soft bound.
            (None, Some(movetime.saturating_sub(overhead_ms).max(1)))
        } else if let Some(time) = limits.time {
            let reserve = (time / 2).min(CLOCK_RESERVE_MS);
            let available = time.saturating_sub(overhead_ms).saturating_sub(reserve);
            let moves_to_go = limits
                .moves_to_go
                .map_or(DEFAULT_MOVES_TO_GO, |m| u64::from(m.clamp(1, 50)));
            let share =
                (available / moves_to_go).saturating_add(limits.increment.min(available) / 4 * 3);
            let soft = share.min(available / 10 * 6);
            let hard = soft.saturating_mul(3).min(available / 10 * 8);
            (Some(soft), Some(hard))
        } else {
            (None, None)
        };
        TimeManager {
            origin: Instant::now(),
            start_ms: AtomicU64::new(0),
            soft_ms,
            hard_ms,
            pondering: AtomicBool::new(limits.ponder),
        }
    }

    /// Milliseconds since the clock started.
    pub fn elapsed_ms(&self) -> u64 {
        let now = self.origin.elapsed().as_millis() as u64;
        now.saturating_sub(self.start_ms.load(Ordering::Relaxed))
    }

    /// Time since `go`, for `info time` and nps.
    pub fn since_go(&self) -> Duration {
        self.origin.elapsed()
    }

    /// `ponderhit`: the predicted move was played, so our clock runs from now.
    pub fn ponderhit(&self) {
        self.start_ms
            .store(self.origin.elapsed().as_millis() as u64, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Release);
    }

    /// True while pondering: no time bound applies yet.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// True if no new iteration should start; `scale` stretches the soft bound (best move
    /// stability).
    pub fn soft_expired(&self, scale: f64) -> bool {
        !self.is_pondering()
            && self
                .soft_ms
                .is_some_and(|soft| self.elapsed_ms() as f64 >= soft as f64 * scale)
    }

    /// True if the search must stop now.
    pub fn hard_expired(&self) -> bool {
        !self.is_pondering() && self.hard_ms.is_some_and(|hard| self.elapsed_ms() >= hard)
    }
}

/// The factor on the soft bound after the best score went from `before` to `now` between two
/// iterations: a fall means the search found trouble and gets time to find the way out; a
/// rise shortens the think a little. Mate scores leave it at 1.
pub fn score_drop_scale(before: i32, now: i32) -> f64 {
    if before.abs() >= MATE_BOUND || now.abs() >= MATE_BOUND {
        return 1.0;
    }
    let fall = f64::from(before - now) / f64::from(TM_SCORE_DROP_SCALE.get());
    (1.0 + fall).clamp(TM_SCORE_DROP_MIN, TM_SCORE_DROP_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time: u64, increment: u64, moves_to_go: Option<u32>) -> TimeManager {
        let limits = Limits {
            time: Some(time),
            increment,
            moves_to_go,
            ..Limits::default()
        };
        TimeManager::new(&limits, 10)
    }

    #[test]
    fn bounds_stay_inside_the_clock() {
        for (time, inc, mtg) in [
            (0, 0, None),
            (u64::MAX, u64::MAX, None),
            (u64::MAX, 0, Some(1)),
            (50, 0, None),
            (1_000, 10, None),
            (60_000, 0, Some(1)),
            (200, 1_000, None),
            (8_000, 80, Some(40)),
        ] {
            let tm = clock(time, inc, mtg);
            let (soft, hard) = (tm.soft_ms.unwrap_or(0), tm.hard_ms.unwrap_or(0));
            assert!(soft <= hard, "{time} {inc} {mtg:?}");
            assert!(
                hard <= time.saturating_sub(10).saturating_sub((time / 2).min(20)) / 10 * 8,
                "{time} {inc} {mtg:?}"
            );
        }
        assert_eq!(clock(0, 0, None).hard_ms, Some(0));
    }

    #[test]
    fn movetime_is_exact_less_overhead() {
        let limits = Limits {
            movetime: Some(200),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, 10);
        assert_eq!((tm.soft_ms, tm.hard_ms), (None, Some(190)));
    }

    #[test]
    fn score_drop_scale_follows_the_fall() {
        // TM_SCORE_DROP_SCALE is 100 by default: a fall of 30 cp gives 30% more time.
        assert!((score_drop_scale(40, 10) - 1.3).abs() < 1e-9);
        assert!((score_drop_scale(10, 10) - 1.0).abs() < 1e-9);
        assert!((score_drop_scale(0, 10) - 0.9).abs() < 1e-9);
        assert_eq!(score_drop_scale(0, 500), TM_SCORE_DROP_MIN);
        assert_eq!(score_drop_scale(500, 0), TM_SCORE_DROP_MAX);
        assert_eq!(score_drop_scale(MATE_BOUND, 0), 1.0);
        assert_eq!(score_drop_scale(0, -MATE_BOUND - 5), 1.0);
    }
}
