//! Robustness: random and mutated command lines, from a small seeded generator, fed to the
//! parser (it must never panic) and to a live engine over pipes (it must keep answering,
//! print protocol lines only, answer every `go` with one `bestmove`, and exit 0 on `quit`).
//!
//! The run is deterministic; `FERRITE_FUZZ_SEED=<n>` explores another sequence, and
//! `FERRITE_FUZZ_DUMP=<file>` saves the lines sent to the live engine, to replay them with
//! `ferrite < file`.

#[allow(dead_code)]
mod common;

use common::Session;
use ferrite::uci::command::{parse, Command, GoParams};
use std::io::Write;
use std::time::{Duration, Instant};

/// SplitMix64: tiny, good enough, and no crate needed.
struct Rng(u64);

impl Rng {
    fn from_env(default: u64) -> Rng {
        let seed = std::env::var("FERRITE_FUZZ_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default);
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// Any Unicode scalar value, weighted towards ASCII.
    fn char(&mut self) -> char {
        loop {
            let code = match self.below(4) {
                0 => self.below(0x80) as u32,
                1 => self.below(0x800) as u32,
                2 => self.below(0x1_0000) as u32,
                _ => self.below(0x11_0000) as u32,
            };
            if let Some(c) = char::from_u32(code) {
                return c;
            }
        }
    }
}

/// Real commands, the starting points of the mutations.
const SEEDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "debug on",
    "debug off",
    "register later",
    "register name Ferrite code 42",
    "setoption name Hash value 16",
    "setoption name hash value 1",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name Ponder value true",
    "setoption name Move Overhead value 100",
    "setoption name Clear Hash",
    "setoption name UCI_Chess960 value true",
    "setoption name UCI_Chess960 value false",
    "setoption name UCI_ShowWDL value true",
    "setoption name SyzygyPath value /tmp/dir with spaces",
    "position startpos",
    "position startpos moves",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1",
    "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8Q",
    "position fen 8/P6k/8/8/8/8/8/K7 w - -",
    "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves g1h1",
    "position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 moves d2d4 e5d4",
    "go depth 1",
    "go nodes 200",
    "go depth 2 wtime 100 btime 100 winc 10 binc 10 movestogo 5",
    "go movetime 10",
    "go mate 1",
    "go searchmoves e2e4 d2d4 depth 1",
    "go wtime 0 btime 1000",
    "go infinite",
    "go ponder wtime 100 btime 100",
    "go",
    "go perft 2",
    "stop",
    "ponderhit",
    "flip",
    "quit",
    "d",
    "eval",
    "bench 1",
];

/// Words to splice in.
const WORDS: &[&str] = &[
    "uci",
    "isready",
    "go",
    "position",
    "setoption",
    "name",
    "value",
    "startpos",
    "fen",
    "moves",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "on",
    "off",
    "e2e4",
    "e7e5",
    "e1g1",
    "e1h1",
    "a7a8q",
    "a7a8Q",
    "0000",
    "Nf3",
    "w",
    "b",
    "-",
    "KQkq",
    "HAha",
    "e3",
    "8/8/8/8/8/8/8/8",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "Hash",
    "Threads",
    "MultiPV",
    "UCI_Chess960",
    "Move",
    "Overhead",
    "true",
    "false",
    "#",
];

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "-0",
    "+5",
    "255",
    "256",
    "65535",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "1e9",
    "0x10",
    "3.5",
    "NaN",
];

const ODD: &[&str] = &[
    "", "\t", "\r", "\u{0}", "\u{b}", "\u{c}", "\u{a0}", "\u{85}", "\u{2028}", "\u{feff}", "é",
    "♔", "𝄞", "ｇｏ", "日本", "\u{202e}", "\\", "\"", "'",
];

/// One to `most` mutations of a real command: truncation, token swaps, deletions,
/// duplicates, spliced words, huge and negative numbers, Unicode, empty tokens, random
/// characters.
fn mutate(rng: &mut Rng, line: &str, most: usize) -> String {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    for _ in 0..1 + rng.below(most) {
        let at = rng.below(tokens.len());
        match rng.below(13) {
            0 => {
                let joined = tokens.join(" ");
                let cut = rng.below(joined.chars().count() + 1);
                tokens = joined
                    .chars()
                    .take(cut)
                    .collect::<String>()
                    .split(' ')
                    .map(str::to_string)
                    .collect();
            }
            1 => {
                let other = rng.below(tokens.len());
                tokens.swap(at, other);
            }
            2 if tokens.len() > 1 => {
                tokens.remove(at);
            }
            3 => {
                let copy = tokens[at].clone();
                tokens.insert(at, copy);
            }
            4 => tokens[at] = rng.pick(WORDS).to_string(),
            5 => tokens.insert(at, rng.pick(NUMBERS).to_string()),
            6 => tokens[at] = rng.pick(NUMBERS).to_string(),
            7 => tokens.insert(at, rng.pick(ODD).to_string()),
            8 => {
                let mut chars: Vec<char> = tokens[at].chars().collect();
                let position = rng.below(chars.len() + 1);
                let c = rng.char();
                if position < chars.len() && rng.percent(50) {
                    chars[position] = c;
                } else {
                    chars.insert(position, c);
                }
                tokens[at] = chars.into_iter().collect();
            }
            9 => tokens.extend(rng.pick(SEEDS).split(' ').map(str::to_string)),
            10 => {
                let length = rng.below(12);
                let word = (0..length)
                    .map(|_| char::from(b' ' + rng.below(95) as u8))
                    .collect();
                tokens.insert(at, word);
            }
            11 => {
                let length = rng.below(8);
                let word = (0..length).map(|_| rng.char()).collect();
                tokens.insert(at, word);
            }
            _ => tokens.insert(at, String::new()),
        }
        if tokens.is_empty() {
            tokens.push(String::new());
        }
    }
    tokens.join(" ")
}

