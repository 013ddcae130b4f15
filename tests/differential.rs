//! Differential test against cozy-chess (MIT, a dev-dependency used only as an oracle): seeded
//! random playouts from the standard and random perft suites and from the 960 Chess960 starts.
//! At every position both engines must agree on the set of legal moves (UCI, castling as
//! king-takes-rook) and, after each move, on the resulting position (Shredder-FEN; the en passant
//! square compared as "is an en passant capture legal"). Our other entry points are checked
//! against our own legal move list on the way: `count_legal_moves`, `legal_moves_to`,
//! `pseudo_legal_moves_to`, `checkers_after`, `is_legal`, `from_uci`, and the Zobrist key
//! against a fresh FEN round trip.

mod common;

use scoresheet::board::{Bitboard, Move, MoveList, Position, Role, Square, Uci};
use std::collections::BTreeSet;
use std::path::PathBuf;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

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

/// Shredder-FEN without the en passant field.
fn without_ep(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() > 3 {
        fields.remove(3);
    }
    fields.join(" ")
}

/// True if cozy-chess has a legal en passant capture: a pawn moving diagonally onto an empty
/// square.
fn cozy_has_ep(board: &cozy_chess::Board, moves: &[cozy_chess::Move]) -> bool {
    moves.iter().any(|m| {
        board.piece_on(m.from) == Some(cozy_chess::Piece::Pawn)
            && m.from.file() != m.to.file()
            && board.piece_on(m.to).is_none()
    })
}

/// Checks our own entry points against our legal move list.
fn check_self_consistency(pos: &Position, legal: &MoveList, context: &str) {
    assert_eq!(pos.count_legal_moves(), legal.len() as u64, "{context}");
    let again = Position::from_fen(&pos.to_fen()).expect("our FEN reads back");
    assert_eq!(again.zobrist(), pos.zobrist(), "{context}");
    assert_eq!(again.to_fen(), pos.to_fen(), "{context}");
    let mut buf = MoveList::new();
    let mut seen = 0;
    let mut targets = BTreeSet::new();
    for m in legal.iter() {
        if m.castling_side().is_none() {
            targets.insert((m.role(), m.to()));
        }
        assert!(pos.is_legal(m), "{context}: {m:?}");
        assert!(pos.checkers_after(m).is_empty(), "{context}: {m:?}");
        let chess960 = pos.is_chess960();
        assert_eq!(pos.from_uci(&m.to_uci(true)), Some(*m), "{context}: {m:?}");
        if !chess960 {
            assert_eq!(pos.from_uci(&m.to_uci(false)), Some(*m), "{context}: {m:?}");
        }
    }
    // Every role onto every square: exactly the legal moves of that role ending there.
    for role in Role::ALL {
        for to in (0..64).filter_map(Square::new) {
            pos.legal_moves_to(role, to, &mut buf);
            let want = legal
                .iter()
                .filter(|m| m.castling_side().is_none() && m.role() == role && m.to() == to);
            assert_eq!(
                buf.len(),
                want.clone().count(),
                "{context}: legal_moves_to {role:?} {to:?}"
            );
            for m in want {
                assert!(
                    buf.contains(m),
                    "{context}: legal_moves_to {role:?} misses {m:?}"
                );
            }
        }
    }
    for &(role, to) in &targets {
        pos.legal_moves_to(role, to, &mut buf);
        for m in buf.iter() {
            assert!(legal.contains(m), "{context}: legal_moves_to gave {m:?}");
        }
        seen += buf.len();
        let legal_here: Vec<Move> = buf.iter().copied().collect();
        pos.pseudo_legal_moves_to(role, to, &mut buf);
        for m in &legal_here {
            assert!(buf.contains(m), "{context}: pseudo-legal misses {m:?}");
        }
        for m in buf.iter() {
            assert_eq!(
                legal_here.contains(m),
                pos.checkers_after(m).is_empty(),
                "{context}: pseudo-legal {m:?}"
            );
        }
    }
    let castles = legal.iter().filter(|m| m.castling_side().is_some()).count();
    assert_eq!(seen + castles, legal.len(), "{context}");
    // Onto a set of squares: the legal moves ending there, and every castling move. Masks that
    // a written word gives (a file crossed with a rank or two) and a few broader ones.
    for mask in [
        0x0000_0000_1000_0000u64, // e4
        0x0000_0000_0020_0020,    // f1, f3
        0x0000_00ff_0000_0000,    // the fifth rank
        0x8080_8080_8080_8080,    // the h-file
        0x0000_0000_0000_0044,    // c1, g1 (castling destinations in standard chess)
        pos.zobrist(),            // something arbitrary
    ] {
        pos.legal_moves_onto(Bitboard(mask), &mut buf);
        let want: Vec<&Move> = legal
            .iter()
            .filter(|m| m.castling_side().is_some() || mask >> m.to().index() & 1 != 0)
            .collect();
        assert_eq!(
            buf.len(),
            want.len(),
            "{context}: legal_moves_onto {mask:#x}"
        );
        for m in want {
            assert!(
                buf.contains(m),
                "{context}: legal_moves_onto {mask:#x} misses {m:?}"
            );
        }
    }
}

