//! A player's summary of a game: how many inaccuracies, mistakes and blunders, the average
//! centipawn loss and the accuracy (the average of the moves' accuracies, see
//! [`super::judgement`]), as one line of the game's comment:
//! `White (Carlsen): accuracy 91%, average centipawn loss 18, 1 inaccuracy, 0 mistakes,
//! 0 blunders`.

use super::analysis::MoveAnalysis;
use super::judgement::Judgement;
use crate::chess::Color;
use std::fmt;

/// What one player's moves of a game add up to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Moves played.
    pub moves: usize,
    /// Inaccuracies, mistakes and blunders, in the order of [`Judgement::ALL`].
    pub counts: [usize; 3],
    /// Centipawns lost over all moves.
    pub centipawn_loss: i64,
    /// Sum of the moves' accuracies.
    pub accuracy_sum: f64,
}

impl PlayerSummary {
    /// The summary of `side`'s moves among `moves`.
    pub fn of(side: Color, moves: &[MoveAnalysis]) -> PlayerSummary {
        let mut summary = PlayerSummary::default();
        for mv in moves.iter().filter(|mv| mv.mover == side) {
            summary.moves += 1;
            summary.centipawn_loss += i64::from(mv.cost.centipawn_loss);
            summary.accuracy_sum += mv.cost.accuracy;
            if let Some(judgement) = mv.cost.judgement {
                summary.counts[judgement as usize] += 1;
            }
        }
        summary
    }

    /// How many moves were judged `judgement`.
    pub fn count(&self, judgement: Judgement) -> usize {
        self.counts[judgement as usize]
    }

    /// Average centipawn loss per move (0 without moves).
    pub fn average_centipawn_loss(&self) -> f64 {
        self.centipawn_loss as f64 / self.moves.max(1) as f64
    }

    /// Accuracy in percent (100 without moves).
    pub fn accuracy(&self) -> f64 {
        if self.moves == 0 {
            100.0
        } else {
            self.accuracy_sum / self.moves as f64
        }
    }
}

/// `accuracy 91%, average centipawn loss 18, 1 inaccuracy, 0 mistakes, 0 blunders`.
impl fmt::Display for PlayerSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "accuracy {:.0}%, average centipawn loss {:.0}",
            self.accuracy(),
            self.average_centipawn_loss()
        )?;
        for judgement in Judgement::ALL {
            let count = self.count(judgement);
            let plural = if count == 1 { "" } else { "s" };
            let name = judgement.name().to_ascii_lowercase();
            // "inaccuracy" loses its y in the plural.
            match name.strip_suffix('y') {
                Some(stem) if count != 1 => write!(f, ", {count} {stem}ies")?,
                _ => write!(f, ", {count} {name}{plural}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::judgement::MoveCost;
    use crate::search::displayed_score::Score;

    fn analysed(mover: Color, best: i32, after: i32) -> MoveAnalysis {
        MoveAnalysis {
            fullmove: 1,
            san: String::new(),
            mover,
            eval: Score::Centipawns(after),
            cost: MoveCost::of(Score::Centipawns(best), Score::Centipawns(after), false, 78),
            best_san: None,
            better_line: None,
        }
    }

    #[test]
    fn a_players_moves_add_up_to_counts_loss_and_accuracy() {
        let moves = [
            analysed(Color::White, 20, 20),
            analysed(Color::Black, 0, 0),
            analysed(Color::White, 20, -880),
            analysed(Color::Black, 200, 50),
        ];
        let white = PlayerSummary::of(Color::White, &moves);
        assert_eq!(white.moves, 2);
        assert_eq!(white.counts, [0, 0, 1]);
        assert_eq!(white.average_centipawn_loss(), 450.0);
        assert!(white.accuracy() < 60.0 && white.accuracy() > 40.0);
        let black = PlayerSummary::of(Color::Black, &moves);
        assert_eq!(black.centipawn_loss, 150);
        assert_eq!(
            black.to_string(),
            format!(
                "accuracy {:.0}%, average centipawn loss 75, {}",
                black.accuracy(),
                // +2.00 to +0.50 gives away 28 points of the model's chances: a mistake.
                "0 inaccuracies, 1 mistake, 0 blunders"
            )
        );
        assert_eq!(
            PlayerSummary::default().to_string(),
            "accuracy 100%, average centipawn loss 0, 0 inaccuracies, 0 mistakes, 0 blunders"
        );
    }
}
