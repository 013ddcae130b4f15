//! Zobrist keys: one random 64-bit number per (piece, square), castling rook, en passant file
//! and side to move, generated at compile time from a fixed seed (splitmix64).

use super::types::{Color, File, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// 768 piece-square keys, 16 castling keys (colour × rook file), 8 en passant keys, 1 turn key.
const N: usize = 768 + 16 + 8 + 1;

const fn keys() -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = 0x5c0e_5ee7_0000_2026u64;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

static KEYS: [u64; N] = keys();

const fn piece_keys() -> [[[u64; 64]; 6]; 2] {
    let keys = keys();
    let mut out = [[[0u64; 64]; 6]; 2];
    let mut i = 0;
    while i < 768 {
        out[i / 384][(i / 64) % 6][i % 64] = keys[i];
        i += 1;
    }
    out
}

static PIECES: [[[u64; 64]; 6]; 2] = piece_keys();

/// The key of `color`'s `role` on `sq`.
#[inline(always)]
pub(crate) fn piece(color: Color, role: Role, sq: Square) -> u64 {
    PIECES[color.index() & 1][role.index()][sq.index() & 63]
}

/// The key of a castling right of `color` with the rook on `file`.
#[inline(always)]
pub(crate) fn castling(color: Color, file: File) -> u64 {
    KEYS[768 + (color.index() & 1) * 8 + (file.index() & 7)]
}

/// The key of a legal en passant capture onto `file`.
#[inline(always)]
pub(crate) fn en_passant(file: File) -> u64 {
    KEYS[784 + (file.index() & 7)]
}

/// Black to move.
pub(crate) const BLACK_TO_MOVE: u64 = keys()[N - 1];
