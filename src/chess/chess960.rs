//! The 960 start positions of Chess960, by Scharnagl's numbering (0 to 959; 518 is the
//! standard start): the light-squared bishop, the dark-squared bishop, the queen and the
//! knights are placed in that order by the digits of the number, and the rooks and the king
//! fill the last three squares, the king between the rooks. Black mirrors White, except in
//! Double Chess960, where each side's back rank has its own number.

use super::Position;

/// Start positions in Chess960.
pub const CHESS960_POSITIONS: u16 = 960;

/// The two knight squares among the five left after the bishops and the queen, for the
/// number's last digit (Scharnagl's table).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of start position `index`, files a to h, as upper-case FEN letters.
fn back_rank(index: u16) -> [u8; 8] {
    let mut rank = [0u8; 8];
    let mut n = usize::from(index);
    rank[2 * (n % 4) + 1] = b'B';
    n /= 4;
    rank[2 * (n % 4)] = b'B';
    n /= 4;
    let mut place_on_empty = |nth: usize, piece: u8| {
        if let Some(file) = (0..8).filter(|&file| rank[file] == 0).nth(nth) {
            rank[file] = piece;
        }
    };
    place_on_empty(n % 6, b'Q');
    n /= 6;
    let (first, second) = KNIGHTS[n % 10];
    // The second knight's square counts the first knight's as still empty.
    place_on_empty(second, b'N');
    place_on_empty(first, b'N');
    for piece in [b'R', b'K', b'R'] {
        place_on_empty(0, piece);
    }
    rank
}

/// Chess960 start position `index` (Scharnagl's numbering), with castling rights for both
/// rooks of each side; `None` for an index of 960 or more. Position 518 is the standard start,
/// with standard castling.
pub fn chess960_start(index: u16) -> Option<Position> {
    double_chess960_start(index, index)
}

/// The Double Chess960 start with White's back rank from start position `white` and Black's
/// from `black` (mirrored), each side with castling rights for both its rooks; `None` for an
/// index of 960 or more. The standard start only when both are 518.
pub fn double_chess960_start(white: u16, black: u16) -> Option<Position> {
    if white >= CHESS960_POSITIONS || black >= CHESS960_POSITIONS {
        return None;
    }
    let (white_rank, black_rank) = (back_rank(white), back_rank(black));
    let castling = if white == 518 && black == 518 {
        "KQkq".to_string()
    } else {
        // Shredder-FEN: the files of each side's rooks, its king-side (outer) rook first.
        let rook_files = |rank: &[u8; 8]| -> String {
            (0..8u8)
                .rev()
                .filter(|&file| rank[usize::from(file)] == b'R')
                .map(|file| char::from(b'A' + file))
                .collect()
        };
        format!(
            "{}{}",
            rook_files(&white_rank),
            rook_files(&black_rank).to_ascii_lowercase()
        )
    };
    let text = |rank: [u8; 8]| -> String { rank.iter().map(|&b| char::from(b)).collect() };
    let fen = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {castling} - 0 1",
        text(black_rank).to_ascii_lowercase(),
        text(white_rank)
    );
    Position::from_fen(&fen).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::perft::perft;
    use std::collections::HashSet;

    fn rank_text(index: u16) -> String {
        back_rank(index).iter().map(|&b| char::from(b)).collect()
    }

    #[test]
    fn scharnagl_numbers_give_the_published_positions() {
        assert_eq!(rank_text(0), "BBQNNRKR");
        assert_eq!(rank_text(518), "RNBQKBNR");
        assert_eq!(rank_text(959), "RKRNNQBB");
        assert_eq!(chess960_start(518), Some(Position::startpos()));
        assert_eq!(chess960_start(960), None);
    }

    #[test]
    fn double_chess960_starts_give_each_side_its_own_rank() {
        let pos = double_chess960_start(0, 959).expect("a start");
        let fen = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1";
        assert_eq!(pos.to_fen(), fen);
        assert!(pos.is_chess960());
        assert_eq!(Position::from_fen(fen), Ok(pos));
        assert_eq!(double_chess960_start(518, 518), Some(Position::startpos()));
        assert!(double_chess960_start(518, 0).is_some_and(|pos| pos.is_chess960()));
        assert_eq!(double_chess960_start(7, 7), chess960_start(7));
        assert_eq!(double_chess960_start(960, 0), None);
        assert_eq!(double_chess960_start(0, 960), None);
        // Counted by python-chess (`chess960=True`).
        let counts: Vec<u64> = (1..=4).map(|depth| perft(&pos, depth)).collect();
        assert_eq!(counts, [20, 400, 9014, 202136]);
    }

    #[test]
    fn kings_on_different_files_castle_each_with_its_own_rooks() {
        // White's king on b1 castles with the rooks on a1 and h1, Black's on g8 with those on
        // d8 and h8; python-chess counts the same trees and finds both castlings each side.
        for (side, counts) in [
            ("w", [24, 576, 13518, 316076]),
            ("b", [24, 576, 13470, 316075]),
        ] {
            let fen = format!("3r2kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R {side} HAhd - 0 1");
            let pos = Position::from_fen(&fen).expect("valid FEN");
            let castlings = pos
                .legal_moves()
                .as_slice()
                .iter()
                .filter(|mv| mv.is_castle())
                .count();
            assert_eq!(castlings, 2, "{fen}");
            let found: Vec<u64> = (1..=4).map(|depth| perft(&pos, depth)).collect();
            assert_eq!(found, counts, "{fen}");
        }
    }

    #[test]
    fn all_960_are_distinct_legal_starts() {
        let mut ranks = HashSet::new();
        for index in 0..CHESS960_POSITIONS {
            let text = rank_text(index);
            assert!(ranks.insert(text.clone()), "{index}: {text} twice");
            let bishops: Vec<usize> = text.match_indices('B').map(|(i, _)| i).collect();
            assert_eq!(bishops.len(), 2, "{text}");
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "{text}: bishops on one colour"
            );
            let (rook_a, king, rook_b) = (
                text.find('R').expect("a rook"),
                text.find('K').expect("a king"),
                text.rfind('R').expect("a rook"),
            );
            assert!(rook_a < king && king < rook_b, "{text}");
            let pos = chess960_start(index).unwrap_or_else(|| panic!("{index}: {text}"));
            assert_eq!(pos.is_chess960(), index != 518, "{text}");
            assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos), "{text}");
            assert!(pos.has_legal_move(), "{text}");
        }
    }
}
