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
