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
pub const PAWN_VALUE: Score = s(80, 98);
/// Knight.
pub const KNIGHT_VALUE: Score = s(377, 332);
/// Bishop.
pub const BISHOP_VALUE: Score = s(416, 365);
/// Rook.
pub const ROOK_VALUE: Score = s(558, 583);
/// Queen.
pub const QUEEN_VALUE: Score = s(1235, 1072);

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
    [s(7, 7), s(20, 14), s(11, 17), s(-8, 16)],
    [s(0, 8), s(2, 3), s(1, 9), s(-1, 16)],
    [s(2, 12), s(-2, 11), s(15, 1), s(20, -8)],
    [s(0, 13), s(16, 20), s(9, 8), s(11, 1)],
    [s(25, 12), s(9, 14), s(28, 14), s(20, 3)],
    [s(23, -15), s(18, 27), s(16, 14), s(25, 21)],
    [s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
];

/// Knight, by square (as for pawns).
pub const KNIGHT_SQUARES: [[Score; 4]; 8] = [
    [s(-34, -23), s(-17, -21), s(-16, -3), s(-10, 2)],
    [s(-5, -12), s(-24, -12), s(6, -11), s(10, -5)],
    [s(-8, 3), s(1, 0), s(6, 1), s(4, 28)],
    [s(3, 2), s(10, -6), s(-2, 23), s(19, 27)],
    [s(5, 2), s(10, 2), s(23, 32), s(8, 24)],
    [s(-6, -7), s(-5, -16), s(25, 11), s(24, 29)],
    [s(-14, -17), s(-10, -5), s(2, -1), s(11, 7)],
    [s(-37, -27), s(-16, -13), s(-8, -14), s(0, 1)],
];

/// Bishop, by square.
pub const BISHOP_SQUARES: [[Score; 4]; 8] = [
    [s(-33, -11), s(-10, -8), s(-11, -5), s(-2, -8)],
    [s(0, -11), s(13, -21), s(5, 0), s(5, -6)],
    [s(3, -5), s(6, -1), s(-9, 12), s(-3, 8)],
    [s(5, 2), s(18, 0), s(-2, 15), s(17, 7)],
    [s(-3, -9), s(17, 12), s(4, 4), s(-1, 19)],
    [s(-7, -10), s(8, 10), s(3, 7), s(9, 5)],
    [s(-29, -18), s(-10, 1), s(-5, 6), s(0, 9)],
    [s(-9, -11), s(-9, -3), s(-5, -7), s(1, 18)],
];

/// Rook, by square.
pub const ROOK_SQUARES: [[Score; 4]; 8] = [
    [s(-6, -25), s(2, -26), s(12, -23), s(12, -33)],
    [s(-35, -1), s(3, -28), s(-5, -21), s(3, -30)],
    [s(-23, 3), s(-10, -13), s(-14, -14), s(-13, -14)],
    [s(-16, 2), s(8, 1), s(8, 4), s(4, -2)],
    [s(-11, 14), s(7, 9), s(23, 15), s(23, 5)],
    [s(4, 16), s(18, 9), s(14, 8), s(19, 14)],
    [s(22, 29), s(16, 27), s(23, 27), s(17, 20)],
    [s(7, 24), s(9, 24), s(3, 18), s(6, 20)],
];

/// Queen, by square.
pub const QUEEN_SQUARES: [[Score; 4]; 8] = [
    [s(-13, -23), s(-12, -20), s(-15, -20), s(8, -22)],
    [s(-2, -17), s(2, -17), s(5, -13), s(2, -7)],
    [s(-16, -4), s(1, 5), s(5, -1), s(5, 0)],
    [s(-10, -6), s(-4, 3), s(0, 12), s(-3, 17)],
    [s(-8, 6), s(-1, 8), s(9, 20), s(17, 23)],
    [s(0, 0), s(-3, 5), s(11, 20), s(13, 22)],
    [s(-4, -8), s(-8, 1), s(3, 8), s(0, 13)],
    [s(-1, -11), s(6, -3), s(5, 2), s(1, 4)],
];

