//! Two scoresheets of one game (White's and Black's), reconciled.
//!
//! Each sheet is repaired on its own. Where the two games differ — each sheet's slips, gaps and
//! swaps read its own way — the plies where their moves differ are taken one by one from the
//! other game where that makes a cheaper game (or, where a slip put a piece on the wrong square
//! and the next moves differ because of it, together with the next few such plies), each
//! candidate priced by explaining *both* sheets by it, gaps and swaps included. So one sheet's
//! slip early on and the other sheet's gap later are both mended, though neither sheet alone
//! gives the game. The games each sheet alone finds about as plausible as its own are
//! recombined the same way. Where candidates cost about the same (within `tie_margin`), how
//! plausible their moves are (the prior's model, as for one sheet) is weighed in, and the others
//! are listed as alternatives. Each sheet's corrections are listed (marked with the sheet), and
//! so is every ply where the sheets disagree (each sheet lined up with the game as that
//! explanation reads it), with the sheet followed.

use super::prior::PriorMemo;
use super::report::{
    differences, place, Alternative, Disagreement, Repair, Stop, ALTERNATIVES_SHOWN,
};
use super::score::MoveReader;
use super::search::{alignment, explain, plausibility_gain, repair_and_others, RepairOptions};
use super::sheet::Sheet;
use crate::board::{Move, MoveList, Position};
use std::cell::RefCell;

/// Two games that differ at more plies than this are not recombined (they have little in
/// common): the better one is kept as it is.
const MAX_STRETCHES: usize = 32;

/// Repairs a game from White's and Black's scoresheets together: the game both support best.
/// Places where the sheets disagree are listed in [`Repair::disagreements`]; the corrections of
/// both sheets in [`Repair::corrections`] (`sheet` 1 or 2).
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{repair_two, RepairOptions, Sheet};
/// let white = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6");
/// let black = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 a6");
/// let r = repair_two(&white, &black, &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
/// assert_eq!(r.moves.len(), 6);
/// assert_eq!(r.disagreements.len(), 1);
/// assert_eq!(r.disagreements[0].at.ply, 5);
/// ```
pub fn repair_two(first: &Sheet, second: &Sheet, options: &RepairOptions<'_>) -> Repair {
    // Each sheet in its own letters ([`RepairOptions::second_letters`]).
    let second_options = RepairOptions {
        letters: options.second_letters.unwrap_or(options.letters),
        ..options.clone()
    };
    let (a, a_others) = repair_and_others(first, options);
    let (b, b_others) = repair_and_others(second, &second_options);
    let own = [a.clone(), b.clone()];
    let lined_up = LinedUp::new(first, second, [options, &second_options]);
    // Price each candidate game against both sheets, each read along the game as the search
    // reads it (a ply one sheet does not record costs a missing ply, not every word after it).
    let price = |game: &[Move]| -> f32 { lined_up.of(0, game).0 + lined_up.of(1, game).0 };
    let chosen = if a.moves == b.moves {
        // Both searches found this game: as sure as the surer sheet alone, with its doubts
        // (the other games that sheet cannot tell from this one).
        let mut chosen = if b.confidence > a.confidence { b } else { a };
        chosen.cost = price(&chosen.moves);
        chosen
    } else {
        // Each sheet's own game first, then the games either sheet alone cannot tell from its
        // own (the other sheet may).
        let mut games = vec![a.moves.clone(), b.moves.clone()];
        games.extend(a_others.into_iter().take(OTHERS_TRIED));
        games.extend(b_others.into_iter().take(OTHERS_TRIED));
        let r = recombine(&options.start, &games, &price, options);
        let explained = if r.game == a.moves || r.game == b.moves {
            None
        } else {
            (0..2)
                .map(|n| lined_up.explained(n, &r.game))
                .find(|e| e.moves == r.game)
        };
        let mut chosen = match explained {
            Some(e) => e,
            None if r.game == b.moves => b,
            // A recombined game that reads in full on neither sheet (its price counts the plies
            // past a sheet's end as missing): the first sheet's own game stays.
            None => a,
        };
        if chosen.moves != r.game {
            chosen.cost = price(&chosen.moves);
            return finish(chosen, &lined_up);
        }
        chosen.cost = r.price;
        chosen.confidence = r.confidence;
        chosen.alternatives = r
            .tied
            .iter()
            .take(ALTERNATIVES_SHOWN)
            .map(|(extra, game)| Alternative {
                extra_cost: *extra,
                sheet_extra_cost: extra.max(0.0),
                differences: differences(&options.start, options.letters, &r.game, game),
                letters: None,
            })
            .collect();
        chosen.alternatives_total = r.tied.len();
        chosen
    };
    let chosen = past_parting(chosen, own, &lined_up, &price);
    finish(chosen, &lined_up)
}

