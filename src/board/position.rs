//! A chess position: where the pieces stand, whose turn it is, castling rights, the en passant
//! square, the move counters, and a Zobrist key. Playing a legal move gives the next position.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{CastlingSide, Move, MoveList, Uci};
use super::types::{Color, File, Piece, Rank, Role, Square};
use super::zobrist;
use std::fmt;

/// Which rooks may still castle: per colour and side, the rook's square (Chess960 rooks may start
/// on any file, so the right belongs to a rook, not just to a side).
///
/// ```
/// use scoresheet::board::{CastlingSide, Color, Position, Square};
/// let pos = Position::new();
/// let rights = pos.castling_rights();
/// assert_eq!(rights.rook(Color::White, CastlingSide::King), Some(Square::H1));
/// assert!(rights.has(Color::Black, CastlingSide::Queen));
/// assert!(!rights.is_empty());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<Square>; 2]; 2],
    squares: Bitboard,
}

impl CastlingRights {
    /// No castling rights at all.
    ///
    /// ```
    /// use scoresheet::board::CastlingRights;
    /// assert!(CastlingRights::none().is_empty());
    /// ```
    pub const fn none() -> CastlingRights {
        CastlingRights {
            rooks: [[None; 2]; 2],
            squares: Bitboard::EMPTY,
        }
    }

    /// The square of the rook that may castle with `color`'s king on `side`, if any.
    ///
    /// ```
    /// use scoresheet::board::{CastlingSide, Color, Position, Square};
    /// let rights = *Position::new().castling_rights();
    /// assert_eq!(rights.rook(Color::Black, CastlingSide::Queen), Some(Square::A8));
    /// ```
    #[inline]
    pub fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rooks[color.index() & 1][side.index() & 1]
    }

    /// True if `color` may still castle on `side` (some day, not necessarily now).
    ///
    /// ```
    /// use scoresheet::board::{CastlingSide, Color, Position};
    /// assert!(Position::new().castling_rights().has(Color::White, CastlingSide::King));
    /// ```
    #[inline]
    pub fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rook(color, side).is_some()
    }

    /// True if neither side may castle any more.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert!(pos.castling_rights().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The squares of all rooks that may still castle.
    ///
    /// ```
    /// use scoresheet::board::{Position, Square};
    /// assert!(Position::new().castling_rights().squares().contains(Square::A8));
    /// ```
    #[inline]
    pub fn squares(&self) -> Bitboard {
        self.squares
    }

    /// Gives `color` the right to castle on `side` with the rook on `rook`.
    pub(crate) fn set(&mut self, color: Color, side: CastlingSide, rook: Square) {
        if let Some(old) = self.rook(color, side) {
            self.squares.discard(old);
        }
        self.rooks[color.index() & 1][side.index() & 1] = Some(rook);
        self.squares.add(rook);
    }

    /// Takes away both of `color`'s rights (the king moved or castled).
    #[inline]
    pub(crate) fn discard_color(&mut self, color: Color) {
        for slot in &mut self.rooks[color.index() & 1] {
            if let Some(sq) = slot.take() {
                self.squares.discard(sq);
            }
        }
    }

    /// Takes away the right of a rook on `sq`, if any (it moved or was captured).
    #[inline]
    pub(crate) fn discard_rook(&mut self, sq: Square) {
        if !self.squares.contains(sq) {
            return;
        }
        self.squares.discard(sq);
        for colour in &mut self.rooks {
            for slot in colour.iter_mut() {
                if *slot == Some(sq) {
                    *slot = None;
                }
            }
        }
    }

    /// Every right as `(colour, side, rook square)`, White first, king side first.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().castling_rights().iter().count(), 4);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingSide, Square)> + '_ {
        Color::ALL.into_iter().flat_map(move |c| {
            CastlingSide::ALL
                .into_iter()
                .filter_map(move |s| self.rook(c, s).map(|r| (c, s, r)))
        })
    }
}

impl fmt::Debug for CastlingRights {
    /// Lists the rights as `colour side rook-square`, e.g. `CastlingRights[white O-O h1]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CastlingRights[")?;
        for (i, (color, side, rook)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{color} {} {rook}", side.pgn())?;
        }
        f.write_str("]")
    }
}

/// Why castling is not possible now.
///
/// ```
/// use scoresheet::board::{CastlingError, CastlingSide, Position};
/// let pos = Position::new();
/// assert!(matches!(pos.castling_move(CastlingSide::King), Err(CastlingError::PiecesBetween(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CastlingError {
    /// The king or that rook has moved (or the right was never given).
    #[error("no castling right on that side (the king or the rook has moved)")]
    NoRight,
    /// Squares the king or the rook must cross or reach are occupied.
    #[error("pieces stand between the king and the rook (on {})", squares_list(*.0))]
    PiecesBetween(Bitboard),
    /// The king is in check.
    #[error("the king is in check")]
    InCheck,
    /// The king would cross a square attacked by the opponent.
    #[error("the king would pass through {0}, which is attacked")]
    ThroughAttackedSquare(Square),
    /// The king would end in check.
    #[error("the king would end in check")]
    IntoCheck,
}

