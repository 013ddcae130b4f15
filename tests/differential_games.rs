//! Differential tests on real games: the mainline of every game in `../shared/data/games/` (the
//! `.zst` files decompressed) is replayed by our replayer, then walked again move by move beside
//! cozy-chess (MIT, a dev-dependency used only as an oracle). At every position both must agree on
//! the legal moves (UCI, castling as king-takes-rook), on check, and on the position reached after
//! the game's move; at the end, on mate and stalemate. The final position of every game is then
//! put to `laws::dead` (dead position, Laws 5.2.2; who can still mate after a flag fall, 6.9) and
//! to the helpmate solver chasolver called directly on the FEN, which must agree.
//!
//! Both tests run with every `cargo test` (CI included, about four minutes in release): one over
//! the three uncompressed samples, one over the three compressed databases — all six files,
//! 70,685 games.

mod common;

use scoresheet::board::{Color, MoveList, Position};
use scoresheet::encoding::{decode, Encoding};
use scoresheet::laws::dead;
use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::{Game, SliceReader};
use scoresheet::replay::{replay_game, ErrorKind, ReplayOptions};
use std::collections::BTreeSet;
use std::str::FromStr;

const SAMPLES: [&str; 3] = [
    "lichess-2017-01-sample.pgn",
    "lichess-2025-05-sample.pgn",
    "twic1599-sample.pgn",
];
const COMPRESSED: [&str; 3] = [
    "otb-classics.pgn.zst",
    "lichess-carlsen.pgn.zst",
    "lichess-players.pgn.zst",
];

/// The file's text as UTF-8 bytes (decompressed, decoded from its legacy encoding if need be).
fn load(name: &str) -> Vec<u8> {
    let raw = common::game_file(name);
    let decoded = decode(&raw, None);
    match decoded.encoding {
        Encoding::Utf8 | Encoding::Utf8Bom => raw,
        _ => decoded.text.into_bytes(),
    }
}

/// What a sweep covered.
#[derive(Debug, Default)]
struct Counts {
    /// Games read (must equal the file's `[Event` lines).
    games: usize,
    /// Games replayed to the end of their mainline.
    replayed: usize,
    /// Variant games (Atomic, Crazyhouse...) reported as unsupported.
    variants: usize,
    /// Positions at which both move generators were compared.
    positions: usize,
    /// Final positions whose mate/stalemate status was compared.
    finals: usize,
    /// Final positions given to both our dead-position analysis and chasolver.
    dead_compared: usize,
    /// Of those, dead positions.
    dead: usize,
    /// Of those, positions where exactly one side can still mate (a flag fall decides).
    one_side: usize,
    /// Final positions chasolver's board cannot express (Chess960 castling rights).
    dead_skipped: usize,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.games += o.games;
        self.replayed += o.replayed;
        self.variants += o.variants;
        self.positions += o.positions;
        self.finals += o.finals;
        self.dead_compared += o.dead_compared;
        self.dead += o.dead;
        self.one_side += o.one_side;
        self.dead_skipped += o.dead_skipped;
    }
}

/// A Shredder-FEN without its en passant field (compared as "is a capture legal" through the
/// move lists) and with the halfmove clock capped at 100, as cozy-chess keeps it.
fn comparable(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    if let Some(clock) = fields.get_mut(4) {
        if clock.parse::<u32>().is_ok_and(|c| c > 100) {
            *clock = "100".to_owned();
        }
    }
    if fields.len() > 3 {
        fields.remove(3);
    }
    fields.join(" ")
}

/// The game's start position, as the replayer takes it: its FEN tag or the standard start.
fn start(game: &Game) -> Position {
    match game.tag("FEN") {
        Some(fen) if !fen.trim().is_empty() => {
            Position::from_fen(fen.trim()).unwrap_or_else(|e| panic!("{fen}: {e}"))
        }
        _ => Position::new(),
    }
}

/// Walks the replayed mainline `uci` from `pos` beside cozy-chess; returns the final position.
fn walk(mut pos: Position, uci: &[String], what: &str, counts: &mut Counts) -> Position {
    let mut board = cozy_chess::Board::from_fen(&pos.to_shredder_fen(), true).unwrap_or_else(|e| {
        panic!(
            "{what}: cozy-chess rejects {}: {e:?}",
            pos.to_shredder_fen()
        )
    });
    let mut legal = MoveList::new();
    for (ply, played) in uci.iter().enumerate() {
        let fen_before = || pos.to_shredder_fen();
        let context = |fen: String| format!("{what} before ply {}: {fen}", ply + 1);
        counts.positions += 1;
        pos.legal_moves(&mut legal);
        let ours: BTreeSet<String> = legal.iter().map(|m| m.to_uci(true).to_string()).collect();
        let theirs_moves = common::cozy_moves(&board);
        let theirs: BTreeSet<String> = theirs_moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(
            ours,
            theirs,
            "{}: legal moves differ",
            context(fen_before())
        );
        assert_eq!(
            pos.is_check(),
            !board.checkers().is_empty(),
            "{}",
            context(fen_before())
        );
        // The replayer's UCI writes standard castling as e1g1; the oracle wants king-takes-rook.
        let m = played
            .parse()
            .ok()
            .and_then(|u| pos.from_uci(&u))
            .unwrap_or_else(|| {
                panic!(
                    "{}: replayed move {played} not legal",
                    context(fen_before())
                )
            });
        let key = m.to_uci(true).to_string();
        let cozy_move = theirs_moves
            .iter()
            .copied()
            .find(|c| c.to_string() == key)
            .unwrap_or_else(|| panic!("{}: cozy-chess lacks {key}", context(fen_before())));
        let before = pos.to_shredder_fen();
        pos.play(&m);
        board.play(cozy_move);
        assert_eq!(
            comparable(&pos.to_shredder_fen()),
            comparable(&format!("{board:#}")),
            "{}: positions differ after {played}",
            context(before)
        );
    }
    counts.positions += 1;
    counts.finals += 1;
    pos.legal_moves(&mut legal);
    let theirs: BTreeSet<String> = common::cozy_moves(&board)
        .iter()
        .map(|m| m.to_string())
        .collect();
    let ours: BTreeSet<String> = legal.iter().map(|m| m.to_uci(true).to_string()).collect();
    assert_eq!(ours, theirs, "{what} at the end: legal moves differ");
    let status = board.status();
    assert_eq!(
        pos.is_checkmate(),
        status == cozy_chess::GameStatus::Won,
        "{what}"
    );
    assert_eq!(
        pos.is_stalemate(),
        status == cozy_chess::GameStatus::Drawn && theirs.is_empty(),
        "{what}"
    );
    pos
}

