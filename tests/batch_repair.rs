//! `--repair` in bulk: `check --repair` reports the corrections of games whose moves fail, and
//! `clean --repair` writes the repaired game when the repair is clear — and only then; every game
//! is still accounted for.

use scoresheet::batch::{
    check, clean, CheckOptions, CheckSummary, CleanOptions, CleanOutputs, Input, Options,
    RepairPolicy,
};
use scoresheet::pgn::{write_game, Game};
use scoresheet::replay::{replay_game, ReplayOptions};
use std::path::Path;
use std::sync::Arc;

mod common;
use common::Scratch;

fn memory(name: &str, text: &str) -> Input {
    Input::Memory {
        name: name.to_owned(),
        bytes: Arc::from(text.as_bytes()),
    }
}

/// `check --repair` (with `--json` if `json`) over one file held in memory: its output and
/// summary.
fn check_repair(name: &str, text: &str, json: bool) -> (String, CheckSummary) {
    let options = CheckOptions {
        repair: Some(RepairPolicy::default()),
        json,
        ..CheckOptions::default()
    };
    let mut out = Vec::new();
    let summary = check(
        &[memory(name, text)],
        &options,
        &mut out,
        &mut std::io::sink(),
    )
    .expect("checking memory cannot fail");
    (
        String::from_utf8(out).expect("the output is UTF-8"),
        summary,
    )
}

const GOOD: &str =
    "[Event \"good\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
/// `4. Bad` for 4. Ba4 (an OCR'd 4), and `Jf6` (a Czech knight) in an English game.
const SLIPS: &str = "[Event \"slips\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bad Jf6 5. O-O Be7 {solid} *\n";
/// Kings walking where no reading makes sense: several games explain it about as well.
const HOPELESS: &str = "[Event \"hopeless\"]\n[Result \"*\"]\n\n1. e4 Ke7 2. Ke3 Kd6 3. Qh5 *\n";
/// A `[` in the movetext that starts no tag pair: what the rest of the text is, no reading tells.
const BROKEN: &str = "[Event \"broken\"]\n[Result \"*\"]\n\n1. e4 e5 [note: unclear] 2. Nf3 *\n";

fn mixed() -> String {
    [GOOD, SLIPS, HOPELESS, BROKEN].join("\n")
}

/// A clean report's games read, written, rejected and repaired; every game read must be
/// accounted for.
fn counts(report: &scoresheet::batch::CleanReport) -> (u64, u64, u64, u64) {
    assert!(report.balanced(), "{report:?}");
    (
        report.read,
        report.written,
        report.rejected,
        report.repaired,
    )
}

/// The details of a clean report's `repaired` changes, in order.
fn repaired_details(report: &scoresheet::batch::CleanReport) -> Vec<&str> {
    report
        .changes
        .iter()
        .filter(|c| c.kind == "repaired")
        .map(|c| c.detail.as_str())
        .collect()
}

/// The games of a clean output file, each of which must read and replay without an error.
fn written_games(path: &Path) -> Vec<Game> {
    let out = std::fs::read_to_string(path).unwrap();
    let games: Vec<Game> = Game::read_all(out.as_bytes())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    for g in &games {
        assert!(
            replay_game(g, &ReplayOptions::default()).error.is_none(),
            "{out}"
        );
    }
    games
}

