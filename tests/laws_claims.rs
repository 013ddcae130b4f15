//! Claims and automatic draws, each written from the texts of the Laws in `../shared/laws/`:
//! 9.2 / 9.2.1 threefold repetition (with and without a written, unplayed move), 9.2.2 "the same
//! position" (en passant, castling rights), 9.3 fifty moves, 9.6 automatic draws (2014 and
//! 2018 wordings), 6.9 / 6.10 flag falls — under every edition.

use scoresheet::board::{Color, MoveList, Position, Uci};
use scoresheet::laws::claims::Intended;
use scoresheet::laws::{claims, AutomaticRule, ClaimKind, ClaimRequest, Edition, GameRecord};
use std::collections::HashSet;

fn game(fen: Option<&str>, uci: &str) -> GameRecord {
    let start = match fen {
        Some(f) => Position::from_fen(f).unwrap(),
        None => Position::new(),
    };
    GameRecord::from_uci(start, uci).unwrap()
}

fn claim(g: &GameRecord, kind: ClaimKind, edition: Edition) -> claims::ClaimReport {
    let req = ClaimRequest {
        edition,
        ..ClaimRequest::new(kind)
    };
    claims::judge(g, &req).unwrap()
}

fn claim_intending(
    g: &GameRecord,
    kind: ClaimKind,
    edition: Edition,
    uci: &str,
) -> claims::ClaimReport {
    let pos = g.position(g.plies()).unwrap();
    let intended = pos.from_uci(&uci.parse::<Uci>().unwrap());
    assert!(intended.is_some(), "{uci} must be legal");
    let req = ClaimRequest {
        edition,
        intended: intended.map(Intended::Move),
        ..ClaimRequest::new(kind)
    };
    claims::judge(g, &req).unwrap()
}

/// Extends `start` by `plies` half-moves that move no pawn, capture nothing, give no check and
/// never repeat a position: a quiet manoeuvring game for the 50- and 75-move rules.
fn quiet_moves(start: &Position, plies: usize) -> String {
    let mut pos = start.clone();
    let mut seen = HashSet::new();
    seen.insert(pos.zobrist());
    let mut out = Vec::new();
    let mut list = MoveList::new();
    for _ in 0..plies {
        pos.legal_moves(&mut list);
        let m = list
            .iter()
            .find(|m| {
                if m.is_zeroing() {
                    return false;
                }
                let mut next = pos.clone();
                next.play(m);
                !next.is_check() && !seen.contains(&next.zobrist())
            })
            .copied()
            .expect("a quiet new move");
        out.push(m.to_uci(false).to_string());
        pos.play(&m);
        seen.insert(pos.zobrist());
    }
    out.join(" ")
}

const KNIGHTS_OUT_AND_BACK: &str = "g1f3 g8f6 f3g1 f6g8";

// ---------------------------------------------------------------- threefold repetition (9.2)

