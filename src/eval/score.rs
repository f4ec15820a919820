//! `Score`: a middlegame/endgame pair of centipawn values. Every evaluation term produces one;
//! the two halves are blended by game phase only once, at the end (tapered evaluation).
//!
//! A plain pair of `i32`s rather than packing both halves into one word: simpler, no carry
//! from one half into the other, and the compiler keeps the pair in two registers anyway.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame and an endgame value in centipawns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// Value with all pieces on the board.
    pub mg: i32,
    /// Value with no pieces but kings and pawns.
    pub eg: i32,
}

impl Score {
    /// Both halves zero.
    pub const ZERO: Score = Score { mg: 0, eg: 0 };

    /// The pair `(mg, eg)`.
    #[inline]
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }

    /// Sum of two scores in a `const` context (tables are built at compile time).
    #[inline]
    pub const fn plus(self, other: Score) -> Score {
        Score::new(self.mg + other.mg, self.eg + other.eg)
    }

    /// Both halves multiplied by `k` in a `const` context.
    #[inline]
    pub const fn times(self, k: i32) -> Score {
        Score::new(self.mg * k, self.eg * k)
    }
}

/// Short constructor for weight tables: `s(mg, eg)`.
#[inline]
pub const fn s(mg: i32, eg: i32) -> Score {
    Score::new(mg, eg)
}

impl Add for Score {
    type Output = Score;
    #[inline]
    fn add(self, rhs: Score) -> Score {
        self.plus(rhs)
    }
}

impl AddAssign for Score {
    #[inline]
    fn add_assign(&mut self, rhs: Score) {
        *self = *self + rhs;
    }
}

impl Sub for Score {
    type Output = Score;
    #[inline]
    fn sub(self, rhs: Score) -> Score {
        Score::new(self.mg - rhs.mg, self.eg - rhs.eg)
    }
}

impl SubAssign for Score {
    #[inline]
    fn sub_assign(&mut self, rhs: Score) {
        *self = *self - rhs;
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score::new(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Score {
    type Output = Score;
    #[inline]
    fn mul(self, rhs: i32) -> Score {
        self.times(rhs)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.mg, self.eg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic() {
        let a = s(10, -3);
        let b = s(-4, 7);
        assert_eq!(a + b, s(6, 4));
        assert_eq!(a - b, s(14, -10));
        assert_eq!(-a, s(-10, 3));
        assert_eq!(a * 3, s(30, -9));
        let mut c = a;
        c += b;
        c -= b;
        assert_eq!(c, a);
        assert_eq!(Score::ZERO + a, a);
    }
}
