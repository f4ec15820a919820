//! One test per rule of the rules of chess as the project states them, on the positions
//! they describe:
//! how each piece moves, pawn double steps, en passant, promotion, castling and its
//! conditions (standard and Chess960), check, mate and stalemate, turn order and the
//! initial position. The draw rules are in `outcomes.rs`.

use crate::{game, legal_uci, play_san, position, san_error, squares, targets, uci, uci_error};
use ferrite::chess::{Bitboard, CastleSide, Color, Piece, PieceType, Square};
use ferrite::rules::{CastlingFailure, Game, MoveErrorKind, Status};

use CastlingFailure::*;
use MoveErrorKind::{CannotMoveSo, Castling, LeavesKingInCheck, NotYourPiece};

// ---- movement of the pieces ------------------------------------------------------------

#[test]
fn rook_moves_straight_takes_the_first_enemy_and_never_jumps() {
    // Rook d4, own pawn d6, black pawn f4.
    let fen = "7k/8/3P4/8/3R1p2/8/8/7K w - - 0 1";
    assert_eq!(targets(fen, "d4"), squares("d5 e4 f4 c4 b4 a4 d3 d2 d1"));
    assert_eq!(uci_error(fen, "d4d6", false), CannotMoveSo); // own piece
    assert_eq!(uci_error(fen, "d4g4", false), CannotMoveSo); // jumps over f4
    assert_eq!(uci_error(fen, "d4e5", false), CannotMoveSo); // diagonal
    let mut g = game(fen);
    play_san(&mut g, "Rxf4");
    assert_eq!(g.position().piece_at(Square::F4), Some(Piece::WhiteRook));
}

#[test]
fn bishop_moves_diagonally_and_never_jumps() {
    let fen = "k7/8/1p6/8/3B4/4P3/8/7K w - - 0 1";
    assert_eq!(targets(fen, "d4"), squares("e5 f6 g7 h8 c3 b2 a1 c5 b6"));
    assert_eq!(uci_error(fen, "d4a7", false), CannotMoveSo); // jumps over b6
    assert_eq!(uci_error(fen, "d4d5", false), CannotMoveSo);
    assert_eq!(uci_error(fen, "d4f2", false), CannotMoveSo); // jumps over own e3
}

#[test]
fn queen_combines_rook_and_bishop() {
    let fen = "k7/8/8/8/3Q4/8/8/7K w - - 0 1";
    assert_eq!(targets(fen, "d4").len(), 14 + 13);
    assert_eq!(uci_error(fen, "d4b5", false), CannotMoveSo); // a knight's move
}

#[test]
fn knight_jumps_over_pieces() {
    let start = Game::startpos();
    let fen = start.position().to_fen();
    assert_eq!(targets(&fen, "b1"), squares("a3 c3"));
    assert_eq!(targets(&fen, "g1"), squares("f3 h3"));
    assert_eq!(uci_error(&fen, "g1e2", false), CannotMoveSo); // own pawn
    assert_eq!(uci_error(&fen, "g1g3", false), CannotMoveSo);
    // It takes by landing on the enemy piece; the piece jumped over is not affected.
    let mut g = game("4k3/8/8/8/8/5p2/6P1/4K1N1 w - - 0 1");
    play_san(&mut g, "Nxf3");
    assert_eq!(g.position().piece_at(Square::F3), Some(Piece::WhiteKnight));
    assert_eq!(g.position().piece_at(Square::G2), Some(Piece::WhitePawn));
}

#[test]
fn pawn_steps_forward_double_steps_from_its_start_and_takes_diagonally() {
    // b2 may take c3, e2 may double-step, g2 is blocked by g3, h2's double step is blocked
    // by h4, d3 (already moved) faces d4 and cannot take straight ahead.
    let fen = "4k3/8/8/8/3p3p/2pP2n1/1P2P1PP/4K3 w - - 0 1";
    assert_eq!(targets(fen, "b2"), squares("b3 b4 c3"));
    assert_eq!(targets(fen, "e2"), squares("e3 e4"));
    assert_eq!(targets(fen, "g2"), squares(""));
    assert_eq!(targets(fen, "h2"), squares("h3 g3"));
    assert_eq!(targets(fen, "d3"), squares(""));
    for bad in ["e2f3", "d3d4", "e2e5", "h2h4", "g2g4", "b2b1", "b2a3"] {
        assert_eq!(uci_error(fen, bad, false), CannotMoveSo, "{bad}");
    }
    // Black pawns move down the board.
    let black = "4k3/p7/8/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(targets(black, "a7"), squares("a6 a5"));
}

