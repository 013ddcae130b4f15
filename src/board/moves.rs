//! Moves, as the legality engine produces and plays them.

use super::types::{Color, File, Rank, Role, Square};
use std::fmt;

/// Which wing a castling move goes to.
///
/// ```
/// use scoresheet::board::{CastlingSide, File};
/// assert_eq!(CastlingSide::King.king_to_file(), File::G);
/// assert_eq!(CastlingSide::Queen.rook_to_file(), File::D);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Castling short, O-O: the king ends on g, the rook on f.
    King = 0,
    /// Castling long, O-O-O: the king ends on c, the rook on d.
    Queen = 1,
}

impl CastlingSide {
    /// Both sides, short first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// 0 for short, 1 for long.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file the king stands on after castling (g or c), in standard chess and Chess960 alike.
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::King => File::G,
            CastlingSide::Queen => File::C,
        }
    }

    /// The file the rook stands on after castling (f or d).
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::King => File::F,
            CastlingSide::Queen => File::D,
        }
    }

    /// The king's square after castling, for `color`.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), color.back_rank())
    }

    /// The rook's square after castling, for `color`.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), color.back_rank())
    }

    /// `O-O` or `O-O-O`.
    pub const fn pgn(self) -> &'static str {
        match self {
            CastlingSide::King => "O-O",
            CastlingSide::Queen => "O-O-O",
        }
    }
}

/// A move on the board, with everything needed to play it and to write it down.
///
/// Castling is stored as the king's square and the castling rook's square, which
/// describes standard chess and Chess960 alike.
///
/// ```
/// use scoresheet::board::{Move, Role, Square};
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(m.from(), Some(Square::G1));
/// assert_eq!(m.to(), Square::F3);
/// assert_eq!(m.to_uci(false).to_string(), "g1f3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any move but en passant and castling, including promotions.
    Normal {
        /// The role of the moving piece (a pawn for promotions).
        role: Role,
        /// Where it starts.
        from: Square,
        /// The role of the captured piece, if any.
        capture: Option<Role>,
        /// Where it ends.
        to: Square,
        /// The promoted-to role, for a pawn reaching the last rank.
        promotion: Option<Role>,
    },
    /// An en passant capture: the pawn goes from `from` to `to`, the captured pawn is beside `from`.
    EnPassant {
        /// The capturing pawn's square.
        from: Square,
        /// The square the capturing pawn moves to (the en passant square).
        to: Square,
    },
    /// Castling, described by the king's and the rook's starting squares.
    Castle {
        /// The king's square before castling.
        king: Square,
        /// The castling rook's square before castling.
        rook: Square,
    },
}

impl Move {
    /// The role of the moving piece (the king for castling).
    #[inline]
    pub const fn role(&self) -> Role {
        match *self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The moving piece's starting square (the king's for castling).
    #[inline]
    pub const fn from(&self) -> Option<Square> {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
        }
    }

    /// Where the moving piece ends. For castling this is the king's target square (g or c file).
    #[inline]
    pub const fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let side = if (rook.index() & 7) > (king.index() & 7) {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                Square::from_coords(side.king_to_file(), king.rank())
            }
        }
    }

    /// The captured role, if the move captures (a pawn for en passant).
    #[inline]
    pub const fn capture(&self) -> Option<Role> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    /// True if the move captures.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    /// True for en passant.
    #[inline]
    pub const fn is_en_passant(&self) -> bool {
        matches!(self, Move::EnPassant { .. })
    }

    /// The promoted-to role, if any.
    #[inline]
    pub const fn promotion(&self) -> Option<Role> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// The castling side, if this is castling.
    #[inline]
    pub const fn castling_side(&self) -> Option<CastlingSide> {
        match *self {
            Move::Castle { king, rook } => Some(if (rook.index() & 7) > (king.index() & 7) {
                CastlingSide::King
            } else {
                CastlingSide::Queen
            }),
            _ => None,
        }
    }

    /// True if the move resets the 50-move count (a pawn move or a capture).
    #[inline]
    pub const fn is_zeroing(&self) -> bool {
        matches!(self.role(), Role::Pawn) || self.is_capture()
    }

    /// The move in UCI form. With `chess960` castling is written king-takes-rook (`e1h1`),
    /// otherwise as the king's two-square step (`e1g1`).
    #[inline]
    pub const fn to_uci(&self, chess960: bool) -> Uci {
        match *self {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => Uci::Normal {
                from,
                to,
                promotion,
            },
            Move::EnPassant { from, to } => Uci::Normal {
                from,
                to,
                promotion: None,
            },
            Move::Castle { king, rook } => Uci::Normal {
                from: king,
                to: if chess960 { rook } else { self.to() },
                promotion: None,
            },
        }
    }
}

