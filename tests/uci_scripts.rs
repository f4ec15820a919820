//! Every script in `uci-scripts/` piped into the real binary, exactly as
//! `ferrite < uci-scripts/<name>.uci`, with its key output checked. Common to all: the engine
//! exits 0, prints no error, and answers every `go` (but `go perft`) with exactly one
//! `bestmove` that is legal in the position the script set up, as is its `ponder` move. A
//! script without an entry in [`CHECKS`] fails `every_script_has_a_check`.

mod process;

use ferrite::rules::Game;
use ferrite::uci::command::{parse, Command, StartPosition};
use process::run_ferrite;
use std::path::PathBuf;

/// Checks one script's output (all lines the engine printed).
type Check = fn(&[String]);

/// Every script and its check.
const CHECKS: &[(&str, Check)] = &[
    ("analyse-startpos.uci", check_analyse_startpos),
    ("mate-in-2.uci", check_mate_in_2),
    ("chess960-castling.uci", check_chess960_castling),
    ("perft.uci", check_perft),
    ("bench.uci", check_bench),
    ("game-with-clocks.uci", check_game_with_clocks),
];

fn scripts_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("uci-scripts")
}

#[test]
fn every_script_has_a_check() {
    let mut on_disk: Vec<String> = std::fs::read_dir(scripts_dir())
        .expect("uci-scripts/ exists")
        .map(|entry| entry.expect("directory entry").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".uci"))
        .collect();
    on_disk.sort();
    let mut checked: Vec<String> = CHECKS.iter().map(|(name, _)| name.to_string()).collect();
    checked.sort();
    assert_eq!(
        on_disk, checked,
        "every uci-scripts/*.uci needs a check in CHECKS (and every check a script)"
    );
}

#[test]
fn analyse_startpos() {
    run_and_check("analyse-startpos.uci");
}

#[test]
fn mate_in_2() {
    run_and_check("mate-in-2.uci");
}

#[test]
fn chess960_castling() {
    run_and_check("chess960-castling.uci");
}

#[test]
fn perft() {
    run_and_check("perft.uci");
}

#[test]
fn bench() {
    run_and_check("bench.uci");
}

#[test]
fn game_with_clocks() {
    run_and_check("game-with-clocks.uci");
}

fn run_and_check(name: &str) {
    let (_, check) = CHECKS
        .iter()
        .find(|(script, _)| *script == name)
        .expect("script listed in CHECKS");
    let lines = run_script(name);
    check(&lines);
}

/// Pipes the script into the engine; checks the rules every script follows and the
/// `bestmove` lines; returns the output lines.
fn run_script(name: &str) -> Vec<String> {
    let path = scripts_dir().join(name);
    let text = std::fs::read_to_string(&path).expect("script readable");
    assert!(
        text.starts_with('#'),
        "{name}: must open with # lines saying what it shows"
    );
    assert_eq!(
        text.lines().rev().map(str::trim).find(|l| !l.is_empty()),
        Some("quit"),
        "{name}: must end with quit"
    );
    let run = run_ferrite(&[], &text);
    assert_eq!(
        run.code,
        Some(0),
        "{name}: exit code {:?}, stderr: {}",
        run.code,
        run.stderr
    );
    let mut lines: Vec<String> = run.stdout.lines().map(str::to_string).collect();
    // A bare start greets first; the script's answers follow.
    let banner = format!(
        "Ferrite {} by the Ferrite developers",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(lines.first(), Some(&banner), "{name}: the first line");
    lines.remove(0);
    assert!(
        !lines.iter().any(|l| l.starts_with("info string error")),
        "{name}: {lines:#?}"
    );
    check_bestmoves(name, &text, &lines);
    lines
}

/// Replays the script's commands on a [`Game`] to know the position of every search, then
/// checks one legal `bestmove` (and legal `ponder` move) per search, in order.
fn check_bestmoves(name: &str, script: &str, lines: &[String]) {
    let mut chess960 = false;
    let mut game = Game::startpos();
    let mut searches = Vec::new();
    for line in script.lines() {
        match parse(line) {
            Ok(Some(Command::SetOption { name, value })) => {
                if name.eq_ignore_ascii_case("UCI_Chess960") {
                    chess960 = value.as_deref() == Some("true");
                }
            }
            Ok(Some(Command::UciNewGame)) => game = Game::startpos(),
            Ok(Some(Command::Position { start, moves })) => {
                game = match start {
                    StartPosition::Standard => Game::startpos(),
                    StartPosition::Fen(fen) => Game::from_fen(&fen)
                        .unwrap_or_else(|e| panic!("{name}: bad FEN {fen}: {e}")),
                };
                for mv in &moves {
                    if let Err(e) = game.play_uci(mv, chess960) {
                        panic!("{name}: illegal move {mv} in {line:?}: {e}");
                    }
                }
            }
            Ok(Some(Command::Go(go))) if go.perft.is_none() => {
                assert!(
                    !go.infinite && !go.ponder,
                    "{name}: a script's searches must end by themselves: {line:?}"
                );
                searches.push(game.clone());
            }
            Ok(Some(Command::Flip)) => panic!("{name}: `flip` is not modelled here"),
            Ok(_) => {}
            Err(e) => panic!("{name}: {line:?} does not parse: {e}"),
        }
    }
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(
        bestmoves.len(),
        searches.len(),
        "{name}: one bestmove per go: {lines:#?}"
    );
    for (line, mut game) in bestmoves.into_iter().zip(searches) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["bestmove", best] => play(&mut game, best, chess960, line),
            ["bestmove", best, "ponder", reply] => {
                play(&mut game, best, chess960, line);
                play(&mut game, reply, chess960, line);
            }
            _ => panic!("{name}: malformed {line:?}"),
        }
    }
}

