//! How plausible a move is as the one a writer left off the sheet. Where several legal moves
//! explain the sheet equally well (a quiet ply skipped, the words after it reading the same after
//! any of them), the kind of move players actually play there decides: a recapture on the square
//! the opponent just captured on, taking the piece just moved, the move that repeats the position,
//! castling, a check, moving the piece the last move attacked, any capture — before a move of no
//! such kind.
//!
//! The plausibility of a move is a log-linear model (a multinomial logit over the legal moves of
//! the position): a weighted sum of its [`Feature`]s — the kinds above, whether the exchange the
//! move starts on its square wins or loses material, how far it falls short of the position's
//! best move in material once the other side's best capture is counted ([`move_values`]),
//! whether the piece was en prise, its role, direction and the phase of the game — with the
//! weights the cost table's `prior_` lines (`grammars/repair-costs.tsv`), plus a weight for the
//! square the piece goes to and the one it leaves, by role and phase ([`SquareTable`], the
//! table's `square` lines: players put a knight on f3 more often than on h3, a rook on the
//! seventh rank), all fitted together on real games by
//! `cargo run --release --example invent_prior`. In the first plies an opening book
//! (`grammars/opening-book.tsv`: what other games played from the same position) adds its
//! share of each move. Inventing move `m` costs `ply_missing - ln(n p(m))`, `p` the model's chance of
//! `m` among the `n` legal moves with every weight times `invented_weight` (how far the search
//! trusts the prior): the prior shares out among the legal moves the same chance of a ply being
//! missing here that a flat `ply_missing` gave, so it decides which move is invented more than
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
use super::tactics::{exchange, move_values, value};
use crate::board::attacks::{
    attacks, bishop_attacks, knight_attacks, queen_attacks, ray, rook_attacks,
};
use crate::board::{Bitboard, Color, Move, MoveList, Position, Role, Square, MAX_MOVES};
use arrayvec::ArrayVec;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The kind of an invented move, for its plausibility: the first kind in this order that fits.
///
/// How the correction report describes an invented move; its cost comes from its
/// [`Feature`]s.
///
/// ```
/// use scoresheet::reconstruct::InventedKind;
/// assert_ne!(InventedKind::Recapture, InventedKind::Capture);
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
/// let priced = invented_costs(&pos, &legal, &[None; 4], costs);
/// // The moves share out one ply_missing: their chances exp(-cost) average exp(-ply_missing).
/// let mean = priced.iter().map(|&(_, c)| (-c).exp()).sum::<f32>() / priced.len() as f32;
/// assert!((mean.ln() + costs.ply_missing).abs() < 1e-3);
/// ```
pub fn invented_costs(
    pos: &Position,
    legal: &MoveList,
    recent: &[Option<Move>; 4],
    costs: &Costs,
) -> ArrayVec<(InventedKind, f32), MAX_MOVES> {
    let ctx = Context::new(pos, recent);
    let mut out: ArrayVec<(InventedKind, f32), MAX_MOVES> = legal
        .iter()
        .map(|m| {
            let kind = invented_kind(pos, m, recent);
            (kind, costs.invented_weight * ctx.score(m, costs))
        })
        .collect();
    // ln of the mean of exp(score), shifted by the largest score so that nothing overflows.
    let (top, z) = top_and_exp_sum(out.iter().map(|&(_, s)| s));
    let n = out.len().max(1) as f32;
    let mean = z / n;
    let base = costs.ply_missing + top + mean.ln();
    for (_, c) in out.iter_mut() {
        *c = (base - *c).max(0.0);
    }
    out
}

/// The largest of `scores` and the sum of exp(score - largest): a log-sum-exp that cannot
/// overflow is `top + z.ln()`.
fn top_and_exp_sum(scores: impl Iterator<Item = f32> + Clone) -> (f32, f32) {
    let top = scores.clone().fold(f32::NEG_INFINITY, f32::max);
    let z = scores.map(|x| (x - top).exp()).sum();
    (top, z)
}

/// The log-probabilities the prior's model gives the legal moves of the positions already
/// looked at, for one cost table: what [`PriorMemo::difference`] works out once per position
/// however many games pass through it.
///
/// A ply's log-probability depends only on its position, the four moves before it and its
/// move. Where a sheet has many explanations that differ only here and there (two sheets
/// repaired together that disagree at plies 8 and 45, with many invented moves near the end),
/// the report weighs each of them against the game found over every ply between, and those
/// games pass through the same positions: on the noise bench's slowest such pair (seed 7,
/// `two sheets: mixed`, game 192) 1,629 comparisons scored the same positions again and
/// again, nine tenths of its 2.2 s.
pub(crate) struct PriorMemo<'c> {
    costs: &'c Costs,
    /// By position and the four moves before it: each legal move and its log-probability.
    seen: RefCell<HashMap<PlyContext, LogProbabilities>>,
}

/// What a ply's log-probability depends on besides its move: the position and the four moves
/// before it, the latest first.
type PlyContext = (Position, [Option<Move>; 4]);

/// Each legal move of a position and the log-probability the prior's model gives it there.
type LogProbabilities = Box<[(Move, f32)]>;

impl<'c> PriorMemo<'c> {
    /// An empty memo for the weights of `costs`.
    pub(crate) fn new(costs: &'c Costs) -> PriorMemo<'c> {
        PriorMemo {
            costs,
            seen: RefCell::new(HashMap::new()),
        }
    }

    /// The cost table whose weights the memo's log-probabilities use.
    pub(crate) fn costs(&self) -> &'c Costs {
        self.costs
    }

