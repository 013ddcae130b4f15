//! `scoresheet claim` end to end: the Nikolić–Arsović game (Belgrade 1989, 269 moves) under the
//! 2009, 2014 and 2018 Laws, a claim with a written move in Czech letters, flag falls as JSON.

mod common;

fn data(path: &str) -> String {
    common::data(path).to_string_lossy().into_owned()
}

fn claim(args: &[&str]) -> (i32, String) {
    let (code, out, _) = common::run_cli(&[&["claim"], args].concat());
    (code, out)
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out) = claim(&all);
    assert_eq!(code, 0, "{out}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn temp_pgn(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!("scoresheet-laws-{}-{name}.pgn", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn nikolic_arsovic_ended_by_the_75_move_rule_from_2014() {
    let file = data("draws/nikolic-arsovic-1989.pgn");
    let v = json(&[&file, "--laws", "2009"]);
    assert!(v["ended_earlier"].is_null(), "no 9.6 before 2014");
    assert_eq!(v["claimed_after"]["label"], "269...Rg7");
    assert_eq!(v["valid"], true);
    assert_eq!(v["article"], "9.3b");
    assert_eq!(v["fifty"]["since"]["label"], "167.Bxd5");
    for (laws, article) in [("2014", "9.6b"), ("2018", "9.6.2"), ("2023", "9.6.2")] {
        let v = json(&[&file, "--laws", laws]);
        let end = &v["ended_earlier"];
        assert_eq!(end["article"], article);
        assert_eq!(
            end["rule"], "seventy_five_moves",
            "named as check --json names it"
        );
        assert_eq!(
            end["at"]["label"], "242.Kc3",
            "75 moves each after 167.Bxd5"
        );
        assert_eq!(end["evidence"][0]["label"], "167.Bxd5");
    }
    // A flag fall at the end changes nothing under 2018: the game was already drawn.
    let v = json(&[&file, "--laws", "2018", "--flag", "black"]);
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["article"], "9.6.2");
}

#[test]
fn written_move_in_czech_letters() {
    let file = temp_pgn("cs", "1. Jf3 Jf6 2. Jg1 Jg8 3. Jf3 Jf6 4. Jg1 *\n");
    let (code, text) = claim(&[
        &file,
        "--intended",
        "Jg8",
        "--kind",
        "threefold",
        "--laws",
        "2014",
    ]);
    assert_eq!(code, 0);
    assert!(
        text.contains("Black claims threefold repetition after 4.Jg1"),
        "{text}"
    );
    assert!(text.contains("Written, not played: 4...Jg8"), "{text}");
    assert!(text.contains("Verdict: VALID — Article 9.2a: the position occurred 3 times: start, 2...Jg8, 4...Jg8 (written, not played)"), "{text}");
    // The same claim without the written move is an incorrect claim: still exit 0.
    let v = json(&[&file, "--kind", "threefold"]);
    assert_eq!(v["valid"], false);
    assert_eq!(
        v["reason"],
        "the position occurred only twice: 2.Jg1, 4.Jg1"
    );
    // A written move that is not legal gets a verdict, not an error (9.5.3: an incorrect
    // claim; the game goes on): the claim cannot rest on it.
    let (code, text) = claim(&[&file, "--intended", "Jg5", "--laws", "2018"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("Written, not played: 4...Jg5 (not a legal move)"),
        "{text}"
    );
    assert!(
        text.contains("Verdict: NOT VALID — Article 9.2.1.1: the written move `Jg5` is not a legal move for black here"),
        "{text}"
    );
    // ... unless the board already makes the claim good (9.2.1.2): one more repetition.
    let file2 = temp_pgn(
        "cs2",
        "1. Jf3 Jf6 2. Jg1 Jg8 3. Jf3 Jf6 4. Jg1 Jg8 5. Jf3 Jf6 6. Jg1 *\n",
    );
    let v = json(&[&file2, "--intended", "Jg5", "--laws", "2018"]);
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["article"], "9.2.1.2");
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("`Jg5` is not a legal move here"),
        "{v}"
    );
    // Text that is no move at all is a mistake in the command (exit 1).
    let (code, _) = claim(&[&file, "--intended", "Jg5g5g5"]);
    assert_eq!(code, 1);
}

#[test]
fn claim_at_a_move_and_svg() {
    let file = temp_pgn(
        "at",
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n",
    );
    let v = json(&[&file, "--at", "5.", "--kind", "threefold"]);
    assert_eq!(v["valid"], true);
    assert_eq!(v["article"], "9.2.1.2");
    let svg = std::env::temp_dir().join(format!("scoresheet-laws-{}.svg", std::process::id()));
    let (code, _) = claim(&[&file, "--svg", &svg.to_string_lossy()]);
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("♔"));
    let (code, _) = claim(&[&file, "--at", "40..."]);
    assert_eq!(code, 2, "no such moment is a usage error");
}