#[test]
fn en_passant_right_after_the_double_step() {
    let fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let mut g = game(fen);
    play_san(&mut g, "d5");
    let mv = uci(g.position(), "e5d6");
    assert!(mv.is_en_passant());
    play_san(&mut g, "exd6");
    assert_eq!(g.position().piece_at(Square::D5), None, "the pawn is taken");
    assert_eq!(g.position().piece_at(Square::D6), Some(Piece::WhitePawn));
    assert_eq!(g.position().halfmove_clock(), 0);
}

#[test]
fn en_passant_not_one_move_later() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play_san(&mut g, "d5 Kd2 Ke7");
    let fen = g.position().to_fen();
    assert_eq!(san_error(&fen, "exd6"), CannotMoveSo);
    assert_eq!(uci_error(&fen, "e5d6", false), CannotMoveSo);
}

#[test]
fn en_passant_only_after_a_double_step() {
    // d6-d5 is a single step: the pawn passed over nothing.
    let mut g = game("4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1");
    play_san(&mut g, "d5");
    assert_eq!(san_error(&g.position().to_fen(), "exd6"), CannotMoveSo);
}

#[test]
fn promotion_to_each_of_the_four_pieces() {
    // White still has all its pieces: the choice is not limited to pieces taken.
    let fen = "1r2k3/P7/8/8/8/8/8/RNBQKBNR w - - 0 1";
    for (letter, piece) in [
        ('q', Piece::WhiteQueen),
        ('r', Piece::WhiteRook),
        ('b', Piece::WhiteBishop),
        ('n', Piece::WhiteKnight),
    ] {
        for (text, to) in [
            (format!("a7a8{letter}"), Square::A8),
            (format!("a7b8{letter}"), Square::B8),
        ] {
            let mut g = game(fen);
            g.play_uci(&text, false)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(g.position().piece_at(to), Some(piece), "{text}");
            assert_eq!(g.position().piece_at(Square::A7), None);
        }
        let san = format!("a8={}", letter.to_ascii_uppercase());
        let mut g = game(fen);
        play_san(&mut g, &san);
        assert_eq!(g.position().piece_at(Square::A8), Some(piece), "{san}");
    }
}

#[test]
fn promotion_can_make_a_second_queen() {
    let mut g = game("4k3/P7/8/8/8/8/8/3QK3 w - - 0 1");
    play_san(&mut g, "a8=Q+");
    assert_eq!(
        g.position()
            .pieces(Color::White, PieceType::Queen)
            .popcount(),
        2
    );
    // Black pawns promote on the first rank.
    let mut g = game("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    play_san(&mut g, "a1=N");
    assert_eq!(g.position().piece_at(Square::A1), Some(Piece::BlackKnight));
}

#[test]
fn king_steps_one_square_never_into_check_nor_next_to_the_other_king() {
    let fen = "8/8/8/4k3/8/4K3/8/8 w - - 0 1";
    assert_eq!(targets(fen, "e3"), squares("d2 e2 f2 d3 f3"));
    assert_eq!(uci_error(fen, "e3e4", false), LeavesKingInCheck);
    assert_eq!(uci_error(fen, "e3e1", false), CannotMoveSo);
    let guarded = "8/8/8/4k3/8/4K3/r7/8 w - - 0 1";
    assert_eq!(targets(guarded, "e3"), squares("d3 f3"));
    assert_eq!(uci_error(guarded, "e3e2", false), LeavesKingInCheck);
}

// ---- castling ----------------------------------------------------------------------------

const CASTLE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

#[test]
fn castling_white_short_black_long() {
    let mut g = game(CASTLE);
    play_san(&mut g, "O-O O-O-O");
    assert_eq!(
        g.position().to_fen(),
        "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2"
    );
    // The same through UCI: the king's two-square step, or king takes rook, in either mode.
    for (white, black, chess960) in [
        ("e1g1", "e8c8", false),
        ("e1h1", "e8a8", false),
        ("e1h1", "e8a8", true),
        ("e1g1", "e8c8", true),
    ] {
        let mut u = game(CASTLE);
        u.play_uci(white, chess960).expect("white castles");
        u.play_uci(black, chess960).expect("black castles");
        assert_eq!(
            u.position(),
            g.position(),
            "{white} {black} chess960={chess960}"
        );
    }
}

#[test]
fn no_castling_while_in_check() {
    // The diagram "neither white nor black may castle", white's half: the bishop on b4 checks.
    let fen = "r3k2r/8/8/8/1b5B/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_error(fen, "O-O"), Castling(InCheck));
    assert_eq!(san_error(fen, "O-O-O"), Castling(InCheck));
    assert_eq!(uci_error(fen, "e1g1", false), Castling(InCheck));
    assert_eq!(uci_error(fen, "e1a1", true), Castling(InCheck));
}

#[test]
fn black_king_may_not_pass_over_attacked_d8() {
    // The diagram's other half: the bishop on h4 covers d8.
    let fen = "r3k2r/8/8/8/7B/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(
        san_error(fen, "O-O-O"),
        Castling(PassesThroughAttacked(Square::D8))
    );
    assert_eq!(
        uci_error(fen, "e8c8", false),
        Castling(PassesThroughAttacked(Square::D8))
    );
    let mut g = game(fen);
    play_san(&mut g, "O-O");
    assert_eq!(g.position().piece_at(Square::G8), Some(Piece::BlackKing));
}

