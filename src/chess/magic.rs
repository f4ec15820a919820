//! Slider attacks through "fancy" magic bitboards: for each square a mask of the squares that
//! can block, a multiplier that maps every blocker subset to a distinct slot, and one shared
//! table per piece. Everything is built at compile time by `const fn`, so there is no start-up
//! work and no global that must be initialised first.
//!
//! The magic numbers were found by a seeded random search over sparse candidates (the
//! `find_magics` test, run with `--ignored`, repeats it); `every_subset_matches_the_ray_walk`
//! checks every slot of both tables against a slow ray walk.

use super::bitboard::Bitboard;
use super::types::Square;

/// Direction steps (file, rank) of a rook.
pub(crate) const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Direction steps (file, rank) of a bishop.
pub(crate) const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020, 0x0840092002C03000, 0x1900200010400900, 0x0880100008000480,
    0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
    0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
    0x000A001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
    0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021D00100,
    0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000A0001768104,
    0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
    0x0442000A00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040A00128541,
    0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
    0x0400802402800800, 0xC100020080800400, 0x0002000802000401, 0x0182085882000401,
    0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000A0020,
    0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
    0x0088403882010200, 0x0820400080210100, 0x0110910040A00300, 0x0801100280080480,
    0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
    0x0000209300488001, 0x04C1002414824001, 0x020020000B001041, 0x7000100004200901,
    0x8002002004100802, 0x30010002084C0007, 0x0888221800813004, 0x4000002840840112,
];

#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0xA010041108003100, 0x006082020A002900, 0x6810010619200000, 0x08281A0520000408,
    0x0001104001000400, 0x0018901008048400, 0x00040A0210245280, 0x000200210808A402,
    0x9140048410821200, 0x0800091010820041, 0x20504804832202C0, 0x0100091401081000,
    0x8021011140000012, 0x0810020804450400, 0x208B0542109008A2, 0x0080084A08040204,
    0x0040E2A80811244C, 0x2505022008008108, 0x0430220100420040, 0x010A040420220040,
    0x1105000290400000, 0x0093001200822120, 0x4000A62048043004, 0x280120048A015004,
    0x006090002A020814, 0x44042000240800D0, 0x01102800040A4400, 0x1004080080220040,
    0x0001001011004024, 0x0010044000805040, 0x0914041200820100, 0x0004821012821480,
    0x0024040500C05021, 0x0088611002080200, 0x0116080A00040020, 0x4000020080080080,
    0x2450450140840040, 0x0000880201484100, 0x0222020404020092, 0x8081110600002E00,
    0x2842101105000801, 0x1100809008001025, 0x00020202221C0400, 0x0422014022009020,
    0x0210046102100C00, 0xC004008082029102, 0x00AA461801101200, 0x0404080080201108,
    0x020542108C205002, 0x0410544804100100, 0x0040910841100000, 0x0400200042021100,
    0x00004204850400C0, 0x0200100410A42102, 0x1040020801210102, 0x0805040410420000,
    0x2884804130100200, 0x800C262201242000, 0x1058000194108800, 0x0014221054420204,
    0x0104000012A02200, 0x0200881003300100, 0x0140400202840100, 0x0402020801010201,
];

/// Slots in the rook table: the sum over squares of 2^(relevant blockers).
const ROOK_TABLE_SIZE: usize = 102_400;
/// Slots in the bishop table.
const BISHOP_TABLE_SIZE: usize = 5_248;

/// Where one square's attacks live in a shared table.
#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    multiplier: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    const fn slot(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.multiplier) >> self.shift) as usize
    }
}

/// Attacks of a slider on `sq` moving in `directions`, stopping at the first occupied square
/// (included). With `trim_edges`, the last square of each ray is left out: that gives the
/// blocker mask, since a piece on the edge never blocks anything behind it.
pub const fn slow_slider_attacks(
    sq: Square,
    occupied: u64,
    directions: &[(i8, i8); 4],
    trim_edges: bool,
) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = directions[d];
        let mut current = sq;
        while let Some(next) = current.offset(df, dr) {
            if trim_edges && next.offset(df, dr).is_none() {
                break;
            }
            attacks |= 1 << next as u8;
            if occupied & (1 << next as u8) != 0 {
                break;
            }
            current = next;
        }
        d += 1;
    }
    attacks
}

