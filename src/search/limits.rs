//! What a `go` asks for: any combination of limits, the first one reached ends the search.

use crate::chess::Move;

/// The limits of one search. `None` means "no limit of this kind".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<i32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
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
    /// Search until told to stop.
    pub infinite: bool,
    /// Searching on the opponent's time; the clock only starts at `ponderhit`.
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

    /// True if nothing but `stop` ends the search (`go infinite`, or `go` alone).
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.mate.is_none()
            && self.time.is_none()
    }
}
