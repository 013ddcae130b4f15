//! A fast reader for the commonest moves of a PGN file: plain SAN in English letters —
//! `e4`, `exd5`, `e8=Q`, `Nf3`, `Qxe7+`, `O-O`, and `Nbd2`, `R1e2` where SAN names a file or
//! a rank — read straight from the bytes to the legal move, without building a
//! [`WrittenMove`](super::WrittenMove).
//!
//! It answers only where the general reader ([`WrittenMove::parse`](super::WrittenMove::parse)
//! and its resolution, lenient) reads the same token as the same move with no warning other than
//! those of the check mark, which the caller judges by playing the move, as the general reader
//! does. Everything else returns `None` and goes to the general reader, which keeps its own
//! messages: a file or rank SAN would not write, the whole starting square and long forms,
//! other letters, en passant, promotions without `=`, captures without `x` and `x` on a move
//! that takes nothing, ambiguous, illegal and unreadable moves.
//!
//! ```
//! use scoresheet::board::{Position, Role, Square};
//! use scoresheet::notation::{read_plain_san, CheckMark};
//! let pos = Position::new();
//! let (m, mark) = read_plain_san(&pos, b"Nf3+").unwrap();
//! assert_eq!((m.role(), m.from(), m.to(), mark), (Role::Knight, Some(Square::G1), Square::F3, CheckMark::Check));
//! // The general reader's business: a long form, and a move no knight can make.
//! assert!(read_plain_san(&pos, b"Ng1f3").is_none());
//! assert!(read_plain_san(&pos, b"Nd4").is_none());
//! // Only one knight can go to f3: `Ngf3` names more than SAN does (a warning of its own).
//! assert!(read_plain_san(&pos, b"Ngf3").is_none());
//! // Two knights can go to d2: SAN names the file, and the fast reader takes it.
//! let two = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
//! assert_eq!(read_plain_san(&two, b"Nbd2").unwrap().0.from(), Some(Square::B1));
//! assert!(read_plain_san(&two, b"Nd2").is_none());
//! ```

use super::CheckMark;
use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use crate::board::{
    Bitboard, CastlingSide, Color, File, Move, Piece, Position, Rank, Role, Square,
};

/// Reads `san`, a token in English letters, as a legal move of `pos` with its written check
/// mark, when it is plain SAN the general reader reads the same way without a warning of its own
/// (see the [module docs](self)); `None` otherwise.
///
/// ```
/// use scoresheet::board::{Position, Square};
/// use scoresheet::notation::read_plain_san;
/// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
/// let (m, _) = read_plain_san(&pos, b"exd5").unwrap();
/// assert_eq!((m.from(), m.is_capture()), (Some(Square::E4), true));
/// // `d5` alone is a push, and there is no pawn to push there.
/// assert!(read_plain_san(&pos, b"d5").is_none());
/// ```
pub fn read_plain_san(pos: &Position, san: &[u8]) -> Option<(Move, CheckMark)> {
    let (body, mark) = match san {
        [body @ .., b'+'] => (body, CheckMark::Check),
        [body @ .., b'#'] => (body, CheckMark::Mate),
        _ => (san, CheckMark::None),
    };
    let mv = match *body {
        [b'O', b'-', b'O'] => pos.castling_move(CastlingSide::King).ok()?,
        [b'O', b'-', b'O', b'-', b'O'] => pos.castling_move(CastlingSide::Queen).ok()?,
        [f, r] => pawn_push(pos, square(f, r)?, None)?,
        [f, r, b'=', p] => pawn_push(pos, square(f, r)?, Some(promotion(p)?))?,
        [from @ b'a'..=b'h', b'x', f, r] => pawn_capture(pos, file(from)?, square(f, r)?, None)?,
        [from, b'x', f, r, b'=', p] => {
            pawn_capture(pos, file(from)?, square(f, r)?, Some(promotion(p)?))?
        }
        [p, f, r] => piece_move(pos, role(p)?, square(f, r)?, false, Named::Nothing)?,
        [p, b'x', f, r] => piece_move(pos, role(p)?, square(f, r)?, true, Named::Nothing)?,
        [p, d, f, r] => piece_move(pos, role(p)?, square(f, r)?, false, named(d)?)?,
        [p, d, b'x', f, r] => piece_move(pos, role(p)?, square(f, r)?, true, named(d)?)?,
        _ => return None,
    };
    Some((mv, mark))
}

/// What a piece move names of its starting square besides the letter: SAN's disambiguation.
#[derive(Clone, Copy)]
enum Named {
    Nothing,
    File(File),
    Rank(Rank),
}

/// The file or rank a disambiguating character names.
fn named(b: u8) -> Option<Named> {
    match (file(b), rank(b)) {
        (Some(f), _) => File::new(f).map(Named::File),
        (_, Some(r)) => Rank::new(r).map(Named::Rank),
        _ => None,
    }
}

