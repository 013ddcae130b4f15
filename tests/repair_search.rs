//! How far the repair search looks: slips that read as another legal move and show only much
//! later on the sheet, and a swap the first search left untried after them (the second, wider
//! search finds them).

use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, Repair, RepairOptions, Sheet};

/// The fixture `name` under `fixtures/repair/`, repaired in Czech letters with a beam of 16.
fn repaired(name: &str) -> Repair {
    let path = format!("{}/fixtures/repair/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture");
    let mut options = RepairOptions::new(LetterSet::by_code("cs").expect("Czech letters"));
    options.beam = 16;
    repair(&Sheet::read(&text), &options)
}

/// [`repaired`], checked to reach the end of the sheet with `plies` moves.
fn repaired_in_full(name: &str, plies: usize) -> Repair {
    let r = repaired(name);
    assert!(r.stop.is_none(), "{r}");
    assert_eq!(r.moves.len(), plies, "{r}");
    r
}

/// Each correction: its ply, the word written and what it was read as.
fn fixed(r: &Repair) -> Vec<(u32, Option<&str>, Option<&str>)> {
    r.corrections
        .iter()
        .map(|c| (c.at.ply, c.written.as_deref(), c.read_as.as_deref()))
        .collect()
}

/// From a TWIC game (the noise bench's seed 20261121, wrong file or rank 1/20, game 40): the
/// writer put 5... c5 for c6, a legal move, and four more neighbouring files or ranks later. The
/// sheet goes on reading as legal moves for a long while after c5, so the first search, starting
/// 16 words before the sheet stops, settles on c5 and explains the rest with six slips (12.10);
/// the second look from further back needs a wider beam to keep the dearer c6 alive until the
/// sheet shows it right: five slips (11.00), the game played.
#[test]
fn a_legal_slip_seen_late_is_found_on_the_second_look() {
    let r = repaired_in_full("legal-slip-seen-late.txt", 142);
    assert_eq!(
        fixed(&r),
        [
            (10, Some("c5"), Some("c6")),
            (58, Some("Vd8"), Some("Vd7")),
            (86, Some("g4"), Some("h4")),
            (117, Some("Vh8"), Some("Vg8")),
            (123, Some("Vd8"), Some("Ve8")),
        ],
        "{r}"
    );
    assert!((r.cost - 11.0).abs() < 0.01, "{r}");
}

/// From a TWIC game (the same bench row, game 1): 2. b4 written for c4, legal, and the sheet
/// reads on as legal moves until 9. h5 for h4, sixteen plies later. The first look starts at the
/// first move already and keeps b4 (21 corrections, the game stopped at ply 67); a second look
/// from the same place with the wider beam finds the two slips.
#[test]
fn a_legal_slip_in_the_opening_is_found_by_the_wider_second_look() {
    let r = repaired_in_full("legal-slip-in-the-opening.txt", 74);
    assert_eq!(
        fixed(&r),
        [(3, Some("b4"), Some("c4")), (17, Some("h5"), Some("h4"))],
        "{r}"
    );
}

/// From a TWIC game (the noise bench's seed 20261121, mixed row, game 69): slips at one word in
/// twenty, a skipped ply (11... Dc7) and two plies written in each other's place (`f3`, ply 29).
/// Where the swap shows, the cheapest states at that word had read the earlier words otherwise,
/// and only four states per word try a swap: the second look lets more of them try it, and finds
/// the game played (eight corrections, 16.16, where one costing 20.34 was found before).
#[test]
fn a_swap_after_other_slips_is_found_on_the_second_look() {
    let r = repaired_in_full("slips-and-a-swap.txt", 83);
    let kinds: Vec<(u32, &str)> = r.corrections.iter().map(|c| (c.at.ply, c.kind)).collect();
    assert_eq!(
        kinds,
        [
            (9, "char_lookalike"),
            (17, "char_missing"),
            (19, "letter_other_language"),
            (22, "ply_missing"),
            (24, "number_out_of_step"),
            (29, "plies_swapped"),
            (49, "char_missing"),
            (76, "letter_missing"),
        ],
        "{r}"
    );
    assert_eq!(r.corrections[3].read_as.as_deref(), Some("Dc7"), "{r}");
    assert!((r.cost - 16.16).abs() < 0.01, "{r}");
}

