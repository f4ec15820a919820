//! Legal move generation. Checkers and pins are known per position, so every generated move
//! is legal without trying it: in check only evasions are made, pinned pieces move only along
//! their pin line, the king never steps onto an attacked square, and the one move pins cannot
//! judge (en passant, which empties two squares of a rank) is replayed on the occupancy.
//!
//! One generator serves three callers through [`MoveSink`]: a `MoveList` collects moves, and
//! perft's leaf counter adds up target-set popcounts without making moves at all.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::castling::CastleSide;
use super::moves::{Move, MoveFlag, MoveList};
use super::position::Position;
use super::types::{Color, PieceType, Rank, Square};

/// Which moves to generate.
pub mod kind {
    /// Every legal move.
    pub const ALL: u8 = 0;
    /// Captures (en passant included) and promotions.
    pub const NOISY: u8 = 1;
    /// Everything else: quiet moves, castling.
    pub const QUIET: u8 = 2;
}

/// Receives generated moves, one at a time or as whole target sets.
pub trait MoveSink {
    /// One move.
    fn add(&mut self, mv: Move);

    /// True for sinks that may want no more moves before the end ([`Self::is_satisfied`]):
    /// the king's moves then come one square at a time.
    const STOPS_EARLY: bool = false;

    /// True once the sink wants no more moves: the generator then stops at the next square
    /// of the king or the next piece. "Is there a legal move?" is mostly answered by the
    /// king's first safe square, where a full count would test every square and generate
    /// every piece.
    #[inline(always)]
    fn is_satisfied(&self) -> bool {
        false
    }

    /// The squares the king may step to that the sink wants; only those are tested for
    /// safety (a test is an attack lookup). A mate finder wants none unless stepping away
    /// uncovers a check.
    #[inline(always)]
    fn wanted_king_targets(&self) -> Bitboard {
        Bitboard::FULL
    }

    /// A piece on `from` moves to each square of `targets`; those in `enemies` are captures.
    #[inline(always)]
    fn add_piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard) {
        for mv in piece_moves(from, targets, enemies) {
            self.add(mv);
        }
    }

    /// Pawns land on each square of `targets`, coming from `to - from_offset`.
    #[inline(always)]
    fn add_pawn_moves(&mut self, targets: Bitboard, from_offset: i8, flag: MoveFlag) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i8 - from_offset) as usize);
            self.add(Move::new(from, to, flag));
        }
    }

    /// Pawns promote on each square of `targets` (four moves each).
    #[inline(always)]
    fn add_promotions(&mut self, targets: Bitboard, from_offset: i8, capture: bool) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i8 - from_offset) as usize);
            for piece_type in PieceType::PROMOTIONS {
                self.add(Move::new(
                    from,
                    to,
                    MoveFlag::promotion(piece_type, capture),
                ));
            }
        }
    }
}

