//! The draw rules through `Game::outcome`, each with its edge cases: threefold and fivefold
//! repetition (castling rights and a possible en passant capture make a different
//! position, an en passant square nobody can use does not; a capture starts the count
//! afresh), the fifty- and seventy-five-move rules (a mate or stalemate on the last ply
//! takes precedence), and insufficient material.

use crate::{game, play_expecting, play_san};
use ferrite::chess::{Color, Square};
use ferrite::rules::{draw, Game, Status};

use Status::{
    FiftyMoveRule as Fifty, FivefoldRepetition as Five, Ongoing as O,
    SeventyFiveMoveRule as SeventyFive, ThreefoldRepetition as Three,
};

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_repetition_is_claimable_on_the_third_occurrence() {
    let mut g = Game::startpos();
    play_expecting(
        &mut g,
        &format!("{SHUFFLE} {SHUFFLE}"),
        &[O, O, O, O, O, O, O, Three],
    );
    let status = g.outcome();
    assert!(status.is_claimable() && !status.is_game_over());
    assert_eq!(status.to_string(), "threefold repetition (claimable)");
    assert_eq!(
        draw::count_repetitions(g.keys(), g.position().halfmove_clock(), usize::MAX),
        2
    );
}

#[test]
fn fivefold_repetition_ends_the_game_on_the_fifth_occurrence() {
    let mut g = Game::startpos();
    play_expecting(
        &mut g,
        &[SHUFFLE; 4].join(" "),
        &[
            O, O, O, O, O, O, O, Three, Three, Three, Three, Three, Three, Three, Three, Five,
        ],
    );
    assert!(g.outcome().is_game_over());
    assert_eq!(g.outcome().to_string(), "fivefold repetition");
}

#[test]
fn different_castling_rights_make_a_different_position() {
    // After the rook trips the pieces stand as at the start, but neither side may castle
    // short any more: the start position does not count as an occurrence. (Counting by
    // pieces alone would call threefold at the 12th ply.)
    let mut g = Game::startpos();
    play_expecting(
        &mut g,
        &format!("Nf3 Nf6 Rg1 Rg8 Rh1 Rh8 Ng1 Ng8 {SHUFFLE}"),
        &[O, O, O, O, O, O, O, O, O, O, O, O],
    );
    let board = |fen: &str| fen.split(' ').next().map(String::from);
    assert_eq!(
        board(&g.position().to_fen()),
        board(&g.start_position().to_fen())
    );
    assert_ne!(g.position().key(), g.start_position().key());
    // The 6th, 10th and 14th plies are one position (same rights): threefold there.
    play_expecting(&mut g, "Nf3 Nf6", &[O, Three]);
}

