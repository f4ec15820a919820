//! Every search parameter in one place, each with where its value came from. All values began
//! as starting points set by hand from common practice; matches decide later changes. The
//! tunables below other than the time-management scales are where an SPSA run on net 12 left
//! them (2,000 iterations at 10,000 nodes a move; docs/tuning.md, "SPSA on net 12").
//!
//! The margins, reductions and scales a tuner (SPSA) would search are [`Tunable`]s, each
//! declared once in the [`tunables!`] block below (name, default, range, and a doc comment that
//! says where the value came from). In a normal build a tunable is a `const`, so the compiler
//! folds it into the code that reads it (a division by `LMR_HISTORY_DIVISOR` becomes a multiply);
//! only the tuning build (`--features spsa`) reads them from memory, settable by name
//! ([`set_tunable`], behind `setoption` and `ferrite epd --set`). `ferrite spsa` lists them
//! in either build. Limits and sizes stay plain constants.

use crate::eval::EVAL_LIMIT;
use std::fmt;
#[cfg(feature = "spsa")]
use std::sync::atomic::{AtomicI32, Ordering};

/// A search parameter a tuner may search: a constant in a normal build, a value settable at
/// run time in the tuning build (`--features spsa`).
#[derive(Debug)]
pub struct Tunable {
    /// The name `setoption` and `ferrite spsa` use: the constant's own name.
    pub name: &'static str,
    /// The value the engine ships with.
    pub default: i32,
    /// Smallest value worth trying.
    pub min: i32,
    /// Largest value worth trying.
    pub max: i32,
    #[cfg(feature = "spsa")]
    value: AtomicI32,
}

impl Tunable {
    /// A parameter at its default value.
    pub const fn new(name: &'static str, default: i32, min: i32, max: i32) -> Tunable {
        Tunable {
            name,
            default,
            min,
            max,
            #[cfg(feature = "spsa")]
            value: AtomicI32::new(default),
        }
    }

    /// The value: the default, known at compile time.
    #[cfg(not(feature = "spsa"))]
    #[inline(always)]
    pub const fn get(&self) -> i32 {
        self.default
    }

    /// The current value (one relaxed load).
    #[cfg(feature = "spsa")]
    #[inline(always)]
    pub fn get(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
    }

    /// The current value in hundredths, as a fraction.
    #[inline]
    pub fn hundredths(&self) -> f64 {
        f64::from(self.get()) / 100.0
    }

    /// The parameter as a line of OpenBench SPSA input:
    /// `name, int, default, min, max, c_end, r_end`.
    pub fn spsa_line(&self) -> String {
        // OpenBench's usual starting step: a twentieth of the range; learning rate 0.002.
        let step = (f64::from(self.max - self.min) / 20.0).max(0.5);
        format!(
            "{}, int, {}, {}, {}, {step}, 0.002",
            self.name, self.default, self.min, self.max
        )
    }
}