#[test]
fn flag_fall_from_a_fen_only_game() {
    let file = temp_pgn(
        "flag",
        "[SetUp \"1\"]\n[FEN \"5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 60\"]\n\n*\n",
    );
    let v = json(&[&file, "--flag", "white"]);
    assert_eq!(
        (v["result"].as_str(), v["article"].as_str()),
        (Some("1/2-1/2"), Some("6.9"))
    );
    let v = json(&[&file, "--flag", "black", "--laws", "2005"]);
    assert_eq!(
        (v["result"].as_str(), v["article"].as_str()),
        (Some("1-0"), Some("6.10"))
    );
}

#[test]
fn a_scoresheet_that_cannot_be_replayed_exits_1() {
    let file = temp_pgn("bad", "1. e4 e5 2. Ke3 *\n");
    let (code, _) = claim(&[&file]);
    assert_eq!(code, 1);
}

/// An illegal move in a variation is no error of the game a claim is about: the claim is judged
/// on the mainline (it was refused as "cannot be replayed").
#[test]
fn a_variations_illegal_move_does_not_stop_a_claim() {
    let file = temp_pgn(
        "variation",
        "[Event \"x\"]\n[Date \"2024.01.01\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 (2... Ke3) 3. Nf3 Nf6 4. Ng1 Ng8 *\n",
    );
    let v = json(&[&file]);
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["claimed_after"]["label"], "4...Ng8", "{v}");
}

/// Games are numbered from 1: `--game 0` is a usage error, not the first game.
#[test]
fn game_zero_is_a_usage_error() {
    let file = temp_pgn("game0", "1. e4 e5 *\n");
    assert_eq!(claim(&[&file, "--game", "0"]).0, 2);
    assert_eq!(claim(&[&file, "--game", "2"]).0, 2);
    assert_eq!(claim(&[&file, "--game", "1"]).0, 0);
}