/// A line for the fuzzers: mostly mutated commands, some untouched ones, some pure noise.
fn random_line(rng: &mut Rng) -> String {
    match rng.below(20) {
        0 => rng.pick(SEEDS).to_string(),
        1 => {
            let length = rng.below(40);
            (0..length).map(|_| rng.char()).collect()
        }
        2 => {
            let words = rng.below(10);
            let mut line = rng
                .pick(&["go", "position", "setoption", "debug"])
                .to_string();
            for _ in 0..words {
                line.push(' ');
                line.push_str(if rng.percent(50) {
                    rng.pick(WORDS)
                } else {
                    rng.pick(NUMBERS)
                });
            }
            line
        }
        _ => {
            let seed = rng.pick(SEEDS);
            mutate(rng, seed, 3)
        }
    }
}

/// A line for the live engine: more real commands and lighter mutations than
/// [`random_line`], so that positions, options and searches really change the engine's state.
fn live_line(rng: &mut Rng) -> String {
    match rng.below(20) {
        0..=6 => rng.pick(SEEDS).to_string(),
        7..=15 => {
            let seed = rng.pick(SEEDS);
            mutate(rng, seed, 1)
        }
        _ => random_line(rng),
    }
}

/// A long line: one token repeated until the line has about `bytes` bytes.
fn long_line(rng: &mut Rng, bytes: usize) -> String {
    let head = rng.pick(&[
        "position startpos moves",
        "position fen",
        "go searchmoves",
        "setoption name Foo value",
        "setoption name",
        "xyzzy",
        "debug",
    ]);
    let token = rng.pick(&["e2e4", "e2e4 e7e5", "8/8/8", "é", "x", "-1", " "]);
    let mut line = String::with_capacity(bytes + 64);
    line.push_str(head);
    while line.len() < bytes {
        line.push(' ');
        line.push_str(token);
    }
    line
}

#[test]
fn parser_never_panics_on_random_and_mutated_lines() {
    let mut rng = Rng::from_env(0x5EED_F00D);
    let mut parsed = 0usize;
    for index in 0..60_000 {
        let line = if rng.below(1_000) == 0 {
            let bytes = 1_000 + rng.below(200_000);
            long_line(&mut rng, bytes)
        } else {
            random_line(&mut rng)
        };
        let result = std::panic::catch_unwind(|| parse(&line));
        match result {
            Ok(Ok(Some(_))) => parsed += 1,
            Ok(Ok(None)) => {}
            Ok(Err(e)) => {
                // Errors quote the offending token shortened, so one error line stays short
                // whatever the input.
                let message = e.to_string();
                assert!(
                    message.len() < 300,
                    "line {index}: error of {} bytes: {}",
                    message.len(),
                    message.chars().take(200).collect::<String>()
                );
            }
            Err(_) => panic!("line {index}: parse panicked on {line:?}"),
        }
    }
    // The mutations keep enough structure that a fair share still parses.
    assert!(parsed > 10_000, "only {parsed} lines parsed");
}

/// True if a `go` ends by itself quickly: a tiny depth, node or time limit, no infinite,
/// no ponder, no perft.
fn is_tiny_search(go: &GoParams) -> bool {
    !go.infinite
        && !go.ponder
        && go.perft.is_none()
        && (go.depth.is_some_and(|d| d <= 2)
            || go.nodes.is_some_and(|n| n <= 500)
            || go.movetime.is_some_and(|t| t <= 10))
}

/// What the live engine gets for a generated line: the line itself, a rewrite that keeps the
/// run short and free of side effects, or nothing.
fn for_live_engine(rng: &mut Rng, bytes: Vec<u8>) -> Option<Vec<u8>> {
    let text = String::from_utf8_lossy(&bytes).into_owned();
    match parse(&text) {
        // The loop would end, or the output is not UCI protocol (checked elsewhere).
        Ok(Some(Command::Quit | Command::Display | Command::Eval | Command::Bench(_))) => None,
        Ok(Some(Command::Go(go))) if !is_tiny_search(&go) => {
            let tiny = if rng.percent(50) {
                "go depth 1"
            } else {
                "go nodes 200"
            };
            Some(tiny.as_bytes().to_vec())
        }
        Ok(Some(Command::SetOption { name, value })) => {
            // As the option table reads spins: any integer, then clamped to the range.
            let number = value.as_deref().and_then(|v| v.trim().parse::<i128>().ok());
            match name.to_ascii_lowercase().as_str() {
                // Would write files wherever the test runs.
                "debug log file" => None,
                // Keep memory and threads small on a shared machine: 1024 threads on two
                // cores make even `go nodes 200` take a minute.
                "hash" if number.is_some_and(|mb| mb > 32) => {
                    Some(format!("setoption name Hash value {}", 1 + rng.below(32)).into_bytes())
                }
                "threads" if number.is_some_and(|n| n > 4) => {
                    Some(format!("setoption name Threads value {}", 1 + rng.below(4)).into_bytes())
                }
                _ => Some(bytes),
            }
        }
        _ => Some(bytes),
    }
}

