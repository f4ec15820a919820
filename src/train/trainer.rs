//! The network's trainer (`ferrite train`): the float model of [`crate::eval::nnue`], trained
//! on the CPU with rayon.
//!
//! - Loss: `(sigmoid(out) - target)^2` per position, where `out` is the network's output
//!   (1.0 = [`SCALE`] centipawns) and `target` blends `sigmoid(score / SCALE)` of the search
//!   score with the game result, `wdl` of the latter. Too much weight on results cost other
//!   engines about 75 Elo; on our first 12,000 games a net with 0.25 scored 22% against the
//!   hand-crafted evaluation and one with 0 scored 48% (0.1: 38.5%), as a game's result is
//!   the same for all its positions and the net learns it by heart: the default is 0.
//! - Optimiser: AdamW over mini-batches of shuffled positions (unshuffled data made other
//!   engines' first nets far weaker), the learning rate decaying along a cosine from `lr` to
//!   a twentieth of it over the run; every weight clipped to `[-CLIP, CLIP]` after each step,
//!   which keeps the quantised sums within their integers (see [`network`]).
//! - Each epoch reports the training loss and the loss on held-out games.
//! - Output: a float checkpoint (to resume or warm-start the next net) and the quantised
//!   network the engine embeds.
//!
//! Parameters live in one flat vector: the feature weights (one row of HIDDEN per input),
//! the feature bias, the output weights of each output bucket (side to move's half first)
//! and the output biases.
//!
//! [`network`]: crate::eval::nnue::network

use super::positions::TrainingPosition;
use crate::chess::Color;
use crate::eval::nnue::network::Network;
use crate::eval::nnue::simd::{Kernel, Row};
use crate::eval::nnue::{output_bucket, HIDDEN, INPUTS, OUTPUT_BUCKETS, QA, QB, SCALE};
use crate::search::rng::SplitMix64;
use rayon::prelude::*;
use std::fmt;

/// Every weight stays within this, so that the quantised network cannot overflow.
pub const CLIP: f32 = 1.98;
/// Offset of the feature bias in the parameter vector.
const BIAS: usize = INPUTS * HIDDEN;
/// Offset of the output weights, `2 * HIDDEN` per bucket.
const OUTPUT: usize = BIAS + HIDDEN;
/// Offset of the output biases, one per bucket.
const OUTPUT_BIAS: usize = OUTPUT + OUTPUT_BUCKETS * 2 * HIDDEN;

/// Offset of the output weights of `bucket`.
const fn output_weights_offset(bucket: usize) -> usize {
    OUTPUT + bucket * 2 * HIDDEN
}
/// Parameters in all.
pub const PARAMETERS: usize = parameters(HIDDEN);

/// Parameters of a network of `hidden` neurons (and this build's inputs and buckets).
const fn parameters(hidden: usize) -> usize {
    (INPUTS + 1 + 2 * OUTPUT_BUCKETS) * hidden + OUTPUT_BUCKETS
}

/// Seeds the feature weights of the neurons a smaller checkpoint is grown by.
const GROWTH_SEED: u64 = 0x6772_6f77;
/// First bytes of a float checkpoint, followed by the hidden size and the number of output
/// buckets (u32 each) and the parameters (f32), all little-endian.
pub const CHECKPOINT_MAGIC: &[u8; 8] = b"FRTCKPT2";
/// Bytes before a checkpoint's parameters.
const CHECKPOINT_HEADER: usize = 16;

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch_size: usize,
    /// Learning rate at the start.
    pub lr: f32,
    /// Weight of the game result in the target (the search score has the rest).
    pub wdl: f32,
    /// AdamW's weight decay.
    pub weight_decay: f32,
    /// Seeds the initial weights and the shuffles.
    pub seed: u64,
}

/// The float network.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// All parameters (see the module's layout).
    pub params: Vec<f32>,
}

