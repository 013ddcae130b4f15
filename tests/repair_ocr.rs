//! The model game of the Laws' notation appendix, as the OCR'd Slovak 2018 text prints it
//! (`Jed` for Je4, `Kbl` for Kb1, `Sclg5` for Sc1g5, `ede5` for e4e5, the word `alebo:`),
//! reconstructs to exactly the game in `model-game-expected.pgn`, with every correction listed.

use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, Repair, RepairOptions, Sheet};

fn data(name: &str) -> String {
    let path = format!(
        "{}/../shared/data/scoresheets/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The expected game's moves in SAN, read from the PGN's movetext.
fn expected_san() -> Vec<String> {
    let pgn = data("model-game-expected.pgn");
    let movetext: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = Vec::new();
    let mut in_comment = false;
    for w in movetext.split_whitespace() {
        if w == "{" || w.starts_with('{') {
            in_comment = !w.ends_with('}');
            continue;
        }
        if in_comment {
            in_comment = !w.ends_with('}');
            continue;
        }
        if w.ends_with('.') || w == "*" {
            continue;
        }
        out.push(w.to_owned());
    }
    out
}

fn repair_file(name: &str) -> Repair {
    let sheet = Sheet::read(&data(name));
    repair(
        &sheet,
        &RepairOptions::new(LetterSet::by_code("sk").unwrap()),
    )
}

fn corrections(r: &Repair) -> Vec<(String, String, &'static str)> {
    r.corrections
        .iter()
        .map(|c| {
            (
                c.written.clone().unwrap_or_default(),
                c.read_as.clone().unwrap_or_default(),
                c.kind,
            )
        })
        .collect()
}

#[test]
fn expected_game_has_twenty_one_plies() {
    assert_eq!(expected_san().len(), 21);
}

#[test]
fn short_ocr_sheet() {
    let r = repair_file("sk-2018-model-game-short-ocr.txt");
    assert_eq!(r.san, expected_san(), "{r}");
    assert_eq!(
        corrections(&r),
        [
            ("Jed".into(), "Je4".into(), "char_lookalike"),
            ("Kbl".into(), "Kb1".into(), "char_lookalike"),
        ],
        "{r}"
    );
    assert!(r.alternatives.is_empty() && r.stop.is_none(), "{r}");
    assert_eq!(r.to_pgn(), data("model-game-expected.pgn"));
}

#[test]
fn long_ocr_sheet() {
    let r = repair_file("sk-2018-model-game-long-ocr.txt");
    assert_eq!(r.san, expected_san(), "{r}");
    assert_eq!(
        corrections(&r),
        [
            ("alebo:".into(), "".into(), "garbage_word"),
            ("ede5".into(), "e5".into(), "char_lookalike"),
            ("Jf6ed".into(), "Je4".into(), "char_lookalike"),
            ("Sclg5".into(), "Sg5".into(), "char_lookalike"),
            ("Kclbl".into(), "Kb1".into(), "char_lookalike"),
        ],
        "{r}"
    );
    assert!(r.alternatives.is_empty() && r.stop.is_none(), "{r}");
    assert_eq!(r.to_pgn(), data("model-game-expected.pgn"));
}

#[test]
fn abbreviated_ocr_sheet() {
    let r = repair_file("sk-2018-model-game-abbreviated-ocr.txt");
    assert_eq!(r.san, expected_san(), "{r}");
    assert_eq!(
        corrections(&r),
        [("alebo:".into(), "".into(), "garbage_word")],
        "{r}"
    );
    assert!(r.alternatives.is_empty() && r.stop.is_none(), "{r}");
    assert_eq!(r.to_pgn(), data("model-game-expected.pgn"));
}

#[test]
fn clean_sheets_need_no_correction() {
    for name in [
        "sk-2005-model-game.txt",
        "cs-2014-model-game-short.txt",
        "cs-2014-model-game-abbreviated.txt",
    ] {
        let r = repair_file(name);
        assert_eq!(r.san, expected_san(), "{name}: {r}");
        assert!(r.corrections.is_empty(), "{name}: {r}");
        assert_eq!(r.confidence, 1.0);
    }
}