/// Declares each tunable once: `NAME = default, min..=max;` after its doc comment. Gives a
/// `const` per tunable in a normal build and a `static` (run-time value) in the tuning build,
/// and [`TUNABLES`], the list of them all in the order declared (the order of `ferrite spsa`).
macro_rules! tunables {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal, $min:literal..=$max:literal;)*) => {
        $(
            $(#[doc = $doc])*
            #[cfg(not(feature = "spsa"))]
            pub const $name: Tunable = Tunable::new(stringify!($name), $default, $min, $max);
            $(#[doc = $doc])*
            #[cfg(feature = "spsa")]
            pub static $name: Tunable = Tunable::new(stringify!($name), $default, $min, $max);
        )*
        /// Every tunable parameter, in the order declared.
        pub static TUNABLES: &[&Tunable] = &[$(&$name),*];
    };
}

tunables! {
    /// The network's evaluation as the search sees it, in percent of what the network says. The
    /// margins below are in centipawns and were set by hand when the evaluation was hand-crafted;
    /// a network comes out at the scale of the search scores it learnt from (`ferrite train
    /// --scale-as` keeps each new one at its predecessor's), and this one factor moves every
    /// margin against it at once. The WDL model (`eval::wdl`) is fitted to the search's scores,
    /// so it goes with the default. 93 won an SPRT [0, 10] against 100; the SPSA run on net 12
    /// took it to 86 (docs/tuning.md).
    EVAL_SCALE = 86, 50..=150;
    /// The search sees the evaluation times `(base + material) / (base + reference)`
    /// (`eval_scale`): an edge is worth less as material comes off, and a smaller base shrinks it
    /// faster. (The WDL model of our self-play games needs three times the score to win half the games
    /// at 17 points of material as at 78.) 100 against no scaling: an SPRT [0, 10] accepted it;
    /// the SPSA run on net 12 took it to 94 (docs/tuning.md).
    MATERIAL_SCALE_BASE = 94, 20..=1000;
    /// First aspiration half-window in centipawns, from depth `ASPIRATION_MIN_DEPTH` on.
    ASPIRATION_WINDOW = 19, 5..=60;
    /// Null move: base reduction, plus one ply per `NMP_DEPTH_DIVISOR` of depth.
    NMP_BASE_REDUCTION = 3, 1..=5;
    /// See `NMP_BASE_REDUCTION`.
    NMP_DEPTH_DIVISOR = 4, 2..=8;
    /// Reverse futility pruning: margin per ply of depth, up to `RFP_MAX_DEPTH`.
    RFP_MARGIN = 83, 30..=200;
    /// From this depth on, reverse futility and null move first ask whether the opponent threatens
    /// mate in one (shallower, the replies would not see the mate anyway; the question costs time).
    MATE_THREAT_MIN_DEPTH = 2, 2..=10;
    /// Futility pruning of quiet moves: base margin and margin per ply of the move's LMR depth, up
    /// to `FP_MAX_DEPTH`.
    FP_BASE = 100, 0..=300;
    /// See `FP_BASE`.
    FP_PER_DEPTH = 91, 30..=200;
    /// Late move pruning: quiets tried at depth `d` before the rest are skipped is
    /// `LMP_BASE + d * d`, up to `LMP_MAX_DEPTH`.
    LMP_BASE = 3, 1..=10;
    /// Late move reductions: `LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR` (the usual form),
    /// both in hundredths.
    LMR_BASE = 81, 0..=200;
    /// See `LMR_BASE`.
    LMR_DIVISOR = 222, 100..=400;
    /// History that shifts the reduction by one ply.
    LMR_HISTORY_DIVISOR = 12_074, 4000..=32000;
    /// A reduced search that beats the best score by more than this plus two per ply is
    /// verified a ply deeper than unreduced.
    LMR_DEEPER_MARGIN = 48, 0..=200;
    /// Plies less that a capture or promotion is reduced than a quiet move.
    LMR_NOISY_RELIEF = 1, 0..=3;
    /// Extra LMR plies at expected cut nodes: a refutation is expected early there, so the late
    /// moves matter least (Stockfish reduces them two plies more).
    LMR_CUT_NODE = 2, 0..=4;
    /// History pruning: quiets whose combined history is below `-HISTORY_PRUNE_MARGIN * depth`
    /// are skipped up to `HISTORY_PRUNE_MAX_DEPTH`.
    HISTORY_PRUNE_MARGIN = 4_221, 1000..=12000;
    /// The history bonus of a cutoff at depth `d` (and the malus of the moves tried before it) is
    /// `HISTORY_BONUS_PER_DEPTH * d - HISTORY_BONUS_OFFSET`, at most `HISTORY_BONUS_MAX`: linear
    /// in depth, so that the many shallow cutoffs teach the tables quickly (Stockfish's form).
    HISTORY_BONUS_PER_DEPTH = 306, 100..=800;
    /// See `HISTORY_BONUS_PER_DEPTH`.
    HISTORY_BONUS_OFFSET = 241, 0..=600;
    /// See `HISTORY_BONUS_PER_DEPTH`.
    HISTORY_BONUS_MAX = 2_425, 800..=8_000;
    /// The quiet move that led to a node is rewarded (or punished) in the butterfly history by
    /// this many times how much the static evaluation swung its mover's way, in centipawns
    /// (Stockfish's `mainHistory` update from the two plies' evaluations), at most
    /// `HISTORY_EVAL_SWING_MAX`.
    HISTORY_EVAL_SWING_FACTOR = 10, 0..=40;
    /// See `HISTORY_EVAL_SWING_FACTOR`.
    HISTORY_EVAL_SWING_MAX = 1_510, 200..=4_000;
    /// A reduced move whose child's evaluation is this far better for the child's side than
    /// the parent's was for the parent is searched a ply shallower still.
    HINDSIGHT_MARGIN = 107, 0..=400;
    /// The other moves must stay below the TT score by this much per ply of depth.
    SE_MARGIN_PER_DEPTH = 2, 1..=6;
    /// Double extension: the other moves fail this far below the singular bound.
    SE_DOUBLE_MARGIN = 19, 0..=100;
    /// SEE threshold per ply for pruning bad captures in the main search.
    SEE_CAPTURE_MARGIN = -93, -200..=-20;
    /// SEE threshold per ply of LMR depth squared for pruning quiet moves that lose material.
    SEE_QUIET_MARGIN = -25, -80..=-5;
    /// Quiescence delta pruning: a capture must be able to lift the score this close to alpha.
    DELTA_MARGIN = 216, 50..=400;
    /// Razoring: up to this depth, a node whose evaluation is `RAZOR_MARGIN` per ply below
    /// alpha is answered by quiescence search if that stays below alpha too (0: no razoring).
    /// Only the last ply: razoring up to depth 3 hid the quiet follow-ups of sacrifices, and WAC at
    /// 1 s fell from 293 to 286 (Stockfish, for comparison, razors only far below alpha).
    RAZOR_MAX_DEPTH = 1, 0..=5;
    /// See `RAZOR_MAX_DEPTH`.
    RAZOR_MARGIN = 241, 100..=800;
    /// ProbCut: how far above beta a capture must score at the reduced depth.
    PROBCUT_MARGIN = 199, 80..=400;
    /// Time management: the soft bound is scaled by `(BASE - share) * FACTOR`, where `share` is
    /// the fraction of the nodes spent on the best move (0.9 of them: 0.84; half: 1.40). Both in
    /// hundredths.
    TM_NODE_SHARE_BASE = 150, 100..=250;
    /// See `TM_NODE_SHARE_BASE`.
    TM_NODE_SHARE_FACTOR = 140, 50..=300;
    /// Time management: a best score that fell by `d` centipawns since the previous iteration
    /// scales the soft bound by `1 + d / TM_SCORE_DROP_SCALE`, within `TM_SCORE_DROP_MIN` and
    /// `TM_SCORE_DROP_MAX` (a rise shortens it).
    TM_SCORE_DROP_SCALE = 100, 25..=400;
}

/// The tunable called `name` (case-insensitive).
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES
        .iter()
        .copied()
        .find(|tunable| tunable.name.eq_ignore_ascii_case(name))
}

