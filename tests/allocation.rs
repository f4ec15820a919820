//! Move generation and making moves must not touch the heap: a counting global allocator
//! watches this thread while perft (which only generates, counts and plays moves) runs.

use ferrite::chess::perft::perft;
use ferrite::chess::Position;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct CountingAllocator;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting has no effect
// on the memory handed out.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if WATCHED.with(Cell::get) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
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
    WATCHED.with(|w| w.set(true));
    let nodes = perft(&kiwipete, 3) + perft(&start, 4);
    let noisy = kiwipete.noisy_moves().len() + kiwipete.quiet_moves().len();
    let mut child = kiwipete;
    child.make_null_move();
    WATCHED.with(|w| w.set(false));
    assert_eq!(nodes, 97_862 + 197_281);
    assert_eq!(noisy, 48);
    // A sanity check that the counter works at all: this allocation must be seen.
    WATCHED.with(|w| w.set(true));
    let probe = std::hint::black_box(vec![1u8; 16]);
    WATCHED.with(|w| w.set(false));
    drop(probe);
    assert_eq!(ALLOCATIONS.load(Ordering::Relaxed), 1);
}
