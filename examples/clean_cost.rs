//! What a clean sheet costs `repair` against reading it, in instructions (the machines are
//! shared; instruction counts do not move with their load): the noise bench's first 100 games
//! (`twic1599-sample.pgn`) as clean Czech sheets, either read by the notation reader
//! (`notation::sheet::read_game`, what `scoresheet convert` does) or repaired. Count each run and
//! take away the run that does neither:
//!
//! ```text
//! cargo build --release --example clean_cost
//! for w in none read repair; do
//!   valgrind --tool=cachegrind --cache-sim=no target/release/examples/clean_cost $w 2>&1 | grep 'I *refs'
//! done
//! ```
//!
//! The noise bench times the same comparison (`cargo bench --bench noise -- --case 101`).
use scoresheet::notation::sheet::{read_game, read_sheet, FromLetters};
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, Costs, MoveReader, RepairOptions, Sheet};

#[allow(dead_code)]
#[path = "../benches/noise.rs"]
mod noise;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let Some(pgn) = noise::sample_pgn("clean_cost") else {
        return;
    };
    let Some(cs) = LetterSet::by_code("cs") else {
        return;
    };
    let en = MoveReader::new(LetterSet::english(), Costs::standard());
    let czech = MoveReader::new(cs, Costs::standard());
    let sheets: Vec<String> = noise::san_games(&pgn)
        .iter()
        .filter_map(|g| noise::replay(g, &en))
        .filter(|g| g.len() >= 20)
        .take(100)
        .map(|moves| noise::sheet_text(&noise::czech_words(&moves, &czech)))
        .collect();
    // The setup freed many small blocks; the allocator merges them at the next large request.
    // Make that request here, in every run (the one doing neither too), so that neither
    // reading nor repairing is charged for the setup's garbage.
    drop(std::hint::black_box(Vec::<u8>::with_capacity(4096)));
    let mut plies = 0usize;
    match what.as_str() {
        "read" => {
            for s in &sheets {
                let games = read_sheet(s);
                if let Some(g) = games
                    .first()
                    .and_then(|g| read_game(g, "-", &FromLetters::Set(cs.clone())).ok())
                {
                    plies += g.moves.len();
                }
            }
        }
        "repair" => {
            let options = RepairOptions::new(cs);
            for s in &sheets {
                let r = repair(&Sheet::read(s), &options);
                if r.corrections.is_empty() {
                    plies += r.moves.len();
                }
            }
        }
        _ => {}
    }
    eprintln!(
        "{what}: {} sheets, {plies} plies read without a correction",
        sheets.len()
    );
}
