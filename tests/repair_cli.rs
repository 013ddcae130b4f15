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

#[test]
fn every_game_of_a_pgn_file_is_repaired_and_one_that_cannot_be_is_said_so() {
    let file = fixture("several-games.pgn");
    let (code, out, err) = repair(&[&file, "--notation", "san"]);
    // The second game's FEN tag has no kings: it is reported, the other two are repaired, and
    // the exit code says not every game was.
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(
        out,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0\n\n\
         1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 0-1\n"
    );
    assert!(
        err.contains("several-games.pgn (game 1): read in letters: cs; 14 plies; 2 corrections"),
        "{err}"
    );
    assert!(
        err.contains("(game 2): not repaired: 12:1: FEN tag"),
        "{err}"
    );
    assert!(
        err.contains("(game 3): read in letters: cs; 14 plies; 1 correction;"),
        "{err}"
    );
    assert!(err.contains("Vcl        Vc1"), "{err}");

    // As JSON: an array, one object per game with its index, the unrepairable one an error.
    let (code, out, err) = repair(&[&file, "--json"]);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let games = v
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {out}"));
    assert_eq!(games.len(), 3);
    assert_eq!(games[0]["index"], 1);
    assert_eq!(games[0]["corrections"][0]["written"], "Sad");
    assert!(games[0]["game"]
        .as_str()
        .is_some_and(|g| g.contains("[White \"Novák\"]")));
    assert_eq!(games[1]["index"], 2);
    assert!(
        games[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("FEN tag")),
        "{out}"
    );
    assert_eq!(games[2]["uci"][12], "a1c1");
    assert_eq!(games[2]["variations_dropped"], 0);
}

#[test]
fn a_sheet_saved_in_windows_1250_is_read() {
    // A Czech move list with a comment in Windows-1250 ("výborně, šach"), as `convert` reads it.
    let file = fixture("windows-1250-sheet.txt");
    let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the fixture must not be UTF-8"
    );
    let (code, out, err) = repair(&[&file, "--notation", "uci"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5"),
        "{out}"
    );
    assert!(
        err.contains("1 correction;") && err.contains("Vel        Ve1"),
        "{err}"
    );
}

