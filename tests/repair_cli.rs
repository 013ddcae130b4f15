//! `scoresheet repair` end to end on PGN input: the PGN reader reads it, so tags, comments and
//! variations are not taken for moves, and a FEN tag is where the game starts.

mod common;

use std::path::PathBuf;

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/repair")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn repair(args: &[&str]) -> (i32, String, String) {
    common::run_cli(&[&["repair"], args].concat())
}

#[test]
fn pgn_mainline_is_repaired_from_its_fen_with_its_tags() {
    let file = fixture("pgn-with-fen-and-variation.pgn");
    let (code, out, err) = repair(&[&file]);
    assert_eq!(code, 0, "{out}{err}");
    // The tags and the start position are kept, the result too (the whole sheet reads).
    assert!(out.contains("[White \"Novak\"]"), "{out}");
    assert!(
        out.contains("[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]"),
        "{out}"
    );
    // The variation (3... Nf6 4. O-O) is not part of the sheet; the two OCR slips are mended.
    assert!(
        out.contains("3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 1-0"),
        "{out}"
    );
    assert!(err.contains("2 corrections"), "{err}");
    assert!(err.contains("Bad        Ba4"), "{err}");
    assert!(err.contains("Rel        Re1"), "{err}");
}

#[test]
fn pgn_json_places_count_from_the_fen_start() {
    let file = fixture("pgn-with-fen-and-variation.pgn");
    let (code, out, err) = repair(&[&file, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let first = &v["corrections"][0];
    assert_eq!(first["written"], "Bad");
    assert_eq!(first["move_number"], 4);
    assert_eq!(first["side"], "white");
    assert_eq!(first["line"], 8);
    assert_eq!(v["uci"][0], "f1b5");
}
