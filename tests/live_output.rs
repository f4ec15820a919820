//! Live output of a long search, over pipes: after three seconds the engine announces each
//! root move (`currmove`) and, when one root move takes long, prints its counters at least
//! every second, so a GUI never shows it frozen. Every line must parse under a strict
//! reading of the UCI `info` grammar. Timing is not asserted here (a loaded machine must not
//! fail a test); the gaps between lines are measured in a transcript (docs/heavy-tests.md).

// Only part of the shared session helper is needed here.
#[allow(dead_code)]
mod common;

use common::Session;
use ferrite::rules::Game;
use std::collections::BTreeMap;
use std::time::Duration;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The keys of an `info` line with their values, read strictly: each key at most once, each
/// with exactly the values the UCI grammar gives it; `pv` and `string` take the rest.
fn parse_info(line: &str) -> Result<BTreeMap<String, Vec<String>>, String> {
    let mut words = line.split(' ').peekable();
    if words.next() != Some("info") {
        return Err("not an info line".into());
    }
    let mut keys = BTreeMap::new();
    while let Some(key) = words.next() {
        let arity = match key {
            "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "hashfull" | "tbhits" | "time"
            | "currmove" | "currmovenumber" => 1,
            "score" => 2,
            "wdl" => 3,
            "pv" | "string" => usize::MAX,
            _ => return Err(format!("unknown key {key:?}")),
        };
        let mut values = Vec::new();
        while values.len() < arity {
            match words.next() {
                Some(value) => values.push(value.to_string()),
                None if arity == usize::MAX => break,
                None => return Err(format!("{key} lacks a value")),
            }
        }
        if key == "score" {
            if !matches!(values[0].as_str(), "cp" | "mate") {
                return Err(format!("score kind {:?}", values[0]));
            }
            if values[1].parse::<i32>().is_err() {
                return Err(format!("score value {:?}", values[1]));
            }
            if let Some(&bound @ ("lowerbound" | "upperbound")) = words.peek() {
                values.push(bound.to_string());
                words.next();
            }
        } else if !matches!(key, "pv" | "string" | "currmove")
            && values.iter().any(|value| value.parse::<u64>().is_err())
        {
            return Err(format!("{key} {values:?} is not numeric"));
        }
        if matches!(key, "pv" | "string") && values.is_empty() {
            return Err(format!("empty {key}"));
        }
        if keys.insert(key.to_string(), values).is_some() {
            return Err(format!("{key} twice"));
        }
    }
    Ok(keys)
}

/// The keys of a parsed line, in order of name.
fn key_set(keys: &BTreeMap<String, Vec<String>>) -> Vec<&str> {
    keys.keys().map(String::as_str).collect()
}

#[test]
fn the_info_parser_is_strict() {
    assert!(parse_info("info depth 3 score cp 35 lowerbound nodes 10 pv e2e4").is_ok());
    assert!(parse_info("info depth 3 currmove e2e4 currmovenumber 1").is_ok());
    for bad in [
        "info depth",
        "info depth x",
        "info depth 3 depth 4",
        "info score 35",
        "info lowerbound",
        "info depth 3 pv",
        "info frob 1",
        "info  depth 3",
    ] {
        assert!(parse_info(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_long_search_announces_root_moves_and_progress() {
    let mut s = Session::start();
    s.send(&format!("position fen {KIWIPETE}"));
    s.send("go infinite");
    // Which comes first depends on the machine's speed: a root move may begin just before
    // the three seconds are up and take several more. Both come in the end.
    let mut lines = Vec::new();
    let (mut seen_currmove, mut seen_progress) = (false, false);
    while !(seen_currmove && seen_progress) {
        let line = s
            .next_line(Duration::from_secs(60))
            .unwrap_or_else(|| panic!("no currmove and progress lines in time: {lines:#?}"));
        seen_currmove |= line.contains(" currmove ");
        seen_progress |= !line.contains(" currmove ") && !line.contains(" score ");
        lines.push(line);
    }
    s.send("stop");
    lines.extend(s.read_until(Duration::from_secs(30), |line| line.starts_with("bestmove")));

    let game = Game::from_fen(KIWIPETE).expect("Kiwipete");
    let legal = game.position().legal_moves().len();
    let (mut currmoves, mut progress, mut scored) = (0, 0, 0);
    for line in &lines[..lines.len() - 1] {
        let keys = parse_info(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if keys.contains_key("currmove") {
            assert_eq!(
                key_set(&keys),
                ["currmove", "currmovenumber", "depth"],
                "{line}"
            );
            let mv = &keys["currmove"][0];
            assert!(game.clone().play_uci(mv, false).is_ok(), "{line}");
            let number: usize = keys["currmovenumber"][0].parse().expect("checked numeric");
            assert!((1..=legal).contains(&number), "{line}");
            currmoves += 1;
        } else if keys.contains_key("score") {
            for key in ["depth", "seldepth", "multipv", "nodes", "time", "pv"] {
                assert!(keys.contains_key(key), "{key} missing: {line}");
            }
            scored += 1;
        } else {
            assert_eq!(
                key_set(&keys),
                ["depth", "hashfull", "nodes", "nps", "seldepth", "tbhits", "time"],
                "{line}"
            );
            // Live output begins once the search has run three seconds, by its own clock.
            let time: u64 = keys["time"][0].parse().expect("checked numeric");
            assert!(time >= 3000, "{line}");
            progress += 1;
        }
    }
    assert!(currmoves > 0, "no currmove line: {lines:#?}");
    assert!(progress > 0, "no progress line: {lines:#?}");
    assert!(scored > 0, "no line with a score: {lines:#?}");
    let best = common::best_move(&lines[lines.len() - 1]);
    assert!(game.clone().play_uci(best, false).is_ok(), "{best}");
}

#[test]
fn a_short_search_prints_no_live_output() {
    let mut s = Session::start();
    s.send(&format!("position fen {KIWIPETE}"));
    let (lines, _) = s.go("go movetime 500", Duration::from_secs(30));
    assert!(
        lines.iter().all(|line| line.starts_with("bestmove")
            || (line.contains(" score ") && line.contains(" pv ") && !line.contains("bound"))),
        "{lines:#?}"
    );
}
