//! Hostile and broken input: errors with locations, never panics or hangs, and the games after a
//! broken one are still read.

use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::lexer::TagFault;
use scoresheet::pgn::reader::MALFORMED_TAG_SHOWN;
use scoresheet::pgn::{ErrorKind, Game, Limits, Reader, SliceReader};

fn read(bytes: &[u8]) -> Vec<Result<Game, scoresheet::pgn::PgnError>> {
    Game::read_all(bytes)
}

#[test]
fn deep_nesting_is_cut_at_the_limit() {
    let mut pgn = b"[Event \"deep\"]\n1. e4 ".to_vec();
    pgn.extend(std::iter::repeat_n(b"( e4 ".as_slice(), 100_000).flatten());
    pgn.extend(b"\n\n[Event \"next\"]\n1. d4 *\n");
    let r = read(&pgn);
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooDeep { max: 128 });
    assert_eq!((e.at.line, e.at.column, e.game), (2, 7 + 5 * 128, 1));
    assert_eq!(r[1].as_ref().unwrap().tag("Event"), Some("next"));
}

#[test]
fn huge_comment_is_refused_with_its_location() {
    let mut pgn = b"1. e4 {".to_vec();
    pgn.extend(std::iter::repeat_n(b'x', 3 << 20));
    pgn.extend(b"} e5 *");
    let e = read(&pgn).remove(0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::CommentTooLong { max: 1 << 20 });
    assert_eq!((e.at.line, e.at.column), (1, 7));
}

#[test]
fn unclosed_brace_stops_at_the_next_game() {
    let pgn =
        "[Event \"a\"]\n\n1. e4 {never closed e5\n2. Nf3\n\n[Event \"b\"]\n\n1. d4 {fine} d5 *\n";
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnclosedComment);
    assert_eq!((e.at.line, e.at.column), (3, 7));
    assert_eq!(r[1].as_ref().unwrap().mainline.moves.len(), 2);
}

/// A `{` inside a brace comment means the comment's `}` was left out before it (PGN comments do
/// not nest): the game is an error at the first `{`, which says where the second stands (its
/// line below, its column in characters), and the games after it are read from their own lines.
#[test]
fn a_brace_inside_a_comment_is_a_closing_brace_left_out() {
    let pgn = "[Event \"a\"]\n\n1. e4 {good e5 2. Nf3 {nice} Nc6 *\n\n[Event \"b\"]\n\n\
               1. d4 {výborně d5\n2. c4 {dámský gambit} e6 *\n\n[Event \"c\"]\n\n1. c4 {fine} c5 \
               2. Nc3 *\n";
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 3, "{r:?}");
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::BraceInComment {
            lines: 0,
            column: 23
        }
    );
    assert_eq!((e.at.line, e.at.column), (3, 7));
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::BraceInComment {
            lines: 1,
            column: 7
        }
    );
    assert_eq!((e.at.line, e.at.column), (7, 7));
    assert_eq!(
        e.kind.to_string(),
        "comment `{` still open at another `{` (1 line below, column 7): comments do not nest; \
         a `}` left out before it?"
    );
    let c = r[2].as_ref().unwrap();
    assert_eq!(c.tag("Event"), Some("c"));
    assert_eq!(c.mainline.moves.len(), 3);
    assert_eq!((c.at.line, c.mainline.moves[2].at.line), (10, 12));
    // On its own line the second `{`'s column counts characters, not bytes.
    let on_one_line = "1. d4 {výborně d5 2. c4 {x} e6 *";
    let e = read(on_one_line.as_bytes()).remove(0).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::BraceInComment {
            lines: 0,
            column: 25
        }
    );
}

/// Between games, where no moves can be lost in it, a comment with a `{` in it is passed over
/// as any other (the note before each game of an older version's rejects file quotes messages
/// such as "comment `{` never closed").
#[test]
fn a_brace_inside_a_comment_between_games_is_passed_over() {
    let pgn = "{ scoresheet: rejected: a.pgn:3:7: comment `{` never closed }\n[Event \"a\"]\n\n\
               1. e4 e5 *\n";
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 1);
    let a = r[0].as_ref().unwrap();
    assert_eq!((a.at.line, a.mainline.moves[1].at.line), (2, 4));
}