/// Why a checkpoint could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckpointError {
    /// The bytes do not start with [`CHECKPOINT_MAGIC`].
    NotACheckpoint,
    /// A checkpoint of a shape this build cannot read: its hidden size and output buckets.
    Shape(u32, u32),
    /// The bytes end early or run on: how many there are, and how many its shape needs.
    Size(usize, usize),
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::NotACheckpoint => {
                write!(f, "not a Ferrite checkpoint of this layout (no FRTCKPT2)")
            }
            CheckpointError::Shape(hidden, buckets) => write!(
                f,
                "a checkpoint of {hidden} hidden neurons and {buckets} output buckets; this \
                 build has {HIDDEN} and {OUTPUT_BUCKETS} (it grows a checkpoint of fewer \
                 neurons, of as many buckets)"
            ),
            CheckpointError::Size(size, expected) => {
                write!(
                    f,
                    "{size} bytes, but a checkpoint of its shape has {expected}"
                )
            }
        }
    }
}

impl std::error::Error for CheckpointError {}

/// The sums one position makes: both accumulators (side to move's first), the output
/// bucket and the output.
struct Forward {
    sides: [[f32; HIDDEN]; 2],
    bucket: usize,
    out: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// SCReLU: clamped to `[0, 1]`, squared.
#[inline]
fn screlu(x: f32) -> f32 {
    let clipped = x.clamp(0.0, 1.0);
    clipped * clipped
}

impl FloatNetwork {
    /// Small random weights from `seed`: each layer uniform within `1/sqrt(fan-in)`, the
    /// inputs' fan-in taken as the 32 pieces a board has at most.
    pub fn random(seed: u64) -> FloatNetwork {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * bound
        };
        let input_bound = 1.0 / 32f32.sqrt();
        let output_bound = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        let mut params = vec![0.0; PARAMETERS];
        for (index, param) in params.iter_mut().enumerate() {
            *param = match index {
                i if i < BIAS => uniform(input_bound),
                i if i < OUTPUT => 0.0,
                i if i < OUTPUT_BIAS => uniform(output_bound),
                _ => 0.0,
            };
        }
        FloatNetwork { params }
    }

    fn forward(&self, position: &TrainingPosition) -> Forward {
        let bias = &self.params[BIAS..OUTPUT];
        let mut white = [0f32; HIDDEN];
        let mut black = [0f32; HIDDEN];
        white.copy_from_slice(bias);
        black.copy_from_slice(bias);
        for (&feature, other) in position.white().iter().zip(position.black()) {
            add_row(&mut white, self.row(usize::from(feature)));
            add_row(&mut black, self.row(other));
        }
        let sides = if position.side_to_move == Color::White {
            [white, black]
        } else {
            [black, white]
        };
        let bucket = output_bucket(position.white().len());
        let output = output_weights_offset(bucket);
        let mut out = self.params[OUTPUT_BIAS + bucket];
        for (side, weights) in sides
            .iter()
            .zip(self.params[output..output + 2 * HIDDEN].chunks_exact(HIDDEN))
        {
            out += side
                .iter()
                .zip(weights)
                .map(|(&value, &weight)| screlu(value) * weight)
                .sum::<f32>();
        }
        Forward { sides, bucket, out }
    }

    fn row(&self, feature: usize) -> &[f32] {
        &self.params[feature * HIDDEN..(feature + 1) * HIDDEN]
    }

    /// The network's evaluation of `position` in centipawns for the side to move.
    pub fn evaluate(&self, position: &TrainingPosition) -> f32 {
        self.forward(position).out * SCALE as f32
    }

    /// Multiplies the output layer (every bucket's weights and bias) by `factor`, which
    /// multiplies every evaluation by it; parameters stay within `[-CLIP, CLIP]`.
    pub fn scale_output(&mut self, factor: f32) {
        for param in &mut self.params[OUTPUT..] {
            *param = (*param * factor).clamp(-CLIP, CLIP);
        }
    }

