//! The embedded network: it is the float checkpoint beside it, quantised (and agrees with it
//! within a stated tolerance on 1,000 positions of random games), it sees a position, its
//! colour-mirrored twin and its mirror image left to right alike, and it gets the plainest
//! judgements right.

use ferrite::chess::Position;
use ferrite::eval::nnue::network::Network;
use ferrite::eval::nnue::GameResult;
use ferrite::eval::nnue::{embedded, QA, QB, SCALE};
use ferrite::search::rng::SplitMix64;
use ferrite::train::positions::TrainingPosition;
use ferrite::train::trainer::{quantisation_error, quantised_evaluation, FloatNetwork};

mod fixtures;
use fixtures::fixture_fens;

/// The float checkpoint `ferrite train` wrote with the embedded network.
const CHECKPOINT: &[u8] = include_bytes!("../data/nets/net12.ckpt");

/// Mean gap allowed between the embedded network and its float checkpoint over the positions
/// below, centipawns. The first network embedded measured 6.1 (the output
/// weights' rounding to 1/64 dominates); the bounds leave room for the next networks.
const MEAN_TOLERANCE: f32 = 10.0;
/// Largest gap allowed, centipawns (the first network embedded: 25.6).
const MAX_TOLERANCE: f32 = 45.0;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// `count` positions of random games from the start, the same on every run: each game goes
/// on for 4 to 120 plies (to its end if sooner), and its last position is taken.
fn random_game_positions(count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(36);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut pos = Position::startpos();
        for _ in 0..4 + rng.below(117) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves.as_slice()[rng.below(moves.len())]);
        }
        positions.push(pos);
    }
    positions
}

/// How far the trainer may move the output bias when it quantises (see
/// `FloatNetwork::quantise_calibrated`), centipawns: the first network embedded moved 24.
const BIAS_SHIFT_LIMIT: i32 = 50;

#[test]
fn the_embedded_network_is_its_checkpoint_quantised() {
    let float = FloatNetwork::from_checkpoint(CHECKPOINT).expect("the checkpoint reads");
    let rounded = float.quantise();
    let net = embedded();
    assert!(
        rounded.feature_weights == net.feature_weights
            && rounded.feature_bias == net.feature_bias
            && rounded.output_weights == net.output_weights,
        "another network's checkpoint"
    );
    // The output biases alone were shifted, to take back what rounding did to the mean.
    for (bucket, (&calibrated, &plain)) in
        net.output_bias.iter().zip(&rounded.output_bias).enumerate()
    {
        let shift = (calibrated - plain) * SCALE / (QA * QB);
        assert!(
            shift.abs() <= BIAS_SHIFT_LIMIT,
            "output bias of bucket {bucket} moved {shift} cp"
        );
    }
}

#[test]
fn the_embedded_network_agrees_with_its_checkpoint_on_1000_positions() {
    let float = FloatNetwork::from_checkpoint(CHECKPOINT).expect("the checkpoint reads");
    let net = embedded();
    let positions: Vec<TrainingPosition> = random_game_positions(1000)
        .iter()
        .map(|pos| TrainingPosition::new(pos, 0, GameResult::Draw))
        .collect();
    // The trainer's view of a position is the engine's.
    for (training, pos) in positions.iter().zip(random_game_positions(1000)) {
        assert_eq!(quantised_evaluation(&net, training), net.evaluate(&pos));
    }
    let error = quantisation_error(&float, &net, &positions);
    assert!(
        error.mean < MEAN_TOLERANCE && error.max < MAX_TOLERANCE,
        "{error:?}"
    );
}

/// The positions of the fixture suites, then 1,000 of random games.
fn test_positions() -> impl Iterator<Item = Position> {
    ["perftsuite.epd", "cpw6.epd", "chess960.epd"]
        .iter()
        .flat_map(|file| fixture_fens(file))
        .map(|fen| pos(&fen))
        .chain(random_game_positions(1000))
}

/// `position` with files a and h swapped, without the castling rights and the en passant
/// square (which the network does not see, and which would not be the mirror's).
fn files_mirrored(position: &Position) -> Position {
    let fen = position.to_fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    pos(&format!(
        "{} {} - - {} {}",
        board.join("/"),
        fields[1],
        fields[4],
        fields[5]
    ))
}

/// Checks that the embedded network gives every test position and its `twin` the same
/// evaluation.
fn assert_twins_evaluate_alike(twin: impl Fn(&Position) -> Position) {
    let net: std::sync::Arc<Network> = embedded();
    let mut checked = 0;
    for original in test_positions() {
        let twin = twin(&original);
        assert_eq!(
            net.evaluate(&original),
            net.evaluate(&twin),
            "{} vs {}",
            original.to_fen(),
            twin.to_fen()
        );
        checked += 1;
    }
    assert_eq!(checked, 128 + 7 + 960 + 1000);
}

#[test]
fn a_position_and_its_colour_mirrored_twin_evaluate_alike() {
    assert_twins_evaluate_alike(Position::mirrored);
}

#[test]
fn a_position_and_its_mirror_image_left_to_right_evaluate_alike() {
    assert_twins_evaluate_alike(files_mirrored);
}

#[test]
fn a_queen_up_is_winning_for_either_side_to_move() {
    let net = embedded();
    let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert!(net.evaluate(&pos(&format!("{fen} w KQkq - 0 1"))) > 500);
    assert!(net.evaluate(&pos(&format!("{fen} b KQkq - 0 1"))) < -500);
}
