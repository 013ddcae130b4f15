//! `clean` on databases that mix good, broken, duplicate and mis-resulted games: every game
//! ends in exactly one place, rejects keep their bytes, and the report's counts are right.

use scoresheet::batch::{
    check, clean, CheckOptions, CleanOptions, CleanOutputs, CleanReport, Input, Options,
};
use std::io::Write;
use std::path::{Path, PathBuf};

mod common;
use common::Scratch;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/clean")
        .join(name)
}

fn run(inputs: &[Input], dir: &Path, options: &CleanOptions) -> (CleanReport, String, String) {
    let outputs = CleanOutputs::new(dir.join("out.pgn"), None);
    let report = clean(inputs, &outputs, options).unwrap();
    let out = std::fs::read_to_string(&outputs.out).unwrap();
    let rejects = std::fs::read_to_string(&outputs.rejects).unwrap();
    (report, out, rejects)
}

/// The details of the changes of one kind (`result`, `date`, ...) the report lists, in order.
fn changes_of<'a>(report: &'a CleanReport, kind: &str) -> Vec<&'a str> {
    report
        .changes
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.detail.as_str())
        .collect()
}

/// `clean` of `pgn`, written to `name` in `scratch`: the report, the output and the rejects.
fn clean_text(
    scratch: &Scratch,
    name: &str,
    pgn: &str,
    options: &CleanOptions,
) -> (CleanReport, String, String) {
    let path = scratch.0.join(name);
    std::fs::write(&path, pgn).unwrap();
    run(&[Input::Path(path)], &scratch.0, options)
}

/// `clean --fix-results` of `pgn`, written to `name` in `scratch`: the report and the output.
fn clean_fixing_results(scratch: &Scratch, name: &str, pgn: &str) -> (CleanReport, String) {
    let options = CleanOptions {
        fix_results: true,
        ..CleanOptions::default()
    };
    let (report, out, _) = clean_text(scratch, name, pgn, &options);
    assert!(report.balanced());
    (report, out)
}

fn events(pgn: &str) -> Vec<&str> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("[Event \"")?.strip_suffix("\"]"))
        .collect()
}

#[test]
fn every_game_is_written_or_rejected_and_rejects_keep_their_bytes() {
    let scratch = Scratch::new("clean-plain");
    for threads in [1, 2] {
        let options = CleanOptions {
            engine: Options {
                threads,
                batch_bytes: 200,
            },
            ..CleanOptions::default()
        };
        let (report, out, rejects) =
            run(&[Input::Path(fixture("mixed.pgn"))], &scratch.0, &options);
        assert!(report.balanced());
        assert_eq!(
            (
                report.read,
                report.written,
                report.rejected,
                report.duplicates
            ),
            (9, 6, 3, 0)
        );
        assert_eq!(report.errors_by_kind.get("illegal"), Some(&1));
        // The unclosed comment and the stray text between games.
        assert_eq!(
            report.errors_by_kind.get("syntax"),
            Some(&2),
            "{:?}",
            report.errors_by_kind
        );
        assert_eq!(
            events(&out),
            [
                "Club championship",
                "Club championship",
                "Club championship",
                "Fool's mate, wrong result",
                "Stalemate, wrong result",
                "Same moves, other players"
            ]
        );
        // The rejects file holds each rejected game byte for byte, after a comment with its error.
        let original = std::fs::read_to_string(fixture("mixed.pgn")).unwrap();
        let illegal_start = original.find("[Event \"Illegal\"]").unwrap();
        let illegal_end = original.find("[Event \"Fool's").unwrap();
        assert!(rejects.contains(&original[illegal_start..illegal_end]));
        assert!(rejects.contains("mixed.pgn:34:24: move 3"), "{rejects}");
        assert!(
            rejects.contains("move 3 (white) 'Qxf7+': illegal"),
            "{rejects}"
        );
        let unclosed = original.find("[Event \"Unclosed").unwrap();
        let unclosed_end = original.find("[Event \"Same moves").unwrap();
        assert!(rejects.contains(&original[unclosed..unclosed_end]));
        assert!(rejects.contains("{ scoresheet: rejected: "));
        assert!(rejects.contains("mixed.pgn:52:1: text between games that is not a game"));
        assert!(rejects.contains("this line is not a game\n"));
        // Without --fix-results the recorded results stand.
        assert!(out.contains("1. f3 e5 2. g4 Qh4# 1-0"));
    }
}

