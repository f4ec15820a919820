//! The command line: subcommands and flags go to clap; any other arguments are UCI commands,
//! one per argument, run before stdin (`ferrite "go perft 5" quit`, as Stockfish takes them).
//! `datagen` and `train` run end to end on a few small games; `data` checks the sample data
//! folder `tests/data/selfplay-sample` (the first games of a `data/` file) and damaged copies,
//! and writes its games as PGN.

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
fn commands_as_arguments_print_no_greeting() {
    let (ok, lines) = ferrite(&["uci", "quit"], "");
    assert!(ok);
    assert_eq!(
        lines.first(),
        Some(&format!("id name Ferrite {}", env!("CARGO_PKG_VERSION")))
    );
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
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
    assert!(lines.contains(&"RFP_MARGIN, int, 83, 30, 200, 8.5, 0.002".to_string()));
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
    assert!(bytes.starts_with(b"FRTGAME2"), "a game file");
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

/// Runs `ferrite <args>`; returns (exit code, stdout lines, stderr lines).
fn ferrite_code(args: &[&str]) -> (Option<i32>, Vec<String>, Vec<String>) {
    let run = run_ferrite(args, "");
    let lines = |text: &str| text.lines().map(str::to_string).collect();
    (run.code, lines(&run.stdout), lines(&run.stderr))
}

/// The sample data folder.
fn sample_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/selfplay-sample")
}

/// The sample data folder copied to a fresh temporary folder, to damage.
fn sample_copy(name: &str) -> std::path::PathBuf {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let sample = sample_dir();
    for file in ["manifest.tsv", SAMPLE] {
        std::fs::copy(sample.join(file), dir.join(file)).expect("the sample");
    }
    dir
}

/// The sample's game file.
const SAMPLE: &str = "selfplay-s11-first20.games";
/// What `data check` says of the sample.
const SAMPLE_TOTALS: &str = "20 games, 2338 positions, 6390 bytes (2.73 bytes a position)";

