//! Two sheets of one game (`repair --with`): a ply one sheet does not record is one
//! disagreement, not a disagreement at every ply after it.

use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, repair_two, RepairOptions, Sheet};

#[test]
fn a_gap_in_one_sheet_is_one_disagreement() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let complete = Sheet::read(
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6 8. c3 0-0",
    );
    // 6. Ve1 not written: the writer went on in the same cell.
    let gap = Sheet::read(
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. b5 Sb3 7. d6 c3 8. 0-0",
    );
    let game = repair(&complete, &options).moves;
    for (first, second, followed) in [(&gap, &complete, "second"), (&complete, &gap, "first")] {
        let r = repair_two(first, second, &options);
        assert_eq!(r.moves, game);
        assert_eq!(r.disagreements.len(), 1, "{r}");
        let d = &r.disagreements[0];
        assert_eq!(
            (d.at.ply, d.played.as_str(), d.followed),
            (11, "Ve1", followed)
        );
        let written = [d.first.as_deref(), d.second.as_deref()];
        assert!(
            written.contains(&None) && written.contains(&Some("Ve1")),
            "{r}"
        );
    }
}

/// A disagreement as the test below compares it: the ply, the clean sheet's word, the other
/// sheet's, the move played, the sheet followed.
type Said<'a> = (u32, Option<&'a str>, Option<&'a str>, &'a str, &'a str);

/// One sheet writes two moves in each other's place, or a move twice: the words read as the
/// game's moves all the same, but the sheets disagree there, and the list says so, with the
/// sheet followed (before, no disagreement was listed: each word read exactly as its move).
#[test]
fn a_swap_or_a_move_written_twice_in_one_sheet_is_a_disagreement() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let clean = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. c3 Jf6 5. d4 exd4 6. cxd4 Sb4+");
    let swapped = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. Jf6 c3 5. d4 exd4 6. cxd4 Sb4+");
    let twice = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 Sc5 4. c3 Jf6 5. d4 d4 exd4 6. cxd4 Sb4+");
    let game = repair(&clean, &options).moves;
    for (first, second, clean_is) in [(&clean, &swapped, "first"), (&swapped, &clean, "second")] {
        let r = repair_two(first, second, &options);
        assert_eq!(r.moves, game, "{r}");
        let said: Vec<Said<'_>> = r
            .disagreements
            .iter()
            .map(|d| {
                let (c, s) = if clean_is == "first" {
                    (d.first.as_deref(), d.second.as_deref())
                } else {
                    (d.second.as_deref(), d.first.as_deref())
                };
                (d.at.ply, c, s, d.played.as_str(), d.followed)
            })
            .collect();
        assert_eq!(
            said,
            [
                (7, Some("c3"), Some("Jf6"), "c3", clean_is),
                (8, Some("Jf6"), Some("c3"), "Jf6", clean_is)
            ],
            "{r}"
        );
    }
    let r = repair_two(&clean, &twice, &options);
    assert_eq!(r.moves, game, "{r}");
    let said: Vec<(u32, Option<&str>, Option<&str>, &str)> = r
        .disagreements
        .iter()
        .map(|d| {
            (
                d.at.ply,
                d.first.as_deref(),
                d.second.as_deref(),
                d.followed,
            )
        })
        .collect();
    assert_eq!(said, [(10, Some("exd4"), Some("d4 exd4"), "first")], "{r}");
}

#[test]
fn a_slip_in_one_sheet_follows_the_other() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let white = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6");
    let black = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sad Jf6");
    let r = repair_two(&white, &black, &options);
    assert_eq!(r.disagreements.len(), 1, "{r}");
    assert_eq!(r.disagreements[0].followed, "first");
    assert_eq!(r.disagreements[0].second.as_deref(), Some("Sad"));
}