/// Plays up to `plies` random moves from `fen` in both engines, comparing at every step;
/// returns the number of positions compared.
fn playout(fen: &str, plies: usize, rng: &mut XorShift, self_check: bool) -> usize {
    let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut board = cozy_chess::Board::from_fen(&pos.to_shredder_fen(), true)
        .unwrap_or_else(|e| panic!("cozy-chess rejects {}: {e:?}", pos.to_shredder_fen()));
    let mut compared = 0;
    let mut legal = MoveList::new();
    for ply in 0..=plies {
        let context = format!("{fen} after {ply} plies: {}", pos.to_shredder_fen());
        compared += 1;
        pos.legal_moves(&mut legal);
        let ours: BTreeSet<String> = legal.iter().map(|m| m.to_uci(true).to_string()).collect();
        assert_eq!(ours.len(), legal.len(), "{context}: duplicate moves");
        let theirs_moves = common::cozy_moves(&board);
        let theirs: BTreeSet<String> = theirs_moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(ours, theirs, "{context}: legal moves differ");
        assert_eq!(
            without_ep(&pos.to_shredder_fen()),
            without_ep(&format!("{board:#}")),
            "{context}: positions differ"
        );
        assert_eq!(
            pos.ep_square().is_some(),
            cozy_has_ep(&board, &theirs_moves),
            "{context}: en passant differs"
        );
        assert_eq!(pos.is_check(), !board.checkers().is_empty(), "{context}");
        if self_check {
            check_self_consistency(&pos, &legal, &context);
        }
        if legal.is_empty() {
            assert!(pos.is_checkmate() || pos.is_stalemate(), "{context}");
            break;
        }
        let m = legal[rng.below(legal.len())];
        let uci = m.to_uci(true).to_string();
        let cozy_move = theirs_moves
            .iter()
            .copied()
            .find(|c| c.to_string() == uci)
            .unwrap_or_else(|| panic!("{context}: cozy-chess lacks {uci}"));
        pos.play(&m);
        board.play(cozy_move);
    }
    compared
}

#[test]
fn random_playouts_agree_with_cozy_chess() {
    let mut fens = suite_fens("standard.epd");
    fens.extend(suite_fens("random.epd"));
    let mut rng = XorShift(0x2026_1121_d1ff_0001);
    let mut compared = 0;
    let mut round = 0;
    while compared < 100_000 {
        for (i, fen) in fens.iter().enumerate() {
            // Full self-consistency checks on every 8th playout keep the test quick.
            compared += playout(fen, 16, &mut rng, (i + round) % 8 == 0);
        }
        round += 1;
    }
    assert!(compared >= 100_000, "{compared}");
}

#[test]
fn chess960_playouts_agree_with_cozy_chess() {
    let fens = suite_fens("chess960.epd");
    assert_eq!(fens.len(), 960);
    let mut rng = XorShift(0x0960_0960_0960_0001);
    let mut compared = 0;
    for _ in 0..2 {
        for fen in &fens {
            compared += playout(fen, 40, &mut rng, true);
        }
    }
    // And from every Scharnagl start, where castling rights are complete.
    for n in 0..960 {
        let start = Position::chess960_start(n).expect("0..960");
        let cozy = cozy_chess::Board::chess960_startpos(n);
        assert_eq!(
            start.to_shredder_fen(),
            format!("{cozy:#}"),
            "Scharnagl number {n}"
        );
        compared += playout(&start.to_fen(), 60, &mut rng, false);
    }
    assert!(compared >= 100_000, "{compared}");
}

#[test]
fn castling_uci_forms() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
    let uci = |s: &str| s.parse::<Uci>().expect("uci");
    let long = Move::Castle {
        king: Square::E1,
        rook: Square::A1,
    };
    assert_eq!(pos.from_uci(&uci("e1c1")), Some(long));
    assert_eq!(pos.from_uci(&uci("e1a1")), Some(long));
    // Chess960: king f1, rook g1; f1g1 is king-takes-rook castling.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1").expect("valid");
    let short = Move::Castle {
        king: Square::F1,
        rook: Square::G1,
    };
    assert_eq!(pos.from_uci(&uci("f1g1")), Some(short));
    assert!(pos.is_legal(&short));
    let mut after = pos.clone();
    after.play(&short);
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // A king step that is an ordinary legal move is read as that move.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/5K1R w H - 0 1").expect("valid");
    assert_eq!(
        pos.from_uci(&uci("f1g1")).map(|m| m.role()),
        Some(Role::King)
    );
    assert!(pos
        .from_uci(&uci("f1g1"))
        .is_some_and(|m| m.castling_side().is_none()));
    assert!(pos
        .from_uci(&uci("f1h1"))
        .is_some_and(|m| m.castling_side().is_some()));
}
