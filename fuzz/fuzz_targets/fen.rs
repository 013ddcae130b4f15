//! The FEN reader on arbitrary text: never panics, and what it accepts writes back to a FEN
//! that reads to the same position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use scoresheet::board::{MoveList, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Position::from_fen(text) {
        let again = Position::from_fen(&pos.to_fen()).expect("a written FEN reads back");
        assert_eq!(again.to_fen(), pos.to_fen());
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for m in &moves {
            let mut next = pos.clone();
            next.play(m);
        }
    }
});
