//! `check` on arbitrary bytes (any encoding, any compression magic): never panics, and reports
//! at least one game for any input that is not blank.
#![no_main]
use libfuzzer_sys::fuzz_target;
use scoresheet::batch::{check, CheckOptions, Input, Options};

fuzz_target!(|data: &[u8]| {
    let input = Input::Memory {
        name: "fuzz".into(),
        bytes: data.into(),
    };
    let options = CheckOptions {
        json: data.first().is_some_and(|b| b & 1 == 1),
        uci: true,
        engine: Options {
            threads: 1,
            batch_bytes: 64,
        },
        ..CheckOptions::default()
    };
    let mut out = Vec::new();
    let summary =
        check(&[input], &options, &mut out, &mut std::io::sink()).expect("writing to memory");
    let compressed = [
        &[0x28, 0xb5, 0x2f, 0xfd][..],
        &[0x1f, 0x8b],
        b"BZh",
        &[0xff, 0xfe],
        &[0xfe, 0xff],
    ]
    .iter()
    .any(|magic| data.starts_with(magic));
    if !compressed
        && std::str::from_utf8(data).is_ok()
        && data.iter().any(|b| !b.is_ascii_whitespace())
    {
        // Text that is not blank is a game, a broken game or stray text: each is reported.
        assert!(summary.games >= 1);
        assert!(summary.failed_inputs.is_empty());
        assert_eq!(
            summary.games,
            summary.ok + summary.errors + summary.unsupported
        );
    }
});
