//! FEN parsing and output, with standard (`KQkq`), X-FEN (`KQkq` naming the outermost rook)
//! and Shredder-FEN (`HAha`, rook files) castling fields. Parsing builds a fresh position and
//! validates it fully; it never panics and never touches an existing position.

use super::attacks::pawn_attacks;
use super::bitboard::Bitboard;
use super::castling::{CastleSide, CastlingRights};
use super::position::Position;
use super::types::{Color, File, Piece, PieceType, Rank, Square};
use std::fmt;

/// The FEN of the standard starting position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The board does not have 8 ranks.
    RankCount(usize),
    /// A character that is neither a piece letter nor a digit 1–8.
    BadPiece(char),
    /// A rank (1 = first) that does not cover exactly 8 squares.
    RankLength { rank: usize, squares: usize },
    /// A side without exactly one king.
    KingCount { color: Color, count: u32 },
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// A side with more than the 16 men it starts with.
    TooManyPieces { color: Color, count: u32 },
    /// A side with more than 8 pawns.
    TooManyPawns { color: Color, count: u32 },
    /// A side with more pieces beyond its starting set (`promoted`) than it has lost pawns
    /// (`missing_pawns`) that could have promoted.
    TooManyPromoted {
        color: Color,
        promoted: u32,
        missing_pawns: u32,
    },
    /// The side-to-move field is not `w` or `b`.
    BadSideToMove(String),
    /// A castling character that is not `K`, `Q`, `k`, `q`, a file letter or `-`.
    BadCastling(String),
    /// A castling right without its king on the back rank or its rook in place.
    CastlingWithoutPieces(char),
    /// An en passant field that is not `-` or a square a pawn just passed over.
    BadEnPassant(String),
    /// The side that just moved is in check.
    OpponentInCheck,
    /// A halfmove clock or move number that is not a small non-negative number.
    BadClock(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenError::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            FenError::BadPiece(c) => write!(f, "bad piece letter '{c}'"),
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} covers {squares} squares, not 8")
            }
            FenError::KingCount { color, count } => {
                write!(f, "{color:?} has {count} kings, expected exactly one")
            }
            FenError::PawnOnBackRank(sq) => write!(f, "pawn on first or last rank ({sq})"),
            FenError::TooManyPieces { color, count } => {
                write!(
                    f,
                    "{color:?} has {count} pieces, more than the 16 a side starts with"
                )
            }
            FenError::TooManyPawns { color, count } => {
                write!(f, "{color:?} has {count} pawns, more than 8")
            }
            FenError::TooManyPromoted {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{color:?} has more pieces beyond its starting set ({promoted}) than missing \
                 pawns that could have promoted ({missing_pawns})"
            ),
            FenError::BadSideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            FenError::BadCastling(s) => write!(f, "bad castling field '{s}'"),
            FenError::CastlingWithoutPieces(c) => {
                write!(f, "castling right '{c}' without king or rook in place")
            }
            FenError::BadEnPassant(s) => write!(f, "impossible en passant square '{s}'"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::BadClock(s) => write!(f, "bad clock value '{s}'"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// The standard starting position. Built here, from its FEN, so that the position module
    /// needs nothing of this one (FEN parsing builds on `Position`, not the other way round).
    pub fn startpos() -> Position {
        Position::from_fen(STARTPOS_FEN).expect("invariant: the start position FEN is valid")
    }

    /// Parses a FEN (4 to 6 fields; missing clocks default to `0 1`).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;
        for color in Color::ALL {
            let count = pos.pieces(color, PieceType::King).popcount();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
            check_material(&pos, color)?;
        }
        let back_ranks = Bitboard::rank(Rank::R1) | Bitboard::rank(Rank::R8);
        if let Some(sq) = (pos.pieces_of_type(PieceType::Pawn) & back_ranks).lsb() {
            return Err(FenError::PawnOnBackRank(sq));
        }
        let side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSideToMove(other.to_string())),
        };
        let castling = parse_castling(&pos, fields[2])?;
        let chess960 = fields[2].chars().any(|c| !"KQkq-".contains(c))
            || Color::ALL.iter().any(|&color| {
                CastleSide::ALL.iter().any(|&side| {
                    castling
                        .rook(color, side)
                        .is_some_and(|rook| !is_standard_castling(&pos, color, side, rook))
                })
            });
        let en_passant = parse_en_passant(&pos, side_to_move, fields[3])?;
        let halfmove_clock = parse_clock(fields.get(4).copied().unwrap_or("0"))?;
        let fullmove_number = parse_clock(fields.get(5).copied().unwrap_or("1"))?;

        let them = side_to_move.flip();
        if pos.is_attacked(pos.king_square(them), side_to_move, pos.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        pos.finish_setup(
            side_to_move,
            castling,
            en_passant,
            halfmove_clock,
            fullmove_number,
            chess960,
        );
        Ok(pos)
    }

    /// The FEN of this position. Castling is written `KQkq` in standard chess and as rook
    /// files (Shredder-FEN) in Chess960.
    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::new(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if *rank != Rank::R1 {
                fen.push('/');
            }
        }
        fen.push(' ');
        fen.push(self.side_to_move().fen_char());
        fen.push(' ');
        let castling = castling_field(self);
        fen.push_str(if castling.is_empty() { "-" } else { &castling });
        fen.push(' ');
        match self.en_passant() {
            Some(sq) => fen.push_str(&sq.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(
            " {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        ));
        fen
    }
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = Rank::ALL[7 - row];
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else {
                let piece = Piece::from_fen_char(c).ok_or(FenError::BadPiece(c))?;
                if let Some(f) = File::from_index(file) {
                    pos.put_piece(piece, Square::new(f, rank));
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank.index() + 1,
                squares: file,
            });
        }
    }
    Ok(())
}

