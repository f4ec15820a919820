//! `ferrite analyse` end to end: the real binary on the PGN files of `tests/data/`, with
//! depth-limited searches on one thread, so every figure is the same on every run. The
//! annotated PGN is read back with the crate's own PGN reader.

mod process;

use ferrite::rules::pgn::{read_games, PgnGame};
use process::{run_ferrite, Run};
use std::path::PathBuf;

/// Runs `ferrite <args>` with nothing on stdin.
fn ferrite(args: &[&str]) -> Run {
    run_ferrite(args, "")
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A path in the temporary directory, unique to this test process.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ferrite-analyse-{}-{name}", std::process::id()))
}

fn games_of(text: &str) -> Vec<PgnGame> {
    read_games(text).collect()
}

fn original(name: &str) -> Vec<PgnGame> {
    let path = data(name);
    games_of(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
}

/// Checks that `annotated` holds the tags and moves of `original` and an `[%eval]` first in
/// every move's comment.
fn assert_same_game_with_evals(original: &PgnGame, annotated: &PgnGame) {
    assert_eq!(annotated.tags, original.tags);
    let sans = |game: &PgnGame| -> Vec<String> {
        game.moves
            .iter()
            .map(|mv| mv.san.replace(['#', '+'], ""))
            .collect()
    };
    assert_eq!(sans(annotated), sans(original));
    for mv in &annotated.moves {
        let comment = mv.comment.as_deref().unwrap_or_default();
        assert!(comment.starts_with("[%eval "), "{}: {comment:?}", mv.san);
    }
}

#[test]
fn a_hung_queen_is_a_blunder_and_the_mate_it_missed_is_the_better_move() {
    let run = ferrite(&["analyse", &data("analyse_blunder.pgn"), "--depth", "8"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let games = games_of(&run.stdout);
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_same_game_with_evals(&original("analyse_blunder.pgn")[0], game);
    // 3... Nf6 allows the mate, and 4. Qxe5+ hangs the queen instead of mating.
    let nf6 = &game.moves[5];
    assert_eq!((nf6.san.as_str(), nf6.nags.as_slice()), ("Nf6", &[4][..]));
    assert!(nf6
        .comment
        .as_deref()
        .is_some_and(|comment| comment.starts_with("[%eval #1] Blunder.")));
    let queen = &game.moves[6];
    assert_eq!(queen.san, "Qxe5+");
    assert_eq!(queen.nags, [4]);
    // Down a queen for a pawn: some nine pawns, whatever the exact figure.
    let comment = queen.comment.as_deref().unwrap_or_default();
    let (eval, rest) = comment
        .strip_prefix("[%eval ")
        .and_then(|rest| rest.split_once("] "))
        .expect("an eval first");
    let pawns: f64 = eval.parse().expect("pawns");
    assert!(pawns < -6.0, "{comment}");
    assert_eq!(rest, "Blunder. Qxf7# was best. the queen is lost");
    assert_eq!(queen.variations, ["4. Qxf7#"]);
    let blunders = game.moves.iter().filter(|mv| mv.nags.contains(&4)).count();
    assert_eq!(blunders, 2);
    let header = game.comment.as_deref().unwrap_or_default();
    let lines: Vec<&str> = header.lines().collect();
    assert_eq!(
        lines[0],
        "Ferrite 0.1.0 analysis, depth 8 per position, 1 thread"
    );
    assert!(
        lines[1].starts_with("White (Novice): accuracy "),
        "{header}"
    );
    assert!(lines[1].ends_with(", 0 inaccuracies, 0 mistakes, 1 blunder."));
    assert!(lines[2].starts_with("Black (Club player): accuracy "));
    assert!(
        lines[3].starts_with("Scholar's mate tried"),
        "the original comment stays"
    );
    assert!(run
        .stderr
        .ends_with("analyse: 1 games analysed, 0 skipped\n"));
}

#[test]
fn a_quiet_master_game_has_no_mistakes_and_few_inaccuracies() {
    // Depth 12: shallower, a search may call 25...c6 or 12...Qd7 a mistake, where Stockfish
    // 15.1 at depth 22-24 finds an inaccuracy and the best move (docs/analysis.md).
    let run = ferrite(&["analyse", &data("analyse_master.pgn"), "--depth", "12"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let games = games_of(&run.stdout);
    assert_eq!(games.len(), 1);
    assert_same_game_with_evals(&original("analyse_master.pgn")[0], &games[0]);
    assert_eq!(games[0].moves.len(), 97);
    let marked = |nags: &[u8]| -> Vec<&str> {
        games[0]
            .moves
            .iter()
            .filter(|mv| mv.nags.iter().any(|nag| nags.contains(nag)))
            .map(|mv| mv.san.as_str())
            .collect()
    };
    // No ? (NAG 2) or ?? (4): the model's chances move little in a quiet game. A few ?! (6)
    // come and go with the depth and the network (docs/analysis.md has the counts), as they
    // do in any engine's analysis: one move in sixteen at most.
    assert_eq!(marked(&[2, 4]), Vec::<&str>::new());
    let inaccuracies = marked(&[6]);
    assert!(inaccuracies.len() <= 6, "{inaccuracies:?}");
}

#[test]
fn bad_games_are_named_and_skipped_and_the_others_analysed() {
    let out = temp_path("mixed.pgn");
    let out_arg = out.to_string_lossy().into_owned();
    let path = data("analyse_mixed.pgn");
    let run = ferrite(&["analyse", &path, "--depth", "4", "--out", &out_arg]);
    assert_eq!(run.code, Some(2), "a skipped game makes the exit code 2");
    assert_eq!(run.stdout, "", "with --out nothing goes to stdout");
    let errors: Vec<&str> = run
        .stderr
        .lines()
        .filter(|line| line.starts_with("error: "))
        .collect();
    assert_eq!(
        errors,
        [
            "error: game 2 (C - D, line 11): illegal move 2. Ke3: no piece can make that \
             move; skipped",
            "error: game 3 (E - ?, line 18): malformed tag at line 20: [Black \"F\"; skipped",
        ]
    );
    assert!(run
        .stderr
        .ends_with("analyse: 3 games analysed, 2 skipped\n"));
    let written = std::fs::read_to_string(&out).expect("the output file");
    let _ = std::fs::remove_file(&out);
    let games = games_of(&written);
    let originals = original("analyse_mixed.pgn");
    assert_eq!(games.len(), 3);
    for (annotated, original) in games
        .iter()
        .zip([&originals[0], &originals[3], &originals[4]])
    {
        assert_same_game_with_evals(original, annotated);
    }
    // Chess960: both sides castle queenside.
    let castles: Vec<&str> = games[0].moves[4..]
        .iter()
        .map(|mv| mv.san.as_str())
        .collect();
    assert_eq!(castles, ["O-O-O", "O-O-O"]);
    // Games ending in mate and stalemate: the final position is not searched.
    let last_comment = |game: &PgnGame| game.moves.last().and_then(|mv| mv.comment.clone());
    assert_eq!(last_comment(&games[1]).as_deref(), Some("[%eval #0]"));
    let stalemate = last_comment(&games[2]).unwrap_or_default();
    assert!(
        stalemate.starts_with("[%eval 0.00] Blunder."),
        "{stalemate}"
    );
}

#[test]
fn one_game_of_the_file_is_analysed_with_game() {
    let path = data("analyse_mixed.pgn");
    let run = ferrite(&["analyse", &path, "--depth", "2", "--game", "4"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let games = games_of(&run.stdout);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("Event"), Some("Fool's mate"));
    let run = ferrite(&["analyse", &path, "--depth", "2", "--game", "9"]);
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stderr, "error: no game 9: the file holds 5 games\n");
}

#[test]
fn an_unreadable_file_or_conflicting_limits_are_one_error() {
    let run = ferrite(&["analyse", "/nonexistent/games.pgn", "--depth", "2"]);
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("error: cannot read /nonexistent/games.pgn: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1);
    let path = data("analyse_blunder.pgn");
    let run = ferrite(&["analyse", &path, "--depth", "2", "--nodes", "100"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
}

/// Checks that `svg` is well-formed XML as far as a chart needs: every element closed in
/// order, attributes quoted, `&` only in entities.
fn assert_well_formed(svg: &str) {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = svg
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .expect("an XML declaration");
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        for (at, _) in text.match_indices('&') {
            let entity = &text[at..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in {text:?}"
            );
        }
        let end = rest[start..].find('>').expect("tag closed") + start;
        let tag = &rest[start + 1..end];
        assert_eq!(tag.matches('"').count() % 2, 0, "{tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "closing {name}");
        } else if !tag.ends_with('/') {
            open.push(tag.split_whitespace().next().expect("a name"));
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "unclosed {open:?}");
    assert_eq!(rest.trim(), "");
}

#[test]
fn the_svg_has_a_chart_per_game_with_a_point_per_position_labels_and_markers() {
    let svg_path = temp_path("graph.svg");
    let svg_arg = svg_path.to_string_lossy().into_owned();
    let path = data("analyse_blunder.pgn");
    let run = ferrite(&["analyse", &path, "--depth", "6", "--svg", &svg_arg]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let svg = std::fs::read_to_string(&svg_path).expect("the SVG file");
    let _ = std::fs::remove_file(&svg_path);
    assert_well_formed(&svg);
    assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("<g class=\"chart\"").count(), 1);
    let polylines: Vec<&str> = svg.lines().filter(|l| l.starts_with("<polyline")).collect();
    assert_eq!(polylines.len(), 1);
    let points = polylines[0]
        .split("points=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("points");
    // The start and the position after each of the 20 moves.
    assert_eq!(points.split(' ').count(), 21);
    let labels = |class: &str| -> Vec<String> {
        svg.lines()
            .filter(|line| line.contains(&format!("class=\"{class}\"")))
            .filter_map(|line| line.split('>').nth(1))
            .filter_map(|text| text.split('<').next())
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        labels("x-label"),
        (1..=10).map(|n| n.to_string()).collect::<Vec<_>>()
    );
    assert_eq!(labels("y-label"), ["+10", "+5", "0", "-5", "-10"]);
    assert_eq!(svg.matches("<circle class=\"blunder\"").count(), 2);
    let title = svg
        .lines()
        .find(|line| line.contains("<title>4. Qxe5+?? ("))
        .expect("the blunder's marker");
    assert!(title.contains(", Qxf7# was best</title>"), "{title}");
    assert!(svg.contains("Novice - Club player  0-1, Casual game"));
}
