//! Measures the `invented_*` lines of `grammars/repair-costs.tsv`: for each kind of move an
//! invented ply can be (`scoresheet::reconstruct::InventedKind`), how often real games play a move
//! of that kind per legal move of the kind, relative to an ordinary move, and its `ln`.
//!
//! Run: `cargo run --release --example invent_prior [-- SKIP]`. The games are the noise bench's
//! (`benches/noise.rs`: twic1599-sample.pgn, games of 20 plies or more that replay), without the
//! first SKIP (default 300, the most the bench uses), so that the costs are not measured on the
//! games they are judged on.

use scoresheet::board::{Move, MoveList, Position};
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{invented_kind, Costs, InventedKind, MoveReader};

#[allow(dead_code)]
#[path = "../benches/noise.rs"]
mod noise;

const KINDS: [InventedKind; 8] = [
    InventedKind::Recapture,
    InventedKind::TakesLastMoved,
    InventedKind::Repetition,
    InventedKind::Capture,
    InventedKind::Castling,
    InventedKind::Check,
    InventedKind::Escape,
    InventedKind::Ordinary,
];

fn main() {
    let skip = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(300);
    let Some(pgn) = noise::sample_pgn("invent_prior") else {
        return;
    };
    let reader = MoveReader::new(LetterSet::english(), Costs::standard());
    let games: Vec<Vec<Move>> = noise::san_games(&pgn)
        .iter()
        .filter_map(|g| noise::replay(g, &reader))
        .filter(|g| g.len() >= 20)
        .skip(skip)
        .collect();
    // Per kind: moves played, legal moves, positions where the kind was legal.
    let mut played = [0u64; KINDS.len()];
    let mut legal_n = [0u64; KINDS.len()];
    let mut available = [0u64; KINDS.len()];
    let slot = |k: InventedKind| {
        KINDS
            .iter()
            .position(|&x| x == k)
            .unwrap_or(KINDS.len() - 1)
    };
    let mut plies = 0u64;
    let mut legal = MoveList::new();
    for game in &games {
        let mut pos = Position::new();
        let mut recent: [Option<Move>; 4] = [None; 4];
        for m in game {
            pos.legal_moves(&mut legal);
            let mut here = [false; KINDS.len()];
            for l in legal.iter() {
                let s = slot(invented_kind(&pos, l, &recent));
                legal_n[s] += 1;
                here[s] = true;
            }
            for (a, h) in available.iter_mut().zip(here) {
                *a += u64::from(h);
            }
            played[slot(invented_kind(&pos, m, &recent))] += 1;
            pos.play(m);
            recent.rotate_right(1);
            recent[0] = Some(*m);
            plies += 1;
        }
    }
    let rate = |s: usize| played[s] as f64 / legal_n[s].max(1) as f64;
    let ordinary = rate(KINDS.len() - 1);
    println!(
        "{} games (the first {skip} left out), {plies} plies",
        games.len()
    );
    println!(
        "{:<16} {:>8} {:>9} {:>10} {:>13} {:>9} {:>6}",
        "kind", "played", "legal", "positions", "played/avail", "x ordin.", "ln"
    );
    for (s, k) in KINDS.iter().enumerate() {
        let ratio = rate(s) / ordinary;
        println!(
            "{:<16} {:>8} {:>9} {:>10} {:>13.3} {:>9.2} {:>6.2}",
            format!("{k:?}"),
            played[s],
            legal_n[s],
            available[s],
            played[s] as f64 / available[s].max(1) as f64,
            ratio,
            ratio.ln()
        );
    }
}
