//! FEN round trips over every fixture position: FEN -> Position -> FEN gives the same text
//! (castling fields keep their notation: `KQkq` for standard rooks, Shredder letters for
//! Chess960), and parsing the output gives the same position.

use ferrite::chess::Position;

mod fixtures;
use fixtures::fixture_fens;

#[test]
fn fixtures_round_trip() {
    let mut checked = 0;
    for file in ["perftsuite.epd", "cpw6.epd", "chess960.epd"] {
        for fen in fixture_fens(file) {
            let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let again = Position::from_fen(&pos.to_fen()).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(pos, again, "{fen}");
            assert_eq!(pos.to_fen(), fen, "text round trip");
            checked += 1;
        }
    }
    assert_eq!(checked, 128 + 7 + 960);
}