/// From a TWIC game (the noise bench's seed 7, slips 1 in 40 plies, game 69): 7. a4 written for
/// a3, a legal move, and nothing shows it until 32. a4, fifty plies later, where the pawn already
/// stands on a4. No look of the search goes back that far: it read 32. a4 as h4 (a wrong file,
/// 2.60). The word the correction names (a4) is the square the pawn was moved to at ply 13;
/// read there as a3 (a neighbouring rank, 2.20), 32. a4 reads as written, and the game is the
/// one played, with one correction that costs less.
#[test]
fn a_legal_slip_seen_fifty_plies_later_is_read_again() {
    let r = repaired_in_full("legal-slip-seen-fifty-plies-later.txt", 83);
    assert_eq!(fixed(&r), [(13, Some("a4"), Some("a3"))], "{r}");
    assert!((r.cost - 2.2).abs() < 0.01, "{r}");
    // The game found without the reading again (h4 at ply 63, 0.40 dearer) still weighs
    // against it: the confidence is not that of a sheet with nothing else to explain it.
    assert!(r.confidence < 0.8, "{r}");
}

/// From a TWIC game (the noise bench's seed 99, slips 1 in 40 plies, game 12): 8... d5 written
/// for d6, legal, and the sheet reads on until 30... Sxc4, which the pawn then on d5 can take
/// (read as dxc4 with a wrong letter, 3.50), and 32... d5, which it then cannot play (read as
/// Sd5, 2.50). The pawn move the word 32... d5 names could have gone to d6 at ply 16 instead;
/// read so (2.20), the first corrected word after it, 30... Sxc4, reads as written, and so does
/// 32... d5: one correction where there were two.
#[test]
fn a_legal_slip_is_read_again_from_the_square_a_later_word_names() {
    let r = repaired_in_full("legal-slip-read-again-from-a-later-pawn-move.txt", 88);
    assert_eq!(fixed(&r), [(16, Some("d5"), Some("d6"))], "{r}");
    assert!((r.cost - 2.2).abs() < 0.01, "{r}");
}

/// From a TWIC game (the noise bench's seed 7, slips 1 in 40 plies, game 277): 6. e4 written
/// for c4, a look-alike that is itself a legal move of another pawn. The sheet reads on until
/// 8. Dc2, which the c-pawn still on c2 blocks (read as De2, a look-alike, 1.00), and 9. e4,
/// which the pawn already on e4 cannot play (read as c4, 1.00). Neither corrected word names a
/// square the e-pawn could have gone to instead, so reading the same pawn again finds nothing;
/// reading 6. e4 as the other pawn's move it looks like (1.00) lets both later words read as
/// written: one correction where there were two, and the game played.
#[test]
fn a_legal_slip_read_as_another_pieces_move_is_found() {
    let r = repaired_in_full("legal-slip-of-another-piece.txt", 88);
    assert_eq!(
        fixed(&r),
        [
            (2, Some("f6"), Some("Jf6")),
            (11, Some("e4"), Some("c4")),
            (52, Some("S46"), Some("Sd6")),
        ],
        "{r}"
    );
    assert!((r.cost - 4.5).abs() < 0.01, "{r}");
}

