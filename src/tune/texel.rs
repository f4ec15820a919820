//! Texel tuning (Peter Österlund's method, as on the chessprogramming wiki): find the weights
//! that minimise the mean squared error between each position's game result `r` (white's
//! view) and `sigmoid(K · eval / 400)`, where `eval` is the white-view static evaluation.
//!
//! Here the unknowns are one middlegame and one endgame multiplier per [`Group`] of weights, then
//! the middlegame and endgame value of every entry of the evaluation's tables (piece-square,
//! mobility, passed and connected pawns by rank, king shelter and pawn storm, threats by victim),
//! each on its own, then the king-danger weight of each [`Danger`] feature with the penalty's cap
//! and endgame divisor. Given a position's [`Features`](crate::eval::Features), the evaluation is
//! linear in all but the king-danger unknowns (a capped square of a weighted sum, whose gradient is
//! taken as such), so every position is reduced once (in parallel) to a [`Sample`], and each step
//! of the descent is a pass of dot products over those. `K` is fitted first, with the current
//! weights, by a coarse-to-fine scan, then held fixed. The descent is Adam (Kingma and Ba, 2015):
//! the coefficients differ in size by orders of magnitude (queens against tempo, a group against
//! one table entry), and Adam's per-coordinate step sizes do not care. Entries are held in pawns,
//! so that one step moves a multiplier and an entry by similar fractions.
//!
//! [`tune_files`] is the whole of `ferrite tune` short of the printing: it reads the data files
//! ([`load_file`]) and fits, on a thread pool of the size asked for; a file it cannot use is a
//! [`TuneError`] naming the path.

use super::data::{parse_record, LineError};
use super::datagen::is_kept;
use super::game_file::{decode, GameFileError, MAGIC};
use crate::chess::Position;
use crate::eval::params::{
    KING_DANGER_DIVISOR, KING_DANGER_EG_DIVISOR, KING_DANGER_MAX, KING_DANGER_WEIGHTS,
};
use crate::eval::{
    danger_units, features, king_danger, table_entry, Danger, Group, KingAttack, TABLE_ENTRIES,
};
use rayon::prelude::*;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Unknowns before the table entries: a middlegame and an endgame multiplier per
/// group.
pub const GROUP_UNKNOWNS: usize = 2 * Group::COUNT;

/// Where the king-danger unknowns start: after the multipliers and `[mg, eg]` per table
/// entry.
const DANGER_START: usize = GROUP_UNKNOWNS + 2 * TABLE_ENTRIES;

/// The king-danger unknowns, in this order after [`DANGER_START`]: the weight of each
/// [`Danger`] feature, the middlegame cap, and the endgame centipawns per danger unit.
const DANGER_UNKNOWNS: usize = Danger::COUNT + 2;

/// Number of unknowns: the multipliers, then `[mg, eg]` per table entry, then king danger.
pub const UNKNOWNS: usize = DANGER_START + DANGER_UNKNOWNS;

/// Centipawns per unit of a table-entry unknown, and of the king-danger cap.
const ENTRY_UNIT: f64 = 100.0;

/// Danger units per unit of a king-danger weight's unknown.
const DANGER_UNIT: f64 = 10.0;

/// The king-danger unknown of the endgame divisor `d` is `DANGER_EG_UNIT / d`: the divisor
/// itself would step unevenly (9 to 8 is a bigger change than 9 to 10).
const DANGER_EG_UNIT: f64 = 10.0;

/// The king-danger weights, cap and endgame divisor that `weights` hold.
fn danger_params(weights: &Weights) -> ([f64; Danger::COUNT], f64, f64) {
    let at = &weights[DANGER_START..];
    let feature_weights = std::array::from_fn(|i| at[i] * DANGER_UNIT);
    let max = at[Danger::COUNT] * ENTRY_UNIT;
    let eg_divisor = DANGER_EG_UNIT / at[Danger::COUNT + 1];
    (feature_weights, max, eg_divisor)
}

/// A multiplier per group: `[mg, eg]`, 1.0 for the current weights.
pub type Multipliers = [[f64; 2]; Group::COUNT];

/// Every unknown, flattened: see [`UNKNOWNS`].
pub type Weights = [f64; UNKNOWNS];

