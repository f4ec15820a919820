//! The kinds of node the search distinguishes at compile time. The root, PV nodes (full
//! window, searched for their exact value) and non-PV nodes (zero window) run the same
//! function, [`ThreadData::search`](super::thread::ThreadData), specialised by the compiler
//! for each kind: a non-PV node carries no PV bookkeeping and no re-search branches, and the
//! root's few differences cost the other nodes nothing. Whether a non-PV node is expected to
//! fail high (a cut node) or low (an all node) alternates from parent to child and is a
//! run-time flag beside the kind, as in Stockfish: it only shifts a reduction. Here too is
//! what a node knows before its moves ([`NodeState`]) and of each move before playing it
//! ([`MoveFacts`]), which the stages of the search hand each other.

use super::tt::TtEntry;
use crate::chess::Move;

/// A kind of node, known at compile time.
pub(super) trait NodeType {
    /// The root of an iteration: its moves are the root moves, searched in their order.
    const ROOT: bool;
    /// A full-window node, on the principal variation.
    const PV: bool;
}

/// The root of an iteration (a PV node).
pub(super) struct Root;

/// A full-window node below the root.
pub(super) struct Pv;

/// A zero-window node.
pub(super) struct NonPv;

impl NodeType for Root {
    const ROOT: bool = true;
    const PV: bool = true;
}

impl NodeType for Pv {
    const ROOT: bool = false;
    const PV: bool = true;
}

impl NodeType for NonPv {
    const ROOT: bool = false;
    const PV: bool = false;
}

/// What a node knows once it has looked for a quick answer, before it tries its moves.
pub(super) struct NodeState {
    /// The depth to search the moves to (less than asked, after an internal reduction).
    pub depth: i32,
    /// The window, narrowed by mate distance and by a table result's bound.
    pub alpha: i32,
    /// See `alpha`.
    pub beta: i32,
    /// The TT entry of the position, if any.
    pub tt_entry: Option<TtEntry>,
    /// The move left out while testing whether the TT move is singular.
    pub excluded: Option<Move>,
    /// The network's evaluation (`None` in check), as stored in the TT.
    pub raw_eval: Option<i32>,
    /// `raw_eval` corrected by the correction histories.
    pub static_eval: Option<i32>,
    /// The static evaluation is better than two plies ago.
    pub improving: bool,
    /// A table result's lower bound at a PV node (`-INFINITE` without one).
    pub tb_floor: i32,
    /// A table result's upper bound at a PV node (`INFINITE` without one).
    pub tb_ceiling: i32,
}

impl NodeState {
    /// The TT entry's move.
    pub fn tt_move(&self) -> Option<Move> {
        self.tt_entry.and_then(|entry| entry.mv)
    }
}

/// What a node's move loop knows of a move before playing it.
#[derive(Clone, Copy)]
pub(super) struct MoveFacts {
    /// The move.
    pub mv: Move,
    /// It gives check.
    pub gives_check: bool,
    /// Its quiet history (0 for a capture or promotion).
    pub quiet_score: i32,
}