/// Where one sheet cannot be read along the chosen game from some ply on (the two sheets
/// record different games from there), nothing it writes after that ply may shape the game:
/// the other sheet's own game is taken instead, where that one reads to its end and agrees with
/// the chosen game before that ply. (A game that bends the sheet that reads on toward the words
/// of the one that does not — `4. c4` from the other sheet read as the first's `Sa4` — is
/// cheaper only because the words past the parting cost nothing.)
fn past_parting(
    chosen: Repair,
    own: [Repair; 2],
    lined_up: &LinedUp<'_, '_>,
    price: &dyn Fn(&[Move]) -> f32,
) -> Repair {
    if chosen.stop.is_some() {
        return chosen;
    }
    for n in 0..2 {
        let e = lined_up.explained(n, &chosen.moves);
        if e.stop.is_none() {
            continue;
        }
        let parting = e.moves.len();
        let [first, second] = own;
        let other = if n == 0 { second } else { first };
        let agrees = other.moves.get(..parting) == chosen.moves.get(..parting);
        if other.stop.is_none() && agrees && other.moves != chosen.moves {
            let mut kept = other;
            kept.cost = price(&kept.moves);
            return kept;
        }
        return chosen;
    }
    chosen
}

/// A game, and a sheet lined up with it: the cost and, per ply, the word read as its move.
type Aligned = (Vec<Move>, f32, Vec<Option<usize>>);

/// A game, and a sheet explained by it ([`explain`]).
type Explained = (Vec<Move>, Repair);

/// Both sheets, each lined up with the games asked about by [`alignment`] once: the games
/// priced while recombining include the one chosen, whose alignments the report needs again;
/// and each explained by the recombined game once ([`explain`]: the chosen game is explained by
/// a sheet to take that sheet's reading of it, and again for the report's corrections).
struct LinedUp<'s, 'o> {
    sheets: [&'s Sheet; 2],
    /// Per sheet: the options it is read with (its own letters).
    options: [&'s RepairOptions<'o>; 2],
    /// Per sheet: the games lined up so far, with the alignment's cost and words.
    done: [RefCell<Vec<Aligned>>; 2],
    /// Per sheet: the last game explained by it, and the explanation.
    explained: [RefCell<Option<Explained>>; 2],
}

impl<'s, 'o> LinedUp<'s, 'o> {
    fn new(first: &'s Sheet, second: &'s Sheet, options: [&'s RepairOptions<'o>; 2]) -> Self {
        LinedUp {
            sheets: [first, second],
            options,
            done: Default::default(),
            explained: Default::default(),
        }
    }

    /// Sheet `n` (0: the first) explained by `game` (see [`explain`]).
    fn explained(&self, n: usize, game: &[Move]) -> Repair {
        let slot = &self.explained[n & 1];
        if let Some((_, e)) = slot.borrow().as_ref().filter(|(g, _)| g == game) {
            return e.clone();
        }
        let e = explain(self.sheets[n & 1], self.options[n & 1], game);
        *slot.borrow_mut() = Some((game.to_vec(), e.clone()));
        e
    }

