//! Move-ordering memory of one search thread: quiet-move history (from-to, per side, and
//! apart by whether the move leaves a square the opponent attacks and whether it enters
//! one), continuation history (a quiet move's piece and target after the previous move's
//! piece and target, used one and two plies back), capture history (piece, target, captured
//! type), all with gravity; two killer moves per ply and a counter-move per previous move.

use super::correction::CorrectionHistory;
use super::params::{HISTORY_MAX, MAX_PLY};
use crate::chess::{Bitboard, Color, Move, Piece, Position, Square};

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

/// Bits of a set of continuation tables, one per table.
type TableSet = [u64; CONTINUATION_TABLES.div_ceil(64)];

/// The empty set of tables.
const NO_TABLES: TableSet = [0; CONTINUATION_TABLES.div_ceil(64)];

/// Histories, killers and counter-moves, and the thread's evaluation corrections (about
/// 1.6 MB, on the heap).
pub struct History {
    /// By side, by whether the move leaves and whether it enters a square the opponent
    /// attacks ([`threat_index`]), by from and to square.
    quiet: Box<[[[[i16; 64]; 64]; 4]; 2]>,
    capture: Box<[[[i16; 6]; 64]; 12]>,
    /// Indexed by the earlier move's `ContinuationKey`.
    continuation: Box<[ContinuationTable]>,
    /// The continuation tables written since they were last all zero: clearing and ageing
    /// skip the others (a self-play search of a few thousand nodes writes a few hundred of
    /// the 769, 1.2 MB in all).
    written: TableSet,
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    counters: [[Option<Move>; 64]; 12],
    /// Static-evaluation corrections by pawn structure and piece placement (kept with the
    /// histories so that they live as long as they do).
    pub correction: CorrectionHistory,
}

/// What a node's quiet histories are keyed by besides the move: the side to move, the two
/// moves before the node (continuation history) and the squares the opponent attacks (the
/// butterfly tables).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct QuietContext {
    /// The side to move.
    pub color: Color,
    /// The moves one and two plies before.
    pub cont: Continuation,
    /// The squares the opponent attacks.
    pub threats: Bitboard,
}

