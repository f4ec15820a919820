//! The evaluation as a function of its weights, for the tuner (`ferrite tune`): given one
//! position's term values, phase and endgame scale, the white-view score is a sum of one middlegame
//! and one endgame coefficient per [`Group`], each times a multiplier that is 1.0 for the current
//! weights, plus entries of the [`TABLES`] (piece-square, mobility, passed and connected pawns by
//! rank, king shelter and pawn storm, threats by victim, piece placements) for the pieces on the
//! board, each entry a weight of its own, plus each king's danger penalty ([`king_danger`]) from
//! its [`KingAttack`] counts. [`Group::params`] names the weights of [`super::params`] behind each
//! group and how a multiplier carries over to them.
//!
//! Built on the same [`Breakdown`] as [`super::evaluate`], whose code path this file does not
//! touch: the search never calls anything here.

use super::king::{self, Danger, KingAttack};
use super::params::*;
use super::pst::{half_index, relative, HALF_TABLES, HALF_TABLE_NAMES};
use super::{pawns, pieces, threats, Breakdown, Score, Term, PIECE_VALUES};
use crate::chess::attacks::piece_attacks;
use crate::chess::{Color, PieceType, Position};

/// A table of [`super::params`] whose entries the tuner fits one by one.
#[derive(Copy, Clone, Debug)]
pub struct Table {
    /// The constant's name in `params.rs`.
    pub name: &'static str,
    /// Its entries, row by row.
    pub entries: &'static [Score],
    /// Entries per row: 4 for a piece-square half table (`[rank][file]`), 0 for a list.
    pub row: usize,
}

const fn half_table(piece_type: usize) -> Table {
    Table {
        name: HALF_TABLE_NAMES[piece_type],
        entries: HALF_TABLES[piece_type].as_flattened(),
        row: 4,
    }
}

const fn list(name: &'static str, entries: &'static [Score]) -> Table {
    Table {
        name,
        entries,
        row: 0,
    }
}

/// The index in [`TABLES`] of the passed pawns' table.
const PASSED_TABLE: usize = 10;

/// The index in [`TABLES`] of the king's shelter table; the storm table follows it.
const SHELTER_TABLE: usize = 11;

/// The index in [`TABLES`] of the connected pawns' table.
const CONNECTED_TABLE: usize = 13;

/// The index in [`TABLES`] of the first threat table; the others follow in the order of
/// [`threats::TABLES`].
const THREAT_TABLES: usize = 14;

/// The index in [`TABLES`] of the piece placement table.
const PLACEMENT_TABLE: usize = 18;

/// The index in [`TABLES`] of each piece type's mobility table (pawns and kings have none).
const MOBILITY_TABLES: [Option<usize>; PieceType::COUNT] =
    [None, Some(6), Some(7), Some(8), Some(9), None];

/// The tables: piece-square half tables by piece type index first, then mobility, then
/// passed pawns by rank, then the king's pawn shelter and storm, then connected pawns by rank,
/// then threats by the victim's type, then piece placements.
pub const TABLES: [Table; 19] = [
    half_table(0),
    half_table(1),
    half_table(2),
    half_table(3),
    half_table(4),
    half_table(5),
    list("KNIGHT_MOBILITY", &KNIGHT_MOBILITY),
    list("BISHOP_MOBILITY", &BISHOP_MOBILITY),
    list("ROOK_MOBILITY", &ROOK_MOBILITY),
    list("QUEEN_MOBILITY", &QUEEN_MOBILITY),
    list("PASSED_RANK", &PASSED_RANK),
    list("SHELTER", &SHELTER),
    list("STORM", &STORM),
    list("CONNECTED_PAWN", &CONNECTED_PAWN),
    list("THREAT_BY_PAWN", &THREAT_BY_PAWN),
    list("THREAT_BY_PUSH", &THREAT_BY_PUSH),
    list("THREAT_BY_MINOR", &THREAT_BY_MINOR),
    list("THREAT_BY_ROOK", &THREAT_BY_ROOK),
    list("PLACEMENT", &PLACEMENT),
];

/// Where each table's entries start in the numbering of all entries, and the total.
const OFFSETS: [usize; TABLES.len() + 1] = {
    let mut offsets = [0; TABLES.len() + 1];
    let mut t = 0;
    while t < TABLES.len() {
        offsets[t + 1] = offsets[t] + TABLES[t].entries.len();
        t += 1;
    }
    offsets
};

