//! Playing strength limiting: what holds at every level (mating a lone king with a queen or a
//! rook, not hanging the queen at 2000 and above) and that a seed replays a game. Every level
//! is tested in the `#[ignore]`d tests; the normal run tests a few.

#[allow(dead_code)] // the session helpers other test files use
mod common;

use common::Session;
use ferrite::chess::{Color, Move, PieceType, Position};
use ferrite::rules::{Game, Status};
use ferrite::search::limits::Limits;
use ferrite::search::see::{captured_value, see_ge};
use ferrite::search::strength::{search_at, Strength, CANDIDATES, MAX_ELO, MIN_ELO};
use ferrite::search::tt::TranspositionTable;
use ferrite::search::{Histories, SearchControl, SearchJob};
use std::time::Duration;

const KQK: [&str; 10] = [
    "3Q4/8/6k1/8/8/8/K7/8 w - - 0 1",
    "6K1/7Q/8/8/8/2k5/8/8 w - - 0 1",
    "4K3/8/8/Q7/8/8/5k2/8 w - - 0 1",
    "8/8/8/1k2K3/8/6Q1/8/8 w - - 0 1",
    "8/7K/8/1k6/8/4Q3/8/8 w - - 0 1",
    "8/8/7K/8/6Q1/8/2k5/8 w - - 0 1",
    "Q7/K7/8/8/8/2k5/8/8 w - - 0 1",
    "8/8/8/8/8/4k3/K7/5Q2 w - - 0 1",
    "3K4/8/8/4Q3/2k5/8/8/8 w - - 0 1",
    "Q7/8/8/8/8/8/1k2K3/8 w - - 0 1",
];

const KRK: [&str; 10] = [
    "8/1K6/8/4k3/8/8/8/R7 w - - 0 1",
    "4R3/4K3/8/1k6/8/8/8/8 w - - 0 1",
    "8/3k4/8/8/3K4/8/5R2/8 w - - 0 1",
    "8/8/1K6/3k4/8/5R2/8/8 w - - 0 1",
    "8/8/5R2/8/1K2k3/8/8/8 w - - 0 1",
    "8/8/8/2K5/8/3R4/5k2/8 w - - 0 1",
    "8/8/3k4/1K6/8/8/5R2/8 w - - 0 1",
    "2R5/8/6K1/8/8/1k6/8/8 w - - 0 1",
    "8/4k3/8/8/5K2/8/6R1/8 w - - 0 1",
    "6R1/8/4k3/8/8/8/1K6/8 w - - 0 1",
];

/// Nodes of the full-strength defender's searches.
const DEFENDER_NODES: u64 = 10_000;

/// A search of `game`'s position: weakened to `strength`, or at full strength within `nodes`.
fn play(
    game: &Game,
    strength: Option<Strength>,
    nodes: Option<u64>,
    histories: &mut Histories,
) -> Move {
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let job = SearchJob {
        game_keys: game.keys().to_vec(),
        ..SearchJob::new(*game.position(), limits)
    };
    let tt = TranspositionTable::new(16);
    let control = SearchControl::new(&job.limits, 0);
    let result = search_at(strength.as_ref(), &job, &tt, histories, &control, &|_| {});
    result.best.expect("an ongoing game has a legal move")
}

/// Plays `fen` out between White at `elo` and a full-strength Black; the plies to mate, or
/// the status the game ended with instead.
fn mate_at_level(fen: &str, elo: i32) -> Result<usize, String> {
    let mut game = Game::from_fen(fen).map_err(|e| e.to_string())?;
    let mut histories = [Histories::new(), Histories::new()];
    for ply in 0.. {
        match game.outcome() {
            Status::Checkmate {
                winner: Color::White,
            } => return Ok(ply),
            Status::Ongoing => {}
            other => return Err(format!("{other} after {}", game.pgn_movetext())),
        }
        let white = game.position().side_to_move() == Color::White;
        let mv = if white {
            let strength = Strength {
                elo,
                seed: ply as u64,
                last_capture: None,
            };
            play(&game, Some(strength), None, &mut histories[0])
        } else {
            play(&game, None, Some(DEFENDER_NODES), &mut histories[1])
        };
        game.play(mv);
    }
    unreachable!("the loop returns")
}

fn mates_at(levels: &[i32]) {
    for &elo in levels {
        for fen in KQK.iter().chain(&KRK) {
            let plies = mate_at_level(fen, elo).unwrap_or_else(|e| panic!("{elo} {fen}: {e}"));
            // The fifty-move rule counts 100 plies; mate came first.
            assert!(plies < 100, "{elo} {fen}: mate after {plies} plies");
        }
    }
}