    /// Adds the loss gradient of `position` to `grad`; returns its loss.
    fn backward(&self, position: &TrainingPosition, wdl: f32, grad: &mut [f32]) -> f32 {
        let forward = self.forward(position);
        let predicted = sigmoid(forward.out);
        let target = target(position, wdl);
        let error = predicted - target;
        let g = 2.0 * error * predicted * (1.0 - predicted);
        grad[OUTPUT_BIAS + forward.bucket] += g;
        let mut deltas = [[0f32; HIDDEN]; 2];
        for (half, (side, delta)) in forward.sides.iter().zip(&mut deltas).enumerate() {
            let start = output_weights_offset(forward.bucket) + half * HIDDEN;
            let weights = &self.params[start..start + HIDDEN];
            let weight_grads = &mut grad[start..start + HIDDEN];
            for j in 0..HIDDEN {
                let value = side[j];
                weight_grads[j] += g * screlu(value);
                delta[j] = if value > 0.0 && value < 1.0 {
                    g * weights[j] * 2.0 * value
                } else {
                    0.0
                };
            }
        }
        let [white_delta, black_delta] = if position.side_to_move == Color::White {
            deltas
        } else {
            [deltas[1], deltas[0]]
        };
        for j in 0..HIDDEN {
            grad[BIAS + j] += white_delta[j] + black_delta[j];
        }
        for (&feature, other) in position.white().iter().zip(position.black()) {
            let feature = usize::from(feature);
            add_row(
                &mut grad[feature * HIDDEN..(feature + 1) * HIDDEN],
                &white_delta,
            );
            add_row(
                &mut grad[other * HIDDEN..(other + 1) * HIDDEN],
                &black_delta,
            );
        }
        error * error
    }

    /// Mean loss over `positions`.
    pub fn loss(&self, positions: &[TrainingPosition], wdl: f32) -> f64 {
        if positions.is_empty() {
            return 0.0;
        }
        let sum: f64 = positions
            .par_iter()
            .map(|position| {
                let error = sigmoid(self.forward(position).out) - target(position, wdl);
                f64::from(error * error)
            })
            .sum();
        sum / positions.len() as f64
    }

    /// The quantised network: weights rounded to their integer scales.
    pub fn quantise(&self) -> Network {
        let q = |value: f32, scale: i32| (value * scale as f32).round() as i16;
        let row = |start: usize, scale: i32| -> Row {
            Row(std::array::from_fn(|j| q(self.params[start + j], scale)))
        };
        Network {
            feature_weights: (0..INPUTS).map(|i| row(i * HIDDEN, QA)).collect(),
            feature_bias: row(BIAS, QA),
            output_weights: std::array::from_fn(|bucket| {
                let start = output_weights_offset(bucket);
                [row(start, QB), row(start + HIDDEN, QB)]
            }),
            output_bias: std::array::from_fn(|bucket| {
                (self.params[OUTPUT_BIAS + bucket] * (QA * QB) as f32).round() as i32
            }),
            description: String::new(),
            kernel: Kernel::best(),
        }
    }

    /// The quantised network, each output bucket's bias shifted so that on the bucket's
    /// `positions` it gives on average what the float network gives. Rounding the output
    /// weights can move every evaluation alike: the neurons that are on in every position add
    /// up their rounding errors into one constant (25 cp, all against the side to move, in
    /// one net of ours).
    pub fn quantise_calibrated(&self, positions: &[TrainingPosition]) -> Network {
        let mut quantised = self.quantise();
        // The trainer calibrates on ten thousand positions: one thread is quick enough.
        let mut gaps = [(0f64, 0usize); OUTPUT_BUCKETS];
        for position in positions {
            let (sum, count) = &mut gaps[output_bucket(position.white().len())];
            *sum += f64::from(self.evaluate(position))
                - f64::from(quantised_evaluation(&quantised, position));
            *count += 1;
        }
        let per_centipawn = f64::from(QA * QB) / f64::from(SCALE);
        for (bias, (sum, count)) in quantised.output_bias.iter_mut().zip(gaps) {
            if count > 0 {
                *bias += (sum / count as f64 * per_centipawn).round() as i32;
            }
        }
        quantised
    }

