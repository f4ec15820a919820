//! The README's table of UCI options against what the real binary announces in answer to
//! `uci`: the same options, in the same order, with the same types, defaults and ranges. A
//! new or changed option fails this test until the README tells users about it.

#[allow(dead_code)] // the session helpers other test files use
mod common;

use common::Session;
use ferrite::search::params::TUNABLES;
use std::time::Duration;

/// One option as `option name … type … [default …] [min … max …]` describes it.
#[derive(Debug, PartialEq, Eq)]
struct Announced {
    name: String,
    kind: String,
    default: Option<String>,
    range: Option<(i64, i64)>,
}

/// The rows of the README's options table (the table whose header starts `| Option |`).
fn readme_options() -> Vec<Announced> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("| Option |"))
        .skip(2) // the header and its `|---|` rule
        .take_while(|line| line.starts_with('|'))
        .collect();
    rows.iter()
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
            let [name, kind, default, range, _meaning] = cells[..] else {
                panic!("README options row without five cells: {row}");
            };
            let range = (!range.is_empty()).then(|| {
                let (min, max) = range
                    .split_once('-')
                    .unwrap_or_else(|| panic!("range not min-max: {row}"));
                (
                    min.parse().expect("an integer minimum"),
                    max.parse().expect("an integer maximum"),
                )
            });
            Announced {
                name: name.trim_matches('`').to_string(),
                kind: kind.to_string(),
                default: (!default.is_empty()).then(|| default.trim_matches('`').to_string()),
                range,
            }
        })
        .collect()
}

/// Parses `option name <words…> type <t> [default <d>] [min <a> max <b>]`. Names and string
/// defaults may hold spaces, so each field runs up to the next keyword.
fn parse_option_line(line: &str) -> Announced {
    let words: Vec<&str> = line.split_whitespace().collect();
    let field = |key: &str| -> Option<String> {
        let start = words.iter().position(|&w| w == key)? + 1;
        let end = words[start..]
            .iter()
            .position(|w| ["type", "default", "min", "max", "var"].contains(w))
            .map_or(words.len(), |at| start + at);
        Some(words[start..end].join(" "))
    };
    let number = |key: &str| field(key).map(|value| value.parse::<i64>().expect("an integer"));
    Announced {
        name: field("name").expect("a name"),
        kind: field("type").expect("a type"),
        default: field("default"),
        range: number("min").zip(number("max")),
    }
}

#[test]
fn readme_options_table_matches_the_uci_answer() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.read_until(Duration::from_secs(10), |line| line == "uciok");
    // Builds for tuning (`--features spsa`) also announce the search parameters, which the
    // README leaves to docs/tuning.md.
    let announced: Vec<Announced> = lines
        .iter()
        .filter(|line| line.starts_with("option name "))
        .map(|line| parse_option_line(line))
        .filter(|option| TUNABLES.iter().all(|t| t.name != option.name))
        .collect();
    let documented = readme_options();
    assert_eq!(documented.len(), 17, "the README's table: {documented:#?}");
    assert_eq!(documented, announced);
}

#[test]
fn option_lines_parse_into_their_fields() {
    assert_eq!(
        parse_option_line("option name Move Overhead type spin default 10 min 0 max 5000"),
        Announced {
            name: "Move Overhead".to_string(),
            kind: "spin".to_string(),
            default: Some("10".to_string()),
            range: Some((0, 5000)),
        }
    );
    assert_eq!(
        parse_option_line("option name Clear Hash type button"),
        Announced {
            name: "Clear Hash".to_string(),
            kind: "button".to_string(),
            default: None,
            range: None,
        }
    );
}