/// Builds the per-square magic entries and the shared attack table of one slider type.
const fn build<const SIZE: usize>(
    directions: &[(i8, i8); 4],
    multipliers: &[u64; 64],
) -> ([Magic; 64], [Bitboard; SIZE]) {
    let empty = Magic {
        mask: 0,
        multiplier: 0,
        shift: 0,
        offset: 0,
    };
    let mut magics = [empty; 64];
    let mut table = [Bitboard::EMPTY; SIZE];
    let mut offset = 0;
    let mut index = 0;
    while index < 64 {
        let sq = Square::ALL[index];
        let mask = slow_slider_attacks(sq, 0, directions, true);
        let bits = mask.count_ones();
        let magic = Magic {
            mask,
            multiplier: multipliers[index],
            shift: 64 - bits,
            offset,
        };
        // Carry-rippler enumeration of every subset of the mask.
        let mut subset = 0u64;
        loop {
            let slot = magic.slot(subset);
            let attacks = slow_slider_attacks(sq, subset, directions, false);
            assert!(
                table[slot].0 == 0 || table[slot].0 == attacks,
                "magic collision"
            );
            table[slot] = Bitboard(attacks);
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        magics[index] = magic;
        offset += 1 << bits;
        index += 1;
    }
    assert!(offset == SIZE, "table size does not match the masks");
    (magics, table)
}

#[allow(long_running_const_eval)]
static ROOK: ([Magic; 64], [Bitboard; ROOK_TABLE_SIZE]) = build(&ROOK_DIRECTIONS, &ROOK_MAGICS);
#[allow(long_running_const_eval)]
static BISHOP: ([Magic; 64], [Bitboard; BISHOP_TABLE_SIZE]) =
    build(&BISHOP_DIRECTIONS, &BISHOP_MAGICS);

/// Squares a rook on `sq` attacks with `occupied` as blockers.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let magic = &ROOK.0[sq.index()];
    ROOK.1[magic.slot(occupied.0)]
}

/// Squares a bishop on `sq` attacks with `occupied` as blockers.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let magic = &BISHOP.0[sq.index()];
    BISHOP.1[magic.slot(occupied.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subsets(mask: u64) -> impl Iterator<Item = u64> {
        let mut subset = 0u64;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let current = subset;
            subset = subset.wrapping_sub(mask) & mask;
            done = subset == 0;
            Some(current)
        })
    }

    #[test]
    fn every_subset_matches_the_ray_walk() {
        let mut checked = 0;
        for sq in Square::ALL {
            for (directions, lookup) in [
                (
                    &ROOK_DIRECTIONS,
                    rook_attacks as fn(Square, Bitboard) -> Bitboard,
                ),
                (&BISHOP_DIRECTIONS, bishop_attacks),
            ] {
                let mask = slow_slider_attacks(sq, 0, directions, true);
                for subset in subsets(mask) {
                    // Squares outside the mask must not change the answer either.
                    let noise = subset | (!mask & 0x8100_0000_0000_0081);
                    let expected = slow_slider_attacks(sq, subset, directions, false);
                    assert_eq!(lookup(sq, Bitboard(subset)).0, expected, "{sq} {subset:x}");
                    assert_eq!(lookup(sq, Bitboard(noise)).0, expected, "{sq} {noise:x}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE);
    }

    /// Re-runs the seeded search that produced the magic numbers above and prints them.
    #[test]
    #[ignore]
    fn find_magics() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(2_685_821_657_736_338_717)
        };
        for (directions, expected) in [
            (&ROOK_DIRECTIONS, &ROOK_MAGICS),
            (&BISHOP_DIRECTIONS, &BISHOP_MAGICS),
        ] {
            for sq in Square::ALL {
                let mask = slow_slider_attacks(sq, 0, directions, true);
                let bits = mask.count_ones();
                let pairs: Vec<(u64, u64)> = subsets(mask)
                    .map(|s| (s, slow_slider_attacks(sq, s, directions, false)))
                    .collect();
                let found = loop {
                    let candidate = next() & next() & next();
                    if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                        continue;
                    }
                    let mut table = vec![None; 1 << bits];
                    let fits = pairs.iter().all(|&(occupied, attacks)| {
                        let slot =
                            &mut table[(occupied.wrapping_mul(candidate) >> (64 - bits)) as usize];
                        *slot.get_or_insert(attacks) == attacks
                    });
                    if fits {
                        break candidate;
                    }
                };
                println!("{sq}: 0x{found:016X}");
                assert_eq!(found, expected[sq.index()]);
            }
        }
    }
}
