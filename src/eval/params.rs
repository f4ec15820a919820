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
pub const PAWN_VALUE: Score = s(81, 102);
/// Knight.
pub const KNIGHT_VALUE: Score = s(375, 342);
/// Bishop.
pub const BISHOP_VALUE: Score = s(394, 359);
/// Rook.
pub const ROOK_VALUE: Score = s(537, 607);
/// Queen.
pub const QUEEN_VALUE: Score = s(1463, 913);

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
    [s(1, 12), s(18, 13), s(9, 18), s(-5, 15)],
    [s(-4, 14), s(3, 7), s(2, 10), s(11, 2)],
    [s(1, 10), s(-3, 11), s(12, -3), s(18, -7)],
    [s(8, 14), s(4, 18), s(16, 7), s(16, 5)],
    [s(21, 6), s(6, 11), s(38, 13), s(20, 4)],
    [s(21, -1), s(16, 25), s(15, 14), s(23, 21)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-36, -23), s(-13, -19), s(-15, -4), s(3, 10)],
    [s(-2, -10), s(-23, -14), s(0, -8), s(4, -4)],
    [s(-12, 2), s(2, 4), s(2, 1), s(10, 22)],
    [s(-6, -3), s(12, -4), s(4, 21), s(6, 26)],
    [s(1, -2), s(1, -5), s(24, 32), s(22, 27)],
    [s(-7, -9), s(3, -15), s(23, 11), s(22, 27)],
    [s(-16, -12), s(-8, -5), s(3, -1), s(11, 6)],
    [s(-33, -23), s(-16, -12), s(-8, -11), s(0, -1)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-32, -11), s(-13, -9), s(-11, 2), s(-8, -10)],
    [s(-2, -10), s(13, -7), s(8, -3), s(2, 4)],
    [s(6, -5), s(2, -2), s(0, 13), s(-5, 4)],
    [s(9, 4), s(10, 3), s(-7, 14), s(22, 10)],
    [s(-9, -12), s(14, 8), s(3, 0), s(3, 15)],
    [s(-5, -11), s(5, 7), s(3, 7), s(9, 3)],
    [s(-25, -14), s(-5, 1), s(-6, 3), s(0, 6)],
    [s(-9, -11), s(-8, -4), s(-4, -7), s(0, 12)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-7, -20), s(2, -19), s(22, -26), s(23, -30)],
    [s(-41, -3), s(0, -28), s(-5, -24), s(12, -27)],
    [s(-22, 4), s(-18, -18), s(-5, -9), s(-12, -13)],
    [s(-15, 1), s(3, 0), s(7, 1), s(7, 2)],
    [s(-14, 12), s(4, 9), s(20, 11), s(20, 5)],
    [s(4, 12), s(10, 6), s(13, 4), s(16, 14)],
    [s(20, 27), s(17, 26), s(22, 29), s(21, 27)],
    [s(6, 25), s(10, 24), s(6, 18), s(7, 16)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-10, -20), s(-11, -18), s(-8, -14), s(6, -16)],
    [s(1, -15), s(-5, -15), s(4, -7), s(4, -1)],
    [s(-13, -3), s(-4, 4), s(9, 0), s(-2, -1)],
    [s(-2, -5), s(-3, 5), s(3, 14), s(-1, 14)],
    [s(-9, 3), s(0, 9), s(5, 18), s(15, 20)],
    [s(0, 0), s(1, 5), s(8, 15), s(11, 20)],
    [s(-4, -10), s(-4, 0), s(1, 5), s(-2, 10)],
    [s(-5, -14), s(5, -5), s(3, 0), s(0, 3)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(2, -27), s(25, -17), s(-9, -9), s(-1, -14)],
    [s(-6, -14), s(-2, -7), s(-16, 5), s(-24, 5)],
    [s(-25, -16), s(-11, -4), s(-36, 4), s(-51, 14)],
    [s(-36, -5), s(-30, 0), s(-54, 12), s(-73, 24)],
    [s(-56, -1), s(-42, 18), s(-72, 26), s(-88, 35)],
    [s(-75, -11), s(-64, 12), s(-89, 20), s(-105, 26)],
    [s(-93, -21), s(-83, -2), s(-107, 7), s(-123, 14)],
    [s(-111, -37), s(-101, -20), s(-126, -10), s(-141, -5)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-40, -28),
    s(-17, -26),
    s(-10, -4),
    s(0, -4),
    s(1, 8),
    s(7, 15),
    s(10, 10),
    s(14, 13),
    s(6, -14),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-35, -53),
    s(-23, -42),
    s(-18, -24),
    s(-8, -19),
    s(-3, -15),
    s(-4, 0),
    s(8, 0),
    s(6, 15),
    s(0, 19),
    s(3, 25),
    s(11, 13),
    s(5, 19),
    s(14, 10),
    s(7, 12),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-49, -45),
    s(-18, -36),
    s(-13, -36),
    s(-12, -16),
    s(-5, -16),
    s(-2, -8),
    s(-4, 4),
    s(0, 3),
    s(6, 8),
    s(10, 14),
    s(16, 19),
    s(19, 25),
    s(16, 29),
    s(21, 25),
    s(3, 16),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-21, -48),
    s(-28, -44),
    s(-29, -42),
    s(-22, -36),
    s(-20, -37),
    s(-15, -29),
    s(-11, -29),
    s(-6, -22),
    s(-8, -17),
    s(-5, -9),
    s(-3, -9),
    s(0, -2),
    s(4, 4),
    s(2, 9),
    s(-4, 7),
    s(4, 10),
    s(10, 15),
    s(11, 15),
    s(13, 21),
    s(12, 19),
    s(8, 17),
    s(9, 15),
    s(10, 17),
    s(7, 12),
    s(12, 19),
    s(11, 19),
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
    s(1, -8),
    s(15, -7),
    s(12, 6),
    s(15, 15),
    s(16, 26),
    s(3, 3),
    s(0, 0),
];
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(-1, 19),
    s(-7, 25),
    s(0, 25),
    s(16, 12),
    s(64, 38),
    s(70, 88),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 8;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -4;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-5, 16);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-8, 38);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units of each king-danger feature (king.rs, `Danger`), in its order: enemy knights,
