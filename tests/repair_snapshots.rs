//! Snapshots of the correction report an arbiter reads, for sheets in `fixtures/repair/` that
//! each show one kind of trouble.

use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{explain, repair, repair_two, Costs, Repair, RepairOptions, Sheet};

fn fixture(name: &str) -> Repair {
    fixture_with(name, Costs::standard())
}

/// The fixture repaired in Czech letters with the cost table `costs`.
fn fixture_with(name: &str, costs: &Costs) -> Repair {
    let path = format!("{}/fixtures/repair/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    options.costs = costs;
    repair(&Sheet::read(&text), &options)
}

/// The plies the repair invented (not on the sheet).
fn invented(r: &Repair) -> Vec<u32> {
    r.corrections
        .iter()
        .filter(|c| c.kind == "ply_missing")
        .map(|c| c.at.ply)
        .collect()
}

fn report(r: &Repair) -> String {
    format!("{}\n{r}", r.san.join(" "))
}

#[test]
fn skipped_ply_is_invented_and_flagged() {
    let r = fixture("skipped-ply.txt");
    assert_eq!(r.san[1], "e5");
    assert!(invented(&r).contains(&2), "{r}");
    insta::assert_snapshot!(report(&r));
}

#[test]
fn swapped_plies_are_put_back_in_order() {
    let r = fixture("swapped-plies.txt");
    assert_eq!(&r.san[..4], ["e4", "e5", "Nf3", "Nc6"]);
    assert!(r.corrections.iter().any(|c| c.kind == "plies_swapped"));
    insta::assert_snapshot!(report(&r));
}

#[test]
fn english_knight_in_a_czech_sheet() {
    let r = fixture("english-n-in-czech.txt");
    assert_eq!(r.san[2], "Nf3");
    assert_eq!(r.corrections.len(), 1);
    assert_eq!(r.corrections[0].kind, "letter_other_language");
    insta::assert_snapshot!(report(&r));
}

#[test]
fn ambiguous_knight_move_is_reported_as_such() {
    let r = fixture("ambiguous.txt");
    assert_eq!(r.alternatives_total, 1, "{r}");
    assert_eq!(r.alternatives[0].differences[0].at.ply, 5);
    insta::assert_snapshot!(report(&r));
}

#[test]
fn unrecoverable_sheet_stops_where_nothing_plausible_follows() {
    let r = fixture("unrecoverable.txt");
    let stop = r.stop.as_ref().expect("the game must stop");
    assert_eq!(r.moves.len(), 10, "{r}");
    assert_eq!((stop.at.ply, stop.written.as_str()), (11, "Kd8"));
    insta::assert_snapshot!(report(&r));
}

/// A capture written without its piece letter or file right after a piece's move (`2. Jc3 xe4`,
/// `13. Sd2 xe1+`), on a sheet in the short form: two moves, each read with one correction.
/// Before, the pair was one long-form move typed with a space (the knight from c3 taking on e4),
/// which no piece could play, and the game stopped at ply 3.
#[test]
fn a_capture_without_its_letter_after_a_piece_move_is_a_move_of_its_own() {
    let r = fixture("capture-apart.txt");
    assert!(r.stop.is_none(), "{r}");
    assert_eq!(r.moves.len(), 28, "{r}");
    let read: Vec<(u32, &str)> = r
        .corrections
        .iter()
        .map(|c| (c.at.ply, c.read_as.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(read, [(4, "dxe4"), (26, "Vxe1")], "{r}");
    insta::assert_snapshot!(report(&r));
}

/// A skipped ply inside an exchange on d4 (White's 15. Nxd4 not written; the sheet's moves come
/// from a TWIC game, as the noise bench writes them): 15. Nxd4 Bxd4 16. Bxd4 Qxd4 and
/// 15. Bxd4 Bxd4 16. Nxd4 Qxd4 reach the same position at the same cost by the sheet, and the
/// sheet cannot tell which was played: both are reported, with the plies where they differ. The
/// invented-move prior prefers the game whose invented move is a recapture (16. Nxd4); it looks
/// at the invented move only, so it does not see that both games play the same kinds of moves in
/// another order (here the game played is the other one).
#[test]
fn skipped_ply_in_an_exchange_is_reported_ambiguous() {
    let r = fixture("skipped-ply-in-exchange.txt");
    assert_eq!(r.alternatives_total, 1);
    let a = &r.alternatives[0];
    assert!(a.sheet_extra_cost < 0.01, "{r}");
    assert!(a.extra_cost > 0.3, "{r}");
    assert!(r
        .corrections
        .iter()
        .any(|c| c.kind == "ply_missing" && c.at.ply == 31 && c.detail.contains("recapture")));
    let plies: Vec<u32> = a.differences.iter().map(|d| d.at.ply).collect();
    assert_eq!(plies, [29, 31]);
    insta::assert_snapshot!(report(&r));
}

/// A whole move left off the sheet (11. Ne5 Nd7 of a TWIC game, the row written with the moves
/// after it, one move out of step to the end): both plies are invented, by the second look's
/// edit of a row left out, and the numbers out of step are charged once. One invented ply at a
/// time read the words after the gap by the wrong side; before the edit, the game found was
/// another one.
#[test]
fn a_whole_move_left_out_is_invented_ply_by_ply() {
    let r = fixture("whole-move-skipped.txt");
    assert_eq!(invented(&r), [21, 22], "{r}");
    assert_eq!(&r.san[20..22], ["Ne5", "Nd7"], "{r}");
    assert_eq!(r.moves.len(), 64, "{r}");
    assert!(r.stop.is_none(), "{r}");
    insta::assert_snapshot!(report(&r));
}

/// A whole move left off (40. fxg6 Rxe4, a TWIC game from the noise bench) after which the
/// sheet reads on by the right side: 40. Sxb5 is legal as White's next move, and the first word
/// that does not read well comes a ply later. The search now tries a row left out up to twelve
/// words before the word that reads badly; before, it found a game of seven corrections (cost
/// 19.59) that read the words after the gap as other moves.
#[test]
fn a_whole_move_left_out_shows_only_words_later() {
    let r = fixture("whole-move-read-on-legally.txt");
    assert_eq!(invented(&r), [79, 80], "{r}");
    assert_eq!(&r.san[78..82], ["fxg6", "Rxe4", "Bxb5", "Bf5"], "{r}");
    assert_eq!(r.corrections.len(), 3, "{r}");
    assert_eq!(r.moves.len(), 158, "{r}");
    assert_eq!(r.alternatives_total, 0, "{r}");
    assert!(r.stop.is_none(), "{r}");
    assert!(r.cost < 6.0, "{r}");
}

/// The sheet with a whole move left off explained by the game the repair found costs what the
/// repair said it costs: `explain` prices a run of White's ply and Black's answer as the search
/// prices a whole move left off (`move_missing_extra` on top of the two plies). Before, the
/// explanation came 1.0 cheaper, and the noise bench counted games as missed that the search
/// had priced right.
#[test]
fn a_whole_move_left_out_costs_the_same_explained() {
    let path = format!(
        "{}/fixtures/repair/whole-move-skipped.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let sheet = Sheet::read(&std::fs::read_to_string(&path).unwrap());
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let r = repair(&sheet, &options);
    let e = explain(&sheet, &options, &r.moves);
    assert_eq!(e.moves, r.moves);
    assert!((e.cost - r.cost).abs() < 1e-3, "{} {}\n{e}", e.cost, r.cost);
    let extra = Costs::standard().move_missing_extra;
    assert!(
        e.corrections
            .iter()
            .any(|c| c.kind == "ply_missing" && c.at.ply == 22 && c.cost > extra),
        "{e}"
    );
}

/// Two games read the sheet at the same cost — 29... `Vf8` is the rook to f7 (a rank off) or to
/// e8 (a file off) — and the report keeps the one whose moves players play more often, the game
/// played (Rf7, a TWIC game with four slips from the noise bench), listing the other.
#[test]
fn a_tie_goes_to_the_moves_players_play() {
    let r = fixture("tie-decided-by-moves.txt");
    assert_eq!(r.san[57], "Rf7", "{r}");
    assert!(
        r.alternatives.iter().any(|a| a
            .differences
            .iter()
            .any(|d| d.other.as_deref() == Some("Ve8"))),
        "{r}"
    );
    insta::assert_snapshot!(report(&r));
}

/// A skipped ply the sheet cannot pin down: after 28. Bb1 or 28. Bc2 (a bishop the last move
/// attacked) the words that follow read the same, and the prior's cost of the invented move alone
/// prefers Bc2 by a little; the moves from there on (the bishop then goes on to d3) are more
/// plausible after Bb1, the game played (a TWIC game the noise bench got wrong before), which
/// the report keeps, listing Bc2 as costing less.
#[test]
fn a_skipped_ply_goes_to_the_moves_players_play() {
    let r = fixture("skip-decided-by-moves.txt");
    assert_eq!(r.san[54], "Bb1", "{r}");
    assert!(invented(&r).contains(&55), "{r}");
    let cheaper = r
        .alternatives
        .iter()
        .find(|a| a.extra_cost < 0.0)
        .expect("the cheaper game is listed");
    assert_eq!(cheaper.differences[0].other.as_deref(), Some("Sc2"));
    insta::assert_snapshot!(report(&r));
}

/// A skipped ply that the invented move's own cost would get wrong: 12. h3 is not on the sheet
/// (a TWIC game the noise bench got wrong before). By the sheet alone 12. Rxb7 ties with it
/// (the rook then goes back to b2 instead of b1-b2), and a capture is the likelier kind of move
/// to leave off, so by the total Rxb7 costs 0.70 less, more than `tie_margin`. Games tied by the
/// sheet alone are weighed by their moves too, and the answer 12... Bh5 (the bishop h3 attacks
/// steps away) makes h3 the game played; Rxb7 is still listed, costing less.
#[test]
fn a_skipped_ply_tied_by_the_sheet_alone_goes_to_the_moves_players_play() {
    let r = fixture("skip-decided-by-the-answer.txt");
    assert_eq!(r.san[22], "h3", "{r}");
    assert_eq!(r.san[23], "Bh5", "{r}");
    assert!(invented(&r).contains(&23), "{r}");
    let capture = r
        .alternatives
        .iter()
        .find(|a| a.differences[0].other.as_deref() == Some("Vxb7"))
        .expect("the capture is listed");
    assert!(capture.extra_cost < -Costs::standard().tie_margin, "{r}");
    assert!(
        capture.sheet_extra_cost <= Costs::standard().tie_margin,
        "{r}"
    );
    insta::assert_snapshot!(report(&r));
}

/// Two plies left off (4... O-O and 11... Nc6; a TWIC game the noise bench got wrong). Where
/// the sheet has 13. h3, the cheapest game reads it as written; another game reads it as b3 (a
/// look-alike, 1.00 more) and is more plausible by the prior's model over the moves around it.
/// A game that costs more must be that much more plausible (`tie_extra_nats` per unit of the
/// extra cost): h3 as written is the game found. Without that (the rule before,
/// `tie_plausibility` 0.5 alone) and the prior before 2026-11-27, the costlier b3 was chosen.
#[test]
fn a_dearer_explanation_needs_more_plausible_moves_to_be_chosen() {
    let r = fixture("two-skips-h3-as-written.txt");
    assert_eq!(r.san.len(), 26, "{r}");
    assert_eq!(&r.san[23..], ["Rd8", "h3", "Bd6"], "{r}");
    assert!(
        r.corrections
            .iter()
            .all(|c| c.written.as_deref() != Some("h3")),
        "{r}"
    );
    assert_eq!(invented(&r), [8, 22], "{r}");
    // With the prior before 2026-11-27 the b3 game was the more plausible and, with the
    // plausibility threshold alone (`tie_plausibility` 0.5, no `tie_extra_nats`), won; since
    // the `shortfall` / `best_material` features the prior itself prefers h3, with or without
    // the extra cost's weight.
    let mut without = Costs::standard().clone();
    without.tie_plausibility = 0.0;
    without.tie_extra_nats = 0.0;
    without.tie_sheet_nats = 0.0;
    let alone = fixture_with("two-skips-h3-as-written.txt", &without);
    assert_eq!(alone.san.get(24).map(|m| m.as_str()), Some("h3"), "{alone}");
    insta::assert_snapshot!(report(&r));
}

/// Black's 9... bxc6 left off a real game (TWIC): the three words after it read legally as the
/// other side's moves (9... e5, 10. Nd5 Ne4), and the first that does not, 11. dxe5 (White has
/// no d-pawn), reads with one slip, as fxe5. The missing ply is found where it was, and not
/// explained by slips (before 2026-11-26: 9. Nxc6 read as Nxe6, 9... Bxe6 invented, 13... c5
/// read as b5, costing four times as much).
#[test]
fn a_ply_left_off_is_found_where_the_words_after_it_read_by_the_wrong_side() {
    let r = fixture("skip-read-by-the-wrong-side.txt");
    assert_eq!(r.san.len(), 26, "{r}");
    assert_eq!(&r.san[16..20], ["Nxc6", "bxc6", "e5", "Nd5"], "{r}");
    assert_eq!(invented(&r), [18], "{r}");
    assert!(
        r.corrections
            .iter()
            .all(|c| matches!(c.kind, "ply_missing" | "number_out_of_step")),
        "{r}"
    );
    insta::assert_snapshot!(report(&r));
}

/// White's and Black's sheets of one game, each with a ply left out: each gap is filled from the
/// other sheet, each sheet's correction is marked with its sheet, and the places where the
/// sheets disagree say which one was followed.
#[test]
fn two_sheets_fill_each_others_gaps() {
    let text = |name: &str| {
        let path = format!("{}/fixtures/repair/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let r = repair_two(
        &Sheet::read(&text("two-sheets-white.txt")),
        &Sheet::read(&text("two-sheets-black.txt")),
        &RepairOptions::new(LetterSet::by_code("cs").unwrap()),
    );
    assert_eq!(r.disagreements.len(), 2);
    insta::assert_snapshot!(report(&r));
}

#[test]
fn the_confidence_is_high_for_a_clear_slip_and_below_the_bulk_bar_for_a_tie() {
    // One English N in a Czech sheet: every other reading costs a slip more. A bulk repair
    // takes it (`batch::RepairPolicy`'s least confidence).
    let clear = fixture("english-n-in-czech.txt");
    assert_eq!(clear.corrections.len(), 1);
    assert_eq!(clear.alternatives_total, 0);
    let bar = scoresheet::batch::RepairPolicy::default().min_confidence;
    assert!(clear.confidence >= bar, "{} < {bar}", clear.confidence);
    // `Jd2` with knights on b1 and f3: two games the sheet cannot tell apart. By the sheet
    // alone they share evenly; the move model's preference for the one chosen counts too, but
    // not so much that a bulk repair would take it.
    let tie = fixture("ambiguous.txt");
    assert!(tie.alternatives_total >= 1);
    assert!(tie.confidence < bar, "{}", tie.confidence);
    let mut sheet_only = Costs::standard().clone();
    sheet_only.confidence_plausibility = 0.0;
    let even = fixture_with("ambiguous.txt", &sheet_only);
    assert_eq!(even.moves, tie.moves);
    assert!(even.confidence <= 0.5, "{}", even.confidence);
    assert!(tie.confidence > even.confidence);
    // With the costs read as log-odds (sharpness 1) the clear slip was reported as less sure
    // than a coin toss, though such repairs are right nearly always (noise bench).
    let mut flat = Costs::standard().clone();
    flat.confidence_sharpness = 1.0;
    let as_before = fixture_with("english-n-in-czech.txt", &flat);
    assert_eq!(as_before.moves, clear.moves);
    assert!(as_before.confidence < 0.5, "{}", as_before.confidence);
}

/// Move numbers written `1)`, `1:` or without a dot (`1 e4 e5`), and a Cyrillic е typed for the
/// file e (`Sе7`): a sheet that reads as written, with nothing to correct. Before, each `1)` cost
/// an extra character (2.00), each bare number in step a number out of step (0.40), each `1:` a
/// stray word (0.60), and the Cyrillic е a wrong character (3.50), tied with reading the move
/// as Sd7.
#[test]
fn move_numbers_without_dots_and_a_cyrillic_file_need_no_correction() {
    for text in [
        "1)e4 c5 2)Jf3 d6 3)d4 cxd4 4)Jxd4 Jf6 5)Jc3 a6 6)Se3 e5 7)Jb3 S\u{435}6 8)f3 S\u{435}7\n",
        "1 e4 c5\n2 Jf3 d6\n3 d4 cxd4\n4 Jxd4 Jf6\n5 Jc3 a6\n6 Se3 e5\n7 Jb3 Se6\n8 f3 Se7\n",
        "1: e4 c5 2: Jf3 d6 3: d4 cxd4 4: Jxd4 Jf6 5: Jc3 a6 6: Se3 e5 7: Jb3 Se6 8: f3 Se7 1:0\n",
    ] {
        let mut options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
        options.costs = Costs::standard();
        let r = repair(&Sheet::read(text), &options);
        assert!(r.corrections.is_empty(), "{text}\n{r}");
        assert_eq!(r.san.len(), 16, "{r}");
        assert_eq!(r.san[15], "Be7", "{r}");
        assert!(r.alternatives.is_empty(), "{r}");
    }
}

/// Commas between the moves, clock times beside them and a word for check need no correction
/// either (before, each comma cost a stray mark, 0.30, and each clock time or word a ply that
/// belongs to no move, 4.60).
#[test]
fn commas_and_clock_times_need_no_correction() {
    let text = "1. e4, (0:01) c5, (0:02) 2. Jf3, 1:05 d6, 1:07 3. d4 cxd4 šach! 1:0\n";
    let mut options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    options.costs = Costs::standard();
    let r = repair(&Sheet::read(text), &options);
    assert!(r.corrections.is_empty(), "{r}");
    assert_eq!(r.san, ["e4", "c5", "Nf3", "d6", "d4", "cxd4"], "{r}");
}
