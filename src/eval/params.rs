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
pub const PAWN_VALUE: Score = s(83, 103);
/// Knight.
pub const KNIGHT_VALUE: Score = s(373, 361);
/// Bishop.
pub const BISHOP_VALUE: Score = s(394, 375);
/// Rook.
pub const ROOK_VALUE: Score = s(536, 628);
/// Queen.
pub const QUEEN_VALUE: Score = s(1500, 904);

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
    [s(-2, 12), s(18, 9), s(7, 18), s(-4, 14)],
    [s(-5, 11), s(7, 7), s(6, 8), s(16, 1)],
    [s(3, 9), s(-2, 12), s(13, -3), s(21, -7)],
    [s(6, 15), s(2, 19), s(24, 5), s(18, 7)],
    [s(21, 9), s(5, 10), s(33, 15), s(15, 3)],
    [s(17, 7), s(15, 24), s(15, 14), s(19, 20)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-36, -21), s(-11, -18), s(-15, -5), s(1, 9)],
    [s(-7, -10), s(-19, -12), s(0, -7), s(6, -6)],
    [s(-10, 0), s(4, 0), s(1, 2), s(11, 19)],
    [s(-6, -2), s(11, -1), s(3, 20), s(5, 24)],
    [s(-1, -2), s(-1, -2), s(25, 27), s(27, 26)],
    [s(-6, -7), s(3, -10), s(18, 9), s(20, 24)],
    [s(-16, -12), s(-8, -4), s(2, -1), s(11, 6)],
    [s(-30, -21), s(-16, -12), s(-8, -9), s(0, -1)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-29, -11), s(-15, -8), s(-11, -1), s(-10, -10)],
    [s(-4, -9), s(13, -5), s(10, -2), s(1, 3)],
    [s(4, -4), s(3, 1), s(1, 10), s(-5, 6)],
    [s(8, 2), s(7, 3), s(-10, 15), s(20, 13)],
    [s(-8, -10), s(12, 6), s(3, 0), s(5, 14)],
    [s(-6, -10), s(6, 5), s(2, 4), s(9, 3)],
    [s(-20, -12), s(-5, -1), s(-3, 2), s(2, 6)],
    [s(-11, -11), s(-8, -4), s(-4, -5), s(0, 8)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-8, -17), s(2, -15), s(23, -22), s(21, -26)],
    [s(-34, -5), s(-4, -22), s(-5, -20), s(8, -20)],
    [s(-21, 4), s(-15, -17), s(-2, -7), s(-8, -12)],
    [s(-11, 0), s(2, 1), s(5, 1), s(6, 0)],
    [s(-8, 11), s(3, 8), s(15, 11), s(15, 6)],
    [s(2, 11), s(7, 4), s(10, 4), s(15, 13)],
    [s(22, 26), s(19, 24), s(24, 27), s(24, 25)],
    [s(4, 20), s(7, 18), s(5, 12), s(7, 10)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-11, -18), s(-8, -14), s(-6, -10), s(5, -11)],
    [s(1, -12), s(-6, -11), s(4, -4), s(5, 2)],
    [s(-10, -3), s(-2, 2), s(5, 2), s(0, 3)],
    [s(0, -3), s(-3, 5), s(5, 13), s(-1, 14)],
    [s(-7, 1), s(1, 8), s(4, 14), s(12, 18)],
    [s(1, -1), s(0, 3), s(6, 11), s(9, 16)],
    [s(-4, -10), s(-3, -2), s(0, 3), s(-1, 8)],
    [s(-6, -15), s(2, -7), s(1, -2), s(0, 2)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(5, -33), s(24, -21), s(-10, -11), s(-2, -13)],
    [s(-5, -16), s(0, -9), s(-14, 6), s(-27, 8)],
    [s(-23, -13), s(-11, -2), s(-35, 8), s(-51, 17)],
    [s(-37, -3), s(-30, 2), s(-54, 15), s(-72, 25)],
    [s(-56, 0), s(-44, 17), s(-72, 25), s(-88, 33)],
    [s(-75, -10), s(-64, 9), s(-89, 17), s(-105, 24)],
    [s(-93, -20), s(-83, -5), s(-107, 5), s(-123, 13)],
    [s(-111, -34), s(-101, -20), s(-126, -10), s(-141, -3)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-38, -27),
    s(-20, -26),
    s(-11, -6),
    s(-2, -5),
    s(0, 6),
    s(8, 13),
    s(11, 10),
    s(16, 14),
    s(7, -9),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-40, -45),
    s(-24, -39),
    s(-19, -26),
    s(-9, -18),
    s(-3, -14),
    s(-4, -1),
    s(8, -1),
    s(6, 13),
    s(2, 17),
    s(4, 21),
    s(10, 13),
    s(7, 15),
    s(14, 12),
    s(11, 13),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-48, -43),
    s(-17, -34),
    s(-11, -38),
    s(-12, -19),
    s(-5, -18),
    s(-1, -10),
    s(-4, 3),
    s(-2, 3),
    s(8, 8),
    s(10, 16),
    s(15, 20),
    s(19, 26),
    s(15, 29),
    s(17, 24),
    s(4, 17),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-21, -48),
    s(-25, -44),
    s(-29, -41),
    s(-22, -36),
    s(-20, -35),
    s(-14, -28),
    s(-11, -27),
    s(-6, -22),
    s(-9, -17),
    s(-4, -11),
    s(-2, -9),
    s(1, -3),
    s(3, 3),
    s(2, 7),
    s(-3, 6),
    s(4, 9),
    s(8, 13),
    s(9, 13),
    s(11, 18),
    s(10, 17),
    s(8, 17),
    s(9, 16),
    s(10, 18),
    s(8, 16),
    s(12, 21),
    s(11, 21),
    s(14, 28),
    s(15, 27),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(30, 51);