#[test]
fn clean_repair_writes_clear_repairs_and_rejects_the_rest_with_the_reason() {
    let scratch = Scratch::new("repair-clean");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    for threads in [1, 2] {
        let options = CleanOptions {
            repair: Some(RepairPolicy::default()),
            engine: Options {
                threads,
                batch_bytes: 64,
            },
            ..CleanOptions::default()
        };
        let report = clean(&[memory("mixed.pgn", &mixed())], &outputs, &options).unwrap();
        assert_eq!(counts(&report), (4, 2, 2, 1), "{report:?}");
        let repaired = repaired_details(&report);
        assert_eq!(repaired.len(), 2, "{repaired:?}");
        assert!(repaired[0].starts_with("move 4 (white) 'Bad' read as Ba4"));
        assert!(repaired[1].starts_with("move 4 (black) 'Jf6' read as Nf6"));

        // The output reads and replays cleanly, with the repaired moves and the comment kept.
        let games = written_games(&outputs.out);
        assert_eq!(games.len(), 2);
        let slips = &games[1];
        let words: Vec<&str> = slips
            .mainline
            .moves
            .iter()
            .map(|n| n.san.as_str())
            .collect();
        assert_eq!(
            words,
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
        );
        assert_eq!(slips.mainline.moves[9].comments[..], ["solid"]);
        assert!(slips.mainline.comments[0].starts_with("scoresheet: repaired, 2 correction(s)"));

        // The rejects keep their bytes, after a comment that says why the repair was not taken.
        let rejects = std::fs::read_to_string(&outputs.rejects).unwrap();
        assert!(rejects.contains(HOPELESS.trim_end()));
        assert!(rejects.contains(BROKEN.trim_end()));
        assert!(rejects.contains("repair not taken: "), "{rejects}");
    }
}

#[test]
fn clean_without_repair_rejects_the_slips() {
    let scratch = Scratch::new("repair-norepair");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let report = clean(
        &[memory("mixed.pgn", &mixed())],
        &outputs,
        &CleanOptions::default(),
    )
    .unwrap();
    assert_eq!(
        (report.written, report.rejected, report.repaired),
        (1, 3, 0)
    );
}

#[test]
fn check_repair_reports_each_correction_and_counts_the_repairs() {
    let (text, summary) = check_repair("mixed.pgn", &mixed(), false);
    // The syntax error is not a move to repair; the other two failing games are tried.
    assert_eq!(
        (summary.repairs_tried, summary.repairs_taken),
        (2, 1),
        "{text}"
    );
    assert!(text.contains("mixed.pgn: game 2: repair: taken (confidence "));
    assert!(text.contains("mixed.pgn: game 2: repair: move 4 (white) 'Bad' read as Ba4: "));
    assert!(text.contains("mixed.pgn: game 3: repair: not taken: "));
    assert!(summary.line().ends_with("repair tried on 2, taken for 1"));
}

#[test]
fn a_game_too_long_to_repair_is_reported_not_tried_and_the_run_goes_on() {
    // 1,200 words that read as no game (the first is no move at all): a repair would search
    // them for seconds; in bulk it is refused with the reason, and the next game is repaired.
    let words = ["Jf3", "xx", "Ke2", "Dh5", "blah", "Vxe8", "0-0", "Sb5"];
    let garbage: Vec<&str> = (0..1200)
        .map(|i| words[(i * 7 + i / 3) % words.len()])
        .collect();
    let long = format!(
        "[Event \"long\"]\n[Result \"*\"]\n\n{} *\n",
        garbage.join(" ")
    );
    let text = [long.as_str(), SLIPS].join("\n");
    let (text, summary) = check_repair("long.pgn", &text, false);
    assert!(
        text.contains(
            "long.pgn: game 1: repair: not taken: too long to try: 1200 move words (a repair takes on 1000 at most)"
        ),
        "{text}"
    );
    assert!(text.contains("long.pgn: game 2: repair: taken"), "{text}");
    assert_eq!((summary.repairs_tried, summary.repairs_taken), (2, 1));
}

/// A deterministic slip in a move word, the kind a hand or an OCR makes: a Czech knight letter,
/// a 1 read as l, a 4 read as d, an O read as 0 in castling. `None` if the word has none of them.
fn slip(word: &str) -> Option<String> {
    if word.starts_with('N') {
        Some(word.replacen('N', "J", 1))
    } else if word.contains('1') {
        Some(word.replacen('1', "l", 1))
    } else if word.contains('4') {
        Some(word.replacen('4', "d", 1))
    } else if word.starts_with("O-O") {
        Some(word.replace('O', "0"))
    } else {
        None
    }
}

fn strip_marks(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
}

