//! Reconstruction: the legal game a faulty scoresheet most plausibly records, and an honest
//! account of every correction made to read it so.
//!
//! The sheet is read word by word ([`Sheet`]); each legal move in a position is scored against
//! the written word by a weighted edit distance that knows the notation and its slips
//! ([`MoveReader`], costs in `grammars/repair-costs.tsv`); a beam search over (position, word)
//! states adds the structural edits — a ply missing from the sheet, an extra ply, two plies
//! swapped, a move written twice — and keeps the cheapest game. The part of the sheet that reads
//! exactly is replayed without search; the search starts a few plies before the sheet stops being
//! legal.
//!
//! ```
//! use scoresheet::notation::LetterSet;
//! use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
//! let sheet = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6");
//! let mut options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
//! let clean = repair(&sheet, &options);
//! assert!(clean.corrections.is_empty());
//! assert_eq!(clean.moves.len(), 14);
//!
//! // The same game with the OCR's slips (4 read as d, 1 as l) and an English N.
//! let faulty = Sheet::read("1. e4 e5 2. Nf3 Jc6 3. Sb5 a6 4. Sad Jf6 5. 0-0 Se7 6. Vel b5 7. Sb3 d6");
//! let fixed = repair(&faulty, &options);
//! assert_eq!(fixed.moves, clean.moves);
//! assert!(fixed.corrections.iter().any(|c| c.written.as_deref() == Some("Vel")));
//! ```

mod costs;
mod prior;
mod report;
mod score;
mod search;
mod sheet;
mod tactics;
mod two;

/// The inline string type of [`Token::text`] and [`Repair::san`] (from `compact_str`): reads
/// as a `&str` (`as_str`, `Deref`), compares with `&str`.
///
/// ```
/// use scoresheet::reconstruct::{CompactString, Sheet};
/// let word: &CompactString = &Sheet::read("1. Jf3").tokens[1].text;
/// assert_eq!(word, "Jf3");
/// assert_eq!(word.as_str().len(), 3);
/// ```
pub use compact_str::CompactString;
pub use costs::{Costs, CostsError, REPAIR_COSTS_TSV};
pub use prior::{
    features_of_moves, invented_costs, invented_kind, move_features, move_squares,
    square_weight_index, Feature, InventedKind, SquareTable, FEATURE_COUNT, SQUARE_WEIGHTS,
};
pub(crate) use report::differences;
pub use report::{
    Alternative, AutomaticEnd, Correction, Difference, Disagreement, Place, Repair, Stop,
    ALTERNATIVES_SHOWN,
};
pub use score::{writes_coordinates, Edit, Form, MoveReader, PreparedWord, Score, MAX_WORD};
pub use search::{explain, repair, RepairOptions};
pub use sheet::{Sheet, Token, TokenKind};
pub use tactics::move_values;
pub use two::repair_two;
