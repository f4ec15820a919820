//! Moves from outside: coordinate notation (UCI) and SAN text, turned into a legal [`Move`]
//! of a position or into a [`MoveError`] that says why not.
//!
//! A move is accepted only if the legal move generator produced it, so acceptance can never
//! be looser than the rules. When nothing matches, the text is diagnosed step by step (is
//! there a piece, is it ours, can it move so at all, would castling be allowed, is the
//! promotion right) and the first failing condition becomes the error; what survives all of
//! those steps leaves the king in check.

use super::error::{CastlingFailure, MoveError, MoveErrorKind};
use crate::chess::attacks::{between, pawn_attacks, piece_attacks};
use crate::chess::{
    Bitboard, CastleSide, Color, File, Move, MoveList, Piece, PieceType, Position, Rank, Square,
};

/// Parses a move in UCI coordinate notation (`e2e4`, `e7e8q`, promotion letter of either
/// case) and checks it is legal in `pos`.
///
/// Castling is accepted as the king's two-square step (`e1g1`) and as king-takes-own-rook
/// (`e1h1`) whatever `chess960` says, since some GUIs send the latter for standard chess.
/// `chess960` matters only for a Chess960 position given in standard notation, where the
/// king's castling step can be a single square (`f1g1`): that text means castling only with
/// `chess960` off, and only if no ordinary king move reads the same.
pub fn parse_uci_move(pos: &Position, text: &str, chess960: bool) -> Result<Move, MoveError> {
    find_uci_move(pos, text.trim(), chess960).map_err(|kind| error(pos, text, kind))
}

/// Parses a move in Standard Algebraic Notation (`Nf3`, `exd6`, `O-O`, `0-0-0`, `e8=Q+`,
/// `e8Q`, `Nbd7`, `R1e2`, `Qh4xe1#`) and checks it is legal in `pos`.
///
/// Tolerated: a missing or wrong `+`/`#`, annotations (`!`, `?`), a trailing `e.p.`, a
/// missing or superfluous `x`, and disambiguation that is not needed. Piece letters must be
/// upper case (a lower-case `b` is the b-file).
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    find_san_move(pos, text).map_err(|kind| error(pos, text, kind))
}

fn error(pos: &Position, text: &str, kind: MoveErrorKind) -> MoveError {
    MoveError {
        text: text.to_string(),
        fen: pos.to_fen(),
        kind,
    }
}

// ---- UCI --------------------------------------------------------------------------------

fn find_uci_move(pos: &Position, text: &str, chess960: bool) -> Result<Move, MoveErrorKind> {
    let (from, to, promotion) = split_uci(text).ok_or(MoveErrorKind::Malformed)?;
    check_promotion_piece(promotion)?;
    let legal = pos.legal_moves();
    let exact = legal.iter().find(|mv| {
        !mv.is_castle() && mv.from() == from && mv.to() == to && mv.promotion() == promotion
    });
    if let Some(&mv) = exact {
        return Ok(mv);
    }
    if promotion.is_none() {
        if let Some(side) = castling_intent(pos, &legal, from, to, chess960) {
            return find_castle(&legal, side).ok_or_else(|| castling_error(pos, side));
        }
    }
    Err(diagnose(pos, from, to, promotion))
}

/// `e2e4` / `e7e8q` into squares and promotion piece (any piece letter; the caller rejects
/// kings and pawns with a better message).
fn split_uci(text: &str) -> Option<(Square, Square, Option<PieceType>)> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    let from = Square::parse(&text[0..2])?;
    let to = Square::parse(&text[2..4])?;
    let promotion = match text.as_bytes().get(4) {
        Some(&letter) => Some(PieceType::from_char(char::from(letter))?),
        None => None,
    };
    Some((from, to, promotion))
}

/// The castling side a king move from `from` to `to` asks for, if it reads as castling:
/// king takes own rook, or the king steps onto its castling square (g- or c-file) two or
/// more files away, or (standard notation, Chess960 position) a shorter step that only a
/// legal castling move explains.
fn castling_intent(
    pos: &Position,
    legal: &MoveList,
    from: Square,
    to: Square,
    chess960: bool,
) -> Option<CastleSide> {
    let us = pos.side_to_move();
    if pos.piece_at(from) != Some(Piece::new(us, PieceType::King))
        || from.rank() != us.back_rank()
        || to.rank() != from.rank()
    {
        return None;
    }
    if pos.piece_at(to) == Some(Piece::new(us, PieceType::Rook)) {
        return Some(if to.file() > from.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        });
    }
    let side = match to.file() {
        File::G => CastleSide::King,
        File::C => CastleSide::Queen,
        _ => return None,
    };
    let distance = (to.file().index()).abs_diff(from.file().index());
    if distance >= 2 || (!chess960 && find_castle(legal, side).is_some()) {
        Some(side)
    } else {
        None
    }
}

