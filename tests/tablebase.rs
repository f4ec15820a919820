//! Syzygy tablebases: Ferrite's probes against the reference values in `tests/data/syzygy/`
//! (the complete 3- and 4-piece tables and 200 positions with their WDL and DTZ), and the
//! search with tables: table scores, the root kept to moves that keep the win, `tbhits`.

// Only part of the shared session helper is needed here.
#[allow(dead_code)]
mod common;

use common::Session;
use ferrite::chess::Position;
use ferrite::search::limits::Limits;
use ferrite::search::params::{MATE_BOUND, TB_WIN_BOUND};
use ferrite::search::tablebase_root::TablebaseUse;
use ferrite::search::tt::TranspositionTable;
use ferrite::search::{search, SearchControl, SearchJob};
use ferrite::tablebase::{rank_root_moves, rank_root_moves_by_wdl, Tablebase, Wdl};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

const SHORT: Duration = Duration::from_secs(10);

fn tables_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy")
}

fn tables() -> Tablebase {
    Tablebase::open(&tables_folder().to_string_lossy())
        .expect("the 3-4 piece tables in tests/data/syzygy")
}

/// The EPD operation `name`'s integer value.
fn operation(line: &str, name: &str) -> i32 {
    line.split(';')
        .map(str::trim)
        .find_map(|op| {
            op.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(' '))
        })
        .unwrap_or_else(|| panic!("no {name} in {line}"))
        .trim()
        .parse()
        .expect("an integer")
}

#[test]
fn every_reference_position_probes_to_its_wdl_and_dtz() {
    let tables = tables();
    assert_eq!((tables.wdl_files(), tables.dtz_files()), (35, 35));
    assert_eq!(tables.max_pieces(), 4);
    let text = std::fs::read_to_string(tables_folder().join("endgame.epd")).expect("endgame.epd");
    let mut checked = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let pos = Position::from_fen(&fen.join(" ")).expect("valid FEN");
        let wdl = tables.probe_wdl(&pos).map(Wdl::value);
        assert_eq!(wdl, Some(operation(line, "wdl")), "WDL of {line}");
        assert_eq!(
            tables.probe_dtz(&pos),
            Some(operation(line, "dtz")),
            "DTZ of {line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 200);
}

#[test]
fn folders_without_tables_are_refused() {
    let empty = std::env::temp_dir().join("ferrite-no-tables");
    std::fs::create_dir_all(&empty).expect("temp folder");
    assert_eq!(
        Tablebase::open(&empty.to_string_lossy())
            .err()
            .map(|e| e.to_string()),
        Some("no Syzygy tables (*.rtbw) found".to_string())
    );
    let missing = Tablebase::open("/no/such/folder")
        .err()
        .map(|e| e.to_string());
    assert!(
        missing.is_some_and(|e| e.starts_with("cannot read folder /no/such/folder: ")),
        "an unreadable folder is named"
    );
}

fn tablebase_use() -> TablebaseUse {
    TablebaseUse {
        tables: Arc::new(tables()),
        probe_depth: 1,
        fifty_move_rule: true,
        probe_limit: 7,
    }
}

#[test]
fn positions_with_castling_rights_or_more_pieces_are_not_probed() {
    let tables = tables();
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).expect("valid FEN");
        assert_eq!(tables.probe_wdl(&pos), None, "{fen}");
    }
}