/// Refuses material that no game can reach, as python-chess and shakmaty do. Besides being
/// honest about what a position is, this is what keeps every accepted position's legal moves
/// within a move list: the most any reachable position has is 218, while the 24 queens, two
/// bishops and a rook of issue 35's position have 270.
///
/// Every piece beyond the starting set (a second queen, a third rook, bishop or knight) needs
/// a pawn that promoted. Bishops are counted together rather than per square colour (shakmaty's
/// stricter rule): simpler, and enough to bound the move count.
fn check_material(pos: &Position, color: Color) -> Result<(), FenError> {
    let count = pos.pieces_of_color(color).popcount();
    if count > 16 {
        return Err(FenError::TooManyPieces { color, count });
    }
    let pawns = pos.pieces(color, PieceType::Pawn).popcount();
    if pawns > 8 {
        return Err(FenError::TooManyPawns {
            color,
            count: pawns,
        });
    }
    let beyond = |piece_type: PieceType, initial: u32| {
        pos.pieces(color, piece_type)
            .popcount()
            .saturating_sub(initial)
    };
    let promoted = beyond(PieceType::Queen, 1)
        + beyond(PieceType::Rook, 2)
        + beyond(PieceType::Bishop, 2)
        + beyond(PieceType::Knight, 2);
    let missing_pawns = 8 - pawns;
    if promoted > missing_pawns {
        return Err(FenError::TooManyPromoted {
            color,
            promoted,
            missing_pawns,
        });
    }
    Ok(())
}

