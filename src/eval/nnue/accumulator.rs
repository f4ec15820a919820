//! Accumulators: each perspective's sum of the feature bias and the weight rows of its active
//! inputs. A move changes a few inputs, so a child's accumulators are its parent's plus the
//! rows of the inputs that appeared and minus those that went, found by comparing the two
//! positions piece by piece: one rule for quiet moves, captures, en passant, promotions and
//! castling of either kind, standard or Chess960. Each perspective's change is one pass of the
//! network's kernel ([`super::simd`]): the parent's row, every changed row, the child's row.
//! A king that crosses between files d and e turns its side's view ([`super::View`]), and
//! that side's accumulator is computed afresh.

use super::network::Network;
use super::simd::Row;
use super::{View, HIDDEN};
use crate::chess::{Color, Piece, PieceType, Position, Square};

/// Both perspectives' accumulators of one position, each 64-byte aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// Indexed by perspective: White's, then Black's.
    pub sides: [Row; 2],
}

// The search keeps a stack of these: two rows and no padding, each row aligned.
const _: () = assert!(size_of::<Accumulator>() == 2 * 2 * HIDDEN);
const _: () = assert!(align_of::<Accumulator>() == 64);

/// Inputs a move takes away, or adds, at most: a capture (en passant and capturing promotions
/// too) takes away the mover and its victim, a castle takes away and adds king and rook.
const MOVE_CHANGES: usize = 2;

/// The inputs that went, or those that came, with a move, as both perspectives see them.
struct Changes {
    /// Indexed by perspective, as [`Accumulator::sides`].
    features: [[usize; MOVE_CHANGES]; 2],
    len: usize,
}

impl Changes {
    fn new() -> Changes {
        Changes {
            features: [[0; MOVE_CHANGES]; 2],
            len: 0,
        }
    }

    /// Records `piece` on `sq` as `views` see it; false if the changes are more than one
    /// move makes.
    #[inline]
    fn push(&mut self, views: &[View; 2], piece: Piece, sq: Square) -> bool {
        if self.len == MOVE_CHANGES {
            return false;
        }
        for (view, features) in views.iter().zip(&mut self.features) {
            features[self.len] = view.feature(piece, sq);
        }
        self.len += 1;
        true
    }

    fn of(&self, perspective: usize) -> &[usize] {
        &self.features[perspective][..self.len]
    }
}