/// Against a lone king every level searches alike (one budget, no randomness), so one level
/// stands for all in the normal run.
#[test]
fn the_weakest_level_mates_a_lone_king() {
    mates_at(&[MIN_ELO]);
}

#[test]
#[ignore = "every level: about a minute in release"]
fn every_level_mates_a_lone_king() {
    let levels: Vec<i32> = (MIN_ELO..=MAX_ELO).step_by(100).collect();
    mates_at(&levels);
}

/// Quiet positions with both queens on the board, where some move of the side to move hangs
/// its queen (bench positions, and openings of `noob_3moves_5000.epd`).
const QUEEN_POSITIONS: [&str; 11] = [
    "r1bqkb1r/pppppp1p/2n2np1/8/8/2P3P1/PPQPPP1P/RNB1KBNR w KQkq - 0 1",
    "rnbqkb1r/ppp1pp1p/5np1/3p4/1P1P4/4P3/P1P2PPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "rnbqk1nr/ppp2ppp/4p3/3p4/1b6/4PN2/PPPPQPPP/RNB1KB1R w KQkq - 0 1",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P1B2/5N2/PPP1PPPP/RN1QKB1R b KQkq - 3 3",
    "rnbqkbnr/pp2pppp/8/2pp4/8/2P2N2/PPQPPPPP/RNB1KB1R w KQkq - 0 1",
    "rnbqkb1r/p1ppppp1/1p3n1p/8/2P5/1P2P3/P2P1PPP/RNBQKBNR w KQkq - 0 1",
    "3r1rk1/p1q2ppp/1pn1pn2/2p5/2P5/P1N1PN2/1PQ2PPP/3R1RK1 w - - 0 15",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/R4RK1 w - - 0 13",
    "rnbqkb1r/pp2pppp/2p2n2/3p4/2BP4/4P3/PPP2PPP/RNBQK1NR w KQkq - 0 1",
];

/// After `mv`, the opponent can take the mover's queen and come out at least 300 centipawns
/// ahead of what `mv` itself took.
fn hangs_queen(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let child = pos.play(mv);
    let queens = child.pieces(us, PieceType::Queen);
    let threshold = captured_value(pos, mv) + 300;
    child.legal_moves().iter().any(|&reply| {
        reply.is_capture() && queens.contains(reply.to()) && see_ge(&child, reply, threshold)
    })
}

/// Plays each of [`QUEEN_POSITIONS`] at each of `levels` with each of `seeds`: the queen never
/// hangs.
fn never_hangs_the_queen(levels: &[i32], seeds: u64) {
    for fen in QUEEN_POSITIONS {
        let game = Game::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let pos = *game.position();
        // The test can fail: some legal move hangs the queen.
        assert!(
            pos.legal_moves().iter().any(|&mv| hangs_queen(&pos, mv)),
            "{fen}: no move hangs the queen"
        );
        for &elo in levels {
            for seed in 0..seeds {
                let strength = Strength {
                    elo,
                    seed,
                    last_capture: None,
                };
                let mv = play(&game, Some(strength), None, &mut Histories::new());
                assert!(
                    !hangs_queen(&pos, mv),
                    "{fen} at {elo} (seed {seed}): {mv:?}"
                );
            }
        }
    }
}

#[test]
fn levels_2000_and_2400_never_hang_the_queen() {
    never_hangs_the_queen(&[2000, 2400], 1);
}

#[test]
#[ignore = "every level from 2000, four seeds: minutes"]
fn levels_from_2000_never_hang_the_queen() {
    let levels: Vec<i32> = (2000..=MAX_ELO).step_by(100).collect();
    never_hangs_the_queen(&levels, 4);
}

#[test]
fn the_top_level_plays_the_best_of_its_candidate_lines() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("fen");
    let nodes = 20_000;
    let result = |strength: Option<Strength>| {
        let limits = Limits {
            nodes: Some(nodes),
            soft_nodes: Some(nodes),
            ..Limits::default()
        };
        let mut job = SearchJob::new(pos, limits);
        if strength.is_none() {
            job.multipv = CANDIDATES;
        }
        let tt = TranspositionTable::new(16);
        let control = SearchControl::new(&job.limits, 0);
        let found = search_at(
            strength.as_ref(),
            &job,
            &tt,
            &mut Histories::new(),
            &control,
            &|_| {},
        );
        (found.best, found.score, found.depth, found.nodes)
    };
    let top = Strength {
        elo: MAX_ELO,
        seed: 7,
        last_capture: None,
    };
    // Its cap is 0: it searches as full strength does with that many lines and plays the best.
    assert_eq!(result(Some(top)), result(None));
}

