//! `Position`: the board, side to move, castling rights, en passant square and clocks, with an
//! incrementally updated Zobrist key and the checkers and pinned pieces of the side to move.
//!
//! Moves are applied copy-make style: `Position` is a small `Copy` value (about 180 bytes),
//! so the caller keeps the parent and undoing a move is dropping the child. This measured
//! simpler and no slower than make/unmake with a state stack, and it cannot desynchronise.

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks,
    piece_attacks, rook_attacks, rook_rays,
};
use super::bitboard::Bitboard;
use super::castling::{CastleSide, CastlingRights};
use super::moves::{Move, MoveFlag};
use super::types::{Color, Piece, PieceType, Square};
use super::zobrist;

/// A chess position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Position {
    by_type: [Bitboard; PieceType::COUNT],
    by_color: [Bitboard; Color::COUNT],
    mailbox: [Option<Piece>; Square::COUNT],
    side_to_move: Color,
    castling: CastlingRights,
    /// Set only when an en passant capture is legal, so equal positions hash equally.
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    key: u64,
    /// Zobrist key of the pawns alone (for pawn-structure tables).
    pawn_key: u64,
    checkers: Bitboard,
    pinned: Bitboard,
    /// Castling was given in Chess960 form (rook files, or a non-standard king or rook
    /// square), so FEN output writes rook files (Shredder-FEN) too.
    chess960: bool,
}

impl Position {
    /// An empty board, white to move, no rights; a starting point for building positions.
    pub(crate) fn empty() -> Position {
        Position {
            by_type: [Bitboard::EMPTY; PieceType::COUNT],
            by_color: [Bitboard::EMPTY; Color::COUNT],
            mailbox: [None; Square::COUNT],
            side_to_move: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            pawn_key: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            chess960: false,
        }
    }

    // ---- queries -------------------------------------------------------------------------

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    /// All pieces of one type, both colours.
    #[inline]
    pub fn pieces_of_type(&self, piece_type: PieceType) -> Bitboard {
        self.by_type[piece_type.index()]
    }

    /// All pieces of one colour.
    #[inline]
    pub fn pieces_of_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Pieces of one colour and type.
    #[inline]
    pub fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard {
        self.by_color[color.index()] & self.by_type[piece_type.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king. Every valid position has exactly one king per side.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceType::King)
            .lsb()
            .unwrap_or(Square::A1)
    }

