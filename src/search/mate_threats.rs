//! What the search learnt about mate threats, by position: could the opponent mate at once
//! if the side to move passed? The question is asked before a pruning trusts a static
//! evaluation, costs a move generation and a trial of every check, and comes back for the
//! same positions in each iteration; a remembered answer costs one load.

use crate::chess::Position;

/// Remembered answers, one slot per position key's low bits.
pub struct MateThreats {
    /// A key with its lowest bit replaced by the answer; 0 is an empty slot (a key whose 63
    /// high bits are all zero is not worth a thought).
    slots: Box<[u64; SLOTS]>,
}

const SLOTS: usize = 4096;

impl MateThreats {
    /// No answers yet.
    pub fn new() -> MateThreats {
        MateThreats {
            slots: Box::new([0; SLOTS]),
        }
    }

    /// True if the opponent of the side to move in `pos` could mate at once were it their
    /// move.
    pub fn threatened(&mut self, pos: &Position) -> bool {
        let key = pos.key() & !1;
        let slot = &mut self.slots[pos.key() as usize % SLOTS];
        if *slot & !1 == key && key != 0 {
            return *slot & 1 == 1;
        }
        let mut passed = *pos;
        passed.make_null_move();
        let threat = passed.mate_in_one().is_some();
        *slot = key | u64::from(threat);
        threat
    }
}

impl Default for MateThreats {
    fn default() -> MateThreats {
        MateThreats::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::rng::SplitMix64;

    #[test]
    fn remembered_answers_are_the_answers() {
        let mut threats = MateThreats::new();
        let ask = |pos: &Position| {
            let mut passed = *pos;
            passed.make_null_move();
            passed.mate_in_one().is_some()
        };
        // Ra8 mates if Black passes, or does not (luft): the answers are remembered.
        for (fen, threat) in [
            ("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", true),
            ("6k1/5pp1/7p/8/8/8/8/R5K1 b - - 0 1", false),
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            assert_eq!(threats.threatened(&pos), threat, "{fen}");
            assert_eq!(threats.threatened(&pos), threat, "{fen}");
        }
        // Enough positions of random games that slots are shared, each asked twice (the
        // second time mostly from memory).
        let mut rng = SplitMix64::new(11);
        let (mut asked, mut threatened) = (0, 0);
        for _ in 0..300 {
            let mut pos = Position::startpos();
            for _ in 0..60 {
                let legal = pos.legal_moves();
                if legal.is_empty() || pos.in_check() {
                    break;
                }
                let expected = ask(&pos);
                assert_eq!(threats.threatened(&pos), expected, "{}", pos.to_fen());
                assert_eq!(threats.threatened(&pos), expected, "{}", pos.to_fen());
                asked += 1;
                threatened += usize::from(expected);
                pos = pos.play(legal.as_slice()[rng.below(legal.len())]);
            }
        }
        assert!(asked > 2 * SLOTS, "{asked}");
        assert!(threatened > 50, "{threatened}");
    }
}