/// A move number is a slip only where it is out of step with both the numbers before it and the
/// move due: in `1. e4 e5 3. Jf3 Jc6 3. Sb5` the first `3.` is the slip and the second is the
/// move due (it was reported too, "written 3., the move due is 3."); numbers written one too
/// high throughout (`3. 4. 5.`) are one slip, where they first go out of step.
#[test]
fn a_move_number_is_a_slip_only_out_of_step_with_its_neighbours_and_the_move_due() {
    let cs = LetterSet::by_code("cs").expect("Czech letters");
    for text in [
        "1. e4 e5 3. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6\n",
        "1. e4 e5 3. Jf3 Jc6 4. Sb5 a6 5. Sa4 Jf6\n",
    ] {
        let r = repair(&Sheet::read(text), &RepairOptions::new(cs));
        assert_eq!(r.moves.len(), 8, "{r}");
        let numbers: Vec<(u32, &str, Option<&str>)> = r
            .corrections
            .iter()
            .map(|c| (c.at.ply, c.kind, c.written.as_deref()))
            .collect();
        assert_eq!(
            numbers,
            [(3, "number_out_of_step", Some("3."))],
            "{text}\n{r}"
        );
    }
}

/// From otb-classics (game 16 of the hunt's sample): one look-alike, `Jfd` for 33... Jf4, and
/// every other move as written. Another game that reads 37. Ve2 as Vc2 (one more look-alike)
/// was judged 18.6 nats more plausible by the prior's model over the plies after it, which made
/// it weigh 545 times the game found: the confidence was 0.000 with no other game listed, and
/// bulk repair refused the right game. The prior's pull for the confidence is now bounded (4
/// nats).
#[test]
fn a_game_the_sheet_prices_dearer_cannot_outweigh_the_one_found() {
    let r = repaired_in_full("lookalike-in-a-long-endgame.txt", 86);
    assert_eq!(fixed(&r), [(66, Some("Jfd"), Some("Jf4"))], "{r}");
    assert!(r.alternatives.is_empty(), "{r}");
    assert!(r.confidence > 0.5, "{r}");
}

/// A variation selector after a figurine (`♘️`, as phones type it) is no slip: the notation
/// reader drops it, and so does the repair (it was three `char_extra` corrections).
#[test]
fn a_variation_selector_after_a_figurine_is_no_slip() {
    let figurine = LetterSet::by_code("figurine").expect("figurines");
    let r = repair(
        &Sheet::read("1. e4 e5 2. ♘\u{FE0F}f3 ♞\u{FE0F}c6 3. ♗\u{FE0E}b5 a6\n"),
        &RepairOptions::new(figurine),
    );
    assert_eq!(r.moves.len(), 6, "{r}");
    assert!(r.corrections.is_empty(), "{r}");
}

/// From a TWIC game (the noise bench's seed 7, a whole move left out, game 3): the writer left
/// out 20. h3 c5, after 19. Va8 De7. The search invented the row a move too early and with
/// another White move (19. Va6 c5, then 20. Va8 read as the rook going back), which the prior
/// liked better, and nothing contradicted it until 29. hxg4, twenty plies later, which the pawn
/// still on h2 cannot play: read as h3 with three slips (7.20), then four more corrections
/// (20.68 in all). The invented row is now also tried a move or two later and with either of
/// its moves read as another legal move; 20. h3 c5 lets every later word read as written.
#[test]
fn a_whole_move_invented_too_early_is_moved_to_where_the_sheet_needs_it() {
    let r = repaired_in_full("whole-move-invented-too-early.txt", 111);
    assert_eq!(
        fixed(&r),
        [
            (39, None, Some("h3")),
            (40, None, Some("c5")),
            (43, Some("21."), None),
        ],
        "{r}"
    );
    assert!((r.cost - 6.98).abs() < 0.01, "{r}");
}

/// From a TWIC game (the noise bench's seed 7, a whole move left out, game 79): the writer left
/// out 22. Vf3 Dxe4. The words after the gap read on as legal moves by the right side, and the
/// search explained the first that do not (23. Vb1, 24. Vbf1, 25. V3f2, 27... De4) with five
/// corrections (6.10) and invented nothing. A whole move is now also tried before a costly
/// word that has another close after it, where the found game invented none: with 22. Vf3
/// Dxe4 every word from there on reads as written (5.65), the game played.
#[test]
fn a_whole_move_left_out_read_as_slips_is_found_before_them() {
    let r = repaired_in_full("whole-move-left-out-read-as-slips.txt", 81);
    assert_eq!(
        fixed(&r),
        [
            (43, None, Some("Vf3")),
            (44, None, Some("Dxe4")),
            (47, Some("23."), None),
        ],
        "{r}"
    );
    assert!((r.cost - 5.65).abs() < 0.01, "{r}");
}

