//! The evaluation: colour symmetry over every fixture position, the start position, the
//! trace agreeing with `evaluate`, and orderings any sane evaluation must get right, each on
//! explicit positions.

use ferrite::chess::Position;
use ferrite::eval::{evaluate, trace};

mod fixtures;
use fixtures::fixture_fens;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn colour_symmetry_over_fixtures() {
    let mut checked = 0;
    for file in ["perftsuite.epd", "cpw6.epd", "chess960.epd"] {
        for fen in fixture_fens(file) {
            let original = pos(&fen);
            let flipped = original.mirrored();
            assert_eq!(
                evaluate(&original),
                evaluate(&flipped),
                "{fen} vs {}",
                flipped.to_fen()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 128 + 7 + 960);
}

#[test]
fn trace_ends_with_the_evaluation() {
    for file in ["perftsuite.epd", "cpw6.epd"] {
        for fen in fixture_fens(file) {
            let pos = pos(&fen);
            let text = trace(&pos);
            let last = text.lines().last().expect("trace is not empty");
            let value: i32 = last
                .strip_prefix("Final evaluation: ")
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("unexpected last line {last:?}"));
            assert_eq!(value, evaluate(&pos), "{fen}");
        }
    }
}

#[test]
fn start_position_is_the_tempo_bonus() {
    assert_eq!(
        evaluate(&Position::startpos()),
        ferrite::eval::params::TEMPO.mg
    );
}

#[test]
fn a_queen_up_is_winning() {
    // White has an extra queen, for either side to move.
    let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert!(evaluate(&pos(&format!("{fen} w KQkq - 0 1"))) > 700);
    assert!(evaluate(&pos(&format!("{fen} b KQkq - 0 1"))) < -700);
}

#[test]
fn no_mating_material_is_zero() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1",
        "4k3/8/8/8/3n4/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1",
    ] {
        assert_eq!(evaluate(&pos(fen)), 0, "{fen}");
    }
}

#[test]
fn opposite_coloured_bishops_are_drawish() {
    // White is a pawn up in both; only the colour of black's bishop differs (c8 light, b8
    // dark like white's c1 bishop).
    let opposite = evaluate(&pos("2b1k3/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1"));
    let same = evaluate(&pos("1b2k3/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1"));
    assert!(opposite > 0, "{opposite}");
    assert!(opposite * 2 < same, "opposite {opposite} vs same {same}");
}

#[test]
fn pawnless_small_edge_is_drawish() {
    // A rook against a knight, no pawns: far below the material difference.
    let score = evaluate(&pos("4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1"));
    assert!(score > 0 && score < 100, "{score}");
    // A rook against a bare king is a win and keeps its value.
    assert!(evaluate(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")) > 500);
}

#[test]
fn passed_pawn_further_up_is_worth_more() {
    let seventh = evaluate(&pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    let third = evaluate(&pos("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"));
    assert!(seventh > third + 100, "seventh {seventh} vs third {third}");
    // Same for black.
    let second = evaluate(&pos("4k3/8/8/8/8/8/1p6/4K3 b - - 0 1"));
    let sixth = evaluate(&pos("4k3/8/1p6/8/8/8/8/4K3 b - - 0 1"));
    assert!(second > sixth + 100, "second {second} vs sixth {sixth}");
}

#[test]
fn broken_pawns_are_worse_than_a_healthy_chain() {
    // Black's pawns and both kings are fixed; white's five pawns are healthy, have the
    // h-pawn doubled onto g3, or have the c-pawn on d2 (leaving b2 and d2 isolated). No
    // pawn is passed in any of them.
    let healthy = evaluate(&pos("4k3/1pp2ppp/8/8/8/8/1PP2PPP/4K3 w - - 0 1"));
    let doubled = evaluate(&pos("4k3/1pp2ppp/8/8/8/6P1/1PP2PP1/4K3 w - - 0 1"));
    let isolated = evaluate(&pos("4k3/1pp2ppp/8/8/8/8/1P1P1PPP/4K3 w - - 0 1"));
    assert!(doubled < healthy, "doubled {doubled} vs healthy {healthy}");
    assert!(
        isolated < healthy,
        "isolated {isolated} vs healthy {healthy}"
    );
}
