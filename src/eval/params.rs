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
pub const PAWN_VALUE: Score = s(93, 101);
/// Knight.
pub const KNIGHT_VALUE: Score = s(373, 363);
/// Bishop.
pub const BISHOP_VALUE: Score = s(395, 379);
/// Rook.
pub const ROOK_VALUE: Score = s(541, 631);
/// Queen.
pub const QUEEN_VALUE: Score = s(1568, 862);

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
    [s(-3, 5), s(13, 7), s(5, 14), s(-4, 8)],
    [s(1, 5), s(11, 6), s(11, 8), s(20, -3)],
    [s(5, 7), s(0, 15), s(14, 1), s(22, -1)],
    [s(6, 12), s(6, 15), s(24, 7), s(20, 11)],
    [s(17, 14), s(7, 11), s(21, 15), s(13, 8)],
    [s(15, 15), s(15, 22), s(15, 17), s(16, 20)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-35, -19), s(-17, -14), s(-16, -5), s(-6, 4)],
    [s(-14, -11), s(-12, -8), s(0, -4), s(8, 0)],
    [s(-10, -4), s(6, -1), s(3, 5), s(14, 15)],
    [s(-3, 0), s(10, 4), s(10, 15), s(13, 19)],
    [s(-1, -1), s(3, 3), s(21, 17), s(27, 22)],
    [s(-7, -6), s(1, -4), s(11, 7), s(17, 17)],
    [s(-16, -12), s(-8, -5), s(1, 0), s(9, 6)],
    [s(-26, -19), s(-16, -12), s(-8, -7), s(0, -1)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-25, -10), s(-17, -7), s(-13, -3), s(-12, -6)],
    [s(-6, -7), s(9, -3), s(4, -1), s(1, 3)],
    [s(0, -3), s(4, 2), s(4, 6), s(-4, 7)],
    [s(3, 1), s(5, 3), s(0, 11), s(18, 12)],
    [s(-5, -5), s(9, 5), s(6, 3), s(8, 10)],
    [s(-5, -6), s(3, 2), s(3, 2), s(9, 5)],
    [s(-12, -8), s(-5, -3), s(-1, 0), s(4, 5)],
    [s(-12, -10), s(-8, -5), s(-4, -3), s(0, 3)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-10, -9), s(-2, -6), s(20, -10), s(15, -12)],
    [s(-19, -4), s(-5, -10), s(-2, -10), s(7, -6)],
    [s(-14, 1), s(-7, -9), s(2, -3), s(0, -7)],
    [s(-5, 1), s(1, 1), s(4, 1), s(5, -1)],
    [s(-3, 6), s(1, 3), s(8, 5), s(10, 4)],
    [s(-1, 5), s(3, 1), s(5, 1), s(10, 6)],
    [s(21, 23), s(20, 19), s(24, 20), s(26, 20)],
    [s(0, 9), s(3, 8), s(4, 5), s(7, 4)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-9, -16), s(-5, -11), s(-3, -7), s(4, -4)],
    [s(-2, -10), s(-5, -7), s(4, -2), s(4, 4)],
    [s(-6, -4), s(1, 1), s(2, 4), s(1, 8)],
    [s(-1, -1), s(0, 5), s(4, 11), s(2, 14)],
    [s(-3, 0), s(2, 6), s(4, 11), s(8, 16)],
    [s(-1, -3), s(0, 1), s(3, 7), s(6, 12)],
    [s(-4, -10), s(-2, -4), s(0, 1), s(1, 6)],
    [s(-6, -15), s(-2, -9), s(-1, -4), s(0, 1)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(9, -34), s(28, -25), s(-10, -12), s(-9, -8)],
    [s(-2, -18), s(4, -10), s(-15, 7), s(-31, 12)],
    [s(-21, -10), s(-11, 0), s(-35, 10), s(-51, 21)],
    [s(-38, -1), s(-30, 6), s(-54, 19), s(-70, 28)],
    [s(-56, 0), s(-46, 13), s(-72, 23), s(-88, 30)],
    [s(-75, -10), s(-64, 4), s(-89, 13), s(-105, 21)],
    [s(-93, -20), s(-83, -8), s(-107, 2), s(-123, 11)],
    [s(-111, -32), s(-101, -20), s(-126, -10), s(-141, -1)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-29, -25),
    s(-22, -23),
    s(-12, -10),
    s(-3, -6),
    s(-2, 5),
    s(6, 8),
    s(11, 8),
    s(14, 11),
    s(9, 2),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-39, -36),
    s(-27, -31),
    s(-21, -25),
    s(-11, -15),
    s(-5, -13),
    s(-5, -3),
    s(6, 0),
    s(4, 9),
    s(5, 10),
    s(6, 14),
    s(10, 11),
    s(10, 12),
    s(15, 14),
    s(15, 15),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-38, -40),
    s(-16, -31),
    s(-8, -32),
    s(-10, -20),
    s(-5, -17),
    s(-4, -10),
    s(-3, 0),
    s(-1, 2),
    s(5, 6),
    s(9, 14),
    s(12, 18),
    s(14, 23),
    s(12, 25),
    s(13, 24),
    s(9, 20),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-23, -48),
    s(-23, -44),
    s(-24, -40),
    s(-19, -36),
    s(-20, -33),
    s(-14, -28),
    s(-11, -25),
    s(-8, -21),
    s(-10, -17),
    s(-6, -12),
    s(-3, -9),
    s(0, -3),
    s(2, 2),
    s(2, 4),
    s(0, 5),
    s(4, 8),
    s(6, 10),
    s(7, 11),
    s(8, 14),
    s(8, 15),
    s(8, 16),
    s(9, 17),
    s(10, 19),
    s(10, 20),
    s(12, 23),
    s(12, 24),
    s(14, 28),
    s(15, 29),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(34, 52);
