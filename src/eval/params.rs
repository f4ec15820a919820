//! Every weight of the hand-crafted evaluation, as named constants in one place so that the
//! tuner's output (`ferrite tune`) goes into this file and nothing else. Values are
//! centipawns, `s(mg, eg)`.
//!
//! Origin of all values: set by hand for Ferrite (round numbers from chess knowledge), then
//! fitted by `ferrite tune` to Ferrite's own self-play games where a commit says so; none is
//! copied from another engine. Passed-pawn shapes are formulas over the few parameters here;
//! the piece-square and mobility tables are tables.

use super::score::{s, Score};

// ---- Material -------------------------------------------------------------------------------

/// Pawn: a little more in the endgame, where pawns promote.
pub const PAWN_VALUE: Score = s(100, 120);
/// Knight: slightly weaker in the endgame (short range on an open board).
pub const KNIGHT_VALUE: Score = s(320, 310);
/// Bishop: slightly stronger than a knight, more so in the endgame.
pub const BISHOP_VALUE: Score = s(330, 340);
/// Rook.
pub const ROOK_VALUE: Score = s(500, 540);
/// Queen.
pub const QUEEN_VALUE: Score = s(950, 1000);

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
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
    [s(3, 4), s(8, 4), s(13, 4), s(18, 4)],
    [s(6, 8), s(11, 8), s(16, 8), s(21, 8)],
    [s(9, 12), s(14, 12), s(19, 12), s(24, 12)],
    [s(12, 16), s(12, 16), s(12, 16), s(12, 16)],
    [s(15, 20), s(15, 20), s(15, 20), s(15, 20)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-34, -18), s(-26, -12), s(-18, -6), s(-10, 0)],
    [s(-16, -12), s(-8, -6), s(0, 0), s(8, 6)],
    [s(-8, -6), s(0, 0), s(8, 6), s(16, 12)],
    [s(0, 0), s(8, 6), s(16, 12), s(24, 18)],
    [s(0, 0), s(8, 6), s(16, 12), s(24, 18)],
    [s(-8, -6), s(0, 0), s(8, 6), s(16, 12)],
    [s(-16, -12), s(-8, -6), s(0, 0), s(8, 6)],
    [s(-24, -18), s(-16, -12), s(-8, -6), s(0, 0)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-22, -9), s(-18, -6), s(-14, -3), s(-10, 0)],
    [s(-8, -6), s(-4, -3), s(0, 0), s(4, 3)],
    [s(-4, -3), s(0, 0), s(4, 3), s(8, 6)],
    [s(0, 0), s(4, 3), s(8, 6), s(12, 9)],
    [s(0, 0), s(4, 3), s(8, 6), s(12, 9)],
    [s(-4, -3), s(0, 0), s(4, 3), s(8, 6)],
    [s(-8, -6), s(-4, -3), s(0, 0), s(4, 3)],
    [s(-12, -9), s(-8, -6), s(-4, -3), s(0, 0)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-3, 0), s(0, 0), s(3, 0), s(6, 0)],
    [s(-3, 0), s(0, 0), s(3, 0), s(6, 0)],
    [s(-3, 0), s(0, 0), s(3, 0), s(6, 0)],
    [s(-3, 0), s(0, 0), s(3, 0), s(6, 0)],
    [s(-3, 0), s(0, 0), s(3, 0), s(6, 0)],
    [s(-3, 0), s(0, 0), s(3, 0), s(6, 0)],
    [s(17, 15), s(20, 15), s(23, 15), s(26, 15)],
    [s(-3, 0), s(0, 0), s(3, 0), s(6, 0)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-6, -15), s(-4, -10), s(-2, -5), s(0, 0)],
    [s(-4, -10), s(-2, -5), s(0, 0), s(2, 5)],
    [s(-2, -5), s(0, 0), s(2, 5), s(4, 10)],
    [s(0, 0), s(2, 5), s(4, 10), s(6, 15)],
    [s(0, 0), s(2, 5), s(4, 10), s(6, 15)],
    [s(-2, -5), s(0, 0), s(2, 5), s(4, 10)],
    [s(-4, -10), s(-2, -5), s(0, 0), s(2, 5)],
    [s(-6, -15), s(-4, -10), s(-2, -5), s(0, 0)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(15, -30), s(25, -20), s(0, -10), s(-15, 0)],
    [s(-3, -20), s(7, -10), s(-18, 0), s(-33, 10)],
    [s(-21, -10), s(-11, 0), s(-36, 10), s(-51, 20)],
    [s(-39, 0), s(-29, 10), s(-54, 20), s(-69, 30)],
    [s(-57, 0), s(-47, 10), s(-72, 20), s(-87, 30)],
    [s(-75, -10), s(-65, 0), s(-90, 10), s(-105, 20)],
    [s(-93, -20), s(-83, -10), s(-108, 0), s(-123, 10)],
    [s(-111, -30), s(-101, -20), s(-126, -10), s(-141, 0)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-24, -24),
    s(-18, -18),
    s(-12, -12),
    s(-6, -6),
    s(0, 0),
    s(3, 3),
    s(6, 6),
    s(9, 9),
    s(12, 12),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-30, -30),
    s(-25, -25),
    s(-20, -20),
    s(-15, -15),
    s(-10, -10),
    s(-5, -5),
    s(0, 0),
    s(2, 2),
    s(5, 5),
    s(7, 7),
    s(10, 10),
    s(12, 12),
    s(15, 15),
    s(17, 17),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-18, -36),
    s(-15, -30),
    s(-12, -24),
    s(-9, -18),
    s(-6, -12),
    s(-3, -6),
    s(0, 0),
    s(1, 3),
    s(3, 6),
    s(4, 9),
    s(6, 12),
    s(7, 15),
    s(9, 18),
    s(10, 21),
    s(12, 24),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-24, -48),
    s(-22, -44),
    s(-20, -40),
    s(-18, -36),
    s(-16, -32),
    s(-14, -28),
    s(-12, -24),
    s(-10, -20),
    s(-8, -16),
    s(-6, -12),
    s(-4, -8),
    s(-2, -4),
    s(0, 0),
    s(1, 2),
    s(2, 4),
    s(3, 6),
    s(4, 8),
    s(5, 10),
    s(6, 12),
    s(7, 14),
    s(8, 16),
    s(9, 18),
    s(10, 20),
    s(11, 22),
    s(12, 24),
    s(13, 26),
    s(14, 28),
    s(15, 30),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(30, 55);
