//! The small value types of the board: colours, piece types, pieces, files, ranks and
//! squares. Squares are numbered a1 = 0 … h8 = 63 (little-endian rank-file mapping).

use std::fmt;

/// The side a piece belongs to, and the side to move.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
    /// Number of colours.
    pub const COUNT: usize = 2;

    /// The colour as an index, white = 0.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The colour for an index, if it is 0 or 1.
    pub const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            _ => None,
        }
    }

    /// The rank this colour's pieces start on (rank 1 for white).
    #[inline]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::R1,
            Color::Black => Rank::R8,
        }
    }

    /// `'w'` or `'b'`, as FEN writes the side to move.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// The six kinds of chess piece.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceType {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl PieceType {
    /// All piece types, pawn first.
    pub const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];
    /// Number of piece types.
    pub const COUNT: usize = 6;
    /// The pieces a pawn may promote to, strongest first.
    pub const PROMOTIONS: [PieceType; 4] = [
        PieceType::Queen,
        PieceType::Rook,
        PieceType::Bishop,
        PieceType::Knight,
    ];

    /// The piece type as an index, pawn = 0.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece type for an index below 6.
    pub const fn from_index(index: usize) -> Option<PieceType> {
        if index < Self::COUNT {
            Some(Self::ALL[index])
        } else {
            None
        }
    }

    /// Lower-case letter: `p n b r q k`.
    pub const fn char(self) -> char {
        match self {
            PieceType::Pawn => 'p',
            PieceType::Knight => 'n',
            PieceType::Bishop => 'b',
            PieceType::Rook => 'r',
            PieceType::Queen => 'q',
            PieceType::King => 'k',
        }
    }

    /// The piece type for a letter of either case.
    pub fn from_char(c: char) -> Option<PieceType> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceType::Pawn),
            'n' => Some(PieceType::Knight),
            'b' => Some(PieceType::Bishop),
            'r' => Some(PieceType::Rook),
            'q' => Some(PieceType::Queen),
            'k' => Some(PieceType::King),
            _ => None,
        }
    }
}

/// A coloured piece.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
}

impl Piece {
    /// All twelve pieces, white ones first.
    pub const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::WhiteKnight,
        Piece::WhiteBishop,
        Piece::WhiteRook,
        Piece::WhiteQueen,
        Piece::WhiteKing,
        Piece::BlackPawn,
        Piece::BlackKnight,
        Piece::BlackBishop,
        Piece::BlackRook,
        Piece::BlackQueen,
        Piece::BlackKing,
    ];
    /// Number of pieces.
    pub const COUNT: usize = 12;

    /// The piece of a colour and type.
    #[inline]
    pub const fn new(color: Color, piece_type: PieceType) -> Piece {
        Self::ALL[color.index() * 6 + piece_type.index()]
    }

    /// The piece as an index, `color * 6 + type`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece for an index below 12.
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index < Self::COUNT {
            Some(Self::ALL[index])
        } else {
            None
        }
    }

    /// The piece's colour.
    #[inline]
    pub const fn color(self) -> Color {
        if (self as u8) < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The piece's type.
    #[inline]
    pub const fn piece_type(self) -> PieceType {
        PieceType::ALL[self as usize % 6]
    }

    /// FEN letter: upper case for white, lower case for black.
    pub const fn fen_char(self) -> char {
        let c = self.piece_type().char();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece for a FEN letter.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let piece_type = PieceType::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, piece_type))
    }
}

