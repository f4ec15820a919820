//! The 960 start positions of Chess960, by Scharnagl's numbering (0 to 959; 518 is the
//! standard start): the light-squared bishop, the dark-squared bishop, the queen and the
//! knights are placed in that order by the digits of the number, and the rooks and the king
//! fill the last three squares, the king between the rooks. Black mirrors White.

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
    if index >= CHESS960_POSITIONS {
        return None;
    }
    let rank = back_rank(index);
    let white: String = rank.iter().map(|&b| char::from(b)).collect();
    let black = white.to_ascii_lowercase();
    let castling = if index == 518 {
        "KQkq".to_string()
    } else {
        // Shredder-FEN: the files of the rooks, outer rook of the king side first.
        let rooks: Vec<char> = (0..8u8)
            .rev()
            .filter(|&file| rank[usize::from(file)] == b'R')
            .map(|file| char::from(b'A' + file))
            .collect();
        let upper: String = rooks.iter().collect();
        format!("{upper}{}", upper.to_ascii_lowercase())
    };
    let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1");
    Position::from_fen(&fen).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
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