    /// The log-probability the prior's model gives `m` among the legal moves of `pos` (the
    /// moves before it `recent`, the latest first); `None` when `m` is not one of them.
    fn log_probability(&self, pos: &Position, recent: &[Option<Move>; 4], m: &Move) -> Option<f32> {
        let find = |moves: &[(Move, f32)]| moves.iter().find(|(l, _)| l == m).map(|&(_, p)| p);
        let key = (pos.clone(), *recent);
        if let Some(moves) = self.seen.borrow().get(&key) {
            return find(moves);
        }
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let ctx = Context::new(pos, recent);
        let scores: ArrayVec<f32, MAX_MOVES> =
            legal.iter().map(|l| ctx.score(l, self.costs)).collect();
        let (top, z) = top_and_exp_sum(scores.iter().copied());
        let ln_z = z.ln();
        let moves: LogProbabilities = legal
            .iter()
            .zip(&scores)
            .map(|(&l, &score)| (l, score - top - ln_z))
            .collect();
        let p = find(&moves);
        self.seen.borrow_mut().insert(key, moves);
        p
    }

    /// How much more plausible plies `from..to` of `game` are than the same plies of `than`
    /// (both played from `start`), as the moves players play: the difference of the sums of
    /// the log-probabilities the prior's model gives each ply's move among the legal moves of
    /// its position (the weights as fitted, not times `invented_weight`). Plies past a game's
    /// end, or a move not legal where it stands, end that game's sum. Where the two games have
    /// the same position, the same four moves before it and the same move (before the first
    /// difference, and where they meet again), the two terms are equal and are left out.
    pub(crate) fn difference(
        &self,
        start: &Position,
        game: &[Move],
        than: &[Move],
        from: usize,
        to: usize,
    ) -> f32 {
        /// One game's walk: its position, the moves before it, and its sum while it goes on.
        struct Walk {
            pos: Position,
            recent: [Option<Move>; 4],
            going: bool,
            sum: f32,
        }
        let walk = || Walk {
            pos: start.clone(),
            recent: [None; 4],
            going: true,
            sum: 0.0,
        };
        let (mut a, mut b) = (walk(), walk());
        for i in 0..to.min(game.len().max(than.len())) {
            let (ma, mb) = (game.get(i), than.get(i));
            let same = a.going
                && b.going
                && ma.is_some()
                && ma == mb
                && a.recent == b.recent
                && a.pos == b.pos;
            for (w, m) in [(&mut a, ma), (&mut b, mb)] {
                if !w.going {
                    continue;
                }
                let Some(m) = m else {
                    w.going = false;
                    continue;
                };
                if i >= from && !same {
                    match self.log_probability(&w.pos, &w.recent, m) {
                        Some(p) => w.sum += p,
                        None => {
                            w.going = false;
                            continue;
                        }
                    }
                }
                w.pos.play(m);
                w.recent.rotate_right(1);
                w.recent[0] = Some(*m);
            }
        }
        a.sum - b.sum
    }
}

/// How many features [`move_features`] gives a move.
pub const FEATURE_COUNT: usize = 44;

/// A feature of a move that bears on how likely players are to play it: what the plausibility
/// of an invented move is made of. Each has a weight, the cost table's `prior_` line of its
/// [`name`](Feature::name), measured on real games (`cargo run --release --example
/// invent_prior`). Most are 0 or 1; the ones measured in pawns or squares say so.
///
/// ```
/// use scoresheet::reconstruct::{Feature, FEATURE_COUNT};
/// assert_eq!(Feature::ALL.len(), FEATURE_COUNT);
/// assert_eq!(Feature::Recapture.name(), "recapture");
/// assert_eq!(Feature::from_name("hangs"), Some(Feature::Hangs));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// A capture on the square where the opponent's last move captured.
    Recapture,
    /// A capture of the piece the opponent's last move moved (which captured nothing).
    TakesLastMoved,
    /// The move the same side played two moves before.
    Repetition,
    /// The piece moved last time goes back where it came from.
    Undoes,
    /// Any capture.
    Capture,
    /// Castling.
    Castling,
    /// The move gives check.
    Check,
    /// A move of a piece the opponent's last move attacks.
    Escape,
    /// The piece moved stands en prise before the move (attacked by a cheaper piece, or attacked
    /// and not defended).
    EnPrise,
    /// The exchange the move starts on its square wins material (static exchange evaluation).
    Gains,
    /// How much that exchange wins, in pawns (at most 9).
    Gain,
    /// The exchange the move starts on its square loses material: the piece hangs.
    Hangs,
    /// How much that exchange loses, in pawns (at most 9).
    Loss,
    /// After the move the piece attacks an enemy piece worth more than itself (not the king).
    Threat,
    /// A knight move.
    Knight,
    /// A bishop move.
    Bishop,
    /// A rook move.
    Rook,
    /// A queen move.
    Queen,
    /// A king move other than castling.
    King,
    /// A piece (not a pawn) moves towards the opponent's side.
    Forward,
    /// A piece (not a pawn or king) moves back towards its own side.
    Backward,
    /// How many rings closer to the centre a piece (not a pawn or king) comes (-3 to 3).
    Centre,
    /// A knight or bishop leaves its back rank, times the opening phase.
    Develops,
    /// A king move other than castling, times the opening phase.
    KingEarly,
    /// A queen move, times the opening phase.
    QueenEarly,
    /// A pawn move, times the opening phase.
    PawnEarly,
    /// A move of an a- or h-pawn.
    EdgePawn,
    /// A pawn's double step.
    DoubleStep,
    /// A move of a passed pawn, times the endgame phase.
    PassedPawn,
    /// A promotion.
    Promotion,
    /// The piece the side moved last time moves again.
    SamePiece,
    /// How many rings closer to the centre the king comes, times the endgame phase.
    KingCentre,
    /// How many more squares the piece (not a pawn or king) attacks from its new square than
    /// from its old one, in tens.
    Mobility,
    /// How far (in king steps, 0 to 7) the move lands from where the opponent's last move did:
    /// players answer near it.
    FarFromLast,
    /// How far the moved piece starts from where the side's own last move landed (0 to 7).
    FarFromOwn,
    /// How many king steps closer to the enemy king the piece (not the king) comes.
    TowardsKing,
    /// A rook moves onto a file without pawns of its own side.
    OpenFile,
    /// An underpromotion (to a knight, bishop or rook).
    Underpromotion,
    /// How much the move saves, in pawns (at most 9): the most valuable of the mover's other
    /// pieces en prise before the move, less the most valuable en prise after it (a piece
    /// defended, an attacker blocked or taken).
    Rescues,
    /// How much the move abandons, in pawns (at most 9): the most valuable of the mover's other
    /// pieces en prise after the move, less the most valuable en prise before it (a defender
    /// walks away, a line opens).
    Abandons,
    /// The share of the opening book's games that played the move from this position (0 to 1;
    /// 0 where the position is not in the book: `grammars/opening-book.tsv`).
    BookShare,
    /// The position is in the opening book and the move is not (fewer than two of its games
    /// played it).
    OutOfBook,
    /// How far the move falls short of the position's best in material, in pawns (0 to 9),
    /// counting the best capture or promotion it leaves the other side, one exchange deep
    /// ([`move_values`]): a piece left to be taken, a pawn let through to promote.
    Shortfall,
    /// The move is (one of) the position's best in material by that measure.
    BestMaterial,
}

