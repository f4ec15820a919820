//! The UCI protocol, end to end: the real binary over pipes, one session per test. Timing
//! bounds are loose enough for a loaded 2-core CI machine; the real latencies are measured
//! separately (see the issue notes).

mod common;

use common::{best_move, last_score, Session};
use ferrite::chess::Position;
use ferrite::rules::Game;
use std::time::{Duration, Instant};

const SHORT: Duration = Duration::from_secs(5);
const LONG: Duration = Duration::from_secs(60);

/// True if `uci` is a legal move in the game reached by `moves` from `fen`.
fn is_legal_after(fen: Option<&str>, moves: &[&str], uci: &str, chess960: bool) -> bool {
    let mut game = match fen {
        Some(fen) => Game::from_fen(fen).expect("valid FEN"),
        None => Game::startpos(),
    };
    for mv in moves {
        game.play_uci(mv, chess960).expect("legal setup move");
    }
    game.play_uci(uci, chess960).is_ok()
}

/// True if the move of the `bestmove` line `best` is legal after `moves` from the start
/// position.
fn legal_from_start(moves: &[&str], best: &str) -> bool {
    is_legal_after(None, moves, best_move(best), false)
}

#[test]
fn handshake_lists_options_and_ends_with_uciok() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.read_until(SHORT, |line| line == "uciok");
    assert!(lines[0].starts_with("id name Ferrite "));
    assert!(lines[1].starts_with("id author "));
    // Every option line, exactly: `every_option_is_announced_exactly_and_takes_its_announced_default`.
    assert!(lines[2].starts_with("option name "), "{lines:?}");
    s.send("isready");
    s.send("isready");
    assert_eq!(s.next_line(SHORT).as_deref(), Some("readyok"));
    assert_eq!(s.next_line(SHORT).as_deref(), Some("readyok"));
    s.send("quit");
    assert!(s.exits_cleanly(SHORT));
}

/// The option lines of a `uci` answer.
fn announced_options(s: &mut Session) -> Vec<String> {
    s.send("uci");
    let lines = s.read_until(SHORT, |line| line == "uciok");
    lines
        .into_iter()
        .filter(|line| line.starts_with("option name "))
        .collect()
}

#[test]
fn every_option_is_announced_exactly_and_takes_its_announced_default() {
    let mut s = Session::start();
    let announced = announced_options(&mut s);
    assert_eq!(
        announced[..17],
        [
            "option name Hash type spin default 16 min 1 max 33554432",
            "option name Threads type spin default 1 min 1 max 1024",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Ponder type check default false",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name Clear Hash type button",
            "option name UCI_Chess960 type check default false",
            "option name UCI_ShowWDL type check default false",
            "option name Debug Log File type string default <empty>",
            "option name EvalFile type string default <empty>",
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
            "option name Syzygy50MoveRule type check default true",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1500 min 800 max 2400",
        ]
    );
    for line in &announced {
        let rest = line.strip_prefix("option name ").expect("an option line");
        let (name, kind) = rest.split_once(" type ").expect("a type");
        let command = match kind.split_once(" default ") {
            Some((_, default)) => {
                let default = default.split(" min ").next().unwrap_or(default);
                format!("setoption name {name} value {default}")
            }
            None => format!("setoption name {name}"),
        };
        let reply = s.reply(&command);
        // Only the network's load says anything: the embedded one, as before.
        assert!(
            reply.is_empty() || reply == ["info string evaluating with the embedded network"],
            "{command}: {reply:?}"
        );
    }
    assert_eq!(announced_options(&mut s), announced);
}

#[test]
fn a_bare_start_greets_with_one_line_then_speaks_uci() {
    // `Session::start` has read the greeting and checked it word for word; the next line
    // answers the first command.
    let mut s = Session::start();
    s.send("uci");
    let first = s.next_line(SHORT);
    assert_eq!(
        first,
        Some(format!("id name Ferrite {}", env!("CARGO_PKG_VERSION")))
    );
    s.send("quit");
    assert!(s.exits_cleanly(SHORT));
}

