//! Round trips over the perft fixtures: for every legal move of every position, and of
//! every position one ply further, parsing the move's SAN gives the move back, the SANs of
//! one position are all different, and the same holds for UCI text (`Move::to_uci` then
//! `parse_uci_move`).

use crate::position;
use ferrite::chess::Position;
use ferrite::rules::{parse_san, parse_uci_move, to_san};
use std::collections::HashSet;

/// The FENs of the first `limit` lines of an EPD fixture in `tests/data/`.
fn fens(name: &str, limit: usize) -> Vec<String> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .take(limit)
        .map(|line| {
            line.split(';')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .collect()
}

/// Checks every legal move of `pos`; returns how many it checked.
fn check_position(pos: &Position) -> usize {
    let fen = pos.to_fen();
    let legal = pos.legal_moves();
    let mut seen = HashSet::new();
    for &mv in legal.iter() {
        let san = to_san(pos, mv);
        assert_eq!(parse_san(pos, &san), Ok(mv), "SAN {san} in {fen}");
        assert!(
            seen.insert(san.clone()),
            "two moves with SAN {san} in {fen}"
        );
        let after = pos.play(mv);
        assert_eq!(
            san.ends_with('+') || san.ends_with('#'),
            after.in_check(),
            "{san} in {fen}"
        );
        assert_eq!(
            san.ends_with('#'),
            after.legal_moves().is_empty() && after.in_check()
        );
        // Chess960 positions take Chess960 UCI; standard ones either notation.
        let modes: &[bool] = if pos.is_chess960() {
            &[true]
        } else {
            &[false, true]
        };
        for &chess960 in modes {
            let uci = mv.to_uci(chess960);
            assert_eq!(
                parse_uci_move(pos, &uci, chess960),
                Ok(mv),
                "UCI {uci} (chess960 {chess960}) in {fen}"
            );
        }
    }
    legal.len()
}

/// Checks every position of a fixture and every position one ply further.
fn check_file(name: &str, limit: usize) -> usize {
    let mut checked = 0;
    for fen in fens(name, limit) {
        let pos = position(&fen);
        checked += check_position(&pos);
        for &mv in pos.legal_moves().iter() {
            checked += check_position(&pos.play(mv));
        }
    }
    checked
}

#[test]
fn san_and_uci_round_trip_perftsuite() {
    let checked = check_file("perftsuite.epd", usize::MAX);
    println!("{checked} moves");
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn san_and_uci_round_trip_cpw6() {
    let checked = check_file("cpw6.epd", usize::MAX);
    println!("{checked} moves");
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn san_and_uci_round_trip_chess960() {
    let checked = check_file("chess960.epd", 200);
    println!("{checked} moves");
    assert!(checked > 50_000, "{checked}");
}
