//! Every `MoveErrorKind` (and `CastlingFailure`), through UCI and SAN input, with the reason
//! text the UCI layer prints, and the promise that a refused move changes nothing and no
//! input makes the parser panic.

use crate::{game, position, san_error, uci_error};
use ferrite::chess::{PieceType, Position, Square};
use ferrite::rules::{parse_san, parse_uci_move, CastlingFailure, Game, MoveErrorKind};

use MoveErrorKind::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const PROMOTE: &str = "4k3/P7/8/8/8/8/8/4K1N1 w - - 0 1";

#[test]
fn malformed() {
    for text in [
        "", "   ", "e2", "e2e", "e2e4e5", "e9e4", "i2i4", "e2e4x", "0000", "é2e4",
    ] {
        assert_eq!(uci_error(START, text, false), Malformed, "{text:?}");
    }
    for text in [
        "", "+", "Nf", "N", "Zf3", "e9", "Nxx3", "Nabc3", "e8=", "O-O-O-O", "ü",
    ] {
        assert_eq!(san_error(START, text), Malformed, "{text:?}");
    }
    assert_eq!(Malformed.to_string(), "not a move in UCI or SAN notation");
}

#[test]
fn no_piece() {
    assert_eq!(uci_error(START, "e3e4", false), NoPiece(Square::E3));
    assert_eq!(san_error(START, "e3e4"), NoPiece(Square::E3));
    assert_eq!(NoPiece(Square::E3).to_string(), "no piece on e3");
}

#[test]
fn not_your_piece() {
    assert_eq!(uci_error(START, "e7e5", false), NotYourPiece(Square::E7));
    assert_eq!(san_error(START, "Ng8f6"), NotYourPiece(Square::G8));
    assert_eq!(
        NotYourPiece(Square::E7).to_string(),
        "the piece on e7 belongs to the side not to move"
    );
}

#[test]
fn cannot_move_so() {
    for text in ["e2e5", "g1g3", "a1a3", "f1d3", "d1d5", "e1e2", "b1d2"] {
        assert_eq!(uci_error(START, text, false), CannotMoveSo, "{text}");
    }
    // In SAN: no piece of that kind reaches the square, or the named square holds another
    // kind of piece.
    for text in [
        "Nd4", "Qd4", "Ke2", "Bb5", "e5", "exd3", "Ra3", "Nc1d3", "Rg1f3",
    ] {
        assert_eq!(san_error(START, text), CannotMoveSo, "{text}");
    }
    assert_eq!(CannotMoveSo.to_string(), "no piece can make that move");
}

#[test]
fn leaves_king_in_check() {
    // The knight on e2 is pinned by the rook on e7; the knight on b3 guards d2.
    let fen = "4k3/4r3/8/8/8/1n6/4N3/4K3 w - - 0 1";
    assert_eq!(uci_error(fen, "e2c3", false), LeavesKingInCheck);
    assert_eq!(san_error(fen, "Nc3"), LeavesKingInCheck);
    assert_eq!(uci_error(fen, "e1d2", false), LeavesKingInCheck);
    assert_eq!(san_error(fen, "Kd2"), LeavesKingInCheck);
    // In check, a move that ignores it.
    assert_eq!(
        uci_error("4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", "d2d3", false),
        LeavesKingInCheck
    );
    // En passant right after ...c5 would uncover the rook on h5: the position keeps no en
    // passant square, but the reason given is the king, not the geometry.
    let ep = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
    assert_eq!(position(ep).en_passant(), None);
    assert_eq!(uci_error(ep, "b5c6", false), LeavesKingInCheck);
    assert_eq!(san_error(ep, "bxc6"), LeavesKingInCheck);
    assert_eq!(LeavesKingInCheck.to_string(), "it leaves the king in check");
}

#[test]
fn castling_failures() {
    use CastlingFailure::*;
    let cases = [
        ("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", NoRight),
        ("r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1", InCheck),
        (
            "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1",
            PathBlocked(Square::G1),
        ),
        (
            "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
            PassesThroughAttacked(Square::F1),
        ),
        (
            "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1",
            LandsInCheck(Square::G1),
        ),
    ];
    for (fen, failure) in cases {
        assert_eq!(san_error(fen, "O-O"), Castling(failure), "{fen}");
        assert_eq!(san_error(fen, "0-0"), Castling(failure), "{fen}");
        assert_eq!(uci_error(fen, "e1g1", false), Castling(failure), "{fen}");
        assert_eq!(uci_error(fen, "e1h1", false), Castling(failure), "{fen}");
        assert_eq!(uci_error(fen, "e1h1", true), Castling(failure), "{fen}");
    }
    let texts = [
        (
            NoRight,
            "castling not allowed: the king or that rook has moved",
        ),
        (InCheck, "castling not allowed: the king is in check"),
        (
            PathBlocked(Square::G1),
            "castling not allowed: the path is blocked on g1",
        ),
        (
            PassesThroughAttacked(Square::F1),
            "castling not allowed: the king passes through attacked square f1",
        ),
        (
            LandsInCheck(Square::G1),
            "castling not allowed: the king would land in check on g1",
        ),
    ];
    for (failure, text) in texts {
        assert_eq!(Castling(failure).to_string(), text);
    }
}

