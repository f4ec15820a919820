//! The quantised network and its file, as `ferrite train` writes it and the engine reads it.
//!
//! A file is a 128-byte header saying what it is, then the parameters. All numbers are
//! little-endian; the sizes follow from [`INPUTS`], [`HIDDEN`] and [`OUTPUT_BUCKETS`] (B), the
//! offsets on the right are those of this engine's 768x256 inputs and 8 buckets:
//!
//! ```text
//! the header, byte by byte:
//!  0  1  2  3  4  5  6  7 | 8  9 10 11 | 12 13 14 15 | 16 .. 127
//!  F  R  T  N  N  U  E 00 | version    | arch. hash  | description
//!  magic, ASCII and a 0   | u32        | u32         | UTF-8, then zero bytes to the end
//!
//! offset                          what                              type, scale    here
//! 0                               the header (above)                               0
//! H = 128                         feature weights, INPUTS rows      i16 x HIDDEN   128
//!                                                                   each, x QA
//! H + 2*INPUTS*HIDDEN             feature bias                      i16 x HIDDEN, 393,344
//!                                                                   x QA
//! H + 2*(INPUTS+1)*HIDDEN         output weights, for each bucket:  B times:      393,856
//!                                 the side to move's half, then     i16 x HIDDEN,
//!                                 the other side's                  x QB, twice
//! H + 2*(INPUTS+1+2B)*HIDDEN      output biases, one per bucket     i32 x B,      402,048
//!                                                                   x QA*QB
//! H + 2*(INPUTS+1+2B)*HIDDEN + 4B end ([`NET_BYTES`])                             402,080
//! ```
//!
//! The version is [`FORMAT_VERSION`]; the architecture hash ([`ARCHITECTURE_HASH`]) covers the
//! inputs, the hidden size, the buckets and how they are chosen, the activation and the
//! quantisation, so that a file of another network shape, or of another reading of the same
//! shape, is refused by name rather than misread. The description says which network it is
//! (`ferrite train --name "net 10"` writes `net 10: <positions> positions of <games> games`;
//! net 9's, written by hand: `net 9: 14,173,387 positions of self-play, 128 neurons, from
//! random weights`).
//!
//! The trainer clips every parameter to `[-1.98, 1.98]`, and loading refuses a file with a
//! weight beyond twice its scale (`±2 QA` in the input layer, `±2 QB` in the output layer) or
//! an output bias beyond [`MAX_OUTPUT_BIAS`], so that no input overflows:
//!
//! - an accumulator, the bias and at most 32 rows, stays within `33 * 510 = 16,830`, an `i16`;
//! - `clamp(a, 0, QA) * w`, which the SIMD kernels form in 16 bits, is at most
//!   `255 * 128 = 32,640 <= 32,767`;
//! - one side's sum of `clamp(a, 0, QA)^2 * w` is at most `HIDDEN * 255^2 * 128 =
//!   2,130,739,200 < 2^31`, an `i32` (256 neurons are the most it allows); the two sides' sums
//!   are added in 64 bits;
//! - the output `(sum / QA + bias) * SCALE / (QA * QB)` is formed in 64 bits, as before the
//!   division it may reach `(16,711,680 + 1,044,480) * 400 = 7,102,464,000`; after it, at
//!   most 435,200 centipawns.
//!
//! The constant assertions below check this arithmetic for the constants in force.

use super::simd::{Kernel, Row};
use super::{active_features, output_bucket, HIDDEN, INPUTS, OUTPUT_BUCKETS, QA, QB, SCALE};
use crate::chess::Position;
use std::fmt;

/// The first bytes of a network file.
pub const MAGIC: [u8; 8] = *b"FRTNNUE\0";
/// The version of the file layout this engine reads and writes (the headerless files before
/// it had none).
pub const FORMAT_VERSION: u32 = 1;
/// Bytes of the header: magic, version, architecture hash, description.
pub const HEADER_BYTES: usize = 128;
/// Bytes of the description field; a longer description is cut (at a character) to fit.
pub const DESCRIPTION_BYTES: usize = HEADER_BYTES - 16;
/// Bytes of a network file.
pub const NET_BYTES: usize =
    HEADER_BYTES + 2 * (INPUTS + 1 + 2 * OUTPUT_BUCKETS) * HIDDEN + 4 * OUTPUT_BUCKETS;

/// The largest output bias a file may hold, either way: 64 units of output (25,600 cp), more
/// than any evaluation needs (the search clamps to 200 pawns), and small enough for the
/// output arithmetic to stay within an `i32` (see the module).
pub const MAX_OUTPUT_BIAS: i32 = 64 * QA * QB;