#[test]
fn dedupe_keeps_the_richest_copy_and_fix_results_follows_the_board() {
    let scratch = Scratch::new("clean-dedupe");
    // The same file again, gzip-compressed: every game in it is a duplicate or a reject again.
    let gz = scratch.0.join("again.pgn.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(&std::fs::read(fixture("mixed.pgn")).unwrap())
        .unwrap();
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let options = CleanOptions {
        dedupe: true,
        fix_results: true,
        engine: Options {
            threads: 2,
            batch_bytes: 300,
        },
        ..CleanOptions::default()
    };
    let inputs = [Input::Path(fixture("mixed.pgn")), Input::Path(gz)];
    let (report, out, _) = run(&inputs, &scratch.0, &options);
    assert!(report.balanced());
    assert_eq!(
        (
            report.read,
            report.written,
            report.rejected,
            report.duplicates
        ),
        (18, 4, 6, 8)
    );
    assert_eq!(report.inputs[1].compression, "gzip");
    assert_eq!(
        (report.inputs[1].written, report.inputs[1].duplicates),
        (0, 6)
    );
    // Of the three copies of the club game, the one with the comment and the Elo is kept.
    let club: Vec<&str> = events(&out)
        .into_iter()
        .filter(|e| *e == "Club championship")
        .collect();
    assert_eq!(club.len(), 1);
    assert!(out.contains("{the Spanish}"));
    assert!(out.contains("[WhiteElo \"2100\"]"));
    // Other players, same moves: not a duplicate.
    assert!(out.contains("[Black \"Dvořák, Karel\"]"));
    // Results from the board: mate gives 0-1, stalemate a draw; both reported.
    assert!(out.contains("1. f3 e5 2. g4 Qh4# 0-1"));
    assert!(out.contains("10. Qe6 1/2-1/2"));
    let result_changes: Vec<&str> = report
        .changes
        .iter()
        .filter(|c| c.kind == "result" && c.origin.file.ends_with("mixed.pgn"))
        .map(|c| c.detail.as_str())
        .collect();
    assert_eq!(
        result_changes,
        [
            "Result 1-0 → 0-1 (checkmate; Article 5.1.1 of the 2023 Laws)",
            "Result 1-0 → 1/2-1/2 (stalemate; Article 5.2.1 of the 2023 Laws)"
        ]
    );
    assert!(report
        .changes
        .iter()
        .any(|c| c.kind == "date" && c.detail.contains("2023.05.01")));
    assert_eq!(report.merges.len(), 8);
}

/// Of two copies of a game, the one with annotations is kept over a bare one whose tags only
/// repeat what the moves say (SetUp and FEN of the start, PlyCount) or whose date is fuller;
/// and when a later input's copy takes the place of an earlier one, the per-input counts follow
/// the copy kept (before, the later input was counted with the duplicate and the earlier with
/// the game written, against the merge list).
#[test]
fn dedupe_keeps_the_annotated_copy_and_counts_each_input_by_the_copy_kept() {
    let scratch = Scratch::new("clean-dedupe-annotated");
    let options = CleanOptions {
        dedupe: true,
        ..CleanOptions::default()
    };
    let head = "[Event \"E\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"1-0\"]\n";
    let bare = format!(
        "{head}[Date \"2020.05.05\"]\n[SetUp \"1\"]\n\
         [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[PlyCount \"5\"]\n\
         [ECO \"C60\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n"
    );
    let annotated = format!(
        "{head}[Date \"2020.??.??\"]\n\n1. e4 {{best by test}} e5 2. Nf3 Nc6 (2... d6 3. d4) \
         3. Bb5 1-0\n\n"
    );
    let (first, second) = (scratch.0.join("bare.pgn"), scratch.0.join("annotated.pgn"));
    std::fs::write(&first, &bare).unwrap();
    std::fs::write(&second, &annotated).unwrap();
    let (report, out, _) = run(
        &[Input::Path(first), Input::Path(second)],
        &scratch.0,
        &options,
    );
    assert!(report.balanced());
    assert_eq!((report.written, report.duplicates), (1, 1));
    assert!(
        out.contains("{best by test}") && out.contains("(2... d6 3. d4)"),
        "{out}"
    );
    assert_eq!(report.merges.len(), 1);
    assert!(report.merges[0].kept.file.ends_with("annotated.pgn"));
    let counts: Vec<(u64, u64)> = report
        .inputs
        .iter()
        .map(|i| (i.written, i.duplicates))
        .collect();
    assert_eq!(
        counts,
        [(0, 1), (1, 0)],
        "each input counted by the copy kept"
    );
    // What only the bare copy knew is not lost with it: its full date and its ECO code.
    assert!(
        out.contains("[Date \"2020.05.05\"]") && out.contains("[ECO \"C60\"]"),
        "{out}"
    );
    let fills = changes_of(&report, "tag_filled");
    assert_eq!(fills.len(), 2, "{fills:?}");
    assert!(
        fills[0].starts_with("Date \"2020.05.05\" from its duplicate "),
        "{fills:?}"
    );
    assert!(
        fills[1].starts_with("ECO \"C60\" from its duplicate "),
        "{fills:?}"
    );
    assert!(
        fills
            .iter()
            .all(|f| f.ends_with("bare.pgn game 1 (line 1)")),
        "{fills:?}"
    );
}

/// The copy kept takes what its duplicates knew and it did not: an unknown player, the digits of
/// a date (each copy that gave some named), a tag it lacks; the first duplicate to know a tag
/// gives its value, and a value the copy kept knows stays (before, all of it was lost with the
/// duplicates).
#[test]
fn dedupe_fills_the_copy_kept_with_what_its_duplicates_knew() {
    let scratch = Scratch::new("clean-dedupe-fills");
    let options = CleanOptions {
        dedupe: true,
        ..CleanOptions::default()
    };
    let game = |tags: &str, moves: &str| format!("{tags}[Result \"1-0\"]\n\n{moves} 1-0\n\n");
    let pgn = [
        game(
            "[Event \"Open\"]\n[White \"X\"]\n[Black \"?\"]\n[Date \"2020.??.??\"]\n",
            "1. e4 {a comment} e5 2. Nf3",
        ),
        game(
            "[Event \"Open B\"]\n[Site \"Prague\"]\n[White \"X\"]\n[Black \"Y\"]\n\
             [Date \"2020.05.??\"]\n",
            "1. e4 e5 2. Nf3",
        ),
        game("[Event \"Other\"]\n[White \"Z\"]\n", "1. d4 d5"),
        game(
            "[Site \"Brno\"]\n[White \"?\"]\n[Black \"Y\"]\n[Date \"????.??.07\"]\n\
             [ECO \"C40\"]\n",
            "1. e4 e5 2. Nf3",
        ),
    ]
    .concat();
    let (report, out, _) = clean_text(&scratch, "copies.pgn", &pgn, &options);
    assert!(report.balanced());
    assert_eq!((report.written, report.duplicates), (2, 2), "{out}");
    let kept = out.split("\n\n\n").next().unwrap_or_default();
    for tag in [
        "[Event \"Open\"]",
        "[Site \"Prague\"]",
        "[White \"X\"]",
        "[Black \"Y\"]",
        "[Date \"2020.05.07\"]",
        "[ECO \"C40\"]",
        "{a comment}",
    ] {
        assert!(kept.contains(tag), "{tag} in {out}");
    }
    assert!(out.contains("[White \"Z\"]"), "{out}");
    let fills = changes_of(&report, "tag_filled");
    assert_eq!(fills.len(), 4, "{fills:?}");
    assert!(
        report
            .changes
            .iter()
            .filter(|c| c.kind == "tag_filled")
            .all(|c| c.origin.game == 1),
        "{:?}",
        report.changes
    );
    assert!(
        fills.iter().any(
            |f| f.starts_with("Date \"2020.05.07\" from its duplicates ")
                && f.contains("copies.pgn game 2 (line 9), ")
                && f.ends_with("copies.pgn game 4 (line 24)")
        ),
        "{fills:?}"
    );
}

#[test]
fn truncate_illegal_keeps_the_game_up_to_its_first_illegal_move() {
    let scratch = Scratch::new("clean-truncate");
    let options = CleanOptions {
        truncate_illegal: true,
        ..CleanOptions::default()
    };
    let (report, out, rejects) = run(&[Input::Path(fixture("mixed.pgn"))], &scratch.0, &options);
    assert!(report.balanced());
    assert_eq!((report.written, report.rejected), (7, 2));
    assert!(!rejects.contains("[Event \"Illegal\"]"));
    assert!(
        out.contains(
            "1. e4 e5 2. Nf3 Nc6 {scoresheet: the game was cut here: move 3 (white) 'Qxf7+':"
        ),
        "{out}"
    );
    assert!(report.changes.iter().any(|c| c.kind == "truncated"));
}

/// Moves written after a mate are rejected at the first of them, or cut there with
/// `--truncate-illegal`, as an illegal move is.
#[test]
fn moves_after_the_mate_are_rejected_there_or_cut() {
    let scratch = Scratch::new("clean-after-mate");
    let text = "[Event \"T\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 5. Qe6 1-0\n";
    let (report, _, rejects) = clean_text(&scratch, "mate.pgn", text, &CleanOptions::default());
    assert_eq!((report.read, report.rejected), (1, 1));
    assert!(
        rejects.contains(
            "mate.pgn:4:41: move 4 (black) 'Ke7': illegal: written after the game ended by \
             checkmate }"
        ),
        "{rejects}"
    );
    let options = CleanOptions {
        truncate_illegal: true,
        ..CleanOptions::default()
    };
    let (report, out, _) = clean_text(&scratch, "mate.pgn", text, &options);
    assert_eq!((report.read, report.written), (1, 1));
    assert!(
        out.contains("4. Qxf7# {scoresheet: the game was cut here:\nmove 4 (black) 'Ke7'"),
        "{out}"
    );
    assert!(
        out.ends_with("after the game ended by checkmate} 1-0\n\n"),
        "{out}"
    );
    assert_eq!(
        changes_of(&report, "truncated"),
        ["cut before move 4 'Ke7': written after the game ended by checkmate"]
    );
}

/// A variation going on after its own mate (or stalemate) is rejected at its first move past
/// the end, with that move's place, or cut there with `--truncate-illegal`: not a game-level
/// error at the game's first line that the cut leaves standing.
#[test]
fn variation_moves_after_its_mate_are_rejected_there_or_cut() {
    let scratch = Scratch::new("clean-variation-after-mate");
    let text = "[Event \"V\"]\n[Result \"*\"]\n\n\
                1. f3 e5 2. g4 Nc6 (2... Qh4# 3. Kf2) 3. Nc3 *\n";
    let (report, _, rejects) = clean_text(&scratch, "var.pgn", text, &CleanOptions::default());
    assert_eq!((report.read, report.rejected), (1, 1));
    assert!(
        rejects.contains(
            "var.pgn:4:34: move 3 (white) 'Kf2': illegal: in a variation, written after the \
             game ended by checkmate }"
        ),
        "{rejects}"
    );
    let options = CleanOptions {
        truncate_illegal: true,
        ..CleanOptions::default()
    };
    let (report, out, _) = clean_text(&scratch, "var.pgn", text, &options);
    assert_eq!((report.read, report.written), (1, 1));
    assert!(
        out.contains("(2... Qh4# {scoresheet: the game was cut here: move 3\n(white) 'Kf2'"),
        "{out}"
    );
    assert!(
        out.contains("in a variation, written after the game ended by checkmate}) 3.\nNc3 *"),
        "{out}"
    );
    assert_eq!(changes_of(&report, "truncated").len(), 1);
}

/// Tags put in export form with a change each: a roster name in another case, a Result that
/// is none of PGN's four (the movetext's stands), a FEN tag without SetUp.
#[test]
fn tag_names_results_and_setup_are_put_right_and_reported() {
    let scratch = Scratch::new("clean-tag-forms");
    let pgn = "[Event \"T\"]\n[Result \"2-0\"]\n\n1. e4 e5 1-0\n\n\
               [event \"x\"]\n[Result \"*\"]\n\n1. d4 *\n\n\
               [Event \"y\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n1. Kd2 *\n\n\
               [Event \"z\"]\n[SetUp \"1\"]\n[FEN \"\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let (report, out, _) = clean_text(&scratch, "tags.pgn", pgn, &CleanOptions::default());
    assert_eq!((report.read, report.written), (4, 4));
    assert_eq!(events(&out), ["T", "x", "y", "z"]);
    // An empty FEN tag (the initial position) goes, with its SetUp "1": the game is written as
    // one from the start (it was written with SetUp "1" and FEN "", which no reader takes).
    assert!(out.contains("[Result \"*\"]\n\n1. e4 *"), "{out}");
    assert!(!out.contains("[FEN \"\"]"), "{out}");
    assert!(!out.contains("[event"), "{out}");
    assert!(out.contains("[Result \"1-0\"]\n\n1. e4 e5 1-0"), "{out}");
    assert!(
        out.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]"),
        "{out}"
    );
    assert_eq!(
        changes_of(&report, "result"),
        ["Result \"2-0\" is no result → 1-0, the movetext's"]
    );
    assert_eq!(changes_of(&report, "tag_name"), ["event → Event"]);
    assert_eq!(
        changes_of(&report, "setup"),
        [
            "SetUp \"1\" added for the FEN tag",
            "FEN \"\" removed: an empty FEN tag sets up no position (the game starts from the initial one)"
        ]
    );
}