/// Which of the four butterfly tables `mv` uses: whether it leaves a square in `threats`
/// (a piece escaping an attack) and whether it enters one.
#[inline]
fn threat_index(mv: Move, threats: Bitboard) -> usize {
    2 * usize::from(threats.contains(mv.from())) + usize::from(threats.contains(mv.to()))
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
            quiet: Box::new([[[[0; 64]; 64]; 4]; 2]),
            capture: Box::new([[[0; 6]; 64]; 12]),
            continuation: vec![[[0; 64]; 12]; CONTINUATION_TABLES].into_boxed_slice(),
            written: NO_TABLES,
            killers: [[None; 2]; MAX_PLY + 2],
            counters: [[None; 64]; 12],
            correction: CorrectionHistory::default(),
        })
    }

    /// Prepares for a new search of the same game: killers belong to the old root's plies,
    /// the statistics stay (halved, so the new position's evidence soon outweighs them).
    pub fn age(&mut self) {
        for rows in self.quiet.iter_mut().flatten() {
            halve(rows);
        }
        for rows in self.capture.iter_mut() {
            halve(rows);
        }
        for index in tables(&self.written) {
            halve(&mut self.continuation[index]);
        }
        self.killers = [[None; 2]; MAX_PLY + 2];
    }

    /// Empties every table, as [`History::new`] makes them, writing only where something
    /// was written: a program of many short searches (self-play) reuses one `History`
    /// instead of taking and zeroing 1.6 MB a search.
    pub fn reset(&mut self) {
        for rows in self.quiet.iter_mut().flatten() {
            rows.fill([0; 64]);
        }
        for rows in self.capture.iter_mut() {
            rows.fill([0; 6]);
        }
        for index in tables(&self.written) {
            self.continuation[index] = [[0; 64]; 12];
        }
        self.written = NO_TABLES;
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.counters = [[None; 64]; 12];
        self.correction.reset();
    }

    /// Score of quiet `mv` by `piece` at a node of context `at`: butterfly plus both
    /// continuation histories.
    #[inline]
    pub fn quiet_score(&self, at: &QuietContext, piece: Piece, mv: Move) -> i32 {
        let mut score = i32::from(self.butterfly(at, mv));
        for key in &at.cont {
            let table = &self.continuation[usize::from(key.0)];
            score += i32::from(table[piece.index()][mv.to().index()]);
        }
        score
    }

    /// Rewards (positive `bonus`) or punishes quiet `mv` by `piece`, at a node of context
    /// `at`, in every table.
    #[inline]
    pub fn update_quiet(&mut self, at: &QuietContext, piece: Piece, mv: Move, bonus: i32) {
        self.update_butterfly(at, mv, bonus);
        for &key in &at.cont {
            if key != ContinuationKey::NONE {
                let index = usize::from(key.0);
                self.written[index / 64] |= 1 << (index % 64);
                apply(
                    &mut self.continuation[index][piece.index()][mv.to().index()],
                    bonus,
                );
            }
        }
    }

    /// Rewards or punishes quiet `mv`, at a node of context `at`, in the butterfly table
    /// alone.
    #[inline]
    pub fn update_butterfly(&mut self, at: &QuietContext, mv: Move, bonus: i32) {
        let slot = threat_index(mv, at.threats);
        let entry = &mut self.quiet[at.color.index()][slot][mv.from().index()][mv.to().index()];
        apply(entry, bonus);
    }

    /// The butterfly entry of `mv` at a node of context `at`.
    #[inline]
    fn butterfly(&self, at: &QuietContext, mv: Move) -> i16 {
        let slot = threat_index(mv, at.threats);
        self.quiet[at.color.index()][slot][mv.from().index()][mv.to().index()]
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

/// The indices of the tables in `set`, in order.
fn tables(set: &TableSet) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(word_index, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                word_index * 64 + bit
            })
        })
    })
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

    /// White's knight, its move g1f3 from the start, and the continuation key of a black
    /// pawn's move to e5.
    fn knight_to_f3_after_e5() -> (Piece, Move, ContinuationKey) {
        let pos = Position::startpos();
        let knight = Piece::new(Color::White, PieceType::Knight);
        let mv = crate::rules::parse_uci_move(&pos, "g1f3", false).expect("legal");
        let after = ContinuationKey::new(Piece::new(Color::Black, PieceType::Pawn), Square::E5);
        (knight, mv, after)
    }

    /// White's context at a node after `cont`, the opponent attacking `threats`.
    fn white(cont: Continuation, threats: Bitboard) -> QuietContext {
        QuietContext {
            color: Color::White,
            cont,
            threats,
        }
    }

    #[test]
    fn continuation_history_scores_the_pair_it_learned() {
        let (knight, mv, after) = knight_to_f3_after_e5();
        let none = ContinuationKey::NONE;
        let mut history = History::new();
        let at = |cont| white(cont, Bitboard::EMPTY);
        history.update_quiet(&at([after, none]), knight, mv, 1000);
        assert_eq!(history.quiet_score(&at([after, none]), knight, mv), 2000);
        assert_eq!(history.quiet_score(&at([none, none]), knight, mv), 1000);
        history.age();
        assert_eq!(history.quiet_score(&at([none, after]), knight, mv), 1000);
    }

    #[test]
    fn a_butterfly_update_leaves_the_continuation_tables_alone() {
        let (knight, mv, after) = knight_to_f3_after_e5();
        let mut history = History::new();
        let none = ContinuationKey::NONE;
        let at = white([after, none], Bitboard::EMPTY);
        history.update_butterfly(&at, mv, -600);
        assert_eq!(history.quiet_score(&at, knight, mv), -600);
        let black = QuietContext {
            color: Color::Black,
            ..at
        };
        assert_eq!(history.quiet_score(&black, knight, mv), 0);
        assert_eq!(history.written, NO_TABLES);
    }

    #[test]
    fn moves_from_and_to_attacked_squares_keep_separate_butterfly_entries() {
        let (knight, mv, _) = knight_to_f3_after_e5();
        let none = [ContinuationKey::NONE; 2];
        let mut history = History::new();
        let attacked_from = Bitboard::from_square(Square::G1);
        history.update_butterfly(&white(none, attacked_from), mv, 800);
        let score = |threats| history.quiet_score(&white(none, threats), knight, mv);
        assert_eq!(score(attacked_from), 800);
        assert_eq!(score(Bitboard::EMPTY), 0);
        assert_eq!(score(Bitboard::from_square(Square::F3)), 0);
        assert_eq!(score(attacked_from | Bitboard::from_square(Square::F3)), 0);
        // Squares the move neither leaves nor enters do not matter.
        assert_eq!(
            score(attacked_from | Bitboard::from_square(Square::E5)),
            800
        );
    }

    #[test]
    fn a_reset_history_equals_a_new_one() {
        let pos = Position::startpos();
        let moves = pos.legal_moves();
        let mut history = History::new();
        // Every table written, the continuation ones under many keys (some aged too).
        for (n, &mv) in moves.iter().enumerate() {
            let piece = pos.piece_at(mv.from()).expect("a piece moves");
            for target in Square::ALL.into_iter().step_by(n + 1) {
                for moved in [piece, Piece::new(Color::Black, PieceType::Queen)] {
                    let cont = [ContinuationKey::new(moved, target), ContinuationKey::NONE];
                    let at = white(cont, Bitboard::from_square(target));
                    history.update_quiet(&at, piece, mv, 700);
                }
            }
            history.update_capture(&pos, mv, -300);
            history.add_killer(n, mv);
            history.set_counter(Some((piece, mv)), mv);
            history.correction.update(&pos, 8, 0, 150);
            if n == 10 {
                history.age();
            }
        }
        assert!(tables(&history.written).count() > 100);
        history.reset();
        let new = History::new();
        assert!(history.quiet == new.quiet && history.capture == new.capture);
        assert!(history.continuation == new.continuation && history.written == new.written);
        assert!(history.killers == new.killers && history.counters == new.counters);
        assert_eq!(history.correction.correct(&pos, 37), 37);
    }

    #[test]
    fn the_written_set_lists_its_tables_in_order() {
        let mut set = NO_TABLES;
        for index in [0, 63, 64, 500, CONTINUATION_TABLES - 2] {
            set[index / 64] |= 1 << (index % 64);
        }
        assert_eq!(
            tables(&set).collect::<Vec<_>>(),
            [0, 63, 64, 500, CONTINUATION_TABLES - 2]
        );
    }
}
