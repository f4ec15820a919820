//! `bench`: a fixed-depth search of fixed positions with one thread and a table of
//! [`BENCH_HASH_MB`] cleared before each position, so the same binary prints the same node
//! count on every run and every machine. Positions: the Bratko-Kopec test, the
//! chessprogramming-wiki perft positions, openings from the shared opening book, and endgames
//! including a mate and a stalemate trap. Its summary line, `<nodes> nodes <nps> nps`, is
//! [`BenchResult`]'s `Display`, printed by both `ferrite bench` and the UCI `bench`.

use super::limits::Limits;
use super::tablebase_root::TablebaseUse;
use super::tt::TranspositionTable;
use super::{search, SearchControl, SearchJob};
use crate::chess::Position;
use crate::eval::nnue::network::Network;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Default bench depth.
pub const DEFAULT_DEPTH: i32 = 9;

/// The bench's table size in MiB: its own, not the UCI default, so that the node count (which
/// OpenBench compares across commits) changes only when the search does.
pub const BENCH_HASH_MB: usize = 16;

/// The bench positions.
pub const POSITIONS: &[&str] = &[
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - -",
    "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - -",
    "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - -",
    "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq -",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - -",
    "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - -",
    "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - -",
    "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - -",
    "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - -",
    "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - -",
    "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - -",
    "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - -",
    "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - -",
    "rnb2r1k/pp2p2p/2pp2p1/q2P1p2/8/1Pb2NP1/PB2PPBP/R2Q1RK1 w - -",
    "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - -",
    "r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq -",
    "r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - -",
    "r1bq1rk1/pp2ppbp/2np2p1/2n5/P3PP2/N1P2N2/1PB3PP/R1B1QRK1 b - -",
    "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - -",
    "r4k2/pb2bp1r/1p1qp2p/3pNp2/3P1P2/2N3P1/PPP1Q2P/2KRR3 w - -",
    "3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - -",
    "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - -",
    "r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq -",
    "r2qnrnk/p2b2b1/1p1p2pp/2pPpp2/1PP1P3/PRNBB3/3QNPPP/5RK1 w - -",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    "rnbqkb1r/ppp1pp1p/3p1np1/8/1P1P4/4P3/P1P2PPP/RNBQKBNR w KQkq - 0 4",
    "rnbqkb1r/pppp2pp/4pn2/5p2/8/1P3N1P/P1PPPPP1/RNBQKB1R w KQkq - 0 4",
    "rnbqkbnr/ppp2ppp/4p3/3p4/P7/3P2P1/1PP1PP1P/RNBQKBNR w KQkq - 0 4",
    "rnbqk1nr/ppppp2p/6pb/5p2/2P5/P3P3/1P1P1PPP/RNBQKBNR w KQkq - 0 4",
    "rnbqk1nr/1ppppp1p/p5pb/8/P7/3PP3/1PP2PPP/RNBQKBNR w KQkq - 0 4",
    "rnbqkbnr/pp1p1pp1/4p2p/2p5/8/1P2P2N/P1PP1PPP/RNBQKB1R w KQkq - 0 4",
    "rn1qkbnr/ppp1pppp/8/3p4/6b1/2N1PN2/PPPP1PPP/R1BQKB1R w KQkq - 0 4",
    "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1",
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "8/8/1p1k4/1P6/2K5/8/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    "8/8/3k4/8/2B5/8/1N6/4K3 w - - 0 1",
    "2r3k1/pp3ppp/8/3R4/8/8/PP3PPP/6K1 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Nodes and search speed of a bench run.
pub struct BenchResult {
    /// Total nodes over all positions.
    pub nodes: u64,
    /// Nodes per second of searching (the table's clears between positions not counted).
    pub nps: u64,
}

impl fmt::Display for BenchResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} nodes {} nps", self.nodes, self.nps)
    }
}

/// Searches every bench position to `depth` and sums the nodes, evaluating with `net` (the
/// embedded network unless `EvalFile` or `--eval-file` named another) and probing `tablebase`
/// if given (the endgames among the positions then search differently); `progress` is told
/// each position's FEN and node count.
pub fn run(
    depth: i32,
    net: &Arc<Network>,
    tablebase: Option<&TablebaseUse>,
    progress: &mut dyn FnMut(&str, u64),
) -> BenchResult {
    let mut tt = TranspositionTable::new(BENCH_HASH_MB);
    let mut searching = Duration::ZERO;
    let mut nodes = 0;
    for fen in POSITIONS {
        let Ok(root) = Position::from_fen(fen) else {
            continue;
        };
        tt.clear();
        let mut job = SearchJob::new(root, Limits::depth(depth));
        job.net = Arc::clone(net);
        job.tablebase = tablebase.cloned();
        let control = SearchControl::new(&job.limits, 0);
        // Only the searches are timed: nps should measure the search, not the 48 clears of
        // the table (Stockfish's bench leaves its clear out as well).
        let started = Instant::now();
        let result = search(&job, &tt, &control, &|_| {});
        searching += started.elapsed();
        progress(fen, result.nodes);
        nodes += result.nodes;
    }
    let seconds = searching.as_secs_f64().max(1e-3);
    BenchResult {
        nodes,
        nps: (nodes as f64 / seconds) as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_valid() {
        assert_eq!(POSITIONS.len(), 48);
        for fen in POSITIONS {
            assert!(Position::from_fen(fen).is_ok(), "{fen}");
        }
    }

    #[test]
    fn another_network_changes_the_search_and_the_same_network_repeats_it() {
        let other = Arc::new(crate::eval::nnue::network::made_up_network());
        let embedded = run(3, &crate::eval::nnue::embedded(), None, &mut |_, _| {}).nodes;
        let with_other = run(3, &other, None, &mut |_, _| {}).nodes;
        assert_ne!(with_other, embedded);
        assert_eq!(run(3, &other, None, &mut |_, _| {}).nodes, with_other);
    }

    #[test]
    fn the_summary_line_is_nodes_then_nps() {
        let result = BenchResult {
            nodes: 455_524,
            nps: 1_000_000,
        };
        assert_eq!(result.to_string(), "455524 nodes 1000000 nps");
    }
}
