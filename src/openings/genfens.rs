//! OpenBench's DATAGEN workloads spread data generation over many machines: each asks the
//! engine for start positions with `genfens N seed S book <None|FILE>` (a UCI command, also
//! given as a command-line argument: `ferrite "genfens 64 seed 7 book None" quit`), plays the
//! games itself with a match runner and returns them as PGN, which the trainer reads. The
//! starts are self-play's ([`super::start`]): a book position, or the standard start without a
//! book, then random plies, verified balanced; standard chess only, as those workloads play
//! it. The same seed and book give the same positions.

use super::start::{start_rng, StartRules};
use crate::chess::Position;
use crate::eval::nnue::network::Network;
use crate::search::tt::TranspositionTable;
use std::sync::Arc;

/// Random plies after a book position ...
pub const RANDOM_PLIES_WITH_BOOK: usize = 4;
/// ... and after the standard start, where there is no book to vary the games.
pub const RANDOM_PLIES_WITHOUT_BOOK: usize = 8;
/// Transposition table of the verification searches, in MiB.
const VERIFY_HASH_MB: usize = 16;

/// Calls `found` with each of `count` starts for `seed`, drawn from `book` (empty: the
/// standard start) and verified with `net`.
pub fn genfens(
    count: usize,
    seed: u64,
    book: &[Position],
    net: &Arc<Network>,
    found: &mut dyn FnMut(Position),
) {
    let rules = StartRules {
        book,
        random_plies: if book.is_empty() {
            RANDOM_PLIES_WITHOUT_BOOK
        } else {
            RANDOM_PLIES_WITH_BOOK
        },
        chess960_one_in: 0,
        dfrc_one_in: 0,
        net,
    };
    let mut tt = TranspositionTable::new(VERIFY_HASH_MB);
    for index in 0..count {
        found(rules.pick(&mut start_rng(seed, index), &mut tt));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::embedded;

    fn starts(count: usize, seed: u64, book: &[Position]) -> Vec<Position> {
        let mut all = Vec::new();
        genfens(count, seed, book, &embedded(), &mut |pos| all.push(pos));
        all
    }

    #[test]
    fn the_same_seed_gives_the_same_legal_starts() {
        let first = starts(6, 42, &[]);
        assert_eq!(first.len(), 6);
        assert_eq!(starts(6, 42, &[]), first);
        assert_ne!(starts(6, 43, &[]), first);
        for pos in &first {
            let fen = pos.to_fen();
            assert_eq!(Position::from_fen(&fen).as_ref(), Ok(pos), "{fen}");
            assert!(!pos.is_chess960() && pos.has_legal_move(), "{fen}");
            // Eight random plies from the start: move five, White to move.
            assert_eq!(pos.fullmove_number(), 5, "{fen}");
        }
        let book = [Position::from_fen(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
        )
        .expect("valid")];
        for pos in starts(3, 1, &book) {
            assert_eq!(pos.fullmove_number(), 3, "{}", pos.to_fen());
        }
    }
}
