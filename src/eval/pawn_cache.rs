//! The pawn cache: the pawn-structure terms depend on the pawns alone, and a search meets the
//! same few pawn structures over and over, so each search thread keeps them by pawn key
//! instead of working them out at every node.

use super::pawns::{self, PawnTerms};
use crate::chess::{Color, Position};

/// Entries in a cache (a power of two; 72 bytes each).
const ENTRIES: usize = 1 << 13;

/// The terms of one pawn structure for both sides.
#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    key: u64,
    terms: [PawnTerms; Color::COUNT],
}

/// One thread's pawn cache, always replacing: the newest structure wins its slot.
pub struct PawnCache {
    entries: Box<[Entry]>,
}

impl Default for PawnCache {
    /// An empty cache. Its entries have key 0, the pawn key of no pawns, and default terms,
    /// which are the terms of no pawns: they are right as they stand.
    fn default() -> PawnCache {
        PawnCache {
            entries: vec![Entry::default(); ENTRIES].into_boxed_slice(),
        }
    }
}

impl PawnCache {
    /// The pawn terms of `pos` for white and black, from the cache if it has them.
    #[inline]
    pub fn terms(&mut self, pos: &Position) -> [PawnTerms; Color::COUNT] {
        let key = pos.pawn_key();
        let entry = &mut self.entries[key as usize & (ENTRIES - 1)];
        if entry.key != key {
            *entry = Entry {
                key,
                terms: Color::ALL.map(|color| pawns::evaluate(pos, color)),
            };
        }
        entry.terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_terms_are_the_computed_ones() {
        let mut cache = PawnCache::default();
        for fen in [
            "4k3/5ppp/8/8/8/2P5/P1P5/4K3 w - - 0 1",
            "4k2r/8/1P2n3/4P3/7P/P7/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).expect("valid FEN");
            let computed = Color::ALL.map(|color| pawns::evaluate(&pos, color));
            assert_eq!(cache.terms(&pos), computed, "{fen}: first look");
            assert_eq!(cache.terms(&pos), computed, "{fen}: from the cache");
        }
    }
}
