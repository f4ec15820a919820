//! How the search uses the Syzygy tables: the settings a job brings (`SyzygyProbeDepth`,
//! `Syzygy50MoveRule`, `SyzygyProbeLimit`), the scores a table result stands for, and the
//! root: when the root itself is in the tables, its moves are ranked by DTZ (by WDL without
//! DTZ files) and only those of the best rank are searched, with the tables' verdict as their
//! reported score. A won root is then converted for sure: the move played is one with the
//! shortest distance to zeroing ([`progress_first`]).

use super::params::TB_WIN;
use super::root_move::RootMove;
use crate::chess::Position;
use crate::tablebase::{rank_root_moves, rank_root_moves_by_wdl, Tablebase, Wdl};
use std::sync::Arc;

/// What ranking a root in the tables found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootRanked {
    /// Probes made (each found its position).
    pub probes: usize,
    /// The moves were ranked by DTZ; `false`: by WDL alone (no DTZ files).
    pub by_dtz: bool,
    /// The root's side wins.
    pub winning: bool,
}

impl RootRanked {
    /// True if the search should still probe WDL inside the tree. With DTZ the root's
    /// ranking says all there is (Stockfish does the same). With WDL alone a won root needs
    /// the probes after captures and pawn moves, so that the search heads for the
    /// conversions that keep the win: nothing else makes progress.
    pub fn tree_probes(&self) -> bool {
        !self.by_dtz && self.winning
    }
}

/// Puts first the winning root move with the shortest distance to zeroing (a mate counts as
/// zeroing), unless the first one already has it; among equals the search's order stands.
/// Each such move brings the capture, pawn move or mate that decides the game a ply nearer
/// than the opponent's best reply can push it back, so no position repeats and the fifty-move
/// rule never comes first: the win is converted whatever the evaluation makes of the ending
/// (it once shuffled a bishop in KBN v K). Not even a mate the search reports overrides the
/// rule: a mate score can come from the transposition table by another path (the table knows
/// no repetitions), and following such mates went round in circles in KQ v KR. Returns true
/// if the order changed.
pub fn progress_first(root_moves: &mut [RootMove]) -> bool {
    let Some(first) = root_moves.first() else {
        return false;
    };
    if first.tb_score != Some(TB_WIN - 1) {
        return false;
    }
    let shortest = root_moves
        .iter()
        .enumerate()
        .filter_map(|(index, root_move)| root_move.tb_dtz.filter(|&dtz| dtz > 0).zip(Some(index)))
        .min();
    match shortest {
        Some((_, index)) if index > 0 => {
            root_moves[..=index].rotate_right(1);
            true
        }
        _ => false,
    }
}

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

    /// Ranks `root_moves` by DTZ (by WDL without DTZ files) if `root` is in the tables, keeps
    /// those of the best rank and gives them the tables' score and distance to zeroing.
    /// `None` when the root is not in the tables (the moves are left as they were).
    pub fn rank_root(
        &self,
        root: &Position,
        game_keys: &[u64],
        root_moves: &mut Vec<RootMove>,
    ) -> Option<RootRanked> {
        if root.occupied().popcount() > self.max_pieces() || !root.castling().is_empty() {
            return None;
        }
        let moves: Vec<_> = root_moves.iter().map(|root_move| root_move.mv).collect();
        let rule = self.fifty_move_rule;
        let (ranking, by_dtz) = match rank_root_moves(&self.tables, root, &moves, game_keys, rule) {
            Some(ranking) => (ranking, true),
            None => (
                rank_root_moves_by_wdl(&self.tables, root, &moves, game_keys, rule)?,
                false,
            ),
        };
        let best = ranking.iter().max_by_key(|ranked| ranked.rank)?;
        let (best_rank, winning) = (best.rank, best.result == Wdl::Win);
        let mut kept = Vec::with_capacity(root_moves.len());
        for (mut root_move, ranked) in root_moves.drain(..).zip(&ranking) {
            if ranked.rank == best_rank {
                // The ranking already judged the fifty-move rule: its verdict stands.
                root_move.tb_score = Some(match ranked.result {
                    Wdl::Win => TB_WIN - 1,
                    Wdl::Loss => -TB_WIN + 1,
                    Wdl::CursedWin => 1,
                    Wdl::BlessedLoss => -1,
                    Wdl::Draw => 0,
                });
                root_move.tb_dtz = ranked.dtz;
                kept.push(root_move);
            }
        }
        *root_moves = kept;
        Some(RootRanked {
            probes: ranking.len(),
            by_dtz,
            winning,
        })
    }
}