/// A comment whose text has a brace (read from a rest-of-line comment) is written as one, and
/// the game reads back as it was.
#[test]
fn a_comment_with_a_brace_in_it_is_written_so_that_it_reads_back() {
    let g = read(b"1. e4 ; see {12\ne5 *").remove(0).unwrap();
    assert_eq!(g.mainline.moves[0].comments[..], ["see {12"]);
    let written = scoresheet::pgn::write_game(&g);
    let again = read(written.as_bytes()).remove(0).unwrap();
    assert_eq!(again.mainline, g.mainline, "{written}");
}

/// A tag pair quoted in a comment that a `}` closes before the next blank line stays in the
/// comment (before, any tag line in a comment split the game in three); a comment never closed
/// still ends at the next game's tags, with or without an `[Event` line.
#[test]
fn a_tag_line_in_a_closed_comment_stays_in_it() {
    let pgn = "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 {a comment\n[Site \"fake\"]\n1-0 here} \
               e5 2. Nf3 Nc6 1-0\n\n[Event \"B\"]\n\n1. d4 {oops d5 0-1\n\n[White \"x\"]\n\
               [Black \"y\"]\n[Result \"*\"]\n\n1. c4 {fine} c5 *\n";
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 3, "{r:?}");
    let a = r[0].as_ref().unwrap();
    assert_eq!(a.mainline.moves.len(), 4);
    assert_eq!(a.tag("Site"), None);
    assert!(a.mainline.moves[0].comments[0].contains("[Site \"fake\"]"));
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnclosedComment);
    assert_eq!((e.at.line, e.at.column), (10, 7));
    assert_eq!(r[2].as_ref().unwrap().tag("White"), Some("x"));
    // The same with CRLF line ends.
    let crlf = pgn.replace('\n', "\r\n");
    assert_eq!(read(crlf.as_bytes()).len(), 3);
}

/// The next game's first tag pair after a result on its line (`cat` of a file without a final
/// line end) begins that game, and its other tags stay with it.
#[test]
fn tags_after_a_result_on_its_line_begin_the_next_game() {
    let pgn = "[Event \"A\"]\n\n1. e4 e5 1-0 [Event \"B\"]\n[White \"W2\"]\n\n1. d4 d5 0-1\n";
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 2, "{r:?}");
    let b = r[1].as_ref().unwrap();
    assert_eq!((b.tag("Event"), b.tag("White")), (Some("B"), Some("W2")));
    assert_eq!(b.mainline.moves.len(), 2);
}

#[test]
fn unclosed_quote_is_forgiven_when_the_bracket_closes_the_line() {
    let pgn = "[Event \"Lille 2]\n[Site \"Lille\"]\n\n1. d4 a6 0-1\n";
    let g = read(pgn.as_bytes()).remove(0).unwrap();
    assert_eq!(g.tag("Event"), Some("Lille 2"));
    assert_eq!(g.tag("Site"), Some("Lille"));
}

#[test]
fn unclosed_quote_without_bracket_is_a_malformed_tag() {
    let pgn = "[Event \"Lille 2\n\n1. d4 a6 0-1\n\n[Event \"ok\"]\n1. e4 *";
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(
        (e.kind.clone(), e.at.line, e.at.column),
        (
            ErrorKind::MalformedTag {
                written: "[Event \"Lille 2".into(),
                why: TagFault::NotClosed
            },
            1,
            1
        )
    );
    assert_eq!(
        e.to_string(),
        "1:1: game 1: malformed tag pair `[Event \"Lille 2`: no `]` closes it on its line"
    );
    assert!(r[1].is_ok());
}