/// Moves whose letter set was detected other than English are rewritten, which the report
/// says: an English game with a slip that Hungarian letters read (`2. Ba3`) is not rewritten
/// unnoticed.
#[test]
fn moves_read_in_detected_national_letters_are_a_change_reported() {
    let scratch = Scratch::new("clean-letters");
    let pgn = "[Event \"T\"]\n[Result \"*\"]\n\n1. a4 e5 2. Ba3 d5 3. e3 e4 *\n\n\
               [Event \"U\"]\n[Result \"*\"]\n\n1. e4 e5 2. Jf3 Jc6 *\n\n\
               [Event \"V\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let (report, out, _) = clean_text(&scratch, "letters.pgn", pgn, &CleanOptions::default());
    assert_eq!(report.written, 3);
    assert!(out.contains("2. Ra3"), "{out}");
    assert_eq!(
        changes_of(&report, "letters"),
        [
            "the moves were read in the hu letters",
            "the moves were read in the cs letters"
        ]
    );
}

/// A mainline with null moves is analysis: `--fix-results` gives it no result, however it
/// ends on the board.
#[test]
fn fix_results_gives_no_result_to_a_line_with_null_moves() {
    let scratch = Scratch::new("clean-null-moves");
    let pgn = "[Event \"T\"]\n[Result \"*\"]\n\n1. e4 -- 2. Bc4 -- 3. Qh5 -- 4. Qxf7# *\n";
    let (report, out) = clean_fixing_results(&scratch, "null.pgn", pgn);
    assert_eq!(report.written, 1);
    assert!(changes_of(&report, "result").is_empty());
    assert!(out.contains("[Result \"*\"]"), "{out}");
}

/// A game with an illegal move and, later, a syntax error (a variation never closed) is
/// rejected for its first error, the illegal move, as `check` reports it, with the syntax error
/// said after it; the report counts it as illegal. Its bytes are kept, and the game beside it
/// in the same section is written.
#[test]
fn a_syntax_error_after_an_illegal_move_is_rejected_for_the_illegal_move() {
    let scratch = Scratch::new("clean-illegal-then-syntax");
    let pgn = "[Event \"A\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Bb5 (3. Bc4 a6 *\n\n\
               [Event \"B\"]\n\n1. d4 d5 *\n";
    let (report, out, rejects) = clean_text(&scratch, "mixed.pgn", pgn, &CleanOptions::default());
    assert!(report.balanced());
    assert_eq!((report.written, report.rejected), (1, 1));
    assert_eq!(report.errors_by_kind.get("illegal"), Some(&1), "{report:?}");
    assert_eq!(report.errors_by_kind.get("syntax"), None, "{report:?}");
    assert!(
        rejects.contains(
            "mixed.pgn:3:13: move 2 (white) 'Ke3': illegal: no white king (K) can move to e3 \
             (Article 3); then a syntax error at 3:28: variation `(` never closed }"
        ),
        "{rejects}"
    );
    assert!(
        rejects.ends_with("1. e4 e5 2. Ke3 Nc6 3. Bb5 (3. Bc4 a6 *\n\n"),
        "{rejects}"
    );
    assert_eq!(events(&out), ["B"]);
    // A syntax error with no illegal move before it is still the reason.
    let pgn = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 a6 *\n";
    let (report, _, rejects) = clean_text(&scratch, "syntax.pgn", pgn, &CleanOptions::default());
    assert_eq!(report.errors_by_kind.get("syntax"), Some(&1), "{report:?}");
    assert!(
        rejects.contains("syntax.pgn:3:28: variation `(` never closed }"),
        "{rejects}"
    );
}

/// `--encoding utf-8` on bytes that are not: the game is rejected at its first bad byte, as
/// `check` reports it, not written with replacement characters.
#[test]
fn bytes_that_are_not_the_chosen_utf8_are_rejected_there() {
    let scratch = Scratch::new("clean-not-utf8");
    let bytes = b"[Event \"T\"]\n[White \"Hor\xe1\xe8ek\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    let path = scratch.0.join("latin2.pgn");
    std::fs::write(&path, bytes).unwrap();
    let options = CleanOptions {
        encoding: Some(scoresheet::encoding::Encoding::Utf8),
        ..CleanOptions::default()
    };
    let outputs = CleanOutputs::new(scratch.0.join("utf8.pgn"), None);
    let report = clean(&[Input::Path(path.clone())], &outputs, &options).unwrap();
    assert_eq!((report.read, report.rejected), (1, 1));
    let rejects = std::fs::read(&outputs.rejects).unwrap();
    let note = b"latin2.pgn:2:12: invalid UTF-8 (wrong encoding?) }\n";
    let at = rejects.len() - bytes.len();
    assert!(
        rejects[..at].ends_with(note),
        "{}",
        String::from_utf8_lossy(&rejects)
    );
    assert_eq!(&rejects[at..], bytes);
    // Detected, the same bytes are ISO-8859-2 and the game is written.
    let (report, out, _) = run(&[Input::Path(path)], &scratch.0, &CleanOptions::default());
    assert_eq!(report.written, 1);
    assert!(out.contains("Horáček"), "{out}");
}