#[test]
fn help_lists_the_commands_on_stdout() {
    let mut s = Session::start();
    let lines = s.reply("help");
    assert_eq!(
        lines.first().map(String::as_str),
        Some("Ferrite, a UCI chess engine. Commands (the options: uci, or README.md):")
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("  help             this list")
    );
    for line in [
        "  uci              identify, list the options, then uciok",
        "  position startpos|fen <fen> [moves <move>...]",
        "  go perft <depth> count the legal move paths below each first move",
        "  genfens <n> [seed <s>] [book <None|file>]  start positions for OpenBench's datagen",
    ] {
        assert!(
            lines.iter().any(|l| l == line),
            "missing {line:?}: {lines:#?}"
        );
    }
    assert_eq!(lines.len(), 21, "{lines:#?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:#?}"
    );
    // Still a UCI engine afterwards.
    assert_eq!(s.reply("isready"), Vec::<String>::new());
    s.send("quit");
    assert!(s.exits_cleanly(SHORT));
}

#[test]
fn eof_while_idle_exits_cleanly() {
    let mut s = Session::start();
    s.send("uci");
    s.expect_prefix("uciok", SHORT);
    s.close_input();
    assert!(s.exits_cleanly(SHORT));
}

#[test]
fn eof_during_search_stops_it_and_exits() {
    let mut s = Session::start();
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    s.close_input();
    assert!(s.exits_cleanly(SHORT));
}

/// Sends each command and checks the engine's whole answer to it (no lines for most).
fn assert_replies(s: &mut Session, exchanges: &[(&str, &[&str])]) {
    for &(command, answer) in exchanges {
        assert_eq!(s.reply(command), answer, "{command}");
    }
}

#[test]
fn setoption_variants_are_accepted_and_bad_ones_reported() {
    let mut s = Session::start();
    assert_replies(
        &mut s,
        &[
            ("setoption name Hash value 64", &[]),
            ("setoption name hash value 32", &[]),
            ("setoption name Clear Hash", &[]),
            ("setoption name Move Overhead value 100", &[]),
            ("setoption name MultiPV value 2", &[]),
            (
                "setoption name NoSuchOption value 1",
                &["info string error: unknown option 'NoSuchOption'"],
            ),
            (
                "setoption name Hash value abc",
                &["info string error: option 'Hash' expects an integer, got 'abc'"],
            ),
            (
                "setoption name Threads value 0",
                &["info string Threads value 0 out of range, set to 1"],
            ),
        ],
    );
    s.send("setoption name Hash value 1");
    s.send("position startpos");
    let (_, best) = s.go("go depth 4", SHORT);
    assert!(legal_from_start(&[], &best));
}

/// 32 TiB: within `Hash`'s range, and more than any machine running the tests has. On Linux
/// the engine refuses it from the machine's memory size without allocating anything (with
/// overcommit on, the kernel itself would grant it); elsewhere it would be left to the
/// allocator, so the test runs on Linux only.
#[cfg(target_os = "linux")]
#[test]
fn a_hash_the_machine_cannot_provide_is_an_error_and_the_table_stays() {
    let mut s = Session::start();
    assert_replies(&mut s, &[("setoption name Hash value 2", &[])]);
    let reply = s.reply("setoption name Hash value 33554432");
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert!(
        reply[0].starts_with("info string error: cannot allocate a hash table of 33554432 MiB: ")
            && reply[0].ends_with("; keeping the table of 2 MiB"),
        "{reply:?}"
    );
    s.send("position startpos");
    let (lines, best) = s.go("go depth 4", SHORT);
    assert!(legal_from_start(&[], &best), "{lines:?}");
    assert_replies(&mut s, &[("setoption name Hash value 1", &[])]);
}

#[cfg(feature = "spsa")]
#[test]
fn search_parameters_are_settable_for_tuning() {
    let mut s = Session::start();
    assert_replies(
        &mut s,
        &[
            ("setoption name RFP_MARGIN value 90", &[]),
            (
                "setoption name see_capture_margin value -500",
                &["info string see_capture_margin value -500 out of range, set to -200"],
            ),
            (
                "setoption name LMR_BASE value x",
                &["info string error: option 'LMR_BASE' expects an integer, got 'x'"],
            ),
        ],
    );
    s.send("position startpos");
    let (_, best) = s.go("go depth 6", SHORT);
    assert!(legal_from_start(&[], &best));
}

