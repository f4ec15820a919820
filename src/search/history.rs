//! Move-ordering memory of one search thread: quiet-move history (from-to, per side),
//! continuation history (a quiet move's piece and target after the previous move's piece and
//! target, used one and two plies back), capture history (piece, target, captured type), all
//! with gravity; two killer moves per ply and a counter-move per previous move.

use super::correction::CorrectionHistory;
use super::params::{HISTORY_MAX, MAX_PLY};
use crate::chess::{Color, Move, Piece, Position, Square};

/// A move as continuation history sees it, the piece that moved and where it went, as the
/// index of its table; or no move (the root's plies, a null move), whose table is all zeros
/// and never written. Scoring then reads both tables without asking whether they exist.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ContinuationKey(u16);

impl ContinuationKey {
    /// No earlier move.
    pub const NONE: ContinuationKey = ContinuationKey(CONTINUATION_TABLES as u16 - 1);

    /// The move of `piece` to `target`.
    pub fn new(piece: Piece, target: Square) -> ContinuationKey {
        ContinuationKey((piece.index() * 64 + target.index()) as u16)
    }
}

/// The moves one and two plies before a node, as keys into continuation history.
pub type Continuation = [ContinuationKey; 2];

/// A table for each piece and target, and the empty one of `ContinuationKey::NONE`.
const CONTINUATION_TABLES: usize = 12 * 64 + 1;

/// One continuation table: scores of (piece, target) after a given (piece, target).
type ContinuationTable = [[i16; 64]; 12];

/// Histories, killers and counter-moves, and the thread's evaluation corrections (about
/// 1.6 MB, on the heap).
pub struct History {
    quiet: Box<[[[i16; 64]; 64]; 2]>,
    capture: Box<[[[i16; 6]; 64]; 12]>,
    /// Indexed by the earlier move's `ContinuationKey`.
    continuation: Box<[ContinuationTable]>,
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    counters: [[Option<Move>; 64]; 12],
    /// Static-evaluation corrections by pawn structure and piece placement (kept with the
    /// histories so that they live as long as they do).
    pub correction: CorrectionHistory,
}

/// Applies a bonus (positive) or malus with gravity: values stay within `HISTORY_MAX` and a
/// surprising result moves an entry further than an expected one.
#[inline]
fn apply(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let value = i32::from(*entry);
    *entry = (value + bonus - value * bonus.abs() / HISTORY_MAX) as i16;
}

/// Halves every entry. Loops over rows of fixed length, unlike flattened iterators, compile
/// to vector code: aging a megabyte of entries one at a time took 9% of data generation's
/// searches of a few thousand nodes.
fn halve<const N: usize>(rows: &mut [[i16; N]]) {
    for row in rows {
        for entry in row.iter_mut() {
            *entry /= 2;
        }
    }
}

impl History {
    /// Empty tables.
    pub fn new() -> Box<History> {
        Box::new(History {
            quiet: Box::new([[[0; 64]; 64]; 2]),
            capture: Box::new([[[0; 6]; 64]; 12]),
            continuation: vec![[[0; 64]; 12]; CONTINUATION_TABLES].into_boxed_slice(),
            killers: [[None; 2]; MAX_PLY + 2],
            counters: [[None; 64]; 12],
            correction: CorrectionHistory::default(),
        })
    }

    /// Prepares for a new search of the same game: killers belong to the old root's plies,
    /// the statistics stay (halved, so the new position's evidence soon outweighs them).
    pub fn age(&mut self) {
        for rows in self.quiet.iter_mut() {
            halve(rows);
        }
        for rows in self.capture.iter_mut() {
            halve(rows);
        }
        for rows in self.continuation.iter_mut() {
            halve(rows);
        }
        self.killers = [[None; 2]; MAX_PLY + 2];
    }

    /// Score of quiet `mv` by `piece` for `color` after the moves in `cont`: butterfly plus
    /// both continuation histories.
    #[inline]
    pub fn quiet_score(&self, color: Color, piece: Piece, mv: Move, cont: &Continuation) -> i32 {
        let mut score = i32::from(self.quiet[color.index()][mv.from().index()][mv.to().index()]);
        for key in cont {
            let table = &self.continuation[usize::from(key.0)];
            score += i32::from(table[piece.index()][mv.to().index()]);
        }
        score
    }

