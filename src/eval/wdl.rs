//! The WDL model: how often a position with a given search score (before normalising)
//! is won, drawn or lost, fitted to Ferrite's own self-play games by `ferrite fit-wdl`
//! (Stockfish's `WDL_model` approach). For a score `x` on a board of material `m`,
//!
//! ```text
//! win(x, m)  = 1 / (1 + exp((a(m) - x) / b(m)))
//! loss(x, m) = 1 / (1 + exp((a(m) + x) / b(m)))        draw = 1 - win - loss
//! a(m), b(m) = cubic polynomials in t = clamp(m, 17, 78) / 58
//! ```
//!
//! with `m` counted as pawns 1, knights and bishops 3, rooks 5, queens 9, both sides. `a(m)`
//! is the score that wins half the games at that material: dividing by it normalises a score
//! so that +1.00 is a 50% win chance at any material, as Stockfish shows its scores.

use crate::chess::{PieceType, Position};

/// The model of the search's scores: `ferrite fit-wdl` on all 20,000 games of
/// `data/selfplay-s22.games` (1,839,134 positions fitted, 203,497 held out; held-out loss
/// 0.57526), then carried to the search's scale of SPSA on net 12 (`EVAL_SCALE` 93 to 86,
/// `MATERIAL_SCALE_BASE` 100 to 94): `a` and `b` at each material times the ratio of the new
/// scale to the old there, refitted as cubics by least squares over materials 17 to 78 (at most
/// 0.03 cp off). Every network is trained to its predecessor's scale (`ferrite train
/// --scale-as`), so one model serves them; refit when the network or the search's scale
/// changes, and keep the refit if it does better on held-out games (docs/networks.md).
pub const MODEL: WdlModel = WdlModel {
    a: [29.737, 162.393, -455.553, 347.349],
    b: [58.039, -82.350, 22.002, 69.792],
};

/// The fitted model: the coefficients of `a` and `b`, highest power first, in centipawns of
/// the search's scores (the network's output as the search scales it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// `a(t) = ((a[0] t + a[1]) t + a[2]) t + a[3]`.
    pub a: [f64; 4],
    /// `b(t)`, likewise.
    pub b: [f64; 4],
}

/// Material below and above which the model's polynomials are held constant.
pub const MATERIAL_RANGE: (u32, u32) = (17, 78);
/// The material the polynomials' argument is scaled by.
pub const MATERIAL_SCALE: f64 = 58.0;

/// A piece's share of the material count: pawns 1, knights and bishops 3, rooks 5, queens 9,
/// kings nothing.
pub fn piece_value(piece_type: PieceType) -> u32 {
    match piece_type {
        PieceType::Pawn => 1,
        PieceType::Knight | PieceType::Bishop => 3,
        PieceType::Rook => 5,
        PieceType::Queen => 9,
        PieceType::King => 0,
    }
}

/// The material count of `pos`, both sides (see [`piece_value`]).
pub fn material(pos: &Position) -> u32 {
    PieceType::ALL
        .iter()
        .map(|&piece_type| pos.pieces_of_type(piece_type).popcount() * piece_value(piece_type))
        .sum()
}

impl WdlModel {
    /// `(a, b)` at material `material`.
    pub fn params(&self, material: u32) -> (f64, f64) {
        let t = f64::from(material.clamp(MATERIAL_RANGE.0, MATERIAL_RANGE.1)) / MATERIAL_SCALE;
        let poly = |c: &[f64; 4]| ((c[0] * t + c[1]) * t + c[2]) * t + c[3];
        (poly(&self.a), poly(&self.b))
    }

    /// The raw score `score` normalised to displayed centipawns at `material`: +100 is the
    /// score that wins half the games there.
    pub fn normalised(&self, score: i32, material: u32) -> i32 {
        (100.0 * f64::from(score) / self.params(material).0).round() as i32
    }

    /// Win, draw and loss per mille of the raw score `score` at `material`, summing to 1000.
    pub fn per_mille(&self, score: i32, material: u32) -> (u32, u32, u32) {
        let [win, _, loss] = self.probabilities(f64::from(score), material);
        let win = (1000.0 * win).round() as u32;
        let loss = ((1000.0 * loss).round() as u32).min(1000 - win);
        (win, 1000 - win - loss, loss)
    }

    /// Win, draw and loss probabilities of a raw score `score` at `material`.
    pub fn probabilities(&self, score: f64, material: u32) -> [f64; 3] {
        let (a, b) = self.params(material);
        let win = 1.0 / (1.0 + ((a - score) / b).exp());
        let loss = 1.0 / (1.0 + ((a + score) / b).exp());
        [win, (1.0 - win - loss).max(0.0), loss]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_displayed_pawn_is_half_the_games_won_at_any_material() {
        for m in 0..=80 {
            let (a, _) = MODEL.params(m);
            assert!(a > 50.0 && MODEL.params(m).1 > 10.0, "a sane model at {m}");
            // The raw score that displays +1.00 wins about 500 per mille.
            let raw = (0..2000)
                .find(|&raw| MODEL.normalised(raw, m) >= 100)
                .expect("reached");
            let (win, draw, loss) = MODEL.per_mille(raw, m);
            assert!((495..=510).contains(&win), "{m}: {win}");
            assert_eq!(win + draw + loss, 1000);
            assert_eq!(MODEL.normalised(-raw, m), -MODEL.normalised(raw, m));
        }
        assert_eq!(MODEL.per_mille(0, 78).0, MODEL.per_mille(0, 78).2);
    }

    #[test]
    fn material_counts_both_sides() {
        assert_eq!(material(&Position::startpos()), 78);
        let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/3QK2R w - - 0 1").expect("valid");
        assert_eq!(material(&pos), 15);
    }

    #[test]
    fn a_score_of_a_wins_half_the_games_at_any_material() {
        let model = WdlModel {
            a: [10.0, -20.0, 30.0, 150.0],
            b: [1.0, -2.0, 3.0, 70.0],
        };
        for m in 0..=90 {
            let (a, _) = model.params(m);
            let [win, draw, loss] = model.probabilities(a, m);
            assert!((win - 0.5).abs() < 1e-12, "{m}");
            assert!((win + draw + loss - 1.0).abs() < 1e-12);
            let [w0, _, l0] = model.probabilities(0.0, m);
            assert!((w0 - l0).abs() < 1e-12, "symmetric at 0");
        }
        // Held constant outside the range.
        assert_eq!(model.params(5), model.params(17));
        assert_eq!(model.params(90), model.params(78));
    }
}
