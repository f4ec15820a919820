//! Layer 4, the search: iterative deepening with aspiration windows over a PVS alpha-beta
//! ([`alphabeta`]), a shared lockless transposition table ([`tt`]), staged move ordering,
//! SEE, time management and Lazy SMP: `threads` searchers share the table, the main one
//! watches the clock and reports, and the best thread's move is played. Move-ordering and
//! correction histories persist from one search of a game to the next ([`Histories`]). With
//! Syzygy tables, a root in them is ranked by DTZ (by WDL without DTZ files) and a won one
//! converted for sure; the tree is probed otherwise ([`tablebase_root`]). The
//! search knows nothing of UCI text: it hands [`Report`]s to a callback, [`report::Live`]
//! output of a long search to the sink its [`SearchControl`] may hold, and returns a
//! [`SearchResult`].

pub mod alphabeta;
pub mod bench;
pub mod correction;
pub mod displayed_score;
pub mod eval_scale;
pub mod history;
mod iterate;
pub mod job;
pub mod limits;
mod live;
mod make_move;
pub mod mate_threats;
mod node;
pub mod ordering;
pub mod params;
mod pruning;
mod quiescence;
pub mod report;
pub mod rng;
mod root;
pub mod root_move;
pub mod score;
pub mod see;
mod singular;
pub mod strength;
pub mod tablebase_root;
mod tablebase_tree;
pub mod thread;
pub mod time;
pub mod tt;

pub use job::{ScoredMove, SearchJob, SearchResult};
pub use report::Report;
pub use score::mate_in;

use history::History;
use iterate::iterate;
use limits::Limits;
use live::report_lines;
use params::{INFINITE, MATE};
use report::{Live, LiveSink};
use root_move::RootMove;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tablebase_root::progress_first;
use thread::{Shared, ThreadData};
use time::TimeManager;
use tt::TranspositionTable;

/// Stack size of search threads: recursion to `MAX_PLY` with a move picker per frame.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// The stop flag and clock of one search, shared with the UCI reader thread.
pub struct SearchControl {
    /// Raised by `stop`, `quit`, or the search's own limits.
    pub stop: AtomicBool,
    /// Deadlines from `go`, in force once `ponderhit` ends a ponder search.
    pub time: TimeManager,
    /// Where the main thread sends live output (`None`: nowhere). It lives here rather than
    /// beside the report callback because only the front end that owns the running search
    /// shows it; every other caller of the search keeps its signature.
    pub live: Option<LiveSink>,
}

impl SearchControl {
    /// Control for a search under `limits`, keeping `overhead_ms` in reserve.
    pub fn new(limits: &Limits, overhead_ms: u64) -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            time: TimeManager::new(limits, overhead_ms),
            live: None,
        }
    }

    /// The same control, sending live output to `sink`.
    pub fn with_live(self, sink: impl Fn(&Live) + Send + Sync + 'static) -> SearchControl {
        SearchControl {
            live: Some(Box::new(sink)),
            ..self
        }
    }
}

/// Move-ordering memory kept from one search of a game to the next, one per thread.
pub type Histories = Vec<Box<History>>;

