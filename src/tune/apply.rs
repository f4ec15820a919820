//! Puts what `ferrite tune` fitted into the text of `src/eval/params.rs`, so that a refit is
//! one command anyone can rerun (`ferrite tune ... --write-params src/eval/params.rs`, then
//! `cargo fmt`) rather than a copy by hand. [`write_params`] does it to a file; what can go
//! wrong there is an [`ApplyError`] naming the file.

use super::texel::Tuned;
use crate::eval::{table_entry_place, Group, TABLES};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Every constant of `params.rs` the fit sets, by name, with its fitted value as Rust text
/// (tables laid out a row per line).
pub fn fitted_constants(tuned: &Tuned) -> Vec<(&'static str, String)> {
    let mut constants = Vec::new();
    for (group, [mg, eg]) in Group::ALL.iter().zip(tuned.multipliers) {
        for param in group.params() {
            constants.push((param.name, param.weight.scaled(mg, eg)));
        }
    }
    constants.extend(fitted_king_danger(tuned));
    constants.extend(fitted_tables(tuned));
    constants
}

/// `KING_DANGER_WEIGHTS`, `KING_DANGER_MAX` and `KING_DANGER_EG_DIVISOR` with their fitted
/// values as Rust text.
pub fn fitted_king_danger(tuned: &Tuned) -> [(&'static str, String); 3] {
    let weights: Vec<String> = tuned
        .danger_weights
        .iter()
        .map(|w| (w.round() as i64).to_string())
        .collect();
    [
        ("KING_DANGER_WEIGHTS", format!("[{}]", weights.join(", "))),
        (
            "KING_DANGER_MAX",
            (tuned.danger_max.round() as i64).to_string(),
        ),
        (
            "KING_DANGER_EG_DIVISOR",
            (tuned.danger_eg_divisor.round().max(1.0) as i64).to_string(),
        ),
    ]
}

/// Each table of the evaluation ([`TABLES`], in order) by name, with its fitted entries as
/// Rust text.
pub fn fitted_tables(tuned: &Tuned) -> Vec<(&'static str, String)> {
    let mut tables = Vec::new();
    let mut text = String::new();
    for (entry, [mg, eg]) in tuned.entries.iter().enumerate() {
        let (t, index) = table_entry_place(entry);
        let table = &TABLES[t];
        if index == 0 {
            text = "[".to_string();
        }
        let value = format!("s({}, {})", mg.round() as i64, eg.round() as i64);
        match table.row {
            0 => text += &format!("\n    {value},"),
            row if index % row == 0 => text += &format!("\n    [{value}"),
            _ => text += &format!(", {value}"),
        }
        if table.row > 0 && index % table.row == table.row - 1 {
            text += "],";
        }
        if index == table.entries.len() - 1 {
            text += "\n]";
            tables.push((table.name, std::mem::take(&mut text)));
        }
    }
    tables
}

/// A constant the fit sets is not in the text of `params.rs` (its name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingConstant(pub String);

impl fmt::Display for MissingConstant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no constant {} to set", self.0)
    }
}

impl std::error::Error for MissingConstant {}

/// `source` (the text of `params.rs`) with the value of each named constant replaced: the
/// text between its `=` and the `;` that ends it. Fails, naming it, on a constant that is
/// not there.
pub fn rewrite_params(
    source: &str,
    constants: &[(&str, String)],
) -> Result<String, MissingConstant> {
    let mut text = source.to_string();
    for (name, value) in constants {
        let missing = || MissingConstant(name.to_string());
        let start = text
            .find(&format!("pub const {name}:"))
            .ok_or_else(missing)?;
        let value_start = text[start..].find('=').ok_or_else(missing)? + start + 1;
        let value_end = text[value_start..].find(';').ok_or_else(missing)? + value_start;
        text.replace_range(value_start..value_end, &format!(" {value}"));
    }
    Ok(text)
}

