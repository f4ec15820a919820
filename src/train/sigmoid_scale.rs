//! How many centipawns an evaluation's unit is worth, measured against game results: the `K`
//! for which `sigmoid(eval / K)` predicts the results best. Two evaluations that agree on
//! which positions are better can still differ in scale, and the search's margins are in
//! centipawns: a network trained on search scores, which run a little beyond the static
//! evaluation, comes out larger than the evaluation before it. `ferrite train` prints the `K`
//! of the network it trained and of its data, so that the drift shows from one network to
//! the next, and with `--scale-as` measures how many times a reference network's evaluations
//! the new one's run ([`relative_scale`]) and divides its output layer by that.

use super::positions::TrainingPosition;
use rayon::prelude::*;

/// Smallest scale searched, centipawns.
const MIN_SCALE: f64 = 10.0;
/// Largest scale searched, centipawns.
const MAX_SCALE: f64 = 5000.0;
/// Golden-section steps: each keeps 0.618 of the interval, so 60 steps end far below a
/// centipawn.
const STEPS: usize = 60;

/// The `K`, in centipawns, of `sigmoid(eval / K)` that comes closest (least squares) to the
/// results of `positions`, `eval` giving each one's evaluation for the side to move; `None`
/// without positions.
pub fn result_scale(
    positions: &[TrainingPosition],
    eval: impl Fn(&TrainingPosition) -> f32 + Sync,
) -> Option<f64> {
    if positions.is_empty() {
        return None;
    }
    let pairs: Vec<(f64, f64)> = positions
        .par_iter()
        .map(|position| (f64::from(eval(position)), f64::from(position.result) / 2.0))
        .collect();
    let loss = |scale: f64| -> f64 {
        pairs
            .iter()
            .map(|&(eval, result)| {
                let predicted = 1.0 / (1.0 + (-eval / scale).exp());
                (predicted - result).powi(2)
            })
            .sum()
    };
    // The loss falls and then rises with the scale: a golden-section search finds its floor.
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (MIN_SCALE, MAX_SCALE);
    for _ in 0..STEPS {
        let left = high - ratio * (high - low);
        let right = low + ratio * (high - low);
        if loss(left) < loss(right) {
            high = right;
        } else {
            low = left;
        }
    }
    Some((low + high) / 2.0)
}

/// Reference evaluations beyond this many centipawns are left out of [`relative_scale`]:
/// lost and won positions would dominate its sums, and the search's margins act nearer zero.
pub const RELATIVE_SCALE_LIMIT: f32 = 1000.0;

/// How many times `reference`'s evaluations `eval`'s are: the least-squares slope, through
/// zero, of `eval` on `reference` over the positions where `reference` is within
/// ±[`RELATIVE_SCALE_LIMIT`]; `None` without such positions.
pub fn relative_scale(
    positions: &[TrainingPosition],
    eval: impl Fn(&TrainingPosition) -> f32 + Sync,
    reference: impl Fn(&TrainingPosition) -> f32 + Sync,
) -> Option<f64> {
    let (cross, square) = positions
        .par_iter()
        .map(|position| (f64::from(eval(position)), reference(position)))
        .filter(|&(_, reference)| reference.abs() <= RELATIVE_SCALE_LIMIT)
        .map(|(eval, reference)| (eval * f64::from(reference), f64::from(reference).powi(2)))
        .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    (square > 0.0).then(|| cross / square)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;
    use crate::eval::nnue::GameResult;
    use crate::search::rng::SplitMix64;

    /// Positions whose results are drawn from `sigmoid(score / scale)`.
    fn positions(scale: f64, count: usize) -> Vec<TrainingPosition> {
        let board = Position::startpos();
        let mut rng = SplitMix64::new(11);
        (0..count)
            .map(|_| {
                let score = (rng.below(1601) as i32 - 800) as i16;
                let win = 1.0 / (1.0 + (-f64::from(score) / scale).exp());
                let uniform = rng.below(1_000_000) as f64 / 1_000_000.0;
                let result = if uniform < win {
                    GameResult::WhiteWin
                } else {
                    GameResult::BlackWin
                };
                TrainingPosition::new(&board, score, result)
            })
            .collect()
    }

    #[test]
    fn finds_the_scale_the_results_were_drawn_with() {
        for scale in [150.0, 300.0] {
            let found =
                result_scale(&positions(scale, 20_000), |p| f32::from(p.score)).expect("positions");
            assert!(
                (found - scale).abs() < 0.1 * scale,
                "drawn at {scale}, found {found}"
            );
        }
    }

    #[test]
    fn an_evaluation_twice_as_large_has_twice_the_scale() {
        let positions = positions(200.0, 5_000);
        let single = result_scale(&positions, |p| f32::from(p.score)).expect("positions");
        let double = result_scale(&positions, |p| 2.0 * f32::from(p.score)).expect("positions");
        assert!((double / single - 2.0).abs() < 1e-3, "{single} {double}");
    }

    #[test]
    fn no_positions_have_no_scale() {
        assert_eq!(result_scale(&[], |_| 0.0), None);
        assert_eq!(relative_scale(&[], |_| 0.0, |_| 1.0), None);
    }

    #[test]
    fn relative_scale_is_the_ratio_of_two_evaluations() {
        let positions = positions(200.0, 5_000);
        let score = |p: &TrainingPosition| f32::from(p.score);
        let found = relative_scale(&positions, |p| 1.06 * score(p), score).expect("positions");
        assert!((found - 1.06).abs() < 1e-4, "{found}");
        // Positions beyond the limit do not count: here the evaluations disagree only there.
        let wild = |p: &TrainingPosition| {
            let s = score(p);
            if s.abs() > 700.0 {
                -s
            } else {
                s
            }
        };
        let found = relative_scale(&positions, wild, |p| 2.0 * score(p)).expect("positions");
        let beyond = positions.iter().filter(|p| score(p).abs() > 500.0).count();
        assert!(beyond > 1000, "only {beyond} positions beyond the limit");
        assert!((found - 0.5).abs() < 1e-4, "{found}");
        assert_eq!(relative_scale(&positions, score, |_| 2000.0), None);
    }
}
