//! Integration tests of layer 2, the rules: one test per rule the seed texts state (on the
//! positions they describe), every `MoveError` kind, SAN and UCI round trips over the perft
//! fixtures, a seeded random-game property test against an independent slow rules model,
//! and the threefold-repetition games of `tests/data/threefold_games.pgn`.

#[path = "rules/errors.rs"]
mod errors;
#[path = "rules/outcomes.rs"]
mod outcomes;
#[path = "rules/random_games.rs"]
mod random_games;
#[path = "rules/round_trip.rs"]
mod round_trip;
#[path = "rules/seed_rules.rs"]
mod seed_rules;
#[path = "rules/slow_board.rs"]
mod slow_board;
#[path = "rules/threefold.rs"]
mod threefold;

use ferrite::chess::{Move, Position};
use ferrite::rules::{Game, MoveErrorKind, Status};

/// The position of a FEN the test wrote itself.
pub fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A game from a FEN the test wrote itself.
pub fn game(fen: &str) -> Game {
    Game::new(position(fen))
}

/// Plays space-separated SAN moves, each of which must be legal.
pub fn play_san(game: &mut Game, moves: &str) {
    for san in moves.split_whitespace() {
        if let Err(e) = game.play_san(san) {
            panic!("{san} in {}: {e}", game.position().to_fen());
        }
    }
}

/// Plays space-separated UCI moves (standard notation), each of which must be legal.
pub fn play_uci(game: &mut Game, moves: &str) {
    for uci in moves.split_whitespace() {
        if let Err(e) = game.play_uci(uci, false) {
            panic!("{uci} in {}: {e}", game.position().to_fen());
        }
    }
}

/// Plays SAN moves one at a time, asserting the status after each: `expected[i]` is the
/// status after move `i + 1`.
pub fn play_expecting(game: &mut Game, moves: &str, expected: &[Status]) {
    let moves: Vec<&str> = moves.split_whitespace().collect();
    assert_eq!(moves.len(), expected.len(), "one status per move");
    for (ply, (san, status)) in moves.iter().zip(expected).enumerate() {
        play_san(game, san);
        assert_eq!(
            game.outcome(),
            *status,
            "after move {} ({san}) of '{}'",
            ply + 1,
            game.pgn_movetext()
        );
    }
}

/// The kind of error a UCI move gets in `fen`, asserting that the game stays unchanged.
pub fn uci_error(fen: &str, text: &str, chess960: bool) -> MoveErrorKind {
    let mut game = game(fen);
    let result = game.play_uci(text, chess960);
    assert_eq!(game.position().to_fen(), position(fen).to_fen());
    assert!(game.moves().is_empty());
    match result {
        Err(e) => {
            assert_eq!(e.text, text);
            assert_eq!(e.fen, position(fen).to_fen());
            e.kind
        }
        Ok(mv) => panic!("{text} accepted as {mv:?} in {fen}"),
    }
}

/// The kind of error a SAN move gets in `fen`, asserting that the game stays unchanged.
pub fn san_error(fen: &str, text: &str) -> MoveErrorKind {
    let mut game = game(fen);
    let result = game.play_san(text);
    assert_eq!(game.position().to_fen(), position(fen).to_fen());
    assert!(game.moves().is_empty());
    match result {
        Err(e) => {
            assert_eq!(e.text, text);
            e.kind
        }
        Ok(mv) => panic!("{text} accepted as {mv:?} in {fen}"),
    }
}

/// The legal moves of `fen` in UCI notation (standard castling), sorted.
pub fn legal_uci(fen: &str) -> Vec<String> {
    let pos = position(fen);
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|mv| mv.to_uci(false))
        .collect();
    moves.sort();
    moves
}

/// The legal moves of the piece on `from` in `fen`, as sorted destination squares.
pub fn targets(fen: &str, from: &str) -> Vec<String> {
    let mut moves: Vec<String> = legal_uci(fen)
        .into_iter()
        .filter(|uci| uci.starts_with(from))
        .map(|uci| uci[2..].to_string())
        .collect();
    moves.dedup();
    moves
}

/// Sorted list of squares written as one space-separated string.
pub fn squares(list: &str) -> Vec<String> {
    let mut squares: Vec<String> = list.split_whitespace().map(String::from).collect();
    squares.sort();
    squares
}

/// One legal move given in UCI, parsed against `pos`.
pub fn uci(pos: &Position, text: &str) -> Move {
    ferrite::rules::parse_uci_move(pos, text, pos.is_chess960())
        .unwrap_or_else(|e| panic!("{text}: {}", e.full()))
}
