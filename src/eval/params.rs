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
pub const PAWN_VALUE: Score = s(82, 103);
/// Knight.
pub const KNIGHT_VALUE: Score = s(371, 355);
/// Bishop.
pub const BISHOP_VALUE: Score = s(392, 370);
/// Rook.
pub const ROOK_VALUE: Score = s(533, 622);
/// Queen.
pub const QUEEN_VALUE: Score = s(1465, 911);

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
    [s(-1, 13), s(18, 10), s(8, 18), s(-4, 14)],
    [s(-6, 14), s(5, 8), s(3, 9), s(13, 2)],
    [s(3, 10), s(-2, 11), s(12, -3), s(19, -7)],
    [s(7, 15), s(2, 18), s(23, 5), s(17, 6)],
    [s(22, 8), s(5, 10), s(37, 14), s(17, 3)],
    [s(19, 4), s(15, 25), s(15, 14), s(21, 20)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-36, -22), s(-11, -19), s(-15, -4), s(3, 10)],
    [s(-5, -10), s(-21, -13), s(-1, -7), s(5, -6)],
    [s(-10, 2), s(2, 2), s(1, 2), s(10, 20)],
    [s(-6, -2), s(12, -3), s(4, 21), s(6, 25)],
    [s(-1, -2), s(-2, -4), s(25, 30), s(24, 26)],
    [s(-6, -8), s(3, -13), s(21, 10), s(21, 26)],
    [s(-16, -12), s(-8, -4), s(3, -1), s(11, 6)],
    [s(-32, -22), s(-16, -12), s(-8, -10), s(0, -1)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-30, -11), s(-14, -8), s(-11, 1), s(-8, -10)],
    [s(-3, -10), s(13, -5), s(13, -2), s(1, 3)],
    [s(4, -5), s(1, -1), s(-1, 11), s(-6, 4)],
    [s(10, 3), s(8, 3), s(-10, 15), s(20, 13)],
    [s(-8, -12), s(13, 6), s(3, 0), s(3, 14)],
    [s(-6, -11), s(7, 7), s(2, 6), s(9, 3)],
    [s(-23, -13), s(-5, 0), s(-4, 3), s(1, 6)],
    [s(-10, -11), s(-8, -4), s(-4, -6), s(0, 10)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-7, -18), s(3, -18), s(23, -24), s(22, -29)],
    [s(-37, -3), s(-2, -26), s(-5, -22), s(9, -24)],
    [s(-22, 5), s(-17, -18), s(-4, -8), s(-10, -13)],
    [s(-13, 0), s(3, 1), s(6, 1), s(7, 1)],
    [s(-11, 12), s(3, 9), s(17, 11), s(17, 6)],
    [s(3, 11), s(8, 5), s(12, 4), s(16, 14)],
    [s(21, 26), s(18, 25), s(23, 28), s(22, 25)],
    [s(5, 23), s(8, 21), s(5, 15), s(7, 13)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-11, -19), s(-9, -16), s(-7, -12), s(5, -14)],
    [s(3, -13), s(-6, -13), s(3, -5), s(5, 1)],
    [s(-11, -3), s(-3, 3), s(5, 1), s(-1, 1)],
    [s(0, -4), s(-4, 5), s(5, 14), s(-1, 14)],
    [s(-7, 2), s(1, 9), s(4, 16), s(14, 19)],
    [s(1, 0), s(0, 4), s(7, 13), s(10, 18)],
    [s(-4, -10), s(-4, -1), s(0, 4), s(-2, 9)],
    [s(-6, -15), s(4, -6), s(2, -1), s(0, 2)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(4, -30), s(23, -18), s(-9, -9), s(0, -13)],
    [s(-6, -15), s(-2, -8), s(-14, 6), s(-25, 7)],
    [s(-24, -14), s(-11, -3), s(-35, 6), s(-51, 15)],
    [s(-37, -4), s(-30, 0), s(-54, 13), s(-73, 23)],
    [s(-56, 0), s(-43, 18), s(-72, 25), s(-88, 34)],
    [s(-75, -10), s(-64, 11), s(-89, 19), s(-105, 25)],
    [s(-93, -20), s(-83, -4), s(-107, 6), s(-123, 14)],
    [s(-111, -35), s(-101, -20), s(-126, -10), s(-141, -4)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-40, -28),
    s(-18, -26),
    s(-10, -4),
    s(-1, -4),
    s(1, 7),
    s(8, 14),
    s(10, 9),
    s(15, 14),
    s(7, -12),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-38, -49),
    s(-22, -41),
    s(-18, -25),
    s(-8, -18),
    s(-3, -14),
    s(-4, -1),
    s(8, -2),
    s(6, 14),
    s(0, 18),
    s(3, 23),
    s(10, 14),
    s(6, 17),
    s(14, 11),
    s(9, 13),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-49, -44),
    s(-18, -35),
    s(-12, -38),
    s(-12, -17),
    s(-5, -17),
    s(-1, -9),
    s(-5, 4),
    s(-2, 3),
    s(8, 8),
    s(10, 15),
    s(15, 20),
    s(20, 25),
    s(16, 30),
    s(19, 24),
    s(3, 17),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-21, -48),
    s(-26, -44),
    s(-30, -41),
    s(-23, -36),
    s(-20, -36),
    s(-14, -28),
    s(-11, -28),
    s(-6, -22),
    s(-8, -17),
    s(-4, -10),
    s(-2, -9),
    s(1, -3),
    s(3, 3),
    s(2, 8),
    s(-4, 6),
    s(4, 9),
    s(9, 14),
    s(10, 14),
    s(12, 20),
    s(11, 18),
    s(8, 17),
    s(9, 16),
    s(10, 18),
    s(7, 14),
    s(12, 20),
    s(11, 20),
    s(14, 28),
    s(15, 27),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(28, 50);
