//! Perft speed: start position depth 5 and Kiwipete depth 4, single-threaded.

use criterion::{criterion_group, criterion_main, Criterion};
use ferrite::chess::perft::perft;
use ferrite::chess::Position;
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::startpos();
    group.bench_function("startpos depth 5", |b| {
        b.iter(|| perft(black_box(&start), 5))
    });
    let kiwipete = Position::from_fen(KIWIPETE).expect("valid FEN");
    group.bench_function("kiwipete depth 4", |b| {
        b.iter(|| perft(black_box(&kiwipete), 4))
    });
    group.finish();
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