/// The moves of a self-play game of `plies` plies from the start position, after a
/// `ucinewgame`.
fn self_play(session: &mut Session, plies: usize) -> Vec<String> {
    session.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..plies {
        session.send(&format!("position startpos moves {}", moves.join(" ")));
        let (_, best) = session.go(
            "go wtime 60000 btime 60000 winc 0 binc 0",
            Duration::from_secs(30),
        );
        let mv = best
            .split_whitespace()
            .nth(1)
            .unwrap_or_else(|| panic!("no move in {best:?}"))
            .to_string();
        if mv == "0000" {
            break;
        }
        moves.push(mv);
    }
    moves
}

fn limited_session() -> Session {
    let mut session = Session::start();
    session.send("setoption name UCI_LimitStrength value true");
    session.send("setoption name UCI_Elo value 1500");
    session
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let mut first = limited_session();
    let mut second = limited_session();
    let game_one = self_play(&mut first, 30);
    assert_eq!(game_one, self_play(&mut second, 30));
    // The next game of a session is seeded anew, and so it is another game.
    let game_two = self_play(&mut first, 30);
    assert_ne!(game_one, game_two);
    assert_eq!(game_two, self_play(&mut second, 30));
}

/// A session with `options` set (`name=value` each), at full strength otherwise.
fn session_with(options: &[(&str, &str)]) -> Session {
    let mut session = Session::start();
    for (name, value) in options {
        session.send(&format!("setoption name {name} value {value}"));
    }
    session
}

#[test]
fn skill_levels_play_as_their_uci_elo() {
    // Level 5 plays as UCI_Elo 1200: the same seeded games, move for move.
    let mut skill = session_with(&[("Skill Level", "5")]);
    let mut elo = session_with(&[("UCI_LimitStrength", "true"), ("UCI_Elo", "1200")]);
    assert_eq!(self_play(&mut skill, 20), self_play(&mut elo, 20));
}

#[test]
fn uci_limit_strength_takes_precedence_over_the_skill_level() {
    let mut both = session_with(&[
        ("Skill Level", "0"),
        ("UCI_LimitStrength", "true"),
        ("UCI_Elo", "2000"),
    ]);
    let mut elo = session_with(&[("UCI_LimitStrength", "true"), ("UCI_Elo", "2000")]);
    let game = self_play(&mut both, 20);
    assert_eq!(game, self_play(&mut elo, 20));
    // With the limit off again, the skill level counts. Each game of a session has its own
    // seed, so the session to compare with plays its second game too.
    both.send("setoption name UCI_LimitStrength value false");
    let mut lowest = session_with(&[("UCI_LimitStrength", "true"), ("UCI_Elo", "800")]);
    self_play(&mut lowest, 2);
    assert_eq!(self_play(&mut both, 20), self_play(&mut lowest, 20));
}

/// The depth and nodes of the last `info … pv` line of `go depth 8` from the start position.
fn depth_and_nodes(session: &mut Session) -> (u64, u64) {
    session.send("position startpos");
    let (lines, _) = session.go("go depth 8", Duration::from_secs(60));
    let last = lines
        .iter()
        .rev()
        .find(|line| line.contains(" pv "))
        .expect("an info line");
    let value = |key: &str| -> u64 {
        let words: Vec<&str> = last.split_whitespace().collect();
        let at = words.iter().position(|&w| w == key).expect("the key");
        words[at + 1].parse().expect("a number")
    };
    (value("depth"), value("nodes"))
}

#[test]
fn skill_level_20_is_full_strength_and_out_of_range_levels_are_clamped() {
    let mut full = Session::start();
    let mut top = Session::start();
    assert_eq!(
        top.reply("setoption name Skill Level value 25"),
        ["info string Skill Level value 25 out of range, set to 20"]
    );
    assert_eq!(depth_and_nodes(&mut top), depth_and_nodes(&mut full));
    // Level 0 searches a node budget of one: the depth is never reached.
    assert_eq!(
        top.reply("setoption name Skill Level value -3"),
        ["info string Skill Level value -3 out of range, set to 0"]
    );
    let (depth, _) = depth_and_nodes(&mut top);
    assert!(depth < 8, "depth {depth}");
}