#[test]
fn with_the_clock_running_out_the_root_keeps_only_the_quickest_wins() {
    // KBN v K, won in 48 plies to mate; with 51 plies on the clock only the moves that keep
    // that pace still win under the fifty-move rule (48 + 51 = 99).
    let tables = tables();
    let pos = Position::from_fen("8/8/5k2/8/2K5/3N4/2B5/8 w - - 51 80").expect("valid FEN");
    assert_eq!(tables.probe_dtz(&pos), Some(48));
    let moves = pos.legal_moves();
    let ranking = rank_root_moves(&tables, &pos, moves.as_slice(), &[pos.key()], true)
        .expect("in the tables");
    let best = ranking.iter().map(|r| r.rank).max().expect("moves");
    let kept: Vec<_> = ranking.iter().filter(|r| r.rank == best).collect();
    assert!(!kept.is_empty());
    for ranked in &kept {
        assert_eq!(ranked.result, Wdl::Win);
        assert_eq!(
            tables.probe_dtz(&pos.play(ranked.mv)),
            Some(-47),
            "{:?}",
            ranked.mv
        );
    }
    // Slower wins are wins only without the fifty-move rule.
    assert!(ranking.iter().any(|r| r.result == Wdl::CursedWin));
    let without_rule = rank_root_moves(&tables, &pos, moves.as_slice(), &[pos.key()], false)
        .expect("in the tables");
    assert!(without_rule
        .iter()
        .all(|r| r.result == Wdl::Win || r.result == Wdl::Draw));
}

fn search_with_tables(fen: &str, depth: i32) -> (ferrite::search::SearchResult, u64) {
    let pos = Position::from_fen(fen).expect("valid FEN");
    let mut job = SearchJob::new(pos, Limits::depth(depth));
    job.tablebase = Some(tablebase_use());
    let tt = TranspositionTable::new(16);
    let control = SearchControl::new(&job.limits, 0);
    let tb_hits = AtomicU64::new(0);
    let result = search(&job, &tt, &control, &|report| {
        tb_hits.store(report.tb_hits, Ordering::Relaxed)
    });
    (result, tb_hits.load(Ordering::Relaxed))
}

#[test]
fn a_won_root_plays_a_winning_move_and_reports_a_table_win() {
    let fen = "8/8/5k2/8/2K5/3N4/2B5/8 w - - 0 1";
    let (result, tb_hits) = search_with_tables(fen, 6);
    assert!(
        (TB_WIN_BOUND..MATE_BOUND).contains(&result.score),
        "score {}",
        result.score
    );
    let pos = Position::from_fen(fen).expect("valid FEN");
    let after = pos.play(result.best.expect("a move"));
    let dtz = tables().probe_dtz(&after).expect("in the tables");
    // Any win that converts within the fifty moves may be chosen.
    assert!((-98..0).contains(&dtz), "the reply's DTZ {dtz}");
    // One probe per root move.
    assert_eq!(tb_hits, pos.legal_moves().len() as u64);
}

#[test]
fn a_capture_into_a_won_table_position_scores_as_a_table_win() {
    // Five pieces: the root is not in the tables, the position after Qxd4+ is (KQ v KP).
    let (result, tb_hits) = search_with_tables("7k/1p6/8/8/3r4/8/8/1K1Q4 w - - 0 1", 5);
    assert_eq!(
        result.best.map(|mv| mv.to_uci(false)).as_deref(),
        Some("d1d4")
    );
    assert!(
        (TB_WIN_BOUND..MATE_BOUND).contains(&result.score),
        "score {}",
        result.score
    );
    assert!(tb_hits > 0);
}

#[test]
fn uci_announces_the_options_reports_tables_and_survives_a_bad_path() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.read_until(SHORT, |line| line == "uciok");
    for option in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(lines.iter().any(|line| line == option), "missing {option}");
    }
    s.send("setoption name SyzygyPath value /no/such/folder");
    s.send("isready");
    let lines = s.read_until(SHORT, |line| line == "readyok");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info string error: SyzygyPath /no/such/folder: cannot read"));
    s.send("position fen 8/8/8/3k4/8/8/5Q2/1K4r1 w - - 0 1");
    s.send("go depth 3");
    s.expect_prefix("bestmove ", SHORT);

    let folder = tables_folder();
    s.send(&format!(
        "setoption name SyzygyPath value {}",
        folder.display()
    ));
    s.expect_prefix(
        "info string found 35 WDL and 35 DTZ tables, up to 4 pieces",
        SHORT,
    );
    s.send("d");
    let lines = s.read_until(SHORT, |line| line.starts_with("Tablebase: "));
    assert!(lines
        .last()
        .is_some_and(|line| line.starts_with("Tablebase: win (WDL 2, DTZ ")));
    s.send("go depth 5");
    let lines = s.read_until(SHORT, |line| line.starts_with("bestmove "));
    let last_info = lines
        .iter()
        .rev()
        .find(|line| line.contains(" pv "))
        .expect("an info line");
    let tb_hits: u64 = last_info
        .split_whitespace()
        .skip_while(|word| *word != "tbhits")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("tbhits");
    assert!(tb_hits > 0, "{last_info}");
    s.send("quit");
    assert!(s.exits_cleanly(SHORT));
}