// A normal build's search parameters are constants, neither announced nor settable.
#[cfg(not(feature = "spsa"))]
#[test]
fn search_parameters_are_unknown_options_outside_the_tuning_build() {
    let mut s = Session::start();
    assert_replies(
        &mut s,
        &[(
            "setoption name RFP_MARGIN value 90",
            &["info string error: unknown option 'RFP_MARGIN'"],
        )],
    );
}

#[test]
fn go_depth_prints_info_with_score_and_pv_then_legal_bestmove() {
    let mut s = Session::start();
    s.send("position startpos");
    let (lines, best) = s.go("go depth 5", LONG);
    let info = lines
        .iter()
        .rev()
        .find(|line| line.starts_with("info depth 5 "))
        .expect("an info line for depth 5");
    let words: Vec<&str> = info.split_whitespace().collect();
    for key in [
        "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "tbhits", "time", "pv",
    ] {
        assert!(words.contains(&key), "{key} missing in {info}");
    }
    let bestmove = best_move(&best);
    assert!(is_legal_after(None, &[], bestmove, false), "{best}");
    let pv_first = words[words.iter().position(|&w| w == "pv").expect("pv") + 1];
    assert_eq!(pv_first, bestmove);
    // The ponder move must be legal after the best move.
    if let Some(ponder) = best.split_whitespace().nth(3) {
        assert!(is_legal_after(None, &[bestmove], ponder, false), "{best}");
    }
}

#[test]
fn whitespace_tabs_and_crlf_are_tolerated() {
    let mut s = Session::start();
    s.send_raw(b"  position   startpos \r\n");
    s.send_raw(b"  go   depth\t3 \r\n");
    let best = s.expect_prefix("bestmove", LONG);
    assert!(legal_from_start(&[], &best));
}

/// The value of `key` (`nodes`, `time` …) in the last `info` line among `lines` that has it.
fn last_info_value(lines: &[String], key: &str) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|&w| w == key)?;
            words.get(at + 1)?.parse().ok()
        })
        .unwrap_or_else(|| panic!("an info line with {key}"))
}

#[test]
fn go_nodes_reports_the_nodes_it_searched() {
    let mut s = Session::start();
    for position in [
        "position startpos",
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        s.send(position);
        let (lines, best) = s.go("go nodes 10000", LONG);
        let nodes = last_info_value(&lines, "nodes");
        assert!(
            (9_000..=10_000).contains(&nodes),
            "{position}: {nodes} nodes"
        );
        // The move played is the one the last line reports.
        let last = lines
            .iter()
            .rev()
            .find(|line| line.contains(" pv "))
            .expect("an info line with a pv");
        let pv_at = last.find(" pv ").expect("a pv") + 4;
        assert_eq!(last[pv_at..].split(' ').next(), Some(best_move(&best)));
    }
}

// Time limits are checked only from below (a loaded machine can make a search late, never
// early) and by the search ending on its own, without `stop`; LONG only catches hangs.
#[test]
fn movetime_and_clock_limits_end_the_search() {
    let mut s = Session::start();
    s.send("position startpos");
    s.sync();
    let started = Instant::now();
    let (lines, _) = s.go("go movetime 200", LONG);
    assert!(started.elapsed() >= Duration::from_millis(190));
    // Move Overhead (10 ms) is kept back; the rest of the time is used.
    assert!(last_info_value(&lines, "time") >= 190, "{lines:?}");

    for go in [
        "go wtime 1000 btime 1000",
        "go wtime 100",
        "go wtime 0 btime 1000",
        "go wtime 60000 btime 60000 depth 3",
        // Our clock missing: still a timed search, not an infinite one.
        "go btime 5000",
        "go winc 100",
    ] {
        let (_, best) = s.go(go, LONG);
        assert!(legal_from_start(&[], &best), "{go}: {best}");
    }
}

