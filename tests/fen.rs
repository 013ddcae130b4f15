//! FEN reading and writing: round trips over the shared perft suites, X-FEN and Shredder-FEN
//! castling fields, and one test per kind of error (each names its field).

use scoresheet::board::{
    CastlingSide, Color, FenError, FenField, Position, Rank, Square, MAX_FULLMOVE, STARTING_FEN,
};
use std::path::PathBuf;

fn suite_fens(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/perft")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap_or_default().trim().to_owned())
        .collect()
}

fn err(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(pos) => panic!("{fen} was accepted as {pos}"),
        Err(e) => e,
    }
}

#[test]
fn start_position_round_trips() {
    let pos = Position::from_fen(STARTING_FEN).unwrap();
    assert_eq!(pos, Position::new());
    assert_eq!(pos.to_fen(), STARTING_FEN);
    assert_eq!(STARTING_FEN.parse::<Position>().unwrap(), pos);
}

#[test]
fn standard_suite_round_trips_exactly() {
    for fen in suite_fens("standard.epd") {
        let pos = Position::from_fen(&fen).unwrap();
        // The suite writes en passant squares only where a capture is possible.
        assert_eq!(pos.to_fen(), fen);
        let again = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(again, pos);
        assert_eq!(again.zobrist(), pos.zobrist());
    }
}

#[test]
fn chess960_suite_round_trips_through_shredder_and_x_fen() {
    for fen in suite_fens("chess960.epd") {
        let pos = Position::from_fen(&fen).unwrap();
        assert_eq!(pos.to_shredder_fen(), fen);
        let x = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(x, pos, "{fen} -> {}", pos.to_fen());
        assert_eq!(x.to_shredder_fen(), fen);
    }
}

#[test]
fn random_suite_reads_without_counters_and_round_trips() {
    let fens = suite_fens("random.epd");
    assert_eq!(fens.len(), 6_838);
    for fen in fens {
        let pos = Position::from_fen(&fen).unwrap();
        assert_eq!(pos.halfmove_clock(), 0);
        assert_eq!(pos.fullmove_number(), 1);
        let written = pos.to_fen();
        let again = Position::from_fen(&written).unwrap();
        assert_eq!(again.to_fen(), written);
        assert_eq!(again.zobrist(), pos.zobrist());
    }
}

#[test]
fn castling_fields_x_fen_shredder_and_mixed() {
    let placement = "r1r1k1rr/8/8/8/8/8/8/RR2K1RR";
    let pos = Position::from_fen(&format!("{placement} w KQkq - 0 1")).unwrap();
    let r = pos.castling_rights();
    // X-FEN K/Q mean the outermost rooks.
    assert_eq!(r.rook(Color::White, CastlingSide::King), Some(Square::H1));
    assert_eq!(r.rook(Color::White, CastlingSide::Queen), Some(Square::A1));
    assert_eq!(r.rook(Color::Black, CastlingSide::Queen), Some(Square::A8));
    // Inner rooks need file letters.
    let pos = Position::from_fen(&format!("{placement} w GBgc - 0 1")).unwrap();
    assert_eq!(pos.to_fen(), format!("{placement} w GBgc - 0 1"));
    assert_eq!(pos.to_shredder_fen(), format!("{placement} w GBgc - 0 1"));
    // Mixed: K for the outermost, a letter for an inner rook.
    let pos = Position::from_fen(&format!("{placement} w KBhc - 0 1")).unwrap();
    assert_eq!(pos.to_fen(), format!("{placement} w KBkc - 0 1"));
    assert_eq!(pos.to_shredder_fen(), format!("{placement} w HBhc - 0 1"));
    // Shredder HAha for the standard start is the same position as KQkq.
    let shredder =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
    assert_eq!(shredder, Position::new());
    assert!(!shredder.is_chess960());
}

#[test]
fn en_passant_square_only_when_capture_is_legal() {
    // Legal capture: kept and written.
    let fen = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2";
    assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
    // No capturer: dropped, and the key equals the one without the square.
    let a = Position::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2").unwrap();
    let b = Position::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - - 0 2").unwrap();
    assert_eq!(a.ep_square(), None);
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(a.to_fen(), b.to_fen());
    // Horizontal pin: taking en passant would expose the king on the fifth rank.
    let pinned = Position::from_fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2").unwrap();
    assert_eq!(pinned.ep_square(), None);
    // The same without the rook: legal.
    let free = Position::from_fen("8/8/8/KPp5/8/8/8/4k3 w - c6 0 2").unwrap();
    assert_eq!(free.ep_square(), Some(Square::C6));
    assert_ne!(
        free.zobrist(),
        Position::from_fen("8/8/8/KPp5/8/8/8/4k3 w - - 0 2")
            .unwrap()
            .zobrist()
    );
}