// ---- SAN --------------------------------------------------------------------------------

/// SAN text taken apart, before looking at the position.
enum San {
    Castle(CastleSide),
    Normal {
        piece_type: PieceType,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<PieceType>,
    },
}

fn find_san_move(pos: &Position, text: &str) -> Result<Move, MoveErrorKind> {
    let san = split_san(text).ok_or(MoveErrorKind::Malformed)?;
    let legal = pos.legal_moves();
    let (piece_type, from_file, from_rank, to, promotion) = match san {
        San::Castle(side) => {
            return find_castle(&legal, side).ok_or_else(|| castling_error(pos, side));
        }
        San::Normal {
            piece_type,
            from_file,
            from_rank,
            to,
            promotion,
        } => (piece_type, from_file, from_rank, to, promotion),
    };
    check_promotion_piece(promotion)?;
    if piece_type != PieceType::Pawn && promotion.is_some() {
        return Err(MoveErrorKind::PromotionNotAllowed);
    }
    let fits = |from: Square| {
        from_file.is_none_or(|file| from.file() == file)
            && from_rank.is_none_or(|rank| from.rank() == rank)
    };
    let mut candidates = legal.iter().copied().filter(|mv| {
        !mv.is_castle()
            && mv.to() == to
            && fits(mv.from())
            && pos.piece_at(mv.from()).map(Piece::piece_type) == Some(piece_type)
    });
    let Some(first) = candidates.next() else {
        return Err(diagnose_san(
            pos, piece_type, from_file, from_rank, to, promotion,
        ));
    };
    // Promotions come in fours from one pawn; sort out the letter before ambiguity.
    let mut exact = std::iter::once(first)
        .chain(candidates)
        .filter(|mv| mv.promotion() == promotion);
    match (exact.next(), exact.next()) {
        (Some(mv), None) => Ok(mv),
        (Some(_), Some(_)) => Err(MoveErrorKind::AmbiguousSan),
        (None, _) if promotion.is_none() => Err(MoveErrorKind::PromotionMissing),
        (None, _) => Err(MoveErrorKind::PromotionNotAllowed),
    }
}

/// Why no legal move fits SAN that parsed.
fn diagnose_san(
    pos: &Position,
    piece_type: PieceType,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<PieceType>,
) -> MoveErrorKind {
    if let (Some(file), Some(rank)) = (from_file, from_rank) {
        let from = Square::new(file, rank);
        return match pos.piece_at(from) {
            Some(piece)
                if piece.color() == pos.side_to_move() && piece.piece_type() != piece_type =>
            {
                MoveErrorKind::CannotMoveSo
            }
            _ => diagnose(pos, from, to, promotion),
        };
    }
    let us = pos.side_to_move();
    let movers = pos.pieces(us, piece_type).iter().filter(|&from| {
        from_file.is_none_or(|file| from.file() == file)
            && from_rank.is_none_or(|rank| from.rank() == rank)
            && (is_pseudo_legal(pos, from, to) || looks_like_en_passant(pos, from, to))
    });
    match movers.min() {
        Some(from) => diagnose(pos, from, to, promotion),
        None => MoveErrorKind::CannotMoveSo,
    }
}

