//! National FIDE algebraic notation: letter sets, parsing what a scoresheet says, resolving it to a
//! legal move, printing moves in any letter set and style, and detecting the letter set of a game.
//!
//! | module | job |
//! |---|---|
//! | [`letters`] | the national letter table (`grammars/letters.tsv`) |
//! | [`written`] | the move grammar (`grammars/notation.ebnf`): what a move says |
//! | [`resolve`] | what it means in a position: one legal move, or the rule that failed |
//! | [`print`](mod@print) | any legal move in any letter set and style |
//! | [`detect`] | which letter set a game is written in |
//! | [`sheet`] | move lists in, games out (`scoresheet convert`) |
//!
//! ```
//! use scoresheet::board::Position;
//! use scoresheet::notation::{move_to_string, LetterSet, Policy, PrintOptions, WrittenMove};
//! let cs = LetterSet::by_code("cs").unwrap();
//! let pos = Position::new();
//! let mv = WrittenMove::parse("Jf3", cs).unwrap().resolve(&pos, Policy::Strict).unwrap().mv;
//! let hr = LetterSet::by_code("hr").unwrap();
//! assert_eq!(move_to_string(&pos, &mv, hr, &PrintOptions::fide()), "Sf3");
//! ```

pub mod detect;
pub mod letters;
pub mod plain;
pub mod print;
pub mod resolve;
pub mod sheet;
pub mod written;

pub use detect::{detect_letters, letters_used, AmbiguousLetters, Detection};
pub use letters::{LetterSet, LetterSetError};
pub use plain::read_plain_san;
pub use print::{move_to_string, write_move, PrintOptions, Style};
pub use resolve::{Policy, ResolveError, Resolved, Warning, Warnings};
pub use written::{
    Annotation, Assessment, Body, CastlingMark, CheckMark, ParseError, PromotionMark, Separator,
    Target, WrittenMove,
};
