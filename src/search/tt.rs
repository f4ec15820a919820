//! The transposition table: one table shared by all search threads, without locks.
//!
//! Each entry is two `AtomicU64`s: the packed data, and the position key XOR the data. A
//! reader accepts an entry only if `stored_key ^ data == key`, so an entry torn by two
//! threads writing at once is never used (it reads as a miss). Entries sit in buckets of four
//! (one 64-byte cache line); a new entry replaces the one least worth keeping, judged by
//! depth and by how many searches ago it was written.

use super::params::{TT_AGE_WEIGHT, TT_KEEP_DEPTH_MARGIN};
use crate::chess::Move;
use std::collections::TryReserveError;
#[cfg(target_os = "linux")]
use std::ffi::{c_int, c_void};
use std::fmt;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score means relative to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true value is at least the score (a fail high).
    Lower,
    /// The true value is at most the score (a fail low).
    Upper,
}

/// A decoded table entry.
#[derive(Copy, Clone, Debug)]
pub struct TtEntry {
    /// Best or refuting move, if one was found.
    pub mv: Option<Move>,
    /// Score, relative to the node that stored it (mate distances from that node).
    pub score: i32,
    /// Static evaluation of the position.
    pub eval: i32,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// How `score` bounds the true value.
    pub bound: Bound,
}

// Data layout (64 bits):
//
//  63    56 55  54 53    48 47          32 31          16 15           0
//  | depth | bound | age   |     eval     |    score     |     move     |
const AGE_BITS: u8 = 6;
const AGE_MASK: u8 = (1 << AGE_BITS) - 1;

fn pack(entry: &TtEntry, age: u8) -> u64 {
    let mv = entry.mv.map_or(0, Move::bits) as u64;
    let score = entry.score as i16 as u16 as u64;
    let eval = entry.eval as i16 as u16 as u64;
    let bound = match entry.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let depth = entry.depth.clamp(0, 255) as u64;
    mv | score << 16 | eval << 32 | u64::from(age & AGE_MASK) << 48 | bound << 54 | depth << 56
}

fn unpack(data: u64) -> Option<TtEntry> {
    let bound = match data >> 54 & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(TtEntry {
        mv: Move::from_bits(data as u16),
        score: i32::from(data.wrapping_shr(16) as u16 as i16),
        eval: i32::from((data >> 32) as u16 as i16),
        depth: (data >> 56) as i32,
        bound,
    })
}

fn age_of(data: u64) -> u8 {
    (data >> 48) as u8 & AGE_MASK
}

#[derive(Default)]
struct Slot {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

const BUCKET_SLOTS: usize = 4;

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; BUCKET_SLOTS],
}

/// Asks Linux to back the untouched `memory` with 2 MiB pages where a whole one fits. Probes
/// land at random all over the table, and with 4 KiB pages nearly every one also misses the
/// TLB (Stockfish asks the same). Elsewhere, or with transparent huge pages off, nothing
/// changes.
fn advise_huge_pages<T>(memory: &mut [MaybeUninit<T>]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE_PAGE: usize = 2 << 20;
        const MADV_HUGEPAGE: c_int = 14;
        extern "C" {
            fn madvise(addr: *mut c_void, length: usize, advice: c_int) -> c_int;
        }
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let first = start.next_multiple_of(HUGE_PAGE);
        let last = end / HUGE_PAGE * HUGE_PAGE;
        if last > first {
            // SAFETY: [first, last) lies inside `memory`, which we hold exclusively, and
            // starts on a page boundary as `madvise` requires. MADV_HUGEPAGE changes how the
            // kernel backs the pages, never what they hold; a refusal (an old kernel,
            // transparent huge pages off) is harmless, so the result is not needed.
            unsafe { madvise(first as *mut c_void, last - first, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

/// The `Hash` a GUI gets unless it sets one, in MiB; `bench` searches with it too, so that
/// its node count is that of the engine as shipped.
pub const DEFAULT_HASH_MB: usize = 16;

/// Why a table of the size asked for could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HashAllocError {
    /// Larger than the machine's memory, refused before asking for it: a table that can
    /// never be resident is useless, and Linux with overcommit on would grant it and kill the
    /// engine while writing it.
    OverMemory {
        /// The size asked for, in MiB.
        megabytes: usize,
        /// The machine's memory, in MiB.
        memory_mb: u64,
    },
    /// The allocator refused.
    Refused {
        /// The size asked for, in MiB.
        megabytes: usize,
        /// Its reason.
        source: TryReserveError,
    },
}

impl fmt::Display for HashAllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashAllocError::OverMemory {
                megabytes,
                memory_mb,
            } => write!(
                f,
                "cannot allocate a hash table of {megabytes} MiB: the machine has {memory_mb} \
                 MiB of memory"
            ),
            HashAllocError::Refused { megabytes, source } => {
                write!(
                    f,
                    "cannot allocate a hash table of {megabytes} MiB: {source}"
                )
            }
        }
    }
}

