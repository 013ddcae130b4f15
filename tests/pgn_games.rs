//! The reader and writer over every real game in `../shared/data/games/` (the `.zst` files read
//! decompressed): every game is read without error, the number of games equals the number of
//! `[Event` lines, and read → write → read gives the same tree.

mod common;

use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::{Reader, SliceReader};

fn load(name: &str) -> Vec<u8> {
    common::game_file(name)
}

/// Reads every game of the file (decoded from whatever encoding it is in) and round-trips it.
/// `at_least` is a floor on the count, which itself must equal the file's `[Event` lines.
fn sweep(name: &str, at_least: usize) {
    let raw = load(name);
    let decoded = scoresheet::encoding::decode(&raw, None);
    assert!(!decoded.had_errors, "{name}: {}", decoded.encoding);
    let bytes = decoded.text.into_bytes();
    let expected = common::event_lines(&bytes);
    assert!(expected >= at_least, "{name}: {expected} [Event lines");
    let mut reader = SliceReader::new(&bytes).with_file_name(name);
    let mut builder = GameBuilder::default();
    let mut n = 0;
    while let Some(r) = reader.read_game(&mut builder) {
        let g = r.unwrap_or_else(|e| panic!("{e}"));
        n += 1;
        assert!(
            !g.mainline.moves.is_empty() || g.tag("Termination").is_some() || g.outcome.is_some(),
            "{name} game {n}"
        );
        common::assert_round_trip(&g, &format!("{name} game {n}"));
    }
    assert_eq!(n, expected, "{name}: games read");
}

#[test]
fn lichess_2017_01_sample() {
    sweep("lichess-2017-01-sample.pgn", 5553);
}

#[test]
fn lichess_2025_05_sample() {
    sweep("lichess-2025-05-sample.pgn", 438);
}

#[test]
fn twic1599_sample() {
    sweep("twic1599-sample.pgn", 1110);
}

#[test]
fn otb_classics_crlf() {
    let bytes = load("otb-classics.pgn.zst");
    assert!(
        bytes.windows(2).any(|w| w == b"\r\n"),
        "CRLF line ends expected"
    );
    // Not UTF-8: Latin-1 names (Windows-1252 and -1250 agree on them).
    assert!(std::str::from_utf8(&bytes).is_err());
    sweep("otb-classics.pgn.zst", 16339);
}

#[test]
fn lichess_carlsen() {
    sweep("lichess-carlsen.pgn.zst", 10024);
}

#[test]
fn lichess_players() {
    // The data README says 37,370; the file has 37,221 `[Event` lines.
    sweep("lichess-players.pgn.zst", 37221);
}

#[test]
fn streaming_reader_agrees_with_the_slice_reader() {
    let bytes = load("twic1599-sample.pgn");
    let mut stream = Reader::new(&bytes[..]);
    let mut fast = SliceReader::new(&bytes);
    let (mut b1, mut b2) = (GameBuilder::default(), GameBuilder::default());
    let mut n = 0;
    while let Some(a) = stream.read_game(&mut b1) {
        let b = fast.read_game(&mut b2).expect("same number of games");
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a, b);
        assert_eq!(a.at, b.at);
        n += 1;
    }
    assert!(fast.read_game(&mut b2).is_none());
    assert_eq!(n, 1110);
}
