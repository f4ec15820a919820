//! The network's two hot loops as kernels, one set per instruction set: adding and subtracting
//! weight rows to and from an accumulator (a move's update and a refresh from scratch), and
//! the output layer's SCReLU dot product. Each x86-64 update keeps as much of a row in
//! registers as the register file holds (up to 8 of AVX2's 16 registers, 16 of AVX-512's
//! 32): AVX-512 holds a whole row of up to 512 lanes, so an update reads the parent once,
//! every changed row once, and writes the child once; AVX2 holds 128 lanes, and does this
//! engine's 256 in two slices, each changed row read a slice at a time.
//!
//! The kernel is chosen once, at run time, from what the CPU has ([`Kernel::best`]), so the
//! portable `cargo build --release` binary (x86-64-v2) runs AVX2 or AVX-512 code where the CPU
//! has it, and the scalar loops elsewhere. Every kernel computes exactly what the scalar one
//! does: the arithmetic is on integers, wrapping in the accumulators (as the scalar loops
//! wrap), and within the loader's bounds nothing overflows in the output (see
//! [`super::network`]: each side's sum fits an `i32`, the two sides are added in 64 bits), so
//! the order of the additions does not matter.
//!
//! The output trick: `clamp(v, 0, QA) * w` fits an `i16` exactly (`|255 * 128| < 32,767`, the
//! loader refusing any output weight beyond ±128), so the product is formed in 16-bit lanes
//! and `madd` then multiplies it by `clamp(v, 0, QA)` again and adds pairs into 32 bits:
//! half the multiplications of widening first.

use super::{HIDDEN, QA};

/// [`HIDDEN`] 16-bit lanes (a weight row, or one perspective's accumulator), 64-byte aligned so
/// that every vector load and store of a kernel is an aligned one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

// The kernels load whole registers: a row is a whole number of AVX-512 registers, with
// nothing between rows, so a slice of rows is a run of aligned registers.
const _: () = assert!(HIDDEN.is_multiple_of(32));
const _: () = assert!(size_of::<Row>() == 2 * HIDDEN && align_of::<Row>() == 64);

/// The registers an update holds at once, of a row `registers` long: the largest divisor of
/// `registers` up to `limit`, so that the row is a whole number of equal slices.
#[cfg(target_arch = "x86_64")]
const fn slice_registers(registers: usize, limit: usize) -> usize {
    let mut slice = if registers < limit { registers } else { limit };
    while !registers.is_multiple_of(slice) {
        slice -= 1;
    }
    slice
}

impl Row {
    /// Every lane zero.
    pub const ZERO: Row = Row([0; HIDDEN]);
}

/// The instruction sets a kernel may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// A set of kernels this CPU can run. Only the constructors below make one, each checking
/// the CPU first, so holding a `Kernel` proves its instructions exist: that is what makes
/// its methods safe to call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernel(Isa);

/// The fastest kernel, found once.
static BEST: std::sync::LazyLock<Kernel> =
    std::sync::LazyLock::new(|| Kernel::available().last().unwrap_or_else(Kernel::scalar));

impl Kernel {
    /// The fastest kernel this CPU runs (detected on the first call, then cached).
    #[inline]
    pub fn best() -> Kernel {
        *BEST
    }

    /// The portable loops, which run everywhere.
    pub const fn scalar() -> Kernel {
        Kernel(Isa::Scalar)
    }

    /// Every kernel this CPU runs, slowest first: the scalar one, then AVX2, then AVX-512
    /// (which needs AVX-512 BW for its 16-bit lanes).
    pub fn available() -> impl Iterator<Item = Kernel> {
        #[cfg(target_arch = "x86_64")]
        let vector = [
            std::is_x86_feature_detected!("avx2").then_some(Kernel(Isa::Avx2)),
            (std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw"))
                .then_some(Kernel(Isa::Avx512)),
        ];
        #[cfg(not(target_arch = "x86_64"))]
        let vector: [Option<Kernel>; 0] = [];
        std::iter::once(Kernel::scalar()).chain(vector.into_iter().flatten())
    }

    /// The kernel's name: `scalar`, `avx2` or `avx512`.
    pub fn name(self) -> &'static str {
        match self.0 {
            Isa::Scalar => "scalar",
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => "avx2",
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => "avx512",
        }
    }

