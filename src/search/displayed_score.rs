//! A position's evaluation as analysis and the PGN export of self-play games report it:
//! centipawns or a mate distance, from one
//! side's point of view, with the forms the output needs: the `[%eval …]` text of online
//! boards and python-chess (White's view, pawns with two decimals, `#3` / `#-3` for mates,
//! `#0` once a side is mated) and the value the graph draws (pawns, clamped).

use super::score::{displayed_centipawns, mate_in};
use crate::chess::Color;
use std::fmt;

/// Pawns the graph shows at most either way; a mate sits on this edge.
pub const GRAPH_LIMIT_PAWNS: f64 = 10.0;

/// An evaluation from one side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An ordinary score in centipawns.
    Centipawns(i32),
    /// This side mates in this many moves (0: it has mated).
    Mates(u32),
    /// This side is mated in this many moves (0: it is mated).
    Mated(u32),
}

impl Score {
    /// A search score (for the side to move) of a position of `material` as a [`Score`],
    /// normalised as every displayed score is ([`displayed_centipawns`]).
    pub fn from_search(score: i32, material: u32) -> Score {
        match mate_in(score) {
            Some(moves) if moves > 0 => Score::Mates(moves.unsigned_abs()),
            Some(moves) => Score::Mated(moves.unsigned_abs()),
            None => Score::Centipawns(displayed_centipawns(score, material)),
        }
    }

    /// The same evaluation from the other side's point of view.
    pub fn flip(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mates(moves) => Score::Mated(moves),
            Score::Mated(moves) => Score::Mates(moves),
        }
    }

    /// This evaluation, which is `side`'s view, from White's point of view.
    pub fn for_white(self, side: Color) -> Score {
        match side {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }

    /// Pawns for the graph: clamped to ±[`GRAPH_LIMIT_PAWNS`], mates on the edge.
    pub fn graph_pawns(self) -> f64 {
        match self {
            Score::Centipawns(cp) => {
                (f64::from(cp) / 100.0).clamp(-GRAPH_LIMIT_PAWNS, GRAPH_LIMIT_PAWNS)
            }
            Score::Mates(_) => GRAPH_LIMIT_PAWNS,
            Score::Mated(_) => -GRAPH_LIMIT_PAWNS,
        }
    }
}

/// The `[%eval …]` value: pawns with two decimals (`0.35`, `-1.20`), `#3` when this side
/// mates in three, `#-3` when it is mated in three, `#0` when a side is mated. Written for
/// White's view ([`Score::for_white`]), it is what lichess and python-chess read.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Score::Mates(moves) => write!(f, "#{moves}"),
            Score::Mated(0) => write!(f, "#0"),
            Score::Mated(moves) => write!(f, "#-{moves}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::MATE;

    #[test]
    fn search_scores_become_centipawns_or_mate_distances() {
        // Normalised: the score that wins half the games at the material shows as a pawn.
        let pawn = crate::eval::wdl::MODEL.params(40).0.round() as i32;
        assert_eq!(Score::from_search(pawn, 40), Score::Centipawns(100));
        assert_eq!(Score::from_search(-pawn, 40), Score::Centipawns(-100));
        assert_eq!(Score::from_search(MATE - 1, 40), Score::Mates(1));
        assert_eq!(Score::from_search(MATE - 5, 40), Score::Mates(3));
        assert_eq!(Score::from_search(-(MATE - 4), 40), Score::Mated(2));
        assert_eq!(Score::from_search(-MATE, 40), Score::Mated(0));
    }

    #[test]
    fn eval_text_is_white_pawns_or_mates() {
        assert_eq!(Score::Centipawns(35).to_string(), "0.35");
        assert_eq!(Score::Centipawns(-120).to_string(), "-1.20");
        assert_eq!(Score::Centipawns(-5).to_string(), "-0.05");
        assert_eq!(Score::Centipawns(0).to_string(), "0.00");
        assert_eq!(Score::Mates(3).to_string(), "#3");
        assert_eq!(Score::Mated(3).to_string(), "#-3");
        assert_eq!(Score::Mated(0).to_string(), "#0");
        assert_eq!(Score::Mates(0).to_string(), "#0");
        assert_eq!(Score::Mates(2).for_white(Color::Black), Score::Mated(2));
        assert_eq!(
            Score::Centipawns(50).for_white(Color::Black).to_string(),
            "-0.50"
        );
    }

    #[test]
    fn the_graph_clamps_at_ten_pawns_and_puts_mates_on_the_edge() {
        assert_eq!(Score::Centipawns(250).graph_pawns(), 2.5);
        assert_eq!(Score::Centipawns(-2500).graph_pawns(), -10.0);
        assert_eq!(Score::Mates(4).graph_pawns(), 10.0);
        assert_eq!(Score::Mated(0).graph_pawns(), -10.0);
    }
}