#[test]
fn a_possible_en_passant_capture_makes_a_different_position() {
    // After ...d5 white may take en passant; four plies later the same pieces stand there,
    // but that capture is gone: a different position. (Ignoring it would call threefold
    // at the 9th ply.)
    let mut g = game("4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play_san(&mut g, "d5");
    assert_eq!(g.position().en_passant(), Some(Square::D6));
    play_expecting(
        &mut g,
        &format!("{SHUFFLE} {SHUFFLE} Nf3"),
        &[O, O, O, O, O, O, O, O, Three],
    );
}

#[test]
fn an_en_passant_capture_nobody_can_make_does_not_make_a_different_position() {
    // ...c5 passes the b5 pawn, but taking en passant would expose the king on a5 to the
    // rook on h5: the position after ...c5 is the same as four plies later.
    let mut g = game("4k1n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1");
    play_san(&mut g, "c5");
    assert_eq!(g.position().en_passant(), None);
    let after_c5 = g.position().key();
    play_expecting(
        &mut g,
        &format!("{SHUFFLE} {SHUFFLE}"),
        &[O, O, O, O, O, O, O, Three],
    );
    assert_eq!(g.position().key(), after_c5);
}

#[test]
fn repetition_does_not_count_across_a_capture() {
    // The kings' dance repeats the start position once; then the rook takes the knight and
    // counting starts afresh: threefold needs three occurrences after the capture.
    let mut g = game("4k3/8/8/p7/P6n/8/8/4K2R w - - 0 1");
    play_expecting(&mut g, "Kd1 Kd8 Ke1 Ke8", &[O, O, O, O]);
    play_expecting(&mut g, "Rxh4 Kd8 Rh1 Ke8", &[O, O, O, O]);
    assert_eq!(g.position().halfmove_clock(), 3);
    play_expecting(
        &mut g,
        "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8",
        &[O, O, O, O, O, O, Three, Three],
    );
    // The primitive never looks past the clock: a key from before the capture is not seen
    // even when it is equal.
    let keys = [5, 1, 5, 2, 5];
    assert_eq!(draw::count_repetitions(&keys, 2, usize::MAX), 1);
    assert_eq!(draw::count_repetitions(&keys, 1, usize::MAX), 0);
}

#[test]
fn fifty_move_rule_is_claimable_after_100_quiet_plies() {
    let fen = "8/8/4k3/8/8/3K4/8/R7 w - - 99 80";
    let mut g = game(fen);
    assert_eq!(g.outcome(), O);
    play_expecting(&mut g, "Ra2", &[Fifty]);
    assert!(g.outcome().is_claimable() && !g.outcome().is_game_over());
    assert_eq!(g.outcome().to_string(), "fifty-move rule (claimable)");
    // A capture or a pawn move on that ply starts the count again.
    let mut capture = game("8/8/4k3/8/8/3K4/8/R6n w - - 99 80");
    play_expecting(&mut capture, "Rxh1", &[O]);
    let mut pawn = game("8/8/4k3/8/8/3K4/P7/8 w - - 99 80");
    play_expecting(&mut pawn, "a3", &[O]);
}

#[test]
fn mate_on_the_hundredth_ply_wins() {
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    play_expecting(
        &mut g,
        "Rh8#",
        &[Status::Checkmate {
            winner: Color::White,
        }],
    );
    assert_eq!(g.position().halfmove_clock(), 100);
    let mut g = game("7k/8/6K1/8/8/8/8/5Q2 w - - 99 80");
    play_expecting(&mut g, "Qf7", &[Status::Stalemate]);
}

#[test]
fn seventy_five_move_rule_ends_the_game_after_150_quiet_plies() {
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 148 120");
    play_expecting(&mut g, "Rh2 Kb8", &[Fifty, SeventyFive]);
    assert!(g.outcome().is_game_over());
    assert_eq!(g.outcome().to_string(), "seventy-five-move rule");
    // Mate on the 150th ply still wins.
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 149 120");
    play_expecting(
        &mut g,
        "Rh8#",
        &[Status::Checkmate {
            winner: Color::White,
        }],
    );
}

#[test]
fn draws_that_end_the_game_outrank_claimable_ones() {
    // Past 100 quiet plies the fifty-move rule is claimable, threefold repetition is
    // reported over it, and the seventy-five-move rule (game over) over threefold.
    let mut g = game("4k1n1/8/8/8/8/8/8/4K1N1 w - - 140 120");
    assert_eq!(g.outcome(), Fifty);
    play_expecting(
        &mut g,
        &format!("{SHUFFLE} {SHUFFLE} Nf3 Nf6"),
        &[
            Fifty,
            Fifty,
            Fifty,
            Fifty,
            Fifty,
            Fifty,
            Fifty,
            Three,
            Three,
            SeventyFive,
        ],
    );
    assert!(draw::count_repetitions(g.keys(), g.position().halfmove_clock(), usize::MAX) >= 2);
}

#[test]
fn insufficient_material_ends_the_game() {
    let mut g = game("8/8/8/3k4/8/3K4/3r4/8 w - - 0 1");
    play_expecting(&mut g, "Kxd2", &[Status::InsufficientMaterial]);
    assert!(g.outcome().is_game_over());
    assert_eq!(g.outcome().to_string(), "insufficient material");
    let status = |fen: &str| game(fen).outcome();
    // K v K, K+B v K, K+N v K, bishops all on one colour (both sides).
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/2B5 b - - 0 1",
        "8/8/4k3/8/8/3K4/8/6n1 w - - 0 1",
        "3b4/8/4k3/b7/8/3K4/8/B1B5 w - - 0 1",
    ] {
        assert_eq!(status(fen), Status::InsufficientMaterial, "{fen}");
    }
    // Mate is still possible: opposite-coloured bishops, two knights, knight and bishop,
    // any pawn, rook or queen.
    for fen in [
        "8/8/4k3/8/8/3K4/8/2B2b2 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/1N4n1 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/1N3B2 w - - 0 1",
        "8/8/4k3/8/8/3K4/7p/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/7R w - - 0 1",
    ] {
        assert_eq!(status(fen), O, "{fen}");
    }
}
