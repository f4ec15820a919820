//! Move-ordering memory of one search thread: quiet-move history (from-to, per side) with
//! gravity, two killer moves per ply and a counter-move per previous move.

use super::params::{HISTORY_MAX, MAX_PLY};
use crate::chess::{Color, Move, Piece};

/// Histories, killers and counter-moves; boxed by the owner (about 40 KB).
pub struct History {
    quiet: [[[i32; 64]; 64]; 2],
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    counters: [[Option<Move>; 64]; 12],
}

impl History {
    /// Empty tables.
    pub fn new() -> Box<History> {
        Box::new(History {
            quiet: [[[0; 64]; 64]; 2],
            killers: [[None; 2]; MAX_PLY + 2],
            counters: [[None; 64]; 12],
        })
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = *History::new();
    }

    /// Score of a quiet move for `color`.
    #[inline]
    pub fn quiet_score(&self, color: Color, mv: Move) -> i32 {
        self.quiet[color.index()][mv.from().index()][mv.to().index()]
    }

    /// Rewards (positive `bonus`) or punishes a quiet move; gravity keeps values within
    /// `HISTORY_MAX` and lets old knowledge fade.
    #[inline]
    pub fn update_quiet(&mut self, color: Color, mv: Move, bonus: i32) {
        let entry = &mut self.quiet[color.index()][mv.from().index()][mv.to().index()];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
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