/// A value set outside its range, and the value set instead: the note `setoption` and
/// `--set` give the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clamped {
    /// The name as the user gave it.
    pub name: String,
    /// The value asked for.
    pub requested: i128,
    /// The value set.
    pub set: i128,
}

impl fmt::Display for Clamped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} value {} out of range, set to {}",
            self.name, self.requested, self.set
        )
    }
}

/// Why a tunable could not be set by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TunableError {
    /// No tunable has this name (the name given).
    Unknown(String),
    /// The value is not an integer.
    NotAnInteger {
        /// The name as given.
        name: String,
        /// The value given.
        value: String,
    },
    /// This build has the tunables as constants (the name given): only a build with
    /// `--features spsa` sets them.
    Constant(String),
}

impl fmt::Display for TunableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TunableError::Unknown(name) => write!(f, "no tunable parameter called `{name}`"),
            TunableError::NotAnInteger { name, value } => {
                write!(f, "parameter `{name}` expects an integer, got `{value}`")
            }
            TunableError::Constant(name) => write!(
                f,
                "parameter `{name}` is a constant in this build (build with `--features spsa` \
                 to set it)"
            ),
        }
    }
}

impl std::error::Error for TunableError {}

/// Sets the tunable called `name` (case-insensitive) to the integer `value`, clamped to its
/// range; the clamping, if any, is returned for the user to see. A normal build refuses: its
/// tunables are constants.
pub fn set_tunable(name: &str, value: &str) -> Result<Option<Clamped>, TunableError> {
    let tunable = tunable(name).ok_or_else(|| TunableError::Unknown(name.to_string()))?;
    let value = value.trim();
    // Wider than i32, so that a huge value is clamped, not refused.
    let requested: i128 = value.parse().map_err(|_| TunableError::NotAnInteger {
        name: name.to_string(),
        value: value.to_string(),
    })?;
    let clamped = requested.clamp(i128::from(tunable.min), i128::from(tunable.max));
    store(tunable, name, clamped as i32)?;
    Ok((clamped != requested).then(|| Clamped {
        name: name.to_string(),
        requested,
        set: clamped,
    }))
}