/// The current weights: every multiplier 1.0, every table entry and king-danger weight its
/// value in `params.rs`.
pub fn current() -> Weights {
    std::array::from_fn(|i| {
        if i < GROUP_UNKNOWNS {
            1.0
        } else if i < DANGER_START {
            let j = i - GROUP_UNKNOWNS;
            let value = table_entry(j / 2);
            f64::from([value.mg, value.eg][j % 2]) / ENTRY_UNIT
        } else {
            match i - DANGER_START {
                f if f < Danger::COUNT => f64::from(KING_DANGER_WEIGHTS[f]) / DANGER_UNIT,
                f if f == Danger::COUNT => f64::from(KING_DANGER_MAX) / ENTRY_UNIT,
                _ => DANGER_EG_UNIT / f64::from(KING_DANGER_EG_DIVISOR),
            }
        }
    })
}

/// Positions per parallel work item; sums are over these chunks in order, so results do not
/// depend on the number of threads.
const CHUNK: usize = 4096;

/// One position reduced to what the error needs.
#[derive(Clone, Debug)]
pub struct Sample {
    /// `[mg, eg]` per group, flattened: the groups' part of the white-view evaluation is the
    /// dot product with the multipliers (see [`crate::eval::Features::coefficients`]).
    pub coefficients: [f32; GROUP_UNKNOWNS],
    /// `[mg, eg]` weight of a table-entry unknown, in centipawns per unit.
    pub shares: [f32; 2],
    /// `(entry, sign)` per table entry used (see [`crate::eval::Features::entries`]).
    pub entries: Vec<(u16, i8)>,
    /// The attacks on the white and on the black king (see
    /// [`crate::eval::Features::king_attacks`]).
    pub king_attacks: [KingAttack; 2],
    /// The game result from white's view: 1.0, 0.5 or 0.0.
    pub result: f32,
}

impl Sample {
    /// The white-view evaluation under `weights`.
    fn eval(&self, weights: &Weights) -> f64 {
        let groups: f64 = self
            .coefficients
            .iter()
            .zip(weights)
            .map(|(&c, &w)| f64::from(c) * w)
            .sum();
        let [mg, eg] = self.shares.map(f64::from);
        let tables: f64 = self
            .entries
            .iter()
            .map(|&(entry, sign)| {
                let at = GROUP_UNKNOWNS + 2 * usize::from(entry);
                f64::from(sign) * (mg * weights[at] + eg * weights[at + 1])
            })
            .sum();
        let (danger_weights, max, eg_divisor) = danger_params(weights);
        let danger: f64 = self
            .king_attacks
            .iter()
            .zip([1.0, -1.0])
            .map(|(attack, sign)| {
                let [d_mg, d_eg] = king_danger(attack, &danger_weights, max, eg_divisor);
                sign * (mg * d_mg + eg * d_eg) / ENTRY_UNIT
            })
            .sum();
        groups + tables + danger
    }

    /// Adds `factor` times this sample's gradient of [`Sample::eval`] to `sum`.
    fn add_gradient(&self, factor: f64, weights: &Weights, sum: &mut Weights) {
        for (total, &c) in sum.iter_mut().zip(&self.coefficients) {
            *total += factor * f64::from(c);
        }
        let [mg, eg] = self.shares.map(f64::from);
        for &(entry, sign) in &self.entries {
            let at = GROUP_UNKNOWNS + 2 * usize::from(entry);
            let signed = factor * f64::from(sign);
            sum[at] += signed * mg;
            sum[at + 1] += signed * eg;
        }
        let (danger_weights, max, eg_divisor) = danger_params(weights);
        let [mg, eg] = self.shares.map(|share| f64::from(share) / ENTRY_UNIT);
        for (attack, sign) in self.king_attacks.iter().zip([1.0, -1.0]) {
            let units = danger_units(attack, &danger_weights);
            if attack.attackers < 2 || units <= 0.0 {
                continue;
            }
            let signed = factor * sign;
            // The penalty is -min(units² / divisor, max) in the middlegame and
            // -units / eg_divisor in the endgame; units are the counts times the weights.
            let divisor = f64::from(KING_DANGER_DIVISOR);
            let mg_per_unit = if units * units / divisor < max {
                -2.0 * units / divisor
            } else {
                sum[DANGER_START + Danger::COUNT] -= signed * mg * ENTRY_UNIT;
                0.0
            };
            let per_unit = mg * mg_per_unit - eg / eg_divisor;
            for (f, &count) in attack.counts.iter().enumerate() {
                sum[DANGER_START + f] += signed * per_unit * f64::from(count) * DANGER_UNIT;
            }
            sum[DANGER_START + Danger::COUNT + 1] -= signed * eg * units / DANGER_EG_UNIT;
        }
    }
}

