//! How the search sees the network's evaluation: times `EVAL_SCALE`, and shrunk as material
//! comes off the board (`MATERIAL_SCALE_BASE`), since an edge is worth less with less material
//! to win with. The WDL model (`eval::wdl`) describes the scores scaled so; the `eval` command
//! shows the network at the same scale.

use super::params::{EVAL_SCALE, MATERIAL_SCALE_BASE, MATERIAL_SCALE_REFERENCE};
use crate::chess::Position;
use crate::eval::wdl;

/// The factor the search multiplies one position's network evaluation by, as a fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalScale {
    numerator: i64,
    denominator: i64,
}

impl EvalScale {
    /// The factor for `pos`: `EVAL_SCALE` percent, times `(base + material) / (base +
    /// reference)` with the material counted as the WDL model counts it.
    #[inline]
    pub fn of(pos: &Position) -> EvalScale {
        let base = i64::from(MATERIAL_SCALE_BASE.get());
        let material = i64::from(wdl::material(pos));
        EvalScale {
            numerator: i64::from(EVAL_SCALE.get()) * (base + material),
            denominator: 100 * (base + i64::from(MATERIAL_SCALE_REFERENCE)),
        }
    }

    /// `eval` scaled, rounded toward zero.
    #[inline]
    pub fn apply(self, eval: i32) -> i32 {
        // The factor stays below 5 at any setting and any material a board can hold (nine
        // queens a side), so a network's output scaled still fits an i32.
        (i64::from(eval) * self.numerator / self.denominator) as i32
    }

    /// The factor as a float, for display.
    pub fn factor(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_eval_scale_at_the_reference_material_and_grows_with_material() {
        // 58 points, the model's middle: seven pawns, a queen, two rooks and a bishop a side.
        let reference =
            Position::from_fen("r1bqk2r/ppppppp1/8/8/8/8/PPPPPPP1/R1BQK2R w KQkq - 0 1")
                .expect("valid");
        assert_eq!(wdl::material(&reference), 58);
        assert_eq!(EvalScale::of(&reference).apply(1000), 860);
        let start = Position::startpos();
        let pawn_ending = Position::from_fen("4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1").expect("valid");
        assert_eq!(
            EvalScale::of(&start),
            EvalScale {
                numerator: 86 * (94 + 78),
                denominator: 100 * (94 + 58)
            }
        );
        assert_eq!(EvalScale::of(&start).apply(1000), 973);
        assert_eq!(EvalScale::of(&start).apply(-1000), -973);
        assert_eq!(EvalScale::of(&pawn_ending).apply(1000), 554);
        assert!((EvalScale::of(&pawn_ending).factor() - 0.86 * 98.0 / 152.0).abs() < 1e-12);
    }
}
