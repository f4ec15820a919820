//! Pawn structure: doubled, isolated, backward and connected pawns, and passed pawns (a bonus by
//! rank, in the endgame the two kings' distances to the stop square, and a free stop square and a
//! safe way to promotion). Also the pawn geometry the other terms share: pawn attack sets and file
//! masks.

use super::params::*;
use super::score::Score;
use crate::chess::attacks::pawn_attacks;
use crate::chess::{Bitboard, Color, PieceType, Position, Rank, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Every square a pawn of `color` in `pawns` attacks.
#[inline(always)]
pub fn attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & !FILE_H) << 9) | ((p & !FILE_A) << 7),
        Color::Black => ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7),
    })
}

/// The squares strictly in front of square index `sq` (towards the far side for `color`) on
/// files `sq`'s file + `df_lo` ..= + `df_hi`.
const fn span(color: usize, sq: usize, df_lo: i32, df_hi: i32) -> u64 {
    let file = (sq & 7) as i32;
    let rank = (sq >> 3) as i32;
    let mut bits = 0u64;
    let mut r = 0;
    while r < 8 {
        let ahead = if color == 0 { r > rank } else { r < rank };
        if ahead {
            let mut f = file + df_lo;
            while f <= file + df_hi {
                if f >= 0 && f < 8 {
                    bits |= 1 << (r * 8 + f);
                }
                f += 1;
            }
        }
        r += 1;
    }
    bits
}

const fn build_spans(df_lo: i32, df_hi: i32) -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut color = 0;
    while color < 2 {
        let mut sq = 0;
        while sq < 64 {
            table[color][sq] = Bitboard(span(color, sq, df_lo, df_hi));
            sq += 1;
        }
        color += 1;
    }
    table
}

/// `FORWARD_FILE[color][sq]`: the squares in front of `sq` on its file.
static FORWARD_FILE: [[Bitboard; 64]; 2] = build_spans(0, 0);
/// `PASSED_SPAN[color][sq]`: the squares in front of `sq` on its file and both neighbours; a
/// pawn with no enemy pawn there is passed.
static PASSED_SPAN: [[Bitboard; 64]; 2] = build_spans(-1, 1);

/// The files on either side of `sq`'s file, whole.
#[inline(always)]
pub fn adjacent_files(sq: Square) -> Bitboard {
    let file = Bitboard::file(sq.file()).0;
    Bitboard(((file & !FILE_H) << 1) | ((file & !FILE_A) >> 1))
}

/// Chebyshev (king-move) distance between two squares.
#[inline(always)]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

/// The square in front of a pawn of `color` on `sq` (never off the board: pawns stand on
/// ranks 2 to 7).
#[inline(always)]
fn stop_square(color: Color, sq: Square) -> Square {
    let dr = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    sq.offset(0, dr)
        .expect("invariant: pawns never stand on the last rank")
}

/// Every square a pawn of `color` in `pawns` attacks now or could attack after advancing:
/// the squares no piece of the other side can ever be driven from by these pawns lie outside.
pub fn attack_span(color: Color, pawns: Bitboard) -> Bitboard {
    let mut span = attacks_of(color, pawns).0;
    match color {
        Color::White => {
            span |= span << 8;
            span |= span << 16;
            span |= span << 32;
        }
        Color::Black => {
            span |= span >> 8;
            span |= span >> 16;
            span |= span >> 32;
        }
    }
    Bitboard(span)
}

/// Pawn structure of one side: what depends on the pawns alone, so that it can be cached by
/// pawn key ([`super::pawn_cache`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnTerms {
    /// Doubled, isolated, backward and connected pawns.
    pub structure: Score,
    /// The connected pawns: guarded by a pawn of ours, or with one beside them.
    pub connected: Bitboard,
    /// Passed pawns by their rank.
    pub passed: Score,
    /// The passed pawns themselves, for [`passed_kings`] and [`passed_path`].
    pub passers: Bitboard,
}

/// The endgame bonus of `color`'s passed pawns (`passers`) for the kings' distances to their
/// stop squares, weighted by how far the pawn has advanced.
pub fn passed_kings(pos: &Position, color: Color, passers: Bitboard) -> Score {
    let our_king = pos.king_square(color);
    let their_king = pos.king_square(color.flip());
    let mut king_term = 0;
    for sq in passers {
        let weight = (sq.rank().relative_to(color).index() as i32 - Rank::R3.index() as i32).max(0);
        if weight > 0 {
            let stop = stop_square(color, sq);
            king_term += (PASSED_ENEMY_KING_DISTANCE * distance(their_king, stop)
                + PASSED_OWN_KING_DISTANCE * distance(our_king, stop))
                * weight;
        }
    }
    Score::new(0, king_term)
}

/// The path of each passed pawn in `passers` (of `color`) to promotion: a bonus, growing with
/// the pawn's advance, if the square in front is empty, and more if no enemy piece stands on
/// or attacks (`their_attacks`) any square of the way.
pub fn passed_path(
    pos: &Position,
    color: Color,
    passers: Bitboard,
    their_attacks: Bitboard,
) -> Score {
    let occupied = pos.occupied();
    let theirs = pos.pieces_of_color(color.flip());
    let mut score = Score::ZERO;
    for sq in passers {
        let weight = (sq.rank().relative_to(color).index() as i32 - Rank::R3.index() as i32).max(0);
        if weight == 0 {
            continue;
        }
        if !occupied.contains(stop_square(color, sq)) {
            score += PASSED_FREE_STOP * weight;
        }
        if (FORWARD_FILE[color.index()][sq.index()] & (theirs | their_attacks)).is_empty() {
            score += PASSED_SAFE_PATH * weight;
        }
    }
    score
}

