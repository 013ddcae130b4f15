//! The reader against odd PGN seen in the wild (`../shared/data/parser-cases/`): every file reads
//! without panic, every game is accounted for (read, or reported with its location), and every
//! game that reads writes back to the same tree.

mod common;

use common::{assert_round_trip, data, event_lines, pgn_files};
use scoresheet::pgn::{Game, Reader, SliceReader};

#[test]
fn every_parser_case_is_read_and_accounted_for() {
    let mut files = Vec::new();
    pgn_files(&data("parser-cases"), &mut files);
    assert!(files.len() > 600, "parser-cases has {} files", files.len());
    let (mut games, mut errors) = (0, 0);
    for path in &files {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).unwrap();
        let results = Game::read_all(&bytes);
        let events = event_lines(&bytes);
        if events > 0 {
            assert_eq!(results.len(), events, "{name}: games read vs [Event lines");
        } else if bytes.iter().any(|b| !b.is_ascii_whitespace()) {
            assert!(!results.is_empty(), "{name}: no game");
        }
        for (i, r) in results.iter().enumerate() {
            match r {
                Ok(g) => {
                    games += 1;
                    assert_round_trip(g, &format!("{name} game {}", i + 1));
                }
                Err(e) => {
                    errors += 1;
                    assert_eq!(e.game, i as u64 + 1, "{name}");
                    assert!(e.at.line >= 1 && e.at.column >= 1);
                    eprintln!("reported: {name}: {e}");
                }
            }
        }
        // The streaming reader, fed a few bytes at a time, agrees with the fast path.
        let mut stream = Reader::new(Trickle(&bytes[..]));
        let mut fast = SliceReader::new(&bytes);
        let mut b1 = scoresheet::pgn::game::GameBuilder::default();
        let mut b2 = scoresheet::pgn::game::GameBuilder::default();
        loop {
            let (a, b) = (stream.read_game(&mut b1), fast.read_game(&mut b2));
            match (a, b) {
                (None, None) => break,
                (Some(Ok(a)), Some(Ok(b))) => {
                    assert_eq!(a, b, "{name}");
                    assert_eq!(a.at, b.at, "{name}");
                }
                (Some(Err(a)), Some(Err(b))) => assert_eq!(a, b, "{name}"),
                (a, b) => panic!("{name}: stream {a:?} vs slice {b:?}"),
            }
        }
    }
    eprintln!(
        "{} files, {games} games read, {errors} reported",
        files.len()
    );
    assert!(games > 700);
}

/// A reader that hands out at most 7 bytes per call.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(buf.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