impl Feature {
    /// Every feature, in the order of [`move_features`]'s array.
    pub const ALL: [Feature; FEATURE_COUNT] = [
        Feature::Recapture,
        Feature::TakesLastMoved,
        Feature::Repetition,
        Feature::Undoes,
        Feature::Capture,
        Feature::Castling,
        Feature::Check,
        Feature::Escape,
        Feature::EnPrise,
        Feature::Gains,
        Feature::Gain,
        Feature::Hangs,
        Feature::Loss,
        Feature::Threat,
        Feature::Knight,
        Feature::Bishop,
        Feature::Rook,
        Feature::Queen,
        Feature::King,
        Feature::Forward,
        Feature::Backward,
        Feature::Centre,
        Feature::Develops,
        Feature::KingEarly,
        Feature::QueenEarly,
        Feature::PawnEarly,
        Feature::EdgePawn,
        Feature::DoubleStep,
        Feature::PassedPawn,
        Feature::Promotion,
        Feature::SamePiece,
        Feature::KingCentre,
        Feature::Mobility,
        Feature::FarFromLast,
        Feature::FarFromOwn,
        Feature::TowardsKing,
        Feature::OpenFile,
        Feature::Underpromotion,
        Feature::Rescues,
        Feature::Abandons,
        Feature::BookShare,
        Feature::OutOfBook,
        Feature::Shortfall,
        Feature::BestMaterial,
    ];

    /// The feature's name: its weight is the cost table's line `prior_` + name.
    ///
    /// ```
    /// use scoresheet::reconstruct::Feature;
    /// assert_eq!(Feature::TakesLastMoved.name(), "takes_last_moved");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Recapture => "recapture",
            Feature::TakesLastMoved => "takes_last_moved",
            Feature::Repetition => "repetition",
            Feature::Undoes => "undoes",
            Feature::Capture => "capture",
            Feature::Castling => "castling",
            Feature::Check => "check",
            Feature::Escape => "escape",
            Feature::EnPrise => "en_prise",
            Feature::Gains => "gains",
            Feature::Gain => "gain",
            Feature::Hangs => "hangs",
            Feature::Loss => "loss",
            Feature::Threat => "threat",
            Feature::Knight => "knight",
            Feature::Bishop => "bishop",
            Feature::Rook => "rook",
            Feature::Queen => "queen",
            Feature::King => "king",
            Feature::Forward => "forward",
            Feature::Backward => "backward",
            Feature::Centre => "centre",
            Feature::Develops => "develops",
            Feature::KingEarly => "king_early",
            Feature::QueenEarly => "queen_early",
            Feature::PawnEarly => "pawn_early",
            Feature::EdgePawn => "edge_pawn",
            Feature::DoubleStep => "double_step",
            Feature::PassedPawn => "passed_pawn",
            Feature::Promotion => "promotion",
            Feature::SamePiece => "same_piece",
            Feature::KingCentre => "king_centre",
            Feature::Mobility => "mobility",
            Feature::FarFromLast => "far_from_last",
            Feature::FarFromOwn => "far_from_own",
            Feature::TowardsKing => "towards_king",
            Feature::OpenFile => "open_file",
            Feature::Underpromotion => "underpromotion",
            Feature::Rescues => "rescues",
            Feature::Abandons => "abandons",
            Feature::BookShare => "book_share",
            Feature::OutOfBook => "out_of_book",
            Feature::Shortfall => "shortfall",
            Feature::BestMaterial => "best_material",
        }
    }

    /// The feature of this name, if there is one.
    ///
    /// ```
    /// use scoresheet::reconstruct::Feature;
    /// assert_eq!(Feature::from_name("check"), Some(Feature::Check));
    /// assert_eq!(Feature::from_name("brilliancy"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.iter().copied().find(|f| f.name() == name)
    }
}

/// A square table of the prior: a weight for each square, by the role of the piece moved, for the
/// square a move goes to or the square it comes from, in the opening or in the endgame. The two
/// phases are mixed by the material on the board (as for [`Feature::Develops`]: all of the
/// opening's weight with every piece on, all of the endgame's with none but kings and pawns).
/// Squares are seen from the mover's side — rank 1 is the mover's own back rank — so one table
/// serves both colours. The weights are the cost table's `square` lines, fitted with the `prior_`
/// lines (`cargo run --release --example invent_prior`).
///
/// ```
/// use scoresheet::reconstruct::SquareTable;
/// assert_eq!(SquareTable::ALL.len(), 4);
/// assert_eq!(SquareTable::ToOpening.name(), "to opening");
/// assert_eq!(SquareTable::from_name("from endgame"), Some(SquareTable::FromEndgame));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareTable {
    /// The square the piece moves to, in the opening.
    ToOpening,
    /// The square the piece moves to, in the endgame.
    ToEndgame,
    /// The square the piece leaves, in the opening.
    FromOpening,
    /// The square the piece leaves, in the endgame.
    FromEndgame,
}