/// From a TWIC game (the noise bench's seed 7, a whole move left out, game 151 of those it
/// dumped): the writer left out 14. Jxd7 Dxd7. The first word that then does not read as a legal
/// move comes a few plies later, but the search made it read by taking 11... Dc6 for Dc7, a
/// legal move fifteen plies before it, and explained what followed with two more slips (7.60),
/// inventing nothing; no corrected word stood near the gap for the rereads to look before. A
/// whole move is now also tried just before the first word that does not read exactly, on the
/// sheet's own reading: with 14. Jxd7 Dxd7 every word from there reads as written (5.06), the
/// game played.
#[test]
fn a_whole_move_left_out_explained_by_an_earlier_slip_is_found_before_the_stop() {
    let r = repaired_in_full("whole-move-left-out-explained-earlier.txt", 73);
    assert_eq!(
        fixed(&r),
        [
            (27, None, Some("Jxd7")),
            (28, None, Some("Dxd7")),
            (31, Some("15."), None),
        ],
        "{r}"
    );
    assert!((r.cost - 5.06).abs() < 0.01, "{r}");
}

/// From a TWIC game (the same bench row): the writer left out 3. d4 cxd4, so `3. Jxd4` is the
/// first word that does not read; the search read it as Jd4 (a capture mark too many) and a
/// later `c5` as c4 (5.20), inventing nothing, and with no second corrected word near the
/// first the rereads before corrected words did not look. The whole move tried just before the
/// first word that does not read finds 3. d4 cxd4, after which every word reads as written
/// (3.46), the game played.
#[test]
fn a_whole_move_left_out_read_as_a_slip_is_found_before_it() {
    let r = repaired_in_full("whole-move-left-out-read-as-a-slip.txt", 26);
    assert_eq!(
        fixed(&r),
        [
            (5, None, Some("d4")),
            (6, None, Some("cxd4")),
            (9, Some("4."), None)
        ],
        "{r}"
    );
    assert!((r.cost - 3.46).abs() < 0.01, "{r}");
}

/// From a TWIC game (the noise bench's seed 7, a whole move left out, game 13): the writer left
/// out 27. Vd1 0-0-0. The search found a game that invents that row seven moves later, after
/// reading `30... Vd7` as Vh7, and two more slips after it (14.59). The reread that moves an
/// invented row earlier proposed 27. Vd1 0-0-0, but its search, with the row fixed in the
/// game's first plies, could not play two invented plies in a row at the word after them (only
/// the second look tries a whole move, and that search has none): it found no game. It now tries
/// whole moves as the second look does, and every word from the gap on reads as written
/// (6.42), the game played.
#[test]
fn a_whole_move_left_out_is_found_where_a_later_invented_row_is_moved_to() {
    let r = repaired_in_full("whole-move-left-out-before-an-invented-row.txt", 99);
    assert_eq!(
        fixed(&r),
        [
            (53, None, Some("Vd1")),
            (54, None, Some("0-0-0")),
            (57, Some("28."), None),
        ],
        "{r}"
    );
    assert!((r.cost - 6.42).abs() < 0.01, "{r}");
}

