//! The command line: subcommands and flags go to clap; any other arguments are UCI commands,
//! one per argument, run before stdin (`ferrite "go perft 5" quit`, as Stockfish takes them).
//! `datagen` and `train` run end to end on a few small games.

mod process;

use ferrite::chess::Position;
use process::run_ferrite;

/// Runs `ferrite <args>` with `stdin` as its input; returns (exit success, stdout lines).
/// A failed run's stderr goes to the test's output, shown if the test fails.
fn ferrite(args: &[&str], stdin: &str) -> (bool, Vec<String>) {
    let run = run_ferrite(args, stdin);
    if run.code != Some(0) {
        eprintln!("ferrite {args:?} stderr:\n{}", run.stderr);
    }
    let lines = run.stdout.lines().map(str::to_string).collect();
    (run.code == Some(0), lines)
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
    // Every first move of a mate in two; which one the search settles on is the network's.
    let mates_in_two = ["b6c7", "b5d5", "b5e5", "b5f5", "b5g5", "b5h5"];
    let best = lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a bestmove line last");
    assert!(mates_in_two.contains(&best), "{lines:#?}");
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
    let (ok, lines) = ferrite(&["spsa"], "");
    assert!(ok, "{lines:#?}");
    assert!(lines.contains(&"RFP_MARGIN, int, 80, 30, 200, 8.5, 0.002".to_string()));
    assert_eq!(
        lines.len(),
        ferrite::search::params::TUNABLES.len(),
        "{lines:#?}"
    );
    let (ok, lines) = ferrite(&["--version"], "");
    assert!(ok && lines[0].starts_with("ferrite "), "{lines:#?}");
}

/// A path in the temporary directory, unique to this test process.
fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("ferrite-cli-{}-{name}", std::process::id()))
}

#[test]
fn datagen_appends_games_the_same_for_any_thread_count_and_train_reads_them() {
    let openings = temp_path("openings.epd");
    std::fs::write(
        &openings,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -\n\
         rnbqkb1r/pppp1ppp/5n2/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - id \"x\";\n",
    )
    .expect("write openings");
    let generate = |games: &str, threads: &str, out: &std::path::Path| {
        let (ok, lines) = ferrite(
            &[
                "datagen",
                "--games",
                games,
                "--soft-nodes",
                "1000",
                "--hard-nodes",
                "4000",
                "--openings",
                openings.to_str().expect("UTF-8 path"),
                "--out",
                out.to_str().expect("UTF-8 path"),
                "--threads",
                threads,
                "--seed",
                "3",
            ],
            "",
        );
        assert!(ok, "{lines:#?}");
        assert!(
            lines.last().is_some_and(|l| l.starts_with("datagen: ")),
            "{lines:#?}"
        );
        std::fs::read(out).expect("datagen output")
    };
    let one = temp_path("one.bin");
    let two = temp_path("two.bin");
    for path in [&one, &two] {
        let _ = std::fs::remove_file(path);
    }
    let bytes = generate("3", "1", &one);
    assert!(bytes.starts_with(b"FRTGAME1"), "a game file");
    // Two games on two threads, then a third appended: the same file.
    generate("2", "2", &two);
    assert_eq!(
        generate("3", "2", &two),
        bytes,
        "output depends on --threads or on resuming"
    );

    // The network's trainer reads the same file, and warm-starts from its own checkpoint.
    let net = temp_path("net.bin");
    let checkpoint = temp_path("net.ckpt");
    let train = |extra: &[&str]| {
        let mut args = vec![
            "train",
            one.to_str().expect("UTF-8 path"),
            "--net",
            net.to_str().expect("UTF-8 path"),
            "--checkpoint",
            checkpoint.to_str().expect("UTF-8 path"),
            "--epochs",
            "2",
            "--batch-size",
            "64",
            "--held-out-every",
            "3",
        ];
        args.extend_from_slice(extra);
        ferrite(&args, "")
    };
    let (ok, lines) = train(&[]);
    assert!(ok, "{lines:#?}");
    assert_eq!(lines.len(), 1, "{lines:#?}");
    let net_bytes = std::fs::read(&net).expect("a network written");
    assert_eq!(net_bytes.len(), ferrite::eval::nnue::network::NET_BYTES);
    let written = ferrite::eval::nnue::network::Network::from_bytes(&net_bytes).expect("a network");
    assert!(
        written.description.ends_with(" games") && written.description.contains(" positions of "),
        "{}",
        written.description
    );
    let (ok, lines) = train(&["--warm-start", checkpoint.to_str().expect("UTF-8 path")]);
    assert!(ok, "{lines:#?}");
    assert_ne!(std::fs::read(&net).expect("rewritten"), net_bytes);
    let (ok, lines) = train(&["--warm-start", openings.to_str().expect("UTF-8 path")]);
    assert!(!ok && lines.is_empty(), "not a checkpoint: {lines:#?}");

    for path in [openings, one, two, net, checkpoint] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn epd_takes_tunable_settings_and_refuses_bad_ones() {
    let suite = temp_path("mate-in-one.epd");
    std::fs::write(&suite, "k7/8/1K6/8/8/8/8/7R w - - bm Rh8#; id \"m1\";\n").expect("write");
    let path = suite.to_string_lossy().to_string();
    let run = |set: &str| ferrite(&["epd", &path, "--movetime", "100", "--set", set], "");
    let (ok, lines) = run("RAZOR_MARGIN=300");
    assert!(ok);
    assert_eq!(lines, ["solved 1/1"]);
    for bad in ["NO_SUCH_PARAMETER=1", "RAZOR_MARGIN=wide", "RAZOR_MARGIN"] {
        let (ok, lines) = run(bad);
        assert!(!ok, "{bad}");
        assert!(lines.is_empty(), "{bad}: {lines:?}");
    }
    let _ = std::fs::remove_file(suite);
}

#[test]
fn genfens_prints_legal_starts_for_openbench_and_refuses_a_bad_book() {
    let run = || ferrite(&["genfens 4 seed 9 book None", "quit"], "");
    let (ok, lines) = run();
    assert!(ok, "{lines:#?}");
    assert_eq!(lines.len(), 4, "{lines:#?}");
    for line in &lines {
        let fen = line
            .strip_prefix("info string genfens ")
            .unwrap_or_else(|| panic!("{line}"));
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.has_legal_move(), "{fen}");
    }
    assert_eq!(run().1, lines, "the same seed gives the same positions");

    let (ok, lines) = ferrite(
        &[
            "genfens 2 seed 9 book /nonexistent/book.epd",
            "isready",
            "quit",
        ],
        "",
    );
    assert!(ok);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(
        lines[0].starts_with("info string error: genfens: cannot read /nonexistent/book.epd: "),
        "{lines:#?}"
    );
    assert_eq!(lines[1], "readyok");
}
