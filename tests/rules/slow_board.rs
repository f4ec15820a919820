//! An independent, slow model of the rules for the property test: a 64-square mailbox,
//! moves judged by walking the board square by square as the seed texts describe them
//! (geometry, then "the king is not attacked afterwards"), castling rights and the en passant
//! chance tracked from the moves themselves. It shares nothing with the move generator but
//! the `Move` encoding and the piece types.

use ferrite::chess::{Color, Move, MoveFlag, Piece, PieceType, Position, Square};

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ALL_FLAGS: [MoveFlag; 13] = [
    MoveFlag::Quiet,
    MoveFlag::DoublePush,
    MoveFlag::Castle,
    MoveFlag::EnPassant,
    MoveFlag::Capture,
    MoveFlag::PromoteKnight,
    MoveFlag::PromoteBishop,
    MoveFlag::PromoteRook,
    MoveFlag::PromoteQueen,
    MoveFlag::CapturePromoteKnight,
    MoveFlag::CapturePromoteBishop,
    MoveFlag::CapturePromoteRook,
    MoveFlag::CapturePromoteQueen,
];

fn coords(sq: Square) -> (i8, i8) {
    (sq.index() as i8 % 8, sq.index() as i8 / 8)
}

fn square(file: i8, rank: i8) -> Option<Square> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Square::from_index((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// Which rank is "forward" for `color`.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

fn back_rank(color: Color) -> i8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// What makes two positions the same for the repetition rules, computed without keys.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionId {
    squares: [Option<Piece>; 64],
    side: Color,
    rights: Vec<(Color, Square)>,
    en_passant_possible: bool,
}

/// The slow board.
#[derive(Clone, Debug)]
pub struct SlowBoard {
    pub squares: [Option<Piece>; 64],
    pub side: Color,
    /// Each castling right left: its colour and its rook's square.
    rights: Vec<(Color, Square)>,
    /// The square the last move's pawn double step passed over.
    passed: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub clock: u32,
}

impl SlowBoard {
    /// The model of a start position (its en passant chance as the position states it).
    pub fn from_position(pos: &Position) -> SlowBoard {
        let mut squares = [None; 64];
        for sq in Square::ALL {
            squares[sq.index()] = pos.piece_at(sq);
        }
        let mut rights = Vec::new();
        for color in Color::ALL {
            for side in ferrite::chess::CastleSide::ALL {
                if let Some(rook) = pos.castling().rook(color, side) {
                    rights.push((color, rook));
                }
            }
        }
        SlowBoard {
            squares,
            side: pos.side_to_move(),
            rights,
            passed: pos.en_passant(),
            clock: u32::from(pos.halfmove_clock()),
        }
    }

    fn at(&self, file: i8, rank: i8) -> Option<Piece> {
        square(file, rank).and_then(|sq| self.squares[sq.index()])
    }

    fn king(&self, color: Color) -> Square {
        Square::ALL
            .into_iter()
            .find(|sq| self.squares[sq.index()] == Some(Piece::new(color, PieceType::King)))
            .expect("each side has a king")
    }

    /// True if a piece of `by` could take on `sq`.
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        let (f, r) = coords(sq);
        let is = |file, rank, piece_type| self.at(file, rank) == Some(Piece::new(by, piece_type));
        let back = -forward(by);
        if is(f - 1, r + back, PieceType::Pawn) || is(f + 1, r + back, PieceType::Pawn) {
            return true;
        }
        if KNIGHT_STEPS
            .iter()
            .any(|(df, dr)| is(f + df, r + dr, PieceType::Knight))
        {
            return true;
        }
        if KING_STEPS
            .iter()
            .any(|(df, dr)| is(f + df, r + dr, PieceType::King))
        {
            return true;
        }
        for (df, dr) in KING_STEPS {
            let slider = if df == 0 || dr == 0 {
                PieceType::Rook
            } else {
                PieceType::Bishop
            };
            let (mut file, mut rank) = (f + df, r + dr);
            while square(file, rank).is_some() {
                if let Some(piece) = self.at(file, rank) {
                    if piece.color() == by
                        && (piece.piece_type() == slider || piece.piece_type() == PieceType::Queen)
                    {
                        return true;
                    }
                    break;
                }
                file += df;
                rank += dr;
            }
        }
        false
    }

    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.side), self.side.flip())
    }

    /// Every square strictly between two squares on one line is empty.
    fn path_clear(&self, from: Square, to: Square) -> bool {
        let (f0, r0) = coords(from);
        let (f1, r1) = coords(to);
        let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (f, r) != (f1, r1) {
            if self.at(f, r).is_some() {
                return false;
            }
            f += df;
            r += dr;
        }
        true
    }

    fn reaches(&self, piece_type: PieceType, from: Square, to: Square) -> bool {
        let (f0, r0) = coords(from);
        let (f1, r1) = coords(to);
        let (adf, adr) = ((f1 - f0).abs(), (r1 - r0).abs());
        let straight = (adf == 0) != (adr == 0);
        let diagonal = adf == adr && adf != 0;
        match piece_type {
            PieceType::Knight => (adf, adr) == (1, 2) || (adf, adr) == (2, 1),
            PieceType::King => adf.max(adr) == 1,
            PieceType::Bishop => diagonal && self.path_clear(from, to),
            PieceType::Rook => straight && self.path_clear(from, to),
            PieceType::Queen => (diagonal || straight) && self.path_clear(from, to),
            PieceType::Pawn => false,
        }
    }

    fn pawn_move_fits(&self, mv: Move, target: Option<Piece>) -> bool {
        let us = self.side;
        let (f0, r0) = coords(mv.from());
        let (f1, r1) = coords(mv.to());
        let (df, dr) = (f1 - f0, r1 - r0);
        let dir = forward(us);
        let last = r1 == back_rank(us.flip());
        let diagonal_step = df.abs() == 1 && dr == dir;
        let straight_step = df == 0 && dr == dir;
        if mv.promotion().is_some() {
            return last
                && if mv.is_capture() {
                    diagonal_step && target.is_some()
                } else {
                    straight_step && target.is_none()
                };
        }
        match mv.flag() {
            MoveFlag::Quiet => straight_step && target.is_none() && !last,
            MoveFlag::DoublePush => {
                df == 0
                    && dr == 2 * dir
                    && r0 == back_rank(us) + dir
                    && target.is_none()
                    && self.at(f0, r0 + dir).is_none()
            }
            MoveFlag::Capture => diagonal_step && target.is_some() && !last,
            MoveFlag::EnPassant => {
                diagonal_step
                    && target.is_none()
                    && self.passed == Some(mv.to())
                    && self.at(f1, r0) == Some(Piece::new(us.flip(), PieceType::Pawn))
            }
            _ => false,
        }
    }

    fn castle_is_legal(&self, king: Square, rook: Square) -> bool {
        let us = self.side;
        if self.squares[king.index()] != Some(Piece::new(us, PieceType::King))
            || self.squares[rook.index()] != Some(Piece::new(us, PieceType::Rook))
            || !self.rights.contains(&(us, rook))
        {
            return false;
        }
        let (kf, kr) = coords(king);
        let (rf, rr) = coords(rook);
        if kr != back_rank(us) || rr != kr {
            return false;
        }
        let (king_to, rook_to) = if rf > kf { (6, 5) } else { (2, 3) };
        let low = kf.min(rf).min(king_to).min(rook_to);
        let high = kf.max(rf).max(king_to).max(rook_to);
        if (low..=high).any(|f| f != kf && f != rf && self.at(f, kr).is_some()) {
            return false;
        }
        if self.in_check() {
            return false;
        }
        let step = (king_to - kf).signum();
        let mut f = kf + step;
        while step != 0 && f != king_to {
            if square(f, kr).is_some_and(|sq| self.attacked(sq, us.flip())) {
                return false;
            }
            f += step;
        }
        let mut after = self.clone();
        after.apply(Move::new(king, rook, MoveFlag::Castle));
        !after.attacked(after.king(us), us.flip())
    }

    /// True if `mv` is legal here, judged square by square.
    pub fn is_legal(&self, mv: Move) -> bool {
        let us = self.side;
        let Some(piece) = self.squares[mv.from().index()] else {
            return false;
        };
        if piece.color() != us || mv.from() == mv.to() {
            return false;
        }
        if mv.flag() == MoveFlag::Castle {
            return self.castle_is_legal(mv.from(), mv.to());
        }
        let target = self.squares[mv.to().index()];
        if target.is_some_and(|t| t.color() == us || t.piece_type() == PieceType::King) {
            return false;
        }
        let fits = match piece.piece_type() {
            PieceType::Pawn => self.pawn_move_fits(mv, target),
            other => {
                let flag_fits = match mv.flag() {
                    MoveFlag::Quiet => target.is_none(),
                    MoveFlag::Capture => target.is_some(),
                    _ => false,
                };
                flag_fits && self.reaches(other, mv.from(), mv.to())
            }
        };
        if !fits {
            return false;
        }
        let mut after = self.clone();
        after.apply(mv);
        !after.attacked(after.king(us), us.flip())
    }

    /// Plays a move this model judged legal.
    pub fn apply(&mut self, mv: Move) {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.squares[from.index()] else {
            panic!("no piece on {from}");
        };
        let mut irreversible = piece.piece_type() == PieceType::Pawn;
        self.passed = None;
        match mv.flag() {
            MoveFlag::Castle => {
                let (kf, rank) = coords(from);
                let (rf, _) = coords(to);
                let (king_to, rook_to) = if rf > kf { (6, 5) } else { (2, 3) };
                self.squares[from.index()] = None;
                self.squares[to.index()] = None;
                let place = |f| square(f, rank).expect("on the board").index();
                self.squares[place(king_to)] = Some(piece);
                self.squares[place(rook_to)] = Some(Piece::new(us, PieceType::Rook));
            }
            MoveFlag::EnPassant => {
                let (f1, _) = coords(to);
                let (_, r0) = coords(from);
                let victim = square(f1, r0).expect("on the board");
                self.squares[victim.index()] = None;
                self.squares[from.index()] = None;
                self.squares[to.index()] = Some(piece);
            }
            flag => {
                irreversible |= self.squares[to.index()].is_some();
                self.squares[from.index()] = None;
                self.squares[to.index()] = Some(match mv.promotion() {
                    Some(promoted) => Piece::new(us, promoted),
                    None => piece,
                });
                if flag == MoveFlag::DoublePush {
                    let (f, r) = coords(from);
                    self.passed = square(f, r + forward(us));
                }
            }
        }
        let king_moved = piece.piece_type() == PieceType::King;
        self.rights
            .retain(|&(color, rook)| rook != from && rook != to && !(king_moved && color == us));
        self.clock = if irreversible { 0 } else { self.clock + 1 };
        self.side = us.flip();
    }

    /// Every legal move, found by trying every (from, to, flag) of the side to move.
    pub fn legal_moves(&self, stop_at_first: bool) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in Square::ALL {
            let Some(piece) = self.squares[from.index()] else {
                continue;
            };
            if piece.color() != self.side {
                continue;
            }
            for to in Square::ALL {
                let flags: &[MoveFlag] = match piece.piece_type() {
                    PieceType::Pawn => &ALL_FLAGS,
                    PieceType::King => &[MoveFlag::Quiet, MoveFlag::Capture, MoveFlag::Castle],
                    _ => &[MoveFlag::Quiet, MoveFlag::Capture],
                };
                for &flag in flags {
                    let mv = Move::new(from, to, flag);
                    if self.is_legal(mv) {
                        moves.push(mv);
                        if stop_at_first {
                            return moves;
                        }
                    }
                }
            }
        }
        moves
    }

    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves(true).is_empty()
    }

    /// No pawn, rook or queen, and either one knight alone or bishops all on one colour.
    pub fn insufficient_material(&self) -> bool {
        let (mut knights, mut light, mut dark) = (0, 0, 0);
        for sq in Square::ALL {
            let Some(piece) = self.squares[sq.index()] else {
                continue;
            };
            let (f, r) = coords(sq);
            match piece.piece_type() {
                PieceType::Pawn | PieceType::Rook | PieceType::Queen => return false,
                PieceType::Knight => knights += 1,
                PieceType::Bishop if (f + r) % 2 == 0 => dark += 1,
                PieceType::Bishop => light += 1,
                PieceType::King => {}
            }
        }
        if knights > 0 {
            knights == 1 && light + dark == 0
        } else {
            light == 0 || dark == 0
        }
    }

    /// The repetition identity: pieces, side to move, castling rights, and whether an en
    /// passant capture is legal right now.
    pub fn id(&self) -> PositionId {
        let mut rights = self.rights.clone();
        rights.sort_by_key(|&(color, sq)| (color, sq));
        let en_passant_possible = self.passed.is_some_and(|to| {
            let (f, r) = coords(to);
            [f - 1, f + 1].into_iter().any(|file| {
                square(file, r - forward(self.side))
                    .is_some_and(|from| self.is_legal(Move::new(from, to, MoveFlag::EnPassant)))
            })
        });
        PositionId {
            squares: self.squares,
            side: self.side,
            rights,
            en_passant_possible,
        }
    }
}
