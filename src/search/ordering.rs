//! The staged move picker: the TT move before anything is generated (a cutoff then costs one
//! legality check), then captures and promotions that do not lose material (most valuable
//! victim first, then by capture history), then quiet moves (killers, counter-move, then by
//! butterfly and continuation history), and last the captures that lose material by static
//! exchange. Quiescence pickers hand out no quiets, or only those that give check.

use super::history::{ContinuationKey, History, QuietContext};
use super::params::CAPTURE_HISTORY_DIVISOR;
use super::see::{see_ge, SEE_VALUES};
use crate::chess::movegen::kind;
use crate::chess::stack_list::StackList;
use crate::chess::{Bitboard, Move, MoveList, PieceType, Position, MAX_MOVES};

#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenerateNoisy,
    GoodNoisy,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// Scored moves of one kind, handed out best first by selection (cheaper than sorting when
/// a cutoff comes early).
struct ScoredMoves {
    moves: MoveList,
    scores: StackList<i32, MAX_MOVES>,
    next: usize,
}

impl ScoredMoves {
    fn new() -> ScoredMoves {
        ScoredMoves {
            moves: MoveList::new(),
            scores: StackList::new(),
            next: 0,
        }
    }

    /// Puts the moves in the order of their `score`, best first, moves of equal score in the
    /// order they were generated. For quiets, which are handed out in list order, so their
    /// scores are not kept. Each move, its score and its place in the list are packed into
    /// one key; the keys are distinct, so an unstable sort of them gives exactly that stable
    /// order, faster than an insertion sort.
    fn sort_by_score(&mut self, score: impl Fn(Move) -> i32) {
        let mut keys: StackList<u64, MAX_MOVES> = StackList::new();
        for (index, &mv) in self.moves.iter().enumerate() {
            // Flipping the sign bit orders the scores as unsigned numbers; a smaller index
            // must sort first, hence its complement.
            let score_bits = u64::from((score(mv) as u32) ^ 0x8000_0000);
            let place = (MAX_MOVES - 1 - index) as u64;
            keys.push(score_bits << 32 | place << 16 | u64::from(mv.bits()));
        }
        keys.as_mut_slice().sort_unstable_by(|a, b| b.cmp(a));
        for (mv, &key) in self.moves.as_mut_slice().iter_mut().zip(keys.iter()) {
            // A move's bits are never 0, so this always unpacks.
            if let Some(sorted) = Move::from_bits(key as u16) {
                *mv = sorted;
            }
        }
    }

    /// The next move in list order.
    fn next_in_order(&mut self) -> Option<Move> {
        let mv = self.moves.as_slice().get(self.next).copied();
        self.next += 1;
        mv
    }

    /// The best remaining move if its score is at least `floor`.
    fn pick(&mut self, floor: i32) -> Option<(Move, i32)> {
        let len = self.moves.len();
        if self.next >= len {
            return None;
        }
        let scores = self.scores.as_mut_slice();
        let mut best = self.next;
        for i in self.next + 1..len {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        if scores[best] < floor {
            return None;
        }
        scores.swap(self.next, best);
        let score = scores[self.next];
        self.moves.as_mut_slice().swap(self.next, best);
        let picked = (self.moves.as_slice()[self.next], score);
        self.next += 1;
        Some(picked)
    }
}

/// Which quiet moves a picker hands out.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Quiets {
    All,
    /// Only those that give check, in the order of `All` (a main-search node whose late
    /// quiet moves are pruned unless they give check).
    ChecksInOrder,
    /// Only those that give check, as generated (for a quiescence search that looks for
    /// mates).
    Checks,
    None,
}

const GOOD_NOISY: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;
const COUNTER: i32 = KILLER - 1000;

/// Hands out the legal moves of a node in search order.
pub struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    /// What the quiet histories are keyed by.
    context: QuietContext,
    noisy: ScoredMoves,
    quiet: ScoredMoves,
    quiets: Quiets,
}

