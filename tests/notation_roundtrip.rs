//! Print then parse then resolve gives back the same move: for every legal move of random legal
//! games, in every letter set and every style, with the optional marks on and off.

use proptest::prelude::*;
use scoresheet::board::{MoveList, Position, Uci};
use scoresheet::notation::{move_to_string, LetterSet, Policy, PrintOptions, Style, WrittenMove};

/// Starting points: the standard start, a promotion-rich one, an en passant one, Chess960 starts.
fn start(kind: u16) -> Position {
    match kind % 5 {
        0 => Position::new(),
        1 => Position::from_fen("r3k2r/PPP2ppp/8/8/8/8/ppp2PPP/R3K2R w KQkq - 0 1").unwrap(),
        2 => Position::from_fen("4k3/2p1p3/8/3P1P2/8/8/8/4K3 b - - 0 1").unwrap(),
        3 => Position::from_fen("1n2k1n1/1P4P1/8/8/8/8/1p4p1/1N2K1N1 w - - 0 1").unwrap(),
        _ => Position::chess960_start(u32::from(kind) % 960).unwrap(),
    }
}

fn check_move_everywhere(pos: &Position, m: &scoresheet::board::Move, marks: u8) {
    let opts_for = |style| PrintOptions {
        style,
        check_marks: marks & 1 != 0,
        capture_mark: marks & 2 != 0,
        ep_mark: marks & 4 != 0,
    };
    // UCI goes through the UCI reader.
    let uci = move_to_string(pos, m, LetterSet::english(), &opts_for(Style::Uci));
    assert_eq!(
        pos.from_uci(&uci.parse::<Uci>().unwrap()),
        Some(*m),
        "{uci}"
    );
    for letters in LetterSet::all() {
        for style in [
            Style::Fide,
            Style::Long,
            Style::LongHyphen,
            Style::Figurine,
            Style::San,
        ] {
            let opts = opts_for(style);
            let text = move_to_string(pos, m, letters, &opts);
            let read_in = match style {
                Style::San => LetterSet::english(),
                Style::Figurine => LetterSet::figurine(),
                _ => letters,
            };
            let w = WrittenMove::parse(&text, read_in).unwrap_or_else(|e| {
                panic!("{} {style:?}: {text:?} does not parse: {e}", letters.code())
            });
            let r = w.resolve(pos, Policy::Lenient).unwrap_or_else(|e| {
                panic!(
                    "{} {style:?}: {text:?} in {}: {e}",
                    letters.code(),
                    pos.to_fen()
                )
            });
            assert_eq!(
                r.mv,
                *m,
                "{} {style:?}: {text:?} in {}",
                letters.code(),
                pos.to_fen()
            );
            // The short forms with every mark are what the strict policy wants, with no warning.
            if marks == 7 && matches!(style, Style::Fide | Style::San | Style::Figurine) {
                let r = w.resolve(pos, Policy::Strict).unwrap();
                let unexpected: Vec<_> = r
                    .warnings
                    .iter()
                    .filter(|w| !matches!(w, scoresheet::notation::Warning::UnicodeFolded))
                    .collect();
                assert!(unexpected.is_empty(), "{text:?}: {unexpected:?}");
            }
        }
        if !letters.code().is_empty() && marks != 7 {
            // Other letter sets with partial marks: enough to test a few.
            if letters.code() == "cs" {
                break;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn print_parse_resolve_round_trip(kind in any::<u16>(), choices in prop::collection::vec((any::<u16>(), 0u8..8), 1..60)) {
        let mut pos = start(kind);
        let mut moves = MoveList::new();
        for (choice, marks) in choices {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(choice) % moves.len()];
            // Every legal move of this position, not just the one played.
            for cand in moves.iter() {
                check_move_everywhere(&pos, cand, marks);
            }
            pos.play(&m);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Anything a person or an OCR can type is either a move or a typed error: never a panic.
    #[test]
    fn parsing_and_resolving_arbitrary_text_never_panics(text in "\\PC{0,24}", code in 0usize..29) {
        let sets = LetterSet::all();
        let letters = &sets[code % sets.len()];
        if let Ok(w) = WrittenMove::parse(&text, letters) {
            let _ = w.resolve(&Position::new(), Policy::Lenient);
            let _ = w.resolve(&Position::new(), Policy::Strict);
        }
    }

    /// The same with text made of the characters moves are made of.
    #[test]
    fn parsing_move_like_text_never_panics(text in "[KQRBNJDVSLTa-h1-8x:=/()+#!?eEpP. 0Oo–×-]{0,16}") {
        for letters in LetterSet::all() {
            if let Ok(w) = WrittenMove::parse(&text, letters) {
                let _ = w.resolve(&Position::new(), Policy::Lenient);
            }
        }
    }
}