/// Declares `File` or `Rank`: an enum of eight lines of the board in order, with `ALL`,
/// `COUNT`, `index`, a checked `from_index`, and a character per line (the first line's,
/// then the next ones in order) that `from_char` reads back after `normalise`. One
/// definition, so the two cannot drift apart.
macro_rules! board_line {
    (
        $(#[$meta:meta])*
        $name:ident [$($variant:ident),+],
        all: $all_doc:literal,
        index: $index_doc:literal,
        first_char: $first:literal,
        char: $char_doc:literal,
        from_char: $from_char_doc:literal,
        normalise: $normalise:expr
    ) => {
        $(#[$meta])*
        #[repr(u8)]
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            #[doc = $all_doc]
            pub const ALL: [$name; 8] = [$($name::$variant),+];
            /// Number of lines: eight.
            pub const COUNT: usize = 8;

            #[doc = $index_doc]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The line for an index below 8.
            pub const fn from_index(index: usize) -> Option<$name> {
                if index < Self::COUNT {
                    Some(Self::ALL[index])
                } else {
                    None
                }
            }

            #[doc = $char_doc]
            pub const fn char(self) -> char {
                ($first + self as u8) as char
            }

            #[doc = $from_char_doc]
            pub fn from_char(c: char) -> Option<$name> {
                let normalise: fn(char) -> char = $normalise;
                (normalise(c) as usize)
                    .checked_sub($first as usize)
                    .and_then($name::from_index)
            }
        }
    };
}

board_line! {
    /// A column of the board, a to h.
    File [A, B, C, D, E, F, G, H],
    all: "All files, a first.",
    index: "The file as an index, a = 0.",
    first_char: b'a',
    char: "Lower-case letter `a`…`h`.",
    from_char: "The file for a letter `a`…`h` of either case.",
    normalise: |c| c.to_ascii_lowercase()
}

board_line! {
    /// A row of the board, 1 to 8.
    Rank [R1, R2, R3, R4, R5, R6, R7, R8],
    all: "All ranks, 1 first.",
    index: "The rank as an index, rank 1 = 0.",
    first_char: b'1',
    char: "Digit `1`…`8`.",
    from_char: "The rank for a digit `1`…`8`.",
    normalise: |c| c
}

impl Rank {
    /// The same rank seen from `color`'s side: rank 1 for white is rank 8 for black.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

/// One of the 64 squares, a1 = 0, b1 = 1, …, h8 = 63.
#[repr(u8)]
#[rustfmt::skip]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All squares, a1 first.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };
    /// Number of squares.
    pub const COUNT: usize = 64;

    /// The square as an index, a1 = 0.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square for an index below 64.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Self::COUNT {
            Some(Self::ALL[index])
        } else {
            None
        }
    }

    /// The square for an index that is known to be below 64; masks instead of checking.
    #[inline]
    pub(crate) const fn from_index_masked(index: usize) -> Square {
        Self::ALL[index & 63]
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Self::ALL[rank as usize * 8 + file as usize]
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square mirrored top to bottom (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Self::ALL[self as usize ^ 56]
    }

    /// The square `df` files and `dr` ranks away, if that is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = (self as usize & 7) as i8 + df;
        let rank = (self as usize >> 3) as i8 + dr;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Self::ALL[(rank * 8 + file) as usize])
        } else {
            None
        }
    }

    /// Parses `e4`-style coordinates.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::new(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!(Square::from_index(i), Some(*sq));
            assert_eq!(Square::new(sq.file(), sq.rank()), *sq);
            assert_eq!(Square::parse(&sq.to_string()), Some(*sq));
        }
        assert_eq!(Square::from_index(64), None);
        for piece in Piece::ALL {
            assert_eq!(Piece::new(piece.color(), piece.piece_type()), piece);
            assert_eq!(Piece::from_fen_char(piece.fen_char()), Some(piece));
        }
    }

    #[test]
    fn files_and_ranks_read_back_their_characters() {
        let letters: String = File::ALL.iter().map(|file| file.char()).collect();
        let digits: String = Rank::ALL.iter().map(|rank| rank.char()).collect();
        assert_eq!(
            (letters.as_str(), digits.as_str()),
            ("abcdefgh", "12345678")
        );
        for (i, file) in File::ALL.into_iter().enumerate() {
            assert_eq!((file.index(), File::from_index(i)), (i, Some(file)));
            assert_eq!(File::from_char(file.char()), Some(file));
            assert_eq!(
                File::from_char(file.char().to_ascii_uppercase()),
                Some(file)
            );
        }
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            assert_eq!((rank.index(), Rank::from_index(i)), (i, Some(rank)));
            assert_eq!(Rank::from_char(rank.char()), Some(rank));
        }
        assert_eq!((File::from_index(8), Rank::from_index(8)), (None, None));
        for c in ['i', 'I', '`', '1', 'é'] {
            assert_eq!(File::from_char(c), None, "{c}");
        }
        for c in ['0', '9', 'a', '\0'] {
            assert_eq!(Rank::from_char(c), None, "{c:?}");
        }
    }

    #[test]
    fn parsing_rejects_garbage() {
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a10"), None);
        assert_eq!(Square::parse(""), None);
        assert_eq!(Rank::from_char('0'), None);
        assert_eq!(Piece::from_fen_char('x'), None);
        assert_eq!(Square::E4.offset(4, 0), None);
        assert_eq!(Square::E4.offset(-1, 2), Some(Square::D6));
    }
}
