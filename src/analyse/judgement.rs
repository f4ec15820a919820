//! Judging a move by the winning chances it gives away, with the thresholds and accuracy
//! formula of lichess (<https://lichess.org/page/accuracy>) and the chances of Ferrite's own
//! WDL model ([`crate::eval::wdl`], fitted to its games):
//!
//! - winning chances of a (normalised) score on a board of a given material, in percent for
//!   the side it belongs to: the model's expected score `100 * (win + draw / 2)` there, a
//!   mate counted as 100 (mating) or 0 (mated);
//! - a move's drop: the win% of the best move (the search of the position before it) minus
//!   the win% after it (the search of the position it leads to), both for the mover, never
//!   below 0, and 0 when the move played is the search's own best move;
//! - a drop of at least 10 is an inaccuracy (`?!`), 20 a mistake (`?`), 30 a blunder (`??`);
//! - a move's accuracy: `103.1668 * exp(-0.04354 * drop) - 3.1669`, clamped to 0..=100; a
//!   player's accuracy is the plain average over their moves;
//! - a move's centipawn loss: the same difference in centipawns (clamped to ±1000, a mate
//!   counting as 1000), never below 0.

use crate::eval::wdl::MODEL;
use crate::search::displayed_score::Score;

/// Centipawns beyond which a score counts as this much (lichess's cap).
pub const CENTIPAWN_CAP: i32 = 1000;
/// Drop of winning chances (percentage points) that makes an inaccuracy.
pub const INACCURACY_DROP: f64 = 10.0;
/// Drop that makes a mistake.
pub const MISTAKE_DROP: f64 = 20.0;
/// Drop that makes a blunder.
pub const BLUNDER_DROP: f64 = 30.0;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// Gave away at least [`INACCURACY_DROP`] points of winning chances.
    Inaccuracy,
    /// At least [`MISTAKE_DROP`].
    Mistake,
    /// At least [`BLUNDER_DROP`].
    Blunder,
}

impl Judgement {
    /// All kinds, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The judgement of a drop of winning chances, `None` below an inaccuracy.
    pub fn of_drop(drop: f64) -> Option<Judgement> {
        if drop >= BLUNDER_DROP {
            Some(Judgement::Blunder)
        } else if drop >= MISTAKE_DROP {
            Some(Judgement::Mistake)
        } else if drop >= INACCURACY_DROP {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    /// Its NAG: `$6` (`?!`), `$2` (`?`) or `$4` (`??`).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// Its annotation symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// Its name, capitalised.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// Winning chances in percent of `score` (normalised centipawns) on a board of `material`,
/// for the side it belongs to.
pub fn win_percent(score: Score, material: u32) -> f64 {
    match score {
        Score::Mates(_) => 100.0,
        Score::Mated(_) => 0.0,
        Score::Centipawns(cp) => {
            let raw = f64::from(cp) * MODEL.params(material).0 / 100.0;
            let [win, draw, _] = MODEL.probabilities(raw, material);
            100.0 * (win + draw / 2.0)
        }
    }
}

/// Centipawns of `score` clamped to ±[`CENTIPAWN_CAP`], a mate as the cap.
pub fn capped_centipawns(score: Score) -> i32 {
    match score {
        Score::Mates(_) => CENTIPAWN_CAP,
        Score::Mated(_) => -CENTIPAWN_CAP,
        Score::Centipawns(cp) => cp.clamp(-CENTIPAWN_CAP, CENTIPAWN_CAP),
    }
}

/// Accuracy in percent of a move that dropped `drop` points of winning chances.
pub fn move_accuracy(drop: f64) -> f64 {
    (103.1668 * (-0.04354 * drop).exp() - 3.1669).clamp(0.0, 100.0)
}

/// What a move cost its player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveCost {
    /// Winning chances given away, in percentage points.
    pub drop: f64,
    /// Centipawns given away.
    pub centipawn_loss: i32,
    /// The judgement of the drop.
    pub judgement: Option<Judgement>,
    /// Accuracy of the move in percent.
    pub accuracy: f64,
}

impl MoveCost {
    /// The cost of a move: `best` is the search's score before it, `after` the score of the
    /// position it leads to, both for the mover; `played_best` if it was the search's move;
    /// `material` that of the board it was played on.
    pub fn of(best: Score, after: Score, played_best: bool, material: u32) -> MoveCost {
        let (drop, centipawn_loss) = if played_best {
            (0.0, 0)
        } else {
            (
                (win_percent(best, material) - win_percent(after, material)).max(0.0),
                (capped_centipawns(best) - capped_centipawns(after)).max(0),
            )
        };
        MoveCost {
            drop,
            centipawn_loss,
            judgement: Judgement::of_drop(drop),
            accuracy: move_accuracy(drop),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.01
    }

    #[test]
    fn winning_chances_are_the_model_s_expected_score() {
        for material in [20, 50, 78] {
            let chances = |cp| win_percent(Score::Centipawns(cp), material);
            assert!(close(chances(0), 50.0));
            // +1.00 wins half the games; the draws add half their share.
            let raw = MODEL.params(material).0;
            let [win, draw, _] = MODEL.probabilities(raw, material);
            assert!(close(win, 0.5));
            assert!(close(chances(100), 100.0 * (0.5 + draw / 2.0)));
            assert!(close(chances(-100), 100.0 - chances(100)));
            assert!(chances(1000) > 99.0 && chances(1000) <= 100.0);
        }
        assert_eq!(win_percent(Score::Mates(3), 40), 100.0);
        assert_eq!(win_percent(Score::Mated(0), 40), 0.0);
    }

    #[test]
    fn drops_are_judged_at_ten_twenty_and_thirty_points() {
        assert_eq!(Judgement::of_drop(9.99), None);
        assert_eq!(Judgement::of_drop(10.0), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_drop(20.0), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_drop(30.0), Some(Judgement::Blunder));
        assert_eq!(
            Judgement::ALL.map(Judgement::nag),
            [6, 2, 4],
            "NAGs of ?!, ? and ??"
        );
    }

    #[test]
    fn a_hung_queen_is_a_blunder_and_the_best_move_costs_nothing() {
        let cost = MoveCost::of(Score::Centipawns(30), Score::Centipawns(-870), false, 78);
        assert_eq!(cost.judgement, Some(Judgement::Blunder));
        assert_eq!(cost.centipawn_loss, 900);
        assert!(cost.accuracy < 10.0);
        // Missing a mate for an equal position.
        let cost = MoveCost::of(Score::Mates(2), Score::Centipawns(0), false, 78);
        assert!(close(cost.drop, 50.0));
        assert_eq!(cost.centipawn_loss, 1000);
        // The search's own move, though a deeper look scored it lower.
        let cost = MoveCost::of(Score::Centipawns(30), Score::Centipawns(-300), true, 78);
        assert_eq!(
            (cost.drop, cost.centipawn_loss, cost.judgement),
            (0.0, 0, None)
        );
        assert!(close(cost.accuracy, 100.0));
        // A move that scores better than the best never costs below zero.
        let cost = MoveCost::of(Score::Centipawns(0), Score::Centipawns(50), false, 78);
        assert_eq!((cost.drop, cost.centipawn_loss), (0.0, 0));
    }

    #[test]
    fn accuracy_falls_with_the_drop() {
        assert!(close(move_accuracy(0.0), 99.9999));
        assert!(close(
            move_accuracy(10.0),
            103.1668 * (-0.4354f64).exp() - 3.1669
        ));
        assert_eq!(move_accuracy(100.0), 0.0);
    }
}
