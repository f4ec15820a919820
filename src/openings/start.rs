//! Start positions for self-play (`ferrite datagen`) and for OpenBench's `genfens`: a book
//! opening (the standard start without a book) or, in a share of the games, one of the 960
//! Chess960 starts (a share of those Double Chess960, each side's back rank drawn on its
//! own), then a few uniformly random legal moves, since a node-limited search is
//! deterministic and would otherwise replay the same games. A start whose verification
//! search finds one side clearly winning teaches nothing about the balanced positions games
//! are decided in, so it is drawn again.

use crate::chess::chess960::{double_chess960_start, CHESS960_POSITIONS};
use crate::chess::Position;
use crate::eval::nnue::network::Network;
use crate::search::limits::Limits;
use crate::search::rng::SplitMix64;
use crate::search::tt::TranspositionTable;
use crate::search::{search, SearchControl, SearchJob};
use std::sync::Arc;

/// A start whose verification search scores beyond this (centipawns, either side) is
/// drawn again.
pub const LOPSIDED_SCORE: i32 = 1000;
/// Nodes of the verification search.
pub const VERIFY_NODES: u64 = 5000;
/// Draws before giving up on a balanced start and taking the last one drawn.
const MAX_DRAWS: usize = 100;

/// Where starts come from.
#[derive(Clone, Copy, Debug)]
pub struct StartRules<'a> {
    /// Book positions to start from; empty: the standard start.
    pub book: &'a [Position],
    /// Random legal moves played after the book position.
    pub random_plies: usize,
    /// One start in this many is a Chess960 start (0: none).
    pub chess960_one_in: usize,
    /// One Chess960 start in this many is a Double Chess960 one (0: none).
    pub dfrc_one_in: usize,
    /// The network the verification searches evaluate with: the games' own.
    pub net: &'a Arc<Network>,
}

impl StartRules<'_> {
    /// A balanced start drawn with `rng`; `tt` is cleared and used by the verification.
    pub fn pick(&self, rng: &mut SplitMix64, tt: &mut TranspositionTable) -> Position {
        let mut drawn = Position::startpos();
        for _ in 0..MAX_DRAWS {
            let Some(start) = random_walk(self.base(rng), self.random_plies, rng) else {
                continue;
            };
            drawn = start;
            if verification_score(start, self.net, tt).abs() <= LOPSIDED_SCORE {
                break;
            }
        }
        drawn
    }

    /// The position the random moves start from.
    fn base(&self, rng: &mut SplitMix64) -> Position {
        if self.chess960_one_in > 0 && rng.below(self.chess960_one_in) == 0 {
            let index = |rng: &mut SplitMix64| rng.below(usize::from(CHESS960_POSITIONS)) as u16;
            let white = index(rng);
            // No draw without Double Chess960, so that files made before it come out the same.
            let double = self.dfrc_one_in > 0 && rng.below(self.dfrc_one_in) == 0;
            let black = if double { index(rng) } else { white };
            double_chess960_start(white, black).expect("invariant: the indices are below 960")
        } else if self.book.is_empty() {
            Position::startpos()
        } else {
            self.book[rng.below(self.book.len())]
        }
    }
}

/// The score of a short search of `pos` (side to move's view) with `net`, on a cleared `tt`.
fn verification_score(pos: Position, net: &Arc<Network>, tt: &mut TranspositionTable) -> i32 {
    tt.clear();
    let limits = Limits {
        nodes: Some(VERIFY_NODES),
        ..Limits::default()
    };
    let job = SearchJob {
        net: Arc::clone(net),
        ..SearchJob::new(pos, limits)
    };
    search(&job, tt, &SearchControl::new(&job.limits, 0), &|_| {}).score
}

/// The generator of start `index` drawn with `seed` (game `index` of a datagen file, FEN
/// `index` of a `genfens`).
pub fn start_rng(seed: u64, index: usize) -> SplitMix64 {
    // Mixed through the generator once, so that neighbouring seeds and indices give
    // unrelated starts.
    let mut mixer = SplitMix64::new(seed ^ (index as u64).rotate_left(32));
    SplitMix64::new(mixer.next_u64())
}

