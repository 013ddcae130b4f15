//! Every input a fuzzer once found (fixtures/fuzz/<target>/) goes through that target's
//! properties again on every test run.

use scoresheet::pgn::{write_game, Game};
use std::path::Path;

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fuzz")
        .join(target);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        out.push((path.display().to_string(), std::fs::read(&path).unwrap()));
    }
    out.sort();
    out
}

#[test]
fn pgn_reader_inputs_round_trip() {
    let cases = inputs("pgn_reader");
    assert!(!cases.is_empty());
    for (name, bytes) in cases {
        for game in Game::read_all(&bytes).into_iter().flatten() {
            let text = write_game(&game);
            let again = Game::read_all(text.as_bytes());
            assert_eq!(again.len(), 1, "{name}: {text}");
            let again = again
                .into_iter()
                .next()
                .and_then(Result::ok)
                .expect("written PGN reads");
            assert_eq!(again.mainline, game.mainline, "{name}: {text}");
            assert_eq!(write_game(&again), text, "{name}");
        }
    }
}