/// Rook on a file with no pawns.
pub const ROOK_OPEN_FILE: Score = s(34, 11);
/// Rook on a file with enemy pawns but none of its own.
pub const ROOK_HALF_OPEN_FILE: Score = s(14, 8);
/// Knight on an outpost: on the fourth to sixth rank, guarded by a pawn of ours, out of reach
/// of every enemy pawn now and later.
pub const KNIGHT_OUTPOST: Score = s(24, 11);
/// Bishop on an outpost, likewise.
pub const BISHOP_OUTPOST: Score = s(11, 4);

// ---- Pawn structure (shapes in pawns.rs) ----------------------------------------------------

/// Per pawn with a pawn of its own colour in front of it on the same file.
pub const DOUBLED_PAWN: Score = s(-4, -19);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-4, -14);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-3, -11);
/// Per connected pawn (guarded by a pawn of its own colour, or with one beside it), by its
/// rank (from its own side; ranks 1 and 8 are never used).
pub const CONNECTED_PAWN: [Score; 8] = [
    s(0, 0),
    s(2, -7),
    s(14, -7),
    s(11, 4),
    s(14, 13),
    s(14, 21),
    s(2, 2),
    s(0, 0),
];
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(1, 17),
    s(-6, 24),
    s(1, 24),
    s(18, 9),
    s(61, 40),
    s(66, 92),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 8;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -4;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-4, 16);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-7, 38);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units of each king-danger feature (king.rs, `Danger`), in its order: enemy knights,
/// bishops, rooks and queens attacking the king zone; zone squares they attack; safe checks
/// by knight, bishop, rook and queen; weak zone squares; the enemy having no queen.
pub const KING_DANGER_WEIGHTS: [i32; 11] = [3, 0, 18, 10, 18, 48, 37, 53, 44, 10, -186];
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 228;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 5;
/// Shelter, per file of the three around the king, by how many ranks ahead of the king the
/// nearest own pawn stands (1 to 7; 0: none, an open line to the king).
pub const SHELTER: [Score; 8] = [
    s(-13, 9),
    s(16, 4),
    s(5, -2),
    s(0, -6),
    s(2, -4),
    s(-1, -2),
    s(-2, 0),
    s(0, 0),
];
/// Pawn storm, per file of the three around the king, by how many ranks ahead of the king the
/// nearest enemy pawn stands (1 to 7; 0: none).
pub const STORM: [Score; 8] = [
    s(-8, -1),
    s(9, 18),
    s(-14, 4),
    s(3, -5),
    s(2, 0),
    s(5, -8),
    s(2, -9),
    s(0, 0),
];

// ---- Threats (threats.rs) --------------------------------------------------------------------

// Threat tables are by the victim's piece type: pawn, knight, bishop, rook, queen, king (never
// a victim).

/// Per enemy piece our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: [Score; 6] =
    [s(0, 0), s(50, 22), s(51, 23), s(47, 22), s(45, 20), s(0, 0)];
/// Per enemy piece a pawn of ours would attack after a push to a square it can hold.
pub const THREAT_BY_PUSH: [Score; 6] = [s(0, 0), s(12, 2), s(11, 2), s(7, 6), s(8, 1), s(0, 0)];
/// Per enemy man our knights or bishops attack that no enemy pawn defends, and per enemy rook
/// or queen they attack.
pub const THREAT_BY_MINOR: [Score; 6] = [s(2, 13), s(9, 4), s(8, 3), s(35, 16), s(32, 16), s(0, 0)];
/// Per enemy man our rooks attack that nothing defends, and per enemy queen they attack.
pub const THREAT_BY_ROOK: [Score; 6] = [s(10, 23), s(2, 3), s(2, 2), s(-1, -1), s(34, 13), s(0, 0)];
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(14, 18);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(11, 7);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
