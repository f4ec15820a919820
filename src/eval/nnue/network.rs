//! The quantised network and its file, as `ferrite train` writes it and the engine reads it.
//! All values little-endian; the sizes follow from [`INPUTS`], [`HIDDEN`] and
//! [`OUTPUT_BUCKETS`] (B):
//!
//! ```text
//! offset                      what                              type and scale
//! 0                           feature weights, INPUTS rows      i16 x HIDDEN each, x QA
//! 2*INPUTS*HIDDEN             feature bias                      i16 x HIDDEN, x QA
//! 2*(INPUTS+1)*HIDDEN         output weights, for each bucket:  B times:
//!                             the side to move's half, then     i16 x HIDDEN, x QB
//!                             the other side's                  i16 x HIDDEN, x QB
//! 2*(INPUTS+1+2B)*HIDDEN      output biases, one per bucket     i32 x B, x QA*QB
//! 2*(INPUTS+1+2B)*HIDDEN + 4B end ([`NET_BYTES`])
//! ```
//!
//! The trainer clips every weight to `[-1.98, 1.98]`, and loading refuses a file with a
//! weight beyond twice its scale (`±2 QA` in the input layer, `±2 QB` in the output layer), so
//! an accumulator (the bias and 32 rows, each at most 510) fits an `i16`, and the output sum
//! of `clamp(a, 0, QA)^2 * w` fits an `i32`: 2 * HIDDEN * 255^2 * 128 < 2^31.

use super::simd::{Kernel, Row};
use super::{active_features, output_bucket, HIDDEN, INPUTS, OUTPUT_BUCKETS, QA, QB, SCALE};
use crate::chess::Position;
use std::fmt;

/// Bytes of a network file.
pub const NET_BYTES: usize = 2 * (INPUTS + 1 + 2 * OUTPUT_BUCKETS) * HIDDEN + 4 * OUTPUT_BUCKETS;

/// A quantised network, its rows 64-byte aligned for the kernels.
#[derive(Clone)]
pub struct Network {
    /// One row per input.
    pub feature_weights: Vec<Row>,
    /// The accumulators' start.
    pub feature_bias: Row,
    /// Output weights of each bucket: for the side to move's accumulator, then the other
    /// side's.
    pub output_weights: [[Row; 2]; OUTPUT_BUCKETS],
    /// Output bias of each bucket.
    pub output_bias: [i32; OUTPUT_BUCKETS],
    /// The kernels its loops run on: [`Kernel::best`] unless a test or benchmark chooses
    /// another. Every kernel computes the same numbers.
    pub kernel: Kernel,
}

// Two networks are the same network whichever kernel each runs on.
impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.feature_weights == other.feature_weights
            && self.feature_bias == other.feature_bias
            && self.output_weights == other.output_weights
            && self.output_bias == other.output_bias
    }
}

impl Eq for Network {}

impl fmt::Debug for Network {
    // Its weights would fill pages: the shape says which network it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({INPUTS}x{HIDDEN}, {OUTPUT_BUCKETS} output buckets)"
        )
    }
}

/// Why bytes are not a network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file's size is not [`NET_BYTES`].
    Size(usize),
    /// A weight beyond what the trainer writes (see the module), which could overflow.
    OutOfRange {
        /// The layer: `input` or `output`.
        layer: &'static str,
        /// The value found.
        value: i16,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Size(size) => write!(
                f,
                "{size} bytes, but a network of {INPUTS}x{HIDDEN} inputs and {OUTPUT_BUCKETS} output \
                 buckets has {NET_BYTES}"
            ),
            NetError::OutOfRange { layer, value } => {
                write!(
                    f,
                    "{layer} weight {value} out of range: not a network of ours"
                )
            }
        }
    }
}

impl std::error::Error for NetError {}

/// Why a network file could not be loaded.
#[derive(Debug)]
pub enum NetFileError {
    /// The file could not be read.
    Read(std::io::Error),
    /// The file is not a network.
    Format(NetError),
}

