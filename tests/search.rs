//! The search end to end through the library: mates found at the right distance, legal PVs,
//! determinism, MultiPV and searchmoves.

use ferrite::chess::Position;
use ferrite::rules::parse_san;
use ferrite::search::limits::Limits;
use ferrite::search::tt::TranspositionTable;
use ferrite::search::{mate_in, search, Report, SearchControl, SearchJob, SearchResult};
use std::sync::Mutex;

fn run(fen: &str, limits: Limits, multipv: usize) -> (SearchResult, Vec<Report>) {
    let root = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let job = SearchJob {
        multipv,
        ..SearchJob::new(root, limits)
    };
    let tt = TranspositionTable::new(16);
    let control = SearchControl::new(&job.limits, 0);
    let reports = Mutex::new(Vec::new());
    let result = search(&job, &tt, &control, &|report| {
        if let Ok(mut reports) = reports.lock() {
            reports.push(report.clone());
        }
    });
    (result, reports.into_inner().unwrap_or_default())
}

/// `(fen, mate distance)` of the `sunfish.*` records of mates.epd with dm <= `max`.
fn sunfish_mates(max: i32) -> Vec<(String, i32)> {
    let path = format!("{}/tests/data/mates.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| line.contains("id \"sunfish."))
        .filter_map(|line| {
            let (fen, rest) = line.split_once(" dm ")?;
            let dm: i32 = rest.split(';').next()?.trim().parse().ok()?;
            (dm <= max).then(|| (fen.to_string(), dm))
        })
        .collect()
}

#[test]
fn sunfish_mates_in_one_to_three_are_found_at_the_right_distance() {
    let mates = sunfish_mates(3);
    assert_eq!(mates.len(), 204);
    let mut failures = Vec::new();
    for (fen, dm) in &mates {
        let limits = Limits {
            mate: Some(*dm as u32),
            // A cap that a loaded machine cannot move, unlike a time limit.
            nodes: Some(2_000_000),
            ..Limits::default()
        };
        let (result, reports) = run(fen, limits, 1);
        if mate_in(result.score) != Some(*dm) {
            failures.push(format!(
                "{fen}: expected mate {dm}, got score {}",
                result.score
            ));
        }
        // The reported PV must be playable move by move.
        let last = reports.last().expect("a report");
        let mut pos = Position::from_fen(fen).expect("valid");
        for mv in &last.pv {
            assert!(pos.is_legal(*mv), "{fen}: illegal PV move {mv:?}");
            pos = pos.play(*mv);
        }
        if last.pv.len() == (2 * dm - 1) as usize {
            assert!(
                pos.in_check() && !pos.has_legal_move(),
                "{fen}: PV does not end in mate"
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixed_depth_search_is_deterministic() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (first, _) = run(fen, Limits::depth(7), 1);
    let (second, _) = run(fen, Limits::depth(7), 1);
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.best, second.best);
    assert_eq!(first.depth, 7);
}

#[test]
fn multipv_and_searchmoves() {
    let start = ferrite::chess::STARTPOS_FEN;
    let (result, reports) = run(start, Limits::depth(5), 3);
    let last_depth: Vec<&Report> = reports.iter().filter(|r| r.depth == 5).collect();
    assert_eq!(
        last_depth.iter().map(|r| r.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert_eq!(Some(last_depth[0].pv[0]), result.best);
    assert!(
        last_depth[0].score >= last_depth[1].score && last_depth[1].score >= last_depth[2].score
    );

    let pos = Position::startpos();
    let only = parse_san(&pos, "a3").expect("legal");
    let limits = Limits {
        depth: Some(4),
        search_moves: vec![only],
        ..Limits::default()
    };
    let (result, _) = run(start, limits, 1);
    assert_eq!(result.best, Some(only));
}

#[test]
fn a_hanging_queen_is_taken() {
    // Black's queen on d5 hangs to the knight on c3.
    let (result, _) = run(
        "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3",
        Limits::depth(6),
        1,
    );
    let pos = Position::from_fen("rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3")
        .expect("valid");
    assert_eq!(result.best, parse_san(&pos, "Nxd5").ok());
}

#[test]
fn insufficient_material_scores_zero() {
    // Bare kings: a draw whatever the depth.
    let (result, _) = run("8/8/4k3/8/8/3K4/8/8 w - - 0 1", Limits::depth(6), 1);
    assert_eq!(result.score, 0);
    // King and knight cannot mate: every line is drawn.
    let (result, _) = run("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", Limits::depth(6), 1);
    assert_eq!(result.score, 0);
}

#[test]
fn a_soft_node_limit_ends_the_search_after_the_iteration_that_reaches_it() {
    let limits = Limits {
        soft_nodes: Some(5_000),
        nodes: Some(1_000_000),
        ..Limits::default()
    };
    let (result, reports) = run(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        limits,
        1,
    );
    assert!(
        (5_000..1_000_000).contains(&result.nodes),
        "{}",
        result.nodes
    );
    let [.., before, last] = reports.as_slice() else {
        panic!("at least two iterations");
    };
    assert!(before.nodes < 5_000, "{before:?}");
    assert_eq!((last.nodes, last.depth), (result.nodes, result.depth));
}