fn squares_list(bb: Bitboard) -> String {
    bb.into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A move that is not legal in the position where it was played.
///
/// ```
/// use scoresheet::board::{Move, Position, Role, Square};
/// let mut pos = Position::new();
/// let m = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E5, promotion: None };
/// assert!(pos.play_checked(&m).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in {fen}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// The position, as FEN.
    pub fen: String,
}

/// A chess position: placement, side to move, castling rights, en passant square, clocks.
///
/// `==` compares everything including the move counters; for "the same position" in the sense
/// of the FIDE Laws (repetition) compare [`Position::zobrist`] keys.
///
/// ```
/// use scoresheet::board::{MoveList, Position};
/// let pos = Position::new();
/// let mut moves = MoveList::new();
/// pos.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 20);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    /// The square behind a pawn that just made a double step (whether or not it can be taken).
    pub(crate) double_step: Option<Square>,
    /// The en passant square if an en passant capture is legal now.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) key: u64,
    /// A position of a Chess960 game ([`Position::is_chess960`]); kept by every move.
    pub(crate) chess960: bool,
}

/// The squares of one castling move (see [`Position::castling_path`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastlingPath {
    pub(crate) king: Square,
    pub(crate) rook: Square,
    pub(crate) king_to: Square,
    pub(crate) rook_to: Square,
    /// The squares that must be empty (other than the king's and the rook's own).
    pub(crate) needed: Bitboard,
}

impl CastlingPath {
    /// The castling move.
    pub(crate) fn mv(&self) -> Move {
        Move::Castle {
            king: self.king,
            rook: self.rook,
        }
    }