#[test]
fn threefold_on_the_board_under_every_edition() {
    let g = game(
        None,
        &KNIGHTS_OUT_AND_BACK.repeat(2).replace("g8g1", "g8 g1"),
    );
    for e in Edition::ALL {
        let r = claim(&g, ClaimKind::Threefold, e);
        assert!(r.valid, "{e}");
        assert_eq!(r.claimant, "white");
        let want = if e.year() >= 2018 { "9.2.1.2" } else { "9.2b" };
        assert_eq!(r.article, want);
        let t = r.threefold.unwrap();
        let labels: Vec<_> = t.occurrences.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(labels, ["start", "2...Ng8", "4...Ng8"]);
        assert_eq!(
            t.occurrences[0].fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }
}

#[test]
fn threefold_with_a_written_unplayed_move() {
    // 9.2a / 9.2.1.1: Black writes 4...Ng8 and claims; the start position would stand a third time.
    let g = game(None, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    for e in Edition::ALL {
        let on_board = claim(&g, ClaimKind::Threefold, e);
        assert!(!on_board.valid, "only twice on the board");
        assert_eq!(
            on_board.reason,
            "the position occurred only twice: 2.Ng1, 4.Ng1"
        );
        let r = claim_intending(&g, ClaimKind::Threefold, e, "f6g8");
        assert!(r.valid, "{e}");
        assert_eq!(r.claimant, "black");
        assert_eq!(r.intended.as_deref(), Some("4...Ng8"));
        assert_eq!(r.article, if e.year() >= 2018 { "9.2.1.1" } else { "9.2a" });
        assert_eq!(
            r.reason,
            "the position occurred 3 times: start, 2...Ng8, 4...Ng8 (written, not played)"
        );
    }
}

#[test]
fn an_illegal_intended_move_is_refused() {
    let g = game(None, "g1f3 g8f6 f3g1");
    let pos = g.position(3).unwrap();
    // A White move while Black is to move: not legal for the claimant.
    let m = Position::new()
        .from_uci(&"e2e4".parse::<Uci>().unwrap())
        .unwrap();
    assert!(!pos.is_legal(&m));
    let req = ClaimRequest {
        intended: Some(Intended::Move(m)),
        ..ClaimRequest::new(ClaimKind::Threefold)
    };
    assert!(matches!(
        claims::judge(&g, &req),
        Err(scoresheet::laws::ClaimError::IllegalIntendedMove { .. })
    ));
}

#[test]
fn a_written_move_that_is_not_legal_is_judged() {
    // 9.5.3 (2018): an incorrect claim is a verdict, and play goes on. Forty-nine quiet moves
    // each and a written pawn move that cannot be played: the fifty-move claim cannot rest on
    // it, and the board alone is short of fifty moves.
    let g = after_pawn_move(98);
    let not_legal = |written: &str| ClaimRequest {
        edition: Edition::Laws2018,
        intended: Some(Intended::NotLegal {
            written: written.into(),
            reason: "no such move".into(),
        }),
        ..ClaimRequest::new(ClaimKind::Fifty)
    };
    let r = claims::judge(&g, &not_legal("e5")).unwrap();
    assert!(!r.valid);
    assert_eq!(r.article, "9.3.1");
    assert_eq!(r.intended.as_deref(), Some("50...e5 (not a legal move)"));
    assert!(
        r.reason.starts_with(
            "the written move `e5` is not a legal move for black here (no such move): the claim \
             cannot rest on it, and on the board only 98 half-moves (49 moves) without a pawn move or capture since 1.a5"
        ),
        "{}",
        r.reason
    );
    // Two half-moves more on the board: the claim is good without any written move.
    let g = after_pawn_move(100);
    let r = claims::judge(&g, &not_legal("e5")).unwrap();
    assert!(r.valid, "{}", r.reason);
    assert_eq!(r.article, "9.3.2");
}

#[test]
fn en_passant_possible_the_first_time_makes_a_different_position() {
    // 9.2.2.1 (2018) / 9.2 (2014: "(1) at the start of the sequence a pawn could have been
    // captured en passant"): after 2...d5 White could take exd6 e.p.; later, not.
    let moves = "e2e4 g8f6 e4e5 d7d5 g1f3 f6d7 f3g1 d7f6 g1f3 f6d7 f3g1 d7f6";
    let g = game(None, moves);
    for e in Edition::ALL {
        let r = claim(&g, ClaimKind::Threefold, e);
        assert!(!r.valid, "{e}: looks threefold, is not");
        let t = r.threefold.unwrap();
        assert_eq!(
            t.reason,
            "the position occurred only twice: 4...Nf6, 6...Nf6"
        );
        assert_eq!(t.look_alikes.len(), 1);
        assert_eq!(t.look_alikes[0].at.label, "2...d5");
        assert!(t.look_alikes[0]
            .difference
            .contains("en passant capture on d6 was possible"));
    }
    // One more round makes it a real threefold.
    let g = game(None, &format!("{moves} g1f3 f6d7 f3g1 d7f6"));
    assert!(claim(&g, ClaimKind::Threefold, Edition::Laws2018).valid);
}

#[test]
fn en_passant_that_is_pseudo_legal_but_illegal_does_not_count() {
    // The pawn on e5 is pinned to its king by the rook on e8: exd6 e.p. is never legal, so the
    // position after 1...d5 IS the same as after 3...Kg8 and 5...Kg8 (9.2.2: "possible moves").
    let fen = "4r1k1/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let g = game(Some(fen), "d7d5 e1e2 g8h8 e2e1 h8g8 e1e2 g8h8 e2e1 h8g8");
    let r = claim(&g, ClaimKind::Threefold, Edition::Laws2018);
    assert!(r.valid, "{}", r.reason);
    assert_eq!(
        r.reason,
        "the position occurred 3 times: 1...d5, 3...Kg8, 5...Kg8"
    );
    // Without the pin the capture is legal the first time and the claim fails.
    let fen = "6k1/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let g = game(Some(fen), "d7d5 e1e2 g8h8 e2e1 h8g8 e1e2 g8h8 e2e1 h8g8");
    let r = claim(&g, ClaimKind::Threefold, Edition::Laws2018);
    assert!(!r.valid);
    assert_eq!(
        r.reason,
        "the position occurred only twice: 3...Kg8, 5...Kg8"
    );
}

#[test]
fn castling_rights_lost_between_occurrences() {
    // 9.2.2.2 / 9.2 (2014 "(2)"): the rooks went to g1/g8 and back; the pieces stand as at the
    // start four times, but the king-side castling rights are gone after 4...Rg8.
    let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 h1g1 h8g8 g1h1 g8h8 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    let g = game(None, moves);
    for e in Edition::ALL {
        let r = claim(&g, ClaimKind::Threefold, e);
        assert!(!r.valid, "{e}");
        let t = r.threefold.unwrap();
        assert_eq!(
            t.reason,
            "the position occurred only twice: 6...Ng8, 8...Ng8"
        );
        let looks: Vec<_> = t.look_alikes.iter().map(|l| l.at.label.as_str()).collect();
        assert_eq!(looks, ["start", "2...Ng8"]);
        assert!(t
            .look_alikes
            .iter()
            .all(|l| l.difference.contains("castling rights")));
    }
}

#[test]
fn claim_at_an_earlier_moment() {
    let g = game(
        None,
        &format!("{KNIGHTS_OUT_AND_BACK} {KNIGHTS_OUT_AND_BACK} e2e4"),
    );
    assert_eq!(g.find_moment("5."), Some(8));
    let req = ClaimRequest {
        at: g.find_moment("5."),
        ..ClaimRequest::new(ClaimKind::Threefold)
    };
    let r = claims::judge(&g, &req).unwrap();
    assert!(r.valid);
    assert_eq!(r.claimed_after.label, "4...Ng8");
    // After 5.e4 Black cannot claim: that position stood once.
    assert!(!claim(&g, ClaimKind::Threefold, Edition::Laws2018).valid);
}

// ---------------------------------------------------------------- fifty moves (9.3)

const QUIET_START: &str = "r3k3/n7/8/3p4/P2P4/8/N7/R3K3 w - - 0 1";

/// 1.a5 (a pawn move), then `quiet` quiet half-moves.
fn after_pawn_move(quiet: usize) -> GameRecord {
    let mut pos = Position::from_fen(QUIET_START).unwrap();
    let first = pos.from_uci(&"a4a5".parse::<Uci>().unwrap()).unwrap();
    pos.play(&first);
    game(
        Some(QUIET_START),
        &format!("a4a5 {}", quiet_moves(&pos, quiet)),
    )
}

#[test]
fn fifty_moves_exactly() {
    let g = after_pawn_move(100);
    for e in Edition::ALL {
        let r = claim(&g, ClaimKind::Fifty, e);
        assert!(r.valid, "{e}: {}", r.reason);
        assert_eq!(r.article, if e.year() >= 2018 { "9.3.2" } else { "9.3b" });
        let f = r.fifty.unwrap();
        assert_eq!(f.halfmoves, 100);
        assert_eq!(f.since.unwrap().label, "1.a5");
    }
}

#[test]
fn fifty_move_claim_one_move_short() {
    let g = after_pawn_move(98);
    for e in Edition::ALL {
        let r = claim(&g, ClaimKind::Fifty, e);
        assert!(!r.valid, "{e}");
        assert_eq!(
            r.reason,
            "only 98 half-moves (49 moves) without a pawn move or capture since 1.a5: 2 half-moves short of 50 moves by each player"
        );
    }
}

#[test]
fn fifty_moves_with_the_written_move() {
    // 9.3a / 9.3.1: 99 half-moves played; the claimant writes a quiet move that makes 100.
    let g = after_pawn_move(99);
    let pos = g.position(g.plies()).unwrap().clone();
    let quiet = quiet_moves(&pos, 1);
    for e in Edition::ALL {
        assert!(!claim(&g, ClaimKind::Fifty, e).valid);
        let r = claim_intending(&g, ClaimKind::Fifty, e, &quiet);
        assert!(r.valid, "{e}: {}", r.reason);
        assert_eq!(r.article, if e.year() >= 2018 { "9.3.1" } else { "9.3a" });
        assert_eq!(r.fifty.unwrap().halfmoves, 100);
    }
    // A written pawn move restarts the count.
    let r = claim_intending(&g, ClaimKind::Fifty, Edition::Laws2018, "a5a6");
    assert!(!r.valid);
    assert_eq!(r.fifty.unwrap().halfmoves, 0);
}

/// Fifty moves complete on the board, claimed with a quiet move written as well: the claim is
/// good by the board (9.3.2 / 9.3b), which needs no written move, and that is the article cited
/// (before, 9.3.1 / 9.3a, the written-move rule).
#[test]
fn fifty_moves_on_the_board_with_a_written_move_cite_the_boards_rule() {
    let g = after_pawn_move(100);
    let pos = g.position(g.plies()).unwrap().clone();
    let quiet = quiet_moves(&pos, 1);
    for e in Edition::ALL {
        let r = claim_intending(&g, ClaimKind::Fifty, e, &quiet);
        assert!(r.valid, "{e}: {}", r.reason);
        assert_eq!(r.article, if e.year() >= 2018 { "9.3.2" } else { "9.3b" });
        assert!(
            r.reason.starts_with("each player made the last 50 moves without a pawn move or capture: 100 half-moves since 1.a5 (the board made the claim good already; the written move "),
            "{e}: {}",
            r.reason
        );
        assert!(
            r.reason.ends_with(" was not needed)") && !r.reason.contains("  "),
            "{e}: {}",
            r.reason
        );
    }
}

#[test]
fn any_claim_is_valid_if_one_rule_holds() {
    let g = after_pawn_move(100);
    let r = claim(&g, ClaimKind::Any, Edition::Laws2014);
    assert!(r.valid);
    assert_eq!(r.article, "9.3b");
    assert!(!r.threefold.unwrap().valid);
}

// ---------------------------------------------------------------- automatic draws (9.6)

#[test]
fn consecutive_fivefold_ends_the_game_from_2014() {
    let g = game(None, &[KNIGHTS_OUT_AND_BACK; 5].join(" "));
    for e in Edition::ALL {
        let end = g.automatic_end(e, g.plies());
        match e {
            Edition::Laws2005 | Edition::Laws2009 => assert!(end.is_none(), "{e}"),
            _ => {
                let end = end.unwrap();
                assert_eq!(end.rule, AutomaticRule::Fivefold);
                assert_eq!(end.at.label, "8...Ng8", "{e}");
                assert_eq!(
                    end.article,
                    if e == Edition::Laws2014 {
                        "9.6a"
                    } else {
                        "9.6.1"
                    }
                );
            }
        }
    }
    // A claim after the game ended says so.
    let r = claim(&g, ClaimKind::Threefold, Edition::Laws2018);
    assert_eq!(r.ended_earlier.unwrap().at.label, "8...Ng8");
    assert!(claim(&g, ClaimKind::Threefold, Edition::Laws2009)
        .ended_earlier
        .is_none());
}

#[test]
fn non_consecutive_fivefold_ends_the_game_in_2018_but_not_in_2014() {
    // The start position five times, but by two different manoeuvres taking turns: not a
    // repetition of the same alternate moves (2014 9.6a), yet five times (2018 9.6.1).
    let kingside = KNIGHTS_OUT_AND_BACK;
    let queenside = "b1c3 b8c6 c3b1 c6b8";
    let g = game(
        None,
        &[kingside, queenside, kingside, queenside, "e2e4"].join(" "),
    );
    let end = g.automatic_end(Edition::Laws2018, g.plies()).unwrap();
    assert_eq!(end.rule, AutomaticRule::Fivefold);
    assert_eq!(end.at.label, "8...Nb8");
    let labels: Vec<_> = end.evidence.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(
        labels,
        ["start", "2...Ng8", "4...Nb8", "6...Ng8", "8...Nb8"]
    );
    assert!(g.automatic_end(Edition::Laws2023, g.plies()).is_some());
    assert!(g.automatic_end(Edition::Laws2014, g.plies()).is_none());
    assert!(g.automatic_end(Edition::Laws2009, g.plies()).is_none());
}

#[test]
fn seventy_five_moves_end_the_game_from_2014() {
    let g = after_pawn_move(160);
    for e in Edition::ALL {
        let end = g.automatic_end(e, g.plies());
        if e.year() < 2014 {
            assert!(end.is_none());
            continue;
        }
        let end = end.unwrap();
        assert_eq!(end.rule, AutomaticRule::SeventyFiveMoves);
        assert_eq!(end.at.ply, 151, "{e}: 1.a5 then 150 half-moves");
        assert_eq!(end.evidence[0].label, "1.a5");
        assert_eq!(
            end.article,
            if e == Edition::Laws2014 {
                "9.6b"
            } else {
                "9.6.2"
            }
        );
    }
}

/// A mate on the 150th half-move stands against the 75-move rule: 9.6.2 from 2018 ("if the last
/// move resulted in checkmate, that shall take precedence") and 9.6b in 2014 ("Jestliže poslední
/// tah byl matící, pak mat má přednost", in the `004_…` transcript of that edition).
#[test]
fn mate_on_the_75th_move_stands_from_2014() {
    // Each player has made 74.5 moves without pawn move or capture; 1.Ra8# is the 75th.
    let g = game(Some("7k/8/6K1/8/8/8/8/R7 w - - 149 120"), "a1a8");
    assert!(g.position(1).unwrap().is_checkmate());
    assert_eq!(g.position(1).unwrap().halfmove_clock(), 150);
    for edition in [Edition::Laws2014, Edition::Laws2018, Edition::Laws2023] {
        assert!(g.automatic_end(edition, 1).is_none(), "{edition:?}");
    }
    // The same move without the mate ends the game by 75 moves.
    let quiet = game(Some("7k/8/6K1/8/8/8/8/R7 w - - 149 120"), "a1a7");
    let end = quiet.automatic_end(Edition::Laws2014, 1).unwrap();
    assert_eq!((end.article, end.at.label.as_str()), ("9.6b", "120.Ra7"));
    assert!(g.automatic_end(Edition::Laws2009, 1).is_none());
    // The flag falls for Black after the mate: the mate stands.
    let r = claims::flag_fall(&g, None, Color::Black, Edition::Laws2018).unwrap();
    assert_eq!((r.result, r.article), ("1-0", "5.1.1"));
    let r = claims::flag_fall(&g, None, Color::Black, Edition::Laws2014).unwrap();
    assert_eq!((r.result, r.article), ("1-0", "5.1a"));
}

// ---------------------------------------------------------------- flag fall (6.9, 6.10)

#[test]
fn flag_fall_per_edition() {
    // chasolver's README position: Black cannot mate (locked pawns), White can.
    let g = game(Some("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 60"), "");
    for e in Edition::ALL {
        let article = if e == Edition::Laws2005 {
            "6.10"
        } else {
            "6.9"
        };
        let white_flag = claims::flag_fall(&g, None, Color::White, e).unwrap();
        assert_eq!(
            (white_flag.result, white_flag.article),
            ("1/2-1/2", article),
            "{e}"
        );
        assert!(white_flag.reason.contains("Black cannot checkmate"));
        let black_flag = claims::flag_fall(&g, None, Color::Black, e).unwrap();
        assert_eq!(
            (black_flag.result, black_flag.article),
            ("1-0", article),
            "{e}"
        );
    }
}

#[test]
fn flag_fall_in_a_dead_position_and_after_stalemate() {
    let g = game(Some("8/8/4k3/5b2/8/3BK3/8/8 w - - 0 60"), "");
    let r = claims::flag_fall(&g, None, Color::White, Edition::Laws2009).unwrap();
    assert_eq!((r.result, r.article), ("1/2-1/2", "5.2b, 9.6"));
    let g = game(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 60"), "");
    let r = claims::flag_fall(&g, None, Color::Black, Edition::Laws2018).unwrap();
    assert_eq!((r.result, r.article), ("1/2-1/2", "5.2.1"));
    let json = r.to_json();
    assert!(json.contains("\"result\": \"1/2-1/2\"") && json.contains("\"reason\""));
}

#[test]
fn flag_fall_after_an_automatic_draw() {
    let g = game(None, &[KNIGHTS_OUT_AND_BACK; 5].join(" "));
    let r = claims::flag_fall(&g, None, Color::White, Edition::Laws2018).unwrap();
    assert_eq!((r.result, r.article), ("1/2-1/2", "9.6.1"));
    let r = claims::flag_fall(&g, None, Color::White, Edition::Laws2009).unwrap();
    assert_eq!((r.result, r.article), ("0-1", "6.9"));
}

/// 9.2.1 / 9.3: a claim is correct if the written move makes it good or the position on the
/// board already does; a written move that does not is no reason to turn down a claim the
/// board makes good.
#[test]
fn a_written_move_does_not_undo_what_the_board_already_makes_good() {
    let g = game(None, &"g1f3 g8f6 f3g1 f6g8 ".repeat(2));
    let r = claim_intending(&g, ClaimKind::Any, Edition::Laws2018, "e2e4");
    assert_eq!((r.valid, r.article), (true, "9.2.1.2"), "{}", r.reason);
    assert!(
        r.reason
            .ends_with("(the claim needed no written move; 5.e4 was not what made it good)"),
        "{}",
        r.reason
    );
    let fifty = game(Some("4k3/8/8/8/8/8/4P3/R3K3 b - - 99 60"), "e8d8");
    let r = claim_intending(&fifty, ClaimKind::Fifty, Edition::Laws2014, "e2e4");
    assert_eq!((r.valid, r.article), (true, "9.3b"), "{}", r.reason);
    // Where the board does not make it good either, the written move's verdict stands.
    let twice = game(None, "g1f3 g8f6 f3g1 f6g8");
    let r = claim_intending(&twice, ClaimKind::Threefold, Edition::Laws2018, "e2e4");
    assert_eq!((r.valid, r.article), (false, "9.2.1.1"));
}

/// Counting from a game's first move, the count says so; from a FEN whose clock had run, it
/// says the count began before the recorded moves.
#[test]
fn the_fifty_move_count_says_where_it_began() {
    let g = game(None, "g1f3 g8f6 f3g1 f6g8");
    let r = claim(&g, ClaimKind::Fifty, Edition::Laws2018);
    assert!(
        r.reason.contains(
            "only 4 half-moves (2 moves) without a pawn move or capture since the start:"
        ),
        "{}",
        r.reason
    );
    let g = game(Some("4k3/8/8/8/8/8/4P3/R3K3 w - - 10 60"), "a1a2 e8d8");
    let r = claim(&g, ClaimKind::Fifty, Edition::Laws2018);
    assert!(
        r.reason.contains("since before the recorded moves"),
        "{}",
        r.reason
    );
}

/// A claim made after the game had ended by itself (fivefold, 75 moves, a dead position) is no
/// claim: the verdict says the game had ended, not "not valid" (which would let play go on).
#[test]
fn a_claim_after_an_automatic_end_says_the_game_had_ended() {
    let g = game(
        None,
        &format!("{}e2e4 e7e5", "g1f3 g8f6 f3g1 f6g8 ".repeat(4)),
    );
    let r = claim(&g, ClaimKind::Threefold, Edition::Laws2018);
    assert_eq!((r.valid, r.article), (false, "9.6.1"));
    assert!(
        r.reason.starts_with("the game had already ended: "),
        "{}",
        r.reason
    );
    assert!(
        r.to_string()
            .contains("Verdict: NO CLAIM, THE GAME HAD ENDED — Article 9.6.1"),
        "{r}"
    );
    // The same claim one repetition earlier is an ordinary one.
    let g = game(None, &"g1f3 g8f6 f3g1 f6g8 ".repeat(2));
    assert!(claim(&g, ClaimKind::Threefold, Edition::Laws2018)
        .to_string()
        .contains("Verdict: VALID"));
}

// ---------------------------------------------------------------- output

#[test]
fn text_json_and_svg_forms() {
    let g = game(None, "g1f3 g8f6 f3g1 f6g8");
    let r = claim(&g, ClaimKind::Threefold, Edition::Laws2018);
    let text = r.to_string();
    assert!(text.contains(
        "Verdict: NOT VALID — Article 9.2.1.2: the position occurred only twice: start, 2...Ng8"
    ));
    assert!(text.contains("♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"));
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["article"], "9.2.1.2");
    assert_eq!(v["edition"], "2018");
    assert_eq!(v["threefold"]["occurrences"][1]["label"], "2...Ng8");
    let svg = r.to_svg();
    assert_eq!(svg.matches("<rect").count(), 64);
    assert!(svg.contains("♚"));
    assert!(svg.contains("(not valid)"), "{svg}");
    // After a dead position no claim can be made: the caption says the game had ended, as the
    // text's verdict does, not that the claim was refused.
    let r = claim(
        &knight_taken("e1e2"),
        ClaimKind::Threefold,
        Edition::Laws2018,
    );
    assert!(r.to_string().contains("NO CLAIM, THE GAME HAD ENDED"));
    let svg = r.to_svg();
    assert!(
        svg.contains("(game had ended)") && !svg.contains("not valid"),
        "{svg}"
    );
}

// ---------------------------------------------------------------- dead positions before a claim

/// Bishop and knight each; White's bishop takes the knight on move 4 and is taken back (bare
/// kings), then `more` is played.
fn knight_taken(more: &str) -> GameRecord {
    game(
        Some("1n2k3/8/8/8/8/8/8/4KB2 w - - 0 1"),
        &format!("f1a6 b8c6 a6b7 c6b8 b7c8 b8d7 c8d7 e8d7 {more}"),
    )
}

/// A threefold claim made after the game had already ended in a dead position: every edition
/// says the game ended there (5.2b / 5.2.2), with the move, whatever was played after.
#[test]
fn a_claim_after_a_dead_position_says_the_game_had_already_ended() {
    let g = knight_taken("e1e2 d7e7 e2e1 e7d7 e1e2 d7e7 e2e1 e7d7");
    for e in Edition::ALL {
        let r = claim(&g, ClaimKind::Threefold, e);
        let end = r.ended_earlier.clone().expect("ended earlier");
        assert_eq!(end.rule, AutomaticRule::DeadPosition, "{e}");
        // King and bishop against a bare king is already dead, before the recapture.
        assert_eq!(end.at.label, "4.Bxd7+", "{e}");
        assert_eq!(
            end.article,
            e.article(scoresheet::laws::Rule::DeadPosition).unwrap()
        );
        assert!(r
            .to_string()
            .contains("the game had already ended by Article"));
    }
    // Before the capture the game was alive: a claim judged there finds no earlier end.
    let before = g.automatic_end(Edition::Laws2018, 5);
    assert!(before.is_none());
}

/// A flag that falls after the position went dead loses nothing: the game had ended.
#[test]
fn a_flag_fall_after_a_dead_position_is_a_draw_in_every_edition() {
    let g = knight_taken("e1e2");
    for e in Edition::ALL {
        let r = claims::flag_fall(&g, None, Color::Black, e).unwrap();
        assert_eq!(r.result, "1/2-1/2", "{e}");
        assert_eq!(r.ended_earlier.unwrap().at.label, "4.Bxd7+");
    }
}

/// 5.1.1 / 5.2.1: checkmate and stalemate end the game at once, so a claim made after the
/// mating or stalemating move is no claim at all — even with 50 quiet moves behind it, which
/// would make it valid in any other position. A mate on the 150th half-move stands against the
/// 75-move rule too (9.6b in 2014, 9.6.2 from 2018).
#[test]
fn no_claim_after_a_move_that_checkmated_or_stalemated() {
    let mate = game(Some("6k1/8/6K1/8/8/8/8/R7 w - - 99 80"), "a1a8");
    let stalemate = game(Some("7k/8/6K1/8/8/8/5Q2/8 w - - 99 70"), "f2f7");
    let quiet = game(Some("6k1/8/6K1/8/8/8/8/R7 w - - 99 80"), "a1a7");
    for edition in Edition::ALL {
        let r = claim(&mate, ClaimKind::Any, edition);
        assert!(!r.valid, "{edition:?}");
        assert!(r.article.starts_with("5.1"), "{edition:?}: {}", r.article);
        assert!(r.reason.contains("checkmated by 80.Ra8#"), "{}", r.reason);
        let r = claim(&stalemate, ClaimKind::Fifty, edition);
        assert!(!r.valid, "{edition:?}");
        assert!(r.article.starts_with("5.2"), "{edition:?}: {}", r.article);
        // The same fifty quiet moves without the mate: valid.
        assert!(
            claim(&quiet, ClaimKind::Fifty, edition).valid,
            "{edition:?}"
        );
    }
    let at_75 = game(Some("6k1/8/6K1/8/8/8/8/R7 w - - 149 80"), "a1a8");
    let r = claim(&at_75, ClaimKind::Any, Edition::Laws2014);
    assert_eq!((r.valid, r.article), (false, "5.1a"));
    let r = claim(&at_75, ClaimKind::Any, Edition::Laws2018);
    assert_eq!((r.valid, r.article), (false, "5.1.1"));
}

/// A stalemate on the 150th half-move without a pawn move or capture: both 5.2.1 and 9.6.2
/// draw the game by that move; the board's end is the one named, as `check` names it (only a
/// checkmate is given precedence by the text, and a stalemate ends the game by itself).
#[test]
fn a_stalemate_on_the_seventy_fifth_move_is_named_a_stalemate() {
    let g = game(Some("7k/8/5KQ1/8/8/8/8/8 w - - 149 80"), "f6f7");
    assert!(g.automatic_end(Edition::Laws2018, g.plies()).is_none());
    let r = claim(&g, ClaimKind::Any, Edition::Laws2018);
    assert_eq!(r.article, "5.2.1");
    assert!(r.reason.contains("stalemated by 80.Kf7"), "{}", r.reason);
}