// Far more threads than cores must not cost the clock: the threads' memory is taken when
// `Threads` is set, not on `go`, and any thread stops the search when the time is up (the
// main thread is starved among 1,024). Before, this 3-second clock took 8 to 46 seconds.
#[test]
fn the_most_threads_on_a_small_machine_keep_a_short_clock() {
    let mut s = Session::start();
    s.send("setoption name Threads value 1024");
    s.send("isready");
    let lines = s.read_until(LONG, |line| line == "readyok");
    assert_eq!(lines, ["readyok"]);
    for moves in [vec![], vec!["e2e4"]] {
        s.send(&format!("position startpos moves {}", moves.join(" ")));
        s.sync();
        let started = Instant::now();
        let (_, best) = s.go("go wtime 3000 btime 3000", LONG);
        let took = started.elapsed();
        assert!(took < Duration::from_secs(3), "{best} after {took:?}");
        assert!(legal_from_start(&moves, &best), "{best}");
    }
}

#[test]
fn infinite_search_waits_for_stop_and_answers_isready() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let lines = s.read_until(LONG, |line| line == "readyok");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    assert!(lines.iter().all(|line| !line.starts_with("bestmove")));
    s.send("stop");
    let best = s.expect_prefix("bestmove", LONG);
    assert!(legal_from_start(&[], &best));
    // No more output for that search, and stray stops are ignored.
    s.send("stop");
    assert_eq!(s.reply("stop"), Vec::<String>::new());
}

#[test]
fn go_without_parameters_is_infinite_even_when_mate_is_found() {
    let mut s = Session::start();
    s.send("position fen 1k6/8/1K6/5R2/8/8/8/8 w - - 0 1");
    s.send("go");
    s.assert_still_searching(Duration::from_millis(600));
    s.send("stop");
    let best = s.expect_prefix("bestmove", SHORT);
    assert_eq!(best_move(&best), "f5f8");
}

#[test]
fn quit_during_search_exits_at_once() {
    let mut s = Session::start();
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.send("quit");
    assert!(s.exits_cleanly(LONG));
}

#[test]
fn terminal_positions_answer_bestmove_0000() {
    let mut s = Session::start();
    s.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let (lines, best) = s.go("go depth 5", SHORT);
    assert_eq!(best, "bestmove 0000");
    assert_eq!(lines[0], "info depth 0 score mate 0");
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let (lines, best) = s.go("go depth 5", SHORT);
    assert_eq!(best, "bestmove 0000");
    assert_eq!(lines[0], "info depth 0 score cp 0");
    // Stalemate under go infinite: still waits for stop.
    s.send("go infinite");
    s.assert_still_searching(Duration::from_millis(300));
    s.send("stop");
    assert_eq!(s.expect_prefix("bestmove", SHORT), "bestmove 0000");
    assert_eq!(s.sync(), Vec::<String>::new());
}

#[test]
fn mate_scores_match_stockfish_conventions() {
    let mut s = Session::start();
    for (fen, depth, expected) in [
        ("k7/8/1K6/5R2/8/8/8/8 b - - 0 1", 6, "mate -1"),
        ("1k6/8/1K6/5R2/8/8/8/8 w - - 0 1", 6, "mate 1"),
        ("k7/8/1K6/1R6/8/8/8/8 w - - 0 1", 8, "mate 2"),
        ("Qk6/8/1K6/1R6/8/8/8/8 b - - 0 1", 8, "mate -2"),
    ] {
        s.send(&format!("position fen {fen}"));
        let (lines, _) = s.go(&format!("go depth {depth}"), LONG);
        assert_eq!(last_score(&lines).as_deref(), Some(expected), "{fen}");
    }
    s.send("position fen k7/8/1K6/1R6/8/8/8/8 w - - 0 1");
    let (lines, best) = s.go("go mate 2", LONG);
    assert_eq!(last_score(&lines).as_deref(), Some("mate 2"));
    assert!(is_legal_after(
        Some("k7/8/1K6/1R6/8/8/8/8 w - - 0 1"),
        &[],
        best_move(&best),
        false
    ));
}

#[test]
fn promotions_are_read_in_either_case_and_printed_lower_case() {
    let mut s = Session::start();
    s.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8Q");
    let lines = s.display();
    assert!(
        lines.contains(&"Fen: Q7/7k/8/8/8/8/8/K7 b - - 0 1".to_string()),
        "{lines:#?}"
    );
    s.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let (_, best) = s.go("go depth 5", LONG);
    assert!(best.starts_with("bestmove a7a8q"), "{best}");
}