fn play(game: &mut Game, mv: &str, chess960: bool, line: &str) {
    if let Err(e) = game.play_uci(mv, chess960) {
        panic!(
            "{line:?}: {mv} is illegal in {}: {e}",
            game.position().to_fen()
        );
    }
}

/// The word after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|&w| w == key)?;
    words.next()
}

/// The moves after `pv` in an `info` line.
fn pv(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .skip_while(|&w| w != "pv")
        .skip(1)
        .collect()
}

/// The `info` lines that carry a score.
fn scored(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info ") && l.contains(" score "))
        .collect()
}

fn check_analyse_startpos(lines: &[String]) {
    assert!(lines.iter().any(|l| l == "uciok"));
    let infos = scored(lines);
    let depths: Vec<u32> = infos
        .iter()
        .map(|l| {
            field(l, "depth")
                .and_then(|d| d.parse().ok())
                .expect("depth")
        })
        .collect();
    let mut distinct = depths.clone();
    distinct.dedup();
    assert_eq!(
        distinct,
        (1..=12).collect::<Vec<_>>(),
        "one iteration per depth, in order: {lines:#?}"
    );
    let last = infos.last().expect("info lines");
    assert!(
        !last.contains("bound") && matches!(field(last, "score"), Some("cp")),
        "{last}"
    );
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .expect("bestmove");
    assert_eq!(field(&lines[best], "bestmove"), pv(last).first().copied());
    assert!(
        lines[best..]
            .iter()
            .any(|l| l.starts_with("NNUE evaluation: ")),
        "eval after the search: {lines:#?}"
    );
}

fn check_mate_in_2(lines: &[String]) {
    let infos = scored(lines);
    let last = infos.last().expect("info lines");
    assert_eq!(
        (field(last, "score"), field(last, "mate")),
        (Some("mate"), Some("2")),
        "{lines:#?}"
    );
    // The mating line itself: three plies ending in checkmate.
    let mut game = Game::from_fen("k7/8/1K6/1R6/8/8/8/8 w - - 0 1").expect("FEN");
    let line = pv(last);
    assert_eq!(line.len(), 3, "{last}");
    for mv in &line {
        play(&mut game, mv, false, last);
    }
    assert_eq!(game.outcome().to_string(), "checkmate, white wins");
    let best = lines
        .iter()
        .find(|l| l.starts_with("bestmove"))
        .expect("bestmove");
    assert_eq!(field(best, "bestmove"), line.first().copied());
    assert!(lines.contains(&"Status: checkmate, white wins".to_string()));
}

fn check_chess960_castling(lines: &[String]) {
    let fens: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("Fen: "))
        .collect();
    assert_eq!(
        fens,
        [
            "qnrbkr1n/pppppbpp/5p2/8/8/5P2/PPPPPBPP/QNRBKR1N w FCfc - 2 3",
            "qnrbkr1n/pppppbpp/5p2/8/8/5P2/PPPPPBPP/QNRB1RKN b fc - 3 3",
            "qnrb1rkn/pppppbpp/5p2/8/8/5P2/PPPPPBPP/QNRB1RKN w - - 4 4",
            "qnrb1rkn/pppppbpp/5p2/8/8/5P2/PPPPPBPP/QNRB1RKN w - - 4 4",
        ]
    );
    let legal: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("Legal moves:"))
        .collect();
    let first: Vec<&str> = legal[0].split_whitespace().collect();
    let second: Vec<&str> = legal[1].split_whitespace().collect();
    assert!(
        first.contains(&"e1f1") && !first.contains(&"e1g1"),
        "{first:?}"
    );
    assert!(
        second.contains(&"e8f8") && !second.contains(&"e8g8"),
        "{second:?}"
    );
}

fn check_perft(lines: &[String]) {
    let (divide, tail) = lines.split_at(lines.len().saturating_sub(2));
    assert_eq!(tail, ["", "Nodes searched: 4865609"], "{lines:#?}");
    assert_eq!(divide.len(), 20, "one line per first move: {lines:#?}");
    let total: u64 = divide
        .iter()
        .map(|l| {
            let (_, count) = l.split_once(": ").expect("`move: count`");
            count.parse::<u64>().expect("count")
        })
        .sum();
    assert_eq!(total, 4_865_609);
    assert!(divide.contains(&"e2e4: 405385".to_string()));
}

fn check_bench(lines: &[String]) {
    assert_eq!(lines.len(), 1, "{lines:#?}");
    let words: Vec<&str> = lines[0].split_whitespace().collect();
    assert!(
        matches!(words.as_slice(), [nodes, "nodes", nps, "nps"]
            if nodes.parse::<u64>().is_ok_and(|n| n > 0) && nps.parse::<u64>().is_ok()),
        "{}",
        lines[0]
    );
}

fn check_game_with_clocks(lines: &[String]) {
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        11
    );
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 1);
    // Every search reports a score before its bestmove.
    let mut scored_since_bestmove = false;
    for line in lines {
        if line.starts_with("info ") && line.contains(" score ") {
            scored_since_bestmove = true;
        } else if line.starts_with("bestmove") {
            assert!(scored_since_bestmove, "no score before {line}");
            scored_since_bestmove = false;
        }
    }
    assert!(lines.contains(
        &"Fen: rnbq1k1r/pppp1ppp/4p3/3nP3/1b1P2Q1/2N5/PPP2PPP/R1B1KBNR w KQ - 3 6".to_string()
    ));
}