#[test]
fn data_check_reads_the_sample_and_names_the_file_and_offset_of_damage() {
    let dir = sample_copy("data");
    let dir_arg = dir.to_str().expect("UTF-8 path");
    let (code, out, err) = ferrite_code(&["data", "check", dir_arg]);
    assert_eq!(code, Some(0), "{err:#?}");
    assert_eq!(
        out,
        [format!(
            "data: 1 files checked, 0 problems: {SAMPLE_TOTALS}"
        )]
    );
    assert!(err.is_empty(), "{err:#?}");

    // Cut inside a game: the checksum and the cut are both reported, the games before kept.
    let file = dir.join(SAMPLE);
    let bytes = std::fs::read(&file).expect("the copy");
    std::fs::write(&file, &bytes[..4000]).expect("writable");
    let (code, out, err) = ferrite_code(&["data", "check", dir_arg]);
    assert_eq!(code, Some(2));
    let path = file.display();
    assert_eq!(err.len(), 2, "{err:#?}");
    assert!(
        err[0].starts_with(&format!(
            "error: {path}: does not match its manifest line (sha256 3b992b95"
        )),
        "{err:#?}"
    );
    assert_eq!(err[1], format!("error: {path}: cut short inside the game at offset 3743; the 12 games before it are kept"));
    assert_eq!(out, ["data: 1 files checked, 2 problems: 12 games, 1320 positions, 4000 bytes (3.03 bytes a position)"]);

    // A byte changed inside the tenth game's start position.
    let mut damaged = bytes.clone();
    damaged[3000] = 250;
    std::fs::write(&file, &damaged).expect("writable");
    let (code, _, err) = ferrite_code(&["data", "check", dir_arg]);
    assert_eq!(code, Some(2));
    assert_eq!(err.len(), 2, "{err:#?}");
    assert!(
        err[1].starts_with(&format!("error: {path}: game 10: bad start position: ")),
        "{err:#?}"
    );
    assert!(
        err[1].ends_with(" at offset 2959; the games before it are kept"),
        "{err:#?}"
    );

    // `data manifest` cuts an unfinished last game and lists the file again.
    std::fs::write(&file, &bytes[..4000]).expect("writable");
    let (code, out, _) = ferrite_code(&["data", "manifest", dir_arg]);
    assert_eq!(code, Some(0));
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(std::fs::read(&file).expect("cut").len(), 3743);
    let (code, out, _) = ferrite_code(&["data", "check", dir_arg]);
    assert_eq!(code, Some(0));
    assert_eq!(out, ["data: 1 files checked, 0 problems: 12 games, 1320 positions, 3743 bytes (2.84 bytes a position)"]);

    let (code, _, err) = ferrite_code(&["data", "check", "/nonexistent/data"]);
    assert_eq!(code, Some(2));
    assert_eq!(err.len(), 1, "{err:#?}");
    assert!(
        err[0].starts_with("error: cannot read /nonexistent/data: "),
        "{err:#?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `ferrite train DATA` for one epoch of small batches, with `extra` arguments, writing
/// `net.bin` and `net.ckpt` into `dir`.
fn train_one_epoch(
    data: &std::path::Path,
    dir: &std::path::Path,
    extra: &[&str],
) -> (Option<i32>, Vec<String>, Vec<String>) {
    let path = |p: &std::path::Path| p.to_str().expect("UTF-8 path").to_string();
    let (net, checkpoint) = (path(&dir.join("net.bin")), path(&dir.join("net.ckpt")));
    let data = path(data);
    let mut args = vec![
        "train",
        &data,
        "--net",
        &net,
        "--checkpoint",
        &checkpoint,
        "--epochs",
        "1",
        "--batch-size",
        "64",
    ];
    args.extend_from_slice(extra);
    ferrite_code(&args)
}

#[test]
fn train_reads_a_data_folder_and_goes_on_past_a_damaged_file() {
    let dir = sample_copy("train");
    let file = dir.join(SAMPLE);
    let bytes = std::fs::read(&file).expect("the copy");
    std::fs::write(&file, &bytes[..4000]).expect("writable");
    let (code, out, err) = train_one_epoch(&dir, &dir, &[]);
    assert_eq!(code, Some(0), "{err:#?}");
    assert_eq!(out.len(), 1, "{out:#?}");
    assert!(
        err[0].starts_with("train: error: ") && err[0].contains("does not match its manifest line"),
        "{err:#?}"
    );
    assert!(
        err[1].starts_with("train: error: ")
            && err[1].ends_with(
                "cut short inside the game at offset 3743; the 12 games before it are kept"
            ),
        "{err:#?}"
    );
    assert!(
        err[2].starts_with("train: 12 games (0 PGN games skipped), 1320 positions"),
        "{err:#?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn train_warns_of_a_game_file_the_manifest_does_not_list_and_reads_it_all() {
    let dir = sample_copy("train-unlisted");
    std::fs::copy(dir.join(SAMPLE), dir.join("copy.games")).expect("writable");
    let (code, out, err) = train_one_epoch(&dir, &dir, &[]);
    assert_eq!(code, Some(0), "{err:#?}");
    assert_eq!(out.len(), 1, "{out:#?}");
    let unlisted = dir.join("copy.games");
    assert_eq!(
        err[0],
        format!(
            "train: warning: {}: not in manifest.tsv (read without a checksum; `ferrite data \
             manifest` adds it)",
            unlisted.display()
        )
    );
    assert!(
        err[1].starts_with("train: 40 games (0 PGN games skipped), 4676 positions"),
        "{err:#?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn train_brings_the_network_to_the_scale_of_a_reference_checkpoint() {
    let dir = sample_copy("train-scale");
    let net = dir.join("net.bin");
    let train = |scale_as: &str| {
        train_one_epoch(
            &dir.join(SAMPLE),
            &dir,
            &["--scale-as", scale_as, "--name", "net 0"],
        )
    };
    let (code, _, err) = train("data/nets/net12.ckpt");
    assert_eq!(code, Some(0), "{err:#?}");
    let rescaled: Vec<&String> = err
        .iter()
        .filter(|line| line.starts_with("train: rescaled: on "))
        .collect();
    assert_eq!(rescaled.len(), 1, "{err:#?}");
    assert!(
        rescaled[0].contains(" times the reference's; its output layer was multiplied by "),
        "{rescaled:#?}"
    );
    // The network is named, then the positions it learnt from.
    let loaded = err
        .iter()
        .find(|line| line.contains(" to train on, "))
        .expect("the data line");
    let to_train_on = loaded
        .split(" positions: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .expect("a count");
    let written = ferrite::eval::nnue::network::Network::from_bytes(
        &std::fs::read(&net).expect("a network written"),
    )
    .expect("a network");
    assert!(
        written
            .description
            .starts_with(&format!("net 0: {to_train_on} positions of "))
            && written.description.ends_with(" games"),
        "{loaded} / {}",
        written.description
    );
    // A reference that is not a checkpoint is refused before any training.
    let not_a_checkpoint = dir.join(SAMPLE);
    let (code, _, err) = train(not_a_checkpoint.to_str().expect("UTF-8 path"));
    assert_ne!(code, Some(0));
    assert!(
        err.iter()
            .any(|line| line.contains("cannot read the checkpoint ")),
        "{err:#?}"
    );
    assert!(!err.iter().any(|line| line.contains("epoch")), "{err:#?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn epd_takes_tunable_settings_only_in_the_tuning_build_and_refuses_bad_ones() {
    let suite = temp_path("mate-in-one.epd");
    std::fs::write(&suite, "k7/8/1K6/8/8/8/8/7R w - - bm Rh8#; id \"m1\";\n").expect("write");
    let path = suite.to_string_lossy().to_string();
    let run = |set: &str| run_ferrite(&["epd", &path, "--movetime", "100", "--set", set], "");
    let set = run("RAZOR_MARGIN=300");
    if cfg!(feature = "spsa") {
        assert_eq!(set.code, Some(0), "{}", set.stderr);
        assert_eq!(set.stdout, "solved 1/1\n");
    } else {
        // A normal build's tunables are constants: setting one is bad input.
        assert_eq!(set.code, Some(2));
        assert_eq!(set.stdout, "");
        assert_eq!(
            set.stderr,
            "error: parameter `RAZOR_MARGIN` is a constant in this build (build with \
             `--features spsa` to set it)\n"
        );
    }
    for bad in ["NO_SUCH_PARAMETER=1", "RAZOR_MARGIN=wide", "RAZOR_MARGIN"] {
        let run = run(bad);
        assert_eq!(run.code, Some(2), "{bad}");
        assert_eq!(run.stdout, "", "{bad}");
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

#[test]
fn the_committed_self_play_data_matches_its_manifest() {
    use ferrite::datagen::game_file::decode;
    use ferrite::datagen::manifest::{read_manifest, sha256_hex};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let rows = read_manifest(&dir).expect("data/manifest.tsv reads");
    assert!(!rows.is_empty(), "data/ lists no game file");
    for row in rows {
        let bytes = std::fs::read(dir.join(&row.file)).expect("a listed file");
        // A datagen run may be appending to the file: its listed start is what is checked.
        let listed = bytes
            .get(..row.bytes)
            .expect("the file is at least as long as listed");
        assert_eq!(sha256_hex(listed), row.sha256, "{}", row.file);
        let decoded = decode(listed).expect("a game file");
        assert_eq!(decoded.complete_len, row.bytes, "{}", row.file);
        assert_eq!(
            (decoded.games.len(), decoded.positions()),
            (row.games, row.positions),
            "{}",
            row.file
        );
    }
}

#[test]
fn fit_wdl_fits_the_sample_and_weighs_the_embedded_model_on_the_same_positions() {
    let sample = sample_dir();
    let sample = sample.to_str().expect("UTF-8 path");
    let (ok, lines) = ferrite(&["fit-wdl", sample], "");
    assert!(ok, "{lines:#?}");
    // One game in 10 held out; positions beyond the fit's score range left out.
    assert!(
        lines[0].starts_with("fitted to 1584 positions, reported on 147 held out; loss "),
        "{lines:#?}"
    );
    let number_after = |line: &str, marker: &str| -> f64 {
        line.split(marker)
            .nth(1)
            .and_then(|rest| rest.split([' ', ')']).next())
            .and_then(|number| number.parse().ok())
            .unwrap_or_else(|| panic!("no number after {marker:?} in {line:?}"))
    };
    let fitted = number_after(&lines[0], "(held out ");
    let embedded = number_after(
        &lines[1],
        "the embedded model on the same held-out positions: loss ",
    );
    // Both are mean negative log-likelihoods of three outcomes: below ln 3 unless worse than
    // guessing.
    assert!(fitted > 0.0 && fitted < 3f64.ln(), "{lines:#?}");
    assert!(embedded > 0.0 && embedded < 3f64.ln(), "{lines:#?}");
    assert!(lines[2].starts_with("WdlModel { a: ["), "{lines:#?}");

    // Fewer games than one held out in: nothing to report on, and it says so.
    let (ok, lines) = ferrite(&["fit-wdl", sample, "--held-out-every", "1000"], "");
    assert!(ok, "{lines:#?}");
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(
        lines[0].starts_with("fitted to 1731 positions, loss ")
            && lines[0].ends_with("; no game held out to report on"),
        "{lines:#?}"
    );
    assert!(lines[1].starts_with("WdlModel { a: ["), "{lines:#?}");
}

/// The commands that take `--hash`, each given `hash`; none of them gets as far as a search.
fn hash_commands(hash: &str, suite: &str, out: &str) -> [Vec<String>; 3] {
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/analyse_blunder.pgn"
    );
    let words = |words: &[&str]| words.iter().map(|word| word.to_string()).collect();
    [
        words(&["epd", suite, "--movetime", "10", "--hash", hash]),
        words(&["analyse", pgn, "--depth", "1", "--hash", hash]),
        words(&["datagen", "--games", "1", "--out", out, "--hash", hash]),
    ]
}

#[test]
fn a_hash_that_is_no_integer_is_refused_as_setoption_refuses_it() {
    let uci = run_ferrite(&["setoption name Hash value lots", "quit"], "");
    let error = uci
        .stdout
        .strip_prefix("info string ")
        .expect("one info line");
    let suite = temp_path("no-integer.epd");
    std::fs::write(&suite, "k7/8/1K6/8/8/8/8/7R w - - bm Rh8#; id \"m1\";\n").expect("write");
    let out = temp_path("no-integer.games");
    let (suite_arg, out_arg) = (suite.to_string_lossy(), out.to_string_lossy());
    for args in hash_commands("lots", &suite_arg, &out_arg) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = run_ferrite(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr, error, "{args:?}");
    }
    assert!(!out.exists());
    let _ = std::fs::remove_file(suite);
}

/// 100000000 MiB is above `Hash`'s maximum, so it is clamped to 33554432 MiB (32 TiB), which
/// no machine running the tests has. On Linux the engine refuses that from the machine's
/// memory size without allocating anything (with overcommit on, the kernel would grant it);
/// elsewhere it would be left to the allocator, so the test runs on Linux only.
#[cfg(target_os = "linux")]
#[test]
fn an_impossible_hash_fails_on_the_command_line_as_at_the_uci_prompt() {
    let uci = run_ferrite(&["setoption name Hash value 100000000", "quit"], "");
    assert_eq!(uci.code, Some(0));
    let answer: Vec<&str> = uci.stdout.lines().collect();
    let [note, error] = answer[..] else {
        panic!("a note and an error: {answer:?}");
    };
    assert_eq!(
        note,
        "info string Hash value 100000000 out of range, set to 33554432"
    );
    let error = error
        .strip_prefix("info string error: cannot allocate a hash table of 33554432 MiB: ")
        .and_then(|reason| reason.strip_suffix("; keeping the table of 16 MiB"))
        .unwrap_or_else(|| panic!("{error}"));
    let expected = format!(
        "note: Hash value 100000000 out of range, set to 33554432\n\
         error: cannot allocate a hash table of 33554432 MiB: {error}\n"
    );
    let suite = temp_path("impossible-hash.epd");
    std::fs::write(&suite, "k7/8/1K6/8/8/8/8/7R w - - bm Rh8#; id \"m1\";\n").expect("write");
    let out = temp_path("impossible-hash.games");
    let (suite_arg, out_arg) = (suite.to_string_lossy(), out.to_string_lossy());
    for args in hash_commands("100000000", &suite_arg, &out_arg) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = run_ferrite(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr, expected, "{args:?}");
    }
    // Data generation asks for its tables before it opens its file.
    assert!(!out.exists());
    let _ = std::fs::remove_file(suite);
}

/// The sample's games as `data pgn` writes them, read back with the project's PGN reader.
fn sample_pgn(args: &[&str]) -> (Option<i32>, Vec<ferrite::rules::pgn::PgnGame>, Vec<String>) {
    let run = process::run_ferrite(args, "");
    let games = ferrite::rules::pgn::read_games(&run.stdout).collect();
    (
        run.code,
        games,
        run.stderr.lines().map(str::to_string).collect(),
    )
}

/// The sample's games as the game-file reader gives them.
fn sample_games() -> Vec<ferrite::datagen::game_file::RecordedGame> {
    let bytes = std::fs::read(sample_dir().join(SAMPLE)).expect("the sample");
    ferrite::datagen::game_file::decode(&bytes)
        .expect("the sample is whole")
        .games
}

#[test]
fn data_pgn_writes_the_first_games_with_their_tags_evals_and_every_ply() {
    let path = sample_dir().join(SAMPLE);
    let path = path.to_str().expect("UTF-8 path");
    let run = process::run_ferrite(&["data", "pgn", path, "--games", "3"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let games: Vec<_> = ferrite::rules::pgn::read_games(&run.stdout).collect();
    assert_eq!(games.len(), 3);
    let expected = [
        (
            "1-0",
            "r1bqkbnr/1p1p1ppp/4p3/p1p5/1nP5/P4QP1/1P1PPP1P/RNB1KBNR w KQkq - 2 3",
            "3. axb4 {[%eval 2.94]} 3... cxb4 {[%eval 3.10]} 4. e4 {[%eval 3.17]} 4... d5",
        ),
        (
            "0-1",
            "rnbqkb1r/pp2p1pp/3p1n2/2p5/5p2/1P2P2P/P1PP1PP1/RNBQKBNR w KQkq - 0 3",
            "3. exf4 {[%eval 0.80]} 3... g6 {[%eval 0.55]} 4. Nf3 {[%eval 0.51]} 4... Bg7",
        ),
        (
            "1/2-1/2",
            "r1bqk2r/ppppbp1p/2n2n2/4p1p1/P3B3/N5P1/1PPPPP1P/R1BQK1NR w KQkq - 0 3",
            "3. Bg2 {[%eval -0.24]} 3... d5 {[%eval -0.41]} 4. d3 {[%eval -0.36]} 4... g4",
        ),
    ];
    for (round, (game, (result, fen, _))) in games.iter().zip(&expected).enumerate() {
        let round = (round + 1).to_string();
        let tags: Vec<(&str, &str)> = game
            .tags
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        assert_eq!(
            tags,
            [
                ("Event", "Ferrite self-play"),
                ("Site", "?"),
                ("Date", "????.??.??"),
                ("Round", round.as_str()),
                ("White", "Ferrite"),
                ("Black", "Ferrite"),
                ("Result", *result),
                ("SetUp", "1"),
                ("FEN", *fen),
            ]
        );
    }
    // Each game's movetext opens its first line, after the tags and a blank line.
    let first_lines: Vec<&str> = run
        .stdout
        .split("\n\n")
        .skip(1)
        .step_by(2)
        .filter_map(|movetext| movetext.lines().next())
        .collect();
    let openings: Vec<&str> = expected.iter().map(|(_, _, moves)| *moves).collect();
    assert_eq!(first_lines, openings);
    for (game, recorded) in games.iter().zip(sample_games()) {
        assert_eq!(game.moves.len(), recorded.plies.len());
    }
}

#[test]
fn data_pgn_of_the_whole_sample_replays_legally_with_the_file_s_moves_and_results() {
    let path = sample_dir().join(SAMPLE);
    let (code, games, err) = sample_pgn(&["data", "pgn", path.to_str().expect("UTF-8 path")]);
    assert_eq!(code, Some(0), "{err:#?}");
    let recorded = sample_games();
    assert_eq!(games.len(), recorded.len());
    assert_eq!(games.len(), 20);
    for (game, recorded) in games.iter().zip(&recorded) {
        let mut replay = game.start().expect("a start position");
        assert_eq!(*replay.position(), recorded.start);
        assert_eq!(game.moves.len(), recorded.plies.len());
        for (mv, &(played, _)) in game.moves.iter().zip(&recorded.plies) {
            let legal = ferrite::rules::parse_san(replay.position(), &mv.san)
                .unwrap_or_else(|e| panic!("round {:?}: {e}", game.tag("Round")));
            assert_eq!(legal, played);
            assert!(mv
                .comment
                .as_deref()
                .is_some_and(|c| c.starts_with("[%eval ")));
            replay.play(legal);
        }
        let result = match recorded.result {
            ferrite::eval::nnue::GameResult::WhiteWin => "1-0",
            ferrite::eval::nnue::GameResult::Draw => "1/2-1/2",
            ferrite::eval::nnue::GameResult::BlackWin => "0-1",
        };
        assert_eq!(game.tag("Result"), Some(result));
        assert_eq!(game.termination_marker.as_deref(), Some(result));
    }
}

#[test]
fn data_pgn_of_a_cut_file_writes_the_games_before_the_cut_then_its_offset() {
    let dir = sample_copy("pgn-cut");
    let path = dir.join(SAMPLE);
    let bytes = std::fs::read(&path).expect("the copy");
    let cut = bytes.len() / 2;
    std::fs::write(&path, &bytes[..cut]).expect("the cut copy");
    let before = ferrite::datagen::game_file::decode(&bytes[..cut]).expect("a cut file reads");
    assert!(before.complete_len < cut, "the cut is inside a game");
    let whole = before.games.len();
    let path = path.to_str().expect("UTF-8 path");
    let (code, games, err) = sample_pgn(&["data", "pgn", path]);
    assert_eq!(code, Some(2));
    assert_eq!(games.len(), whole);
    assert_eq!(
        err,
        [format!(
            "error: {path}: game {}: the file ends inside it at offset {}",
            whole + 1,
            before.complete_len
        )]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn data_pgn_of_a_missing_file_is_one_error_and_exit_code_2() {
    let path = temp_path("no-such.games");
    let path = path.to_str().expect("UTF-8 path");
    let (code, out, err) = ferrite_code(&["data", "pgn", path]);
    assert_eq!(code, Some(2));
    assert_eq!(out, Vec::<String>::new());
    assert_eq!(err.len(), 1, "{err:#?}");
    assert!(
        err[0].starts_with(&format!("error: cannot read {path}: ")),
        "{err:#?}"
    );
}
