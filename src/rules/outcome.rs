//! `Status`: where a game stands, ongoing or ended and how. Which rule applies first is
//! decided in [`Game::outcome`](super::Game::outcome); this file holds the value and its
//! fixed text (the UCI `d` command prints it).

use crate::chess::Color;
use std::fmt;

/// Where a game stands. After `Ongoing`, the variants are listed in the order they take
/// precedence when several apply: a mate on the hundredth (or hundred-and-fiftieth) quiet
/// ply still wins, and a draw that ends the game is reported before a claimable one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on (a claimable draw would be reported instead).
    Ongoing,
    /// The side to move is mated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Neither side can ever mate (see [`draw::is_insufficient_material`](super::draw)).
    InsufficientMaterial,
    /// The same position for the fifth time: the game is drawn.
    FivefoldRepetition,
    /// 75 moves by each side without capture or pawn move: the game is drawn.
    SeventyFiveMoveRule,
    /// The same position for the third time: either side may claim a draw.
    ThreefoldRepetition,
    /// 50 moves by each side without capture or pawn move: either side may claim a draw.
    FiftyMoveRule,
}

impl Status {
    /// True if the game has ended by itself: mate, stalemate, insufficient material,
    /// fivefold repetition or the seventy-five-move rule.
    pub fn is_game_over(&self) -> bool {
        matches!(
            self,
            Status::Checkmate { .. }
                | Status::Stalemate
                | Status::InsufficientMaterial
                | Status::FivefoldRepetition
                | Status::SeventyFiveMoveRule
        )
    }

    /// True if a player may claim a draw: threefold repetition or the fifty-move rule.
    pub fn is_claimable(&self) -> bool {
        matches!(self, Status::ThreefoldRepetition | Status::FiftyMoveRule)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "ongoing",
            Status::Checkmate {
                winner: Color::White,
            } => "checkmate, white wins",
            Status::Checkmate {
                winner: Color::Black,
            } => "checkmate, black wins",
            Status::Stalemate => "stalemate",
            Status::InsufficientMaterial => "insufficient material",
            Status::FivefoldRepetition => "fivefold repetition",
            Status::SeventyFiveMoveRule => "seventy-five-move rule",
            Status::ThreefoldRepetition => "threefold repetition (claimable)",
            Status::FiftyMoveRule => "fifty-move rule (claimable)",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_classes() {
        let all = [
            (Status::Ongoing, "ongoing", false, false),
            (
                Status::Checkmate {
                    winner: Color::White,
                },
                "checkmate, white wins",
                true,
                false,
            ),
            (
                Status::Checkmate {
                    winner: Color::Black,
                },
                "checkmate, black wins",
                true,
                false,
            ),
            (Status::Stalemate, "stalemate", true, false),
            (
                Status::InsufficientMaterial,
                "insufficient material",
                true,
                false,
            ),
            (
                Status::FivefoldRepetition,
                "fivefold repetition",
                true,
                false,
            ),
            (
                Status::SeventyFiveMoveRule,
                "seventy-five-move rule",
                true,
                false,
            ),
            (
                Status::ThreefoldRepetition,
                "threefold repetition (claimable)",
                false,
                true,
            ),
            (
                Status::FiftyMoveRule,
                "fifty-move rule (claimable)",
                false,
                true,
            ),
        ];
        for (status, text, over, claimable) in all {
            assert_eq!(status.to_string(), text);
            assert_eq!(status.is_game_over(), over, "{status}");
            assert_eq!(status.is_claimable(), claimable, "{status}");
        }
    }
}
