//! Correction history: how far the static evaluation missed the search result in positions
//! with the same pawn structure, and in positions with the same placement of one side's
//! pieces (knights, bishops, rooks, queens and king), per side to move. The search adds the
//! learned correction to the static evaluation before it prunes on it, so an evaluation that
//! is systematically wrong for one structure (a blockade the evaluation does not understand,
//! say) stops misleading futility and null-move pruning.

use super::params::{CORRECTION_MAX, CORRECTION_SIZE};
use crate::chess::{Color, PieceType, Position};
use crate::eval::EVAL_LIMIT;

/// Corrections are kept in 1/`GRAIN` centipawns so that small updates are not lost.
const GRAIN: i32 = 256;
/// Weights of an update are out of this total.
const WEIGHT_SCALE: i32 = 256;

/// Odd multipliers that spread each piece type's bitboard over the high bits of a key.
const PIECE_MULTIPLIERS: [u64; 5] = [
    0x9E37_79B9_7F4A_7C15,
    0xC2B2_AE3D_27D4_EB4F,
    0x1656_67B1_9E37_79F9,
    0xD6E8_FEB8_6659_FD93,
    0xFF51_AFD7_ED55_8CCD,
];

/// A hash of where `color`'s pieces other than pawns stand.
#[inline]
fn piece_key(pos: &Position, color: Color) -> u64 {
    [
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ]
    .iter()
    .zip(PIECE_MULTIPLIERS)
    .fold(0, |key, (&piece_type, multiplier)| {
        (key ^ pos.pieces(color, piece_type).0.wrapping_mul(multiplier)).rotate_left(7)
    })
}

/// The table slots of `pos`: its pawn structure's, then white's and black's pieces'.
#[inline]
fn slots(pos: &Position) -> [usize; 3] {
    let high = |key: u64| (key >> (64 - CORRECTION_SIZE.trailing_zeros())) as usize;
    [
        (pos.pawn_key() % CORRECTION_SIZE as u64) as usize,
        high(piece_key(pos, Color::White)),
        high(piece_key(pos, Color::Black)),
    ]
}

/// The tables, indexed by side to move, then by kind (pawns, white pieces, black pieces) and
/// key.
pub struct CorrectionHistory {
    table: Box<[[[i32; CORRECTION_SIZE]; 3]; 2]>,
}

impl Default for CorrectionHistory {
    /// Empty tables (no corrections).
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            table: Box::new([[[0; CORRECTION_SIZE]; 3]; 2]),
        }
    }
}

impl CorrectionHistory {
    /// Forgets every correction.
    pub fn reset(&mut self) {
        for table in self.table.iter_mut().flatten() {
            table.fill(0);
        }
    }

    /// `raw`, the static evaluation of `pos`, corrected: half the pawn-structure correction
    /// and a quarter of each side's pieces'. The result stays within [`EVAL_LIMIT`], as the
    /// evaluation itself does.
    #[inline]
    pub fn correct(&self, pos: &Position, raw: i32) -> i32 {
        let tables = &self.table[pos.side_to_move().index()];
        let [pawns, white, black] = slots(pos);
        let sum = 2 * tables[0][pawns] + tables[1][white] + tables[2][black];
        (raw + sum / (4 * GRAIN)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Learns from a search of `pos` to `depth` that scored `score` where the static
    /// evaluation said `raw`; deeper searches weigh more.
    #[inline]
    pub fn update(&mut self, pos: &Position, depth: i32, raw: i32, score: i32) {
        let tables = &mut self.table[pos.side_to_move().index()];
        let weight = (depth + 1).min(16);
        let target = (score - raw) * GRAIN;
        for (table, slot) in tables.iter_mut().zip(slots(pos)) {
            let entry = &mut table[slot];
            let blended = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
            *entry = blended.clamp(-CORRECTION_MAX * GRAIN, CORRECTION_MAX * GRAIN);
        }
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

    #[test]
    fn corrected_evaluations_stay_within_the_limit() {
        let pos = Position::startpos();
        let mut correction = CorrectionHistory::default();
        for _ in 0..1000 {
            correction.update(&pos, 15, 0, 10_000);
        }
        assert_eq!(correction.correct(&pos, EVAL_LIMIT - 1), EVAL_LIMIT);
        for _ in 0..1000 {
            correction.update(&pos, 15, 0, -10_000);
        }
        assert_eq!(correction.correct(&pos, 1 - EVAL_LIMIT), -EVAL_LIMIT);
    }

    #[test]
    fn tables_by_pawns_and_by_each_sides_pieces_weigh_a_half_and_quarters() {
        let pos = Position::startpos();
        let mut correction = CorrectionHistory::default();
        for _ in 0..1000 {
            correction.update(&pos, 15, 0, 10_000);
        }
        // Same pawns and black pieces, a white knight elsewhere: three quarters.
        let moved = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
        let knight = Position::from_fen(moved).expect("valid FEN");
        assert_eq!(correction.correct(&knight, 0), CORRECTION_MAX * 3 / 4);
        // Same pieces, a pawn elsewhere: a half.
        let pushed = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
        let pawn = Position::from_fen(pushed).expect("valid FEN");
        assert_eq!(correction.correct(&pawn, 0), CORRECTION_MAX / 2);
    }
}