/// Real games (The Week in Chess) with one slip each: the repairs taken give back the game as
/// played, and most games are repaired.
#[test]
fn check_repair_recovers_real_games_with_one_slip() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/games/twic1599-sample.pgn");
    let bytes = std::fs::read(path).unwrap();
    let mut sheets = String::new();
    let mut played: Vec<Vec<String>> = Vec::new();
    for (i, read) in Game::read_all(&bytes).into_iter().enumerate().take(80) {
        let mut game = read.unwrap();
        let n = game.mainline.moves.len();
        if n < 12 {
            continue;
        }
        // The slip goes in the first word it fits from a place that moves with the game number.
        let from = 6 + (i * 7) % (n - 6);
        let Some((k, bad)) = (from..n)
            .chain(0..from)
            .find_map(|k| slip(&game.mainline.moves[k].san).map(|s| (k, s)))
        else {
            continue;
        };
        played.push(
            game.mainline
                .moves
                .iter()
                .map(|m| strip_marks(&m.san).to_owned())
                .collect(),
        );
        game.mainline.moves[k].san = bad.into();
        sheets.push_str(&write_game(&game));
        sheets.push('\n');
    }
    assert!(played.len() >= 60, "only {} games used", played.len());
    let (text, summary) = check_repair("slipped.pgn", &sheets, true);
    assert_eq!(summary.games as usize, played.len());
    let mut taken = 0;
    let mut right = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let Some(repair) = v.get("repair") else {
            continue;
        };
        if repair["taken"] != true {
            continue;
        }
        taken += 1;
        let game = v["game"].as_u64().unwrap() as usize - 1;
        let san: Vec<&str> = repair["san"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| strip_marks(m.as_str().unwrap()))
            .collect();
        if san == played[game] {
            right += 1;
        }
    }
    let games = played.len();
    println!("{games} games with one slip: {taken} repairs taken, {right} give the game played");
    // Some slips leave a legal move (Nd4 as Jd4 reads only one way, but c1 as cl may not).
    assert!(taken * 10 >= games * 8, "{taken} of {games} taken");
    assert!(right * 100 >= taken * 97, "{right} of {taken} right");
}

#[test]
fn clean_repair_keeps_the_variations_still_legal_and_counts_the_others() {
    // A Czech game with an OCR'd `Vel`; its first variation is legal, the second is not.
    let game = "[Event \"variations\"]\n[Result \"*\"]\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 (3... Jf6 {Berlin} 4. 0-0) (3... Ke6) 4. Sa4 Jf6 5. 0-0 Se7 6. Vel b5 7. Sb3 d6 *\n";
    let scratch = Scratch::new("repair-variations");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let options = CleanOptions {
        repair: Some(RepairPolicy::default()),
        ..CleanOptions::default()
    };
    let report = clean(&[memory("v.pgn", game)], &outputs, &options).unwrap();
    assert_eq!((report.written, report.repaired), (1, 1), "{report:?}");
    let dropped: Vec<&str> = report
        .changes
        .iter()
        .filter(|c| c.kind == "variations_dropped")
        .map(|c| c.detail.as_str())
        .collect();
    assert_eq!(dropped, ["1 variation(s) not legal in the repaired game"]);
    let out = std::fs::read_to_string(&outputs.out).unwrap();
    let g = Game::read_all(out.as_bytes()).remove(0).unwrap();
    assert!(replay_game(&g, &ReplayOptions::default()).error.is_none());
    let a6 = &g.mainline.moves[5];
    assert_eq!(a6.variations.len(), 1, "{out}");
    let v: Vec<&str> = a6.variations[0]
        .moves
        .iter()
        .map(|n| n.san.as_str())
        .collect();
    assert_eq!(v, ["Nf6", "O-O"]);
    assert_eq!(a6.variations[0].moves[0].comments[..], ["Berlin"]);
    assert!(out.contains("(3... Nf6 {Berlin} 4. O-O)"), "{out}");
}

