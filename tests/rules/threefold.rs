//! The games of `tests/data/threefold_games.pgn` (from sunfish's `tests/files/3fold.pgn`),
//! each of which ends in a threefold repetition: played move by move through
//! `Game::play_san`, the status must become threefold exactly at the last move and not
//! before.

use ferrite::rules::{Game, Status};

/// The SAN moves of each game: tag pairs, move numbers, comments and results dropped.
fn games() -> Vec<Vec<String>> {
    let path = format!(
        "{}/tests/data/threefold_games.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut games = Vec::new();
    let mut moves = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if !moves.is_empty() {
                games.push(std::mem::take(&mut moves));
            }
            continue;
        }
        for token in line.split_whitespace() {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                continue;
            }
            let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if token.is_empty() {
                continue;
            }
            moves.push(token.to_string());
        }
    }
    if !moves.is_empty() {
        games.push(moves);
    }
    games
}

#[test]
fn threefold_games_end_in_threefold_exactly_at_the_last_move() {
    let games = games();
    assert_eq!(games.len(), 100);
    for (index, moves) in games.iter().enumerate() {
        let mut game = Game::startpos();
        for (ply, san) in moves.iter().enumerate() {
            if let Err(e) = game.play_san(san) {
                panic!("game {}: move {} {san}: {}", index + 1, ply + 1, e.full());
            }
            let status = game.outcome();
            if ply + 1 < moves.len() {
                assert!(
                    status != Status::ThreefoldRepetition && !status.is_game_over(),
                    "game {}: {status} after move {} {san}",
                    index + 1,
                    ply + 1
                );
            } else {
                assert_eq!(
                    status,
                    Status::ThreefoldRepetition,
                    "game {} after its last move {san}",
                    index + 1
                );
            }
        }
    }
}