    /// Sheet `n` (0: the first) lined up with `game`: what that costs, and for each ply the
    /// word read as its move.
    fn of(&self, n: usize, game: &[Move]) -> (f32, Vec<Option<usize>>) {
        let done = &self.done[n & 1];
        if let Some((_, cost, words)) = done.borrow().iter().find(|(g, _, _)| g == game) {
            return (*cost, words.clone());
        }
        let (cost, words) = alignment(self.sheets[n & 1], self.options[n & 1], game);
        done.borrow_mut().push((game.to_vec(), cost, words.clone()));
        (cost, words)
    }
}

/// `chosen` with both sheets' corrections (as each sheet is explained by its game), its words
/// (the first sheet's) and the places where the sheets disagree.
fn finish(mut chosen: Repair, lined_up: &LinedUp<'_, '_>) -> Repair {
    let [first, second] = lined_up.sheets;
    let options = lined_up.options[0];
    let mut corrections = Vec::new();
    let stopped_before = chosen.stop.is_some();
    for n in 0..2 {
        let e = lined_up.explained(n, &chosen.moves);
        // A sheet that does not read along the game to its end (its words from some ply on
        // left unread) records another game from there: said as where the repair stops, not
        // passed over as a sure game.
        if let (None, Some(stop)) = (&chosen.stop, &e.stop) {
            let [which, other] = if n == 0 {
                ["first", "second"]
            } else {
                ["second", "first"]
            };
            chosen.stop = Some(Stop {
                reason: format!(
                    "the {which} sheet's words from here on do not read along this game: the two \
                     sheets record different games from here (the moves from here on are the \
                     {other} sheet's alone)"
                ),
                ..stop.clone()
            });
        }
        corrections.extend(e.corrections.into_iter().map(|mut c| {
            c.sheet = n as u8 + 1;
            c
        }));
    }
    corrections.sort_by_key(|c| (c.at.ply, c.sheet));
    if chosen.stop.is_some() && !stopped_before {
        // The sheets part: what the game costs is what its corrections cost (the price also
        // charged the parted sheet's words past the parting, which the report lists as unread).
        chosen.cost = corrections.iter().map(|c| c.cost).sum();
    }
    chosen.corrections = corrections;
    let readers = lined_up
        .options
        .map(|o| MoveReader::new(o.letters, o.costs));
    let (_, words) = lined_up.of(0, &chosen.moves);
    let (_, wb) = lined_up.of(1, &chosen.moves);
    // The moves a sheet wrote that belong to no ply (written twice, or never played), by the
    // ply they stand before: where only one sheet has them, the sheets disagree there too.
    let extras = |sheet: u8| -> Vec<(u32, String)> {
        chosen
            .corrections
            .iter()
            .filter(|c| c.sheet == sheet && matches!(c.kind, "ply_duplicate" | "ply_extra"))
            .filter_map(|c| Some((c.at.ply, c.written.clone()?)))
            .collect()
    };
    let lined = [
        Lined {
            sheet: first,
            words: &words,
            extras: extras(1),
        },
        Lined {
            sheet: second,
            words: &wb,
            extras: extras(2),
        },
    ];
    // Past the ply where one sheet stops reading along the game, its words line up with no
    // ply (they record another game): the stop says so, once, instead of a disagreement a ply
    // pairing words of two different games.
    let parted = chosen
        .stop
        .as_ref()
        .map_or(usize::MAX, |s| s.at.ply as usize);
    let agreed = chosen
        .moves
        .get(..parted.saturating_sub(1))
        .unwrap_or(&chosen.moves);
    chosen.disagreements = disagreements(&lined, agreed, &readers, options);
    chosen.words = words;
    // The game as the first sheet's is read (whichever sheet's search found it), and the
    // second sheet's letters where they are others.
    let [first_letters, second_letters] = lined_up.options.map(|o| o.letters.code());
    chosen.letters = first_letters.to_owned();
    chosen.second_letters = (second_letters != first_letters).then(|| second_letters.to_owned());
    chosen
}

/// One sheet lined up with the game: for each ply the word read as its move, and the words
/// read as no ply's move.
struct Lined<'a> {
    sheet: &'a Sheet,
    words: &'a [Option<usize>],
    /// The moves written that are no ply's (duplicates, moves never played), each with the
    /// ply it stands before (counted from 1, as [`super::Place::ply`]).
    extras: Vec<(u32, String)>,
}

impl Lined<'_> {
    /// What the sheet writes in each ply's place, in the sheet's order: the words read as the
    /// plies' moves, in the order they stand on the sheet (so that two moves written in each
    /// other's place show there as they were written), each index into the sheet's tokens.
    fn cells(&self) -> Vec<Option<usize>> {
        let mut order: Vec<usize> = self.words.iter().flatten().copied().collect();
        order.sort_unstable();
        let mut next = order.into_iter();
        self.words
            .iter()
            .map(|w| w.and_then(|_| next.next()))
            .collect()
    }
}

