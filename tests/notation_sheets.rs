//! Whole games: the Laws' model game in every edition's notation converts to the expected PGN,
//! letter sets are detected from legality, and the convert tool reports errors with locations.

use scoresheet::board::{Color, Position};
use scoresheet::notation::sheet::{
    convert_text, read_game, read_sheet, ConvertOptions, FromLetters, Notation,
};
use scoresheet::notation::{detect_letters, LetterSet};
use std::path::PathBuf;

mod common;

fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(rel)
}

fn expected_pgn() -> String {
    std::fs::read_to_string(data("scoresheets/model-game-expected.pgn")).unwrap()
}

fn sheets() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(data("scoresheets")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".txt") && !name.contains("-ocr") {
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    out.sort();
    assert!(out.len() >= 4, "model game files missing");
    out
}

#[test]
fn every_model_game_converts_to_the_expected_pgn_with_auto_detection() {
    let expected = expected_pgn();
    for (name, text) in sheets() {
        let out = convert_text(&text, &name, &ConvertOptions::default());
        assert!(out.errors.is_empty(), "{name}: {:?}", out.errors);
        assert_eq!(out.games, 1, "{name}");
        assert_eq!(out.text.trim_end(), expected.trim_end(), "{name}");
    }
}

#[test]
fn every_model_game_converts_with_its_language_given() {
    let expected = expected_pgn();
    for (name, text) in sheets() {
        let code = &name[..2];
        let opts = ConvertOptions {
            from: FromLetters::Set(LetterSet::parse_spec(code).unwrap()),
            ..ConvertOptions::default()
        };
        let out = convert_text(&text, &name, &opts);
        assert!(out.errors.is_empty(), "{name}: {:?}", out.errors);
        assert_eq!(out.text.trim_end(), expected.trim_end(), "{name}");
    }
}

#[test]
fn detection_tells_czech_from_croatian_by_legality() {
    for (name, text) in sheets() {
        let games = read_sheet(&text);
        let tokens: Vec<&str> = games[0].moves.iter().map(|m| m.text).collect();
        let d = detect_letters(&Position::new(), &tokens, &[]).unwrap();
        assert!(d.complete, "{name}");
        let want = if name.starts_with("hr") { "hr" } else { "cs" };
        assert_eq!(d.letters.code(), want, "{name}");
        if want == "cs" {
            assert!(d.alike.iter().any(|s| s.code() == "sk"), "{name}");
        }
    }
}

#[test]
fn ambiguous_letter_sets_are_reported_not_guessed() {
    // "Sf3 Sc6" reads as knights in hr/de. In no other set... but "Lc4" (hr bishop) vs "Lc4"?
    // Build a game that two sets read completely and differently: French R is the king,
    // English R the rook. 1. e4 e5 2. Re2: English rook cannot, French king can.
    // Instead: a pawn-free position game where T (rook, de) and T... use custom detection:
    // In English "Bb5" is a bishop move; in Portuguese B is also the bishop: same game.
    let tokens = ["e4", "e5", "Bb5"];
    let d = detect_letters(&Position::new(), &tokens, &[]).unwrap();
    assert!(d.complete);
    // d4 d5 Nc3 Nc6: English N = knight; Romanian N = bishop (nebun) -> Nc3?? no bishop reaches c3.
    // The truly ambiguous case: "Sc3" after 1. b3: Czech bishop b2? no: S = bishop c1->? needs b2.
    // 1. b3 e6 2. Sb2: cs bishop c1-b2; hr knight? no knight reaches b2. Then "Sc3": cs: bishop
    // b2-c3, hr: knight b1-c3; both legal, different games.
    let tokens = ["b3", "b6", "d3", "d6", "Sd2"];
    match detect_letters(&Position::new(), &tokens, &[]) {
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains("both read the whole game"), "{msg}");
        }
        Ok(d) => panic!("expected ambiguity, got {}", d.letters.code()),
    }
    // A preferred language settles it.
    let d = detect_letters(&Position::new(), &tokens, &["hr"]).unwrap();
    assert_eq!(d.letters.code(), "hr");
    let d = detect_letters(&Position::new(), &tokens, &["Czech"]).unwrap();
    assert_eq!(d.letters.code(), "cs");
}

#[test]
fn the_draw_offer_is_kept_and_printed_back_in_fide_form() {
    let (_, text) = sheets()
        .into_iter()
        .find(|(n, _)| n.starts_with("sk-2005"))
        .unwrap();
    let games = read_sheet(&text);
    let game = read_game(&games[0], "sk", &FromLetters::Auto(vec![])).unwrap();
    assert!(game.moves.last().unwrap().1, "draw offer lost");
    let opts = ConvertOptions {
        notation: Notation::Fide,
        to: LetterSet::by_code("sk").unwrap().clone(),
        ..ConvertOptions::default()
    };
    let out = convert_text(&text, "sk", &opts);
    assert!(out.text.contains("11. Kb1 (=) *"), "{}", out.text);
    assert!(out.text.contains("6. exd6 e.p. Jxd6"), "{}", out.text);
    assert!(out.text.contains("10. 0-0-0 Ve8"), "{}", out.text);
}

#[test]
fn every_output_form_of_the_model_game() {
    let (_, text) = sheets()
        .into_iter()
        .find(|(n, _)| n.starts_with("hr"))
        .unwrap();
    let conv = |notation, to: &str| {
        let opts = ConvertOptions {
            notation,
            to: LetterSet::parse_spec(to).unwrap(),
            ..ConvertOptions::default()
        };
        let out = convert_text(&text, "hr", &opts);
        assert!(out.errors.is_empty());
        out.text
    };
    let uci = conv(Notation::Uci, "en");
    assert_eq!(uci.lines().count(), 1);
    assert!(
        uci.starts_with("e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6"),
        "{uci}"
    );
    assert!(uci.contains("e1c1 f8e8 c1b1"), "{uci}");
    let long = conv(Notation::LongHyphen, "cs");
    assert!(
        long.starts_with("1. e2-e4 e7-e5 2. Jg1-f3 Jg8-f6 3. d2-d4 e5xd4"),
        "{long}"
    );
    let long = conv(Notation::Long, "cs");
    assert!(long.contains("Je4xd6"), "{long}");
    let fig = conv(Notation::Figurine, "en");
    assert!(fig.contains("2. ♘f3 ♘f6"), "{fig}");
    let san = conv(Notation::San, "en");
    assert!(san.starts_with("1. e4 e5 2. Nf3"), "{san}");
    assert!(san.contains("{ (=) }"), "{san}");
    let ru = conv(Notation::Fide, "ru");
    assert!(ru.contains("11. Крb1 (=)"), "{ru}");
}

#[test]
fn errors_name_file_line_column_move_side_token_and_reason() {
    let text = "1. e4 e5 2. Jf3 Jc6\n3. Sb5 a6 4. Sa4 Jf6 5. Ke3 Se7\n\n1. d4 d5 2. c4 e6";
    let opts = ConvertOptions {
        from: FromLetters::Set(LetterSet::by_code("cs").unwrap().clone()),
        ..ConvertOptions::default()
    };
    let out = convert_text(text, "games.txt", &opts);
    assert_eq!(out.games, 1, "the second game still converts");
    assert_eq!(out.errors.len(), 1);
    let e = &out.errors[0];
    assert_eq!((e.line, e.column, e.move_number), (2, 25, 5));
    assert_eq!(e.token, "Ke3");
    let msg = e.to_string();
    assert!(
        msg.starts_with(
            "games.txt:2:25: move 5 (white) 'Ke3' [cs]: no white king (K) can move to e3"
        ),
        "{msg}"
    );
}

#[test]
fn several_games_separated_by_results_and_blank_lines() {
    let text = "1.e4 e5 1-0 1.d4 d5 0-1\n\n1. c4 e5\n2. Nc3";
    let games = read_sheet(text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].result, Some("1-0"));
    assert_eq!(games[1].result, Some("0-1"));
    assert_eq!(games[2].moves.len(), 3);
    let out = convert_text(
        text,
        "-",
        &ConvertOptions {
            notation: Notation::Uci,
            ..ConvertOptions::default()
        },
    );
    assert_eq!(out.text, "e2e4 e7e5 1-0\nd2d4 d7d5 0-1\nc2c4 e7e5 b1c3 *\n");
}

