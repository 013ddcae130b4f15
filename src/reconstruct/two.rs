//! Two scoresheets of one game (White's and Black's), reconciled.
//!
//! Each sheet is repaired on its own; where the two games differ, the game whose reading of
//! *both* sheets costs less is kept — each sheet is explained again by the other sheet's game
//! to price it, gaps and swaps included — and every ply where the sheets disagree (each sheet
//! lined up with the game as that explanation reads it) is listed with the sheet followed.

use super::report::{place, Disagreement, Repair};
use super::score::MoveReader;
use super::search::{alignment, repair, RepairOptions};
use super::sheet::Sheet;
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
    // Price each candidate game against both sheets, each read along the game as the search
    // reads it (a ply one sheet does not record costs a missing ply, not every word after it).
    let price = |game: &[Move]| -> f32 {
        alignment(first, options, game).0 + alignment(second, options, game).0
    };
    let mut chosen = if a.moves == b.moves || price(&a.moves) <= price(&b.moves) {
        a
    } else {
        b
    };
    let reader = MoveReader::new(options.letters, options.costs);
    let (_, words) = alignment(first, options, &chosen.moves);
    chosen.disagreements = disagreements(first, second, &chosen.moves, &words, &reader, options);
    chosen.words = words;
    for c in &mut chosen.corrections {
        c.sheet = 1;
    }
    chosen
}

/// Every ply where the two sheets' words (as each sheet lines up with the game) do not both
/// read exactly as the move played.
fn disagreements(
    first: &Sheet,
    second: &Sheet,
    game: &[Move],
    wa: &[Option<usize>],
    reader: &MoveReader<'_>,
    options: &RepairOptions<'_>,
) -> Vec<Disagreement> {
    let (_, wb) = alignment(second, options, game);
    let word = |sheet: &'_ Sheet, at: Option<usize>| -> Option<String> {
        at.and_then(|t| sheet.tokens.get(t))
            .map(|t| t.text.to_string())
    };
    let mut pos = options.start.clone();
    let mut legal = MoveList::new();
    let mut out = Vec::new();
    for (ply, m) in game.iter().enumerate() {
        pos.legal_moves(&mut legal);
        let ta = word(first, wa.get(ply).copied().flatten());
        let tb = word(second, wb.get(ply).copied().flatten());
        let cost = |w: &Option<String>| {
            w.as_deref()
                .map(|w| reader.score(&pos, &legal, m, &reader.prepare(w)).cost)
        };
        let (ca, cb) = (cost(&ta), cost(&tb));
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