    /// The checkpoint's bytes.
    pub fn to_checkpoint(&self) -> Vec<u8> {
        let mut bytes = CHECKPOINT_MAGIC.to_vec();
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&(OUTPUT_BUCKETS as u32).to_le_bytes());
        bytes.extend(self.params.iter().flat_map(|value| value.to_le_bytes()));
        bytes
    }

    /// The network saved in a checkpoint. A checkpoint of fewer hidden neurons (a smaller
    /// network's, to warm-start a larger one or to match its scale) is grown to this build's
    /// size: its neurons come first, and each added one has random feature weights but a zero
    /// bias and zero output weights, so the grown network evaluates every position exactly
    /// as the checkpoint's does, and training wakes the added neurons through their output
    /// weights.
    pub fn from_checkpoint(bytes: &[u8]) -> Result<FloatNetwork, CheckpointError> {
        let rest = bytes
            .strip_prefix(CHECKPOINT_MAGIC.as_slice())
            .ok_or(CheckpointError::NotACheckpoint)?;
        let (shape, values) = rest
            .split_at_checked(CHECKPOINT_HEADER - CHECKPOINT_MAGIC.len())
            .ok_or(CheckpointError::Size(bytes.len(), CHECKPOINT_HEADER))?;
        let hidden = u32::from_le_bytes([shape[0], shape[1], shape[2], shape[3]]);
        let buckets = u32::from_le_bytes([shape[4], shape[5], shape[6], shape[7]]);
        let small = hidden as usize;
        if small == 0 || small > HIDDEN || buckets as usize != OUTPUT_BUCKETS {
            return Err(CheckpointError::Shape(hidden, buckets));
        }
        let expected = CHECKPOINT_HEADER + 4 * parameters(small);
        if bytes.len() != expected {
            return Err(CheckpointError::Size(bytes.len(), expected));
        }
        let read: Vec<f32> = values
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if small == HIDDEN {
            return Ok(FloatNetwork { params: read });
        }
        let mut grown = FloatNetwork::random(GROWTH_SEED);
        grown.params[BIAS..OUTPUT_BIAS].fill(0.0);
        let rows = INPUTS + 1 + 2 * OUTPUT_BUCKETS;
        for (row, old) in read[..rows * small].chunks_exact(small).enumerate() {
            grown.params[row * HIDDEN..row * HIDDEN + small].copy_from_slice(old);
        }
        grown.params[OUTPUT_BIAS..].copy_from_slice(&read[rows * small..]);
        Ok(grown)
    }
}

#[inline]
fn add_row(into: &mut [f32], row: &[f32]) {
    for (value, add) in into.iter_mut().zip(row) {
        *value += add;
    }
}

/// The target of `position`: its score's expectation blended with its result.
fn target(position: &TrainingPosition, wdl: f32) -> f32 {
    let expected = sigmoid(f32::from(position.score) / SCALE as f32);
    let result = f32::from(position.result) / 2.0;
    (1.0 - wdl) * expected + wdl * result
}

/// One epoch's report.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// 1-based epoch number.
    pub epoch: usize,
    /// Mean training loss over the epoch's batches.
    pub train_loss: f64,
    /// Mean loss on the held-out positions after the epoch.
    pub held_out_loss: f64,
    /// Learning rate at the epoch's end.
    pub lr: f32,
    /// Training positions per second.
    pub positions_per_second: f64,
}

impl fmt::Display for EpochReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "epoch {}: train loss {:.6}, held-out loss {:.6}, lr {:.6}, {:.0} positions/s",
            self.epoch, self.train_loss, self.held_out_loss, self.lr, self.positions_per_second
        )
    }
}

/// AdamW's moment estimates.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;
/// The learning rate ends at this fraction of its start.
const FINAL_LR_SHARE: f32 = 0.05;

impl Adam {
    fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32, weight_decay: f32) {
        self.steps += 1;
        let m_hat = 1.0 / (1.0 - BETA1.powi(self.steps));
        let v_hat = 1.0 / (1.0 - BETA2.powi(self.steps));
        params
            .par_iter_mut()
            .zip(grad)
            .zip(self.m.par_iter_mut().zip(self.v.par_iter_mut()))
            .for_each(|((param, &g), (m, v))| {
                *m = BETA1 * *m + (1.0 - BETA1) * g;
                *v = BETA2 * *v + (1.0 - BETA2) * g * g;
                let update = (*m * m_hat) / ((*v * v_hat).sqrt() + EPSILON);
                *param = (*param - lr * (update + weight_decay * *param)).clamp(-CLIP, CLIP);
            });
    }
}

