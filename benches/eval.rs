//! Evaluation speed with the embedded network over 20 fixed positions (openings, middlegames,
//! endgames) per iteration: from scratch, and the search's way (each position's accumulators
//! updated from its parent's, then the output), on every SIMD kernel the CPU runs; criterion's
//! element throughput is evaluations per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ferrite::chess::Position;
use ferrite::eval::nnue::accumulator::Accumulator;
use ferrite::eval::nnue::embedded;
use ferrite::eval::nnue::simd::Kernel;
use std::hint::black_box;

const FENS: [&str; 20] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR w KQkq - 4 5",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/2RQ1RK1 w - - 0 11",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R4RK1 w - - 0 18",
    "2r2rk1/5ppp/p3p3/1p1n4/3P4/P2B1N2/1P3PPP/2R2RK1 b - - 0 22",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/5pk1/6p1/7p/7P/6P1/5PK1/8 w - - 0 40",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 50",
    "6k1/5p2/6p1/8/3b4/8/5PPP/2B3K1 w - - 0 35",
    "8/3k4/8/2P5/8/8/5K2/8 b - - 0 60",
    "3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
    "8/8/8/3nk3/8/8/3RK3/8 w - - 0 70",
    "1q4k1/5ppp/8/8/8/8/5PPP/1Q4K1 b - - 0 45",
];

fn eval_benches(c: &mut Criterion) {
    let positions: Vec<Position> = FENS
        .iter()
        .map(|fen| Position::from_fen(fen).expect("valid FEN"))
        .collect();
    let net = embedded();
    // Each position, the parent's accumulators and the child after its first legal move.
    let children: Vec<(&Position, Accumulator, Position)> = positions
        .iter()
        .filter_map(|pos| {
            let mv = *pos.legal_moves().iter().next()?;
            Some((pos, Accumulator::refresh(&net, pos), pos.play(mv)))
        })
        .collect();
    let mut group = c.benchmark_group("eval");
    // Every kernel this CPU runs, the engine's own (the fastest) last.
    for kernel in Kernel::available() {
        let net = (*net).clone().with_kernel(kernel);
        let name = kernel.name();
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("{name}: evaluate 20 positions from scratch"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|pos| net.evaluate(black_box(pos)))
                    .fold(0i32, i32::wrapping_add)
            })
        });
        group.throughput(Throughput::Elements(children.len() as u64));
        group.bench_function(format!("{name}: update and evaluate the children"), |b| {
            b.iter(|| {
                children
                    .iter()
                    .map(|(parent, acc, child)| {
                        acc.update(&net, black_box(parent), black_box(child))
                            .evaluate(&net, child)
                    })
                    .fold(0i32, i32::wrapping_add)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, eval_benches);
criterion_main!(benches);
