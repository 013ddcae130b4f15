//! The resource limits of the README's "Limits" section, each tested at its edge: the largest
//! input inside a limit is read, one byte (or one level) more is refused with its location, and
//! the game after a refused one is still read. Then a legal game of 10,000 plies through the
//! reader, the replayer, the writer and `check`.

use scoresheet::batch::{check, CheckOptions, Input, Options, MAX_GAME_BYTES};
use scoresheet::board::{Move, MoveList, Position};
use scoresheet::notation::{move_to_string, LetterSet, PrintOptions};
use scoresheet::pgn::lexer::LexLimits;
use scoresheet::pgn::{write_game, ErrorKind, Game, Limits, SliceReader};
use scoresheet::replay::{replay_game, ReplayOptions, Status};
use std::time::Instant;

fn read(bytes: &[u8]) -> Vec<Result<Game, scoresheet::pgn::PgnError>> {
    Game::read_all(bytes)
}

fn read_with(bytes: &[u8], limits: Limits) -> Vec<Result<Game, scoresheet::pgn::PgnError>> {
    let mut reader = SliceReader::with_limits(bytes, limits);
    let mut builder = scoresheet::pgn::game::GameBuilder::default();
    std::iter::from_fn(|| reader.read_game(&mut builder)).collect()
}

/// `1. e4` followed by `depth` nested variations, each replacing the previous one's first move
/// (`(1. d4 (1. d4 ...))`), then a second game.
fn nested(depth: usize) -> Vec<u8> {
    let mut pgn = b"[Event \"deep\"]\n\n1. e4 ".to_vec();
    for _ in 0..depth {
        pgn.extend(b"(1. d4 ");
    }
    for _ in 0..depth {
        pgn.extend(b") ");
    }
    pgn.extend(b"e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    pgn
}

fn variation_depth(g: &Game) -> usize {
    fn depth(line: &scoresheet::pgn::Line) -> usize {
        line.variations
            .iter()
            .map(|v| 1 + depth(v))
            .chain(
                line.moves
                    .iter()
                    .flat_map(|m| m.variations.iter().map(|v| 1 + depth(v))),
            )
            .max()
            .unwrap_or(0)
    }
    depth(&g.mainline)
}

#[test]
fn variations_nest_up_to_max_depth() {
    let max = Limits::default().max_depth;
    assert_eq!(max, 128);
    // At the limit: read, replayed (every variation too), written and read back the same.
    let r = read(&nested(max));
    assert_eq!(r.len(), 2);
    let g = r[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(variation_depth(g), max);
    let replay = replay_game(g, &ReplayOptions::default());
    assert!(replay.error.is_none(), "{:?}", replay.error);
    assert_eq!(replay.uci, ["e2e4", "e7e5"]);
    let text = write_game(g);
    let again = read(text.as_bytes()).remove(0).expect("written game reads");
    assert_eq!(again.mainline, g.mainline);
    // One level more: refused where the 129th bracket opens; the next game is read.
    let r = read(&nested(max + 1));
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooDeep { max });
    assert_eq!((e.at.line, e.at.column), (3, 7 + 7 * max as u32));
    assert_eq!(r[1].as_ref().unwrap().tag("Event"), Some("next"));
    // The limit is the caller's to set.
    let small = Limits {
        max_depth: 3,
        ..Limits::default()
    };
    assert!(read_with(&nested(3), small)[0].is_ok());
    assert_eq!(
        read_with(&nested(4), small)[0].as_ref().unwrap_err().kind,
        ErrorKind::TooDeep { max: 3 }
    );
}

#[test]
fn move_tokens_up_to_max_token_bytes() {
    let max = Limits::default().max_token_bytes;
    assert_eq!(max, 64);
    // A 64-byte token is read (and then refused by the replayer as no move); 65 bytes are not.
    let at_limit = format!(
        "1. e4 {} *\n\n[Event \"next\"]\n\n1. d4 *\n",
        "N".repeat(max)
    );
    let r = read(at_limit.as_bytes());
    let g = r[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.mainline.moves[1].san.len(), max);
    assert!(replay_game(g, &ReplayOptions::default()).error.is_some());
    let over = format!(
        "1. e4 {} *\n\n[Event \"next\"]\n\n1. d4 *\n",
        "N".repeat(max + 1)
    );
    let r = read(over.as_bytes());
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::TokenTooLong { max });
    assert_eq!((e.at.line, e.at.column), (1, 7));
    assert!(r[1].is_ok());
}

