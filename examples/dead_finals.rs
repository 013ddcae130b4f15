//! What `check` spends on dead positions (Laws 5.2.2): the final positions of the decisive games
//! of a PGN file (those not ended by mate or stalemate), and the time `laws::dead::is_dead_position`
//! takes on them, best of several rounds. `check` asks exactly this after every decisive game.
//!
//! ```text
//! cargo build --release --example dead_finals
//! zstd -dc ../shared/data/games/otb-classics.pgn.zst > /tmp/otb.pgn
//! target/release/examples/dead_finals /tmp/otb.pgn [ROUNDS]
//! ```
//!
//! It also times each position alone and prints the median, the 90th and 99th percentiles and
//! the share of the time the slowest 1 % and 10 % take. 2026-12-02: otb-classics (8,868
//! positions) median 3.8 µs, 90th 10.7, 99th 38.8, the slowest 1 % 17 % of the time and the
//! slowest 10 % 44 %; lichess-players (23,033) 4.0 / 12.9 / 46.7 µs, 22 % and 48 %. No few
//! positions dominate: a cheaper proof would have to be cheaper for most of them.
use scoresheet::board::Position;
use scoresheet::laws::dead;
use scoresheet::notation::{LetterSet, Policy, WrittenMove};
use scoresheet::pgn::{Game, Outcome};
use std::time::Instant;

/// The final positions of the decisive standard games of `bytes` that replay to the end and are
/// not over on the board.
fn finals(bytes: &[u8]) -> Vec<Position> {
    let mut out = Vec::new();
    for game in Game::read_all(bytes).into_iter().flatten() {
        let decisive = matches!(
            game.tag("Result").and_then(Outcome::from_token),
            Some(Outcome::WhiteWins | Outcome::BlackWins)
        );
        let standard = game.tag("Variant").map_or(true, |v| v == "Standard");
        if !decisive || !standard || game.tag("FEN").is_some() {
            continue;
        }
        let mut pos = Position::new();
        let replayed = game.mainline.moves.iter().all(|node| {
            let resolved = WrittenMove::parse(&node.san, LetterSet::english())
                .ok()
                .and_then(|w| w.resolve(&pos, Policy::Lenient).ok());
            resolved.map(|r| pos.play(&r.mv)).is_some()
        });
        if replayed && pos.has_legal_moves() {
            out.push(pos);
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: dead_finals FILE.pgn [ROUNDS]");
        return;
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("dead_finals: {path}: {e}");
            return;
        }
    };
    let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let positions = finals(&bytes);
    let mut best = f64::MAX;
    let mut dead_count = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        dead_count = positions
            .iter()
            .filter(|p| dead::is_dead_position(p) == Ok(true))
            .count();
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} final positions of decisive games, {dead_count} dead; best of {rounds}: {:.1} ms, {:.2} us a position",
        positions.len(),
        best * 1e3,
        best * 1e6 / positions.len().max(1) as f64
    );
    // Where the time goes: each position timed alone (best of the rounds), sorted.
    let mut each: Vec<f64> = positions
        .iter()
        .map(|p| {
            (0..rounds)
                .map(|_| {
                    let start = Instant::now();
                    let _ = std::hint::black_box(dead::is_dead_position(p));
                    start.elapsed().as_secs_f64()
                })
                .fold(f64::MAX, f64::min)
        })
        .collect();
    each.sort_by(f64::total_cmp);
    let total: f64 = each.iter().sum();
    let at =
        |q: f64| each.get(((each.len() as f64 * q) as usize).min(each.len().saturating_sub(1)));
    let share = |top: f64| {
        let k = (each.len() as f64 * top).ceil() as usize;
        each.iter().rev().take(k).sum::<f64>() / total.max(f64::MIN_POSITIVE) * 100.0
    };
    if let (Some(median), Some(p90), Some(p99)) = (at(0.5), at(0.9), at(0.99)) {
        println!(
            "alone: median {:.2} us, 90th {:.2} us, 99th {:.2} us; the slowest 1 % take {:.0} % of the time, the slowest 10 % {:.0} %",
            median * 1e6,
            p90 * 1e6,
            p99 * 1e6,
            share(0.01),
            share(0.10)
        );
    }
}