/// Stores a value already within `tunable`'s range.
#[cfg(feature = "spsa")]
fn store(tunable: &Tunable, _name: &str, value: i32) -> Result<(), TunableError> {
    tunable.value.store(value, Ordering::Relaxed);
    Ok(())
}

/// A normal build's tunables are constants: nothing can be stored.
#[cfg(not(feature = "spsa"))]
fn store(_tunable: &Tunable, name: &str, _value: i32) -> Result<(), TunableError> {
    Err(TunableError::Constant(name.to_string()))
}

/// Deepest ply the search reaches (stack sizes derive from it).
pub const MAX_PLY: usize = 128;
/// Score of delivering mate now; a mate found `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Score of a tablebase win at the root; one found `n` plies from the root scores
/// `TB_WIN - n`, just below the mate range.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores beyond this are tablebase wins or mates: the outcome is known, not estimated.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// Larger than any score.
pub const INFINITE: i32 = MATE + 1;
// A static evaluation must never read as a tablebase win or a mate.
const _: () = assert!(EVAL_LIMIT < TB_WIN_BOUND);

/// Plies added to the remaining depth of a tablebase result stored in the TT: it is exact
/// knowledge, worth more than any search of that depth (Stockfish: 6).
pub const TB_TT_DEPTH_BONUS: i32 = 6;

/// No TT entry ends a node whose halfmove clock has reached this: the entry may come from a
/// search with a lower clock, for which the fifty-move draw was further away (Stockfish: 90).
pub const TT_CUTOFF_MAX_HALFMOVE: u16 = 90;

/// The material (pawns 1, knights and bishops 3, rooks 5, queens 9, both sides, as the WDL
/// model counts it) at which the material scale leaves the evaluation as it is: the middle of
/// the WDL model's range.
pub const MATERIAL_SCALE_REFERENCE: i32 = 58;

/// Iterations below this depth use a full window.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
/// A search that falls outside the aspiration window widens it by this percentage.
pub const ASPIRATION_GROWTH_PERCENT: i32 = 50;

/// ProbCut is tried from this depth on.
pub const PROBCUT_MIN_DEPTH: i32 = 5;
/// ProbCut: plies fewer than the node's depth the verifying search uses.
pub const PROBCUT_REDUCTION: i32 = 4;

/// Null move: one ply more reduction per this many centipawns of evaluation above beta ...
pub const NMP_EVAL_DIVISOR: i32 = 200;
/// ... up to this many plies.
pub const NMP_EVAL_MAX_REDUCTION: i32 = 3;
/// Null move is tried from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null move needs more legal moves than this (fewer suggests zugzwang; found on the
/// composed mates of tests/data/mates.epd, where it hid mates in 2 and 3).
pub const NMP_MIN_LEGAL_MOVES: u64 = 3;

/// See `RFP_MARGIN`.
pub const RFP_MAX_DEPTH: i32 = 7;

/// See `FP_BASE`.
pub const FP_MAX_DEPTH: i32 = 6;

/// See `LMP_BASE`.
pub const LMP_MAX_DEPTH: i32 = 8;

/// One ply in the unit late-move reductions are summed in: their terms (the history's a
/// fraction of a ply) add up before the sum is rounded down to whole plies.
pub const PLY: i32 = 1024;
/// Late move reductions apply from this depth on.
pub const LMR_MIN_DEPTH: i32 = 3;
/// See `LMR_DEEPER_MARGIN`: the plus per ply of depth.
pub const LMR_DEEPER_MARGIN_PER_DEPTH: i32 = 2;
/// A reduced search that beats the best score by less than this is verified a ply shallower.
pub const LMR_SHALLOWER_MARGIN: i32 = 10;