/// Invalid UTF-8 here and there, never a newline.
fn corrupt_bytes(rng: &mut Rng, mut bytes: Vec<u8>) -> Vec<u8> {
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        let byte = if rng.percent(70) {
            0x80 + rng.below(0x80) as u8
        } else {
            rng.below(256) as u8
        };
        bytes.insert(at, if byte == b'\n' { 0xFE } else { byte });
    }
    bytes
}

const PROTOCOL: &[&str] = &["id ", "option ", "uciok", "readyok", "bestmove ", "info "];

#[test]
fn live_engine_survives_random_and_mutated_lines() {
    let mut rng = Rng::from_env(0xF0F0_1234);
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut sent_go = 0usize;
    let mut sent_isready = 0usize;
    while lines.len() < 3_000 {
        let mut bytes = match rng.below(400) {
            // A handful of megabyte lines.
            0 => long_line(&mut rng, 1 << 20).into_bytes(),
            _ => live_line(&mut rng).into_bytes(),
        };
        bytes.retain(|&b| b != b'\n');
        if rng.percent(3) {
            bytes = corrupt_bytes(&mut rng, bytes);
        }
        let Some(mut line) = for_live_engine(&mut rng, bytes) else {
            continue;
        };
        if rng.percent(5) {
            line.push(b'\r');
        }
        line.push(b'\n');
        // What the engine will see: the same lossy decoding and parser.
        match parse(&String::from_utf8_lossy(&line)) {
            Ok(Some(Command::Go(_))) => sent_go += 1,
            Ok(Some(Command::IsReady)) => sent_isready += 1,
            _ => {}
        }
        lines.push(line);
    }
    if let Some(path) = std::env::var_os("FERRITE_FUZZ_DUMP") {
        std::fs::write(path, lines.concat()).expect("write the dump file");
    }
    // `position` waits for a running search, so after the last `readyok` every `bestmove` is
    // out.
    lines.push(b"position startpos\nisready\n".to_vec());

    let mut session = Session::start();
    // A writer thread, so that an engine that stops reading fails the test by the timeout
    // below instead of blocking it in a write.
    let mut input = session.take_input();
    let writer = std::thread::spawn(move || {
        for line in &lines {
            if input.write_all(line).and_then(|()| input.flush()).is_err() {
                return None;
            }
        }
        Some(input)
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut readyok = 0;
    while readyok < sent_isready + 1 {
        let left = deadline.saturating_duration_since(Instant::now());
        match session.next_line(left) {
            Some(line) if line == "readyok" => readyok += 1,
            Some(_) => {}
            None => panic!(
                "readyok {} of {} missing after 60 s (replay with FERRITE_FUZZ_DUMP); \
                 last output: {:#?}",
                readyok + 1,
                sent_isready + 1,
                session
                    .transcript
                    .iter()
                    .rev()
                    .take(10)
                    .map(|l| l.chars().take(200).collect::<String>())
                    .collect::<Vec<_>>()
            ),
        }
    }
    let mut input = writer
        .join()
        .expect("writer thread")
        .expect("the engine read every line");
    for line in &session.transcript {
        let shown = || line.chars().take(200).collect::<String>();
        assert!(
            PROTOCOL.iter().any(|prefix| line.starts_with(prefix)),
            "not a protocol line: {:?}",
            shown()
        );
        // Bad input is quoted in part, with control characters escaped.
        assert!(
            !line.chars().any(char::is_control),
            "control character in {:?}",
            shown()
        );
        assert!(
            !line.starts_with("info string") || line.chars().count() < 400,
            "{} characters: {:?}",
            line.chars().count(),
            shown()
        );
    }
    let bestmoves = session
        .transcript
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .count();
    assert_eq!(bestmoves, sent_go, "one bestmove per go");
    let errors = session
        .transcript
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    eprintln!(
        "sent 3000 lines ({sent_go} go, {sent_isready} isready); {} lines back, {errors} errors",
        session.transcript.len()
    );
    assert!(
        session.wait_exit(Duration::from_millis(50)).is_none(),
        "the engine died"
    );
    input.write_all(b"quit\n").expect("send quit");
    input.flush().expect("flush");
    let status = session.wait_exit(Duration::from_secs(10));
    assert_eq!(status.map(|s| s.success()), Some(true), "exit on quit");
    while let Some(line) = session.next_line(Duration::from_millis(100)) {
        assert!(
            !line.starts_with("bestmove"),
            "bestmove after the end: {line}"
        );
    }
}