/// A variation wrong from its first move is left out whole with `--truncate-illegal`, and
/// each broken variation is cut, not only the first.
#[test]
fn truncate_illegal_leaves_out_variations_wrong_from_their_first_move() {
    let scratch = Scratch::new("clean-truncate-variations");
    let pgn = "[Event \"T\"]\n[Result \"*\"]\n\n1. e4 (1. Ke2) e5 2. Nf3 (2. Qxx (2. Ke3)) *\n";
    let options = CleanOptions {
        truncate_illegal: true,
        ..CleanOptions::default()
    };
    let (report, out, _) = clean_text(&scratch, "var.pgn", pgn, &options);
    assert_eq!((report.read, report.written), (1, 1));
    assert_eq!(
        changes_of(&report, "truncated"),
        [
            "cut before move 1 'Ke2': illegal",
            "cut before move 2 'Qxx': unparsable"
        ]
    );
    assert!(!out.contains("(1.") && !out.contains("(2."), "{out}");
    // The notes say a variation was left out, not that the game was cut: it goes on.
    assert!(
        out.contains("1. e4 {scoresheet: a variation was left out here: move 1 (white) 'Ke2'"),
        "{out}"
    );
    // (Wherever the export format's lines break.)
    assert!(
        out.replace('\n', " ")
            .contains("1... e5 2. Nf3 {scoresheet: a variation was left out here"),
        "{out}"
    );
    assert!(!out.contains("the game was cut"), "{out}");
}

#[test]
fn the_cli_reports_counts_and_exits_1_when_games_were_rejected() {
    let scratch = Scratch::new("clean-cli");
    let out = scratch.0.join("clean.pgn");
    let report = scratch.0.join("report.json");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["clean", "-q", "--dedupe", "-o"])
        .arg(&out)
        .arg("--report")
        .arg(&report)
        .arg(fixture("mixed.pgn"))
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(json["read"], 9);
    assert_eq!(
        json["written"].as_u64().unwrap()
            + json["rejected"].as_u64().unwrap()
            + json["duplicates"].as_u64().unwrap(),
        9
    );
    assert!(scratch.0.join("clean.rejects.pgn").exists());
}

/// The progress a `clean` run reports matches its report: every game read once, the rejected
/// ones as errors, every byte of the input.
#[test]
fn progress_counts_match_the_report() {
    use scoresheet::batch::{clean_with_progress, Progress, Tally};
    struct Record(Vec<Tally>, bool);
    impl Progress for Record {
        fn game(&mut self, tally: &Tally) {
            self.0.push(*tally);
        }
        fn finish(&mut self, _: &Tally) {
            self.1 = true;
        }
    }
    let scratch = Scratch::new("clean-progress");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let path = fixture("mixed.pgn");
    let mut record = Record(Vec::new(), false);
    let report = clean_with_progress(
        &[Input::Path(path.clone())],
        &outputs,
        &CleanOptions::default(),
        &mut record,
    )
    .unwrap();
    assert!(record.1, "finish was called");
    let games: Vec<u64> = record.0.iter().map(|t| t.games).collect();
    assert_eq!(games, (1..=report.read).collect::<Vec<_>>());
    let last = record.0.last().copied().unwrap_or_default();
    assert_eq!(last.errors, report.rejected);
    assert_eq!(last.bytes, std::fs::metadata(&path).unwrap().len());
}

/// `--fix-results` and a dead position (Laws 5.2.2) that is not a lack of material: a locked
/// pawn wall the kings cannot cross. A game stated decisive or unfinished there becomes a draw;
/// one stated drawn is left as it is, with no change reported (its analysis is skipped).
#[test]
fn fix_results_draws_a_game_that_ended_in_a_dead_position() {
    let scratch = Scratch::new("clean-dead");
    let wall = "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 60";
    let mut pgn = String::new();
    for (event, result) in [
        ("Decisive", "1-0"),
        ("Unfinished", "*"),
        ("Drawn", "1/2-1/2"),
    ] {
        pgn.push_str(&format!(
            "[Event \"{event}\"]\n[Result \"{result}\"]\n[SetUp \"1\"]\n[FEN \"{wall}\"]\n\n\
             60. Kd3 Kd6 {result}\n\n"
        ));
    }
    let (report, out) = clean_fixing_results(&scratch, "wall.pgn", &pgn);
    assert_eq!((report.read, report.written), (3, 3));
    assert_eq!(
        changes_of(&report, "result"),
        [
            "Result 1-0 → 1/2-1/2 (dead position; Article 5.2.2 of the 2023 Laws, before move 60 (white))",
            "Result * → 1/2-1/2 (dead position; Article 5.2.2 of the 2023 Laws, before move 60 (white))"
        ]
    );
    assert_eq!(out.matches("60. Kd3 Kd6 1/2-1/2").count(), 3, "{out}");
}

/// `--fix-results` and an automatic draw the players went on past without noticing: under
/// the Laws in force on the game's date (fivefold from 2014) the game ended drawn there, whatever
/// the moves after it reached; before 2014 there was no such rule and the mate stands.
#[test]
fn fix_results_draws_a_game_that_went_on_past_a_fivefold_repetition() {
    let scratch = Scratch::new("clean-past-fivefold");
    let out_and_back = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
    let mut pgn = String::new();
    // A year known only in its first digits is taken at its earliest: the 1990s and the 2010s
    // began under Laws without the fivefold rule.
    for (event, date) in [
        ("Laws2018", "2019.05.05"),
        ("Laws2009", "2012.05.05"),
        ("Nineties", "199?.??.??"),
        ("Twenty-tens", "201?.??.??"),
    ] {
        pgn.push_str(&format!(
            "[Event \"{event}\"]\n[Date \"{date}\"]\n[Result \"0-1\"]\n\n\
             {out_and_back} f3 e5 g4 Qh4# 0-1\n\n"
        ));
    }
    let (report, out) = clean_fixing_results(&scratch, "past.pgn", &pgn);
    assert_eq!((report.read, report.written), (4, 4));
    assert_eq!(
        changes_of(&report, "result"),
        ["Result 0-1 → 1/2-1/2 (fivefold repetition; Article 9.6.1 of the 2018 Laws, before move 9 (white))"]
    );
    // Every move is kept: only the result changes.
    assert_eq!(out.matches("Qh4#").count(), 4, "{out}");
    assert_eq!(out.matches("[Result \"1/2-1/2\"]").count(), 1, "{out}");
    assert_eq!(out.matches("[Result \"0-1\"]").count(), 3, "{out}");
}

/// Dates as people write them in a Date tag, with the month in words or Roman numerals, are
/// put in PGN's form; what is no date is kept and reported.
#[test]
fn dates_written_in_words_are_put_in_pgn_form() {
    let scratch = Scratch::new("clean-dates");
    let mut pgn = String::new();
    for date in [
        "14. XI. 2026",
        "sobota 14. listopadu 2026",
        "March 3rd, 2026",
        "last Sunday",
    ] {
        pgn.push_str(&format!("[Date \"{date}\"]\n\n1. e4 e5 *\n\n"));
    }
    let path = scratch.0.join("dates.pgn");
    std::fs::write(&path, pgn).unwrap();
    let (report, out, _) = run(&[Input::Path(path)], &scratch.0, &CleanOptions::default());
    assert_eq!((report.read, report.written), (4, 4));
    let dates: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("[Date \"")?.strip_suffix("\"]"))
        .collect();
    assert_eq!(
        dates,
        ["2026.11.14", "2026.11.14", "2026.03.03", "last Sunday"]
    );
    let changes = changes_of(&report, "date");
    assert_eq!(changes[0], "Date \"14. XI. 2026\" → \"2026.11.14\"");
    assert_eq!(changes[3], "Date \"last Sunday\" is no date; kept as it is");
}

/// A rejected game whose error quotes a `}` (a comment closed twice) is still one game when
/// the rejects file is read back: the note before it cannot end early.
#[test]
fn the_rejects_file_reads_back_as_the_games_it_holds() {
    let scratch = Scratch::new("clean-rejects-brace");
    let path = scratch.0.join("brace.pgn");
    std::fs::write(
        &path,
        "[Event \"a\"]\n\n1. e4 {a {b} c} e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n",
    )
    .unwrap();
    let (report, _, rejects) = run(&[Input::Path(path)], &scratch.0, &CleanOptions::default());
    assert!(report.balanced());
    assert_eq!((report.read, report.rejected), (2, 2), "{rejects}");
    assert!(rejects.contains('\u{FF5D}'), "{rejects}");
    let again = scratch.0.join("again.pgn");
    std::fs::write(&again, &rejects).unwrap();
    let dir = scratch.0.join("again");
    std::fs::create_dir_all(&dir).unwrap();
    let (report, _, _) = run(&[Input::Path(again)], &dir, &CleanOptions::default());
    assert_eq!((report.read, report.rejected), (2, 2));
}