/// Trains `net` on `train` (shuffled in place each epoch), reporting each epoch with the loss
/// on `held_out`; runs on the current rayon pool.
pub fn train(
    net: &mut FloatNetwork,
    train: &mut [TrainingPosition],
    held_out: &[TrainingPosition],
    config: &TrainConfig,
    report: &mut dyn FnMut(&EpochReport),
) {
    let mut adam = Adam {
        m: vec![0.0; PARAMETERS],
        v: vec![0.0; PARAMETERS],
        steps: 0,
    };
    let mut rng = SplitMix64::new(config.seed ^ 0x5EED);
    let batch_size = config.batch_size.max(1);
    let batches_per_epoch = train.len().div_ceil(batch_size).max(1);
    let total_steps = (batches_per_epoch * config.epochs).max(1) as f32;
    let mut lr = config.lr;
    let threads = rayon::current_num_threads().max(1);
    for epoch in 1..=config.epochs {
        let started = std::time::Instant::now();
        shuffle(train, &mut rng);
        let mut loss_sum = 0.0f64;
        for batch in train.chunks(batch_size) {
            let progress = adam.steps as f32 / total_steps;
            let cosine = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
            lr = config.lr * (FINAL_LR_SHARE + (1.0 - FINAL_LR_SHARE) * cosine);
            let chunk = batch.len().div_ceil(threads);
            let (mut grad, loss) = batch
                .par_chunks(chunk)
                .map(|part| {
                    let mut grad = vec![0.0f32; PARAMETERS];
                    let loss: f32 = part
                        .iter()
                        .map(|position| net.backward(position, config.wdl, &mut grad))
                        .sum();
                    (grad, f64::from(loss))
                })
                .reduce(
                    || (vec![0.0f32; PARAMETERS], 0.0),
                    |(mut a, la), (b, lb)| {
                        add_row(&mut a, &b);
                        (a, la + lb)
                    },
                );
            let scale = 1.0 / batch.len() as f32;
            grad.iter_mut().for_each(|g| *g *= scale);
            adam.step(&mut net.params, &grad, lr, config.weight_decay);
            loss_sum += loss;
        }
        let seconds = started.elapsed().as_secs_f64();
        report(&EpochReport {
            epoch,
            train_loss: loss_sum / train.len().max(1) as f64,
            held_out_loss: net.loss(held_out, config.wdl),
            lr,
            positions_per_second: train.len() as f64 / seconds.max(1e-9),
        });
    }
}

/// Fisher-Yates with `rng`.
fn shuffle(positions: &mut [TrainingPosition], rng: &mut SplitMix64) {
    for i in (1..positions.len()).rev() {
        positions.swap(i, rng.below(i + 1));
    }
}

/// The evaluation of `position` by the quantised network, in centipawns for the side to move.
pub fn quantised_evaluation(quantised: &Network, position: &TrainingPosition) -> i32 {
    let white = quantised.accumulate(position.white().iter().map(|&f| usize::from(f)));
    let black = quantised.accumulate(position.black());
    let pieces = position.white().len();
    if position.side_to_move == Color::White {
        quantised.output(&[white, black], pieces)
    } else {
        quantised.output(&[black, white], pieces)
    }
}

/// The gaps between the float network and its quantised form over some positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct QuantisationError {
    /// Mean gap, centipawns.
    pub mean: f32,
    /// Largest gap, centipawns.
    pub max: f32,
}

