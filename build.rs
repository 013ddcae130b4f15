//! Precomputes the magic-bitboard sliding-attack table (1 MiB) into `$OUT_DIR/sliding.bin`.
//!
//! The geometry and the magic numbers are shared with the library (`src/board/geometry.rs`);
//! interpreting this in `const fn` would cost seconds of compile time on every rebuild, while a
//! build script runs once. A magic number that maps two different attack sets to one entry
//! fails the build.

#![allow(dead_code)]

include!("src/board/geometry.rs");

fn fill(table: &mut [u64], dirs: &[(i32, i32); 4], numbers: &[u64; 64], start: usize) {
    for (sq, &(mask, magic, shift, offset)) in
        magic_entries(dirs, numbers, start).iter().enumerate()
    {
        let mut subset = 0u64;
        loop {
            let attacks = slide(sq as i32, subset, dirs);
            let i = offset + (subset.wrapping_mul(magic) >> shift) as usize;
            if table[i] == 0 {
                table[i] = attacks;
            } else if table[i] != attacks {
                panic!("magic number {magic:#x} for square {sq} maps two attack sets to one entry");
            }
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/board/geometry.rs");
    let mut table = vec![0u64; TABLE_SIZE];
    fill(&mut table, &ROOK_DIRS, &ROOK_MAGICS, 0);
    fill(&mut table, &BISHOP_DIRS, &BISHOP_MAGICS, ROOK_TABLE_SIZE);
    const { assert!(ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE <= TABLE_SIZE) };
    let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("sliding.bin"), bytes).expect("cannot write sliding.bin");
}