#[test]
fn a_clean_sheet_costs_nothing_and_says_so_without_a_sign() {
    let file = fixture("several-games.pgn");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let clean = text.replace("Sad", "Sa4").replace("Vel", "Ve1");
    let first = clean.split("\n\n[").next().unwrap_or_default().to_owned();
    let scratch = common::Scratch::new("repair-clean");
    let path = scratch.0.join("clean.pgn");
    std::fs::write(&path, first).unwrap_or_else(|e| panic!("{e}"));
    let (code, out, err) = repair(&[&path.to_string_lossy()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("0 corrections; total cost 0.00; confidence 1.000"),
        "{err}"
    );
}

/// `repair --with`: both players' sheets of one game, each with a ply left out; the JSON lists
/// each sheet's invented move with its sheet, and the two places the sheets disagree.
#[test]
fn two_sheets_json_marks_each_correction_with_its_sheet() {
    let white = fixture("two-sheets-white.txt");
    let black = fixture("two-sheets-black.txt");
    let (code, out, err) = repair(&[&white, "--with", &black, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let invented: Vec<(u64, u64, &str)> = v["corrections"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["kind"] == "ply_missing")
        .map(|c| {
            (
                c["ply"].as_u64().unwrap_or(0),
                c["sheet"].as_u64().unwrap_or(0),
                c["read_as"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(invented, [(35, 1, "Sh4"), (42, 2, "Kf7")], "{out}");
    let followed: Vec<&str> = v["disagreements"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["followed"].as_str())
        .collect();
    assert_eq!(followed, ["second", "first"], "{out}");
}

/// Czech sheets that read legally to the end in no letter set (a skipped ply, two plies swapped,
/// an English N) are read in Czech letters when none are given: the letters the words use tell,
/// not how far each set reads before the first slip (before, all three were read in English,
/// every J and S a correction).
#[test]
fn letters_of_a_faulty_sheet_are_the_ones_its_words_use() {
    for (name, corrections) in [
        // The missing 1...e5 only: `2.` and `3.` are in step once it is put in (they were
        // charged as numbers out of step too).
        ("skipped-ply.txt", "1 correction;"),
        ("swapped-plies.txt", "1 correction;"),
        ("english-n-in-czech.txt", "1 correction;"),
    ] {
        let (code, out, err) = repair(&[&fixture(name)]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(err.contains("read in letters: cs;"), "{name}: {err}");
        assert!(err.contains(corrections), "{name}: {err}");
    }
}

/// A Czech sheet typed with its piece letters in lower case (`jf3`, `sb5`) is read in Czech
/// letters, each lower-case letter a correction of its case; before, no set's capitals were
/// used, English was taken, and the game read was another (`2. f3 c6 3. Bb5 a6 4. a4 f6`,
/// confidence 0.39).
#[test]
fn a_sheet_typed_with_lower_case_piece_letters_is_read_in_its_letters() {
    let dir = std::env::temp_dir().join(format!("scoresheet-lower-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lower.txt");
    std::fs::write(&file, "1. e4 e5 2. jf3 jc6 3. sb5 a6 4. sa4 jf6\n").unwrap();
    let (code, out, err) = repair(&[&file.to_string_lossy()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("read in letters: cs; 8 plies; 5 corrections"),
        "{err}"
    );
    assert!(out.contains("2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6"), "{out}");
}

/// `--to` with a form that is not written in letters (PGN here) says so on stderr instead of
/// leaving the English output unexplained; with the Laws' short form it applies, silently.
#[test]
fn letters_the_form_does_not_use_are_noted() {
    let file = fixture("skipped-ply.txt");
    let (code, out, err) = repair(&[&file, "--to", "fr"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("note: --to fr does not change --notation pgn"),
        "{err}"
    );
    assert!(out.contains("2. Nf3 Nc6"), "{out}");
    let (code, out, err) = repair(&[&file, "--to", "fr", "--notation", "fide"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!err.contains("note:"), "{err}");
    assert!(out.contains("2. Cf3 Cc6"), "{out}");
}

/// A typed sheet with a head (`Bílý: Novák, Jan`, `Kolo: 3`, `Datum: 14. 11. 2026`), castling
/// written with spaces (`0 - 0`) and the result too (`½ - ½`): read as written, no correction,
/// the head's details as tags and the result kept. Before, the head's words were skipped at a
/// cost, both castlings were dropped (a different game, 22 plies, 27 corrections) and the result
/// was written `*`.
#[test]
fn a_sheets_head_spaced_castling_and_result_are_read() {
    let file = fixture("head-and-spaced-castling.txt");
    let (code, out, err) = repair(&[&file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("24 plies; 0 corrections"), "{err}");
    for tag in [
        "[Event \"Přebor Prahy 2026\"]",
        "[Date \"2026.11.14\"]",
        "[Round \"3\"]",
        "[White \"Novák, Jan\"]",
        "[Black \"Svoboda, Petr\"]",
        "[Result \"1/2-1/2\"]",
    ] {
        assert!(out.contains(tag), "{tag}\n{out}");
    }
    assert!(out.contains("8. O-O\nO-O 9. Be3"), "{out}");
    assert!(out.trim_end().ends_with("12. a5 Qc7 1/2-1/2"), "{out}");
}

#[test]
fn a_sheet_of_two_columns_typed_row_by_row_is_repaired_in_the_order_of_its_numbers() {
    // Moves 1-30 left, 31-44 right, typed row by row; a slip in each column (3... Jf5 for Jf6,
    // 37... De3 for De4). Read in the order written (as before), the rows gave a different game
    // of 90 plies with 73 corrections and confidence 0.002; by their numbers they are the
    // game, with both slips found where they are written.
    let file = fixture("two-columns-with-slips.txt");
    let (code, out, err) = repair(&[&file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("88 plies; 2 corrections"), "{err}");
    assert!(
        err.contains("Jf5        Jf6") && err.contains("(line 6, column 8)"),
        "{err}"
    );
    assert!(
        err.contains("De3        De4") && err.contains("(line 10, column 33)"),
        "{err}"
    );
    assert!(out.contains("[White \"Adams, Michael\"]"), "{out}");
    assert!(out.contains("30. Qxc2 f4 31. Bd3 fxg3+"), "{out}");
    assert!(out.trim_end().ends_with("44. Nb7 Re6 0-1"), "{out}");
}

/// `repair --with`: the other sheet's head fills in the tags the first one lacks, and its
/// result stands in for one the first does not write; two different results are written `*`
/// with a note. Before, the other sheet's head and result were not looked at.
#[test]
fn two_sheets_heads_and_results_are_combined() {
    let scratch = common::Scratch::new("repair-two-heads");
    let sheet = std::fs::read_to_string(fixture("head-and-spaced-castling.txt")).unwrap();
    // The moves of that sheet without its head and result: 24 plies, no slip.
    let moves = sheet.split("\n\n").nth(1).unwrap().replace("½ - ½", "");
    let white = scratch.0.join("white.txt");
    let black = scratch.0.join("black.txt");
    let write = |path: &std::path::Path, head: &str, result: &str| {
        std::fs::write(path, format!("{head}\n\n{moves}{result}\n")).unwrap();
    };
    write(&white, "Bílý: Novák, Jan   Černý: Svoboda, Petr", "");
    write(&black, "Turnaj: Přebor Prahy   Kolo: 2\nBílý: Novak", "1-0");
    let (w, b) = (white.to_string_lossy(), black.to_string_lossy());
    let (code, out, err) = repair(&[&w, "--with", &b]);
    assert_eq!(code, 0, "{out}{err}");
    for tag in [
        "[Event \"Přebor Prahy\"]",
        "[Round \"2\"]",
        "[White \"Novák, Jan\"]",
        "[Black \"Svoboda, Petr\"]",
        "[Result \"1-0\"]",
    ] {
        assert!(out.contains(tag), "{tag}\n{out}");
    }
    assert!(out.trim_end().ends_with("12. a5 Qc7 1-0"), "{out}");
    assert!(err.contains("24 plies; 0 corrections"), "{err}");
    assert!(!err.contains("different results"), "{err}");
    // The sheets disagree on the result: neither is taken.
    write(&white, "", "0-1");
    let (code, out, err) = repair(&[&w, "--with", &b]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("[Result \"*\"]"), "{out}");
    assert!(
        err.contains("the sheets give different results (0-1 here, 1-0 on the other sheet)"),
        "{err}"
    );
    // A sheet whose head and moves give different results has none of its own: alone it is
    // written `*`, with the other sheet the other's result stands; both say why.
    write(&white, "Výsledek: 1/2-1/2", "0-1");
    let (code, out, err) = repair(&[&w]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("[Result \"*\"]"), "{out}");
    assert!(
        err.contains(
            "the sheet's head gives the result 1/2-1/2, its moves end with 0-1: written *"
        ),
        "{err}"
    );
    let (code, out, err) = repair(&[&w, "--with", &b]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert!(
        err.contains("its moves end with 0-1: written 1-0 (the other sheet's)"),
        "{err}"
    );
}

/// `repair --with` reconciles the results and heads the same whichever sheet is PGN: a PGN game
/// first takes the other sheet's result where the two differ (`*`, with the note) and its tags;
/// a PGN game as the other sheet gives the result its movetext ends with where it has no
/// Result tag. Before, a PGN first sheet kept its own result, and a PGN other sheet without a
/// Result tag gave none.
#[test]
fn two_sheets_results_are_reconciled_when_one_is_pgn() {
    let scratch = common::Scratch::new("repair-two-pgn");
    let moves = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7";
    let pgn = scratch.0.join("white.pgn");
    std::fs::write(
        &pgn,
        format!("[Event \"Open\"]\n[White \"A\"]\n[Result \"1/2-1/2\"]\n\n{moves} 1/2-1/2\n"),
    )
    .unwrap();
    let lost = scratch.0.join("black.txt");
    std::fs::write(&lost, format!("Černý: B\n\n{moves} 0-1\n")).unwrap();
    let untagged = scratch.0.join("untagged.pgn");
    std::fs::write(&untagged, format!("[Event \"Open\"]\n\n{moves} 1/2-1/2\n")).unwrap();
    let bare = scratch.0.join("bare.txt");
    std::fs::write(&bare, format!("{moves}\n")).unwrap();
    let path = |p: &std::path::PathBuf| p.to_string_lossy().into_owned();
    for (first, other, result, note) in [
        (path(&pgn), path(&lost), "*", true),
        (path(&lost), path(&pgn), "*", true),
        (path(&bare), path(&untagged), "1/2-1/2", false),
        (path(&lost), path(&untagged), "*", true),
    ] {
        let (code, out, err) = repair(&[&first, "--with", &other]);
        assert_eq!(code, 0, "{first} {other}: {out}{err}");
        assert!(
            out.contains(&format!("[Result \"{result}\"]")),
            "{first} {other}: {out}"
        );
        assert!(
            out.trim_end().ends_with(&format!("Be7 {result}")),
            "{first} {other}: {out}"
        );
        assert_eq!(
            err.contains("the sheets give different results"),
            note,
            "{err}"
        );
    }
    // The PGN first sheet takes the tags only the other sheet has.
    let (_, out, _) = repair(&[&path(&pgn), "--with", &path(&lost)]);
    assert!(
        out.contains("[Black \"B\"]") && out.contains("[White \"A\"]"),
        "{out}"
    );
}

/// A forfeit word after the result is no move to skip at a cost: the sheet reads with no
/// correction and the game is marked `[Termination "forfeit"]`, as `convert` marks it.
#[test]
fn a_forfeit_word_after_the_result_is_no_correction() {
    let scratch = common::Scratch::new("repair-forfeit");
    let path = scratch.0.join("forfeit.txt");
    std::fs::write(
        &path,
        "Bílý: Dvořák   Černý: Suk\n1. e4 e5 2. Jf3 1-0 (kontumačně)\n",
    )
    .unwrap();
    let (code, out, err) = repair(&[&path.to_string_lossy()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("3 plies; 0 corrections"), "{err}");
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert!(out.contains("[Termination \"forfeit\"]"), "{out}");
}

/// Captures marked with a colon after the move (`Sf3:`, `ed:`) are moves, not words to skip
/// as `alebo:` is (before, every word ending in a colon was one): the sheet reads with one
/// correction only, the files-only pawn capture `ed:` (0.20, as `ed` costs), and a slip in
/// such a move is read as the capture meant.
#[test]
fn captures_marked_after_the_move_are_repaired() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/scoresheets/colon-after-captures.txt");
    let file = file.to_string_lossy();
    let (code, out, err) = repair(&[&file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("22 plies; 1 correction"), "{err}");
    assert!(err.contains("pawn_file_only"), "{err}");
    assert!(out.contains("8. Qxf3 e6 9. Bb5"), "{out}");
    let text = std::fs::read_to_string(&*file).unwrap();
    let slipped = text.replace("Dd5:", "Dd6:");
    assert_ne!(slipped, text);
    let dir = std::env::temp_dir().join(format!("scoresheet-colon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("slipped.txt");
    std::fs::write(&path, slipped).unwrap();
    let (code, out, err) = repair(&["--from", "cs", &path.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("Dd6:       Dxd5      rank_neighbour"), "{err}");
    assert!(!err.contains("garbage_word"), "{err}");
    assert!(out.contains("2. exd5 Qxd5 3. Nc3 Qa5"), "{out}");
}

/// A real game typed in the long form with spaces around its dashes and colons (`3. Jb1 – d2
/// Jg8 – f6`, `c5 : d4`), and the same game with a dash between White's and Black's moves
/// (`3. Jd2 – Jf6`): each is read as written, with no correction. Before, a dash alone was a
/// word to skip at a cost, and each part of a long-form move a move of its own (the long-form
/// sheet gave another game). A slip in a spaced move is reported at its place, as written.
#[test]
fn long_form_typed_with_spaces_and_dashes_between_moves_are_repaired() {
    let sheet = |name: &str| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/scoresheets")
            .join(name)
            .to_string_lossy()
            .into_owned()
    };
    for name in ["cs-long-form-spaced.txt", "cs-dashes-between-moves.txt"] {
        let (code, out, err) = repair(&[&sheet(name)]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(err.contains("88 plies; 0 corrections"), "{name}: {err}");
        assert!(out.contains("9. Bh3 cxd4 10. cxd4 O-O"), "{name}: {out}");
        assert!(out.trim_end().ends_with("44. Nb7 Re6 0-1"), "{name}: {out}");
    }
    let text = std::fs::read_to_string(sheet("cs-long-form-spaced.txt")).unwrap();
    let slipped = text.replace(
        "3. Jb1 \u{2013} d2   Jg8 \u{2013} f6",
        "3. Jb1 \u{2013} d2   Jg8 \u{2013} f5",
    );
    assert_ne!(slipped, text);
    let dir = std::env::temp_dir().join(format!("scoresheet-spaced-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("slipped.txt");
    std::fs::write(&file, slipped).unwrap();
    let (code, out, err) = repair(&[&file.to_string_lossy()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("88 plies; 1 correction"), "{err}");
    assert!(
        err.contains("Jg8 \u{2013} f5   Jf6") && err.contains("(line 8, column 15)"),
        "{err}"
    );
    // Every dash between squares: the legal reading is the one kept.
    let amb = dir.join("dashes.txt");
    std::fs::write(&amb, "1. e4 \u{2013} e5 2. d4 \u{2013} d5\n").unwrap();
    let (code, out, err) = repair(&[&amb.to_string_lossy()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("4 plies; 0 corrections"), "{err}");
    assert!(out.contains("1. e4 e5 2. d4 d5 *"), "{out}");
    // Sheets that read with nothing to correct: the summary and the game.
    let sheet_file = dir.join("sheet.txt");
    for (sheet, summary, game) in [
        // Dots or a dash alone after a number hold White's place: the number is Black's.
        (
            "1. e4 e5 2. Jf3\n2. ... Jc6 3. Sb5\n3. \u{2013} a6\n",
            "6 plies; 0 corrections",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
        ),
        // A dash after every number (Spanish books) is part of the numbers.
        (
            "1.-e4 e5 2.-Cf3 Cc6 3.-Ab5 a6\n",
            "read in letters: es; 6 plies; 0 corrections",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
        ),
        (
            "1. - e4 e5 2. - Cf3 Cc6 3. - Ab5 a6\n",
            "read in letters: es; 6 plies; 0 corrections",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
        ),
        // Black's number with its dash (`2...-Cc6`) is Black's.
        (
            "1.-e4 e5 2.-Cf3\n2...-Cc6 3.-Ab5 a6\n",
            "read in letters: es; 6 plies; 0 corrections",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
        ),
        // A promotion with its piece apart is one move.
        (
            "1. e4 d5 2. exd5 c6 3. dxc6 Jf6 4. cxb7 Jbd7 5. bxa8 = D e5\n",
            "10 plies; 0 corrections",
            "5. bxa8=Q e5 *",
        ),
        // A draw written as a word is the result, in the head or after the moves.
        (
            "Výsledek: remíza\n1. e4 e5 2. Jf3 Jc6\n",
            "4 plies; 0 corrections",
            "2. Nf3 Nc6 1/2-1/2",
        ),
        (
            "1. e4 e5 2. Jf3 Jc6 Remis\n",
            "4 plies; 0 corrections",
            "2. Nf3 Nc6 1/2-1/2",
        ),
        // A piece letter apart before a long-form move typed with spaces is one move with it.
        (
            "1. e2 - e4 d7 - d5\n2. e4 x d5 D d8 x d5\n3. J b1 - c3\n",
            "5 plies; 0 corrections",
            "1. e4 d5 2. exd5 Qxd5 3. Nc3 *",
        ),
        (
            "1. d4 - d5 2. J f3 - e6\n",
            "4 plies; 0 corrections",
            "1. d4 d5 2. Nf3 e6 *",
        ),
    ] {
        std::fs::write(&sheet_file, sheet).unwrap();
        let (code, out, err) = repair(&[&sheet_file.to_string_lossy()]);
        assert_eq!(code, 0, "{sheet}: {out}{err}");
        assert!(err.contains(summary), "{sheet}: {err}");
        assert!(out.contains(game), "{sheet}: {out}");
    }
    // White's move not written anywhere: one ply invented before the number, which is then in
    // step, as every number after it is (before, both numbers were charged as out of step).
    for held in ["2. \u{2013} Jc6", "2... Jc6", "2. ... Jc6"] {
        std::fs::write(&sheet_file, format!("1. e4 e5\n{held}\n3. Sb5 a6\n")).unwrap();
        let (code, out, err) = repair(&[&sheet_file.to_string_lossy()]);
        // Which move White played the sheet cannot tell: flagged, so the exit status is 1.
        assert_eq!(code, 1, "{out}{err}");
        assert!(err.contains("AMBIGUOUS"), "{err}");
        assert!(err.contains("6 plies; 1 correction"), "{held}: {err}");
        assert!(
            err.contains("ply_missing") && !err.contains("number_out_of_step"),
            "{err}"
        );
        assert!(out.contains(" Nc6 3. Bb5 a6 *"), "{out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A PGN game with a character the PGN reader stops at (`&`) is read again past it, and keeps
/// its tags and starts from its FEN: the stray character is passed over and reported.
#[test]
fn pgn_the_reader_cannot_read_keeps_its_tags_and_fen() {
    let file = fixture("pgn-stray-character-with-fen.pgn");
    let (code, out, err) = repair(&[&file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("[White \"Novak\"]"), "{out}");
    assert!(out.contains("[Black \"Svoboda\"]"), "{out}");
    assert!(
        out.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 1\"]"),
        "{out}"
    );
    assert!(out.contains("1. e4 Kd7 2. O-O Kd6 1-0"), "{out}");
    assert!(
        err.contains("stray character '&' at 7:7 standing alone, passed over"),
        "{err}"
    );
}

/// In a file of several games, a game with a stray character in a move word (`R}e1`) is read
/// again past it and repaired like the others, its variation and comment kept on their moves;
/// before, it was reported unread (and, alone in its file, read as a plain sheet, which took
/// the variation's moves for the game's). A comment never closed is closed where the game goes
/// on; a malformed tag is still not read.
#[test]
fn a_stray_character_in_a_game_among_others_is_read_past() {
    let scratch = common::Scratch::new("repair-stray");
    let path = scratch.0.join("strays.pgn");
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n\
                [Event \"b\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 {good} 3. Bb5 a6 \
                4. Ba4 Nf6 5. O-O Be7 6. R}e1 b5 7. Bb3 d6 8. c3 O-O *\n\n\
                [Event \"c\"]\n\n1. e4 e5 [note: unclear] 2. Nf3 *\n\n\
                [Event \"d\"]\n\n1. e4 {never closed e5 2. Nf3 *\n";
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = repair(&[path.to_str().unwrap()]);
    // The third game cannot be read: the run says so and fails.
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 {good} 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6.\nRe1 b5"),
        "{out}"
    );
    assert!(
        err.contains("(game 2): stray character '}' at 7:82 read as part of the move word 'R}e1'"),
        "{err}"
    );
    assert!(err.contains("'}' extra (char_extra)"), "{err}");
    assert!(
        err.contains("(game 3): not repaired: 11:10: malformed tag pair"),
        "{err}"
    );
    assert!(
        err.contains("(game 4): comment '{' at 15:7 never closed: closed at 15:20, before 'e5'\n"),
        "{err}"
    );
    assert!(
        out.contains("1. e4 {never closed} 1... e5 2. Nf3 *"),
        "{out}"
    );
}

/// An empty file holds no game: bad input (exit 1, as the README's exit codes say), not an
/// empty game repaired with full confidence.
#[test]
fn an_empty_file_is_no_game_to_repair() {
    let scratch = common::Scratch::new("repair-empty");
    let path = scratch.0.join("empty.txt");
    std::fs::write(&path, " \n\n").unwrap();
    let (code, out, err) = repair(&[path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("no game or moves"), "{err}");
}

/// `--beam 0` keeps no explanation at all, and a beam of a hundred million asked for 64 GB at
/// once (the run aborted, exit 134; larger ones panicked): both usage errors.
#[test]
fn a_beam_of_zero_or_beyond_the_widest_is_a_usage_error() {
    let file = fixture("../scoresheets/cs-2014-model-game-short.txt");
    for beam in ["0", "100000000", "18446744073709551615"] {
        let (code, out, err) = repair(&[&file, "--beam", beam]);
        assert_eq!(code, 2, "{beam}: {out}{err}");
        assert!(err.contains("give a beam from 1 to 1000000"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
}

/// The two sheets of `--with` cannot both be standard input (before, the second was read
/// empty and the repair went on as if it had no words).
#[test]
fn standard_input_cannot_be_both_sheets() {
    let (code, out, err) = repair(&["-", "--with", "-"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("standard input"), "{err}");
}

/// A move list of two games (the first move number again below a blank line, each with its
/// head) is two games repaired, as `convert` reads it, each reported with its own lines; a
/// result written too early in one game does not split it. Before, the two games were read as
/// one, the second's `1.` and the first's result charged as slips and `e5` read as `c5`.
#[test]
fn a_move_list_of_two_games_is_two_repairs() {
    let scratch = common::Scratch::new("repair-two-games");
    let path = scratch.0.join("two.txt");
    std::fs::write(
        &path,
        "Bílý: Novák   Černý: Svoboda\n1. e4 e5 2. Jf3 Jc6 1-0\n\n\
         Bílý: Dvořák   Černý: Král\n1. d4 d5 2. c4 e6 3. Jc3 Sb4 0-1\n",
    )
    .unwrap();
    let (code, out, err) = repair(&[path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("[White \"Novák\"]") && out.contains("[White \"Dvořák\"]"),
        "{out}"
    );
    assert!(out.contains("1. e4 e5 2. Nf3 Nc6 1-0"), "{out}");
    assert!(out.contains("1. d4 d5 2. c4 e6 3. Nc3 Bb4 0-1"), "{out}");
    assert!(
        err.contains("(game 2): read in letters: cs; 6 plies; 0 corrections"),
        "{err}"
    );
    // A slip in the second game is reported at its line in the file.
    std::fs::write(
        &path,
        "1. e4 e5 2. Jf3 Jc6 1-0\n\n1. d4 d5 2. c4 e6 3. Jc3 Sb5 0-1\n",
    )
    .unwrap();
    let (_, _, err) = repair(&[path.to_str().unwrap()]);
    assert!(err.contains("(line 3, column"), "{err}");
    // One game with a result written too early stays one game.
    std::fs::write(&path, "1. e4 e5 2. Jf3 Jc6 1-0 3. Sb5 a6 4. Sa4 Jf6\n").unwrap();
    let (_, out, err) = repair(&[path.to_str().unwrap()]);
    assert!(out.contains("4. Ba4 Nf6"), "{out}");
    assert!(
        err.contains("result_early") && !err.contains("game 2"),
        "{err}"
    );
}

/// A sheet longer than any game played (more than 1,000 words, on either sheet) is refused as too
/// long to try, as bulk repair refuses it: the search's memory grows with the words it cannot
/// read well, and 16 KB of `e e e ...` took it past 3.5 GB.
#[test]
fn a_sheet_longer_than_any_game_is_refused_as_too_long_to_try() {
    let dir = std::env::temp_dir().join(format!("scoresheet-repair-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let long = dir.join("long.txt");
    std::fs::write(&long, format!("1. e4 e5 {}\n", "e ".repeat(8000))).unwrap();
    let short = dir.join("short.txt");
    std::fs::write(&short, "1. e4 e5 2. Jf3 Jc6\n").unwrap();
    let long_pgn = dir.join("long.pgn");
    std::fs::write(
        &long_pgn,
        format!("[Event \"x\"]\n\n1. e4 e5 {}*\n", "e ".repeat(1200)),
    )
    .unwrap();
    let long = long.to_string_lossy();
    let short = short.to_string_lossy();
    let long_pgn = long_pgn.to_string_lossy();
    for (args, said) in [
        (
            vec![&*long],
            "too long to try: 8003 move words (a repair takes on 1000 at most)",
        ),
        (
            vec![&*short, "--with", &*long],
            "too long to try: 8003 move words on the other sheet (a repair takes on 1000 at most)",
        ),
        (
            vec![&*long_pgn],
            "too long to try: 1202 move words (a repair takes on 1000 at most)",
        ),
    ] {
        let (code, out, err) = repair(&args);
        assert_eq!(code, 1, "{out}{err}");
        assert!(err.contains(said), "{err}");
    }
    let (code, out, err) = repair(&[&*short]);
    assert_eq!(code, 0, "{out}{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A typed sheet with a head and a comment whose `}` was left out, so that the next comment's
/// `}` closes it: the head is read as the head (before, any `{` made the text PGN, and the PGN
/// reader read the head's words as moves), and the words after the first `{` as the sheet's
/// own, the comment's word skipped. Before, `Jc6 3. Sb5` were read as comment and the game
/// went on with 2... a6 3. a4.
#[test]
fn a_comment_closed_by_the_next_comments_brace_gives_back_its_moves() {
    let file = fixture("head-and-a-comment-closed-by-the-next.txt");
    let (code, out, err) = repair(&[&file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("12 plies; 1 correction"), "{err}");
    assert!(err.contains("dobrý      -         garbage_word"), "{err}");
    assert!(out.contains("[White \"Novák, Jan\"]"), "{out}");
    assert!(
        out.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 *"),
        "{out}"
    );
}

/// A move list in UCI's coordinates, as `convert --notation uci` writes it (castling as the
/// king's two squares, promotion in lower case), is a clean sheet: before, each piece move and
/// castling cost a piece letter left out, the promotion a letter in lower case (13.30 for the
/// eleven plies below, castling listed as tied with Rg1). A slip in it is still a slip.
#[test]
fn a_move_list_in_uci_coordinates_reads_as_written() {
    let scratch = common::Scratch::new("repair-uci");
    let game = "e2e4 g8f6 e4e5 d7d5 e5d6 c7d6 h2h4 e7e5 h4h5 f8e7 h5h6 b8c6 h6g7 h8f8 g7f8q e7f8 \
                d2d4 d8d7 c1d2 b7b6 b1c3 c8b7 d1h5 a7a6 e1c1 e8c8";
    let clean = scratch.0.join("clean.txt");
    std::fs::write(&clean, format!("{game}\n")).unwrap_or_else(|e| panic!("{e}"));
    let clean = clean.to_string_lossy();
    let (code, out, err) = repair(&["--notation", "uci", &clean]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.trim_end(), format!("{game} *"), "{err}");
    assert!(
        err.contains("0 corrections; total cost 0.00; confidence 1.000"),
        "{err}"
    );
    // `convert` reads the same list as the same game.
    let (code, converted, err) = common::run_cli(&["convert", "--notation", "uci", &clean]);
    assert_eq!((code, converted.trim_end()), (0, out.trim_end()), "{err}");
    // The knight's rank written one off is corrected as any slip is.
    let slipped = scratch.0.join("slipped.txt");
    std::fs::write(&slipped, game.replacen("b8c6", "b8c5", 1) + "\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let (code, out, err) = repair(&["--notation", "uci", &slipped.to_string_lossy()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.trim_end(), format!("{game} *"), "{err}");
    assert!(
        err.contains("1 correction;") && err.contains("b8c5") && err.contains("rank_neighbour"),
        "{err}"
    );
}

/// A sheet that two letter sets read legally as two games (`2. Se2`: the Czech bishop, the
/// Croatian knight) is repaired in the first with the other listed as equally good, in its
/// letters, and the confidence shared: before, the Czech game came with confidence 1.000 and
/// no word of the other, where `convert` refuses the sheet without `--from`.
#[test]
fn a_sheet_two_letter_sets_read_as_two_games_is_ambiguous() {
    let scratch = common::Scratch::new("repair-two-sets");
    let path = scratch.0.join("either.txt");
    std::fs::write(&path, "1. e3 e6 2. Se2 Se7\n").unwrap_or_else(|e| panic!("{e}"));
    let path = path.to_string_lossy();
    let (code, out, err) = repair(&[&path]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("2. Be2 Be7"), "{out}");
    assert!(err.contains("confidence 0.500"), "{err}");
    assert!(
        err.contains("+0.00 (the sheet read in the hr letters; its moves here in cs): ply 3 (2.): Je2 instead of Se2"),
        "{err}"
    );
    let (_, json, _) = repair(&["--json", &path]);
    assert!(json.contains("\"letters\": \"hr\""), "{json}");
    // Told the letters, the sheet is not ambiguous.
    let (code, out, err) = repair(&["--from", "hr", &path]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("2. Ne2 Ne7") && err.contains("confidence 1.000"),
        "{out}{err}"
    );
}

/// Castling written as the king onto its own rook (`Kh1`, `Ke1h1`, as Chess960 writes it) is
/// castling to all three tools, each saying how it was written: `repair` reads it as castling
/// written as a king move (it read `Kh1` as Kf1 with a wrong file, another game than
/// `convert`'s), and `convert` and `check` note it as they note `00` (before, silently).
#[test]
fn castling_written_as_the_king_onto_its_rook_is_castling_everywhere() {
    let scratch = common::Scratch::new("repair-king-onto-rook");
    for written in ["Kg1", "Kh1", "Ke1h1"] {
        let path = scratch.0.join("k.txt");
        std::fs::write(
            &path,
            format!("1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. {written}\n"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let path = path.to_string_lossy();
        let (code, out, err) = repair(&["--notation", "uci", &path]);
        assert_eq!(code, 0, "{written}: {out}{err}");
        assert!(out.ends_with("f8c5 e1g1 *\n"), "{written}: {out}");
        assert!(err.contains("castling_as_king_move"), "{written}: {err}");
        let (code, out, err) = common::run_cli(&["convert", "--notation", "uci", &path]);
        assert_eq!(code, 0, "{written}: {out}{err}");
        assert!(out.ends_with("f8c5 e1g1 *\n"), "{written}: {out}");
        assert!(
            err.contains(&format!(
                "'{written}' [cs]: castling written as a king move"
            )),
            "{written}: {err}"
        );
    }
    let pgn = scratch.0.join("k.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kh1 *\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let (_, out, err) = common::run_cli(&["check", &pgn.to_string_lossy()]);
    assert!(
        out.contains("warning: move 4 (white) 'Kh1': castling written as a king move"),
        "{out}{err}"
    );
}

/// A head's language settles the letters, as `convert` reads them: `Bijeli:` makes `2. Se2`
/// Croatian (the knight), `Weiß:` German (the knight too, and named German, not Croatian),
/// `Bílý:` Czech (the bishop), each with no doubt. Before, `repair` read all three in Czech
/// letters, the first two as another game than `convert`'s, and said AMBIGUOUS.
#[test]
fn a_heads_language_settles_the_letters() {
    let scratch = common::Scratch::new("repair-head-language");
    for (head, letters, second) in [
        ("Bijeli: Horvat", "hr", "Ne2"),
        ("Weiß: Müller", "de", "Ne2"),
        ("Bílý: Novák", "cs", "Be2"),
    ] {
        let path = scratch.0.join("sheet.txt");
        std::fs::write(&path, format!("{head}\n\n1. e4 e5 2. Se2\n")).unwrap();
        let (code, out, err) = repair(&[path.to_str().unwrap()]);
        assert_eq!(code, 0, "{head}: {out}{err}");
        assert!(
            err.contains(&format!("read in letters: {letters};")),
            "{head}: {err}"
        );
        assert!(out.contains(&format!("2. {second} *")), "{head}: {out}");
        assert!(!err.contains("AMBIGUOUS"), "{head}: {err}");
    }
}

/// With `--with`, each sheet is read in its own letters: a Czech sheet and the same game in
/// English reconcile with no correction and no disagreement (before, the English sheet was read
/// in Czech letters: six `letter_other_language` corrections and six disagreements).
#[test]
fn each_sheet_of_two_is_read_in_its_own_letters() {
    let scratch = common::Scratch::new("repair-two-letters");
    let cs = scratch.0.join("cs.txt");
    let en = scratch.0.join("en.txt");
    std::fs::write(
        &cs,
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 1-0\n",
    )
    .unwrap();
    std::fs::write(
        &en,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n",
    )
    .unwrap();
    let (code, out, err) = repair(&[cs.to_str().unwrap(), "--with", en.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("read in letters: cs (the second sheet in en); 10 plies; 0 corrections"),
        "{err}"
    );
    assert!(!err.contains("disagree"), "{err}");
    assert!(out.contains("5. O-O Be7 1-0"), "{out}");
}

/// A sheet none of whose words reads as a move records no game: the repair stops at its first
/// word and exits 1 (before, an empty game with confidence 1.000 and exit 0).
#[test]
fn a_sheet_with_no_word_read_as_a_move_records_no_game() {
    let scratch = common::Scratch::new("repair-nothing-read");
    for text in ["hello", "Kd9", "hello world"] {
        let path = scratch.0.join("sheet.txt");
        std::fs::write(&path, format!("{text}\n")).unwrap();
        let (code, out, err) = repair(&[path.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}: {out}{err}");
        assert!(
            err.contains("no word of the sheet reads as a legal move"),
            "{text}: {err}"
        );
        assert!(err.contains("confidence 0.000"), "{text}: {err}");
    }
}