/// How far the quantised network strays from the float one over `positions`.
pub fn quantisation_error(
    net: &FloatNetwork,
    quantised: &Network,
    positions: &[TrainingPosition],
) -> QuantisationError {
    let gaps: Vec<f32> = positions
        .iter()
        .map(|position| {
            (net.evaluate(position) - quantised_evaluation(quantised, position) as f32).abs()
        })
        .collect();
    QuantisationError {
        mean: gaps.iter().sum::<f32>() / gaps.len().max(1) as f32,
        max: gaps.iter().copied().fold(0.0, f32::max),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;
    use crate::eval::nnue::GameResult;

    fn positions() -> Vec<Position> {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        ];
        fens.iter()
            .map(|fen| Position::from_fen(fen).expect("valid"))
            .collect()
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let net = FloatNetwork::random(3);
        let position = TrainingPosition::new(&positions()[1], 80, GameResult::WhiteWin);
        let mut grad = vec![0.0; PARAMETERS];
        net.backward(&position, 0.25, &mut grad);
        let loss = |net: &FloatNetwork| {
            let error = sigmoid(net.forward(&position).out) - target(&position, 0.25);
            error * error
        };
        let feature = usize::from(position.white()[0]);
        // Kiwipete has 32 pieces: the last output bucket.
        let output = output_weights_offset(7);
        for index in [
            feature * HIDDEN + 5,
            BIAS + 7,
            output + 3,
            output + HIDDEN + 9,
            OUTPUT_BIAS + 7,
        ] {
            let mut plus = net.clone();
            plus.params[index] += 1e-3;
            let mut minus = net.clone();
            minus.params[index] -= 1e-3;
            let numeric = (loss(&plus) - loss(&minus)) / 2e-3;
            assert!(
                (numeric - grad[index]).abs() < 1e-4 + 0.05 * numeric.abs(),
                "parameter {index}: numeric {numeric}, analytic {}",
                grad[index]
            );
        }
    }

    #[test]
    fn scaling_the_output_layer_scales_every_evaluation() {
        let net = FloatNetwork::random(5);
        let mut scaled = net.clone();
        scaled.scale_output(0.9);
        // Only the output layer changed.
        assert_eq!(net.params[..OUTPUT], scaled.params[..OUTPUT]);
        for pos in positions() {
            let position = TrainingPosition::new(&pos, 0, GameResult::Draw);
            let (before, after) = (net.evaluate(&position), scaled.evaluate(&position));
            assert!(before.abs() > 1.0, "{before}");
            assert!(
                (after - 0.9 * before).abs() < 1e-3 * before.abs(),
                "{before} {after}"
            );
        }
    }

    #[test]
    fn training_lowers_the_loss_and_the_quantised_net_agrees() {
        // Positions labelled by a simple rule the network can learn: material.
        let mut rng = SplitMix64::new(9);
        let mut data = Vec::new();
        for _ in 0..3000 {
            let mut pos = Position::startpos();
            for _ in 0..(8 + rng.below(30)) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make_move(moves.as_slice()[rng.below(moves.len())]);
            }
            let material = |color| {
                [
                    (crate::chess::PieceType::Pawn, 100),
                    (crate::chess::PieceType::Knight, 300),
                ]
                .iter()
                .map(|&(piece, value)| pos.pieces(color, piece).popcount() as i32 * value)
                .sum::<i32>()
            };
            let us = pos.side_to_move();
            let score = (material(us) - material(us.flip())) as i16;
            data.push(TrainingPosition::new(&pos, score, GameResult::Draw));
        }
        let held_out = data.split_off(2700);
        let mut net = FloatNetwork::random(1);
        let before = net.loss(&held_out, 0.0);
        let config = TrainConfig {
            epochs: 30,
            batch_size: 32,
            lr: 0.01,
            wdl: 0.0,
            weight_decay: 0.0,
            seed: 2,
        };
        let mut reports = Vec::new();
        train(&mut net, &mut data, &held_out, &config, &mut |r| {
            reports.push(*r)
        });
        assert_eq!(reports.len(), 30);
        let after = reports.last().expect("30 epochs").held_out_loss;
        assert!(after < before * 0.85, "held-out loss {before} -> {after}");
        assert!(reports[29].lr < reports[0].lr);
        assert!(net.params.iter().all(|p| p.abs() <= CLIP));

        let quantised = net.quantise_calibrated(&data);
        // Output weights are kept in 64ths, so each of the 2 x HIDDEN products may be off by a
        // 128th: a few centipawns on average, rarely more than 20.
        let error = quantisation_error(&net, &quantised, &held_out);
        assert!(error.mean < 5.0 && error.max < 20.0, "{error:?}");
        let signed_gap = |net: &FloatNetwork, quantised: &Network| {
            data.iter()
                .map(|p| net.evaluate(p) - quantised_evaluation(quantised, p) as f32)
                .sum::<f32>()
                / data.len() as f32
        };
        // On the positions it is calibrated on, the mean gap is gone, within the half
        // centipawn that whole-centipawn outputs leave.
        assert!(signed_gap(&net, &quantised).abs() < 0.5);
        // A network whose rounding errors add up in one direction: the shift takes them back.
        let mut skewed = net.clone();
        for weight in &mut skewed.params[OUTPUT..OUTPUT_BIAS] {
            *weight = (*weight * QB as f32).round() / QB as f32 + 0.4 / QB as f32;
        }
        assert!(signed_gap(&skewed, &skewed.quantise()).abs() > 3.0);
        assert!(signed_gap(&skewed, &skewed.quantise_calibrated(&data)).abs() < 0.5);
        // The quantised network reads a position the same from its inputs or its board.
        for pos in positions() {
            let record = TrainingPosition::new(&pos, 0, GameResult::Draw);
            assert_eq!(
                quantised_evaluation(&quantised, &record),
                quantised.evaluate(&pos)
            );
        }
    }

    #[test]
    fn a_checkpoint_of_fewer_neurons_grows_into_a_network_that_evaluates_as_it_does() {
        let half = HIDDEN / 2;
        let mut net = FloatNetwork::random(5);
        for param in &mut net.params[BIAS..OUTPUT] {
            *param = 0.1;
        }
        // The checkpoint of the first half of each neuron row: a network of half the size.
        let rows = INPUTS + 1 + 2 * OUTPUT_BUCKETS;
        let mut small = CHECKPOINT_MAGIC.to_vec();
        small.extend_from_slice(&(half as u32).to_le_bytes());
        small.extend_from_slice(&(OUTPUT_BUCKETS as u32).to_le_bytes());
        let values = net.params[..rows * HIDDEN]
            .chunks_exact(HIDDEN)
            .flat_map(|row| &row[..half])
            .chain(&net.params[OUTPUT_BIAS..]);
        small.extend(values.flat_map(|value| value.to_le_bytes()));
        let grown = FloatNetwork::from_checkpoint(&small).expect("grown");
        // The same network with the second half silenced evaluates as the grown one.
        for bucket in 0..OUTPUT_BUCKETS {
            for side in 0..2 {
                let start = output_weights_offset(bucket) + side * HIDDEN;
                net.params[start + half..start + HIDDEN].fill(0.0);
            }
        }
        for position in positions() {
            let position = TrainingPosition::new(&position, 0, GameResult::Draw);
            assert_ne!(net.evaluate(&position), 0.0);
            assert_eq!(grown.evaluate(&position), net.evaluate(&position));
        }
        // The added neurons can learn: their feature weights are not all zero.
        assert!(grown.params[half..HIDDEN]
            .iter()
            .any(|&weight| weight != 0.0));
    }

    #[test]
    fn checkpoints_round_trip_and_refuse_other_shapes() {
        let net = FloatNetwork::random(4);
        let bytes = net.to_checkpoint();
        assert_eq!(FloatNetwork::from_checkpoint(&bytes), Ok(net));
        assert_eq!(
            FloatNetwork::from_checkpoint(&bytes[..bytes.len() - 4]),
            Err(CheckpointError::Size(bytes.len() - 4, bytes.len()))
        );
        assert_eq!(
            FloatNetwork::from_checkpoint(&bytes[..12]),
            Err(CheckpointError::Size(12, CHECKPOINT_HEADER))
        );
        let mut other = bytes.clone();
        other[8..12].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(
            FloatNetwork::from_checkpoint(&other),
            Err(CheckpointError::Shape(0, OUTPUT_BUCKETS as u32))
        );
        let mut other = bytes.clone();
        let doubled = 2 * HIDDEN as u32;
        other[8..12].copy_from_slice(&doubled.to_le_bytes());
        assert_eq!(
            FloatNetwork::from_checkpoint(&other),
            Err(CheckpointError::Shape(doubled, OUTPUT_BUCKETS as u32))
        );
        let mut other = bytes.clone();
        other[12..16].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(
            FloatNetwork::from_checkpoint(&other),
            Err(CheckpointError::Shape(HIDDEN as u32, 1))
        );
        assert_eq!(
            FloatNetwork::from_checkpoint(b"nonsense"),
            Err(CheckpointError::NotACheckpoint)
        );
    }
}