#[test]
fn malformed_tags_say_what_was_written_and_why() {
    let long = format!("[Annotator {}]", "x".repeat(60));
    let pgn = format!(
        "[Event \"a\"]\n[Site Prague]\n\n1. e4 *\n\n[Event \"b\"]\n[ \"x\"]\n1. d4 *\n\n\
         [Event \"c\"]\n{long}\n1. c4 *\n"
    );
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 3);
    let what = |i: usize| {
        let e = r[i].as_ref().unwrap_err();
        (e.at.line, e.kind.clone())
    };
    assert_eq!(
        what(0),
        (
            2,
            ErrorKind::MalformedTag {
                written: "[Site Prague]".into(),
                why: TagFault::ValueNotQuoted
            }
        )
    );
    assert_eq!(
        what(1),
        (
            7,
            ErrorKind::MalformedTag {
                written: "[ \"x\"]".into(),
                why: TagFault::NoName
            }
        )
    );
    let (line, kind) = what(2);
    assert_eq!(line, 11);
    let ErrorKind::MalformedTag { written, why } = kind else {
        panic!("{kind:?}")
    };
    assert_eq!(why, TagFault::ValueNotQuoted);
    assert_eq!(written, format!("{}…", &long[..MALFORMED_TAG_SHOWN]));
}

#[test]
fn unclosed_and_unmatched_variations() {
    let r = read(b"1. e4 (1. d4 d5 2. c4\n\n[Event \"b\"]\n1. e4 ) e5 *\n[Event \"c\"]\n1. c4 *");
    assert_eq!(r.len(), 3);
    let e0 = r[0].as_ref().unwrap_err();
    assert_eq!(
        (e0.kind.clone(), e0.at.line, e0.at.column),
        (ErrorKind::UnclosedVariation, 1, 7)
    );
    let e1 = r[1].as_ref().unwrap_err();
    assert_eq!(
        (e1.kind.clone(), e1.at.line, e1.at.column, e1.game),
        (ErrorKind::UnmatchedClose, 4, 7, 2)
    );
    assert!(r[2].is_ok());
}

/// Games written without tags or results, one below the other: a variation never closed in
/// one ends where the game's first move number comes again below a blank line, and the next
/// game is read from there (before, every game below was taken into the variation).
#[test]
fn an_unclosed_variation_ends_at_the_next_untagged_game() {
    let r = read(b"1. e4 e5 2. Nf3 (2. Bc4 Nf6\n\n1. d4 d5\n\n1. c4 c5\n");
    assert_eq!(r.len(), 3, "{r:?}");
    let e0 = r[0].as_ref().unwrap_err();
    assert_eq!(
        (e0.kind.clone(), e0.at.line, e0.at.column, e0.game),
        (ErrorKind::UnclosedVariation, 1, 17, 1)
    );
    assert!(r[1].is_ok() && r[2].is_ok(), "{r:?}");
    // A variation going back to the first move right after it is no next game (one move
    // played), nor is the first number again on the same paragraph.
    let r = read(b"1. e4 (1. d4 d5\n\n1... Nf6 2. c4) 1... e5 *\n");
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(r[0].is_ok(), "{r:?}");
    // A variation that a `)` further down closes is no unclosed one, however many first
    // numbers below blank lines it holds (the question is asked once per variation).
    let mut many = b"1. e4 e5 2. Nf3 (2. Bc4".to_vec();
    for _ in 0..2000 {
        many.extend_from_slice(b"\n\n1. d4");
    }
    many.extend_from_slice(b") 2... Nc6 *\n");
    let r = read(&many);
    assert_eq!(r.len(), 1);
    assert!(r[0].is_ok(), "{:?}", r[0].as_ref().err());
}

