//! The search behind analysis: one search per position, through the engine's own search
//! with its transposition table and move-ordering histories kept from one position of a game
//! to the next (as in a game the engine plays), and cleared between games, so a game's
//! analysis does not depend on the games before it.

use crate::chess::Move;
use crate::eval::wdl::material;
use crate::rules::Game;
use crate::search::displayed_score::Score;
use crate::search::limits::Limits;
use crate::search::tt::{HashAllocError, TranspositionTable};
use crate::search::{search_continuing, Histories, SearchControl, SearchJob};
use std::sync::Mutex;

/// What the search of one position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSearch {
    /// The score, for the side to move.
    pub score: Score,
    /// The best move.
    pub best: Move,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
}

/// Searches the positions of games under fixed limits.
pub struct Searcher {
    tt: TranspositionTable,
    histories: Histories,
    limits: Limits,
    threads: usize,
}

impl Searcher {
    /// A searcher with a `hash_mb` MiB table, searching each position to `limits` with
    /// `threads` threads; the error if the machine cannot provide the table.
    pub fn new(limits: Limits, threads: usize, hash_mb: usize) -> Result<Searcher, HashAllocError> {
        Ok(Searcher {
            tt: TranspositionTable::try_new(hash_mb)?,
            histories: Histories::new(),
            limits,
            threads: threads.max(1),
        })
    }

    /// Forgets what the searches of the last game learnt.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.histories.clear();
    }

    /// Searches the current position of `game` (its history counts for repetitions);
    /// `None` if the side to move has no legal move.
    pub fn search(&mut self, game: &Game) -> Option<PositionSearch> {
        let root = *game.position();
        let job = SearchJob {
            game_keys: game.keys().to_vec(),
            threads: self.threads,
            ..SearchJob::new(root, self.limits.clone())
        };
        let control = SearchControl::new(&job.limits, 0);
        // The last line reported is the result's (the search's last word on it).
        let last_pv = Mutex::new(Vec::new());
        let report = |report: &crate::search::Report| {
            if let Ok(mut pv) = last_pv.lock() {
                pv.clone_from(&report.pv);
            }
        };
        let result = search_continuing(&job, &self.tt, &mut self.histories, &control, &report);
        let best = result.best?;
        let mut pv = last_pv.into_inner().unwrap_or_default();
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        Some(PositionSearch {
            score: Score::from_search(result.score, material(&root)),
            best,
            pv,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mate_in_one_is_found_with_its_line_and_a_mated_side_has_no_search() {
        let mut searcher = Searcher::new(Limits::depth(4), 1, 1).expect("1 MiB fits");
        let mut game = Game::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1").expect("valid FEN");
        let found = searcher.search(&game).expect("White has moves");
        assert_eq!(found.score, Score::Mates(1));
        assert_eq!(found.best.to_uci(false), "h1h8");
        assert_eq!(found.pv, [found.best]);
        game.play(found.best);
        assert_eq!(searcher.search(&game), None);
    }
}
