//! Every file in `../shared/data/encodings/` reads to the same three games, and the detected
//! encoding is the one the file name says.

use scoresheet::encoding::{decode, DecodingReader, Encoding};
use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::{Game, Reader};
use std::path::Path;

fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/encodings")
}

/// Every file of the encodings folder, with the encoding its name says.
const CASES: [(&str, Encoding); 6] = [
    ("central-european.utf8.pgn", Encoding::Utf8),
    ("central-european.utf8-bom.pgn", Encoding::Utf8Bom),
    ("central-european.utf16le-bom.pgn", Encoding::Utf16Le),
    ("central-european.windows-1250.pgn", Encoding::Windows1250),
    ("central-european.iso-8859-2.pgn", Encoding::Iso8859_2),
    ("central-european.cp852.pgn", Encoding::Cp852),
];

fn games(text: &str) -> Vec<Game> {
    Game::read_all(text.as_bytes())
        .into_iter()
        .map(|r| r.unwrap())
        .collect()
}

#[test]
fn every_encoding_reads_to_the_same_three_games() {
    let reference = std::fs::read_to_string(dir().join("central-european.utf8.pgn")).unwrap();
    let expected = games(&reference);
    assert_eq!(expected.len(), 3);
    assert_eq!(expected[0].tag("White"), Some("Šťastný, Řehoř"));
    assert_eq!(expected[1].tag("White"), Some("Ďurčová, Ľubica"));
    assert_eq!(expected[2].tag("Black"), Some("Ćosić, Željko"));
    for (name, enc) in CASES {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        let d = decode(&bytes, None);
        assert_eq!(d.encoding, enc, "{name}");
        assert!(!d.had_errors, "{name}");
        assert_eq!(games(&d.text), expected, "{name}");
        // The streaming path: decoding reader under the streaming PGN reader.
        let dec = DecodingReader::new(&bytes[..], None).unwrap();
        assert_eq!(dec.encoding(), enc, "{name}");
        let mut r = Reader::new(dec);
        let mut b = GameBuilder::default();
        let streamed: Vec<Game> = std::iter::from_fn(|| r.read_game(&mut b))
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(streamed, expected, "{name} (streamed)");
        // Locations count characters of the decoded text: the same in every encoding.
        for (a, b) in streamed.iter().zip(&expected) {
            let at = |g: &Game| {
                g.mainline
                    .moves
                    .iter()
                    .map(|m| (m.at.line, m.at.column))
                    .collect::<Vec<_>>()
            };
            assert_eq!(at(a), at(b), "{name}");
        }
    }
}

#[test]
fn an_explicit_encoding_overrides_the_guess() {
    let bytes = std::fs::read(dir().join("central-european.windows-1250.pgn")).unwrap();
    let d = decode(&bytes, Some(Encoding::Cp852));
    assert_eq!(d.encoding, Encoding::Cp852);
    assert!(!d.text.contains("Šťastný"));
}

#[test]
fn decomposed_input_comes_out_composed() {
    let d = decode("[White \"S\u{30C}t\u{30C}astny\u{301}\"]".as_bytes(), None);
    assert_eq!(d.text, "[White \"Šťastný\"]");
}

/// A reader that hands out at most 7 bytes per call.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(buf.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn decoding_reader_streams_long_inputs_in_small_pieces() {
    use std::io::Read;
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!(
            "[White \"Šťastný, Řehoř {i}\"]\n1. e4 c5 2. Jf3 d6 *\n\n"
        ));
    }
    assert!(text.len() > 150_000);
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(|u| u.to_le_bytes()))
        .collect();
    let (win1250, _, _) = encoding_rs::WINDOWS_1250.encode(&text);
    let mut utf8_bom = b"\xEF\xBB\xBF".to_vec();
    utf8_bom.extend_from_slice(text.as_bytes());
    for (bytes, enc) in [
        (utf16, Encoding::Utf16Le),
        (win1250.into_owned(), Encoding::Windows1250),
        (utf8_bom, Encoding::Utf8Bom),
    ] {
        let mut r = DecodingReader::new(Trickle(&bytes), None).unwrap();
        assert_eq!(r.encoding(), enc);
        let mut out = String::new();
        r.read_to_string(&mut out).unwrap();
        assert!(out == text, "{enc}");
    }
}

