//! Judging a written move against a position: exactly one legal move, or the rule that failed.
//!
//! Resolution asks the board only for the legal moves of the written piece to the written square
//! ([`Position::legal_moves_to`]); it never generates all legal moves.
//!
//! ```
//! use scoresheet::board::{Position, Square};
//! use scoresheet::notation::{LetterSet, Policy, Warning, WrittenMove};
//! let cs = LetterSet::by_code("cs").unwrap();
//! let pos = Position::new();
//! let r = WrittenMove::parse("Jg1-f3", cs).unwrap().resolve(&pos, Policy::Lenient).unwrap();
//! assert_eq!(r.mv.to(), Square::F3);
//! assert!(r.warnings.contains(Warning::Hyphen));
//! ```

use super::letters::LetterSet;
use super::print::{disambiguation, move_to_string, Disambiguation, PrintOptions, Style};
use super::written::{Body, CheckMark, ParseError, Separator, Target, WrittenMove};
use crate::board::{
    Bitboard, CastlingError, CastlingSide, Color, Move, MoveList, Piece, Position, Rank, Role,
    Square,
};
use std::fmt;

/// How strictly to read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// What a scoresheet allows (C.13: x, +, #, e.p. are optional; long forms, hyphens and
    /// over-disambiguation are accepted). Deviations are warnings.
    Lenient,
    /// The FIDE short form and PGN export: a capture must be marked and only a capture may be.
    /// Other deviations are warnings.
    Strict,
}

/// A deviation from the Laws' short form that did not stop the move from being read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Warning {
    /// A capture written without `x` (C.9; optional per C.13).
    MissingCaptureMark = 0,
    /// `x` on a move that captures nothing.
    CaptureMarkOnNonCapture,
    /// `:` used as the capture mark.
    ColonCapture,
    /// A hyphen between the squares (C.8: "no hyphen").
    Hyphen,
    /// More of the starting square than C.10 needs (long form, Slovak C.8).
    OverDisambiguated,
    /// A pawn named by its letter (C.4).
    PawnLetter,
    /// The abbreviated pawn capture with files only (`ed`).
    FileOnlyCapture,
    /// `e.p.` on a move that is no en passant capture.
    EnPassantMarkOnOtherMove,
    /// A check not marked with `+`.
    MissingCheckMark,
    /// A mate not marked with `#` or `++`.
    MissingMateMark,
    /// `+` on a move that gives no check.
    CheckMarkWithoutCheck,
    /// `#` or `++` on a move that does not mate.
    MateMarkWithoutMate,
    /// Castling written as a king move (`Kg1`, or king takes own rook in Chess960).
    CastlingAsKingMove,
    /// Unicode look-alikes (×, en dash, fullwidth letters) had to be folded.
    UnicodeFolded,
    /// A pawn's move straight ahead written with its file in front (`bb5`, read as b4-b5)
    /// where the piece whose letter is that file's in capital could make the move too (`Bb5`):
    /// a piece letter written in lower case, perhaps (C.2: piece letters are capitals).
    FileLikePieceLetter,
    /// A piece's move written by its two squares alone (`g1f3`, as UCI and engines write it):
    /// the piece on the first square is the one moved (C.2: pieces are named by their letters).
    CoordinateForm,
    /// Castling written without a dash between its zeros (`00`, `000`, or a dot for it: `0.0`;
    /// C.13 writes `0-0`).
    CastlingWithoutDash,
    /// Castling written with zeros and letters O mixed (`0-O`, `O-0-O`; C.13 writes `0-0`).
    CastlingMarksMixed,
}

