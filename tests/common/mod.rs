//! Helpers shared by the PGN and bulk tests.
#![allow(dead_code)]

use compact_str::CompactString;
use scoresheet::pgn::writer::export_tags;
use scoresheet::pgn::{write_game, Game, Outcome};
use std::path::{Path, PathBuf};

pub fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(rel)
}

/// The bytes of `../shared/data/games/NAME`, decompressed when it is a `.zst` file.
pub fn game_file(name: &str) -> Vec<u8> {
    use std::io::Read;
    let path = data("games").join(name);
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if name.ends_with(".zst") {
        let mut out = Vec::new();
        zstd::stream::read::Decoder::new(&raw[..])
            .and_then(|mut d| d.read_to_end(&mut out))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        out
    } else {
        raw
    }
}

pub fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}

/// Lines that open a game with an Event tag.
pub fn event_lines(text: &[u8]) -> usize {
    text.split(|&b| b == b'\n' || b == b'\r')
        .filter(|l| {
            let l = l.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(l);
            l.trim_ascii_start().starts_with(b"[Event ")
        })
        .count()
}

/// The game as the writer promises to give it back: tags in export order, result consistent.
pub fn exported(g: &Game) -> Game {
    let tags: Vec<(CompactString, CompactString)> = export_tags(g)
        .into_iter()
        .map(|(n, v)| (n.into(), v.into()))
        .collect();
    let outcome = tags
        .iter()
        .find(|(n, _)| n == "Result")
        .and_then(|(_, v)| Outcome::from_token(v));
    Game {
        tags,
        outcome,
        ..g.clone()
    }
}

pub fn assert_round_trip(g: &Game, what: &str) {
    let out = write_game(g);
    for line in out.lines() {
        assert!(
            line.chars().count() < 80 || !line.contains(' ') || line.starts_with('['),
            "{what}: long line {line:?}"
        );
    }
    let again: Vec<_> = Game::read_all(out.as_bytes());
    assert_eq!(again.len(), 1, "{what}: wrote\n{out}");
    let again = again
        .into_iter()
        .next()
        .unwrap()
        .unwrap_or_else(|e| panic!("{what}: {e}\n{out}"));
    assert_eq!(again, exported(g), "{what}: wrote\n{out}");
    // The export format is a fixed point.
    assert_eq!(write_game(&again), out, "{what}");
}

/// A scratch directory under the system's temp dir, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// `scoresheet-{tag}-{pid}`, created.
    pub fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("scoresheet-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every legal move cozy-chess (the differential tests' oracle) knows in `board`.
pub fn cozy_moves(board: &cozy_chess::Board) -> Vec<cozy_chess::Move> {
    let mut out = Vec::new();
    board.generate_moves(|moves| {
        out.extend(moves);
        false
    });
    out
}

/// Runs the `scoresheet` binary with `args`: its exit code (-1 if killed), stdout and stderr.
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .output()
        .expect("the scoresheet binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
