//! Every weight of the hand-crafted evaluation, as named constants in one place so that the
//! tuner's output (`ferrite tune`) goes into this file and nothing else. Values are
//! centipawns, `s(mg, eg)`.
//!
//! Origin of all values: set by hand for Ferrite (round numbers from chess knowledge), then
//! fitted by `ferrite tune` to Ferrite's own self-play games (the commit that applied them
//! gives the data and the run); none is copied from another engine. Descriptions say what a
//! weight measures; its size and sign are the fit's.

use super::score::{s, Score};

// ---- Material -------------------------------------------------------------------------------

/// Pawn.
pub const PAWN_VALUE: Score = s(78, 103);
/// Knight.
pub const KNIGHT_VALUE: Score = s(377, 335);
/// Bishop.
pub const BISHOP_VALUE: Score = s(396, 352);
/// Rook.
pub const ROOK_VALUE: Score = s(541, 592);
/// Queen.
pub const QUEEN_VALUE: Score = s(1431, 920);

// ---- Game phase -----------------------------------------------------------------------------

/// Phase weight of a knight (the phase counts non-pawn material).
pub const PHASE_KNIGHT: i32 = 1;
/// Phase weight of a bishop.
pub const PHASE_BISHOP: i32 = 1;
/// Phase weight of a rook.
pub const PHASE_ROOK: i32 = 2;
/// Phase weight of a queen.
pub const PHASE_QUEEN: i32 = 4;
/// Phase of the starting material (4 minors + 4 rooks + 2 queens): pure middlegame.
pub const PHASE_MAX: i32 = 24;

// ---- Piece-square tables (pst.rs) -----------------------------------------------------------
//
// The positional part of a piece's value by square, from its own side (material is a separate
// term). Tables are left-right symmetric: `[rank][file]` for files a to d, mirrored for e to h.

