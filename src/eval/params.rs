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
pub const PAWN_VALUE: Score = s(88, 101);
/// Knight.
pub const KNIGHT_VALUE: Score = s(371, 364);
/// Bishop.
pub const BISHOP_VALUE: Score = s(394, 378);
/// Rook.
pub const ROOK_VALUE: Score = s(544, 631);
/// Queen.
pub const QUEEN_VALUE: Score = s(1593, 838);

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
    [s(-5, 8), s(13, 6), s(4, 16), s(-6, 12)],
    [s(-1, 7), s(12, 6), s(11, 8), s(21, -3)],
    [s(3, 9), s(-2, 16), s(15, -2), s(23, -3)],
    [s(6, 14), s(3, 19), s(25, 6), s(20, 12)],
    [s(20, 11), s(4, 9), s(28, 15), s(13, 4)],
    [s(15, 10), s(15, 23), s(15, 15), s(17, 20)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-36, -20), s(-12, -16), s(-15, -5), s(-2, 7)],
    [s(-11, -10), s(-16, -10), s(1, -6), s(7, -4)],
    [s(-11, -2), s(7, -2), s(1, 4), s(12, 17)],
    [s(-4, -1), s(11, 2), s(5, 18), s(8, 22)],
    [s(-2, -2), s(1, 1), s(24, 22), s(28, 25)],
    [s(-6, -6), s(2, -7), s(14, 7), s(18, 21)],
    [s(-16, -12), s(-8, -4), s(1, -1), s(10, 6)],
    [s(-28, -20), s(-16, -12), s(-8, -8), s(0, -1)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-27, -11), s(-16, -8), s(-11, -2), s(-12, -9)],
    [s(-5, -8), s(13, -4), s(6, -2), s(1, 3)],
    [s(2, -3), s(5, 3), s(3, 8), s(-6, 8)],
    [s(6, 1), s(6, 3), s(-5, 15), s(21, 13)],
    [s(-8, -8), s(11, 6), s(4, 1), s(6, 12)],
    [s(-6, -8), s(5, 3), s(2, 2), s(9, 4)],
    [s(-16, -10), s(-5, -3), s(-2, 1), s(3, 6)],
    [s(-12, -11), s(-8, -4), s(-4, -4), s(0, 6)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-9, -14), s(-1, -11), s(23, -18), s(20, -21)],
    [s(-29, -6), s(-6, -17), s(-4, -16), s(8, -13)],
    [s(-20, 2), s(-12, -14), s(1, -5), s(-4, -10)],
    [s(-8, 0), s(2, 2), s(4, 1), s(5, -1)],
    [s(-5, 10), s(2, 6), s(12, 9), s(12, 6)],
    [s(0, 9), s(5, 2), s(7, 3), s(13, 11)],
    [s(23, 26), s(20, 22), s(24, 24), s(25, 23)],
    [s(2, 15), s(5, 14), s(5, 9), s(7, 7)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-10, -17), s(-6, -12), s(-4, -8), s(5, -8)],
    [s(-1, -11), s(-6, -9), s(5, -3), s(5, 3)],
    [s(-9, -3), s(0, 1), s(3, 3), s(2, 6)],
    [s(-1, -2), s(-2, 5), s(4, 12), s(0, 14)],
    [s(-6, 0), s(1, 7), s(4, 12), s(10, 17)],
    [s(0, -2), s(0, 2), s(4, 9), s(7, 14)],
    [s(-4, -10), s(-2, -3), s(0, 2), s(0, 7)],
    [s(-6, -15), s(0, -8), s(0, -3), s(0, 2)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(6, -35), s(26, -27), s(-12, -12), s(-5, -12)],
    [s(-4, -17), s(2, -11), s(-14, 7), s(-29, 10)],
    [s(-22, -11), s(-11, -1), s(-34, 10), s(-51, 21)],
    [s(-37, -2), s(-30, 4), s(-54, 18), s(-71, 28)],
    [s(-56, 0), s(-45, 15), s(-72, 25), s(-88, 32)],
    [s(-75, -10), s(-64, 7), s(-89, 15), s(-105, 23)],
    [s(-93, -20), s(-83, -6), s(-107, 4), s(-123, 12)],
    [s(-111, -33), s(-101, -20), s(-126, -10), s(-141, -2)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-34, -26),
    s(-22, -25),
    s(-12, -8),
    s(-2, -6),
    s(-1, 7),
    s(8, 11),
    s(12, 9),
    s(16, 13),
    s(7, -5),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-41, -41),
    s(-26, -35),
    s(-20, -27),
    s(-10, -16),
    s(-3, -14),
    s(-4, -1),
    s(7, 0),
    s(5, 12),
    s(4, 14),
    s(5, 18),
    s(10, 12),
    s(8, 13),
    s(15, 13),
    s(13, 14),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-45, -42),
    s(-17, -32),
    s(-9, -36),
    s(-10, -21),
    s(-5, -18),
    s(-3, -11),
    s(-4, 1),
    s(-2, 3),
    s(7, 7),
    s(10, 15),
    s(15, 20),
    s(17, 26),
    s(14, 28),
    s(15, 25),
    s(6, 19),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-22, -48),
    s(-24, -44),
    s(-27, -41),
    s(-20, -36),
    s(-21, -34),
    s(-14, -28),
    s(-11, -26),
    s(-7, -22),
    s(-10, -17),
    s(-5, -12),
    s(-2, -9),
    s(1, -3),
    s(3, 3),
    s(2, 6),
    s(-2, 6),
    s(4, 9),
    s(7, 12),
    s(8, 12),
    s(10, 16),
    s(9, 16),
    s(8, 16),
    s(9, 16),
    s(10, 18),
    s(9, 18),
    s(12, 22),
    s(11, 22),
    s(14, 28),
    s(15, 28),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(30, 53);
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
pub const DOUBLED_PAWN: Score = s(-7, -20);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-9, -15);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-6, -11);
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(3, 16),
    s(0, 24),
    s(4, 22),
    s(21, 12),
    s(50, 47),
    s(58, 97),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 8;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -4;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-2, 16);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-3, 39);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units of each king-danger feature (king.rs, `Danger`), in its order: enemy knights,
/// bishops, rooks and queens attacking the king zone; zone squares they attack; safe checks
/// by knight, bishop, rook and queen; weak zone squares; the enemy having no queen.
pub const KING_DANGER_WEIGHTS: [i32; 11] = [13, 14, 39, 25, 13, 30, 36, 46, 39, 7, -141];
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 232;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 3;
/// Shield pawn directly in front of the king (one rank ahead), per file of the three.
pub const SHIELD_PAWN_NEAR: i32 = 12;
/// Shield pawn two ranks ahead of the king.
pub const SHIELD_PAWN_FAR: i32 = 5;
/// No own pawn at all ahead of the king on one of the three files: an open line to the king.
pub const SHIELD_FILE_OPEN: i32 = -10;

// ---- Threats (threats.rs) --------------------------------------------------------------------

/// Per enemy knight, bishop, rook or queen our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: Score = s(48, 22);
/// Per enemy rook or queen our knights or bishops attack.
pub const THREAT_BY_MINOR: Score = s(33, 16);
/// Per enemy queen our rooks attack.
pub const THREAT_BY_ROOK: Score = s(33, 13);
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(28, 13);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(12, 4);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
