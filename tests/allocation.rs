//! Move generation, making moves and evaluation (from scratch or incremental) must not touch
//! the heap, and the search allocates per iteration (root bookkeeping), never per node: a
//! counting global allocator watches the test's own thread.

use ferrite::chess::perft::perft;
use ferrite::chess::Position;
use ferrite::eval::nnue::accumulator::Accumulator;
use ferrite::eval::nnue::embedded;
use ferrite::search::limits::Limits;
use ferrite::search::tt::TranspositionTable;
use ferrite::search::{search, SearchControl, SearchJob};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct CountingAllocator;

thread_local! {
    static WATCHED: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Allocations made on this thread while `f` runs.
fn allocations_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    WATCHED.with(|w| w.set(true));
    let value = f();
    WATCHED.with(|w| w.set(false));
    (value, ALLOCATIONS.with(Cell::get) - before)
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting has no effect
// on the memory handed out.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if WATCHED.with(Cell::get) {
            ALLOCATIONS.with(|count| count.set(count.get() + 1));
        }
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn movegen_and_make_move_do_not_allocate() {
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("valid FEN");
    let start = Position::startpos();
    let ((nodes, moves), allocations) = allocations_during(|| {
        let nodes = perft(&kiwipete, 3) + perft(&start, 4);
        let moves = kiwipete.noisy_moves().len() + kiwipete.quiet_moves().len();
        let mut child = kiwipete;
        child.make_null_move();
        (nodes, moves)
    });
    assert_eq!(nodes, 97_862 + 197_281);
    assert_eq!(moves, 48);
    assert_eq!(allocations, 0);
    // The counter works: this allocation must be seen.
    let (_, probe) = allocations_during(|| std::hint::black_box(vec![1u8; 16]));
    assert_eq!(probe, 1);
}

#[test]
fn search_allocates_per_iteration_not_per_node() {
    let root =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("valid FEN");
    let job = SearchJob::new(root, Limits::depth(13));
    let tt = TranspositionTable::new(16);
    let control = SearchControl::new(&job.limits, 0);
    let (result, allocations) = allocations_during(|| search(&job, &tt, &control, &|_| {}));
    assert!(result.nodes > 100_000, "only {} nodes", result.nodes);
    // Thread setup and root-move bookkeeping per iteration: a few hundred at most.
    assert!(
        allocations < 1_000,
        "{allocations} allocations for {} nodes",
        result.nodes
    );
}

#[test]
fn evaluation_does_not_allocate() {
    let path = format!("{}/tests/data/perftsuite.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let positions: Vec<Position> = text
        .lines()
        .filter_map(|line| line.split(';').next())
        .filter(|fen| !fen.trim().is_empty())
        .map(|fen| Position::from_fen(fen.trim()).unwrap_or_else(|e| panic!("{fen}: {e}")))
        .collect();
    assert_eq!(positions.len(), 128);
    // Read before counting: the embedded network is parsed, once, on first use.
    let net = embedded();
    let (sum, allocations) = allocations_during(|| {
        let mut sum = 0;
        for pos in &positions {
            // From scratch, and incrementally after every legal move.
            sum += i64::from(std::hint::black_box(net.evaluate(pos)));
            let acc = Accumulator::refresh(&net, pos);
            for &mv in pos.legal_moves().iter() {
                let child = pos.play(mv);
                let eval = acc.update(&net, pos, &child).evaluate(&net, &child);
                sum += i64::from(std::hint::black_box(eval));
            }
        }
        sum
    });
    std::hint::black_box(sum);
    assert_eq!(allocations, 0, "the evaluation allocated");
}
