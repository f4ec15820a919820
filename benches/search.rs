//! Search speed: a fixed-depth search with one thread and a fresh 16 MB table from a few
//! positions (opening, middlegame, endgame).

use criterion::{criterion_group, criterion_main, Criterion};
use ferrite::chess::Position;
use ferrite::search::limits::Limits;
use ferrite::search::tt::TranspositionTable;
use ferrite::search::{search, SearchControl, SearchJob};

const POSITIONS: [(&str, &str, i32); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        9,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        8,
    ),
    (
        "rook endgame",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        12,
    ),
];

fn search_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let root = Position::from_fen(fen).expect("valid FEN");
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| {
                let job = SearchJob::new(root, Limits::depth(depth));
                let tt = TranspositionTable::new(16);
                let control = SearchControl::new(&job.limits, 0);
                search(&job, &tt, &control, &|_| {}).nodes
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search_benches);
criterion_main!(benches);