#[test]
fn no_castling_into_check() {
    let fen = "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1";
    assert_eq!(san_error(fen, "O-O"), Castling(LandsInCheck(Square::G1)));
    let mut g = game(fen);
    play_san(&mut g, "O-O-O");
    assert_eq!(g.position().piece_at(Square::C1), Some(Piece::WhiteKing));
    let through = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1";
    assert_eq!(
        san_error(through, "O-O"),
        Castling(PassesThroughAttacked(Square::F1))
    );
}

#[test]
fn a_pawn_attacks_castling_squares_diagonally() {
    // The pawn on g2 covers f1 and h1 (not g1, the square in front of it).
    let fen = "r3k2r/8/8/8/8/8/6p1/R3K2R w KQkq - 0 1";
    assert_eq!(
        san_error(fen, "O-O"),
        Castling(PassesThroughAttacked(Square::F1))
    );
    // The pawn on b2 covers a1 (the rook may stand attacked) and c1 (the king may not land).
    let fen = "r3k2r/8/8/8/8/8/1p6/R3K2R w KQkq - 0 1";
    assert_eq!(san_error(fen, "O-O-O"), Castling(LandsInCheck(Square::C1)));
    let mut g = game(fen);
    play_san(&mut g, "O-O");
}

#[test]
fn the_rook_may_be_attacked_or_cross_an_attacked_square() {
    // The white rook on b1 covers b8, which only black's rook crosses.
    let mut g = game("r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 0 1");
    play_san(&mut g, "O-O-O");
    assert_eq!(g.position().piece_at(Square::D8), Some(Piece::BlackRook));
    // The rook on a1 is attacked by the rook on a8.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play_san(&mut g, "O-O-O");
    assert_eq!(g.position().piece_at(Square::C1), Some(Piece::WhiteKing));
}

#[test]
fn every_square_between_king_and_rook_must_be_empty() {
    // The knight on b1 is not on the king's path, but it stands between king and rook.
    let fen = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1";
    assert_eq!(san_error(fen, "O-O-O"), Castling(PathBlocked(Square::B1)));
    let blocked_short = "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1";
    assert_eq!(
        san_error(blocked_short, "O-O"),
        Castling(PathBlocked(Square::F1))
    );
}

#[test]
fn no_castling_after_the_king_moved_even_back() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play_san(&mut g, "Kd1 Kd8 Ke1 Ke8");
    let fen = g.position().to_fen();
    assert_eq!(fen, "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert_eq!(san_error(&fen, "O-O"), Castling(NoRight));
    assert_eq!(san_error(&fen, "O-O-O"), Castling(NoRight));
    assert_eq!(uci_error(&fen, "e1g1", false), Castling(NoRight));
    assert_eq!(uci_error(&fen, "e1h1", true), Castling(NoRight));
}

