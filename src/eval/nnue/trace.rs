//! The `eval` command's view of the network, as Stockfish shows its own: the evaluation, and
//! on a board what each piece adds to it (the evaluation with the piece, less the evaluation
//! without it; kings have no entry, a board without one means nothing), in pawns from
//! White's side, at the scale the search sees the network, normalised by the WDL model at the
//! board's material as every displayed score is (+1.00 wins half the games).

use super::network::Network;
use super::View;
use crate::chess::{Color, PieceType, Position, Rank, Square};
use crate::eval::wdl::{material, MODEL};
use std::fmt::Write as _;

/// The network's evaluation of `pos` from White's side, in centipawns, with the pieces on
/// `skip` left out.
fn white_eval(net: &Network, pos: &Position, skip: Option<Square>) -> i32 {
    // Kings are never left out, so the views are the board's.
    let features = |perspective: Color| {
        let view = View::of(pos, perspective);
        pos.occupied()
            .iter()
            .filter(move |&sq| Some(sq) != skip)
            .filter_map(move |sq| pos.piece_at(sq).map(|piece| view.feature(piece, sq)))
    };
    let sides = [
        net.accumulate(features(Color::White)),
        net.accumulate(features(Color::Black)),
    ];
    let us = pos.side_to_move();
    let pieces = pos.occupied().iter().filter(|&sq| Some(sq) != skip).count();
    let eval = net.output(&[sides[us.index()], sides[1 - us.index()]], pieces);
    if us == Color::White {
        eval
    } else {
        -eval
    }
}

/// The board of contributions and the evaluation, as lines of text; the search sees the
/// network at `scale` times its output in `pos` (the WDL model is the search's).
pub fn trace(net: &Network, pos: &Position, scale: f64) -> String {
    // One scale for the board, so that the pieces' parts compare with the whole.
    let pawns_per_unit = scale / MODEL.params(material(pos)).0;
    let whole = white_eval(net, pos, None);
    let mut text = String::from("NNUE: what each piece adds, in pawns from White's side\n");
    let border = format!("+{}\n", "-------+".repeat(8));
    text.push_str(&border);
    for rank in Rank::ALL.iter().rev() {
        let mut pieces = String::from("|");
        let mut values = String::from("|");
        for file in crate::chess::File::ALL {
            let sq = Square::new(file, *rank);
            match pos.piece_at(sq) {
                Some(piece) => {
                    let _ = write!(pieces, "   {}   |", piece.fen_char());
                    if piece.piece_type() == PieceType::King {
                        values.push_str("       |");
                    } else {
                        let part = f64::from(whole - white_eval(net, pos, Some(sq)));
                        let part = part * pawns_per_unit;
                        let _ = write!(values, " {} |", cell(part));
                    }
                }
                None => {
                    pieces.push_str("       |");
                    values.push_str("       |");
                }
            }
        }
        let _ = writeln!(text, "{pieces}\n{values}");
        text.push_str(&border);
    }
    let _ = write!(
        text,
        "NNUE evaluation: {:+.2} (White's side)",
        f64::from(whole) * pawns_per_unit
    );
    text
}

/// `pawns` in the five characters of a cell: two decimals below 10, fewer above.
fn cell(pawns: f64) -> String {
    let decimals = match pawns.abs() {
        a if a < 9.995 => 2,
        a if a < 99.95 => 1,
        _ => 0,
    };
    format!("{pawns:+5.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::network::made_up_network;

    #[test]
    fn cells_keep_their_width() {
        assert_eq!(cell(0.35), "+0.35");
        assert_eq!(cell(-9.99), "-9.99");
        assert_eq!(cell(-10.14), "-10.1");
        assert_eq!(cell(123.4), " +123");
    }

    #[test]
    fn the_board_shows_every_piece_and_the_evaluation_matches_the_search() {
        let net = made_up_network();
        let pos = Position::from_fen("4k3/8/8/3q4/8/8/4P3/4K3 b - - 0 1").expect("valid");
        let text = trace(&net, &pos, 1.0);
        let lines: Vec<&str> = text.lines().collect();
        // Title, 8 ranks of two lines with a border each, the border on top, the verdict.
        assert_eq!(lines.len(), 1 + 1 + 8 * 3 + 1);
        assert_eq!(lines[1 + 3 * 3 + 1].matches(" q ").count(), 1, "{text}");
        let verdict = -net.evaluate(&pos);
        let normalised = f64::from(verdict) / MODEL.params(material(&pos)).0;
        assert!(
            lines[26].ends_with(&format!("{normalised:+.2} (White's side)")),
            "{text}"
        );
    }
}