    /// Sets `dst` to `src` plus the rows `adds` of `weights`, minus the rows `subs`, lane by
    /// lane with wrapping arithmetic. Panics if an index is not a row of `weights`.
    #[inline]
    pub fn update(self, dst: &mut Row, src: &Row, weights: &[Row], adds: &[usize], subs: &[usize]) {
        match self.0 {
            Isa::Scalar => scalar::update(dst, src, weights, adds, subs),
            // SAFETY: a `Kernel` of this kind is made only once detection found AVX2.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { avx2::update(dst, src, weights, adds, subs) },
            // SAFETY: a `Kernel` of this kind is made only once detection found AVX-512 F and BW.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { avx512::update(dst, src, weights, adds, subs) },
        }
    }

    /// The sum over both sides and every lane of `clamp(side, 0, QA)^2 * weight`, the side to
    /// move's accumulator with the first row of `weights`, the other side's with the second.
    /// Exact for weights within ±128, as the loader ensures: each side's sum is formed in 32
    /// bits, where it fits up to 256 lanes, and the two are added in 64.
    #[inline]
    pub fn screlu_dot(self, sides: [&Row; 2], weights: &[Row; 2]) -> i64 {
        let side_sum = |side: &Row, weights: &Row| match self.0 {
            Isa::Scalar => scalar::screlu_dot(side, weights),
            // SAFETY: a `Kernel` of this kind is made only once detection found AVX2.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { avx2::screlu_dot(side, weights) },
            // SAFETY: a `Kernel` of this kind is made only once detection found AVX-512 F and BW.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { avx512::screlu_dot(side, weights) },
        };
        i64::from(side_sum(sides[0], &weights[0])) + i64::from(side_sum(sides[1], &weights[1]))
    }
}

/// The portable loops: the reference every other kernel must equal.
mod scalar {
    use super::{Row, QA};

    pub(super) fn update(
        dst: &mut Row,
        src: &Row,
        weights: &[Row],
        adds: &[usize],
        subs: &[usize],
    ) {
        *dst = *src;
        for &feature in adds {
            for (value, weight) in dst.0.iter_mut().zip(&weights[feature].0) {
                *value = value.wrapping_add(*weight);
            }
        }
        for &feature in subs {
            for (value, weight) in dst.0.iter_mut().zip(&weights[feature].0) {
                *value = value.wrapping_sub(*weight);
            }
        }
    }

    /// One side's sum of `clamp(side, 0, QA)^2 * weight`.
    pub(super) fn screlu_dot(side: &Row, weights: &Row) -> i32 {
        let mut sum = 0i32;
        for (&value, &weight) in side.0.iter().zip(&weights.0) {
            let clipped = i32::from(value).clamp(0, QA);
            sum += clipped * clipped * i32::from(weight);
        }
        sum
    }
}

