//! Perft against the shared suites (`../shared/data/perft`): the standard suite and the 960
//! Chess960 starts to depth 4, all 6,838 random positions to depth 3; deeper depths behind
//! `#[ignore]` (`cargo test --release --test perft -- --ignored`).

mod common;

use scoresheet::board::{perft, perft_divide, Position};
use std::path::PathBuf;

struct Case {
    line: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite(name: &str) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/perft")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_owned();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p.split_once(' ').expect("';Dn count'");
                let d: u32 = d.trim_start_matches('D').parse().expect("depth");
                (d, n.trim().parse().expect("count"))
            })
            .collect();
        cases.push(Case {
            line: i + 1,
            fen,
            counts,
        });
    }
    cases
}

/// Checks every case up to `max_depth` (and from `min_depth`), on all cores; returns the
/// number of (position, depth) checks made.
fn check(name: &str, min_depth: u32, max_depth: u32) -> usize {
    let cases = suite(name);
    assert!(!cases.is_empty(), "{name} is empty");
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = cases.len().div_ceil(threads);
    let (checked, failures): (usize, Vec<String>) = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut failures = Vec::new();
                    let mut checked = 0;
                    for case in part {
                        let pos = match Position::from_fen(&case.fen) {
                            Ok(pos) => pos,
                            Err(e) => {
                                failures.push(format!("{name}:{} {}: {e}", case.line, case.fen));
                                continue;
                            }
                        };
                        for &(depth, expected) in &case.counts {
                            if depth < min_depth || depth > max_depth {
                                continue;
                            }
                            checked += 1;
                            let got = perft(&pos, depth);
                            if got != expected {
                                failures.push(format!(
                                    "{name}:{} {} depth {depth}: {got}, expected {expected}",
                                    case.line, case.fen
                                ));
                            }
                        }
                    }
                    (checked, failures)
                })
            })
            .collect();
        handles.into_iter().fold((0, Vec::new()), |(n, mut f), h| {
            let (c, more) = h.join().expect("perft thread panicked");
            f.extend(more);
            (n + c, f)
        })
    });
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

#[test]
fn standard_suite_to_depth_4() {
    let checked = check("standard.epd", 1, 4);
    // A few positions list fewer than four depths.
    assert_eq!(checked, 505);
}

#[test]
fn chess960_suite_to_depth_4() {
    let checked = check("chess960.epd", 1, 4);
    assert_eq!(checked, 960 * 4);
}

#[test]
fn random_suite_to_depth_3() {
    let checked = check("random.epd", 1, 3);
    assert_eq!(checked, 6_838 * 3);
}

#[test]
fn divide_sums_to_perft() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
    assert!(perft_divide(&pos, 0).is_empty());
    assert_eq!(perft(&pos, 0), 1);
}

#[test]
#[ignore = "deep: about 4.8e9 nodes"]
fn standard_suite_deep() {
    check("standard.epd", 5, 6);
}

#[test]
#[ignore = "deep: about 1.7e10 nodes"]
fn chess960_suite_depth_5() {
    check("chess960.epd", 5, 5);
}

#[test]
#[ignore = "deep: about 4e9 nodes"]
fn random_suite_depth_4() {
    check("random.epd", 4, 4);
}

#[test]
#[ignore = "deep: about 1.3e11 nodes"]
fn random_suite_depth_5() {
    check("random.epd", 5, 5);
}

#[test]
#[ignore = "deep: about 4.7e12 nodes, hours"]
fn all_suites_depth_6() {
    check("standard.epd", 6, 6);
    check("chess960.epd", 6, 6);
    check("random.epd", 6, 6);
}

#[test]
fn cli_prints_counts_and_divide() {
    assert_eq!(
        common::run_cli(&["perft", "startpos", "3"]),
        (0, "8902\n".into(), String::new())
    );
    // A FEN as one argument or as separate words.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(common::run_cli(&["perft", fen, "2"]).1, "2039\n");
    let mut words: Vec<&str> = vec!["perft"];
    words.extend(fen.split(' '));
    words.push("2");
    assert_eq!(common::run_cli(&words).1, "2039\n");
    let (code, out, _) = common::run_cli(&["perft", fen, "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 48 + 2);
    assert!(
        lines.contains(&"e1g1 43") && lines.contains(&"e1c1 43"),
        "{out}"
    );
    assert_eq!(lines[48], "");
    assert_eq!(lines[49], "2039");
    // Chess960 castling is written king-takes-rook: king f1, rook g1, castling short.
    let (_, out, _) =
        common::run_cli(&["perft", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "1", "--divide"]);
    assert!(out.contains("f1g1 1\n"), "{out}");
}

#[test]
fn cli_exit_codes() {
    let (code, out, err) =
        common::run_cli(&["perft", "rnbqkbnrr/8/8/8/8/8/8/RNBQKBNR w - - 0 1", "2"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("board field: rank 8 has 9 squares"), "{err}");
    assert_eq!(common::run_cli(&["perft", "startpos", "deep"]).0, 2);
    assert_eq!(common::run_cli(&["perft", "startpos"]).0, 2);
    // A FEN as words with no depth: its fullmove number is not taken for one (before, it
    // counted one ply deep, or forty for `... - 0 40`).
    let mut words: Vec<&str> = vec!["perft"];
    words.extend("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 40".split(' '));
    let (code, out, err) = common::run_cli(&words);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("the depth is missing"), "{err}");
}