/// King, by square.
pub const KING_SQUARES: [[Score; 4]; 8] = [
    [s(-9, -27), s(25, -18), s(-11, -13), s(-5, -18)],
    [s(-4, -11), s(6, -4), s(-13, 6), s(-29, -2)],
    [s(-29, -17), s(-12, -4), s(-33, 12), s(-50, 14)],
    [s(-36, -9), s(-29, 1), s(-51, 18), s(-72, 27)],
    [s(-56, -2), s(-40, 21), s(-72, 25), s(-88, 37)],
    [s(-75, -9), s(-63, 17), s(-89, 21), s(-105, 24)],
    [s(-93, -24), s(-82, 2), s(-106, 10), s(-123, 12)],
    [s(-112, -44), s(-100, -19), s(-126, -10), s(-141, -7)],
];

// ---- Mobility (pieces.rs) -------------------------------------------------------------------

/// Knight mobility: the bonus by the number of squares it reaches (none of ours, none an
/// enemy pawn guards), 0 to 8.
pub const KNIGHT_MOBILITY: [Score; 9] = [
    s(-35, -27),
    s(-15, -26),
    s(-6, -10),
    s(-2, -7),
    s(3, 9),
    s(6, 19),
    s(3, 14),
    s(10, 11),
    s(5, -14),
];

/// Bishop mobility by squares reached, 0 to 13.
pub const BISHOP_MOBILITY: [Score; 14] = [
    s(-41, -58),
    s(-23, -46),
    s(-16, -34),
    s(-9, -14),
    s(-3, -9),
    s(1, 7),
    s(3, 2),
    s(7, 17),
    s(1, 20),
    s(7, 23),
    s(13, 14),
    s(4, 19),
    s(14, 9),
    s(6, 12),
];

/// Rook mobility by squares reached, 0 to 14.
pub const ROOK_MOBILITY: [Score; 15] = [
    s(-30, -45),
    s(-17, -40),
    s(-17, -36),
    s(-11, -21),
    s(-9, -8),
    s(-6, -4),
    s(-8, 10),
    s(-2, 7),
    s(8, 12),
    s(10, 17),
    s(14, 13),
    s(17, 23),
    s(14, 28),
    s(20, 22),
    s(5, 8),
];

/// Queen mobility by squares reached, 0 to 27.
pub const QUEEN_MOBILITY: [Score; 28] = [
    s(-22, -48),
    s(-26, -44),
    s(-29, -42),
    s(-26, -37),
    s(-16, -40),
    s(-12, -30),
    s(-10, -30),
    s(-4, -20),
    s(-5, -13),
    s(-5, -6),
    s(-2, -11),
    s(0, 0),
    s(0, 5),
    s(1, 11),
    s(-3, 12),
    s(0, 8),
    s(8, 15),
    s(9, 15),
    s(12, 21),
    s(12, 18),
    s(9, 18),
    s(10, 16),
    s(10, 16),
    s(7, 10),
    s(12, 17),
    s(11, 17),
    s(14, 28),
    s(15, 27),
];

// ---- Pieces ---------------------------------------------------------------------------------

/// Both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = s(22, 83);
/// Rook on a file with no pawns.
pub const ROOK_OPEN_FILE: Score = s(27, 18);
/// Rook on a file with enemy pawns but none of its own.
pub const ROOK_HALF_OPEN_FILE: Score = s(11, 13);
/// Knight on an outpost: on the fourth to sixth rank, guarded by a pawn of ours, out of reach
/// of every enemy pawn now and later.
pub const KNIGHT_OUTPOST: Score = s(18, 18);
/// Bishop on an outpost, likewise.
pub const BISHOP_OUTPOST: Score = s(8, 7);
/// Piece placement, by what [`super::pieces::Placement`] counts: a knight or bishop behind a
/// pawn, a pawn of ours on the bishop's square colour, one of those blocked by an enemy pawn, a
/// bishop on a long diagonal that sees two centre squares past the pawns, a rook on the seventh
/// rank with the enemy king on the eighth or enemy pawns on the seventh.
pub const PLACEMENT: [Score; 5] = [s(1, 14), s(-4, -4), s(3, -12), s(10, 3), s(4, -5)];

// ---- Pawn structure (shapes in pawns.rs) ----------------------------------------------------

