//! PGN in and out: a streaming reader with a visitor API, a convenience [`Game`] tree and a
//! writer of the PGN export format.
//!
//! The reader never resolves moves: it hands move tokens over as text with their location, and
//! [`crate::notation`]-aware code resolves them later. Design priorities, in order: safe on
//! untrusted input (linear time, bounded nesting and token lengths, typed errors with locations),
//! correct on valid input, fast (no allocation per game in the visitor path), lenient on invalid
//! input (the spellings people actually use).
//!
//! ```
//! use scoresheet::pgn::Game;
//! let games = Game::read_all("[White \"Réti\"]\n\n1. Nf3 d5 2. c4 1-0".as_bytes());
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tag("White"), Some("Réti"));
//! assert_eq!(game.mainline.moves.len(), 3);
//! ```

pub mod game;
pub mod lexer;
pub mod mend;
pub mod reader;
pub mod split;
pub mod writer;

pub use game::{Comments, Game, Line, Node};
pub use reader::{
    ErrorKind, Limits, Location, Outcome, PgnError, Reader, SliceReader, TagValue, Visitor,
};
pub use writer::{write_game, MoveText, Writer};