/// A Result tag and a movetext result that differ: the game is written with the tag's after
/// its moves too, and the change is reported (before, it was made without a word).
#[test]
fn a_movetext_result_other_than_the_tags_is_a_change_reported() {
    let scratch = Scratch::new("clean-result-conflict");
    let path = scratch.0.join("conflict.pgn");
    std::fs::write(&path, "[Result \"1-0\"]\n\n1. e4 e5 0-1\n").unwrap();
    let (report, out, _) = run(&[Input::Path(path)], &scratch.0, &CleanOptions::default());
    assert_eq!((report.read, report.written), (1, 1));
    assert!(out.contains("1. e4 e5 1-0"), "{out}");
    assert_eq!(
        changes_of(&report, "result"),
        ["the movetext's result 0-1 → 1-0, the Result tag's"]
    );
}

/// The rejects without the comment line `clean` puts before each.
fn rejected_bytes(rejects: &str) -> String {
    rejects
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("{ scoresheet: rejected: "))
        .collect()
}

/// Games with no tags between them share a section of the input; a rejected one is cut from
/// the section at the right places however its text was decoded: after a byte-order mark (the
/// text three bytes into the section), and where NFC changed the text (cut from the text).
#[test]
fn games_sharing_a_section_are_rejected_whole() {
    let scratch = Scratch::new("clean-shared-section");
    let first = "1. e4 e5 2. Qxx9 *\n\n";
    let good = "1. d4 d5 *\n\n";
    let last = "1. c4 {Zilina} Kxx1 *\n";
    for (name, bom, comment) in [
        ("bom.pgn", true, "Zilina"),
        ("plain.pgn", false, "Zilina"),
        ("nfc.pgn", false, "Z\u{30C}ilina"),
    ] {
        let text = format!("{first}{good}{}", last.replace("Zilina", comment));
        let mut bytes = if bom {
            b"\xEF\xBB\xBF".to_vec()
        } else {
            Vec::new()
        };
        bytes.extend_from_slice(text.as_bytes());
        let path = scratch.0.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let (report, out, rejects) =
            run(&[Input::Path(path)], &scratch.0, &CleanOptions::default());
        assert!(report.balanced());
        assert_eq!((report.read, report.written, report.rejected), (3, 1, 2));
        assert!(out.contains("1. d4 d5 *"), "{name}: {out}");
        // Every byte as written, the letter NFC would compose too (before, the composed one).
        let want = format!("{first}{}", last.replace("Zilina", comment));
        assert_eq!(rejected_bytes(&rejects), want, "{name}");
    }
}

/// Games sharing a section of a file in a single-byte encoding: the rejected ones are written
/// in their own bytes, not as the UTF-8 they were read as; and the report places each game of
/// the section on its own line, with the result its movetext gave.
#[test]
fn games_sharing_a_section_in_windows_1250_are_rejected_in_their_bytes() {
    let scratch = Scratch::new("clean-shared-1250");
    // "[White "Šťastný"]", a good game, then one with "Řehoř" in a comment and an illegal move.
    let mut bytes = b"[White \"\x8A\x9Dastn\xFD\"]\n\n1. e4 e5 * ".to_vec();
    let second = b"1. e4 {\xD8eho\xF8} Ke7 2. Ke3 *\n";
    bytes.extend_from_slice(second);
    let path = scratch.0.join("w1250.pgn");
    std::fs::write(&path, &bytes).unwrap();
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let report = clean(&[Input::Path(path)], &outputs, &CleanOptions::default()).unwrap();
    assert_eq!((report.read, report.written, report.rejected), (2, 1, 1));
    let rejects = std::fs::read(&outputs.rejects).unwrap();
    assert!(
        rejects.ends_with(second),
        "{}",
        String::from_utf8_lossy(&rejects)
    );
    // A mate the movetext calls a win for White, on the third line of its section.
    let text = "1. e4 e5 1-0\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n1. d4 d5 *\n";
    let (report, _) = clean_fixing_results(&scratch, "multi.pgn", text);
    assert_eq!(report.changes.len(), 1, "{:?}", report.changes);
    let change = &report.changes[0];
    assert_eq!((change.origin.game, change.origin.line), (2, 3));
    assert_eq!(
        change.detail,
        "Result 1-0 → 0-1 (checkmate; Article 5.1.1 of the 2023 Laws)"
    );
}