impl fmt::Display for Move {
    /// Prints the move in UCI form with standard castling (`e1g1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_uci(false).fmt(f)
    }
}

/// A move in the Universal Chess Interface's coordinate form (`e2e4`, `e7e8q`, `0000`).
///
/// ```
/// use scoresheet::board::{Uci, Role, Square};
/// let uci: Uci = "e7e8q".parse().unwrap();
/// assert_eq!(uci, Uci::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
/// assert_eq!(uci.to_string(), "e7e8q");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Uci {
    /// A move from one square to another, possibly promoting.
    Normal {
        /// Starting square.
        from: Square,
        /// Target square (for Chess960 castling, the rook's square).
        to: Square,
        /// Promotion role.
        promotion: Option<Role>,
    },
    /// The null move `0000`.
    Null,
}

/// Text that is not a UCI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a UCI move")]
pub struct ParseUciError(pub String);

impl std::str::FromStr for Uci {
    type Err = ParseUciError;
    fn from_str(s: &str) -> Result<Uci, ParseUciError> {
        let b = s.as_bytes();
        let bad = || ParseUciError(s.to_owned());
        if s == "0000" {
            return Ok(Uci::Null);
        }
        if b.len() != 4 && b.len() != 5 {
            return Err(bad());
        }
        let from = Square::from_ascii(&b[0..2]).ok_or_else(bad)?;
        let to = Square::from_ascii(&b[2..4]).ok_or_else(bad)?;
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_english_char(c as char) {
                Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
                _ => return Err(bad()),
            },
        };
        Ok(Uci::Normal {
            from,
            to,
            promotion,
        })
    }
}

impl Uci {
    /// The move as UCI text (`e2e4`, `e7e8q`, `0000`), in a buffer of its own: what
    /// [`Display`](fmt::Display) writes, without the formatting machinery.
    ///
    /// ```
    /// use scoresheet::board::Uci;
    /// let u: Uci = "e7e8q".parse().unwrap();
    /// assert_eq!(u.text().as_str(), "e7e8q");
    /// assert_eq!(u.text().as_str(), u.to_string());
    /// ```
    pub fn text(&self) -> UciText {
        match *self {
            Uci::Normal {
                from,
                to,
                promotion,
            } => {
                let mut bytes = [
                    from.file().char() as u8,
                    from.rank().char() as u8,
                    to.file().char() as u8,
                    to.rank().char() as u8,
                    0,
                ];
                let len = match promotion {
                    Some(p) => {
                        bytes[4] = p.english_char().to_ascii_lowercase() as u8;
                        5
                    }
                    None => 4,
                };
                UciText { bytes, len }
            }
            Uci::Null => UciText {
                bytes: *b"0000\0",
                len: 4,
            },
        }
    }
}

/// A move's UCI text on the stack (see [`Uci::text`]): what a list of a game's moves in UCI
/// holds without an allocation per move.
///
/// ```
/// use scoresheet::board::Uci;
/// let t = "e7e8q".parse::<Uci>().unwrap().text();
/// assert_eq!(t, "e7e8q");
/// assert_eq!(t.to_string(), "e7e8q");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciText {
    bytes: [u8; 5],
    len: u8,
}

impl UciText {
    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever written into `bytes`.
        std::str::from_utf8(self.bytes.get(..usize::from(self.len)).unwrap_or_default())
            .unwrap_or("????")
    }
}

impl fmt::Display for UciText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for UciText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// As the text (a JSON string, `"e2e4"`).
impl serde::Serialize for UciText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // All ASCII: one write instead of nested formats (as before, no width).
        f.write_str(self.text().as_str())
    }
}

/// The most legal moves any chess position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: move generation fills one without allocating.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// The rank a pawn of `color` lands on after a double step (4 for White, 5 for Black).
#[inline]
pub const fn double_step_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::Fourth,
        Color::Black => Rank::Fifth,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_moves_know_their_side_and_target() {
        let short = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(short.castling_side(), Some(CastlingSide::King));
        assert_eq!(short.to(), Square::G1);
        assert_eq!(short.to_uci(false).to_string(), "e1g1");
        assert_eq!(short.to_uci(true).to_string(), "e1h1");
        // Chess960: king on b8, rook on a8 castles long to c8.
        let long = Move::Castle {
            king: Square::B8,
            rook: Square::A8,
        };
        assert_eq!(long.castling_side(), Some(CastlingSide::Queen));
        assert_eq!(long.to(), Square::C8);
    }

    #[test]
    fn uci_round_trip_and_rejects() {
        for s in ["e2e4", "a7a8n", "h2h1q", "0000"] {
            assert_eq!(s.parse::<Uci>().unwrap().to_string(), s);
        }
        for s in ["e2e9", "e7e8k", "e2", "", "e2e4qq"] {
            assert!(s.parse::<Uci>().is_err(), "{s}");
        }
    }
}