    /// Rewards (positive `bonus`) or punishes quiet `mv` by `piece` in every table.
    #[inline]
    pub fn update_quiet(
        &mut self,
        color: Color,
        piece: Piece,
        mv: Move,
        cont: &Continuation,
        bonus: i32,
    ) {
        apply(
            &mut self.quiet[color.index()][mv.from().index()][mv.to().index()],
            bonus,
        );
        for &key in cont {
            if key != ContinuationKey::NONE {
                let table = &mut self.continuation[usize::from(key.0)];
                apply(&mut table[piece.index()][mv.to().index()], bonus);
            }
        }
    }

    /// Score of noisy move `mv` in `pos` (before it is played).
    #[inline]
    pub fn capture_score(&self, pos: &Position, mv: Move) -> i32 {
        match capture_index(pos, mv) {
            Some((piece, target, victim)) => i32::from(self.capture[piece][target][victim]),
            None => 0,
        }
    }

    /// Rewards or punishes noisy move `mv` in `pos`.
    #[inline]
    pub fn update_capture(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let Some((piece, target, victim)) = capture_index(pos, mv) {
            apply(&mut self.capture[piece][target][victim], bonus);
        }
    }

    /// The killer moves of `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY + 1)]
    }

    /// Records a quiet move that caused a cutoff at `ply`.
    #[inline]
    pub fn add_killer(&mut self, ply: usize, mv: Move) {
        let slot = &mut self.killers[ply.min(MAX_PLY + 1)];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// Clears the killers of `ply` (before searching its children).
    #[inline]
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply.min(MAX_PLY + 1)] = [None; 2];
    }

    /// The counter-move to a previous move made by `piece` to `to`.
    #[inline]
    pub fn counter(&self, previous: Option<(Piece, Move)>) -> Option<Move> {
        previous.and_then(|(piece, mv)| self.counters[piece.index()][mv.to().index()])
    }

    /// Records `reply` as the counter to the previous move.
    #[inline]
    pub fn set_counter(&mut self, previous: Option<(Piece, Move)>, reply: Move) {
        if let Some((piece, mv)) = previous {
            self.counters[piece.index()][mv.to().index()] = Some(reply);
        }
    }
}

/// Capture-history indices of a noisy move: moving piece, target, captured type (a pawn for
/// a promotion without capture, which then shares the slot of a pawn capture there: rare).
#[inline]
fn capture_index(pos: &Position, mv: Move) -> Option<(usize, usize, usize)> {
    let piece = pos.piece_at(mv.from())?;
    let victim = pos
        .captured_piece(mv)
        .map_or(0, |captured| captured.piece_type().index());
    Some((piece.index(), mv.to().index(), victim))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::PieceType;

    #[test]
    fn gravity_keeps_entries_within_bounds() {
        let mut entry = 0i16;
        for _ in 0..1000 {
            apply(&mut entry, HISTORY_MAX);
        }
        assert_eq!(i32::from(entry), HISTORY_MAX);
        for _ in 0..1000 {
            apply(&mut entry, -HISTORY_MAX * 4);
        }
        assert_eq!(i32::from(entry), -HISTORY_MAX);
    }

    #[test]
    fn continuation_history_scores_the_pair_it_learned() {
        let pos = Position::startpos();
        let knight = Piece::new(Color::White, PieceType::Knight);
        let mv = crate::rules::parse_uci_move(&pos, "g1f3", false).expect("legal");
        let after = ContinuationKey::new(Piece::new(Color::Black, PieceType::Pawn), Square::E5);
        let none = ContinuationKey::NONE;
        let mut history = History::new();
        history.update_quiet(Color::White, knight, mv, &[after, none], 1000);
        assert_eq!(
            history.quiet_score(Color::White, knight, mv, &[after, none]),
            2000
        );
        assert_eq!(
            history.quiet_score(Color::White, knight, mv, &[none, none]),
            1000
        );
        history.age();
        assert_eq!(
            history.quiet_score(Color::White, knight, mv, &[none, after]),
            1000
        );
    }
}
