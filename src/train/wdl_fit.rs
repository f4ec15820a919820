//! Fitting the WDL model ([`crate::eval::wdl`]) to self-play positions (`ferrite fit-wdl`):
//! the eight coefficients of `a(m)` and `b(m)` that make the games' results most likely
//! (least negative log-likelihood), found by Adam over the whole data at every step. The
//! positions are first counted by (material, score, result), so a step costs the number of
//! distinct triples, not of positions. The report compares, per bucket of normalised score,
//! the predicted win, draw and loss rates with the observed ones on held-out games.

use super::positions::TrainingPosition;
use crate::eval::nnue::feature_piece_type;
use crate::eval::wdl::{piece_value, WdlModel, MATERIAL_RANGE, MATERIAL_SCALE, MODEL};
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt;

/// Scores beyond this (centipawns, raw) are left out: the game is decided, and adjudicated.
pub const MAX_SCORE: i16 = 2000;
/// Optimiser steps.
const STEPS: usize = 3000;
/// Adam's learning rate at the start, in centipawns; it decays linearly to a tenth.
const LEARNING_RATE: f64 = 2.0;
/// Width of the report's buckets of normalised score, centipawns.
const BUCKET: i32 = 25;
/// The report's buckets reach this far either way, centipawns.
const REPORT_RANGE: i32 = 300;

/// The material of a training position, from its inputs: pawns 1, minor pieces 3, rooks 5,
/// queens 9, as [`crate::eval::wdl::material`] counts a board.
pub fn material(position: &TrainingPosition) -> u32 {
    position
        .white()
        .iter()
        .map(|&feature| piece_value(feature_piece_type(usize::from(feature))))
        .sum()
}

/// Positions counted by (material, score, result for the side to move).
fn histogram(positions: &[TrainingPosition]) -> Vec<((u32, i16, u8), f64)> {
    let mut counts: HashMap<(u32, i16, u8), f64> = HashMap::new();
    for position in positions.iter().filter(|p| p.score.abs() <= MAX_SCORE) {
        let m = material(position).clamp(MATERIAL_RANGE.0, MATERIAL_RANGE.1);
        *counts
            .entry((m, position.score, position.result))
            .or_default() += 1.0;
    }
    counts.into_iter().collect()
}

/// The probability of `result` (0 lost, 1 drawn, 2 won) and its gradient with respect to
/// the model's eight coefficients.
fn likelihood(model: &WdlModel, m: u32, score: f64, result: u8) -> (f64, [f64; 8]) {
    let (a, b) = model.params(m);
    let [win, _, loss] = model.probabilities(score, m);
    let (u, v) = ((a - score) / b, (a + score) / b);
    // d win / d(a, b) and d loss / d(a, b); the draw's are minus their sum.
    let dwin = [-win * (1.0 - win) / b, win * (1.0 - win) * u / b];
    let dloss = [-loss * (1.0 - loss) / b, loss * (1.0 - loss) * v / b];
    let (p, dp) = match result {
        2 => (win, dwin),
        0 => (loss, dloss),
        _ => (
            (1.0 - win - loss).max(1e-9),
            [-dwin[0] - dloss[0], -dwin[1] - dloss[1]],
        ),
    };
    let t = f64::from(m) / MATERIAL_SCALE;
    let powers = [t * t * t, t * t, t, 1.0];
    let mut gradient = [0.0; 8];
    for i in 0..4 {
        gradient[i] = dp[0] * powers[i];
        gradient[4 + i] = dp[1] * powers[i];
    }
    (p.max(1e-9), gradient)
}

/// The mean negative log-likelihood of `counts` under `model`, and its gradient.
fn loss_and_gradient(model: &WdlModel, counts: &[((u32, i16, u8), f64)]) -> (f64, [f64; 8]) {
    let total: f64 = counts.iter().map(|(_, n)| n).sum();
    let (loss, gradient) = counts
        .par_iter()
        .map(|&((m, score, result), n)| {
            let (p, dp) = likelihood(model, m, f64::from(score), result);
            (-p.ln() * n, dp.map(|d| -d / p * n))
        })
        .reduce(
            || (0.0, [0.0; 8]),
            |(l1, g1), (l2, g2)| (l1 + l2, std::array::from_fn(|i| g1[i] + g2[i])),
        );
    (loss / total, gradient.map(|g| g / total))
}