#[test]
fn standard_and_chess960_castling_notation() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    let lines = s.display();
    assert!(lines
        .iter()
        .any(|l| l == "Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"));
    s.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let lines = s.display();
    let legal = lines
        .iter()
        .find(|l| l.starts_with("Legal moves:"))
        .expect("legal moves");
    assert!(legal.contains(" e1g1") && legal.contains(" e1c1") && !legal.contains("e1h1"));

    s.send("setoption name UCI_Chess960 value true");
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
    ] {
        s.send(&format!("position fen {fen}"));
        let lines = s.display();
        assert!(
            lines.iter().any(|l| l.starts_with("Fen: ")),
            "{fen}: {lines:#?}"
        );
    }
    s.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1");
    let lines = s.display();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
        "{lines:#?}"
    );
    s.send("setoption name UCI_Chess960 value false");
    s.send("ucinewgame");
    s.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1");
    let lines = s.display();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
        "{lines:#?}"
    );
}

#[test]
fn long_move_lists_are_accepted() {
    let mut s = Session::start();
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = cycle.iter().cycle().take(840).copied().collect();
    let line = format!("position startpos moves {}", moves.join(" "));
    assert!(line.len() > 4096);
    assert_eq!(s.reply(&line), Vec::<String>::new());
    let (_, best) = s.go("go depth 3", LONG);
    assert!(legal_from_start(&moves, &best));
}

#[test]
fn bad_input_gets_one_error_line_and_keeps_the_last_good_state() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4");
    assert_eq!(
        s.reply("foo bar"),
        vec!["info string error: unknown command 'foo'".to_string()]
    );
    let lines = s.reply("position fen not/a/fen w - - 0 1");
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("info string error: invalid FEN"),
        "{lines:?}"
    );
    let lines = s.reply("position startpos moves e2e4 e7e5 e1e3 g8f6");
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("info string error: illegal move e1e3 at ply 3: "),
        "{lines:?}"
    );
    // The moves before the bad one were applied.
    let lines = s.display();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "{lines:#?}"
    );
    s.send_raw(b"\xff\xfe garbage \x00\x01\n");
    assert_eq!(s.sync().len(), 1);
    assert_eq!(s.reply(&"x".repeat(1 << 20)).len(), 1);
    assert_eq!(s.reply("go depth 3 sideways").len(), 1);
    s.send("register later");
    s.send("debug on");
    s.send("debug off");
    s.sync();
    let (_, best) = s.go("go depth 3", LONG);
    assert!(legal_from_start(&["e2e4", "e7e5"], &best));
    // Every line printed in this session is a protocol line.
    for line in &s.transcript {
        let first = line.split_whitespace().next().unwrap_or("");
        assert!(
            matches!(
                first,
                "id" | "option" | "uciok" | "readyok" | "bestmove" | "info"
            ) || line.starts_with(" +---")
                || line.starts_with(" |")
                || line.starts_with("   a")
                || line.is_empty()
                || line.contains(": "),
            "unexpected line {line:?}"
        );
    }
}

#[test]
fn unreachable_material_gets_one_error_line_and_keeps_the_last_position() {
    let mut s = Session::start();
    s.send("position startpos");
    // 270 legal moves, more than a move list holds; before issue 35 this was accepted.
    assert_eq!(
        s.reply("position fen kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -"),
        vec![
            "info string error: invalid FEN 'kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -': \
             White has 28 pieces, more than the 16 a side starts with"
                .to_string()
        ]
    );
    s.send("go perft 1");
    let lines = s.read_until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 20"));
    // The richest material a game can reach is accepted, all 218 moves of it.
    assert_eq!(
        s.reply("position fen 3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk w - - 0 1"),
        Vec::<String>::new()
    );
    s.send("go perft 1");
    let lines = s.read_until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 218")
    );
}