/// Pawn, by square (ranks 1 to 8 from its own side, files a to d; e to h mirror them).
/// Ranks 1 and 8 are never used.
pub const PAWN_SQUARES: [[Score; 4]; 8] = [
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
    [s(1, 10), s(20, 14), s(10, 18), s(-6, 17)],
    [s(-5, 14), s(4, 7), s(2, 9), s(7, 5)],
    [s(0, 10), s(-1, 12), s(12, -1), s(17, -6)],
    [s(8, 14), s(2, 16), s(12, 6), s(15, 6)],
    [s(22, 4), s(8, 11), s(38, 13), s(22, 6)],
    [s(22, -7), s(17, 25), s(15, 14), s(25, 22)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-36, -24), s(-14, -19), s(-15, -4), s(2, 9)],
    [s(-3, -12), s(-23, -14), s(0, -9), s(7, -2)],
    [s(-12, 2), s(-1, 4), s(3, 1), s(8, 24)],
    [s(-5, -4), s(12, -6), s(5, 22), s(7, 26)],
    [s(5, -2), s(3, -6), s(22, 33), s(17, 27)],
    [s(-8, -10), s(3, -14), s(25, 13), s(22, 28)],
    [s(-16, -13), s(-8, -5), s(3, -1), s(11, 6)],
    [s(-34, -24), s(-16, -12), s(-8, -12), s(0, 0)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-35, -12), s(-12, -9), s(-9, 1), s(-8, -11)],
    [s(-2, -10), s(12, -10), s(6, -2), s(3, 4)],
    [s(4, -5), s(3, -3), s(0, 15), s(-2, 3)],
    [s(9, 4), s(11, 2), s(-4, 15), s(22, 8)],
    [s(-8, -11), s(15, 10), s(3, 0), s(4, 16)],
    [s(-5, -11), s(3, 7), s(5, 7), s(9, 3)],
    [s(-27, -16), s(-5, 3), s(-7, 3), s(-1, 6)],
    [s(-8, -11), s(-8, -3), s(-4, -7), s(0, 14)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-4, -22), s(0, -19), s(22, -29), s(24, -32)],
    [s(-44, -2), s(0, -28), s(-4, -24), s(11, -27)],
    [s(-21, 4), s(-19, -17), s(-6, -10), s(-13, -13)],
    [s(-17, 2), s(2, -1), s(7, 1), s(7, 3)],
    [s(-13, 12), s(4, 9), s(22, 10), s(22, 4)],
    [s(3, 11), s(12, 7), s(14, 4), s(16, 14)],
    [s(20, 28), s(15, 25), s(21, 30), s(20, 28)],
    [s(6, 26), s(11, 26), s(6, 19), s(7, 18)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-10, -21), s(-13, -19), s(-7, -17), s(6, -19)],
    [s(-1, -16), s(-4, -17), s(4, -8), s(3, -3)],
    [s(-14, -3), s(-6, 4), s(8, -2), s(-2, -2)],
    [s(-2, -6), s(-2, 4), s(2, 14), s(0, 15)],
    [s(-11, 3), s(-2, 9), s(6, 19), s(15, 21)],
    [s(-1, 0), s(3, 6), s(10, 18), s(12, 22)],
    [s(-3, -10), s(-4, 1), s(1, 6), s(-1, 11)],
    [s(-4, -13), s(6, -4), s(4, 1), s(0, 4)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(3, -25), s(25, -16), s(-11, -9), s(-1, -16)],
    [s(-9, -13), s(-2, -8), s(-15, 5), s(-23, 3)],
    [s(-26, -17), s(-10, -4), s(-36, 4), s(-50, 14)],
    [s(-36, -7), s(-30, 0), s(-54, 13), s(-73, 25)],
    [s(-56, -2), s(-41, 19), s(-72, 28), s(-88, 36)],
    [s(-75, -12), s(-64, 14), s(-89, 22), s(-105, 27)],
    [s(-93, -22), s(-82, 0), s(-107, 8), s(-123, 14)],
    [s(-111, -40), s(-101, -20), s(-126, -10), s(-141, -6)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-39, -28),
    s(-16, -26),
    s(-10, -4),
    s(0, -5),
    s(1, 8),
    s(6, 16),
    s(10, 10),
    s(13, 14),
    s(5, -16),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-35, -56),
    s(-22, -43),
    s(-17, -24),
    s(-8, -19),
    s(-3, -14),
    s(-3, 1),
    s(7, 0),
    s(6, 15),
    s(-2, 20),
    s(4, 26),
    s(12, 13),
    s(4, 21),
    s(14, 10),
    s(6, 12),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-47, -45),
    s(-18, -37),
    s(-14, -35),
    s(-11, -16),
    s(-6, -14),
    s(-4, -6),
    s(-3, 5),
    s(1, 2),
    s(7, 9),
    s(11, 14),
    s(15, 18),
    s(16, 25),
    s(16, 29),
    s(22, 25),
    s(3, 13),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-23, -48),
    s(-29, -44),
    s(-30, -42),
    s(-22, -36),
    s(-21, -38),
    s(-15, -30),
    s(-11, -29),
    s(-5, -21),
    s(-7, -17),
    s(-4, -8),
    s(-3, -9),
    s(0, -1),
    s(4, 4),
    s(1, 9),
    s(-4, 8),
    s(5, 11),
    s(10, 15),
    s(12, 16),
    s(13, 22),
    s(13, 20),
    s(8, 17),
    s(9, 15),
    s(10, 17),
    s(7, 11),
    s(12, 18),
    s(11, 18),
    s(14, 28),
    s(15, 27),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(26, 51);
