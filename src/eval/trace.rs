//! The `eval` command's table: every term for both sides, then the phase, the endgame scale
//! and the final score, computed by the same [`Breakdown`] as [`super::evaluate`].

use super::{Breakdown, Term};
use crate::chess::{Color, Position};
use crate::eval::params::{PHASE_MAX, SCALE_NORMAL};
use std::fmt::{self, Write};

/// The terms for the `eval` UCI command: a human-readable multi-line table (term, white
/// mg/eg, black mg/eg, total), then phase and final score for the side to move. The last
/// line, `Final evaluation: <cp> (<side> to move)`, always equals [`super::evaluate`].
pub fn trace(pos: &Position) -> String {
    let mut out = String::new();
    write_table(&Breakdown::new(pos), &mut out)
        .expect("invariant: writing to a String cannot fail");
    out
}

fn write_table(b: &Breakdown, out: &mut String) -> fmt::Result {
    const RULE: &str = "----------------+---------------+---------------+--------------";
    writeln!(
        out,
        "{:<15} | {:^13} | {:^13} | {:^13}",
        "Term", "White", "Black", "Total"
    )?;
    writeln!(
        out,
        "{:<15} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
        "", "mg", "eg", "mg", "eg", "mg", "eg"
    )?;
    writeln!(out, "{RULE}")?;
    for term in Term::ALL {
        let [white, black] = b.terms[term as usize];
        let total = b.term(term);
        writeln!(
            out,
            "{:<15} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
            term.name(),
            white.mg,
            white.eg,
            black.mg,
            black.eg,
            total.mg,
            total.eg
        )?;
    }
    writeln!(out, "{RULE}")?;
    let total = b.total();
    writeln!(
        out,
        "{:<15} | {:>13} | {:>13} | {:>6} {:>6}",
        "Total", "", "", total.mg, total.eg
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "Phase: {} of {PHASE_MAX} ({PHASE_MAX} = middlegame, 0 = endgame)",
        b.phase
    )?;
    writeln!(out, "Endgame scale: {} of {SCALE_NORMAL}", b.scale)?;
    if b.no_mating_material {
        writeln!(out, "Neither side can force mate: the score is 0")?;
    }
    writeln!(out, "Score (white's view): {}", b.white_score())?;
    let side = match b.side_to_move {
        Color::White => "white",
        Color::Black => "black",
    };
    write!(out, "Final evaluation: {} ({side} to move)", b.score())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;

    #[test]
    fn final_line_matches_evaluate() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        )
        .expect("valid FEN");
        let text = trace(&pos);
        let last = text.lines().last().expect("non-empty");
        assert_eq!(
            last,
            format!("Final evaluation: {} (black to move)", evaluate(&pos))
        );
        assert!(text.contains("King safety"));
    }
}