/// A repaired game read in national letters is a `letters` change too, as the same game
/// without the slip is (before, the repair's English replay hid it).
#[test]
fn clean_repair_reports_the_letters_a_repaired_game_was_read_in() {
    let scratch = Scratch::new("repair-letters");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let options = CleanOptions {
        repair: Some(RepairPolicy::default()),
        ..CleanOptions::default()
    };
    let sheet = "[Event \"cz slip\"]\n[Result \"*\"]\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sad Jf6 \
                 5. O-O Se7 6. Ve1 b5 7. Sb3 d6 8. c3 O-O 9. h3 Jb8 10. d4 Jbd7 *\n";
    let report = clean(&[memory("cz.pgn", sheet)], &outputs, &options).unwrap();
    assert_eq!((report.written, report.repaired), (1, 1), "{report:?}");
    let kinds: Vec<String> = report.changes.iter().map(|c| c.kind.to_string()).collect();
    assert_eq!(kinds, ["repaired", "letters"]);
    assert_eq!(
        report.changes[1].detail,
        "the moves were read in the cs letters"
    );
}

/// A game the PGN reader stops in at a stray character: a `}` inside `R}e1` (the game has a
/// variation and a comment, which a reading as a plain sheet would take for moves), and a `&`
/// standing alone between moves.
const STRAY_IN_WORD: &str = "[Event \"stray in a word\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 {good} 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. R}e1 b5 7. Bb3 d6 8. c3 O-O *\n";
const STRAY_ALONE: &str =
    "[Event \"stray alone\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 & Nc6 3. Bb5 a6 *\n";

fn strays() -> String {
    [GOOD, STRAY_IN_WORD, STRAY_ALONE, BROKEN].join("\n")
}

/// `check --repair` reads a game stopped at a stray character again past it and repairs it:
/// the character is listed (its place, the word it stands in) before the corrections. A
/// malformed tag changes what the rest of the text is, and is not tried.
#[test]
fn check_repair_reads_a_game_past_its_stray_characters() {
    let (text, summary) = check_repair("strays.pgn", &strays(), false);
    assert_eq!(
        (summary.repairs_tried, summary.repairs_taken),
        (2, 2),
        "{text}"
    );
    // The game's error is reported as before, then the repair.
    assert!(
        text.contains(
            "strays.pgn:9:82: game 2: warning: then a syntax error: unexpected character '}'"
        ),
        "{text}"
    );
    assert!(
        text.contains("strays.pgn: game 2: repair: taken (confidence 0.98, 1 correction(s), 1 stray character(s) mended)"),
        "{text}"
    );
    assert!(
        text.contains("game 2: repair: '}' at 9:82 read as part of the move word 'R}e1'\n"),
        "{text}"
    );
    assert!(
        text.contains("game 2: repair: move 6 (white) 'R}e1' read as Re1: char_extra"),
        "{text}"
    );
    assert!(
        text.contains("game 3: repair: '&' at 14:17 standing alone, passed over\n"),
        "{text}"
    );
    assert!(!text.contains("game 4: repair"), "{text}");

    let (json, _) = check_repair("strays.pgn", &strays(), true);
    let second: serde_json::Value = serde_json::from_str(json.lines().nth(1).unwrap()).unwrap();
    assert_eq!(second["repair"]["taken"], true);
    assert_eq!(second["repair"]["san"][10], "Re1");
    assert_eq!(
        second["repair"]["mended"][0],
        serde_json::json!({"line": 9, "column": 82, "character": "}", "word": "R}e1", "closed": null})
    );
}