/// Takes SAN apart. `None` if it is not SAN at all.
fn split_san(text: &str) -> Option<San> {
    let text = strip_san_suffixes(text);
    if text.is_empty() || !text.is_ascii() {
        return None;
    }
    match text.replace('0', "O").to_ascii_uppercase().as_str() {
        "O-O" => return Some(San::Castle(CastleSide::King)),
        "O-O-O" => return Some(San::Castle(CastleSide::Queen)),
        _ => {}
    }
    let (piece_type, rest) = match text.as_bytes()[0] {
        letter @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P') => {
            (PieceType::from_char(char::from(letter))?, &text[1..])
        }
        _ => (PieceType::Pawn, text),
    };
    let (rest, promotion) = match rest.as_bytes().last() {
        Some(&letter) if letter.is_ascii_alphabetic() => {
            let promotion = PieceType::from_char(char::from(letter))?;
            let rest = &rest[..rest.len() - 1];
            (rest.strip_suffix('=').unwrap_or(rest), Some(promotion))
        }
        _ => (rest, None),
    };
    let split = rest.len().checked_sub(2)?;
    let to = Square::parse(&rest[split..])?;
    let middle = &rest[..split];
    let middle = middle
        .strip_suffix(['x', ':', '-'])
        .unwrap_or(middle)
        .as_bytes();
    let (from_file, from_rank) = match *middle {
        [] => (None, None),
        [c] => match (
            File::from_char(char::from(c)),
            Rank::from_char(char::from(c)),
        ) {
            (Some(file), _) => (Some(file), None),
            (None, Some(rank)) => (None, Some(rank)),
            (None, None) => return None,
        },
        [f, r] => (
            Some(File::from_char(char::from(f))?),
            Some(Rank::from_char(char::from(r))?),
        ),
        _ => return None,
    };
    Some(San::Normal {
        piece_type,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

/// The move text without check marks, annotation glyphs and `e.p.`.
fn strip_san_suffixes(mut text: &str) -> &str {
    loop {
        let stripped = text
            .trim()
            .trim_end_matches(['+', '#', '!', '?'])
            .trim_end();
        let stripped = stripped.strip_suffix("e.p.").unwrap_or(stripped);
        if stripped.len() == text.len() {
            return stripped;
        }
        text = stripped;
    }
}

// ---- shared diagnosis -------------------------------------------------------------------

fn find_castle(legal: &MoveList, side: CastleSide) -> Option<Move> {
    legal
        .iter()
        .copied()
        .find(|mv| mv.is_castle() && castle_side(*mv) == side)
}

fn castle_side(mv: Move) -> CastleSide {
    if mv.to().file() > mv.from().file() {
        CastleSide::King
    } else {
        CastleSide::Queen
    }
}

fn check_promotion_piece(promotion: Option<PieceType>) -> Result<(), MoveErrorKind> {
    match promotion {
        Some(piece_type @ (PieceType::King | PieceType::Pawn)) => {
            Err(MoveErrorKind::BadPromotionPiece(piece_type))
        }
        _ => Ok(()),
    }
}

/// Why the (non-castling) move `from`-`to` with `promotion` is not legal. Only called when
/// the legal move list has no such move.
fn diagnose(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<PieceType>,
) -> MoveErrorKind {
    let Some(piece) = pos.piece_at(from) else {
        return MoveErrorKind::NoPiece(from);
    };
    let us = pos.side_to_move();
    if piece.color() != us {
        return MoveErrorKind::NotYourPiece(from);
    }
    if !is_pseudo_legal(pos, from, to) {
        return if looks_like_en_passant(pos, from, to) && !pos.en_passant_capture_is_legal(from, to)
        {
            MoveErrorKind::LeavesKingInCheck
        } else {
            MoveErrorKind::CannotMoveSo
        };
    }
    let promotes = piece.piece_type() == PieceType::Pawn && to.rank() == Rank::R8.relative_to(us);
    match (promotes, promotion) {
        (true, None) => MoveErrorKind::PromotionMissing,
        (false, Some(_)) => MoveErrorKind::PromotionNotAllowed,
        _ => MoveErrorKind::LeavesKingInCheck,
    }
}

/// True if the piece on `from` could move to `to` by its movement rules, ignoring whether
/// its own king is safe afterwards. Castling is judged by [`castling_failure`].
fn is_pseudo_legal(pos: &Position, from: Square, to: Square) -> bool {
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    let us = piece.color();
    if pos.pieces_of_color(us).contains(to) {
        return false;
    }
    let occupied = pos.occupied();
    match piece.piece_type() {
        PieceType::Pawn => {
            if pawn_attacks(us, from).contains(to) {
                return pos.pieces_of_color(us.flip()).contains(to) || pos.en_passant() == Some(to);
            }
            let forward: i8 = if us == crate::chess::Color::White {
                1
            } else {
                -1
            };
            if from.offset(0, forward) == Some(to) {
                return !occupied.contains(to);
            }
            from.rank() == Rank::R2.relative_to(us)
                && from.offset(0, 2 * forward) == Some(to)
                && (between(from, to).with(to) & occupied).is_empty()
        }
        piece_type => piece_attacks(piece_type, from, occupied).contains(to),
    }
}

/// True if the pawn on `from` taking onto the empty `to` has the shape of an en passant
/// capture: an enemy pawn beside it on the square the capture would clear, nothing on the
/// square that pawn would have double-stepped from. The position keeps an en passant square
/// only when the capture is legal, so when one that uncovers the king is refused this tells
/// the king's safety, not the geometry, as the reason.
fn looks_like_en_passant(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.side_to_move();
    let victim = Square::new(to.file(), from.rank());
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    pos.piece_at(from) == Some(Piece::new(us, PieceType::Pawn))
        && pawn_attacks(us, from).contains(to)
        && to.rank() == Rank::R6.relative_to(us)
        && pos.piece_at(to).is_none()
        && pos.piece_at(victim) == Some(Piece::new(us.flip(), PieceType::Pawn))
        && to
            .offset(0, forward)
            .is_some_and(|start| pos.piece_at(start).is_none())
}

fn castling_error(pos: &Position, side: CastleSide) -> MoveErrorKind {
    castling_failure(pos, side).map_or(MoveErrorKind::CannotMoveSo, MoveErrorKind::Castling)
}

/// The first castling condition that fails for the side to move on `side`, in the order the
/// rules list them; `None` if castling there is in fact legal. Attacks are judged with king
/// and rook lifted, as the move generator does, so the two always agree.
fn castling_failure(pos: &Position, side: CastleSide) -> Option<CastlingFailure> {
    let us = pos.side_to_move();
    let Some(rook) = pos.castling().rook(us, side) else {
        return Some(CastlingFailure::NoRight);
    };
    if pos.in_check() {
        return Some(CastlingFailure::InCheck);
    }
    let king = pos.king_square(us);
    let (king_to, rook_to) = side.destinations(us);
    let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
    let must_be_empty = between(king, rook)
        | between(king, king_to).with(king_to)
        | between(rook, rook_to).with(rook_to);
    let blocked = must_be_empty & pos.occupied() & !movers;
    let nearest = blocked
        .iter()
        .min_by_key(|sq| sq.file().index().abs_diff(king.file().index()));
    if let Some(sq) = nearest {
        return Some(CastlingFailure::PathBlocked(sq));
    }
    let lifted = pos.occupied() & !movers;
    let them = us.flip();
    let step: i8 = if king_to.file() > king.file() { 1 } else { -1 };
    let mut sq = king;
    while let Some(next) = sq.offset(step, 0).filter(|_| sq != king_to) {
        if next != king_to && pos.is_attacked(next, them, lifted) {
            return Some(CastlingFailure::PassesThroughAttacked(next));
        }
        sq = next;
    }
    if pos.is_attacked(king_to, them, lifted) {
        return Some(CastlingFailure::LandsInCheck(king_to));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_is_taken_apart() {
        assert!(matches!(
            split_san("O-O+"),
            Some(San::Castle(CastleSide::King))
        ));
        assert!(matches!(
            split_san("0-0-0!?"),
            Some(San::Castle(CastleSide::Queen))
        ));
        let Some(San::Normal {
            piece_type,
            from_file,
            from_rank,
            to,
            promotion,
        }) = split_san("Qh4xe1#")
        else {
            panic!("Qh4xe1# did not parse");
        };
        assert_eq!(piece_type, PieceType::Queen);
        assert_eq!((from_file, from_rank), (Some(File::H), Some(Rank::R4)));
        assert_eq!(to, Square::E1);
        assert_eq!(promotion, None);
        let Some(San::Normal { promotion, .. }) = split_san("e8Q") else {
            panic!("e8Q did not parse");
        };
        assert_eq!(promotion, Some(PieceType::Queen));
        for bad in [
            "", "+", "x", "Nf", "N", "e9", "Nxx4", "Nabc3", "e8=", "é4", "O-O-O-O",
        ] {
            assert!(split_san(bad).is_none(), "{bad} parsed");
        }
    }

    #[test]
    fn uci_is_taken_apart() {
        assert_eq!(
            split_uci("e7e8Q"),
            Some((Square::E7, Square::E8, Some(PieceType::Queen)))
        );
        assert_eq!(split_uci("e2e4"), Some((Square::E2, Square::E4, None)));
        for bad in ["", "e2", "e2e", "e2e4qq", "e2e9", "0000", "e2e4x", "ée4"] {
            assert!(split_uci(bad).is_none(), "{bad} parsed");
        }
    }
}