/// AVX2: 16 lanes a register.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{slice_registers, Row, HIDDEN, QA};
    use std::arch::x86_64::*;

    const REGISTERS: usize = HIDDEN / 16;
    /// Registers an update holds at once: up to 8 of the 16 the CPU has.
    const SLICE: usize = slice_registers(REGISTERS, 8);

    /// Register `i` of `row`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(row: &Row, i: usize) -> __m256i {
        assert!(i < REGISTERS);
        // SAFETY: a `Row` is 64-byte aligned and `REGISTERS` 32-byte registers long, so
        // register `i < REGISTERS` lies inside it at a 32-byte aligned address.
        unsafe { _mm256_load_si256(row.0.as_ptr().add(16 * i).cast()) }
    }

    /// Stores `value` as register `i` of `row`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn store(row: &mut Row, i: usize, value: __m256i) {
        assert!(i < REGISTERS);
        // SAFETY: as in `load`; `row` is borrowed mutably, so nothing else sees the write.
        unsafe { _mm256_store_si256(row.0.as_mut_ptr().add(16 * i).cast(), value) }
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn update(
        dst: &mut Row,
        src: &Row,
        weights: &[Row],
        adds: &[usize],
        subs: &[usize],
    ) {
        for start in (0..REGISTERS).step_by(SLICE) {
            let mut acc: [__m256i; SLICE] = std::array::from_fn(|i| load(src, start + i));
            for &feature in adds {
                let row = &weights[feature];
                for (i, value) in acc.iter_mut().enumerate() {
                    *value = _mm256_add_epi16(*value, load(row, start + i));
                }
            }
            for &feature in subs {
                let row = &weights[feature];
                for (i, value) in acc.iter_mut().enumerate() {
                    *value = _mm256_sub_epi16(*value, load(row, start + i));
                }
            }
            for (i, value) in acc.into_iter().enumerate() {
                store(dst, start + i, value);
            }
        }
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn screlu_dot(side: &Row, weights: &Row) -> i32 {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for i in 0..REGISTERS {
            let clipped = _mm256_min_epi16(_mm256_max_epi16(load(side, i), zero), top);
            let weighted = _mm256_mullo_epi16(clipped, load(weights, i));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(weighted, clipped));
        }
        let half = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256::<1>(sum),
        );
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let last = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
        _mm_cvtsi128_si32(last)
    }
}

