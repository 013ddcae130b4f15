//! Printing legal moves in any letter set and style: FIDE short form with the appendix's minimal
//! disambiguation, long form with or without hyphen, UCI, figurines and PGN SAN.
//!
//! Everything writes into a [`fmt::Write`]; nothing is allocated unless the caller asks for a
//! `String` ([`move_to_string`]).
//!
//! ```
//! use scoresheet::board::{Move, Position, Role, Square};
//! use scoresheet::notation::{move_to_string, LetterSet, PrintOptions, Style};
//! let pos = Position::new();
//! let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
//! let cs = LetterSet::by_code("cs").unwrap();
//! assert_eq!(move_to_string(&pos, &m, cs, &PrintOptions::fide()), "Jf3");
//! assert_eq!(move_to_string(&pos, &m, cs, &PrintOptions::new(Style::LongHyphen)), "Jg1-f3");
//! assert_eq!(move_to_string(&pos, &m, cs, &PrintOptions::san()), "Nf3");
//! assert_eq!(move_to_string(&pos, &m, cs, &PrintOptions::new(Style::Uci)), "g1f3");
//! assert_eq!(move_to_string(&pos, &m, cs, &PrintOptions::new(Style::Figurine)), "♘f3");
//! ```

use super::letters::LetterSet;
use crate::board::{Bitboard, CastlingSide, Move, MoveList, Position, Role, Square};
use std::fmt::{self, Write};

/// The form a move is printed in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// The Laws' short form (C.8–C.13): `Jf3`, `exd6 e.p.`, `d8D`, `0-0`.
    Fide,
    /// Long form without hyphen (Slovak C.8): `Jg1f3`, `e2e4`, `e5xd4`.
    Long,
    /// Long form with hyphen: `Jg1-f3`, `e2-e4`, `e5xd4`.
    LongHyphen,
    /// Universal Chess Interface coordinates: `g1f3`, `e7e8q`, `e1g1` (`e1h1` in Chess960).
    Uci,
    /// The short form with figurines (C.3): `♘f3`.
    Figurine,
    /// PGN Standard Algebraic Notation: English letters, `O-O`, `=Q`, always `x`, no `e.p.`.
    San,
}

impl Style {
    /// Every style.
    pub const ALL: [Style; 6] = [
        Style::Fide,
        Style::Long,
        Style::LongHyphen,
        Style::Uci,
        Style::Figurine,
        Style::San,
    ];
}

/// How to print: the style and which optional marks (C.13: x, +, #, e.p.) to write.
///
/// ```
/// use scoresheet::notation::{PrintOptions, Style};
/// let o = PrintOptions { capture_mark: false, ..PrintOptions::fide() };
/// assert_eq!(o.style, Style::Fide);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PrintOptions {
    /// The form.
    pub style: Style,
    /// Write `+` for check and `#` for mate.
    pub check_marks: bool,
    /// Write `x` for captures (always on in SAN).
    pub capture_mark: bool,
    /// Write ` e.p.` after en passant captures (never in SAN or UCI).
    pub ep_mark: bool,
}

impl PrintOptions {
    /// `style` with all optional marks on.
    pub const fn new(style: Style) -> PrintOptions {
        PrintOptions {
            style,
            check_marks: true,
            capture_mark: true,
            ep_mark: true,
        }
    }

    /// The Laws' model form: `exd6 e.p.`, `De3+`.
    pub const fn fide() -> PrintOptions {
        PrintOptions::new(Style::Fide)
    }

    /// PGN SAN.
    pub const fn san() -> PrintOptions {
        PrintOptions::new(Style::San)
    }
}

/// Writes the legal move `m` of `pos` in `letters` and `opts`. Figurine style uses figurines and
/// SAN English letters whatever `letters` says.
///
/// ```
/// use scoresheet::board::{Position, Uci};
/// use scoresheet::notation::{write_move, LetterSet, PrintOptions};
/// let pos = Position::new();
/// let m = pos.from_uci(&"e2e4".parse::<Uci>().unwrap()).unwrap();
/// let mut out = String::new();
/// write_move(&mut out, &pos, &m, LetterSet::english(), &PrintOptions::fide()).unwrap();
/// assert_eq!(out, "e4");
/// ```
pub fn write_move<W: Write>(
    out: &mut W,
    pos: &Position,
    m: &Move,
    letters: &LetterSet,
    opts: &PrintOptions,
) -> fmt::Result {
    write_move_before(out, pos, m, None, letters, opts)
}

/// [`write_move`] where the position after the move may be known already (`after`): its check
/// mark is then read off it instead of playing the move again.
pub(crate) fn write_move_before<W: Write>(
    out: &mut W,
    pos: &Position,
    m: &Move,
    after: Option<&Position>,
    letters: &LetterSet,
    opts: &PrintOptions,
) -> fmt::Result {
    let letters = match opts.style {
        Style::San => LetterSet::english(),
        Style::Figurine => LetterSet::figurine(),
        _ => letters,
    };
    match opts.style {
        Style::Uci => return write!(out, "{}", m.to_uci(pos.is_chess960())),
        Style::Long | Style::LongHyphen => write_long(out, m, letters, opts)?,
        Style::Fide | Style::Figurine | Style::San => write_short(out, pos, m, letters, opts)?,
    }
    if m.is_en_passant() && opts.ep_mark && opts.style != Style::San {
        out.write_str(" e.p.")?;
    }
    if opts.check_marks {
        match after {
            Some(after) => write_check_mark(out, after)?,
            None => {
                let mut after = pos.clone();
                after.play(m);
                write_check_mark(out, &after)?;
            }
        }
    }
    Ok(())
}

