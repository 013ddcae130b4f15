//! `repair` on arbitrary text as a scoresheet, in a letter set chosen by the first byte, with a
//! small beam: never panics, ends, and the game it returns is legal from the start position.
//! The same text read as PGN: the repaired game (`batch::repaired_game`) replays without a
//! move error, variations included, and keeps every comment of the mainline.
#![no_main]
use libfuzzer_sys::fuzz_target;
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, repair_two, RepairOptions, Sheet};

/// Longer inputs only make runs slower: a sheet of 2 KB already holds a full game.
const MAX_INPUT: usize = 2048;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    if rest.len() > MAX_INPUT {
        return;
    }
    let text = String::from_utf8_lossy(rest);
    let all = LetterSet::all();
    let Some(letters) = all.get(usize::from(first >> 1) % all.len().max(1)) else {
        return;
    };
    let mut options = RepairOptions::new(letters);
    options.beam = 4;
    let check = |r: &scoresheet::reconstruct::Repair| {
        let mut pos = r.start.clone();
        for mv in &r.moves {
            assert!(pos.is_legal(mv), "repair returned an illegal move");
            pos.play(mv);
        }
        assert_eq!(r.uci.len(), r.moves.len());
        assert_eq!(r.san.len(), r.moves.len());
        assert!(r.cost >= 0.0, "negative cost {}", r.cost);
    };
    if first & 1 == 1 {
        // Two sheets of the same game: the text split at its first '|'.
        let (a, b) = text.split_once('|').unwrap_or((&text, ""));
        check(&repair_two(&Sheet::read(a), &Sheet::read(b), &options));
    } else {
        check(&repair(&Sheet::read(&text), &options));
    }
    if let Some(Ok(game)) = scoresheet::pgn::Game::read_all(rest).into_iter().next() {
        let policy = scoresheet::batch::RepairPolicy {
            beam: 4,
            ..Default::default()
        };
        let from = scoresheet::notation::sheet::FromLetters::Auto(Vec::new());
        if let Ok(r) = scoresheet::batch::repair_game(&game, &from, &policy) {
            check(&r.repair);
            let (fixed, _) = scoresheet::batch::repaired_game(&game, &r.repair);
            let english = scoresheet::replay::ReplayOptions {
                from: scoresheet::notation::sheet::FromLetters::Set(LetterSet::english().clone()),
                ..Default::default()
            };
            let replay = scoresheet::replay::replay_game(&fixed, &english);
            if let Some(e) = replay.error {
                assert_eq!(e.ply, 0, "the repaired game fails at a move: {e:?}");
            }
            let kept: Vec<_> = fixed
                .mainline
                .comments
                .iter()
                .chain(fixed.mainline.moves.iter().flat_map(|n| n.comments.iter()))
                .collect();
            for c in game
                .mainline
                .comments
                .iter()
                .chain(game.mainline.moves.iter().flat_map(|n| n.comments.iter()))
            {
                assert!(
                    kept.iter().any(|k| k.contains(c.as_str())),
                    "comment {c:?} lost"
                );
            }
        }
    }
});