/// `plies` uniformly random legal moves from `pos`, or `None` if the walk reaches a
/// position without a legal move (at its end too: a game must be able to start there).
pub fn random_walk(mut pos: Position, plies: usize, rng: &mut SplitMix64) -> Option<Position> {
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make_move(moves.as_slice()[rng.below(moves.len())]);
    }
    pos.has_legal_move().then_some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Color;
    use crate::eval::nnue::embedded;

    #[test]
    fn random_walks_are_legal_seeded_and_never_end_the_game() {
        let start = Position::startpos();
        assert_eq!(random_walk(start, 0, &mut SplitMix64::new(3)), Some(start));
        let walked = random_walk(start, 3, &mut SplitMix64::new(3)).expect("3 plies");
        assert_eq!(walked.side_to_move(), Color::Black);
        assert_eq!(walked.fullmove_number(), 2);
        assert_eq!(Some(walked), random_walk(start, 3, &mut SplitMix64::new(3)));
        let others: Vec<Option<Position>> = (0..8)
            .map(|seed| random_walk(start, 3, &mut SplitMix64::new(seed)))
            .collect();
        assert!(others.iter().any(|&pos| pos != Some(walked)));
        // Fool's mate: no legal move, so no walk, not even one of no moves.
        let mated =
            Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .expect("valid FEN");
        assert_eq!(random_walk(mated, 4, &mut SplitMix64::new(1)), None);
        assert_eq!(random_walk(mated, 0, &mut SplitMix64::new(1)), None);
    }

    #[test]
    fn starts_are_balanced_and_chess960_in_the_share_asked() {
        let mut tt = TranspositionTable::new(1);
        let rules = StartRules {
            book: &[],
            random_plies: 4,
            chess960_one_in: 2,
            dfrc_one_in: 0,
            net: &embedded(),
        };
        let mut rng = SplitMix64::new(11);
        let starts: Vec<Position> = (0..20).map(|_| rules.pick(&mut rng, &mut tt)).collect();
        let chess960 = starts.iter().filter(|pos| pos.is_chess960()).count();
        assert!((4..=16).contains(&chess960), "{chess960} of 20");
        for start in &starts {
            assert_eq!(start.fullmove_number(), 3, "{}", start.to_fen());
            assert!(verification_score(*start, &embedded(), &mut tt).abs() <= LOPSIDED_SCORE);
        }
        // A book with one lopsided position (a queen up): every draw from it is rejected,
        // and the last one is taken all the same.
        let lopsided = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").expect("valid");
        let rules = StartRules {
            book: &[lopsided],
            random_plies: 0,
            chess960_one_in: 0,
            dfrc_one_in: 0,
            net: &embedded(),
        };
        assert_eq!(rules.pick(&mut rng, &mut tt), lopsided);
    }

    #[test]
    fn double_chess960_starts_come_in_the_share_asked() {
        let net = embedded();
        // Every base a Chess960 start, without random moves.
        let rules = |dfrc_one_in| StartRules {
            book: &[],
            random_plies: 0,
            chess960_one_in: 1,
            dfrc_one_in,
            net: &net,
        };
        // True if Black's back rank is not White's mirrored.
        let double = |pos: Position| {
            let fen = pos.to_fen();
            let ranks: Vec<&str> = fen.split(['/', ' ']).take(8).collect();
            ranks[0].to_ascii_uppercase() != ranks[7]
        };
        let doubles = |dfrc_one_in| {
            let mut rng = SplitMix64::new(5);
            (0..40)
                .filter(|_| double(rules(dfrc_one_in).base(&mut rng)))
                .count()
        };
        assert_eq!(doubles(0), 0);
        let half = doubles(2);
        assert!((10..=30).contains(&half), "{half} of 40");
    }
}