impl Warning {
    const ALL: [Warning; 18] = [
        Warning::MissingCaptureMark,
        Warning::CaptureMarkOnNonCapture,
        Warning::ColonCapture,
        Warning::Hyphen,
        Warning::OverDisambiguated,
        Warning::PawnLetter,
        Warning::FileOnlyCapture,
        Warning::EnPassantMarkOnOtherMove,
        Warning::MissingCheckMark,
        Warning::MissingMateMark,
        Warning::CheckMarkWithoutCheck,
        Warning::MateMarkWithoutMate,
        Warning::CastlingAsKingMove,
        Warning::UnicodeFolded,
        Warning::FileLikePieceLetter,
        Warning::CoordinateForm,
        Warning::CastlingWithoutDash,
        Warning::CastlingMarksMixed,
    ];
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Warning::MissingCaptureMark => "capture written without x (C.9)",
            Warning::CaptureMarkOnNonCapture => "x written but nothing is captured (C.9)",
            Warning::ColonCapture => "':' used as the capture mark instead of x (C.9)",
            Warning::Hyphen => "hyphen between the squares (C.8: no hyphen)",
            Warning::OverDisambiguated => {
                "more of the starting square than needed (C.10; long form, Slovak C.8)"
            }
            Warning::PawnLetter => "pawn named by a letter (C.4: pawns are not named)",
            Warning::FileOnlyCapture => "pawn capture written with files only",
            Warning::EnPassantMarkOnOtherMove => "e.p. written on a move that is not en passant",
            Warning::MissingCheckMark => "check not marked with + (optional, C.13)",
            Warning::MissingMateMark => "mate not marked with # or ++ (optional, C.13)",
            Warning::CheckMarkWithoutCheck => "+ written but the move gives no check",
            Warning::MateMarkWithoutMate => "mate mark written but the move does not mate",
            Warning::CastlingAsKingMove => "castling written as a king move (C.13: 0-0 / 0-0-0)",
            Warning::UnicodeFolded => "Unicode look-alike characters folded",
            Warning::FileLikePieceLetter => {
                "read as a pawn's move with its file in front; the piece whose letter is that \
                 file in capital can make it too (C.2: piece letters are capitals)"
            }
            Warning::CoordinateForm => {
                "a piece's move written by its squares alone, without its letter (C.2)"
            }
            Warning::CastlingWithoutDash => "castling written without its dash (C.13: 0-0 / 0-0-0)",
            Warning::CastlingMarksMixed => {
                "castling written with zeros and letters O mixed (C.13: 0-0 / 0-0-0)"
            }
        })
    }
}

/// A small set of warnings (no allocation).
///
/// ```
/// use scoresheet::notation::{Warning, Warnings};
/// let mut w = Warnings::default();
/// w.insert(Warning::Hyphen);
/// assert!(w.contains(Warning::Hyphen));
/// assert_eq!(w.iter().count(), 1);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Warnings(u32);

impl Warnings {
    /// Adds a warning.
    pub fn insert(&mut self, w: Warning) {
        self.0 |= 1 << (w as u8);
    }

    /// Is `w` in the set?
    pub fn contains(&self, w: Warning) -> bool {
        self.0 & (1 << (w as u8)) != 0
    }

    /// No warnings?
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The warnings, in a fixed order.
    pub fn iter(&self) -> impl Iterator<Item = Warning> + '_ {
        // Most moves have none: an empty set walks no list at all.
        let bits = self.0;
        let len = if bits == 0 { 0 } else { Warning::ALL.len() };
        Warning::ALL
            .into_iter()
            .take(len)
            .filter(move |w| bits & (1 << (*w as u8)) != 0)
    }
}

/// A written move read as a legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The legal move.
    pub mv: Move,
    /// Deviations from the Laws' short form.
    pub warnings: Warnings,
    /// Does the move give check / mate (as found by playing it).
    pub check: CheckMark,
}