/// Rook on a file with no pawns.
pub const ROOK_OPEN_FILE: Score = s(32, 11);
/// Rook on a file with enemy pawns but none of its own.
pub const ROOK_HALF_OPEN_FILE: Score = s(13, 8);
/// Knight on an outpost: on the fourth to sixth rank, guarded by a pawn of ours, out of reach
/// of every enemy pawn now and later.
pub const KNIGHT_OUTPOST: Score = s(22, 11);
/// Bishop on an outpost, likewise.
pub const BISHOP_OUTPOST: Score = s(10, 4);
/// Piece placement, by what [`super::pieces::Placement`] counts: a knight or bishop behind a
/// pawn, a pawn of ours on the bishop's square colour, one of those blocked by an enemy pawn, a
/// bishop on a long diagonal that sees two centre squares past the pawns, a rook on the seventh
/// rank with the enemy king on the eighth or enemy pawns on the seventh.
pub const PLACEMENT: [Score; 5] = [s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)];

// ---- Pawn structure (shapes in pawns.rs) ----------------------------------------------------

/// Per pawn with a pawn of its own colour in front of it on the same file.
pub const DOUBLED_PAWN: Score = s(-2, -22);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-2, -16);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-2, -13);
/// Per connected pawn (guarded by a pawn of its own colour, or with one beside it), by its
/// rank (from its own side; ranks 1 and 8 are never used).
pub const CONNECTED_PAWN: [Score; 8] = [
    s(0, 0),
    s(1, -9),
    s(15, -7),
    s(11, 7),
    s(13, 15),
    s(21, 31),
    s(4, 5),
    s(0, 0),
];
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(-4, 19),
    s(-8, 27),
    s(0, 25),
    s(17, 14),
    s(66, 38),
    s(74, 84),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 8;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -4;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-5, 15);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-8, 37);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units of each king-danger feature (king.rs, `Danger`), in its order: enemy knights,
/// bishops, rooks and queens attacking the king zone; zone squares they attack; safe checks
/// by knight, bishop, rook and queen; weak zone squares; the enemy having no queen.
pub const KING_DANGER_WEIGHTS: [i32; 11] = [18, 3, 20, 4, 15, 40, 43, 56, 48, 13, -197];
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 230;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 6;
/// Shelter, per file of the three around the king, by how many ranks ahead of the king the
/// nearest own pawn stands (1 to 7; 0: none, an open line to the king).
pub const SHELTER: [Score; 8] = [
    s(-18, 13),
    s(16, 4),
    s(7, -2),
    s(0, -8),
    s(4, -6),
    s(1, -3),
    s(-3, 0),
    s(0, 0),
];
/// Pawn storm, per file of the three around the king, by how many ranks ahead of the king the
/// nearest enemy pawn stands (1 to 7; 0: none).
pub const STORM: [Score; 8] = [
    s(-7, -3),
    s(14, 23),
    s(-19, 6),
    s(4, -5),
    s(2, -1),
    s(5, -11),
    s(-1, -11),
    s(0, 0),
];

// ---- Threats (threats.rs) --------------------------------------------------------------------

// Threat tables are by the victim's piece type: pawn, knight, bishop, rook, queen, king (never
// a victim).

/// Per enemy piece our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: [Score; 6] =
    [s(0, 0), s(53, 22), s(55, 26), s(47, 24), s(43, 18), s(0, 0)];
/// Per enemy piece a pawn of ours would attack after a push to a square it can hold.
pub const THREAT_BY_PUSH: [Score; 6] = [s(0, 0), s(16, 3), s(17, 3), s(13, 11), s(15, 1), s(0, 0)];
/// Per enemy man our knights or bishops attack that no enemy pawn defends, and per enemy rook
/// or queen they attack.
pub const THREAT_BY_MINOR: [Score; 6] =
    [s(3, 18), s(12, 9), s(15, 6), s(42, 16), s(34, 16), s(0, 0)];
/// Per enemy man our rooks attack that nothing defends, and per enemy queen they attack.
pub const THREAT_BY_ROOK: [Score; 6] = [s(14, 37), s(7, 8), s(6, 6), s(-1, -2), s(37, 13), s(0, 0)];
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(10, 16);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(10, 8);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