/// Entries of all [`TABLES`] together.
pub const TABLE_ENTRIES: usize = OFFSETS[TABLES.len()];

/// Entry `entry` (below [`TABLE_ENTRIES`]) as `(table index, index in the table)`.
pub fn table_entry_place(entry: usize) -> (usize, usize) {
    let table = OFFSETS.partition_point(|&offset| offset <= entry) - 1;
    (table, entry - OFFSETS[table])
}

/// The current value of entry `entry` (below [`TABLE_ENTRIES`]).
pub fn table_entry(entry: usize) -> Score {
    let (table, index) = table_entry_place(entry);
    TABLES[table].entries[index]
}

/// A group of evaluation weights that the tuner scales together: the material of each piece
/// type, then every other evaluation term, less its [`TABLES`], as a whole (king safety is all
/// tables and king danger, which the tuner fits weight by weight).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    /// Pawn material.
    PawnMaterial,
    /// Knight material.
    KnightMaterial,
    /// Bishop material.
    BishopMaterial,
    /// Rook material.
    RookMaterial,
    /// Queen material.
    QueenMaterial,
    /// Doubled, isolated and backward pawns.
    Pawns,
    /// Passed pawns.
    PassedPawns,
    /// Bishop pair and rooks on open files.
    Pieces,
    /// Hanging pieces (the other threats are tables).
    Threats,
    /// The side-to-move bonus.
    Tempo,
}

impl Group {
    /// Every group, material first, then in the order `trace` prints the terms.
    pub const ALL: [Group; 10] = [
        Group::PawnMaterial,
        Group::KnightMaterial,
        Group::BishopMaterial,
        Group::RookMaterial,
        Group::QueenMaterial,
        Group::Pawns,
        Group::PassedPawns,
        Group::Pieces,
        Group::Threats,
        Group::Tempo,
    ];
    /// Number of groups.
    pub const COUNT: usize = Group::ALL.len();

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Group::PawnMaterial => "Pawn material",
            Group::KnightMaterial => "Knight material",
            Group::BishopMaterial => "Bishop material",
            Group::RookMaterial => "Rook material",
            Group::QueenMaterial => "Queen material",
            Group::Pawns => Term::Pawns.name(),
            Group::PassedPawns => Term::PassedPawns.name(),
            Group::Pieces => Term::Pieces.name(),
            Group::Threats => Term::Threats.name(),
            Group::Tempo => Term::Tempo.name(),
        }
    }

    /// The weights of [`super::params`] that make up this group. Scaling each as its
    /// [`Weight`] says scales the group's middlegame and endgame values by the multipliers
    /// (up to rounding).
    pub fn params(self) -> &'static [Param] {
        macro_rules! param {
            ($kind:ident, $name:ident) => {
                Param {
                    name: stringify!($name),
                    weight: Weight::$kind($name),
                }
            };
        }
        match self {
            Group::PawnMaterial => &[param!(Score, PAWN_VALUE)],
            Group::KnightMaterial => &[param!(Score, KNIGHT_VALUE)],
            Group::BishopMaterial => &[param!(Score, BISHOP_VALUE)],
            Group::RookMaterial => &[param!(Score, ROOK_VALUE)],
            Group::QueenMaterial => &[param!(Score, QUEEN_VALUE)],
            Group::Pawns => &[
                param!(Score, DOUBLED_PAWN),
                param!(Score, ISOLATED_PAWN),
                param!(Score, BACKWARD_PAWN),
            ],
            Group::PassedPawns => &[
                param!(Eg, PASSED_ENEMY_KING_DISTANCE),
                param!(Eg, PASSED_OWN_KING_DISTANCE),
                param!(Score, PASSED_FREE_STOP),
                param!(Score, PASSED_SAFE_PATH),
            ],
            Group::Pieces => &[
                param!(Score, BISHOP_PAIR),
                param!(Score, ROOK_OPEN_FILE),
                param!(Score, ROOK_HALF_OPEN_FILE),
                param!(Score, KNIGHT_OUTPOST),
                param!(Score, BISHOP_OUTPOST),
            ],
            Group::Threats => &[param!(Score, HANGING_PIECE)],
            Group::Tempo => &[param!(Score, TEMPO)],
        }
    }
}

/// One named weight of [`super::params`].
#[derive(Copy, Clone, Debug)]
pub struct Param {
    /// The constant's name in `params.rs`.
    pub name: &'static str,
    /// Its current value, and how the group's multipliers apply to it.
    pub weight: Weight,
}

