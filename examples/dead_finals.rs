//! What `check` spends on dead positions (Laws 5.2.2): the final positions of the decisive games
//! of a PGN file (those not ended by mate or stalemate), and the time `laws::dead::is_dead_position`
//! takes on them, best of several rounds. `check` asks exactly this after every decisive game.
//!
//! ```text
//! cargo build --release --example dead_finals
//! zstd -dc ../shared/data/games/otb-classics.pgn.zst > /tmp/otb.pgn
//! target/release/examples/dead_finals /tmp/otb.pgn [ROUNDS]
//! ```
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
}
