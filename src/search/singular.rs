//! Singular extensions: is the TT move the only one that holds the TT score? Searched by
//! leaving it out at half depth against a bound a little below that score.

use super::node::{NodeState, NodeType, NonPv};
use super::params::*;
use super::score::score_from_tt;
use super::thread::{Shared, ThreadData};
use super::tt::Bound;
use crate::chess::{Move, Position};

/// What the singular-extension test decided for the TT move.
pub(super) enum Singular {
    /// Only the TT move holds the score: search it one ply deeper.
    Extend,
    /// Only the TT move holds the score, by far: search it two plies deeper.
    DoubleExtend,
    /// Other moves also beat `beta`: the node fails high with this score.
    MultiCut(i32),
    /// The TT move is expected to fail high anyway: search it one ply shallower.
    Reduce,
    /// Nothing learned.
    No,
}

impl ThreadData {
    /// Singular extension test of the TT move `tt_move` of a node below the root: if every
    /// other move fails low, it is singular and is extended (twice off the PV if they fail
    /// far low, a limited number of times per line); if even the others beat `beta`, the
    /// node is cut.
    pub(super) fn singular_extension<N: NodeType>(
        &mut self,
        shared: &Shared,
        pos: &Position,
        tt_move: Move,
        node: &NodeState,
        ply: usize,
        cut_node: bool,
    ) -> Singular {
        let depth = node.depth;
        let Some(entry) = node.tt_entry.filter(|entry| {
            depth >= SE_MIN_DEPTH
                && entry.depth >= depth - SE_TT_DEPTH_MARGIN
                && entry.bound != Bound::Upper
        }) else {
            return Singular::No;
        };
        let tt_score = score_from_tt(entry.score, ply, pos.halfmove_clock());
        if tt_score.abs() >= TB_WIN_BOUND {
            return Singular::No;
        }
        let singular_beta = tt_score - SE_MARGIN_PER_DEPTH.get() * depth;
        self.stack[ply].excluded = Some(tt_move);
        // The same node without its move: a zero-window search, of the node's own
        // expectation (a PV node's is an all node's: it is not expected to fail high).
        let score = self.search::<NonPv>(
            shared,
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            cut_node,
        );
        self.stack[ply].excluded = None;
        if score < singular_beta - SE_DOUBLE_MARGIN.get()
            && !N::PV
            && self.stack[ply].double_extensions < SE_DOUBLE_MAX
        {
            Singular::DoubleExtend
        } else if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= node.beta {
            Singular::MultiCut(singular_beta)
        } else if tt_score >= node.beta {
            Singular::Reduce
        } else {
            Singular::No
        }
    }
}