impl SquareTable {
    /// Every table, in the order of the square weights.
    pub const ALL: [SquareTable; 4] = [
        SquareTable::ToOpening,
        SquareTable::ToEndgame,
        SquareTable::FromOpening,
        SquareTable::FromEndgame,
    ];

    /// The table's name in the cost table's `square` lines.
    ///
    /// ```
    /// use scoresheet::reconstruct::SquareTable;
    /// assert_eq!(SquareTable::FromOpening.name(), "from opening");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            SquareTable::ToOpening => "to opening",
            SquareTable::ToEndgame => "to endgame",
            SquareTable::FromOpening => "from opening",
            SquareTable::FromEndgame => "from endgame",
        }
    }

    /// The table of this name, if there is one.
    ///
    /// ```
    /// use scoresheet::reconstruct::SquareTable;
    /// assert_eq!(SquareTable::from_name("to endgame"), Some(SquareTable::ToEndgame));
    /// assert_eq!(SquareTable::from_name("to middlegame"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<SquareTable> {
        SquareTable::ALL.iter().copied().find(|t| t.name() == name)
    }
}

/// How many weights the square tables hold: 64 squares for each table and role.
pub const SQUARE_WEIGHTS: usize = SquareTable::ALL.len() * Role::ALL.len() * 64;

/// Where the weight of `square` (seen from the mover's side) for a piece of `role` stands among
/// the [`SQUARE_WEIGHTS`] of the square tables.
///
/// ```
/// use scoresheet::board::{Role, Square};
/// use scoresheet::reconstruct::{square_weight_index, SquareTable, SQUARE_WEIGHTS};
/// assert_eq!(square_weight_index(SquareTable::ToOpening, Role::Pawn, Square::A1), 0);
/// assert_eq!(
///     square_weight_index(SquareTable::FromEndgame, Role::King, Square::H8),
///     SQUARE_WEIGHTS - 1
/// );
/// ```
pub fn square_weight_index(table: SquareTable, role: Role, square: Square) -> usize {
    (table as usize * Role::ALL.len() + role.index()) * 64 + square.index()
}

/// The square weights that bear on `m`, a legal move of `pos`: for each [`SquareTable`], in the
/// order of [`SquareTable::ALL`], the index of its weight ([`square_weight_index`]) and how much
/// that weight counts (the phase of the game). The move's score is the sum of the weights times
/// their shares.
///
/// ```
/// use scoresheet::board::{Position, Role, Square};
/// use scoresheet::reconstruct::{move_squares, square_weight_index, SquareTable};
/// // Black's 1... Nf6 is seen from Black's side: the knight goes to "f3" of its own tables.
/// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
/// let m = pos.from_uci(&"g8f6".parse().unwrap()).unwrap();
/// let squares = move_squares(&pos, &m);
/// assert_eq!(squares[0], (square_weight_index(SquareTable::ToOpening, Role::Knight, Square::F3), 1.0));
/// assert_eq!(squares[1].1, 0.0); // no endgame with every piece on
/// ```
pub fn move_squares(pos: &Position, m: &Move) -> [(usize, f32); 4] {
    Context::new(pos, &[None; 4]).squares(m)
}

/// The features of `m`, a legal move of `pos`, indexed as [`Feature::ALL`]; `recent` as for
/// [`invented_kind`].
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::reconstruct::{move_features, Feature};
/// // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6: 4. Ng5 attacks f7; 4. Bxf7+ gives the bishop away.
/// let pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
/// let sac = pos.from_uci(&"c4f7".parse().unwrap()).unwrap();
/// let f = move_features(&pos, &sac, &[None; 4]);
/// let at = |x: Feature| f[Feature::ALL.iter().position(|&y| y == x).unwrap()];
/// assert_eq!(at(Feature::Check), 1.0);
/// assert_eq!(at(Feature::Hangs), 1.0);
/// assert_eq!(at(Feature::Loss), 2.0); // a bishop for a pawn
/// ```
pub fn move_features(pos: &Position, m: &Move, recent: &[Option<Move>; 4]) -> [f32; FEATURE_COUNT] {
    Context::new(pos, recent).features(m)
}

/// The features of each move of `legal` (the legal moves of `pos`), as [`move_features`] gives
/// them one by one, but with what the moves share worked out once.
///
/// ```
/// use scoresheet::board::{MoveList, Position};
/// use scoresheet::reconstruct::{features_of_moves, move_features};
/// let pos = Position::new();
/// let mut legal = MoveList::new();
/// pos.legal_moves(&mut legal);
/// let all = features_of_moves(&pos, &legal, &[None; 4]);
/// assert_eq!(all[3], move_features(&pos, &legal[3], &[None; 4]));
/// ```
pub fn features_of_moves(
    pos: &Position,
    legal: &MoveList,
    recent: &[Option<Move>; 4],
) -> Vec<[f32; FEATURE_COUNT]> {
    let ctx = Context::new(pos, recent);
    legal.iter().map(|m| ctx.features(m)).collect()
}

/// What the features of all the moves of one position share.
struct Context<'p> {
    pos: &'p Position,
    recent: &'p [Option<Move>; 4],
    /// 1 with all the pieces on the board, 0 with none but kings and pawns.
    opening: f32,
    /// The position's entry in the opening book, if it has one.
    book: Option<&'static BookEntry>,
    /// The mover's pieces en prise before any move, with their values.
    en_prise_before: ArrayVec<(Square, i32), 64>,
    /// Each legal move with what it wins in material ([`move_values`]), and the best of them:
    /// worked out when the first move's features are (the squares and the exchange of one move
    /// need none of it).
    material: OnceCell<(ArrayVec<(Move, i32), MAX_MOVES>, i32)>,
}

/// The opening book as shipped in `grammars/opening-book.tsv`: for each position reached by
/// many games in their first plies, the moves they played (written by `cargo run --release
/// --example opening_book` from games the noise bench does not use).
pub const OPENING_BOOK_TSV: &str = include_str!("../../grammars/opening-book.tsv");