/// AVX-512 (F and BW): 32 lanes a register.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::{slice_registers, Row, HIDDEN, QA};
    use std::arch::x86_64::*;

    const REGISTERS: usize = HIDDEN / 32;
    /// Registers an update holds at once: up to 16 of the 32 the CPU has.
    const SLICE: usize = slice_registers(REGISTERS, 16);

    /// Register `i` of `row`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn load(row: &Row, i: usize) -> __m512i {
        assert!(i < REGISTERS);
        // SAFETY: a `Row` is 64-byte aligned and `REGISTERS` 64-byte registers long, so
        // register `i < REGISTERS` lies inside it at a 64-byte aligned address.
        unsafe { _mm512_load_si512(row.0.as_ptr().add(32 * i).cast()) }
    }

    /// Stores `value` as register `i` of `row`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn store(row: &mut Row, i: usize, value: __m512i) {
        assert!(i < REGISTERS);
        // SAFETY: as in `load`; `row` is borrowed mutably, so nothing else sees the write.
        unsafe { _mm512_store_si512(row.0.as_mut_ptr().add(32 * i).cast(), value) }
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) fn update(
        dst: &mut Row,
        src: &Row,
        weights: &[Row],
        adds: &[usize],
        subs: &[usize],
    ) {
        for start in (0..REGISTERS).step_by(SLICE) {
            let mut acc: [__m512i; SLICE] = std::array::from_fn(|i| load(src, start + i));
            for &feature in adds {
                let row = &weights[feature];
                for (i, value) in acc.iter_mut().enumerate() {
                    *value = _mm512_add_epi16(*value, load(row, start + i));
                }
            }
            for &feature in subs {
                let row = &weights[feature];
                for (i, value) in acc.iter_mut().enumerate() {
                    *value = _mm512_sub_epi16(*value, load(row, start + i));
                }
            }
            for (i, value) in acc.into_iter().enumerate() {
                store(dst, start + i, value);
            }
        }
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) fn screlu_dot(side: &Row, weights: &Row) -> i32 {
        let zero = _mm512_setzero_si512();
        let top = _mm512_set1_epi16(QA as i16);
        let mut sum = _mm512_setzero_si512();
        for i in 0..REGISTERS {
            let clipped = _mm512_min_epi16(_mm512_max_epi16(load(side, i), zero), top);
            let weighted = _mm512_mullo_epi16(clipped, load(weights, i));
            sum = _mm512_add_epi32(sum, _mm512_madd_epi16(weighted, clipped));
        }
        _mm512_reduce_add_epi32(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny generator, so the data is the same on every run.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            self.0 >> 33
        }

        /// A value in `[-bound, bound]`.
        fn within(&mut self, bound: i16) -> i16 {
            let bound = i64::from(bound);
            ((self.next() % (2 * bound as u64 + 1)) as i64 - bound) as i16
        }
    }

    fn random_row(rng: &mut Lcg, bound: i16) -> Row {
        Row(std::array::from_fn(|_| rng.within(bound)))
    }

    /// The kernels to test: every one the CPU's features allow, checked against those features
    /// one by one and printed, so a run on a CPU without AVX-512 says that it tested less
    /// rather than passing quietly.
    fn kernels() -> Vec<Kernel> {
        let kernels: Vec<Kernel> = Kernel::available().collect();
        let names: Vec<&str> = kernels.iter().map(|k| k.name()).collect();
        eprintln!("kernels this CPU runs: {names:?}");
        assert_eq!(kernels[0], Kernel::scalar());
        assert_eq!(
            Kernel::best(),
            *kernels.last().expect("the scalar kernel at least")
        );
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = std::is_x86_feature_detected!("avx2");
            let avx512 = std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw");
            let expected = 1 + usize::from(avx2) + usize::from(avx512);
            assert_eq!(kernels.len(), expected, "{names:?}");
            assert_eq!(names.contains(&"avx2"), avx2);
            assert_eq!(names.contains(&"avx512"), avx512);
        }
        kernels
    }

    #[test]
    fn every_kernel_updates_rows_exactly_as_the_scalar_one() {
        let mut rng = Lcg(11);
        // Weights up to the loader's ±510 and sums that wrap, both as the scalar loops do.
        let weights: Vec<Row> = (0..100).map(|_| random_row(&mut rng, 510)).collect();
        for kernel in kernels() {
            for round in 0..2000 {
                let src = random_row(&mut rng, i16::MAX);
                let count = |rng: &mut Lcg| (rng.next() % [3, 33][round % 2]) as usize;
                let adds: Vec<usize> = (0..count(&mut rng))
                    .map(|_| rng.next() as usize % weights.len())
                    .collect();
                let subs: Vec<usize> = (0..count(&mut rng))
                    .map(|_| rng.next() as usize % weights.len())
                    .collect();
                let mut expected = Row::ZERO;
                scalar::update(&mut expected, &src, &weights, &adds, &subs);
                let mut got = Row::ZERO;
                kernel.update(&mut got, &src, &weights, &adds, &subs);
                assert_eq!(got, expected, "{} {adds:?} {subs:?}", kernel.name());
            }
        }
    }

    #[test]
    fn every_kernel_computes_the_output_sum_exactly_as_the_scalar_one() {
        let mut rng = Lcg(12);
        for kernel in kernels() {
            for round in 0..5000 {
                // Accumulator values past both ends of the clamp; the weights' extremes too.
                let sides = [random_row(&mut rng, 600), random_row(&mut rng, 600)];
                let mut weights = [random_row(&mut rng, 128), random_row(&mut rng, 128)];
                if round % 10 == 0 {
                    weights[round % 20 / 10] = Row([[-128, 128][round % 3 / 2]; HIDDEN]);
                }
                let expected = Kernel::scalar().screlu_dot([&sides[0], &sides[1]], &weights);
                let got = kernel.screlu_dot([&sides[0], &sides[1]], &weights);
                assert_eq!(got, expected, "{}", kernel.name());
            }
            // The largest sum either way: every lane at QA, every weight at its bound.
            let full = Row([QA as i16; HIDDEN]);
            for weight in [-128, 128] {
                let weights = [Row([weight; HIDDEN]); 2];
                assert_eq!(
                    kernel.screlu_dot([&full, &full], &weights),
                    2 * HIDDEN as i64 * i64::from(QA * QA) * i64::from(weight),
                    "{}",
                    kernel.name()
                );
            }
        }
    }
}