/// A game whose tag section goes wrong (a malformed tag pair among good ones, or one broken in a
/// comment) is rejected whole, from its first tag: no tag above the error is lost, and the tags
/// below it are not written as a game of their own. Names with PGN's other symbol characters
/// (`Black-Elo`) and a value glued to its name (`[Round"3"]`) are tags, not errors.
#[test]
fn a_game_whose_tags_go_wrong_is_rejected_whole() {
    let scratch = Scratch::new("clean-broken-tags");
    let good = "[Event \"G1\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n";
    let broken = "[Event \"G2\"]\n[Site \"Praha\"]\n[White Novak]\n[Black \"Svoboda\"]\n\
                  [Result \"0-1\"]\n\n1. d4 d5 0-1\n\n";
    let symbols = "[Event \"G3\"]\n[Black-Elo \"2500\"]\n[Round\"3\"]\n[Result \"*\"]\n\n1. c4 *\n";
    let pgn = format!("{good}{broken}{symbols}");
    let (report, out, rejects) = clean_text(&scratch, "tags.pgn", &pgn, &CleanOptions::default());
    assert!(report.balanced());
    assert_eq!((report.read, report.written, report.rejected), (3, 2, 1));
    assert_eq!(events(&out), ["G1", "G3"]);
    assert!(
        out.contains("[Round \"3\"]") && out.contains("[Black-Elo \"2500\"]"),
        "{out}"
    );
    assert_eq!(rejected_bytes(&rejects), broken);
    assert!(rejects.starts_with("{ scoresheet: rejected: "), "{rejects}");
    assert!(rejects.contains(":8:1: malformed tag pair"), "{rejects}");

    // A tag line in a comment that a `}` closes before the next blank line is the comment's
    // text: one game, written.
    let text = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 { note\n[Site \"x\"]\n} e5 *\n";
    let (report, out, _) = clean_text(&scratch, "comment.pgn", text, &CleanOptions::default());
    assert!(report.balanced());
    assert_eq!((report.read, report.written), (1, 1));
    assert!(out.contains("1. e4 {note [Site \"x\"]} 1... e5 *"), "{out}");
    // A comment left open: the reader ends the game at the tag line, so the file reads as a
    // broken game and the game after it, and the rejects hold every byte of the broken one.
    let broken = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 { note e5 *\n\n";
    let text = format!("{broken}[Site \"x\"]\n[Result \"*\"]\n\n1. d4 *\n");
    let (report, out, rejects) =
        clean_text(&scratch, "comment2.pgn", &text, &CleanOptions::default());
    assert!(report.balanced());
    assert_eq!((report.read, report.written, report.rejected), (2, 1, 1));
    assert!(
        out.contains("[Site \"x\"]") && out.contains("1. d4 *"),
        "{out}"
    );
    assert_eq!(rejected_bytes(&rejects), broken);
}

/// Two files joined by `cat` where the first lacks a final line end: the second's first tag
/// pair follows the first's result on one line. It begins the second game, whose other tags
/// stay with it (before, it made a game of its own with no moves, and the second game lost its
/// Event tag); a broken first game is rejected with its own bytes only.
#[test]
fn tags_after_a_result_on_its_line_begin_the_next_game() {
    let scratch = Scratch::new("clean-joined");
    let second = "[Site \"S2\"]\n[Date \"2020.01.02\"]\n[White \"W2\"]\n[Black \"B2\"]\n\
                  [Result \"0-1\"]\n\n1. d4 d5 0-1\n";
    for (first, written, rejected) in [("1. e4 e5 1-0", 2, 0), ("1. e4 Ke7 1-0", 1, 1)] {
        let head = format!("[Event \"A\"]\n[Result \"1-0\"]\n\n{first}");
        let text = format!("{head}[Event \"B\"]\n{second}");
        let (report, out, rejects) =
            clean_text(&scratch, "joined.pgn", &text, &CleanOptions::default());
        assert!(report.balanced());
        assert_eq!(
            (report.read, report.written, report.rejected),
            (2, written, rejected),
            "{first}: {out}"
        );
        assert!(out.contains("[Event \"B\"]\n[Site \"S2\"]"), "{out}");
        if rejected > 0 {
            // Its bytes, and no line end added after them (the last reject of the file).
            assert_eq!(rejected_bytes(&rejects), head);
        }
    }
}

/// A compressed input that breaks off part-way (a download cut short): every game read before
/// the break is written, the one it broke into is rejected with the bytes that were read, and
/// the input's error is reported — no game read is dropped.
#[test]
fn a_compressed_input_that_breaks_off_loses_no_game_read() {
    let scratch = Scratch::new("clean-broken-off");
    let openings = [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6",
        "1. c4 e5 2. Nc3 Nf6 3. g3 d5",
    ];
    // Comments that do not repeat, so that the compressed stream is not tiny.
    let mut seed = 12345u64;
    let mut text = String::new();
    let mut games = Vec::new();
    for i in 0..400 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let game = format!(
            "[Event \"g{i}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n{} {{{seed:x}}} *\n\n",
            openings[i % 3]
        );
        text.push_str(&game);
        games.push(game);
    }
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(text.as_bytes()).unwrap();
    let gz = enc.finish().unwrap();
    for (cut, threads) in [(gz.len() / 3, 1), (gz.len() * 2 / 3, 2), (gz.len() - 40, 2)] {
        let path = scratch.0.join(format!("cut-{cut}.pgn.gz"));
        std::fs::write(&path, &gz[..cut]).unwrap();
        let options = CleanOptions {
            engine: Options {
                threads,
                batch_bytes: 300,
            },
            ..CleanOptions::default()
        };
        let (report, out, rejects) = run(&[Input::Path(path.clone())], &scratch.0, &options);
        assert!(report.balanced());
        assert!(report.inputs[0].error.is_some(), "cut at {cut}");
        let read = report.read as usize;
        assert!(read > 10 && read < games.len(), "cut at {cut}: {read} read");
        // All the games before the break, in order, and the one it broke into, rejected with
        // the start of its text.
        assert_eq!((report.written as usize, report.rejected), (read - 1, 1));
        assert_eq!(report.errors_by_kind.get("input_failed"), Some(&1));
        let want: Vec<String> = (0..read - 1).map(|i| format!("g{i}")).collect();
        assert_eq!(events(&out), want, "cut at {cut}");
        // (The rejects file ends each game with a line end.)
        let kept = rejected_bytes(&rejects);
        let kept = kept.strip_suffix('\n').unwrap_or(&kept);
        assert!(
            kept.starts_with(&format!("[Event \"g{}\"]", read - 1)),
            "cut at {cut}: {kept}"
        );
        assert!(games[read - 1].starts_with(kept), "cut at {cut}: {kept}");
        // `check` reads the same games and says the same of the last.
        let options = CheckOptions {
            engine: Options {
                threads,
                batch_bytes: 300,
            },
            ..CheckOptions::default()
        };
        let (mut text, mut notes) = (Vec::new(), Vec::new());
        let summary = check(&[Input::Path(path)], &options, &mut text, &mut notes).unwrap();
        assert_eq!(
            (summary.games, summary.ok, summary.errors),
            (report.read, report.read - 1, 1),
            "cut at {cut}"
        );
        assert_eq!(summary.failed_inputs.len(), 1);
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains(&format!(
                "game {read}: syntax: the input failed inside this game"
            )),
            "{text}"
        );
    }
}

/// `clean games.pgn -o games.pgn` would empty the input before reading it: refused before
/// anything is written, as are two outputs that are one file, from Rust and from the CLI.
#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_left_as_it_was() {
    let scratch = Scratch::new("clean-clash");
    let original = std::fs::read(fixture("mixed.pgn")).unwrap();
    let games = scratch.0.join("games.pgn");
    std::fs::write(&games, &original).unwrap();
    let inputs = [Input::Path(games.clone())];
    let options = CleanOptions::default();
    let same = CleanOutputs::new(scratch.0.join(".").join("games.pgn"), None);
    let err = clean(&inputs, &same, &options).unwrap_err();
    assert!(err.to_string().contains("is also an input"), "{err}");
    let both = CleanOutputs::new(scratch.0.join("out.pgn"), Some(scratch.0.join("out.pgn")));
    let err = clean(&inputs, &both, &options).unwrap_err();
    assert!(
        err.to_string()
            .contains("both the output and the rejects file"),
        "{err}"
    );
    assert!(!scratch.0.join("out.pgn").exists());
    // The CLI: the input named as the output, and as the report.
    for flag in ["-o", "--report"] {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"));
        command.args(["clean", "-q"]).arg(&games);
        if flag == "--report" {
            command.arg("-o").arg(scratch.0.join("other.pgn"));
        }
        let output = command.arg(flag).arg(&games).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{flag}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains("is also an input"), "{flag}: {said}");
        assert!(!scratch.0.join("other.pgn").exists());
    }
    // A report that cannot be written (its folder does not exist) is found before the run,
    // not after the output was written in full.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["clean", "-q"])
        .arg(&games)
        .arg("-o")
        .arg(scratch.0.join("other.pgn"))
        .arg("--report")
        .arg(scratch.0.join("no-such-folder").join("report.json"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("report.json"));
    assert!(!scratch.0.join("other.pgn").exists());
    assert_eq!(std::fs::read(&games).unwrap(), original);
}

#[test]
fn a_comment_on_the_results_line_stays_with_its_game() {
    // `1-0 {lost on time}`: the comment after the result, on its line, is the game's; it is
    // written before the result (export format ends the movetext with it). A comment on a line
    // of its own before the next game's tags is a note between games (a rejects file's), as
    // before: passed over.
    let scratch = Scratch::new("result-comment");
    let pgn = "[Event \"a\"]\n\n1. e4 e5 1-0 {lost on time,\nsee the report} ; flag\n\
               {a note between games}\n[Event \"b\"]\n\n1. d4 d5 *\n";
    let (report, out, _) = clean_text(&scratch, "in.pgn", pgn, &CleanOptions::default());
    assert!(report.balanced());
    assert_eq!(report.written, 2);
    assert!(
        out.contains("1. e4 e5 {lost on time, see the report} {flag} 1-0\n"),
        "{out}"
    );
    assert!(!out.contains("a note between games"), "{out}");
    assert!(out.contains("\n1. d4 d5 *\n"), "{out}");
}

/// A game written with tags only (no moves, no result) does not take the next game's moves:
/// a second `[Event` line before any movetext starts the next game, in the splitter and in the
/// reader alike.
#[test]
fn a_game_of_tags_only_keeps_its_tags_to_itself() {
    let scratch = Scratch::new("clean-tags-only");
    let first = "[Event \"A\"]\n[White \"Anand\"]\n[Black \"Carlsen\"]\n[Result \"1-0\"]\n\n";
    let second = "[Event \"B\"]\n[White \"Kasparov\"]\n[Black \"Karpov\"]\n[Result \"0-1\"]\n\n\
                  1. e4 e5 0-1\n";
    let pgn = format!("{first}{second}");
    for threads in [1, 2] {
        let options = CleanOptions {
            engine: Options {
                threads,
                batch_bytes: 40,
            },
            ..CleanOptions::default()
        };
        let (report, out, _) = clean_text(&scratch, "tags-only.pgn", &pgn, &options);
        assert!(report.balanced());
        assert_eq!((report.read, report.written), (2, 2), "{out}");
        assert_eq!(events(&out), ["A", "B"]);
        assert!(
            out.contains(
                "[White \"Kasparov\"]\n[Black \"Karpov\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1"
            ),
            "{out}"
        );
        assert!(!report.changes.iter().any(|c| c.kind == "duplicate_tag"));
    }
}

