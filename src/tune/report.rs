//! The text `ferrite tune` prints: the fitted `K`, the error before and after, and per
//! group the multipliers and the weights of `params.rs` they give, to copy by hand.

use super::texel::Tuned;
use crate::eval::Group;
use std::fmt::Write;

/// The report for `tuned`, one block per group:
///
/// ```text
/// Knight material                 mg 1.0213  eg 0.9871
///     KNIGHT_VALUE                s(320, 310) -> s(327, 306)
/// ```
pub fn report(tuned: &Tuned) -> String {
    let mut out = String::new();
    write_report(tuned, &mut out).expect("invariant: writing to a String cannot fail");
    out
}

fn write_report(tuned: &Tuned, out: &mut String) -> std::fmt::Result {
    writeln!(
        out,
        "K = {:.4} (fitted with the current weights; eval scale sigmoid(K * eval / 400))",
        tuned.k
    )?;
    writeln!(
        out,
        "error: {:.6} before, {:.6} after ({} positions, {} iterations)",
        tuned.error_before, tuned.error_after, tuned.positions, tuned.iterations
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "Multipliers per term and the params.rs values they give (current -> tuned):"
    )?;
    for (group, [mg, eg]) in Group::ALL.iter().zip(tuned.multipliers) {
        writeln!(out)?;
        writeln!(out, "{:<28}    mg {mg:.4}  eg {eg:.4}", group.name())?;
        for param in group.params() {
            writeln!(
                out,
                "    {:<28}{} -> {}",
                param.name,
                param.weight.scaled(1.0, 1.0),
                param.weight.scaled(mg, eg)
            )?;
        }
    }
    writeln!(out)?;
    write!(
        out,
        "Material values also set the endgame scale's material balance (eval/scale.rs)."
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::texel::UNIT;

    #[test]
    fn lists_every_group_and_param() {
        let mut multipliers = UNIT;
        multipliers[Group::ALL
            .iter()
            .position(|&g| g == Group::Tempo)
            .expect("tempo is a group")] = [2.0, 0.0];
        let text = report(&Tuned {
            k: 1.25,
            error_before: 0.1,
            error_after: 0.09,
            multipliers,
            positions: 10,
            iterations: 5,
        });
        assert!(text.starts_with("K = 1.2500 "), "{text}");
        assert!(text.contains("error: 0.100000 before, 0.090000 after (10 positions"));
        let tempo = crate::eval::params::TEMPO;
        assert!(
            text.contains(&format!(
                "TEMPO                       s({}, {}) -> s({}, 0)",
                tempo.mg,
                tempo.eg,
                2 * tempo.mg
            )),
            "{text}"
        );
        for group in Group::ALL {
            assert!(text.contains(group.name()), "{}", group.name());
        }
    }
}
