//! Seeded random games, checked against the slow model of `slow_board.rs`: every move the
//! generator offers is legal by the slow check (and every few plies the two agree on the
//! whole list), the boards stay equal move after move, and `Game::outcome` agrees with an
//! outcome recomputed by brute force from the move list (repetitions recounted by
//! replaying, material counted piece by piece, clocks recounted).
//!
//! A few hundred games run in the normal test run; `random_games_10000` (ignored) plays
//! ten thousand: `cargo test --test rules -- --ignored random_games_10000` (about 35 s).

use crate::position;
use crate::slow_board::{PositionId, SlowBoard};
use ferrite::chess::{Move, MoveFlag, Position, Square};
use ferrite::rules::{Game, Status};
use std::collections::BTreeMap;

/// xorshift64*: small, deterministic, good enough to pick moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 90 1",
];

/// The outcome recomputed without the rules module: `history` holds the identity of every
/// position from the start, `since_reset` the index of the first one after the last capture
/// or pawn move.
fn brute_outcome(board: &SlowBoard, history: &[PositionId], since_reset: usize) -> Status {
    if !board.has_legal_move() {
        return if board.in_check() {
            Status::Checkmate {
                winner: board.side.flip(),
            }
        } else {
            Status::Stalemate
        };
    }
    if board.insufficient_material() {
        return Status::InsufficientMaterial;
    }
    let Some((current, earlier)) = history.split_last() else {
        return Status::Ongoing;
    };
    let repetitions = earlier[since_reset.min(earlier.len())..]
        .iter()
        .filter(|id| *id == current)
        .count();
    if repetitions >= 4 {
        Status::FivefoldRepetition
    } else if board.clock >= 150 {
        Status::SeventyFiveMoveRule
    } else if repetitions >= 2 {
        Status::ThreefoldRepetition
    } else if board.clock >= 100 {
        Status::FiftyMoveRule
    } else {
        Status::Ongoing
    }
}

/// Picks a move: often the reverse of the mover's previous move (to provoke repetitions),
/// otherwise any legal move.
fn pick(rng: &mut Rng, legal: &[Move], moves: &[Move]) -> Move {
    if moves.len() >= 2 && rng.below(3) == 0 {
        let previous = moves[moves.len() - 2];
        let back = Move::new(previous.to(), previous.from(), MoveFlag::Quiet);
        if legal.contains(&back) {
            return back;
        }
    }
    legal[rng.below(legal.len())]
}

/// Plays `games` random games from seed `seed`; returns how often each final status and
/// each status along the way occurred.
fn run(games: usize, seed: u64, full_list_every: usize) -> BTreeMap<String, usize> {
    let starts: Vec<Position> = STARTS.iter().map(|fen| position(fen)).collect();
    let mut rng = Rng(seed);
    let mut seen = BTreeMap::new();
    for index in 0..games {
        let start = starts[index % starts.len()];
        let mut game = Game::new(start);
        let mut board = SlowBoard::from_position(&start);
        let mut history = vec![board.id()];
        let mut since_reset = 0;
        loop {
            let ply = game.moves().len();
            let context = |game: &Game| format!("game {index}: {}", game.pgn_movetext());
            let status = game.outcome();
            assert_eq!(
                status,
                brute_outcome(&board, &history, since_reset),
                "{}",
                context(&game)
            );
            *seen.entry(format!("seen: {status}")).or_insert(0) += 1;

            let pos = *game.position();
            let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
            for &mv in &legal {
                assert!(
                    board.is_legal(mv),
                    "{mv:?} is not legal: {}",
                    context(&game)
                );
            }
            if ply.is_multiple_of(full_list_every) {
                let mut slow: Vec<u16> =
                    board.legal_moves(false).iter().map(|m| m.bits()).collect();
                let mut fast: Vec<u16> = legal.iter().map(|m| m.bits()).collect();
                slow.sort_unstable();
                fast.sort_unstable();
                assert_eq!(slow, fast, "move lists differ: {}", context(&game));
            }
            if status.is_game_over() || ply >= 1000 {
                *seen.entry(format!("final: {status}")).or_insert(0) += 1;
                break;
            }

            let mv = pick(&mut rng, &legal, game.moves());
            game.play(mv);
            board.apply(mv);
            history.push(board.id());
            if board.clock == 0 {
                since_reset = history.len() - 1;
            }
            for sq in Square::ALL {
                assert_eq!(
                    game.position().piece_at(sq),
                    board.squares[sq.index()],
                    "{sq} after {mv:?}: {}",
                    context(&game)
                );
            }
            assert_eq!(game.position().side_to_move(), board.side);
            assert_eq!(u32::from(game.position().halfmove_clock()), board.clock);
        }
    }
    seen
}

#[test]
fn random_games() {
    let seen = run(300, 0x00C0_FFEE_1234_5678, 4);
    println!("{seen:#?}");
    // The seed is fixed, so these are facts about these 300 games; they make sure the
    // property test reached every kind of ending, not just the common ones.
    for status in [
        "final: checkmate, white wins",
        "final: checkmate, black wins",
        "final: stalemate",
        "final: insufficient material",
        "final: fivefold repetition",
        "final: seventy-five-move rule",
        "seen: threefold repetition (claimable)",
        "seen: fifty-move rule (claimable)",
    ] {
        assert!(seen.contains_key(status), "no '{status}' in {seen:#?}");
    }
}

#[test]
#[ignore = "10,000 games: about 35 s with the test profile"]
fn random_games_10000() {
    let seen = run(10_000, 0x5EED_0000_0000_0001, 4);
    println!("{seen:#?}");
}