/// `check` and `clean` read every file of the shared encodings folder to its three games,
/// whether the encoding is detected or named, UTF-16 too: the input is transcoded from UTF-16
/// when it is opened, and a game read again as UTF-16 was garbage (before, naming
/// `--encoding utf-16le` broke every game of a UTF-16 file).
#[test]
fn bulk_commands_read_every_encoding_detected_or_named() {
    use scoresheet::batch::{check, clean, CheckOptions, CleanOptions, CleanOutputs, Input};
    let scratch = std::env::temp_dir().join(format!("scoresheet-enc-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for (name, enc) in CASES {
        for chosen in [None, Some(enc)] {
            let input = [Input::Path(dir().join(name))];
            let options = CheckOptions {
                encoding: chosen,
                ..CheckOptions::default()
            };
            let summary = check(&input, &options, &mut Vec::new(), &mut Vec::new()).unwrap();
            assert_eq!((summary.games, summary.ok), (3, 3), "{name} {chosen:?}");
            // Each game's JSON names the input's encoding (a UTF-16 file's games were said to
            // be UTF-8: the input is transcoded when opened).
            let json = CheckOptions {
                json: true,
                ..options
            };
            let mut out = Vec::new();
            check(&input, &json, &mut out, &mut Vec::new()).unwrap();
            let out = String::from_utf8(out).unwrap();
            // (A UTF-8 game after a byte-order mark is `UTF-8 (BOM)` where that is named.)
            let said = match enc {
                Encoding::Utf8Bom => "\"encoding\":\"UTF-8".to_owned(),
                other => format!("\"encoding\":\"{other}\""),
            };
            assert_eq!(out.matches(&said).count(), 3, "{name} {chosen:?}: {out}");
            let outputs = CleanOutputs::new(scratch.join("out.pgn"), None);
            let options = CleanOptions {
                encoding: chosen,
                ..CleanOptions::default()
            };
            let report = clean(&input, &outputs, &options).unwrap();
            assert_eq!((report.read, report.written), (3, 3), "{name} {chosen:?}");
            let out = std::fs::read_to_string(&outputs.out).unwrap();
            assert!(out.contains("Šťastný, Řehoř"), "{name} {chosen:?}: {out}");
        }
    }
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// Russian games in Windows-1251 are read as Cyrillic (before: as Windows-1250, `Ęŕńďŕđîâ` for
/// Каспаров), the moves in Russian letters too; Central European files that read as Cyrillic
/// letters in 1251 too (every byte from 0xC0 is one there) are not taken for it.
#[test]
fn cyrillic_in_windows_1251_is_told_from_central_european() {
    let text = "[Event \"Чемпионат СССР\"]\n[White \"Каспаров, Гарри\"]\n\
                [Black \"Карпов, Анатолий\"]\n[Result \"*\"]\n\n1. e4 e5 2. Kf3 Kc6 3. Cb5 *\n";
    let (bytes, _, lossy) = encoding_rs::WINDOWS_1251.encode(text);
    assert!(!lossy);
    let d = decode(&bytes, None);
    assert_eq!(d.encoding, Encoding::Windows1251);
    assert_eq!(d.text, text);
    assert_eq!("cp1251".parse::<Encoding>(), Ok(Encoding::Windows1251));
    let sheet = "Белые: Каспаров\nЧерные: Карпов\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 *\n";
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(sheet);
    let out = scoresheet::notation::sheet::convert_bytes(
        &bytes,
        "r.txt",
        &scoresheet::notation::sheet::ConvertOptions::default(),
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.text.contains("[White \"Каспаров\"]"), "{}", out.text);
    assert!(out.text.contains("3. Bb5 a6 *"), "{}", out.text);
    for file in ["windows-1250", "iso-8859-2", "cp852"] {
        let bytes = std::fs::read(dir().join(format!("central-european.{file}.pgn"))).unwrap();
        assert_ne!(
            decode(&bytes, None).encoding,
            Encoding::Windows1251,
            "{file}"
        );
    }
}
