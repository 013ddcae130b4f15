//! Attack tables: which squares a piece on a square attacks.
//!
//! Knight, king and pawn attacks are plain 64-entry tables. Rook and bishop attacks use "fancy"
//! magic bitboards: the blockers relevant to a square are multiplied by a magic number, whose top
//! bits index a shared table holding every possible attack set. The small tables are computed at
//! compile time by `const fn`s; the 107,648 sliding-attack entries by `build.rs` (same geometry
//! code, `src/board/geometry.rs`), embedded with `include_bytes!`. No lookup pays an
//! initialisation check, and an invalid magic number fails the build.
//!
//! ```
//! use scoresheet::board::{attacks, Bitboard, Square};
//! assert_eq!(attacks::knight_attacks(Square::G1).count(), 3);
//! let blockers = Bitboard::from_square(Square::E4);
//! assert!(attacks::rook_attacks(Square::E1, blockers).contains(Square::E4));
//! assert!(!attacks::rook_attacks(Square::E1, blockers).contains(Square::E5));
//! ```

use super::bitboard::Bitboard;
use super::geometry::{
    magic_entries, on_board, pawn_table, step_table, BISHOP_DIRS, BISHOP_MAGICS, KING_STEPS,
    KNIGHT_STEPS, ROOK_DIRS, ROOK_MAGICS, ROOK_TABLE_SIZE, TABLE_SIZE,
};
use super::types::{Color, Role, Square};

/// One square's entry in the magic scheme.
#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

const TABLE_MASK: usize = TABLE_SIZE - 1;

const fn magics(dirs: &[(i32, i32); 4], numbers: &[u64; 64], start: usize) -> [Magic; 64] {
    let entries = magic_entries(dirs, numbers, start);
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        let (mask, magic, shift, offset) = entries[sq];
        out[sq] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
        sq += 1;
    }
    out
}

static ROOK_MAGIC: [Magic; 64] = magics(&ROOK_DIRS, &ROOK_MAGICS, 0);
static BISHOP_MAGIC: [Magic; 64] = magics(&BISHOP_DIRS, &BISHOP_MAGICS, ROOK_TABLE_SIZE);

/// The sliding-attack table, little-endian `u64`s, computed by `build.rs` (interpreting it in
/// `const fn` costs seconds of compile time on every rebuild; a build script runs once).
static SLIDING: &[u8; TABLE_SIZE * 8] = include_bytes!(concat!(env!("OUT_DIR"), "/sliding.bin"));

static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
static KING: [u64; 64] = step_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = pawn_table();

/// `(between, ray)` for every pair of squares.
const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut ray = [[0u64; 64]; 64];
    let dirs = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            // The full line through `a` in this direction (both ways).
            let mut line = 1u64 << a;
            let (mut f, mut r) = (a % 8 + df, a / 8 + dr);
            while on_board(f, r) {
                line |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            let (mut f, mut r) = (a % 8 - df, a / 8 - dr);
            while on_board(f, r) {
                line |= 1 << (r * 8 + f);
                f -= df;
                r -= dr;
            }
            let mut squares_between = 0u64;
            let (mut f, mut r) = (a % 8 + df, a / 8 + dr);
            while on_board(f, r) {
                let b = (r * 8 + f) as usize;
                between[a as usize][b] = squares_between;
                ray[a as usize][b] = line;
                squares_between |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, ray)
}

static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

#[inline(always)]
fn idx(sq: Square) -> usize {
    sq.index() & 63
}

/// The squares a knight on `sq` attacks.
///
/// ```
/// use scoresheet::board::{attacks::knight_attacks, Square};
/// assert!(knight_attacks(Square::B1).contains(Square::C3));
/// ```
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[idx(sq)])
}

/// The squares a king on `sq` attacks.
///
/// ```
/// use scoresheet::board::{attacks::king_attacks, Square};
/// assert_eq!(king_attacks(Square::A1).count(), 3);
/// ```
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[idx(sq)])
}