/// Why a written move could not be read as a legal move; each variant names the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// No piece of that kind (from the written starting file/rank) can move there by the rules of
    /// movement (Article 3).
    #[error("no {piece}{from} can move to {target} (Article 3){hint}")]
    Unreachable {
        /// The piece as named: `knight (J)`.
        piece: String,
        /// ` from g1`, ` from the g-file`, or empty.
        from: String,
        /// The target as written.
        target: String,
        /// What was likely meant, or empty: a pawn move from a file whose letter is a piece's
        /// letter in lower case (`bb5` in English) where that piece can go (`; Bb5 is legal:
        /// the bishop's letter is a capital B`), or a piece's move whose letter in small is a
        /// file where that file's pawn can go (`Bxc6` for bxc6: `; bxc6 is legal: a pawn's
        /// move names its file in a small letter`).
        hint: String,
    },
    /// The piece can move there but the move leaves the own king attacked (Article 3.9).
    #[error("{mv} is illegal: {reason} (Article 3.9)")]
    LeavesKingInCheck {
        /// The move in the letter set, long form.
        mv: String,
        /// Which piece pins, checks or attacks.
        reason: String,
    },
    /// More than one legal move fits (C.10 asks for the starting file or rank).
    #[error(
        "ambiguous: {} {} fit; C.10 asks for the starting file or rank",
        .candidates.join(", "),
        if .candidates.len() == 2 { "both" } else { "all" }
    )]
    Ambiguous {
        /// The candidates, printed in the same letter set.
        candidates: Vec<String>,
    },
    /// `x` on a move that captures nothing (strict policy).
    #[error("{mv} captures nothing, but x is written (C.9)")]
    CaptureMarkOnNonCapture {
        /// The move, as it should be written.
        mv: String,
    },
    /// A capture without `x` (strict policy).
    #[error("{mv} is a capture and must be written with x (C.9)")]
    MissingCaptureMark {
        /// The move, as it should be written.
        mv: String,
    },
    /// A pawn reaching the last rank without the new piece named.
    #[error("the pawn reaches {to}: the new piece must be named (C.11), e.g. {example}")]
    MissingPromotion {
        /// The promotion square.
        to: Square,
        /// The move with a queen.
        example: String,
    },
    /// A promotion that cannot be: to a king or pawn, or on a move that is no promotion.
    #[error("promotion impossible: {reason} (Article 3.7.5)")]
    ImpossiblePromotion {
        /// Why.
        reason: String,
    },
    /// Castling is not allowed now (Article 3.8.2).
    #[error("{notation} is not allowed: {reason} (Article 3.8.2)")]
    CastlingNotAllowed {
        /// `0-0` or `0-0-0`.
        notation: &'static str,
        /// Which condition failed.
        reason: CastlingError,
    },
}

/// `knight (J)`, in the letters of the move.
/// In figurines, in the glyph of the piece's colour (`knight (♞)` for Black's).
fn piece_name(role: Role, color: Color, letters: &LetterSet) -> String {
    if role == Role::Pawn {
        return "pawn".to_owned();
    }
    let letter = letters.letter(role);
    let white = Piece::new(Color::White, role).figurine();
    if letter.chars().eq([white]) {
        format!("{} ({})", role.name(), Piece::new(color, role).figurine())
    } else {
        format!("{} ({letter})", role.name())
    }
}

fn side_notation(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::King => "0-0",
        CastlingSide::Queen => "0-0-0",
    }
}

