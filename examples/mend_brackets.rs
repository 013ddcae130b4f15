//! How often `check --repair` gets back the game when a `}` or `)` was never written: each game
//! of a PGN file with comments or variations, one of its closing brackets taken out (a seeded
//! choice); where that leaves a syntax error (often a later bracket closes it instead, and the
//! game reads, wrongly but silently), read again by `batch::read_mended_game`; counts the games
//! whose mainline (words, comments, variations) comes back as it was. The file must be UTF-8.
//!
//! ```text
//! cargo run --release --example mend_brackets -- ../shared/data/games/lichess-2025-05-sample.pgn
//! ```
use scoresheet::batch::read_mended_game;
use scoresheet::notation::sheet::FromLetters;
use scoresheet::pgn::{Game, Location, SliceReader};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: mend_brackets FILE.pgn");
        return;
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mend_brackets: {path}: {e}");
            return;
        }
    };
    let auto = FromLetters::Auto(Vec::new());
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let (mut tried, mut read, mut same) = ([0u32; 2], [0u32; 2], [0u32; 2]);
    let mut reader = SliceReader::new(text.as_bytes());
    let mut builder = scoresheet::pgn::game::GameBuilder::default();
    while let Some(r) = reader.read_game(&mut builder) {
        let (Ok(game), Some((slice, _))) = (r, reader.last_game()) else {
            continue;
        };
        let closers: Vec<usize> = slice.match_indices(['}', ')']).map(|(i, _)| i).collect();
        if closers.is_empty() {
            continue;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let cut = closers[(seed >> 33) as usize % closers.len()];
        let kind = usize::from(slice.as_bytes()[cut] == b')');
        let mut broken = slice.to_owned();
        broken.remove(cut);
        if Game::read_all(broken.as_bytes())
            .first()
            .is_some_and(Result::is_ok)
        {
            continue; // another bracket closes it: no syntax error to mend
        }
        tried[kind] += 1;
        let at = Location {
            offset: 0,
            line: 1,
            column: 1,
        };
        let Some(m) = read_mended_game(&broken, at, 1, &auto) else {
            continue;
        };
        read[kind] += 1;
        let words = |g: &Game| -> Vec<String> {
            g.mainline.moves.iter().map(|n| n.san.to_string()).collect()
        };
        if words(&m.game) == words(&game) && m.game.mainline == game.mainline {
            same[kind] += 1;
        }
    }
    for (k, name) in ["'}' left out", "')' left out"].iter().enumerate() {
        println!(
            "{name}: {} games with a syntax error, {} read again, {} exactly as written ({:.1} %)",
            tried[k],
            read[k],
            same[k],
            100.0 * f64::from(same[k]) / f64::from(tried[k].max(1))
        );
    }
}
