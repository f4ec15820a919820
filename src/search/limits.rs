//! What a `go` asks for: any combination of limits, the first one reached ends the search.

use crate::chess::Move;

/// The limits of one search. `None` means "no limit of this kind".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<i32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Start no new iteration after this many nodes (data generation's soft limit; `nodes`
    /// stays the hard one).
    pub soft_nodes: Option<u64>,
    /// Think exactly this long, in milliseconds.
    pub movetime: Option<u64>,
    /// Stop once a mate in at most this many moves is proven.
    pub mate: Option<u32>,
    /// Clock of the side to move, in milliseconds.
    pub time: Option<u64>,
    /// Increment of the side to move, in milliseconds.
    pub increment: u64,
    /// Moves until the next time control, if not sudden death.
    pub moves_to_go: Option<u32>,
    /// The game's move number at the root (the FEN's fullmove number), by which the clock
    /// spends less in the opening; 0 where no game is played (every move gets its full share).
    pub move_number: u32,
    /// Search until told to stop.
    pub infinite: bool,
    /// Searching on the opponent's time: no time bound applies until `ponderhit`.
    pub ponder: bool,
    /// Only these root moves are searched (empty: all).
    pub search_moves: Vec<Move>,
}

impl Limits {
    /// A search limited only by depth (bench, tests).
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Sets the clock of the side to move from the clock fields of a `go` command (`None`:
    /// not given). Any clock field makes the search a timed one: a missing clock of ours
    /// (`go btime 5000` with White to move, `go winc 100` alone) counts as an empty clock, so
    /// the engine moves at once instead of waiting for a `stop` that no match runner sends.
    pub fn set_clock(&mut self, white_to_move: bool, clocks: [Option<u64>; 4]) {
        let [wtime, btime, winc, binc] = clocks;
        let (time, increment) = if white_to_move {
            (wtime, winc)
        } else {
            (btime, binc)
        };
        self.increment = increment.unwrap_or(0);
        self.time = time.or(clocks.iter().any(Option::is_some).then_some(0));
    }

    /// True if nothing but `stop` ends the search (`go infinite`, or `go` alone).
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.soft_nodes.is_none()
            && self.movetime.is_none()
            && self.mate.is_none()
            && self.time.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(white_to_move: bool, clocks: [Option<u64>; 4]) -> Limits {
        let mut limits = Limits::default();
        limits.set_clock(white_to_move, clocks);
        limits
    }

    #[test]
    fn the_side_to_move_takes_its_own_clock() {
        let both = [Some(1000), Some(2000), Some(10), Some(20)];
        assert_eq!(
            (clock(true, both).time, clock(true, both).increment),
            (Some(1000), 10)
        );
        assert_eq!(
            (clock(false, both).time, clock(false, both).increment),
            (Some(2000), 20)
        );
    }

    #[test]
    fn any_clock_field_makes_a_timed_search() {
        // Only the opponent's clock: ours counts as empty.
        let limits = clock(true, [None, Some(5000), None, None]);
        assert_eq!((limits.time, limits.increment), (Some(0), 0));
        assert!(!limits.is_unbounded());
        // An increment alone.
        let limits = clock(true, [None, None, Some(100), None]);
        assert_eq!((limits.time, limits.increment), (Some(0), 100));
        assert!(!limits.is_unbounded());
        // No clock field at all: no clock.
        let limits = clock(false, [None; 4]);
        assert_eq!(limits.time, None);
        assert!(limits.is_unbounded());
    }
}
