//! Every search tunable in one place, each with where its value came from. All values are
//! starting points set by hand from common practice; matches decide later changes.

/// Deepest ply the search reaches (stack sizes derive from it).
pub const MAX_PLY: usize = 128;
/// Score of delivering mate now; a mate found `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Larger than any score.
pub const INFINITE: i32 = MATE + 1;

/// First aspiration half-window in centipawns, from depth `ASPIRATION_MIN_DEPTH` on.
pub const ASPIRATION_WINDOW: i32 = 20;
/// Iterations below this depth use a full window.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;

/// Null move: base reduction, plus one ply per `NMP_DEPTH_DIVISOR` of depth.
pub const NMP_BASE_REDUCTION: i32 = 3;
/// See `NMP_BASE_REDUCTION`.
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// Null move is tried from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null move needs more legal moves than this (fewer suggests zugzwang; found on the
/// composed mates of shared/data/epd/mates.epd, where it hid mates in 2 and 3).
pub const NMP_MIN_LEGAL_MOVES: u64 = 3;

/// Reverse futility pruning: margin per ply of depth, up to `RFP_MAX_DEPTH`.
pub const RFP_MARGIN: i32 = 80;
/// See `RFP_MARGIN`.
pub const RFP_MAX_DEPTH: i32 = 7;

/// Futility pruning of quiet moves: base margin and margin per ply, up to `FP_MAX_DEPTH`.
pub const FP_BASE: i32 = 100;
/// See `FP_BASE`.
pub const FP_PER_DEPTH: i32 = 90;
/// See `FP_BASE`.
pub const FP_MAX_DEPTH: i32 = 6;

/// Late move pruning: quiets tried at depth `d` before the rest are skipped is
/// `LMP_BASE + d * d`, up to `LMP_MAX_DEPTH`.
pub const LMP_BASE: i32 = 3;
/// See `LMP_BASE`.
pub const LMP_MAX_DEPTH: i32 = 8;

/// Late move reductions: `LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR` (the usual form).
pub const LMR_BASE: f64 = 0.75;
/// See `LMR_BASE`.
pub const LMR_DIVISOR: f64 = 2.25;
/// History that shifts the reduction by one ply.
pub const LMR_HISTORY_DIVISOR: i32 = 12_288;

/// History pruning: quiets whose combined history is below `-HISTORY_PRUNE_MARGIN * depth`
/// are skipped up to `HISTORY_PRUNE_MAX_DEPTH`.
pub const HISTORY_PRUNE_MARGIN: i32 = 4_000;
/// See `HISTORY_PRUNE_MARGIN`.
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;

/// Singular extensions are tried from this depth on.
pub const SE_MIN_DEPTH: i32 = 8;
/// The TT entry must be at most this much shallower than the node.
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
/// The other moves must stay below the TT score by this much per ply of depth.
pub const SE_MARGIN_PER_DEPTH: i32 = 2;

/// SEE threshold per ply for pruning bad captures in the main search.
pub const SEE_CAPTURE_MARGIN: i32 = -90;
/// SEE threshold per ply squared for pruning quiet moves that lose material.
pub const SEE_QUIET_MARGIN: i32 = -25;

/// Quiescence delta pruning: a capture must be able to lift the score this close to alpha.
pub const DELTA_MARGIN: i32 = 200;

/// Correction history: entries per side (a power of two), indexed by pawn key.
pub const CORRECTION_SIZE: usize = 16_384;
/// Correction history: largest correction in centipawns.
pub const CORRECTION_MAX: i32 = 64;

/// Internal iterative reduction: a node without a TT move is searched one ply shallower
/// from this depth on (its move ordering is poor, and it is probably not important).
pub const IIR_MIN_DEPTH: i32 = 4;

/// Time management: the soft bound is scaled by `(BASE - share) * FACTOR`, where `share` is
/// the fraction of the nodes spent on the best move (0.9 of them: 0.84; half: 1.40).
pub const TM_NODE_SHARE_BASE: f64 = 1.5;
/// See `TM_NODE_SHARE_BASE`.
pub const TM_NODE_SHARE_FACTOR: f64 = 1.4;

/// History values stay within +-`HISTORY_MAX` (gravity formula).
pub const HISTORY_MAX: i32 = 16_384;