/// See `HISTORY_PRUNE_MARGIN`.
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;

/// Singular extensions are tried from this depth on.
pub const SE_MIN_DEPTH: i32 = 8;
/// The TT entry must be at most this much shallower than the node.
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
/// Double extensions allowed on one line from the root: bounds how far a line can grow.
pub const SE_DOUBLE_MAX: i32 = 6;

/// See `SEE_CAPTURE_MARGIN`: captures are SEE-pruned up to this depth.
pub const SEE_CAPTURE_MAX_DEPTH: i32 = 6;
/// See `SEE_QUIET_MARGIN`: quiets are SEE-pruned up to this LMR depth.
pub const SEE_QUIET_MAX_DEPTH: i32 = 8;

/// Correction history: entries per side to move and per table (a power of two), indexed by
/// pawn key or by one side's piece key.
pub const CORRECTION_SIZE: usize = 16_384;
/// Correction history: largest correction in centipawns.
pub const CORRECTION_MAX: i32 = 64;

/// Internal iterative reduction: a node without a TT move is searched one ply shallower
/// from this depth on (its move ordering is poor, and it is probably not important).
pub const IIR_MIN_DEPTH: i32 = 4;

/// Time management: moves assumed left without `movestogo` when there is no increment. Each
/// move then takes about 1/50 of what is left, so at 10+0 half the clock is still there near
/// move 30 (with 25, half was spent by move 15 and long games ended at depth 1).
pub const TM_SUDDEN_DEATH_MOVES_TO_GO: u64 = 50;
/// Time management: moves assumed left without `movestogo` when the increment is at least
/// `TM_INCREMENT_CARRIES_PERMILLE` of the clock: the increment refills what a move spends.
/// Between no increment and that one the horizon shrinks linearly from
/// `TM_SUDDEN_DEATH_MOVES_TO_GO`.
pub const TM_INCREMENT_MOVES_TO_GO: u64 = 25;
/// See `TM_INCREMENT_MOVES_TO_GO`: 10 per mille, so that at 8+0.08 and 10+0.1 the increment
/// carries the clock.
pub const TM_INCREMENT_CARRIES_PERMILLE: u64 = 10;
/// Time management: a `movestogo` larger than this plans as if it were this.
pub const TM_MOVES_TO_GO_MAX: u32 = 50;
/// Time management: clock kept back on top of `Move Overhead` (at most half the clock): a busy
/// machine delays a reply by tens of milliseconds, which at 1+0.01 with 30 ms left is a lost
/// game (seen: 10–50 ms overshoots against Glaurung with both cores loaded). The increment
/// refills it.
pub const TM_CLOCK_RESERVE_MS: u64 = 20;
/// Time management: a move's share of the clock at move 1, in percent of the full share,
/// growing linearly to the full share at move `TM_OPENING_MOVES`: the first moves out of the
/// book are the ones a shallower search plays best, and the clock they leave is spent where
/// the game is decided (Stockfish's share grows with the move number too).
pub const TM_OPENING_SHARE_PERCENT: u64 = 60;
/// See `TM_OPENING_SHARE_PERCENT`.
pub const TM_OPENING_MOVES: u64 = 20;
/// Time management: percentage of the increment added to each move's share of the clock.
pub const TM_INCREMENT_PERCENT: u64 = 75;
/// Time management: the soft bound never exceeds this percentage of the usable clock ...
pub const TM_SOFT_MAX_PERCENT: u64 = 60;
/// ... the hard bound is this many soft bounds ...
pub const TM_HARD_PER_SOFT: u64 = 3;
/// ... and never exceeds this percentage of the usable clock.
pub const TM_HARD_MAX_PERCENT: u64 = 80;
/// Time management: the soft bound's factor after 0, 1, 2 and more iterations with the same
/// best move: a stable move needs less time, a changing one more.
pub const TM_STABILITY: [f64; 4] = [1.3, 1.0, 0.85, 0.7];