/// White's sheet leaves out 18. Bh4, Black's leaves out 21... Kf7 (the two sheets of a TWIC game
/// from the noise bench, each with one skipped ply): each sheet alone has a gap the moves after
/// it do not fill in for certain, the other sheet has the move. Together they give the game,
/// each gap mended from the other sheet, and each sheet's correction is listed with its sheet.
#[test]
fn each_sheet_fills_the_other_ones_gap() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let read = |name: &str| {
        let path = format!("{}/fixtures/repair/{name}", env!("CARGO_MANIFEST_DIR"));
        Sheet::read(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
    };
    let (white, black) = (read("two-sheets-white.txt"), read("two-sheets-black.txt"));
    let r = repair_two(&white, &black, &options);
    let game = "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 b8c6 c1g5 e7e6 f1b5 c8d7 d1d3 a7a6 \
                b5c6 b7c6 e1c1 d8a5 f2f4 f8e7 e4e5 f6d5 g5e7 d5c3 d4b3 c3a2 c1b1 a2b4 d3d6 a5a2 \
                b1c1 b4d5 e7h4 f7f6 e5f6 g7f6 d1d5 c6d5 h4f6 e8f7 d6e7";
    assert_eq!(r.uci_line(), game, "{r}");
    let invented: Vec<(u32, u8, Option<&str>)> = r
        .corrections
        .iter()
        .filter(|c| c.kind == "ply_missing")
        .map(|c| (c.at.ply, c.sheet, c.read_as.as_deref()))
        .collect();
    assert_eq!(
        invented,
        [(35, 1, Some("Sh4")), (42, 2, Some("Kf7"))],
        "{r}"
    );
    let followed: Vec<(u32, &str)> = r
        .disagreements
        .iter()
        .map(|d| (d.at.ply, d.followed))
        .collect();
    assert_eq!(followed, [(35, "second"), (42, "first")], "{r}");
    // The same game whichever sheet comes first.
    assert_eq!(repair_two(&black, &white, &options).uci_line(), game);
}

#[test]
fn each_sheets_slips_are_listed_with_the_sheet() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let white = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sad Jf6");
    let black = Sheet::read("1. e4 e5 2. Jf Jc6 3. Sb5 a6 4. Sa4 Jf6");
    let r = repair_two(&white, &black, &options);
    assert_eq!(r.uci_line(), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6");
    let listed: Vec<(u32, u8, &str)> = r
        .corrections
        .iter()
        .map(|c| (c.at.ply, c.sheet, c.written.as_deref().unwrap_or("-")))
        .collect();
    assert_eq!(listed, [(3, 2, "Jf"), (7, 1, "Sad")], "{r}");
}

/// A player in time trouble may stop writing (Laws 8.4): White's sheet ends after 12 moves,
/// Black's goes on to the end. The game is Black's to the end; every ply only Black's sheet
/// records stays in the list of disagreements, and the report sums them up on one line.
#[test]
fn a_sheet_that_ends_early_is_one_line_of_the_report() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let path = |name: &str| format!("{}/fixtures/repair/{name}", env!("CARGO_MANIFEST_DIR"));
    let white_text = std::fs::read_to_string(path("two-sheets-white.txt")).unwrap();
    let first_12: String = white_text
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    let black = Sheet::read(&std::fs::read_to_string(path("two-sheets-black.txt")).unwrap());
    let r = repair_two(&Sheet::read(&first_12), &black, &options);
    assert_eq!(r.moves, repair(&black, &options).moves, "{r}");
    assert_eq!(r.moves.len(), 43);
    let only_black: Vec<u32> = r
        .disagreements
        .iter()
        .filter(|d| d.first.is_none() && d.followed == "second")
        .map(|d| d.at.ply)
        .collect();
    assert_eq!(only_black.first(), Some(&25), "{r}");
    assert_eq!(only_black.len(), r.disagreements.len(), "{r}");
    let report = r.to_string();
    assert!(
        report.contains(&format!(
            "the first sheet records nothing from ply 25 (13.) on: {} plies to the end",
            only_black.len()
        )),
        "{report}"
    );
    assert!(!report.contains("sheets disagree at ply"), "{report}");
}