/// The check mark of a move that led to `after`: `#` for checkmate, `+` for check, else none.
pub(crate) fn write_check_mark<W: Write>(out: &mut W, after: &Position) -> fmt::Result {
    if after.is_checkmate() {
        out.write_char('#')
    } else if after.is_check() {
        out.write_char('+')
    } else {
        Ok(())
    }
}

/// [`write_move`] into a new `String`.
///
/// ```
/// use scoresheet::board::{Position, Uci};
/// use scoresheet::notation::{move_to_string, LetterSet, PrintOptions};
/// let pos = Position::new();
/// let m = pos.from_uci(&"g1f3".parse::<Uci>().unwrap()).unwrap();
/// assert_eq!(move_to_string(&pos, &m, LetterSet::by_code("hr").unwrap(), &PrintOptions::fide()), "Sf3");
/// ```
pub fn move_to_string(
    pos: &Position,
    m: &Move,
    letters: &LetterSet,
    opts: &PrintOptions,
) -> String {
    // Room for the longest usual move (`Qh4xe1+`, `e7e8q`) at once, not grown in steps.
    let mut s = String::with_capacity(8);
    // Writing into a String cannot fail.
    let _ = write_move(&mut s, pos, m, letters, opts);
    s
}

fn write_castle<W: Write>(out: &mut W, side: CastlingSide, style: Style) -> fmt::Result {
    let text = match (style, side) {
        (Style::San, s) => s.pgn(),
        (_, CastlingSide::King) => "0-0",
        (_, CastlingSide::Queen) => "0-0-0",
    };
    out.write_str(text)
}

fn write_promotion<W: Write>(
    out: &mut W,
    m: &Move,
    letters: &LetterSet,
    style: Style,
) -> fmt::Result {
    if let Some(p) = m.promotion() {
        if style == Style::San {
            out.write_char('=')?;
        }
        out.write_str(letters.letter(p))?;
    }
    Ok(())
}

fn write_long<W: Write>(
    out: &mut W,
    m: &Move,
    letters: &LetterSet,
    opts: &PrintOptions,
) -> fmt::Result {
    if let Some(side) = m.castling_side() {
        return write_castle(out, side, opts.style);
    }
    out.write_str(letters.letter(m.role()))?;
    if let Some(from) = m.from() {
        write!(out, "{from}")?;
    }
    if m.is_capture() && opts.capture_mark {
        out.write_char('x')?;
    } else if opts.style == Style::LongHyphen {
        out.write_char('-')?;
    }
    out.write_char(m.to().file().char())?;
    out.write_char(m.to().rank().char())?;
    write_promotion(out, m, letters, opts.style)
}

/// What a short-form move must add after the piece letter to tell it from its twins (C.10).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Disambiguation {
    /// Unique as it is.
    None,
    /// The starting file (C.10.1, and the preferred method).
    File,
    /// The starting rank (C.10.2).
    Rank,
    /// The whole starting square (three or more like pieces).
    Square,
}

/// The minimal disambiguation of the non-pawn move `m` among `candidates` (legal moves of the same
/// role to the same square): the file, then the rank, then the square.
pub(crate) fn disambiguation(m: &Move, candidates: &[Move]) -> Disambiguation {
    let Some(from) = m.from() else {
        return Disambiguation::None;
    };
    let mut twins = false;
    let mut same_file = false;
    let mut same_rank = false;
    for c in candidates {
        match c.from() {
            Some(f)
                if f != from && c.promotion() == m.promotion() && c.castling_side().is_none() =>
            {
                twins = true;
                same_file |= f.file() == from.file();
                same_rank |= f.rank() == from.rank();
            }
            _ => {}
        }
    }
    if !twins {
        Disambiguation::None
    } else if !same_file {
        Disambiguation::File
    } else if !same_rank {
        Disambiguation::Rank
    } else {
        Disambiguation::Square
    }
}

/// [`disambiguation`] of the non-pawn move `m` of `role` from `from` in `pos`. Only where
/// another piece of the same role attacks the target square (for pieces other than pawns the
/// squares they may move to) can a legal twin exist; elsewhere no move is generated.
fn disambiguation_in(pos: &Position, m: &Move, role: Role, from: Square) -> Disambiguation {
    let rivals = pos.attackers_to(m.to(), pos.turn(), pos.occupied())
        & pos.by_role(role)
        & !Bitboard::from_square(from);
    if rivals.is_empty() {
        return Disambiguation::None;
    }
    let mut list = MoveList::new();
    pos.legal_moves_to(role, m.to(), &mut list);
    disambiguation(m, &list)
}

fn write_short<W: Write>(
    out: &mut W,
    pos: &Position,
    m: &Move,
    letters: &LetterSet,
    opts: &PrintOptions,
) -> fmt::Result {
    if let Some(side) = m.castling_side() {
        return write_castle(out, side, opts.style);
    }
    let role = m.role();
    let from = m.from();
    let capture_mark = m.is_capture() && (opts.capture_mark || opts.style == Style::San);
    if role == Role::Pawn {
        if m.is_capture() {
            if let Some(from) = from {
                out.write_char(from.file().char())?;
            }
            if capture_mark {
                out.write_char('x')?;
            }
        }
    } else {
        out.write_str(letters.letter(role))?;
        if let Some(from) = from {
            match disambiguation_in(pos, m, role, from) {
                Disambiguation::None => {}
                Disambiguation::File => out.write_char(from.file().char())?,
                Disambiguation::Rank => out.write_char(from.rank().char())?,
                Disambiguation::Square => write!(out, "{from}")?,
            }
        }
        if capture_mark {
            out.write_char('x')?;
        }
    }
    let to = m.to();
    out.write_char(to.file().char())?;
    out.write_char(to.rank().char())?;
    write_promotion(out, m, letters, opts.style)
}
