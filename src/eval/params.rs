//! Every weight of the hand-crafted evaluation, as named constants in one place so that a later
//! tuner can rewrite this file and nothing else. Values are centipawns, `s(mg, eg)`.
//!
//! Origin of all values: set by hand for Ferrite (round numbers from chess knowledge, then
//! sanity-checked on the test positions); none is copied from another engine. Shapes that need
//! a table (piece-square, mobility, passed pawns) are generated from the few parameters here by
//! simple formulas, so a tuner can either tune the parameters or replace the formulas by tables.

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

// ---- Piece-square tables (shapes in pst.rs) -------------------------------------------------

/// Pawn: per rank advanced beyond the second.
pub const PAWN_ADVANCE: Score = s(3, 4);
/// Pawn: per step of file centrality (a/h = 0 … d/e = 3) on ranks 3 to 5, the centre fight.
pub const PAWN_CENTRE: Score = s(5, 0);
/// Knight: per step of centrality (file + rank, 0…6), centred so the average square is ~0.
pub const KNIGHT_CENTRE: Score = s(8, 6);
/// Knight or bishop on its own back rank: undeveloped.
pub const MINOR_BACK_RANK: Score = s(-10, 0);
/// Bishop: per step of centrality.
pub const BISHOP_CENTRE: Score = s(4, 3);
/// Rook: per step of file centrality (central files are opened first).
pub const ROOK_CENTRE_FILE: Score = s(3, 0);
/// Rook on the seventh rank (relative): attacks pawns and confines the king.
pub const ROOK_SEVENTH: Score = s(20, 15);
/// Queen: per step of centrality.
pub const QUEEN_CENTRE: Score = s(2, 5);
/// King in the middlegame: per rank away from its own back rank.
pub const KING_ADVANCE_MG: i32 = -18;
/// King in the middlegame by file centrality a/h, b/g, c/f, d/e: safest tucked in on b/g.
pub const KING_FILE_MG: [i32; 4] = [15, 25, 0, -15];
/// King in the endgame: per step of centrality (file + rank, 0…6), centred.
pub const KING_CENTRE_EG: i32 = 10;

// ---- Mobility (shapes in pieces.rs) ---------------------------------------------------------

/// Knight: squares reached in a typical position; the bonus is zero there.
pub const KNIGHT_MOBILITY_TYPICAL: i32 = 4;
/// Knight: per square reached (half as much beyond the typical count).
pub const KNIGHT_MOBILITY: Score = s(6, 6);
/// Bishop: typical squares reached.
pub const BISHOP_MOBILITY_TYPICAL: i32 = 6;
/// Bishop: per square reached.
pub const BISHOP_MOBILITY: Score = s(5, 5);
/// Rook: typical squares reached.
pub const ROOK_MOBILITY_TYPICAL: i32 = 6;
/// Rook: per square reached; open lines matter most in the endgame.
pub const ROOK_MOBILITY: Score = s(3, 6);
/// Queen: typical squares reached.
pub const QUEEN_MOBILITY_TYPICAL: i32 = 12;
/// Queen: per square reached; small in the middlegame so the queen does not come out early.
pub const QUEEN_MOBILITY: Score = s(2, 4);

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
/// Passed pawn: bonus on its second rank; the bonus grows with the square of the advance.
pub const PASSED_BASE: Score = s(5, 10);
/// Passed pawn: times (ranks advanced beyond the second) squared.
pub const PASSED_QUADRATIC: Score = s(2, 4);
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