/// A brace comment that no `}` below closes, in games written without tags, stops its own game
/// only: reading goes on at the next game's first move number below a blank line, lines counted
/// over the comment's (before, every game below was taken into the comment, and `check`
/// reported one game).
#[test]
fn an_unclosed_comment_ends_at_the_next_untagged_game() {
    let pgn = "1. e4 e5 2. Nf3 {never closed\nstill the comment\n\n3. not a game: no 1.\n\n\
               1. d4 d5 2. Ke3 *\n\n1. c4 c5 *\n";
    for text in [pgn.to_owned(), pgn.replace('\n', "\r\n")] {
        let r = read(text.as_bytes());
        assert_eq!(r.len(), 3, "{r:?}");
        let e0 = r[0].as_ref().unwrap_err();
        assert_eq!(
            (e0.kind.clone(), e0.at.line, e0.at.column, e0.game),
            (ErrorKind::UnclosedComment, 1, 17, 1)
        );
        // The next game's moves, on line 6, where they stand.
        let g1 = r[1].as_ref().unwrap();
        assert_eq!(g1.mainline.moves.len(), 3);
        assert_eq!(g1.mainline.moves[2].at.line, 6);
        assert_eq!(r[2].as_ref().unwrap().mainline.moves.len(), 2);
    }
    // With no move number before it, the next paragraph opening with a number starts a game.
    let r = read(b"{never closed\n\n1. d4 d5 *\n");
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r[1].is_ok(), "{r:?}");
    // A `}` further down closes it, blank lines and all: one game, as PGN has it.
    let r = read(b"1. e4 {a long note\n\n1. d4 was also possible} e5 *\n");
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(r[0].is_ok(), "{r:?}");
    // A line of the comment opening with `[` but no tag pair (a clock command) starts no game:
    // before, reading went on there, as a game of malformed tags that swallowed the next game.
    let r =
        read(b"1. e4 e5 {never closed\n\n[%clk 0:01:00] more words\n\n1. d4 d5 *\n\n1. c4 c5 *\n");
    assert_eq!(r.len(), 3, "{r:?}");
    assert!(r[0].is_err(), "{r:?}");
    assert_eq!(
        r[1].as_ref().map(|g| g.mainline.moves[0].at.line),
        Ok(5),
        "{r:?}"
    );
    assert_eq!(
        r[2].as_ref().map(|g| g.mainline.moves.len()),
        Ok(2),
        "{r:?}"
    );
}

/// A tag section gone wrong stays one game, rejected whole: text after a tag pair on its line
/// with more tags below (it used to end the game there, the tags below starting a second game
/// that lost the first's), and a tag line with its name in quotes (the splitter took it for
/// movetext and cut the game at the next tag line). Both with bulk sections, as `clean` reads.
#[test]
fn a_broken_tag_section_is_one_game_rejected_whole() {
    let junk = b"[Event \"x\"]\n[White \"Kasparov\"]\n[Result \"1-0\"] junk\n[Black \"Karpov\"]\n\n1. e4 e5 1-0\n\n[Event \"y\"]\n\n1. d4 *\n";
    let quoted = b"[\"Event\" \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[Event \"y\"]\n\n1. d4 *\n";
    for (pgn, line, column, kind) in [
        (
            &junk[..],
            3,
            16,
            ErrorKind::TextAmongTags {
                written: "junk".into(),
            },
        ),
        (
            &quoted[..],
            1,
            1,
            ErrorKind::MalformedTag {
                written: "[\"Event\" \"x\"]".into(),
                why: TagFault::NoName,
            },
        ),
    ] {
        let sections: Vec<_> = scoresheet::pgn::split::sections(pgn).collect();
        assert_eq!(sections.len(), 2, "{}", String::from_utf8_lossy(pgn));
        let r = read(pgn);
        assert_eq!(r.len(), 2, "{r:?}");
        let e = r[0].as_ref().unwrap_err();
        assert_eq!(
            (e.at.line, e.at.column, e.kind.clone()),
            (line, column, kind)
        );
        assert_eq!(r[1].as_ref().unwrap().mainline.moves.len(), 1);
    }
    // A tag name the grammar does not take (a Czech `Černý`, a leading `-`, none at all) is a
    // broken tag too, not movetext that cut the game in two (the fuzz hunt).
    for broken in [
        "[Černý \"Svoboda\"]",
        "[-x \"y\"]",
        "[ \"y\"]",
        "[#x \"y\"]",
    ] {
        let pgn = format!("[Event \"a\"]\n{broken}\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n");
        let r = read(pgn.as_bytes());
        assert_eq!(r.len(), 2, "{pgn}: {r:?}");
        let e = r[0].as_ref().unwrap_err();
        assert_eq!((e.at.line, e.at.column), (2, 1), "{pgn}");
        assert!(r[1].is_ok(), "{r:?}");
    }
    // Quotes left unescaped inside a value: the last one, before the `]`, closes it.
    let r = read(b"[White \"Smith, John \"Jack\"\"]\n[Black \"Doe\"]\n\n1. e4 *\n");
    assert_eq!(
        r[0].as_ref().unwrap().tag("White"),
        Some("Smith, John \"Jack\"")
    );
    // Moves after the tags on their line, with no tag below, are read; an `[Event` line below
    // still starts the next game.
    let r = read(
        b"[Event \"a\"] [Site \"b\"] 1. e4 e5 *\n[Event \"b\"] 1. d4\n[Event \"c\"]\n1. c4 *\n",
    );
    assert_eq!(r.len(), 3, "{r:?}");
    assert!(r.iter().all(Result::is_ok), "{r:?}");
}

