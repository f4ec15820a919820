//! The command line: subcommands and flags go to clap; any other arguments are UCI commands,
//! one per argument, run before stdin (`ferrite "go perft 5" quit`, as Stockfish takes them).

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `ferrite <args>` with `stdin` as its input; returns (exit success, stdout lines).
fn ferrite(args: &[&str], stdin: &str) -> (bool, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ferrite"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ferrite starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // The engine may exit without reading: a failed write is fine.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("ferrite {args:?} did not exit");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = reader.join().expect("reader thread");
    (status.success(), text.lines().map(str::to_string).collect())
}

#[test]
fn commands_as_arguments_run_and_quit() {
    let (ok, lines) = ferrite(&["position startpos", "go perft 3", "quit"], "");
    assert!(ok);
    assert_eq!(lines.len(), 22, "{lines:#?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 8902")
    );
}

#[test]
fn a_search_given_as_argument_runs_to_its_limit_before_quit() {
    let (ok, lines) = ferrite(
        &[
            "position fen k7/8/1K6/1R6/8/8/8/8 w - - 0 1",
            "go depth 6",
            "quit",
        ],
        "",
    );
    assert!(ok);
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info lines");
    assert!(
        last_info.starts_with("info depth 6 ") && last_info.contains(" score mate 2 "),
        "{lines:#?}"
    );
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove b6c7")));
}

#[test]
fn an_infinite_search_given_as_argument_is_stopped_at_quit() {
    let (ok, lines) = ferrite(&["go infinite", "quit"], "");
    assert!(ok);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
}

#[test]
fn without_quit_stdin_follows_the_arguments() {
    let (ok, lines) = ferrite(&["uci", "isready"], "isready\nquit\n");
    assert!(ok);
    let uciok = lines.iter().position(|l| l == "uciok").expect("uciok");
    assert_eq!(lines[uciok + 1..], ["readyok", "readyok"]);
}

#[test]
fn subcommands_and_flags_still_go_to_clap() {
    let (ok, lines) = ferrite(&["bench", "2"], "");
    assert!(ok);
    let words: Vec<&str> = lines.last().expect("a line").split_whitespace().collect();
    assert!(
        matches!(words.as_slice(), [_, "nodes", _, "nps"]),
        "{lines:#?}"
    );
    // The same as a UCI command.
    let (ok, uci_lines) = ferrite(&["bench 2", "quit"], "");
    assert!(ok);
    assert_eq!(
        uci_lines.last().map(|l| l.split(' ').next()),
        lines.last().map(|l| l.split(' ').next()),
        "same node count"
    );
    let (ok, lines) = ferrite(&["perft", "3"], "");
    assert!(ok && lines[0] == "Nodes searched: 8902", "{lines:#?}");
    let (ok, lines) = ferrite(&["--version"], "");
    assert!(ok && lines[0].starts_with("ferrite "), "{lines:#?}");
}
