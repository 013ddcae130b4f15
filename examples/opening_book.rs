//! Builds `grammars/opening-book.tsv`, the opening book of the invented-move prior: for each
//! position reached in the first plies of many games, how many of them played each move.
//!
//! Run: `cargo run --release --example opening_book > grammars/opening-book.tsv`. The games are
//! `otb-classics.pgn.zst` and `lichess-2017-01-sample.pgn` from `../shared/data/games/` — not the
//! TWIC games the noise bench corrupts and `invent_prior` fits on.

use scoresheet::board::Move;
use scoresheet::board::Position;
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{Costs, MoveReader};
use std::collections::HashMap;

#[allow(dead_code)]
#[path = "../benches/noise.rs"]
mod noise;

/// Plies of each game counted.
const PLIES: usize = 20;
/// A position is kept when this many games reached it.
const MIN_GAMES: u32 = 25;
/// A move is kept when this many of those games played it.
const MIN_MOVE: u32 = 2;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/games/");
    let mut texts = Vec::new();
    match std::fs::read(format!("{dir}otb-classics.pgn.zst")).map(|z| zstd::decode_all(&z[..])) {
        Ok(Ok(bytes)) => texts.push(String::from_utf8_lossy(&bytes).into_owned()),
        _ => eprintln!("opening_book: cannot read otb-classics.pgn.zst"),
    }
    match std::fs::read(format!("{dir}lichess-2017-01-sample.pgn")) {
        Ok(bytes) => texts.push(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) => eprintln!("opening_book: lichess-2017-01-sample.pgn: {e}"),
    }
    let reader = MoveReader::new(LetterSet::english(), Costs::standard());
    // Position (FEN without the move counters) -> move (UCI) -> games.
    let mut book: HashMap<String, HashMap<String, u32>> = HashMap::new();
    let mut games = 0;
    for text in &texts {
        for words in noise::san_games(text) {
            let head: Vec<String> = words.into_iter().take(PLIES).collect();
            let Some(moves) = noise::replay(&head, &reader) else {
                continue;
            };
            games += 1;
            let mut pos = Position::new();
            for m in &moves {
                let key = position_key(&pos);
                *book.entry(key).or_default().entry(uci(m)).or_default() += 1;
                pos.play(m);
            }
        }
    }
    let mut kept: Vec<Kept> = book
        .into_iter()
        .filter_map(|(fen, moves)| {
            let total: u32 = moves.values().sum();
            let mut moves: Vec<(String, u32)> =
                moves.into_iter().filter(|&(_, n)| n >= MIN_MOVE).collect();
            moves.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            (total >= MIN_GAMES).then_some((total, fen, moves))
        })
        .collect();
    kept.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    println!("# The opening book of the invented-move prior (scoresheet::reconstruct::Feature::BookShare):");
    println!("# for each position reached by at least {MIN_GAMES} of {games} games in their first {PLIES} plies");
    println!("# (otb-classics.pgn.zst and lichess-2017-01-sample.pgn), the FEN without its move counters, how");
    println!("# many games reached it, and the moves at least {MIN_MOVE} of them played (UCI) with their counts.");
    println!("# Written by `cargo run --release --example opening_book`.");
    for (total, fen, moves) in kept {
        let list: Vec<String> = moves.iter().map(|(m, n)| format!("{m} {n}")).collect();
        println!("{fen}\t{total}\t{}", list.join(" "));
    }
}

/// A position kept: how many games reached it, its key, and the moves they played.
type Kept = (u32, String, Vec<(String, u32)>);

fn position_key(pos: &Position) -> String {
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split(' ').take(4).collect();
    fields.join(" ")
}

fn uci(m: &Move) -> String {
    m.to_uci(false).to_string()
}
