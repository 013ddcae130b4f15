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
        assert_eq!(end["rule"], "seventy-five-moves");
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
    // A written move that is not legal is refused (exit 1).
    let (code, _) = claim(&[&file, "--intended", "Jg5"]);
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

/// Games are numbered from 1: `--game 0` is a usage error, not the first game.
#[test]
fn game_zero_is_a_usage_error() {
    let file = temp_pgn("game0", "1. e4 e5 *\n");
    assert_eq!(claim(&[&file, "--game", "0"]).0, 2);
    assert_eq!(claim(&[&file, "--game", "2"]).0, 2);
    assert_eq!(claim(&[&file, "--game", "1"]).0, 0);
}