#[test]
fn wrong_number_of_fields() {
    for fen in [
        "",
        "8/8/8/8/8/8/8/8",
        "4k3/8/8/8/8/8/8/4K3 w -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
    ] {
        let e = err(fen);
        assert!(matches!(e, FenError::FieldCount { .. }), "{fen}: {e}");
        assert_eq!(e.field(), FenField::Whole);
    }
}

#[test]
fn board_errors() {
    let e = err("rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        e,
        FenError::RankLength {
            rank: Rank::Eighth,
            squares: 9
        }
    );
    assert_eq!(e.to_string(), "board field: rank 8 has 9 squares");
    assert_eq!(e.field(), FenField::Board);
    let e = err("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(e.to_string(), "board field: rank 7 has 7 squares");
    let e = err("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(e, FenError::RankCount { found: 7 });
    let e = err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    assert!(
        matches!(e, FenError::BadPieceChar { found: 'X', .. }),
        "{e}"
    );
    // Two digits in a row add up to a whole rank, but FEN writes a run of empty squares as one
    // digit: refused, not copied on into a clean file.
    let e = err("4k3/8/8/8/3p31/8/8/4K3 w - - 0 1");
    assert_eq!(
        e,
        FenError::AdjacentDigits {
            rank: Rank::Fourth,
            digits: "31".to_owned()
        }
    );
    assert_eq!(e.field(), FenField::Board);
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K21 w - - 0 1"),
        FenError::AdjacentDigits { .. }
    ));
    let e = err("4k3/8/8/8/8/8/8/3KK3 w - - 0 1");
    assert_eq!(e.to_string(), "board field: two white kings");
    let e = err("8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(e.to_string(), "board field: no black kings");
    let e = err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    assert_eq!(e, FenError::PawnOnBackRank { square: Square::A1 });
    assert_eq!(e.to_string(), "board field: pawn on rank 1 (a1)");
    let e = err("4k2p/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(e.to_string(), "board field: pawn on rank 8 (h8)");
    let e = err("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1");
    assert!(
        matches!(
            e,
            FenError::TooManyPieces {
                color: Color::Black,
                ..
            }
        ),
        "{e}"
    );
    // Seventeen white pieces: refused.
    let e = err("QQQQk3/QQQQ4/QQ6/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    assert!(
        matches!(
            e,
            FenError::TooManyPieces {
                color: Color::White,
                ..
            }
        ),
        "{e}"
    );
    // More promoted pieces than missing pawns cannot arise in a game, but a set-up position
    // (lichess "From Position", composed problems) may have them: accepted.
    assert!(Position::from_fen("4k3/8/8/8/8/8/QQ4QQ/QQQ1KQQQ w - - 0 1").is_ok());
    assert!(Position::from_fen("bbbbkbbb/8/8/8/8/8/8/BBBBKBBB w - - 0 1").is_ok());
}

#[test]
fn turn_errors() {
    let e = err("4k3/8/8/8/8/8/8/4K3 x - - 0 1");
    assert_eq!(e, FenError::BadTurn { found: "x".into() });
    assert_eq!(e.field(), FenField::Turn);
    let e = err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(
        e,
        FenError::OppositeCheck {
            color: Color::Black
        }
    );
    assert_eq!(
        e.to_string(),
        "side-to-move field: the side not to move (black) is in check"
    );
    // Check from three pieces at once, which no move gives (two, a discovered check, stand).
    let e = err("k7/8/8/4r3/1b6/5n2/8/4K3 w - - 0 1");
    assert_eq!(
        e,
        FenError::TooManyCheckers {
            color: Color::White,
            count: 3
        }
    );
    assert_eq!(e.field(), FenField::Turn);
    assert!(Position::from_fen("k7/8/8/4r3/1b6/8/8/4K3 w - - 0 1").is_ok());
}

/// A fullmove number above [`MAX_FULLMOVE`] is refused: the plies counted from it would not
/// fit (before, 2147483649 was read, and the game's move numbers wrapped round).
#[test]
fn fullmove_numbers_beyond_the_largest() {
    let fen = |n: u64| format!("4k3/8/8/8/8/8/8/R3K3 w - - 0 {n}");
    let most = Position::from_fen(&fen(u64::from(MAX_FULLMOVE))).unwrap();
    assert_eq!(most.fullmove_number(), MAX_FULLMOVE);
    for n in [u64::from(MAX_FULLMOVE) + 1, 2_147_483_649, 4_294_967_295, 0] {
        let e = err(&fen(n));
        assert!(matches!(e, FenError::BadFullmove { .. }), "{n}: {e}");
        assert_eq!(e.field(), FenField::Fullmove);
    }
}

#[test]
fn castling_errors() {
    let e = err("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
    assert_eq!(
        e.to_string(),
        "castling field: castling right K without a rook on h1"
    );
    assert_eq!(e.field(), FenField::Castling);
    let e = err("4k3/8/8/8/8/8/8/R3K3 w Kq - 0 1");
    assert_eq!(
        e.to_string(),
        "castling field: castling right K without a rook on h1"
    );
    let e = err("r3k3/8/8/8/8/8/8/R3K2R w KQk - 0 1");
    assert_eq!(
        e.to_string(),
        "castling field: castling right k without a rook on h8"
    );
    let e = err("4k3/8/8/8/8/8/8/R3K2R w KQB - 0 1");
    assert_eq!(
        e.to_string(),
        "castling field: castling right B without a rook on b1"
    );
    let e = err("4k3/8/8/8/8/8/8/R3K2R w KX - 0 1");
    assert_eq!(e, FenError::BadCastlingChar { found: 'X' });
    let e = err("4k3/8/8/8/8/8/4K3/R6R w K - 0 1");
    assert!(
        matches!(e, FenError::CastlingKingNotOnBackRank { .. }),
        "{e}"
    );
    let e = err("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1");
    assert!(
        matches!(e, FenError::DuplicateCastling { right: 'H', .. }),
        "{e}"
    );
    // Chess960 king on f1 without a rook on its king side.
    let e = err("4k3/8/8/8/8/8/8/R4K2 w K - 0 1");
    assert_eq!(
        e.to_string(),
        "castling field: castling right K without a rook on the king's side of the white king"
    );
}

#[test]
fn en_passant_errors() {
    let e = err("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1");
    assert_eq!(
        e,
        FenError::EnPassantWrongRank {
            square: Square::E3,
            turn: Color::White
        }
    );
    assert_eq!(
        e.to_string(),
        "en passant field: en passant square e3 with white to move"
    );
    assert_eq!(e.field(), FenField::EnPassant);
    let e = err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1");
    assert!(matches!(e, FenError::EnPassantNoDoubleStep { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "en passant field: en passant square e6 without a black pawn that just moved from e7 to e5"
    );
    let e = err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1");
    assert_eq!(e, FenError::BadEnPassant { found: "e9".into() });
}

#[test]
fn counter_errors() {
    let e = err("4k3/8/8/8/8/8/8/4K3 w - - -1 1");
    assert_eq!(e, FenError::BadHalfmove { found: "-1".into() });
    assert_eq!(e.field(), FenField::Halfmove);
    let e = err("4k3/8/8/8/8/8/8/4K3 w - - 0 0");
    assert_eq!(e, FenError::BadFullmove { found: "0".into() });
    assert_eq!(e.field(), FenField::Fullmove);
    let e = err("4k3/8/8/8/8/8/8/4K3 w - - 0 x");
    assert_eq!(
        e.to_string(),
        "fullmove number field: 'x' is not a whole number from 1 to 1000000000"
    );
    let e = err("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967296");
    assert_eq!(
        e,
        FenError::BadFullmove {
            found: "4294967296".into()
        }
    );
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1000000000").is_ok());
    // Five fields: the fullmove number defaults to 1.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 12").unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (12, 1));
    // An en passant square says the last move was a pawn's double step: the clock is 0, and a
    // FEN that counts half-moves since then is refused (a 50- or 75-move count cannot start
    // before a move just made). Without the clock field, or with 0, it is read.
    for (fen, clock) in [
        ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 150 60", 150),
        (
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 1 3",
            1,
        ),
    ] {
        let e = err(fen);
        assert!(
            matches!(e, FenError::ClockAfterDoubleStep { clock: c, .. } if c == clock),
            "{fen}: {e}"
        );
        assert_eq!(e.field(), FenField::Halfmove);
    }
    assert!(Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 60").is_ok());
    assert!(Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3").is_ok());
}

#[test]
fn never_panics_on_mangled_input() {
    // Every prefix, and every single-character mutation of a few FENs, either parses or errs.
    let bases = [
        STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2",
    ];
    let alphabet: Vec<char> = "KQRBNPkqrbnp0123456789/ -abcdefghw\u{e9}\u{0}x"
        .chars()
        .collect();
    for base in bases {
        let chars: Vec<char> = base.chars().collect();
        for i in 0..=chars.len() {
            let prefix: String = chars[..i].iter().collect();
            let _ = Position::from_fen(&prefix);
            for &c in &alphabet {
                let mut mutated = chars.clone();
                if i < mutated.len() {
                    mutated[i] = c;
                } else {
                    mutated.push(c);
                }
                let text: String = mutated.into_iter().collect();
                if let Ok(pos) = Position::from_fen(&text) {
                    // Whatever parses must write back to something that parses the same.
                    let again = Position::from_fen(&pos.to_fen()).unwrap();
                    assert_eq!(again.zobrist(), pos.zobrist(), "{text}");
                    let _ = pos.count_legal_moves();
                }
            }
        }
    }
}