/// A weight's current value and the way the group's multipliers carry over to it.
#[derive(Copy, Clone, Debug)]
pub enum Weight {
    /// An `s(mg, eg)` pair: each half times its multiplier.
    Score(Score),
    /// An endgame-only value: times the endgame multiplier.
    Eg(i32),
}

impl Weight {
    /// The weight with the multipliers applied, rounded, written as in `params.rs`
    /// (`s(105, 118)`, `-20`). `scaled(1.0, 1.0)` is the current value.
    pub fn scaled(&self, mg: f64, eg: f64) -> String {
        let times = |value: i32, by: f64| (f64::from(value) * by).round() as i64;
        match *self {
            Weight::Score(score) => format!("s({}, {})", times(score.mg, mg), times(score.eg, eg)),
            Weight::Eg(value) => times(value, eg).to_string(),
        }
    }
}

/// One position's evaluation split into groups and table entries: what the tuner fits.
#[derive(Clone, Debug)]
pub struct Features {
    /// Each group's value, white minus black, before blending.
    pub groups: [Score; Group::COUNT],
    /// `(entry, sign)` per table entry that a piece on the board uses (see
    /// [`table_entry_place`]): its piece-square entry and, for a knight, bishop, rook or queen,
    /// its mobility entry, for a passed or a connected pawn its rank's entry, for a king the
    /// shelter and storm entries of its three files, and per threat to an enemy man the
    /// threat table's entry for its type; the sign is +1 for white, -1 for black.
    pub entries: Vec<(u16, i8)>,
    /// Game phase, 0 (endgame) ..= [`PHASE_MAX`] (middlegame).
    pub phase: i32,
    /// Share of the endgame half kept, out of [`SCALE_NORMAL`].
    pub scale: i32,
    /// Neither side can force mate: the evaluation is 0 whatever the weights.
    pub no_mating_material: bool,
    /// `king_attacks[color]`: the enemy's attacks on the king of `color`, whose penalty
    /// [`king_danger`] gives for any weights.
    pub king_attacks: [KingAttack; Color::COUNT],
}

impl Features {
    /// `[mg, eg]`: the share of a middlegame and of an endgame centipawn in the white-view
    /// evaluation (the phase blend and the endgame scale), both 0 without mating material.
    /// The phase and scale are taken as they are for the current weights.
    pub fn shares(&self) -> [f64; 2] {
        if self.no_mating_material {
            return [0.0; 2];
        }
        let phase_max = f64::from(PHASE_MAX);
        let mg_share = f64::from(self.phase) / phase_max;
        let eg_share = f64::from(PHASE_MAX - self.phase) / phase_max * f64::from(self.scale)
            / f64::from(SCALE_NORMAL);
        [mg_share, eg_share]
    }

    /// `coefficients()[group] = [mg, eg]` such that the white-view evaluation, with every
    /// group's weights multiplied by `m[group] = [m_mg, m_eg]`, is `Σ mg · m_mg + eg · m_eg`,
    /// plus `Σ sign · (shares[0] · entry.mg + shares[1] · entry.eg)` over
    /// [`Features::entries`], plus the white king's [`king_danger`] penalty blended by the
    /// shares, less the black king's. With all multipliers 1.0 and the current weights this
    /// is [`super::evaluate`] from white's view, but for integer rounding (less than 3
    /// centipawns).
    pub fn coefficients(&self) -> [[f64; 2]; Group::COUNT] {
        let [mg_share, eg_share] = self.shares();
        self.groups.map(|score| {
            [
                f64::from(score.mg) * mg_share,
                f64::from(score.eg) * eg_share,
            ]
        })
    }
}

