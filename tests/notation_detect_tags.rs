//! Letter-set detection prefers the languages the game's tags point to when legality alone
//! cannot decide: `Se2` is Be2 in Czech and Ne2 in Croatian, both legal after 1. e4 e5.

use scoresheet::pgn::Game;
use scoresheet::replay::{replay_game, ErrorKind, ReplayOptions};

fn replay(pgn: &str) -> scoresheet::replay::Replay {
    let game = Game::read_all(pgn.as_bytes()).remove(0).unwrap();
    replay_game(&game, &ReplayOptions::default())
}

#[test]
fn without_a_hint_two_readings_are_reported_not_guessed() {
    let r = replay("1. e4 e5 2. Se2 *");
    let e = r.error.expect("two letter sets read the game differently");
    assert_eq!(e.kind, ErrorKind::AmbiguousLetters);
}

#[test]
fn the_site_federation_or_a_language_tag_settles_it() {
    let hr = replay("[Site \"Zagreb CRO\"]\n\n1. e4 e5 2. Se2 *");
    assert!(hr.error.is_none(), "{:?}", hr.error);
    assert_eq!(hr.letters, "hr");
    assert_eq!(hr.uci.last().map(String::as_str), Some("g1e2"));
    let cs = replay("[Site \"Praha CZE\"]\n\n1. e4 e5 2. Se2 *");
    assert_eq!(cs.letters, "cs");
    assert_eq!(cs.uci.last().map(String::as_str), Some("f1e2"));
    let sk = replay("[Language \"sk\"]\n[Site \"Zagreb CRO\"]\n\n1. e4 e5 2. Se2 *");
    assert_eq!(sk.letters, "sk");
}