/// The model that makes `positions`' results most likely, and its loss.
pub fn fit(positions: &[TrainingPosition]) -> Option<(WdlModel, f64)> {
    let counts = histogram(positions);
    if counts.is_empty() {
        return None;
    }
    let mut model = WdlModel {
        a: [0.0, 0.0, 0.0, 150.0],
        b: [0.0, 0.0, 0.0, 80.0],
    };
    let (mut m, mut v) = ([0.0f64; 8], [0.0f64; 8]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    for step in 1..=STEPS {
        let (_, gradient) = loss_and_gradient(&model, &counts);
        let lr = LEARNING_RATE * (1.0 - 0.9 * step as f64 / STEPS as f64);
        for i in 0..8 {
            m[i] = beta1 * m[i] + (1.0 - beta1) * gradient[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            let delta = lr * m_hat / (v_hat.sqrt() + 1e-12);
            if i < 4 {
                model.a[i] -= delta;
            } else {
                model.b[i - 4] -= delta;
            }
        }
    }
    let (loss, _) = loss_and_gradient(&model, &counts);
    Some((model, loss))
}

/// One bucket of the report: positions whose normalised score falls in it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BucketReport {
    /// The bucket's lowest normalised score, centipawns.
    pub from: i32,
    /// Positions in it.
    pub positions: usize,
    /// Observed win, draw and loss rates.
    pub observed: [f64; 3],
    /// The model's mean predicted rates.
    pub predicted: [f64; 3],
}

/// How well `model` predicts `positions`: per bucket of normalised score, observed against
/// predicted rates, and the mean negative log-likelihood.
pub fn report(model: &WdlModel, positions: &[TrainingPosition]) -> (Vec<BucketReport>, f64) {
    let buckets = (2 * REPORT_RANGE / BUCKET) as usize;
    let mut report: Vec<BucketReport> = (0..buckets)
        .map(|i| BucketReport {
            from: -REPORT_RANGE + BUCKET * i as i32,
            ..BucketReport::default()
        })
        .collect();
    let (mut loss, mut counted) = (0.0, 0usize);
    for position in positions.iter().filter(|p| p.score.abs() <= MAX_SCORE) {
        let m = material(position);
        let score = f64::from(position.score);
        let predicted = model.probabilities(score, m);
        let outcome = match position.result {
            2 => 0,
            1 => 1,
            _ => 2,
        };
        loss -= predicted[outcome].max(1e-9).ln();
        counted += 1;
        let normalised = 100.0 * score / model.params(m).0;
        let index = ((normalised + f64::from(REPORT_RANGE)) / f64::from(BUCKET)).floor();
        if (0.0..buckets as f64).contains(&index) {
            let bucket = &mut report[index as usize];
            bucket.positions += 1;
            bucket.observed[outcome] += 1.0;
            for (sum, p) in bucket.predicted.iter_mut().zip(predicted) {
                *sum += p;
            }
        }
    }
    for bucket in &mut report {
        let n = bucket.positions.max(1) as f64;
        bucket.observed = bucket.observed.map(|x| x / n);
        bucket.predicted = bucket.predicted.map(|x| x / n);
    }
    (report, loss / counted.max(1) as f64)
}

impl fmt::Display for BucketReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |x: f64| 100.0 * x;
        write!(
            f,
            "{:>+5} to {:>+5}  {:>8}  {:>5.1} {:>5.1} {:>5.1}   {:>5.1} {:>5.1} {:>5.1}",
            self.from,
            self.from + BUCKET,
            self.positions,
            pct(self.observed[0]),
            pct(self.observed[1]),
            pct(self.observed[2]),
            pct(self.predicted[0]),
            pct(self.predicted[1]),
            pct(self.predicted[2]),
        )
    }
}

/// What `ferrite fit-wdl` found.
#[derive(Debug)]
pub struct WdlFit {
    /// The model.
    pub model: WdlModel,
    /// Its mean negative log-likelihood on the positions it was fitted to ...
    pub train_loss: f64,
    /// ... and on the held-out games' positions.
    pub held_out_loss: f64,
    /// The embedded model's ([`crate::eval::wdl::MODEL`]) on the same held-out positions:
    /// whether the refit is worth shipping.
    pub embedded_held_out_loss: f64,
    /// Positions fitted to and held out.
    pub positions: (usize, usize),
    /// Held-out rates per bucket of normalised score.
    pub buckets: Vec<BucketReport>,
}