/// A position of the opening book: how many games reached it and how many played each move.
/// The moves stay as the book writes them (`uci count uci count ...`) until one is looked up:
/// a repair looks up a few positions at most, and reading every line's moves at start-up was
/// most of what a one-sheet `repair` run cost.
struct BookEntry {
    games: u32,
    moves: &'static str,
}

impl BookEntry {
    /// The moves and how many games played each, as written; `None` for a pair that does not
    /// read (a test checks that every pair of the shipped book reads).
    fn moves(&self) -> impl Iterator<Item = Option<(&'static str, u32)>> {
        let mut words = self.moves.split_ascii_whitespace();
        std::iter::from_fn(move || {
            let uci = words.next()?;
            Some(words.next().and_then(|n| n.parse().ok()).map(|n| (uci, n)))
        })
    }

    /// How many of the book's games played `uci` from this position (0 if not listed).
    fn played(&self, uci: &str) -> u32 {
        self.moves()
            .flatten()
            .find(|&(u, _)| u == uci)
            .map_or(0, |(_, n)| n)
    }
}

/// The opening book, parsed once and keyed by the positions' Zobrist keys. A line that does not
/// read is left out (a test checks that every line of the shipped book reads).
fn opening_book() -> &'static HashMap<u64, BookEntry> {
    static BOOK: OnceLock<HashMap<u64, BookEntry>> = OnceLock::new();
    BOOK.get_or_init(|| {
        OPENING_BOOK_TSV
            .lines()
            .filter_map(book_line)
            .map(|(pos, entry)| (pos.zobrist(), entry))
            .collect()
    })
}

/// One line of the opening book: `FEN <TAB> games <TAB> uci count uci count ...` (the FEN
/// without its move counters).
fn book_line(line: &'static str) -> Option<(Position, BookEntry)> {
    if line.starts_with('#') {
        return None;
    }
    let mut cols = line.split('\t');
    let pos = Position::from_fen(cols.next()?).ok()?;
    let games: u32 = cols.next()?.parse().ok()?;
    let moves = cols.next()?;
    (games > 0).then_some((pos, BookEntry { games, moves }))
}

/// The ring of the board a square is on: 0 for the four centre squares, 3 for the edge.
fn ring(sq: Square) -> i32 {
    let f = 2 * sq.file().index() as i32 - 7;
    let r = 2 * sq.rank().index() as i32 - 7;
    (f.abs().max(r.abs()) - 1) / 2
}

