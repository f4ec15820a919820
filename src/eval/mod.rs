//! Layer 3, the evaluation: a neural network ([`nnue`]), the one built into the binary
//! ([`nnue::embedded()`]) unless `EvalFile` or `--eval-file` names another. The search keeps
//! each line's accumulators and updates them move by move; the `eval` command shows the
//! network's verdict and what each piece adds to it ([`nnue::trace`]). The search adds one
//! term the network lacks, the way to mate a lone king ([`lone_king`]).

pub mod lone_king;
pub mod nnue;
pub mod wdl;

/// Bound on every static evaluation, either way: 200 pawns. A network's output is clamped to
/// it, so that an evaluation never reads as a mate (the search's `MATE_BOUND`, 31,872) nor
/// overflows the 16 bits the transposition table keeps it in, and leaves room for tablebase
/// scores just below the mate range. `search::params` asserts the ordering.
pub const EVAL_LIMIT: i32 = 20_000;
