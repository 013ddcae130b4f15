//! Resolution of every accepted form against real positions, with the warnings each deviation
//! earns under the lenient and strict policies.

use scoresheet::board::{Move, Position, Role, Square, Uci};
use scoresheet::notation::{LetterSet, Policy, ResolveError, Warning, WrittenMove};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn uci(p: &Position, u: &str) -> Move {
    p.from_uci(&u.parse::<Uci>().unwrap()).unwrap()
}

fn resolve(
    p: &Position,
    text: &str,
    code: &str,
    policy: Policy,
) -> Result<scoresheet::notation::Resolved, String> {
    let letters = LetterSet::by_code(code).unwrap();
    let w = WrittenMove::parse(text, letters).map_err(|e| e.to_string())?;
    w.resolve(p, policy).map_err(|e| e.to_string())
}

fn lenient(p: &Position, text: &str, code: &str) -> Move {
    resolve(p, text, code, Policy::Lenient)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .mv
}

/// After 1. e4 d5 2. exd5 ... a position with many forms available.
const OPEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn short_and_long_piece_forms_give_the_same_move() {
    let p = Position::new();
    let nf3 = uci(&p, "g1f3");
    for text in ["Jf3", "Jg1f3", "Jg1-f3", "Jgf3", "J1f3", "Jg1–f3"] {
        assert_eq!(lenient(&p, text, "cs"), nf3, "{text}");
    }
    assert_eq!(lenient(&p, "Sf3", "hr"), nf3);
    assert_eq!(lenient(&p, "Sf3", "de"), nf3);
    assert_eq!(lenient(&p, "Nf3", "en"), nf3);
    assert_eq!(lenient(&p, "Кf3", "ru"), nf3);
    assert_eq!(lenient(&p, "♘f3", "figurine"), nf3);
    assert_eq!(lenient(&p, "Ｎｆ３", "en"), nf3);
    let e4 = uci(&p, "e2e4");
    for text in ["e4", "e2e4", "e2-e4", "e2–e4"] {
        assert_eq!(lenient(&p, text, "cs"), e4, "{text}");
    }
}

#[test]
fn czech_s_is_a_bishop_croatian_s_a_knight() {
    let p = pos(OPEN);
    // Czech S = bishop: Sb5 is the bishop c4-b5; in Croatian Sb5 would be no knight move.
    assert_eq!(lenient(&p, "Sb5", "cs"), uci(&p, "c4b5"));
    assert!(resolve(&p, "Sb5", "hr", Policy::Lenient).is_err());
    assert_eq!(lenient(&p, "Sg5", "hr"), uci(&p, "f3g5"));
    assert!(resolve(&p, "Sg5", "cs", Policy::Lenient).is_err());
}

#[test]
fn small_b_is_a_file_capital_b_a_bishop() {
    // White pawn b2 and bishop d2 can both take on c3.
    let p = pos("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
    assert_eq!(lenient(&p, "bxc3", "en"), uci(&p, "b2c3"));
    assert_eq!(lenient(&p, "Bxc3", "en"), uci(&p, "d2c3"));
    assert_eq!(lenient(&p, "bc3", "en"), uci(&p, "b2c3"));
    assert_eq!(lenient(&p, "Bc3", "en"), uci(&p, "d2c3"));
}

#[test]
fn pawn_captures_with_and_without_x_and_file_only() {
    let p = pos("rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    let exd5 = uci(&p, "e4d5");
    for text in [
        "exd5", "ed5", "e:d5", "e4xd5", "e4:d5", "e4d5", "ed", "exd", "e×d5",
    ] {
        assert_eq!(lenient(&p, text, "cs"), exd5, "{text}");
    }
    let r = resolve(&p, "ed", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::FileOnlyCapture));
    let r = resolve(&p, "ed5", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::MissingCaptureMark));
    assert!(resolve(&p, "ed5", "cs", Policy::Strict)
        .unwrap_err()
        .contains("must be written with x"));
}