impl WrittenMove<'_> {
    /// Finds the one legal move of `pos` this written move means, or says which rule failed.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// use scoresheet::notation::{LetterSet, Policy, ResolveError, WrittenMove};
    /// let en = LetterSet::english();
    /// let pos = Position::new();
    /// let err = WrittenMove::parse("Nd4", en).unwrap().resolve(&pos, Policy::Lenient).unwrap_err();
    /// assert!(matches!(err, ResolveError::Unreachable { .. }));
    /// ```
    pub fn resolve(&self, pos: &Position, policy: Policy) -> Result<Resolved, ResolveError> {
        let mut after = pos.clone();
        self.resolve_into(pos, policy, &mut after, true)
    }

    /// [`Self::resolve`], leaving the position after the move in `after` (the replay plays on
    /// from it). Without `exact_mate` a check is only tested for mate when a mate mark was
    /// written: a mate then reads as a plain check, and the missing mate mark as a missing
    /// check mark (the replay reports neither).
    pub(crate) fn resolve_into(
        &self,
        pos: &Position,
        policy: Policy,
        after: &mut Position,
        exact_mate: bool,
    ) -> Result<Resolved, ResolveError> {
        let mut warnings = Warnings::default();
        if self.folded {
            warnings.insert(Warning::UnicodeFolded);
        }
        let mv = match self.body {
            Body::Castle {
                side,
                dashes_missing,
                marks_mixed,
                ..
            } => {
                if dashes_missing {
                    warnings.insert(Warning::CastlingWithoutDash);
                }
                if marks_mixed {
                    warnings.insert(Warning::CastlingMarksMixed);
                }
                pos.castling_move(side)
                    .map_err(|reason| ResolveError::CastlingNotAllowed {
                        notation: side_notation(side),
                        reason,
                    })?
            }
            Body::Move { .. } => self.resolve_move(pos, policy, &mut warnings)?,
        };
        // The optional marks of C.13: judge them by playing the move.
        if self.en_passant && !mv.is_en_passant() {
            warnings.insert(Warning::EnPassantMarkOnOtherMove);
        }
        let check = play_judging_mark(pos, &mv, self.check, exact_mate, after, &mut warnings);
        Ok(Resolved {
            mv,
            warnings,
            check,
        })
    }

    fn resolve_move(
        &self,
        pos: &Position,
        policy: Policy,
        warnings: &mut Warnings,
    ) -> Result<Move, ResolveError> {
        let Body::Move {
            role,
            pawn_letter,
            from_file,
            from_rank,
            separator,
            target,
            promotion,
        } = self.body
        else {
            return Err(ResolveError::ImpossiblePromotion {
                reason: "castling".into(),
            });
        };
        let letters = self.letters;
        if pawn_letter {
            warnings.insert(Warning::PawnLetter);
        }
        match separator {
            Separator::Colon | Separator::ColonAfter => warnings.insert(Warning::ColonCapture),
            Separator::Hyphen => warnings.insert(Warning::Hyphen),
            _ => {}
        }
        if matches!(target, Target::File(_)) {
            warnings.insert(Warning::FileOnlyCapture);
        }
        if let Some((p, _)) = promotion {
            if matches!(p, Role::King | Role::Pawn) {
                return Err(ResolveError::ImpossiblePromotion {
                    reason: format!("a pawn cannot become a {}", p.name()),
                });
            }
        }

        // The legal moves of that piece to that square (or file), before the written hints.
        let mut all = MoveList::new();
        collect(pos, role, target, false, &mut all);
        let fits = |m: &Move| fits_route(m, role, from_file, from_rank, target);
        // At most a few moves fit (one role onto one square or file): a small list, not a
        // second full move list to build and move around.
        let mut list: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        for m in all.iter().filter(|m| fits(m)) {
            let _ = list.try_push(*m);
        }

        // A king written onto its castling square or its own rook: castling (Chess960 and sheets).
        if list.is_empty() && role == Role::King {
            if let Some(m) = king_move_castling(pos, target) {
                warnings.insert(Warning::CastlingAsKingMove);
                return Ok(m);
            }
        }

        // Both squares and no letter (`g1f3`, `e1g1`, `b7a8q`): where no pawn stands on the
        // first square, the piece there is the one moved.
        if let (true, false, Some(file), Some(rank), Target::Square(_)) = (
            list.is_empty() && role == Role::Pawn,
            pawn_letter,
            from_file,
            from_rank,
            target,
        ) {
            let from = Square::from_coords(file, rank);
            if let Some(piece) = pos
                .piece_at(from)
                .filter(|p| p.color == pos.turn() && p.role != Role::Pawn)
            {
                let written = WrittenMove {
                    body: Body::Move {
                        role: piece.role,
                        pawn_letter: false,
                        from_file,
                        from_rank,
                        separator,
                        target,
                        promotion,
                    },
                    ..*self
                };
                // Both squares are the form's own: not more than needed.
                let mut own = Warnings::default();
                let mv = written.resolve_move(pos, policy, &mut own)?;
                own.iter()
                    .filter(|w| *w != Warning::OverDisambiguated)
                    .for_each(|w| warnings.insert(w));
                warnings.insert(Warning::CoordinateForm);
                return Ok(mv);
            }
        }

        // C.11: the promotion piece.
        match promotion {
            Some((p, _)) => {
                if !list.is_empty() && !list.iter().any(|m| m.promotion().is_some()) {
                    return Err(ResolveError::ImpossiblePromotion {
                        reason: format!(
                            "{} is not a pawn move to the last rank",
                            self.long(pos, &list[0])
                        ),
                    });
                }
                list.retain(|m| m.promotion() == Some(p));
            }
            None => {
                if let Some(m) = list.iter().find(|m| m.promotion().is_some()) {
                    let queen = match *m {
                        Move::Normal {
                            role,
                            from,
                            capture,
                            to,
                            ..
                        } => Move::Normal {
                            role,
                            from,
                            capture,
                            to,
                            promotion: Some(Role::Queen),
                        },
                        other => other,
                    };
                    return Err(ResolveError::MissingPromotion {
                        to: m.to(),
                        example: move_to_string(pos, &queen, letters, &plain(Style::Fide)),
                    });
                }
            }
        }

        let mv = match list.len() {
            1 => list[0],
            0 => {
                let promoted = promotion.map(|(p, _)| p);
                return Err(self.diagnose(pos, role, from_file, from_rank, target, promoted));
            }
            _ => {
                let mut candidates: Vec<String> = list
                    .iter()
                    .map(|m| move_to_string(pos, m, letters, &plain(Style::Fide)))
                    .collect();
                candidates.sort();
                return Err(ResolveError::Ambiguous { candidates });
            }
        };

        // C.9: the capture mark.
        let written_x = separator.is_capture();
        if written_x && !mv.is_capture() {
            if policy == Policy::Strict {
                return Err(ResolveError::CaptureMarkOnNonCapture {
                    mv: move_to_string(pos, &mv, letters, &plain(Style::Fide)),
                });
            }
            warnings.insert(Warning::CaptureMarkOnNonCapture);
        }
        if !written_x && mv.is_capture() && !matches!(target, Target::File(_)) {
            if policy == Policy::Strict {
                return Err(ResolveError::MissingCaptureMark {
                    mv: move_to_string(pos, &mv, letters, &plain(Style::Fide)),
                });
            }
            warnings.insert(Warning::MissingCaptureMark);
        }

        // C.10: more of the starting square than needed.
        if role != Role::Pawn {
            // The move alone onto its square needs no disambiguation: no need to look.
            let needed = if all.len() == 1 {
                Disambiguation::None
            } else {
                disambiguation(&mv, &all)
            };
            let written = match (from_file, from_rank) {
                (None, None) => Disambiguation::None,
                (Some(_), None) => Disambiguation::File,
                (None, Some(_)) => Disambiguation::Rank,
                (Some(_), Some(_)) => Disambiguation::Square,
            };
            if written != needed {
                warnings.insert(Warning::OverDisambiguated);
            }
        } else if from_rank.is_some() {
            warnings.insert(Warning::OverDisambiguated);
        } else if let (Some(file), Target::Square(to), false) = (from_file, target, mv.is_capture())
        {
            // A push needs no file: `bb5` for b4-b5 is over-written, or a bishop's move with
            // its letter in lower case.
            warnings.insert(if self.capital_meant(pos, file, to).is_some() {
                Warning::FileLikePieceLetter
            } else {
                Warning::OverDisambiguated
            });
        }
        Ok(mv)
    }

    /// The long form of `m` in this move's letters, for messages.
    fn long(&self, pos: &Position, m: &Move) -> String {
        move_to_string(pos, m, self.letters, &plain(Style::LongHyphen))
    }

    /// No legal move fits: is there a pseudo-legal one (then it leaves the king in check), or
    /// none at all?
    fn diagnose(
        &self,
        pos: &Position,
        role: Role,
        from_file: Option<crate::board::File>,
        from_rank: Option<Rank>,
        target: Target,
        promoted: Option<Role>,
    ) -> ResolveError {
        let mut pseudo = MoveList::new();
        collect(pos, role, target, true, &mut pseudo);
        // Of a pawn's four promotions, the one written (or any where none is).
        let found = pseudo.iter().copied().find(|m| {
            fits_route(m, role, from_file, from_rank, target)
                && (promoted.is_none() || m.promotion().is_none() || m.promotion() == promoted)
        });
        if let Some(m) = found {
            let us = pos.turn();
            let king = if role == Role::King {
                m.to()
            } else {
                pos.king_of(us)
            };
            let attackers = pos.checkers_after(&m);
            let names = describe(pos, attackers, self.letters);
            let reason = if role == Role::King {
                format!("the king would stand on {king}, attacked by {names}")
            } else if pos.is_check() {
                format!(
                    "the king on {king} is in check from {names} and the move does not parry it"
                )
            } else if let Some(taken) = m
                .is_en_passant()
                .then(|| {
                    m.from()
                        .map(|f| Square::from_coords(m.to().file(), f.rank()))
                })
                .flatten()
                .filter(|&t| {
                    attackers
                        .into_iter()
                        .any(|a| crate::board::attacks::between(king, a).contains(t))
                })
            {
                // The pawn taken en passant leaves the line too (two pawns off one rank).
                format!(
                    "taking en passant removes the pawn on {taken} as well, which leaves the king on {king} attacked by {names}"
                )
            } else {
                format!(
                    "the {} on {} is pinned to the king on {king} by {names}",
                    piece_name(role, us, self.letters),
                    m.from().map_or_else(String::new, |s| s.to_string())
                )
            };
            return ResolveError::LeavesKingInCheck {
                mv: long_pseudo(&m, self.letters),
                reason,
            };
        }
        let from = match (from_file, from_rank) {
            (Some(f), Some(r)) => format!(" from {}{}", f.char(), r.char()),
            (Some(f), None) => format!(" from the {}-file", f.char()),
            (None, Some(r)) => format!(" from rank {}", r.char()),
            (None, None) => String::new(),
        };
        let written_target = target;
        let target = match target {
            Target::Square(s) => s.to_string(),
            Target::File(f) => format!("the {}-file", f.char()),
        };
        let kind = if role == Role::Pawn && from_file.is_some() && from_rank.is_none() {
            "pawn capturing".to_owned()
        } else {
            piece_name(role, pos.turn(), self.letters)
        };
        let hint = match (role, from_file, from_rank, written_target) {
            (Role::Pawn, Some(file), None, Target::Square(to)) => self
                .capital_meant(pos, file, to)
                .map(|(role, m)| {
                    format!(
                        "; {} is legal: the {}'s letter is a capital {}",
                        move_to_string(pos, &m, self.letters, &plain(Style::Fide)),
                        role.name(),
                        file.char().to_ascii_uppercase(),
                    )
                })
                .or_else(|| en_passant_gone(pos, file, to))
                .unwrap_or_default(),
            (_, None, None, Target::Square(to)) if role != Role::Pawn => self
                .small_meant(pos, role, to)
                .map(|m| {
                    format!(
                        "; {} is legal: a pawn's move names its file in a small letter",
                        move_to_string(pos, &m, self.letters, &plain(Style::Fide)),
                    )
                })
                .unwrap_or_default(),
            _ => String::new(),
        };
        // A square the side's own piece stands on: no move goes there.
        let hint = match (hint.is_empty(), written_target, pos.turn()) {
            (true, Target::Square(to), us) => match pos.piece_at(to) {
                Some(p) if p.color == us => format!(
                    "; {to} holds {} own {}",
                    if us == Color::White {
                        "White's"
                    } else {
                        "Black's"
                    },
                    piece_name(p.role, us, self.letters)
                ),
                _ => hint,
            },
            _ => hint,
        };
        ResolveError::Unreachable {
            piece: format!("{} {kind}", pos.turn()),
            from,
            target,
            hint,
        }
    }

    /// For a pawn move written from `file` to `to`: whether the file's letter in capital is a
    /// piece's letter in this move's set and exactly one such piece can go to `to` (`bb5`
    /// written for `Bb5` in English, `dd4` for `Dd4` in Czech); then that piece and its move
    /// (the error's hint where no pawn fits, a warning where a pawn's push does).
    fn capital_meant(
        &self,
        pos: &Position,
        file: crate::board::File,
        to: Square,
    ) -> Option<(Role, Move)> {
        let capital = file.char().to_ascii_uppercase();
        let mut buf = [0; 4];
        let role = self
            .letters
            .role_of(capital.encode_utf8(&mut buf))
            .filter(|&r| r != Role::Pawn)?;
        let mut legal = MoveList::new();
        pos.legal_moves_to(role, to, &mut legal);
        match legal.as_slice() {
            [m] => Some((role, *m)),
            _ => None,
        }
    }

    /// For a piece's move to `to` that no such piece can make: whether the piece's letter in
    /// small is a file and exactly one pawn of that file can go to `to` (`Bxc6` written for
    /// bxc6 in English, `Dxc6` for dxc6 in Czech); then that pawn's move (the error's hint).
    fn small_meant(&self, pos: &Position, role: Role, to: Square) -> Option<Move> {
        let file = match self.letters.letter(role).as_bytes() {
            [c @ b'A'..=b'H'] => crate::board::File::new(u32::from(c - b'A'))?,
            _ => return None,
        };
        let mut legal = MoveList::new();
        pos.legal_moves_to(Role::Pawn, to, &mut legal);
        let mut from_file = legal
            .iter()
            .filter(|m| m.from().is_some_and(|f| f.file() == file));
        match (from_file.next(), from_file.next()) {
            (Some(m), None) => Some(*m),
            _ => None,
        }
    }
}

