//! `ferrite train` end to end, short of the printing: read the games (datagen files or PGN), start from random
//! weights or a checkpoint, train ([`super::trainer`]), write the float checkpoint and the
//! quantised network, and measure how far the quantised network strays from the float one on
//! held-out positions. A file it cannot use is a [`TrainError`] naming the path.

use super::positions::{load, DataError};
use super::sigmoid_scale::{relative_scale, result_scale};
use super::trainer::{
    quantisation_error, train, EpochReport, FloatNetwork, QuantisationError, TrainConfig,
};
use crate::datagen::manifest::DataProblem;
use crate::eval::nnue::network::NET_BYTES;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Held-out positions the quantised network is checked on.
pub const QUANTISATION_CHECK_POSITIONS: usize = 1000;
/// Training positions (shuffled, so drawn from all games) the quantised network's output
/// biases are calibrated on ([`FloatNetwork::quantise_calibrated`]).
pub const CALIBRATION_POSITIONS: usize = 10_000;
/// Training positions the network's scale and the data's are measured on ([`result_scale`]).
pub const SCALE_POSITIONS: usize = 200_000;

/// The files of a training run.
#[derive(Clone, Debug)]
pub struct TrainFiles {
    /// Data folders (`data/`), datagen game files and PGN files.
    pub data: Vec<PathBuf>,
    /// Every this many games, one is held out (0: none).
    pub held_out_every: usize,
    /// A float checkpoint to start from, instead of random weights.
    pub warm_start: Option<PathBuf>,
    /// A float checkpoint whose scale the trained network is brought to (see
    /// [`TrainProgress::Rescaled`]).
    pub scale_as: Option<PathBuf>,
    /// Where the float checkpoint goes.
    pub checkpoint: PathBuf,
    /// Where the quantised network goes.
    pub net: PathBuf,
    /// The network's name for its file's description (`net 10`), before what it learnt from.
    pub name: Option<String>,
}

/// What a run did.
#[derive(Debug)]
pub enum TrainProgress {
    /// The data was read.
    Loaded {
        /// Games read.
        games: usize,
        /// PGN games left out (not played out, or an illegal move).
        skipped: usize,
        /// Positions in them.
        seen: usize,
        /// Training positions kept.
        train: usize,
        /// Held-out positions kept.
        held_out: usize,
    },
    /// A data file is damaged or unlisted: what of it was whole is read, the rest is lost.
    Problem(DataProblem),
    /// An epoch ended.
    Epoch(EpochReport),
    /// The files were written.
    Written {
        /// Gaps between the float and the quantised network.
        quantisation_error: QuantisationError,
        /// Positions it was measured on.
        positions: usize,
    },
    /// The network's output layer was scaled to match the `scale_as` checkpoint's
    /// evaluations: a network trained on search scores comes out larger than the evaluation
    /// that searched, and the search's margins were set at the older scale.
    Rescaled {
        /// How many times the reference's evaluations the trained network's were
        /// ([`relative_scale`]); the output layer was divided by it.
        ratio: f64,
        /// Training positions it was measured on.
        positions: usize,
    },
    /// The scales of the network and of its data's search scores ([`result_scale`]).
    Scale {
        /// The network's `K`, centipawns.
        network: f64,
        /// The search scores' `K`, centipawns.
        data: f64,
        /// Training positions both were measured on.
        positions: usize,
    },
}

impl fmt::Display for TrainProgress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainProgress::Loaded {
                games,
                skipped,
                seen,
                train,
                held_out,
            } => write!(
                f,
                "{games} games ({skipped} PGN games skipped), {seen} positions: {train} to \
                 train on, {held_out} held out"
            ),
            TrainProgress::Problem(problem) => write!(f, "{}: {problem}", problem.severity()),
            TrainProgress::Epoch(report) => write!(f, "{report}"),
            TrainProgress::Written {
                quantisation_error,
                positions,
            } => write!(
                f,
                "quantised network ({NET_BYTES} bytes) against the float one on {positions} \
                 held-out positions: mean gap {:.2} cp, largest {:.1} cp",
                quantisation_error.mean, quantisation_error.max
            ),
            TrainProgress::Rescaled { ratio, positions } => write!(
                f,
                "rescaled: on {positions} training positions the network's evaluations ran \
                 {ratio:.3} times the reference's; its output layer was multiplied by {:.3}",
                1.0 / ratio
            ),
            TrainProgress::Scale {
                network,
                data,
                positions,
            } => write!(
                f,
                "scale: the results of {positions} training positions fit sigmoid(eval / K) \
                 best at K = {network:.0} cp for the network, {data:.0} cp for the search scores"
            ),
        }
    }
}