impl<'p> Context<'p> {
    fn new(pos: &'p Position, recent: &'p [Option<Move>; 4]) -> Context<'p> {
        let material = pos.by_role(Role::Knight).count()
            + pos.by_role(Role::Bishop).count()
            + 2 * pos.by_role(Role::Rook).count()
            + 4 * pos.by_role(Role::Queen).count();
        Context {
            pos,
            recent,
            opening: material.min(24) as f32 / 24.0,
            book: opening_book().get(&pos.zobrist()),
            en_prise_before: pieces_en_prise(pos, pos.turn()),
            material: OnceCell::new(),
        }
    }

    /// Each legal move with what it wins in material, and the best of them (see `material`).
    fn material(&self) -> &(ArrayVec<(Move, i32), MAX_MOVES>, i32) {
        self.material.get_or_init(|| {
            let mut legal = MoveList::new();
            self.pos.legal_moves(&mut legal);
            let values: ArrayVec<(Move, i32), MAX_MOVES> = legal
                .iter()
                .copied()
                .zip(move_values(self.pos, &legal))
                .collect();
            let best = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
            (values, best)
        })
    }

    /// The square weights of `m` and their shares (see [`move_squares`]).
    fn squares(&self, m: &Move) -> [(usize, f32); 4] {
        let turn = self.pos.turn();
        let to = m.to().relative_to(turn);
        let from = m.from().map_or(to, |sq| sq.relative_to(turn));
        let role = m.role();
        let (opening, endgame) = (self.opening, 1.0 - self.opening);
        [
            (
                square_weight_index(SquareTable::ToOpening, role, to),
                opening,
            ),
            (
                square_weight_index(SquareTable::ToEndgame, role, to),
                endgame,
            ),
            (
                square_weight_index(SquareTable::FromOpening, role, from),
                opening,
            ),
            (
                square_weight_index(SquareTable::FromEndgame, role, from),
                endgame,
            ),
        ]
    }

    /// The plausibility score of `m` (see [`invented_costs`]): its features and its squares
    /// weighed by the cost table.
    fn score(&self, m: &Move, costs: &Costs) -> f32 {
        let features = self.features(m);
        let by_features: f32 = features
            .iter()
            .zip(costs.prior.iter())
            .map(|(f, w)| f * w)
            .sum();
        let by_squares: f32 = self
            .squares(m)
            .iter()
            .map(|&(i, share)| share * costs.prior_squares.get(i).copied().unwrap_or(0.0))
            .sum();
        by_features + by_squares
    }

    fn features(&self, m: &Move) -> [f32; FEATURE_COUNT] {
        let mut f = [0.0f32; FEATURE_COUNT];
        let mut set = |x: Feature, v: f32| {
            if let Some(slot) = f.get_mut(x as usize) {
                *slot = v;
            }
        };
        let pos = self.pos;
        let us = pos.turn();
        let them = !us;
        let last = self.recent[0];
        let own_last = self.recent[1];
        let on = |b: bool| if b { 1.0 } else { 0.0 };
        if m.is_capture() {
            set(Feature::Capture, 1.0);
            if let Some(last) = last {
                if m.to() == last.to() {
                    if last.is_capture() {
                        set(Feature::Recapture, 1.0);
                    } else {
                        set(Feature::TakesLastMoved, 1.0);
                    }
                }
            }
        }
        set(Feature::Repetition, on(self.recent[3] == Some(*m)));
        set(Feature::Check, on(gives_check(pos, m)));
        if let Some(book) = &self.book {
            match book.played(m.to_uci(false).text().as_str()) {
                0 => set(Feature::OutOfBook, 1.0),
                games => set(Feature::BookShare, games as f32 / book.games as f32),
            }
        }
        let (values, best) = self.material();
        if let Some(&(_, v)) = values.iter().find(|(l, _)| l == m) {
            set(Feature::Shortfall, ((best - v) as f32 / 100.0).min(9.0));
            set(Feature::BestMaterial, on(v >= *best));
        }
        if m.castling_side().is_some() {
            set(Feature::Castling, 1.0);
            return f;
        }
        let Some(from) = m.from() else {
            return f;
        };
        let to = m.to();
        let role = m.role();
        if let Some(last) = last {
            set(Feature::FarFromLast, to.distance(last.to()) as f32);
        }
        if let Some(own) = own_last {
            set(Feature::FarFromOwn, from.distance(own.to()) as f32);
            set(Feature::SamePiece, on(own.to() == from));
            set(
                Feature::Undoes,
                on(own.to() == from && own.from() == Some(to)),
            );
        }
        if let Some(last) = last {
            if pos
                .attackers_to(from, them, pos.occupied())
                .contains(last.to())
            {
                set(Feature::Escape, 1.0);
            }
        }
        set(Feature::EnPrise, on(self.en_prise(from, role)));
        let exchange = self.exchange(m);
        if exchange > 0 {
            set(Feature::Gains, 1.0);
            set(Feature::Gain, (exchange as f32 / 100.0).min(9.0));
        } else if exchange < 0 {
            set(Feature::Hangs, 1.0);
            set(Feature::Loss, (-exchange as f32 / 100.0).min(9.0));
        }
        set(Feature::Threat, on(self.threatens(m, from, to, role)));
        let mut after = pos.clone();
        after.play(m);
        let before = most_valuable_except(&self.en_prise_before, from);
        let later = most_valuable_except(&pieces_en_prise(&after, us), to);
        set(
            Feature::Rescues,
            ((before - later).max(0) as f32 / 100.0).min(9.0),
        );
        set(
            Feature::Abandons,
            ((later - before).max(0) as f32 / 100.0).min(9.0),
        );
        let forward = (to.rank().index() as i32 - from.rank().index() as i32)
            * if us.is_white() { 1 } else { -1 };
        let closer = (ring(from) - ring(to)) as f32;
        let endgame = 1.0 - self.opening;
        match role {
            Role::Pawn => {
                set(Feature::PawnEarly, self.opening);
                set(Feature::EdgePawn, on(matches!(from.file().index(), 0 | 7)));
                set(
                    Feature::DoubleStep,
                    on(forward.abs() == 2 && !m.is_capture()),
                );
                set(Feature::Promotion, on(m.promotion().is_some()));
                set(
                    Feature::Underpromotion,
                    on(m.promotion().is_some_and(|p| p != Role::Queen)),
                );
                if self.passed(from) {
                    set(Feature::PassedPawn, endgame);
                }
            }
            Role::King => {
                set(Feature::King, 1.0);
                set(Feature::KingEarly, self.opening);
                set(Feature::KingCentre, closer * endgame);
                set(Feature::Forward, on(forward > 0));
            }
            _ => {
                let x = match role {
                    Role::Knight => Feature::Knight,
                    Role::Bishop => Feature::Bishop,
                    Role::Rook => Feature::Rook,
                    _ => Feature::Queen,
                };
                set(x, 1.0);
                set(Feature::Forward, on(forward > 0));
                set(Feature::Backward, on(forward < 0));
                set(Feature::Centre, closer);
                set(Feature::Mobility, self.mobility(from, to, role));
                let king = pos.king_of(them);
                set(
                    Feature::TowardsKing,
                    (from.distance(king) as i32 - to.distance(king) as i32) as f32,
                );
                if role == Role::Rook {
                    let own_pawns = pos.by_role(Role::Pawn) & pos.by_color(us);
                    set(
                        Feature::OpenFile,
                        on(!own_pawns.intersects(Bitboard::from_file(to.file()))),
                    );
                }
                if matches!(role, Role::Knight | Role::Bishop) && from.rank() == us.back_rank() {
                    set(Feature::Develops, self.opening);
                }
                if role == Role::Queen {
                    set(Feature::QueenEarly, self.opening);
                }
            }
        }
        f
    }

    /// Whether our `role` on `sq` is en prise (see [`en_prise`]).
    fn en_prise(&self, sq: Square, role: Role) -> bool {
        en_prise(self.pos, self.pos.turn(), sq, role)
    }

    /// The static exchange on the move's square ([`exchange`]).
    fn exchange(&self, m: &Move) -> i32 {
        exchange(self.pos, m)
    }

    /// Whether the piece, on `to` after the move, attacks an enemy piece worth more than itself
    /// (the king aside: that is a check).
    fn threatens(&self, m: &Move, from: Square, to: Square, role: Role) -> bool {
        let pos = self.pos;
        let mut occupied = pos.occupied();
        occupied.discard(from);
        occupied.add(to);
        let role = m.promotion().unwrap_or(role);
        if role == Role::King {
            return false;
        }
        let targets = attacks(pos.turn(), role, to, occupied)
            & pos.by_color(!pos.turn())
            & !pos.by_role(Role::King);
        targets.into_iter().filter(|&sq| sq != to).any(|sq| {
            pos.piece_at(sq)
                .is_some_and(|p| value(p.role) > value(role))
        })
    }

    /// How many more squares `role` attacks from `to` than from `from` (the move made), in tens.
    fn mobility(&self, from: Square, to: Square, role: Role) -> f32 {
        let mut after = self.pos.occupied();
        after.discard(from);
        after.add(to);
        let reach = |sq: Square, occupied: Bitboard| -> i32 {
            let a = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occupied),
                Role::Rook => rook_attacks(sq, occupied),
                Role::Queen => queen_attacks(sq, occupied),
                _ => Bitboard::EMPTY,
            };
            a.count() as i32
        };
        (reach(to, after) - reach(from, self.pos.occupied())) as f32 / 10.0
    }

    /// Whether our pawn on `sq` is passed: no enemy pawn ahead of it on its file or the next.
    fn passed(&self, sq: Square) -> bool {
        let us = self.pos.turn();
        let theirs = self.pos.by_role(Role::Pawn) & self.pos.by_color(!us);
        let file = sq.file().index() as i32;
        let rank = sq.rank().index() as i32;
        !theirs.into_iter().any(|p| {
            let ahead = if us.is_white() {
                p.rank().index() as i32 > rank
            } else {
                (p.rank().index() as i32) < rank
            };
            ahead && (p.file().index() as i32 - file).abs() <= 1
        })
    }
}

