//! Snapshots of the diagnostic an arbiter reads for each kind of failure.

use scoresheet::board::Position;
use scoresheet::notation::sheet::{convert_text, ConvertOptions, FromLetters};
use scoresheet::notation::{LetterSet, Policy, WrittenMove};

fn diagnose(fen: &str, text: &str, code: &str, policy: Policy) -> String {
    let pos = Position::from_fen(fen).unwrap();
    let letters = LetterSet::by_code(code).unwrap();
    match WrittenMove::parse(text, letters) {
        Err(e) => format!("parse error: {e}"),
        Ok(w) => match w.resolve(&pos, policy) {
            Ok(r) => format!("resolved to {} (no error)", r.mv),
            Err(e) => format!("{e}"),
        },
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn unknown_letter() {
    insta::assert_snapshot!(diagnose(START, "Jf3", "hr", Policy::Lenient));
}

/// A file typed as a capital (a word processor capitalises a line's first word): the move
/// with the small letter is offered; a capital that is a piece letter elsewhere is not taken
/// for a file.
#[test]
fn capital_file() {
    insta::assert_snapshot!(diagnose(START, "E4", "cs", Policy::Lenient));
    let other = diagnose(START, "Af3", "cs", Policy::Lenient);
    assert!(other.contains("(the bishop in es"), "{other}");
    assert!(!other.contains("perhaps"), "{other}");
}

#[test]
fn unknown_promotion_letter() {
    insta::assert_snapshot!(diagnose(
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "a8X",
        "en",
        Policy::Lenient
    ));
}

#[test]
fn syntax_error() {
    insta::assert_snapshot!(diagnose(START, "Nf9", "en", Policy::Lenient));
}

#[test]
fn no_piece_can_reach() {
    insta::assert_snapshot!(diagnose(START, "Jd4", "cs", Policy::Lenient));
}

/// A pawn's capture written with the file as a capital that is a piece letter (`Bxc6` for
/// bxc6 in English, `Dxc6` for dxc6 in Czech): the pawn's move is offered; not where no pawn of
/// that file can go there (`Dxd5` after 1. e4 d5).
#[test]
fn a_piece_letter_where_a_pawn_s_file_was_meant() {
    // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6: Black to move.
    let fen = "r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4";
    insta::assert_snapshot!(diagnose(fen, "Dxc6", "cs", Policy::Lenient));
    let en = diagnose(fen, "Bxc6", "en", Policy::Lenient);
    assert!(
        en.ends_with("; bxc6 is legal: a pawn's move names its file in a small letter"),
        "{en}"
    );
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let none = diagnose(fen, "Dxd5", "cs", Policy::Lenient);
    assert!(
        none.starts_with("no white queen (D) can move to d5"),
        "{none}"
    );
    assert!(!none.contains("legal"), "{none}");
}

/// A capture written with nothing before its mark (`xe4`, `:d5`): what captures is named first
/// (C.9); told in the position, the legal captures on the target are named (one, several or
/// none). Before, the `x` was 'not a piece letter'.
#[test]
fn a_capture_without_what_captures() {
    let told = |fen: &str, text: &str, code: &str| {
        let pos = Position::from_fen(fen).unwrap();
        let letters = LetterSet::by_code(code).unwrap();
        let e = WrittenMove::parse(text, letters).unwrap_err();
        assert!(e.to_string().ends_with("a pawn's file"), "{e}");
        e.in_position(&pos, letters).to_string()
    };
    // 1. e4 d5 2. Nc3: Black to move.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2";
    insta::assert_snapshot!(told(fen, "xe4", "cs"));
    // 1. e4 d5 2. exd5 Nf6 3. c4: the queen and the knight can take on d5.
    let fen = "rnbqkb1r/ppp1pppp/5n2/3P4/2P5/8/PP1P1PPP/RNBQKBNR b KQkq - 0 3";
    let two = told(fen, ":d5+", "cs");
    assert!(
        two.ends_with("; the legal captures on d5: Jxd5, Dxd5"),
        "{two}"
    );
    assert!(told(START, "\u{d7}e4", "en").ends_with("; nothing can capture on e4"));
    // The pawn's own letter before the mark names no file either (`Pxd5`, Hungarian `Gyxd5`):
    // before, 'the move ends too early'.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    for (text, code) in [("Pxd5", "en"), ("Gyxd5", "hu"), ("Pxd5", "cs")] {
        assert!(
            told(fen, text, code).ends_with("; exd5 is the one legal capture on d5"),
            "{text} {code}"
        );
    }
}

#[test]
fn no_piece_from_that_file() {
    insta::assert_snapshot!(diagnose(START, "Jbf3", "cs", Policy::Lenient));
}

#[test]
fn pinned_piece() {
    // The knight on c3 is pinned by the bishop on b4.
    insta::assert_snapshot!(diagnose(
        "rnbqk1nr/pppp1ppp/8/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 4",
        "Jd5",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn move_does_not_parry_check() {
    insta::assert_snapshot!(diagnose(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "Jc3",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn king_into_check() {
    insta::assert_snapshot!(diagnose(
        "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
        "Kd1",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn ambiguous() {
    insta::assert_snapshot!(diagnose(
        "4k3/8/8/8/8/8/4K3/R6R w - - 0 1",
        "Vd1",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn capture_mark_on_a_non_capture_strict() {
    insta::assert_snapshot!(diagnose(START, "Jxf3", "cs", Policy::Strict));
}

#[test]
fn missing_capture_mark_strict() {
    insta::assert_snapshot!(diagnose(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        "ed5",
        "cs",
        Policy::Strict
    ));
}

#[test]
fn missing_promotion_piece() {
    insta::assert_snapshot!(diagnose(
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "a8",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn impossible_promotion_piece() {
    insta::assert_snapshot!(diagnose(
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "a8K",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn promotion_on_a_move_that_is_none() {
    insta::assert_snapshot!(diagnose(START, "e4D", "cs", Policy::Lenient));
}

#[test]
fn castling_through_pieces() {
    insta::assert_snapshot!(diagnose(START, "0-0", "cs", Policy::Lenient));
}

#[test]
fn castling_without_right() {
    insta::assert_snapshot!(diagnose(
        "4k3/8/8/8/8/8/8/R3K2R w K - 0 1",
        "0-0-0",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn castling_through_attack() {
    insta::assert_snapshot!(diagnose(
        "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1",
        "0-0",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn castling_in_check() {
    insta::assert_snapshot!(diagnose(
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
        "0-0",
        "cs",
        Policy::Lenient
    ));
}

#[test]
fn ambiguous_letter_set() {
    let out = convert_text(
        "1. b3 b6 2. d3 d6 3. Sd2",
        "sheet.txt",
        &ConvertOptions::default(),
    );
    insta::assert_snapshot!(out.errors[0].to_string());
}

#[test]
fn a_failed_game_in_a_sheet() {
    let opts = ConvertOptions {
        from: FromLetters::Set(LetterSet::by_code("sk").unwrap().clone()),
        ..ConvertOptions::default()
    };
    let out = convert_text("1. e4 e5 2. Jf3 Jc6\n3. Sc4 Sc5 4. 0-0 Jf6 5. Jg5 0-0 6. Jxf7 Vxf7 7. Jc3 Jd4 8. Sxf7+ Kxf7\n9. Dh5+ g6 10. Dd4", "sheet.txt", &opts);
    insta::assert_snapshot!(out.errors[0].to_string());
}

/// An illegal promotion is named with the piece written (`h2-h1J`), not a queen.
#[test]
fn illegal_promotion_names_the_piece_written() {
    let fen = "Q6k/8/8/8/8/8/7p/2K5 b - - 0 1";
    for (text, want) in [("h1J", "h2-h1J"), ("h1=V", "h2-h1V"), ("h1D", "h2-h1D")] {
        let said = diagnose(fen, text, "cs", Policy::Lenient);
        assert!(
            said.starts_with(&format!("{want} is illegal")),
            "{text}: {said}"
        );
    }
}

/// A letter no piece's in the set is told with what it names elsewhere, by each set's longest
/// spelling: Russian and Ukrainian `Кр` is the king (before, the knight, by its first letter).
#[test]
fn the_hint_reads_each_sets_longest_spelling() {
    let told = |text: &str| {
        WrittenMove::parse(text, LetterSet::english())
            .unwrap_err()
            .to_string()
    };
    assert!(
        told("Крf3").ends_with("(the king in ru, uk; the knight in bg)"),
        "{}",
        told("Крf3")
    );
    assert!(
        told("Кf3").ends_with("(the knight in ru, uk, bg)"),
        "{}",
        told("Кf3")
    );
}

/// The hint names every set that has the letter: `S` in an English sheet is the knight in
/// German, Polish and the Scandinavian sets too, not only the first four sets that have it
/// (before, the German and Polish keepers were pointed at Croatian only).
#[test]
fn the_hint_names_every_set_with_the_letter() {
    let told = WrittenMove::parse("Sg8", LetterSet::english())
        .unwrap_err()
        .to_string();
    for code in ["cs", "sk", "hr", "de", "pl", "sv", "da", "no"] {
        assert!(told.contains(&format!(" {code}")), "{code}: {told}");
    }
    assert!(
        told.contains("(the bishop in cs, sk; the knight in "),
        "{told}"
    );
}