/// Rook on a file with no pawns.
pub const ROOK_OPEN_FILE: Score = s(40, 11);
/// Rook on a file with enemy pawns but none of its own.
pub const ROOK_HALF_OPEN_FILE: Score = s(17, 8);
/// Knight on an outpost: on the fourth to sixth rank, guarded by a pawn of ours, out of reach
/// of every enemy pawn now and later.
pub const KNIGHT_OUTPOST: Score = s(28, 11);
/// Bishop on an outpost, likewise.
pub const BISHOP_OUTPOST: Score = s(14, 4);

// ---- Pawn structure (shapes in pawns.rs) ----------------------------------------------------

/// Per pawn with a pawn of its own colour in front of it on the same file.
pub const DOUBLED_PAWN: Score = s(-7, -21);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-9, -16);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-6, -12);
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(5, 15),
    s(4, 22),
    s(7, 24),
    s(20, 22),
    s(44, 57),
    s(56, 104),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 8;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -4;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-4, 15);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-6, 38);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units a knight adds when it attacks the enemy king zone.
pub const KING_ATTACK_KNIGHT: i32 = 20;
/// Danger units a bishop adds when it attacks the enemy king zone.
pub const KING_ATTACK_BISHOP: i32 = 20;
/// Danger units a rook adds when it attacks the enemy king zone.
pub const KING_ATTACK_ROOK: i32 = 40;
/// Danger units a queen adds when it attacks the enemy king zone.
pub const KING_ATTACK_QUEEN: i32 = 80;
/// Danger units per king-zone square attacked (counted once per attacking piece).
pub const KING_ATTACK_SQUARE: i32 = 8;
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 288;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 9;
/// Shield pawn directly in front of the king (one rank ahead), per file of the three.
pub const SHIELD_PAWN_NEAR: i32 = 7;
/// Shield pawn two ranks ahead of the king.
pub const SHIELD_PAWN_FAR: i32 = 3;
/// No own pawn at all ahead of the king on one of the three files: an open line to the king.
pub const SHIELD_FILE_OPEN: i32 = -6;

// ---- Threats (threats.rs) --------------------------------------------------------------------

/// Per enemy knight, bishop, rook or queen our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: Score = s(49, 22);
/// Per enemy rook or queen our knights or bishops attack.
pub const THREAT_BY_MINOR: Score = s(34, 16);
/// Per enemy queen our rooks attack.
pub const THREAT_BY_ROOK: Score = s(34, 13);
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(29, 13);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(13, 4);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
