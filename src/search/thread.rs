//! One search thread's state: its position stack of keys, histories, per-ply frames, PV
//! table, root moves and counters. Allocated once per search, never per node.

use super::history::History;
use super::mate_threats::MateThreats;
use super::params::{LMR_BASE, LMR_DIVISOR, LMR_HISTORY_DIVISOR, MAX_PLY, PLY};
use super::report::LiveFn;
use super::root_move::RootMove;
use super::tablebase_root::TablebaseUse;
use super::time::TimeManager;
use super::tt::TranspositionTable;
use crate::chess::{Bitboard, Move, Piece};
use crate::eval::nnue::accumulator_stack::AccumulatorStack;
use crate::eval::nnue::network::Network;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// What the search remembers about one ply of the current line.
#[derive(Copy, Clone, Default)]
pub struct Frame {
    /// Static evaluation at this ply (`None` in check).
    pub static_eval: Option<i32>,
    /// The move played from this ply and the piece that made it (`None`: a null move).
    pub played: Option<(Piece, Move)>,
    /// The move left out while testing whether the TT move is singular.
    pub excluded: Option<Move>,
    /// Double extensions on the line from the root to this ply.
    pub double_extensions: i32,
    /// Index in the thread's `keys` of the first position after the last null move on the
    /// line to this ply (0 without one): a repetition scan stops there.
    pub null_barrier: usize,
    /// The late-move reduction of the move being searched from this ply (0 once its
    /// reduced search is over).
    pub reduction: i32,
    /// The squares the side not to move attacks at this ply (quiet history's threats), set
    /// when the node's moves are searched.
    pub threats: Bitboard,
}

/// Everything shared by the threads of one search.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// Raised to end the search.
    pub stop: &'a AtomicBool,
    /// Deadlines.
    pub time: &'a TimeManager,
    /// Nodes searched by each thread.
    pub nodes: Vec<AtomicU64>,
    /// Node limit of `go nodes`.
    pub node_limit: Option<u64>,
    /// Nodes after which one thread alone stops the search: the node limit, or `u64::MAX`.
    pub thread_node_limit: u64,
    /// Tablebase probes that found their position, by all threads.
    pub tb_hits: AtomicU64,
    /// Where the main thread sends live output, if anywhere.
    pub live: Option<&'a LiveFn>,
}

impl Shared<'_> {
    /// Total nodes of all threads.
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    /// True once the search must end.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The state of one search thread.
pub struct ThreadData {
    /// Index of this thread; 0 is the main thread, which watches the clock and reports.
    pub id: usize,
    /// Keys of the game so far and of the current line, for repetition detection.
    pub keys: Vec<u64>,
    /// Index in `keys` of the root position.
    pub root_index: usize,
    /// Move-ordering memory.
    pub history: Box<History>,
    /// Answers about mate threats, by position.
    pub mate_threats: MateThreats,
    /// Per-ply frames.
    pub stack: Box<[Frame; MAX_PLY + 4]>,
    /// Triangular PV table: `pv[ply]` is the best line found from `ply`.
    pub pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    /// Length of each `pv[ply]` line.
    pub pv_len: [usize; MAX_PLY + 1],
    /// Reductions by (depth, move number), both capped at 63, in `PLY`ths of a ply.
    pub lmr: Box<[[i32; 64]; 64]>,
    /// Root moves, best first after each iteration.
    pub root_moves: Vec<RootMove>,
    /// Index of the root move whose line is being searched for MultiPV.
    pub pv_index: usize,
    /// Root moves fully searched by the current iteration's search of the root.
    pub root_moves_done: usize,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: i32,
    /// Depth of the last completed iteration.
    pub completed_depth: i32,
    /// Depth of the iteration whose results `root_moves` holds: `completed_depth`, or the
    /// next one if it was stopped after its first root move.
    pub result_depth: i32,
    /// Nodes of all threads in the last line this thread reported.
    pub reported_nodes: u64,
    /// Depth of the running iteration.
    pub root_depth: i32,
    /// Milliseconds after `go` of this thread's last output line, live or final.
    pub last_output_ms: u64,
    /// The evaluation network.
    pub net: Arc<Network>,
    /// Syzygy tables to probe inside the tree (`None`: no tables, or the root is in them).
    pub tablebase: Option<TablebaseUse>,
    /// The network's accumulators of the current line, by ply.
    pub accumulators: AccumulatorStack,
    /// Forward pruning and reductions are on. `go mate` turns them off: a mate search must
    /// not miss a quiet sacrifice or a zugzwang, and full-width alpha-beta cannot.
    pub selective: bool,
}

