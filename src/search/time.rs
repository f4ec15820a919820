//! Time management: from the clock a soft bound (no new iteration after it) and a hard bound
//! (checked inside the tree) are derived, after subtracting the move overhead. All clock maths
//! saturates, so a zero or tiny clock still yields a legal move at once.

use super::limits::Limits;
use super::params::{
    TB_WIN_BOUND, TM_CLOCK_RESERVE_MS, TM_HARD_MAX_PERCENT, TM_HARD_PER_SOFT,
    TM_INCREMENT_CARRIES_PERMILLE, TM_INCREMENT_MOVES_TO_GO, TM_INCREMENT_PERCENT,
    TM_MOVES_TO_GO_MAX, TM_OPENING_MOVES, TM_OPENING_SHARE_PERCENT, TM_SCORE_DROP_MAX,
    TM_SCORE_DROP_MIN, TM_SCORE_DROP_SCALE, TM_SOFT_MAX_PERCENT, TM_SUDDEN_DEATH_MOVES_TO_GO,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Deadlines of one search, shared between the main thread and the UCI reader (`ponderhit`).
/// Both are measured from `go`, pondering included: the time pondered on the move that was
/// then played is thinking done, so after `ponderhit` the search stops as soon as it has
/// thought as long as it would have without pondering (at once if it already has), and the
/// clock saves what the pondering did. Our clock only runs from `ponderhit`, so the bounds,
/// reckoned from the clock as `go` gave it, stay inside it.
pub struct TimeManager {
    origin: Instant,
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
            let reserve = (time / 2).min(TM_CLOCK_RESERVE_MS);
            let available = time.saturating_sub(overhead_ms).saturating_sub(reserve);
            let moves_to_go = limits.moves_to_go.map_or_else(
                || horizon(time, limits.increment),
                |m| u64::from(m.clamp(1, TM_MOVES_TO_GO_MAX)),
            );
            let increment = percent(limits.increment.min(available), TM_INCREMENT_PERCENT);
            let share = percent(available / moves_to_go, opening_percent(limits.move_number))
                .saturating_add(increment);
            let soft = share.min(percent(available, TM_SOFT_MAX_PERCENT));
            let hard = soft
                .saturating_mul(TM_HARD_PER_SOFT)
                .min(percent(available, TM_HARD_MAX_PERCENT));
            (Some(soft), Some(hard))
        } else {
            (None, None)
        };
        TimeManager {
            origin: Instant::now(),
            soft_ms,
            hard_ms,
            pondering: AtomicBool::new(limits.ponder),
        }
    }

    /// Milliseconds since `go`.
    fn elapsed_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    /// Time since `go`, for `info time` and nps.
    pub fn since_go(&self) -> Duration {
        self.origin.elapsed()
    }

    /// `ponderhit`: the predicted move was played, so the bounds apply from now on.
    pub fn ponderhit(&self) {
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
                .soft_limit_ms(scale)
                .is_some_and(|soft| self.elapsed_ms() >= soft)
    }

    /// The soft bound stretched by `scale`, never past the hard bound: an unstable search may
    /// use more time, but not more than the clock allows.
    fn soft_limit_ms(&self, scale: f64) -> Option<u64> {
        let scaled = self
            .soft_ms
            .map(|soft| (soft as f64 * scale.max(0.0)) as u64);
        match (scaled, self.hard_ms) {
            (Some(soft), Some(hard)) => Some(soft.min(hard)),
            (soft, _) => soft,
        }
    }

    /// True if the search must stop now.
    pub fn hard_expired(&self) -> bool {
        !self.is_pondering() && self.hard_ms.is_some_and(|hard| self.elapsed_ms() >= hard)
    }
}

/// Moves planned for when `go` gives no `movestogo`: many with no increment, fewer as the
/// increment grows towards `TM_INCREMENT_CARRIES_PERMILLE` of the clock.
fn horizon(time: u64, increment: u64) -> u64 {
    let carried = u128::from(TM_INCREMENT_CARRIES_PERMILLE) * u128::from(time) / 1000;
    let increment = u128::from(increment);
    if increment == 0 {
        return TM_SUDDEN_DEATH_MOVES_TO_GO;
    }
    if increment >= carried {
        return TM_INCREMENT_MOVES_TO_GO;
    }
    let span = u128::from(TM_SUDDEN_DEATH_MOVES_TO_GO - TM_INCREMENT_MOVES_TO_GO);
    TM_SUDDEN_DEATH_MOVES_TO_GO - (span * increment / carried) as u64
}

/// The percentage of a move's share of the clock that move `move_number` of the game takes
/// (`TM_OPENING_SHARE_PERCENT`); 100 for an unknown move number (0).
fn opening_percent(move_number: u32) -> u64 {
    let number = u64::from(move_number);
    if number == 0 || number >= TM_OPENING_MOVES {
        return 100;
    }
    let growth = (100 - TM_OPENING_SHARE_PERCENT) * (number - 1) / (TM_OPENING_MOVES - 1);
    TM_OPENING_SHARE_PERCENT + growth
}