/// Pawn structure of `color`.
pub fn evaluate(pos: &Position, color: Color) -> PawnTerms {
    let ours = pos.pieces(color, PieceType::Pawn);
    let theirs = pos.pieces(color.flip(), PieceType::Pawn);
    let mut structure = Score::ZERO;
    let mut passed = Score::ZERO;
    let mut passers = Bitboard::EMPTY;
    let c = color.index();
    let beside = Bitboard(((ours.0 & !FILE_H) << 1) | ((ours.0 & !FILE_A) >> 1));
    let connected = ours & (attacks_of(color, ours) | beside);
    for sq in connected {
        structure += CONNECTED_PAWN[sq.rank().relative_to(color).index()];
    }

    for sq in ours {
        let neighbours = adjacent_files(sq) & ours;
        let doubled = (FORWARD_FILE[c][sq.index()] & ours).is_nonempty();
        if doubled {
            structure += DOUBLED_PAWN;
        }
        if neighbours.is_empty() {
            structure += ISOLATED_PAWN;
        } else {
            // Backward: every neighbour is already ahead, so none can ever defend the stop
            // square, and an enemy pawn stops the advance.
            let level_or_behind = neighbours & !PASSED_SPAN[c][sq.index()];
            let stop = stop_square(color, sq);
            if level_or_behind.is_empty() && (pawn_attacks(color, stop) & theirs).is_nonempty() {
                structure += BACKWARD_PAWN;
            }
        }

        // The rear pawn of a doubled pair is not counted as passed: only the front one runs.
        if !doubled && (PASSED_SPAN[c][sq.index()] & theirs).is_empty() {
            passers |= Bitboard::from_square(sq);
            passed += PASSED_RANK[sq.rank().relative_to(color).index()];
        }
    }
    PawnTerms {
        structure,
        connected,
        passed,
        passers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connected_pawns_are_guarded_or_side_by_side() {
        // d4 and e4 stand side by side, c3 guards d4 but nothing guards c3, a2 stands alone;
        // black's h7 guards g6.
        let pos = Position::from_fen("4k3/7p/6p1/8/3PP3/2P5/P7/4K3 w - - 0 1").expect("valid");
        let white = evaluate(&pos, Color::White);
        assert_eq!(
            white.connected,
            [Square::D4, Square::E4].into_iter().collect()
        );
        let black = evaluate(&pos, Color::Black);
        assert_eq!(black.connected, Bitboard::from_square(Square::G6));
    }

    #[test]
    fn masks() {
        let e4 = Square::E4;
        assert_eq!(FORWARD_FILE[0][e4.index()].popcount(), 4);
        assert!(FORWARD_FILE[1][e4.index()].contains(Square::E1));
        assert_eq!(PASSED_SPAN[0][Square::A2.index()].popcount(), 12);
        assert_eq!(adjacent_files(Square::A5).popcount(), 8);
        assert!(adjacent_files(Square::D5).contains(Square::C1));
        assert!(adjacent_files(Square::D5).contains(Square::E8));
        assert_eq!(distance(Square::A1, Square::H8), 7);
        assert_eq!(distance(Square::E4, Square::F6), 2);
    }

    #[test]
    fn pawn_attack_sets() {
        let pawns: Bitboard = [Square::A2, Square::H4].into_iter().collect();
        assert_eq!(
            attacks_of(Color::White, pawns),
            [Square::B3, Square::G5].into_iter().collect()
        );
        assert_eq!(
            attacks_of(Color::Black, pawns),
            [Square::B1, Square::G3].into_iter().collect()
        );
    }

    #[test]
    fn structure_terms() {
        // White: doubled c-pawns (c2, c3), isolated a-pawn; black: three pawns side by side.
        let pos = Position::from_fen("4k3/5ppp/8/8/8/2P5/P1P5/4K3 w - - 0 1").expect("valid");
        assert_eq!(
            evaluate(&pos, Color::White).structure,
            DOUBLED_PAWN + ISOLATED_PAWN * 3
        );
        assert_eq!(
            evaluate(&pos, Color::Black).structure,
            CONNECTED_PAWN[1] * 3
        );
        // Backward: d3 with its neighbours on c4 and e4 ahead (and guarded by it), and black's
        // e5 guarding d4.
        let pos = Position::from_fen("4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1").expect("valid");
        assert_eq!(
            evaluate(&pos, Color::White).structure,
            BACKWARD_PAWN + CONNECTED_PAWN[3] * 2
        );
    }

    #[test]
    fn passed_pawn_paths() {
        // White passers: b6 (free, safe path), e5 (blocked by the e6 knight), h4 (a free stop
        // square, but the black rook on h8 watches the path). The a3 pawn is too far back.
        let pos = Position::from_fen("4k2r/8/1P2n3/4P3/7P/P7/8/4K3 w - - 0 1").expect("valid");
        let terms = evaluate(&pos, Color::White);
        assert_eq!(
            terms.passers,
            [Square::A3, Square::B6, Square::E5, Square::H4]
                .into_iter()
                .collect()
        );
        let rook_attacks: Bitboard = [Square::H7, Square::H6, Square::H5, Square::H4]
            .into_iter()
            .collect();
        assert_eq!(
            passed_path(&pos, Color::White, terms.passers, rook_attacks),
            (PASSED_FREE_STOP + PASSED_SAFE_PATH) * 3 + PASSED_FREE_STOP
        );
    }

    #[test]
    fn attack_span_runs_forward() {
        let pawns = Bitboard::from_square(Square::D5);
        assert_eq!(
            attack_span(Color::Black, pawns),
            [
                Square::C4,
                Square::C3,
                Square::C2,
                Square::C1,
                Square::E4,
                Square::E3,
                Square::E2,
                Square::E1
            ]
            .into_iter()
            .collect()
        );
    }
}