impl ThreadData {
    /// A thread for a search from a position whose game history has `keys` (root last),
    /// ordering moves with `history` and evaluating with `net`.
    pub fn new(
        id: usize,
        keys: &[u64],
        root_moves: Vec<RootMove>,
        history: Box<History>,
        net: Arc<Network>,
    ) -> ThreadData {
        let mut stack_keys = Vec::with_capacity(keys.len() + MAX_PLY + 8);
        stack_keys.extend_from_slice(keys);
        // A search can be a few milliseconds (self-play): 64 logarithms, not 8,192.
        let ln: [f64; 64] = std::array::from_fn(|n| (n as f64).ln());
        let mut lmr = Box::new([[0; 64]; 64]);
        for (depth, row) in lmr.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = ((LMR_BASE.hundredths() + ln[depth] * ln[moves] / LMR_DIVISOR.hundredths())
                    * f64::from(PLY))
                .round() as i32;
            }
        }
        ThreadData {
            id,
            root_index: keys.len().saturating_sub(1),
            keys: stack_keys,
            history,
            mate_threats: MateThreats::new(),
            stack: Box::new([Frame::default(); MAX_PLY + 4]),
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            lmr,
            root_moves,
            pv_index: 0,
            root_moves_done: 0,
            nodes: 0,
            seldepth: 0,
            completed_depth: 0,
            net,
            tablebase: None,
            accumulators: AccumulatorStack::new(MAX_PLY + 4),
            result_depth: 0,
            reported_nodes: 0,
            root_depth: 0,
            last_output_ms: 0,
            selective: true,
        }
    }

    /// The reduction for a move at `depth` that is the `moves`-th tried, in `PLY`ths of a
    /// ply: the terms that adjust it add up before it is rounded down to whole plies.
    #[inline]
    pub fn reduction(&self, depth: i32, moves: usize) -> i32 {
        self.lmr[depth.clamp(0, 63) as usize][moves.min(63)]
    }

    /// [`reduction`](Self::reduction) less what the move's quiet history earns it, a ply
    /// for each `LMR_HISTORY_DIVISOR` (0 for a capture or promotion, which has none).
    #[inline]
    pub fn reduction_after_history(&self, depth: i32, moves: usize, quiet_score: i32) -> i32 {
        self.reduction(depth, moves) - quiet_score * PLY / LMR_HISTORY_DIVISOR.get()
    }

    /// Sets `pv[ply]` to `mv` followed by the child's line.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        self.pv[ply][0] = Some(mv);
        for i in 0..child_len.min(MAX_PLY - ply) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = 1 + child_len.min(MAX_PLY - ply);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_are_kept_in_fractions_of_a_ply() {
        let td = ThreadData::new(
            0,
            &[0],
            Vec::new(),
            History::new(),
            crate::eval::nnue::embedded(),
        );
        // 0.81 + ln 10 × ln 10 / 2.22 = 3.198 plies.
        assert_eq!(td.reduction(10, 10), 3275);
        assert_eq!(td.reduction(10, 10).div_euclid(PLY), 3);
        // The first move at depth 1: the base alone, 0.81 plies, which rounds down to none.
        assert_eq!(td.reduction(1, 1), 829);
        assert_eq!(td.reduction(1, 1).div_euclid(PLY), 0);
        // Half a ply of history (6,037 of 12,074) takes 3.198 plies to 2.698, and so to 2:
        // in whole plies it would have counted for nothing.
        assert_eq!(td.reduction_after_history(10, 10, 6037), 3275 - 512);
        assert_eq!(td.reduction_after_history(10, 10, 6037).div_euclid(PLY), 2);
        assert_eq!(td.reduction_after_history(10, 10, -6037).div_euclid(PLY), 3);
        // Depths and move numbers beyond the table share its last entries.
        assert_eq!(td.reduction(80, 200), td.reduction(63, 63));
    }
}