/// Whether the `role` of `owner` on `sq` in `pos` is en prise: attacked by a cheaper enemy piece,
/// or attacked and not defended.
fn en_prise(pos: &Position, owner: Color, sq: Square, role: Role) -> bool {
    let occupied = pos.occupied();
    let attackers = pos.attackers_to(sq, !owner, occupied);
    if attackers.is_empty() {
        return false;
    }
    if pos.attackers_to(sq, owner, occupied).is_empty() {
        return true;
    }
    let cheapest = Role::ALL
        .iter()
        .find(|&&r| attackers.intersects(pos.by_role(r)))
        .map_or(i32::MAX, |&r| value(r));
    cheapest < value(role)
}

/// The pieces of `owner` in `pos` that stand [`en_prise`] (kings aside), with their values in
/// centipawns (room for a piece on every square: a FEN may set up more than sixteen).
fn pieces_en_prise(pos: &Position, owner: Color) -> ArrayVec<(Square, i32), 64> {
    let mine = pos.by_color(owner) & !pos.by_role(Role::King);
    mine.into_iter()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p.role)))
        .filter(|&(sq, role)| en_prise(pos, owner, sq, role))
        .map(|(sq, role)| (sq, value(role)))
        .collect()
}

/// The value of the most valuable of `pieces` not on `except` (0 if none).
fn most_valuable_except(pieces: &[(Square, i32)], except: Square) -> i32 {
    pieces
        .iter()
        .filter(|&&(sq, _)| sq != except)
        .map(|&(_, worth)| worth)
        .max()
        .unwrap_or(0)
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
        if attacks(pos.turn(), promotion.unwrap_or(role), to, occupied).contains(king) {
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
    use crate::board::Uci;

    /// Every line of the shipped opening book reads, and the book is found from positions
    /// reached by playing moves (the Zobrist keys agree, en passant squares included): after
    /// 1. e4 the share of 1... e5 is the book's own count over its games.
    #[test]
    fn opening_book_reads_and_is_found() {
        let lines: Vec<&str> = OPENING_BOOK_TSV
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect();
        assert!(lines.len() > 1000);
        for line in &lines {
            let (_, entry) = book_line(line).expect("every book line reads");
            assert!(
                entry.moves().all(|pair| pair.is_some_and(|(u, n)| {
                    n >= 2 && u.parse::<Uci>().is_ok_and(|uci| uci.text() == u)
                })),
                "the moves of a book line do not read: {line}"
            );
        }
        assert_eq!(opening_book().len(), lines.len());
        let after_e4 = lines
            .iter()
            .find(|l| l.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\t"))
            .and_then(|l| book_line(l))
            .expect("1. e4 is in the book");
        let (_, entry) = after_e4;
        let e5_games = entry.played("e7e5");
        assert!(e5_games >= 2, "1... e5 is in the book");
        assert_eq!(entry.played("e7e4"), 0, "a move the book does not list");
        let e5 = e5_games as f32 / entry.games as f32;
        let mut pos = Position::new();
        let e4 = pos.from_uci(&"e2e4".parse().unwrap()).unwrap();
        pos.play(&e4);
        let share = |uci: &str, x: Feature| {
            let m = pos.from_uci(&uci.parse().unwrap()).unwrap();
            move_features(&pos, &m, &[Some(e4), None, None, None])[x as usize]
        };
        assert_eq!(share("e7e5", Feature::BookShare), e5);
        assert_eq!(share("e7e5", Feature::OutOfBook), 0.0);
        // Fewer than two of the book's games answered 1. e4 with 1... Nh6: out of the book.
        assert_eq!(share("g8h6", Feature::BookShare), 0.0);
        assert_eq!(share("g8h6", Feature::OutOfBook), 1.0);
        // A middlegame position is not in the book: neither feature is set.
        let middle =
            Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P4PPP/R2QKB1R w KQ - 0 10")
                .unwrap();
        let m = middle.from_uci(&"f1d3".parse().unwrap()).unwrap();
        let f = move_features(&middle, &m, &[None; 4]);
        assert_eq!(
            (
                f[Feature::BookShare as usize],
                f[Feature::OutOfBook as usize]
            ),
            (0.0, 0.0)
        );
    }

    /// A move that defends an attacked piece rescues it; a defender that walks away abandons
    /// it; the attacked piece moving itself is en prise, not rescued.
    #[test]
    fn rescues_and_abandons_weigh_the_other_pieces() {
        let at = |fen: &str, uci: &str, x: Feature| -> f32 {
            let pos = Position::from_fen(fen).unwrap();
            let m = pos.from_uci(&uci.parse().unwrap()).unwrap();
            move_features(&pos, &m, &[None; 4])[x as usize]
        };
        // The knight on d4 is attacked by the rook on d8 and defended by the queen.
        let defended = "3rk3/8/8/8/3N4/8/8/3QK3 w - - 0 1";
        assert_eq!(at(defended, "d1f3", Feature::Abandons), 3.0);
        assert_eq!(at(defended, "d1d2", Feature::Abandons), 0.0);
        assert_eq!(at(defended, "d1f3", Feature::Rescues), 0.0);
        // The same knight undefended: the queen comes to its aid, or does not.
        let hanging = "3rk3/8/8/8/3N4/8/8/4K2Q w - - 0 1";
        assert_eq!(at(hanging, "h1h4", Feature::Rescues), 3.0);
        assert_eq!(at(hanging, "h1h2", Feature::Rescues), 0.0);
        assert_eq!(at(hanging, "d4f5", Feature::Rescues), 0.0);
        assert_eq!(at(hanging, "d4f5", Feature::EnPrise), 1.0);
    }

    /// The fitted square tables know where players put their pieces: from the start, 1. Nf3
    /// over 1. Nh3 and 1. e4 over 1. a4, for White and (seen from Black's side) for Black.
    #[test]
    fn square_tables_prefer_the_usual_squares() {
        let costs = Costs::standard();
        let by_squares = |pos: &Position, uci: &str| -> f32 {
            let m = pos.from_uci(&uci.parse().unwrap()).unwrap();
            move_squares(pos, &m)
                .iter()
                .map(|&(i, share)| share * costs.prior_squares[i])
                .sum()
        };
        let white = Position::new();
        assert!(by_squares(&white, "g1f3") > by_squares(&white, "g1h3"));
        assert!(by_squares(&white, "e2e4") > by_squares(&white, "a2a4"));
        let black =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1")
                .unwrap();
        assert!(by_squares(&black, "g8f6") > by_squares(&black, "g8h6"));
        assert!(by_squares(&black, "d7d5") > by_squares(&black, "h7h5"));
    }

    /// The static exchange evaluation on two textbook positions (the Chess Programming Wiki's):
    /// a rook takes an undefended pawn; a knight takes a pawn a knight defends, and the
    /// exchanges that follow leave White a knight for a pawn down.
    #[test]
    fn exchange_counts_the_captures_that_pay() {
        let cases = [
            (
                "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
                "e1e5",
                100,
            ),
            (
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5",
                -200,
            ),
            // Quiet moves: beside a pawn's reach, and onto a square it guards (the knight lost).
            ("4k3/8/8/3p4/8/8/8/1N2K3 w - - 0 1", "b1c3", 0),
            ("4k3/8/8/3p4/8/8/3N4/4K3 w - - 0 1", "d2c4", -300),
        ];
        for (fen, uci, want) in cases {
            let pos = Position::from_fen(fen).expect("a test position");
            let m = pos
                .from_uci(&uci.parse().expect("a UCI move"))
                .expect("a legal move");
            let recent = [None; 4];
            assert_eq!(
                Context::new(&pos, &recent).exchange(&m),
                want,
                "{fen} {uci}"
            );
        }
    }

    /// The game's moves, from UCI.
    fn game_of(ucis: &[&str]) -> Vec<Move> {
        let mut pos = Position::new();
        ucis.iter()
            .map(|u| {
                let m = pos
                    .from_uci(&u.parse::<Uci>().expect("UCI"))
                    .expect("a legal move");
                pos.play(&m);
                m
            })
            .collect()
    }

    /// Plies `from..to` of `game` scored one by one from scratch, as before the memo: each
    /// position's moves scored anew, the sum stopping at a move that is not legal.
    fn plausibility_from_scratch(game: &[Move], from: usize, to: usize, costs: &Costs) -> f32 {
        let mut pos = Position::new();
        let mut recent: [Option<Move>; 4] = [None; 4];
        let mut legal = MoveList::new();
        let mut sum = 0.0;
        for (i, m) in game.iter().enumerate().take(to) {
            if i >= from {
                pos.legal_moves(&mut legal);
                let ctx = Context::new(&pos, &recent);
                let scores: Vec<f32> = legal.iter().map(|l| ctx.score(l, costs)).collect();
                let Some(k) = legal.iter().position(|l| l == m) else {
                    break;
                };
                let (top, z) = top_and_exp_sum(scores.iter().copied());
                sum += scores[k] - top - z.ln();
            }
            pos.play(m);
            recent.rotate_right(1);
            recent[0] = Some(*m);
        }
        sum
    }

    /// The memo's difference is the difference of the games' sums scored from scratch, though it
    /// leaves out the plies the games share (the opening, and after a transposition once the
    /// four moves before agree again) and scores each position once however often it is asked;
    /// a move that is not legal ends its game's sum.
    #[test]
    fn the_memo_gives_the_sums_scored_from_scratch() {
        let costs = Costs::standard();
        // 3. Bc4 Bc5 4. Nf3 and 3. Nf3 Bc5 4. Bc4 meet again after 4. Nf3 / Bc4.
        let a = game_of(&[
            "e2e4", "e7e5", "b1c3", "b8c6", "f1c4", "f8c5", "g1f3", "g8f6", "d2d3", "d7d6", "e1g1",
            "e8g8", "c1g5", "h7h6",
        ]);
        let b = game_of(&[
            "e2e4", "e7e5", "b1c3", "b8c6", "g1f3", "f8c5", "f1c4", "g8f6", "d2d3", "d7d6", "e1g1",
            "e8g8", "c1e3", "c5e3",
        ]);
        let memo = PriorMemo::new(costs);
        for (from, to) in [(4, 14), (0, 14), (4, 9), (6, 12), (12, 14)] {
            let want = plausibility_from_scratch(&a, from, to, costs)
                - plausibility_from_scratch(&b, from, to, costs);
            let got = memo.difference(&Position::new(), &a, &b, from, to);
            assert!(
                (got - want).abs() < 1e-4,
                "{from}..{to}: {got} against {want}"
            );
            // Asked again, from what the memo holds: the very same number.
            assert_eq!(memo.difference(&Position::new(), &a, &b, from, to), got);
            assert_eq!(memo.difference(&Position::new(), &b, &a, from, to), -got);
        }
        // A game against itself: every ply shared, nothing scored.
        assert_eq!(memo.difference(&Position::new(), &a, &a, 0, 14), 0.0);
        // A move that is not legal where it stands ends that game's sum: b's 7. Be3 where a's
        // bishop has gone to g5, and on Black's move.
        let mut broken = a.clone();
        broken[13] = b[12];
        let want = plausibility_from_scratch(&broken, 4, 14, costs)
            - plausibility_from_scratch(&a, 4, 14, costs);
        let got = memo.difference(&Position::new(), &broken, &a, 4, 14);
        assert!((got - want).abs() < 1e-4, "{got} against {want}");
    }

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
