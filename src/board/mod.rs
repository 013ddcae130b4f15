//! The legality engine: squares, pieces, positions, legal moves, FEN and perft.
//!
//! ```
//! use scoresheet::board::{Color, Square};
//! assert_eq!(Square::E2.rank().relative_to(Color::Black).char(), '7');
//! ```

mod bitboard;
mod moves;
mod types;

pub use bitboard::{Bitboard, Squares};
pub use moves::{double_step_rank, CastlingSide, Move, MoveList, ParseUciError, Uci, MAX_MOVES};
pub use types::{Color, File, ParseTypeError, Piece, Rank, Role, Square};
