//! The accumulators of the line a search is on, one per ply, brought up to date only when an
//! evaluation needs them. About half the children a search enters are never evaluated (the
//! table holds their evaluation, or they are cut off first), and nor are the children of
//! many; their updates are never made. Entering a child records the pieces its move took
//! away and put down; an evaluation applies the records from the nearest ply that is up to
//! date. A record is read in the views ([`View`]) of the position evaluated, so a king's
//! crossing between files d and e, which turns its side's view, is applied at once, as is
//! castling; the views of the plies still pending are then those of the position evaluated.

use super::accumulator::Accumulator;
use super::network::Network;
use super::simd::Row;
use super::View;
use crate::chess::{Color, Move, Piece, PieceType, Position, Square};

/// The pieces one move took away and put down: a capture takes away the mover and its victim;
/// a null move changes nothing. Castling and a king's crossing between files d and e are not
/// recorded but applied at once.
#[derive(Copy, Clone, Default)]
struct PieceChanges {
    gone: [Option<(Piece, Square)>; 2],
    came: Option<(Piece, Square)>,
}

impl PieceChanges {
    /// The changes of `mv`, played in `before` by `mover`, neither castling nor turning a view.
    fn of(before: &Position, mv: Move, mover: Piece) -> PieceChanges {
        let victim_square = if mv.is_en_passant() {
            Square::new(mv.to().file(), mv.from().rank())
        } else {
            mv.to()
        };
        let arrived = mv
            .promotion()
            .map_or(mover, |piece_type| Piece::new(mover.color(), piece_type));
        PieceChanges {
            gone: [
                Some((mover, mv.from())),
                before
                    .captured_piece(mv)
                    .map(|victim| (victim, victim_square)),
            ],
            came: Some((arrived, mv.to())),
        }
    }
}

/// True if `mv` by `mover` is a king's crossing between files d and e, which turns its side's
/// view ([`View::of`]).
#[inline]
fn turns_view(mover: Piece, mv: Move) -> bool {
    mover.piece_type() == PieceType::King
        && (mv.from().file().index() >= 4) != (mv.to().file().index() >= 4)
}

/// One accumulator per ply, and for each ply not yet up to date the changes its move made.
pub struct AccumulatorStack {
    accumulators: Box<[Accumulator]>,
    /// `None` where the accumulator is up to date.
    pending: Box<[Option<PieceChanges>]>,
}

impl AccumulatorStack {
    /// A stack for lines of up to `plies` positions, the root included.
    pub fn new(plies: usize) -> AccumulatorStack {
        AccumulatorStack {
            accumulators: vec![
                Accumulator {
                    sides: [Row::ZERO; 2],
                };
                plies
            ]
            .into_boxed_slice(),
            pending: vec![None; plies].into_boxed_slice(),
        }
    }

    /// Computes the accumulators of `pos`, at `ply`, from scratch.
    pub fn refresh(&mut self, net: &Network, pos: &Position, ply: usize) {
        self.accumulators[ply] = Accumulator::refresh(net, pos);
        self.pending[ply] = None;
    }

    /// Enters `after`, at `ply + 1`, reached from `before`, at `ply`, by `mv` (`None`: a null
    /// move).
    #[inline]
    pub fn push(
        &mut self,
        net: &Network,
        ply: usize,
        before: &Position,
        mv: Option<Move>,
        after: &Position,
    ) {
        let changes = match mv {
            None => PieceChanges::default(),
            Some(mv) => match before.piece_at(mv.from()) {
                Some(mover) if !mv.is_castle() && !turns_view(mover, mv) => {
                    PieceChanges::of(before, mv, mover)
                }
                _ => {
                    self.bring_up_to_date(net, before, ply);
                    let (line, below) = self.accumulators.split_at_mut(ply + 1);
                    line[ply].update_into(net, before, after, &mut below[0]);
                    self.pending[ply + 1] = None;
                    return;
                }
            },
        };
        self.pending[ply + 1] = Some(changes);
    }

