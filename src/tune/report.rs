//! The text `ferrite tune` prints: the fitted `K`, the error before and after, per group
//! the multipliers and the weights of `params.rs` they give, the king-danger weights, cap and
//! endgame divisor, then the fitted tables as `params.rs` text (`--write-params` writes them
//! all into the file: [`super::apply`]).

use super::apply::{fitted_king_danger, fitted_tables};
use super::texel::Tuned;
use crate::eval::params::{KING_DANGER_EG_DIVISOR, KING_DANGER_MAX, KING_DANGER_WEIGHTS};
use crate::eval::{Danger, Group, TABLES};
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
    if let Some([before, after]) = tuned.validation {
        writeln!(
            out,
            "held-out error: {before:.6} before, {after:.6} after ({} positions)",
            tuned.validation_positions
        )?;
    }
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
    writeln!(out, "King danger, weight by weight (current -> tuned):")?;
    for (feature, weight) in Danger::ALL.iter().zip(tuned.danger_weights) {
        writeln!(
            out,
            "    {:<28}{} -> {}",
            format!("{feature:?}"),
            KING_DANGER_WEIGHTS[*feature as usize],
            weight.round() as i64
        )?;
    }
    let [(weights_name, weights), (max_name, max), (divisor_name, divisor)] =
        fitted_king_danger(tuned);
    writeln!(
        out,
        "    {weights_name}: [i32; {}] = {weights};",
        Danger::COUNT
    )?;
    writeln!(out, "    {max_name:<28}{KING_DANGER_MAX} -> {max}")?;
    writeln!(
        out,
        "    {divisor_name:<28}{KING_DANGER_EG_DIVISOR} -> {divisor}"
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "Material values also set the endgame scale's material balance (eval/scale.rs)."
    )?;
    writeln!(out)?;
    write!(out, "Tables (params.rs text):")?;
    for (table, (_, value)) in TABLES.iter().zip(fitted_tables(tuned)) {
        let len = table.entries.len();
        let shape = match table.row {
            0 => format!("[Score; {len}]"),
            row => format!("[[Score; {row}]; {}]", len / row),
        };
        write!(out, "\n\npub const {}: {shape} = {value};", table.name)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::table_entry;

    #[test]
    fn lists_every_group_param_and_table() {
        let mut multipliers = [[1.0; 2]; Group::COUNT];
        multipliers[Group::ALL
            .iter()
            .position(|&g| g == Group::Tempo)
            .expect("tempo is a group")] = [2.0, 0.0];
        let text = report(&Tuned {
            k: 1.25,
            error_before: 0.1,
            error_after: 0.09,
            validation: Some([0.2, 0.19]),
            validation_positions: 4,
            multipliers,
            entries: std::array::from_fn(|e| {
                let value = table_entry(e);
                [f64::from(value.mg), f64::from(value.eg)]
            }),
            danger_weights: KING_DANGER_WEIGHTS.map(|w| f64::from(2 * w)),
            danger_max: 300.4,
            danger_eg_divisor: 7.6,
            positions: 10,
            iterations: 5,
        });
        assert!(text.starts_with("K = 1.2500 "), "{text}");
        assert!(text.contains("error: 0.100000 before, 0.090000 after (10 positions"));
        assert!(text.contains("held-out error: 0.200000 before, 0.190000 after (4 positions)"));
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
        let doubled: Vec<String> = KING_DANGER_WEIGHTS
            .iter()
            .map(|w| (2 * w).to_string())
            .collect();
        let expected = format!(
            "KING_DANGER_WEIGHTS: [i32; 11] = [{}];\n",
            doubled.join(", ")
        );
        assert!(text.contains(&expected), "{text}");
        assert!(text.contains(&format!(
            "    KnightCheck                 {} -> {}\n",
            KING_DANGER_WEIGHTS[Danger::KnightCheck as usize],
            2 * KING_DANGER_WEIGHTS[Danger::KnightCheck as usize]
        )));
        assert!(text.contains(&format!(
            "    KING_DANGER_MAX             {KING_DANGER_MAX} -> 300\n"
        )));
        assert!(text.contains(&format!(
            "    KING_DANGER_EG_DIVISOR      {KING_DANGER_EG_DIVISOR} -> 8\n"
        )));
        let knights = crate::eval::params::KNIGHT_SQUARES;
        let first_rank: Vec<String> = knights[0]
            .iter()
            .map(|v| format!("s({}, {})", v.mg, v.eg))
            .collect();
        let expected = format!(
            "pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [\n    [{}],\n",
            first_rank.join(", ")
        );
        assert!(text.contains(&expected), "{text}");
        assert!(text.ends_with("];"), "{text}");
        assert_eq!(text.matches("[[Score; 4]; 8] = [").count(), 6);
        let knight_mobility = crate::eval::params::KNIGHT_MOBILITY;
        let expected = format!(
            "pub const KNIGHT_MOBILITY: [Score; 9] = [\n    s({}, {}),\n",
            knight_mobility[0].mg, knight_mobility[0].eg
        );
        assert!(text.contains(&expected), "{text}");
    }
}