/// The moves of a piece on `from` to each square of `targets`; those in `enemies` are captures.
#[inline(always)]
pub fn piece_moves(
    from: Square,
    targets: Bitboard,
    enemies: Bitboard,
) -> impl Iterator<Item = Move> {
    targets.into_iter().map(move |to| {
        let flag = if enemies.contains(to) {
            MoveFlag::Capture
        } else {
            MoveFlag::Quiet
        };
        Move::new(from, to, flag)
    })
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn add(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves without listing them (perft's bulk counting at the leaves), and stops the
/// generation once it has seen more than `LIMIT`. The limit is a constant so that perft's
/// counter, which never stops, has no test to make.
#[derive(Default)]
struct MoveCounter<const LIMIT: u64> {
    count: u64,
}

impl<const LIMIT: u64> MoveSink for MoveCounter<LIMIT> {
    const STOPS_EARLY: bool = LIMIT != u64::MAX;

    #[inline(always)]
    fn add(&mut self, _mv: Move) {
        self.count += 1;
    }

    #[inline(always)]
    fn is_satisfied(&self) -> bool {
        self.count > LIMIT
    }

    #[inline(always)]
    fn add_piece_moves(&mut self, _from: Square, targets: Bitboard, _enemies: Bitboard) {
        self.count += u64::from(targets.popcount());
    }

    #[inline(always)]
    fn add_pawn_moves(&mut self, targets: Bitboard, _from_offset: i8, _flag: MoveFlag) {
        self.count += u64::from(targets.popcount());
    }

    #[inline(always)]
    fn add_promotions(&mut self, targets: Bitboard, _from_offset: i8, _capture: bool) {
        self.count += 4 * u64::from(targets.popcount());
    }
}

const NOT_FILE_A: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_FILE_H: Bitboard = Bitboard(!0x8080_8080_8080_8080);

/// Shifts every square of `bb` by `offset` (positive: towards rank 8).
#[inline(always)]
const fn shift(bb: Bitboard, offset: i8) -> Bitboard {
    if offset >= 0 {
        Bitboard(bb.0 << offset)
    } else {
        Bitboard(bb.0 >> -offset)
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<{ kind::ALL }, _>(&mut list);
        list
    }

    /// Legal captures and promotions.
    pub fn noisy_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<{ kind::NOISY }, _>(&mut list);
        list
    }

    /// Legal moves that are neither captures nor promotions.
    pub fn quiet_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<{ kind::QUIET }, _>(&mut list);
        list
    }

    /// Number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::<{ u64::MAX }>::default();
        self.generate::<{ kind::ALL }, _>(&mut counter);
        counter.count
    }

    /// True if the side to move has more than `LIMIT` legal moves; generation stops as soon
    /// as that is known.
    pub fn has_more_legal_moves_than<const LIMIT: u64>(&self) -> bool {
        let mut counter = MoveCounter::<LIMIT>::default();
        self.generate::<{ kind::ALL }, _>(&mut counter);
        counter.is_satisfied()
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.has_more_legal_moves_than::<0>()
    }

    /// Generates the legal moves of kind `KIND` into `sink`.
    pub fn generate<const KIND: u8, S: MoveSink>(&self, sink: &mut S) {
        let us = self.side_to_move();
        let them = us.flip();
        let own = self.pieces_of_color(us);
        let enemies = self.pieces_of_color(them);
        let occupied = own | enemies;
        let king = self.king_square(us);
        let kind_mask = match KIND {
            kind::NOISY => enemies,
            kind::QUIET => !occupied,
            _ => !own,
        };

        // King moves: test each target with the king lifted, so sliders see through it.
        let without_king = occupied.without(king);
        let mut king_targets = Bitboard::EMPTY;
        for to in king_attacks(king) & kind_mask & sink.wanted_king_targets() {
            if !self.is_attacked(to, them, without_king) {
                king_targets = king_targets.with(to);
                if S::STOPS_EARLY {
                    sink.add_piece_moves(king, Bitboard::from_square(to), enemies);
                    if sink.is_satisfied() {
                        return;
                    }
                }
            }
        }
        if !S::STOPS_EARLY {
            sink.add_piece_moves(king, king_targets, enemies);
        }

        let checkers = self.checkers();
        if checkers.has_several() {
            return;
        }
        let check_mask = match checkers.lsb() {
            Some(checker) => between(king, checker) | checkers,
            None => Bitboard::FULL,
        };
        let targets = kind_mask & check_mask;
        let pinned = self.pinned();

        for from in self.pieces(us, PieceType::Knight) & !pinned {
            sink.add_piece_moves(from, knight_attacks(from) & targets, enemies);
            if sink.is_satisfied() {
                return;
            }
        }
        let queens = self.pieces(us, PieceType::Queen);
        for from in self.pieces(us, PieceType::Bishop) | queens {
            let mut attacks = bishop_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                attacks &= line(king, from);
            }
            sink.add_piece_moves(from, attacks, enemies);
            if sink.is_satisfied() {
                return;
            }
        }
        for from in self.pieces(us, PieceType::Rook) | queens {
            let mut attacks = rook_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                attacks &= line(king, from);
            }
            sink.add_piece_moves(from, attacks, enemies);
            if sink.is_satisfied() {
                return;
            }
        }

        let pawns = self.pieces(us, PieceType::Pawn);
        self.generate_pawn_moves::<KIND, S>(sink, pawns & !pinned, check_mask);
        if sink.is_satisfied() {
            return;
        }
        for from in pawns & pinned {
            let along_pin = line(king, from);
            self.generate_pawn_moves::<KIND, S>(
                sink,
                Bitboard::from_square(from),
                check_mask & along_pin,
            );
        }
        if KIND != kind::QUIET {
            if let Some(ep) = self.en_passant() {
                for from in pawn_attacks(them, ep) & pawns {
                    if self.en_passant_capture_is_legal(from, ep) {
                        sink.add(Move::new(from, ep, MoveFlag::EnPassant));
                    }
                }
            }
        }

        if KIND != kind::NOISY && checkers.is_empty() {
            self.generate_castling(sink, king, occupied);
        }
    }

    /// Pushes, captures and promotions of `pawns`, landing only on `mask`. En passant is
    /// generated separately.
    #[inline(always)]
    fn generate_pawn_moves<const KIND: u8, S: MoveSink>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        mask: Bitboard,
    ) {
        if pawns.is_empty() {
            return;
        }
        let us = self.side_to_move();
        let enemies = self.pieces_of_color(us.flip());
        let empty = !self.occupied();
        let (up, up_west, up_east) = match us {
            Color::White => (8i8, 7i8, 9i8),
            Color::Black => (-8, -9, -7),
        };
        let promotion_from = Bitboard::rank(Rank::R7.relative_to(us));
        let double_push_landing = Bitboard::rank(Rank::R4.relative_to(us));
        let movers = pawns & !promotion_from;
        let promoters = pawns & promotion_from;

        if KIND != kind::NOISY {
            let single = shift(movers, up) & empty;
            let double = shift(single, up) & empty & double_push_landing;
            sink.add_pawn_moves(single & mask, up, MoveFlag::Quiet);
            sink.add_pawn_moves(double & mask, 2 * up, MoveFlag::DoublePush);
        }
        if KIND != kind::QUIET {
            let west = shift(movers & NOT_FILE_A, up_west) & enemies & mask;
            let east = shift(movers & NOT_FILE_H, up_east) & enemies & mask;
            sink.add_pawn_moves(west, up_west, MoveFlag::Capture);
            sink.add_pawn_moves(east, up_east, MoveFlag::Capture);
            if promoters.is_nonempty() {
                let push = shift(promoters, up) & empty & mask;
                let west = shift(promoters & NOT_FILE_A, up_west) & enemies & mask;
                let east = shift(promoters & NOT_FILE_H, up_east) & enemies & mask;
                sink.add_promotions(push, up, false);
                sink.add_promotions(west, up_west, true);
                sink.add_promotions(east, up_east, true);
            }
        }
    }

    /// Castling, standard and Chess960: every square the king and rook cross or land on must
    /// be empty (but for the two of them), and no square the king stands on, crosses or lands
    /// on may be attacked once king and rook are lifted (a rook that shielded the king's
    /// destination no longer does after castling).
    fn generate_castling<S: MoveSink>(&self, sink: &mut S, king: Square, occupied: Bitboard) {
        let us = self.side_to_move();
        let castling = self.castling();
        if castling.is_empty() {
            return;
        }
        for side in CastleSide::ALL {
            let Some(rook) = castling.rook(us, side) else {
                continue;
            };
            let (king_to, rook_to) = side.destinations(us);
            let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
            let king_path = between(king, king_to).with(king_to);
            let rook_path = between(rook, rook_to).with(rook_to);
            if ((king_path | rook_path) & occupied & !movers).is_nonempty() {
                continue;
            }
            let lifted = occupied & !movers;
            let safe = king_path
                .iter()
                .all(|sq| !self.is_attacked(sq, us.flip(), lifted));
            if safe {
                sink.add(Move::new(king, rook, MoveFlag::Castle));
            }
        }
    }
}
