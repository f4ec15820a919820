//! Castling rights that work for standard chess and Chess960 alike: each right names the
//! rook it castles with, on any file of the back rank.

use super::types::{Color, File, Rank, Square};

/// Which way a king castles: towards the h-file (king side) or the a-file (queen side).
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastleSide {
    King,
    Queen,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The file the king ends on: g or c.
    pub const fn king_destination_file(self) -> File {
        match self {
            CastleSide::King => File::G,
            CastleSide::Queen => File::C,
        }
    }

    /// The file the rook ends on: f or d.
    pub const fn rook_destination_file(self) -> File {
        match self {
            CastleSide::King => File::F,
            CastleSide::Queen => File::D,
        }
    }

    /// The king's and the rook's destination squares for `color`.
    pub const fn destinations(self, color: Color) -> (Square, Square) {
        let rank: Rank = color.back_rank();
        (
            Square::new(self.king_destination_file(), rank),
            Square::new(self.rook_destination_file(), rank),
        )
    }
}

/// Up to four castling rights, each with its rook's square.
///
/// Bit `2 * color + side` of the mask is set while that right exists; `rooks` holds the rook
/// square for each of those four slots (meaningless while its bit is clear).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CastlingRights {
    mask: u8,
    rooks: [Square; 4],
}

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights {
        mask: 0,
        rooks: [Square::H1, Square::A1, Square::H8, Square::A8],
    };

    #[inline]
    const fn slot(color: Color, side: CastleSide) -> usize {
        color as usize * 2 + side as usize
    }

    /// The rights as a 4-bit set (for hashing).
    #[inline]
    pub const fn mask(self) -> usize {
        self.mask as usize
    }

    /// True if no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The rook square `color` may castle with on `side`, if that right exists.
    #[inline]
    pub const fn rook(self, color: Color, side: CastleSide) -> Option<Square> {
        let slot = Self::slot(color, side);
        if self.mask & 1 << slot != 0 {
            Some(self.rooks[slot])
        } else {
            None
        }
    }

    /// Grants `color` the right to castle on `side` with the rook on `rook`.
    pub fn grant(&mut self, color: Color, side: CastleSide, rook: Square) {
        let slot = Self::slot(color, side);
        self.mask |= 1 << slot;
        self.rooks[slot] = rook;
    }

    /// Removes every right of `color`.
    #[inline]
    pub fn revoke_color(&mut self, color: Color) {
        self.mask &= !(3 << (color as u8 * 2));
    }

    /// Removes any right whose rook stands on `sq` (it moved or was captured).
    #[inline]
    pub fn revoke_rook_square(&mut self, sq: Square) {
        let mut slot = 0;
        while slot < 4 {
            if self.rooks[slot] == sq {
                self.mask &= !(1 << slot);
            }
            slot += 1;
        }
    }
}