#[test]
fn overlong_token_and_bad_nag() {
    let long = format!("1. e4 {} *", "N".repeat(200));
    let e = read(long.as_bytes()).remove(0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TokenTooLong { max: 64 });
    assert_eq!(e.at.column, 7);
    let e = read(b"1. e4 $300 *").remove(0).unwrap_err();
    assert_eq!((e.kind, e.at.column), (ErrorKind::InvalidNag, 7));
}

#[test]
fn garbage_characters_are_located_in_characters_not_bytes() {
    // "Ž" is two bytes; the column counts it once.
    let e = read("[White \"Ž\"] 1. e4 ~ *".as_bytes())
        .remove(0)
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnexpectedCharacter('~'));
    assert_eq!((e.at.line, e.at.column), (1, 19));
}

#[test]
fn invalid_utf8_is_reported_per_game() {
    let pgn = b"[Event \"a\"]\n1. e4 *\n[Event \"b\xE9\"]\n1. d4 *\n[Event \"c\"]\n1. c4 *\n";
    let r = read(pgn);
    assert_eq!(r.len(), 3);
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(
        (e.kind.clone(), e.at.line, e.at.column, e.game),
        (ErrorKind::InvalidUtf8, 3, 10, 2)
    );
    assert!(r[0].is_ok() && r[2].is_ok());
}

#[test]
fn long_inputs_take_linear_time() {
    // Many open brackets, braces and quotes that never close: each is scanned once per game.
    for unit in [
        &b"{"[..],
        b"(",
        b"[Event \"",
        b"1.",
        b"\"",
        b";",
        b"%\n",
        b"\r",
    ] {
        let pgn = unit.repeat(200_000);
        let mut r = SliceReader::new(&pgn);
        let mut b = GameBuilder::default();
        let mut n = 0;
        while r.read_game(&mut b).is_some() {
            n += 1;
            assert!(n < 10, "{:?}", std::str::from_utf8(unit));
        }
    }
}

#[test]
fn streaming_reader_caps_a_game_and_goes_on() {
    let mut pgn = b"[Event \"big\"]\n1. e4 {".to_vec();
    pgn.extend(std::iter::repeat_n(b"word \n", 50_000).flatten());
    pgn.extend(b"}\n\n[Event \"small\"]\n1. d4 *\n");
    let limits = Limits {
        max_game_bytes: 64 * 1024,
        ..Limits::default()
    };
    let mut r = Reader::with_limits(&pgn[..], limits);
    let mut b = GameBuilder::default();
    let e = r.read_game(&mut b).unwrap().unwrap_err();
    assert_eq!(e.kind, ErrorKind::GameTooLarge { max: 64 * 1024 });
    assert_eq!((e.at.line, e.game), (1, 1));
    let g = r.read_game(&mut b).unwrap().unwrap();
    assert_eq!(g.tag("Event"), Some("small"));
    assert_eq!(g.at.line, 50_004);
    assert!(r.read_game(&mut b).is_none());
}