#[test]
fn a_won_root_without_a_mate_in_sight_plays_the_shortest_way_to_zeroing() {
    // KBN v K, 48 plies from mate: a search of depth 6 sees no mate, so the tables decide.
    let fen = "8/8/5k2/8/2K5/3N4/2B5/8 w - - 0 1";
    let pos = Position::from_fen(fen).expect("valid FEN");
    let tables = tables();
    let shortest = rank_root_moves(
        &tables,
        &pos,
        pos.legal_moves().as_slice(),
        &[pos.key()],
        true,
    )
    .expect("in the tables")
    .iter()
    .filter_map(|ranked| ranked.dtz.filter(|&dtz| dtz > 0))
    .min()
    .expect("winning moves");
    let (result, _) = search_with_tables(fen, 6);
    assert!(result.score < MATE_BOUND, "score {}", result.score);
    let after = pos.play(result.best.expect("a move"));
    // The reply's DTZ counts from Black's side, one ply less.
    assert_eq!(tables.probe_dtz(&after), Some(-(shortest - 1)));
}

/// A folder holding only the WDL files of the test tables.
fn wdl_only_folder() -> PathBuf {
    let folder = std::env::temp_dir().join(format!("ferrite-wdl-only-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    for entry in std::fs::read_dir(tables_folder()).expect("the test tables") {
        let file = entry.expect("a directory entry").path();
        if file.extension().is_some_and(|ext| ext == "rtbw") {
            let name = file.file_name().expect("a file name");
            std::fs::copy(&file, folder.join(name)).expect("copy a WDL file");
        }
    }
    folder
}

#[test]
fn without_dtz_files_the_root_is_ranked_by_wdl() {
    // White in check from the rook: Qxg1 keeps the win; Qf1, blocking, loses the queen.
    let pos = Position::from_fen("8/8/8/3k4/8/8/5Q2/1K4r1 w - - 0 1").expect("valid FEN");
    let folder = wdl_only_folder();
    let wdl_only = Tablebase::open(&folder.to_string_lossy()).expect("WDL tables");
    assert_eq!((wdl_only.wdl_files(), wdl_only.dtz_files()), (35, 0));
    let moves = pos.legal_moves();
    assert_eq!(
        rank_root_moves(&wdl_only, &pos, moves.as_slice(), &[pos.key()], true),
        None
    );
    let ranking = rank_root_moves_by_wdl(&wdl_only, &pos, moves.as_slice(), &[pos.key()], true)
        .expect("in the tables");
    let result_of = |uci: &str| {
        ranking
            .iter()
            .find(|ranked| ranked.mv.to_uci(false) == uci)
            .map(|ranked| (ranked.result, ranked.dtz))
    };
    assert_eq!(result_of("f2g1"), Some((Wdl::Win, None)));
    assert_eq!(result_of("f2f1"), Some((Wdl::Loss, None)));

    let mut job = SearchJob::new(pos, Limits::depth(4));
    job.tablebase = Some(TablebaseUse {
        tables: Arc::new(wdl_only),
        ..tablebase_use()
    });
    let tt = TranspositionTable::new(16);
    let result = search(&job, &tt, &SearchControl::new(&job.limits, 0), &|_| {});
    let after = pos.play(result.best.expect("a move"));
    assert_eq!(tables().probe_wdl(&after), Some(Wdl::Loss));
    assert!(result.score >= TB_WIN_BOUND, "score {}", result.score);
    std::fs::remove_dir_all(folder).expect("remove the temp folder");
}