/// Two sheets of different games (White's goes 4. Sa4, Black's 4. Sxc6 and on): no game reads
/// both, and the repair says where the sheets part and stops there (exit 1 in the CLI), instead
/// of a game near-certain by its confidence with one sheet's words left unread.
#[test]
fn sheets_of_two_different_games_are_said_to_differ() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let white = Sheet::read(
        "1. e4 e5\n2. Jf3 Jc6\n3. Sb5 a6\n4. Sa4 Jf6\n5. 0-0 Se7\n6. Ve1 b5\n7. Sb3 d6\n8. c3 0-0\n",
    );
    let black = Sheet::read(
        "1. e4 e5\n2. Jf3 Jc6\n3. Sb5 a6\n4. Sxc6 dxc6\n5. 0-0 f6\n6. d4 exd4\n7. Jxd4 c5\n8. Jb3 Dxd1\n",
    );
    let r = repair_two(&white, &black, &options);
    let stop = r.stop.as_ref().expect("a stop where the sheets part");
    assert_eq!(stop.at.ply, 7, "{r}");
    assert_eq!(stop.written, "Sa4");
    assert!(stop.reason.contains("record different games"), "{r}");
}

/// A run of plies one sheet does not record (three or four in a row, the writer in time
/// trouble): the other sheet's clean game is kept and the run is listed, one disagreement a
/// ply. Before, explaining the short sheet by the real game stopped at the run (one ply at a
/// time was all it invented), so a game dropping plies from the clean sheet cost less.
#[test]
fn a_run_of_plies_one_sheet_leaves_out_keeps_the_clean_game() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let moves = "e4 e5 Jf3 Jc6 Sb5 a6 Sa4 Jf6 0-0 Se7 Ve1 b5 Sb3 d6 c3 0-0 h3 Jb8 d4 Jbd7 \
                 Jbd2 Sb7 Sc2 Ve8 Jf1 Sf8 Jg3 g6 a4 c5 d5 c4 Sg5 h6 Se3 Jc5 Dd2 h5 Sg5 Se7";
    let words: Vec<&str> = moves.split_whitespace().collect();
    let numbered = |words: &[&str]| -> String {
        words
            .chunks(2)
            .enumerate()
            .map(|(k, pair)| format!("{}. {}\n", k + 1, pair.join(" ")))
            .collect()
    };
    let complete = Sheet::read(&numbered(&words));
    let game = repair(&complete, &options).moves;
    assert_eq!(game.len(), 40);
    for (from, to) in [(20, 23), (10, 14)] {
        let cut: Vec<&str> = [&words[..from], &words[to..]].concat();
        let short = Sheet::read(&numbered(&cut));
        for (first, second) in [(&complete, &short), (&short, &complete)] {
            let r = repair_two(first, second, &options);
            assert_eq!(r.moves, game, "plies {from}..{to} left out: {r}");
            assert!(r.stop.is_none(), "{r}");
            assert_eq!(r.disagreements.len(), to - from, "{r}");
        }
    }
}

/// Sheets of different games from move 3 on: the first sheet's own game is kept as it reads,
/// with the stop where the sheets part; nothing the other sheet writes after it changes a
/// move (before, `4. c4` from it replaced the first sheet's clean `4. Sa4`).
#[test]
fn past_the_parting_the_other_sheet_changes_no_move() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let first = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7");
    let second = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. d4 d5 4. c4 e6");
    let own = repair(&first, &options);
    let r = repair_two(&first, &second, &options);
    assert_eq!(r.moves, own.moves, "{r}");
    assert!(r.corrections.iter().all(|c| c.sheet == 2), "{r}");
    let stop = r.stop.as_ref().expect("a stop where the sheets part");
    assert_eq!(stop.at.ply, 5, "{r}");
    assert!(stop.reason.contains("record different games"), "{r}");
    assert!(stop.reason.contains("the first sheet's alone"), "{r}");
    // Past the parting the second sheet's words pair with no ply: no disagreement is listed
    // there (before, one a ply, pairing `d4` with Sb5), and the cost is what the corrections
    // cost (before, 30.90 with every correction at 0: the unread words were charged).
    assert!(r.disagreements.iter().all(|d| d.at.ply < 5), "{r}");
    let sum: f32 = r.corrections.iter().map(|c| c.cost).sum();
    assert!((r.cost - sum).abs() < 1e-4, "{r}");
    assert_eq!(r.cost, 0.0, "{r}");
}