/// The largest input-layer weight a file may hold, either way.
const MAX_INPUT_WEIGHT: i32 = 2 * QA;
/// The largest output-layer weight a file may hold, either way.
const MAX_OUTPUT_WEIGHT: i32 = 2 * QB;

// The module's arithmetic, for the constants in force.
const _: () = assert!(33 * MAX_INPUT_WEIGHT <= i16::MAX as i32);
const _: () = assert!(QA * MAX_OUTPUT_WEIGHT <= i16::MAX as i32);
const MAX_SIDE_SUM: i64 = HIDDEN as i64 * (QA as i64 * QA as i64) * MAX_OUTPUT_WEIGHT as i64;
const _: () = assert!(MAX_SIDE_SUM <= i32::MAX as i64);
const _: () = assert!(
    (2 * MAX_SIDE_SUM / QA as i64 + MAX_OUTPUT_BIAS as i64) * SCALE as i64 / (QA * QB) as i64
        <= i32::MAX as i64
);

/// What the architecture hash covers beyond the numbers hashed with it: change this text
/// whenever the network is read differently (the features, the buckets, the activation).
pub const ARCHITECTURE: &[u8] = b"perspective net; inputs: (own, enemy) x piece type x square, \
    ranks mirrored for Black, files mirrored when the own king is on files e-h; SCReLU; \
    output bucket (pieces - 2) / 4; i16 weights, i32 output biases";

/// The architecture hash: 32-bit FNV-1a of [`ARCHITECTURE`]'s text, then of `INPUTS`,
/// `HIDDEN`, `OUTPUT_BUCKETS`, `QA`, `QB` and `SCALE`, each as a little-endian `u32`.
pub const ARCHITECTURE_HASH: u32 = {
    let numbers = [
        INPUTS as u32,
        HIDDEN as u32,
        OUTPUT_BUCKETS as u32,
        QA as u32,
        QB as u32,
        SCALE as u32,
    ];
    let mut hash = fnv1a(0x811c_9dc5, ARCHITECTURE);
    let mut i = 0;
    while i < numbers.len() {
        hash = fnv1a(hash, &numbers[i].to_le_bytes());
        i += 1;
    }
    hash
};