fn parse_castling(pos: &Position, field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    if field.is_empty() || field.len() > 4 {
        return Err(FenError::BadCastling(field.to_string()));
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = color.back_rank();
        let king = pos.king_square(color);
        if king.rank() != back_rank {
            return Err(FenError::CastlingWithoutPieces(c));
        }
        let rooks = pos.pieces(color, PieceType::Rook) & Bitboard::rank(back_rank);
        let outermost = |side: CastleSide| -> Option<Square> {
            let candidates = rooks.iter().filter(|sq| match side {
                CastleSide::King => sq.file() > king.file(),
                CastleSide::Queen => sq.file() < king.file(),
            });
            match side {
                CastleSide::King => candidates.last(),
                CastleSide::Queen => candidates.into_iter().next(),
            }
        };
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' => (CastleSide::King, outermost(CastleSide::King)),
            'q' => (CastleSide::Queen, outermost(CastleSide::Queen)),
            letter => {
                let file = File::from_char(letter)
                    .ok_or_else(|| FenError::BadCastling(field.to_string()))?;
                let sq = Square::new(file, back_rank);
                let side = if file > king.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                (side, Some(sq).filter(|sq| rooks.contains(*sq)))
            }
        };
        let rook = rook.ok_or(FenError::CastlingWithoutPieces(c))?;
        if rights.rook(color, side).is_some() {
            return Err(FenError::BadCastling(field.to_string()));
        }
        rights.grant(color, side, rook);
    }
    Ok(rights)
}

fn parse_en_passant(
    pos: &Position,
    side_to_move: Color,
    field: &str,
) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let bad = || FenError::BadEnPassant(field.to_string());
    let sq = Square::parse(field).ok_or_else(bad)?;
    // The square a pawn of the side that just moved passed over: behind it that pawn, in
    // front of it (its start square) nothing.
    let them = side_to_move.flip();
    let expected_rank = Rank::R3.relative_to(them);
    let forward: i8 = if them == Color::White { 1 } else { -1 };
    let pawn_sq = sq.offset(0, forward).ok_or_else(bad)?;
    let start_sq = sq.offset(0, -forward).ok_or_else(bad)?;
    let valid = sq.rank() == expected_rank
        && pos.piece_at(pawn_sq) == Some(Piece::new(them, PieceType::Pawn))
        && pos.piece_at(sq).is_none()
        && pos.piece_at(start_sq).is_none();
    if !valid {
        return Err(bad());
    }
    // Kept only if a pawn of the side to move attacks it; legality is decided by the
    // position itself.
    let capturers = pawn_attacks(them, sq) & pos.pieces(side_to_move, PieceType::Pawn);
    Ok(Some(sq).filter(|_| capturers.is_nonempty()))
}

fn parse_clock(text: &str) -> Result<u16, FenError> {
    text.parse::<u16>()
        .map_err(|_| FenError::BadClock(text.to_string()))
}

/// True for a right with the king on e1/e8 and the rook on its a- or h-file corner.
fn is_standard_castling(pos: &Position, color: Color, side: CastleSide, rook: Square) -> bool {
    pos.king_square(color).file() == File::E
        && matches!(
            (rook.file(), side),
            (File::H, CastleSide::King) | (File::A, CastleSide::Queen)
        )
}

