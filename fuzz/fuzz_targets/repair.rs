//! `repair` on arbitrary text as a scoresheet, in a letter set chosen by the first byte, with a
//! small beam: never panics, ends, and the game it returns is legal from the start position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, repair_two, RepairOptions, Sheet};

/// Longer inputs only make runs slower: a sheet of 2 KB already holds a full game.
const MAX_INPUT: usize = 2048;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    if rest.len() > MAX_INPUT {
        return;
    }
    let text = String::from_utf8_lossy(rest);
    let all = LetterSet::all();
    let Some(letters) = all.get(usize::from(first >> 1) % all.len().max(1)) else {
        return;
    };
    let mut options = RepairOptions::new(letters);
    options.beam = 4;
    let check = |r: &scoresheet::reconstruct::Repair| {
        let mut pos = r.start.clone();
        for mv in &r.moves {
            assert!(pos.is_legal(mv), "repair returned an illegal move");
            pos.play(mv);
        }
        assert_eq!(r.uci.len(), r.moves.len());
        assert_eq!(r.san.len(), r.moves.len());
        assert!(r.cost >= 0.0, "negative cost {}", r.cost);
    };
    if first & 1 == 1 {
        // Two sheets of the same game: the text split at its first '|'.
        let (a, b) = text.split_once('|').unwrap_or((&text, ""));
        check(&repair_two(&Sheet::read(a), &Sheet::read(b), &options));
    } else {
        check(&repair(&Sheet::read(&text), &options));
    }
});