/// 32-bit FNV-1a of `bytes`, from `hash`.
const fn fnv1a(mut hash: u32, bytes: &[u8]) -> u32 {
    let mut i = 0;
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u32).wrapping_mul(0x0100_0193);
        i += 1;
    }
    hash
}

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
    /// Which network this is, in a few words (at most [`DESCRIPTION_BYTES`] are kept in a
    /// file).
    pub description: String,
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
            && self.description == other.description
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
    /// The bytes do not open with [`MAGIC`].
    Magic,
    /// A file layout other than [`FORMAT_VERSION`].
    Version(u32),
    /// A network of another architecture: its hash, not [`ARCHITECTURE_HASH`].
    Architecture(u32),
    /// The file's size is not [`NET_BYTES`]: cut short, or more than a network.
    Size(usize),
    /// The description is not UTF-8.
    Description,
    /// A weight beyond what the trainer writes (see the module), which could overflow.
    OutOfRange {
        /// The layer: `input` or `output`.
        layer: &'static str,
        /// The value found.
        value: i16,
    },
    /// An output bias beyond [`MAX_OUTPUT_BIAS`], which could overflow.
    BiasOutOfRange {
        /// The output bucket.
        bucket: usize,
        /// The value found.
        value: i32,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Magic => write!(
                f,
                "not a Ferrite network file: it does not open with FRTNNUE"
            ),
            NetError::Version(version) => write!(
                f,
                "network file format version {version}, but this engine reads version \
                 {FORMAT_VERSION}"
            ),
            NetError::Architecture(hash) => write!(
                f,
                "a network of another architecture (hash {hash:08x}, this engine's is \
                 {ARCHITECTURE_HASH:08x})"
            ),
            NetError::Size(size) => write!(
                f,
                "{size} bytes, but a network of this architecture has {NET_BYTES}"
            ),
            NetError::Description => write!(f, "the network's description is not UTF-8"),
            NetError::OutOfRange { layer, value } => write!(
                f,
                "{layer} weight {value} is beyond ±{}, which could overflow",
                if *layer == "input" {
                    MAX_INPUT_WEIGHT
                } else {
                    MAX_OUTPUT_WEIGHT
                }
            ),
            NetError::BiasOutOfRange { bucket, value } => write!(
                f,
                "output bias {value} of bucket {bucket} is beyond ±{MAX_OUTPUT_BIAS}, which \
                 could overflow"
            ),
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
        // A file cut short within the magic is still cut short, not another kind of file.
        let opening = bytes.len().min(MAGIC.len());
        if bytes[..opening] != MAGIC[..opening] {
            return Err(NetError::Magic);
        }
        let Some((header, parameters)) = bytes.split_first_chunk::<HEADER_BYTES>() else {
            return Err(NetError::Size(bytes.len()));
        };
        let word = |at: usize| {
            u32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
        };
        let version = word(8);
        if version != FORMAT_VERSION {
            return Err(NetError::Version(version));
        }
        let hash = word(12);
        if hash != ARCHITECTURE_HASH {
            return Err(NetError::Architecture(hash));
        }
        if bytes.len() != NET_BYTES {
            return Err(NetError::Size(bytes.len()));
        }
        let text = &header[16..];
        let text = &text[..text.iter().position(|&b| b == 0).unwrap_or(text.len())];
        let description = std::str::from_utf8(text)
            .map_err(|_| NetError::Description)?
            .to_string();
        let mut values = parameters
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
            description,
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
        if let Some(value) = inputs
            .iter()
            .find_map(|rows| beyond(rows, MAX_INPUT_WEIGHT))
        {
            return Err(NetError::OutOfRange {
                layer: "input",
                value,
            });
        }
        if let Some(value) = beyond(net.output_weights.as_flattened(), MAX_OUTPUT_WEIGHT) {
            return Err(NetError::OutOfRange {
                layer: "output",
                value,
            });
        }
        if let Some((bucket, &value)) = net
            .output_bias
            .iter()
            .enumerate()
            .find(|(_, bias)| bias.unsigned_abs() > MAX_OUTPUT_BIAS.unsigned_abs())
        {
            return Err(NetError::BiasOutOfRange { bucket, value });
        }
        Ok(net)
    }

    /// The network in the file at `path`.
    pub fn load(path: &std::path::Path) -> Result<Network, NetFileError> {
        let bytes = std::fs::read(path).map_err(NetFileError::Read)?;
        Network::from_bytes(&bytes).map_err(NetFileError::Format)
    }

    /// The network's file bytes, its description cut to [`DESCRIPTION_BYTES`] at a character
    /// (and at a zero byte, which would end it).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(NET_BYTES);
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&ARCHITECTURE_HASH.to_le_bytes());
        let text = self.description.split('\0').next().unwrap_or_default();
        let mut cut = text.len().min(DESCRIPTION_BYTES);
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        bytes.extend_from_slice(&text.as_bytes()[..cut]);
        bytes.resize(HEADER_BYTES, 0);
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
        // The sum and the product with SCALE need 64 bits (see the module).
        let output = (sum / i64::from(QA) + i64::from(self.output_bias[bucket])) * i64::from(SCALE);
        (output / i64::from(QA * QB)) as i32
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
        description: "made up".to_string(),
        kernel: Kernel::best(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn network() -> Network {
        made_up_network()
    }

    /// The error `bytes` are refused with, and its message.
    fn refusal(bytes: &[u8]) -> (NetError, String) {
        let error = Network::from_bytes(bytes).expect_err("refused");
        let message = error.to_string();
        (error, message)
    }

    #[test]
    fn files_round_trip_with_a_header_that_says_what_they_are() {
        let net = network();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), NET_BYTES);
        assert_eq!(NET_BYTES, 402_080);
        assert_eq!(&bytes[..8], b"FRTNNUE\0");
        assert_eq!(bytes[8..12], 1u32.to_le_bytes());
        assert_eq!(bytes[12..16], ARCHITECTURE_HASH.to_le_bytes());
        assert_eq!(&bytes[16..24], b"made up\0");
        assert!(bytes[24..HEADER_BYTES].iter().all(|&b| b == 0));
        assert!(Network::from_bytes(&bytes) == Ok(net.clone()));
        // A description too long is cut at a character; one with a zero byte, at it.
        let mut long = net.clone();
        long.description = "é".repeat(DESCRIPTION_BYTES);
        let read = Network::from_bytes(&long.to_bytes()).expect("a network");
        assert_eq!(read.description, "é".repeat(DESCRIPTION_BYTES / 2));
        long.description = "net\0 and more".to_string();
        let read = Network::from_bytes(&long.to_bytes()).expect("a network");
        assert_eq!(read.description, "net");
    }

    #[test]
    fn a_file_without_the_magic_is_refused() {
        let bytes = network().to_bytes();
        // The headerless layout before the header, a checkpoint, anything else.
        for other in [
            &bytes[HEADER_BYTES..],
            b"FRTCKPT2 a checkpoint".as_slice(),
            b"X",
        ] {
            assert_eq!(
                refusal(other),
                (
                    NetError::Magic,
                    "not a Ferrite network file: it does not open with FRTNNUE".to_string()
                )
            );
        }
    }

    #[test]
    fn a_file_of_another_version_is_refused() {
        let mut bytes = network().to_bytes();
        bytes[8..12].copy_from_slice(&2u32.to_le_bytes());
        assert_eq!(
            refusal(&bytes),
            (
                NetError::Version(2),
                "network file format version 2, but this engine reads version 1".to_string()
            )
        );
    }

    #[test]
    fn a_file_of_another_architecture_is_refused() {
        let mut bytes = network().to_bytes();
        let other = ARCHITECTURE_HASH ^ 0x8000_0001;
        bytes[12..16].copy_from_slice(&other.to_le_bytes());
        assert_eq!(
            refusal(&bytes),
            (
                NetError::Architecture(other),
                format!(
                    "a network of another architecture (hash {other:08x}, this engine's is \
                     {ARCHITECTURE_HASH:08x})"
                )
            )
        );
        // The hash covers the shape and the quantisation: it is pinned, so a change to
        // either must change it (and this line) on purpose.
        assert_eq!(ARCHITECTURE_HASH, 0x77d6_62af);
    }

    #[test]
    fn a_file_cut_short_or_too_long_is_refused() {
        let bytes = network().to_bytes();
        let mut longer = bytes.clone();
        longer.push(0);
        for size in [0, 4, 100, HEADER_BYTES, NET_BYTES - 1, NET_BYTES + 1] {
            assert_eq!(
                refusal(&longer[..size]),
                (
                    NetError::Size(size),
                    format!("{size} bytes, but a network of this architecture has 402080")
                )
            );
        }
    }

    #[test]
    fn a_description_not_utf8_is_refused() {
        let mut bytes = network().to_bytes();
        bytes[16] = 0xff;
        assert_eq!(
            refusal(&bytes),
            (
                NetError::Description,
                "the network's description is not UTF-8".to_string()
            )
        );
    }

    #[test]
    fn weights_out_of_range_are_refused() {
        let mut wild = network();
        wild.feature_weights[700].0[3] = 511;
        assert_eq!(
            refusal(&wild.to_bytes()),
            (
                NetError::OutOfRange {
                    layer: "input",
                    value: 511
                },
                "input weight 511 is beyond ±510, which could overflow".to_string()
            )
        );
        let mut wild = network();
        wild.output_weights[5][1].0[0] = -129;
        assert_eq!(
            refusal(&wild.to_bytes()),
            (
                NetError::OutOfRange {
                    layer: "output",
                    value: -129
                },
                "output weight -129 is beyond ±128, which could overflow".to_string()
            )
        );
    }

    #[test]
    fn output_biases_out_of_range_are_refused() {
        for value in [MAX_OUTPUT_BIAS + 1, -MAX_OUTPUT_BIAS - 1, i32::MIN] {
            let mut wild = network();
            wild.output_bias[6] = value;
            assert_eq!(
                refusal(&wild.to_bytes()),
                (
                    NetError::BiasOutOfRange { bucket: 6, value },
                    format!(
                        "output bias {value} of bucket 6 is beyond ±1044480, which could overflow"
                    )
                )
            );
        }
    }

    #[test]
    fn the_largest_values_a_file_may_hold_do_not_overflow_the_output() {
        // Every parameter at its bound, every accumulator value at QA or beyond: the output
        // equals the same arithmetic in 64 bits, on every kernel.
        for sign in [-1, 1] {
            let mut net = network();
            net.output_weights =
                [[Row([(sign * MAX_OUTPUT_WEIGHT) as i16; HIDDEN]); 2]; OUTPUT_BUCKETS];
            net.output_bias = [sign * MAX_OUTPUT_BIAS; OUTPUT_BUCKETS];
            let net = Network::from_bytes(&net.to_bytes()).expect("within the bounds");
            let sum = i64::from(sign * MAX_OUTPUT_WEIGHT) * 2 * HIDDEN as i64 * i64::from(QA * QA);
            let expected = (sum / i64::from(QA) + i64::from(sign * MAX_OUTPUT_BIAS))
                * i64::from(SCALE)
                / i64::from(QA * QB);
            for kernel in Kernel::available() {
                let net = net.clone().with_kernel(kernel);
                let sides = [Row([i16::MAX; HIDDEN]), Row([QA as i16; HIDDEN])];
                assert_eq!(
                    i64::from(net.output(&sides, 32)),
                    expected,
                    "{}",
                    kernel.name()
                );
            }
        }
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