/// The game [`recombine`] chose, what it costs against both sheets, and the games about as
/// cheap (their extra cost, within `tie_margin`).
struct Recombined {
    game: Vec<Move>,
    price: f32,
    confidence: f32,
    tied: Vec<(f32, Vec<Move>)>,
}

/// The same move, whatever it takes (the games may differ in what stands on its square).
fn same_move(a: &Move, b: &Move) -> bool {
    a.to_uci(true) == b.to_uci(true)
}

/// The stretches where `a` and `b` differ: each ply whose moves differ, (ply, end in `a`, end in
/// `b`); where one game is longer, the last runs from the shorter one's end to each game's end.
fn stretches(a: &[Move], b: &[Move]) -> Vec<(usize, usize, usize)> {
    let common = a.len().min(b.len());
    let mut out: Vec<(usize, usize, usize)> = (0..common)
        .filter(|&i| !same_move(&a[i], &b[i]))
        .map(|i| (i, i + 1, i + 1))
        .collect();
    if a.len() != b.len() {
        out.push((common, a.len(), b.len()));
    }
    out
}

/// `a` with the stretches marked in `take_b` taken from `b`, replayed from `start`: each move is
/// the legal move from and to the same squares in the position the splice reaches; `None` where
/// one is not legal there.
fn spliced(
    start: &Position,
    a: &[Move],
    b: &[Move],
    stretches: &[(usize, usize, usize)],
    take_b: &[bool],
) -> Option<Vec<Move>> {
    let mut parts: Vec<&[Move]> = Vec::with_capacity(2 * stretches.len() + 1);
    let mut at = 0;
    for (&(from, end_a, end_b), &from_b) in stretches.iter().zip(take_b) {
        parts.push(a.get(at..from)?);
        parts.push(if from_b {
            b.get(from..end_b)?
        } else {
            a.get(from..end_a)?
        });
        at = end_a;
    }
    parts.push(a.get(at..)?);
    let mut pos = start.clone();
    let chess960 = pos.is_chess960();
    let mut out = Vec::with_capacity(a.len().max(b.len()));
    for m in parts.into_iter().flatten() {
        let legal = pos.from_uci(&m.to_uci(chess960))?;
        pos.play(&legal);
        out.push(legal);
    }
    Some(out)
}

/// How many of the other games each sheet alone explains about as well are recombined too.
const OTHERS_TRIED: usize = 3;

/// How many neighbouring stretches at most are taken from the other game together, where one
/// alone does not make a legal game (a piece written on the wrong square moves on from there).
const MAX_JOINED: usize = 8;