/// `share` percent of `ms`, rounded down, for any `ms`.
fn percent(ms: u64, share: u64) -> u64 {
    (u128::from(ms) * u128::from(share) / 100) as u64
}

/// The factor on the soft bound after the best score went from `before` to `now` between two
/// iterations: a fall means the search found trouble and gets time to find the way out; a
/// rise shortens the think a little. Mate and tablebase scores leave it at 1.
pub fn score_drop_scale(before: i32, now: i32) -> f64 {
    if before.abs() >= TB_WIN_BOUND || now.abs() >= TB_WIN_BOUND {
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
                hard <= percent(
                    time.saturating_sub(10).saturating_sub((time / 2).min(20)),
                    TM_HARD_MAX_PERCENT
                ),
                "{time} {inc} {mtg:?}"
            );
        }
        assert_eq!(clock(0, 0, None).hard_ms, Some(0));
    }

    #[test]
    fn a_stretched_soft_bound_stays_within_the_hard_bound() {
        for (time, inc, mtg) in [(1_000, 10, None), (8_000, 80, None), (60_000, 0, Some(1))] {
            let tm = clock(time, inc, mtg);
            let hard = tm.hard_ms.expect("a clock sets a hard bound");
            for scale in [0.5, 1.0, 2.0, 4.0, 100.0, f64::INFINITY] {
                let soft = tm.soft_limit_ms(scale).expect("a clock sets a soft bound");
                assert!(
                    soft <= hard,
                    "{time}+{inc}: scale {scale} gives {soft} > {hard}"
                );
            }
            assert_eq!(tm.soft_limit_ms(100.0), Some(hard));
        }
    }

    #[test]
    fn the_opening_moves_take_a_smaller_share() {
        let at_move = |move_number| {
            let limits = Limits {
                time: Some(10_000),
                move_number,
                ..Limits::default()
            };
            TimeManager::new(&limits, 10).soft_ms
        };
        // 10+0's full share is 199 ms: 60% of it at move 1, 60 + 40 * 9 / 19 = 78% at move 10.
        assert_eq!(at_move(1), Some(119));
        assert_eq!(at_move(10), Some(155));
        assert_eq!(at_move(20), Some(199));
        assert_eq!(at_move(300), Some(199));
        assert_eq!(at_move(0), Some(199));
    }

    #[test]
    fn a_missing_clock_of_ours_is_a_timed_search() {
        // `go btime 5000` with White to move, and `go winc 100` alone.
        for clocks in [
            [None, Some(5000), None, None],
            [None, None, Some(100), None],
        ] {
            let mut limits = Limits::default();
            limits.set_clock(true, clocks);
            let tm = TimeManager::new(&limits, 10);
            assert_eq!((tm.soft_ms, tm.hard_ms), (Some(0), Some(0)), "{clocks:?}");
        }
    }

    #[test]
    fn sudden_death_plans_for_more_moves_than_an_increment_game() {
        // 10+0: (10000 - 10 - 20) / 50.
        assert_eq!(clock(10_000, 0, None).soft_ms, Some(199));
        // 10+0.1 and 8+0.08 (increment 1% of the clock): a 25-move horizon plus 75% of it.
        assert_eq!(clock(10_000, 100, None).soft_ms, Some(398 + 75));
        assert_eq!(clock(8_000, 80, None).soft_ms, Some(318 + 60));
        // An increment of half that (40+0.2): halfway, 50 - 12.5 rounded up.
        assert_eq!(horizon(40_000, 200), 38);
        assert_eq!(horizon(1_000, 10_000), TM_INCREMENT_MOVES_TO_GO);
        assert_eq!(horizon(u64::MAX, u64::MAX), TM_INCREMENT_MOVES_TO_GO);
        // No increment is sudden death at any clock, even an almost empty one.
        for time in [0, 50, 40_000, u64::MAX] {
            assert_eq!(horizon(time, 0), TM_SUDDEN_DEATH_MOVES_TO_GO);
        }
        assert_eq!(horizon(0, 1), TM_INCREMENT_MOVES_TO_GO);
        // 40/4 repeating: `movestogo` decides.
        assert_eq!(clock(4_000, 0, Some(40)).soft_ms, Some(99));
    }

    #[test]
    fn time_pondered_counts_against_the_bounds_from_ponderhit_on() {
        let limits = Limits {
            time: Some(8_000),
            increment: 80,
            ponder: true,
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&limits, 10);
        let hard = tm.hard_ms.expect("a clock sets a hard bound");
        // Pondered for longer than the hard bound: no bound applies while pondering, both
        // have passed once the move is played.
        tm.origin = Instant::now()
            .checked_sub(Duration::from_millis(hard + 1))
            .expect("an instant a few seconds back");
        assert!(!tm.soft_expired(1.0) && !tm.hard_expired());
        tm.ponderhit();
        assert!(tm.soft_expired(1.0) && tm.hard_expired());
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
        assert_eq!(score_drop_scale(TB_WIN_BOUND, 0), 1.0);
        assert_eq!(score_drop_scale(0, -TB_WIN_BOUND - 5), 1.0);
    }
}