/// Rook on a file with no pawns.
pub const ROOK_OPEN_FILE: Score = s(35, 12);
/// Rook on a file with enemy pawns but none of its own.
pub const ROOK_HALF_OPEN_FILE: Score = s(15, 8);
/// Knight on an outpost: on the fourth to sixth rank, guarded by a pawn of ours, out of reach
/// of every enemy pawn now and later.
pub const KNIGHT_OUTPOST: Score = s(25, 12);
/// Bishop on an outpost, likewise.
pub const BISHOP_OUTPOST: Score = s(12, 4);

// ---- Pawn structure (shapes in pawns.rs) ----------------------------------------------------

/// Per pawn with a pawn of its own colour in front of it on the same file.
pub const DOUBLED_PAWN: Score = s(-10, -20);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-12, -15);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-8, -12);
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(5, 10),
    s(7, 14),
    s(13, 26),
    s(23, 46),
    s(37, 74),
    s(55, 110),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 4;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -2;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(3, 8);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(5, 20);

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
pub const KING_DANGER_DIVISOR: i32 = 160;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 600;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 8;
/// Shield pawn directly in front of the king (one rank ahead), per file of the three.
pub const SHIELD_PAWN_NEAR: i32 = 15;
/// Shield pawn two ranks ahead of the king.
pub const SHIELD_PAWN_FAR: i32 = 7;
/// No own pawn at all ahead of the king on one of the three files: an open line to the king.
pub const SHIELD_FILE_OPEN: i32 = -12;

// ---- Threats (threats.rs) --------------------------------------------------------------------

/// Per enemy knight, bishop, rook or queen our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: Score = s(50, 35);
/// Per enemy rook or queen our knights or bishops attack.
pub const THREAT_BY_MINOR: Score = s(35, 25);
/// Per enemy queen our rooks attack.
pub const THREAT_BY_ROOK: Score = s(35, 20);
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(30, 20);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(15, 5);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