/// Recombines `games` (the first two: each sheet's own game; then other games either sheet
/// explains about as well): starting from the better of the first two, the stretches where it
/// differs from each other game in turn are taken from that game, one at a time (with the next
/// ones where it alone does not make a legal game), where that makes a better game: one that
/// `price`s lower, or, between games priced about the same (within `tie_margin`), lower once
/// the price is lessened by how much more plausible its moves are (by the prior's model, in nats
/// as the costs are).
fn recombine(
    start: &Position,
    games: &[Vec<Move>],
    price: &dyn Fn(&[Move]) -> f32,
    options: &RepairOptions<'_>,
) -> Recombined {
    let costs = options.costs;
    let memo = PriorMemo::new(costs);
    // Every game priced, and its price.
    let mut tried: Vec<(f32, Vec<Move>)> = Vec::new();
    let mut priced = |game: &[Move]| -> f32 {
        if let Some((p, _)) = tried.iter().find(|(_, g)| g == game) {
            return *p;
        }
        let p = price(game);
        tried.push((p, game.to_vec()));
        p
    };
    // Cheaper wins; between games about as cheap (within `tie_margin`), the price less how much
    // more plausible the game's moves are (nats both): where the two sheets each read their
    // own way at the same cost, the moves players play more often decide.
    let better = |p: f32, game: &[Move], than_p: f32, than: &[Move]| {
        if (p - than_p).abs() <= costs.tie_margin {
            let gain = plausibility_gain(start, game, than, &memo).unwrap_or(0.0);
            p - gain < than_p
        } else {
            p < than_p
        }
    };
    let (Some(a), Some(b)) = (games.first(), games.get(1)) else {
        let game = games.first().cloned().unwrap_or_default();
        let best = priced(&game);
        return Recombined {
            game,
            price: best,
            confidence: 1.0,
            tied: Vec::new(),
        };
    };
    let (pa, pb) = (priced(a), priced(b));
    let (mut game, mut best, other) = if better(pb, b, pa, a) {
        (b.clone(), pb, a)
    } else {
        (a.clone(), pa, b)
    };
    recombine_with(start, &mut game, &mut best, other, &mut priced, &better);
    for other in games.iter().skip(2) {
        recombine_with(start, &mut game, &mut best, other, &mut priced, &better);
    }
    // How sure: the chosen game's share of exp(-sharpness × price) among every game priced.
    let mass: f32 = tried
        .iter()
        .map(|(p, _)| (costs.confidence_sharpness * (best - p)).exp())
        .sum();
    let mut tied: Vec<(f32, Vec<Move>)> = tried
        .into_iter()
        .filter(|(p, g)| *g != game && *p <= best + costs.tie_margin)
        .map(|(p, g)| (p - best, g))
        .collect();
    tied.sort_by(|x, y| x.0.total_cmp(&y.0));
    Recombined {
        game,
        price: best,
        confidence: if mass > 0.0 { 1.0 / mass } else { 1.0 },
        tied,
    }
}

/// Whether a game at a price is better than another game at its price (see [`recombine`]).
type Better<'a> = dyn Fn(f32, &[Move], f32, &[Move]) -> bool + 'a;

/// Takes the stretches where `game` differs from `other` from `other`, one at a time (with the
/// next ones where one alone does not make a legal game), wherever that makes a `better` game.
fn recombine_with(
    start: &Position,
    game: &mut Vec<Move>,
    best: &mut f32,
    other: &[Move],
    priced: &mut dyn FnMut(&[Move]) -> f32,
    better: &Better<'_>,
) {
    let base = game.clone();
    let stretches = stretches(&base, other);
    if stretches.is_empty() || stretches.len() > MAX_STRETCHES {
        return;
    }
    let mut take = vec![false; stretches.len()];
    for k in 0..stretches.len() {
        for joined in 1..=MAX_JOINED.min(stretches.len() - k) {
            let mut flipped = take.clone();
            for f in &mut flipped[k..k + joined] {
                *f = !*f;
            }
            let Some(candidate) = spliced(start, &base, other, &stretches, &flipped) else {
                continue;
            };
            let p = priced(&candidate);
            if better(p, &candidate, *best, game) {
                *game = candidate;
                *best = p;
                take = flipped;
            }
            break;
        }
    }
}

