//! Accumulators: each perspective's sum of the feature bias and the weight rows of its active
//! inputs. A move changes a few inputs, so a child's accumulators are its parent's plus the
//! rows of the inputs that appeared and minus those that went, found by comparing the two
//! positions piece by piece: one rule for quiet moves, captures, en passant, promotions and
//! castling of either kind, standard or Chess960. The loops are plain, over `i16` lanes the
//! compiler vectorises.

use super::network::Network;
use super::{feature_index, HIDDEN};
use crate::chess::{Color, Piece, PieceType, Position};

/// Both perspectives' accumulators of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// Indexed by perspective: White's, then Black's.
    pub sides: [[i16; HIDDEN]; 2],
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
        for color in Color::ALL {
            for piece_type in PieceType::ALL {
                let was = before.pieces(color, piece_type);
                let is = after.pieces(color, piece_type);
                if was == is {
                    continue;
                }
                let piece = Piece::new(color, piece_type);
                for sq in (was & !is).iter() {
                    next.apply(net, piece, sq, sub_row);
                }
                for sq in (is & !was).iter() {
                    next.apply(net, piece, sq, add_row);
                }
            }
        }
        next
    }

    /// Adds or subtracts the rows of `piece` on `sq` in both perspectives.
    #[inline]
    fn apply(
        &mut self,
        net: &Network,
        piece: Piece,
        sq: crate::chess::Square,
        op: fn(&mut [i16; HIDDEN], &[i16; HIDDEN]),
    ) {
        for (perspective, side) in Color::ALL.into_iter().zip(&mut self.sides) {
            op(
                side,
                &net.feature_weights[feature_index(perspective, piece, sq)],
            );
        }
    }

    /// The network's evaluation in centipawns for the side to move of `pos`, whose
    /// accumulators these are.
    #[inline]
    pub fn evaluate(&self, net: &Network, pos: &Position) -> i32 {
        let us = pos.side_to_move().index();
        let pieces = pos.occupied().popcount() as usize;
        net.output(&[self.sides[us], self.sides[1 - us]], pieces)
    }
}

#[inline]
fn add_row(side: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (value, weight) in side.iter_mut().zip(row) {
        *value = value.wrapping_add(*weight);
    }
}

#[inline]
fn sub_row(side: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (value, weight) in side.iter_mut().zip(row) {
        *value = value.wrapping_sub(*weight);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::chess960::chess960_start;
    use crate::chess::{Move, MoveFlag};
    use crate::eval::nnue::embedded;
    use crate::eval::nnue::network::made_up_network;

    /// A tiny generator, so the games are the same on every run.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, bound: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % bound as u64) as usize
        }
    }

    /// Plays 300 random games (one in five from a Chess960 start), checking after every
    /// move that `net`'s accumulators updated move by move equal a refresh, and so does the
    /// evaluation.
    fn check_updates_over_300_games(net: &Network) {
        let mut rng = Lcg(7);
        let mut seen = [0usize; 4]; // castles, en passant, promotions, Chess960 games
        for game in 0..300 {
            let mut pos = if game % 5 == 0 {
                seen[3] += 1;
                chess960_start(rng.below(960) as u16).expect("an index below 960")
            } else {
                Position::startpos()
            };
            let mut acc = Accumulator::refresh(net, &pos);
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer the rare kinds of move when they come up, to test them often.
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
                let next = pos.play(mv);
                acc = acc.update(net, &pos, &next);
                pos = next;
                assert_eq!(acc, Accumulator::refresh(net, &pos), "{}", pos.to_fen());
                assert_eq!(
                    acc.evaluate(net, &pos),
                    net.evaluate(&pos),
                    "{}",
                    pos.to_fen()
                );
            }
        }
        assert!(
            seen.iter().all(|&n| n >= 20),
            "castles, e.p., promotions, 960: {seen:?}"
        );
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
    }
}
