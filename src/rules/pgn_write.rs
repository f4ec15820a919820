//! Writing PGN: a [`PgnGame`] back as text in the export format of the PGN standard (section
//! 8): the tag pairs in their order, a blank line, the movetext wrapped at 79 columns and
//! ended by the result token, a blank line. Each move is followed by its NAGs (`$6`), its
//! comments and its variations; a Black move that follows any of those carries its number
//! again (`12... Qe7`). Moves are written as the game holds them: whoever wants canonical
//! SAN puts it there first ([`super::to_san`]).

use super::pgn::PgnGame;
use crate::chess::{Color, Position};

/// Movetext lines end before this column, as the export format asks.
const LINE_WIDTH: usize = 79;

/// `game` as PGN text, its moves numbered from `start`, the position they are played from.
pub fn write_game(game: &PgnGame, start: &Position) -> String {
    let mut text = String::new();
    for (name, value) in &game.tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    if !game.tags.is_empty() {
        text.push('\n');
    }
    let mut tokens = Vec::new();
    if let Some(comment) = &game.comment {
        tokens.push(format!("{{{comment}}}"));
    }
    let mut number = start.fullmove_number();
    let mut side = start.side_to_move();
    let mut renumber = true;
    for mv in &game.moves {
        match side {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if renumber => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(mv.san.clone());
        tokens.extend(mv.nags.iter().map(|nag| format!("${nag}")));
        tokens.extend(mv.comment.iter().map(|comment| format!("{{{comment}}}")));
        tokens.extend(mv.variations.iter().map(|line| format!("({line})")));
        renumber = mv.comment.is_some() || !mv.variations.is_empty();
        if side == Color::Black {
            number += 1;
        }
        side = side.flip();
    }
    tokens.push(game.result().unwrap_or("*").to_string());
    let mut line_length = 0;
    for token in tokens {
        if line_length > 0 && line_length + 1 + token.len() > LINE_WIDTH {
            text.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            text.push(' ');
            line_length += 1;
        }
        text.push_str(&token);
        // A comment may hold line breaks: the line goes on after the last.
        line_length = match token.rfind('\n') {
            Some(newline) => token.len() - newline - 1,
            None => line_length + token.len(),
        };
    }
    text.push_str("\n\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pgn::read_games;

    fn round_trip(text: &str, start: &Position) -> String {
        let games: Vec<PgnGame> = read_games(text).collect();
        assert_eq!(games.len(), 1);
        write_game(&games[0], start)
    }

    #[test]
    fn a_game_is_written_back_with_everything_it_holds() {
        let text = "[Event \"a \\\"b\\\" \\\\ c\"]\n[Result \"1-0\"]\n\n{start} 1. e4 $1 {first} \
                    (1. d4 d5) e5 2. Nf3 Nc6?! 3. Bb5 1-0\n";
        let written = round_trip(text, &Position::startpos());
        assert_eq!(
            written,
            "[Event \"a \\\"b\\\" \\\\ c\"]\n[Result \"1-0\"]\n\n{start} 1. e4 $1 {first} \
             (1. d4 d5) 1... e5 2. Nf3 Nc6 $6 3. Bb5 1-0\n\n"
        );
        assert_eq!(round_trip(&written, &Position::startpos()), written);
    }

    #[test]
    fn numbering_starts_from_the_start_position_and_lines_wrap() {
        let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40").expect("valid FEN");
        let moves = "40... Kd7 41. Kd2 Kd6 42. Kd3 Kd5 43. e4+ Ke5 44. Ke3 Ke6 45. Kf4 Kf6 \
                     46. e5+ Ke6 47. Ke4 Ke7 48. Kd5 Kd7 49. e6+ Ke7 50. Ke5 Ke8 *";
        let written = round_trip(moves, &start);
        assert!(written.starts_with("40... Kd7 41. Kd2"), "{written}");
        assert!(written.ends_with("Ke8 *\n\n"), "{written}");
        assert!(written.lines().all(|line| line.len() <= LINE_WIDTH));
        assert_eq!(written.lines().count(), 3, "{written}");
    }
}