#[test]
fn multipv_reports_distinct_lines_and_bestmove_is_the_first() {
    let mut s = Session::start();
    s.send("setoption name MultiPV value 3");
    s.send("position startpos");
    let (lines, best) = s.go("go depth 6", LONG);
    let depth6: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 6 "))
        .collect();
    assert_eq!(depth6.len(), 3, "{lines:#?}");
    let first_moves: Vec<&str> = depth6
        .iter()
        .map(|l| {
            l.split(" pv ")
                .nth(1)
                .and_then(|pv| pv.split_whitespace().next())
                .unwrap_or("")
        })
        .collect();
    assert!(depth6[0].contains(" multipv 1 "));
    assert_eq!(first_moves[0], best_move(&best));
    assert!(first_moves[0] != first_moves[1] && first_moves[1] != first_moves[2]);
    // Only two legal moves: only two lines.
    s.send("setoption name MultiPV value 5");
    s.send("position fen 4k3/8/8/p7/8/8/8/K2R1R2 b - - 0 1");
    let (lines, _) = s.go("go depth 4", LONG);
    let depth4 = lines
        .iter()
        .filter(|l| l.starts_with("info depth 4 "))
        .count();
    assert_eq!(depth4, 2, "{lines:#?}");
}

#[test]
fn wdl_is_shown_only_when_asked() {
    let mut s = Session::start();
    s.send("position startpos");
    let (lines, _) = s.go("go depth 3", LONG);
    assert!(lines.iter().all(|l| !l.contains(" wdl ")));
    s.send("setoption name UCI_ShowWDL value true");
    let (lines, _) = s.go("go depth 3", LONG);
    let line = lines
        .iter()
        .find(|l| l.contains(" wdl "))
        .expect("a wdl line");
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "wdl").expect("wdl");
    let sum: u32 = words[at + 1..at + 4]
        .iter()
        .map(|w| w.parse::<u32>().expect("number"))
        .sum();
    assert_eq!(sum, 1000);
}

#[test]
fn ponder_waits_for_ponderhit_then_plays() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4 e7e5");
    s.send("go ponder wtime 2000 btime 2000");
    s.assert_still_searching(Duration::from_millis(400));
    s.send("ponderhit");
    let best = s.expect_prefix("bestmove", SHORT);
    assert!(legal_from_start(&["e2e4", "e7e5"], &best));
    s.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(200));
    s.send("stop");
    let best = s.expect_prefix("bestmove", SHORT);
    assert!(legal_from_start(&["e2e4", "e7e5"], &best));
}

#[test]
fn fixed_depth_search_is_deterministic_after_ucinewgame() {
    let mut s = Session::start();
    let mut counts = Vec::new();
    for _ in 0..2 {
        s.send("ucinewgame");
        s.send("position startpos");
        let (lines, _) = s.go("go depth 8", LONG);
        let last_info = lines
            .iter()
            .rev()
            .find(|l| l.contains(" nodes "))
            .cloned()
            .unwrap_or_default();
        let nodes = last_info
            .split(" nodes ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .map(str::to_string);
        counts.push(nodes);
    }
    assert!(counts[0].is_some());
    assert_eq!(counts[0], counts[1]);
}

#[test]
fn go_perft_prints_divide_like_stockfish() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go perft 3");
    let lines = s.read_until(LONG, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"e2e4: 600".to_string()));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
}

#[test]
fn display_shows_status_from_the_whole_history() {
    let mut s = Session::start();
    s.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    let lines = s.display();
    assert!(
        lines.contains(&"Status: threefold repetition (claimable)".to_string()),
        "{lines:#?}"
    );
    assert!(lines.contains(&"Checkers: ".to_string()) || lines.contains(&"Checkers:".to_string()));
    s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let lines = s.display();
    assert!(
        lines.contains(&"Status: checkmate, black wins".to_string()),
        "{lines:#?}"
    );
    assert!(lines.iter().any(|l| l.trim_end() == "Checkers: h4"));
    assert!(lines.iter().any(|l| l.trim_end() == "Legal moves:"));
}

#[test]
fn bench_and_flip_and_eval_commands() {
    let mut s = Session::start();
    s.send("bench 2");
    let line = s.expect_prefix("", LONG);
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        (words.len(), words[1], words[3]),
        (4, "nodes", "nps"),
        "{line}"
    );
    s.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    s.send("flip");
    let lines = s.display();
    assert!(
        lines.contains(&"Fen: 4k3/4p3/8/8/8/8/8/4K3 b - - 0 1".to_string()),
        "{lines:#?}"
    );
    let lines = s.reply("eval");
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("NNUE evaluation: ")),
        "{lines:#?}"
    );
}

