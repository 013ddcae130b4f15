//! The move-token parser and resolver in every letter set, on arbitrary text against a few
//! positions: never panics, and a resolved move is legal.
#![no_main]
use libfuzzer_sys::fuzz_target;
use scoresheet::board::Position;
use scoresheet::notation::{LetterSet, Policy, WrittenMove};

const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2P5/8/3pP3/8/8/8/K6k w - d6 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let positions: Vec<Position> = FENS
        .iter()
        .filter_map(|f| Position::from_fen(f).ok())
        .collect();
    for letters in LetterSet::all() {
        if let Ok(written) = WrittenMove::parse(text, letters) {
            for pos in &positions {
                for policy in [Policy::Lenient, Policy::Strict] {
                    if let Ok(resolved) = written.resolve(pos, policy) {
                        assert!(pos.is_legal(&resolved.mv));
                    }
                }
            }
        }
    }
});
