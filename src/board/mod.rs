//! The legality engine: squares, pieces, positions, legal moves, FEN and perft.
//!
//! ```
//! use scoresheet::board::{perft, Color, MoveList, Position, Square};
//! assert_eq!(Square::E2.rank().relative_to(Color::Black).char(), '7');
//! let pos = Position::new();
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 20);
//! assert_eq!(perft(&pos, 2), 400);
//! ```

pub mod attacks;
mod bitboard;
mod fen;
/// Geometry and magic numbers shared with `build.rs`.
#[allow(dead_code)] // parts are used only by build.rs and tests
mod geometry;
mod movegen;
mod moves;
mod perft;
mod position;
mod types;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use fen::{FenError, FenField, MAX_FULLMOVE, STARTING_FEN};
pub(crate) use movegen::{Collect, Sink};
pub use moves::{
    double_step_rank, CastlingSide, Move, MoveList, ParseUciError, Uci, UciText, MAX_MOVES,
};
#[cfg(test)]
pub(crate) use perft::random_suite;
pub use perft::{perft, perft_divide};
pub use position::{CastlingError, CastlingRights, IllegalMove, Position};
pub use types::{Color, File, ParseTypeError, Piece, Rank, Role, Square};