/// Per pawn with a pawn of its own colour in front of it on the same file.
pub const DOUBLED_PAWN: Score = s(-8, -18);
/// Per pawn with no pawn of its own colour on either neighbouring file.
pub const ISOLATED_PAWN: Score = s(-8, -13);
/// Per pawn whose neighbours are all ahead of it and whose stop square an enemy pawn guards.
pub const BACKWARD_PAWN: Score = s(-8, -11);
/// Per connected pawn (guarded by a pawn of its own colour, or with one beside it), by its
/// rank (from its own side; ranks 1 and 8 are never used).
pub const CONNECTED_PAWN: [Score; 8] = [
    s(0, 0),
    s(-2, -3),
    s(9, 5),
    s(11, 14),
    s(5, 23),
    s(22, 37),
    s(5, 8),
    s(0, 0),
];
/// Passed pawn by its rank (from its own side; ranks 1 and 8 are never used).
pub const PASSED_RANK: [Score; 8] = [
    s(0, 0),
    s(0, 22),
    s(-9, 25),
    s(-1, 22),
    s(26, 24),
    s(69, 35),
    s(78, 77),
    s(0, 0),
];
/// Passed pawn, endgame: per square the enemy king is away from its stop square, times the
/// pawn's advance (ranks beyond the third).
pub const PASSED_ENEMY_KING_DISTANCE: i32 = 8;
/// Passed pawn, endgame: per square our own king is away from its stop square, likewise.
pub const PASSED_OWN_KING_DISTANCE: i32 = -4;

/// Passed pawn with an empty square in front, per rank of advance beyond the third.
pub const PASSED_FREE_STOP: Score = s(-2, 14);
/// Passed pawn whose whole way to promotion no enemy piece occupies or attacks, likewise.
pub const PASSED_SAFE_PATH: Score = s(-3, 35);

// ---- King safety (shapes in king.rs) --------------------------------------------------------

/// Danger units of each king-danger feature (king.rs, `Danger`), in its order: enemy knights,
/// bishops, rooks and queens attacking the king zone; zone squares they attack; safe checks
/// by knight, bishop, rook and queen; weak zone squares; the enemy having no queen.
pub const KING_DANGER_WEIGHTS: [i32; 11] = [25, -2, 22, -8, 15, 39, 50, 69, 51, 21, -197];
/// Middlegame penalty = units² / this (quadratic: attacks by several pieces combine).
pub const KING_DANGER_DIVISOR: i32 = 333;
/// Cap on the middlegame king-danger penalty.
pub const KING_DANGER_MAX: i32 = 286;
/// Endgame penalty = units / this.
pub const KING_DANGER_EG_DIVISOR: i32 = 14;
/// Shelter, per file of the three around the king, by how many ranks ahead of the king the
/// nearest own pawn stands (1 to 7; 0: none, an open line to the king).
pub const SHELTER: [Score; 8] = [
    s(-21, 13),
    s(16, 1),
    s(10, -2),
    s(-4, -6),
    s(7, -6),
    s(2, -2),
    s(-3, 1),
    s(0, 0),
];
/// Pawn storm, per file of the three around the king, by how many ranks ahead of the king the
/// nearest enemy pawn stands (1 to 7; 0: none).
pub const STORM: [Score; 8] = [
    s(-1, -5),
    s(17, 28),
    s(-18, 4),
    s(-6, -4),
    s(8, -8),
    s(2, -8),
    s(-5, -9),
    s(0, 0),
];

// ---- Threats (threats.rs) --------------------------------------------------------------------

// Threat tables are by the victim's piece type: pawn, knight, bishop, rook, queen, king (never
// a victim).

/// Per enemy piece our pawns attack: it must move, or be lost.
pub const THREAT_BY_PAWN: [Score; 6] =
    [s(0, 0), s(53, 21), s(53, 26), s(48, 24), s(43, 18), s(0, 0)];
/// Per enemy piece a pawn of ours would attack after a push to a square it can hold.
pub const THREAT_BY_PUSH: [Score; 6] = [s(0, 0), s(13, 2), s(14, 5), s(17, 17), s(23, 3), s(0, 0)];
/// Per enemy man our knights or bishops attack that no enemy pawn defends, and per enemy rook
/// or queen they attack.
pub const THREAT_BY_MINOR: [Score; 6] =
    [s(2, 19), s(14, 10), s(16, 9), s(44, 15), s(33, 16), s(0, 0)];
/// Per enemy man our rooks attack that nothing defends, and per enemy queen they attack.
pub const THREAT_BY_ROOK: [Score; 6] = [s(14, 44), s(9, 9), s(8, 7), s(0, -1), s(38, 13), s(0, 0)];
/// Per enemy piece (not pawn or king) we attack and they do not defend.
pub const HANGING_PIECE: Score = s(16, 11);

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