/// Runs a search to its limits and returns the best move. Blocks; `report` is called by the
/// main search thread after every completed iteration (one call per MultiPV line).
pub fn search(
    job: &SearchJob,
    tt: &TranspositionTable,
    control: &SearchControl,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult {
    search_afresh(job, tt, &mut Histories::new(), control, report)
}

/// [`search`] in the memory of `histories` (one per thread, created as needed), emptied
/// first: the same search without taking and zeroing 1.6 MB a thread, for programs that
/// search a few thousand nodes a move (self-play).
pub fn search_afresh(
    job: &SearchJob,
    tt: &TranspositionTable,
    histories: &mut Histories,
    control: &SearchControl,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult {
    run_search(job, tt, histories, History::reset, control, report)
}

/// [`search`] that starts from the move-ordering memory of the game's earlier searches in
/// `histories` (aged; one per thread, created as needed) and leaves its own there.
pub fn search_continuing(
    job: &SearchJob,
    tt: &TranspositionTable,
    histories: &mut Histories,
    control: &SearchControl,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult {
    run_search(job, tt, histories, History::age, control, report)
}

/// Makes `histories` hold one history for each of `threads` threads, taking the memory of
/// the new ones now: the engine calls it when `Threads` changes, so that no `go` pays for
/// it on its clock (1.6 MB a thread).
pub fn size_histories(histories: &mut Histories, threads: usize) {
    histories.resize_with(threads.max(1), History::new);
}

/// A search from the histories, leaving its own there; each thread readies its history with
/// `prepare` (emptied or aged) before it searches.
fn run_search(
    job: &SearchJob,
    tt: &TranspositionTable,
    histories: &mut Histories,
    prepare: fn(&mut History),
    control: &SearchControl,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult {
    tt.new_search();
    let mut root_moves = root_moves_of(job);
    if root_moves.is_empty() {
        let score = if job.root.in_check() { -MATE } else { 0 };
        return SearchResult {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
            lines: Vec::new(),
        };
    }

    // A root in the tables keeps only the moves that keep its result; below it, the search
    // needs no probes (Stockfish does the same), unless only WDL files rank a won root.
    let root_ranked = job
        .tablebase
        .as_ref()
        .and_then(|tablebase| tablebase.rank_root(&job.root, &job.game_keys, &mut root_moves));
    let tree_tablebase = job
        .tablebase
        .clone()
        .filter(|_| root_ranked.is_none_or(|ranked| ranked.tree_probes()));

    let threads = job.threads.max(1);
    let shared = Shared {
        tt,
        stop: &control.stop,
        time: &control.time,
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        node_limit: job.limits.nodes,
        thread_node_limit: job.limits.nodes.unwrap_or(u64::MAX),
        tb_hits: AtomicU64::new(root_ranked.map_or(0, |ranked| ranked.probes) as u64),
        live: control.live.as_deref(),
    };
    let selective = job.limits.mate.is_none();
    size_histories(histories, threads);
    // Each thread prepares its own memory, and the main thread starts searching before the
    // helpers have: with more threads than cores it could otherwise spend its clock on them.
    let worker = |id: usize, mut history: Box<History>| {
        prepare(&mut history);
        let net = Arc::clone(&job.net);
        let mut td = ThreadData::new(id, &job.game_keys, root_moves.clone(), history, net);
        td.tablebase = tree_tablebase.clone();
        td.selective = selective;
        td
    };
    let mut unused = Histories::new();
    let mut memories = histories.drain(..);
    let main_history = memories.next().unwrap_or_else(History::new);
    let mut workers = std::thread::scope(|scope| {
        let shared = &shared;
        let worker = &worker;
        let helpers: Vec<_> = memories
            .enumerate()
            .filter_map(|(index, history)| {
                let id = index + 1;
                let spawned = std::thread::Builder::new()
                    .name(format!("search-{id}"))
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        // Started after the search ended (more threads than cores, a short
                        // clock): nothing to search, and its memory stays as it was.
                        if shared.stopped() {
                            return Err(history);
                        }
                        let mut td = worker(id, history);
                        iterate(&mut td, shared, job, None);
                        Ok(td)
                    });
                spawned
                    .map_err(|e| log::warn!("could not start search thread {id}: {e}"))
                    .ok()
            })
            .collect();
        let mut main = worker(0, main_history);
        iterate(&mut main, shared, job, Some(report));
        shared.stop.store(true, Ordering::Relaxed);
        let mut workers = vec![main];
        for helper in helpers {
            match helper.join() {
                Ok(Ok(td)) => workers.push(td),
                Ok(Err(history)) => unused.push(history),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        workers
    });

    let result = conclude(&mut workers, &shared, job, root_ranked.is_some(), report);
    histories.extend(workers.into_iter().map(|td| td.history));
    histories.append(&mut unused);
    result
}

/// The root moves of `job`: its legal moves, or those of them `searchmoves` names.
fn root_moves_of(job: &SearchJob) -> Vec<RootMove> {
    let legal = job.root.legal_moves();
    legal
        .iter()
        .filter(|mv| job.limits.search_moves.is_empty() || job.limits.search_moves.contains(mv))
        .map(|&mv| RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            pv: vec![mv],
            seldepth: 0,
            nodes: 0,
            tb_score: None,
            tb_dtz: None,
        })
        .collect()
}

/// The search's result from its finished threads, with its last report. `ranked`: the
/// tables ranked the root, so a won root is converted for sure.
fn conclude(
    workers: &mut [ThreadData],
    shared: &Shared,
    job: &SearchJob,
    ranked: bool,
    report: &(dyn Fn(&Report) + Sync),
) -> SearchResult {
    for td in workers.iter() {
        shared.nodes[td.id].store(td.nodes, Ordering::Relaxed);
    }
    let chosen = best_thread(workers, job.multipv);
    let converting = ranked && progress_first(&mut workers[chosen].root_moves);
    let chosen = &workers[chosen];
    // The last word on the search: its move and every node searched, unless the main
    // thread's last report already said exactly that.
    if converting || chosen.id != 0 || workers[0].reported_nodes != shared.total_nodes() {
        let lines = if chosen.id == 0 { job.multipv } else { 1 };
        report_lines(chosen, shared, chosen.result_depth, lines, report);
    }
    let best = &chosen.root_moves[0];
    let lines = if chosen.id == 0 { job.multipv } else { 1 };
    SearchResult {
        best: Some(best.mv),
        ponder: best.pv.get(1).copied(),
        score: best.shown_score(),
        depth: chosen.result_depth,
        nodes: shared.total_nodes(),
        lines: chosen.root_moves[..lines.clamp(1, chosen.root_moves.len())]
            .iter()
            .map(|root_move| ScoredMove {
                mv: root_move.mv,
                score: root_move.score,
            })
            .collect(),
    }
}

/// The index in `workers` (the main thread first) of the thread whose move is played: a
/// helper that searched at least the main thread's depth with a better score saw more than
/// the main thread did. With MultiPV the main thread's lines stand, as reported.
fn best_thread(workers: &[ThreadData], multipv: usize) -> usize {
    if multipv > 1 {
        return 0;
    }
    (1..workers.len()).fold(0, |best, index| {
        let (td, best_td) = (&workers[index], &workers[best]);
        let deep_enough = td.result_depth >= best_td.result_depth.max(1);
        if deep_enough && td.root_moves[0].score > best_td.root_moves[0].score {
            index
        } else {
            best
        }
    })
}