/// `--dedupe` groups copies that agree with the whole group: a `*` copy joined by a 1-0 copy
/// takes no 0-1 copy, whatever the order; two rounds are two games; of the copies the one
/// with a result and a full date is kept, and every merge names the copy kept in the end.
#[test]
fn dedupe_groups_only_copies_that_agree_with_each_other() {
    let scratch = Scratch::new("clean-dedupe-groups");
    let game = |date: &str, round: &str, result: &str, comment: &str| {
        format!(
            "[Event \"A\"]\n[Site \"X\"]\n[Date \"{date}\"]\n[Round \"{round}\"]\n\
             [White \"W\"]\n[Black \"B\"]\n[Result \"{result}\"]\n\n1. e4 {comment} e5 {result}\n\n"
        )
    };
    let unknown = game("2023.??.??", "1", "*", "{a} {b} {c}");
    let won = game("2023.05.01", "1", "1-0", "");
    let lost = game("2023.05.01", "1", "0-1", "");
    let options = CleanOptions {
        dedupe: true,
        ..CleanOptions::default()
    };
    for order in [
        [&unknown, &won, &lost],
        [&won, &unknown, &lost],
        [&lost, &unknown, &won],
    ] {
        let pgn: String = order.iter().map(|g| g.as_str()).collect();
        let (report, out, _) = clean_text(&scratch, "groups.pgn", &pgn, &options);
        assert!(report.balanced());
        assert_eq!((report.written, report.duplicates), (2, 1), "{out}");
        assert!(out.contains("[Result \"1-0\"]") && out.contains("[Result \"0-1\"]"));
        assert!(!out.contains("[Result \"*\"]"), "{out}");
    }
    // Two rounds of one day: two games.
    let pgn = format!(
        "{}{}",
        game("2023.05.01", "1", "1-0", ""),
        game("2023.05.01", "3", "1-0", "")
    );
    let (report, _, _) = clean_text(&scratch, "rounds.pgn", &pgn, &options);
    assert_eq!((report.written, report.duplicates), (2, 0));
    // Three copies, the richest last: both merges name the third as the copy kept.
    let plain = game("2023.05.01", "1", "1-0", "");
    let rich = game("2023.05.01", "1", "1-0", "{notes}");
    let pgn = format!("{plain}{plain}{rich}");
    let (report, out, _) = clean_text(&scratch, "three.pgn", &pgn, &options);
    assert_eq!((report.written, report.duplicates), (1, 2));
    assert!(out.contains("{notes}"));
    let kept: Vec<u64> = report.merges.iter().map(|m| m.kept.game).collect();
    assert_eq!(kept, [3, 3]);
}

/// A game without a Result tag has the result its movetext ends with, to `--dedupe` as in the
/// game written out: copies that end 1-0 and 0-1 are two games, with or without tags (before,
/// a missing tag read as `*`, so the 0-1 game was merged into the 1-0 one and lost).
#[test]
fn dedupe_reads_the_movetexts_result_where_no_tag_gives_one() {
    let scratch = Scratch::new("clean-dedupe-movetext-result");
    let options = CleanOptions {
        dedupe: true,
        ..CleanOptions::default()
    };
    let tagged = "[Event \"A\"]\n[White \"Kasparov\"]\n[Black \"Karpov\"]\n\n";
    for (pgn, written) in [
        ("1. e4 e5 1-0\n\n1. e4 e5 0-1\n".to_owned(), 2),
        (format!("{tagged}1. e4 e5 1-0\n\n{tagged}1. e4 e5 0-1\n"), 2),
        (
            "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n1. e4 e5 0-1\n".to_owned(),
            2,
        ),
        (
            "1. e4 e5 1/2-1/2\n\n1. e4 e5 0-1\n\n1. e4 e5 1-0\n".to_owned(),
            3,
        ),
        // A copy of no known result is still a copy of either.
        ("1. e4 e5 1-0\n\n1. e4 e5 *\n".to_owned(), 1),
        ("1. e4 e5 1-0\n\n1. e4 e5 1-0\n".to_owned(), 1),
    ] {
        let (report, out, _) = clean_text(&scratch, "results.pgn", &pgn, &options);
        assert!(report.balanced(), "{pgn}");
        assert_eq!(report.written, written, "{pgn}\n{out}");
        assert_eq!(report.duplicates, report.read - written, "{pgn}");
    }
    let (_, out, _) = clean_text(
        &scratch,
        "results.pgn",
        "1. e4 e5 1-0\n\n1. e4 e5 0-1\n",
        &options,
    );
    assert!(
        out.contains("1. e4 e5 1-0") && out.contains("1. e4 e5 0-1"),
        "{out}"
    );
}

/// `[Result "*"]` says nothing: a result the movetext ends with stands, and is reported.
#[test]
fn an_unknown_result_tag_gives_way_to_the_movetexts() {
    let scratch = Scratch::new("clean-star-result");
    let pgn = "[Event \"A\"]\n[Result \"*\"]\n\n1. e4 e5 1-0\n";
    let (report, out, _) = clean_text(&scratch, "star.pgn", pgn, &CleanOptions::default());
    assert!(
        out.contains("[Result \"1-0\"]") && out.contains("1. e4 e5 1-0"),
        "{out}"
    );
    assert!(report
        .changes
        .iter()
        .any(|c| c.kind == "result" && c.detail == "Result \"*\" → 1-0, the movetext's"));
}