    /// The network's evaluation of `pos`, the position at `ply`.
    #[inline]
    pub fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        self.bring_up_to_date(net, pos, ply);
        self.accumulators[ply].evaluate(net, pos)
    }

    /// Applies the pending changes up to `ply`, where the position is `pos`.
    fn bring_up_to_date(&mut self, net: &Network, pos: &Position, ply: usize) {
        if self.pending[ply].is_none() {
            return;
        }
        let mut first = ply;
        while self.pending[first].is_some() {
            first -= 1;
        }
        let views = Color::ALL.map(|side| View::of(pos, side));
        for at in first + 1..=ply {
            let Some(changes) = self.pending[at].take() else {
                continue;
            };
            let (line, below) = self.accumulators.split_at_mut(at);
            let (parent, child) = (&line[at - 1], &mut below[0]);
            for (perspective, view) in views.iter().enumerate() {
                let feature = |&(piece, sq): &(Piece, Square)| view.feature(piece, sq);
                let mut gone = [0; 2];
                let mut gone_len = 0;
                for change in changes.gone.iter().flatten() {
                    gone[gone_len] = feature(change);
                    gone_len += 1;
                }
                let came = changes.came.as_ref().map(feature);
                net.kernel.update(
                    &mut child.sides[perspective],
                    &parent.sides[perspective],
                    &net.feature_weights,
                    came.as_slice(),
                    &gone[..gone_len],
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::chess960::chess960_start;
    use crate::eval::nnue::accumulator::tests::{random_move, Lcg};
    use crate::eval::nnue::network::made_up_network;
    use crate::eval::nnue::simd::Kernel;

    /// Walks up and down random lines as a search does (moves, null moves, going back a few
    /// plies), evaluating at random plies only, with every kernel this CPU runs; every
    /// evaluation equals the network's from scratch.
    #[test]
    fn lazy_evaluations_equal_evaluations_from_scratch_on_random_lines() {
        let net = made_up_network();
        for kernel in Kernel::available() {
            let net = net.clone().with_kernel(kernel);
            let mut rng = Lcg(11);
            let mut evaluations = 0;
            // Castles, en passant, promotions.
            let mut seen = [0usize; 3];
            for walk in 0..200 {
                let root = match walk % 4 {
                    0 => chess960_start(rng.below(960) as u16).expect("an index below 960"),
                    // Promotions, en passant and castling at once, for both sides.
                    1 => Position::from_fen("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1")
                        .expect("valid FEN"),
                    _ => Position::startpos(),
                };
                let mut stack = AccumulatorStack::new(64);
                stack.refresh(&net, &root, 0);
                let mut line = vec![root];
                for _ in 0..300 {
                    let ply = line.len() - 1;
                    let pos = line[ply];
                    let moves = pos.legal_moves();
                    if rng.below(4) == 0 && ply > 0 {
                        line.truncate(ply + 1 - rng.below(ply).max(1));
                        continue;
                    }
                    if ply + 1 == 64 || moves.is_empty() {
                        line.truncate(1);
                        continue;
                    }
                    let (mv, next) = if rng.below(10) == 0 && !pos.in_check() {
                        let mut passed = pos;
                        passed.make_null_move();
                        (None, passed)
                    } else {
                        let mv = random_move(&mut rng, &moves, &mut seen);
                        (Some(mv), pos.play(mv))
                    };
                    stack.push(&net, ply, &pos, mv, &next);
                    line.push(next);
                    if rng.below(3) == 0 {
                        let expected = net.evaluate(&next);
                        let fen = next.to_fen();
                        assert_eq!(stack.evaluate(&net, &next, ply + 1), expected, "{fen}");
                        evaluations += 1;
                    }
                }
            }
            assert!(evaluations > 10_000, "{evaluations} evaluations");
            assert!(
                seen.iter().all(|&n| n >= 20),
                "castles, e.p., promotions: {seen:?}"
            );
        }
    }
}
