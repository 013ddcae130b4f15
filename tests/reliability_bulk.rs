//! A file of 1 GiB, generated on the fly, through `batch::check` in bounded memory: the real games
//! of `twic1599-sample.pgn` written again and again, with an illegal game after every copy.
//! Every game is counted (`games == copies × 1,111`, the illegal ones reported as errors), and
//! the process's peak resident memory (`VmHWM` of `/proc/self/status`) stays under 256 MiB
//! although the file is four times that.
//!
//! Alone in its test binary, so that the peak is this test's:
//! `cargo test --release --test reliability_bulk -- --ignored --nocapture`.

use scoresheet::batch::{check, CheckOptions, Input};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

const TARGET_BYTES: u64 = 1 << 30;
const MAX_PEAK_KIB: u64 = 256 * 1024;

/// `VmHWM` (peak resident set) of this process, in KiB.
fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM line")
}

struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes copies of `sample` (each followed by one illegal game) until `TARGET_BYTES`; returns
/// the number of copies.
fn generate(path: &Path, sample: &[u8]) -> u64 {
    let illegal = b"[Event \"illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path).unwrap());
    let mut written = 0u64;
    let mut copies = 0;
    while written < TARGET_BYTES {
        out.write_all(sample).unwrap();
        out.write_all(b"\n\n").unwrap();
        out.write_all(illegal).unwrap();
        written += (sample.len() + 2 + illegal.len()) as u64;
        copies += 1;
    }
    out.flush().unwrap();
    copies
}

#[test]
#[ignore = "writes and checks a 1 GiB file: run alone with --release -- --ignored"]
fn one_gigabyte_is_checked_in_bounded_memory() {
    let sample = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/games/twic1599-sample.pgn"),
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("scoresheet-1gb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scratch = Scratch(dir);
    let path = scratch.0.join("big.pgn");
    let started = Instant::now();
    let copies = generate(&path, &sample);
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size >= TARGET_BYTES, "{size}");
    let generated = started.elapsed();
    let before = peak_rss_kib();
    let started = Instant::now();
    let mut report = CountingSink::default();
    let summary = check(
        &[Input::Path(path)],
        &CheckOptions::default(),
        &mut report,
        &mut std::io::sink(),
    )
    .unwrap();
    let took = started.elapsed();
    let peak = peak_rss_kib();
    eprintln!(
        "{size} bytes, {copies} copies: generated in {:.1} s; check: {} games in {:.1} s \
         ({:.0} MB/s), {} report lines; peak RSS {} KiB before, {} KiB after",
        generated.as_secs_f64(),
        summary.games,
        took.as_secs_f64(),
        size as f64 / took.as_secs_f64() / 1e6,
        report.lines,
        before,
        peak
    );
    assert_eq!(summary.games, copies * 1111);
    assert_eq!(summary.errors, copies);
    assert_eq!(summary.ok, copies * 1110);
    assert!(summary.failed_inputs.is_empty());
    // Text mode writes one line per game with an error, nothing for a legal game.
    assert_eq!(report.lines, copies);
    assert!(peak < MAX_PEAK_KIB, "peak RSS {peak} KiB");
}

/// Counts report lines without keeping them.
#[derive(Default)]
struct CountingSink {
    lines: u64,
}

impl Write for CountingSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.lines += buf.iter().filter(|&&b| b == b'\n').count() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
