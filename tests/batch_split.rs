//! The game splitter against the real databases in ../shared/data/games/: every `[Event`
//! section becomes exactly one game, byte for byte, compressed or not, its batch read into the
//! buffers of the batches before it.

use scoresheet::batch::{open_input, GameSplitter, Input};
use std::io::Read;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/games")
        .join(name)
}

fn count_event_lines(bytes: &[u8]) -> usize {
    bytes
        .split(|&b| b == b'\n' || b == b'\r')
        .filter(|l| l.starts_with(b"[Event "))
        .count()
}

#[test]
fn every_event_section_of_every_database_is_one_game() {
    let files = [
        "lichess-2017-01-sample.pgn",
        "lichess-2025-05-sample.pgn",
        "twic1599-sample.pgn",
        "otb-classics.pgn.zst",
        "lichess-carlsen.pgn.zst",
        "lichess-players.pgn.zst",
    ];
    for name in files {
        let input = Input::Path(data(name));
        let mut all = Vec::new();
        open_input(&input)
            .unwrap()
            .reader
            .read_to_end(&mut all)
            .unwrap();
        let expected = count_event_lines(&all);
        assert!(expected > 400, "{name}: {expected}");
        let mut splitter = GameSplitter::new(open_input(&input).unwrap().reader);
        let (mut games, mut bytes, mut next_index) = (0, 0, 0);
        while let Some(batch) = splitter.next_batch(1 << 20).unwrap() {
            for g in &batch.games {
                assert_eq!(g.index, next_index);
                assert_eq!(
                    g.byte_offset as usize, bytes,
                    "{name}: game {} starts where the last ended",
                    g.index
                );
                assert!(
                    batch.bytes(g).starts_with(b"[Event "),
                    "{name}: game {} at line {}",
                    g.index,
                    g.line
                );
                assert!(
                    batch.bytes(g) == &all[bytes..bytes + g.range.len()],
                    "{name}: game {} is not the input's bytes",
                    g.index
                );
                next_index += 1;
                bytes += g.range.len();
            }
            games += batch.games.len();
            // The buffers go back as the bulk engine gives them back: read into again.
            splitter.give_back(batch.data);
        }
        assert_eq!(games, expected, "{name}");
        let trailing = &all[bytes..];
        assert!(
            trailing.iter().all(u8::is_ascii_whitespace),
            "{name}: bytes lost at the end"
        );
    }
}