/// Fits the model to the data at `paths` (as `ferrite train` reads it: data folders, game
/// files, PGN), holding out every `held_out_every`-th game to report on. `None`: no position.
pub fn fit_files(
    paths: &[std::path::PathBuf],
    held_out_every: usize,
    problem: &mut dyn FnMut(crate::datagen::manifest::DataProblem),
) -> Result<Option<WdlFit>, super::positions::DataError> {
    let data = super::positions::load(paths, held_out_every, problem)?;
    let Some((model, train_loss)) = fit(&data.train) else {
        return Ok(None);
    };
    let (buckets, held_out_loss) = report(&model, &data.held_out);
    let (_, embedded_held_out_loss) = report(&MODEL, &data.held_out);
    Ok(Some(WdlFit {
        model,
        train_loss,
        held_out_loss,
        embedded_held_out_loss,
        positions: (data.train.len(), data.held_out.len()),
        buckets,
    }))
}

impl fmt::Display for WdlFit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let WdlModel { a, b } = self.model;
        let (fitted, held_out) = self.positions;
        if held_out == 0 {
            writeln!(
                f,
                "fitted to {fitted} positions, loss {:.5}; no game held out to report on",
                self.train_loss
            )?;
        } else {
            writeln!(
                f,
                "fitted to {fitted} positions, reported on {held_out} held out; loss {:.5} \
                 (held out {:.5})",
                self.train_loss, self.held_out_loss
            )?;
            writeln!(
                f,
                "the embedded model on the same held-out positions: loss {:.5}",
                self.embedded_held_out_loss
            )?;
        }
        // The last line ends without a newline: the caller prints the report with one.
        write!(f, "WdlModel {{ a: {a:?}, b: {b:?} }}")?;
        if held_out > 0 {
            write!(
                f,
                "\nnormalised cp  positions  observed W  D     L      predicted W  D     L"
            )?;
            for bucket in self.buckets.iter().filter(|b| b.positions > 0) {
                write!(f, "\n{bucket}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;
    use crate::eval::nnue::GameResult;
    use crate::search::rng::SplitMix64;

    /// Positions drawn from `model` itself: a fit must find it again.
    #[test]
    fn the_fit_recovers_the_model_that_made_the_results() {
        let truth = WdlModel {
            a: [0.0, 0.0, 40.0, 110.0],
            b: [0.0, 0.0, 20.0, 60.0],
        };
        let boards = [
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 1),
            ("rnb1k3/pppppppp/8/8/8/8/PPPPPPPP/RNB1K3 w - - 0 1", 38),
            (crate::chess::STARTPOS_FEN, 78),
        ];
        let mut rng = SplitMix64::new(3);
        let mut positions = Vec::new();
        for (fen, m) in boards {
            let pos = Position::from_fen(fen).expect("valid");
            for _ in 0..40_000 {
                let score = rng.below(801) as i16 - 400;
                let [win, draw, _] = truth.probabilities(f64::from(score), m);
                let r = rng.below(1_000_000) as f64 / 1e6;
                let result = if r < win {
                    GameResult::WhiteWin
                } else if r < win + draw {
                    GameResult::Draw
                } else {
                    GameResult::BlackWin
                };
                let position = TrainingPosition::new(&pos, score, result);
                assert_eq!(material(&position), m);
                positions.push(position);
            }
        }
        let (model, _) = fit(&positions).expect("positions");
        for m in [17, 38, 78] {
            let (a, b) = model.params(m);
            let (ta, tb) = truth.params(m);
            assert!((a - ta).abs() < 0.1 * ta, "a({m}) = {a}, truly {ta}");
            assert!((b - tb).abs() < 0.15 * tb, "b({m}) = {b}, truly {tb}");
        }
        let (buckets, _) = report(&model, &positions);
        let central = buckets
            .iter()
            .find(|b| b.from == 0)
            .expect("a bucket from 0");
        assert!(central.positions > 1000);
        for k in 0..3 {
            assert!((central.observed[k] - central.predicted[k]).abs() < 0.03);
        }
    }
}