/// `clean --repair` writes such a game with its comments and variations, says what was mended
/// (a comment in the game, `repaired` changes in the report), and counts it as repaired;
/// without `--repair` it is rejected with its bytes, as before.
#[test]
fn clean_repair_writes_a_game_read_past_its_stray_characters() {
    let scratch = Scratch::new("repair-strays");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let options = CleanOptions {
        repair: Some(RepairPolicy::default()),
        ..CleanOptions::default()
    };
    let report = clean(&[memory("strays.pgn", &strays())], &outputs, &options).unwrap();
    assert_eq!(counts(&report), (4, 3, 1, 2), "{report:?}");
    assert_eq!(
        repaired_details(&report),
        [
            "'}' at 9:82 read as part of the move word 'R}e1'",
            "move 6 (white) 'R}e1' read as Re1: char_extra (cost 2.0)",
            "'&' at 14:17 standing alone, passed over",
        ]
    );
    let games = written_games(&outputs.out);
    assert_eq!(games.len(), 3);
    let in_word = &games[1].mainline;
    assert_eq!(in_word.moves[10].san, "Re1");
    assert_eq!(in_word.moves[3].comments[..], ["good"]);
    let v: Vec<&str> = in_word.moves[2].variations[0]
        .moves
        .iter()
        .map(|n| n.san.as_str())
        .collect();
    assert_eq!(v, ["f4", "exf4"]);
    assert!(in_word.comments[0].starts_with("scoresheet: repaired, 1 correction(s)"));
    assert_eq!(
        in_word.comments[1],
        "scoresheet: '}' at 9:82 read as part of the move word 'R}e1'"
    );
    assert_eq!(games[2].mainline.moves.len(), 6);
    let rejects = std::fs::read_to_string(&outputs.rejects).unwrap();
    assert!(rejects.contains(BROKEN.trim_end()), "{rejects}");

    let plain = clean(
        &[memory("strays.pgn", &strays())],
        &outputs,
        &CleanOptions::default(),
    )
    .unwrap();
    assert_eq!((plain.written, plain.rejected, plain.repaired), (1, 3, 0));
    let rejects = std::fs::read_to_string(&outputs.rejects).unwrap();
    assert!(rejects.contains(STRAY_IN_WORD.trim_end()), "{rejects}");
    assert!(rejects.contains(STRAY_ALONE.trim_end()), "{rejects}");
}

/// A comment whose `}` was never written swallows the moves after it, and a variation whose
/// `)` was never written takes the mainline's moves for its own; the second comment's words read
/// as legal moves (`Nc6 Bb5` after 2. Nf3), and the game has a slip of its own after them
/// (`3. Bb6`).
const NEVER_CLOSED: &str = "[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {threatening Nc6 Bb5\n2... Nc6 3. Bb6 a6 4. Ba4 Nf6 *\n\n[Event \"variation\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 (2. Nf3 Nf6 3. Bf4 2... e6 3. Nc3 Nf6 *\n";

/// `check --repair` and `clean --repair` close a comment or variation never closed where the
/// rest of the game reads best, say where, and repair what is left; the move numbers tell a
/// comment whose words read as moves from the game's own moves.
#[test]
fn a_comment_or_variation_never_closed_is_closed_where_the_game_goes_on() {
    let text = [NEVER_CLOSED, BROKEN].join("\n");
    let (report, summary) = check_repair("closed.pgn", &text, false);
    assert_eq!(
        (summary.repairs_tried, summary.repairs_taken),
        (2, 2),
        "{report}"
    );
    assert!(
        report.contains("closed.pgn: game 1: repair: taken (confidence 0.99, 1 correction(s), a comment or variation never closed mended)"),
        "{report}"
    );
    assert!(
        report.contains(
            "game 1: repair: comment '{' at 4:17 never closed: closed at 4:37, before '2...'\n"
        ),
        "{report}"
    );
    assert!(
        report.contains("game 1: repair: move 3 (white) 'Bb6' read as Bb5"),
        "{report}"
    );
    assert!(
        report.contains(
            "game 2: repair: variation '(' at 10:16 never closed: closed at 10:34, before '2...'\n"
        ),
        "{report}"
    );
    assert!(!report.contains("game 3: repair"), "{report}");

    let scratch = Scratch::new("repair-never-closed");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let options = CleanOptions {
        repair: Some(RepairPolicy::default()),
        ..CleanOptions::default()
    };
    let cleaned = clean(&[memory("closed.pgn", &text)], &outputs, &options).unwrap();
    assert_eq!(counts(&cleaned), (3, 2, 1, 2), "{cleaned:?}");
    let games = written_games(&outputs.out);
    let words = |line: &scoresheet::pgn::Line| -> Vec<String> {
        line.moves.iter().map(|n| n.san.to_string()).collect()
    };
    let comment = &games[0].mainline;
    assert_eq!(
        words(comment),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    );
    assert_eq!(comment.moves[2].comments[..], ["threatening Nc6 Bb5"]);
    let variation = &games[1].mainline;
    assert_eq!(words(variation), ["d4", "d5", "c4", "e6", "Nc3", "Nf6"]);
    assert_eq!(
        words(&variation.moves[2].variations[0]),
        ["Nf3", "Nf6", "Bf4"]
    );
    assert!(
        variation.comments.iter().any(|c| c
            == "scoresheet: variation '(' at 10:16 never closed: closed at 10:34, before '2...'"),
        "{:?}",
        variation.comments
    );
    let rejects = std::fs::read_to_string(&outputs.rejects).unwrap();
    assert!(rejects.contains(BROKEN.trim_end()), "{rejects}");
}

