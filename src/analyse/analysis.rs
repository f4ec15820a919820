//! The analysis of one game: every position searched once, in order, and every move judged
//! by what it cost against the search's best ([`MoveCost`]). The score after a move is the
//! search of the position it leads to; a position where the game is over by rule (mate,
//! stalemate, a dead position, fivefold repetition, the seventy-five-move rule) is not
//! searched: it scores as mated (`#0`) or 0.00.

use super::judgement::MoveCost;
use super::replay::{move_number, ReplayedGame};
use super::searcher::{PositionSearch, Searcher};
use crate::chess::{Color, Move, Position};
use crate::eval::wdl::material;
use crate::rules::{movetext, to_san, Game, Status};
use crate::search::displayed_score::Score;

/// Plies of the search's line shown after a judged move.
pub const BETTER_LINE_PLIES: usize = 8;

/// The analysis of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// Its move number (the fullmove number of the position it was played in).
    pub fullmove: u16,
    /// The move in SAN.
    pub san: String,
    /// The side that played it.
    pub mover: Color,
    /// The score after it, from White's point of view.
    pub eval: Score,
    /// What it cost the mover.
    pub cost: MoveCost,
    /// The search's best move instead (SAN), when the move is judged.
    pub best_san: Option<String>,
    /// The search's line from the best move (PGN movetext, numbered), when judged.
    pub better_line: Option<String>,
}

/// The analysis of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// The score of the start position, from White's point of view.
    pub start_eval: Score,
    /// Each move of the main line, in order.
    pub moves: Vec<MoveAnalysis>,
}

impl MoveAnalysis {
    /// Its number as PGN writes it: `12.` for White, `12...` for Black.
    pub fn number(&self) -> String {
        move_number(self.fullmove, self.mover)
    }
}

impl GameAnalysis {
    /// The scores from White's point of view of the start and of each position after a
    /// move: one more than there are moves.
    pub fn evals(&self) -> Vec<Score> {
        std::iter::once(self.start_eval)
            .chain(self.moves.iter().map(|mv| mv.eval))
            .collect()
    }
}

/// Analyses `replayed` with `searcher` (its table cleared first); `progress` is told the
/// number of positions searched so far after each one.
pub fn analyse_game(
    replayed: &ReplayedGame,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(usize),
) -> GameAnalysis {
    searcher.new_game();
    let mut game = Game::new(replayed.start);
    // The score of each position for its side to move, and its search if it had one.
    let mut positions: Vec<(Score, Option<PositionSearch>)> = Vec::new();
    for ply in 0..=replayed.moves.len() {
        let last = ply == replayed.moves.len();
        let found = match (last, rule_score(&game)) {
            (true, Some(score)) => (score, None),
            _ => match searcher.search(&game) {
                Some(found) => (found.score, Some(found)),
                // No legal move: only the last position can be so, as the moves are legal.
                None => (rule_score(&game).unwrap_or(Score::Centipawns(0)), None),
            },
        };
        positions.push(found);
        progress(ply + 1);
        if let Some(&mv) = replayed.moves.get(ply) {
            game.play(mv);
        }
    }
    let mut pos = replayed.start;
    let mut moves = Vec::with_capacity(replayed.moves.len());
    for (ply, &mv) in replayed.moves.iter().enumerate() {
        let (best_score, search) = &positions[ply];
        let after = positions[ply + 1].0.flip();
        let played_best = search.as_ref().is_some_and(|found| found.best == mv);
        let cost = MoveCost::of(*best_score, after, played_best, material(&pos));
        let better = search.as_ref().filter(|_| cost.judgement.is_some());
        moves.push(MoveAnalysis {
            fullmove: pos.fullmove_number(),
            san: to_san(&pos, mv),
            mover: pos.side_to_move(),
            eval: after.for_white(pos.side_to_move()),
            cost,
            best_san: better.map(|found| to_san(&pos, found.best)),
            better_line: better.map(|found| line_text(&pos, &found.pv)),
        });
        pos.make_move(mv);
    }
    GameAnalysis {
        start_eval: positions[0].0.for_white(replayed.start.side_to_move()),
        moves,
    }
}

/// The score of a position where the game is over by rule, for its side to move.
fn rule_score(game: &Game) -> Option<Score> {
    match game.outcome() {
        Status::Checkmate { .. } => Some(Score::Mated(0)),
        Status::Stalemate
        | Status::InsufficientMaterial
        | Status::FivefoldRepetition
        | Status::SeventyFiveMoveRule => Some(Score::Centipawns(0)),
        Status::Ongoing | Status::ThreefoldRepetition | Status::FiftyMoveRule => None,
    }
}

/// Up to [`BETTER_LINE_PLIES`] moves of `pv` from `pos` as numbered movetext, cut at the
/// first move that is not legal (a line from the table may have gone stale).
fn line_text(pos: &Position, pv: &[Move]) -> String {
    let mut legal = Vec::new();
    let mut at = *pos;
    for &mv in pv.iter().take(BETTER_LINE_PLIES) {
        if !at.is_legal(mv) {
            break;
        }
        legal.push(mv);
        at.make_move(mv);
    }
    movetext(pos, &legal)
}
