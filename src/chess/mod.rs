//! Layer 1, the board: square and piece types, bitboards, attack tables (magic bitboards for
//! sliders, built at compile time), `Position` with copy-make and Zobrist keys, legal move
//! generation (standard and Chess960), the Chess960 start positions, FEN and perft.

pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod chess960;
pub mod fen;
mod gives_check;
mod legality;
mod magic;
mod mate_in_one;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod stack_list;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use castling::{CastleSide, CastlingRights};
pub use fen::{FenError, STARTPOS_FEN};
pub use gives_check::CheckSquares;
pub use moves::{Move, MoveFlag, MoveList, MAX_MOVES};
pub use position::Position;
pub use types::{Color, File, Piece, PieceType, Rank, Square};