/// A mark the board does not bear out is written as the board has it, and that is a change
/// reported (as `check` warns of it), not a silent rewrite.
#[test]
fn marks_the_board_does_not_bear_out_are_reported_as_changes() {
    let scratch = Scratch::new("clean-marks");
    let pgn = "[Event \"A\"]\n[Result \"*\"]\n\n1. e4 e5 2. Qxh5 Nc6 3. Bc4+ Nf6 *\n";
    let (report, out, _) = clean_text(&scratch, "marks.pgn", pgn, &CleanOptions::default());
    assert!(out.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *"), "{out}");
    let notation: Vec<&str> = report
        .changes
        .iter()
        .filter(|c| c.kind == "notation")
        .map(|c| c.detail.as_str())
        .collect();
    assert_eq!(
        notation,
        [
            "move 2 (white) 'Qxh5': x written but nothing is captured (C.9): written as the board has it",
            "move 3 (white) 'Bc4+': + written but the move gives no check: written as the board has it"
        ]
    );
}

/// A date with slashes whose day and month could be either way round is read day first, and
/// the change says how it reads month first; one that makes a date only month first is read so,
/// and said (before, `01/13/2023` was kept as no date).
#[test]
fn a_date_that_reads_both_ways_says_so() {
    let scratch = Scratch::new("clean-slash-date");
    let pgn = "[Event \"A\"]\n[Date \"05/01/2023\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
               [Event \"B\"]\n[Date \"25/01/2023\"]\n[Result \"*\"]\n\n1. d4 *\n\n\
               [Event \"C\"]\n[Date \"01/13/2023\"]\n[Result \"*\"]\n\n1. c4 *\n";
    let (report, _, _) = clean_text(&scratch, "dates.pgn", pgn, &CleanOptions::default());
    let dates: Vec<&str> = report
        .changes
        .iter()
        .filter(|c| c.kind == "date")
        .map(|c| c.detail.as_str())
        .collect();
    assert_eq!(
        dates,
        [
            "Date \"05/01/2023\" → \"2023.01.05\" (read day first; month first it is \"2023.05.01\")",
            "Date \"25/01/2023\" → \"2023.01.25\"",
            "Date \"01/13/2023\" → \"2023.01.13\" (read month first: day first it is no date)"
        ]
    );
}

/// A FEN tag of the standard start position is the same start as none: such copies are one
/// game to `--dedupe`.
#[test]
fn a_fen_of_the_standard_start_is_the_standard_start_to_dedupe() {
    let scratch = Scratch::new("clean-dedupe-fen");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pgn = format!(
        "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
         [Event \"A\"]\n[SetUp \"1\"]\n[FEN \"{start}\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
    );
    let options = CleanOptions {
        dedupe: true,
        ..CleanOptions::default()
    };
    let (report, _, _) = clean_text(&scratch, "fen.pgn", &pgn, &options);
    assert_eq!((report.written, report.duplicates), (1, 1));
}

/// A rejects file that cannot be created stops the run before anything is written: an output
/// already there keeps its games (before, it was emptied first).
#[test]
fn an_unwritable_rejects_file_leaves_the_output_as_it_was() {
    let scratch = Scratch::new("clean-unwritable-rejects");
    let input = scratch.0.join("in.pgn");
    std::fs::write(&input, "[Event \"a\"]\n\n1. e4 e5 *\n").unwrap();
    let out = scratch.0.join("keep.pgn");
    std::fs::write(&out, "old games\n").unwrap();
    let outputs = CleanOutputs::new(out.clone(), Some(scratch.0.join("no/such/dir/r.pgn")));
    let err = clean(&[Input::Path(input)], &outputs, &CleanOptions::default()).unwrap_err();
    assert!(err.to_string().contains("no/such/dir/r.pgn"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old games\n");
}

/// A Result tag written another way than the export format's (`½-½`, `1:0`) is put in its form
/// with a change said (before, rewritten silently).
#[test]
fn a_result_tag_in_another_form_is_a_change_reported() {
    let scratch = Scratch::new("clean-result-form");
    let pgn = "[Event \"a\"]\n[Result \"½-½\"]\n\n1. e4 e5 1/2-1/2\n\n\
               [Event \"b\"]\n[Result \"1:0\"]\n\n1. d4 d5 1-0\n\n\
               [Event \"c\"]\n[Result \"0-1\"]\n\n1. c4 c5 0-1\n";
    let (report, out, _) = clean_text(&scratch, "forms.pgn", pgn, &CleanOptions::default());
    assert_eq!(report.written, 3);
    assert_eq!(
        changes_of(&report, "result"),
        ["Result \"½-½\" → 1/2-1/2", "Result \"1:0\" → 1-0"]
    );
    assert_eq!(out.matches("[Result \"1/2-1/2\"]").count(), 1, "{out}");
    assert_eq!(out.matches("[Result \"1-0\"]").count(), 1, "{out}");
}

/// Control characters in a tag value (a tab, an escape byte) are written as spaces, each tag
/// a change said (before, written raw into the export format, where they have no place).
#[test]
fn control_characters_in_tag_values_are_written_as_spaces() {
    let scratch = Scratch::new("clean-control-characters");
    let pgn = "[Event \"Open\u{1} 2026\"]\n[White \"Tal,\tM.\"]\n[Annotator \"x\u{1b}y\"]\n\n\
               1. e4 e5 *\n";
    let (report, out, _) = clean_text(&scratch, "ctl.pgn", pgn, &CleanOptions::default());
    assert_eq!(report.written, 1);
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    assert!(out.contains("[White \"Tal, M.\"]"), "{out}");
    assert!(out.contains("[Annotator \"x y\"]"), "{out}");
    assert_eq!(
        changes_of(&report, "tag_value"),
        [
            "Event: control characters written as spaces (Open\\u{1} 2026)",
            "White: control characters written as spaces (Tal,\\tM.)",
            "Annotator: control characters written as spaces (x\\u{1b}y)"
        ]
    );
}

/// A tag that escaping lengthens past what the reader takes (its quotes and backslashes doubled)
/// is not written: OUT must read back. The game is rejected with its original bytes and says
/// why; it was written, and `check` then refused the output's tag as too long.
#[test]
fn a_tag_too_long_once_escaped_is_rejected_not_written() {
    let scratch = Scratch::new("clean-long-tag");
    let long = format!(
        "[Event \"{}\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *\n",
        "C:\\x".repeat(15_000)
    );
    let (report, out, rejects) = clean_text(&scratch, "long.pgn", &long, &CleanOptions::default());
    assert_eq!((report.read, report.written, report.rejected), (2, 1, 1));
    assert_eq!(events(&out), ["b"]);
    assert!(
        rejects.contains("tag Event would be 75009 bytes written in the export format"),
        "{}",
        &rejects[..300.min(rejects.len())]
    );
    assert!(rejects.contains(&long[..long.find("\n\n[Event \"b\"]").unwrap()]));
}

/// A rejected game keeps its bytes as they were to its last: one at the end of a file without
/// a final newline is not given one (before, every reject that did not end a line had `\n`
/// added). The next reject's note still starts a line of its own.
#[test]
fn a_reject_without_a_final_newline_keeps_its_bytes() {
    let scratch = Scratch::new("clean-reject-last-byte");
    let first = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *";
    let (report, _, rejects) = clean_text(&scratch, "last.pgn", first, &CleanOptions::default());
    assert_eq!((report.read, report.rejected), (1, 1));
    assert!(rejects.ends_with(first), "{rejects:?}");
    // Two games, the first ending mid-line where the second's tag follows on the same line.
    let two = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *[Event \"b\"]\n\n1. d4 d5 2. Ke3 *";
    let (report, _, rejects) = clean_text(&scratch, "two.pgn", two, &CleanOptions::default());
    assert_eq!((report.read, report.rejected), (2, 2), "{rejects}");
    assert!(
        rejects.ends_with("[Event \"b\"]\n\n1. d4 d5 2. Ke3 *"),
        "{rejects:?}"
    );
    let notes = rejects
        .lines()
        .filter(|l| l.starts_with("{ scoresheet: rejected:"))
        .count();
    assert_eq!(notes, 2, "{rejects}");
}

/// A copy `clean` repaired or cut short is not preferred to the game as its source has it: its
/// own `{scoresheet: ...}` note is no annotation (before, the note made the repaired or cut copy
/// the richer one, and the intact copy was dropped).
#[test]
fn dedupe_keeps_the_intact_copy_over_a_repaired_or_cut_one() {
    let scratch = Scratch::new("clean-dedupe-intact");
    let head = |result: &str| {
        format!(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"2020.01.01\"]\n[Round \"?\"]\n\
             [White \"A\"]\n[Black \"B\"]\n[Result \"{result}\"]\n"
        )
    };
    let repaired = format!(
        "{}[ECO \"C20\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n{}\n1. e4 e5 2. Nf3 Nc6 3. Bb6 a6 1-0\n",
        head("1-0"),
        head("1-0")
    );
    let cut = format!(
        "{}[ECO \"C20\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n{}\n1. e4 e5 2. Nf3 Nc6 3. Ke3 *\n",
        head("*"),
        head("*")
    );
    let with = |repair: bool| CleanOptions {
        dedupe: true,
        repair: repair.then(Default::default),
        truncate_illegal: !repair,
        ..CleanOptions::default()
    };
    for (pgn, options) in [(repaired, with(true)), (cut, with(false))] {
        let (report, out, _) = clean_text(&scratch, "copies.pgn", &pgn, &options);
        assert!(report.balanced());
        assert_eq!((report.written, report.duplicates), (1, 1), "{out}");
        assert!(!out.contains("scoresheet:"), "{out}");
        assert_eq!(report.merges[0].kept.game, 1, "{:?}", report.merges);
        assert!(changes_of(&report, "tag_filled").is_empty());
    }
}