/// Rook on a file with no pawns.
pub const ROOK_OPEN_FILE: Score = s(36, 11);
/// Rook on a file with enemy pawns but none of its own.
pub const ROOK_HALF_OPEN_FILE: Score = s(15, 8);
/// Knight on an outpost: on the fourth to sixth rank, guarded by a pawn of ours, out of reach
/// of every enemy pawn now and later.
pub const KNIGHT_OUTPOST: Score = s(25, 11);
/// Bishop on an outpost, likewise.
pub const BISHOP_OUTPOST: Score = s(12, 4);

// ---- Pawn structure (shapes in pawns.rs) ----------------------------------------------------

/// Per pawn with a pawn of its own colour in front of it on the same file.
pub const DOUBLED_PAWN: Score = s(-5, -20);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-6, -15);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-4, -11);
/// Per connected pawn (guarded by a pawn of its own colour, or with one beside it), by its
/// rank (from its own side; ranks 1 and 8 are never used).
pub const CONNECTED_PAWN: [Score; 8] = [
    s(0, 0),
    s(1, -5),
    s(11, -5),
    s(10, 4),
    s(11, 10),
    s(8, 12),
    s(1, 1),
    s(0, 0),
];
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(2, 17),
    s(-4, 24),
    s(2, 23),
    s(19, 10),
    s(56, 43),
    s(62, 94),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 8;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -4;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-3, 16);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-5, 38);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units of each king-danger feature (king.rs, `Danger`), in its order: enemy knights,
/// bishops, rooks and queens attacking the king zone; zone squares they attack; safe checks
/// by knight, bishop, rook and queen; weak zone squares; the enemy having no queen.
pub const KING_DANGER_WEIGHTS: [i32; 11] = [3, 1, 19, 11, 18, 45, 38, 55, 43, 10, -184];
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 226;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 5;
/// Shelter, per file of the three around the king, by how many ranks ahead of the king the
/// nearest own pawn stands (1 to 7; 0: none, an open line to the king).
pub const SHELTER: [Score; 8] = [
    s(-13, 8),
    s(16, 3),
    s(5, -2),
    s(-1, -6),
    s(1, -3),
    s(0, -1),
    s(-1, 0),
    s(0, 0),
];
/// Pawn storm, per file of the three around the king, by how many ranks ahead of the king the
/// nearest enemy pawn stands (1 to 7; 0: none).
pub const STORM: [Score; 8] = [
    s(-7, -1),
    s(5, 13),
    s(-8, 2),
    s(2, -4),
    s(2, 1),
    s(4, -6),
    s(1, -6),
    s(0, 0),
];

// ---- Threats (threats.rs) --------------------------------------------------------------------

/// Per enemy knight, bishop, rook or queen our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: Score = s(47, 21);
/// Per enemy rook or queen our knights or bishops attack.
pub const THREAT_BY_MINOR: Score = s(32, 16);
/// Per enemy queen our rooks attack.
pub const THREAT_BY_ROOK: Score = s(32, 13);
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(28, 13);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(12, 5);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