#[test]
fn the_cli_converts_and_sets_exit_codes() {
    let bin = env!("CARGO_BIN_EXE_scoresheet");
    let file = data("scoresheets/cs-2014-model-game-short.txt");
    let out = std::process::Command::new(bin)
        .args([
            "convert",
            file.to_str().unwrap(),
            "--from",
            "cs",
            "--notation",
            "fide",
            "--to",
            "hr",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("1. e4 e5 2. Sf3 Sf6"), "{text}");
    let out = std::process::Command::new(bin)
        .args(["convert", file.to_str().unwrap(), "--from", "hr"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("cs-2014-model-game-short.txt:1:12: move 2 (white) 'Jf3' [hr]"),
        "{err}"
    );
    let out = std::process::Command::new(bin)
        .args(["convert", "/nonexistent/file.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // A file that cannot be read does not stop the others: they are converted, the error is
    // said and the exit code is still 2.
    let out = std::process::Command::new(bin)
        .args([
            "convert",
            file.to_str().unwrap(),
            "/nonexistent/file.txt",
            "--notation",
            "san",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("1. e4 e5 2. Nf3"), "{text}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("/nonexistent/file.txt"), "{err}");
    let out = std::process::Command::new(bin)
        .args(["convert", "--notation", "morse"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// PGN and UCI are not written in national letters: `--to` with them is noted on stderr, and
/// the output stays as the form requires.
#[test]
fn the_cli_notes_letters_a_form_does_not_use() {
    let bin = env!("CARGO_BIN_EXE_scoresheet");
    let file = data("scoresheets/cs-2014-model-game-short.txt");
    for (notation, note, starts) in [
        ("pgn", "it writes English letters", "[Event"),
        ("uci", "it writes squares only", "e2e4 e7e5 g1f3"),
        ("fide", "", "1. e4 e5 2. Sf3"),
    ] {
        let out = std::process::Command::new(bin)
            .args([
                "convert",
                file.to_str().unwrap(),
                "--to",
                "hr",
                "--notation",
                notation,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{notation}");
        let err = String::from_utf8(out.stderr).unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(starts), "{notation}: {text}");
        if note.is_empty() {
            assert!(err.is_empty(), "{notation}: {err}");
        } else {
            assert!(err.contains("note: --to hr does not change"), "{err}");
            assert!(err.contains(note), "{err}");
        }
    }
}

#[test]
fn pgn_input_in_every_encoding_converts_to_the_english_games() {
    let expected_text =
        std::fs::read_to_string(data("encodings/central-european.expected-english.utf8.pgn"))
            .unwrap();
    let english = ConvertOptions {
        from: FromLetters::Set(LetterSet::english().clone()),
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let expected = convert_text(&expected_text, "expected", &english);
    assert!(expected.errors.is_empty(), "{:?}", expected.errors);
    assert_eq!(expected.games, 3);
    for name in [
        "central-european.utf8.pgn",
        "central-european.utf8-bom.pgn",
        "central-european.utf16le-bom.pgn",
        "central-european.windows-1250.pgn",
        "central-european.iso-8859-2.pgn",
        "central-european.cp852.pgn",
    ] {
        let bytes = std::fs::read(data(&format!("encodings/{name}"))).unwrap();
        let auto = ConvertOptions {
            notation: Notation::San,
            ..ConvertOptions::default()
        };
        let out = scoresheet::notation::sheet::convert_bytes(&bytes, name, &auto);
        assert!(out.errors.is_empty(), "{name}: {:?}", out.errors);
        assert_eq!(out.games, 3, "{name}");
        assert_eq!(out.text, expected.text, "{name}");
        // PGN output keeps the tags, names with diacritics included.
        let pgn =
            scoresheet::notation::sheet::convert_bytes(&bytes, name, &ConvertOptions::default());
        assert!(pgn.text.contains("[White \"Šťastný, Řehoř\"]"), "{name}");
        assert!(pgn.text.contains("[Black \"Ćosić, Željko\"]"), "{name}");
    }
}

/// A file put together from the UTF-8 file and each legacy one: every game keeps its names,
/// each part read in its own encoding.
#[test]
fn a_file_put_together_from_two_encodings_keeps_every_name() {
    let utf8 = std::fs::read(data("encodings/central-european.utf8.pgn")).unwrap();
    for name in [
        "central-european.windows-1250.pgn",
        "central-european.iso-8859-2.pgn",
        "central-european.cp852.pgn",
    ] {
        let legacy = std::fs::read(data(&format!("encodings/{name}"))).unwrap();
        for parts in [[&utf8, &legacy], [&legacy, &utf8]] {
            let mut bytes = parts[0].clone();
            bytes.extend_from_slice(b"\n\n");
            bytes.extend_from_slice(parts[1]);
            let out = scoresheet::notation::sheet::convert_bytes(
                &bytes,
                name,
                &ConvertOptions::default(),
            );
            assert!(out.errors.is_empty(), "{name}: {:?}", out.errors);
            assert_eq!(out.games, 6, "{name}");
            assert_eq!(
                out.text.matches("[White \"Šťastný, Řehoř\"]").count(),
                2,
                "{name}"
            );
            assert_eq!(
                out.text.matches("[Black \"Ćosić, Željko\"]").count(),
                2,
                "{name}"
            );
            assert!(!out.text.contains('\u{FFFD}'), "{name}");
        }
    }
}

/// A head that gives one result and moves that end with another: the sheet contradicts itself,
/// so the game is written `*` with a note saying where; a head that agrees changes nothing.
#[test]
fn a_head_and_moves_with_different_results_are_written_unknown() {
    let text = "Bílý: Novák   Černý: Svoboda\nVýsledek: 1-0\n\n1. f3 e5 2. g4 Dh4 0-1\n\n\
                Bílý: Dvořák   Černý: Suk\nVýsledek: 0-1\n1. e4 e5 0-1\n";
    let out = convert_text(text, "heads.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.games, 2);
    let results: Vec<&str> = out
        .text
        .lines()
        .filter(|l| l.starts_with("[Result "))
        .collect();
    assert_eq!(results, ["[Result \"*\"]", "[Result \"0-1\"]"]);
    assert!(out.text.contains("2. g4 Qh4# *"), "{}", out.text);
    assert_eq!(
        out.notes,
        ["heads.txt:4: game 1: the head gives the result 1-0, the moves end with 0-1: written *"]
    );
}

/// Forfeits: `+:-` in place of a result (a game not played) and a word after the result
/// (`1-0 (kontumačně)`: forfeited during play) give the result and `[Termination "forfeit"]`;
/// before, both were reported as moves that could not be read.
#[test]
fn forfeit_marks_give_the_result_and_the_termination() {
    let text = "Bílý: Novák   Černý: Svoboda\n+:-\n\n\
                Bílý: Dvořák   Černý: Suk\n1. e4 e5 2. Jf3 1-0 (kontumačně)\n\n\
                -:+\n\n1. d4 d5 ½-½\n";
    let out = convert_text(text, "forfeits.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.games, 4);
    let games: Vec<&str> = out.text.split("\n\n[Event").collect();
    assert_eq!(games.len(), 4, "{}", out.text);
    let expected = [
        ("1-0", true, "Novák"),
        ("1-0", true, "Dvořák"),
        ("0-1", true, "?"),
        ("1/2-1/2", false, "?"),
    ];
    for (game, (result, forfeit, white)) in games.iter().zip(expected) {
        assert!(game.contains(&format!("[Result \"{result}\"]")), "{game}");
        assert_eq!(
            game.contains("[Termination \"forfeit\"]"),
            forfeit,
            "{game}"
        );
        assert!(game.contains(&format!("[White \"{white}\"]")), "{game}");
    }
    assert!(games[1].contains("1. e4 e5 2. Nf3 1-0"), "{}", games[1]);
}

/// Semicolons typed apart between moves separate them (before, the first began a comment and
/// the five moves after it were lost without a word); one before a remark still begins a
/// comment to the end of the line, as in PGN.
#[test]
fn semicolons_between_moves_separate_them() {
    let san = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let out = convert_text("1. e4 ; e5 ; 2. Jf3 ; Jc6 ; 3. Sb5 ; a6\n", "s.txt", &san);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.text, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n");
    let out = convert_text("1. e4 e5 ; a good start\n2. Jf3 Jc6 *\n", "s.txt", &san);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.text, "1. e4 e5 2. Nf3 Nc6 *\n");
    // repair reads the sheet the same way.
    let sheet = scoresheet::reconstruct::Sheet::read("1. e4 ; e5 ; 2. Jf3 ; Jc6 ; 3. Sb5 ; a6");
    let moves = sheet
        .tokens
        .iter()
        .filter(|t| t.kind == scoresheet::reconstruct::TokenKind::Move)
        .count();
    assert_eq!(moves, 6);
}

/// A result the final position contradicts (a mate, a stalemate) is written as on the sheet,
/// with a note, as `check` warns; a result that fits says nothing.
#[test]
fn a_result_the_board_contradicts_is_noted() {
    let out = convert_text(
        "1. f3 e5 2. g4 Dh4 1-0\n\n1. f3 e5 2. g4 Dh4 0-1\n",
        "m.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(out.games, 2);
    assert_eq!(
        out.notes,
        ["m.txt:1: game 1: result 1-0 but white is checkmated: written as on the sheet"]
    );
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/broken/result-contradicts-mate.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let out = convert_text(&text, "mate.pgn", &ConvertOptions::default());
    assert_eq!(
        out.notes,
        ["mate.pgn:9: game 1: result 0-1 but black is checkmated: written as on the sheet"]
    );
    assert!(out.text.contains("4. Qxf7# 0-1"), "{}", out.text);
    // A stalemate given as a win.
    let stalemate = "[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Kh6 1-0\n";
    let out = convert_text(stalemate, "s.pgn", &ConvertOptions::default());
    assert_eq!(out.games, 1, "{:?}", out.errors);
    assert_eq!(
        out.notes,
        ["s.pgn:3: game 1: result 1-0 but the game ended in stalemate: written as on the sheet"]
    );
}

/// A head's date that no reading puts in PGN's form is written as it stands, with a note; one
/// that reads says nothing.
#[test]
fn a_date_not_in_pgn_form_is_noted() {
    let text = "Datum: 14.11.26\n1. e4 e5 *\n\nDatum: 14. XI. 2026\n1. d4 d5 *\n";
    let out = convert_text(text, "d.txt", &ConvertOptions::default());
    assert_eq!(out.games, 2, "{:?}", out.errors);
    assert!(out.text.contains("[Date \"14.11.26\"]"), "{}", out.text);
    assert!(out.text.contains("[Date \"2026.11.14\"]"), "{}", out.text);
    assert_eq!(
        out.notes,
        ["d.txt:1: game 1: the date '14.11.26' is not in PGN's form (YYYY.MM.DD): written as it \
          stands"]
    );
    // The note points at the date's line, in PGN as on a sheet, not at the moves.
    let pgn = "[Event \"?\"]\n[Date \"14.11.26\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    let out = convert_text(pgn, "d.pgn", &ConvertOptions::default());
    assert_eq!(out.games, 1, "{:?}", out.errors);
    assert_eq!(
        out.notes,
        ["d.pgn:2: game 1: the date '14.11.26' is not in PGN's form (YYYY.MM.DD): written as it \
          stands"]
    );
}

#[test]
fn a_pgn_draw_offer_comment_survives_a_round_trip() {
    let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Jf3 { (=) } Jc6 *\n";
    let out = convert_text(pgn, "x.pgn", &ConvertOptions::default());
    assert!(
        out.text.contains("2. Nf3 { (=) } 2... Nc6 *"),
        "{}",
        out.text
    );
    let fide = ConvertOptions {
        notation: Notation::Fide,
        to: LetterSet::by_code("cs").unwrap().clone(),
        ..ConvertOptions::default()
    };
    let out = convert_text(pgn, "x.pgn", &fide);
    assert_eq!(out.text, "1. e4 e5 2. Jf3 (=) Jc6 *\n");
}

/// A PGN game set up from a FEN tag is read from that position, in national letters too, and
/// printed with its own move numbers (`12...` when Black moves first).
#[test]
fn a_game_from_a_fen_tag_starts_there() {
    let pgn = "[Event \"ending\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 Ke6 14. Kd2 Ke5 *\n";
    let to_cs = ConvertOptions {
        to: LetterSet::by_code("cs").unwrap().clone(),
        notation: Notation::Fide,
        ..ConvertOptions::default()
    };
    let out = convert_text(pgn, "ending.pgn", &to_cs);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // The position goes before the movetext, which alone would not say where it starts.
    assert_eq!(
        out.text,
        "[Event \"ending\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n\
         12... Kd7 13. e4 Ke6 14. Kd2 Ke5 *\n"
    );
    let pgn_out = convert_text(pgn, "ending.pgn", &ConvertOptions::default());
    assert!(pgn_out
        .text
        .contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]"));
    assert!(pgn_out.text.contains("\n12... Kd7 13. e4"));
    // An illegal move is located with the move number counted from the FEN.
    let bad = pgn.replace("14. Kd2", "14. Kf5");
    let out = convert_text(&bad, "ending.pgn", &ConvertOptions::default());
    assert_eq!(out.errors.len(), 1);
    assert_eq!(
        (out.errors[0].move_number, out.errors[0].side),
        (14, Color::White)
    );
    // A FEN that is no position is an error of the game, not a panic.
    let broken = pgn.replace("4k3/8", "4k3/9");
    let out = convert_text(&broken, "ending.pgn", &ConvertOptions::default());
    assert_eq!(out.games, 0);
    assert!(
        out.errors[0].to_string().contains("FEN tag"),
        "{}",
        out.errors[0]
    );
}

/// A Russian sheet typed with the keyboard left in Cyrillic for some files (`Сс5`: the bishop
/// С, then a Cyrillic с; `Фе2`), its move numbers written `1)`, `2…` and bare: it reads, with its
/// letters detected, as the same game written in plain ASCII does.
#[test]
fn cyrillic_files_and_move_numbers_without_dots_read_as_the_plain_sheet() {
    let typed = "1) e4 e5 2) Кf3 Кc6 3 Сc4 3\u{2026}Сс5 4 0-0 Кf6 5 d3 d6 6) Фе2 Сg4 7) Лe1 0-0\n";
    let plain = "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. 0-0 Кf6 5. d3 d6 6. Фe2 Сg4 7. Лe1 0-0\n";
    let text = converts_as(typed, plain);
    assert!(
        text.contains("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 d6 6. Qe2 Bg4 7. Re1 O-O"),
        "{text}"
    );
    // Numbers ending in a colon; a result or clock time written with one is still that.
    converts_as(
        "1: e4 e5 2: Кf3 1:05 Кc6 3: Сc4 Сc5 1:0\n",
        "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 1-0\n",
    );
}

/// `typed` converts, with its letters detected, to one game and the same text as `plain` does;
/// that text.
fn converts_as(typed: &str, plain: &str) -> String {
    let out = convert_text(typed, "typed.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.games, 1);
    let expected = convert_text(plain, "plain.txt", &ConvertOptions::default());
    assert!(expected.errors.is_empty(), "{:?}", expected.errors);
    assert_eq!(out.text, expected.text);
    out.text
}

/// Captures marked with a colon after the move, and check and mate with a dagger and a double
/// dagger, as older German and Central European books print them (`Sf3:`, `ed:`, `Sc6:†`,
/// `Dxf7‡`): the sheet converts as the plain one does, a colon glued to a move is not a long
/// form's separator (`Df3: e6` is two moves), and a colon between the squares still is
/// (`e4 : d5`).
#[test]
fn captures_marked_after_the_move_and_daggers_convert() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/scoresheets/colon-after-captures.txt");
    let typed = std::fs::read_to_string(path).unwrap();
    let text = converts_as(
        &typed,
        "1. e4 d5 2. exd5 Dxd5 3. Jc3 Da5 4. Sc4 Jf6 5. Jf3 Jc6 6. 0-0 Sg4 7. h3 Sxf3 \
         8. Dxf3 e6 9. Sb5 Sd6 10. Sxc6+ bxc6 11. Ve1 0-0\n",
    );
    assert!(text.contains("8. Qxf3 e6 9. Bb5"), "{text}");
    converts_as("1. e4 d5 2. e4 : d5 Jf6\n", "1. e4 d5 2. exd5 Jf6\n");
    let text = converts_as(
        "1. e4 e5 2. Df3 Jc6 3. Sc4 Sc5 4. Df7:\u{2021}\n",
        "1. e4 e5 2. Df3 Jc6 3. Sc4 Sc5 4. Dxf7#\n",
    );
    assert!(text.contains("4. Qxf7#"), "{text}");
    // Apart from the move, as `+` may be.
    converts_as(
        "1. e4 d5 2. Sb5 \u{2020} c6 3. Sa4\n",
        "1. e4 d5 2. Sb5+ c6 3. Sa4\n",
    );
}

/// Slashes alone between moves, as typed sheets write them (`1. e4 / e5`, `e5 / 2. Jf3`), are
/// passed over by both readers: the sheet converts as the plain one does and `repair` reads it
/// with no correction. Before, `convert` stopped at the first `/` ("unexpected '/'"). A
/// promotion's piece typed after a slash (`bxa8 / D`) still takes the slash in.
#[test]
fn slashes_between_moves_are_left_out() {
    let plain = "1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. c3 Jf6\n";
    for typed in [
        "1. e4 / e5 2. Jf3 / Jc6 3. Sc4 / Sc5 4. c3 // Jf6\n",
        "1. e4 e5 / 2. Jf3 Jc6 / 3. Sc4 Sc5 / 4. c3 Jf6 /\n",
    ] {
        converts_as(typed, plain);
        let sheet = scoresheet::reconstruct::Sheet::read(typed);
        let mut options =
            scoresheet::reconstruct::RepairOptions::new(LetterSet::by_code("cs").unwrap());
        options.beam = 16;
        let r = scoresheet::reconstruct::repair(&sheet, &options);
        assert!(r.stop.is_none() && r.corrections.is_empty(), "{typed}: {r}");
        assert_eq!(r.moves.len(), 8, "{typed}: {r}");
    }
}

/// Commas between the moves, clock times beside them (as typed sheets have them) and words for
/// check are not moves: the sheet converts as the plain one does, and errors still point at the
/// right column.
#[test]
fn commas_and_clock_times_between_moves_are_left_out() {
    let typed = "1. e4, (0:01) e5, (0:02) 2. Nf3, 1:05 Nc6, 1:07 3. Bb5 check a6\n";
    let plain = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n";
    converts_as(typed, plain);
    let bad = convert_text(
        "1. e4, e5, 2. Ke3,\n",
        "bad.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(bad.errors.len(), 1, "{:?}", bad.errors);
    assert_eq!((bad.errors[0].line, bad.errors[0].column), (1, 15));
    assert_eq!(bad.errors[0].token, "Ke3");
    // Glued to the words, as in a list typed in a spreadsheet: before, `e4,e5,2.Nf3` was one
    // word and an error. A decimal comma stays in its result.
    converts_as(
        "1.e4,e5,2.Nf3;Nc6,3.Bb5,a6,0,5-0,5\n",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ½-½\n",
    );
    let bad = convert_text("1.e4,e5,2.Ke3\n", "bad.txt", &ConvertOptions::default());
    assert_eq!(bad.errors.len(), 1, "{:?}", bad.errors);
    assert_eq!(
        (bad.errors[0].column, bad.errors[0].token.as_str()),
        (11, "Ke3")
    );
    // A semicolon before a word begins a comment to the end of the line, as in PGN (and as
    // `repair` reads it); before, its words were read as moves (`'Demonstrates'`: an error).
    converts_as(
        "; the players' own notes\n1. e4 e5 ; good\n2. Nf3 Nc6\n",
        "1. e4 e5 2. Nf3 Nc6\n",
    );
}

/// The same typed sheet converts: the head's details become tags (the date as PGN writes it),
/// `0 - 0` is castling and `½ - ½` the result, as if typed `0-0` and `½-½` with no head.
#[test]
fn a_sheets_head_spaced_castling_and_result_convert() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/repair/head-and-spaced-castling.txt");
    let typed = std::fs::read_to_string(path).unwrap();
    let out = convert_text(&typed, "typed.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.games, 1);
    assert!(out.text.contains("[White \"Novák, Jan\"]"), "{}", out.text);
    assert!(
        out.text.contains("[Black \"Svoboda, Petr\"]"),
        "{}",
        out.text
    );
    assert!(out.text.contains("[Date \"2026.11.14\"]"), "{}", out.text);
    assert!(out.text.contains("[Round \"3\"]"), "{}", out.text);
    let body = |text: &str| text.split("\n\n").nth(1).unwrap_or("").to_owned();
    let moves = typed.split("\n\n").nth(1).unwrap_or("");
    let plain = moves.replace("0 - 0", "0-0").replace("½ - ½", "½-½");
    let expected = convert_text(&plain, "plain.txt", &ConvertOptions::default());
    assert!(expected.errors.is_empty(), "{:?}", expected.errors);
    assert_eq!(body(&out.text), body(&expected.text));
    assert!(expected.text.contains("[Result \"1/2-1/2\"]"));
    // Spaced castling still reports where it is, as written, when it is not legal.
    let bad = convert_text(
        "1. e4 e5 2. Jf3 Jc6 3. O - O\n",
        "bad.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(bad.errors.len(), 1, "{:?}", bad.errors);
    assert_eq!((bad.errors[0].line, bad.errors[0].column), (1, 24));
    assert_eq!(bad.errors[0].token, "O - O");
}

#[test]
fn a_sheet_of_two_columns_typed_row_by_row_is_read_in_the_order_of_its_numbers() {
    // Moves 1-30 in the left column, 31-44 in the right one, typed row by row (`1. e4 e6   31.
    // Sd3 fxg3+`), the result after move 44 in row 14.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/scoresheets/cs-two-columns-row-by-row.txt");
    let typed = std::fs::read_to_string(path).unwrap();
    let out = convert_text(&typed, "typed.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.games, 1);
    assert!(out.text.contains("[Result \"0-1\"]"), "{}", out.text);
    assert!(
        out.text.contains("[White \"Adams, Michael\"]"),
        "{}",
        out.text
    );
    // The same moves as one column: the left column's rows, then the right column's.
    fn split(row: &str) -> (&str, &str) {
        match row.find("  ") {
            Some(i) => (row[..i].trim(), row[i..].trim()),
            None => (row.trim(), ""),
        }
    }
    let rows: Vec<&str> = typed.split("\n\n").nth(1).unwrap().lines().collect();
    let mut column = rows.iter().map(|r| split(r).0).collect::<Vec<_>>();
    column.extend(rows.iter().map(|r| split(r).1).filter(|r| !r.is_empty()));
    let one_column = column.join("\n");
    assert!(one_column.starts_with("1. e4 e6\n2. d4 d5"), "{one_column}");
    assert!(one_column.ends_with("44. Jb7 Ve6  0-1"), "{one_column}");
    let expected = convert_text(&one_column, "one.txt", &ConvertOptions::default());
    assert!(expected.errors.is_empty(), "{:?}", expected.errors);
    let body = |text: &str| text.split("\n\n").nth(1).unwrap_or("").to_owned();
    assert_eq!(body(&out.text), body(&expected.text));
    assert!(body(&out.text).contains("30. Qxc2 f4 31. Bd3 fxg3+"));
    // A slip in the right column is reported where it is written, with its own move number.
    let slipped = typed.replace("40. Vh3", "40. Vh4");
    let bad = convert_text(&slipped, "typed.txt", &ConvertOptions::default());
    assert_eq!(bad.errors.len(), 1, "{:?}", bad.errors);
    let e = &bad.errors[0];
    assert_eq!(
        (e.line, e.column, e.token.as_str()),
        (13, 29, "Vh4"),
        "{e:?}"
    );
    assert!(e.to_string().contains("move 40 (white)"), "{e}");
}

#[test]
fn an_error_tells_the_number_the_sheet_wrote_where_it_differs_from_the_count() {
    // Black's second move left out: the count makes `Sc4` Black's, the sheet wrote it as
    // White's third; the message says both, so that the gap above is found.
    let out = convert_text(
        "1. e4 e5 2. Jf3 3. Sc4 Jc6\n",
        "gap.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
    let e = &out.errors[0];
    assert_eq!((e.move_number, e.side), (2, Color::Black));
    assert_eq!(e.numbered_as, Some((3, Color::White)));
    assert!(
        e.to_string()
            .starts_with("gap.txt:1:20: move 2 (black, numbered 3. on the sheet) 'Sc4'"),
        "{e}"
    );
    // Where the numbers agree with the count, or there are none, the message is as before.
    for (text, start) in [
        ("1. e4 e5 2. Ke3\n", "agree.txt:1:13: move 2 (white) 'Ke3'"),
        ("e4 e5 Ke3\n", "agree.txt:1:7: move 2 (white) 'Ke3'"),
    ] {
        let out = convert_text(text, "agree.txt", &ConvertOptions::default());
        assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
        assert!(
            out.errors[0].to_string().starts_with(start),
            "{}",
            out.errors[0]
        );
    }
}

/// A draw written as a word (`remíza`, `Remis`, `nulle`), in the head or after the last move,
/// is the result `1/2-1/2` (before, `Výsledek: remíza` was no head line and stopped the sheet as
/// a bad move, and `remíza` after the moves was a bad move too).
#[test]
fn a_draw_written_as_a_word_is_the_result() {
    for text in [
        "Bílý: Novák, Jan\nČerný: Svoboda, Petr\nVýsledek: remíza\n1. e4 e5 2. Jf3 Jc6\n",
        "1. e4 e5 2. Jf3 Jc6 remíza\n",
        "1. e4 e5 2. Jf3 Jc6 REMIZA\n",
    ] {
        let out = convert_text(text, "draw.txt", &ConvertOptions::default());
        assert!(out.errors.is_empty(), "{text}: {:?}", out.errors);
        assert_eq!(out.games, 1);
        assert!(out.text.contains("[Result \"1/2-1/2\"]"), "{}", out.text);
        assert!(out.text.contains("2. Nf3 Nc6 1/2-1/2"), "{}", out.text);
    }
    // A word that only begins like one is not a result.
    let out = convert_text("1. e4 e5 remízou\n", "draw.txt", &ConvertOptions::default());
    assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
}

/// Results as sheets write them: with a colon, decimal halves, in parentheses, spaced or not.
/// Before, `0,5 : 0,5`, `(1-0)` and `(1 - 0)` stopped the sheet as a bad move.
#[test]
fn results_in_parentheses_or_with_decimal_halves() {
    for (written, result) in [
        ("1 : 0", "1-0"),
        ("(1-0)", "1-0"),
        ("(1 - 0)", "1-0"),
        ("( 0:1 )", "0-1"),
        ("0,5 : 0,5", "1/2-1/2"),
        ("0.5:0.5", "1/2-1/2"),
        ("1/2 : 1/2", "1/2-1/2"),
        ("(\u{bd}-\u{bd})", "1/2-1/2"),
        // A half alone, as `1/2` alone is read; a minus sign for the dash.
        ("\u{bd}", "1/2-1/2"),
        ("1\u{2212}0", "1-0"),
    ] {
        let text = format!("1. e4 e5 2. Jf3 Jc6 {written}\n");
        let out = convert_text(&text, "result.txt", &ConvertOptions::default());
        assert!(out.errors.is_empty(), "{written}: {:?}", out.errors);
        assert!(
            out.text.contains(&format!("2. Nf3 Nc6 {result}")),
            "{written}: {}",
            out.text
        );
        let sheet = scoresheet::reconstruct::Sheet::read(&text);
        assert_eq!(sheet.result(), Some(result), "{written}");
    }
    // Castling in parentheses is no result (nor castling: the sheet stops there).
    let out = convert_text(
        "1. e4 e5 2. Jf3 Jc6 (0 - 0)\n",
        "result.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
}

/// A comment with another `{` in it before its `}` was never closed (comments do not nest): its
/// game stops at the first `{`, the error showing the comment's text to the second (on its
/// first line), where before the moves between were taken for comment and the game failed
/// later, at a move of the wrong side (`4. Sa4` as Black's second); the game below is read.
#[test]
fn a_comment_closed_by_the_next_comments_brace_stops_its_game_at_the_first() {
    let out = convert_text(
        "1. e4 e5 2. Jf3 {dobrý Jc6 3. Sb5 {španělská} a6 4. Sa4 Jf6\n\n\
         1. d4 {solidní\ntah} d5\n\n1. c4 {x\n2. Jc3 {y} c5\n",
        "brace.txt",
        &ConvertOptions {
            notation: Notation::Uci,
            ..ConvertOptions::default()
        },
    );
    assert_eq!(out.errors.len(), 2, "{:?}", out.errors);
    let said = out.errors[0].to_string();
    assert!(
        said.starts_with("brace.txt:1:17: move 2 (black) '{dobrý Jc6 3. Sb5 {' [cs]: ")
            && said.contains("comment `{` still open at another `{`"),
        "{said}"
    );
    let said = out.errors[1].to_string();
    assert!(
        said.starts_with("brace.txt:6:7: move 1 (black) '{x' [en]: "),
        "{said}"
    );
    assert_eq!(out.text, "d2d4 d7d5 *\n");
}

/// A comment glued to the move before it (`Jf3{dobrý}`) or to the move after it
/// (`{tah}Jc6`) is a comment, the moves around it read: before, the first read as a move with
/// an unexpected `{` in it, and the second lost the move after the `}` (the game then failed
/// at a move of the wrong side, `3. Sb5` as Black's second).
#[test]
fn a_comment_glued_to_a_move_is_a_comment_and_the_move_is_read() {
    let uci = ConvertOptions {
        notation: Notation::Uci,
        ..ConvertOptions::default()
    };
    for written in [
        "1. e4 e5 2. Jf3{dobrý tah} Jc6 3. Sb5 a6\n",
        "1. e4 e5 2. Jf3 {dobrý tah}Jc6 3. Sb5 a6\n",
        "1. e4 e5 2. Jf3{tah}Jc6 3. Sb5{a}{b}a6\n",
        "1. e4 e5 2. Jf3 Jc6{x\ny}3. Sb5 a6\n",
    ] {
        let out = convert_text(written, "glued.txt", &uci);
        assert!(out.errors.is_empty(), "{written:?}: {:?}", out.errors);
        assert_eq!(out.text, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 *\n", "{written:?}");
    }
    // Glued or not, a comment with a second `{` before its `}` stops the game at the first.
    let out = convert_text(
        "1. e4 e5 2. Jf3{dobrý Jc6 3. Sb5{španělská} a6\n",
        "glued.txt",
        &uci,
    );
    assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
    let said = out.errors[0].to_string();
    assert!(
        said.starts_with("glued.txt:1:16: move 2 (black) '{dobrý Jc6 3. Sb5{' [cs]: "),
        "{said}"
    );
}

/// A `{` that nothing below closes stops its game there, with the error at the brace, and the
/// games below are read (it used to hide them all, silently); a comment closed on a later line
/// is still a comment.
#[test]
fn an_unclosed_brace_in_a_move_list_stops_only_its_own_game() {
    let out = convert_text(
        "1. e4 e5 2. Jf3 {never closed\n\n1. d4 d5\n\n1. c4 c5\n",
        "brace.txt",
        &ConvertOptions {
            notation: Notation::Uci,
            ..ConvertOptions::default()
        },
    );
    assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
    let said = out.errors[0].to_string();
    assert!(
        said.starts_with("brace.txt:1:17: ") && said.contains("comment `{` never closed"),
        "{said}"
    );
    assert_eq!(out.text, "d2d4 d7d5 *\nc2c4 c7c5 *\n");
    let closed = convert_text(
        "1. e4 e5 2. Jf3 {a note\nover two lines} Jc6\n",
        "brace.txt",
        &ConvertOptions {
            notation: Notation::Uci,
            ..ConvertOptions::default()
        },
    );
    assert!(closed.errors.is_empty(), "{:?}", closed.errors);
    assert_eq!(closed.text, "e2e4 e7e5 g1f3 b8c6 *\n");
}

/// The reasons name what is there: a black piece in figurines by its black glyph, the own piece
/// on the square a move goes to, and the pawn taken en passant that leaves the king's rank
/// open (it was "the pawn on b5 is pinned", with c5's pawn between).
#[test]
fn reasons_name_the_glyph_the_own_piece_and_the_pawn_taken_en_passant() {
    let cases = [
        (
            "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. 0-0 ♞d4\n",
            "no black knight (♞) can move to d4 (Article 3)",
        ),
        (
            "1. e3 e5 2. Be2 d5 3. Qe2\n",
            "no white queen (Q) can move to e2 (Article 3); e2 holds White's own bishop (B)",
        ),
        (
            "[FEN \"8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1\"]\n\n1... c5 2. bxc6 *\n",
            "taking en passant removes the pawn on c5 as well, which leaves the king on a5 attacked by the rook (R) on h5 (Article 3.9)",
        ),
    ];
    for (text, said) in cases {
        let out = convert_text(text, "why.txt", &ConvertOptions::default());
        assert_eq!(out.errors.len(), 1, "{text}: {:?}", out.errors);
        let err = out.errors[0].to_string();
        assert!(err.contains(said), "{err}");
    }
}

/// An en passant capture made too late (or from a FEN whose fourth field names no square) says
/// why the pawn cannot be taken that way; a capture that is no en passant shape gets no such
/// hint.
#[test]
fn a_late_en_passant_capture_says_when_it_was_possible() {
    let late = convert_text(
        "1. e4 d5 2. e5 f5 3. Nf3 Nc6 4. exf6\n",
        "ep.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(late.errors.len(), 1, "{:?}", late.errors);
    let said = late.errors[0].to_string();
    assert!(
        said.contains("move 4 (white) 'exf6'")
            && said.contains("en passant takes the pawn on f5 only on the move right after its two-square advance (Article 3.7.4.2), which a FEN shows by f6 in its fourth field"),
        "{said}"
    );
    // In time it is legal; and a capture onto an empty square with no pawn beside is not
    // taken for a late en passant.
    let in_time = convert_text(
        "1. e4 d5 2. e5 f5 3. exf6\n",
        "ep.txt",
        &ConvertOptions::default(),
    );
    assert!(in_time.errors.is_empty(), "{:?}", in_time.errors);
    let no_shape = convert_text("1. e4 d5 2. exf5\n", "ep.txt", &ConvertOptions::default());
    assert_eq!(no_shape.errors.len(), 1, "{:?}", no_shape.errors);
    assert!(!no_shape.errors[0].to_string().contains("en passant"));
}

/// A sheet typed with its piece letters in lower case stops where the notation reader first
/// meets one, and the error says what the capital would be (`convert` reads the letters as
/// written; `repair` reads them as the capitals, each a correction).
#[test]
fn a_piece_letter_in_lower_case_is_named_in_the_error() {
    for (text, said) in [
        (
            "1. e4 e5 2. nf3 nc6\n",
            "move 2 (white) 'nf3' [en]: 'n' at column 1: piece letters are capitals, and N is the knight in en",
        ),
        (
            "1. e4 e5 2. jf3 jc6\n",
            "'j' at column 1: piece letters are capitals, and J is no piece in en (the knight in cs, sk)",
        ),
        (
            "1. e4 e5 2. Jf3 Jc6 3. sb5\n",
            "move 3 (white) 'sb5' [cs]: 's' at column 1: piece letters are capitals, and S is the bishop in cs",
        ),
        // A letter that is also a file reads as a pawn move from that file; where no pawn can
        // make it, the error names the piece that can.
        (
            "1. e4 e5 2. Nf3 Nc6 3. bb5\n",
            "no white pawn capturing from the b-file can move to b5 (Article 3); Bb5 is legal: the bishop's letter is a capital B",
        ),
        (
            "1. e4 d5 2. exd5 Dxd5 3. Jc3 dd8\n",
            "move 3 (black) 'dd8' [cs]: no black pawn capturing from the d-file can move to d8 (Article 3); Dd8 is legal: the queen's letter is a capital D",
        ),
    ] {
        let out = convert_text(text, "lower.txt", &ConvertOptions::default());
        assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
        assert!(out.errors[0].to_string().contains(said), "{}", out.errors[0]);
    }
    // No hint where no such piece can go (no bishop reaches b5), or two can (the French
    // knights, C, on f3 and b5 both reach d4).
    for text in [
        "1. d4 d5 2. bb5\n",
        "1. Cf3 Cf6 2. Cc3 Cc6 3. Cb5 e5 4. cd4\n",
    ] {
        let out = convert_text(text, "lower.txt", &ConvertOptions::default());
        assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
        let said = out.errors[0].to_string();
        assert!(
            said.contains("(Article 3)") && !said.contains("is legal"),
            "{said}"
        );
    }
}

/// Dots or a dash alone after a move number hold the place of White's move, written on the
/// line above or not at all (`23. ... Jf6`, `23. – Jf6`): the number is Black's, as `23...` is;
/// dots alone between moves are passed over. Before, the dots stopped the sheet as a bad move.
#[test]
fn dots_or_a_dash_after_a_move_number_make_it_blacks() {
    for held in ["...", "..", "\u{2026}", "\u{2013}", "-"] {
        let typed = format!("1. e4 e5 2. Jf3\n2. {held} Jc6 3. Sb5 {held} a6\n");
        converts_as(&typed, "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6\n");
    }
    // A sheet that writes a dash after every number, as Spanish books do, holds no place with
    // it: the dash is part of the number (before, `1.-e4` stopped the sheet as a bad move).
    for typed in [
        "1.-e4 e5 2.-Cf3 Cc6 3.-Ab5 a6\n",
        "1.- e4 e5 2.- Cf3 Cc6 3.- Ab5 a6\n",
        "1. - e4 e5 2. - Cf3 Cc6 3. - Ab5 a6\n",
        "1.\u{2013}e4 e5 2.\u{2013}Cf3 Cc6 3.\u{2013}Ab5 a6\n",
    ] {
        converts_as(typed, "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6\n");
    }
    // The number the sheet wrote is Black's (the message names it where it differs from the
    // count).
    for (text, numbered, said) in [
        (
            "1. e4 e5 2. Jf3\n2. ... Jc5\n",
            (2, Color::Black),
            "move 2 (black) 'Jc5'",
        ),
        (
            "1. e4 e5 2. Jf3\n3. ... Jc5\n",
            (3, Color::Black),
            "move 2 (black, numbered 3... on the sheet) 'Jc5'",
        ),
    ] {
        let out = convert_text(text, "held.txt", &ConvertOptions::default());
        assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
        let e = &out.errors[0];
        assert_eq!((e.line, e.column, e.move_number), (2, 8, 2), "{e}");
        assert_eq!(
            (e.token.as_str(), e.numbered_as),
            ("Jc5", Some(numbered)),
            "{e}"
        );
        assert!(e.to_string().contains(said), "{e}");
    }
}

/// Long-form moves typed with spaces around the dash or colon (`1. e2 – e4   e7 – e6`,
/// `c5 : d4`, as older books print them) and short moves with a dash between White's and
/// Black's (`1. e4 – e6`) convert to the same game as the plain sheet (before, both stopped at
/// the first dash). Where every dash of a sheet stands between two squares (`1. e4 – e5 2. d4 –
/// d5`), the reading that is legal is the one taken; an error still names the word as written.
/// A piece letter written apart from its move (`J f3`, `S x c6`) is one move with it.
#[test]
fn long_form_typed_with_spaces_and_dashes_between_moves_convert() {
    let fixture = |name: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/scoresheets")
            .join(name);
        std::fs::read_to_string(path).unwrap()
    };
    let plain = fixture("cs-two-columns-row-by-row.txt");
    for name in ["cs-long-form-spaced.txt", "cs-dashes-between-moves.txt"] {
        let text = converts_as(&fixture(name), &plain);
        assert!(text.contains("9. Bh3 cxd4 10. cxd4 O-O"), "{name}: {text}");
    }
    converts_as(
        "1. e4 \u{2013} e5 2. d4 \u{2013} d5\n",
        "1. e4 e5 2. d4 d5\n",
    );
    converts_as(
        "1. e2 - e4 e7 - e5 2. d2 -d4 e5- d4 3. Dd1 x d4 Jb8 \u{2014} c6\n",
        "1. e4 e5 2. d4 exd4 3. Dxd4 Jc6\n",
    );
    // A piece letter apart from the rest of its move, with and without a capture mark apart.
    converts_as(
        "1. e4 e5 2. J f3 J c6 3. S b5 a6 4. S x c6 dxc6 5. 0-0 f6 6. d4 exd4 7. J xd4 c5 8. V e1\n",
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 5. 0-0 f6 6. d4 exd4 7. Jxd4 c5 8. Ve1\n",
    );
    // ... and the long form typed with spaces after it; where the dashes stand between moves,
    // the letter stays with its square (`J f3 - e6` is Jf3 and e6 there).
    converts_as(
        "1. e2 - e4 d7 - d5 2. e4 \u{2715} d5 D d8 \u{2a2f} d5 3. J b1 - c3 D d5 - a5\n",
        "1. e4 d5 2. exd5 Dxd5 3. Jc3 Da5\n",
    );
    converts_as(
        "1. e4 - e5 2. J f3 - J c6 3. S b5 - a6 4. S a4 - J f6\n",
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6\n",
    );
    converts_as("1. d4 - d5 2. J f3 - e6\n", "1. d4 d5 2. Jf3 e6\n");
    let bad = convert_text(
        "1. e2 \u{2013} e4 e7 \u{2013} e5 2. Jg1 \u{2013} f4\n",
        "bad.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(bad.errors.len(), 1, "{:?}", bad.errors);
    let e = &bad.errors[0];
    assert_eq!((e.line, e.column, e.move_number), (1, 23, 2));
    assert_eq!(e.token, "Jg1 \u{2013} f4");
}

/// A square, then a capture named by its target alone (`Jc3 xe4`), is one long-form move typed
/// with a space only on a sheet that writes the long form elsewhere; on a sheet in the short
/// form it is two moves, the second's piece letter or file left out. Both readers agree: before,
/// `repair` joined them into one move no piece could play (the noise bench stopped a game there)
/// and `convert` named the pair as the word in error.
#[test]
fn a_capture_apart_joins_only_on_a_sheet_in_the_long_form() {
    let short = "1. e4 d5 2. Jc3 xe4 3. Jxe4 Jf6\n";
    let texts: Vec<&str> = read_sheet(short)[0].moves.iter().map(|m| m.text).collect();
    assert_eq!(texts, ["e4", "d5", "Jc3", "xe4", "Jxe4", "Jf6"]);
    let sheet = scoresheet::reconstruct::Sheet::read(short);
    let words: Vec<&str> = sheet.moves().map(|t| t.text.as_str()).collect();
    assert_eq!(words, texts);
    let out = convert_text(short, "short.txt", &ConvertOptions::default());
    let e = &out.errors[0];
    assert_eq!(
        (e.token.as_str(), e.line, e.column),
        ("xe4", 1, 17),
        "{e:?}"
    );
    // The same pair on a sheet in the long form is the knight's capture.
    converts_as(
        "1. e2-e4 d7-d5 2. Jb1-c3 d5 xe4 3. Jc3 xe4 Jg8-f6\n",
        "1. e4 d5 2. Jc3 dxe4 3. Jxe4 Jf6\n",
    );
}

/// A promotion typed with the new piece apart (`bxa8 D`, `e8 = D`, `bxa8 (D)`) is one move in
/// both readers. Before, `convert` stopped at `bxa8` (no piece named) and `repair` read the
/// piece as the letter of the next move (`D e5`), two corrections.
#[test]
fn a_promotion_with_its_piece_apart_is_one_move() {
    let plain = "1. e4 d5 2. exd5 c6 3. dxc6 Jf6 4. cxb7 Jbd7 5. bxa8D e5\n";
    for apart in [
        "bxa8 D",
        "bxa8 = D",
        "bxa8 =D",
        "bxa8= D",
        "bxa8 (D)",
        "bxa8 D+",
        "bxa8 / D",
        // The long form typed with spaces, then the piece apart.
        "b7 x a8 D",
        "b7 - a8 = D",
        "b7- a8 (D)",
        "b7 -a8 D",
    ] {
        let typed = plain.replace("bxa8D", apart);
        converts_as(&typed, plain);
        let sheet = scoresheet::reconstruct::Sheet::read(&typed);
        let moves: Vec<&str> = sheet
            .tokens
            .iter()
            .filter(|t| t.kind == scoresheet::reconstruct::TokenKind::Move)
            .map(|t| t.text.as_str())
            .collect();
        assert_eq!(moves.len(), 10, "{apart}: {moves:?}");
        assert_eq!(moves[8], apart, "{apart}");
    }
}

/// A pawn's push written with its file in front (`bb5`) is read as the push, and where the
/// piece whose letter is that file's capital can make the move too (`Bb5`), both `convert`
/// (a doubt, on stderr as a note) and `check` (a warning) say so: a lower-case bishop, perhaps.
#[test]
fn a_push_that_reads_like_a_lower_case_piece_is_in_doubt() {
    let out = convert_text(
        "1. e4 e5 2. b4 d6 3. bb5 a6\n",
        "doubt.txt",
        &ConvertOptions::default(),
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.text.contains("3. b5 a6"), "{}", out.text);
    assert_eq!(out.doubts.len(), 1, "{:?}", out.doubts);
    let said = out.doubts[0].to_string();
    assert!(
        said.starts_with("doubt.txt:1:22: move 3 (white) 'bb5' [en]: read as a pawn's move"),
        "{said}"
    );
    // No bishop can go to b5 (the e-pawn has not moved): no doubt.
    let out = convert_text(
        "1. b4 e5 2. bb5 a6\n",
        "doubt.txt",
        &ConvertOptions::default(),
    );
    assert!(out.errors.is_empty() && out.doubts.is_empty(), "{out:?}");
    // The same game as PGN, checked: a warning.
    let games = scoresheet::pgn::Game::read_all("1. e4 e5 2. b4 d6 3. bb5 a6 *".as_bytes());
    let game = games.into_iter().next().unwrap().unwrap();
    let replay = scoresheet::replay::replay_game(&game, &Default::default());
    assert!(replay.error.is_none(), "{:?}", replay.error);
    assert!(
        replay
            .warnings
            .iter()
            .any(|w| w.contains("'bb5'") && w.contains("piece letters are capitals")),
        "{:?}",
        replay.warnings
    );
}

/// An en passant capture that gives check prints as `exd6 e.p.+` in the Laws' forms, glued as
/// `exd6e.p.` on some sheets: both read back (as PGN and as a move list), and a game that
/// starts from a FEN keeps its position in every form but UCI, so that it reads back the same.
#[test]
fn en_passant_with_check_and_games_from_a_fen_read_back_in_every_form() {
    let pgn =
        "[SetUp \"1\"]\n[FEN \"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6+ Kxd6 2. Kd2 *\n";
    let to_uci = |text: &str, from: FromLetters| {
        let opts = ConvertOptions {
            from,
            notation: Notation::Uci,
            ..ConvertOptions::default()
        };
        let c = convert_text(text, "t", &opts);
        assert!(c.errors.is_empty(), "{text}: {:?}", c.errors);
        c.text
    };
    let want = to_uci(pgn, FromLetters::Auto(Vec::new()));
    assert_eq!(
        want,
        "[SetUp \"1\"]\n[FEN \"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\ne5d6 c7d6 e1d2 *\n"
    );
    for notation in [
        Notation::Fide,
        Notation::Long,
        Notation::LongHyphen,
        Notation::Figurine,
    ] {
        for to in ["cs", "hr", "en"] {
            let opts = ConvertOptions {
                from: FromLetters::Auto(Vec::new()),
                to: LetterSet::by_code(to).unwrap().clone(),
                notation,
            };
            let written = convert_text(pgn, "t", &opts).text;
            assert!(
                written.contains("[FEN \"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1\"]"),
                "{written}"
            );
            if notation != Notation::Figurine {
                assert!(written.contains("d6 e.p.+"), "{written}");
            }
            assert_eq!(
                to_uci(&written, FromLetters::Auto(Vec::new())),
                want,
                "{written}"
            );
        }
    }
    // Move lists, the mark written apart with the check after it, or glued to the move.
    let list = "1. e4 Jf6 2. e5 d5 3. exd6 e.p.+ Kd7 *\n";
    let cs = || FromLetters::Set(LetterSet::by_code("cs").unwrap().clone());
    assert_eq!(to_uci(list, cs()), "e2e4 g8f6 e4e5 d7d5 e5d6 e8d7 *\n");
    let glued = "[Event \"x\"]\n\n1. e4 Nf6 2. e5 d5 3. exd6e.p.+ Kd7 *\n";
    assert_eq!(
        to_uci(glued, FromLetters::Auto(Vec::new())),
        "e2e4 g8f6 e4e5 d7d5 e5d6 e8d7 *\n"
    );
}

/// `convert sheet.txt -o sheet.txt` would keep only the games that convert: refused, the sheet
/// left as it was.
#[test]
fn convert_refuses_to_write_over_its_input() {
    let scratch = common::Scratch::new("convert-over");
    let dir = &scratch.0;
    let sheet = dir.join("sheet.txt");
    let text = "1. e4 e5 2. Jf3 Jc6 1:0\n\n1. d4 d5 2. Kd3 1:0\n";
    std::fs::write(&sheet, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .arg("convert")
        .arg(&sheet)
        .arg("-o")
        .arg(dir.join(".").join("sheet.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is also an input"), "{err}");
    assert_eq!(std::fs::read_to_string(&sheet).unwrap(), text);
}

/// Move lists saved with lone CR line ends (old Mac files) read as with LF: a blank line ends a
/// game, and errors name the right line.
#[test]
fn lone_cr_line_ends_separate_games_and_lines() {
    for end in ["\n", "\r\n", "\r"] {
        let text = ["1. e4 e5", "", "1. d4 d5", "2. Kxd9", ""].join(end);
        let games = read_sheet(&text);
        assert_eq!(games.len(), 2, "{end:?}");
        let out = convert_text(&text, "t.txt", &ConvertOptions::default());
        assert_eq!(out.errors.len(), 1, "{end:?}");
        assert_eq!(
            (out.errors[0].line, out.errors[0].column),
            (4, 4),
            "{end:?}"
        );
    }
}

/// PGN is told from a move list past what may stand before its first tag (a `%` escape line,
/// a comment), and by its variations when it has no tags; a move list's draw offer `(=)` and
/// numbers like `1)` are no variation.
#[test]
fn pgn_is_recognised_after_escape_lines_and_comments_and_by_its_variations() {
    let san = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    for text in [
        "%!PGN\n[Event \"a\"]\n[White \"X\"]\n\n1. e4 e5 *\n",
        "{Annotated by X}\n[Event \"a\"]\n\n1. e4 e5 *\n",
        "; from a database\n[Event \"a\"]\n\n1. e4 e5 *\n",
    ] {
        let out = convert_text(text, "t.pgn", &san);
        assert!(out.errors.is_empty(), "{text}: {:?}", out.errors);
        assert!(out.text.starts_with("1. e4 e5"), "{text}: {}", out.text);
    }
    // Told by its variation, and converted with its comment, glyph and variation.
    let text = "1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *\n";
    let out = convert_text(text, "t.pgn", &san);
    assert!(out.errors.is_empty(), "{text}: {:?}", out.errors);
    assert_eq!(
        out.text,
        "1. e4 { best by test } 1... e5 ( 1... c5 2. Nf3 ) 2. Nf3 $1 Nc6 *\n"
    );
    let pgn = convert_text(
        "%!PGN\n[Event \"a\"]\n[White \"X\"]\n\n1. e4 e5 *\n",
        "t.pgn",
        &ConvertOptions::default(),
    );
    assert!(pgn.text.contains("[White \"X\"]"), "{}", pgn.text);
    for list in [
        "1. e4 e5 2. Nf3 Nc6 (=) 3. Bb5 *\n",
        "1) e4 e5 2) Nf3 Nc6\n",
    ] {
        let out = convert_text(list, "t.txt", &san);
        assert!(out.errors.is_empty(), "{list}: {:?}", out.errors);
    }
}

#[test]
fn a_pgn_file_whose_first_game_has_no_tags_is_read_as_pgn() {
    // The second game's comment and tags would be words of a move list; read as PGN, both
    // games convert (a Czech knight in the first, English letters in the second).
    let text = "1. e4 e5 2. Jf3 *\n{from the club bulletin}\n[Event \"b\"]\n\n1. d4 d5 *\n";
    let opts = ConvertOptions {
        notation: Notation::Uci,
        ..ConvertOptions::default()
    };
    let out = convert_text(text, "mixed.pgn", &opts);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.games, 2);
    assert_eq!(out.text, "e2e4 e7e5 g1f3 *\nd2d4 d7d5 *\n");
}

#[test]
fn the_first_number_again_starts_the_next_game() {
    // Two games typed one below the other without a blank line: "1." again is the next game,
    // not White's third move.
    let games = read_sheet("1. e4 e5 2. Jf3 Jc6\n1. d4 d6 2. c4 Jf6\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].moves[0].text, "d4");
    // Two columns typed row by row still read as one game.
    let columns = read_sheet("1. e4 e5   3. Sb5 a6\n2. Jf3 Jc6   4. Sa4 Jf6\n");
    assert_eq!(columns.len(), 1);
    assert_eq!(columns[0].moves.len(), 8);
}

#[test]
fn convert_notes_numbers_out_of_step_and_marks_the_board_does_not_bear_out() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    // A move pair left out: read as the moves follow each other, and said.
    let out = convert_text("1. e4 e5 3. Jf3 Jc6 4. Sb5 *\n", "skip.txt", &opts);
    assert_eq!(out.text, "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
    assert_eq!(
        out.notes,
        ["skip.txt:1:13: move 2. 'Jf3' is numbered 3. on the sheet: read as the move that follows the one before it (game 1)"]
    );
    // An e.p. or x the move does not bear out: the move may not be the one meant.
    let out = convert_text("1. e4 d5 2. exd5 e.p. Jf6 3. Jxf3 *\n", "marks.txt", &opts);
    assert_eq!(out.text, "1. e4 d5 2. exd5 Nf6 3. Nf3 *\n");
    let doubts: Vec<String> = out.doubts.iter().map(|d| d.to_string()).collect();
    assert_eq!(doubts.len(), 2, "{doubts:?}");
    assert!(
        doubts[0].contains("'exd5 e.p.'") && doubts[0].contains("e.p. written"),
        "{doubts:?}"
    );
    assert!(
        doubts[1].contains("'Jxf3'") && doubts[1].contains("x written"),
        "{doubts:?}"
    );
}

/// Words two letter sets read as different legal games: a PGN game is in English (its
/// standard), as `check` reads it, and a promotion in UCI's coordinate form names the piece by
/// UCI's letters. Before, both were refused as ambiguous (`Rh3` a Finnish knight, `b7a8n` a
/// Romanian bishop).
#[test]
fn pgn_and_uci_promotions_are_read_in_english_where_another_set_reads_them_too() {
    let san = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let pgn = convert_text("[Event \"x\"]\n\n1. h4 h5 2. Rh3 *\n", "amb.pgn", &san);
    assert!(pgn.errors.is_empty(), "{:?}", pgn.errors);
    assert_eq!(pgn.text, "1. h4 h5 2. Rh3 *\n");
    // The same words as a move list, with nothing to say which set: still ambiguous.
    let list = convert_text("1. h4 h5 2. Rh3 *\n", "amb.txt", &san);
    assert_eq!(list.errors.len(), 1, "{}", list.text);
    for (promotion, piece) in [("n", "N"), ("b", "B"), ("r", "R"), ("q", "Q")] {
        let uci = format!("e2e4 d7d5 e4d5 c7c6 d5c6 d8b6 c6b7 b6c6 b7a8{promotion} *\n");
        let out = convert_text(&uci, "up.uci", &san);
        assert!(out.errors.is_empty(), "{uci}: {:?}", out.errors);
        assert!(
            out.text.ends_with(&format!("5. bxa8={piece} *\n")),
            "{}",
            out.text
        );
    }
}

/// What `convert --notation uci` writes, `convert` reads back: the same games, with their
/// results and start positions (before, the lines of several games read back as one game, and a
/// game from a FEN as one from the initial position).
#[test]
fn convert_reads_back_its_uci_output() {
    let uci = ConvertOptions {
        notation: Notation::Uci,
        ..ConvertOptions::default()
    };
    let sheet = "1. e4 d5 2. exd5 Jf6 3. Sb5+ c6 4. dxc6 Dc7 5. cxb7+ Kd8 6. Jf3 e5 7. 0-0 e4 \
                 8. bxa8D Sc5 *\n";
    let once = convert_text(sheet, "sheet.txt", &uci);
    assert_eq!(
        once.text,
        "e2e4 d7d5 e4d5 g8f6 f1b5 c7c6 d5c6 d8c7 c6b7 e8d8 g1f3 e7e5 e1g1 e5e4 b7a8q f8c5 *\n"
    );
    let again = convert_text(&once.text, "game.uci", &uci);
    assert_eq!(again.text, once.text);
    let san = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    assert_eq!(
        convert_text(&once.text, "game.uci", &san).text,
        "1. e4 d5 2. exd5 Nf6 3. Bb5+ c6 4. dxc6 Qc7 5. cxb7+ Kd8 6. Nf3 e5 7. O-O e4\n\
         8. bxa8=Q Bc5 *\n"
    );
    let several = "1. e4 e5 2. Nf3 Nc6 1-0\n\n1. d4 d5 0-1\n\n\
                   [SetUp \"1\"]\n[FEN \"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n\
                   1. exd6+ Kxd6 1/2-1/2\n\n1. c4 *\n";
    let once = convert_text(several, "several.pgn", &uci);
    assert_eq!(once.games, 4);
    assert_eq!(
        once.text,
        "e2e4 e7e5 g1f3 b8c6 1-0\nd2d4 d7d5 0-1\n\
         [SetUp \"1\"]\n[FEN \"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\ne5d6 c7d6 1/2-1/2\n\
         c2c4 *\n"
    );
    let pgn = ConvertOptions::default();
    assert_eq!(
        convert_text(&once.text, "several.uci", &pgn).text,
        convert_text(several, "several.pgn", &pgn).text
    );
}

#[test]
fn convert_keeps_the_result_tag_and_refuses_other_variants() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    // The Result tag's result where the movetext ends without one.
    let out = convert_text(
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3\n",
        "r.pgn",
        &opts,
    );
    assert_eq!(out.text, "1. e4 e5 2. Nf3 1-0\n");
    // Tag and movetext that disagree: said, and written `*`.
    let out = convert_text(
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n",
        "r.pgn",
        &opts,
    );
    assert_eq!(out.text, "1. e4 e5 *\n");
    assert_eq!(
        out.notes,
        ["r.pgn:4: game 1: the Result tag gives the result 1-0, the moves end with 0-1: written *"]
    );
    // An atomic game is not read by the rules of chess.
    let out = convert_text(
        "[Variant \"atomic\"]\n\n1. Nf3 e6 2. Ne5 Qh4 3. Nxf7 *\n",
        "a.pgn",
        &opts,
    );
    assert_eq!(out.games, 0);
    assert_eq!(
        out.errors[0].to_string(),
        "a.pgn:3:4: variant 'atomic' is not supported (only standard chess and Chess960)"
    );
}

#[test]
fn convert_notes_a_mate_with_no_result_written() {
    let out = convert_text(
        "1. f3 e5 2. g4 Dh4\n",
        "mate.txt",
        &ConvertOptions::default(),
    );
    assert!(out.text.contains("2. g4 Qh4# *"), "{}", out.text);
    assert_eq!(
        out.notes,
        ["mate.txt:1: game 1: white is checkmated (0-1), but no result is written: written as on the sheet"]
    );
}

/// The head's labels tell the language where the moves alone cannot: `1. e3 e6 2. Se2 Se7`
/// reads as Czech (bishops) and as Croatian (knights) alike, and a Czech head settles it;
/// German and Croatian write the same letters, and a German head names the set German.
#[test]
fn the_heads_language_settles_the_letters() {
    let moves = "1. e3 e6 2. Se2 Se7 3. b3 b6\n";
    let bare = read_sheet(moves);
    assert!(read_game(&bare[0], "x.txt", &FromLetters::Auto(vec![])).is_err());
    let text = format!("Bílý: Novák, Jan   Černý: Svoboda, Petr\n\n{moves}");
    let games = read_sheet(&text);
    assert_eq!(games[0].language, Some("cs"));
    let g = read_game(&games[0], "x.txt", &FromLetters::Auto(vec![])).unwrap();
    assert_eq!(g.letters, "cs");
    let german = read_sheet("Weiß: Müller\nSchwarz: Schulz\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5\n");
    let g = read_game(&german[0], "x.txt", &FromLetters::Auto(vec![])).unwrap();
    assert_eq!(g.letters, "de");
}

/// A Chess960 game writes castling king-takes-rook in UCI throughout, as the UCI protocol's
/// Chess960 mode reads it, also once the castling rights left look like standard chess (king
/// on e1, rook on a1 after the f1 rook moved) and in a game whose Variant tag alone says
/// Chess960 (SP 518, the standard array). Before, the spelling followed the rights left
/// (`e1c1` here).
#[test]
fn chess960_castling_is_king_takes_rook_in_uci_throughout() {
    let opts = ConvertOptions {
        notation: Notation::Uci,
        ..ConvertOptions::default()
    };
    let sp431 = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
                 [FEN \"rnqnkrbb/pppppppp/8/8/8/8/PPPPPPPP/RNQNKRBB w KQkq - 0 1\"]\n\n\
                 1. f4 f5 2. Rf3 Rf6 3. Nbc3 Nbc6 4. d3 d6 5. Qd2 Qd7 6. Ne3 Ne6 \
                 7. O-O-O O-O-O *\n";
    let out = convert_text(sp431, "sp431.pgn", &opts);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(
        out.text.ends_with("d1e3 d8e6 e1a1 e8a8 *\n"),
        "{}",
        out.text
    );
    assert!(
        out.text.starts_with("[Variant \"Chess960\"]\n"),
        "{}",
        out.text
    );
    // The long form keeps the Variant tag before the position (before, only SetUp and FEN),
    // and reads back to the same game.
    let long = ConvertOptions {
        notation: Notation::Long,
        ..ConvertOptions::default()
    };
    let text = convert_text(sp431, "sp431.pgn", &long).text;
    assert!(
        text.starts_with("[Variant \"Chess960\"]\n[SetUp \"1\"]\n"),
        "{text}"
    );
    assert_eq!(convert_text(&text, "back.txt", &opts).text, out.text);
    let sp518 = "[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O *\n";
    let out = convert_text(sp518, "sp518.pgn", &opts);
    assert!(out.text.ends_with("f8c5 e1h1 e8h8 *\n"), "{}", out.text);
    // The standard array as Chess960 keeps its Variant tag: `e1h1` reads back as castling.
    assert!(
        out.text.starts_with("[Variant \"Chess960\"]\n"),
        "{}",
        out.text
    );
    assert_eq!(convert_text(&out.text, "back.uci", &opts).text, out.text);
    // The same moves with no Variant tag are standard chess.
    let standard = convert_text(
        &sp518.replace("[Variant \"Chess960\"]\n", ""),
        "std.pgn",
        &opts,
    );
    assert!(
        standard.text == "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1 e8g8 *\n",
        "{}",
        standard.text
    );
}

/// Castling written in haste without its dashes (`00`, `000`, `00-0`) converts as castling;
/// before, convert stopped at it while repair read it.
#[test]
fn castling_without_dashes_converts() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    for (white, black) in [("000", "00-0"), ("0-00", "000")] {
        let sheet = format!("1. d4 d5 2. Jc3 Jc6 3. Sf4 Sf5 4. Dd2 Dd7 5. {white} {black}\n");
        let out = convert_text(&sheet, "haste.txt", &opts);
        assert!(out.errors.is_empty(), "{:?}", out.errors);
        assert!(out.text.contains("5. O-O-O O-O-O"), "{}", out.text);
    }
    let out = convert_text(
        "1. e4 e5 2. Jf3 Jf6 3. Sc4 Sc5 4. 00 00\n",
        "short.txt",
        &opts,
    );
    assert!(out.text.contains("4. O-O O-O"), "{}", out.text);
}

/// A PGN game broken around its moves is reported with its number in the file, as `check`
/// reports it, and the next game converts.
#[test]
fn a_broken_pgn_game_is_named_by_its_number_and_the_next_converts() {
    let text = "[Event \"a\"]\n\n1. e4 <x> e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n\n\
                [Event \"c\"]\n\n1. c4 (1. Nf3 *\n";
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let out = convert_text(text, "syn.pgn", &opts);
    assert_eq!(out.text, "1. d4 d5 *\n");
    let errors: Vec<String> = out.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            "syn.pgn:3:7: game 1: syntax: unexpected character '<'",
            "syn.pgn:11:7: game 3: syntax: variation `(` never closed"
        ]
    );
}

/// A PGN game with an illegal move before its syntax error is reported for the illegal move
/// first, as `check` reports it, the syntax error after it: before, only the syntax error
/// was said, and an arbiter looking for the game's fault went to the wrong line.
#[test]
fn an_illegal_move_before_a_syntax_error_is_said_first() {
    let text =
        "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6\n3. Nf3 & Nf6 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let out = convert_text(text, "late.pgn", &opts);
    assert_eq!(out.text, "1. d4 d5 *\n");
    let errors: Vec<String> = out.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            "late.pgn:3:13: move 2 (white) 'Ke3' [en]: no white king (K) can move to e3 (Article 3)",
            "late.pgn:4:8: game 1: syntax: unexpected character '&'"
        ]
    );
}

/// A sheet whose dashes stand between White's and Black's moves is checked against its
/// numbers as so read: no note where they agree (before, a note on the other reading's
/// `'d4 – d5' is numbered 2.`), and the note on the move itself where they do not.
#[test]
fn dashes_between_moves_are_numbered_as_read() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let out = convert_text("1. e4 \u{2013} e5 2. d4 \u{2013} d5 *\n", "dash.txt", &opts);
    assert_eq!(out.text, "1. e4 e5 2. d4 d5 *\n");
    assert!(out.notes.is_empty(), "{:?}", out.notes);
    let out = convert_text("1. e4 - e5 3. d4 - d5 *\n", "dash.txt", &opts);
    assert_eq!(out.text, "1. e4 e5 2. d4 d5 *\n");
    assert_eq!(
        out.notes,
        [
            "dash.txt:1:15: move 2. 'd4' is numbered 3. on the sheet: read as the move that \
          follows the one before it (game 1)"
        ]
    );
}

/// A FEN whose castling only Chess960 has: refused in a game whose Variant tag says standard
/// chess, and read as Chess960 with a note where there is no Variant tag, as `check` does
/// (before, convert read both as Chess960 silently, and wrote Variant "Chess960").
#[test]
fn a_chess960_fen_in_a_standard_game_is_refused_as_check_refuses_it() {
    let game = "[SetUp \"1\"]\n[FEN \"1r2k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1\"]\n\n1. O-O-O Kf8 *\n";
    let opts = ConvertOptions {
        notation: Notation::Uci,
        ..ConvertOptions::default()
    };
    let standard = format!("[Variant \"Standard\"]\n{game}");
    let out = convert_text(&standard, "std.pgn", &opts);
    assert_eq!(out.games, 0);
    assert_eq!(
        out.errors[0].to_string(),
        "std.pgn:3:1: FEN tag: castling rights for a king or rook off its square in standard \
         chess, in a game whose Variant tag says standard chess (Chess960 is Variant \"Chess960\")"
    );
    let out = convert_text(game, "none.pgn", &opts);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.text.ends_with("e1b1 e8f8 *\n"), "{}", out.text);
    assert_eq!(
        out.notes,
        [
            "none.pgn:2: game 1: FEN tag: castling rights for a king or rook off its square in \
          standard chess, and no Variant tag: read as Chess960"
        ]
    );
}

/// Castling written without its dashes converts, with a note, as `check` warns of it (before,
/// convert said nothing).
#[test]
fn castling_without_dashes_converts_with_a_note() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let out = convert_text(
        "1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. 00 Jf6 *\n",
        "c00.txt",
        &opts,
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.text, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n");
    let doubts: Vec<String> = out.doubts.iter().map(ToString::to_string).collect();
    assert_eq!(
        doubts,
        ["c00.txt:1:35: move 4 (white) '00' [cs]: castling written without its dash (C.13: 0-0 / \
          0-0-0)"]
    );
}

/// Castling written with zeros and letters O mixed (`0-O`, `O-0-O`: a slip of the pen, or an
/// OCR reading one mark as the other) converts as castling, with a note, as `check` warns of it
/// (before, neither said anything).
#[test]
fn castling_with_zeros_and_letters_mixed_converts_with_a_note() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let out = convert_text(
        "1. d4 d5 2. Jc3 Jc6 3. Sf4 Sf5 4. Dd2 Dd7 5. O-0-O 0-O-0 *\n",
        "mixed.txt",
        &opts,
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.text.contains("5. O-O-O O-O-O *"), "{}", out.text);
    let doubts: Vec<String> = out.doubts.iter().map(ToString::to_string).collect();
    let said = |at: u32, side: &str, token: &str| {
        format!(
            "mixed.txt:1:{at}: move 5 ({side}) '{token}' [cs]: castling written with zeros and \
             letters O mixed (C.13: 0-0 / 0-0-0)"
        )
    };
    assert_eq!(
        doubts,
        [said(46, "white", "O-0-O"), said(52, "black", "0-O-0")]
    );
    // Zeros or letters alike throughout: nothing to say.
    let out = convert_text(
        "1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. 0-0 O-O *\n",
        "same.txt",
        &opts,
    );
    assert!(out.doubts.is_empty(), "{:?}", out.doubts);
}

/// A piece letter written apart with a dash before the target (`J - f3`, `J -f3`), or with its
/// capture mark glued on and the target apart (`Sx c6`), is one move with it, as the grammar's
/// piece move has it (before, 'the move ends too early').
#[test]
fn a_piece_letter_apart_with_a_dash_or_its_capture_mark_is_one_move() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    for (sheet, want) in [
        ("1. J - f3 *\n", "1. Nf3 *\n"),
        ("1. J -f3 *\n", "1. Nf3 *\n"),
        ("1. e2 - e4 e7 - e5 2. J - f3 *\n", "1. e4 e5 2. Nf3 *\n"),
        (
            "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sx c6 dxc6 *\n",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n",
        ),
        // Dashes between White's and Black's moves still separate them.
        ("1. e4 - e5 2. Jf3 - Jc6 *\n", "1. e4 e5 2. Nf3 Nc6 *\n"),
    ] {
        let out = convert_text(sheet, "apart.txt", &opts);
        assert!(out.errors.is_empty(), "{sheet}: {:?}", out.errors);
        assert_eq!(out.text, want, "{sheet}");
    }
}

/// An emoji's variation selector after a figurine (`♞️c6`) is dropped in PGN input as in a move
/// list (before, the PGN lexer called it an unexpected character); and figurines that outnumber
/// the lettered moves read as the letters' set (before, the figurine set was chosen, which
/// cannot read `Nf3`).
#[test]
fn a_variation_selector_after_a_figurine_reads_in_pgn_too() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 \u{265E}\u{FE0F}c6 3. \u{2657}\u{FE0E}b5 *\n";
    let out = convert_text(pgn, "vs.pgn", &opts);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.text, "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
}

/// A move written after the game ended on the board is said to be so, where before the error
/// gave the reason that one move was illegal (`e2-e4 is illegal: the king on e1 is in check`,
/// `the king would stand on e7, attacked`), which sends an arbiter looking for the wrong slip.
#[test]
fn a_move_after_mate_or_stalemate_is_said_to_follow_the_end() {
    for (sheet, said) in [
        (
            "1. f3 e5 2. g4 Dh4# 3. e4\n",
            "x.txt:1:24: move 3 (white) 'e4' [cs]: written after the game ended by checkmate",
        ),
        (
            "1. e4 e5 2. Dh5 Jc6 3. Sc4 Jf6 4. Dxf7# Ke7\n",
            "x.txt:1:41: move 4 (black) 'Ke7' [cs]: written after the game ended by checkmate",
        ),
        (
            "[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n1... Kg8\n",
            "x.txt:2:6: move 1 (black) 'Kg8' [en]: written after the game ended by stalemate",
        ),
    ] {
        let out = convert_text(sheet, "x.txt", &ConvertOptions::default());
        assert_eq!(out.errors.len(), 1, "{sheet}: {:?}", out.errors);
        let error = out.errors[0].to_string();
        assert!(error.starts_with(said), "{error}");
    }
}

/// Forms typed sheets use that convert refused or misread: castling typed with dots (`0.0`,
/// before read as a move number 0 that started a second game), a capital X for the capture
/// mark, `e.p.` in brackets, a bare `=` for the draw offer (C.12 writes `(=)`), a full stop after
/// the result, and a remark in brackets after the result (`1-0 (vzdal)`, before read as the
/// first move of another game). Each reads as the same game as its usual form.
#[test]
fn typed_forms_of_castling_captures_draw_offers_and_results_read_as_their_usual_forms() {
    let opts = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let convert = |sheet: &str| {
        let out = convert_text(sheet, "x.txt", &opts);
        assert!(out.errors.is_empty(), "{sheet}: {:?}", out.errors);
        assert_eq!(out.games, 1, "{sheet}");
        out
    };
    for (sheet, usual) in [
        (
            "1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. 0.0 Jf6 5. d3 0.0 1-0",
            "1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. 0-0 Jf6 5. d3 0-0 1-0",
        ),
        (
            "1. d4 d5 2. Jc3 Jc6 3. Sf4 Sf5 4. Dd2 Dd7 5. O.O.O O.O.O *",
            "1. d4 d5 2. Jc3 Jc6 3. Sf4 Sf5 4. Dd2 Dd7 5. 0-0-0 0-0-0 *",
        ),
        // Numbers with a leading nought, as a spreadsheet types them, are still numbers.
        (
            "01. e4 e5 02. Jf3 Jc6 03. Sc4 Sc5 04. 0.0 *",
            "1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. 0-0 *",
        ),
        (
            "1. e4 e5 2. Jf3 Jc6 3. JXe5 JXe5 *",
            "1. e4 e5 2. Jf3 Jc6 3. Jxe5 Jxe5 *",
        ),
        (
            "1. e4 d5 2. e5 f5 3. exf6 (e.p.) e6 *",
            "1. e4 d5 2. e5 f5 3. exf6 e.p. e6 *",
        ),
        (
            "1. e4 e5 2. Jf3 = Jc6 1/2-1/2",
            "1. e4 e5 2. Jf3 (=) Jc6 1/2-1/2",
        ),
        ("1. e4 e5 2. Jf3 Jc6 1-0.", "1. e4 e5 2. Jf3 Jc6 1-0"),
        ("1. e4 e5 2. Jf3 Jc6 1-0 (vzdal)", "1. e4 e5 2. Jf3 Jc6 1-0"),
        (
            "1. e4 e5 2. Jf3 Jc6 0-1 (White lost on time)",
            "1. e4 e5 2. Jf3 Jc6 0-1",
        ),
    ] {
        assert_eq!(convert(sheet).text, convert(usual).text, "{sheet}");
    }
    // The dots are said as a dash left out is; the remark is said, with where it stands.
    let dots = convert("1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. 0.0 *");
    assert!(dots.text.contains("4. O-O"), "{}", dots.text);
    let remark = convert("1. e4 e5 2. Jf3 Jc6 1-0 (vzdal)\n");
    assert_eq!(
        remark.notes,
        ["x.txt:1:25: game 1: '(vzdal)' after the result is a remark, not a move: left out"]
    );
    // A draw offer is kept as PGN writes it.
    assert!(convert("1. e4 e5 2. Jf3 = Jc6 1/2-1/2")
        .text
        .contains("Nf3 { (=) } 2... Nc6"));
    // Glued to the square, `=` is a promotion's, and a promotion to a letter of another set
    // names that letter (before: "unexpected '='").
    let out = convert_text(
        "1. e4 d5 2. exd5 e6 3. dxe6 Ke7 4. exf7 a6 5. Jf3 Jc6 6. fxg8=Q *",
        "x.txt",
        &opts,
    );
    let error = out.errors[0].to_string();
    assert!(
        error.contains("'Q' at column 6 is not a piece letter in the cs letter set"),
        "{error}"
    );
}

/// Moves written after a fivefold repetition had drawn the game (9.6.1, from 2014) are
/// converted and said, with the decisive result the sheet gives against the draw; under the
/// Laws of a sheet dated 2010, before the fivefold rule, nothing is said. Before, convert said
/// nothing either way, where `check` warns.
#[test]
fn moves_after_a_fivefold_repetition_are_said() {
    let out_and_back = (1..=8)
        .map(|n| {
            if n % 2 == 1 {
                format!("{n}. Jf3 Jf6")
            } else {
                format!("{n}. Jg1 Jg8")
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let sheet = format!("{out_and_back} 9. e4 e5 1-0\n");
    let out = convert_text(&sheet, "x.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(
        out.notes,
        [
            "x.txt:1:92: move 9 (white) 'e4' is written after the game ended (fivefold \
          repetition; Article 9.6.1 of the 2023 Laws): drawn, though the sheet gives 1-0 \
          (game 1)"
        ]
    );
    let dated = format!("Datum: 12. 3. 2010\n{sheet}");
    let out = convert_text(&dated, "x.txt", &ConvertOptions::default());
    assert!(
        out.errors.is_empty() && out.notes.is_empty(),
        "{:?}",
        out.notes
    );
}

/// A sheet pasted from a table, its columns ruled with `|`, reads as the same sheet without
/// the rules (before, the first `|` stopped the game as a move that cannot be read).
#[test]
fn a_sheet_with_its_columns_ruled_reads_as_without_the_rules() {
    let ruled = "1 | e4 | e5\n2 | Jf3 | Jc6\n3 | Sb5 | a6 || 1-0\n";
    let plain = "1 e4 e5\n2 Jf3 Jc6\n3 Sb5 a6 1-0\n";
    let opts = ConvertOptions::default();
    let out = convert_text(ruled, "x.txt", &opts);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.text, convert_text(plain, "x.txt", &opts).text);
    assert!(out.text.contains("3. Bb5 a6 1-0"), "{}", out.text);
}

/// A table's heading and rule rows (markdown, a spreadsheet's export) are no moves: the sheet
/// reads as its rows of moves alone (before, `| # | White | Black |` stopped convert at `#`).
#[test]
fn a_tables_heading_and_rule_rows_are_passed_over() {
    let opts = ConvertOptions::default();
    let plain = convert_text("1 e4 e5\n2 Jf3 Jc6\n3 Sb5 a6 1-0\n", "x.txt", &opts).text;
    for table in [
        "| # | White | Black |\n|---|---|---|\n| 1 | e4 | e5 |\n| 2 | Jf3 | Jc6 |\n| 3 | Sb5 | a6 |\n1-0\n",
        "| Č. | Bílý | Černý |\n|:--:|:------|------:|\n| 1 | e4 | e5 |\n| 2 | Jf3 | Jc6 |\n\
         |---|---|---|\n| 3 | Sb5 | a6 |\n1-0\n",
        "Tah │ Bílý │ Černý\n────┼──────┼──────\n1 │ e4 │ e5\n2 │ Jf3 │ Jc6\n3 │ Sb5 │ a6\n1-0\n",
    ] {
        let out = convert_text(table, "x.txt", &opts);
        assert!(out.errors.is_empty(), "{table}: {:?}", out.errors);
        assert_eq!(out.text, plain, "{table}");
    }
}

/// A head's labels of more than one word: a colour's and a rating or the player (`White Elo:`,
/// `Bílý hráč:`) are read as the tags they name; others (`Číslo partie:`, `Time control:`) are
/// left out and said, and the game below is read (before, `Číslo partie: 17` stopped the game
/// as a move that cannot be read, and `White Elo: 2100` was lost).
#[test]
fn head_labels_of_two_words_are_read_or_left_out_and_said() {
    let opts = ConvertOptions::default();
    let text = "Bílý hráč: Novák, Jan\nČerný hráč: Svoboda, Petr\nWhite Elo: 2100\n\
                Black Elo : 1950\nČíslo partie: 17\nTime control: 90+30\n\n1. e4 e5 1-0\n";
    let out = convert_text(text, "x.txt", &opts);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.games, 1);
    for tag in [
        "[White \"Novák, Jan\"]",
        "[Black \"Svoboda, Petr\"]",
        "[WhiteElo \"2100\"]",
        "[BlackElo \"1950\"]",
    ] {
        assert!(out.text.contains(tag), "{tag}: {}", out.text);
    }
    assert!(out.text.contains("1. e4 e5 1-0"), "{}", out.text);
    assert_eq!(
        out.notes,
        [
            "x.txt:5: game 1: the head line 'Číslo partie: 17' has a label scoresheet does not \
             read: left out",
            "x.txt:6: game 1: the head line 'Time control: 90+30' has a label scoresheet does \
             not read: left out",
        ]
    );
}

/// A table's heading typed without rules (`    Bílý    Černý`) is passed over as a ruled one
/// is, and colour labels of more languages name the players and the language (before, the
/// unruled heading stopped the game, and `Biały:` was a move).
#[test]
fn an_unruled_heading_and_more_colour_labels_are_read() {
    let opts = ConvertOptions::default();
    let plain = convert_text("1 e4 e5\n2 Jf3 Jc6\n3 Sb5 a6 1-0\n", "x.txt", &opts).text;
    for table in [
        "    Bílý    Černý\n1   e4      e5\n2   Jf3     Jc6\n3   Sb5     a6\n1-0\n",
        "Tah  White  Black\n1   e4      e5\n2   Jf3     Jc6\n3   Sb5     a6\n1-0\n",
    ] {
        let out = convert_text(table, "x.txt", &opts);
        assert!(out.errors.is_empty(), "{table}: {:?}", out.errors);
        assert_eq!(out.text, plain, "{table}");
    }
    for (head, white, black) in [
        ("Biały: Kowalski\nCzarny: Nowak\n", "Kowalski", "Nowak"),
        ("Blanco: García\nNegro: López\n", "García", "López"),
        ("Világos: Kovács\nSötét: Nagy\n", "Kovács", "Nagy"),
    ] {
        let out = convert_text(&format!("{head}\n1. e4 e5 1-0\n"), "x.txt", &opts);
        assert!(out.errors.is_empty(), "{head}: {:?}", out.errors);
        assert!(
            out.text.contains(&format!("[White \"{white}\"]"))
                && out.text.contains(&format!("[Black \"{black}\"]")),
            "{head}: {}",
            out.text
        );
    }
}

/// A PGN game's glyphs, comments and variations (nested too) are converted with its moves, in
/// any form and letter set, and read back; a variation whose move is not legal is left out and
/// said; UCI, which has no room for them, says it leaves them out.
#[test]
fn comments_glyphs_and_variations_are_converted_with_the_moves() {
    let pgn = "[Event \"x\"]\n[Result \"*\"]\n\n{Before} 1. e4 e5 (1... c5 2. Ke3) \
               (1... e6 {French} 2. d4 (2. Nf3 d5) d5) 2. Nf3 $146 Nc6 $2 3. Bb5 $16 *\n";
    let out = convert_text(pgn, "v.pgn", &ConvertOptions::default());
    assert_eq!(out.games, 1, "{:?}", out.errors);
    let movetext = "{ Before } 1. e4 e5 ( 1... e6 { French } 2. d4 ( 2. Nf3 d5 ) 2... d5 ) \
                    2. Nf3\n$146 Nc6 $2 3. Bb5 $16 *\n";
    assert!(out.text.ends_with(movetext), "{}", out.text);
    assert_eq!(
        out.notes,
        [
            "v.pgn:4:31: game 1: the variation's move 2. 'Ke3': no white king (K) can move to e3 \
          (Article 3): the variation is left out"
        ]
    );
    // Czech letters, the glyphs books print; read back, the same game.
    let fide = ConvertOptions {
        notation: Notation::Fide,
        to: LetterSet::by_code("cs").unwrap().clone(),
        ..ConvertOptions::default()
    };
    let cs = convert_text(pgn, "v.pgn", &fide);
    assert!(cs.text.contains("Jc6? 3. Sb5\u{b1} *"), "{}", cs.text);
    let back = convert_text(&cs.text, "v.txt", &ConvertOptions::default());
    assert!(back.errors.is_empty(), "{:?}", back.errors);
    assert!(back.text.ends_with(movetext), "{}", back.text);
    let uci = ConvertOptions {
        notation: Notation::Uci,
        ..ConvertOptions::default()
    };
    let uci = convert_text(pgn, "v.pgn", &uci);
    assert_eq!(uci.text, "e2e4 e7e5 g1f3 b8c6 f1b5 *\n");
    assert!(
        uci.notes.iter().any(|n| n
            == "v.pgn:4: game 1: UCI has no room for glyphs, comments or variations: \
                           left out"),
        "{:?}",
        uci.notes
    );
}

/// Glyphs typed on a move list, glued or apart, in brackets, as assessments or as NAGs, read
/// (before: `Sb5(!)` and `Sa4±` failed the game, `$1` too) and kept.
#[test]
fn glyphs_typed_on_a_sheet_are_read_and_kept() {
    let sheet =
        "1. e4 $1 e5 2. Jf3 Jc6 3. Sb5(!) a6 4. Sa4 \u{b1} Jf6 5. 0-0 Se7!? 6. Ve1 b5 +- *\n";
    let out = convert_text(sheet, "g.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    let movetext: Vec<&str> = out
        .text
        .split_whitespace()
        .skip_while(|w| *w != "1.")
        .collect();
    assert_eq!(
        movetext.join(" "),
        "1. e4 $1 e5 2. Nf3 Nc6 3. Bb5 $1 a6 4. Ba4 $16 Nf6 5. O-O Be7 $5 6. Re1 b5 $18 *"
    );
    // `+-` and `+=` glued to a move are assessments, not a check.
    let out = convert_text(
        "1. e4 e5 2. Dh5+- Jc6 3. Sc4+= *",
        "g.txt",
        &ConvertOptions::default(),
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.doubts.is_empty(), "{:?}", out.doubts);
    assert!(
        out.text.ends_with("2. Qh5 $18 Nc6 3. Bc4 $14 *\n"),
        "{}",
        out.text
    );
}

/// A head's `FEN:` line sets the position the game starts from (before: left out, and the
/// moves read from the standard start failed), written as PGN writes it, SetUp with FEN; a FEN
/// that sets up no position is said at its place in the head.
#[test]
fn a_fen_line_in_the_head_sets_the_start() {
    let sheet = "Bílý: Novák\nFEN: 8/1P6/8/8/8/8/k7/4K3 w - - 0 1\n\n1. b8D Ka1 *\n";
    let out = convert_text(sheet, "f.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(
        out.text
            .contains("[SetUp \"1\"]\n[FEN \"8/1P6/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. b8=Q Ka1 *"),
        "{}",
        out.text
    );
    assert!(out.notes.is_empty(), "{:?}", out.notes);
    let bad = convert_text(
        "FEN: 8/8/8/8/8/8/k7/4K3 x - - 0 1\n1. Kd2 *\n",
        "f.txt",
        &ConvertOptions::default(),
    );
    assert_eq!(bad.games, 0);
    assert_eq!((bad.errors[0].line, bad.errors[0].column), (1, 6));
}

/// The sheet forms write the tags a game has that say something above its moves (players,
/// event, date, ratings, ECO; not `?`, not the result that ends the moves), in PGN's tag form,
/// and read back to the same game. Before, the short and long forms and figurines wrote the
/// moves alone and the players, event and date were lost without a word.
#[test]
fn sheet_forms_keep_the_tags_and_read_back_to_them() {
    let pgn = "[Event \"Mistrovství ČR\"]\n[Site \"Praha\"]\n[Date \"2024.??.??\"]\n\
               [Round \"3\"]\n[White \"Novák, Jan\"]\n[Black \"Svoboda, Petr\"]\n\
               [Result \"1-0\"]\n[WhiteElo \"2100\"]\n[ECO \"C60\"]\n\n\
               1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5) a6 1-0\n\n\
               [Event \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n\
               [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n\n1. d4 d5 *\n";
    let back = convert_text(pgn, "g.pgn", &ConvertOptions::default());
    assert!(back.errors.is_empty(), "{:?}", back.errors);
    for notation in [
        Notation::Fide,
        Notation::Long,
        Notation::LongHyphen,
        Notation::Figurine,
    ] {
        let opts = ConvertOptions {
            to: LetterSet::by_code("cs").unwrap().clone(),
            notation,
            ..ConvertOptions::default()
        };
        let sheet = convert_text(pgn, "g.pgn", &opts);
        assert_eq!(sheet.games, 3, "{notation:?}");
        assert!(
            sheet.text.starts_with(
                "[Event \"Mistrovství ČR\"]\n[Site \"Praha\"]\n[Date \"2024.??.??\"]\n\
                 [Round \"3\"]\n[White \"Novák, Jan\"]\n[Black \"Svoboda, Petr\"]\n\
                 [WhiteElo \"2100\"]\n[ECO \"C60\"]\n\n1. "
            ),
            "{notation:?}: {}",
            sheet.text
        );
        // The second game: where it starts, no unknown Event; the third: moves alone.
        assert!(
            sheet
                .text
                .contains("\n\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. "),
            "{}",
            sheet.text
        );
        let third = sheet.text.rsplit("\n\n").next().unwrap_or("");
        assert!(
            third.starts_with("1. d") && third.ends_with(" *\n"),
            "{}",
            sheet.text
        );
        assert!(!sheet.text.contains("\"?\""), "{}", sheet.text);
        assert!(sheet.notes.is_empty(), "{:?}", sheet.notes);
        if notation == Notation::Figurine {
            continue;
        }
        let again = convert_text(&sheet.text, "g.txt", &ConvertOptions::default());
        assert!(again.errors.is_empty(), "{:?}", again.errors);
        assert_eq!(again.text, back.text, "{notation:?}");
    }
    // SAN stays movetext alone, as it was.
    let san = ConvertOptions {
        notation: Notation::San,
        ..ConvertOptions::default()
    };
    let out = convert_text(pgn, "g.pgn", &san);
    assert!(out.text.starts_with("1. e4 e5 2. Nf3"), "{}", out.text);
}

/// Comments typed in braces between a move list's moves are kept (before, the sheet reader
/// passed over them and convert dropped them without a word): written after their moves in
/// every form, before the first move where they stand there, `{ (=) }` read as a draw offer;
/// on a sheet typed in columns, a comment stays after the move it follows.
#[test]
fn comments_in_a_move_list_are_kept() {
    let sheet = "{Kolo 3} 1. e4 {nejlepší} e5 2. Jf3 { (=) } Jc6 {dlouhý\nkomentář} \
                 3. Sb5{Ruy}a6 1-0\n";
    let out = convert_text(sheet, "s.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    let text = out.text.replace('\n', " ");
    assert!(
        text.contains(
            "{ Kolo 3 } 1. e4 { nejlepší } 1... e5 2. Nf3 { (=) } 2... Nc6 { dlouhý komentář } \
             3. Bb5"
        ),
        "{}",
        out.text
    );
    assert!(text.contains("{ Ruy } 3... a6 1-0"), "{}", out.text);
    let game = read_game(
        &read_sheet(sheet)[0],
        "s.txt",
        &FromLetters::Set(LetterSet::by_code("cs").unwrap().clone()),
    )
    .unwrap();
    assert!(game.moves[2].1, "the draw offer after 2. Jf3");
    assert_eq!(game.comments_before, ["Kolo 3"]);
    assert_eq!(game.glosses[4].comments, ["Ruy"]);
    // Typed in two columns, White's then Black's: each comment after its own move.
    let columns = "1. e4 {a}\n2. Jf3\n1... e5 {b}\n2... Jc6 {c}\n*\n";
    let games = read_sheet(columns);
    assert_eq!(games.len(), 1, "{games:?}");
    let texts: Vec<&str> = games[0].moves.iter().map(|m| m.text).collect();
    assert_eq!(texts, ["e4", "e5", "Jf3", "Jc6"]);
    assert_eq!(games[0].comments, [(1, "a"), (2, "b"), (4, "c")]);
}

/// convert says its errors, doubts and notes in the order a reader going down the file meets
/// them (before, every error came first, then the doubts, then the notes: game 4's error above
/// game 2's doubt).
#[test]
fn the_cli_says_errors_and_notes_in_file_order() {
    let dir = std::env::temp_dir().join(format!("scoresheet-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.txt");
    std::fs::write(
        &file,
        "1. e4 e5 2. Jf3 Jc6 3. Sx5 *\n\n1. e4 e5 2. Jxf3 *\n\n1. e4 e5 3. Jf3 *\n\n1. e4 Zz *\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["convert", file.to_str().unwrap(), "--from", "cs"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<(&str, &str)> = stderr
        .lines()
        .map(|l| {
            let (kind, rest) = l.split_once(": ").unwrap_or((l, ""));
            let place = rest.split_once(": ").map_or(rest, |(p, _)| p);
            (
                kind,
                place.rsplit_once("m.txt:").map_or(place, |(_, at)| at),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("error", "1:24"),
            ("note", "3:13"),
            ("note", "5:13"),
            ("error", "7:7")
        ],
        "{stderr}"
    );
}

/// A Russian sheet typed with Latin look-alikes of its letters (`Kf3` for Кf3, `Cb5` for Сb5,
/// `Kph8` for Крh8) reads with `--from ru`, and without it under a Russian head (`Белые:`);
/// before, both failed at the first Latin letter. Elsewhere K stays the king: an English game
/// with a Russian head still reads in English letters.
#[test]
fn latin_look_alikes_in_a_russian_sheet_are_read() {
    let moves = "1. e4 e5 2. Kf3 Kc6 3. Cb5 a6 4. Ca4 Kf6 5. 0-0 Ce7 6. Лe1 b5 7. Cb3 d6 \
                 8. c3 0-0 9. h3 Kph8 *\n";
    let want = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 \
                O-O 9. h3 Kh8 *";
    let ru = ConvertOptions {
        from: FromLetters::Set(LetterSet::by_code("ru").unwrap().with_latin_twins()),
        ..ConvertOptions::default()
    };
    let flat = |text: &str| text.replace('\n', " ");
    let given = convert_text(moves, "r.txt", &ru);
    assert!(given.errors.is_empty(), "{:?}", given.errors);
    assert!(flat(&given.text).contains(want), "{}", given.text);
    let headed = format!("Белые: Каспаров\nЧерные: Карпов\n\n{moves}");
    let auto = convert_text(&headed, "r.txt", &ConvertOptions::default());
    assert!(auto.errors.is_empty(), "{:?}", auto.errors);
    assert!(flat(&auto.text).contains(want), "{}", auto.text);
    // Said, at the first such move.
    assert_eq!(auto.notes.len(), 1, "{:?}", auto.notes);
    assert!(
        auto.notes[0].starts_with("r.txt:4:13: game 1: Latin letters read as the ru letters"),
        "{:?}",
        auto.notes
    );
    // A sheet in Cyrillic letters says nothing of the kind.
    let cyrillic = "Белые: Каспаров\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 *\n";
    let out = convert_text(cyrillic, "r.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty() && out.notes.is_empty(), "{out:?}");
    // Without the head nothing says Russian: K is the king, and the game fails at 2. Kf3.
    let bare = convert_text(moves, "r.txt", &ConvertOptions::default());
    assert_eq!(bare.errors.len(), 1);
    assert_eq!(bare.errors[0].move_number, 2);
    // An English game under a Russian head reads in English letters.
    let english = "Белые: Каспаров\n\n1. e4 e5 2. Ke2 Nc6 *\n";
    let out = convert_text(english, "r.txt", &ConvertOptions::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert!(out.text.contains("2. Ke2 Nc6 *"), "{}", out.text);
    // The CLI's --from ru reads them too.
    let dir = std::env::temp_dir().join(format!("scoresheet-ru-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("r.txt");
    std::fs::write(&file, moves).unwrap();
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["convert", file.to_str().unwrap(), "--from", "ru"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        cli.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&cli.stderr)
    );
    assert!(flat(&String::from_utf8(cli.stdout).unwrap()).contains(want));
}