/// Why the fitted values could not be written into a `params.rs`.
#[derive(Debug)]
pub enum ApplyError {
    /// The file could not be read.
    Read {
        /// The `params.rs` file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file lacks a constant the fit sets; it is left as it was.
    Missing {
        /// The `params.rs` file.
        path: PathBuf,
        /// The constant.
        error: MissingConstant,
    },
    /// The file could not be written.
    Write {
        /// The `params.rs` file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            ApplyError::Missing { path, error } => write!(f, "{}: {error}", path.display()),
            ApplyError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for ApplyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ApplyError::Read { source, .. } | ApplyError::Write { source, .. } => Some(source),
            ApplyError::Missing { error, .. } => Some(error),
        }
    }
}

/// Writes the fitted values of `tuned` into the `params.rs` at `path`; the file is only
/// written once every constant has been found.
pub fn write_params(path: &Path, tuned: &Tuned) -> Result<(), ApplyError> {
    let source = std::fs::read_to_string(path).map_err(|source| ApplyError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let text =
        rewrite_params(&source, &fitted_constants(tuned)).map_err(|error| ApplyError::Missing {
            path: path.to_path_buf(),
            error,
        })?;
    std::fs::write(path, text).map_err(|source| ApplyError::Write {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_values_whatever_their_layout() {
        let source = "/// Doc.\npub const A: Score = s(1, 2);\npub const B_TABLE: [i32; 2] =\n    [3, 4];\npub const B: i32 = 5;\n";
        let constants = [
            ("B", "6".to_string()),
            ("B_TABLE", "[7, 8]".to_string()),
            ("A", "s(9, 10)".to_string()),
        ];
        assert_eq!(
            rewrite_params(source, &constants),
            Ok("/// Doc.\npub const A: Score = s(9, 10);\npub const B_TABLE: [i32; 2] = [7, 8];\npub const B: i32 = 6;\n".to_string())
        );
        assert_eq!(
            rewrite_params(source, &[("C", "1".to_string())]),
            Err(MissingConstant("C".to_string()))
        );
    }

    /// A fit that found the current values.
    fn unchanged() -> Tuned {
        Tuned {
            k: 1.0,
            error_before: 0.0,
            error_after: 0.0,
            validation: None,
            validation_positions: 0,
            multipliers: [[1.0; 2]; Group::COUNT],
            entries: std::array::from_fn(|e| {
                let value = crate::eval::table_entry(e);
                [f64::from(value.mg), f64::from(value.eg)]
            }),
            danger_weights: crate::eval::params::KING_DANGER_WEIGHTS.map(f64::from),
            danger_max: f64::from(crate::eval::params::KING_DANGER_MAX),
            danger_eg_divisor: f64::from(crate::eval::params::KING_DANGER_EG_DIVISOR),
            positions: 0,
            iterations: 0,
        }
    }

    #[test]
    fn an_unchanged_fit_rewrites_params_to_itself() {
        let source = include_str!("../eval/params.rs");
        let constants = fitted_constants(&unchanged());
        assert_eq!(
            constants.len(),
            Group::ALL.iter().map(|g| g.params().len()).sum::<usize>() + 3 + TABLES.len()
        );
        let rewritten = rewrite_params(source, &constants).expect("every constant is there");
        // The same values; only the layout (which `cargo fmt` restores) may differ.
        let layout_free = |text: &str| {
            text.split_whitespace()
                .collect::<String>()
                .replace(",]", "]")
        };
        assert_eq!(layout_free(&rewritten), layout_free(source));
        assert_ne!(rewritten, source, "the tables are laid out a row per line");
    }

    #[test]
    fn files_that_cannot_be_rewritten_are_errors_naming_them() {
        let missing = Path::new("/nonexistent/ferrite-params.rs");
        let error = write_params(missing, &unchanged()).expect_err("no such file");
        assert!(matches!(&error, ApplyError::Read { path, .. } if path == missing));
        let file = std::env::temp_dir().join(format!("ferrite-apply-{}.rs", std::process::id()));
        let partial = "pub const PAWN_VALUE: Score = s(1, 1);\n";
        std::fs::write(&file, partial).expect("writable");
        match write_params(&file, &unchanged()) {
            Err(ApplyError::Missing { path, error }) => {
                assert_eq!(path, file);
                assert_ne!(error.0, "PAWN_VALUE");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(std::fs::read_to_string(&file).expect("readable"), partial);
        let _ = std::fs::remove_file(file);
    }
}
