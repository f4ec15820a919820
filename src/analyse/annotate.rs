//! The annotated game: the original PGN game with the analysis written in, as online
//! analysis boards write it. Tags, comments, NAGs and variations of the original stay; added
//! are
//!
//! - before the first move, a comment with a line on the analysis and one summary line per
//!   player ([`PlayerSummary`]);
//! - after every move, `[%eval 0.35]` (`[%eval #-3]` for mates; White's view, in pawns), the
//!   form lichess and python-chess read, replacing an `[%eval]` already there;
//! - on an inaccuracy, mistake or blunder, its NAG (`$6`, `$2`, `$4`; unless the original
//!   already judges the move with one of `$1`..`$6`), `Blunder. Nc3 was best.` in the
//!   comment, and the search's line from the better move as a variation.
//!
//! Moves are written in canonical SAN, so a move written `0-0` or `Ngf3` comes out `O-O` or
//! `Nf3`: the same moves.

use super::analysis::GameAnalysis;
use super::summary::PlayerSummary;
use crate::chess::Color;
use crate::rules::pgn::PgnGame;

/// NAGs that judge a move (`!`, `?`, `!!`, `??`, `!?`, `?!`).
const MOVE_JUDGING_NAGS: std::ops::RangeInclusive<u8> = 1..=6;

/// `original` with `analysis` written in; `about` is the first line of the game comment
/// (which engine, which limits).
pub fn annotate(original: &PgnGame, analysis: &GameAnalysis, about: &str) -> PgnGame {
    let mut game = original.clone();
    let mut header = vec![about.to_string()];
    for (side, name_tag) in [(Color::White, "White"), (Color::Black, "Black")] {
        let summary = PlayerSummary::of(side, &analysis.moves);
        let name = match original.tag(name_tag) {
            Some(name) if !name.trim().is_empty() && name != "?" => format!(" ({name})"),
            _ => String::new(),
        };
        header.push(format!("{name_tag}{name}: {summary}."));
    }
    header.extend(original.comment.clone());
    game.comment = Some(header.join("\n"));
    for (mv, analysed) in game.moves.iter_mut().zip(&analysis.moves) {
        mv.san.clone_from(&analysed.san);
        let mut comment = format!("[%eval {}]", analysed.eval);
        if let Some(judgement) = analysed.cost.judgement {
            if !mv.nags.iter().any(|nag| MOVE_JUDGING_NAGS.contains(nag)) {
                mv.nags.push(judgement.nag());
            }
            comment.push_str(&format!(" {}.", judgement.name()));
            if let Some(best) = &analysed.best_san {
                comment.push_str(&format!(" {best} was best."));
            }
        }
        if let Some(original) = mv.comment.as_deref().map(without_eval) {
            if !original.is_empty() {
                comment.push(' ');
                comment.push_str(&original);
            }
        }
        mv.comment = Some(comment);
        mv.variations.extend(analysed.better_line.clone());
    }
    game
}

/// `comment` without its `[%eval …]` commands.
fn without_eval(comment: &str) -> String {
    let mut kept = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%eval") {
        kept.push_str(&rest[..start]);
        rest = rest[start..]
            .find(']')
            .map_or("", |end| &rest[start + end + 1..]);
    }
    kept.push_str(rest);
    kept.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::analysis::MoveAnalysis;
    use crate::analyse::judgement::MoveCost;
    use crate::chess::Position;
    use crate::rules::pgn::read_games;
    use crate::rules::pgn_write::write_game;
    use crate::search::displayed_score::Score;

    fn analysed(fullmove: u16, san: &str, mover: Color, best: i32, after: i32) -> MoveAnalysis {
        let cost = MoveCost::of(Score::Centipawns(best), Score::Centipawns(after), false, 78);
        let judged = cost.judgement.is_some();
        MoveAnalysis {
            fullmove,
            san: san.to_string(),
            mover,
            eval: Score::Centipawns(after).for_white(mover),
            cost,
            best_san: judged.then(|| "Nc3".to_string()),
            better_line: judged.then(|| "2. Nc3 Nf6".to_string()),
        }
    }

    #[test]
    fn evals_judgements_and_better_lines_are_written_in_and_the_original_stays() {
        let text = "[White \"Anna\"]\n[Black \"?\"]\n[Result \"0-1\"]\n\n{Casual game} \
                    1. e4 {[%clk 0:05:00] [%eval 0.3]} (1. d4) e5 $1 2. Qh5 Nc6 0-1\n";
        let original = read_games(text).next().expect("one game");
        let analysis = GameAnalysis {
            start_eval: Score::Centipawns(20),
            moves: vec![
                analysed(1, "e4", Color::White, 20, 25),
                analysed(1, "e5", Color::Black, -25, -600),
                analysed(2, "Qh5", Color::White, 600, -400),
                analysed(2, "Nc6", Color::Black, 400, 400),
            ],
        };
        let annotated = annotate(&original, &analysis, "Ferrite analysis");
        let written = write_game(&annotated, &Position::startpos());
        assert_eq!(
            written,
            "[White \"Anna\"]\n[Black \"?\"]\n[Result \"0-1\"]\n\n\
             {Ferrite analysis\n\
             White (Anna): accuracy 50%, average centipawn loss 500, 0 inaccuracies, 0 mistakes, 1 blunder.\n\
             Black: accuracy 56%, average centipawn loss 288, 0 inaccuracies, 0 mistakes, 1 blunder.\n\
             Casual game} 1. e4 {[%eval 0.25] [%clk 0:05:00]} (1. d4) 1... e5 $1\n\
             {[%eval 6.00] Blunder. Nc3 was best.} (2. Nc3 Nf6) 2. Qh5 $4\n\
             {[%eval -4.00] Blunder. Nc3 was best.} (2. Nc3 Nf6) 2... Nc6 {[%eval -4.00]}\n0-1\n\n"
        );
    }
}