fn file(b: u8) -> Option<u32> {
    matches!(b, b'a'..=b'h').then(|| u32::from(b - b'a'))
}

fn rank(b: u8) -> Option<u32> {
    matches!(b, b'1'..=b'8').then(|| u32::from(b - b'1'))
}

fn square(f: u8, r: u8) -> Option<Square> {
    Square::new(rank(r)? * 8 + file(f)?)
}

fn role(b: u8) -> Option<Role> {
    match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

fn promotion(b: u8) -> Option<Role> {
    role(b).filter(|r| *r != Role::King)
}

/// The square one rank behind `sq` from `color`'s side (towards its own back rank).
fn behind(sq: Square, color: Color) -> Option<Square> {
    sq.offset(0, if color == Color::White { -1 } else { 1 })
}

/// Does the pawn move onto `to` promote exactly when the written promotion says so?
fn promotion_fits(pos: &Position, to: Square, promotion: Option<Role>) -> bool {
    (to.rank() == pos.turn().promotion_rank()) == promotion.is_some()
}

/// The push of one of our pawns onto the empty square `to` (one or two steps), if legal.
fn pawn_push(pos: &Position, to: Square, promotion: Option<Role>) -> Option<Move> {
    let us = pos.turn();
    let occ = pos.occupied();
    if occ.contains(to) || !promotion_fits(pos, to, promotion) {
        return None;
    }
    let pawns = pos.by_piece(Piece::new(us, Role::Pawn));
    let one = behind(to, us)?;
    let from = if pawns.contains(one) {
        one
    } else {
        let two = behind(one, us)?;
        let double = to.rank().relative_to(us).index() == 3;
        if !double || occ.contains(one) || !pawns.contains(two) {
            return None;
        }
        two
    };
    king_safe(pos, Role::Pawn, from, to).then_some(Move::Normal {
        role: Role::Pawn,
        from,
        capture: None,
        to,
        promotion,
    })
}

/// The capture by our pawn on file `from_file` of the enemy piece on `to` (no en passant).
fn pawn_capture(
    pos: &Position,
    from_file: u32,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let us = pos.turn();
    if from_file.abs_diff(to.file().index() as u32) != 1
        || !pos.by_color(!us).contains(to)
        || !promotion_fits(pos, to, promotion)
    {
        return None;
    }
    let from = behind(to, us)?.offset(from_file as i32 - to.file().index() as i32, 0)?;
    if !pos.by_piece(Piece::new(us, Role::Pawn)).contains(from) {
        return None;
    }
    let capture = pos.piece_at(to).map(|p| p.role);
    king_safe(pos, Role::Pawn, from, to).then_some(Move::Normal {
        role: Role::Pawn,
        from,
        capture,
        to,
        promotion,
    })
}

/// The one legal move of a piece of `role` onto `to` that `named` picks out; `None` if there is
/// none or more than one, if the capture mark is written on a move that takes nothing or left
/// off one that does (both warnings of the general reader), or if `named` is not exactly what
/// SAN writes there: a file only where two pieces could go and the file tells them apart, a rank
/// only where the file does not and the rank does (more, or less, is the general reader's to
/// judge and report).
fn piece_move(
    pos: &Position,
    role: Role,
    to: Square,
    x_written: bool,
    named: Named,
) -> Option<Move> {
    let us = pos.turn();
    if pos.by_color(us).contains(to) {
        return None;
    }
    let capture = pos.piece_at(to).map(|p| p.role);
    if x_written != capture.is_some() {
        return None;
    }
    let occ = pos.occupied();
    let reach = match role {
        Role::Knight => knight_attacks(to),
        Role::Bishop => bishop_attacks(to, occ),
        Role::Rook => rook_attacks(to, occ),
        Role::Queen => queen_attacks(to, occ),
        _ => king_attacks(to),
    };
    let movers = legal_movers(pos, role, reach, to);
    let from = match named {
        Named::Nothing => movers.single_square()?,
        Named::File(f) => {
            if !movers.more_than_one() {
                return None;
            }
            (movers & Bitboard::from_file(f)).single_square()?
        }
        Named::Rank(r) => {
            let from = (movers & Bitboard::from_rank(r)).single_square()?;
            if !(movers & Bitboard::from_file(from.file())).more_than_one() {
                return None;
            }
            from
        }
    };
    Some(Move::Normal {
        role,
        from,
        capture,
        to,
        promotion: None,
    })
}

/// Our pieces of `role` on `reach` (the squares from which one reaches `to`) that may legally
/// go to `to`.
fn legal_movers(pos: &Position, role: Role, reach: Bitboard, to: Square) -> Bitboard {
    let mut movers = Bitboard::EMPTY;
    for from in reach & pos.by_piece(Piece::new(pos.turn(), role)) {
        if king_safe(pos, role, from, to) {
            movers.add(from);
        }
    }
    movers
}

/// Is our king out of check after our piece of `role` goes from `from` to `to` (taking whatever
/// stands there; not en passant or castling)?
fn king_safe(pos: &Position, role: Role, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let king = if role == Role::King {
        to
    } else {
        pos.king_of(us)
    };
    let target = Bitboard::from_square(to);
    let occ = (pos.occupied() - Bitboard::from_square(from)) | target;
    (pos.attackers_to(king, !us, occ) - target).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MoveList;
    use crate::notation::resolve::play_judging_mark;
    use crate::notation::{
        move_to_string, LetterSet, Policy, PrintOptions, Style, Warnings, WrittenMove,
    };

    /// Positions to read moves in: the random perft suite (every kind of move, pins, checks,
    /// promotions, en passant) and the start.
    fn positions(every: usize) -> Vec<Position> {
        let mut out = vec![Position::new()];
        out.extend(crate::board::random_suite(every));
        out
    }

    /// Every token of the fast reader's shapes, right or wrong for the position: each piece
    /// letter (with no file or rank of its own square, or with any one) and pawn file onto each
    /// square, with and without `x`, each promotion, castling, each check mark.
    fn tokens() -> Vec<String> {
        let mut bodies = vec!["O-O".to_owned(), "O-O-O".to_owned()];
        for sq in Square::all() {
            let to = sq.to_string();
            for p in ["N", "B", "R", "Q", "K"] {
                bodies.push(format!("{p}{to}"));
                bodies.push(format!("{p}x{to}"));
                for named in "abcdefgh12345678".chars() {
                    bodies.push(format!("{p}{named}{to}"));
                    bodies.push(format!("{p}{named}x{to}"));
                }
            }
            let promotions = ["", "=N", "=B", "=R", "=Q", "=K"];
            for promo in promotions {
                bodies.push(format!("{to}{promo}"));
                for f in "abcdefgh".chars() {
                    bodies.push(format!("{f}x{to}{promo}"));
                }
            }
        }
        let mut out = Vec::new();
        for b in bodies {
            for mark in ["", "+", "#", "++"] {
                out.push(format!("{b}{mark}"));
            }
        }
        out
    }

    /// Whenever the fast reader answers, the general reader reads the same move with the same
    /// warnings (the fast reader's check-mark warnings are judged as the replay judges them).
    #[test]
    fn agrees_with_the_general_reader_on_every_token_it_takes() {
        let en = LetterSet::english();
        let tokens = tokens();
        let mut taken = 0;
        for pos in positions(40) {
            for t in &tokens {
                let Some((mv, mark)) = read_plain_san(&pos, t.as_bytes()) else {
                    continue;
                };
                taken += 1;
                let mut after = pos.clone();
                let mut fast = Warnings::default();
                play_judging_mark(&pos, &mv, mark, true, &mut after, &mut fast);
                let slow = WrittenMove::parse(t, en)
                    .unwrap_or_else(|e| panic!("{t} in {}: {e}", pos.to_fen()))
                    .resolve(&pos, Policy::Lenient)
                    .unwrap_or_else(|e| panic!("{t} in {}: {e}", pos.to_fen()));
                assert_eq!(
                    (slow.mv, slow.warnings),
                    (mv, fast),
                    "{t} in {}",
                    pos.to_fen()
                );
            }
        }
        assert!(taken > 10_000, "only {taken} tokens taken");
    }

    /// The fast reader takes the PGN SAN of every legal move that is no en passant capture and
    /// does not need both the file and the rank of its square: the general reader is left only
    /// the rare forms.
    #[test]
    fn takes_the_san_of_every_plain_move() {
        let san = PrintOptions::new(Style::San);
        let mut moves = MoveList::new();
        let mut plain = 0;
        let mut disambiguated = 0;
        for pos in positions(7) {
            pos.legal_moves(&mut moves);
            for m in &moves {
                let text = move_to_string(&pos, m, LetterSet::english(), &san);
                // A piece move's letter, optional x, square: each character more names the
                // starting square's file or rank (two: the whole square).
                let body = text.trim_end_matches(['+', '#']);
                let named = match *m {
                    Move::Normal { role, .. } if role != Role::Pawn => {
                        body.len() - 3 - usize::from(body.contains('x'))
                    }
                    _ => 0,
                };
                if m.is_en_passant() || named > 1 {
                    continue;
                }
                disambiguated += named;
                plain += 1;
                let read = read_plain_san(&pos, text.as_bytes());
                assert_eq!(
                    read.map(|(mv, _)| mv),
                    Some(*m),
                    "{text} in {}",
                    pos.to_fen()
                );
            }
        }
        assert!(plain > 20_000, "only {plain} moves");
        assert!(
            disambiguated > 100,
            "only {disambiguated} moves with a file or rank"
        );
    }
}
