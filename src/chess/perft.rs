//! Perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard check
//! of a move generator. The last ply is bulk-counted (moves are counted, not made).

use super::moves::Move;
use super::position::Position;
use rayon::prelude::*;

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&mv| perft(&pos.play(mv), depth - 1))
            .sum(),
    }
}

/// Like [`perft`], with the moves of the first ply shared out over the rayon pool.
fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth < 3 {
        return perft(pos, depth);
    }
    let moves = pos.legal_moves();
    moves
        .as_slice()
        .par_iter()
        .map(|&mv| perft(&pos.play(mv), depth - 1))
        .sum()
}

/// Leaf counts below each root move, in move-generator order. With `threads > 1` the work
/// is split two plies deep (root moves and their replies, a few hundred tasks, so no single
/// subtree leaves a thread idle) over a rayon pool of that many threads.
pub fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let below = depth.saturating_sub(1);
    if threads <= 1 {
        return moves
            .iter()
            .map(|&mv| (mv, perft(&pos.play(mv), below)))
            .collect();
    }
    let count = |mv: &Move| (*mv, perft_parallel(&pos.play(*mv), below));
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
        Err(_) => moves.iter().map(count).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shallow() {
        let pos = Position::startpos();
        assert_eq!(perft(&pos, 0), 1);
        assert_eq!(perft(&pos, 1), 20);
        assert_eq!(perft(&pos, 3), 8_902);
        let split = divide(&pos, 3, 2);
        assert_eq!(split.len(), 20);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
    }
}
