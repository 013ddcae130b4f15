//! Dead-position analysis speed (Laws 5.2.2 and 6.9), positions per second, single-threaded.
//!
//! - `real_games/is_dead`: positions from real games (every 4th position of the first 500 games of
//!   `../shared/data/games/lichess-2017-01-sample.pgn`, replayed with our board and notation
//!   modules): is the position dead? (what `check` asks after every move);
//! - `real_games/chasolver_reference`: the same question asked of chasolver directly, on boards
//!   converted beforehand — the reference speed;
//! - `real_games/flag_fall`: the same positions: can the side not to move still checkmate? (what a
//!   flag fall of the side to move asks);
//! - `labels/mateability`: every 24th row of `../shared/data/draws/helpmate-labels.tsv` — mostly
//!   hard constructed positions — both sides' verdicts.
//!
//! Run with `cargo bench --bench dead`; the throughput line is positions per second (elements/s).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use scoresheet::board::Position;
use scoresheet::laws::dead;
use scoresheet::notation::{LetterSet, Policy, WrittenMove};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

const GAMES: usize = 500;
const EVERY: usize = 4;

fn data(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// SAN tokens of each game: tags, comments, move numbers, NAGs and results removed.
fn san_games(pgn: &str) -> Vec<Vec<&str>> {
    let mut games = Vec::new();
    for block in pgn.split("\n\n") {
        let block = block.trim();
        if block.is_empty() || block.starts_with('[') {
            continue;
        }
        let mut depth = 0usize;
        let mut moves = Vec::new();
        for word in block.split_whitespace() {
            if depth > 0 || word.starts_with('{') {
                depth += word.matches('{').count();
                depth -= word.matches('}').count().min(depth);
                continue;
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if word.is_empty()
                || word.starts_with('$')
                || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
            {
                continue;
            }
            moves.push(word);
        }
        games.push(moves);
    }
    games
}

fn real_game_positions() -> Vec<Position> {
    let pgn = data("games/lichess-2017-01-sample.pgn");
    let en = LetterSet::english();
    let mut out = Vec::new();
    for game in san_games(&pgn).into_iter().take(GAMES) {
        let mut pos = Position::new();
        for (i, san) in game.iter().enumerate() {
            let resolved = WrittenMove::parse(san, en)
                .ok()
                .and_then(|w| w.resolve(&pos, Policy::Lenient).ok());
            let Some(m) = resolved else {
                break;
            };
            pos.play(&m.mv);
            if i % EVERY == 0 {
                out.push(pos.clone());
            }
        }
    }
    out
}

fn bench_real_games(c: &mut Criterion) {
    let positions = real_game_positions();
    let mut g = c.benchmark_group("real_games");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("is_dead", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter(|p| dead::is_dead_position(black_box(p)).unwrap_or(false))
                .count()
        })
    });
    // The reference: chasolver alone on boards converted beforehand (no simple rules, no
    // conversion), asking the same question as `is_dead`.
    let boards: Vec<chess::Board> = positions
        .iter()
        .map(|p| p.to_fen().parse().expect("the solver reads our FEN"))
        .collect();
    g.bench_function("chasolver_reference", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter(|&bd| {
                    let unwinnable = |c| {
                        chasolver::winnability(black_box(bd), c)
                            == Some(chasolver::Winnability::Unwinnable)
                    };
                    unwinnable(bd.side_to_move()) && unwinnable(!bd.side_to_move())
                })
                .count()
        })
    });
    g.bench_function("flag_fall", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter(|p| dead::can_checkmate(black_box(p), !p.turn()).unwrap_or(false))
                .count()
        })
    });
    g.finish();
}

fn bench_labels(c: &mut Criterion) {
    let text = data("draws/helpmate-labels.tsv");
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("label\t"))
        .filter_map(|l| l.split_once('\t'))
        .step_by(24)
        .filter_map(|(_, fen)| Position::from_fen(&format!("{fen} 0 1")).ok())
        .collect();
    let mut g = c.benchmark_group("labels");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    g.bench_function("mateability", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| dead::mateability(black_box(p)).ok())
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_real_games, bench_labels);
criterion_main!(benches);
