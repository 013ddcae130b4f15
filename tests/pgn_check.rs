//! `scoresheet check`: snapshots of its reports on broken files (`fixtures/broken/`), its exit
//! codes, and a sweep over every real game in `../shared/data/games/`: each standard game is
//! legal, each variant game is reported as unsupported (not illegal), and the number of games
//! reported equals the number of `[Event` lines.

mod common;

use scoresheet::encoding::{decode, Encoding};
use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::SliceReader;
use scoresheet::replay::{replay_game, ErrorKind, ReplayOptions};
use std::io::Read;
use std::path::Path;
use std::process::Command;

fn check(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .arg("check")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// `check` on one file holding `text`, written as `name` in a scratch directory.
fn check_text(name: &str, text: &str) -> (String, String, i32) {
    let scratch = common::Scratch::new(&format!("check-{}", name.replace('.', "-")));
    let path = scratch.0.join(name);
    std::fs::write(&path, text).unwrap();
    check(&[path.to_str().unwrap()])
}

#[test]
fn broken_fixtures_text_and_json_reports() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/broken");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 9);
    for name in names {
        let path = format!("fixtures/broken/{name}");
        let (text, summary, code) = check(&[&path]);
        let (json, _, json_code) = check(&[&path, "--json", "--uci"]);
        assert_eq!(code, json_code);
        // Every JSON line names the fields the issue lists.
        for line in json.lines() {
            for field in [
                "\"game\":",
                "\"ok\":",
                "\"letters\":",
                "\"plies\":",
                "\"result\":",
                "\"status\":",
                "\"warnings\":",
                "\"error\":",
                "\"uci\":",
            ] {
                assert!(line.contains(field), "{name}: {field} missing in {line}");
            }
        }
        let stem = name.trim_end_matches(".pgn");
        insta::assert_snapshot!(
            format!("check_{stem}"),
            format!("exit code {code}\n--- text\n{text}--- stderr\n{summary}--- json\n{json}")
        );
    }
}

#[test]
fn exit_codes() {
    assert_eq!(check(&["../shared/data/games/twic1599-sample.pgn"]).2, 0);
    assert_eq!(check(&["fixtures/broken/illegal-move.pgn"]).2, 1);
    assert_eq!(check(&["no/such/file.pgn"]).2, 2);
    assert_eq!(
        check(&["--from", "xx", "fixtures/broken/illegal-move.pgn"]).2,
        2
    );
    assert_eq!(
        check(&["--encoding", "ebcdic", "fixtures/broken/illegal-move.pgn"]).2,
        2
    );
}