/// Reads a data file's text (`<FEN> | <result>` lines) into samples, in parallel. The
/// first bad line, in file order, is the error.
pub fn load(text: &str) -> Result<Vec<Sample>, LineError> {
    let lines: Vec<&str> = text.lines().collect();
    let parsed: Vec<Result<Option<Sample>, LineError>> = lines
        .par_iter()
        .enumerate()
        .map(|(index, line)| {
            let record = parse_record(line, index + 1)?;
            Ok(record.map(|(position, result)| sample(&position, result)))
        })
        .collect();
    parsed.into_iter().filter_map(Result::transpose).collect()
}

/// The samples of the games of a datagen game file: their quiet positions (see
/// [`is_kept`]), labelled with each game's result.
pub fn load_games(bytes: &[u8]) -> Result<Vec<Sample>, GameFileError> {
    let games = decode(bytes)?.games;
    let kept: Vec<(Position, f64)> = games
        .iter()
        .flat_map(|game| {
            let result = game.result.white_score();
            game.positions()
                .enumerate()
                .filter(|(ply, (pos, mv, score))| is_kept(pos, *ply, *mv, Some(i32::from(*score))))
                .map(move |(_, (pos, _, _))| (pos, result))
        })
        .collect();
    Ok(kept
        .par_iter()
        .map(|(pos, result)| sample(pos, *result))
        .collect())
}

/// The sample of `position`, labelled with `result` (White's score).
fn sample(position: &Position, result: f64) -> Sample {
    let found = features(position);
    let coefficients = found.coefficients();
    Sample {
        coefficients: std::array::from_fn(|i| coefficients[i / 2][i % 2] as f32),
        shares: found.shares().map(|share| (share * ENTRY_UNIT) as f32),
        entries: found.entries,
        king_attacks: found.king_attacks,
        result: result as f32,
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of `sigmoid(k · eval / 400)` against the results.
pub fn error(samples: &[Sample], k: f64, weights: &Weights) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let partial: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|sample| {
                    let predicted = sigmoid(k * sample.eval(weights) / 400.0);
                    let miss = f64::from(sample.result) - predicted;
                    miss * miss
                })
                .sum()
        })
        .collect();
    partial.iter().sum::<f64>() / samples.len() as f64
}

/// The gradient of [`error`] with respect to the weights.
fn gradient(samples: &[Sample], k: f64, weights: &Weights) -> Weights {
    let partial: Vec<Weights> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut sum = [0.0; UNKNOWNS];
            for sample in chunk {
                let predicted = sigmoid(k * sample.eval(weights) / 400.0);
                // d/dw (r - s)² = -2 (r - s) s (1 - s) k/400 · coefficient
                let factor = -2.0
                    * (f64::from(sample.result) - predicted)
                    * predicted
                    * (1.0 - predicted)
                    * k
                    / 400.0;
                sample.add_gradient(factor, weights, &mut sum);
            }
            sum
        })
        .collect();
    let mut total = [0.0; UNKNOWNS];
    for part in &partial {
        for (t, p) in total.iter_mut().zip(part) {
            *t += p;
        }
    }
    let count = samples.len().max(1) as f64;
    total.map(|t| t / count)
}