impl MovePicker {
    /// A picker for a main-search node.
    pub fn new(
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
        context: QuietContext,
    ) -> MovePicker {
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            counter,
            context,
            noisy: ScoredMoves::new(),
            quiet: ScoredMoves::new(),
            quiets: Quiets::All,
        }
    }

    /// A picker for quiescence: noisy moves only, and quiet checks if `quiet_checks`; every
    /// evasion when in check.
    pub fn new_quiescence(pos: &Position, tt_move: Option<Move>, quiet_checks: bool) -> MovePicker {
        let quiets = if pos.in_check() {
            Quiets::All
        } else if quiet_checks {
            Quiets::Checks
        } else {
            Quiets::None
        };
        let mut picker = MovePicker::new(
            tt_move.filter(|&mv| quiets == Quiets::All || mv.is_noisy()),
            [None; 2],
            None,
            QuietContext {
                color: pos.side_to_move(),
                cont: [ContinuationKey::NONE; 2],
                // Only evasions are quiet moves sorted by history here.
                threats: if pos.in_check() {
                    pos.attacked_by(pos.side_to_move().flip())
                } else {
                    Bitboard::EMPTY
                },
            },
        );
        picker.quiets = quiets;
        picker
    }

    /// The next move, or `None` when all have been handed out.
    pub fn next(&mut self, pos: &Position, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateNoisy;
                    if let Some(mv) = self.tt_move.filter(|&mv| pos.is_legal(mv)) {
                        return Some(mv);
                    }
                    self.tt_move = None;
                }
                Stage::GenerateNoisy => self.generate_noisy(pos, history),
                Stage::GoodNoisy => match self.noisy.pick(GOOD_NOISY) {
                    Some((mv, _)) if Some(mv) == self.tt_move => {}
                    Some((mv, _)) => return Some(mv),
                    None => self.stage = Stage::GenerateQuiet,
                },
                Stage::GenerateQuiet => self.generate_quiets(pos, history),
                Stage::Quiet => match self.quiet.next_in_order() {
                    Some(mv) if Some(mv) == self.tt_move => {}
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::BadNoisy,
                },
                Stage::BadNoisy => match self.noisy.pick(i32::MIN) {
                    Some((mv, _)) if Some(mv) == self.tt_move => {}
                    Some((mv, _)) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    /// From now on the picker hands out only the quiet moves that give check, in the order
    /// it would have handed them out among the others: the search prunes the rest unplayed
    /// (late-move pruning), so they need not be scored and sorted. Once the quiets are
    /// sorted it changes nothing; the search then skips the others itself.
    pub fn leave_out_quiets_without_check(&mut self) {
        if self.stage <= Stage::GenerateQuiet && self.quiets == Quiets::All {
            self.quiets = Quiets::ChecksInOrder;
        }
    }

    /// True if the move last handed out is known to lose no material by static exchange
    /// (`see_ge(pos, mv, 0)`): it came from the good noisy moves, which were sorted by that.
    /// False means not known.
    pub fn last_keeps_material(&self) -> bool {
        self.stage == Stage::GoodNoisy
    }

    // The generating stages run once a node, the others once a move: kept out of line, so
    // that a call that only hands out a move does not pay for their 2 KB frame and set-up.
    #[inline(never)]
    fn generate_noisy(&mut self, pos: &Position, history: &History) {
        pos.generate::<{ kind::NOISY }, _>(&mut self.noisy.moves);
        self.score_noisy(pos, history);
        self.stage = Stage::GoodNoisy;
    }

    #[inline(never)]
    fn generate_quiets(&mut self, pos: &Position, history: &History) {
        match self.quiets {
            Quiets::All => {
                pos.generate::<{ kind::QUIET }, _>(&mut self.quiet.moves);
                self.sort_quiets(pos, history);
            }
            // Sorting keeps the moves' relative order of generation among equal scores, so
            // the checks come out as they would from the full list.
            Quiets::ChecksInOrder => {
                self.generate_quiet_checks(pos);
                self.sort_quiets(pos, history);
            }
            Quiets::Checks => self.generate_quiet_checks(pos),
            Quiets::None => {}
        }
        self.stage = Stage::Quiet;
    }

    fn generate_quiet_checks(&mut self, pos: &Position) {
        let mut quiets = MoveList::new();
        pos.generate::<{ kind::QUIET }, _>(&mut quiets);
        let checks = pos.check_squares();
        for &mv in quiets.as_slice() {
            if checks.gives_check(pos, mv) {
                self.quiet.moves.push(mv);
            }
        }
    }

    fn score_noisy(&mut self, pos: &Position, history: &History) {
        for i in 0..self.noisy.moves.len() {
            let mv = self.noisy.moves.as_slice()[i];
            let victim = pos
                .captured_piece(mv)
                .map_or(0, |piece| SEE_VALUES[piece.piece_type().index()]);
            let attacker = pos
                .piece_at(mv.from())
                .map_or(0, |piece| piece.piece_type().index() as i32);
            let promotion_bonus = match mv.promotion() {
                Some(PieceType::Queen) => 2_000,
                Some(_) => -GOOD_NOISY,
                None => 0,
            };
            let good = mv.promotion() == Some(PieceType::Queen) || see_ge(pos, mv, 0);
            let base = if good { GOOD_NOISY } else { 0 };
            self.noisy.scores.push(
                base + promotion_bonus + victim * 8 - attacker
                    + history.capture_score(pos, mv) / CAPTURE_HISTORY_DIVISOR,
            );
        }
    }

    /// Orders the quiets: the killers, the counter-move, then by history.
    fn sort_quiets(&mut self, pos: &Position, history: &History) {
        let (killers, counter, context) = (self.killers, self.counter, &self.context);
        self.quiet.sort_by_score(|mv| {
            if Some(mv) == killers[0] {
                KILLER
            } else if Some(mv) == killers[1] {
                KILLER - 1
            } else if Some(mv) == counter {
                COUNTER
            } else {
                pos.piece_at(mv.from())
                    .map_or(0, |piece| history.quiet_score(context, piece, mv))
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quiet-history context of a node at `pos` with no moves before it.
    fn context(pos: &Position) -> QuietContext {
        QuietContext {
            color: pos.side_to_move(),
            cont: [ContinuationKey::NONE; 2],
            threats: pos.attacked_by(pos.side_to_move().flip()),
        }
    }

    #[test]
    fn sort_puts_higher_scores_first_and_keeps_the_order_of_equal_ones() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .expect("fen");
        let mut scored = ScoredMoves::new();
        let mut expected = Vec::new();
        // Scores from both ends of the range, negative ones and many ties.
        let cycle = [0, -5, 7, i32::MIN, i32::MAX, 7, -5, 0, 3];
        for (&mv, &score) in pos.legal_moves().iter().zip(cycle.iter().cycle()) {
            scored.moves.push(mv);
            expected.push((mv, score));
        }
        let score_of = |mv: Move| {
            expected
                .iter()
                .find(|&&(listed, _)| listed == mv)
                .map_or(0, |&(_, score)| score)
        };
        scored.sort_by_score(score_of);
        let sorted: Vec<(Move, i32)> = scored.moves.iter().map(|&mv| (mv, score_of(mv))).collect();
        expected.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        assert_eq!(sorted, expected);
        assert_eq!(sorted.len(), 48);
    }

    #[test]
    fn picker_yields_every_legal_move_once() {
        let history = History::new();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            let legal = pos.legal_moves();
            let tt = legal.as_slice().last().copied();
            let mut picker = MovePicker::new(
                tt,
                [legal.as_slice().first().copied(), None],
                None,
                context(&pos),
            );
            let mut seen = Vec::new();
            while let Some(mv) = picker.next(&pos, &history) {
                seen.push(mv);
            }
            assert_eq!(seen.first().copied(), tt);
            assert_eq!(seen.len(), legal.len(), "{fen}");
            seen.sort_by_key(|mv| mv.bits());
            seen.dedup();
            assert_eq!(seen.len(), legal.len(), "{fen}");
        }
    }

    #[test]
    fn leaving_out_quiets_without_check_keeps_the_order_of_the_rest() {
        let mut history = History::new();
        let mut rng = crate::search::rng::SplitMix64::new(5);
        let (mut checks, mut left_out) = (0, 0);
        for fen in [
            "r3r1k1/pp1q1p2/4bBp1/3p4/7R/8/PPP3PP/4R1K1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/3q4/8/8/2N5/R3K2R w KQ - 0 1",
            "6k1/5p2/8/8/8/8/1B6/Q3K2R w K - 0 1",
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            let legal = pos.legal_moves();
            // Histories with many ties and some order, so that the sort has work to do.
            for &mv in legal.as_slice() {
                if let (false, Some(piece)) = (mv.is_noisy(), pos.piece_at(mv.from())) {
                    let bonus = (rng.below(5) as i32 - 2) * 100;
                    history.update_quiet(&context(&pos), piece, mv, bonus);
                }
            }
            let killers = [legal.as_slice().get(3).copied(), None];
            let picker = || MovePicker::new(None, killers, None, context(&pos));
            let mut full = picker();
            let mut expected = Vec::new();
            while let Some(mv) = full.next(&pos, &history) {
                if mv.is_noisy() || pos.play(mv).in_check() {
                    expected.push(mv);
                } else {
                    left_out += 1;
                }
            }
            let mut lean = picker();
            lean.leave_out_quiets_without_check();
            let mut seen = Vec::new();
            while let Some(mv) = lean.next(&pos, &history) {
                seen.push(mv);
            }
            checks += seen.iter().filter(|mv| !mv.is_noisy()).count();
            assert_eq!(seen, expected, "{fen}");
        }
        assert!(
            checks >= 5 && left_out > 50,
            "{checks} checks, {left_out} left out"
        );
    }

    #[test]
    fn moves_said_to_keep_material_pass_the_static_exchange_test() {
        let history = History::new();
        let mut rng = crate::search::rng::SplitMix64::new(3);
        let (mut said, mut not_said) = (0, 0);
        for _ in 0..200 {
            let mut pos = Position::from_fen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .expect("fen");
            for _ in 0..40 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mut picker = MovePicker::new_quiescence(&pos, None, true);
                while let Some(mv) = picker.next(&pos, &history) {
                    if picker.last_keeps_material() {
                        assert!(see_ge(&pos, mv, 0), "{} {mv:?}", pos.to_fen());
                        said += 1;
                    } else if mv.is_noisy() && see_ge(&pos, mv, 0) {
                        not_said += 1;
                    }
                }
                pos = pos.play(legal.as_slice()[rng.below(legal.len())]);
            }
        }
        // With no history yet, every good capture is said to be one; only underpromotions are
        // not.
        assert!(said > 1000, "{said}");
        assert!(not_said < said / 10, "{not_said} of {said}");
    }

    #[test]
    fn quiescence_picker_adds_exactly_the_quiet_checks() {
        let history = History::new();
        for (fen, quiet_checks) in [
            // After 1.Qxg7+ Kxg7 2.Bf6+ Kh7 3.Rh4+ Kg8 (WAC.055): Rh8 mates.
            ("r3r1k1/pp1q1p2/4bBp1/3p4/7R/8/PPP3PP/4R1K1 w - - 0 1", 1),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                0,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 1),
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            for with_checks in [false, true] {
                let mut picker = MovePicker::new_quiescence(&pos, None, with_checks);
                let mut seen = Vec::new();
                while let Some(mv) = picker.next(&pos, &history) {
                    seen.push(mv);
                }
                let mut expected: Vec<Move> = pos
                    .legal_moves()
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|&mv| mv.is_noisy() || (with_checks && pos.play(mv).in_check()))
                    .collect();
                let noisy = pos.noisy_moves().len();
                assert_eq!(
                    expected.len(),
                    noisy + if with_checks { quiet_checks } else { 0 }
                );
                seen.sort_by_key(|mv| mv.bits());
                expected.sort_by_key(|mv| mv.bits());
                assert_eq!(seen, expected, "{fen}");
            }
        }
    }
}
