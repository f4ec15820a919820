//! Mating a lone king. The network has seen few positions with a bare king (data generation
//! adjudicates a game once a side is 1000 cp ahead), so it scores the king on the edge and in
//! the centre alike and gives the search no way to the mate: with K+Q v K the engine shuffled
//! its queen until the fifty-move rule. This term gives that way: a bonus for the side with
//! material, growing as the bare king nears the edge and the two kings near each other.

use crate::chess::{Color, PieceType, Position, Square};

/// Centipawns per step of the bare king from the centre (0 to 6 steps).
const EDGE_BONUS: i32 = 30;
/// Centipawns per step the kings are closer than the width of the board (0 to 7 steps).
const NEAR_BONUS: i32 = 25;

/// Steps from `sq` to the nearest of the four centre squares, by file plus by rank.
fn centre_distance(sq: Square) -> i32 {
    let from_centre = |coordinate: usize| {
        let coordinate = coordinate as i32;
        (3 - coordinate).max(coordinate - 4)
    };
    from_centre(sq.file().index()) + from_centre(sq.index() / 8)
}

/// The side that has nothing but its king, when the other has more.
pub fn bare_king_side(pos: &Position) -> Option<Color> {
    let bare = |color: Color| pos.pieces_of_color(color).popcount() == 1;
    match (bare(Color::White), bare(Color::Black)) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// The bonus of `pos` for the side to move (negative when the side to move has the bare
/// king); zero unless one side has nothing but its king and the other a queen or a rook.
pub fn lone_king_bonus(pos: &Position) -> i32 {
    let Some(weak) = bare_king_side(pos) else {
        return 0;
    };
    let strong = weak.flip();
    let heavy = pos.pieces(strong, PieceType::Queen) | pos.pieces(strong, PieceType::Rook);
    if heavy.popcount() == 0 {
        return 0;
    }
    let weak_king = pos.king_square(weak);
    let strong_king = pos.king_square(strong);
    let file_gap = weak_king
        .file()
        .index()
        .abs_diff(strong_king.file().index());
    let rank_gap = (weak_king.index() / 8).abs_diff(strong_king.index() / 8);
    let kings_apart = file_gap.max(rank_gap) as i32;
    let bonus = EDGE_BONUS * centre_distance(weak_king) + NEAR_BONUS * (7 - kings_apart);
    if weak == pos.side_to_move() {
        -bonus
    } else {
        bonus
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bonus(fen: &str) -> i32 {
        lone_king_bonus(&Position::from_fen(fen).expect("valid"))
    }

    #[test]
    fn the_bare_king_is_worse_off_on_the_edge_and_near_the_other_king() {
        // Bare king in the centre, kings far apart: the least bonus.
        let centre = bonus("8/8/8/4k3/8/8/Q7/7K w - - 0 1");
        let edge = bonus("4k3/8/8/8/8/8/Q7/7K w - - 0 1");
        let corner_near = bonus("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
        assert!(
            centre < edge && edge < corner_near,
            "{centre} {edge} {corner_near}"
        );
        assert_eq!(corner_near, EDGE_BONUS * 6 + NEAR_BONUS * 5);
        // The same for the side to move with the bare king, negated.
        assert_eq!(bonus("7k/8/6K1/8/8/8/8/1Q6 b - - 0 1"), -corner_near);
    }

    #[test]
    fn a_bare_king_is_recognised_on_either_side() {
        let side = |fen: &str| bare_king_side(&Position::from_fen(fen).expect("valid"));
        assert_eq!(side("8/8/8/3k4/8/8/8/R3K3 w - - 0 1"), Some(Color::Black));
        assert_eq!(side("8/8/8/3k4/8/8/8/R3K3 b - - 0 1"), Some(Color::Black));
        assert_eq!(side("8/8/8/3kq3/8/8/8/4K3 w - - 0 1"), Some(Color::White));
        assert_eq!(side("8/8/8/3k4/8/8/8/4K3 w - - 0 1"), None);
        assert_eq!(
            side("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            None
        );
    }

    #[test]
    fn other_positions_get_nothing() {
        assert_eq!(
            bonus("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            0
        );
        assert_eq!(bonus("8/8/8/4k3/8/8/8/6K1 w - - 0 1"), 0);
        assert_eq!(bonus("8/8/8/4k3/8/8/p7/1Q4K1 w - - 0 1"), 0);
        assert_eq!(bonus("8/8/8/4k3/8/8/8/N5K1 w - - 0 1"), 0);
    }
}
