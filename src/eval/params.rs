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
pub const PAWN_VALUE: Score = s(77, 99);
/// Knight.
pub const KNIGHT_VALUE: Score = s(373, 325);
/// Bishop.
pub const BISHOP_VALUE: Score = s(416, 352);
/// Rook.
pub const ROOK_VALUE: Score = s(552, 593);
/// Queen.
pub const QUEEN_VALUE: Score = s(1058, 1159);

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
    [s(7, 1), s(11, 9), s(8, 17), s(-6, 15)],
    [s(2, 4), s(-4, 6), s(-1, 11), s(-8, 16)],
    [s(3, 12), s(4, 13), s(13, 2), s(20, -7)],
    [s(1, 17), s(13, 16), s(7, 10), s(19, -4)],
    [s(26, 17), s(13, 21), s(24, 14), s(24, 3)],
    [s(25, -21), s(19, 29), s(19, 17), s(28, 20)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-35, -23), s(-21, -24), s(-16, -3), s(-11, -1)],
    [s(-12, -13), s(-25, -11), s(11, -12), s(9, -7)],
    [s(-5, 2), s(3, -3), s(10, -2), s(6, 33)],
    [s(-1, 1), s(7, -8), s(5, 27), s(23, 26)],
    [s(7, 3), s(11, 7), s(21, 30), s(3, 28)],
    [s(-5, -5), s(-8, -14), s(24, 7), s(26, 31)],
    [s(-13, -18), s(-10, -4), s(3, 0), s(13, 10)],
    [s(-40, -29), s(-16, -13), s(-8, -14), s(0, 2)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-30, -11), s(-4, -7), s(-16, -8), s(-2, -8)],
    [s(3, -11), s(2, -27), s(6, -1), s(5, -6)],
    [s(-1, -4), s(10, 0), s(-11, 6), s(5, 3)],
    [s(-5, 0), s(18, -2), s(-1, 16), s(17, 8)],
    [s(-2, -10), s(13, 13), s(8, 7), s(1, 24)],
    [s(-6, -9), s(13, 14), s(1, 6), s(12, 9)],
    [s(-30, -18), s(-15, -1), s(-3, 8), s(0, 11)],
    [s(-11, -11), s(-9, -2), s(-6, -7), s(1, 19)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-6, -27), s(4, -28), s(7, -18), s(11, -34)],
    [s(-32, -3), s(3, -27), s(-7, -23), s(-2, -30)],
    [s(-30, -1), s(-2, -12), s(-19, -14), s(-9, -13)],
    [s(-14, 2), s(11, 0), s(9, 8), s(3, -4)],
    [s(-12, 16), s(10, 9), s(22, 14), s(20, 4)],
    [s(2, 20), s(21, 10), s(15, 12), s(23, 14)],
    [s(21, 30), s(17, 30), s(23, 25), s(16, 16)],
    [s(8, 23), s(9, 24), s(2, 17), s(7, 23)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-15, -25), s(-10, -21), s(-16, -21), s(4, -26)],
    [s(1, -18), s(8, -18), s(2, -16), s(3, -11)],
    [s(-16, -3), s(0, 4), s(2, -1), s(1, 1)],
    [s(-10, -5), s(-1, 3), s(-1, 12), s(-6, 16)],
    [s(-5, 8), s(-1, 7), s(10, 21), s(17, 25)],
    [s(0, 0), s(-6, 5), s(13, 22), s(13, 22)],
    [s(-4, -6), s(-11, 2), s(4, 9), s(1, 14)],
    [s(1, -10), s(7, -2), s(6, 3), s(1, 4)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(-15, -27), s(21, -22), s(-13, -16), s(-12, -24)],
    [s(0, -12), s(14, -2), s(-15, 4), s(-34, -6)],
    [s(-29, -19), s(-13, -1), s(-31, 14), s(-49, 15)],
    [s(-37, -12), s(-26, 7), s(-49, 23), s(-71, 30)],
    [s(-56, -2), s(-39, 22), s(-71, 27), s(-89, 36)],
    [s(-74, -6), s(-61, 22), s(-88, 22), s(-105, 24)],
    [s(-93, -27), s(-81, 4), s(-105, 11), s(-123, 10)],
    [s(-113, -49), s(-100, -19), s(-126, -10), s(-141, -8)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-39, -28),
    s(-16, -29),
    s(-5, -16),
    s(-1, -6),
    s(4, 8),
    s(6, 22),
    s(5, 17),
    s(9, 10),
    s(6, -9),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-39, -60),
    s(-25, -48),
    s(-15, -37),
    s(-12, -8),
    s(-4, -7),
    s(2, 8),
    s(4, 6),
    s(8, 15),
    s(1, 19),
    s(6, 21),
    s(14, 13),
    s(4, 18),
    s(14, 9),
    s(5, 12),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-20, -46),
    s(-15, -40),
    s(-16, -38),
    s(-12, -23),
    s(-11, -4),
    s(-5, -3),
    s(-7, 12),
    s(-4, 9),
    s(7, 11),
    s(6, 19),
    s(12, 14),
    s(15, 21),
    s(12, 29),
    s(19, 17),
    s(8, 8),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-22, -48),
    s(-26, -44),
    s(-28, -42),
    s(-25, -37),
    s(-16, -41),
    s(-13, -30),
    s(-9, -31),
    s(-6, -22),
    s(-4, -11),
    s(-5, -6),
    s(-1, -11),
    s(-1, 1),
    s(-1, 6),
    s(3, 13),
    s(-1, 16),
    s(1, 10),
    s(8, 16),
    s(7, 14),
    s(12, 20),
    s(11, 16),
    s(9, 18),
    s(10, 15),
    s(10, 16),
    s(7, 10),
    s(12, 16),
    s(11, 16),
    s(14, 28),
    s(15, 27),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(20, 94);