/// chasolver's verdict for `winner` on the FEN, asked directly (no code of ours in between).
fn solver_can_mate(board: &chess::Board, winner: chess::Color, what: &str) -> bool {
    match chasolver::winnability(board, winner) {
        Some(chasolver::Winnability::Winnable { .. }) => true,
        Some(chasolver::Winnability::Unwinnable) => false,
        None => panic!("{what}: chasolver undecided"),
    }
}

/// Compares `laws::dead` with chasolver on a final position.
fn compare_dead(pos: &Position, what: &str, counts: &mut Counts) {
    let fen = pos.to_fen();
    let Ok(board) = chess::Board::from_str(&fen) else {
        // Chess960 castling rights (Shredder-FEN) are beyond the solver's board.
        assert!(
            pos.is_chess960(),
            "{what}: the solver's board rejects {fen}"
        );
        counts.dead_skipped += 1;
        return;
    };
    let white = solver_can_mate(&board, chess::Color::White, what);
    let black = solver_can_mate(&board, chess::Color::Black, what);
    let ours = dead::mateability(pos).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        (ours.white, ours.black),
        (white, black),
        "{what}: mateability of {fen}"
    );
    assert_eq!(
        dead::can_checkmate(pos, Color::White),
        Ok(white),
        "{what}: {fen}"
    );
    assert_eq!(
        dead::is_dead_position(pos),
        Ok(!white && !black),
        "{what}: {fen}"
    );
    assert_eq!(
        dead::is_dead_fen(&fen),
        Ok(!white && !black),
        "{what}: {fen}"
    );
    counts.dead_compared += 1;
    counts.dead += usize::from(!white && !black);
    counts.one_side += usize::from(white != black);
}

/// Replays and compares every game of `name`.
fn sweep(name: &str) -> Counts {
    let bytes = load(name);
    let opts = ReplayOptions::default();
    let mut counts = Counts::default();
    let mut reader = SliceReader::new(&bytes).with_file_name(name);
    let mut builder = GameBuilder::default();
    while let Some(read) = reader.read_game(&mut builder) {
        counts.games += 1;
        let what = format!("{name} game {}", counts.games);
        let game = read.unwrap_or_else(|e| panic!("{what}: {e}"));
        let r = replay_game(&game, &opts);
        match &r.error {
            None => {}
            Some(e) if e.kind == ErrorKind::UnsupportedVariant => {
                counts.variants += 1;
                continue;
            }
            Some(e) => panic!("{what}: {e:?}"),
        }
        assert_eq!(r.uci.len(), r.plies as usize, "{what}");
        assert!(
            !r.uci.iter().any(|u| u == "0000"),
            "{what}: null moves in a real game"
        );
        let end = walk(start(&game), &r.uci, &what, &mut counts);
        counts.replayed += 1;
        compare_dead(&end, &what, &mut counts);
    }
    assert_eq!(counts.games, common::event_lines(&bytes), "{name}: games");
    assert_eq!(
        counts.replayed + counts.variants,
        counts.games,
        "{name}: every game replayed or an unsupported variant"
    );
    eprintln!("{name}: {counts:?}");
    counts
}

#[test]
fn sample_games_agree_with_cozy_chess_and_chasolver() {
    let mut total = Counts::default();
    for name in SAMPLES {
        total.add(&sweep(name));
    }
    eprintln!("samples: {total:?}");
    assert_eq!(total.games, 5553 + 438 + 1110);
    // The samples are standard chess only.
    assert_eq!(total.variants, 0);
    assert_eq!(total.replayed, total.games);
    assert!(total.positions > 500_000, "{}", total.positions);
    assert_eq!(total.finals, total.games);
    assert_eq!(total.dead_compared + total.dead_skipped, total.games);
    // Real games end in dead positions (bare kings) and in flag-fall territory.
    assert!(total.dead > 0 && total.one_side > 0, "{total:?}");
}

#[test]
fn every_compressed_database_agrees_with_cozy_chess_and_chasolver() {
    let mut total = Counts::default();
    for name in &COMPRESSED {
        total.add(&sweep(name));
    }
    eprintln!("all games: {total:?}");
    // 16,339 + 10,024 + 37,221 `[Event` lines (the samples hold 7,101 more).
    assert_eq!(total.games, 63_584);
    assert_eq!(total.replayed + total.variants, total.games);
    assert!(total.variants > 0, "lichess-players has variant games");
    assert!(total.positions > 5_000_000, "{}", total.positions);
    assert_eq!(total.dead_compared + total.dead_skipped, total.replayed);
}