/// For a pawn capture written from `file` onto the empty square `to` behind an opposing pawn
/// that stands beside one of ours on `file` (the shape of an en passant capture), when en
/// passant is not possible now: the hint that says why. The position's en passant square is
/// set only on the move right after a pawn's two-square advance (from a FEN, by its fourth
/// field), so the capture had to be made then.
fn en_passant_gone(pos: &Position, file: crate::board::File, to: Square) -> Option<String> {
    let us = pos.turn();
    let forward = if us == Color::White { 1 } else { -1 };
    let passed = to.offset(0, -forward)?;
    let ours = Square::from_coords(file, passed.rank());
    let shape = to.rank().relative_to(us) == Rank::Sixth
        && file.index().abs_diff(to.file().index()) == 1
        && pos.piece_at(to).is_none()
        && pos.piece_at(passed) == Some(Piece::new(!us, Role::Pawn))
        && pos.piece_at(ours) == Some(Piece::new(us, Role::Pawn));
    (shape && pos.double_step_square() != Some(to)).then(|| {
        format!(
            "; en passant takes the pawn on {passed} only on the move right after its two-square advance (Article 3.7.4.2), which a FEN shows by {to} in its fourth field"
        )
    })
}

impl ParseError {
    /// The error told in `pos`, where the game stood when the move was written: a capture
    /// written without what captures ([`ParseError::CaptureWithoutPiece`], `xe4`) names the
    /// legal captures on its target, in `letters`. Other errors are returned as they are.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// use scoresheet::notation::{LetterSet, ParseError, WrittenMove};
    /// let cs = LetterSet::by_code("cs").unwrap();
    /// let pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2").unwrap();
    /// let e = WrittenMove::parse("xe4", cs).unwrap_err().in_position(&pos, cs);
    /// assert_eq!(
    ///     e.to_string(),
    ///     "a capture names what captures (C.9): a piece letter, or a pawn's file; dxe4 is the one legal capture on e4"
    /// );
    /// ```
    pub fn in_position(self, pos: &Position, letters: &LetterSet) -> ParseError {
        let ParseError::CaptureWithoutPiece { target, .. } = self else {
            return self;
        };
        let mut onto = MoveList::new();
        pos.legal_moves_onto(Bitboard::from(target), &mut onto);
        let names: Vec<String> = onto
            .iter()
            .filter(|m| m.is_capture())
            .map(|m| move_to_string(pos, m, letters, &plain(Style::Fide)))
            .collect();
        let captures = match names.as_slice() {
            [] => format!("; nothing can capture on {target}"),
            [one] => format!("; {one} is the one legal capture on {target}"),
            all => format!("; the legal captures on {target}: {}", all.join(", ")),
        };
        ParseError::CaptureWithoutPiece { target, captures }
    }
}