impl std::error::Error for HashAllocError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HashAllocError::OverMemory { .. } => None,
            HashAllocError::Refused { source, .. } => Some(source),
        }
    }
}

/// The machine's memory in bytes, where the system tells (Linux's `MemTotal`).
fn physical_memory() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let info = std::fs::read_to_string("/proc/meminfo").ok()?;
        let total = info
            .lines()
            .find_map(|line| line.strip_prefix("MemTotal:"))?;
        let kib: u64 = total.trim().strip_suffix("kB")?.trim().parse().ok()?;
        Some(kib.saturating_mul(1024))
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// Buckets in a table of about `megabytes` MiB (at least one).
fn bucket_count(megabytes: usize) -> usize {
    (megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>()).max(1)
}

/// Room for a table of about `megabytes` MiB, reserved but not yet written, so that no page
/// of it is in memory yet; `memory` is the machine's memory in bytes, when known.
fn reserve(megabytes: usize, memory: Option<u64>) -> Result<Vec<Bucket>, HashAllocError> {
    let bytes = megabytes.saturating_mul(1 << 20) as u64;
    if let Some(memory) = memory.filter(|&memory| bytes > memory) {
        return Err(HashAllocError::OverMemory {
            megabytes,
            memory_mb: memory >> 20,
        });
    }
    let mut buckets = Vec::new();
    buckets
        .try_reserve_exact(bucket_count(megabytes))
        .map_err(|source| HashAllocError::Refused { megabytes, source })?;
    Ok(buckets)
}

/// The reserved `buckets` filled with `count` empty buckets.
fn fill(mut buckets: Vec<Bucket>, count: usize) -> Vec<Bucket> {
    // Before the first write: pages the kernel has already mapped stay small.
    advise_huge_pages(buckets.spare_capacity_mut());
    buckets.resize_with(count, Bucket::default);
    buckets
}