#[test]
fn crlf_and_lone_cr_give_the_same_games_and_lines() {
    let lf = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {two\nlines} e5\n2. Nf3 *\n\n[Event \"c\"]\n\n1. d4 *\n";
    let crlf = lf.replace('\n', "\r\n");
    let cr = lf.replace('\n', "\r");
    let a = read(lf.as_bytes());
    for other in [crlf, cr] {
        let b = read(other.as_bytes());
        assert_eq!(a, b);
        for (x, y) in a.iter().zip(&b) {
            let (x, y) = (x.as_ref().unwrap(), y.as_ref().unwrap());
            assert_eq!(x.at.line, y.at.line);
            let lines = |g: &Game| {
                g.mainline
                    .moves
                    .iter()
                    .map(|m| (m.at.line, m.at.column))
                    .collect::<Vec<_>>()
            };
            assert_eq!(lines(x), lines(y));
        }
    }
    let g = a[0].as_ref().unwrap();
    assert_eq!(
        (g.mainline.moves[2].at.line, g.mainline.moves[2].at.column),
        (6, 4)
    );
    assert_eq!(g.mainline.moves[1].at.line, 5);
    assert_eq!(g.mainline.moves[1].at.column - 1, "lines} ".len() as u32);
}

#[test]
fn stray_text_after_a_game_is_reported_as_such() {
    let pgn = "[Event \"a\"]\n1. e4 e5 1-0\n\nDownloaded from example.org, all rights reserved\n\n[Event \"b\"]\n1. d4 *\n";
    let r = read(pgn.as_bytes());
    assert_eq!(r.len(), 3);
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(
        (e.kind.clone(), e.at.line, e.at.column, e.game),
        (ErrorKind::StrayText, 4, 1, 2)
    );
    // Bare games (move numbers or a result) after a game are games.
    let r = read(b"1. e4 e5 1-0\n1. d4 d5\n");
    assert!(r.iter().all(|g| g.is_ok()) && r.len() == 2);
}

/// Games without tags are told apart by their results: a syntax error in one ends that game at
/// its result, and the games after it are read (before, the rest of the tagless run was lost
/// with it), with their lines counted, from a slice and from a stream alike.
#[test]
fn a_broken_game_without_tags_does_not_take_the_games_after_it() {
    let pgn = b"1. e4 e5 & 2. Nf3 *\n\n1. d4 d5 *\n\n1. c4 ) Kc5 1-0 1. g3 $300 g6 0-1\n\
                1. b3 {a\ncomment} b6 *\n\n1. f4 {never closed\n";
    let mut stream = Reader::new(&pgn[..]);
    let mut from_stream = Vec::new();
    let mut builder = GameBuilder::default();
    while let Some(g) = stream.read_game(&mut builder) {
        from_stream.push(g);
    }
    for games in [read(pgn), from_stream] {
        let seen: Vec<String> = games
            .iter()
            .map(|g| match g {
                Ok(g) => format!("{} ok", g.at.line),
                Err(e) => format!("{}:{} {:?}", e.at.line, e.at.column, e.kind),
            })
            .collect();
        assert_eq!(
            seen,
            [
                "1:10 UnexpectedCharacter('&')",
                "3 ok",
                "5:7 UnmatchedClose",
                "5:23 InvalidNag",
                "6 ok",
                "9:7 UnclosedComment",
            ]
        );
    }
}

/// Games without tags or results, one below the other: the game's first move number again
/// below a blank line starts the next game (as `convert` reads move lists), so three games are
/// three (before, one game of ten plies, all legal by chance); without the blank line, or in a
/// variation, a number repeated is no new game.
#[test]
fn the_first_move_number_again_below_a_blank_line_starts_the_next_game() {
    let three = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n\n1. d4 d5\n\n1. c4 e5 *\n";
    let games = read(three);
    let plies: Vec<usize> = games
        .iter()
        .map(|g| g.as_ref().unwrap().mainline.moves.len())
        .collect();
    assert_eq!(plies, [6, 2, 2]);
    assert_eq!(games[2].as_ref().unwrap().at.line, 5);
    for one in [
        &b"1. e4 e5 2. Nf3 Nc6\n1. d4 d5 *\n"[..],
        b"1. e4 e5 (1... c5\n\n1. d4) 2. Nf3 *\n",
        b"1. e4\n\n1... e5 2. Nf3 *\n",
    ] {
        assert_eq!(read(one).len(), 1, "{}", String::from_utf8_lossy(one));
    }
}

/// Castling with zeros and letters O mixed (`0-O`, `0-O-0`) is one move word, as `O-0` was:
/// it was a move number `0` and a stray `-`, a syntax error that cut off the game (and made
/// `repair` read the whole file as one move list).
#[test]
fn castling_with_zeros_and_letters_mixed_is_one_word() {
    let r = read(b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-O Nf6 *\n\n[Event \"b\"]\n\n1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. 0-O-0 O-0-O *\n");
    assert_eq!(r.len(), 2, "{r:?}");
    let sans = |g: &Game| {
        g.mainline
            .moves
            .iter()
            .map(|m| m.san.to_string())
            .collect::<Vec<_>>()
    };
    let a = r[0].as_ref().unwrap();
    assert_eq!(sans(a)[6..], ["0-O", "Nf6"]);
    let b = r[1].as_ref().unwrap();
    assert_eq!(sans(b)[8..], ["0-O-0", "O-0-O"]);
}

/// A tag pair whose value is not quoted (`[Result *]`, `[Result 1-0]`, a `*` in its name) is
/// one error in one game: the words of its line are not movetext, so the result in it ends
/// no game. Before, reading went on at that result, and the rest of the game (`]` and the
/// tags and moves below) made a second broken game.
#[test]
fn a_result_inside_a_malformed_tag_ends_no_game() {
    for tag in [
        "[Result *]",
        "[Result 1-0]",
        "[Ev*ent \"a\"]",
        "[Event* \"a\"]",
    ] {
        let pgn = format!(
            "[Event \"e\"]\n{tag}\n[White \"x\"]\n\n1. e4 e5 1-0\n\n[Event \"next\"]\n\n1. d4 d5 *\n"
        );
        let r = read(pgn.as_bytes());
        assert_eq!(r.len(), 2, "{tag}: {r:?}");
        let e = r[0].as_ref().unwrap_err();
        assert!(
            matches!(&e.kind, ErrorKind::MalformedTag { written, why: TagFault::ValueNotQuoted } if written == tag),
            "{tag}: {e}"
        );
        assert_eq!((e.at.line, e.at.column, e.game), (2, 1, 1), "{tag}");
        let next = r[1].as_ref().unwrap_or_else(|e| panic!("{tag}: {e}"));
        assert_eq!(
            (next.tag("Event"), next.mainline.moves.len()),
            (Some("next"), 2)
        );
    }
}

/// A result alone right after a game's result (`1-0 1-0`, or a `1-0` below the game), with no
/// tags or moves of its own, is reported as no game, where before it was read as a game of no
/// moves with that result (and `clean` wrote it out as a decisive game nobody played). A game
/// of tags and a result, or a result with a comment of its own, is still a game.
#[test]
fn a_result_written_twice_is_no_game() {
    for (pgn, line, column) in [
        ("[Event \"a\"]\n\n1. e4 e5 1-0 1-0\n", 3, 14),
        ("[Event \"a\"]\n\n1. e4 e5 1-0\n\n1-0\n", 5, 1),
        ("[Event \"a\"]\n\n1. e4 e5 1/2-1/2\n0-1\n", 4, 1),
    ] {
        let r = read(pgn.as_bytes());
        assert_eq!(r.len(), 2, "{pgn}");
        assert_eq!(r[0].as_ref().map(|g| g.mainline.moves.len()).ok(), Some(2));
        let e = r[1].as_ref().unwrap_err();
        assert!(matches!(e.kind, ErrorKind::ResultAlone(_)), "{pgn}: {e}");
        assert_eq!((e.at.line, e.at.column, e.game), (line, column, 2), "{pgn}");
        assert!(
            e.to_string().contains("alone after the game before's"),
            "{e}"
        );
    }
    for pgn in [
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"forfeit\"]\n\n1-0\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n{forfeit} 1-0\n",
        "1-0\n\n[Event \"a\"]\n\n1. e4 *\n",
    ] {
        let r = read(pgn.as_bytes());
        assert!(r.iter().all(Result::is_ok), "{pgn}: {r:?}");
        assert_eq!(r.len(), 2, "{pgn}");
    }
}
