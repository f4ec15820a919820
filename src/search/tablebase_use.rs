//! How the search uses the Syzygy tables: the settings a job brings (`SyzygyProbeDepth`,
//! `Syzygy50MoveRule`, `SyzygyProbeLimit`), the scores a table result stands for, and the
//! root: when the root itself is in the tables, its moves are ranked by DTZ and only those
//! of the best rank are searched, with the tables' verdict as their reported score.

use super::params::TB_WIN;
use super::root_move::RootMove;
use crate::chess::Position;
use crate::tablebase::{rank_root_moves, Tablebase, Wdl};
use std::sync::Arc;

/// The tables and the options that govern probing them.
#[derive(Clone)]
pub struct TablebaseUse {
    /// The tables, shared by all threads.
    pub tables: Arc<Tablebase>,
    /// Inside the tree, positions with as many pieces as the largest usable table are
    /// probed only at this remaining depth or more (fewer pieces: always).
    pub probe_depth: i32,
    /// Wins and losses the fifty-move rule undoes (cursed, blessed) count as near-draws.
    pub fifty_move_rule: bool,
    /// Positions with more pieces than this are never probed.
    pub probe_limit: u32,
}

impl TablebaseUse {
    /// The most pieces a probed position may have: the limit, or the largest table.
    pub fn max_pieces(&self) -> u32 {
        self.probe_limit.min(self.tables.max_pieces())
    }

    /// The search score of a table value found `ply` plies from the root: a win scores just
    /// below the mates, shorter paths to it higher; with the fifty-move rule on, a cursed
    /// win or blessed loss is a draw with a hint of who could have won.
    pub fn score(&self, wdl: Wdl, ply: usize) -> i32 {
        let ply = ply as i32;
        match wdl {
            Wdl::Win => TB_WIN - ply,
            Wdl::Loss => -TB_WIN + ply,
            Wdl::CursedWin if !self.fifty_move_rule => TB_WIN - ply,
            Wdl::BlessedLoss if !self.fifty_move_rule => -TB_WIN + ply,
            Wdl::CursedWin => 1,
            Wdl::BlessedLoss => -1,
            Wdl::Draw => 0,
        }
    }

    /// Ranks `root_moves` by DTZ if `root` is in the tables, keeps those of the best rank
    /// and gives them the tables' score. Returns the number of probes made, or `None` when
    /// the root is not in the tables (the moves are left as they were).
    pub fn rank_root(
        &self,
        root: &Position,
        history: &[u64],
        root_moves: &mut Vec<RootMove>,
    ) -> Option<usize> {
        if root.occupied().popcount() > self.max_pieces() || !root.castling().is_empty() {
            return None;
        }
        let moves: Vec<_> = root_moves.iter().map(|root_move| root_move.mv).collect();
        let ranking = rank_root_moves(&self.tables, root, &moves, history, self.fifty_move_rule)?;
        let best = ranking.iter().map(|ranked| ranked.rank).max()?;
        let mut kept = Vec::with_capacity(root_moves.len());
        for (mut root_move, ranked) in root_moves.drain(..).zip(&ranking) {
            if ranked.rank == best {
                // The ranking already judged the fifty-move rule: its verdict stands.
                root_move.tb_score = Some(match ranked.result {
                    Wdl::Win => TB_WIN - 1,
                    Wdl::Loss => -TB_WIN + 1,
                    Wdl::CursedWin => 1,
                    Wdl::BlessedLoss => -1,
                    Wdl::Draw => 0,
                });
                kept.push(root_move);
            }
        }
        *root_moves = kept;
        Some(ranking.len())
    }
}