#[test]
fn no_castling_with_a_rook_that_moved_but_the_other_rook_still_may() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play_san(&mut g, "Rh2 Rh7 Rh1 Rh8");
    let fen = g.position().to_fen();
    assert_eq!(san_error(&fen, "O-O"), Castling(NoRight));
    play_san(&mut g, "O-O-O");
    assert_eq!(g.position().piece_at(Square::C1), Some(Piece::WhiteKing));
    assert_eq!(san_error(&g.position().to_fen(), "O-O"), Castling(NoRight));
    let rights = g.position().castling();
    assert_eq!(
        rights.rook(Color::Black, CastleSide::Queen),
        Some(Square::A8)
    );
    assert_eq!(rights.rook(Color::Black, CastleSide::King), None);
}

#[test]
fn no_castling_with_a_captured_rook() {
    let mut g = game("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
    play_san(&mut g, "Bxa8");
    let fen = g.position().to_fen();
    assert_eq!(san_error(&fen, "O-O-O"), Castling(NoRight));
    play_san(&mut g, "O-O");
}

#[test]
fn castling_only_once() {
    let mut g = game(CASTLE);
    play_san(&mut g, "O-O a6 Kh1 a5 Kg1 a4");
    assert_eq!(
        san_error(&g.position().to_fen(), "O-O-O"),
        Castling(NoRight)
    );
}

#[test]
fn chess960_castling_with_king_or_rook_on_their_destination_squares() {
    // (FEN, UCI in Chess960 notation, SAN, resulting first rank)
    let cases = [
        // The king already stands on g1: only the rook moves.
        ("rk6/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", "O-O", "5RK1"),
        // The rook stands on g1, the king's destination: they swap.
        ("rk6/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "O-O", "5RK1"),
        // Queen side from b1 with the rook in the corner.
        ("1k5r/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", "O-O-O", "2KR4"),
        // King on d1 (the rook's destination), rook on c1 (the king's): they swap.
        ("1k5r/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1", "O-O-O", "2KR4"),
        // King already on c1: only the rook moves, over the king.
        ("1k5r/8/8/8/8/8/8/R1K5 w A - 0 1", "c1a1", "O-O-O", "2KR4"),
    ];
    for (fen, text, san, rank1) in cases {
        let mut by_uci = game(fen);
        by_uci
            .play_uci(text, true)
            .unwrap_or_else(|e| panic!("{fen} {text}: {}", e.full()));
        let got = by_uci.position().to_fen();
        assert_eq!(
            got.split(['/', ' ']).nth(7),
            Some(rank1),
            "{fen} {text}: {got}"
        );
        let mut by_san = game(fen);
        play_san(&mut by_san, san);
        assert_eq!(by_san.position(), by_uci.position(), "{fen} {san}");
        // In standard notation (Chess960 off) the king's step, even one of zero or one
        // square, is castling when no ordinary king move reads the same.
        let castle = by_uci.moves()[0];
        let standard = castle.to_uci(false);
        let pos = position(fen);
        let ordinary = pos
            .legal_moves()
            .iter()
            .find(|mv| !mv.is_castle() && mv.to_uci(false) == standard)
            .copied();
        let parsed = ferrite::rules::parse_uci_move(&pos, &standard, false)
            .unwrap_or_else(|e| panic!("{fen} {standard}: {}", e.full()));
        assert_eq!(parsed, ordinary.unwrap_or(castle), "{fen} {standard}");
    }
}

#[test]
fn chess960_castling_conditions() {
    // The king's destination c1 is attacked by the rook on c8.
    let fen = "2r4k/8/8/8/8/8/8/RK6 w A - 0 1";
    assert_eq!(
        uci_error(fen, "b1a1", true),
        Castling(LandsInCheck(Square::C1))
    );
    // The castling rook shields c1 from the rook on a1 only until it moves to d1.
    let fen = "7k/8/8/8/8/8/8/rRK5 w B - 0 1";
    assert_eq!(san_error(fen, "O-O-O"), Castling(LandsInCheck(Square::C1)));
    // A knight on the rook's destination blocks.
    let fen = "1k5r/8/8/8/8/8/8/RK1N4 w A - 0 1";
    assert_eq!(san_error(fen, "O-O-O"), Castling(PathBlocked(Square::D1)));
    // The king passes e1 and f1 on its way from d1 to g1.
    let fen = "1k2r3/8/8/8/8/8/8/3K3R w H - 0 1";
    assert_eq!(
        uci_error(fen, "d1h1", true),
        Castling(PassesThroughAttacked(Square::E1))
    );
}

// ---- check, mate, stalemate ------------------------------------------------------------

#[test]
fn check_is_met_by_moving_the_king_taking_the_checker_or_blocking() {
    let fen = "4k3/8/8/4r3/2B5/5N2/8/4K3 w - - 0 1";
    assert_eq!(legal_uci(fen), squares("c4e2 e1d1 e1d2 e1f1 e1f2 f3e5"));
    assert_eq!(uci_error(fen, "c4d5", false), LeavesKingInCheck);
    assert_eq!(uci_error(fen, "e1e2", false), LeavesKingInCheck);
}

#[test]
fn a_knight_check_cannot_be_blocked() {
    let fen = "4k3/8/8/8/8/3n4/8/4KB2 w - - 0 1";
    assert_eq!(legal_uci(fen), squares("e1d1 e1d2 e1e2 f1d3"));
    assert_eq!(uci_error(fen, "e1f2", false), LeavesKingInCheck);
}

#[test]
fn double_check_only_the_king_may_move() {
    let fen = "k7/8/8/4r2Q/8/3n4/8/4K3 w - - 0 1";
    let moves = legal_uci(fen);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.starts_with("e1")), "{moves:?}");
    assert_eq!(uci_error(fen, "h5e5", false), LeavesKingInCheck);
}