/// The squares a pawn of `color` on `sq` attacks (captures towards).
///
/// ```
/// use scoresheet::board::{attacks::pawn_attacks, Color, Square};
/// assert_eq!(pawn_attacks(Color::White, Square::E4).count(), 2);
/// assert!(pawn_attacks(Color::Black, Square::E4).contains(Square::D3));
/// ```
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index() & 1][idx(sq)])
}

#[inline(always)]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let i = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    let b = (i & TABLE_MASK) << 3;
    Bitboard(u64::from_le_bytes([
        SLIDING[b],
        SLIDING[b + 1],
        SLIDING[b + 2],
        SLIDING[b + 3],
        SLIDING[b + 4],
        SLIDING[b + 5],
        SLIDING[b + 6],
        SLIDING[b + 7],
    ]))
}

/// The squares a bishop on `sq` attacks when `occupied` squares block it.
///
/// ```
/// use scoresheet::board::{attacks::bishop_attacks, Bitboard, Square};
/// assert_eq!(bishop_attacks(Square::A1, Bitboard::EMPTY).count(), 7);
/// ```
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGIC[idx(sq)], occupied)
}

/// The squares a rook on `sq` attacks when `occupied` squares block it.
///
/// ```
/// use scoresheet::board::{attacks::rook_attacks, Bitboard, Square};
/// assert_eq!(rook_attacks(Square::A1, Bitboard::EMPTY).count(), 14);
/// ```
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGIC[idx(sq)], occupied)
}

/// The squares a queen on `sq` attacks when `occupied` squares block it.
///
/// ```
/// use scoresheet::board::{attacks::queen_attacks, Bitboard, Square};
/// assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
/// ```
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(sq, occupied) | rook_attacks(sq, occupied)
}

/// The squares a piece of `role` and `color` on `sq` attacks when `occupied` squares block it
/// (the colour matters only for a pawn).
///
/// ```
/// use scoresheet::board::{attacks::attacks, Bitboard, Color, Role, Square};
/// assert_eq!(attacks(Color::White, Role::Knight, Square::G1, Bitboard::EMPTY).count(), 3);
/// assert!(attacks(Color::Black, Role::Pawn, Square::E4, Bitboard::EMPTY).contains(Square::D3));
/// ```
#[inline]
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal, else empty.
///
/// ```
/// use scoresheet::board::{attacks::between, Square};
/// assert_eq!(between(Square::A1, Square::D4).count(), 2);
/// assert!(between(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.0[idx(a)][idx(b)])
}

/// The whole line (edge to edge) through `a` and `b` if they share a rank, file or diagonal,
/// else empty.
///
/// ```
/// use scoresheet::board::{attacks::ray, Square};
/// assert_eq!(ray(Square::C3, Square::E5).count(), 8);
/// assert!(ray(Square::E4, Square::E4).is_empty());
/// ```
#[inline]
pub fn ray(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.1[idx(a)][idx(b)])
}

/// True if `c` lies on the line through `a` and `b` (`a != b`).
///
/// ```
/// use scoresheet::board::{attacks::aligned, Square};
/// assert!(aligned(Square::A1, Square::C3, Square::H8));
/// assert!(!aligned(Square::A1, Square::C3, Square::H7));
/// ```
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    ray(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::slide;

    #[test]
    fn magic_lookups_agree_with_ray_walking() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for sq in Square::all() {
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let occ = x & (x >> 3);
                let s = sq.index() as i32;
                assert_eq!(rook_attacks(sq, Bitboard(occ)).0, slide(s, occ, &ROOK_DIRS));
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    slide(s, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn lines_are_symmetric() {
        for a in Square::all() {
            for b in Square::all() {
                assert_eq!(between(a, b), between(b, a));
                assert_eq!(ray(a, b), ray(b, a));
                if ray(a, b).any() {
                    assert!(ray(a, b).contains(a) && ray(a, b).contains(b));
                    assert!((between(a, b) - ray(a, b)).is_empty());
                }
            }
        }
        assert_eq!(between(Square::E1, Square::H1).count(), 2);
    }
}