/// See `TM_SCORE_DROP_SCALE`.
pub const TM_SCORE_DROP_MIN: f64 = 0.8;
/// See `TM_SCORE_DROP_SCALE`.
pub const TM_SCORE_DROP_MAX: f64 = 1.6;

/// TT replacement: an entry for the same position that is deeper by more than this keeps
/// its place against a new inexact one.
pub const TT_KEEP_DEPTH_MARGIN: i32 = 3;
/// TT replacement: each search since an entry was written counts against it as this many
/// plies of depth.
pub const TT_AGE_WEIGHT: i32 = 8;

/// Move ordering: capture history is scaled down by this so that it orders captures of equal
/// victims and only overrides the victim's value when the evidence is strong.
pub const CAPTURE_HISTORY_DIVISOR: i32 = 4;

/// History values stay within +-`HISTORY_MAX` (gravity formula).
pub const HISTORY_MAX: i32 = 16_384;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_tunable_is_listed_once_with_its_default_in_range() {
        let mut names = HashSet::new();
        for tunable in TUNABLES {
            assert!(names.insert(tunable.name), "{} listed twice", tunable.name);
            assert!(
                tunable.min <= tunable.default && tunable.default <= tunable.max,
                "{}: {} outside {}..={}",
                tunable.name,
                tunable.default,
                tunable.min,
                tunable.max
            );
            assert_eq!(tunable.get(), tunable.default, "{}", tunable.name);
        }
        // The declarations in this file's block: each one must be in the list.
        let source = include_str!("params.rs");
        let block = &source[source.find("tunables! {").expect("the block")..];
        let block = &block[..block.find("\n}").expect("its end")];
        let declared = block
            .lines()
            .filter(|line| {
                line.trim_start()
                    .chars()
                    .next()
                    .is_some_and(char::is_uppercase)
            })
            .count();
        assert_eq!(declared, TUNABLES.len());
    }

    #[test]
    fn unknown_names_and_bad_values_are_refused_naming_them() {
        assert_eq!(
            set_tunable("NO_SUCH_PARAMETER", "1"),
            Err(TunableError::Unknown("NO_SUCH_PARAMETER".to_string()))
        );
        let bad = set_tunable("RFP_MARGIN", "wide");
        assert_eq!(
            bad,
            Err(TunableError::NotAnInteger {
                name: "RFP_MARGIN".to_string(),
                value: "wide".to_string()
            })
        );
        assert_eq!(RFP_MARGIN.get(), RFP_MARGIN.default);
        assert_eq!(
            RFP_MARGIN.spsa_line(),
            "RFP_MARGIN, int, 83, 30, 200, 8.5, 0.002"
        );
    }

    #[cfg(not(feature = "spsa"))]
    #[test]
    fn a_normal_build_refuses_to_set_its_constants() {
        let refused = set_tunable("rfp_margin", "90");
        assert_eq!(
            refused,
            Err(TunableError::Constant("rfp_margin".to_string()))
        );
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err(
                "parameter `rfp_margin` is a constant in this build (build with `--features \
                 spsa` to set it)"
                    .to_string()
            )
        );
    }

    // Tunables are process-wide and other tests search with them: every value set here is
    // the default.
    #[cfg(feature = "spsa")]
    #[test]
    fn tunables_are_set_by_any_case_and_clamped_with_a_note() {
        let default = MATE_THREAT_MIN_DEPTH.default;
        assert_eq!(set_tunable("mate_threat_min_depth", " 2 "), Ok(None));
        assert_eq!(
            set_tunable("Mate_Threat_Min_Depth", "-7"),
            Ok(Some(Clamped {
                name: "Mate_Threat_Min_Depth".to_string(),
                requested: -7,
                set: i128::from(default),
            }))
        );
        assert_eq!(MATE_THREAT_MIN_DEPTH.get(), default);
        assert_eq!(
            set_tunable("MATE_THREAT_MIN_DEPTH", "-99999999999999999999")
                .map(|note| note.map(|clamped| clamped.to_string())),
            Ok(Some(
                "MATE_THREAT_MIN_DEPTH value -99999999999999999999 out of range, set to 2"
                    .to_string()
            ))
        );
        assert_eq!(MATE_THREAT_MIN_DEPTH.get(), default);
    }
}