#[test]
fn a_pinned_piece_may_not_expose_its_king() {
    let fen = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    assert_eq!(targets(fen, "e2"), squares(""));
    assert_eq!(uci_error(fen, "e2d3", false), LeavesKingInCheck);
}

#[test]
fn checkmate_ends_the_game_and_the_mating_side_wins() {
    let mut g = Game::startpos();
    play_san(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(
        g.outcome(),
        Status::Checkmate {
            winner: Color::Black
        }
    );
    assert_eq!(g.outcome().to_string(), "checkmate, black wins");
    assert!(g.outcome().is_game_over());
    assert!(g.position().legal_moves().is_empty());
    assert!(g.play_san("Ke2").is_err());

    let mut g = Game::startpos();
    play_san(&mut g, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    assert_eq!(g.outcome().to_string(), "checkmate, white wins");
}

#[test]
fn stalemate_is_a_draw() {
    // The seed diagram: black to move, not in check, no legal move.
    let mut g = game("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    assert_eq!(g.outcome(), Status::Ongoing);
    play_san(&mut g, "Qf7");
    assert_eq!(g.outcome(), Status::Stalemate);
    assert!(g.outcome().is_game_over());
    assert!(!g.position().in_check());
}

// ---- turns and the initial position ----------------------------------------------------

#[test]
fn white_moves_first_and_players_alternate() {
    let start = Game::startpos().position().to_fen();
    assert_eq!(uci_error(&start, "e7e5", false), NotYourPiece(Square::E7));
    let mut g = Game::startpos();
    play_san(&mut g, "e4");
    let fen = g.position().to_fen();
    assert_eq!(uci_error(&fen, "d2d4", false), NotYourPiece(Square::D2));
    // No passing.
    assert_eq!(uci_error(&fen, "0000", false), MoveErrorKind::Malformed);
    assert_eq!(san_error(&fen, "--"), MoveErrorKind::Malformed);
}

#[test]
fn initial_position() {
    let pos = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(Game::startpos().position(), &pos);
    for color in Color::ALL {
        assert_eq!(pos.pieces_of_color(color).popcount(), 16);
        for (piece_type, count) in [
            (PieceType::King, 1),
            (PieceType::Queen, 1),
            (PieceType::Bishop, 2),
            (PieceType::Knight, 2),
            (PieceType::Rook, 2),
            (PieceType::Pawn, 8),
        ] {
            assert_eq!(pos.pieces(color, piece_type).popcount(), count);
        }
    }
    // The right-hand corner square nearest each player is light; each queen on its colour.
    assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
    assert!(Bitboard::LIGHT_SQUARES.contains(Square::A8));
    assert!(Bitboard::LIGHT_SQUARES.contains(Square::D1));
    assert!(Bitboard::DARK_SQUARES.contains(Square::D8));
    assert_eq!(pos.piece_at(Square::D1), Some(Piece::WhiteQueen));
    assert_eq!(pos.piece_at(Square::D8), Some(Piece::BlackQueen));
    assert_eq!(pos.legal_moves().len(), 20);
}