/// The shared transposition table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB, for the sizes the engine picks itself (`bench`, the
    /// start checks of data generation, tests): they fit in memory as surely as any other
    /// allocation. A size from outside goes through [`TranspositionTable::try_new`].
    pub fn new(megabytes: usize) -> TranspositionTable {
        Self::try_new(megabytes).expect("invariant: the engine's own table sizes fit in memory")
    }

    /// A table of about `megabytes` MiB, or why the machine cannot provide one (a GUI may
    /// ask for terabytes).
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, HashAllocError> {
        let buckets = reserve(megabytes, physical_memory())?;
        Ok(TranspositionTable {
            buckets: fill(buckets, bucket_count(megabytes)),
            age: AtomicU8::new(0),
        })
    }

    /// Replaces the table by an empty one of about `megabytes` MiB. When the machine cannot
    /// provide that, the table stays as it was, entries and all.
    pub fn resize(&mut self, megabytes: usize) -> Result<(), HashAllocError> {
        let buckets = reserve(megabytes, physical_memory())?;
        // The old table goes before the new one is written, so the two are never in memory
        // together (only the new one's reservation is).
        self.buckets = Vec::new();
        self.buckets = fill(buckets, bucket_count(megabytes));
        *self.age.get_mut() = 0;
        Ok(())
    }

    /// Empties every entry (new game, `Clear Hash`).
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so older entries give way first.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed).wrapping_add(1) & AGE_MASK;
        self.age.store(age, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the bucket count without a division.
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Starts loading the bucket of `key` into the cache, so that the probe a node makes
    /// soon after finds it there (TT probes are the largest item of the search profile,
    /// nearly all of it waiting for memory).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of the x86_64 baseline, and a prefetch is only a hint: it
            // never faults and reads nothing into the program (the pointer is valid anyway).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        self.bucket(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let stored = slot.key_xor_data.load(Ordering::Relaxed);
            if stored ^ data == key {
                unpack(data)
            } else {
                None
            }
        })
    }

    /// Stores an entry for `key`. An existing entry for the same key keeps its move when the
    /// new one has none.
    pub fn store(&self, key: u64, mut entry: TtEntry) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let stored = slot.key_xor_data.load(Ordering::Relaxed);
            if stored ^ data == key {
                if let Some(old) = unpack(data) {
                    // Keep a deeper exact result for this position unless ours is exact too.
                    if old.depth > entry.depth + TT_KEEP_DEPTH_MARGIN && entry.bound != Bound::Exact
                    {
                        return;
                    }
                    if entry.mv.is_none() {
                        entry.mv = old.mv;
                    }
                }
                victim = slot;
                break;
            }
            let age_gap = i32::from(age.wrapping_sub(age_of(data)) & AGE_MASK);
            let worth = if data == 0 {
                i32::MIN
            } else {
                (data >> 56) as i32 - TT_AGE_WEIGHT * age_gap
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        let data = pack(&entry, age);
        victim.data.store(data, Ordering::Relaxed);
        victim.key_xor_data.store(key ^ data, Ordering::Relaxed);
    }

    /// Per-mille of sampled entries written in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for bucket in &self.buckets[..sample] {
            for slot in &bucket.slots {
                let data = slot.data.load(Ordering::Relaxed);
                if data != 0 && age_of(data) == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * BUCKET_SLOTS).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{MoveFlag, Square};

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, MoveFlag::DoublePush);
        let entry = TtEntry {
            mv: Some(mv),
            score: -31_000,
            eval: 25,
            depth: 12,
            bound: Bound::Lower,
        };
        tt.store(0xDEAD_BEEF, entry);
        let got = tt.probe(0xDEAD_BEEF).expect("stored entry");
        assert_eq!(got.mv, Some(mv));
        assert_eq!((got.score, got.eval, got.depth), (-31_000, 25, 12));
        assert_eq!(got.bound, Bound::Lower);
        assert!(tt.probe(0xDEAD_BEEE).is_none());
    }

    #[test]
    fn torn_entries_read_as_misses() {
        let tt = TranspositionTable::new(1);
        let entry = TtEntry {
            mv: None,
            score: 5,
            eval: 5,
            depth: 3,
            bound: Bound::Exact,
        };
        tt.store(42, entry);
        let slot = &tt.bucket(42).slots[0];
        // Another thread's data lands without its key: the check must reject it.
        slot.data
            .store(pack(&TtEntry { depth: 9, ..entry }, 0), Ordering::Relaxed);
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn a_table_on_huge_pages_starts_empty_and_keeps_every_entry() {
        // 8 MiB: at least three whole 2 MiB pages lie inside, wherever the allocation starts.
        let tt = TranspositionTable::try_new(8).expect("8 MiB fits");
        let buckets = tt.buckets.len() as u64;
        assert_eq!(buckets, 8 << 20 >> 6);
        let entry = |index: u64| TtEntry {
            mv: None,
            score: (index % 1000) as i32,
            eval: 0,
            depth: 1,
            bound: Bound::Exact,
        };
        // One key for every bucket: the multiply-shift index of `bucket << 64 / buckets`.
        let key = |bucket: u64| ((u128::from(bucket) << 64) / u128::from(buckets)) as u64 + 1;
        assert!((0..buckets).all(|bucket| tt.probe(key(bucket)).is_none()));
        for bucket in 0..buckets {
            tt.store(key(bucket), entry(bucket));
        }
        for bucket in 0..buckets {
            let got = tt.probe(key(bucket)).expect("stored entry");
            assert_eq!(got.score, (bucket % 1000) as i32);
        }
    }

    #[test]
    fn a_table_larger_than_memory_is_refused_before_any_allocation() {
        assert_eq!(
            reserve(4, Some(3 << 20)).map(|buckets| buckets.capacity()),
            Err(HashAllocError::OverMemory {
                megabytes: 4,
                memory_mb: 3
            })
        );
        assert!(reserve(4, Some(4 << 20)).is_ok());
    }

    #[test]
    fn an_impossible_table_is_an_error_and_a_failed_resize_keeps_the_table() {
        // usize::MAX MiB overflows the capacity a Vec may have, so the allocator is never
        // asked: the refusal costs no memory whatever the machine.
        let refused = reserve(usize::MAX, None).map(|buckets| buckets.capacity());
        assert!(
            matches!(refused, Err(HashAllocError::Refused { .. })),
            "{refused:?}"
        );
        assert!(TranspositionTable::try_new(usize::MAX).is_err());

        let mut tt = TranspositionTable::new(1);
        let entry = TtEntry {
            mv: None,
            score: 7,
            eval: 7,
            depth: 4,
            bound: Bound::Exact,
        };
        tt.store(99, entry);
        let error = tt.resize(usize::MAX).expect_err("no such table");
        assert!(
            error.to_string().starts_with(&format!(
                "cannot allocate a hash table of {} MiB: ",
                usize::MAX
            )),
            "{error}"
        );
        assert_eq!(tt.buckets.len(), bucket_count(1));
        assert_eq!(tt.probe(99).map(|got| got.score), Some(7));

        tt.resize(2).expect("2 MiB fits");
        assert_eq!(tt.buckets.len(), bucket_count(2));
        assert!(tt.probe(99).is_none());
    }
}