#[test]
fn the_capture_marked_after_the_move_as_older_books_write_it() {
    let p = pos("rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    let exd5 = uci(&p, "e4d5");
    for text in ["ed5:", "ed:", "ed5:+", "e4d5:"] {
        let r = resolve(&p, text, "cs", Policy::Lenient).unwrap();
        assert_eq!(r.mv, exd5, "{text}");
        assert!(r.warnings.contains(Warning::ColonCapture), "{text}");
        assert!(!r.warnings.contains(Warning::MissingCaptureMark), "{text}");
    }
    // A colon after a move that takes nothing (`Sb5:`, Czech S = bishop) draws the warning
    // an x would, and fails under the strict policy.
    let p = pos(OPEN);
    let r = resolve(&p, "Sb5:", "cs", Policy::Lenient).unwrap();
    assert_eq!(r.mv, uci(&p, "c4b5"));
    assert!(r.warnings.contains(Warning::CaptureMarkOnNonCapture));
    assert!(resolve(&p, "Sb5:", "cs", Policy::Strict).is_err());
    let r = resolve(&p, "Jg5", "cs", Policy::Lenient).unwrap();
    assert!(!r.warnings.contains(Warning::ColonCapture));
}

#[test]
fn en_passant_forms() {
    // 1. e4 Nf6 2. e5 d5: exd6 e.p.
    let p = pos("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    let ep = uci(&p, "e5d6");
    assert!(ep.is_en_passant());
    for text in [
        "exd6 e.p.",
        "exd6e.p.",
        "exd6 ep",
        "exd6",
        "ed6",
        "ed",
        "e5xd6 e.p.",
        "ed6 e.p.",
    ] {
        let r = resolve(&p, text, "cs", Policy::Lenient).unwrap();
        assert_eq!(r.mv, ep, "{text}");
    }
    let r = resolve(&p, "exf6 e.p.", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::EnPassantMarkOnOtherMove));
}

#[test]
fn promotions_in_every_spelling() {
    let p = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (text, code, role) in [
        ("a8D", "cs", Role::Queen),
        ("a8=D", "cs", Role::Queen),
        ("a8/D", "cs", Role::Queen),
        ("a8(D)", "cs", Role::Queen),
        ("a8J", "cs", Role::Knight),
        ("a8S", "cs", Role::Bishop),
        ("a8S", "hr", Role::Knight),
        ("a8=Q", "en", Role::Queen),
        ("axb8=N+", "en", Role::Knight),
        ("axb8V", "cs", Role::Rook),
        ("a7a8♕", "figurine", Role::Queen),
    ] {
        let m = lenient(&p, text, code);
        assert_eq!(m.promotion(), Some(role), "{text}");
    }
    assert!(matches!(
        WrittenMove::parse("a8", LetterSet::english())
            .unwrap()
            .resolve(&p, Policy::Lenient),
        Err(ResolveError::MissingPromotion { .. })
    ));
    assert!(matches!(
        WrittenMove::parse("a8=K", LetterSet::english())
            .unwrap()
            .resolve(&p, Policy::Lenient),
        Err(ResolveError::ImpossiblePromotion { .. })
    ));
    assert!(matches!(
        WrittenMove::parse("Ke2=Q", LetterSet::english()).map(|w| w.resolve(&p, Policy::Lenient)),
        Err(_) | Ok(Err(_))
    ));
}

#[test]
fn castling_in_every_spelling() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = p
        .castling_move(scoresheet::board::CastlingSide::King)
        .unwrap();
    let long = p
        .castling_move(scoresheet::board::CastlingSide::Queen)
        .unwrap();
    for text in ["0-0", "O-O", "o-o", "0–0", "О-О", "0-0+"] {
        assert_eq!(lenient(&p, text, "cs"), short, "{text}");
    }
    for text in ["0-0-0", "O-O-O", "o-o-o", "0—0—0"] {
        assert_eq!(lenient(&p, text, "cs"), long, "{text}");
    }
    // Castling written as a king move.
    let r = resolve(&p, "Kg1", "en", Policy::Lenient).unwrap();
    assert_eq!(r.mv, short);
    assert!(r.warnings.contains(Warning::CastlingAsKingMove));
    let r = resolve(&p, "Kxh1", "en", Policy::Lenient).unwrap();
    assert_eq!(r.mv, short);
}

#[test]
fn chess960_king_takes_rook() {
    // King g1, castling rooks b1 and h1 (Shredder-FEN rights HB).
    let p = pos("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    let long = p
        .castling_move(scoresheet::board::CastlingSide::Queen)
        .unwrap();
    assert_eq!(
        long,
        Move::Castle {
            king: Square::G1,
            rook: Square::B1
        }
    );
    assert_eq!(lenient(&p, "0-0-0", "en"), long);
    assert_eq!(lenient(&p, "Kxb1", "en"), long);
    assert_eq!(lenient(&p, "Kb1", "en"), long);
}

#[test]
fn check_and_mate_marks_are_checked() {
    // Fool's mate: 1. f3 e5 2. g4 Qh4#.
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    let mate = uci(&p, "d8h4");
    for text in ["Dh4#", "Dh4++", "Dh4"] {
        assert_eq!(lenient(&p, text, "cs"), mate, "{text}");
    }
    let r = resolve(&p, "Dh4", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::MissingMateMark));
    let r = resolve(&p, "Dh4+", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::MissingMateMark));
    let r = resolve(&p, "Dh4#", "cs", Policy::Strict).unwrap();
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let r = resolve(&p, "Dg5+", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::CheckMarkWithoutCheck));
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    // Knights on g1 and d2 (same rank? no): C.10 examples.
    let p = pos("4k3/8/8/6N1/8/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(lenient(&p, "Jdf3", "cs"), uci(&p, "d2f3"));
    assert_eq!(lenient(&p, "J5f3", "cs"), uci(&p, "g5f3"));
    assert_eq!(lenient(&p, "J1f3", "cs"), uci(&p, "g1f3"));
    assert_eq!(lenient(&p, "Jg1f3", "cs"), uci(&p, "g1f3"));
    let err = resolve(&p, "Jgf3", "cs", Policy::Lenient).unwrap_err();
    assert!(err.contains("ambiguous"), "{err}");
    let err = resolve(&p, "Jf3", "cs", Policy::Lenient).unwrap_err();
    assert!(err.contains("J1f3, J5f3, Jdf3"), "{err}");
    // Over-disambiguation is a warning.
    let r = resolve(&p, "Jd2f3", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::OverDisambiguated));
    let r = resolve(&p, "Jdf3", "cs", Policy::Strict).unwrap();
    assert!(!r.warnings.contains(Warning::OverDisambiguated));
}

