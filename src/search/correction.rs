//! Correction history: how far the static evaluation missed the search result in positions
//! with the same pawn structure, per side to move. The search adds the learned correction
//! to the static evaluation before it prunes on it, so an evaluation that is systematically
//! wrong for one structure (a blockade the evaluation does not understand, say) stops
//! misleading futility and null-move pruning.

use super::params::{CORRECTION_MAX, CORRECTION_SIZE};
use crate::chess::Position;

/// Corrections are kept in 1/`GRAIN` centipawns so that small updates are not lost.
const GRAIN: i32 = 256;
/// Weights of an update are out of this total.
const WEIGHT_SCALE: i32 = 256;

/// The table, indexed by side to move and pawn key.
pub struct CorrectionHistory {
    table: Box<[[i32; CORRECTION_SIZE]; 2]>,
}

impl Default for CorrectionHistory {
    /// An empty table (no corrections).
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            table: Box::new([[0; CORRECTION_SIZE]; 2]),
        }
    }
}

impl CorrectionHistory {
    #[inline]
    fn entry(&self, pos: &Position) -> &i32 {
        let index = (pos.pawn_key() % CORRECTION_SIZE as u64) as usize;
        &self.table[pos.side_to_move().index()][index]
    }

    /// `raw`, the static evaluation of `pos`, corrected.
    #[inline]
    pub fn correct(&self, pos: &Position, raw: i32) -> i32 {
        raw + *self.entry(pos) / GRAIN
    }

    /// Learns from a search of `pos` to `depth` that scored `score` where the static
    /// evaluation said `raw`; deeper searches weigh more.
    #[inline]
    pub fn update(&mut self, pos: &Position, depth: i32, raw: i32, score: i32) {
        let index = (pos.pawn_key() % CORRECTION_SIZE as u64) as usize;
        let entry = &mut self.table[pos.side_to_move().index()][index];
        let weight = (depth + 1).min(16);
        let target = (score - raw) * GRAIN;
        let blended = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        *entry = blended.clamp(-CORRECTION_MAX * GRAIN, CORRECTION_MAX * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_move_towards_the_search_and_stay_bounded() {
        let pos = Position::startpos();
        let mut correction = CorrectionHistory::default();
        assert_eq!(correction.correct(&pos, 10), 10);
        correction.update(&pos, 15, 10, 110);
        let once = correction.correct(&pos, 10);
        assert!(once > 10 && once < 110, "{once}");
        for _ in 0..1000 {
            correction.update(&pos, 15, 0, 10_000);
        }
        assert_eq!(correction.correct(&pos, 0), CORRECTION_MAX);
        // The other side to move has its own entry.
        let black = pos.play(pos.legal_moves().as_slice()[0]);
        assert_eq!(correction.correct(&black, 0), 0);
    }
}
