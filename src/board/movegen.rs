//! Legal move generation: check evasions, pins, en passant (only when legal), promotions and
//! Chess960 castling, written once and instantiated for two sinks — one that collects moves and
//! one that only counts them (perft's bulk counting at the leaves).

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{CastlingSide, Move, MoveList};
use super::position::Position;
use super::types::{Color, Piece, Rank, Role, Square};

/// Where generated moves go. Pawn moves arrive as target sets so a counting sink can use
/// popcounts; a target on the first or last rank stands for the four promotions.
pub(crate) trait Sink {
    /// A non-pawn piece on `from` may go to each of `targets`.
    fn piece(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard);
    /// Pawns move to each of `targets`, each from the square `delta` behind it.
    fn pawns(&mut self, pos: &Position, targets: Bitboard, delta: i32);
    /// The pawn on `from` may go to each of `targets`.
    fn pawn(&mut self, pos: &Position, from: Square, targets: Bitboard);
    /// An en passant capture or castling.
    fn special(&mut self, m: Move);
}

/// Collects moves into a [`MoveList`].
pub(crate) struct Collect<'a>(pub(crate) &'a mut MoveList);

impl Collect<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        // A legal position has at most 218 moves; FEN parsing bounds the material, so the list
        // (256) never overflows. Dropping instead of panicking keeps untrusted input harmless.
        let _ = self.0.try_push(m);
    }

    #[inline(always)]
    fn pawn_move(&mut self, pos: &Position, from: Square, to: Square) {
        let capture = pos.role_at(to);
        if Bitboard::BACKRANKS.contains(to) {
            for promotion in Role::PROMOTIONS {
                self.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: Some(promotion),
                });
            }
        } else {
            self.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: None,
            });
        }
    }
}