/// A comment whose `}` was left out, closed by the `}` of the next comment: the moves between
/// the two would be read as the first comment's text, and the game would go on legally
/// without them (`1. d4 e6 3. Nc3 Nf6`, the numbers out of step its only sign).
const BRACE_LEFT_OUT: &str = "[Event \"brace\"]\n[Result \"*\"]\n\n1. d4 {solid d5 2. c4 {the Queen's Gambit} e6 3. Nc3 Nf6 *\n";

/// Such a game is an error at the first `{`, which says where the second stands; `check
/// --repair` and `clean --repair` close the first comment where the game reads best, and
/// without `--repair` the game is rejected with the error, its bytes kept.
#[test]
fn a_comment_closed_by_the_next_comments_brace_is_mended_where_the_game_goes_on() {
    let mut out = Vec::new();
    let summary = check(
        &[memory("brace.pgn", BRACE_LEFT_OUT)],
        &CheckOptions::default(),
        &mut out,
        &mut std::io::sink(),
    )
    .unwrap();
    let said = String::from_utf8(out).unwrap();
    assert_eq!((summary.games, summary.errors), (1, 1), "{said}");
    assert!(
        said.contains(
            "brace.pgn:4:7: game 1: syntax: comment `{` still open at another `{` (column 23): \
             comments do not nest; a `}` left out before it?"
        ),
        "{said}"
    );

    let (report, summary) = check_repair("brace.pgn", BRACE_LEFT_OUT, false);
    assert_eq!((summary.repairs_tried, summary.repairs_taken), (1, 1));
    assert!(
        report.contains(
            "game 1: repair: comment '{' at 4:7 never closed: closed at 4:13, before 'd5'\n"
        ),
        "{report}"
    );

    let scratch = Scratch::new("repair-brace-left-out");
    let outputs = CleanOutputs::new(scratch.0.join("out.pgn"), None);
    let options = CleanOptions {
        repair: Some(RepairPolicy::default()),
        ..CleanOptions::default()
    };
    let cleaned = clean(&[memory("brace.pgn", BRACE_LEFT_OUT)], &outputs, &options).unwrap();
    assert_eq!(counts(&cleaned), (1, 1, 0, 1), "{cleaned:?}");
    let games = written_games(&outputs.out);
    let line = &games[0].mainline;
    let words: Vec<&str> = line.moves.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(words, ["d4", "d5", "c4", "e6", "Nc3", "Nf6"]);
    assert_eq!(line.moves[0].comments[..], ["solid"]);
    assert_eq!(line.moves[2].comments[..], ["the Queen's Gambit"]);

    let plain = clean(
        &[memory("brace.pgn", BRACE_LEFT_OUT)],
        &outputs,
        &CleanOptions::default(),
    )
    .unwrap();
    assert_eq!(counts(&plain), (1, 0, 1, 0));
    let rejects = std::fs::read_to_string(&outputs.rejects).unwrap();
    assert!(rejects.contains(BRACE_LEFT_OUT.trim_end()), "{rejects}");
    assert!(
        rejects.contains("still open at another `\u{FF5B}`"),
        "{rejects}"
    );
}