/// Rook on a file with no pawns.
pub const ROOK_OPEN_FILE: Score = s(25, 20);
/// Rook on a file with enemy pawns but none of its own.
pub const ROOK_HALF_OPEN_FILE: Score = s(10, 15);
/// Knight on an outpost: on the fourth to sixth rank, guarded by a pawn of ours, out of reach
/// of every enemy pawn now and later.
pub const KNIGHT_OUTPOST: Score = s(17, 20);
/// Bishop on an outpost, likewise.
pub const BISHOP_OUTPOST: Score = s(7, 8);
/// Piece placement, by what [`super::pieces::Placement`] counts: a knight or bishop behind a
/// pawn, a pawn of ours on the bishop's square colour, one of those blocked by an enemy pawn, a
/// bishop on a long diagonal that sees two centre squares past the pawns, a rook on the seventh
/// rank with the enemy king on the eighth or enemy pawns on the seventh.
pub const PLACEMENT: [Score; 5] = [s(7, 19), s(-6, -2), s(4, -11), s(20, 5), s(5, -2)];

// ---- Pawn structure (shapes in pawns.rs) ----------------------------------------------------

/// Per pawn with a pawn of its own colour in front of it on the same file.
pub const DOUBLED_PAWN: Score = s(-9, -20);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-9, -14);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-9, -12);
/// Per connected pawn (guarded by a pawn of its own colour, or with one beside it), by its
/// rank (from its own side; ranks 1 and 8 are never used).
pub const CONNECTED_PAWN: [Score; 8] = [
    s(0, 0),
    s(-3, 2),
    s(11, 9),
    s(10, 12),
    s(9, 26),
    s(30, 46),
    s(7, 12),
    s(0, 0),
];
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(-3, 22),
    s(-11, 21),
    s(0, 21),
    s(29, 25),
    s(73, 34),
    s(86, 75),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 7;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -3;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-3, 12);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-4, 30);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units of each king-danger feature (king.rs, `Danger`), in its order: enemy knights,
/// bishops, rooks and queens attacking the king zone; zone squares they attack; safe checks
/// by knight, bishop, rook and queen; weak zone squares; the enemy having no queen.
pub const KING_DANGER_WEIGHTS: [i32; 11] = [28, -1, 22, -3, 15, 42, 45, 77, 48, 24, -222];
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 298;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 19;
/// Shelter, per file of the three around the king, by how many ranks ahead of the king the
/// nearest own pawn stands (1 to 7; 0: none, an open line to the king).
pub const SHELTER: [Score; 8] = [
    s(-17, 16),
    s(13, 3),
    s(12, -3),
    s(-5, -9),
    s(2, -8),
    s(6, -1),
    s(-4, 1),
    s(0, 0),
];
/// Pawn storm, per file of the three around the king, by how many ranks ahead of the king the
/// nearest enemy pawn stands (1 to 7; 0: none).
pub const STORM: [Score; 8] = [
    s(0, -4),
    s(19, 29),
    s(-15, 3),
    s(-7, -3),
    s(6, -11),
    s(0, -8),
    s(-7, -8),
    s(0, 0),
];

// ---- Threats (threats.rs) --------------------------------------------------------------------

// Threat tables are by the victim's piece type: pawn, knight, bishop, rook, queen, king (never
// a victim).

/// Per enemy piece our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: [Score; 6] =
    [s(0, 0), s(50, 21), s(50, 26), s(49, 25), s(43, 18), s(0, 0)];
/// Per enemy piece a pawn of ours would attack after a push to a square it can hold.
pub const THREAT_BY_PUSH: [Score; 6] = [s(0, 0), s(12, 3), s(13, 8), s(18, 23), s(25, 4), s(0, 0)];
/// Per enemy man our knights or bishops attack that no enemy pawn defends, and per enemy rook
/// or queen they attack.
pub const THREAT_BY_MINOR: [Score; 6] = [
    s(1, 20),
    s(15, 13),
    s(15, 11),
    s(46, 14),
    s(33, 16),
    s(0, 0),
];
/// Per enemy man our rooks attack that nothing defends, and per enemy queen they attack.
pub const THREAT_BY_ROOK: [Score; 6] =
    [s(11, 46), s(11, 10), s(10, 9), s(1, -1), s(38, 13), s(0, 0)];
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(12, 13);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(9, 8);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