#[test]
fn capture_mark_on_a_non_capture() {
    let p = Position::new();
    let r = resolve(&p, "Jxf3", "cs", Policy::Lenient).unwrap();
    assert!(r.warnings.contains(Warning::CaptureMarkOnNonCapture));
    let e = resolve(&p, "Jxf3", "cs", Policy::Strict).unwrap_err();
    assert!(e.contains("captures nothing"), "{e}");
}

#[test]
fn a_pawn_without_file_does_not_capture() {
    let p = pos("rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert!(resolve(&p, "d5", "en", Policy::Lenient).is_err());
}

/// The coordinate form engines and UCI write (`g1f3`, `e1g1`, `b7a8q`): a piece's move by its
/// two squares, read as the move of the piece on the first square, with a warning (C.2 names
/// pieces by their letters); castling as the king's two squares; the new piece in lower case.
#[test]
fn the_coordinate_form_reads_as_the_move_of_the_piece_on_its_first_square() {
    let p = Position::new();
    let r = resolve(&p, "g1f3", "en", Policy::Lenient).unwrap();
    assert_eq!(r.mv, uci(&p, "g1f3"));
    assert!(r.warnings.contains(Warning::CoordinateForm));
    assert!(!r.warnings.contains(Warning::OverDisambiguated));
    // A pawn's long form is the Laws' own (Slovak C.8): no such warning.
    let r = resolve(&p, "e2e4", "en", Policy::Lenient).unwrap();
    assert!(!r.warnings.contains(Warning::CoordinateForm));
    // In any letter set, and under the strict policy too.
    assert_eq!(lenient(&p, "b1c3", "cs"), uci(&p, "b1c3"));
    assert!(resolve(&p, "b1c3", "en", Policy::Strict).is_ok());
    // Castling as the king's squares.
    let open = pos(OPEN);
    let r = resolve(&open, "e1g1", "en", Policy::Lenient).unwrap();
    assert_eq!(
        r.mv.castling_side(),
        Some(scoresheet::board::CastlingSide::King)
    );
    // No piece of the side to move on the first square: still an error.
    assert!(resolve(&p, "g8f6", "en", Policy::Lenient).is_err());
    assert!(resolve(&p, "c1e3", "en", Policy::Lenient).is_err());
    // The new piece in lower case, after both squares only.
    let promo = pos("8/1P5k/8/8/8/8/8/K7 w - - 0 1");
    for (text, role) in [
        ("b7b8q", Role::Queen),
        ("b7b8n+", Role::Knight),
        ("b7b8r", Role::Rook),
    ] {
        assert_eq!(
            lenient(&promo, text, "en").promotion(),
            Some(role),
            "{text}"
        );
    }
    assert_eq!(
        lenient(&promo, "b7b8j", "cs").promotion(),
        Some(Role::Knight)
    );
    assert!(resolve(&promo, "b8q", "en", Policy::Lenient).is_err());
    assert!(resolve(&promo, "b7b8k", "en", Policy::Lenient).is_err());
    // UCI's letters are English in every set: read so where the set gives the letter no piece
    // a pawn becomes (Czech has no Q; Spanish R and French R are the king, German B the pawn);
    // where it gives one, the set's meaning stands (Hungarian B is the rook, Finnish R the
    // knight). Before, `b7b8q` failed in Czech.
    for (text, set, role) in [
        ("b7b8q", "cs", Role::Queen),
        ("b7b8n", "cs", Role::Knight),
        ("b7b8r", "es", Role::Rook),
        ("b7b8r", "fr", Role::Rook),
        ("b7b8b", "de", Role::Bishop),
        ("b7b8b", "hu", Role::Rook),
        ("b7b8r", "fi", Role::Knight),
    ] {
        assert_eq!(
            lenient(&promo, text, set).promotion(),
            Some(role),
            "{text} in {set}"
        );
    }
    assert!(resolve(&promo, "b7b8x", "cs", Policy::Lenient).is_err());
}