#[test]
fn explicit_letters_and_encodings() {
    let (text, _, code) = check(&[
        "--from",
        "cs",
        "../shared/data/encodings/central-european.windows-1250.pgn",
    ]);
    // Game 3 is Croatian: read as Czech it fails at its first knight move.
    assert_eq!(code, 1);
    assert!(text.contains("game 3: move 2 (white) 'Sf3'"), "{text}");
    let (json, _, code) = check(&[
        "--json",
        "../shared/data/encodings/central-european.cp852.pgn",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json.matches("\"encoding\":\"CP852\"").count(), 3);
    assert_eq!(json.matches("\"letters\":\"cs\"").count(), 2);
    assert_eq!(json.matches("\"letters\":\"hr\"").count(), 1);
}

/// A Czech sheet whose second word is already wrong (Black's first move skipped) stops every
/// letter set at that word; its error is given in the letters its words use (Czech: the knight
/// J cannot reach f3), not as an unknown English letter.
#[test]
fn a_sheet_wrong_from_its_second_word_is_judged_in_its_own_letters() {
    let (out, err, code) = check(&["fixtures/repair/skipped-ply.txt"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("move 1 (black) 'Jf3': illegal: no black knight (J) can move to f3"),
        "{out}"
    );
    assert!(out.contains("letter set detected: cs"), "{out}");
    // `convert` reads it the same way.
    let (code, _, err) = common::run_cli(&["convert", "fixtures/repair/skipped-ply.txt"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("'Jf3' [cs]: no black knight (J) can move to f3"),
        "{err}"
    );
}

/// Older books' dagger and double dagger for check and mate, and the capture marked with a
/// colon after the move, in PGN typed from such a book: one move token with its mark, read as
/// `+`, `#` and `x`; a dagger on a move that gives no check is reported as `+` would be.
#[test]
fn daggers_and_colon_captures_in_pgn_are_read_as_the_marks_they_stand_for() {
    let dir = std::env::temp_dir().join(format!("scoresheet-daggers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("daggers.pgn");
    std::fs::write(
        &file,
        "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf7:\u{2021} 1-0\n\n\
         [Event \"b\"]\n[Result \"*\"]\n\n1. e4 d5 2. Bb5\u{2020} c6 3. Ba4\u{2020} *\n",
    )
    .unwrap();
    let (out, err, code) = check(&[&file.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("game 1"), "{out}");
    assert!(
        out.contains(
            "game 2: warning: move 3 (white) 'Ba4\u{2020}': + written but the move gives no check"
        ),
        "{out}"
    );
    assert!(err.contains("checked 2 games: 2 ok"), "{err}");
}

/// A byte-order mark is no column: `check` and `clean` point at the same character.
#[test]
fn columns_on_the_first_line_count_from_after_a_byte_order_mark() {
    let (out, _, code) = check_text("bom.pgn", "\u{FEFF}1. e4 Qxx *\n");
    assert_eq!(code, 1);
    assert!(
        out.contains("bom.pgn:1:7: game 1: move 1 (black) 'Qxx'"),
        "{out}"
    );
    let (out, _, _) = check_text("bom-tag.pgn", "\u{FEFF}[Event \"x\"] [Bad\n*\n");
    assert!(
        out.contains("bom-tag.pgn:1:13: game 1: syntax: malformed tag pair"),
        "{out}"
    );
}

/// Of two Result (or FEN) tags the first stands, as `clean` keeps it; the second is said.
#[test]
fn a_second_result_tag_is_passed_over_and_said() {
    let (out, err, code) = check_text("dup.pgn", "[Result \"*\"]\n[Result \"1-0\"]\n\n1. e4 *\n");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(
            "game 1: warning: a second Result tag \"1-0\" is passed over: the first stands"
        ),
        "{out}"
    );
    assert!(!out.contains("but the movetext ends with"), "{out}");
}

/// A game that says it is standard chess cannot start from a FEN whose castling rights only
/// Chess960 has (the king on d1 with the right to castle): `O-O` from d1 is no legal move of
/// standard chess. Without the tag the game is taken for Chess960, as before.
#[test]
fn a_standard_game_cannot_start_from_a_chess960_fen() {
    let fen = "[FEN \"4k3/8/8/8/8/8/8/3K3R w K - 0 1\"]\n";
    let text = format!("[Variant \"Standard\"]\n{fen}\n1. O-O Kd7 *\n");
    let (out, _, code) = check_text("standard.pgn", &text);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "standard.pgn:2:1: game 1: bad_fen: FEN tag: castling rights for a king or rook"
        ),
        "{out}"
    );
    let (out, err, code) = check_text("unsaid.pgn", &format!("{fen}\n1. O-O Kd7 *\n"));
    assert_eq!(code, 0, "{out}{err}");
}

/// A FEN whose clock has run 150 half-moves: the game was over (9.6.2) before its first move,
/// which the warning names.
#[test]
fn a_fen_past_seventy_five_moves_ends_the_game_before_its_first_move() {
    let text = "[Date \"2020.01.01\"]\n[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 150 100\"]\n\n\
                100. Ra2 Kd7 *\n";
    let (out, _, _) = check_text("clock150.pgn", text);
    assert!(
        out.contains("warning: move 100 (white) 'Ra2' after the game ended (75 moves without a pawn move or capture"),
        "{out}"
    );
    assert!(!out.contains("'Kd7' after the game ended"), "{out}");
}

fn load(name: &str) -> Vec<u8> {
    let raw = std::fs::read(common::data("games").join(name)).unwrap();
    if name.ends_with(".zst") {
        let mut out = Vec::new();
        zstd::stream::read::Decoder::new(&raw[..])
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        out
    } else {
        raw
    }
}

#[test]
fn every_real_game_is_legal_or_an_unsupported_variant() {
    let opts = ReplayOptions::default();
    let mut variants = 0;
    for name in [
        "lichess-2017-01-sample.pgn",
        "lichess-2025-05-sample.pgn",
        "twic1599-sample.pgn",
        "otb-classics.pgn.zst",
        "lichess-carlsen.pgn.zst",
        "lichess-players.pgn.zst",
    ] {
        let raw = load(name);
        let decoded = decode(&raw, None);
        let text = match decoded.encoding {
            Encoding::Utf8 | Encoding::Utf8Bom => raw.clone(),
            _ => decoded.text.into_bytes(),
        };
        let mut reader = SliceReader::new(&text);
        let mut builder = GameBuilder::default();
        let mut games = 0;
        while let Some(read) = reader.read_game(&mut builder) {
            games += 1;
            let game = read.unwrap_or_else(|e| panic!("{name}: {e}"));
            let r = replay_game(&game, &opts);
            let variant = game.tag("Variant").unwrap_or("Standard");
            match r.error {
                None => {}
                Some(e) if e.kind == ErrorKind::UnsupportedVariant => {
                    assert!(!["Standard", "Chess960", "From Position"].contains(&variant));
                    variants += 1;
                }
                Some(e) => panic!("{name} game {games} ({variant}): {e:?}"),
            }
        }
        assert_eq!(games, common::event_lines(&text), "{name}");
    }
    assert!(variants > 0, "lichess-players has variant games");
}

/// The streaming replay (visitor, no tree) says exactly what the tree replay says.
#[test]
fn visitor_replay_agrees_with_tree_replay() {
    use scoresheet::replay::ReplayVisitor;
    let opts = ReplayOptions::default();
    let mut compared = 0;
    let mut inputs: Vec<(String, Vec<u8>)> = ["twic1599-sample.pgn", "lichess-2025-05-sample.pgn"]
        .iter()
        .map(|n| (n.to_string(), load(n)))
        .collect();
    let broken = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/broken");
    for e in std::fs::read_dir(broken).unwrap() {
        let p = e.unwrap().path();
        inputs.push((p.display().to_string(), std::fs::read(&p).unwrap()));
    }
    inputs.push(("variations".into(), b"1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 3. Ke3) d6) 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 *".to_vec()));
    inputs.push(("fen".into(), b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. O-O Kd7 (1... Kf7 2. Rf1+) 2. Rd1+ *".to_vec()));
    for (name, bytes) in &inputs {
        let mut trees = SliceReader::new(bytes);
        let mut stream = SliceReader::new(bytes);
        let mut b = GameBuilder::default();
        let mut v = ReplayVisitor::new(&opts).with_uci(true);
        while let Some(t) = trees.read_game(&mut b) {
            let s = stream.read_game(&mut v).unwrap();
            let (Ok(t), Ok(s)) = (t, s) else { continue };
            if s.needs_detection {
                continue;
            }
            let t = replay_game(&t, &opts);
            assert_eq!(
                (
                    &t.letters,
                    t.plies,
                    t.result,
                    t.status,
                    &t.error,
                    &t.uci,
                    &t.warnings
                ),
                (
                    &s.letters,
                    s.plies,
                    s.result,
                    s.status,
                    &s.error,
                    &s.uci,
                    &s.warnings
                ),
                "{name}"
            );
            compared += 1;
        }
    }
    assert!(compared > 1500, "{compared}");
}

/// `scoresheet check big.pgn --json | head`: once the reader of the pipe has closed it,
/// checking stops quietly (exit 0, nothing on stderr), as do `convert` and `perft`.
#[test]
fn a_closed_pipe_stops_the_report_quietly() {
    let scratch = common::Scratch::new("check-closed-pipe");
    let path = scratch.0.join("many.pgn");
    std::fs::write(
        &path,
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(20_000),
    )
    .unwrap();
    let runs: [&[&str]; 3] = [
        &["check", "--json", "-j", "2"],
        &["check", "--json", "-j", "1"],
        &["convert"],
    ];
    for args in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .args(args)
            .arg(&path)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 100];
        let mut stdout = child.stdout.take().unwrap();
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

/// A FEN tag that is no position is reported where the tag stands, not at the game's start.
#[test]
fn a_bad_fen_is_located_at_its_tag() {
    let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
    let (out, _, code) = check_text("fen.pgn", text);
    assert_eq!(code, 1);
    assert!(
        out.contains("fen.pgn:7:1: game 2: bad_fen: FEN tag"),
        "{out}"
    );
}

/// A game two letter sets read legally but differently is located at the first move they read
/// differently, with its number, side and token, as `convert` locates it, and an `e.p.` written
/// apart after a capture that took no pawn en passant is reported (as it is when glued to the
/// move), but not after a real en passant capture.
#[test]
fn ambiguous_letters_and_a_needless_en_passant_mark_are_located_at_their_move() {
    let (out, _, code) = check_text("amb.pgn", "[Event \"a\"]\n\n1. e3 e6 2. Se2 Se7 *\n");
    assert_eq!(code, 1);
    let want = "amb.pgn:3:13: game 1: move 2 (white) 'Se2': ambiguous_letters";
    assert!(out.contains(want), "{out}");
    let (out, err, code) = check_text("wrong.pgn", "1. e4 d5 2. exd5 e.p. Qxd5 *\n");
    assert_eq!(code, 0, "{out}{err}");
    let want = "warning: move 2 (white): e.p. written on a move that is not en passant";
    assert!(out.contains(want), "{out}");
    let (out, _, code) = check_text("right.pgn", "1. e4 Nf6 2. e5 d5 3. exd6 e.p. Kd7 *\n");
    assert_eq!(code, 0);
    assert!(!out.contains("warning"), "{out}");
}

/// A move number out of step (a move pair left out, `4.` after `2... Nc6`) is said once a
/// game, where it first happens, by `check` (which replays as it reads) and by the replay of a
/// game tree alike; numbers that agree with the moves (`2...`, a FEN's move 12) say nothing.
#[test]
fn a_move_number_out_of_step_is_said_once_where_it_first_happens() {
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 4. Bb5 a6 6. Ba4 *\n\n\
                [Event \"b\"]\n\n1. e4 e5 2. Nf3 2... Nc6 3. Bb5 (3. Bc4 4... Bc5) *\n\n\
                [Event \"c\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 12\"]\n\n\
                12. e4 12... e5 13. Nf3 *\n";
    // Each warning with the line and column of the move it is about.
    let expected = [
        vec![(
            3,
            24,
            "move 3 (white) 'Bb5' is written as move 4: move numbers out of step from here \
              (the moves are read in their order; a move pair left out or written twice?)",
        )],
        vec![(
            7,
            46,
            "move 3 (black) 'Bc5' is written as move 4: move numbers out of step from here \
              (the moves are read in their order; a move pair left out or written twice?)",
        )],
        vec![],
    ];
    let (out, err, code) = check_text("numbers.pgn", text);
    assert_eq!(code, 0, "{out}{err}");
    for (game, warnings) in expected.iter().enumerate() {
        // The file's place (a scratch directory) before its name is left out.
        let said: Vec<&str> = out
            .lines()
            .filter(|l| l.contains(&format!(": game {}: warning: ", game + 1)))
            .filter_map(|l| l.split_once("/numbers.pgn:").map(|(_, rest)| rest))
            .collect();
        let lines: Vec<String> = warnings
            .iter()
            .map(|(line, column, w)| format!("{line}:{column}: game {}: warning: {w}", game + 1))
            .collect();
        assert_eq!(said, lines, "game {}: {out}", game + 1);
    }
    let mut reader = SliceReader::new(text.as_bytes());
    for warnings in &expected {
        let game = reader
            .read_game(&mut GameBuilder::default())
            .unwrap()
            .unwrap();
        let replay = replay_game(&game, &ReplayOptions::default());
        let got: Vec<(u32, u32, &str)> = replay
            .warnings
            .iter()
            .map(|w| {
                let at = w.at.expect("a move's warning has its place");
                (at.line, at.column, w.message.as_str())
            })
            .collect();
        assert_eq!(got, *warnings);
    }
}

/// A slip in a game in English letters (`Bf3` for a knight's move, `Rd2` for `Nd2`) is blamed
/// where it stands: a set that reads the slip as something else (German `B`, the pawn;
/// Romanian `R`, the king) and reads on is not taken unless it reads the whole game, or the
/// game uses letters English does not know. A Czech game with a slip is still read in Czech.
#[test]
fn a_slip_in_an_english_game_is_blamed_where_it_stands() {
    let (out, err, code) = check_text(
        "slips.pgn",
        "[Event \"a\"]\n\n1. e4 c5 2. Bf3 d6 3. d4 cxd4 4. Nxd4 Nf6 *\n\n\
         [Event \"b\"]\n\n1. d4 d5 2. Rd2 Nf6 *\n\n\
         [Event \"c\"]\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. Jc4 Se7 *\n",
    );
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once("slips.pgn").map(|(_, said)| said))
        .collect();
    assert_eq!(
        lines,
        [
            ":3:13: game 1: move 2 (white) 'Bf3': illegal: no white bishop (B) can move to f3 (Article 3)",
            ":7:13: game 2: move 2 (white) 'Rd2': illegal: no white rook (R) can move to d2 (Article 3)",
            ":11:45: game 3: move 5 (white) 'Jc4': illegal: no white knight (J) can move to c4 (Article 3)",
            ": game 3: warning: letter set detected: cs",
        ],
        "{out}"
    );
}

/// What the move reader reads, the PGN reader lets through: fullwidth letters (`Ｎf3`) and the
/// one-character glyphs `‼ ⁉ ⁈ ⁇`; zeros without dashes (`00`) are castling written in haste,
/// read with a warning (not a move number that shifts the blame to the next word); a character
/// the reader refuses is shown as it prints, or by its code point.
#[test]
fn odd_characters_are_read_or_blamed_where_they_stand() {
    let (out, _, code) = check_text(
        "wide.pgn",
        "1. e4 e5 2. Ｎf3 Nc6 3. Bb5 a6‼ 4. Ba4⁉ Nf6⁈ 5. O-O⁇ *\n",
    );
    assert_eq!(code, 0, "{out}");
    let (out, _, _) = check_text(
        "zeros.pgn",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 00 Be7 *\n",
    );
    assert!(
        out.contains(
            "game 1: warning: move 5 (white) '00': castling written without its dash (C.13"
        ),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
    let (out, _, _) = check_text(
        "mixed.pgn",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-O Be7 *\n",
    );
    assert!(
        out.contains(
            "/mixed.pgn:1:45: game 1: warning: move 5 (white) '0-O': castling written with zeros \
             and letters O mixed (C.13"
        ),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
    let (out, _, _) = check_text("slash.pgn", "1. e4 \\ e5 *\n\n1. d4 \u{7f} d5 *\n");
    assert!(out.contains("syntax: unexpected character '\\'"), "{out}");
    assert!(out.contains("syntax: unexpected character U+007F"), "{out}");
}

/// A game with an error is replayed a second time from its tree for its report: its warnings
/// are those the game would have without the error (a null move in the mainline, an `e.p.`
/// written apart on a move that took nothing en passant).
#[test]
fn warnings_do_not_depend_on_an_error_later_in_the_game() {
    let (out, _, _) = check_text(
        "same.pgn",
        "1. e4 -- 2. d4 e5 *\n\n1. e4 -- 2. d4 e5 3. Ke3 *\n\n\
         1. e4 a6 2. e5 d6 3. exd6 e.p. Nf6 *\n\n1. e4 a6 2. e5 d6 3. exd6 e.p. Nf6 4. Ke3 *\n",
    );
    let warnings = |game: u32| -> Vec<&str> {
        let prefix = format!("game {game}: warning: ");
        out.lines()
            .filter_map(|l| l.split_once(&prefix).map(|(_, w)| w))
            .collect()
    };
    assert_eq!(warnings(1), ["move 1: null move '--'"], "{out}");
    assert_eq!(warnings(2), warnings(1), "{out}");
    assert_eq!(
        warnings(3),
        ["move 3 (white): e.p. written on a move that is not en passant"],
        "{out}"
    );
    assert_eq!(warnings(4), warnings(3), "{out}");
}

/// A FEN whose castling rights only Chess960 has (the king on d1 with the right to castle) in
/// a game with no Variant tag is read as Chess960, as before, and now said, by both replays (a
/// later error sends the game through the tree); with the tag, nothing is said.
#[test]
fn a_chess960_fen_without_a_variant_tag_is_said() {
    let fen = "[FEN \"4k3/8/8/8/8/8/8/3K3R w K - 0 1\"]";
    let (out, _, _) = check_text(
        "fen960.pgn",
        &format!(
            "[Event \"a\"]\n{fen}\n\n1. O-O *\n\n[Event \"b\"]\n[Variant \"Chess960\"]\n{fen}\n\n\
             1. O-O *\n\n[Event \"c\"]\n{fen}\n\n1. O-O Kd7 2. Kh3 *\n"
        ),
    );
    let said = "warning: FEN tag: castling rights for a king or rook off its square in standard \
                chess, and no Variant tag: read as Chess960";
    assert!(out.contains(&format!("game 1: {said}")), "{out}");
    assert!(!out.contains(&format!("game 2: {said}")), "{out}");
    assert!(out.contains(&format!("game 3: {said}")), "{out}");
    assert!(
        out.contains("game 3: move 2 (white) 'Kh3': illegal"),
        "{out}"
    );
}

/// A syntax error late in a game does not hide an illegal move before it: the illegal move is
/// the game's first error, the syntax error said after it; a game legal up to its syntax error
/// keeps what was read (its plies, its Result tag, the Laws of its date) in the JSON report.
#[test]
fn a_syntax_error_does_not_hide_an_illegal_move_before_it() {
    let text = "[Event \"a\"]\n[Date \"2022.10.01\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Ke3 Nc6\n3. Nf3 Nf6 4. Bc4 & Bc5 1-0\n\n\
                [Event \"b\"]\n[Date \"2022.10.01\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Nf3 Nc6 3. Bc4 & Bc5 1-0\n";
    let (out, _, code) = check_text("late.pgn", text);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("late.pgn:5:13: game 1: move 2 (white) 'Ke3': illegal"),
        "{out}"
    );
    assert!(
        out.contains(
            "late.pgn:6:19: game 1: warning: then a syntax error: unexpected character '&'"
        ),
        "{out}"
    );
    assert!(
        out.contains("late.pgn:12:28: game 2: syntax: unexpected character '&'"),
        "{out}"
    );
    let scratch = common::Scratch::new("check-late-json");
    let path = scratch.0.join("late.pgn");
    std::fs::write(&path, text).unwrap();
    let (json, _, _) = check(&["--json", path.to_str().unwrap()]);
    let games: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games[0]["error"]["kind"], "illegal");
    assert_eq!(games[1]["error"]["kind"], "syntax");
    for g in &games {
        assert_eq!(
            (&g["laws"], &g["result"]),
            (&"2018".into(), &"1-0".into()),
            "{g}"
        );
    }
    assert_eq!(games[1]["plies"], 5);
}

/// An illegal move in a variation is said to be in one: its move number and side are the
/// variation's (`1... Ke3` beside the mainline's `1... e5`), and before, nothing told an
/// arbiter not to look for it on the mainline. Both replays (check's streaming one and the
/// tree one clean uses) say it alike; a mainline error says nothing of the kind.
#[test]
fn an_illegal_move_in_a_variation_is_said_to_be_in_one() {
    let scratch = common::Scratch::new("check-variation-error");
    let path = scratch.0.join("v.pgn");
    let text = "[Event \"v\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. Ke3)) 2. Nf3 *\n\n\
                [Event \"m\"]\n\n1. e4 e5 2. Ke3 *\n";
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, code) = check(&[&path.to_string_lossy()]);
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].ends_with(
            "v.pgn:3:30: game 1: move 2 (white) 'Ke3': illegal: in a variation, no white king (K) can move to e3 (Article 3)"
        ),
        "{out}"
    );
    assert!(
        lines[1].ends_with(
            "game 2: move 2 (white) 'Ke3': illegal: no white king (K) can move to e3 (Article 3)"
        ),
        "{out}"
    );
    let games = scoresheet::pgn::Game::read_all(text.as_bytes());
    let tree = replay_game(games[0].as_ref().unwrap(), &ReplayOptions::default());
    let e = tree.error.expect("the variation's move is illegal");
    assert!(
        e.message.starts_with("in a variation, no white king"),
        "{}",
        e.message
    );
}

/// The warnings about a game's result stand where the result is written: at the result token
/// of the movetext, else at the Result tag (before, they had no line and column). A game with
/// no result token at all is still a warning about the whole game.
#[test]
fn result_warnings_stand_at_the_result() {
    let (out, _, _) = check_text("rt.pgn", "[Result \"1-0\"]\n\n1. e4 e5\n0-1\n");
    assert!(
        out.contains("rt.pgn:4:1: game 1: warning: Result tag 1-0 but the movetext ends with 0-1"),
        "{out}"
    );
    let mate = "[Result \"0-1\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#\n";
    let (out, _, _) = check_text("tag.pgn", mate);
    assert!(
        out.contains("tag.pgn:1:1: game 1: warning: result 0-1 but black is checkmated"),
        "{out}"
    );
    let (out, _, _) = check_text("token.pgn", &format!("{}0-1\n", &mate[16..]));
    assert!(
        out.contains("token.pgn:2:1: game 1: warning: result 0-1 but black is checkmated"),
        "{out}"
    );
}

/// A Result tag that is none of PGN's four results is said, at the tag, by both replays (the
/// streaming one of `check` and the tree one of a game read whole); before, it was passed over
/// silently and the movetext's result taken.
#[test]
fn a_result_tag_that_is_no_result_is_said() {
    let text = "[Event \"a\"]\n[Result \"2-0\"]\n\n1. e4 e5 *\n";
    let (out, _, code) = check_text("bad-result.pgn", text);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "bad-result.pgn:2:1: game 1: warning: Result tag \"2-0\" is no result (PGN's are \
             1-0, 0-1, 1/2-1/2 and *): the movetext's stands"
        ),
        "{out}"
    );
    let mut reader = SliceReader::new(text.as_bytes());
    let game = reader
        .read_game(&mut GameBuilder::default())
        .unwrap()
        .unwrap();
    let replay = replay_game(&game, &ReplayOptions::default());
    let w = &replay.warnings[0];
    assert!(w.starts_with("Result tag \"2-0\" is no result"), "{w:?}");
    assert_eq!(w.at.map(|l| (l.line, l.column)), Some((2, 1)));
}

/// `-j` beyond the most threads is a usage error (before, `-j 100000` started thousands of
/// threads and ran for minutes on one game).
#[test]
fn too_many_threads_is_a_usage_error() {
    let (out, err, code) = check_text("one.pgn", "1. e4 e5 *\n");
    assert_eq!(code, 0, "{out}{err}");
    let (_, err, code) = check(&["-j", "100000", "fixtures/clean/mixed.pgn"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("from 1 to 1024"), "{err}");
}