/// The `K` that minimises [`error`] with the current weights: a scan of 0.05..=10 refined
/// five times around the best point. Always positive.
pub fn fit_k(samples: &[Sample]) -> f64 {
    const POINTS: usize = 20;
    let (mut low, mut high) = (0.05, 10.0);
    let mut best = 1.0;
    let weights = current();
    for _ in 0..5 {
        let step = (high - low) / POINTS as f64;
        best = (0..=POINTS)
            .map(|i| low + step * i as f64)
            .map(|k| (k, error(samples, k, &weights)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(best, |(k, _)| k);
        low = (best - step).max(step / POINTS as f64);
        high = best + step;
    }
    best
}

/// What a tuning run found.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The fitted scaling constant.
    pub k: f64,
    /// Error with the current weights.
    pub error_before: f64,
    /// Error with the fitted weights.
    pub error_after: f64,
    /// Error on the held-out positions with the current and with the fitted weights, if
    /// there were any.
    pub validation: Option<[f64; 2]>,
    /// Held-out positions.
    pub validation_positions: usize,
    /// The fitted multipliers.
    pub multipliers: Multipliers,
    /// The fitted table entries, `[mg, eg]` in centipawns.
    pub entries: [[f64; 2]; TABLE_ENTRIES],
    /// The fitted king-danger weight of each [`Danger`] feature, in danger units.
    pub danger_weights: [f64; Danger::COUNT],
    /// The fitted cap of the middlegame king-danger penalty.
    pub danger_max: f64,
    /// The fitted endgame king-danger divisor.
    pub danger_eg_divisor: f64,
    /// Positions used.
    pub positions: usize,
    /// Descent steps taken.
    pub iterations: usize,
}

/// How to run the descent.
#[derive(Copy, Clone, Debug)]
pub struct Schedule {
    /// Adam steps.
    pub iterations: usize,
    /// Adam step size: about how far an unknown moves per step (a multiplier by this much,
    /// an entry by this many pawns).
    pub rate: f64,
    /// Weight of the prior: `prior · Σ (entry − current entry)²`, entries in pawns, is added
    /// to the error, so that entries the data rarely shows stay near their
    /// values instead of fitting noise.
    pub prior: f64,
}

/// Fits `K` on `samples`, then runs the descent `schedule` describes from the current
/// weights. `progress` is told (step, error) ten times along the way. The error on
/// `validation`, positions held out of the fit, shows whether the fit generalises.
pub fn tune(
    samples: &[Sample],
    validation: &[Sample],
    schedule: Schedule,
    progress: &dyn Fn(usize, f64),
) -> Tuned {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;
    let Schedule {
        iterations,
        rate,
        prior,
    } = schedule;
    let k = fit_k(samples);
    let start = current();
    let mut weights = start;
    let error_before = error(samples, k, &weights);
    let mut momentum = [0.0; UNKNOWNS];
    let mut velocity = [0.0; UNKNOWNS];
    let report_every = (iterations / 10).max(1);
    for step in 1..=iterations {
        let mut grad = gradient(samples, k, &weights);
        for i in GROUP_UNKNOWNS..DANGER_START {
            grad[i] += 2.0 * prior * (weights[i] - start[i]);
        }
        let t = step as i32;
        for i in 0..UNKNOWNS {
            momentum[i] = BETA1 * momentum[i] + (1.0 - BETA1) * grad[i];
            velocity[i] = BETA2 * velocity[i] + (1.0 - BETA2) * grad[i] * grad[i];
            let m = momentum[i] / (1.0 - BETA1.powi(t));
            let v = velocity[i] / (1.0 - BETA2.powi(t));
            weights[i] -= rate * m / (v.sqrt() + EPSILON);
        }
        if step.is_multiple_of(report_every) {
            progress(step, error(samples, k, &weights));
        }
    }
    let pair = |at: usize| [weights[at], weights[at + 1]];
    let (danger_weights, danger_max, danger_eg_divisor) = danger_params(&weights);
    Tuned {
        k,
        error_before,
        error_after: error(samples, k, &weights),
        validation: (!validation.is_empty())
            .then(|| [error(validation, k, &start), error(validation, k, &weights)]),
        validation_positions: validation.len(),
        multipliers: std::array::from_fn(|g| pair(2 * g)),
        entries: std::array::from_fn(|e| pair(GROUP_UNKNOWNS + 2 * e).map(|w| w * ENTRY_UNIT)),
        danger_weights,
        danger_max,
        danger_eg_divisor,
        positions: samples.len(),
        iterations,
    }
}

/// Why `ferrite tune` could not run.
#[derive(Debug)]
pub enum TuneError {
    /// The worker threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// A data file could not be read.
    Read {
        /// The data file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A line of a data file is not a `<FEN> | <result>` record.
    Data {
        /// The data file.
        path: PathBuf,
        /// The line and what is wrong with it.
        error: LineError,
    },
    /// A datagen game file is damaged.
    Games {
        /// The data file.
        path: PathBuf,
        /// What is wrong with it.
        error: GameFileError,
    },
    /// A data file holds no position.
    Empty(PathBuf),
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Threads(e) => write!(f, "cannot start the worker threads: {e}"),
            TuneError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            TuneError::Data { path, error } => write!(f, "{}: {error}", path.display()),
            TuneError::Games { path, error } => write!(f, "{}: {error}", path.display()),
            TuneError::Empty(path) => write!(f, "{} holds no position", path.display()),
        }
    }
}