#[test]
fn promotion_missing() {
    assert_eq!(uci_error(PROMOTE, "a7a8", false), PromotionMissing);
    assert_eq!(san_error(PROMOTE, "a8"), PromotionMissing);
    assert_eq!(san_error(PROMOTE, "a8+"), PromotionMissing);
    assert_eq!(
        PromotionMissing.to_string(),
        "a pawn reaching the last rank must name its promotion piece"
    );
}

#[test]
fn promotion_not_allowed() {
    assert_eq!(uci_error(START, "e2e4q", false), PromotionNotAllowed);
    assert_eq!(uci_error(START, "g1f3n", false), PromotionNotAllowed);
    assert_eq!(san_error(START, "e4=Q"), PromotionNotAllowed);
    assert_eq!(san_error(START, "Nf3=Q"), PromotionNotAllowed);
    assert_eq!(san_error(PROMOTE, "Nf3=Q"), PromotionNotAllowed);
    assert_eq!(
        PromotionNotAllowed.to_string(),
        "promotion given for a move that does not promote"
    );
}

#[test]
fn bad_promotion_piece() {
    assert_eq!(
        uci_error(PROMOTE, "a7a8k", false),
        BadPromotionPiece(PieceType::King)
    );
    assert_eq!(
        uci_error(PROMOTE, "a7a8P", false),
        BadPromotionPiece(PieceType::Pawn)
    );
    assert_eq!(
        san_error(PROMOTE, "a8=K"),
        BadPromotionPiece(PieceType::King)
    );
    assert_eq!(
        BadPromotionPiece(PieceType::King).to_string(),
        "a pawn cannot promote to a king"
    );
}

#[test]
fn ambiguous_san() {
    // Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3.
    let fen = "4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1";
    assert_eq!(san_error(fen, "Nd2"), AmbiguousSan);
    assert_eq!(san_error(fen, "Ra3"), AmbiguousSan);
    let mut g = game(fen);
    g.play_san("Nbd2").expect("file disambiguates");
    let mut g = game(fen);
    g.play_san("R5a3").expect("rank disambiguates");
    assert_eq!(
        AmbiguousSan.to_string(),
        "ambiguous: more than one piece can move so"
    );
}

#[test]
fn error_names_move_and_position() {
    let mut g = Game::startpos();
    g.play_uci("e2e4", false).expect("legal");
    let error = g.play_uci("e4e6", false).expect_err("illegal");
    assert_eq!(error.text, "e4e6");
    assert_eq!(
        error.fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(error.kind, NotYourPiece(Square::E4));
    assert_eq!(
        error.full(),
        "illegal move 'e4e6' in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1: \
         the piece on e4 belongs to the side not to move"
    );
    let as_error: &dyn std::error::Error = &error;
    assert_eq!(
        as_error.to_string(),
        "the piece on e4 belongs to the side not to move"
    );
}

#[test]
fn tolerated_variants_of_input() {
    let pos = Position::startpos();
    let nf3 = parse_san(&pos, "Nf3").expect("legal");
    for text in [
        "Nf3+", "Nf3#", "Nf3!", "Nf3?!", "Ngf3", "Ng1f3", "Ng1-f3", "Nxf3", " Nf3 ",
    ] {
        assert_eq!(parse_san(&pos, text), Ok(nf3), "{text:?}");
    }
    let e4 = parse_uci_move(&pos, "e2e4", false).expect("legal");
    assert_eq!(parse_uci_move(&pos, "E2E4", false), Ok(e4));
    assert_eq!(parse_uci_move(&pos, " e2e4\n", true), Ok(e4));
    let promote = position(PROMOTE);
    let queen = parse_uci_move(&promote, "a7a8q", false).expect("legal");
    for text in ["a8=Q", "a8Q", "a8=q", "a8Q+", "a8=Q#", "Pa8=Q"] {
        assert_eq!(parse_san(&promote, text), Ok(queen), "{text}");
    }
    assert_eq!(parse_uci_move(&promote, "a7a8Q", false), Ok(queen));
    let ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let capture = parse_uci_move(&ep, "e5d6", false).expect("legal");
    assert!(capture.is_en_passant());
    for text in ["exd6", "exd6 e.p.", "exd6e.p.", "ed6", "e5d6"] {
        assert_eq!(parse_san(&ep, text), Ok(capture), "{text}");
    }
}

/// A tiny deterministic generator for the fuzz test below.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn no_input_makes_the_parsers_panic() {
    let alphabet: Vec<char> = "abcdefghKQRBNPkqrbnp012345678x=+#-O!? é\t"
        .chars()
        .collect();
    let positions = [
        Position::startpos(),
        position(PROMOTE),
        position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        position("rk6/8/8/8/8/8/8/5KR1 w G - 0 1"),
        position("7k/8/6K1/8/8/8/8/8 b - - 0 1"),
    ];
    let mut state = 0x1234_5678_9ABC_DEF1_u64;
    for _ in 0..20_000 {
        let len = (next(&mut state) % 8) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[(next(&mut state) % alphabet.len() as u64) as usize])
            .collect();
        for pos in &positions {
            for chess960 in [false, true] {
                if let Ok(mv) = parse_uci_move(pos, &text, chess960) {
                    assert!(pos.legal_moves().contains(mv), "{text:?} gave {mv:?}");
                }
            }
            if let Ok(mv) = parse_san(pos, &text) {
                assert!(pos.legal_moves().contains(mv), "{text:?} gave {mv:?}");
            }
        }
    }
}