/// Every ply where the two sheets (as each lines up with the game) do not both write exactly
/// the move played in its place: a word that reads otherwise or is missing, two moves written
/// in each other's place, a move written twice or never played (shown before the ply's word).
fn disagreements(
    lined: &[Lined<'_>; 2],
    game: &[Move],
    readers: &[MoveReader<'_>; 2],
    options: &RepairOptions<'_>,
) -> Vec<Disagreement> {
    let reader = &readers[0];
    let cells = [lined[0].cells(), lined[1].cells()];
    let mut pos = options.start.clone();
    let mut legal = MoveList::new();
    let mut out = Vec::new();
    for (ply, m) in game.iter().enumerate() {
        pos.legal_moves(&mut legal);
        // For each sheet: what it writes in the ply's place, and whether that is exactly the
        // move played (its word reads as it at no cost, with no extra move before it).
        let [(ta, exact_a), (tb, exact_b)] = [0, 1].map(|n| {
            let l = &lined[n];
            let word = cells[n]
                .get(ply)
                .copied()
                .flatten()
                .and_then(|t| l.sheet.tokens.get(t))
                .map(|t| t.text.to_string());
            let extra: Vec<&str> = l
                .extras
                .iter()
                .filter(|(p, _)| *p as usize == ply + 1)
                .map(|(_, w)| w.as_str())
                .collect();
            let exact = extra.is_empty()
                && word.as_deref().is_some_and(|w| {
                    let r = &readers[n];
                    r.score(&pos, &legal, m, &r.prepare(w)).cost == 0.0
                });
            let text = if extra.is_empty() {
                word
            } else {
                Some(
                    extra
                        .into_iter()
                        .chain(word.as_deref())
                        .collect::<Vec<_>>()
                        .join(" "),
                )
            };
            (text, exact)
        });
        if ta != tb && !(exact_a && exact_b) {
            let followed = match (exact_a, exact_b) {
                (true, false) => "first",
                (false, true) => "second",
                _ => "neither",
            };
            out.push(Disagreement {
                at: place(&pos, ply as u32),
                first: ta,
                second: tb,
                played: reader.short_text(&legal, m),
                followed,
            });
        }
        pos.play(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::LetterSet;

    /// The moves of `ucis` from the start position.
    fn game(ucis: &str) -> Vec<Move> {
        let mut pos = Position::new();
        ucis.split_whitespace()
            .map(|u| {
                let m = u.parse().ok().and_then(|u| pos.from_uci(&u));
                let m = m.unwrap_or_else(|| panic!("{u} is not legal here"));
                pos.play(&m);
                m
            })
            .collect()
    }

    /// A price that counts the plies where `game` differs from `truth` (and any length missing).
    fn distance_to(truth: &[Move]) -> impl Fn(&[Move]) -> f32 + '_ {
        move |g: &[Move]| {
            let differ = g.iter().zip(truth).filter(|(x, y)| x != y).count();
            (differ + g.len().abs_diff(truth.len())) as f32
        }
    }

    const RUY: &str = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7";

    #[test]
    fn each_sheet_mends_the_other_ones_stretch() {
        let options = RepairOptions::new(LetterSet::english());
        let truth = game(RUY);
        // One game went wrong at 4... (d6 for Nf6), the other at 3... (a5 for a6): neither is
        // the game, each holds what the other lacks.
        let a = game("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 d7d6 e1g1 f8e7");
        let b = game("e2e4 e7e5 g1f3 b8c6 f1b5 a7a5 b5a4 g8f6 e1g1 f8e7");
        assert_eq!(stretches(&a, &b), [(5, 6, 6), (7, 8, 8)]);
        let price = distance_to(&truth);
        let r = recombine(&Position::new(), &[a, b], &price, &options);
        assert_eq!(r.game, truth);
        assert_eq!(r.price, 0.0);
        // Every other game tried costs a whole ply more: none is tied, and the game found holds
        // most of the weight.
        assert!(r.tied.is_empty());
        assert!(r.confidence > 0.5, "{}", r.confidence);
    }

    #[test]
    fn a_piece_on_the_wrong_square_moves_on_with_its_stretch() {
        let options = RepairOptions::new(LetterSet::english());
        let truth = game(RUY);
        // 3. Bc4 and 4. Bb3 in one game: 3. Bb5 alone (then Bc4-b3) is not legal, so the two
        // plies come from the other game together; that game's own slip at 5... stays mended.
        let a = game("e2e4 e7e5 g1f3 b8c6 f1c4 a7a6 c4b3 g8f6 e1g1 f8e7");
        let b = game("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8c5");
        assert_eq!(stretches(&a, &b), [(4, 5, 5), (6, 7, 7), (9, 10, 10)]);
        assert!(spliced(
            &Position::new(),
            &a,
            &b,
            &stretches(&a, &b),
            &[true, false, false]
        )
        .is_none());
        let price = distance_to(&truth);
        let r = recombine(&Position::new(), &[a, b], &price, &options);
        assert_eq!(r.game, truth);
    }

    #[test]
    fn a_longer_game_is_one_stretch_at_the_end() {
        let a = game("e2e4 e7e5 g1f3 b8c6");
        let b = game("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
        assert_eq!(stretches(&a, &b), [(4, 4, 6)]);
        let all_b = spliced(&Position::new(), &a, &b, &stretches(&a, &b), &[true]);
        assert_eq!(all_b.as_deref(), Some(b.as_slice()));
        assert_eq!(stretches(&b, &a), [(4, 6, 4)]);
        assert!(stretches(&a, &a).is_empty());
    }
}
