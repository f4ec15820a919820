//! Perft against published node counts: every position and depth of the fixtures in
//! `tests/data/` (the published suites, copied into the repository). The shallow depths run in the normal test
//! run; the deep ones are `#[ignore]`d (see docs/heavy-tests.md for how to run them).

use ferrite::chess::perft::perft;
use ferrite::chess::Position;
use rayon::prelude::*;

/// One EPD line: `FEN ;D1 n ;D2 n ...`.
struct PerftCase {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn load(name: &str) -> Vec<PerftCase> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let counts = parts
                .map(|part| {
                    let mut words = part.split_whitespace();
                    let depth = words.next().and_then(|d| d.strip_prefix('D'));
                    let count = words.next();
                    match (
                        depth.and_then(|d| d.parse().ok()),
                        count.and_then(|n| n.parse().ok()),
                    ) {
                        (Some(d), Some(n)) => (d, n),
                        _ => panic!("bad perft entry '{part}' in {path}"),
                    }
                })
                .collect();
            PerftCase { fen, counts }
        })
        .collect()
}

/// Runs every (position, depth) of `file` whose depth is in `depths`; returns how many ran.
fn check(file: &str, depths: std::ops::RangeInclusive<u32>, first: usize) -> usize {
    let cases = load(file);
    assert!(!cases.is_empty(), "{file} is empty");
    let jobs: Vec<(&PerftCase, u32, u64)> = cases
        .iter()
        .take(first)
        .flat_map(|case| case.counts.iter().map(move |&(d, n)| (case, d, n)))
        .filter(|(_, d, _)| depths.contains(d))
        .collect();
    let failures: Vec<String> = jobs
        .par_iter()
        .filter_map(|(case, depth, expected)| {
            let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
            let got = perft(&pos, *depth);
            (got != *expected)
                .then(|| format!("{} D{depth}: expected {expected}, got {got}", case.fen))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    jobs.len()
}

#[test]
fn perftsuite_to_depth_5() {
    assert_eq!(check("perftsuite.epd", 1..=5, usize::MAX), 633);
}

#[test]
#[ignore = "deep: about 4.4 billion nodes"]
fn perftsuite_depth_6() {
    assert_eq!(check("perftsuite.epd", 6..=6, usize::MAX), 126);
}

#[test]
fn cpw_positions_to_depth_5() {
    assert_eq!(check("cpw6.epd", 1..=5, usize::MAX), 35);
}

#[test]
#[ignore = "deep: about 16.5 billion nodes"]
fn cpw_positions_depth_6() {
    assert_eq!(check("cpw6.epd", 6..=6, usize::MAX), 6);
}

#[test]
fn chess960_to_depth_4() {
    assert_eq!(check("chess960.epd", 1..=4, usize::MAX), 3840);
}

#[test]
#[ignore = "deep: about 17 billion nodes"]
fn chess960_depth_5() {
    assert_eq!(check("chess960.epd", 5..=5, usize::MAX), 960);
}

#[test]
#[ignore = "very deep: about 500 billion nodes (hours)"]
fn chess960_depth_6() {
    assert_eq!(check("chess960.epd", 6..=6, usize::MAX), 960);
}

/// Walks the move tree and checks, at every node, that the incrementally updated keys,
/// checkers and FEN agree with a position rebuilt from scratch, and that making a move never
/// changes the parent (copy-make: undoing is dropping the child).
fn walk(pos: &Position, depth: u32, nodes: &mut u64) {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "key drift at {}",
        pos.to_fen()
    );
    assert_eq!(
        pos.pawn_key(),
        pos.compute_pawn_key(),
        "pawn key drift at {}",
        pos.to_fen()
    );
    let rebuilt =
        Position::from_fen(&pos.to_fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen()));
    assert_eq!(
        rebuilt.key(),
        pos.key(),
        "FEN round trip changes key at {}",
        pos.to_fen()
    );
    assert_eq!(rebuilt.checkers(), pos.checkers());
    assert_eq!(rebuilt.pinned(), pos.pinned());
    *nodes += 1;
    if depth == 0 {
        return;
    }
    let before = *pos;
    for &mv in pos.legal_moves().iter() {
        walk(&pos.play(mv), depth - 1, nodes);
    }
    assert_eq!(before, *pos);
}

#[test]
fn incremental_key_matches_recomputation() {
    let mut nodes = 0;
    for file in ["perftsuite.epd", "cpw6.epd"] {
        for case in load(file) {
            let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{e}"));
            walk(&pos, 3, &mut nodes);
        }
    }
    for case in load("chess960.epd").iter().take(100) {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{e}"));
        walk(&pos, 2, &mut nodes);
    }
    assert_eq!(nodes, 891_593);
}

/// The limits `stopped_counts` asks about.
const LIMITS: [u64; 7] = [0, 1, 2, 3, 4, 10, 40];

/// `has_more_legal_moves_than` for each of `LIMITS`.
fn stopped_counts(pos: &Position) -> [bool; 7] {
    [
        pos.has_more_legal_moves_than::<0>(),
        pos.has_more_legal_moves_than::<1>(),
        pos.has_more_legal_moves_than::<2>(),
        pos.has_more_legal_moves_than::<3>(),
        pos.has_more_legal_moves_than::<4>(),
        pos.has_more_legal_moves_than::<10>(),
        pos.has_more_legal_moves_than::<40>(),
    ]
}

/// Checks at every node of the tree that counts stopped early (`has_more_legal_moves_than`,
/// which stops at the first piece past its limit) agree with the full count; returns the
/// nodes checked.
fn check_stopped_counts(pos: &Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    let count = pos.count_legal_moves();
    assert_eq!(count, moves.len() as u64, "{}", pos.to_fen());
    assert_eq!(
        stopped_counts(pos),
        LIMITS.map(|limit| count > limit),
        "{}",
        pos.to_fen()
    );
    assert_eq!(pos.has_legal_move(), count > 0, "{}", pos.to_fen());
    if depth == 0 {
        return 1;
    }
    1 + moves
        .iter()
        .map(|&mv| check_stopped_counts(&pos.play(mv), depth - 1))
        .sum::<u64>()
}

#[test]
fn counts_stopped_early_agree_with_full_counts() {
    let mut nodes = 0;
    for file in ["perftsuite.epd", "cpw6.epd", "chess960.epd"] {
        for case in load(file).iter().take(200) {
            let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{e}"));
            nodes += check_stopped_counts(&pos, 2);
        }
    }
    // Checkmated (no move at all), stalemated, and in double check (king moves only).
    for (fen, count) in [
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            0,
        ),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0),
        ("4r2k/8/8/8/R7/5n2/8/4K3 w - - 0 1", 3),
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.count_legal_moves(), count, "{fen}");
        nodes += check_stopped_counts(&pos, 0);
    }
    assert_eq!(nodes, 183_900);
}
