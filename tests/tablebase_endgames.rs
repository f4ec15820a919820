//! Won endings with Syzygy tables are converted: Ferrite plays both sides of KBN v K, KQ v KR
//! and KR v KB from random starts the tables call won, over UCI with `SyzygyPath` set, and
//! the winner must mate before the fifty-move rule or a repetition ends the game, and without
//! letting any position occur twice: each move of the winner's brings the next capture, pawn
//! move or mate nearer (before, 9 of the 12 normal-run games repeated a position). The normal
//! run plays a few starts at a fixed node count per move (deterministic); twenty starts of
//! each at 100 ms a move are `#[ignore]`d (docs/heavy-tests.md).

// Only part of the shared session helper is needed here.
#[allow(dead_code)]
mod common;

use common::{best_move, Session};
use ferrite::chess::{Color, Position};
use ferrite::rules::{draw, Game, Status};
use ferrite::search::rng::SplitMix64;
use ferrite::tablebase::{Tablebase, Wdl};
use std::path::PathBuf;
use std::time::Duration;

fn tables_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy")
}

/// `count` distinct starts with White's `pieces` (FEN letters) against Black's `against`,
/// White to move and winning in the tables, drawn by the seeded generator.
fn won_starts(
    tables: &Tablebase,
    pieces: &str,
    against: &str,
    seed: u64,
    count: usize,
) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    let mut starts = Vec::new();
    while starts.len() < count {
        let mut board = [None; 64];
        for piece in ['K', 'k']
            .into_iter()
            .chain(pieces.chars())
            .chain(against.chars())
        {
            loop {
                let sq = rng.below(64);
                if board[sq].is_none() {
                    board[sq] = Some(piece);
                    break;
                }
            }
        }
        let fen = format!("{} w - - 0 1", placement(&board));
        let Ok(pos) = Position::from_fen(&fen) else {
            continue;
        };
        let won = tables.probe_wdl(&pos) == Some(Wdl::Win);
        // A start that mates or wins material at once shows nothing.
        let long = tables.probe_dtz(&pos).is_some_and(|dtz| dtz > 4);
        if won && long && !starts.contains(&fen) {
            starts.push(fen);
        }
    }
    starts
}

/// The piece-placement field of a FEN for `board` (a1 first).
fn placement(board: &[Option<char>; 64]) -> String {
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(piece) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(piece);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// Plays `fen` out, Ferrite against itself under `go <limit>`; returns the game's plies if
/// White mated without a position occurring twice, or the moves and what went wrong.
fn play_out(session: &mut Session, fen: &str, limit: &str) -> Result<usize, String> {
    let mut game = Game::from_fen(fen).expect("a valid start");
    let mut moves: Vec<String> = Vec::new();
    session.send("ucinewgame");
    loop {
        match game.outcome() {
            Status::Checkmate {
                winner: Color::White,
            } => return Ok(moves.len()),
            Status::Ongoing => {}
            status => return Err(format!("{status:?} after {}", moves.join(" "))),
        }
        session.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let (_, best) = session.go(&format!("go {limit}"), Duration::from_secs(60));
        let mv = best_move(&best).to_string();
        game.play_uci(&mv, false)
            .map_err(|e| format!("illegal {mv} after {}: {e}", moves.join(" ")))?;
        moves.push(mv);
        let clock = game.position().halfmove_clock();
        if draw::count_repetitions(game.keys(), clock, 1) > 0 {
            return Err(format!("a position repeated after {}", moves.join(" ")));
        }
    }
}

/// Plays every start of each ending under `go <limit>`; returns (mated, played) and prints
/// each failure.
fn convert(endings: &[(&str, &str, u64)], count: usize, limit: &str) -> (usize, usize) {
    let tables = Tablebase::open(&tables_folder().to_string_lossy()).expect("the test tables");
    let mut session = Session::start();
    session.send(&format!(
        "setoption name SyzygyPath value {}",
        tables_folder().display()
    ));
    session.sync();
    let (mut mated, mut played) = (0, 0);
    for &(pieces, against, seed) in endings {
        let against = against.to_uppercase();
        for fen in won_starts(&tables, pieces, &against.to_lowercase(), seed, count) {
            played += 1;
            match play_out(&mut session, &fen, limit) {
                Ok(plies) => {
                    println!("K{pieces} v K{against} {fen}: mate after {plies} plies");
                    mated += 1;
                }
                Err(failure) => println!("K{pieces} v K{against} {fen}: NOT MATED: {failure}"),
            }
        }
    }
    (mated, played)
}

const ENDINGS: [(&str, &str, u64); 3] = [("BN", "", 1), ("Q", "r", 2), ("R", "b", 3)];

#[test]
fn won_endings_are_mated_at_a_fixed_node_count() {
    let (mated, played) = convert(&ENDINGS, 4, "nodes 3000");
    assert_eq!((mated, played), (12, 12));
}

#[test]
#[ignore = "twenty starts of each ending at 100 ms a move: about five minutes"]
fn twenty_won_starts_of_each_ending_are_mated_at_100_ms() {
    let (mated, played) = convert(&ENDINGS, 20, "movetime 100");
    println!("mated {mated} of {played}");
    assert_eq!(mated, played);
}
