//! `scoresheet repair` end to end on PGN input: the PGN reader reads it, so tags, comments and
//! variations are not taken for moves, a FEN tag is where the game starts, and what was written
//! with each move word comes back with the move it was read as.

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
    // The variation (3... Nf6 4. O-O) and the comment are not part of the sheet, and stay where
    // they were written; the two OCR slips are mended.
    assert!(
        out.contains(
            "3. Bb5 {the Spanish} 3... a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5\n1-0"
        ),
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

#[test]
fn pgn_comments_glyphs_and_variations_stay_with_their_moves() {
    let file = fixture("pgn-comments-and-slips.pgn");
    let (code, out, err) = repair(&[&file]);
    assert_eq!(code, 0, "{out}{err}");
    let movetext: String = out
        .lines()
        .skip_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    // The comment before the first move, a clock comment, a glyph with a comment, a Czech
    // variation rewritten in English (the illegal one is left out and said so), the comment of
    // a word written twice (skipped) on the move before it, and a comment on a mended word.
    for expected in [
        "{Typed in from White's sheet.} 1. e4 {[%clk 1:30:00]} 1... e5 2. Nf3 Nc6",
        "3. Bb5 $1 {the Spanish} 3... a6 (3... Nf6 4. O-O Nxe4) 4. Ba4",
        "4. Ba4 {(written after the word 'Sa4' at 7:71, which was not read as a move) written twice} 4... Nf6",
        "6. Re1 {six} 6... b5",
        "9. h3 1-0",
    ] {
        assert!(movetext.contains(expected), "{expected}\nnot in\n{movetext}");
    }
    assert!(!movetext.contains("Ke6"), "{movetext}");
    assert!(
        err.contains("1 variation(s) not legal in the repaired game, left out"),
        "{err}"
    );
    assert!(
        err.contains("ply_duplicate") && err.contains("char_lookalike"),
        "{err}"
    );
}
