//! What each legal move wins or loses in material, counting the best capture it leaves the other
//! side: the move's own gain, less the most the other side's best capture or promotion then wins
//! by the static exchange on its square (a mate counts more than any material). The
//! invented-move prior ([`super::prior`]) asks how far each move falls short of the position's
//! best by this measure: players seldom leave a piece to be taken, walk into a winning capture or
//! let a pawn promote, which the exchange on the move's own square alone does not show.
//!
//! ```
//! use scoresheet::board::{MoveList, Position};
//! use scoresheet::reconstruct::move_values;
//! // Black's pawn on f2 promotes unless White's rook takes it or guards f1.
//! let pos = Position::from_fen("8/8/2k5/8/8/7K/R4p2/8 w - - 0 1").unwrap();
//! let mut legal = MoveList::new();
//! pos.legal_moves(&mut legal);
//! let values = move_values(&pos, &legal);
//! let of = |uci: &str| values[legal.iter().position(|m| m.to_uci(false).to_string() == uci).unwrap()];
//! assert_eq!(of("a2f2"), 100); // the pawn taken
//! assert_eq!(of("a2a1"), 0); // f1=Q would be taken back
//! assert_eq!(of("a2a8"), -800); // the pawn becomes a queen
//! ```

use crate::board::{Bitboard, Move, MoveList, Position, Rank, Role, MAX_MOVES};
use arrayvec::ArrayVec;

/// Piece values for the exchanges, in centipawns (the king's: more than all the rest).
pub(crate) const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 300,
        Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 10_000,
    }
}

/// The value of giving mate.
const MATE: i32 = 10_000;

/// For each move of `legal` (the legal moves of `pos`), the material it wins (captured piece,
/// promotion), less the most the other side then wins with one capture or promotion and the
/// static exchange on its square; 10,000 for a mate. One exchange deep: a counter
/// capture elsewhere, a quiet threat or a mate by a move that takes nothing are not seen.
///
/// It costs a move generation per move (captures and promotions only) and one exchange per
/// capture: about 8 µs for all the moves of a position (the random perft suite's 6,838).
pub fn move_values(pos: &Position, legal: &MoveList) -> ArrayVec<i32, MAX_MOVES> {
    let mut after = pos.clone();
    let mut replies = MoveList::new();
    let last_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    legal
        .iter()
        .map(|m| {
            after.clone_from(pos);
            after.play(m);
            if after.is_check() && !after.has_legal_moves() {
                return MATE;
            }
            after.legal_moves_onto(after.by_color(!after.turn()) | last_ranks, &mut replies);
            let threat = replies
                .iter()
                .filter(|r| r.is_capture() || r.promotion().is_some())
                .map(|r| exchange(&after, r))
                .max()
                .unwrap_or(0)
                .max(0);
            gain(m) - threat
        })
        .collect()
}

/// What `m` wins before any reply, in centipawns: the piece it takes and what a promotion adds.
fn gain(m: &Move) -> i32 {
    m.capture().map_or(0, value) + m.promotion().map_or(0, |p| value(p) - value(Role::Pawn))
}

/// The material the mover of `m` (a legal move of `pos`) ends up with, in centipawns, when both
/// sides capture on the move's square with their cheapest piece for as long as it pays (a static
/// exchange evaluation; pins are not looked at).
pub(crate) fn exchange(pos: &Position, m: &Move) -> i32 {
    let (Some(from), to) = (m.from(), m.to()) else {
        return 0;
    };
    let mut occupied = pos.occupied();
    occupied.discard(from);
    if m.is_en_passant() {
        if let Some(victim) = to.offset(0, if pos.turn().is_white() { -1 } else { 1 }) {
            occupied.discard(victim);
        }
    }
    let mut on_square = value(m.promotion().unwrap_or(m.role()));
    let mut gains: ArrayVec<i32, 32> = ArrayVec::new();
    gains.push(gain(m));
    let mut side = !pos.turn();
    while !gains.is_full() {
        let attackers = pos.attackers_to(to, side, occupied) & occupied;
        let Some((sq, role)) = Role::ALL
            .iter()
            .find_map(|&r| (attackers & pos.by_role(r)).first().map(|sq| (sq, r)))
        else {
            break;
        };
        gains.push(on_square);
        on_square = value(role);
        occupied.discard(sq);
        side = !side;
    }
    // Backwards: each side captures only if what it gets beats stopping.
    let mut reply = 0;
    for &g in gains.iter().skip(1).rev() {
        reply = (g - reply).max(0);
    }
    gains.first().copied().unwrap_or(0) - reply
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values_of(fen: &str) -> Vec<(String, i32)> {
        let pos = Position::from_fen(fen).unwrap();
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let v = move_values(&pos, &legal);
        legal
            .iter()
            .map(|m| m.to_uci(false).to_string())
            .zip(v)
            .collect()
    }

    fn of(values: &[(String, i32)], uci: &str) -> i32 {
        values.iter().find(|(u, _)| u == uci).unwrap().1
    }

    #[test]
    fn a_piece_left_en_prise_is_lost() {
        // 1. e4 e5 2. Nf3 Nf6, Black to move: ...Ba3 is taken by the pawn or the knight, the
        // pawn on e5 is taken by Nxe5 unless it is defended.
        let v = values_of("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3");
        assert_eq!(of(&v, "f8a3"), -300);
        assert_eq!(of(&v, "f6g8"), -100);
        assert_eq!(of(&v, "b8c6"), 0);
        assert_eq!(of(&v, "f6e4"), 0); // a pawn each
                                       // One exchange deep: the counter-capture ...Nxe4 after a6 Nxe5 is not seen.
        assert_eq!(of(&v, "a7a6"), -100);
    }

    #[test]
    fn a_mate_in_one_is_worth_mate() {
        // Back-rank mate with the rook.
        let v = values_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(of(&v, "a1a8"), MATE);
        assert_eq!(of(&v, "a1a2"), 0);
    }

    #[test]
    fn the_exchange_counts_the_recaptures() {
        // White's Nxe5 wins a pawn; Black's knight defends it after ...Nc6.
        let pos =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let m = pos.from_uci(&"f3e5".parse().unwrap()).unwrap();
        assert_eq!(exchange(&pos, &m), -200);
    }
}
