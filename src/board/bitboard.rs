//! A set of squares packed into 64 bits (bit 0 = a1, bit 63 = h8).

use super::types::{File, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares.
///
/// ```
/// use scoresheet::board::{Bitboard, Square};
/// let bb = Bitboard::from_square(Square::E4) | Bitboard::from_square(Square::D5);
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::E4));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), vec![Square::E4, Square::D5]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The 32 light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The 32 dark squares.
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// Ranks 1 and 8.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The set holding one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// All squares of a file.
    #[inline]
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file.index())
    }

    /// All squares of a rank.
    #[inline]
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank.index()))
    }

    /// True if no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if at least one square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// True if `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// How many squares are in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True if the set holds two or more squares.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square (nearest a1), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(self.0.trailing_zeros()))
        }
    }

    /// The highest square (nearest h8), if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(63 - self.0.leading_zeros()))
        }
    }

    /// The only square in the set, if it holds exactly one.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// Adds a square.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes a square.
    #[inline]
    pub fn discard(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Adds the square if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq.index();
    }

    /// The set with the same squares seen from the other side (mirrored vertically).
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// True if the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }
}

impl fmt::Debug for Bitboard {
    /// Prints the set as an 8×8 diagram, rank 8 on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, *rank);
                f.write_str(if self.contains(sq) { "1" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Iterates the squares of a [`Bitboard`] from a1 towards h8.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new_masked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.add(sq);
        }
        bb
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_and_dark_squares_partition_the_board() {
        assert_eq!(
            Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES,
            Bitboard::FULL
        );
        for sq in Square::all() {
            assert_eq!(Bitboard::LIGHT_SQUARES.contains(sq), sq.is_light(), "{sq}");
        }
    }

    #[test]
    fn files_ranks_and_iteration() {
        let e = Bitboard::from_file(File::E);
        assert_eq!(e.count(), 8);
        assert!(e.contains(Square::E1) && e.contains(Square::E8));
        let r2 = Bitboard::from_rank(Rank::Second);
        assert_eq!((e & r2).single_square(), Some(Square::E2));
        assert_eq!(r2.first(), Some(Square::A2));
        assert_eq!(r2.last(), Some(Square::H2));
        assert_eq!(r2.flip_vertical(), Bitboard::from_rank(Rank::Seventh));
        assert!(r2.more_than_one());
        assert_eq!(r2.into_iter().count(), 8);
    }
}
