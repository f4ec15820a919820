//! Layer 3, the evaluation: a hand-crafted, tapered static evaluation of a [`Position`].
//!
//! Every term yields a middlegame/endgame [`Score`] for each side: material, piece-square
//! tables, pawn structure, passed pawns (rank, kings' distances, a free and safe path),
//! mobility, pieces (bishop pair, rooks on files, minor pieces on outposts, placements such as
//! bad bishops and rooks on the seventh), king safety (attacks on the king zone, safe checks,
//! weak squares, pawn shelter and storm), threats (`threats.rs`) and the tempo bonus for the
//! side to move. The white-minus-black sum is blended by game phase (non-pawn material:
//! N = B = 1, R = 2, Q = 4, 24 at the start), after the endgame half has been scaled down in
//! drawish endings (`scale.rs`). Positions where neither side can force mate evaluate to
//! exactly 0.
//!
//! [`evaluate`] and [`trace`] share one code path (`Breakdown`), so the table that `trace`
//! prints always adds up to what the search sees. All weights live in [`params`].
//! [`features()`] splits the same breakdown into the linear form `ferrite tune` fits.

mod features;
mod king;
pub mod nnue;
pub mod params;
mod pawn_cache;
mod pawns;
mod pieces;
mod pst;
mod scale;
pub mod score;
mod threats;
mod trace;

pub use features::{
    danger_units, features, king_danger, table_entry, table_entry_place, Features, Group, Param,
    Table, Weight, TABLES, TABLE_ENTRIES,
};
pub use king::{Danger, KingAttack};
pub use pawn_cache::PawnCache;
pub use score::Score;
pub use trace::trace;

use crate::chess::attacks::king_attacks as king_attacks_of;
use crate::chess::{Color, PieceType, Position};
use params::*;

/// Bound on every static evaluation, either way: 200 pawns. The richest material a FEN may
/// set up against a bare king evaluates to about 12,500, so no reachable position is clamped
/// today; the bound guards, for later evaluations too, that an evaluation never reads as a mate
/// (the search's `MATE_BOUND`, 31,872) nor overflows the 16 bits the transposition table keeps
/// it in, and leaves room for tablebase scores just below the mate range. `search::params`
/// asserts the ordering.
pub const EVAL_LIMIT: i32 = 20_000;

/// The evaluation terms, in the order `trace` prints them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Term {
    Material,
    PieceSquare,
    Pawns,
    PassedPawns,
    Mobility,
    Pieces,
    KingSafety,
    Threats,
    Tempo,
}

impl Term {
    const ALL: [Term; 9] = [
        Term::Material,
        Term::PieceSquare,
        Term::Pawns,
        Term::PassedPawns,
        Term::Mobility,
        Term::Pieces,
        Term::KingSafety,
        Term::Threats,
        Term::Tempo,
    ];
    const COUNT: usize = Term::ALL.len();

    fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquare => "Piece-square",
            Term::Pawns => "Pawn structure",
            Term::PassedPawns => "Passed pawns",
            Term::Mobility => "Mobility",
            Term::Pieces => "Pieces",
            Term::KingSafety => "King safety",
            Term::Threats => "Threats",
            Term::Tempo => "Tempo",
        }
    }
}

/// Material values by piece type (the king's is never used).
const PIECE_VALUES: [Score; PieceType::COUNT] = [
    PAWN_VALUE,
    KNIGHT_VALUE,
    BISHOP_VALUE,
    ROOK_VALUE,
    QUEEN_VALUE,
    Score::ZERO,
];

/// Every term for both sides, and what blends them into one number.
#[derive(Copy, Clone, Debug)]
struct Breakdown {
    /// `terms[term][color]`, each from that colour's own point of view.
    terms: [[Score; Color::COUNT]; Term::COUNT],
    /// 0 (bare kings and pawns) ..= [`PHASE_MAX`] (all pieces).
    phase: i32,
    /// Share of the endgame score kept, out of [`SCALE_NORMAL`].
    scale: i32,
    /// Neither side can force mate: the result is 0 whatever the terms say.
    no_mating_material: bool,
    side_to_move: Color,
    /// `king_attacks[color]`: the enemy's attacks on the king of `color`.
    king_attacks: [king::KingAttack; Color::COUNT],
    /// `threats[color]`: the enemy men that `color` threatens.
    threats: [threats::Targets; Color::COUNT],
    /// `placement[color]`: how often each [`pieces::Placement`] occurs for `color`.
    placement: [[i32; pieces::Placement::COUNT]; Color::COUNT],
}