impl std::error::Error for TuneError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TuneError::Threads(e) => Some(e),
            TuneError::Read { source, .. } => Some(source),
            TuneError::Data { error, .. } => Some(error),
            TuneError::Games { error, .. } => Some(error),
            TuneError::Empty(_) => None,
        }
    }
}

/// The samples of the data file at `path`, of which there must be some: a datagen game file
/// (see [`load_games`]) or `<FEN> | <result>` lines (see [`load`]).
pub fn load_file(path: &Path) -> Result<Vec<Sample>, TuneError> {
    let bytes = std::fs::read(path).map_err(|source| TuneError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let samples = if bytes.starts_with(MAGIC) {
        load_games(&bytes).map_err(|error| TuneError::Games {
            path: path.to_path_buf(),
            error,
        })?
    } else {
        load(&String::from_utf8_lossy(&bytes)).map_err(|error| TuneError::Data {
            path: path.to_path_buf(),
            error,
        })?
    };
    if samples.is_empty() {
        return Err(TuneError::Empty(path.to_path_buf()));
    }
    Ok(samples)
}

/// What [`tune_files`] has done so far.
#[derive(Clone, Copy, Debug)]
pub enum TuneProgress<'a> {
    /// A data file was read.
    Loaded {
        /// The file.
        path: &'a Path,
        /// Its positions.
        positions: usize,
        /// Seconds it took to read and reduce them to samples.
        seconds: f64,
    },
    /// A step of the descent (see [`tune`]).
    Step {
        /// Steps taken.
        step: usize,
        /// Steps to take in all.
        iterations: usize,
        /// The error after it.
        error: f64,
    },
}

impl fmt::Display for TuneProgress<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneProgress::Loaded {
                path,
                positions,
                seconds,
            } => write!(
                f,
                "{positions} positions read from {} in {seconds:.1} s",
                path.display()
            ),
            TuneProgress::Step {
                step,
                iterations,
                error,
            } => write!(f, "step {step}/{iterations}, error {error:.6}"),
        }
    }
}