/// Options without check marks: the form used inside messages.
fn plain(style: Style) -> PrintOptions {
    PrintOptions {
        check_marks: false,
        ..PrintOptions::new(style)
    }
}

/// The long form of a pseudo-legal move, which cannot be played to test for check.
fn long_pseudo(m: &Move, letters: &LetterSet) -> String {
    let mut s = String::from(letters.letter(m.role()));
    if let Some(from) = m.from() {
        s.push_str(&from.to_string());
    }
    s.push(if m.is_capture() { 'x' } else { '-' });
    s.push_str(&m.to().to_string());
    if let Some(p) = m.promotion() {
        s.push_str(letters.letter(p));
    }
    s
}

/// `the rook (V) on e8 and the bishop (S) on b4`.
fn describe(pos: &Position, squares: Bitboard, letters: &LetterSet) -> String {
    let names: Vec<String> = squares
        .into_iter()
        .map(|sq| match pos.piece_at(sq) {
            Some(p) => format!("the {} on {sq}", piece_name(p.role, p.color, letters)),
            None => format!("the piece on {sq}"),
        })
        .collect();
    if names.is_empty() {
        "an enemy piece".to_owned()
    } else {
        names.join(" and ")
    }
}

/// Plays `mv` (legal in `pos`) into `after` and judges the written check mark by the result
/// (C.13): returns the mark the move deserves and adds any deviation to `warnings`. Without
/// `exact_mate` a check is tested for mate only when a mate mark was written.
pub(crate) fn play_judging_mark(
    pos: &Position,
    mv: &Move,
    written: CheckMark,
    exact_mate: bool,
    after: &mut Position,
    warnings: &mut Warnings,
) -> CheckMark {
    after.clone_from(pos);
    after.play(mv);
    let check = if !after.is_check() {
        CheckMark::None
    } else if (exact_mate || written.is_mate()) && !after.has_legal_moves() {
        CheckMark::Mate
    } else {
        CheckMark::Check
    };
    match (written, check) {
        (CheckMark::None, CheckMark::Check) => warnings.insert(Warning::MissingCheckMark),
        (CheckMark::None | CheckMark::Check, CheckMark::Mate) => {
            warnings.insert(Warning::MissingMateMark)
        }
        (CheckMark::Check, CheckMark::None) => warnings.insert(Warning::CheckMarkWithoutCheck),
        (CheckMark::Mate | CheckMark::DoublePlus, CheckMark::None | CheckMark::Check) => {
            warnings.insert(Warning::MateMarkWithoutMate)
        }
        _ => {}
    }
    check
}

