// Geometry and magic numbers shared by the library and `build.rs` (which `include!`s this file
// to precompute the sliding-attack table). Plain `const fn`s over `u64`, no crate types.
//
// The magic numbers were found by a seeded random search (xorshift64, seed
// `0x5c0e_5ee7_2026_0001`, each candidate the AND of three draws) for the standard index widths
// (rook: 12 bits in the corners ... 10 in the centre; bishop: 5 to 9 bits). `build.rs` checks that
// every one of them maps all blocker subsets without a harmful collision, or fails the build.

pub(crate) const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
pub(crate) const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub(crate) const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

pub(crate) const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

pub(crate) const fn step_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (sq % 8 + steps[i].0, sq / 8 + steps[i].1);
            if on_board(f, r) {
                table[sq as usize] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

pub(crate) const fn pawn_table() -> [[u64; 64]; 2] {
    [
        step_table(&[(-1, 1), (1, 1)]),
        step_table(&[(-1, -1), (1, -1)]),
    ]
}

/// Attacks of a slider on `sq` along `dirs`, stopping at (and including) the first blocker.
pub(crate) const fn slide(sq: i32, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f, r) {
            let s = r * 8 + f;
            attacks |= 1 << s;
            if occ & (1 << s) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `sq`: its rays without the board edge.
pub(crate) const fn relevant_mask(sq: i32, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f + df, r + dr) {
            mask |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

pub(crate) const ROOK_MAGICS: [u64; 64] = [
    0x1b80002440001082,
    0x0640081002200040,
    0x8100081020004100,
    0x0200042012004008,
    0x2600200802001084,
    0x8100020100080400,
    0x0400011020a20804,
    0x020012004081002c,
    0x0402002200408104,
    0x1108802000884000,
    0x30020010804a0022,
    0x1002002012000840,
    0x0005003004080100,
    0x0242000200110804,
    0x0002000c12002948,
    0x0001000040820100,
    0x4000208000400080,
    0x142000c001403000,
    0x0880110041042000,
    0x0001010010002008,
    0x0048008008800400,
    0x002a008002040080,
    0x0060010100020004,
    0x0048020031448401,
    0x8000400080008021,
    0x0040500040002000,
    0x290a044200128023,
    0x2808000880100082,
    0x0000040080800800,
    0x0037020080800400,
    0x9800014400500208,
    0x12100c020010a441,
    0x0040804000800020,
    0x800040820a002100,
    0x0800100080802000,
    0x0400080080801000,
    0x0080800400800800,
    0x0400040080800200,
    0x0044288204003041,
    0x0008008402000041,
    0x0400400080208010,
    0x4080200040008080,
    0x4031002008410012,
    0x4000100008008080,
    0x0000040801010010,
    0x0201000400490022,
    0x0020020004010100,
    0x2004104081020004,
    0x4000410830800100,
    0x6008211080400100,
    0x2440802000100080,
    0x0000100008008080,
    0x0005001008000500,
    0x0200020004008080,
    0x0200100251880400,
    0x0010110048842a00,
    0x8300800109502041,
    0x0100201100804001,
    0x0800104008200101,
    0x0040201000080501,
    0xc0a1000208000411,
    0x0001000400020803,
    0x028030080a048544,
    0x0810110840840c26,
];
pub(crate) const BISHOP_MAGICS: [u64; 64] = [
    0x4148016404040821,
    0xa808088104042200,
    0x521084004040880c,
    0x0004040084100200,
    0x0004042040000000,
    0x0001040240480000,
    0xe00202c42c400020,
    0x0002088044022000,
    0x680d200810014040,
    0xa000e01802d100c0,
    0x80001008c2004801,
    0x8400880a00221500,
    0x0880020210002d00,
    0x4100124120200040,
    0x01000a0a10429848,
    0x0100010082100202,
    0x8040011010418104,
    0x000400206800d100,
    0x004408020c001200,
    0x2308080420401000,
    0x0401040820080080,
    0x0224088201010800,
    0x0000850048080800,
    0x0244400201240130,
    0x209015006aa00404,
    0x0001100104440802,
    0x00040c0002012400,
    0x0002008060100440,
    0x1800840010802000,
    0x2001020201004100,
    0x0001050400481802,
    0x0422008002006130,
    0x0904100400082022,
    0x000a022020023800,
    0x0814040200010200,
    0x0440020080480080,
    0x0010508020020200,
    0x0428010500081046,
    0x40020801020200c0,
    0x1081020080020054,
    0x0100886010000884,
    0x8022009208002180,
    0x2000921090080800,
    0x0028004208000080,
    0x0400010214001201,
    0x0001900902000040,
    0x34103c0104200040,
    0x080c210411000220,
    0x0a3c20a410380090,
    0x0001040092181004,
    0x21020424041200a0,
    0x00a0220842022000,
    0x40004010c20201a0,
    0x0940040830210011,
    0x2410020228020280,
    0x0020640088810000,
    0x8c00442084104000,
    0x0000011108022200,
    0x0049200202096400,
    0x200c800201040900,
    0x1820004104208200,
    0x0280002204100080,
    0x0c0042a842308200,
    0x0604080089060200,
];

/// Size of the rook part of the shared sliding-attack table (sum of 2^bits over all squares).
pub(crate) const ROOK_TABLE_SIZE: usize = 102_400;
/// Size of the bishop part.
pub(crate) const BISHOP_TABLE_SIZE: usize = 5_248;
/// Rook and bishop entries share one table, padded to a power of two so that masking an index
/// proves it in bounds (no bounds check on the hot path).
pub(crate) const TABLE_SIZE: usize = 1 << 17;

/// `(mask, magic, shift, offset)` of every square, for the given directions and numbers; offsets
/// start at `start` and grow by 2^bits.
pub(crate) const fn magic_entries(
    dirs: &[(i32, i32); 4],
    numbers: &[u64; 64],
    start: usize,
) -> [(u64, u64, u32, usize); 64] {
    let mut out = [(0u64, 0u64, 0u32, 0usize); 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq as i32, dirs);
        let bits = mask.count_ones();
        out[sq] = (mask, numbers[sq], 64 - bits, offset);
        offset += 1 << bits;
        sq += 1;
    }
    out
}
