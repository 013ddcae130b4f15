//! The small vocabulary every other module speaks: colours, roles, pieces, files, ranks and squares.
//!
//! All of these are `Copy`, fit in a byte, and print in the obvious English/UCI notation
//! (`Display`/`FromStr`). National piece letters live in [`crate::notation`], not here.

use std::fmt;
use std::str::FromStr;

/// The side a piece belongs to, or the side to move.
///
/// ```
/// use scoresheet::board::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!("b".parse::<Color>().unwrap(), Color::Black);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: an index into per-colour tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `White` if `white` is true, else `Black`.
    #[inline]
    pub const fn from_white(white: bool) -> Color {
        if white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// True for White.
    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// The FEN letter: `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// What follows a move number for this side's move: `.` for White (`12.`), `...` for
    /// Black (`12...`).
    ///
    /// ```
    /// use scoresheet::board::Color;
    /// assert_eq!(format!("12{}", Color::Black.move_number_dots()), "12...");
    /// ```
    pub const fn move_number_dots(self) -> &'static str {
        match self {
            Color::White => ".",
            Color::Black => "...",
        }
    }

    /// The English word, lower case: `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The rank on which this side's pieces start (1 for White, 8 for Black).
    #[inline]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// The rank a pawn of this colour must reach to promote.
    #[inline]
    pub const fn promotion_rank(self) -> Rank {
        match self {
            Color::White => Rank::Eighth,
            Color::Black => Rank::First,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that names no colour, rank, file, role or square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a {what}")]
pub struct ParseTypeError {
    /// What was written.
    pub text: String,
    /// What it should have been (`colour`, `square`, ...).
    pub what: &'static str,
}

impl ParseTypeError {
    fn new(text: &str, what: &'static str) -> Self {
        ParseTypeError {
            text: text.to_owned(),
            what,
        }
    }
}

impl FromStr for Color {
    type Err = ParseTypeError;
    fn from_str(s: &str) -> Result<Color, ParseTypeError> {
        match s {
            "w" | "white" | "White" => Ok(Color::White),
            "b" | "black" | "Black" => Ok(Color::Black),
            _ => Err(ParseTypeError::new(s, "colour")),
        }
    }
}

/// What a piece is, regardless of colour.
///
/// ```
/// use scoresheet::board::Role;
/// assert_eq!(Role::Knight.english_char(), 'N');
/// assert_eq!(Role::from_english_char('q'), Some(Role::Queen));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 (pawn) to 5 (king): an index into per-role tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case English letter used by PGN and FEN (`P N B R Q K`).
    pub const fn english_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of an English letter, either case.
    pub const fn from_english_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The role with this index (0 pawn .. 5 king).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        match i {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece of a given colour: what stands on a square.
///
/// ```
/// use scoresheet::board::{Color, Piece, Role};
/// let p = Piece::from_fen_char('n').unwrap();
/// assert_eq!(p, Piece { color: Color::Black, role: Role::Knight });
/// assert_eq!(p.fen_char(), 'n');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.role.english_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The Unicode chess figurine: `♔`..`♙` for White, `♚`..`♟` for Black.
    ///
    /// ```
    /// use scoresheet::board::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::White, Role::Knight).figurine(), '♘');
    /// assert_eq!(Piece::new(Color::Black, Role::Knight).figurine(), '♞');
    /// ```
    pub const fn figurine(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        }
    }

    /// The piece of a FEN letter (`K`..`p`).
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        match Role::from_english_char(c) {
            Some(role) => Some(Piece {
                color: Color::from_white(c.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

/// A file, `a` to `h`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum File {
    /// The a-file.
    A = 0,
    /// The b-file.
    B,
    /// The c-file.
    C,
    /// The d-file.
    D,
    /// The e-file.
    E,
    /// The f-file.
    F,
    /// The g-file.
    G,
    /// The h-file.
    H,
}

impl File {
    /// All files, a to h.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// 0 for a .. 7 for h.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file with index 0..8.
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The file of a lower- or upper-case letter `a`..`h`.
    pub const fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'h' {
            File::new(c as u32 - 'a' as u32)
        } else {
            None
        }
    }

    /// The lower-case letter.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file `delta` files away, if on the board.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<File> {
        let i = self as i32 + delta;
        if i >= 0 && i < 8 {
            File::new(i as u32)
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank, `1` to `8`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// Rank 1, White's back rank.
    First = 0,
    /// Rank 2.
    Second,
    /// Rank 3.
    Third,
    /// Rank 4.
    Fourth,
    /// Rank 5.
    Fifth,
    /// Rank 6.
    Sixth,
    /// Rank 7.
    Seventh,
    /// Rank 8, Black's back rank.
    Eighth,
}

impl Rank {
    /// All ranks, 1 to 8.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// 0 for rank 1 .. 7 for rank 8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with index 0..8.
    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The rank of a digit `1`..`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Rank::new(c as u32 - '1' as u32)
        } else {
            None
        }
    }

    /// The digit.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The same rank seen from `color`'s side (rank 1 for White is rank 8 for Black).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }

    /// The rank `delta` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Rank> {
        let i = self as i32 + delta;
        if i >= 0 && i < 8 {
            Rank::new(i as u32)
        } else {
            None
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 64 squares, numbered a1 = 0, b1 = 1, ..., h8 = 63.
///
/// ```
/// use scoresheet::board::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4.file(), File::E);
/// assert_eq!(e4.rank(), Rank::Fourth);
/// assert_eq!(e4.to_string(), "e4");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $i:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($i);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square at `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square((rank as u8) * 8 + file as u8)
    }

    /// The square with index 0..64 (a1 = 0, h8 = 63).
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: for loops over known-good indices.
    #[inline]
    pub const fn new_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// 0 (a1) .. 63 (h8).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 3) as usize]
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        match (self.file().offset(df), self.rank().offset(dr)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// The same square seen from `color`'s side (mirrored vertically for Black).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => Square(self.0 ^ 56),
        }
    }

    /// How many king steps apart `self` and `other` are (the larger of the file and rank
    /// distances).
    ///
    /// ```
    /// use scoresheet::board::Square;
    /// assert_eq!(Square::A1.distance(Square::H8), 7);
    /// assert_eq!(Square::E4.distance(Square::F6), 2);
    /// ```
    #[inline]
    pub const fn distance(self, other: Square) -> u32 {
        let df = self.file().index().abs_diff(other.file().index());
        let dr = self.rank().index().abs_diff(other.rank().index());
        (if df > dr { df } else { dr }) as u32
    }

    /// True for a light square (h1 is light).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }

    /// Parses two ASCII bytes such as `b"e4"`.
    pub const fn from_ascii(bytes: &[u8]) -> Option<Square> {
        if bytes.len() != 2 {
            return None;
        }
        match (
            File::from_char(bytes[0] as char),
            Rank::from_char(bytes[1] as char),
        ) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// Every square, a1 first, h8 last.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Both ASCII: one write instead of a nested format (as before, no width or alignment).
        let name = [self.file().char() as u8, self.rank().char() as u8];
        f.write_str(std::str::from_utf8(&name).unwrap_or("??"))
    }
}

impl FromStr for Square {
    type Err = ParseTypeError;
    fn from_str(s: &str) -> Result<Square, ParseTypeError> {
        Square::from_ascii(s.as_bytes()).ok_or_else(|| ParseTypeError::new(s, "square"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_text() {
        for sq in Square::all() {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>().unwrap(), sq);
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
        }
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
    }

    #[test]
    fn colours_of_squares() {
        assert!(!Square::A1.is_light());
        assert!(Square::H1.is_light());
        assert!(Square::D1.is_light());
        assert!(!Square::E1.is_light());
    }

    #[test]
    fn relative_squares_mirror_for_black() {
        assert_eq!(Square::E1.relative_to(Color::Black), Square::E8);
        assert_eq!(Square::C7.relative_to(Color::White), Square::C7);
        assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
    }

    #[test]
    fn pieces_round_trip_through_fen_letters() {
        for c in "KQRBNPkqrbnp".chars() {
            assert_eq!(Piece::from_fen_char(c).unwrap().fen_char(), c);
        }
        assert_eq!(Piece::from_fen_char('x'), None);
    }
}