/// The moves of `role` to `target` (for a file target, pawn captures onto any square of it).
fn collect(pos: &Position, role: Role, target: Target, pseudo: bool, out: &mut MoveList) {
    let one = |sq: Square, out: &mut MoveList| {
        if pseudo {
            pos.pseudo_legal_moves_to(role, sq, out);
        } else {
            pos.legal_moves_to(role, sq, out);
        }
    };
    match target {
        Target::Square(sq) => one(sq, out),
        Target::File(f) => {
            out.clear();
            let mut tmp = MoveList::new();
            for r in Rank::ALL {
                one(Square::from_coords(f, r), &mut tmp);
                for m in &tmp {
                    let _ = out.try_push(*m);
                }
            }
        }
    }
}

/// Does `m` fit the written role, starting file/rank and the pawn-capture rule (C.9)?
fn fits_route(
    m: &Move,
    role: Role,
    from_file: Option<crate::board::File>,
    from_rank: Option<Rank>,
    target: Target,
) -> bool {
    if m.castling_side().is_some() {
        return false;
    }
    let Some(from) = m.from() else {
        return false;
    };
    if from_file.is_some_and(|f| f != from.file()) || from_rank.is_some_and(|r| r != from.rank()) {
        return false;
    }
    if role == Role::Pawn {
        // A pawn captures only when its file is written and differs from the target's (C.9);
        // a bare square is a push.
        let captures = match (from_file, target) {
            (_, Target::File(_)) => true,
            (Some(f), Target::Square(to)) => f != to.file(),
            (None, Target::Square(_)) => false,
        };
        return m.is_capture() == captures;
    }
    true
}

/// A king move onto the castling square or onto its own castling rook, when castling is legal.
fn king_move_castling(pos: &Position, target: Target) -> Option<Move> {
    let Target::Square(to) = target else {
        return None;
    };
    let us: Color = pos.turn();
    CastlingSide::ALL.into_iter().find_map(|side| {
        let m = pos.castling_move(side).ok()?;
        let rook = match m {
            Move::Castle { rook, .. } => rook,
            _ => return None,
        };
        let king_to = side.king_to(us);
        // With the king and rooks on their standard squares `Kg1` is unambiguous; with Chess960
        // rights only the rook square is.
        ((to == king_to && !pos.castling_needs_chess960()) || to == rook).then_some(m)
    })
}
