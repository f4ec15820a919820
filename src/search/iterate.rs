//! Iterative deepening of one search thread: each iteration searches every MultiPV line
//! from the root within an aspiration window around the line's last score, widening it
//! when the score falls outside, and after each iteration the main thread reports and asks
//! the clock whether another iteration is worth starting. Helpers start at staggered depths
//! so the threads spread over different parts of the tree.

use super::job::SearchJob;
use super::live::report_lines;
use super::node::Root;
use super::params::{
    ASPIRATION_GROWTH_PERCENT, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, INFINITE, MAX_PLY,
    TB_WIN_BOUND, TM_NODE_SHARE_BASE, TM_NODE_SHARE_FACTOR, TM_STABILITY,
};
use super::report::{Report, ScoreBound};
use super::root_move::RootMove;
use super::score::mate_in;
use super::thread::{Shared, ThreadData};
use super::time::score_drop_scale;
use crate::chess::Position;
use std::sync::atomic::Ordering;

/// Iterative deepening of one thread; only the main thread has a `report` callback.
pub(super) fn iterate(
    td: &mut ThreadData,
    shared: &Shared,
    job: &SearchJob,
    report: Option<&(dyn Fn(&Report) + Sync)>,
) {
    let max_depth = job
        .limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let lines = job.multipv.clamp(1, td.root_moves.len());
    let mut completed: Vec<RootMove> = td.root_moves.clone();
    let mut stable_iterations = 0;
    let mut previous_best: Option<i32> = None;
    let start_depth = 1 + (td.id % 2) as i32;

    for depth in start_depth..=max_depth {
        for root_move in &mut td.root_moves {
            root_move.previous_score = root_move.score;
        }
        for pv_index in 0..lines {
            td.pv_index = pv_index;
            search_line(td, shared, &job.root, depth, lines);
            if td.must_stop(shared) {
                break;
            }
        }
        if td.must_stop(shared) {
            // An interrupted iteration counts once its first root move, the best of the last
            // one, is searched: a move that then beat it was searched in full too. Otherwise,
            // or with several lines to keep in order, it is discarded.
            let done = td.root_moves_done;
            if lines == 1 && done > 0 {
                td.root_moves[..done].sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
                td.result_depth = depth;
            } else {
                td.root_moves = completed;
            }
            return;
        }
        // Keep the MultiPV lines in order of their scores.
        td.root_moves[..lines].sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
        if completed[0].mv == td.root_moves[0].mv {
            stable_iterations += 1;
        } else {
            stable_iterations = 0;
        }
        completed = td.root_moves.clone();
        td.completed_depth = depth;
        td.result_depth = depth;
        shared.nodes[td.id].store(td.nodes, Ordering::Relaxed);

        let Some(report) = report else {
            continue;
        };
        td.reported_nodes = report_lines(td, shared, depth, lines, report);
        td.last_output_ms = shared.time.since_go().as_millis() as u64;
        let best_score = td.root_moves[0].score;
        if let Some(mate) = job.limits.mate {
            if mate_in(best_score).is_some_and(|m| m > 0 && m <= mate as i32) {
                break;
            }
        }
        let scale = soft_limit_scale(td, stable_iterations, previous_best);
        previous_best = Some(best_score);
        if shared.time.soft_expired(scale) {
            break;
        }
        let nodes = shared.total_nodes();
        if shared.node_limit.is_some_and(|limit| nodes >= limit)
            || job.limits.soft_nodes.is_some_and(|limit| nodes >= limit)
        {
            break;
        }
    }
}

/// Iteration `depth` of the MultiPV line `td.pv_index` of `lines`: the root searched in an
/// aspiration window around the line's last score, widened until the score falls inside.
fn search_line(td: &mut ThreadData, shared: &Shared, root: &Position, depth: i32, lines: usize) {
    let previous = td.root_moves[td.pv_index].previous_score;
    let mut window = ASPIRATION_WINDOW.get();
    let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < TB_WIN_BOUND {
        (previous - window, previous + window)
    } else {
        (-INFINITE, INFINITE)
    };
    loop {
        let score = td.search::<Root>(shared, root, depth, alpha, beta, 0, false);
        if td.must_stop(shared) {
            return;
        }
        // Stockfish shows a failed window only with one line: with several, the lines'
        // order is not settled until the iteration ends.
        if lines == 1 && (score <= alpha || score >= beta) {
            let bound = if score <= alpha {
                ScoreBound::Upper
            } else {
                ScoreBound::Lower
            };
            td.report_bound(shared, bound);
        }
        if score <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (score - window).max(-INFINITE);
        } else if score >= beta {
            beta = (score + window).min(INFINITE);
        } else {
            return;
        }
        window += window * ASPIRATION_GROWTH_PERCENT / 100;
    }
}

/// The factor on the clock's soft bound after an iteration. A stable best move needs less
/// time; a changing one gets more. So does a best move that took only a small share of the
/// effort (the others came close), and one whose score fell since `previous_best`.
fn soft_limit_scale(td: &ThreadData, stable_iterations: usize, previous_best: Option<i32>) -> f64 {
    let best = &td.root_moves[0];
    let stability = TM_STABILITY[stable_iterations.min(TM_STABILITY.len() - 1)];
    let drop = previous_best.map_or(1.0, |before| score_drop_scale(before, best.score));
    let best_share = best.nodes as f64 / td.nodes.max(1) as f64;
    let effort = (TM_NODE_SHARE_BASE.hundredths() - best_share) * TM_NODE_SHARE_FACTOR.hundredths();
    stability * effort * drop
}