/// The evaluation of `pos` split into [`Features`]. Slower than [`super::evaluate`] (it
/// builds the whole breakdown and counts material again); meant for tuning only.
pub fn features(pos: &Position) -> Features {
    let breakdown = Breakdown::new(pos);
    let material = |piece_type: PieceType| {
        let count = |color| pos.pieces(color, piece_type).popcount() as i32;
        PIECE_VALUES[piece_type.index()] * (count(Color::White) - count(Color::Black))
    };
    let mut entries = Vec::with_capacity(64);
    // The passed pawns' rank bonuses and the connected pawns' bonuses, white minus black: the
    // tables' parts of their terms.
    let mut passed_ranks = Score::ZERO;
    let mut connected = Score::ZERO;
    // Likewise the threat tables' part of the threats term, and the placement table's part
    // of the pieces term.
    let mut threat_tables = Score::ZERO;
    let mut placements = Score::ZERO;
    let occupied = pos.occupied();
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let them = color.flip();
        let their_pawn_attacks = pawns::attacks_of(them, pos.pieces(them, PieceType::Pawn));
        let area = pieces::mobility_area(pos, color, their_pawn_attacks);
        for piece_type in PieceType::ALL {
            for sq in pos.pieces(color, piece_type) {
                let square = half_index(relative(color, sq).index());
                entries.push(((OFFSETS[piece_type.index()] + square) as u16, sign));
                if let Some(table) = MOBILITY_TABLES[piece_type.index()] {
                    let reach = (piece_attacks(piece_type, sq, occupied) & area).popcount();
                    entries.push(((OFFSETS[table] + reach as usize) as u16, sign));
                }
            }
        }
        let pawn_terms = pawns::evaluate(pos, color);
        for sq in pawn_terms.connected {
            let rank = sq.rank().relative_to(color).index();
            entries.push(((OFFSETS[CONNECTED_TABLE] + rank) as u16, sign));
            connected += CONNECTED_PAWN[rank] * i32::from(sign);
        }
        for sq in pawn_terms.passers {
            let rank = sq.rank().relative_to(color).index();
            entries.push(((OFFSETS[PASSED_TABLE] + rank) as u16, sign));
            passed_ranks += PASSED_RANK[rank] * i32::from(sign);
        }
        let threats = breakdown.threats[color.index()].by_table();
        for (t, victims) in threats.into_iter().enumerate() {
            for piece_type in PieceType::ALL {
                let weight = threats::TABLES[t][piece_type.index()];
                let entry = (OFFSETS[THREAT_TABLES + t] + piece_type.index()) as u16;
                for _ in victims & pos.pieces(them, piece_type) {
                    entries.push((entry, sign));
                    threat_tables += weight * i32::from(sign);
                }
            }
        }
        for (index, &times) in breakdown.placement[color.index()].iter().enumerate() {
            let entry = (OFFSETS[PLACEMENT_TABLE] + index) as u16;
            entries.extend(std::iter::repeat_n((entry, sign), times as usize));
            placements += PLACEMENT[index] * (times * i32::from(sign));
        }
        for [own, enemy] in king::pawn_cover(pos, color) {
            entries.push(((OFFSETS[SHELTER_TABLE] + own) as u16, sign));
            entries.push(((OFFSETS[SHELTER_TABLE + 1] + enemy) as u16, sign));
        }
    }
    let groups = Group::ALL.map(|group| match group {
        Group::PawnMaterial => material(PieceType::Pawn),
        Group::KnightMaterial => material(PieceType::Knight),
        Group::BishopMaterial => material(PieceType::Bishop),
        Group::RookMaterial => material(PieceType::Rook),
        Group::QueenMaterial => material(PieceType::Queen),
        Group::Pawns => breakdown.term(Term::Pawns) - connected,
        Group::PassedPawns => breakdown.term(Term::PassedPawns) - passed_ranks,
        Group::Pieces => breakdown.term(Term::Pieces) - placements,
        Group::Threats => breakdown.term(Term::Threats) - threat_tables,
        Group::Tempo => breakdown.term(Term::Tempo),
    });
    Features {
        groups,
        entries,
        phase: breakdown.phase,
        scale: breakdown.scale,
        no_mating_material: breakdown.no_mating_material,
        king_attacks: breakdown.king_attacks,
    }
}

/// The king-danger penalty `[mg, eg]` (both at most 0) of the king that `attack` describes
/// the attacks on, with `weights` in place of [`KING_DANGER_WEIGHTS`] and `max` and
/// `eg_divisor` in place of [`KING_DANGER_MAX`] and [`KING_DANGER_EG_DIVISOR`]: the
/// evaluation's formula (`king.rs`) without its integer rounding.
pub fn king_danger(
    attack: &KingAttack,
    weights: &[f64; Danger::COUNT],
    max: f64,
    eg_divisor: f64,
) -> [f64; 2] {
    if attack.attackers < 2 {
        return [0.0; 2];
    }
    let units = danger_units(attack, weights);
    let mg = (units * units / f64::from(KING_DANGER_DIVISOR)).min(max);
    [-mg, -units / eg_divisor]
}