    /// The castling rights.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The square an en passant capture may land on, set only when such a capture is legal.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// True if castling rights are written as rook files (Chess960 / Shredder-FEN).
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key of the pawns alone: equal pawn structures share it.
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.is_nonempty()
    }

    /// Pieces of the side to move that are pinned to their king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// Pieces of both colours that attack `sq`, with `occupied` as blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let diagonal =
            self.by_type[PieceType::Bishop.index()] | self.by_type[PieceType::Queen.index()];
        let straight =
            self.by_type[PieceType::Rook.index()] | self.by_type[PieceType::Queen.index()];
        (pawn_attacks(Color::White, sq) & self.pieces(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces(Color::White, PieceType::Pawn))
            | (knight_attacks(sq) & self.by_type[PieceType::Knight.index()])
            | (king_attacks(sq) & self.by_type[PieceType::King.index()])
            | (bishop_attacks(sq, occupied) & diagonal)
            | (rook_attacks(sq, occupied) & straight)
    }

    /// Pieces of `by` that attack `sq`, with `occupied` as blockers. A slider type's magic
    /// lookup is skipped when none of `by`'s sliders of that kind stands on a line through
    /// `sq`: checks, pins and king moves are asked about often and usually answered so.
    #[inline]
    pub fn attackers_by(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color[by.index()];
        let queens = self.by_type[PieceType::Queen.index()];
        let diagonal = (self.by_type[PieceType::Bishop.index()] | queens) & theirs;
        let straight = (self.by_type[PieceType::Rook.index()] | queens) & theirs;
        let mut attackers = (pawn_attacks(by.flip(), sq) & self.by_type[PieceType::Pawn.index()]
            | knight_attacks(sq) & self.by_type[PieceType::Knight.index()]
            | king_attacks(sq) & self.by_type[PieceType::King.index()])
            & theirs;
        if (bishop_rays(sq) & diagonal).is_nonempty() {
            attackers |= bishop_attacks(sq, occupied) & diagonal;
        }
        if (rook_rays(sq) & straight).is_nonempty() {
            attackers |= rook_attacks(sq, occupied) & straight;
        }
        attackers
    }

    /// Every square a piece of `by` attacks on this board.
    pub fn attacked_by(&self, by: Color) -> Bitboard {
        let occupied = self.occupied();
        let mut attacked = Bitboard::EMPTY;
        for sq in self.pieces(by, PieceType::Pawn) {
            attacked |= pawn_attacks(by, sq);
        }
        for piece_type in [
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Queen,
            PieceType::King,
        ] {
            for sq in self.pieces(by, piece_type) {
                attacked |= piece_attacks(piece_type, sq, occupied);
            }
        }
        attacked
    }

    /// True if any piece of `by` attacks `sq`, with `occupied` as blockers.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.attackers_by(sq, by, occupied).is_nonempty()
    }

    /// True if the side to move has a knight, bishop, rook or queen (null-move safety).
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        (self.by_color[color.index()]
            & !(self.by_type[PieceType::Pawn.index()] | self.by_type[PieceType::King.index()]))
        .is_nonempty()
    }

    /// The Zobrist key computed from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key =
            zobrist::side_key(self.side_to_move) ^ zobrist::castling_key(self.castling.mask());
        if let Some(sq) = self.en_passant {
            key ^= zobrist::en_passant_key(sq.file());
        }
        for sq in self.occupied() {
            if let Some(piece) = self.mailbox[sq.index()] {
                key ^= zobrist::piece_key(piece, sq);
            }
        }
        key
    }

    /// The pawn key computed from scratch (the incremental one must always equal it).
    pub fn compute_pawn_key(&self) -> u64 {
        let pawns = self.by_type[PieceType::Pawn.index()];
        pawns.into_iter().fold(0, |key, sq| {
            self.mailbox[sq.index()].map_or(key, |piece| key ^ zobrist::piece_key(piece, sq))
        })
    }

    // ---- building ------------------------------------------------------------------------

    /// Puts `piece` on the empty square `sq`, updating the key.
    #[inline(always)]
    pub(crate) fn put_piece(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_type[piece.piece_type().index()] |= bb;
        self.by_color[piece.color().index()] |= bb;
        self.mailbox[sq.index()] = Some(piece);
        self.key ^= zobrist::piece_key(piece, sq);
        if piece.piece_type() == PieceType::Pawn {
            self.pawn_key ^= zobrist::piece_key(piece, sq);
        }
    }

    /// Removes `piece` from `sq`, updating the key.
    #[inline(always)]
    fn remove_piece(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_type[piece.piece_type().index()] ^= bb;
        self.by_color[piece.color().index()] ^= bb;
        self.mailbox[sq.index()] = None;
        self.key ^= zobrist::piece_key(piece, sq);
        if piece.piece_type() == PieceType::Pawn {
            self.pawn_key ^= zobrist::piece_key(piece, sq);
        }
    }

    /// Sets side, rights, en passant candidate and clocks of a freshly placed board, then
    /// derives key, checkers, pins and whether the en passant square is usable.
    pub(crate) fn finish_setup(
        &mut self,
        side_to_move: Color,
        castling: CastlingRights,
        en_passant_candidate: Option<Square>,
        halfmove_clock: u16,
        fullmove_number: u16,
        chess960: bool,
    ) {
        self.chess960 = chess960;
        self.side_to_move = side_to_move;
        self.castling = castling;
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number.max(1);
        self.update_check_info();
        self.en_passant = en_passant_candidate.filter(|&sq| self.en_passant_is_legal(sq));
        self.key = self.compute_key();
        self.pawn_key = self.compute_pawn_key();
    }

    fn update_check_info(&mut self) {
        let us = self.side_to_move;
        let them = us.flip();
        let king = self.king_square(us);
        self.checkers = self.attackers_by(king, them, self.occupied());
        self.pinned = self.lone_blockers(king, them) & self.by_color[us.index()];
    }

    /// Pieces of either colour that alone stand between `king` and a slider of `by` that
    /// would attack it along their line: ours are pinned when `by` is the opponent, and
    /// discover a check when they leave it when `by` is us.
    #[inline]
    pub(crate) fn lone_blockers(&self, king: Square, by: Color) -> Bitboard {
        let queens = self.by_type[PieceType::Queen.index()];
        let diagonal = self.by_type[PieceType::Bishop.index()] | queens;
        let straight = self.by_type[PieceType::Rook.index()] | queens;
        let snipers = ((bishop_rays(king) & diagonal) | (rook_rays(king) & straight))
            & self.by_color[by.index()];
        let occupied = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let on_line = between(king, sniper) & occupied;
            if !on_line.has_several() {
                blockers |= on_line;
            }
        }
        blockers
    }

    /// True if the side to move can legally capture en passant onto `sq`.
    fn en_passant_is_legal(&self, sq: Square) -> bool {
        let us = self.side_to_move;
        let capturers = pawn_attacks(us.flip(), sq) & self.pieces(us, PieceType::Pawn);
        capturers
            .iter()
            .any(|from| self.en_passant_capture_is_legal(from, sq))
    }

    /// True if the pawn on `from` capturing en passant onto `to` leaves its king safe. The
    /// move removes two pawns from one rank, so pins alone cannot decide it: this replays the
    /// occupancy change and asks for attackers directly.
    #[inline]
    pub(crate) fn en_passant_capture_is_legal(&self, from: Square, to: Square) -> bool {
        let us = self.side_to_move;
        let victim = Square::new(to.file(), from.rank());
        let occupied =
            (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
                | Bitboard::from_square(to);
        let king = self.king_square(us);
        let attackers =
            self.attackers_by(king, us.flip(), occupied) & !Bitboard::from_square(victim);
        attackers.is_empty()
    }

    // ---- making moves --------------------------------------------------------------------

    /// The key after `mv` as far as the moving and the captured piece and the side to move
    /// change it: exact unless `mv` castles, captures en passant, promotes, or changes the
    /// castling or en passant rights. Cheap enough to ask before the move is made, so that
    /// the table entry of the child can be fetched while the move is being made; a wrong
    /// answer costs only that fetch.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let Some(moving) = self.mailbox[mv.from().index()] else {
            return self.key;
        };
        let mut key = self.key
            ^ zobrist::side_key(Color::White)
            ^ zobrist::side_key(Color::Black)
            ^ zobrist::piece_key(moving, mv.from())
            ^ zobrist::piece_key(moving, mv.to());
        if let Some(captured) = self.mailbox[mv.to().index()] {
            key ^= zobrist::piece_key(captured, mv.to());
        }
        key
    }

    /// Plays `mv`, which must be legal in this position (from the move generator, or checked
    /// by [`Position::is_legal`]).
    pub fn make_move(&mut self, mv: Move) {
        let us = self.side_to_move;
        let them = us.flip();
        let from = mv.from();
        let to = mv.to();
        let Some(moving) = self.mailbox[from.index()] else {
            debug_assert!(false, "make_move: no piece on {from}");
            return;
        };

        self.key ^= zobrist::castling_key(self.castling.mask());
        if let Some(ep) = self.en_passant.take() {
            self.key ^= zobrist::en_passant_key(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);

        match mv.flag() {
            MoveFlag::Castle => {
                let side = if to.file() > from.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                let (king_to, rook_to) = side.destinations(us);
                let rook = Piece::new(us, PieceType::Rook);
                self.remove_piece(moving, from);
                self.remove_piece(rook, to);
                self.put_piece(moving, king_to);
                self.put_piece(rook, rook_to);
                self.castling.revoke_color(us);
            }
            MoveFlag::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                self.remove_piece(Piece::new(them, PieceType::Pawn), victim);
                self.remove_piece(moving, from);
                self.put_piece(moving, to);
                self.halfmove_clock = 0;
            }
            flag => {
                if let Some(captured) = self.mailbox[to.index()] {
                    self.remove_piece(captured, to);
                    self.castling.revoke_rook_square(to);
                    self.halfmove_clock = 0;
                }
                self.remove_piece(moving, from);
                let placed = match mv.promotion() {
                    Some(piece_type) => Piece::new(us, piece_type),
                    None => moving,
                };
                self.put_piece(placed, to);
                match moving.piece_type() {
                    PieceType::Pawn => {
                        self.halfmove_clock = 0;
                        if flag == MoveFlag::DoublePush {
                            self.set_en_passant_after_double_push(from, to);
                        }
                    }
                    PieceType::King => self.castling.revoke_color(us),
                    PieceType::Rook => self.castling.revoke_rook_square(from),
                    _ => {}
                }
            }
        }

        self.key ^= zobrist::castling_key(self.castling.mask());
        self.key ^= zobrist::side_key(us) ^ zobrist::side_key(them);
        self.side_to_move = them;
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.update_check_info();
    }

    /// Records the en passant square behind a pawn that just moved two squares, if the
    /// opponent can legally use it.
    fn set_en_passant_after_double_push(&mut self, from: Square, to: Square) {
        let us = self.side_to_move;
        let ep = Square::from_index_masked((from.index() + to.index()) / 2);
        if (pawn_attacks(us, ep) & self.pieces(us.flip(), PieceType::Pawn)).is_empty() {
            return;
        }
        self.side_to_move = us.flip();
        if self.en_passant_is_legal(ep) {
            self.en_passant = Some(ep);
            self.key ^= zobrist::en_passant_key(ep.file());
        }
        self.side_to_move = us;
    }

    /// The position after `mv` (copy-make). The search's hot loops copy and call
    /// [`Position::make_move`] themselves: through `play` the position is copied twice, into
    /// its result and then into the caller's variable (memcpy was 2.7% of datagen's profile).
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let mut child = *self;
        child.make_move(mv);
        child
    }

    /// Passes the turn (for null-move pruning). Must not be called while in check.
    pub fn make_null_move(&mut self) {
        if let Some(ep) = self.en_passant.take() {
            self.key ^= zobrist::en_passant_key(ep.file());
        }
        let us = self.side_to_move;
        self.key ^= zobrist::side_key(us) ^ zobrist::side_key(us.flip());
        self.side_to_move = us.flip();
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.update_check_info();
    }

    /// The same position with the colours exchanged: the board mirrored top to bottom, every
    /// piece, right and the en passant square handed to the other side, the other side to
    /// move. Evaluation symmetry tests and the `flip` command use it.
    pub fn mirrored(&self) -> Position {
        let mut mirror = Position::empty();
        for sq in self.occupied() {
            if let Some(piece) = self.piece_at(sq) {
                let swapped = Piece::new(piece.color().flip(), piece.piece_type());
                mirror.put_piece(swapped, sq.flip_rank());
            }
        }
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(rook) = self.castling.rook(color, side) {
                    castling.grant(color.flip(), side, rook.flip_rank());
                }
            }
        }
        mirror.finish_setup(
            self.side_to_move.flip(),
            castling,
            self.en_passant.map(Square::flip_rank),
            self.halfmove_clock,
            self.fullmove_number,
            self.chess960,
        );
        mirror
    }

    /// The piece a move captures (the pawn for en passant), if any.
    #[inline]
    pub fn captured_piece(&self, mv: Move) -> Option<Piece> {
        match mv.flag() {
            MoveFlag::EnPassant => Some(Piece::new(self.side_to_move.flip(), PieceType::Pawn)),
            MoveFlag::Castle => None,
            _ => self.mailbox[mv.to().index()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `key_after` is the child's key for every move that neither castles, promotes, captures
    /// en passant, nor changes the castling or en passant rights.
    #[test]
    fn key_after_is_the_childs_key_for_ordinary_moves() {
        let (mut ordinary, mut special) = (0, 0);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ] {
            let pos = Position::from_fen(fen).expect("valid FEN");
            for &mv in pos.legal_moves().as_slice() {
                let child = pos.play(mv);
                let rights_kept = child.castling() == pos.castling()
                    && pos.en_passant().is_none()
                    && child.en_passant().is_none();
                if mv.is_castle() || mv.is_promotion() || mv.is_en_passant() || !rights_kept {
                    special += 1;
                } else {
                    assert_eq!(pos.key_after(mv), child.key(), "{fen} {mv:?}");
                    ordinary += 1;
                }
            }
        }
        assert!(
            ordinary > 100 && special > 20,
            "{ordinary} ordinary, {special} special"
        );
    }

    #[test]
    fn attacked_squares_are_every_piece_attack_own_pieces_included() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").expect("valid FEN");
        let white = pos.attacked_by(Color::White);
        // The rook's file and b1-e1 (its own king included), the king's five squares.
        assert_eq!(white.popcount(), 15);
        assert!(white.contains(Square::E1) && white.contains(Square::A8));
        assert!(!white.contains(Square::A1) && !white.contains(Square::F3));
        let start = Position::startpos().attacked_by(Color::Black);
        assert_eq!(start.popcount(), 22);
    }

    /// `attackers_by` skips the sliders' lookups it can; it must find what the full
    /// `attackers_to` finds, for every square and colour, with the board's own occupancy and
    /// with pieces lifted off it (as king moves and en passant ask).
    #[test]
    fn attackers_by_agrees_with_attackers_to() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/8/1b6/8/3P4/4K1r1 w - - 0 1",
        ];
        let mut found = 0;
        for fen in fens {
            let root = Position::from_fen(fen).expect("valid FEN");
            let moves = root.legal_moves();
            let children = moves.as_slice().iter().map(|&mv| root.play(mv));
            for pos in std::iter::once(root).chain(children) {
                let lifted = pos.occupied().without(pos.king_square(pos.side_to_move()));
                for occupied in [pos.occupied(), lifted] {
                    for sq in Square::ALL {
                        for by in [Color::White, Color::Black] {
                            let expected =
                                pos.attackers_to(sq, occupied) & pos.by_color[by.index()];
                            assert_eq!(pos.attackers_by(sq, by, occupied), expected, "{fen}");
                            found += expected.popcount();
                        }
                    }
                }
            }
        }
        assert!(found > 10_000, "only {found} attackers found");
    }
}