/// Reads the `data` file and the held-out `validation` file, if any, and runs [`tune`] on
/// `threads` threads; `progress` is told of each file read and of the descent.
pub fn tune_files(
    data: &Path,
    validation: Option<&Path>,
    schedule: Schedule,
    threads: usize,
    progress: &(dyn Fn(TuneProgress) + Sync),
) -> Result<Tuned, TuneError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(TuneError::Threads)?;
    let load_timed = |path: &Path| {
        let start = Instant::now();
        let samples = pool.install(|| load_file(path))?;
        progress(TuneProgress::Loaded {
            path,
            positions: samples.len(),
            seconds: start.elapsed().as_secs_f64(),
        });
        Ok::<_, TuneError>(samples)
    };
    let samples = load_timed(data)?;
    let validation = validation.map(load_timed).transpose()?.unwrap_or_default();
    Ok(pool.install(|| {
        tune(&samples, &validation, schedule, &|step, error| {
            progress(TuneProgress::Step {
                step,
                iterations: schedule.iterations,
                error,
            });
        })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Level in the first and last, white better in lines two to five (the fifth attacks the
    /// black king), black in the two after; the results agree but more strongly than the
    /// material says, so a better fit exists.
    const DATA: &str = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0.5
rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1.0
rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 | 1.0
4k3/8/8/8/8/8/4P3/3RK3 w - - 0 1 | 1.0
r4rk1/ppp2ppp/2n2n2/2b1p1N1/2B1P3/3P4/PPP2PPP/R2Q1RK1 w - - 0 1 | 1.0

# a comment, then black's wins
rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1 | 0.0
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1 | 0.0
4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0.5
";

    #[test]
    fn tuning_lowers_the_error_and_k_is_positive() {
        let samples = load(DATA).expect("valid data");
        assert_eq!(samples.len(), 8);
        let k = fit_k(&samples);
        assert!(k > 0.0, "K = {k}");
        let schedule = Schedule {
            iterations: 200,
            rate: 0.02,
            prior: 0.0,
        };
        let tuned = tune(&samples, &samples[..3], schedule, &|_, _| {});
        assert_eq!(tuned.k, k);
        assert!(
            tuned.error_after < tuned.error_before,
            "{} -> {}",
            tuned.error_before,
            tuned.error_after
        );
        assert_eq!(tuned.positions, 8);
        assert_eq!(tuned.validation_positions, 3);
        let [before, after] = tuned.validation.expect("validation positions given");
        assert_eq!(before, error(&samples[..3], k, &current()));
        assert!(after < before, "{before} -> {after}");
        // A strong prior holds the entries at their values.
        let held = tune(
            &samples,
            &[],
            Schedule {
                prior: 1e6,
                ..schedule
            },
            &|_, _| {},
        );
        assert!(held.validation.is_none());
        let start = current();
        for (e, [mg, eg]) in held.entries.iter().enumerate() {
            let at = GROUP_UNKNOWNS + 2 * e;
            assert!((mg - start[at] * ENTRY_UNIT).abs() < 0.5, "entry {e}");
            assert!((eg - start[at + 1] * ENTRY_UNIT).abs() < 0.5, "entry {e}");
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let samples = load(DATA).expect("valid data");
        let k = 1.5;
        let weights = current();
        let grad = gradient(&samples, k, &weights);
        // Two material multipliers, a term's, a knight's and a pawn's square entries, and the
        // king-danger weights of knight attackers and zone squares and its endgame divisor.
        let knight_b1 = GROUP_UNKNOWNS + 2 * (32 + 1);
        let pawn_d2_eg = GROUP_UNKNOWNS + 2 * (4 + 3) + 1;
        let pawn_structure = 2 * Group::Pawns as usize;
        let knight_attacker = DANGER_START + Danger::KnightAttacker as usize;
        let zone_square = DANGER_START + Danger::ZoneSquare as usize;
        let danger_eg = DANGER_START + Danger::COUNT + 1;
        for unknown in [
            0,
            2,
            pawn_structure,
            knight_b1,
            pawn_d2_eg,
            knight_attacker,
            zone_square,
            danger_eg,
        ] {
            let mut plus = weights;
            plus[unknown] += 1e-4;
            let mut minus = weights;
            minus[unknown] -= 1e-4;
            let numeric = (error(&samples, k, &plus) - error(&samples, k, &minus)) / 2e-4;
            assert!(grad[unknown] != 0.0, "unknown {unknown} has no gradient");
            assert!(
                (numeric - grad[unknown]).abs() < 1e-6,
                "unknown {unknown}: {numeric} vs {}",
                grad[unknown]
            );
        }
    }

    #[test]
    fn a_bad_line_is_reported_with_its_number() {
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0.5\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 | win\n";
        let error = load(text).expect_err("line 2 is bad");
        assert_eq!(error.line, 2);
    }

    #[test]
    fn data_files_that_cannot_be_used_are_errors_naming_them() {
        let missing = Path::new("/nonexistent/ferrite-data.txt");
        let error = load_file(missing).expect_err("no such file");
        assert!(matches!(&error, TuneError::Read { path, .. } if path == missing));
        assert!(error
            .to_string()
            .starts_with("cannot read /nonexistent/ferrite-data.txt: "));
        let file = std::env::temp_dir().join(format!("ferrite-texel-{}", std::process::id()));
        std::fs::write(&file, "# nothing\n").expect("writable");
        assert!(matches!(load_file(&file), Err(TuneError::Empty(path)) if path == file));
        std::fs::write(&file, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0.5\nnot a record\n")
            .expect("writable");
        match tune_files(
            &file,
            None,
            Schedule {
                iterations: 1,
                rate: 0.01,
                prior: 0.0,
            },
            1,
            &|_| {},
        ) {
            Err(TuneError::Data { path, error }) => {
                assert_eq!(path, file);
                assert_eq!(error.line, 2);
            }
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_file(file);
        let step = TuneProgress::Step {
            step: 3,
            iterations: 10,
            error: 0.125,
        };
        assert_eq!(step.to_string(), "step 3/10, error 0.125000");
    }
}