/// Danger units of `attack` with `weights`, at least 0.
pub fn danger_units(attack: &KingAttack, weights: &[f64; Danger::COUNT]) -> f64 {
    let units: f64 = attack
        .counts
        .iter()
        .zip(weights)
        .map(|(&count, weight)| f64::from(count) * weight)
        .sum();
    units.max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;
    use crate::eval::pieces::Placement;

    const FENS: [&str; 8] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "2b1k3/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
        "4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1",
        "r1bq1rk1/pppp1ppp/2n2n2/2b1p1N1/2B1P3/3P4/PPP2PPP/RNBQK2R w KQ - 0 1",
    ];

    #[test]
    fn dot_product_with_unit_multipliers_is_the_evaluation() {
        let mut king_danger_seen = false;
        for fen in FENS {
            let pos = Position::from_fen(fen).expect("valid FEN");
            let found = features(&pos);
            let groups: f64 = found.coefficients().iter().flatten().sum();
            let [mg_share, eg_share] = found.shares();
            let tables: f64 = found
                .entries
                .iter()
                .map(|&(entry, sign)| {
                    let value = table_entry(usize::from(entry));
                    f64::from(sign)
                        * (mg_share * f64::from(value.mg) + eg_share * f64::from(value.eg))
                })
                .sum();
            let weights = KING_DANGER_WEIGHTS.map(f64::from);
            let max = f64::from(KING_DANGER_MAX);
            let eg_divisor = f64::from(KING_DANGER_EG_DIVISOR);
            let danger: f64 = [(Color::White, 1.0), (Color::Black, -1.0)]
                .iter()
                .map(|&(color, sign)| {
                    let attack = &found.king_attacks[color.index()];
                    let [mg, eg] = king_danger(attack, &weights, max, eg_divisor);
                    sign * (mg_share * mg + eg_share * eg)
                })
                .sum();
            king_danger_seen |= danger != 0.0;
            let linear = groups + tables + danger;
            let white = match pos.side_to_move() {
                Color::White => evaluate(&pos),
                Color::Black => -evaluate(&pos),
            };
            assert!(
                (linear - f64::from(white)).abs() < 3.0,
                "{fen}: linear {linear} vs evaluate {white}"
            );
        }
        assert!(king_danger_seen);
    }

    #[test]
    fn table_indices_name_the_right_tables() {
        assert_eq!(TABLES[PASSED_TABLE].name, "PASSED_RANK");
        assert_eq!(TABLES[SHELTER_TABLE].name, "SHELTER");
        assert_eq!(TABLES[SHELTER_TABLE + 1].name, "STORM");
        assert_eq!(TABLES[CONNECTED_TABLE].name, "CONNECTED_PAWN");
        for (t, name) in ["PAWN", "PUSH", "MINOR", "ROOK"].iter().enumerate() {
            assert_eq!(TABLES[THREAT_TABLES + t].name, format!("THREAT_BY_{name}"));
            assert_eq!(TABLES[THREAT_TABLES + t].entries, threats::TABLES[t]);
        }
        for piece_type in PieceType::ALL {
            let name = TABLES[piece_type.index()].name;
            assert!(name.ends_with("_SQUARES"), "{name}");
            if let Some(table) = MOBILITY_TABLES[piece_type.index()] {
                assert_eq!(
                    TABLES[table].name,
                    format!("{}_MOBILITY", &name[..name.len() - 8])
                );
            }
        }
        assert_eq!(table_entry_place(0), (0, 0));
        assert_eq!(table_entry_place(32 + 5), (1, 5));
        assert_eq!(TABLES[PLACEMENT_TABLE].name, "PLACEMENT");
        assert_eq!(
            table_entry_place(TABLE_ENTRIES - 1),
            (PLACEMENT_TABLE, Placement::COUNT - 1)
        );
    }

    #[test]
    fn material_groups_add_up_to_the_material_term() {
        let pos = Position::from_fen(FENS[5]).expect("valid FEN");
        let found = features(&pos);
        let material = found.groups[..5]
            .iter()
            .fold(Score::ZERO, |sum, &score| sum + score);
        assert_eq!(material, Breakdown::new(&pos).term(Term::Material));
    }

    #[test]
    fn weights_scale_and_round() {
        assert_eq!(
            Weight::Score(Score::new(100, -20)).scaled(1.05, 0.5),
            "s(105, -10)"
        );
        assert_eq!(Weight::Eg(10).scaled(0.0, 1.26), "13");
        for group in Group::ALL {
            assert!(!group.params().is_empty(), "{}", group.name());
        }
    }
}