#[test]
fn debug_log_file_records_the_traffic() {
    let path = std::env::temp_dir().join(format!("ferrite-log-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut s = Session::start();
    s.send(&format!(
        "setoption name Debug Log File value {}",
        path.display()
    ));
    s.sync();
    s.send("setoption name Debug Log File value");
    s.sync();
    let text = std::fs::read_to_string(&path).expect("log file written");
    assert!(
        text.contains("<< isready") && text.contains(">> readyok"),
        "{text}"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn chess960_position_from_fixture_plays_legal_moves() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let mut s = Session::start();
    s.send("setoption name UCI_Chess960 value true");
    s.send(&format!("position fen {fen}"));
    let (_, best) = s.go("go depth 4", LONG);
    assert!(
        is_legal_after(Some(fen), &[], best_move(&best), true),
        "{best}"
    );
    let pos = Position::from_fen(fen).expect("fen");
    assert!(pos.is_chess960());
}

#[test]
fn commands_during_an_infinite_search_stop_it_first() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    // No stop: the engine must not hang, and every go still gets exactly one bestmove.
    s.send("position startpos moves e2e4");
    let best = s.expect_prefix("bestmove", SHORT);
    assert!(legal_from_start(&[], &best));
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.send("go depth 2");
    let first = s.expect_prefix("bestmove", SHORT);
    let second = s.expect_prefix("bestmove", SHORT);
    assert!(legal_from_start(&["e2e4"], &first));
    assert!(legal_from_start(&["e2e4"], &second));
    assert_eq!(s.sync(), Vec::<String>::new());
}

#[test]
fn a_position_seen_once_before_the_root_is_no_draw_yet() {
    let mut s = Session::start();
    // Queen against knight: Black is lost. g8f6 would repeat the position after Black's
    // first move of the game, once: White need not allow the third time, so it is no draw.
    s.send("position fen 4k1n1/8/8/8/8/8/8/Q3K3 b - - 0 1 moves g8f6 e1e2 f6g8 e2e1");
    let (lines, _) = s.go("go depth 8", LONG);
    let score = last_score(&lines).expect("a score");
    let cp: i32 = score
        .strip_prefix("cp ")
        .and_then(|cp| cp.parse().ok())
        .unwrap_or_else(|| panic!("not a cp score: {score}"));
    // Displayed scores are normalised: -100 is already half the games lost, a draw 0.
    assert!(
        cp < -100,
        "score {score}: the repetition was taken for a draw"
    );
}

/// What `eval` prints for the start position with the embedded network (regenerate it with
/// `ferrite eval quit > tests/data/startpos-eval.txt` when the network changes).
const STARTPOS_EVAL: &str = include_str!("data/startpos-eval.txt");

/// The lines of `eval` in the session's current position.
fn eval_lines(s: &mut Session) -> Vec<String> {
    s.send("eval");
    s.sync()
}

#[test]
fn eval_shows_the_embedded_network_s_verdict_piece_by_piece() {
    let mut s = Session::start();
    assert_eq!(
        eval_lines(&mut s),
        STARTPOS_EVAL.lines().collect::<Vec<_>>()
    );
    // After 1. e4 (rank 4 is line 14, rank 2 line 20), Black to move: the same layout.
    s.send("position startpos moves e2e4");
    let lines = eval_lines(&mut s);
    assert_eq!(lines.len(), 27, "{lines:#?}");
    assert_eq!(
        lines[14],
        "|       |       |       |       |   P   |       |       |       |"
    );
    assert_eq!(
        lines[20],
        "|   P   |   P   |   P   |   P   |       |   P   |   P   |   P   |"
    );
    assert!(lines[26].starts_with("NNUE evaluation: "), "{lines:#?}");
}

#[test]
fn eval_file_refuses_a_bad_network_in_one_line_and_keeps_the_embedded_one() {
    use ferrite::eval::nnue::embedded::NET_FILE;
    use ferrite::eval::nnue::network::{ARCHITECTURE_HASH, HEADER_BYTES, NET_BYTES};
    let edited = |at: usize, bytes: &[u8]| {
        let mut file = NET_FILE.to_vec();
        file[at..at + bytes.len()].copy_from_slice(bytes);
        file
    };
    let other = ARCHITECTURE_HASH ^ 1;
    let cases = [
        (
            "headerless",
            NET_FILE[HEADER_BYTES..].to_vec(),
            "not a Ferrite network file: it does not open with FRTNNUE".to_string(),
        ),
        (
            "version",
            edited(8, &9u32.to_le_bytes()),
            "network file format version 9, but this engine reads version 1".to_string(),
        ),
        (
            "architecture",
            edited(12, &other.to_le_bytes()),
            format!(
                "a network of another architecture (hash {other:08x}, this engine's is \
                 {ARCHITECTURE_HASH:08x})"
            ),
        ),
        (
            "truncated",
            NET_FILE[..NET_BYTES - 1].to_vec(),
            format!(
                "{} bytes, but a network of this architecture has {NET_BYTES}",
                NET_BYTES - 1
            ),
        ),
        (
            "bias",
            edited(NET_BYTES - 4, &i32::MAX.to_le_bytes()),
            "output bias 2147483647 of bucket 7 is beyond ±1044480, which could overflow"
                .to_string(),
        ),
    ];
    let mut s = Session::start();
    let embedded = STARTPOS_EVAL.lines().collect::<Vec<_>>();
    // From a cleared table each time, so that the same network finds the same move.
    s.send("ucinewgame");
    s.send("position startpos moves e2e4 e7e5 g1f3");
    let (_, best) = s.go("go depth 6", LONG);
    for (name, bytes, error) in cases {
        let path = std::env::temp_dir().join(format!(
            "ferrite-evalfile-{}-{name}.bin",
            std::process::id()
        ));
        std::fs::write(&path, bytes).expect("writable");
        s.send(&format!("setoption name EvalFile value {}", path.display()));
        assert_eq!(
            s.sync(),
            [format!(
                "info string error: EvalFile {}: {error}",
                path.display()
            )]
        );
        s.send("position startpos");
        assert_eq!(eval_lines(&mut s), embedded, "{name}");
        s.send("ucinewgame");
        s.send("position startpos moves e2e4 e7e5 g1f3");
        assert_eq!(s.go("go depth 6", LONG).1, best, "{name}");
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn eval_file_loads_a_network_and_refuses_what_is_not_one() {
    let dir = std::env::temp_dir();
    let net = dir.join(format!("ferrite-evalfile-{}.bin", std::process::id()));
    let bytes = ferrite::train::trainer::FloatNetwork::random(5)
        .quantise()
        .to_bytes();
    std::fs::write(&net, &bytes).expect("writable");
    let short = dir.join(format!("ferrite-evalfile-{}-short.bin", std::process::id()));
    std::fs::write(&short, &bytes[..100]).expect("writable");

    let mut s = Session::start();
    assert_eq!(
        s.reply(&format!("setoption name EvalFile value {}", net.display())),
        [format!(
            "info string evaluating with the network {}",
            net.display()
        )]
    );
    let loaded = eval_lines(&mut s);
    assert_eq!(loaded.len(), 27, "{loaded:#?}");
    assert_ne!(loaded, STARTPOS_EVAL.lines().collect::<Vec<_>>());
    s.send("position startpos moves e2e4 e7e5 g1f3");
    let (_, best) = s.go("go depth 6", LONG);
    assert!(legal_from_start(&["e2e4", "e7e5", "g1f3"], &best), "{best}");

    // A file too short, and one that is missing: one error line each, the network kept.
    let lines = s.reply(&format!(
        "setoption name EvalFile value {}",
        short.display()
    ));
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with(&format!(
            "info string error: EvalFile {}: 100 bytes",
            short.display()
        )),
        "{lines:?}"
    );
    let lines = s.reply("setoption name EvalFile value /nonexistent/net.bin");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string error: EvalFile /nonexistent/net.bin: "));
    s.send("position startpos");
    assert_eq!(eval_lines(&mut s), loaded, "the loaded network is kept");
    assert_eq!(
        s.reply("setoption name EvalFile value <empty>"),
        ["info string evaluating with the embedded network"]
    );
    assert_eq!(
        eval_lines(&mut s),
        STARTPOS_EVAL.lines().collect::<Vec<_>>()
    );
    let _ = std::fs::remove_file(net);
    let _ = std::fs::remove_file(short);
}
