//! Zobrist keys: one random 64-bit number per (piece, square), castling-rights set, en passant
//! file and side to move, generated at compile time from a fixed seed so keys are the same in
//! every build.

use super::types::{Color, File, Piece, Square};

/// The random numbers a position's key is the XOR of.
pub struct ZobristKeys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 16],
    en_passant: [u64; 8],
    black_to_move: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn generate() -> ZobristKeys {
    let mut state = 0x5EED_F0E5_u64;
    let mut pieces = [[0u64; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            pieces[p][sq] = splitmix(&mut state);
            sq += 1;
        }
        p += 1;
    }
    // One number per right; a set of rights hashes as the XOR of its members.
    let rights = [
        splitmix(&mut state),
        splitmix(&mut state),
        splitmix(&mut state),
        splitmix(&mut state),
    ];
    let mut castling = [0u64; 16];
    let mut set = 0;
    while set < 16 {
        let mut bit = 0;
        while bit < 4 {
            if set & 1 << bit != 0 {
                castling[set] ^= rights[bit];
            }
            bit += 1;
        }
        set += 1;
    }
    let mut en_passant = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        en_passant[f] = splitmix(&mut state);
        f += 1;
    }
    ZobristKeys {
        pieces,
        castling,
        en_passant,
        black_to_move: splitmix(&mut state),
    }
}

static KEYS: ZobristKeys = generate();

/// Key of `piece` standing on `sq`.
#[inline(always)]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

/// Key of a set of castling rights, given as a 4-bit mask (see `CastlingRights::mask`).
#[inline(always)]
pub fn castling_key(mask: usize) -> u64 {
    KEYS.castling[mask & 15]
}

/// Key of an en passant capture being possible on `file`.
#[inline(always)]
pub fn en_passant_key(file: File) -> u64 {
    KEYS.en_passant[file.index()]
}

/// Key of the side to move (only black's turn is hashed).
#[inline(always)]
pub fn side_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS.black_to_move,
    }
}
