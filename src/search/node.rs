//! The kinds of node the search distinguishes at compile time. The root, PV nodes (full
//! window, searched for their exact value) and non-PV nodes (zero window) run the same
//! function, [`ThreadData::search`](super::thread::ThreadData), specialised by the compiler
//! for each kind: a non-PV node carries no PV bookkeeping and no re-search branches, and the
//! root's few differences cost the other nodes nothing. Whether a non-PV node is expected to
//! fail high (a cut node) or low (an all node) alternates from parent to child and is a
//! run-time flag beside the kind, as in Stockfish: it only shifts a reduction.

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
