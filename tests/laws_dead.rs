//! Dead positions and flag falls (Laws 5.2.2, 6.9): every labelled position of
//! `../shared/data/draws/helpmate-labels.tsv` (from the chasolver crate's own test set) must be
//! classified exactly as labelled, by the simple rules and the solver together.

use scoresheet::board::{Color, Position};
use scoresheet::laws::dead;
use std::path::PathBuf;

fn labelled_rows() -> Vec<(String, String)> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/draws/helpmate-labels.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("label\t") && !l.trim().is_empty())
        .map(|l| {
            let (label, fen) = l
                .split_once('\t')
                .unwrap_or_else(|| panic!("bad row {l:?}"));
            (label.to_string(), fen.to_string())
        })
        .collect()
}

#[test]
fn every_labelled_position_is_classified_as_labelled() {
    let rows = labelled_rows();
    assert_eq!(rows.len(), 3414);
    let on_our_board = rows
        .iter()
        .filter(|(_, fen)| Position::from_fen(&format!("{fen} 0 1")).is_ok())
        .count();
    assert!(on_our_board > 3200, "{on_our_board} rows read by our board");
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(1);
    let chunk = rows.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for (label, fen) in part {
                        // A placement our board refuses (over 16 pieces or 8 pawns a side) goes
                        // through the FEN entry point.
                        let verdict = match Position::from_fen(&format!("{fen} 0 1")) {
                            Ok(pos) => dead::mateability(&pos),
                            Err(_) => dead::mateability_fen(fen),
                        };
                        match verdict {
                            Ok(m) if m.label() == label => {}
                            Ok(m) => {
                                bad.push(format!("{fen}: labelled {label}, got {}", m.label()))
                            }
                            Err(e) => bad.push(format!("{fen}: {e}")),
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker panicked"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} misclassified:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_dead_verdict_agrees_with_the_labels() {
    // is_dead stops after the first side able to mate; it must agree with the label `--`.
    for (label, fen) in labelled_rows().iter().filter(|(l, _)| l != "WB").take(300) {
        assert_eq!(dead::is_dead_fen(fen).unwrap(), label == "--", "{fen}");
        if let Ok(pos) = Position::from_fen(&format!("{fen} 0 1")) {
            assert_eq!(
                dead::is_dead_position(&pos).unwrap(),
                label == "--",
                "{fen}"
            );
        }
    }
}

#[test]
fn flag_fall_question_is_per_side() {
    // The README example of chasolver: Black cannot mate, White can.
    let fen = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -";
    assert!(!dead::can_checkmate_fen(fen, Color::Black).unwrap());
    assert!(dead::can_checkmate_fen(fen, Color::White).unwrap());
}

#[test]
fn the_fen_entry_point_agrees_with_the_labels() {
    // The FEN-built solver input must say what the board-built one (above) says.
    for (label, fen) in labelled_rows().iter().step_by(17) {
        assert_eq!(dead::mateability_fen(fen).unwrap().label(), label, "{fen}");
    }
}

/// The final positions of the games of a PGN file in `../shared/data/games`, for the positions
/// the dead-position analysis is asked about after every game: not mate, not stalemate.
fn final_positions(file: &str) -> Vec<Position> {
    use scoresheet::pgn::Game;
    use scoresheet::replay::{replay_game, ReplayOptions};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/games")
        .join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for game in Game::read_all(&bytes).into_iter().flatten() {
        let r = replay_game(&game, &ReplayOptions::default());
        if r.error.is_some() {
            continue;
        }
        let mut pos = match game.tag("FEN") {
            Some(fen) => match Position::from_fen(fen) {
                Ok(p) => p,
                Err(_) => continue,
            },
            None => Position::new(),
        };
        for u in &r.uci {
            let m = u
                .parse()
                .ok()
                .and_then(|u| pos.from_uci(&u))
                .expect("replayed move");
            pos.play(&m);
        }
        if !pos.is_checkmate() && !pos.is_stalemate() {
            out.push(pos);
        }
    }
    out
}

#[test]
fn the_quick_search_never_contradicts_the_solver_on_real_games() {
    use std::str::FromStr;
    let mut asked = 0;
    let mut settled = 0;
    for file in ["twic1599-sample.pgn", "lichess-2025-05-sample.pgn"] {
        for pos in final_positions(file) {
            let Ok(board) = chess::Board::from_str(&pos.to_fen()) else {
                continue;
            };
            for side in Color::ALL {
                asked += 1;
                let Some(quick) = dead::can_checkmate_quick(&pos, side) else {
                    continue;
                };
                settled += 1;
                let solver_side = match side {
                    Color::White => chess::Color::White,
                    Color::Black => chess::Color::Black,
                };
                let exact = match chasolver::winnability(&board, solver_side) {
                    Some(chasolver::Winnability::Winnable { .. }) => true,
                    Some(chasolver::Winnability::Unwinnable) => false,
                    None => continue,
                };
                assert_eq!(quick, exact, "{side:?} in {}", pos.to_fen());
            }
        }
    }
    // The quick answers must be worth asking first: most real positions are settled by them.
    assert!(asked > 2000, "{asked} questions");
    assert!(
        settled * 10 > asked * 7,
        "{settled} of {asked} settled quickly"
    );
}