fn castling_field(pos: &Position) -> String {
    let rights = pos.castling();
    let mut field = String::new();
    for color in Color::ALL {
        for side in CastleSide::ALL {
            let Some(rook) = rights.rook(color, side) else {
                continue;
            };
            let letter = if !pos.is_chess960() {
                match side {
                    CastleSide::King => 'k',
                    CastleSide::Queen => 'q',
                }
            } else {
                rook.file().char()
            };
            field.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    field
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> FenError {
        match Position::from_fen(fen) {
            Err(e) => e,
            Ok(_) => panic!("accepted invalid FEN {fen}"),
        }
    }

    #[test]
    fn start_position_round_trips() {
        let pos = Position::startpos();
        assert_eq!(pos.to_fen(), STARTPOS_FEN);
        assert_eq!(pos.key(), pos.compute_key());
    }

    #[test]
    fn clocks_are_optional() {
        let pos = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - -").expect("4-field FEN");
        assert_eq!(pos.to_fen(), "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    }

    #[test]
    fn every_error_kind() {
        assert_eq!(err("8/8/8 w"), FenError::FieldCount(2));
        assert_eq!(err("8/8/8/8 w - - 0 1"), FenError::RankCount(4));
        assert_eq!(
            err("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::BadPiece('x')
        );
        assert_eq!(
            err("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::RankLength {
                rank: 7,
                squares: 7
            }
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::BadPiece('9')
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1"),
            FenError::RankLength {
                rank: 1,
                squares: 9
            }
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/K7 w - - 0 1"),
            FenError::KingCount {
                color: Color::Black,
                count: 0
            }
        );
        assert_eq!(
            err("kk6/8/8/8/8/8/8/K7 w - - 0 1"),
            FenError::KingCount {
                color: Color::Black,
                count: 2
            }
        );
        assert_eq!(
            err("k6P/8/8/8/8/8/8/K7 w - - 0 1"),
            FenError::PawnOnBackRank(Square::H8)
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/K7 x - - 0 1"),
            FenError::BadSideToMove("x".into())
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K2R w KX - 0 1"),
            FenError::BadCastling("KX".into())
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/K7 w K - 0 1"),
            FenError::CastlingWithoutPieces('K')
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            FenError::BadEnPassant("e6".into())
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
            FenError::BadEnPassant("z9".into())
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
            FenError::OpponentInCheck
        );
    }

    #[test]
    fn unreachable_material_is_refused() {
        assert_eq!(
            err("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -"),
            FenError::TooManyPieces {
                color: Color::White,
                count: 28
            }
        );
        // The full starting set and a third knight: 17 men.
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/4n3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            FenError::TooManyPieces {
                color: Color::Black,
                count: 17
            }
        );
        assert_eq!(
            err("k7/8/8/8/8/P7/PPPPPPPP/K7 w - - 0 1"),
            FenError::TooManyPawns {
                color: Color::White,
                count: 9
            }
        );
        // Ten queens: nine promoted, but only eight pawns to promote.
        assert_eq!(
            err("qqqqqqqq/qq6/8/8/8/8/8/K6k b - - 0 1"),
            FenError::TooManyPromoted {
                color: Color::Black,
                promoted: 9,
                missing_pawns: 8
            }
        );
        // Seven pawns, a second queen and a third knight: two promotions from one pawn.
        assert_eq!(
            err("4k3/8/8/8/8/8/PPPPPPP1/QQNNNK2 w - - 0 1"),
            FenError::TooManyPromoted {
                color: Color::White,
                promoted: 2,
                missing_pawns: 1
            }
        );
        // Bishops count together, whatever their square colours: a third needs a promotion.
        assert_eq!(
            err("4k3/8/8/8/8/8/PPPPPPPP/BBBK4 w - - 0 1"),
            FenError::TooManyPromoted {
                color: Color::White,
                promoted: 1,
                missing_pawns: 0
            }
        );
    }

    #[test]
    fn the_richest_reachable_material_is_accepted() {
        // Nine queens, two rooks, two bishops, two knights and the king: 16 men, 8 of them
        // promoted from 8 missing pawns, in the reachable position with the most legal moves.
        let richest = Position::from_fen("3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk w - - 0 1")
            .expect("reachable material");
        assert_eq!(richest.legal_moves().len(), 218);
        // A promotion for every missing pawn, and the full starting set.
        for fen in [
            "4k3/8/8/8/8/8/PPPPPPP1/QQNNK3 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bbbbkbbb/8/8/8/8/8/8/4K3 b - - 0 1",
        ] {
            assert!(Position::from_fen(fen).is_ok(), "{fen}");
        }
    }

    #[test]
    fn mirrored_positions() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/1P6/R3K3 w Q - 3 9").expect("valid");
        let mirror = pos.mirrored();
        assert_eq!(mirror.to_fen(), "r3k3/1p6/8/8/8/8/8/4K3 b q - 3 9");
        assert_eq!(mirror.mirrored(), pos);
        let ep = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").expect("valid");
        assert_eq!(ep.mirrored().to_fen(), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2");
    }

    #[test]
    fn clock_errors() {
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
            FenError::BadClock("x".into())
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 -3"),
            FenError::BadClock("-3".into())
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 99999999 1"),
            FenError::BadClock("99999999".into())
        );
    }
}