impl fmt::Display for NetFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetFileError::Read(e) => write!(f, "cannot read it: {e}"),
            NetFileError::Format(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NetFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetFileError::Read(e) => Some(e),
            NetFileError::Format(e) => Some(e),
        }
    }
}

impl Network {
    /// The network stored in `bytes` (see the module's layout).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() != NET_BYTES {
            return Err(NetError::Size(bytes.len()));
        }
        let mut values = bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut row = || Row(std::array::from_fn(|_| values.next().unwrap_or_default()));
        let feature_weights = (0..INPUTS).map(|_| row()).collect();
        let feature_bias = row();
        let output_weights = std::array::from_fn(|_| [row(), row()]);
        let mut biases = bytes[NET_BYTES - 4 * OUTPUT_BUCKETS..]
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let output_bias = std::array::from_fn(|_| biases.next().unwrap_or_default());
        let net = Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            kernel: Kernel::best(),
        };
        let beyond = |rows: &[Row], limit: i32| {
            rows.iter()
                .flat_map(|row| &row.0)
                .find(|&&value| i32::from(value).abs() > limit)
                .copied()
        };
        let inputs = [
            &net.feature_weights[..],
            std::slice::from_ref(&net.feature_bias),
        ];
        if let Some(value) = inputs.iter().find_map(|rows| beyond(rows, 2 * QA)) {
            return Err(NetError::OutOfRange {
                layer: "input",
                value,
            });
        }
        if let Some(value) = beyond(net.output_weights.as_flattened(), 2 * QB) {
            return Err(NetError::OutOfRange {
                layer: "output",
                value,
            });
        }
        Ok(net)
    }

    /// The network in the file at `path`.
    pub fn load(path: &std::path::Path) -> Result<Network, NetFileError> {
        let bytes = std::fs::read(path).map_err(NetFileError::Read)?;
        Network::from_bytes(&bytes).map_err(NetFileError::Format)
    }

    /// The network's file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(NET_BYTES);
        let rows = self
            .feature_weights
            .iter()
            .chain(std::iter::once(&self.feature_bias))
            .chain(self.output_weights.as_flattened());
        for row in rows {
            bytes.extend(row.0.iter().flat_map(|value| value.to_le_bytes()));
        }
        bytes.extend(self.output_bias.iter().flat_map(|bias| bias.to_le_bytes()));
        bytes
    }

    /// This network on `kernel`'s loops (the tests and benchmarks compare kernels so).
    pub fn with_kernel(mut self, kernel: Kernel) -> Network {
        self.kernel = kernel;
        self
    }

    /// The accumulator of `pos` from `perspective`'s side, computed from scratch.
    pub fn accumulator(&self, pos: &Position, perspective: crate::chess::Color) -> Row {
        self.accumulate(active_features(pos, perspective))
    }

    /// The accumulator of the active inputs `features`, computed from scratch.
    pub fn accumulate(&self, features: impl Iterator<Item = usize>) -> Row {
        // A board has at most 32 pieces: one batch, one pass of the kernel, in the engine.
        let mut batch = [0usize; 32];
        let mut len = 0;
        let mut acc = self.feature_bias;
        for feature in features {
            batch[len] = feature;
            len += 1;
            if len == batch.len() {
                acc = self.add_rows(&acc, &batch);
                len = 0;
            }
        }
        self.add_rows(&acc, &batch[..len])
    }

    /// `acc` plus the rows of `features`.
    fn add_rows(&self, acc: &Row, features: &[usize]) -> Row {
        let mut sum = Row::ZERO;
        self.kernel
            .update(&mut sum, acc, &self.feature_weights, features, &[]);
        sum
    }

    /// The evaluation of `pos` in centipawns for the side to move, from accumulators
    /// computed from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let sides = [self.accumulator(pos, us), self.accumulator(pos, us.flip())];
        self.output(&sides, pos.occupied().popcount() as usize)
    }

    /// The output for the side to move's accumulator and the other side's, on a board of
    /// `pieces` pieces (which choose the output bucket), in centipawns.
    pub fn output(&self, sides: &[Row; 2], pieces: usize) -> i32 {
        self.output_of([&sides[0], &sides[1]], pieces)
    }

    /// [`Network::output`] of accumulators wherever they are, uncopied.
    #[inline]
    pub(super) fn output_of(&self, sides: [&Row; 2], pieces: usize) -> i32 {
        let bucket = output_bucket(pieces);
        let sum = self.kernel.screlu_dot(sides, &self.output_weights[bucket]);
        // In 64 bits: the bias may take the sum past 2^31 / SCALE.
        let scaled = i64::from(sum / QA + self.output_bias[bucket]) * i64::from(SCALE);
        (scaled / i64::from(QA * QB)) as i32
    }
}