/// Why `ferrite train` could not run.
#[derive(Debug)]
pub enum TrainError {
    /// The worker threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// The data could not be read.
    Data(DataError),
    /// The data holds no training position.
    NoPositions,
    /// A checkpoint (`--warm-start`, `--scale-as`) could not be read or is not one.
    Checkpoint {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// An output file could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::Threads(e) => write!(f, "cannot start the worker threads: {e}"),
            TrainError::Data(e) => write!(f, "{e}"),
            TrainError::NoPositions => write!(f, "the data holds no training position"),
            TrainError::Checkpoint { path, reason } => {
                write!(f, "cannot read the checkpoint {}: {reason}", path.display())
            }
            TrainError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for TrainError {}

fn read_checkpoint(path: &Path) -> Result<FloatNetwork, TrainError> {
    let reason = |reason: String| TrainError::Checkpoint {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = std::fs::read(path).map_err(|e| reason(e.to_string()))?;
    FloatNetwork::from_checkpoint(&bytes).map_err(|e| reason(e.to_string()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    std::fs::write(path, bytes).map_err(|source| TrainError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Runs `ferrite train` on `threads` threads.
pub fn train_files(
    files: &TrainFiles,
    config: &TrainConfig,
    threads: usize,
    progress: &mut (dyn FnMut(&TrainProgress) + Send),
) -> Result<(), TrainError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(TrainError::Threads)?;
    let mut data = load(&files.data, files.held_out_every, &mut |problem| {
        progress(&TrainProgress::Problem(problem));
    })
    .map_err(TrainError::Data)?;
    progress(&TrainProgress::Loaded {
        games: data.games,
        skipped: data.skipped,
        seen: data.seen,
        train: data.train.len(),
        held_out: data.held_out.len(),
    });
    if data.train.is_empty() {
        return Err(TrainError::NoPositions);
    }
    let learnt_from = data.train.len();
    let mut net = match &files.warm_start {
        Some(path) => read_checkpoint(path)?,
        None => FloatNetwork::random(config.seed),
    };
    // Read before training, so that a bad path costs no training run.
    let reference = files.scale_as.as_deref().map(read_checkpoint).transpose()?;
    pool.install(|| {
        train(
            &mut net,
            &mut data.train,
            &data.held_out,
            config,
            &mut |report| {
                progress(&TrainProgress::Epoch(*report));
            },
        )
    });
    let measured = &data.train[..data.train.len().min(SCALE_POSITIONS)];
    if let Some(reference) = reference {
        let ratio = pool
            .install(|| relative_scale(measured, |p| net.evaluate(p), |p| reference.evaluate(p)));
        // A network whose evaluations run against the reference's (a barely trained one)
        // has no scale to match: it is left as it is, and no line says it was rescaled.
        if let Some(ratio) = ratio.filter(|&ratio| ratio > 0.0) {
            net.scale_output((1.0 / ratio) as f32);
            progress(&TrainProgress::Rescaled {
                ratio,
                positions: measured.len(),
            });
        }
    }
    write(&files.checkpoint, &net.to_checkpoint())?;
    let calibration = &data.train[..data.train.len().min(CALIBRATION_POSITIONS)];
    let mut quantised = net.quantise_calibrated(calibration);
    // The file says what the network learnt from, and which network it is when named.
    let learnt = format!("{learnt_from} positions of {} games", data.games);
    quantised.description = match &files.name {
        Some(name) => format!("{name}: {learnt}"),
        None => learnt,
    };
    write(&files.net, &quantised.to_bytes())?;
    let checked = &data.held_out[..data.held_out.len().min(QUANTISATION_CHECK_POSITIONS)];
    progress(&TrainProgress::Written {
        quantisation_error: quantisation_error(&net, &quantised, checked),
        positions: checked.len(),
    });
    if let (Some(network), Some(data)) = (
        result_scale(measured, |position| net.evaluate(position)),
        result_scale(measured, |position| f32::from(position.score)),
    ) {
        progress(&TrainProgress::Scale {
            network,
            data,
            positions: measured.len(),
        });
    }
    Ok(())
}
