//! Two scoresheets of one game (White's and Black's), reconciled.
//!
//! Each sheet is repaired on its own; where the two games differ, the game whose reading of
//! *both* sheets costs less is kept — each sheet is read again along the other sheet's game to
//! price it — and every ply where the sheets disagree is listed with the sheet that was followed.

use super::report::{place, Disagreement, Repair};
use super::score::MoveReader;
use super::search::{repair, RepairOptions};
use super::sheet::{Sheet, TokenKind};
use crate::board::{Move, MoveList};

/// Repairs a game from White's and Black's scoresheets together: the game both support best.
/// Places where the sheets disagree are listed in [`Repair::disagreements`].
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
    let a = repair(first, options);
    let b = repair(second, options);
    let reader = MoveReader::new(options.letters, options.costs);
    // Price each candidate game against both sheets.
    let price = |game: &[Move]| -> f32 {
        along(first, game, &reader, options) + along(second, game, &reader, options)
    };
    let mut chosen = if a.moves == b.moves || price(&a.moves) <= price(&b.moves) {
        a
    } else {
        b
    };
    chosen.disagreements = disagreements(first, second, &chosen.moves, &reader, options);
    for c in &mut chosen.corrections {
        c.sheet = 1;
    }
    chosen
}

/// The words of a sheet that may be moves, in order.
fn move_words(sheet: &Sheet) -> Vec<&str> {
    sheet
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Move)
        .map(|t| t.text.as_str())
        .collect()
}

/// The cost of reading the sheet's move words, one per ply, along `game` (a word that reads
/// nothing cheaply costs a missing plus an extra ply).
fn along(
    sheet: &Sheet,
    game: &[Move],
    reader: &MoveReader<'_>,
    options: &RepairOptions<'_>,
) -> f32 {
    let words = move_words(sheet);
    let mut pos = options.start.clone();
    let mut legal = MoveList::new();
    let mut total = 0.0;
    let worst = options.costs.ply_missing + options.costs.ply_extra;
    for (ply, m) in game.iter().enumerate() {
        pos.legal_moves(&mut legal);
        let c = match words.get(ply) {
            Some(w) => reader
                .score_below(&pos, &legal, m, &reader.prepare(w), worst)
                .cost
                .min(worst),
            None => options.costs.ply_missing,
        };
        total += c;
        pos.play(m);
    }
    total + options.costs.ply_extra * words.len().saturating_sub(game.len()) as f32
}

/// Every ply where the two sheets' words do not both read exactly as the move played.
fn disagreements(
    first: &Sheet,
    second: &Sheet,
    game: &[Move],
    reader: &MoveReader<'_>,
    options: &RepairOptions<'_>,
) -> Vec<Disagreement> {
    let (wa, wb) = (move_words(first), move_words(second));
    let mut pos = options.start.clone();
    let mut legal = MoveList::new();
    let mut out = Vec::new();
    for (ply, m) in game.iter().enumerate() {
        pos.legal_moves(&mut legal);
        let cost =
            |w: Option<&&str>| w.map(|w| reader.score(&pos, &legal, m, &reader.prepare(w)).cost);
        let (ca, cb) = (cost(wa.get(ply)), cost(wb.get(ply)));
        let (ta, tb) = (wa.get(ply).copied(), wb.get(ply).copied());
        if ta != tb && !(ca == Some(0.0) && cb == Some(0.0)) {
            let followed = match (ca, cb) {
                (Some(x), Some(y)) if x == 0.0 && y > 0.0 => "first",
                (Some(x), Some(y)) if y == 0.0 && x > 0.0 => "second",
                (Some(0.0), None) => "first",
                (None, Some(0.0)) => "second",
                _ => "neither",
            };
            out.push(Disagreement {
                at: place(&pos, ply as u32),
                first: ta.map(str::to_owned),
                second: tb.map(str::to_owned),
                played: reader.short_text(&legal, m),
                followed,
            });
        }
        pos.play(m);
    }
    out
}
