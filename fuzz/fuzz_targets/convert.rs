//! `convert` on arbitrary text as a move list (or PGN, where it looks like PGN), in the letter
//! set the first byte picks (even bytes: `LetterSet::all()[byte / 2]`; odd bytes: detected), to
//! the output form the first byte's low bits pick: never panics (the move-list reader slices the
//! text by the words it finds, numbers, commas and clock times cut off them), and each error
//! names a line of the text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use scoresheet::notation::sheet::{convert_text, ConvertOptions, FromLetters, Notation};
use scoresheet::notation::LetterSet;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let from = match LetterSet::all().get(usize::from(first >> 1)) {
        Some(set) if first & 1 == 0 => FromLetters::Set(set.clone()),
        _ => FromLetters::Auto(Vec::new()),
    };
    let notation = match first & 6 {
        0 => Notation::Pgn,
        2 => Notation::Fide,
        4 => Notation::Uci,
        _ => Notation::Long,
    };
    let options = ConvertOptions {
        from,
        notation,
        ..ConvertOptions::default()
    };
    let out = convert_text(text, "fuzz", &options);
    // A lone CR ends a line too (old Mac files): at most one line per CR or LF, and one more.
    let lines = text.bytes().filter(|&b| b == b'\n' || b == b'\r').count() + 1;
    for e in &out.errors {
        assert!(e.line >= 1 && e.line <= lines + 1, "{e}");
    }
});