/// bishops, rooks and queens attacking the king zone; zone squares they attack; safe checks
/// by knight, bishop, rook and queen; weak zone squares; the enemy having no queen.
pub const KING_DANGER_WEIGHTS: [i32; 11] = [11, -2, 9, 0, 18, 46, 40, 69, 46, 13, -210];
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 210;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 6;
/// Shelter, per file of the three around the king, by how many ranks ahead of the king the
/// nearest own pawn stands (1 to 7; 0: none, an open line to the king).
pub const SHELTER: [Score; 8] = [
    s(-15, 11),
    s(15, 5),
    s(6, -2),
    s(-1, -7),
    s(4, -5),
    s(-1, -3),
    s(-3, 0),
    s(0, 0),
];
/// Pawn storm, per file of the three around the king, by how many ranks ahead of the king the
/// nearest enemy pawn stands (1 to 7; 0: none).
pub const STORM: [Score; 8] = [
    s(-8, -2),
    s(12, 21),
    s(-17, 5),
    s(3, -5),
    s(3, -1),
    s(5, -9),
    s(0, -10),
    s(0, 0),
];

// ---- Threats (threats.rs) --------------------------------------------------------------------

// Threat tables are by the victim's piece type: pawn, knight, bishop, rook, queen, king (never
// a victim).

/// Per enemy piece our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: [Score; 6] =
    [s(0, 0), s(52, 22), s(54, 25), s(47, 23), s(44, 19), s(0, 0)];
/// Per enemy piece a pawn of ours would attack after a push to a square it can hold.
pub const THREAT_BY_PUSH: [Score; 6] = [s(0, 0), s(16, 3), s(16, 3), s(11, 10), s(12, 1), s(0, 0)];
/// Per enemy man our knights or bishops attack that no enemy pawn defends, and per enemy rook
/// or queen they attack.
pub const THREAT_BY_MINOR: [Score; 6] =
    [s(2, 17), s(12, 7), s(12, 5), s(39, 16), s(33, 16), s(0, 0)];
/// Per enemy man our rooks attack that nothing defends, and per enemy queen they attack.
pub const THREAT_BY_ROOK: [Score; 6] = [s(13, 33), s(5, 6), s(4, 4), s(-1, -2), s(35, 13), s(0, 0)];
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(11, 18);

// ---- Side to move and scaling ---------------------------------------------------------------

/// Bonus for having the move.
pub const TEMPO: Score = s(10, 7);
/// Endgame scale meaning "no scaling".
pub const SCALE_NORMAL: i32 = 64;
/// Opposite-coloured bishops and nothing else but pawns: notoriously drawish.
pub const SCALE_OCB_PURE: i32 = 24;
/// Opposite-coloured bishops with other pieces still on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 48;
/// The side ahead has no pawns and less than a rook's worth more material.
pub const SCALE_PAWNLESS_SMALL_EDGE: i32 = 8;