/// A comment with another `{` in it before its `}` was not closed: its words are the sheet's,
/// over lines too; a text of braces alone is read in bounded time, as comment.
#[test]
fn a_comment_with_a_brace_inside_gives_its_words_back_to_the_sheet() {
    let sheet = Sheet::read("1. e4 e5 {dobrý\n2. Jf3 {x} Jc6 {a {b {c} 3. Sb5");
    let words: Vec<(&str, u32, u32)> = sheet
        .tokens
        .iter()
        .map(|t| (t.text.as_str(), t.line, t.column))
        .collect();
    assert_eq!(
        words,
        [
            ("1.", 1, 1),
            ("e4", 1, 4),
            ("e5", 1, 7),
            ("dobrý", 1, 11),
            ("2.", 2, 1),
            ("Jf3", 2, 4),
            ("Jc6", 2, 12),
            ("a", 2, 17),
            ("b", 2, 20),
            ("3.", 2, 26),
            ("Sb5", 2, 29),
        ]
    );
    let braces = "{".repeat(100_000);
    assert!(Sheet::read(&braces).tokens.is_empty());
}

/// Typed forms that `convert` reads as their usual forms cost the repair nothing either: a
/// capital X for the capture mark (before, 2.00 each as an extra character), `e.p.` in brackets
/// (before, 4.60 as a ply that belongs to no move), and a remark in brackets after the result
/// (`1-0 (vzdal)`: before, the result was skipped as written early, the remark charged as an
/// extra ply, and the game written `*`).
#[test]
fn typed_marks_and_a_remark_after_the_result_cost_nothing() {
    let options = RepairOptions::new(LetterSet::by_code("cs").expect("Czech letters"));
    for (sheet, result) in [
        ("1. e4 e5 2. Jf3 Jc6 3. JXe5 JXe5 4. d4 *", "*"),
        ("1. e4 d5 2. e5 f5 3. exf6 (e.p.) e6 *", "*"),
        ("1. e4 e5 2. Jf3 Jc6 3. Sc4 1-0 (vzdal)", "1-0"),
        (
            "1. e4 e5 2. Jf3 Jc6 3. Sc4 0-1 (White lost on time)\n",
            "0-1",
        ),
    ] {
        let read = Sheet::read(sheet);
        let r = repair(&read, &options);
        assert!(r.stop.is_none(), "{sheet}: {r}");
        assert!(r.corrections.is_empty(), "{sheet}: {r}");
        assert_eq!(read.result(), Some(result), "{sheet}");
    }
}

/// A table's heading and rule rows cost the repair nothing (before, `| # | White | Black |` and
/// `|---|---|---|` were three words that belong to no ply, 4.60 each).
#[test]
fn a_tables_heading_and_rule_rows_cost_nothing() {
    let options = RepairOptions::new(LetterSet::by_code("cs").expect("Czech letters"));
    let sheet = "| # | White | Black |\n|---|---|---|\n| 1 | e4 | e5 |\n| 2 | Jf3 | Jc6 |\n\
                 | 3 | Sb5 | a6 |\n";
    let r = repair(&Sheet::read(sheet), &options);
    assert!(r.stop.is_none(), "{r}");
    assert!(r.corrections.is_empty(), "{r}");
    assert_eq!(r.moves.len(), 6, "{r}");
}

/// A bare `=` after a move is the draw offer (C.12), as `convert` reads it: kept as the `(=)`
/// comment after its move (before, repair passed over it and the offer was lost); a promotion's
/// `=` typed apart (`bxa8 = D`) is still the promotion's.
#[test]
fn a_bare_equals_sign_after_a_move_is_the_draw_offer() {
    let options = RepairOptions::new(LetterSet::by_code("cs").expect("Czech letters"));
    let r = repair(&Sheet::read("1. e4 e5 2. Jf3 = Jc6 1/2-1/2"), &options);
    assert!(r.corrections.is_empty(), "{r}");
    assert_eq!(r.comments, [(3, "(=)".to_owned())]);
    let sheet = "1. e4 d5 2. exd5 c6 3. dxc6 Jf6 4. cxb7 Jbd7 5. bxa8 = D e5 *";
    let r = repair(&Sheet::read(sheet), &options);
    assert!(r.corrections.is_empty(), "{r}");
    assert!(r.comments.is_empty(), "{:?}", r.comments);
    assert_eq!(r.san[8], "bxa8=Q");
}