impl Breakdown {
    /// The breakdown of `pos`, working out its pawn terms.
    fn new(pos: &Position) -> Breakdown {
        Breakdown::with_pawns(pos, Color::ALL.map(|color| pawns::evaluate(pos, color)))
    }

    /// The breakdown of `pos` whose pawn terms (white's, black's) are `pawn_terms`.
    fn with_pawns(pos: &Position, pawn_terms: [pawns::PawnTerms; Color::COUNT]) -> Breakdown {
        let mut terms = [[Score::ZERO; Color::COUNT]; Term::COUNT];
        let mut set = |term: Term, color: Color, score: Score| {
            terms[term as usize][color.index()] = score;
        };

        let mut phase = 0;
        let pawn_attacks = Color::ALL.map(|c| pawns::attacks_of(c, pos.pieces(c, PieceType::Pawn)));
        let pawn_spans = Color::ALL.map(|c| pawns::attack_span(c, pos.pieces(c, PieceType::Pawn)));
        let king_zones = Color::ALL.map(|c| king::zone(c, pos.king_square(c)));
        let mut king_attacks = [king::KingAttack::default(); Color::COUNT];
        let mut attacks = [threats::Attacks::default(); Color::COUNT];
        let mut by_type = [king::PieceAttacks::default(); Color::COUNT];
        let mut threat_targets = [threats::Targets::default(); Color::COUNT];
        let mut placement = [[0; pieces::Placement::COUNT]; Color::COUNT];

        for color in Color::ALL {
            let them = color.flip().index();
            let mut material = Score::ZERO;
            let mut pst = Score::ZERO;
            for pt in PieceType::ALL {
                let bb = pos.pieces(color, pt);
                material += PIECE_VALUES[pt.index()] * bb.popcount() as i32;
                for sq in bb {
                    pst += pst::value(color, pt, sq);
                }
            }
            set(Term::Material, color, material);
            set(Term::PieceSquare, color, pst);
            phase += PHASE_KNIGHT * pos.pieces(color, PieceType::Knight).popcount() as i32
                + PHASE_BISHOP * pos.pieces(color, PieceType::Bishop).popcount() as i32
                + PHASE_ROOK * pos.pieces(color, PieceType::Rook).popcount() as i32
                + PHASE_QUEEN * pos.pieces(color, PieceType::Queen).popcount() as i32;

            set(Term::Pawns, color, pawn_terms[color.index()].structure);

            let outposts = pieces::outposts(color, pawn_attacks[color.index()], pawn_spans[them]);
            let piece_terms =
                pieces::evaluate(pos, color, pawn_attacks[them], king_zones[them], outposts);
            set(Term::Mobility, color, piece_terms.mobility);
            set(Term::Pieces, color, piece_terms.pieces);
            placement[color.index()] = piece_terms.placement;
            king_attacks[them] = piece_terms.king_attack;
            by_type[color.index()] = piece_terms.by_type;
            let king = king_attacks_of(pos.king_square(color));
            attacks[color.index()] = threats::Attacks {
                pawns: pawn_attacks[color.index()],
                minors: piece_terms.by_type.knights | piece_terms.by_type.bishops,
                rooks: piece_terms.by_type.rooks,
                all: pawn_attacks[color.index()] | piece_terms.attacks | king,
            };
        }
        for color in Color::ALL {
            let them = color.flip().index();
            let attack = &mut king_attacks[color.index()];
            let ours = &attacks[color.index()];
            let zone = king_zones[color.index()];
            king::add_checks(
                pos,
                color,
                zone,
                &by_type[them],
                attacks[them].all,
                ours,
                attack,
            );
            let safety = king::danger(attack) + king::shelter(pos, color);
            set(Term::KingSafety, color, safety);
            let [ours, theirs] = [color, color.flip()].map(|c| &attacks[c.index()]);
            let targets = threats::targets(pos, color, ours, theirs);
            threat_targets[color.index()] = targets;
            set(
                Term::Threats,
                color,
                threats::evaluate(pos, color, &targets),
            );
            let ours_passed = &pawn_terms[color.index()];
            let kings = pawns::passed_kings(pos, color, ours_passed.passers);
            let path = pawns::passed_path(pos, color, ours_passed.passers, theirs.all);
            set(Term::PassedPawns, color, ours_passed.passed + kings + path);
        }
        set(Term::Tempo, pos.side_to_move(), TEMPO);

        let mut breakdown = Breakdown {
            terms,
            phase: phase.min(PHASE_MAX),
            scale: SCALE_NORMAL,
            no_mating_material: scale::no_mating_material(pos),
            side_to_move: pos.side_to_move(),
            king_attacks,
            threats: threat_targets,
            placement,
        };
        let eg = breakdown.total().eg;
        if eg != 0 {
            let strong = if eg > 0 { Color::White } else { Color::Black };
            breakdown.scale = scale::factor(pos, strong);
        }
        breakdown
    }

