//! PGN throughput on `../shared/data/games/lichess-2017-01-sample.pgn` (5,553 games, 4.9 MB):
//! splitting, lexing, reading with a visitor that keeps nothing (the bulk path, no allocation per
//! game), and building `Game` trees. Bytes/s from the `bytes` group, games/s from `games`.
//!
//! Run: `cargo bench --bench pgn`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use logos::Logos;
use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::lexer::Token;
use scoresheet::pgn::split::sections;
use scoresheet::pgn::{Location, SliceReader, Visitor};
use std::hint::black_box;
use std::path::Path;

/// Counts what it sees and keeps nothing.
#[derive(Default)]
struct Count {
    moves: u64,
}

impl Visitor for Count {
    type Output = u64;
    fn san(&mut self, _san: &str, _at: Location) {
        self.moves += 1;
    }
    fn end_game(&mut self) -> u64 {
        self.moves
    }
}

fn load() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/games/lichess-2017-01-sample.pgn");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_all(bytes: &[u8]) -> u64 {
    let mut r = SliceReader::new(bytes);
    let mut v = Count::default();
    let mut games = 0;
    while let Some(g) = r.read_game(&mut v) {
        if g.is_ok() {
            games += 1;
        }
    }
    black_box(v.moves);
    games
}

fn bench(c: &mut Criterion) {
    let bytes = load();
    let text = std::str::from_utf8(&bytes).expect("UTF-8 sample");
    let games = read_all(&bytes);
    assert_eq!(games, 5553);

    let mut g = c.benchmark_group("bytes");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.sample_size(20);
    g.bench_function("split", |b| b.iter(|| sections(black_box(&bytes)).count()));
    g.bench_function("lex", |b| {
        b.iter(|| Token::lexer(black_box(text)).filter(|t| t.is_ok()).count())
    });
    g.bench_function("read (visitor)", |b| b.iter(|| read_all(black_box(&bytes))));
    g.finish();

    let mut g = c.benchmark_group("games");
    g.throughput(Throughput::Elements(games));
    g.sample_size(20);
    g.bench_function("read (visitor)", |b| b.iter(|| read_all(black_box(&bytes))));
    g.bench_function("read (Game tree)", |b| {
        b.iter(|| {
            let mut r = SliceReader::new(black_box(&bytes));
            let mut builder = GameBuilder::default();
            std::iter::from_fn(|| r.read_game(&mut builder)).count()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