impl Sink for Collect<'_> {
    #[inline(always)]
    fn piece(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::Normal {
                role,
                from,
                capture: pos.role_at(to),
                to,
                promotion: None,
            });
        }
    }

    #[inline(always)]
    fn pawns(&mut self, pos: &Position, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = Square::new_masked((to.index() as i32 - delta) as u32);
            self.pawn_move(pos, from, to);
        }
    }

    #[inline(always)]
    fn pawn(&mut self, pos: &Position, from: Square, targets: Bitboard) {
        for to in targets {
            self.pawn_move(pos, from, to);
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without building them.
pub(crate) struct Count(pub(crate) u64);

impl Sink for Count {
    #[inline(always)]
    fn piece(&mut self, _: &Position, _: Role, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn pawns(&mut self, _: &Position, targets: Bitboard, _: i32) {
        self.0 += u64::from(targets.count() + 3 * (targets & Bitboard::BACKRANKS).count());
    }

    #[inline(always)]
    fn pawn(&mut self, _: &Position, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count() + 3 * (targets & Bitboard::BACKRANKS).count());
    }

    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// A set of roles as bits (1 << role index).
const ALL_ROLES: u8 = 0b11_1111;

const fn role_bit(role: Role) -> u8 {
    1 << role as u8
}

const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);

/// Shifts a set one rank (or `n` squares) towards `color`'s promotion rank.
#[inline(always)]
fn forward(bb: Bitboard, color: Color, n: u32) -> Bitboard {
    match color {
        Color::White => Bitboard(bb.0 << n),
        Color::Black => Bitboard(bb.0 >> n),
    }
}

impl Position {
    /// Our pieces pinned to our king `king`.
    #[inline(always)]
    fn pinned(&self, king: Square, ours: Bitboard, theirs: Bitboard, occ: Bitboard) -> Bitboard {
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        let snipers = theirs
            & ((attacks::rook_attacks(king, theirs) & rq)
                | (attacks::bishop_attacks(king, theirs) & bq));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers & ours;
            }
        }
        pinned
    }

    /// The castling move on `side` if it is legal, for a side to move that is not in check
    /// (the same rules as [`Position::castling_move`], without building the reason why not).
    #[inline(always)]
    fn castling_if_legal(&self, side: CastlingSide, occ: Bitboard) -> Option<Move> {
        let path = self.castling_path(side)?;
        if (path.needed & occ).any() {
            return None;
        }
        if path.attacked_crossings(self, occ).next().is_some() {
            return None;
        }
        path.lands_safely(self, occ).then_some(path.mv())
    }

    /// The one move generator: legal moves of the roles in `roles` ending in `to_mask`, plus
    /// castling if `castling`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(
        &self,
        sink: &mut S,
        roles: u8,
        to_mask: Bitboard,
        castling: bool,
    ) {
        let us = self.turn;
        let them = !us;
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occ = ours | theirs;
        let king = self.king_of(us);
        let checkers = self.attackers_to(king, them, occ);

        if roles & role_bit(Role::King) != 0 {
            let without_king = occ ^ Bitboard::from_square(king);
            let mut legal = Bitboard::EMPTY;
            for to in attacks::king_attacks(king) & !ours & to_mask {
                if self.attackers_to(to, them, without_king).is_empty() {
                    legal.add(to);
                }
            }
            sink.piece(self, Role::King, king, legal);
        }
        if checkers.more_than_one() {
            return;
        }
        let mut target = !ours & to_mask;
        if let Some(checker) = checkers.first() {
            target &= attacks::between(king, checker) | Bitboard::from_square(checker);
        } else if castling && !self.castling.is_empty() {
            for side in CastlingSide::ALL {
                if let Some(m) = self.castling_if_legal(side, occ) {
                    sink.special(m);
                }
            }
        }
        let pinned = self.pinned(king, ours, theirs, occ);

        if roles & role_bit(Role::Knight) != 0 {
            for from in self.by_role[Role::Knight.index()] & (ours - pinned) {
                sink.piece(
                    self,
                    Role::Knight,
                    from,
                    attacks::knight_attacks(from) & target,
                );
            }
        }
        let sliders = [
            (Role::Bishop, self.by_role[Role::Bishop.index()]),
            (Role::Rook, self.by_role[Role::Rook.index()]),
            (Role::Queen, self.by_role[Role::Queen.index()]),
        ];
        for (role, bb) in sliders {
            if roles & role_bit(role) == 0 {
                continue;
            }
            for from in bb & ours {
                let mut t = match role {
                    Role::Bishop => attacks::bishop_attacks(from, occ),
                    Role::Rook => attacks::rook_attacks(from, occ),
                    _ => attacks::queen_attacks(from, occ),
                } & target;
                if pinned.contains(from) {
                    t &= attacks::ray(king, from);
                }
                sink.piece(self, role, from, t);
            }
        }
        if roles & role_bit(Role::Pawn) != 0 {
            self.generate_pawns(sink, us, king, target, to_mask, pinned);
        }
    }

    #[inline(always)]
    fn generate_pawns<S: Sink>(
        &self,
        sink: &mut S,
        us: Color,
        king: Square,
        target: Bitboard,
        to_mask: Bitboard,
        pinned: Bitboard,
    ) {
        let ours = self.by_color(us);
        let theirs = self.by_color(!us);
        let empty = !(ours | theirs);
        let pawns = self.by_role[Role::Pawn.index()] & ours;
        let third = Bitboard::from_rank(Rank::Third.relative_to(us));
        let up: i32 = if us.is_white() { 8 } else { -8 };

        let free = pawns - pinned;
        let single = forward(free, us, 8) & empty;
        let double = forward(single & third, us, 8) & empty;
        sink.pawns(self, single & target, up);
        sink.pawns(self, double & target, 2 * up);
        // Captures towards the a-file and towards the h-file.
        let (west, east) = match us {
            Color::White => (
                Bitboard((free - FILE_A).0 << 7),
                Bitboard((free - FILE_H).0 << 9),
            ),
            Color::Black => (
                Bitboard((free - FILE_A).0 >> 9),
                Bitboard((free - FILE_H).0 >> 7),
            ),
        };
        sink.pawns(self, west & theirs & target, up - 1);
        sink.pawns(self, east & theirs & target, up + 1);

        for from in pawns & pinned {
            let bb = Bitboard::from_square(from);
            let one = forward(bb, us, 8) & empty;
            let two = forward(one & third, us, 8) & empty;
            let t = (attacks::pawn_attacks(us, from) & theirs | one | two)
                & target
                & attacks::ray(king, from);
            sink.pawn(self, from, t);
        }

        if let Some(ep) = self.ep_square {
            if to_mask.contains(ep) {
                for from in attacks::pawn_attacks(!us, ep) & pawns {
                    if self.ep_is_legal(from, ep) {
                        sink.special(Move::EnPassant { from, to: ep });
                    }
                }
            }
        }
    }

    /// All legal moves. Clears `out` first.
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position};
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// let mut moves = MoveList::new();
    /// pos.legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 48);
    /// ```
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate(&mut Collect(out), ALL_ROLES, Bitboard::FULL, true);
    }

    /// The legal moves ending on a square of `targets`, and the legal castling moves (wherever
    /// they end): enough to find every move a written word naming a square in `targets` may be,
    /// without generating the others. Clears `out` first.
    ///
    /// ```
    /// use scoresheet::board::{Bitboard, MoveList, Position, Square};
    /// let pos = Position::new();
    /// let mut moves = MoveList::new();
    /// pos.legal_moves_onto(Bitboard::from_square(Square::F3) | Bitboard::from_square(Square::E4), &mut moves);
    /// let mut to: Vec<Square> = moves.iter().map(|m| m.to()).collect();
    /// to.sort();
    /// // Nf3 and f2-f3 onto f3, e2-e4 onto e4; nothing else.
    /// assert_eq!(to, [Square::F3, Square::F3, Square::E4]);
    /// ```
    pub fn legal_moves_onto(&self, targets: Bitboard, out: &mut MoveList) {
        out.clear();
        self.generate(&mut Collect(out), ALL_ROLES, targets, true);
    }

    /// [`Self::legal_moves_onto`] for the pieces of the roles in `roles` only (and castling).
    pub(crate) fn legal_moves_of_onto(
        &self,
        roles: &[Role],
        targets: Bitboard,
        out: &mut MoveList,
    ) {
        out.clear();
        let bits = roles.iter().fold(0, |bits, &r| bits | role_bit(r));
        self.generate(&mut Collect(out), bits, targets, true);
    }

    /// Every legal move, castling included, handed to `sink` (for a caller that keeps only
    /// some moves and counts the others).
    pub(crate) fn generate_legal<S: Sink>(&self, sink: &mut S) {
        self.generate(sink, ALL_ROLES, Bitboard::FULL, true);
    }

    /// The number of legal moves, without building them.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().count_legal_moves(), 20);
    /// ```
    pub fn count_legal_moves(&self) -> u64 {
        let mut count = Count(0);
        self.generate(&mut count, ALL_ROLES, Bitboard::FULL, true);
        count.0
    }

    /// The legal moves of pieces of `role` ending on `to` (for a pawn: pushes, captures, en
    /// passant and all four promotions), without generating other moves. Castling is not
    /// included (see [`Self::castling_move`]). Clears `out` first.
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position, Role, Square};
    /// let pos = Position::new();
    /// let mut moves = MoveList::new();
    /// pos.legal_moves_to(Role::Knight, Square::F3, &mut moves);
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].from(), Some(Square::G1));
    /// ```
    pub fn legal_moves_to(&self, role: Role, to: Square, out: &mut MoveList) {
        out.clear();
        let us = self.turn;
        let ours = self.by_color(us);
        if !matches!(role, Role::Pawn | Role::King) && !ours.contains(to) {
            // A piece onto one square, the commonest question of a replay: the pieces that
            // reach `to` are few, and when our king is not in check a move is legal exactly
            // when it uncovers no line onto the king.
            let king = self.king_of(us);
            let occ = self.occupied();
            let theirs = self.by_color(!us);
            if self.attackers_to(king, !us, occ).is_empty() {
                let froms = match role {
                    Role::Knight => attacks::knight_attacks(to),
                    Role::Bishop => attacks::bishop_attacks(to, occ),
                    Role::Rook => attacks::rook_attacks(to, occ),
                    _ => attacks::queen_attacks(to, occ),
                } & self.by_role[role.index()]
                    & ours;
                let capture = self.role_at(to);
                let target = Bitboard::from_square(to);
                let rq = (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()])
                    & theirs
                    & !target;
                let bq = (self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()])
                    & theirs
                    & !target;
                for from in froms {
                    let after = (occ ^ Bitboard::from_square(from)) | target;
                    if (attacks::rook_attacks(king, after) & rq).is_empty()
                        && (attacks::bishop_attacks(king, after) & bq).is_empty()
                    {
                        let _ = out.try_push(Move::Normal {
                            role,
                            from,
                            capture,
                            to,
                            promotion: None,
                        });
                    }
                }
                return;
            }
        }
        self.generate(
            &mut Collect(out),
            role_bit(role),
            Bitboard::from_square(to),
            false,
        );
    }

    /// The moves of pieces of `role` ending on `to` that obey how the pieces move but may leave
    /// the own king in check (pins and checks ignored; no castling). For explaining why a
    /// written move is illegal. Clears `out` first.
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position, Role, Square};
    /// // The knight on d2 is pinned: no legal move to f3, one pseudo-legal one.
    /// let pos = Position::from_fen("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1").unwrap();
    /// let mut moves = MoveList::new();
    /// pos.legal_moves_to(Role::Knight, Square::F3, &mut moves);
    /// assert!(moves.is_empty());
    /// pos.pseudo_legal_moves_to(Role::Knight, Square::F3, &mut moves);
    /// assert_eq!(moves.len(), 1);
    /// ```
    pub fn pseudo_legal_moves_to(&self, role: Role, to: Square, out: &mut MoveList) {
        out.clear();
        let us = self.turn;
        let ours = self.by_color(us);
        let theirs = self.by_color(!us);
        let occ = self.occupied();
        if ours.contains(to) {
            return;
        }
        let mine = self.by_piece(Piece::new(us, role));
        let target = Bitboard::from_square(to);
        let mut sink = Collect(out);
        let froms = match role {
            Role::Pawn => {
                let mut froms = Bitboard::EMPTY;
                if theirs.contains(to) {
                    froms = attacks::pawn_attacks(!us, to) & mine;
                } else if !occ.contains(to) {
                    let back = |bb: Bitboard| forward(bb, !us, 8);
                    let one = back(target);
                    if (one & mine).any() {
                        froms = one & mine;
                    } else if one.is_empty() || (one & occ).is_empty() {
                        let two = back(one);
                        if to.rank() == Rank::Fourth.relative_to(us) {
                            froms = two & mine;
                        }
                    }
                    if self.double_step == Some(to) {
                        for from in attacks::pawn_attacks(!us, to) & mine {
                            sink.special(Move::EnPassant { from, to });
                        }
                    }
                }
                for from in froms {
                    sink.pawn(self, from, target);
                }
                return;
            }
            Role::Knight => attacks::knight_attacks(to) & mine,
            Role::Bishop => attacks::bishop_attacks(to, occ) & mine,
            Role::Rook => attacks::rook_attacks(to, occ) & mine,
            Role::Queen => attacks::queen_attacks(to, occ) & mine,
            Role::King => attacks::king_attacks(to) & mine,
        };
        for from in froms {
            sink.piece(self, role, from, target);
        }
    }
}
