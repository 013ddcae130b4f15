//! How plausible a move is as the one a writer left off the sheet. Where several legal moves
//! explain the sheet equally well (a quiet ply skipped, the words after it reading the same after
//! any of them), the kind of move players actually play there decides: a recapture on the square
//! the opponent just captured on, taking the piece just moved, the move that repeats the position,
//! castling, a check, moving the piece the last move attacked, any capture — before a move of no
//! such kind.
//!
//! Each kind has a weight `exp(discount × invented_weight)`, both data in
//! `grammars/repair-costs.tsv` (the discount is `ln` of how much more often real games play a move
//! of that kind than an ordinary move, per legal move of the kind; `invented_weight` how far the
//! search trusts that prior). Inventing move `m` costs `ply_missing + ln(mean weight of the
//! legal moves) - weighted discount(m)`: the prior shares out among the legal moves the same
//! chance of a ply being missing here that a flat `ply_missing` gave (where all moves are
//! ordinary, every one still costs `ply_missing`), so it decides which move is invented more than
//! whether one is.
//!
//! ```
//! use scoresheet::board::{MoveList, Position, Role, Square};
//! use scoresheet::reconstruct::{invented_costs, Costs, InventedKind};
//! // 1. e4 d5 2. exd5: the queen's recapture is the kind of move a writer leaves off.
//! let mut pos = Position::new();
//! let mut recent = [None; 4];
//! for uci in ["e2e4", "d7d5", "e4d5"] {
//!     let m = pos.from_uci(&uci.parse().unwrap()).unwrap();
//!     pos.play(&m);
//!     recent.rotate_right(1);
//!     recent[0] = Some(m);
//! }
//! let mut legal = MoveList::new();
//! pos.legal_moves(&mut legal);
//! let costs = Costs::standard();
//! let priced = invented_costs(&pos, &legal, &recent, costs);
//! let at = |role: Role, to: Square| {
//!     let k = legal.iter().position(|m| m.role() == role && m.to() == to).unwrap();
//!     priced[k]
//! };
//! let (kind, recapture) = at(Role::Queen, Square::D5);
//! assert_eq!(kind, InventedKind::Recapture);
//! let (kind, quiet) = at(Role::Pawn, Square::A6);
//! assert_eq!(kind, InventedKind::Ordinary);
//! assert!(recapture + 1.0 < quiet);
//! assert!(quiet > costs.ply_missing);
//! ```

use super::costs::Costs;
use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, ray, rook_attacks,
};
use crate::board::{Bitboard, Move, MoveList, Position, Role, MAX_MOVES};
use arrayvec::ArrayVec;

/// The kind of an invented move, for its plausibility: the first kind in this order that fits.
///
/// ```
/// use scoresheet::reconstruct::{Costs, InventedKind};
/// let costs = Costs::standard();
/// assert!(InventedKind::Repetition.discount(costs) > InventedKind::Capture.discount(costs));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InventedKind {
    /// A capture on the square where the opponent's last move captured.
    Recapture,
    /// A capture of the piece the opponent's last move moved (which captured nothing).
    TakesLastMoved,
    /// The move the same side played two moves before (the players repeat).
    Repetition,
    /// Any other capture.
    Capture,
    /// Castling.
    Castling,
    /// A move that gives check.
    Check,
    /// A move of a piece the opponent's last move attacks (the answer to a threat).
    Escape,
    /// None of these.
    Ordinary,
}

impl InventedKind {
    /// How much likelier than an ordinary move a move of this kind is, in nats (its weight is
    /// `exp` of this): the kind's `invented_*` line of the cost table, 0 for an ordinary move.
    ///
    /// ```
    /// use scoresheet::reconstruct::{Costs, InventedKind};
    /// let costs = Costs::standard();
    /// assert_eq!(InventedKind::Capture.discount(costs), costs.invented_capture);
    /// assert_eq!(InventedKind::Ordinary.discount(costs), 0.0);
    /// ```
    pub fn discount(self, costs: &Costs) -> f32 {
        match self {
            InventedKind::Recapture => costs.invented_recapture,
            InventedKind::TakesLastMoved => costs.invented_takes_last_moved,
            InventedKind::Repetition => costs.invented_repetition,
            InventedKind::Capture => costs.invented_capture,
            InventedKind::Castling => costs.invented_castling,
            InventedKind::Check => costs.invented_check,
            InventedKind::Escape => costs.invented_escape,
            InventedKind::Ordinary => 0.0,
        }
    }

    /// How the correction report names the kind (empty for an ordinary move).
    ///
    /// ```
    /// use scoresheet::reconstruct::InventedKind;
    /// assert_eq!(InventedKind::Recapture.describe(), "a recapture");
    /// assert_eq!(InventedKind::Ordinary.describe(), "");
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            InventedKind::Recapture => "a recapture",
            InventedKind::TakesLastMoved => "takes the piece just moved",
            InventedKind::Repetition => "repeats the move of two moves before",
            InventedKind::Capture => "a capture",
            InventedKind::Castling => "castling",
            InventedKind::Check => "a check",
            InventedKind::Escape => "moves a piece the last move attacked",
            InventedKind::Ordinary => "",
        }
    }
}