/// A network of made-up weights within the ranges a file may hold, every row different, for
/// the tests of this module and its neighbours.
#[cfg(test)]
pub(crate) fn made_up_network() -> Network {
    let value = |i: usize, j: usize| ((i * 131 + j * 71) % 101) as i16 - 50;
    Network {
        feature_weights: (0..INPUTS)
            .map(|i| Row(std::array::from_fn(|j| value(i, j))))
            .collect(),
        feature_bias: Row(std::array::from_fn(|j| value(7, j) + 60)),
        output_weights: std::array::from_fn(|b| {
            [
                Row(std::array::from_fn(|j| value(3 + 2 * b, j))),
                Row(std::array::from_fn(|j| value(4 + 2 * b, j))),
            ]
        }),
        output_bias: std::array::from_fn(|b| -1234 + 100 * b as i32),
        kernel: Kernel::best(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn network() -> Network {
        made_up_network()
    }

    #[test]
    fn files_round_trip_and_others_are_refused() {
        let net = network();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), NET_BYTES);
        assert!(Network::from_bytes(&bytes) == Ok(net.clone()));
        assert_eq!(
            Network::from_bytes(&bytes[1..]).err(),
            Some(NetError::Size(NET_BYTES - 1))
        );
        let mut wild = net.clone();
        wild.feature_weights[700].0[3] = 511;
        assert_eq!(
            Network::from_bytes(&wild.to_bytes()).err(),
            Some(NetError::OutOfRange {
                layer: "input",
                value: 511
            })
        );
        let mut wild = net;
        wild.output_weights[5][1].0[0] = -129;
        assert_eq!(
            Network::from_bytes(&wild.to_bytes()).err(),
            Some(NetError::OutOfRange {
                layer: "output",
                value: -129
            })
        );
    }

    #[test]
    fn the_output_is_the_screlu_sum_of_both_sides() {
        let mut net = network();
        net.output_weights = [[Row([1; HIDDEN]), Row::ZERO]; OUTPUT_BUCKETS];
        net.output_bias = [0; OUTPUT_BUCKETS];
        // Every accumulator value at QA: each of the HIDDEN terms is QA^2.
        let full = [Row([QA as i16; HIDDEN]), Row::ZERO];
        let expected = (HIDDEN as i32 * QA * QA / QA) * SCALE / (QA * QB);
        assert_eq!(net.output(&full, 32), expected);
        // Negative values are clipped to zero, large ones to QA.
        assert_eq!(net.output(&[Row([-500; HIDDEN]), Row::ZERO], 32), 0);
        assert_eq!(net.output(&[Row([1000; HIDDEN]), Row::ZERO], 32), expected);
    }

    #[test]
    fn the_piece_count_chooses_the_output_weights() {
        let mut net = network();
        net.output_weights = [[Row::ZERO; 2]; OUTPUT_BUCKETS];
        net.output_bias = std::array::from_fn(|b| b as i32 * QA * QB);
        net.output_weights[7][1] = Row([2; HIDDEN]);
        let sides = [Row::ZERO, Row([QA as i16; HIDDEN])];
        // The bias alone: one unit of output (SCALE centipawns) per bucket number.
        assert_eq!(net.output(&sides, 3), 0);
        assert_eq!(net.output(&sides, 6), SCALE);
        assert_eq!(net.output(&sides, 29), 6 * SCALE);
        // The full board's bucket also reads the other side's accumulator.
        assert_eq!(
            net.output(&sides, 32),
            7 * SCALE + 2 * HIDDEN as i32 * SCALE / QB
        );
    }
}