    /// The squares the king crosses (not its own, not where it lands) that the enemy attacks,
    /// in square order (a1 first): castling through any of them is illegal.
    pub(crate) fn attacked_crossings<'a>(
        &self,
        pos: &'a Position,
        occ: Bitboard,
    ) -> impl Iterator<Item = Square> + 'a {
        let them = !pos.turn;
        attacks::between(self.king, self.king_to)
            .into_iter()
            .filter(move |&sq| pos.attackers_to(sq, them, occ).any())
    }

    /// True if the king is not attacked on its castled square, with king and rook moved
    /// (`occ`: the occupied squares before castling).
    pub(crate) fn lands_safely(&self, pos: &Position, occ: Bitboard) -> bool {
        let after = (occ - Bitboard::from_square(self.king) - Bitboard::from_square(self.rook))
            | Bitboard::from_square(self.king_to)
            | Bitboard::from_square(self.rook_to);
        pos.attackers_to(self.king_to, !pos.turn, after).is_empty()
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl fmt::Debug for Position {
    /// Shows the FEN (a bitboard dump of eight sets would be unreadable in test failures).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// The standard back rank, a to h.
const STANDARD_BACK_RANK: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::King,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

impl Position {
    /// The standard starting position.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn new() -> Position {
        Position::from_back_rank(&STANDARD_BACK_RANK)
    }

    /// An empty board with White to move and no rights: a start for building positions.
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: CastlingRights::none(),
            double_step: None,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            key: 0,
            chess960: false,
        }
    }

    fn from_back_rank(rank: &[Role; 8]) -> Position {
        let mut pos = Position::empty();
        for (file, &role) in File::ALL.into_iter().zip(rank.iter()) {
            for color in Color::ALL {
                let back = Square::from_coords(file, color.back_rank());
                pos.put(back, Piece::new(color, role));
                let pawn = Square::from_coords(file, Rank::Second.relative_to(color));
                pos.put(pawn, Piece::new(color, Role::Pawn));
            }
        }
        for color in Color::ALL {
            let king = pos.king_of(color);
            let rooks = pos.by_piece(Piece::new(color, Role::Rook));
            if let Some(r) = rooks.first() {
                pos.castling.set(color, CastlingSide::Queen, r);
            }
            if let Some(r) = rooks.last() {
                pos.castling.set(color, CastlingSide::King, r);
            }
            debug_assert!(rooks.count() == 2 && rooks.first() < Some(king));
        }
        pos.key = pos.compute_key();
        pos
    }

    /// The Chess960 starting position with Scharnagl number `number` (0..960; 518 is the
    /// standard position, here of a Chess960 game), or `None` for a number out of range.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let sp518 = Position::chess960_start(518).unwrap();
    /// assert_eq!(sp518.to_fen(), Position::new().to_fen());
    /// assert!(sp518.is_chess960() && !Position::new().is_chess960());
    /// assert_eq!(Position::chess960_start(0).unwrap().to_fen(),
    ///            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(Position::chess960_start(960).is_none());
    /// ```
    pub fn chess960_start(number: u32) -> Option<Position> {
        if number >= 960 {
            return None;
        }
        let mut rank: [Option<Role>; 8] = [None; 8];
        let mut n = number as usize;
        // Light-squared bishop on b, d, f or h; dark-squared one on a, c, e or g.
        rank[2 * (n % 4) + 1] = Some(Role::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(Role::Bishop);
        n /= 4;
        fn place_nth_empty(rank: &mut [Option<Role>; 8], nth: usize, role: Role) {
            if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(nth) {
                *slot = Some(role);
            }
        }
        place_nth_empty(&mut rank, n % 6, Role::Queen);
        n /= 6;
        const KNIGHTS: [(usize, usize); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let (k1, k2) = KNIGHTS[n % 10];
        // Place the second knight first so the first one's index is not shifted.
        place_nth_empty(&mut rank, k2, Role::Knight);
        place_nth_empty(&mut rank, k1, Role::Knight);
        place_nth_empty(&mut rank, 0, Role::Rook);
        place_nth_empty(&mut rank, 0, Role::King);
        place_nth_empty(&mut rank, 0, Role::Rook);
        let mut roles = [Role::Pawn; 8];
        for (r, slot) in roles.iter_mut().zip(rank) {
            *r = slot?;
        }
        Some(Position::from_back_rank(&roles).into_chess960())
    }

    /// Puts a piece on an empty square (no key update).
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.by_role[piece.role.index()].add(sq);
        self.by_color[piece.color.index()].add(sq);
    }

    /// The Zobrist key computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.by_piece(Piece::new(color, role)) {
                    key ^= zobrist::piece(color, role, sq);
                }
            }
        }
        for (color, _, rook) in self.castling.iter() {
            key ^= zobrist::castling(color, rook.file());
        }
        if let Some(ep) = self.ep_square {
            key ^= zobrist::en_passant(ep.file());
        }
        if self.turn == Color::Black {
            key ^= zobrist::BLACK_TO_MOVE;
        }
        key
    }

    /// The side to move.
    ///
    /// ```
    /// use scoresheet::board::{Color, Position};
    /// assert_eq!(Position::new().turn(), Color::White);
    /// ```
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use scoresheet::board::{Color, Piece, Position, Role, Square};
    /// assert_eq!(Position::new().piece_at(Square::D8), Some(Piece::new(Color::Black, Role::Queen)));
    /// assert_eq!(Position::new().piece_at(Square::D4), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = Color::from_white(self.by_color[0].contains(sq));
        Some(Piece::new(color, role))
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            None
        } else if self.by_role[0].contains(sq) {
            Some(Role::Pawn)
        } else if self.by_role[1].contains(sq) {
            Some(Role::Knight)
        } else if self.by_role[2].contains(sq) {
            Some(Role::Bishop)
        } else if self.by_role[3].contains(sq) {
            Some(Role::Rook)
        } else if self.by_role[4].contains(sq) {
            Some(Role::Queen)
        } else {
            Some(Role::King)
        }
    }

    /// All occupied squares.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().occupied().count(), 32);
    /// ```
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `c`'s pieces.
    ///
    /// ```
    /// use scoresheet::board::{Color, Position};
    /// assert_eq!(Position::new().by_color(Color::Black).count(), 16);
    /// ```
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index() & 1]
    }

    /// The squares of pieces of role `r`, both colours.
    ///
    /// ```
    /// use scoresheet::board::{Position, Role};
    /// assert_eq!(Position::new().by_role(Role::Knight).count(), 4);
    /// ```
    #[inline]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.by_role[r.index() % 6]
    }

    /// The squares of piece `p`.
    ///
    /// ```
    /// use scoresheet::board::{Color, Piece, Position, Role};
    /// assert_eq!(Position::new().by_piece(Piece::new(Color::White, Role::Pawn)).count(), 8);
    /// ```
    #[inline]
    pub fn by_piece(&self, p: Piece) -> Bitboard {
        self.by_role(p.role) & self.by_color(p.color)
    }

    /// The square of `c`'s king.
    ///
    /// Every `Position` has exactly one king of each colour (FEN parsing enforces it).
    ///
    /// ```
    /// use scoresheet::board::{Color, Position, Square};
    /// assert_eq!(Position::new().king_of(Color::Black), Square::E8);
    /// ```
    #[inline]
    pub fn king_of(&self, c: Color) -> Square {
        (self.by_role[Role::King.index()] & self.by_color(c))
            .first()
            .unwrap_or(Square::A1)
    }

    /// The castling rights.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert!(!Position::new().castling_rights().is_empty());
    /// ```
    #[inline]
    pub fn castling_rights(&self) -> &CastlingRights {
        &self.castling
    }

    /// The en passant square, only if an en passant capture is legal now.
    ///
    /// ```
    /// use scoresheet::board::{Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2").unwrap();
    /// assert_eq!(pos.ep_square(), Some(Square::E6));
    /// // The same double step with no pawn to take it: no en passant square.
    /// let pos = Position::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2").unwrap();
    /// assert_eq!(pos.ep_square(), None);
    /// ```
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The square a pawn just skipped with a double step, whether or not it can be taken
    /// en passant (FEN writers disagree on which to write; this engine writes [`Self::ep_square`]).
    ///
    /// ```
    /// use scoresheet::board::{Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2").unwrap();
    /// assert_eq!(pos.double_step_square(), Some(Square::E6));
    /// ```
    #[inline]
    pub fn double_step_square(&self) -> Option<Square> {
        self.double_step
    }

    /// Half-moves since the last capture or pawn move (the 50- and 75-move rules count these).
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().halfmove_clock(), 0);
    /// ```
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the current move, starting at 1 and increasing after Black's move.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().fullmove_number(), 1);
    /// ```
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The half-moves played before this position in a game numbered from move 1: from the
    /// move number and the side to move.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().plies_before(), 0);
    /// let pos = Position::from_fen("8/8/4k3/8/8/3RK3/8/8 b - - 0 60").unwrap();
    /// assert_eq!(pos.plies_before(), 119);
    /// ```
    #[inline]
    pub fn plies_before(&self) -> u32 {
        2 * self.fullmoves.saturating_sub(1) + u32::from(self.turn == Color::Black)
    }

    /// The move number and side of the move `plies` half-moves after this position (0: the
    /// move to be played now), as a scoresheet numbers it.
    ///
    /// ```
    /// use scoresheet::board::{Color, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 40").unwrap();
    /// assert_eq!(pos.move_after(0), (40, Color::Black));
    /// assert_eq!(pos.move_after(1), (41, Color::White));
    /// ```
    pub fn move_after(&self, plies: usize) -> (u32, Color) {
        // Half-moves counted from White's move of this move number.
        let from_white = plies + usize::from(self.turn == Color::Black);
        let number = usize::try_from(self.fullmoves).unwrap_or(1) + from_white / 2;
        (
            u32::try_from(number).unwrap_or(u32::MAX),
            Color::from_white(from_white % 2 == 0),
        )
    }

    /// The Zobrist key: equal exactly when the FIDE Laws call two positions the same (same side
    /// to move, same pieces on the same squares, same castling rights, and the same en passant
    /// possibility — an en passant square counts only if the capture is legal). Clocks are not
    /// part of it.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let a = Position::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2").unwrap();
    /// let b = Position::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - - 7 40").unwrap();
    /// assert_eq!(a.zobrist(), b.zobrist());
    /// ```
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// True in a Chess960 game: a position from [`Position::chess960_start`], from a FEN whose
    /// castling rights only Chess960 has, or marked by [`Position::into_chess960`] (a game
    /// whose Variant tag says Chess960), and every position played from one, whatever castling
    /// rights are left. Castling is then written king-takes-rook in UCI (`e1h1`), as the UCI
    /// protocol's Chess960 mode reads it.
    ///
    /// ```
    /// use scoresheet::board::{Position, Uci};
    /// assert!(!Position::new().is_chess960());
    /// // SP 502: king e1, rooks a1 and h1 as in standard chess, but a Chess960 game.
    /// let mut pos = Position::chess960_start(502).unwrap();
    /// assert_eq!(pos.to_fen(), "rqbnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w KQkq - 0 1");
    /// assert!(pos.is_chess960());
    /// let m = pos.from_uci(&"a2a3".parse::<Uci>().unwrap()).unwrap();
    /// pos.play(&m);
    /// assert!(pos.is_chess960(), "kept by every move");
    /// ```
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The same position marked as one of a Chess960 game ([`Position::is_chess960`]): for a
    /// game whose Variant tag says Chess960 though its castling rights look standard.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert!(Position::new().into_chess960().is_chess960());
    /// ```
    pub fn into_chess960(mut self) -> Position {
        self.chess960 = true;
        self
    }

    /// True if the castling rights need Chess960: some right belongs to a king not on the
    /// e-file or a rook not in its corner (what a FEN alone says of its game).
    pub(crate) fn castling_needs_chess960(&self) -> bool {
        self.castling.iter().any(|(color, side, rook)| {
            let king = self.king_of(color);
            king != Square::from_coords(File::E, color.back_rank())
                || rook
                    != Square::from_coords(
                        match side {
                            CastlingSide::King => File::H,
                            CastlingSide::Queen => File::A,
                        },
                        color.back_rank(),
                    )
        })
    }

    /// The pieces of `by` that attack `sq`, with `occupied` as the blockers.
    ///
    /// ```
    /// use scoresheet::board::{Color, Position, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.attackers_to(Square::F3, Color::White, pos.occupied()).count(), 3);
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        them & ((attacks::rook_attacks(sq, occupied) & rq)
            | (attacks::bishop_attacks(sq, occupied) & bq)
            | (attacks::knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (attacks::king_attacks(sq) & self.by_role[Role::King.index()])
            | (attacks::pawn_attacks(!by, sq) & self.by_role[Role::Pawn.index()]))
    }

    /// The enemy pieces giving check to the side to move.
    ///
    /// ```
    /// use scoresheet::board::{Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.checkers().single_square(), Some(Square::D3));
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king_of(self.turn), !self.turn, self.occupied())
    }

    /// True if the side to move is in check.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert!(!Position::new().is_check());
    /// ```
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// True if the side to move is checkmated.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let pos = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    /// assert!(pos.is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// True if the side to move is not in check and has no legal move.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert!(pos.is_stalemate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// True if the side to move has at least one legal move.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert!(Position::new().has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        // A king step is the usual answer and costs a few attack lookups; only a king with no
        // step needs the full count.
        let us = self.turn;
        let king = self.king_of(us);
        let without_king = self.occupied() ^ Bitboard::from_square(king);
        let steps = attacks::king_attacks(king) - self.by_color(us);
        steps
            .into_iter()
            .any(|to| self.attackers_to(to, !us, without_king).is_empty())
            || self.count_legal_moves() > 0
    }

    /// True if `c` cannot possibly checkmate by material alone, whatever the opponent does:
    /// a lone king; king and one knight against a lone king; king and bishops all on squares
    /// of one colour against a king whose other pieces (if any) are bishops on that same colour.
    /// (Positions where mate is impossible for other reasons are the Laws module's business.)
    ///
    /// ```
    /// use scoresheet::board::{Color, Position};
    /// let pos = Position::from_fen("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1").unwrap();
    /// assert!(pos.has_insufficient_material(Color::White));
    /// // A knight can mate if the opponent has a piece to block its own king.
    /// let pos = Position::from_fen("8/8/4k3/4r3/8/2N5/8/4K3 w - - 0 1").unwrap();
    /// assert!(!pos.has_insufficient_material(Color::White));
    /// ```
    pub fn has_insufficient_material(&self, c: Color) -> bool {
        let ours = self.by_color(c);
        let theirs = self.by_color(!c);
        let kings = self.by_role(Role::King);
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if (ours & heavy).any() {
            return false;
        }
        let knights = ours & self.by_role(Role::Knight);
        let bishops = ours & self.by_role(Role::Bishop);
        if knights.any() {
            // One knight and nothing else, against a bare king.
            return knights.count() == 1 && bishops.is_empty() && (theirs - kings).is_empty();
        }
        if bishops.is_empty() {
            return true;
        }
        let light = Bitboard::LIGHT_SQUARES;
        let same_colour = if (bishops & light).any() {
            light
        } else {
            Bitboard::DARK_SQUARES
        };
        if (bishops - same_colour).any() {
            return false;
        }
        // The opponent's pieces could block their king's escape squares of the other colour
        // unless all of them are bishops on our bishops' colour.
        let their_others = theirs - kings;
        (their_others - (self.by_role(Role::Bishop) & same_colour)).is_empty()
    }

    /// The legal castling move on `side`, or why castling is not possible now.
    ///
    /// ```
    /// use scoresheet::board::{CastlingError, CastlingSide, Move, Position, Square};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(pos.castling_move(CastlingSide::King),
    ///            Ok(Move::Castle { king: Square::E1, rook: Square::H1 }));
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1").unwrap();
    /// assert_eq!(pos.castling_move(CastlingSide::King), Err(CastlingError::NoRight));
    /// ```
    pub fn castling_move(&self, side: CastlingSide) -> Result<Move, CastlingError> {
        let path = self.castling_path(side).ok_or(CastlingError::NoRight)?;
        let occ = self.occupied();
        let blockers = path.needed & occ;
        if blockers.any() {
            return Err(CastlingError::PiecesBetween(blockers));
        }
        if self.is_check() {
            return Err(CastlingError::InCheck);
        }
        let mut attacked = path.attacked_crossings(self, occ);
        // Report the attacked square nearest the king.
        let first = if path.king < path.king_to {
            attacked.next()
        } else {
            attacked.last()
        };
        if let Some(sq) = first {
            return Err(CastlingError::ThroughAttackedSquare(sq));
        }
        if !path.lands_safely(self, occ) {
            return Err(CastlingError::IntoCheck);
        }
        Ok(path.mv())
    }

    /// The squares castling on `side` involves, if the side to move still has that right: the
    /// one statement of which squares must be empty (Chess960 included), for
    /// [`Self::castling_move`] and the move generator alike.
    #[inline(always)]
    pub(crate) fn castling_path(&self, side: CastlingSide) -> Option<CastlingPath> {
        let us = self.turn;
        let rook = self.castling.rook(us, side)?;
        let king = self.king_of(us);
        let king_to = side.king_to(us);
        let rook_to = side.rook_to(us);
        let needed = (attacks::between(king, king_to)
            | Bitboard::from_square(king_to)
            | attacks::between(rook, rook_to)
            | Bitboard::from_square(rook_to))
            - Bitboard::from_square(king)
            - Bitboard::from_square(rook);
        Some(CastlingPath {
            king,
            rook,
            king_to,
            rook_to,
            needed,
        })
    }

    /// True if `m` is legal here (exactly as the move generator would produce it).
    ///
    /// ```
    /// use scoresheet::board::{Move, Position, Role, Square};
    /// let pos = Position::new();
    /// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
    /// assert!(pos.is_legal(&m));
    /// ```
    pub fn is_legal(&self, m: &Move) -> bool {
        match *m {
            Move::Castle { .. } => m
                .castling_side()
                .is_some_and(|side| self.castling_move(side).as_ref() == Ok(m)),
            _ => {
                let mut list = MoveList::new();
                self.legal_moves_to(m.role(), m.to(), &mut list);
                list.contains(m)
            }
        }
    }

    /// Plays `m`, which must be legal (checked in debug builds; use [`Self::play_checked`] for
    /// moves from untrusted input). Updates the clocks, the en passant square, the castling
    /// rights and the Zobrist key.
    ///
    /// ```
    /// use scoresheet::board::{Move, Position, Role, Square};
    /// let mut pos = Position::new();
    /// pos.play(&Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None });
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    pub fn play(&mut self, m: &Move) {
        debug_assert!(self.is_legal(m), "illegal move {m:?} in {}", self.to_fen());
        self.apply(m);
    }

    /// Plays `m` if it is legal, else returns an error and leaves the position unchanged.
    ///
    /// ```
    /// use scoresheet::board::{Move, Position, Square};
    /// let mut pos = Position::new();
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert!(pos.play_checked(&castle).is_err());
    /// ```
    pub fn play_checked(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.apply(m);
            Ok(())
        } else {
            Err(IllegalMove {
                mv: *m,
                fen: self.to_fen(),
            })
        }
    }

    /// The legal move written as `uci`, if any. Castling may be written king-to-target (`e1g1`)
    /// or king-takes-rook (`e1h1`, Chess960 style); a king step that is a legal ordinary move
    /// is read as that move.
    ///
    /// ```
    /// use scoresheet::board::{Move, Position, Square, Uci};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let short = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert_eq!(pos.from_uci(&"e1g1".parse::<Uci>().unwrap()), Some(short));
    /// assert_eq!(pos.from_uci(&"e1h1".parse::<Uci>().unwrap()), Some(short));
    /// assert_eq!(pos.from_uci(&"e1e3".parse::<Uci>().unwrap()), None);
    /// ```
    pub fn from_uci(&self, uci: &Uci) -> Option<Move> {
        let Uci::Normal {
            from,
            to,
            promotion,
        } = *uci
        else {
            return None;
        };
        let role = self.role_at(from)?;
        if !self.by_color(self.turn).contains(from) {
            return None;
        }
        let mut list = MoveList::new();
        self.legal_moves_to(role, to, &mut list);
        if let Some(m) = list
            .iter()
            .find(|m| m.from() == Some(from) && m.promotion() == promotion)
        {
            return Some(*m);
        }
        if role != Role::King || promotion.is_some() {
            return None;
        }
        CastlingSide::ALL.into_iter().find_map(|side| {
            let m = self.castling_move(side).ok()?;
            match m {
                Move::Castle { king, rook } if king == from && (rook == to || m.to() == to) => {
                    Some(m)
                }
                _ => None,
            }
        })
    }

    /// Plays `m` without checking legality (pieces must stand where `m` says).
    pub(crate) fn apply(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        let mut key = self.key;
        if let Some(ep) = self.ep_square.take() {
            key ^= zobrist::en_passant(ep.file());
        }
        self.double_step = None;
        let old_castling = self.castling;
        self.halfmoves = self.halfmoves.saturating_add(1);
        match *m {
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                if let Some(captured) = self.role_at(to) {
                    self.remove(to, them, captured, &mut key);
                    self.halfmoves = 0;
                }
                self.remove(from, us, role, &mut key);
                self.add(to, us, promotion.unwrap_or(role), &mut key);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        self.double_step = Square::new(((from.index() + to.index()) / 2) as u32);
                    }
                } else if role == Role::King {
                    self.castling.discard_color(us);
                }
                if (self.castling.squares().0 & ((1 << from.index()) | (1 << to.index()))) != 0 {
                    self.castling.discard_rook(from);
                    self.castling.discard_rook(to);
                }
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.remove(captured, them, Role::Pawn, &mut key);
                self.remove(from, us, Role::Pawn, &mut key);
                self.add(to, us, Role::Pawn, &mut key);
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().unwrap_or(CastlingSide::King);
                self.remove(king, us, Role::King, &mut key);
                self.remove(rook, us, Role::Rook, &mut key);
                self.add(side.king_to(us), us, Role::King, &mut key);
                self.add(side.rook_to(us), us, Role::Rook, &mut key);
                self.castling.discard_color(us);
            }
        }
        // Rights only ever go, and each right has its own rook square: comparing the squares
        // is comparing the rights.
        if self.castling.squares() != old_castling.squares() {
            for (color, _, rook) in old_castling.iter() {
                key ^= zobrist::castling(color, rook.file());
            }
            for (color, _, rook) in self.castling.iter() {
                key ^= zobrist::castling(color, rook.file());
            }
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        key ^= zobrist::BLACK_TO_MOVE;
        if let Some(ep) = self.double_step {
            if self.ep_capture_possible(ep) {
                self.ep_square = Some(ep);
                key ^= zobrist::en_passant(ep.file());
            }
        }
        self.key = key;
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, color: Color, role: Role, key: &mut u64) {
        self.by_role[role.index()].discard(sq);
        self.by_color[color.index()].discard(sq);
        *key ^= zobrist::piece(color, role, sq);
    }

    #[inline(always)]
    fn add(&mut self, sq: Square, color: Color, role: Role, key: &mut u64) {
        self.by_role[role.index()].add(sq);
        self.by_color[color.index()].add(sq);
        *key ^= zobrist::piece(color, role, sq);
    }

    /// True if the side to move has a legal en passant capture onto `ep` (the square behind a
    /// pawn that just made a double step).
    pub(crate) fn ep_capture_possible(&self, ep: Square) -> bool {
        let us = self.turn;
        let capturers = attacks::pawn_attacks(!us, ep) & self.by_piece(Piece::new(us, Role::Pawn));
        capturers.into_iter().any(|from| self.ep_is_legal(from, ep))
    }

    /// True if the side to move's pawn on `from` may take en passant on `ep` without leaving
    /// its king in check (covers the horizontal pin of both pawns, and checks the capture
    /// does not parry).
    #[inline]
    pub(crate) fn ep_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let king = self.king_of(us);
        let captured = Square::from_coords(ep.file(), from.rank());
        let occ = (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
            | Bitboard::from_square(ep);
        let theirs = self.by_color(!us) - Bitboard::from_square(captured);
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        (theirs
            & ((attacks::rook_attacks(king, occ) & rq)
                | (attacks::bishop_attacks(king, occ) & bq)
                | (attacks::knight_attacks(king) & self.by_role(Role::Knight))
                | (attacks::pawn_attacks(us, king) & self.by_role(Role::Pawn))))
        .is_empty()
    }

    /// The enemy pieces that would attack our king after the pseudo-legal move `m` (empty if
    /// `m` is legal): for explaining why a move is illegal.
    ///
    /// ```
    /// use scoresheet::board::{Move, Position, Role, Square};
    /// // The knight on d2 is pinned by the bishop on b4.
    /// let pos = Position::from_fen("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1").unwrap();
    /// let m = Move::Normal { role: Role::Knight, from: Square::D2, capture: None, to: Square::F3, promotion: None };
    /// assert_eq!(pos.checkers_after(&m).single_square(), Some(Square::B4));
    /// ```
    pub fn checkers_after(&self, m: &Move) -> Bitboard {
        let mut after = self.clone();
        after.apply(m);
        let us = self.turn;
        after.attackers_to(after.king_of(us), !us, after.occupied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::moves::Uci;

    #[test]
    fn scharnagl_numbers_give_valid_start_positions() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let pos = Position::chess960_start(n).unwrap();
            let king = pos.king_of(Color::White);
            let q = pos
                .castling
                .rook(Color::White, CastlingSide::Queen)
                .unwrap();
            let k = pos.castling.rook(Color::White, CastlingSide::King).unwrap();
            assert!(q < king && king < k, "{n}");
            let bishops = pos.by_piece(Piece::new(Color::White, Role::Bishop));
            assert_eq!((bishops & Bitboard::LIGHT_SQUARES).count(), 1, "{n}");
            assert!(seen.insert(pos.to_fen()));
        }
    }

    #[test]
    fn castling_error_reasons() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K1nR w KQkq - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::King),
            Err(CastlingError::PiecesBetween(Bitboard::from_square(
                Square::G1
            )))
        );
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::King),
            Err(CastlingError::InCheck)
        );
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::King),
            Err(CastlingError::ThroughAttackedSquare(Square::F1))
        );
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/6r1/R3K2R w KQq - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::King),
            Err(CastlingError::IntoCheck)
        );
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::Queen),
            Err(CastlingError::ThroughAttackedSquare(Square::D1))
        );
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/2r5/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::Queen),
            Err(CastlingError::IntoCheck)
        );
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1").unwrap();
        assert!(pos.castling_move(CastlingSide::King).is_ok());
        // d1 attacked: through an attacked square.
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert!(pos.castling_move(CastlingSide::Queen).is_ok());
        let pos = Position::from_fen("3rk2r/8/8/8/8/8/8/R3K2R w KQk - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::Queen),
            Err(CastlingError::ThroughAttackedSquare(Square::D1))
        );
        // Chess960: a rook on b1 shields the king on c1 from a queen on a1; castling long
        // moves the rook to d1 and would expose the king.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/qRK4R w B - 0 1").unwrap();
        assert_eq!(
            pos.castling_move(CastlingSide::Queen),
            Err(CastlingError::IntoCheck)
        );
    }

    #[test]
    fn insufficient_material() {
        let cases = [
            ("8/8/4k3/8/8/8/8/4K3 w - - 0 1", true, true),
            ("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1", true, true),
            ("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1", false, true),
            ("8/8/4k3/8/8/2B1B3/8/4K3 w - - 0 1", true, true),
            ("8/8/4k3/8/8/2BB4/8/4K3 w - - 0 1", false, true),
            // Bishops on squares of one colour (c3 and e5 are dark) cannot mate.
            ("8/8/4k3/4b3/8/2B5/8/4K3 w - - 0 1", true, true),
            // Opposite colours: the other bishop can block its own king.
            ("8/8/4k3/3b4/8/2B5/8/4K3 w - - 0 1", false, false),
            ("8/8/4k3/3n4/8/2B5/8/4K3 w - - 0 1", false, false),
            ("8/8/4k3/3p4/8/8/8/4K3 w - - 0 1", true, false),
        ];
        for (fen, white, black) in cases {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(pos.has_insufficient_material(Color::White), white, "{fen}");
            assert_eq!(pos.has_insufficient_material(Color::Black), black, "{fen}");
        }
    }

    fn play_uci(pos: &mut Position, text: &str) {
        let uci: Uci = text.parse().unwrap();
        let m = pos
            .from_uci(&uci)
            .unwrap_or_else(|| panic!("{text} in {pos}"));
        pos.play_checked(&m).unwrap();
    }

    #[test]
    fn zobrist_keys_follow_fide_identity() {
        let start = Position::new();
        let mut pos = Position::new();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            play_uci(&mut pos, m);
        }
        // Same position (clocks differ), same key.
        assert_eq!(pos.zobrist(), start.zobrist());
        assert_ne!(pos, start);
        assert_eq!(pos.fullmove_number(), 3);
        assert_eq!(pos.halfmove_clock(), 4);
        // The king went out and back: the rights are gone, so the position is not the same.
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        let before = pos.zobrist();
        for m in ["e1f1", "e8d8", "f1e1", "d8e8"] {
            play_uci(&mut pos, m);
        }
        assert_ne!(pos.zobrist(), before);
        assert_eq!(
            pos.zobrist(),
            Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w - - 4 3")
                .unwrap()
                .zobrist()
        );
        // A double step with no pawn to take en passant: the key ignores the square.
        let mut pos = Position::new();
        play_uci(&mut pos, "e2e4");
        assert_eq!(pos.ep_square(), None);
        assert_eq!(pos.double_step_square(), Some(Square::E3));
        let fresh = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(pos.zobrist(), fresh.zobrist());
        assert_eq!(pos.zobrist(), pos.compute_key());
        // With a pawn that can take: the square counts.
        let mut pos = Position::from_fen("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1").unwrap();
        play_uci(&mut pos, "e2e4");
        assert_eq!(pos.ep_square(), Some(Square::E3));
        assert_eq!(pos.zobrist(), pos.compute_key());
        let no_ep = Position::from_fen("4k3/8/8/8/4Pp2/8/8/4K3 b - - 0 1").unwrap();
        assert_ne!(pos.zobrist(), no_ep.zobrist());
    }

    #[test]
    fn play_updates_rights_and_clocks() {
        // A rook captured in its corner loses its right.
        let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 5 10").unwrap();
        play_uci(&mut pos, "g2a8");
        assert_eq!(pos.to_fen(), "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 10");
        assert_eq!(pos.zobrist(), pos.compute_key());
        // Castling moves both pieces and clears both rights.
        play_uci(&mut pos, "e8g8");
        assert_eq!(pos.to_fen(), "B4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 11");
        play_uci(&mut pos, "e1c1");
        assert_eq!(pos.to_fen(), "B4rk1/8/8/8/8/8/8/2KR3R b - - 2 11");
        assert_eq!(pos.zobrist(), pos.compute_key());
        // Promotion with capture.
        let mut pos = Position::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40").unwrap();
        play_uci(&mut pos, "a7b8n");
        assert_eq!(pos.to_fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 40");
        // En passant removes the passed pawn.
        let mut pos = Position::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2").unwrap();
        play_uci(&mut pos, "d5e6");
        assert_eq!(pos.to_fen(), "4k3/8/4P3/8/8/8/8/4K3 b - - 0 2");
        // An illegal move leaves the position as it was.
        let before = pos.clone();
        let m = Move::Normal {
            role: Role::King,
            from: Square::E8,
            capture: None,
            to: Square::D7,
            promotion: None,
        };
        // d7 is attacked by the pawn on e6.
        assert!(pos.play_checked(&m).is_err());
        assert_eq!(pos, before);
    }

    #[test]
    fn pinned_en_passant_is_pseudo_legal_but_not_legal() {
        let pos = Position::from_fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2").unwrap();
        let mut list = MoveList::new();
        pos.legal_moves_to(Role::Pawn, Square::C6, &mut list);
        assert!(list.is_empty());
        pos.pseudo_legal_moves_to(Role::Pawn, Square::C6, &mut list);
        let ep = Move::EnPassant {
            from: Square::B5,
            to: Square::C6,
        };
        assert_eq!(list.as_slice(), &[ep]);
        assert_eq!(pos.checkers_after(&ep).single_square(), Some(Square::H5));
        assert!(!pos.is_legal(&ep));
        // Pawn pushes and promotions to a square.
        let pos = Position::from_fen("4k3/1P6/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        pos.legal_moves_to(Role::Pawn, Square::B8, &mut list);
        assert_eq!(list.len(), 4);
        pos.legal_moves_to(Role::Pawn, Square::E4, &mut list);
        assert_eq!(list.len(), 1);
        pos.pseudo_legal_moves_to(Role::Pawn, Square::E4, &mut list);
        assert_eq!(list.len(), 1);
        pos.pseudo_legal_moves_to(Role::Pawn, Square::E5, &mut list);
        assert!(list.is_empty());
    }

    #[test]
    fn arbitrary_moves_are_rejected_without_panics() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        let mut x = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let mut legal = MoveList::new();
            pos.legal_moves(&mut legal);
            for _ in 0..20_000 {
                let r = next();
                let sq = |v: u64| Square::new_masked(v as u32);
                let role = Role::ALL[(r % 6) as usize];
                let opt_role = |v: u64| Role::from_index((v % 8) as usize);
                let m = match (r >> 3) % 3 {
                    0 => Move::Normal {
                        role,
                        from: sq(r >> 8),
                        capture: opt_role(r >> 14),
                        to: sq(r >> 20),
                        promotion: opt_role(r >> 26),
                    },
                    1 => Move::EnPassant {
                        from: sq(r >> 8),
                        to: sq(r >> 20),
                    },
                    _ => Move::Castle {
                        king: sq(r >> 8),
                        rook: sq(r >> 20),
                    },
                };
                let mut copy = pos.clone();
                assert_eq!(copy.play_checked(&m).is_ok(), legal.contains(&m), "{m:?}");
                assert_eq!(pos.is_legal(&m), legal.contains(&m), "{m:?}");
                let _ = pos.checkers_after(&m);
                let _ = pos.from_uci(&m.to_uci(r % 2 == 0));
            }
        }
    }
}