/// A file with no game in it is bad input (exit 1), as the README's exit codes have it; asking
/// for a game past the last is a usage error that says how many games there are.
#[test]
fn a_file_without_games_is_bad_input() {
    let empty = temp_pgn("empty", " \n\n");
    let (code, out, err) = common::run_cli(&["claim", &empty]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("no game in it"), "{err}");
    let two = temp_pgn("two", "1. e4 e5 *\n\n1. d4 d5 *\n");
    let (code, _, err) = common::run_cli(&["claim", &two, "--game", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("there is no game 3: it holds 2 games"),
        "{err}"
    );
}

/// Without `--laws`, `claim`, `check` and `clean --fix-results` judge a game under the edition
/// in force on its Date: Nikolić–Arsović (1989) was not ended by the 75-move rule, which came
/// in 2014.
#[test]
fn the_laws_in_force_on_the_games_date_by_default() {
    let file = data("draws/nikolic-arsovic-1989.pgn");
    let (code, out, err) = common::run_cli(&["claim", &file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["edition"], "2005");
    assert!(v["ended_earlier"].is_null(), "{out}");
    assert!(
        err.contains("the game's Date 1989.??.?? is before the oldest edition of the Laws known here: judged under the 2005 Laws"),
        "{err}"
    );
    // No year to go by: the latest edition, and stderr says why.
    for (tags, why) in [
        ("", "the game's date is unknown"),
        ("[Date \"????.??.??\"]\n", "the game's date is unknown"),
        (
            "[Date \"last Sunday\"]\n",
            "the game's Date 'last Sunday' is no date",
        ),
    ] {
        let undated = temp_pgn("undated", &format!("{tags}\n1. e4 e5 *\n"));
        let (code, _, err) = common::run_cli(&["claim", &undated]);
        assert_eq!(code, 0, "{err}");
        assert!(
            err.contains(&format!(
                "scoresheet claim: {why}: judged under the 2023 Laws, the latest"
            )),
            "{tags}: {err}"
        );
    }
    // A month or day that is none (a slip) leaves the year known: 2014.13.01 is a day of
    // 2014 before July at the earliest, under the 2009 Laws, not the latest edition; so a
    // 2010 game with a month 13 has no fivefold rule (9.6.1 came in 2014), in claim and check.
    let slip = temp_pgn("month13", "[Date \"2014.13.01\"]\n\n1. e4 e5 *\n");
    let (code, _, err) = common::run_cli(&["claim", &slip]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("judged under the 2009 Laws, in force by the game's Date 2014.13.01"),
        "{err}"
    );
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nc3 Nc6 4. Nb1 Nb8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nc3 Nc6 \
                   8. Nb1 Nb8 9. e4 e5 1-0";
    for date in ["2010.13.01", "2012.06.32", "2010.??.45"] {
        let game = temp_pgn(
            "bad-date",
            &format!("[Date \"{date}\"]\n[Result \"1-0\"]\n\n{shuffle}\n"),
        );
        let (code, out, err) = common::run_cli(&["check", &game]);
        assert_eq!((code, out.as_str()), (0, ""), "{date}: {err}");
        // Under the latest Laws the same game ended drawn by the fivefold repetition.
        let (_, out, _) = common::run_cli(&["check", "--laws", "2023", &game]);
        assert!(out.contains("fivefold repetition"), "{date}: {out}");
    }
    // Under the edition the date gives, no warning; under 2014 the moves after 242.Kc3 came
    // after the end.
    let (code, out, _) = common::run_cli(&["check", "--quiet", &file]);
    assert_eq!((code, out.as_str()), (0, ""));
    let (code, out, _) = common::run_cli(&["check", "--quiet", "--laws", "2014", &file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("move 242 (black) 'Rh8' after the game ended (75 moves without a pawn move or capture; Article 9.6b of the 2014 Laws)"),
        "{out}"
    );
    let (code, _, err) = common::run_cli(&["check", "--laws", "1997", &file]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--laws: unknown edition of the Laws `1997`"),
        "{err}"
    );

    // `clean --fix-results`: a game drawn by fivefold repetition in 2019 but scored 1-0 is put
    // right; the same game of 1998 had no such rule and keeps its result.
    let scratch = common::Scratch::new("laws-by-date");
    let game = |date: &str| {
        format!(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"{date}\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 1-0\n\n"
        )
    };
    let input = scratch.0.join("in.pgn");
    std::fs::write(
        &input,
        format!("{}{}", game("2019.03.04"), game("1998.03.04")),
    )
    .unwrap();
    let (out, report) = (scratch.0.join("out.pgn"), scratch.0.join("report.json"));
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();
    let args = [
        "clean",
        "--quiet",
        "--fix-results",
        &path(&input),
        "-o",
        &path(&out),
    ];
    let (code, _, err) = common::run_cli(&[&args[..], &["--report", &path(&report)]].concat());
    assert_eq!(code, 0, "{err}");
    let cleaned = std::fs::read_to_string(&out).unwrap();
    let results: Vec<&str> = cleaned
        .lines()
        .filter(|l| l.starts_with("[Result "))
        .collect();
    assert_eq!(
        results,
        ["[Result \"1/2-1/2\"]", "[Result \"1-0\"]"],
        "{cleaned}"
    );
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(
        report
            .contains("Result 1-0 → 1/2-1/2 (fivefold repetition; Article 9.6.1 of the 2018 Laws)"),
        "{report}"
    );
    // Told the edition, `clean` applies it to both games.
    let (code, _, err) = common::run_cli(&[&args[..], &["--laws", "2023"]].concat());
    assert_eq!(code, 0, "{err}");
    let cleaned = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        cleaned.matches("[Result \"1/2-1/2\"]").count(),
        2,
        "{cleaned}"
    );
}

/// `check --json` says where a game ended by itself when the moves went on past it, and
/// contradicts a decisive result there.
#[test]
fn check_json_gives_the_automatic_draw_a_game_went_on_past() {
    let moves = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 \
                 8. Ng1 Ng8 9. f3 e5 10. g4 Qh4# 0-1";
    let file = temp_pgn(
        "went-on",
        &format!("[Date \"2019.05.05\"]\n[Result \"0-1\"]\n\n{moves}\n"),
    );
    let (code, out, err) = common::run_cli(&["check", "--json", &file]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value =
        serde_json::from_str(out.lines().next().unwrap()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["status"], "checkmate", "{out}");
    assert_eq!(v["laws"], "2018", "{out}");
    assert_eq!(
        v["ended_early"],
        serde_json::json!({"status": "fivefold", "before_move": 9, "side": "white"}),
        "{out}"
    );
    let warnings = v["warnings"].as_array().unwrap();
    // A warning about the result stands at the result token; one about a move, at the move.
    let result_column = moves.find("0-1").unwrap() + 1;
    assert!(
        warnings.contains(&serde_json::json!({
            "message": "result 0-1 but the game ended drawn (fivefold repetition; Article 9.6.1 of the 2018 Laws) before move 9 (white)",
            "line": 4,
            "column": result_column
        })),
        "{out}"
    );
    let column = moves.find("9. f3").unwrap() + 4;
    assert!(
        warnings.contains(&serde_json::json!({
            "message": "move 9 (white) 'f3' after the game ended (fivefold repetition; Article 9.6.1 of the 2018 Laws)",
            "line": 4,
            "column": column
        })),
        "{out}"
    );
    // `claim --json` names the rule as `check --json` names the status.
    let c = json(&[&file, "--laws", "2018"]);
    assert_eq!(
        c["ended_earlier"]["rule"], v["ended_early"]["status"],
        "{c}"
    );
}

/// The reports read as sentences at their edges: one half-move or none (not "1 half-moves (0
/// moves and one half-move)"), a start position that is already mate ("before any move", not
/// "checkmated by start"); and a flag fall takes no claim's written move or kind.
#[test]
fn reports_read_as_sentences_at_the_edges() {
    let file = temp_pgn(
        "edges",
        "[Event \"t\"]\n[Date \"2020.01.01\"]\n[SetUp \"1\"]\n\
         [FEN \"4k3/3p4/8/4P3/8/8/8/4K3 b - - 40 1\"]\n[Result \"*\"]\n\n\
         1... d5 2. exd6 Kd7 3. Ke2 Kxd6 4. Kd2 *\n",
    );
    let (_, out) = claim(&[&file, "--at", "3", "--kind", "fifty"]);
    assert!(
        out.contains(
            "only 1 half-move without a pawn move or capture since 2.exd6: 99 half-moves short"
        ),
        "{out}"
    );
    let (_, out) = claim(&[&file, "--at", "5", "--kind", "fifty"]);
    assert!(
        out.contains(
            "not one half-move without a pawn move or capture since 3...Kxd6: 100 half-moves short"
        ),
        "{out}"
    );
    let mated = temp_pgn(
        "mated-at-start",
        "[Event \"t\"]\n[Date \"2020.01.01\"]\n[SetUp \"1\"]\n\
         [FEN \"R5k1/8/6K1/8/8/8/8/8 b - - 0 80\"]\n\n*\n",
    );
    let (_, out) = claim(&[&mated, "--at", "0"]);
    assert!(
        out.contains("Black claims a draw (threefold repetition or fifty moves) before any move"),
        "{out}"
    );
    assert!(
        out.contains("black is checkmated in the start position: the game was over before any move (won by white)"),
        "{out}"
    );
    assert!(!out.contains("by start"), "{out}");
    let (code, _, err) = common::run_cli(&["claim", &file, "--flag", "white", "--intended", "Kd1"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = common::run_cli(&["claim", &file, "--flag", "white", "--kind", "fifty"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--kind belongs to a draw claim"), "{err}");
}

/// A game with a null move in its mainline is refused by `claim` where the null move stands, as
/// written (`--`), not as the `0000` of its UCI.
#[test]
fn a_null_move_is_refused_where_it_stands() {
    let file = temp_pgn("null", "[Event \"t\"]\n\n1. e4 -- 2. Nf3 *\n");
    let (code, _, err) = common::run_cli(&["claim", &file]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("line 3, column 7: `--` is a null move, no move of the Laws"),
        "{err}"
    );
    assert!(!err.contains("0000"), "{err}");
}

/// A game that had ended before its first move (a dead position set up) is said to have ended
/// "at the start", where the report read "after start".
#[test]
fn a_game_ended_before_its_first_move_ended_at_the_start() {
    let file = temp_pgn(
        "dead-start",
        "[FEN \"8/8/4k3/8/8/3BK3/8/8 w - - 0 60\"]\n\n60. Bc4 Kd6 *\n",
    );
    let (code, out, err) = common::run_cli(&["claim", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the game had already ended: at the start neither player could checkmate"),
        "{out}"
    );
    assert!(!out.contains("after start"), "{out}");
}

/// An incorrect claim is a verdict: exit 0, as for a correct one, and `claim --help` says so
/// (before, the help said nothing of the exit status); a written move that cannot be read is the
/// input's fault (exit 1).
#[test]
fn the_exit_status_of_a_verdict_is_0_valid_or_not_and_the_help_says_so() {
    let file = temp_pgn("exit", "1. e4 e5 2. Nf3 Nc6 *\n");
    let (code, out) = claim(&[&file, "--kind", "fifty", "--laws", "2018"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Verdict: NOT VALID"), "{out}");
    let (code, out) = claim(&[&file, "--kind", "fifty", "--intended", "Ke3"]);
    assert_eq!(code, 0, "a written move that is not legal is judged: {out}");
    let (code, _) = claim(&[&file, "--kind", "fifty", "--intended", "Zz9"]);
    assert_eq!(code, 1);
    let (code, help) = claim(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        help.contains("Exit status: 0 for any verdict, the claim VALID or NOT VALID"),
        "{help}"
    );
}