/// The kind of `m`, a legal move of `pos`, as a move invented for a ply the sheet does not
/// record. `recent` holds the moves played before `pos`, the latest first (`None` where the game
/// has fewer): `recent[0]` is the opponent's last move, `recent[3]` the mover's own move two
/// moves before.
///
/// ```
/// use scoresheet::board::{MoveList, Position};
/// use scoresheet::reconstruct::{invented_kind, InventedKind};
/// let pos = Position::new();
/// let mut legal = MoveList::new();
/// pos.legal_moves(&mut legal);
/// assert!(legal.iter().all(|m| invented_kind(&pos, m, &[None; 4]) == InventedKind::Ordinary));
/// ```
pub fn invented_kind(pos: &Position, m: &Move, recent: &[Option<Move>; 4]) -> InventedKind {
    if m.is_capture() {
        if let Some(last) = recent[0] {
            if m.to() == last.to() {
                return if last.is_capture() {
                    InventedKind::Recapture
                } else {
                    InventedKind::TakesLastMoved
                };
            }
        }
    }
    if recent[3] == Some(*m) {
        return InventedKind::Repetition;
    }
    if m.is_capture() {
        return InventedKind::Capture;
    }
    if m.castling_side().is_some() {
        return InventedKind::Castling;
    }
    if gives_check(pos, m) {
        return InventedKind::Check;
    }
    if let (Some(from), Some(last)) = (m.from(), recent[0]) {
        if pos
            .attackers_to(from, !pos.turn(), pos.occupied())
            .contains(last.to())
        {
            return InventedKind::Escape;
        }
    }
    InventedKind::Ordinary
}

/// The kind of each move of `legal` (the legal moves of `pos`) as a move invented for a ply the
/// sheet does not record, and the cost of inventing it (see the module doc); `recent` as for
/// [`invented_kind`].
///
/// ```
/// use scoresheet::board::{MoveList, Position};
/// use scoresheet::reconstruct::{invented_costs, Costs};
/// let pos = Position::new();
/// let mut legal = MoveList::new();
/// pos.legal_moves(&mut legal);
/// let costs = Costs::standard();
/// // Nothing to recapture, repeat or take at the start: every move costs a flat ply_missing.
/// let priced = invented_costs(&pos, &legal, &[None; 4], costs);
/// assert!(priced.iter().all(|&(_, c)| (c - costs.ply_missing).abs() < 1e-4));
/// ```
pub fn invented_costs(
    pos: &Position,
    legal: &MoveList,
    recent: &[Option<Move>; 4],
    costs: &Costs,
) -> ArrayVec<(InventedKind, f32), MAX_MOVES> {
    let mut out: ArrayVec<(InventedKind, f32), MAX_MOVES> = legal
        .iter()
        .map(|m| {
            let kind = invented_kind(pos, m, recent);
            (kind, kind.discount(costs) * costs.invented_weight)
        })
        .collect();
    let n = out.len().max(1) as f32;
    let mean_weight = out.iter().map(|&(_, d)| d.exp()).sum::<f32>() / n;
    let base = costs.ply_missing + mean_weight.max(1.0).ln();
    for (_, c) in out.iter_mut() {
        *c = (base - *c).max(0.0);
    }
    out
}

/// Whether `m`, a legal move of `pos`, gives check. The piece's own attack from its new square
/// decides most moves at once; a move from a line through the enemy king (a discovered check),
/// castling and en passant are played out on a copy of the position.
fn gives_check(pos: &Position, m: &Move) -> bool {
    let them = !pos.turn();
    let king = pos.king_of(them);
    if let Move::Normal {
        role,
        from,
        to,
        promotion,
        ..
    } = *m
    {
        let mut occupied = pos.occupied();
        occupied.discard(from);
        occupied.add(to);
        let attacks: Bitboard = match promotion.unwrap_or(role) {
            Role::Pawn => pawn_attacks(pos.turn(), to),
            Role::Knight => knight_attacks(to),
            Role::Bishop => bishop_attacks(to, occupied),
            Role::Rook => rook_attacks(to, occupied),
            Role::Queen => queen_attacks(to, occupied),
            Role::King => king_attacks(to),
        };
        if attacks.contains(king) {
            return true;
        }
        if ray(king, from).is_empty() {
            return false;
        }
    }
    let mut after = pos.clone();
    after.play(m);
    after.is_check()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut agrees with playing the move out, on every move two plies deep from the
    /// perft positions that are rich in checks, promotions, en passant and castling.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/3k4/8/8/3P4/R3K2R w KQ - 0 1",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
        ];
        let mut checks = 0;
        for fen in fens {
            let root = Position::from_fen(fen).expect("a perft position");
            let mut legal = MoveList::new();
            root.legal_moves(&mut legal);
            let mut positions = vec![root.clone()];
            for m in legal.iter() {
                let mut next = root.clone();
                next.play(m);
                positions.push(next);
            }
            for pos in &positions {
                pos.legal_moves(&mut legal);
                for m in legal.iter() {
                    let mut after = pos.clone();
                    after.play(m);
                    assert_eq!(
                        gives_check(pos, m),
                        after.is_check(),
                        "{} {m:?}",
                        pos.to_fen()
                    );
                    checks += u32::from(after.is_check());
                }
            }
        }
        assert!(checks > 100, "only {checks} checks seen");
    }
}
