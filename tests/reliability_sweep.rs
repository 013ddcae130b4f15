//! Corpus sweep through the whole pipeline: every file of `../shared/data/games/` and
//! `../shared/data/parser-cases/` is read, replayed and written by `batch::clean`, and
//!
//! - the counts add up: the games `clean` reads are exactly the games our reader finds (forum
//!   delimiters such as a closing `[/pgn]` line included), and each is written or rejected
//!   (written = the games that replay without error);
//! - the written file reads back to exactly the games written, and each replays to the same moves
//!   (UCI) and the same ending as the original game did;
//! - cleaning the clean output again changes nothing, byte for byte.
//!
//! `tests/pgn_games.rs` and `tests/pgn_cases.rs` already check the reader's own write → read round
//! trip of the game tree; this sweep checks the moves through replay, `clean`'s writer (which
//! prints the moves again from the board) and the bulk engine. Everything runs with
//! every `cargo test` (CI included): the parser cases, the uncompressed samples and the three
//! large compressed databases.

mod common;

use scoresheet::batch::{clean, CleanOptions, CleanOutputs, Input, Options};
use scoresheet::encoding::decode;
use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::SliceReader;
use scoresheet::replay::{replay_game, ReplayOptions, Status};
use std::io::Read;
use std::path::{Path, PathBuf};

struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("scoresheet-sweep-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file's bytes, decompressed.
fn raw(path: &Path) -> Vec<u8> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if path.extension().is_some_and(|e| e == "zst") {
        let mut out = Vec::new();
        zstd::stream::read::Decoder::new(&bytes[..])
            .and_then(|mut d| d.read_to_end(&mut out))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out
    } else {
        bytes
    }
}

/// The moves and ending of one replayed game.
#[derive(Debug, PartialEq)]
struct Replayed {
    uci: Vec<String>,
    status: Status,
}

/// Every game of a PGN text, as our reader and replayer see it: `None` for a game that does not
/// read or replay.
fn replay_all(text: &[u8], name: &str) -> Vec<Option<Replayed>> {
    let opts = ReplayOptions::default();
    let mut reader = SliceReader::new(text).with_file_name(name);
    let mut builder = GameBuilder::default();
    let mut out = Vec::new();
    while let Some(read) = reader.read_game(&mut builder) {
        out.push(read.ok().and_then(|g| {
            let r = replay_game(&g, &opts);
            r.error.is_none().then_some(Replayed {
                uci: r.uci,
                status: r.status,
            })
        }));
    }
    out
}

fn clean_to(input: Input, out: &Path) -> scoresheet::batch::CleanReport {
    let options = CleanOptions {
        engine: Options {
            threads: 2,
            batch_bytes: 1 << 16,
        },
        ..CleanOptions::default()
    };
    let outputs = CleanOutputs::new(out.to_path_buf(), None);
    let report = clean(&[input], &outputs, &options).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.balanced(), "{report:?}");
    report
}

/// What one file contributed.
#[derive(Debug, Default)]
struct Swept {
    files: usize,
    read: u64,
    written: u64,
    rejected: u64,
    plies: usize,
}

/// Sweeps one file; adds to `total`.
fn sweep(path: &Path, scratch: &Path, total: &mut Swept) {
    let name = path.display().to_string();
    let bytes = raw(path);
    // The reference: the file decoded as a whole, read and replayed game by game.
    let decoded = decode(&bytes, None);
    let original = replay_all(decoded.text.as_bytes(), &name);
    let out = scratch.join("out.pgn");
    let report = clean_to(Input::Path(path.to_path_buf()), &out);
    // The bulk splitter and the reader agree on where games are.
    assert_eq!(report.read, original.len() as u64, "{name}: games read");
    let kept: Vec<&Replayed> = original.iter().flatten().collect();
    assert_eq!(
        report.written,
        kept.len() as u64,
        "{name}: games written vs games that replay; {:?}",
        report.errors_by_kind
    );
    // Written → read: the same games, the same moves, the same ending.
    let written = std::fs::read(&out).unwrap();
    let again = replay_all(&written, "out.pgn");
    assert_eq!(again.len(), kept.len(), "{name}: games in the clean output");
    for (i, (before, after)) in kept.iter().zip(&again).enumerate() {
        let after = after
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: written game {} does not replay", i + 1));
        assert_eq!(*before, after, "{name}: written game {}", i + 1);
        total.plies += after.uci.len();
    }
    // Cleaning the clean output is the identity.
    let out2 = scratch.join("out2.pgn");
    let report2 = clean_to(Input::Path(out.clone()), &out2);
    assert_eq!(
        (report2.read, report2.written, report2.rejected),
        (report.written, report.written, 0),
        "{name}: second clean"
    );
    assert!(
        std::fs::read(&out2).unwrap() == written,
        "{name}: cleaning the clean output changed it"
    );
    total.files += 1;
    total.read += report.read;
    total.written += report.written;
    total.rejected += report.rejected;
}

fn games(name: &str) -> PathBuf {
    common::data("games").join(name)
}

#[test]
fn parser_cases_survive_read_replay_write() {
    let scratch = Scratch::new("cases");
    let mut files = Vec::new();
    common::pgn_files(&common::data("parser-cases"), &mut files);
    let mut total = Swept::default();
    for path in &files {
        sweep(path, &scratch.0, &mut total);
    }
    eprintln!("parser-cases: {total:?}");
    assert_eq!(total.files, files.len());
    assert!(total.files > 600, "{total:?}");
    // Most odd PGN still holds legal games; some is broken on purpose and is rejected.
    assert!(total.written > 900 && total.rejected > 0, "{total:?}");
}

#[test]
fn uncompressed_game_samples_survive_read_replay_write() {
    let scratch = Scratch::new("samples");
    let mut total = Swept::default();
    for name in [
        "lichess-2017-01-sample.pgn",
        "lichess-2025-05-sample.pgn",
        "twic1599-sample.pgn",
    ] {
        sweep(&games(name), &scratch.0, &mut total);
    }
    eprintln!("game samples: {total:?}");
    assert_eq!(total.read, 5553 + 438 + 1110);
    assert_eq!(total.written, total.read);
    assert!(total.plies > 450_000, "{total:?}");
}

#[test]
fn compressed_databases_survive_read_replay_write() {
    let scratch = Scratch::new("zst");
    let mut total = Swept::default();
    for name in [
        "otb-classics.pgn.zst",
        "lichess-carlsen.pgn.zst",
        "lichess-players.pgn.zst",
    ] {
        sweep(&games(name), &scratch.0, &mut total);
    }
    eprintln!("compressed databases: {total:?}");
    assert_eq!(total.read, 16_339 + 10_024 + 37_221);
    // Only the variant games of lichess-players are rejected.
    assert!(total.rejected > 0 && total.rejected < 1000, "{total:?}");
    assert!(total.plies > 4_000_000, "{total:?}");
}