    /// One term, white minus black.
    fn term(&self, term: Term) -> Score {
        let [white, black] = self.terms[term as usize];
        white - black
    }

    /// All terms, white minus black.
    fn total(&self) -> Score {
        Term::ALL
            .iter()
            .fold(Score::ZERO, |sum, &term| sum + self.term(term))
    }

    /// The blended, scaled score from white's point of view, within [`EVAL_LIMIT`]. Integer
    /// division truncates towards zero and the clamp is symmetric, so colour-mirrored
    /// positions get exactly opposite values.
    fn white_score(&self) -> i32 {
        if self.no_mating_material {
            return 0;
        }
        let total = self.total();
        let eg = total.eg * self.scale / SCALE_NORMAL;
        let blended = (total.mg * self.phase + eg * (PHASE_MAX - self.phase)) / PHASE_MAX;
        blended.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The final score from the side to move's point of view.
    fn score(&self) -> i32 {
        match self.side_to_move {
            Color::White => self.white_score(),
            Color::Black => -self.white_score(),
        }
    }
}

/// Static evaluation in centipawns from the side to move's point of view. Deterministic and
/// allocation-free.
pub fn evaluate(pos: &Position) -> i32 {
    Breakdown::new(pos).score()
}

/// [`evaluate`], with the pawn terms kept in `cache`: the same number, faster. The search
/// calls this at every node.
#[inline]
pub fn evaluate_cached(pos: &Position, cache: &mut PawnCache) -> i32 {
    Breakdown::with_pawns(pos, cache.terms(pos)).score()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid FEN")
    }

    #[test]
    fn start_position_is_the_tempo_bonus() {
        let b = Breakdown::new(&Position::startpos());
        assert_eq!(b.phase, PHASE_MAX);
        assert_eq!(b.total(), TEMPO);
        assert_eq!(evaluate(&Position::startpos()), TEMPO.mg);
    }

    #[test]
    fn phase_counts_non_pawn_material() {
        assert_eq!(
            Breakdown::new(&pos("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1")).phase,
            0
        );
        assert_eq!(
            Breakdown::new(&pos("3qk3/8/8/8/8/8/8/R3K3 w - - 0 1")).phase,
            6
        );
        // Promotions can push the count past the start; it is capped.
        let queens = pos("qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1");
        assert_eq!(Breakdown::new(&queens).phase, PHASE_MAX);
    }

    #[test]
    fn evaluations_stay_within_the_limit() {
        // The richest reachable material: nine queens, two rooks, bishops and knights.
        let richest = "3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk";
        let white = pos(&format!("{richest} w - - 0 1"));
        let black = pos(&format!("{richest} b - - 0 1"));
        assert!((EVAL_LIMIT / 2..EVAL_LIMIT).contains(&evaluate(&white)));
        assert!((-EVAL_LIMIT..-EVAL_LIMIT / 2).contains(&evaluate(&black)));
        // Terms no position reaches today are clamped, for either side and side to move.
        for (position, limit) in [(&white, EVAL_LIMIT), (&black, -EVAL_LIMIT)] {
            let mut b = Breakdown::new(position);
            for side in &mut b.terms[Term::Material as usize] {
                *side = side.times(10);
            }
            assert_eq!(b.score(), limit);
            let [white_material, black_material] = &mut b.terms[Term::Material as usize];
            std::mem::swap(white_material, black_material);
            assert_eq!(b.score(), -limit);
        }
    }

    #[test]
    fn opposite_bishops_scale_the_endgame_half() {
        // White is a pawn up with opposite-coloured bishops (c1 dark, c8 light).
        let b = Breakdown::new(&pos("2b1k3/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1"));
        assert_eq!(b.scale, SCALE_OCB_PURE);
        let unscaled = Breakdown {
            scale: SCALE_NORMAL,
            ..b
        };
        assert!(b.white_score() > 0);
        assert!(
            b.white_score() * 2 < unscaled.white_score(),
            "{} vs {}",
            b.white_score(),
            unscaled.white_score()
        );
    }
}
