//! National FIDE algebraic notation: letter sets, parsing what a scoresheet says, resolving it to a
//! legal move, printing moves in any letter set and style, and detecting the letter set of a game.
//!
//! ```
//! use scoresheet::notation::{LetterSet, WrittenMove};
//! let w = WrittenMove::parse("Jbd2", LetterSet::by_code("cs").unwrap()).unwrap();
//! assert_eq!(w.role(), Some(scoresheet::board::Role::Knight));
//! ```

pub mod letters;
pub mod written;

pub use letters::{LetterSet, LetterSetError};
pub use written::{
    Annotation, Body, CastlingMark, CheckMark, ParseError, PromotionMark, Separator, Target,
    WrittenMove,
};
