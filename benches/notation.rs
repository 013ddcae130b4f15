//! Parse + resolve throughput on real games (moves per second).
//!
//! The games are the lichess 2017-01 sample in `../shared/data/games/`. The PGN reader is another
//! module's job, so a tiny tokenizer here strips tags, comments, move numbers, NAGs and results.
//! Three workloads, each replaying every game from the start:
//! - `san_en`: the SAN as written, English letters;
//! - `fide_cs`: the same games printed first in Czech FIDE short form (`Jf3`, `exd6 e.p.`, `0-0`);
//! - `long_hr`: Croatian long form with hyphens (`Sg1-f3`).
//!
//! Run with `cargo bench --bench notation`; the throughput line is moves per second (elements/s).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use scoresheet::board::Position;
use scoresheet::notation::{move_to_string, LetterSet, Policy, PrintOptions, Style, WrittenMove};
use std::hint::black_box;

const MAX_GAMES: usize = 2000;

/// SAN tokens per game: no tags, comments, move numbers, NAGs or results.
fn tokenize(pgn: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut depth = 0usize;
    for line in pgn.lines() {
        if depth == 0 && line.starts_with('[') {
            if !current.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            continue;
        }
        for word in line.split_whitespace() {
            if depth > 0 || word.starts_with('{') {
                depth += word.matches('{').count();
                depth -= word.matches('}').count().min(depth);
                continue;
            }
            if word.starts_with('$') || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                continue;
            }
            // A move number, alone or glued to the move (`12.`, `12...`, `1.e4`).
            let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
            let word = match digits.strip_prefix('.') {
                Some(rest) => rest.trim_start_matches('.'),
                None => word,
            };
            if word.is_empty() {
                continue;
            }
            current.push(word.to_owned());
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games.truncate(MAX_GAMES);
    games
}

/// Replays every game; returns the number of moves read.
fn replay(games: &[Vec<String>], letters: &LetterSet) -> usize {
    let mut n = 0;
    for game in games {
        let mut pos = Position::new();
        for token in game {
            let Ok(w) = WrittenMove::parse(token, letters) else {
                break;
            };
            let Ok(r) = w.resolve(&pos, Policy::Lenient) else {
                break;
            };
            pos.play(&r.mv);
            n += 1;
        }
    }
    n
}

/// The same games written in another letter set and style.
fn translate(games: &[Vec<String>], letters: &LetterSet, style: Style) -> Vec<Vec<String>> {
    let en = LetterSet::english();
    games
        .iter()
        .map(|game| {
            let mut pos = Position::new();
            let mut out = Vec::new();
            for token in game {
                let Ok(r) = WrittenMove::parse(token, en).and_then(|w| {
                    w.resolve(&pos, Policy::Lenient)
                        .map_err(|_| scoresheet::notation::ParseError::Empty)
                }) else {
                    break;
                };
                out.push(move_to_string(
                    &pos,
                    &r.mv,
                    letters,
                    &PrintOptions::new(style),
                ));
                pos.play(&r.mv);
            }
            out
        })
        .collect()
}

fn bench_notation(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/games/lichess-2017-01-sample.pgn"
    );
    let Ok(pgn) = std::fs::read_to_string(path) else {
        eprintln!("{path} missing; skipping the notation benchmark");
        return;
    };
    let games = tokenize(&pgn);
    let en = LetterSet::english();
    let cs = LetterSet::by_code("cs").expect("cs letters");
    let hr = LetterSet::by_code("hr").expect("hr letters");
    let workloads = [
        ("san_en", games.clone(), en),
        ("fide_cs", translate(&games, cs, Style::Fide), cs),
        ("long_hr", translate(&games, hr, Style::LongHyphen), hr),
    ];
    let mut group = c.benchmark_group("parse+resolve");
    group.sample_size(10);
    for (name, games, letters) in &workloads {
        let moves = replay(games, letters);
        let total: usize = games.iter().map(Vec::len).sum();
        assert_eq!(moves, total, "{name}: every move must resolve");
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_function(*name, |b| b.iter(|| replay(black_box(games), letters)));
    }
    group.finish();
}

criterion_group!(benches, bench_notation);
criterion_main!(benches);
