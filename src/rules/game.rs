//! `Game`: a start position, the moves played from it, and the Zobrist key of every position
//! on the way, which is what the repetition rules need. The UCI layer keeps one between
//! commands; moves from outside enter through [`Game::play_uci`] and [`Game::play_san`],
//! which leave the game unchanged when they refuse a move.

use super::draw;
use super::error::MoveError;
use super::outcome::Status;
use super::parse::{parse_san, parse_uci_move};
use super::san::movetext;
use crate::chess::{FenError, Move, Position};

/// A game: start position, moves played, the key of each position from the start to the
/// current one, and the current position.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    /// `keys[i]` is the key after `i` moves; always `moves.len() + 1` long.
    keys: Vec<u64>,
    current: Position,
}

impl Game {
    /// A game starting from `start`, no moves played.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            keys: vec![start.key()],
            current: start,
        }
    }

    /// A game from the standard start position.
    pub fn startpos() -> Game {
        Game::new(Position::startpos())
    }

    /// A game starting from a FEN (standard, X-FEN or Shredder-FEN castling).
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Position::from_fen(fen).map(Game::new)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The Zobrist key of every position from the start to the current one (one more than
    /// there are moves). The search extends this history with its own line to detect
    /// repetitions through [`draw::count_repetitions`].
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays `mv`, which must be legal in the current position (it comes from the move
    /// generator or from [`parse_uci_move`] / [`parse_san`]).
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.current.is_legal(mv), "Game::play: illegal {mv:?}");
        self.current.make_move(mv);
        self.moves.push(mv);
        self.keys.push(self.current.key());
    }

    /// Parses a move in UCI notation (see [`parse_uci_move`]) and plays it. On error the
    /// game is unchanged.
    pub fn play_uci(&mut self, text: &str, chess960: bool) -> Result<Move, MoveError> {
        let mv = parse_uci_move(&self.current, text, chess960)?;
        self.play(mv);
        Ok(mv)
    }

    /// Parses a move in SAN (see [`parse_san`]) and plays it. On error the game is
    /// unchanged.
    pub fn play_san(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = parse_san(&self.current, text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Where the game stands after its last move. Precedence: checkmate (so a mate on the
    /// 100th or 150th quiet ply wins), stalemate, insufficient material, fivefold
    /// repetition, the seventy-five-move rule, then the claimable draws: threefold
    /// repetition and the fifty-move rule.
    ///
    /// Moves may still be played after a game-ending status (a GUI may go on); the status
    /// then describes the new position and its history.
    pub fn outcome(&self) -> Status {
        let pos = &self.current;
        if !pos.has_legal_move() {
            return if pos.in_check() {
                Status::Checkmate {
                    winner: pos.side_to_move().flip(),
                }
            } else {
                Status::Stalemate
            };
        }
        if draw::is_insufficient_material(pos) {
            return Status::InsufficientMaterial;
        }
        let repetitions = draw::count_repetitions(&self.keys, pos.halfmove_clock(), 4);
        if repetitions >= 4 {
            Status::FivefoldRepetition
        } else if draw::is_seventy_five_move_draw(pos) {
            Status::SeventyFiveMoveRule
        } else if repetitions >= 2 {
            Status::ThreefoldRepetition
        } else if draw::is_fifty_move_draw(pos) {
            Status::FiftyMoveRule
        } else {
            Status::Ongoing
        }
    }

    /// The moves as PGN movetext: `1. e4 e5 2. Nf3`, starting `N... ` if black moved first.
    pub fn pgn_movetext(&self) -> String {
        movetext(&self.start, &self.moves)
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::startpos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_grows_with_moves_and_errors_change_nothing() {
        let mut game = Game::startpos();
        assert_eq!(game.keys(), &[Position::startpos().key()]);
        let e4 = game.play_uci("e2e4", false).expect("e2e4 is legal");
        game.play_san("c5").expect("c5 is legal");
        assert_eq!(game.moves().len(), 2);
        assert_eq!(game.moves()[0], e4);
        assert_eq!(game.keys().len(), 3);
        assert_eq!(game.keys()[2], game.position().key());
        let before = game.position().to_fen();
        assert!(game.play_uci("e4e6", false).is_err());
        assert!(game.play_san("Qxf7").is_err());
        assert_eq!(game.position().to_fen(), before);
        assert_eq!(game.moves().len(), 2);
        assert_eq!(game.keys().len(), 3);
        assert_eq!(game.start_position(), &Position::startpos());
        assert_eq!(game.pgn_movetext(), "1. e4 c5");
        assert_eq!(game.outcome(), Status::Ongoing);
    }

    #[test]
    fn from_fen_reports_fen_errors() {
        assert!(Game::from_fen("not a fen").is_err());
        let game = Game::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 40").expect("valid FEN");
        assert_eq!(game.outcome(), Status::InsufficientMaterial);
    }
}