impl Accumulator {
    /// The accumulators of `pos`, computed from scratch.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        Accumulator {
            sides: [
                net.accumulator(pos, Color::White),
                net.accumulator(pos, Color::Black),
            ],
        }
    }

    /// The accumulators of `after`, a position one move (or a null move) from `before`, whose
    /// accumulators these are.
    pub fn update(&self, net: &Network, before: &Position, after: &Position) -> Accumulator {
        let mut next = *self;
        self.update_into(net, before, after, &mut next);
        next
    }

    /// Writes into `next` the accumulators of `after`, a position one move (or a null move)
    /// from `before`, whose accumulators these are: [`Accumulator::update`] without the copy,
    /// for the search's stack. Positions further apart are refreshed from scratch.
    #[inline]
    pub fn update_into(
        &self,
        net: &Network,
        before: &Position,
        after: &Position,
        next: &mut Accumulator,
    ) {
        let views = Color::ALL.map(|side| View::of(after, side));
        let mut gone = Changes::new();
        let mut came = Changes::new();
        for color in Color::ALL {
            for piece_type in PieceType::ALL {
                let was = before.pieces(color, piece_type);
                let is = after.pieces(color, piece_type);
                if was == is {
                    continue;
                }
                let piece = Piece::new(color, piece_type);
                let fits = (was & !is).iter().all(|sq| gone.push(&views, piece, sq))
                    && (is & !was).iter().all(|sq| came.push(&views, piece, sq));
                if !fits {
                    *next = Accumulator::refresh(net, after);
                    return;
                }
            }
        }
        for (perspective, (side, parent)) in next.sides.iter_mut().zip(&self.sides).enumerate() {
            let color = Color::ALL[perspective];
            if views[perspective] == View::of(before, color) {
                net.kernel.update(
                    side,
                    parent,
                    &net.feature_weights,
                    came.of(perspective),
                    gone.of(perspective),
                );
            } else {
                // The king crossed between files d and e: every input of its side moved.
                *side = net.accumulator(after, color);
            }
        }
    }

    /// The network's evaluation in centipawns for the side to move of `pos`, whose
    /// accumulators these are.
    #[inline]
    pub fn evaluate(&self, net: &Network, pos: &Position) -> i32 {
        let us = pos.side_to_move().index();
        let pieces = pos.occupied().popcount() as usize;
        net.output_of([&self.sides[us], &self.sides[1 - us]], pieces)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::chess::chess960::chess960_start;
    use crate::chess::{Move, MoveFlag, MoveList};
    use crate::eval::nnue::embedded;
    use crate::eval::nnue::network::made_up_network;
    use crate::eval::nnue::simd::Kernel;

    /// A tiny generator, so the games are the same on every run (the accumulator stack's
    /// tests use it too).
    pub(in crate::eval::nnue) struct Lcg(pub(in crate::eval::nnue) u64);

    impl Lcg {
        pub(in crate::eval::nnue) fn below(&mut self, bound: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % bound as u64) as usize
        }
    }

    /// A random move of `moves` (not empty), half the time one of the rare kinds (castling,
    /// en passant, promotion) if there is one, so that they are tested often; counts the
    /// castles, en passant captures and promotions picked in `seen[0..3]`.
    pub(in crate::eval::nnue) fn random_move(
        rng: &mut Lcg,
        moves: &MoveList,
        seen: &mut [usize],
    ) -> Move {
        let rare: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|mv| mv.is_castle() || mv.is_en_passant() || mv.is_promotion())
            .collect();
        let mv = if !rare.is_empty() && rng.below(2) == 0 {
            rare[rng.below(rare.len())]
        } else {
            moves.as_slice()[rng.below(moves.len())]
        };
        seen[0] += usize::from(mv.is_castle());
        seen[1] += usize::from(mv.is_en_passant());
        seen[2] += usize::from(mv.is_promotion());
        mv
    }

    /// Plays 300 random games (one in five from a Chess960 start) with `net` on every kernel
    /// this CPU runs, checking after every move that the accumulators updated move by move
    /// equal a refresh by the scalar kernel, and so does the evaluation.
    fn check_updates_over_300_games(net: &Network) {
        let reference = net.clone().with_kernel(Kernel::scalar());
        for kernel in Kernel::available() {
            let net = net.clone().with_kernel(kernel);
            let mut rng = Lcg(7);
            // Castles, en passant, promotions, Chess960 games, kings crossing between d and e.
            let mut seen = [0usize; 5];
            for game in 0..300 {
                let mut pos = if game % 5 == 0 {
                    seen[3] += 1;
                    chess960_start(rng.below(960) as u16).expect("an index below 960")
                } else {
                    Position::startpos()
                };
                let mut acc = Accumulator::refresh(&net, &pos);
                for _ in 0..200 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = random_move(&mut rng, &moves, &mut seen);
                    let next = pos.play(mv);
                    let side = pos.side_to_move();
                    seen[4] += usize::from(View::of(&pos, side) != View::of(&next, side));
                    acc = acc.update(&net, &pos, &next);
                    pos = next;
                    let fen = pos.to_fen();
                    assert_eq!(acc, Accumulator::refresh(&reference, &pos), "{fen}");
                    assert_eq!(acc, Accumulator::refresh(&net, &pos), "{fen}");
                    let eval = reference.evaluate(&pos);
                    assert_eq!(acc.evaluate(&net, &pos), eval, "{} {fen}", kernel.name());
                    assert_eq!(net.evaluate(&pos), eval, "{} {fen}", kernel.name());
                }
            }
            assert!(
                seen.iter().all(|&n| n >= 20),
                "castles, e.p., promotions, 960, king crossings: {seen:?}"
            );
        }
    }

    #[test]
    fn incremental_updates_equal_a_refresh_after_every_move_of_300_games() {
        check_updates_over_300_games(&made_up_network());
    }

    #[test]
    fn the_embedded_network_updates_exactly_too() {
        check_updates_over_300_games(&embedded());
    }

    #[test]
    fn every_promotion_and_a_null_move_update_exactly() {
        let net = made_up_network();
        let pos = Position::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
        let acc = Accumulator::refresh(&net, &pos);
        for flag in [
            MoveFlag::PromoteKnight,
            MoveFlag::PromoteBishop,
            MoveFlag::PromoteRook,
            MoveFlag::PromoteQueen,
        ] {
            let quiet = Move::new(crate::chess::Square::A7, crate::chess::Square::A8, flag);
            let after = pos.play(quiet);
            assert_eq!(
                acc.update(&net, &pos, &after),
                Accumulator::refresh(&net, &after)
            );
        }
        let mut passed = pos;
        passed.make_null_move();
        assert_eq!(acc.update(&net, &pos, &passed), acc);
        // Positions more than a move apart are refreshed.
        let start = Position::startpos();
        assert_eq!(
            acc.update(&net, &pos, &start),
            Accumulator::refresh(&net, &start)
        );
    }
}
