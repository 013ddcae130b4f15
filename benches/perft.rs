//! Perft speed: the start position and Kiwipete, single-threaded, bulk counting at the leaves.
//! Run with `cargo bench --bench perft`; criterion reports time per iteration, and the
//! throughput line reports nodes per second (elements/s).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use scoresheet::board::{perft, Position};
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let cases = [
        ("startpos", Position::new(), 5, 4_865_609u64),
        ("startpos", Position::new(), 6, 119_060_324),
        (
            "kiwipete",
            Position::from_fen(KIWIPETE).expect("valid FEN"),
            4,
            4_085_603,
        ),
        (
            "kiwipete",
            Position::from_fen(KIWIPETE).expect("valid FEN"),
            5,
            193_690_690,
        ),
    ];
    for (name, pos, depth, nodes) in cases {
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| {
                let n = perft(black_box(pos), depth);
                assert_eq!(n, nodes);
                n
            })
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let pos = Position::from_fen(KIWIPETE).expect("valid FEN");
    let mut list = scoresheet::board::MoveList::new();
    c.bench_function("legal_moves/kiwipete", |b| {
        b.iter(|| {
            black_box(&pos).legal_moves(&mut list);
            list.len()
        })
    });
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);