#[test]
fn written_moves_up_to_max_move_len() {
    use scoresheet::notation::written::MAX_MOVE_LEN;
    use scoresheet::notation::{ParseError, WrittenMove};
    assert_eq!(MAX_MOVE_LEN, 64);
    let english = LetterSet::english();
    // `e4` and 62 annotation marks: the longest text the move parser looks at.
    let at_limit = format!("e4{}", "!".repeat(MAX_MOVE_LEN - 2));
    assert!(!matches!(
        WrittenMove::parse(&at_limit, english),
        Err(ParseError::TooLong(_))
    ));
    let over = format!("e4{}", "!".repeat(MAX_MOVE_LEN - 1));
    assert_eq!(
        WrittenMove::parse(&over, english).err(),
        Some(ParseError::TooLong(MAX_MOVE_LEN + 1))
    );
}

#[test]
fn comments_up_to_max_comment_bytes() {
    let max = LexLimits::default().max_comment_bytes;
    assert_eq!(max, 1 << 20);
    let game = |body: usize, brace: bool| {
        let mut pgn = b"1. e4 ".to_vec();
        if brace {
            pgn.push(b'{');
            pgn.resize(pgn.len() + body, b'x');
            pgn.extend(b"} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
        } else {
            pgn.push(b';');
            pgn.resize(pgn.len() + body, b'x');
            pgn.extend(b"\ne5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
        }
        pgn
    };
    // Brace comments: the text between the braces; line comments: `;` and its text.
    for (brace, at_limit) in [(true, max), (false, max - 1)] {
        let r = read(&game(at_limit, brace));
        let g = r[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.mainline.moves.len(), 2);
        assert_eq!(g.mainline.moves[0].comments[0].len(), at_limit);
        let r = read(&game(at_limit + 1, brace));
        assert_eq!(r.len(), 2, "brace {brace}");
        let e = r[0].as_ref().unwrap_err();
        assert_eq!(e.kind, ErrorKind::CommentTooLong { max });
        assert_eq!((e.at.line, e.at.column), (1, 7));
        assert!(r[1].is_ok());
    }
}

#[test]
fn tag_pairs_up_to_max_tag_bytes() {
    let max = LexLimits::default().max_tag_bytes;
    assert_eq!(max, 64 * 1024);
    // `[Event "` and `"]`: 10 bytes around the value. The limit counts the bytes after `[`.
    let game = |pair: usize| {
        let mut pgn = b"[Event \"".to_vec();
        pgn.resize(pgn.len() + pair - 10, b'x');
        pgn.extend(b"\"]\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *\n");
        pgn
    };
    let r = read(&game(max + 1));
    let value = r[0].as_ref().ok().and_then(|g| g.tag("Event"));
    assert_eq!(value.map(str::len), Some(max + 1 - 10), "at the limit");
    let r = read(&game(max + 2));
    assert_eq!(r.len(), 2);
    let Err(e) = r[0].as_ref() else {
        panic!("a tag pair over the limit was read")
    };
    assert_eq!(e.kind, ErrorKind::TagTooLong { max });
    assert_eq!((e.at.line, e.at.column), (1, 1));
    assert_eq!(
        r[1].as_ref().ok().and_then(|g| g.tag("Event")),
        Some("next")
    );
}

/// A legal game of `plies` moves whose movetext is padded with comments of `comment` bytes after
/// each move, to reach a size; one game per `[Event`.
fn padded_game(event: &str, plies: usize, comment: usize) -> Vec<u8> {
    let mut pgn = format!("[Event \"{event}\"]\n\n").into_bytes();
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for i in 0..plies {
        if i % 2 == 0 {
            pgn.extend(format!("{}. ", i / 2 + 1).bytes());
        }
        pgn.extend(moves[i % 4].bytes());
        pgn.extend(b" {");
        pgn.resize(pgn.len() + comment, b'c');
        pgn.extend(b"}\n");
    }
    pgn.extend(b"*\n\n");
    pgn
}

fn check_bytes(bytes: Vec<u8>) -> (scoresheet::batch::CheckSummary, String) {
    let options = CheckOptions {
        engine: Options {
            threads: 2,
            batch_bytes: 1 << 20,
        },
        ..CheckOptions::default()
    };
    let input = Input::Memory {
        name: "big.pgn".into(),
        bytes: bytes.into(),
    };
    let mut out = Vec::new();
    let summary = check(&[input], &options, &mut out, &mut std::io::sink()).unwrap();
    (summary, String::from_utf8(out).unwrap())
}

#[test]
fn bulk_games_up_to_max_game_bytes() {
    assert_eq!(MAX_GAME_BYTES, 16 << 20);
    // 16 plies with half-megabyte comments: just under the bulk limit, and just over it.
    let comment = 512 * 1024;
    let under = padded_game("under", 16, comment);
    let over = padded_game("over", 40, comment);
    assert!(under.len() < MAX_GAME_BYTES && over.len() > MAX_GAME_BYTES);
    let mut bytes = under;
    bytes.extend(&over);
    bytes.extend(padded_game("after", 4, 10));
    let (summary, report) = check_bytes(bytes);
    assert_eq!(
        (summary.games, summary.ok, summary.errors),
        (3, 2, 1),
        "{report}"
    );
    assert!(
        report.contains(&format!("game larger than {MAX_GAME_BYTES} bytes")),
        "{report}"
    );
}

/// Knights out and back, `plies` half-moves: legal forever, the start position every 4 plies.
fn knight_shuffle(plies: usize) -> (String, Vec<Move>) {
    let mut pos = Position::new();
    let mut text = String::from("[Event \"shuffle\"]\n[Result \"*\"]\n\n");
    let mut moves = Vec::new();
    let mut legal = MoveList::new();
    let san = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for i in 0..plies {
        pos.legal_moves(&mut legal);
        let m = legal
            .iter()
            .copied()
            .find(|m| {
                move_to_string(&pos, m, LetterSet::english(), &PrintOptions::san()) == san[i % 4]
            })
            .expect("the knight move is legal");
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(san[i % 4]);
        text.push(if i % 16 == 15 { '\n' } else { ' ' });
        pos.play(&m);
        moves.push(m);
    }
    text.push_str("*\n");
    (text, moves)
}

#[test]
fn a_game_of_ten_thousand_plies() {
    let plies = 10_000;
    let (text, moves) = knight_shuffle(plies);
    let started = Instant::now();
    let g = read(text.as_bytes())
        .remove(0)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.mainline.moves.len(), plies);
    let r = replay_game(&g, &ReplayOptions::default());
    let replay_time = started.elapsed();
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.plies as usize, plies);
    let expected: Vec<String> = moves.iter().map(|m| m.to_uci(false).to_string()).collect();
    assert_eq!(r.uci, expected);
    // The start position stands for the fifth time after ply 16: the game is drawn there
    // (Laws 9.6.1), and the replayer says so once, at the next move, then goes on to the end.
    assert_eq!(r.status, Status::Fivefold);
    let ended: Vec<&String> = r
        .warnings
        .iter()
        .filter(|w| w.contains("after the game ended"))
        .map(|w| &w.message)
        .collect();
    assert_eq!(
        ended,
        ["move 9 (white) 'Nf3' after the game ended (fivefold repetition; Article 9.6.1 of the 2023 Laws)"]
    );
    // Written and read back unchanged; `check` agrees.
    let written = write_game(&g);
    let again = read(written.as_bytes())
        .remove(0)
        .expect("written game reads");
    assert_eq!(again.mainline, g.mainline);
    let (summary, report) = check_bytes(written.into_bytes());
    assert_eq!((summary.games, summary.ok), (1, 1), "{report}");
    eprintln!(
        "10,000 plies: read and replayed in {:.1} ms (debug builds are slower)",
        replay_time.as_secs_f64() * 1e3
    );
}

/// 100,000 plies of the same shuffle through `check`'s streaming replay: drawn by fivefold
/// repetition at ply 17 and said once. Past that first end the repetitions are no longer
/// counted; before, every ply counted them among all the positions since the last capture or
/// pawn move, so the time grew with the square of the game's length (256,000 plies: 6.7 s;
/// now 20 ms, `time scoresheet check` on a release build).
#[test]
fn a_game_that_repeats_past_its_end_is_said_to_have_ended_once() {
    let (text, _) = knight_shuffle(100_000);
    let (summary, report) = check_bytes(text.into_bytes());
    assert_eq!((summary.games, summary.ok), (1, 1), "{report}");
    let ended: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("after the game ended"))
        .collect();
    assert_eq!(ended.len(), 1, "{report}");
    assert!(
        ended[0].ends_with(
            "move 9 (white) 'Nf3' after the game ended (fivefold repetition; Article 9.6.1 of the 2023 Laws)"
        ),
        "{report}"
    );
}
