//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move generator.

use super::moves::{Move, MoveList};
use super::position::Position;

/// The number of move sequences of length `depth` from `pos` (leaf nodes of the legal move
/// tree). Counts the last ply in bulk, without playing it.
///
/// ```
/// use scoresheet::board::{perft, Position};
/// assert_eq!(perft(&Position::new(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|m| {
                    let mut child = pos.clone();
                    child.apply(m);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by the first move: each legal move with the number of leaf nodes below it
/// (empty at depth 0).
///
/// ```
/// use scoresheet::board::{perft_divide, Position};
/// let divide = perft_divide(&Position::new(), 2);
/// assert_eq!(divide.len(), 20);
/// assert!(divide.iter().all(|(_, n)| *n == 20));
/// ```
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.apply(m);
            (*m, perft(&child, depth - 1))
        })
        .collect()
}

/// Every `every`-th position of the shared random perft suite (`../shared/data/perft/random.epd`,
/// 6,838 positions with pins, checks, promotions and en passant), for the crate's own tests.
#[cfg(test)]
pub(crate) fn random_suite(every: usize) -> Vec<Position> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/perft/random.epd"
    );
    let text = std::fs::read_to_string(path).expect("the shared perft suite");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .step_by(every)
        .map(|line| {
            let fen = line.split(';').next().unwrap_or_default().trim();
            Position::from_fen(&format!("{fen} 0 1")).expect("suite FEN")
        })
        .collect()
}
