//! `evaluate` runs at every node of the search and must not touch the heap: a counting global
//! allocator watches this thread while it evaluates every fixture position.

use ferrite::chess::Position;
use ferrite::eval::evaluate;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct CountingAllocator;

thread_local! {
    static WATCHED: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting has no effect
// on the memory handed out.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if WATCHED.with(Cell::get) {
            ALLOCATIONS.with(|n| n.set(n.get() + 1));
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
fn evaluate_does_not_allocate() {
    let path = format!("{}/tests/data/perftsuite.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let positions: Vec<Position> = text
        .lines()
        .filter_map(|line| line.split(';').next())
        .filter(|fen| !fen.trim().is_empty())
        .map(|fen| Position::from_fen(fen.trim()).unwrap_or_else(|e| panic!("{fen}: {e}")))
        .collect();
    assert_eq!(positions.len(), 128);

    WATCHED.with(|w| w.set(true));
    let sum = positions
        .iter()
        .map(|pos| std::hint::black_box(evaluate(pos)))
        .fold(0i64, |acc, v| acc + i64::from(v));
    WATCHED.with(|w| w.set(false));
    assert_eq!(ALLOCATIONS.with(Cell::get), 0, "evaluate allocated");
    std::hint::black_box(sum);

    // The counter works at all: this allocation must be seen.
    WATCHED.with(|w| w.set(true));
    let probe = std::hint::black_box(vec![1u8; 16]);
    WATCHED.with(|w| w.set(false));
    drop(probe);
    assert_eq!(ALLOCATIONS.with(Cell::get), 1);
}
