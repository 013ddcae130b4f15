//! The PGN readers on arbitrary bytes: never panic, the slice and streaming readers agree, and
//! a game that reads writes back to text that reads to the same game.
#![no_main]
use libfuzzer_sys::fuzz_target;
use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::{write_game, Game, Reader};

fuzz_target!(|data: &[u8]| {
    let from_slice = Game::read_all(data);
    let mut reader = Reader::new(data);
    let mut builder = GameBuilder::default();
    let mut from_stream = Vec::new();
    while let Some(g) = reader.read_game(&mut builder) {
        from_stream.push(g);
    }
    assert_eq!(from_slice.len(), from_stream.len());
    for (a, b) in from_slice.iter().zip(&from_stream) {
        assert_eq!(a.is_ok(), b.is_ok());
    }
    for game in from_slice.into_iter().flatten() {
        // The export adds the Seven Tag Roster's placeholders, so the tree that comes back may
        // have more tags; the movetext must survive, and writing again must change nothing.
        let text = write_game(&game);
        let again = Game::read_all(text.as_bytes());
        assert_eq!(again.len(), 1, "{text}");
        let again = again
            .into_iter()
            .next()
            .and_then(Result::ok)
            .expect("written PGN reads");
        assert_eq!(again.mainline, game.mainline, "{text}");
        assert_eq!(write_game(&again), text);
    }
});
