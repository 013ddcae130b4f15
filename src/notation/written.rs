//! What a written move says, before it is judged against a position.
//!
//! [`WrittenMove::parse`] implements `grammars/notation.ebnf` with nom, in a given
//! [`LetterSet`]. It allocates nothing on success: the result is a small `Copy` value.
//!
//! ```
//! use scoresheet::board::{Role, Square};
//! use scoresheet::notation::{LetterSet, Target, WrittenMove};
//! let cs = LetterSet::by_code("cs").unwrap();
//! let w = WrittenMove::parse("Jg1-f3", cs).unwrap();
//! assert_eq!(w.role(), Some(Role::Knight));
//! assert_eq!(w.target(), Some(Target::Square(Square::F3)));
//! let w = WrittenMove::parse("exd6 e.p.", cs).unwrap();
//! assert!(w.en_passant);
//! ```

use super::letters::LetterSet;
use crate::board::{CastlingSide, File, Rank, Role, Square};
use arrayvec::ArrayString;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, satisfy, space0};
use nom::combinator::{map, opt};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use unicode_normalization::UnicodeNormalization;

/// The longest move text accepted (after folding), in bytes: `Dd1xd4+ e.p. !? (=)` is 22.
pub const MAX_MOVE_LEN: usize = 64;

/// How castling was written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingMark {
    /// With zeros, as the Laws write it (C.13): `0-0`.
    Zero,
    /// With capital letter O, as PGN writes it: `O-O`.
    LetterO,
    /// With small o: `o-o`.
    SmallO,
}

/// The mark between the starting and the target square (or after the piece letter).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Separator {
    /// Nothing: `Jf3`, `ed4`, `e2e4`.
    None,
    /// The capture mark `x` (C.9), also read from `×`.
    X,
    /// A colon as capture mark: `e:d4`.
    Colon,
    /// A hyphen: `Jg1-f3`, `e2-e4`.
    Hyphen,
    /// A colon after the move, as older German and Central European books mark a capture:
    /// `Sc6:` for Sxc6, `ed:` for exd5 (usage).
    ColonAfter,
}

impl Separator {
    /// True for `x` and `:` (between the squares or after the move).
    pub const fn is_capture(self) -> bool {
        matches!(
            self,
            Separator::X | Separator::Colon | Separator::ColonAfter
        )
    }
}

/// How a promotion piece was attached.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PromotionMark {
    /// Directly, as C.11 says: `d8D`.
    Bare,
    /// With `=`, as PGN: `d8=Q`.
    Equals,
    /// With a slash: `d8/D`.
    Slash,
    /// In parentheses: `d8(D)`.
    Parens,
}

/// Check or mate mark (C.13).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// No mark.
    None,
    /// `+`.
    Check,
    /// `#`.
    Mate,
    /// `++`, the Laws' other mate mark.
    DoublePlus,
}

impl CheckMark {
    /// True for `#` and `++`.
    pub const fn is_mate(self) -> bool {
        matches!(self, CheckMark::Mate | CheckMark::DoublePlus)
    }
}

/// An assessment of the position after a move, as annotated games write it (`±`, `+-`), with
/// the PGN numeric annotation glyph it stands for.
///
/// ```
/// use scoresheet::notation::{Assessment, LetterSet, WrittenMove};
/// let w = WrittenMove::parse("Sb5!±", LetterSet::by_code("cs").unwrap()).unwrap();
/// assert_eq!(w.assessment, Some(Assessment::WhiteBetter));
/// assert_eq!(Assessment::WhiteBetter.nag(), 16);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Assessment {
    /// `∞`: unclear ($13).
    Unclear,
    /// `⩲` or `+=`: White stands slightly better ($14).
    WhiteSlightlyBetter,
    /// `⩱` or `=+`: Black stands slightly better ($15).
    BlackSlightlyBetter,
    /// `±` or `+/-`: White stands better ($16).
    WhiteBetter,
    /// `∓` or `-/+`: Black stands better ($17).
    BlackBetter,
    /// `+-`: White is winning ($18).
    WhiteWinning,
    /// `-+`: Black is winning ($19).
    BlackWinning,
}

impl Assessment {
    /// Every assessment, in the order of their NAGs.
    pub const ALL: [Assessment; 7] = [
        Assessment::Unclear,
        Assessment::WhiteSlightlyBetter,
        Assessment::BlackSlightlyBetter,
        Assessment::WhiteBetter,
        Assessment::BlackBetter,
        Assessment::WhiteWinning,
        Assessment::BlackWinning,
    ];

    /// The glyph annotated books print.
    pub const fn glyph(self) -> &'static str {
        match self {
            Assessment::Unclear => "\u{221e}",
            Assessment::WhiteSlightlyBetter => "\u{2a72}",
            Assessment::BlackSlightlyBetter => "\u{2a71}",
            Assessment::WhiteBetter => "\u{b1}",
            Assessment::BlackBetter => "\u{2213}",
            Assessment::WhiteWinning => "+-",
            Assessment::BlackWinning => "-+",
        }
    }

    /// The PGN numeric annotation glyph (`$13`..`$19`).
    pub const fn nag(self) -> u8 {
        match self {
            Assessment::Unclear => 13,
            Assessment::WhiteSlightlyBetter => 14,
            Assessment::BlackSlightlyBetter => 15,
            Assessment::WhiteBetter => 16,
            Assessment::BlackBetter => 17,
            Assessment::WhiteWinning => 18,
            Assessment::BlackWinning => 19,
        }
    }

    /// The assessment a NAG stands for, if it is one.
    pub fn from_nag(nag: u8) -> Option<Assessment> {
        Assessment::ALL.into_iter().find(|a| a.nag() == nag)
    }
}

/// A move annotation glyph from the literature (`!`, `?`, `!!`, `??`, `!?`, `?!`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Annotation {
    /// `!`: a good move.
    Good,
    /// `?`: a mistake.
    Mistake,
    /// `!!`: a brilliant move.
    Brilliant,
    /// `??`: a blunder.
    Blunder,
    /// `!?`: interesting.
    Interesting,
    /// `?!`: dubious.
    Dubious,
}

impl Annotation {
    /// The glyph as written.
    pub const fn glyph(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Interesting => "!?",
            Annotation::Dubious => "?!",
        }
    }

    /// The PGN numeric annotation glyph (`$1`..`$6`).
    pub const fn nag(self) -> u8 {
        match self {
            Annotation::Good => 1,
            Annotation::Mistake => 2,
            Annotation::Brilliant => 3,
            Annotation::Blunder => 4,
            Annotation::Interesting => 5,
            Annotation::Dubious => 6,
        }
    }

    /// The annotation a NAG stands for (`$1`..`$6`), if it is one.
    ///
    /// ```
    /// use scoresheet::notation::Annotation;
    /// assert_eq!(Annotation::from_nag(5), Some(Annotation::Interesting));
    /// assert_eq!(Annotation::from_nag(14), None);
    /// ```
    pub const fn from_nag(nag: u8) -> Option<Annotation> {
        Some(match nag {
            1 => Annotation::Good,
            2 => Annotation::Mistake,
            3 => Annotation::Brilliant,
            4 => Annotation::Blunder,
            5 => Annotation::Interesting,
            6 => Annotation::Dubious,
            _ => return None,
        })
    }
}

/// Where a move goes: a square, or, in the abbreviated pawn capture `ed`, only a file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A square: `f3`.
    Square(Square),
    /// A file only: the `d` of `ed`.
    File(File),
}

/// The main part of a written move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// Castling (C.13).
    Castle {
        /// Short (`0-0`) or long (`0-0-0`).
        side: CastlingSide,
        /// How it was written.
        mark: CastlingMark,
        /// A dash between the zeros left out (`00`, `000`, `00-0`), as sheets are written in
        /// haste.
        dashes_missing: bool,
        /// Zeros and letters O mixed (`0-O`, `O-0-O`): a slip of the pen or of the OCR, read as
        /// castling and said.
        marks_mixed: bool,
    },
    /// A piece or pawn move.
    Move {
        /// The piece named (a pawn when no letter was written).
        role: Role,
        /// True if a pawn was named by its letter (`Pe4`), which C.4 does not do.
        pawn_letter: bool,
        /// The starting file, if written.
        from_file: Option<File>,
        /// The starting rank, if written.
        from_rank: Option<Rank>,
        /// The capture mark or hyphen.
        separator: Separator,
        /// The target.
        target: Target,
        /// The promotion piece and how it was attached.
        promotion: Option<(Role, PromotionMark)>,
    },
}

/// What a written move says, independent of any position.
///
/// ```
/// use scoresheet::board::{CastlingSide, Role};
/// use scoresheet::notation::{CheckMark, LetterSet, WrittenMove};
/// let en = LetterSet::english();
/// let w = WrittenMove::parse("O-O-O+", en).unwrap();
/// assert_eq!(w.castling_side(), Some(CastlingSide::Queen));
/// assert_eq!(w.check, CheckMark::Check);
/// // A lower-case b is a file, a capital B the bishop.
/// assert_eq!(WrittenMove::parse("bxc3", en).unwrap().role(), Some(Role::Pawn));
/// assert_eq!(WrittenMove::parse("Bxc3", en).unwrap().role(), Some(Role::Bishop));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove<'l> {
    /// The letter set the move was read in (diagnostics print candidates in it).
    pub letters: &'l LetterSet,
    /// Castling or a piece/pawn move.
    pub body: Body,
    /// `+`, `#`, `++` or nothing.
    pub check: CheckMark,
    /// `e.p.` (or `ep`) was written.
    pub en_passant: bool,
    /// An annotation glyph, if any (`!`, or in brackets, `(!)`).
    pub annotation: Option<Annotation>,
    /// An assessment of the position after the move, if any (`±`, `+-`).
    pub assessment: Option<Assessment>,
    /// A PGN numeric annotation glyph written after the move (`$1`, `$146`), if one was.
    pub nag: Option<u8>,
    /// The draw offer `(=)` (C.12) was written with the move.
    pub draw_offer: bool,
    /// The text needed Unicode folding (`×`, en dash, fullwidth letters, a Cyrillic `е` typed
    /// for the file e).
    pub folded: bool,
}

/// Why a text is not a move in the given letter set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing was written.
    #[error("no move written")]
    Empty,
    /// The text is longer than any move.
    #[error("too long for a move ({0} bytes)")]
    TooLong(usize),
    /// A capital or non-Latin letter that names no piece in the letter set (C.2, C.3).
    #[error(
        "'{letter}' at column {column} is not a piece letter in the {set} letter set{elsewhere}"
    )]
    UnknownLetter {
        /// The letter.
        letter: char,
        /// 1-based column (in characters) within the move.
        column: usize,
        /// The letter set's code.
        set: String,
        /// What the letter names in other letter sets (` (the rook in pl)`), or nothing.
        elsewhere: String,
    },
    /// A piece letter written in lower case (`nf3`, `jf3`): piece letters are capitals (C.2);
    /// `meaning` says what the capital is, in the letter set read or in others.
    #[error("'{letter}' at column {column}: piece letters are capitals, and {capital} {meaning}")]
    LowerCaseLetter {
        /// The letter as written.
        letter: char,
        /// 1-based column (in characters) within the move.
        column: usize,
        /// The capital it stands for.
        capital: char,
        /// What the capital names: `is the knight in en`, or `is no piece in en (the knight in
        /// cs, sk)`.
        meaning: String,
    },
    /// A file written as a capital that names no piece in any letter set (`E4`, as a word
    /// processor capitalises the first word of a line): files are small letters (C.5).
    /// `meant` is the move with the small letter, which reads. (A capital that is a piece
    /// letter elsewhere, `C4` in Czech, is an [`UnknownLetter`](Self::UnknownLetter).)
    #[error(
        "'{letter}' at column {column} is not a piece letter in the {set} letter set; files are small letters (C.5): '{meant}' perhaps"
    )]
    CapitalFile {
        /// The capital as written.
        letter: char,
        /// 1-based column (in characters) within the move.
        column: usize,
        /// The letter set's code.
        set: String,
        /// The move with the file in small letters.
        meant: String,
    },
    /// A capture written with neither a piece letter nor a pawn's file before its mark (`xe4`,
    /// `:d5`, a hurried hand's or a scan's loss): a move names what moves first (C.9). Where the
    /// position is known, `captures` says which legal captures there are on the target (see
    /// [`ParseError::in_position`](Self::in_position)).
    #[error("a capture names what captures (C.9): a piece letter, or a pawn's file{captures}")]
    CaptureWithoutPiece {
        /// The target square written.
        target: Square,
        /// `; dxe4 is the one legal capture on e4`, `; the legal captures on e4: dxe4, Jxe4`,
        /// `; nothing can capture on e4`, or nothing where the position is not known.
        captures: String,
    },
    /// The text does not follow the grammar at `column`.
    #[error("unexpected '{found}' at column {column}: {expected}")]
    Syntax {
        /// What stands there.
        found: char,
        /// 1-based column (in characters) within the move.
        column: usize,
        /// What the grammar allows there.
        expected: &'static str,
    },
    /// The text ends too early.
    #[error("the move ends too early: {expected}")]
    Incomplete {
        /// What was missing.
        expected: &'static str,
    },
    /// A comment's `{` with no `}` after it anywhere below: a move list reads it in place of a
    /// move (see [`crate::notation::sheet::read_sheet`]) rather than let it hide every game
    /// below.
    #[error("comment `{{` never closed: no `}}` follows it")]
    UnclosedComment,
    /// A comment's `{` with another `{` in it before its `}` (comments do not nest): its `}`
    /// was left out, and the words written since are not comment; a move list reads the
    /// comment's text to the second `{` in place of a move (see
    /// [`crate::notation::sheet::read_sheet`]).
    #[error(
        "comment `{{` still open at another `{{`: comments do not nest; a `}}` left out before it?"
    )]
    BraceInComment,
}

type PResult<'a, T> = IResult<&'a str, T>;

impl<'l> WrittenMove<'l> {
    /// Parses one written move in `letters` (see `grammars/notation.ebnf`).
    ///
    /// ```
    /// use scoresheet::board::{Role, Square};
    /// use scoresheet::notation::{LetterSet, Target, WrittenMove, ParseError};
    /// let hr = LetterSet::by_code("hr").unwrap();
    /// let w = WrittenMove::parse("d8(D)", hr).unwrap();
    /// assert_eq!(w.promotion(), Some(Role::Queen));
    /// assert!(matches!(WrittenMove::parse("Jf3", hr), Err(ParseError::UnknownLetter { letter: 'J', .. })));
    /// ```
    pub fn parse(text: &str, letters: &'l LetterSet) -> Result<WrittenMove<'l>, ParseError> {
        match parse_plain(text.as_bytes(), letters) {
            Some(w) => Ok(w),
            None => Self::parse_grammar(text, letters),
        }
    }

    /// [`Self::parse`] by the grammar alone (the reference for the plain fast path).
    fn parse_grammar(text: &str, letters: &'l LetterSet) -> Result<WrittenMove<'l>, ParseError> {
        if text.trim_start().starts_with('{') {
            // `{` alone, or a comment's text to the `{` inside it (see `read_sheet`).
            return Err(match text.trim().len() {
                1 => ParseError::UnclosedComment,
                _ => ParseError::BraceInComment,
            });
        }
        let mut buf = ArrayString::<MAX_MOVE_LEN>::new();
        let (text, folded) = fold(text.trim(), &mut buf, letters)?;
        if text.is_empty() {
            return Err(ParseError::Empty);
        }
        let (mut rest, mut body) = match parse_body(text, letters) {
            Ok(ok) => ok,
            Err(_) => return Err(body_error(text, letters)),
        };
        // The capture marked after the move (`Sc6:`, `Sb5-c6:`), where no capture mark stands
        // between (a hyphen is none).
        if let (Some(after), Body::Move { separator, .. }) = (rest.strip_prefix(':'), &mut body) {
            if matches!(*separator, Separator::None | Separator::Hyphen) {
                *separator = Separator::ColonAfter;
                rest = after;
            }
        }
        let mut w = WrittenMove {
            letters,
            body,
            check: CheckMark::None,
            en_passant: false,
            annotation: None,
            assessment: None,
            nag: None,
            draw_offer: false,
            folded,
        };
        let rest = parse_suffixes(rest, &mut w);
        if let Some(found) = rest.chars().next() {
            // `bf1c4` reads as far as a pawn's `bf1`, but is a bishop's move in lower case.
            if let Some(e) = lower_case_piece(text, letters) {
                return Err(e);
            }
            let column = text[..text.len() - rest.len()].chars().count() + 1;
            // A promotion to a letter of another set (`gxh8=Q` in Czech): the fault is the
            // letter, not the `=` before it.
            if let Some(after) = rest.strip_prefix('=') {
                if let Some(letter) = after.chars().next().filter(|&c| is_letter_like(c)) {
                    if letters.match_piece(after).is_none() {
                        return Err(ParseError::UnknownLetter {
                            letter,
                            column: column + 1,
                            set: letters.code().to_owned(),
                            elsewhere: elsewhere(after, letters),
                        });
                    }
                }
            }
            if is_letter_like(found) && letters.match_piece(rest).is_none() {
                return Err(ParseError::UnknownLetter {
                    letter: found,
                    column,
                    set: letters.code().to_owned(),
                    elsewhere: elsewhere(rest, letters),
                });
            }
            return Err(ParseError::Syntax {
                found,
                column,
                expected: "a check mark (+ # ++), e.p., an annotation (! ? \u{b1} $1) or (=)",
            });
        }
        Ok(w)
    }

    /// The role written (the king for castling, a pawn when no letter).
    pub fn role(&self) -> Option<Role> {
        match self.body {
            Body::Castle { .. } => Some(Role::King),
            Body::Move { role, .. } => Some(role),
        }
    }

    /// The target, for a piece or pawn move.
    pub fn target(&self) -> Option<Target> {
        match self.body {
            Body::Castle { .. } => None,
            Body::Move { target, .. } => Some(target),
        }
    }

    /// The promotion piece, if written.
    pub fn promotion(&self) -> Option<Role> {
        match self.body {
            Body::Move {
                promotion: Some((r, _)),
                ..
            } => Some(r),
            _ => None,
        }
    }

    /// The castling side, if castling was written.
    pub fn castling_side(&self) -> Option<CastlingSide> {
        match self.body {
            Body::Castle { side, .. } => Some(side),
            Body::Move { .. } => None,
        }
    }

    /// True if a capture mark (`x`, `:`) was written.
    pub fn capture_mark(&self) -> bool {
        matches!(self.body, Body::Move { separator, .. } if separator.is_capture())
    }
}

/// The Latin letter that a lower-case Cyrillic letter is drawn exactly as, where the Latin one
/// means something in a move (the files a, c and e, castling's o, the capture mark x); any other
/// character as it is. A sheet typed with the keyboard left in Cyrillic has `Сс5` for Bc5 (the
/// Russian bishop С, then a Cyrillic с) and `Фе2` for Qe2; no letter set has these lower-case
/// letters as piece letters (the Russian pawn п and the р of Кр are not folded, nor any upper-case
/// letter: Cyrillic С, К and О are piece letters).
///
/// ```
/// use scoresheet::notation::written::latin_look_alike;
/// assert_eq!(latin_look_alike('\u{435}'), 'e');
/// assert_eq!(latin_look_alike('\u{441}'), 'c');
/// assert_eq!(latin_look_alike('\u{421}'), '\u{421}');
/// assert_eq!(latin_look_alike('f'), 'f');
/// ```
pub fn latin_look_alike(c: char) -> char {
    match c {
        '\u{430}' => 'a',
        '\u{441}' => 'c',
        '\u{435}' => 'e',
        '\u{43E}' => 'o',
        '\u{445}' => 'x',
        c => c,
    }
}

/// Folds Unicode look-alikes into the ASCII the grammar speaks. ASCII text is returned as is.
/// A figurine in a move read in another set is that set's letter for its piece (`♞c6` among
/// English moves is `Nc6`; a pawn's figurine is no letter), and an emoji's variation selector
/// after a figurine (`♞\u{FE0F}`) is dropped.
fn fold<'a>(
    text: &'a str,
    buf: &'a mut ArrayString<MAX_MOVE_LEN>,
    letters: &LetterSet,
) -> Result<(&'a str, bool), ParseError> {
    if text.len() > MAX_MOVE_LEN * 4 {
        return Err(ParseError::TooLong(text.len()));
    }
    if text.is_ascii() {
        if text.len() > MAX_MOVE_LEN {
            return Err(ParseError::TooLong(text.len()));
        }
        return Ok((text, false));
    }
    let mut changed = false;
    for c in text.nfkc() {
        let mapped = match c {
            '×' | '⨯' | '✕' => Some('x'),
            '–' | '—' | '‑' | '‐' | '−' | '‒' | '―' => Some('-'),
            // Older German and Central European books: † check, ‡ mate.
            '\u{2020}' => Some('+'),
            '\u{2021}' => Some('#'),
            '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}'
            | '\u{FE0E}' | '\u{FE0F}' => None,
            c if is_figurine(c) && letters.code() != "figurine" => {
                let mut tmp = [0u8; 4];
                let role = LetterSet::figurine().role_of(c.encode_utf8(&mut tmp));
                if let Some(role) = role.filter(|&r| r != Role::Pawn) {
                    buf.try_push_str(letters.letter(role))
                        .map_err(|_| ParseError::TooLong(text.len()))?;
                }
                changed = true;
                continue;
            }
            c if c.is_whitespace() => Some(' '),
            c => Some(latin_look_alike(c)),
        };
        match mapped {
            Some(m) => {
                if m != c {
                    changed = true;
                }
                buf.try_push(m)
                    .map_err(|_| ParseError::TooLong(text.len()))?;
            }
            None => changed = true,
        }
    }
    if buf.as_str() != text {
        changed = true;
    }
    Ok((buf.as_str().trim(), changed))
}

/// The plain forms that fill real databases — `Nf3`, `Nbd7`, `R1e2`, `Qxd8+`, `exd5`, `e4`,
/// `e8=Q#`, `O-O`, `e2e4` — read straight from the bytes, giving exactly what the grammar gives
/// (the combinators of [`parse_body`] and [`parse_suffixes`]); `None` for everything else, which
/// the grammar then reads (and explains, if it is wrong). The bulk check reads millions of
/// moves, and this path neither walks the combinators nor compares letter strings.
fn parse_plain<'l>(text: &[u8], letters: &'l LetterSet) -> Option<WrittenMove<'l>> {
    let file = |b: Option<&u8>| match b {
        Some(&c @ b'a'..=b'h') => File::new(u32::from(c - b'a')),
        _ => None,
    };
    let rank = |b: Option<&u8>| match b {
        Some(&c @ b'1'..=b'8') => Rank::new(u32::from(c - b'1')),
        _ => None,
    };
    let square = |t: &[u8]| Some(Square::from_coords(file(t.first())?, rank(t.get(1))?));
    let capture = |b: Option<&u8>| match b {
        Some(b'x') => Some(Separator::X),
        Some(b':') => Some(Separator::Colon),
        _ => None,
    };
    let separator = |b: Option<&u8>| match b {
        Some(b'-') => Some(Separator::Hyphen),
        other => capture(other),
    };
    // `from square, separator, to square` (the long form), as the grammar tries it first.
    let long = |t: &'_ [u8]| -> Option<(Route, usize)> {
        let from = square(t)?;
        let (sep, n) = match separator(t.get(2)) {
            Some(sep) => (sep, 3),
            None => (Separator::None, 2),
        };
        let to = square(t.get(n..)?)?;
        Some((
            (
                Some(from.file()),
                Some(from.rank()),
                sep,
                Target::Square(to),
            ),
            n + 2,
        ))
    };
    // A mark or capital that (with the first byte) reads the same one byte at a time.
    let (body, rest): (Body, &[u8]) = match *text.first()? {
        b'O' => {
            let queen = text.starts_with(b"O-O-O");
            if !queen && !text.starts_with(b"O-O") {
                return None;
            }
            let n = if queen { 5 } else { 3 };
            let side = if queen {
                CastlingSide::Queen
            } else {
                CastlingSide::King
            };
            let body = Body::Castle {
                side,
                mark: CastlingMark::LetterO,
                dashes_missing: false,
                marks_mixed: false,
            };
            (body, text.get(n..)?)
        }
        b'a'..=b'h' => {
            // The pawn routes in the grammar's order: long form, from-file onto a square,
            // from-file onto a file, a bare square.
            let ((from_file, from_rank, separator, target), n) = long(text).or_else(|| {
                let f = file(text.first())?;
                let (sep, n) = match capture(text.get(1)) {
                    Some(sep) => (sep, 2),
                    None => (Separator::None, 1),
                };
                if let Some(to) = text.get(n..).and_then(square) {
                    return Some(((Some(f), None, sep, Target::Square(to)), n + 2));
                }
                if let Some(to) = file(text.get(n)) {
                    return Some(((Some(f), None, sep, Target::File(to)), n + 1));
                }
                let to = square(text)?;
                Some(((None, None, Separator::None, Target::Square(to)), 2))
            })?;
            let mut rest = text.get(n..)?;
            // A promotion piece: `=Q` or a bare letter (other marks go to the grammar).
            let mut promotion = None;
            let (mark, at) = match rest.first() {
                Some(b'=') => (PromotionMark::Equals, 1),
                _ => (PromotionMark::Bare, 0),
            };
            if let Some(&b) = rest.get(at) {
                match letters.single_ascii_letter(b) {
                    Some(Some(role)) => {
                        promotion = Some((role, mark));
                        rest = rest.get(at + 1..)?;
                    }
                    // A mark after `=` that is no letter, or a longer spelling: the grammar's.
                    Some(None) if at == 0 && !b.is_ascii_alphabetic() => {}
                    Some(None) if at == 0 && from_rank.is_some() => {
                        promotion = Some((lower_promotion(letters, rest)?, mark));
                        rest = rest.get(1..)?;
                    }
                    _ => return None,
                }
            }
            let body = Body::Move {
                role: Role::Pawn,
                pawn_letter: false,
                from_file,
                from_rank,
                separator,
                target,
                promotion,
            };
            (body, rest)
        }
        b @ b'A'..=b'Z' => {
            let role = letters.single_ascii_letter(b)??;
            if role == Role::Pawn {
                return None;
            }
            let t = text.get(1..)?;
            // The piece routes in the grammar's order: long form, from-file, from-rank, then a
            // separator (or none) and the target.
            let (route, n) = long(t).or_else(|| {
                let (sep, n) = match capture(t.get(1)) {
                    Some(sep) => (sep, 2),
                    None => (Separator::None, 1),
                };
                if let Some(to) = t.get(n..).and_then(square) {
                    if let Some(f) = file(t.first()) {
                        return Some(((Some(f), None, sep, Target::Square(to)), n + 2));
                    }
                    if let Some(r) = rank(t.first()) {
                        return Some(((None, Some(r), sep, Target::Square(to)), n + 2));
                    }
                }
                let (sep, n) = match separator(t.first()) {
                    Some(sep) => (sep, 1),
                    None => (Separator::None, 0),
                };
                let to = square(t.get(n..)?)?;
                Some(((None, None, sep, Target::Square(to)), n + 2))
            })?;
            (piece_move(role, route), t.get(n..)?)
        }
        _ => return None,
    };
    let check = match rest {
        b"" => CheckMark::None,
        b"+" => CheckMark::Check,
        b"#" => CheckMark::Mate,
        b"++" => CheckMark::DoublePlus,
        _ => return None,
    };
    Some(WrittenMove {
        letters,
        body,
        check,
        en_passant: false,
        annotation: None,
        assessment: None,
        nag: None,
        draw_offer: false,
        folded: false,
    })
}

/// The error for a move whose first letter is a piece letter in lower case (`nf3`, `jf3`,
/// `bf1c4`), or `None`: the text must read as a move with the capital, in the letter set read
/// or in another (a file letter only in the set read, since `bxc6` is a pawn's capture).
fn lower_case_piece(text: &str, letters: &LetterSet) -> Option<ParseError> {
    let mut chars = text.chars();
    let letter = chars.next().filter(|c| c.is_lowercase())?;
    let mut upper = letter.to_uppercase();
    let capital = upper.next().filter(|_| upper.next().is_none())?;
    let mut buf = [0u8; 4];
    let capital_text = &*capital.encode_utf8(&mut buf);
    let meant = |set: &LetterSet| set.role_of(capital_text).filter(|&r| r != Role::Pawn);
    let mut with_capital = String::with_capacity(text.len());
    with_capital.push(capital);
    with_capital.push_str(chars.as_str());
    // Only a word that is a move with the capital (`nf3`, not `remiza`), in the set read or,
    // unless the letter is a file's, in another.
    let reads =
        |set: &LetterSet| meant(set).is_some() && WrittenMove::parse(&with_capital, set).is_ok();
    let file = ('a'..='h').contains(&letter);
    if !reads(letters) && (file || !LetterSet::all().iter().any(reads)) {
        return None;
    }
    let meaning = match meant(letters) {
        Some(role) => format!("is the {role} in {}", letters.code()),
        None => match elsewhere(capital.encode_utf8(&mut [0u8; 4]), letters) {
            named if named.is_empty() => {
                format!("is no piece in {} or any other letter set", letters.code())
            }
            named => format!("is no piece in {}{named}", letters.code()),
        },
    };
    Some(ParseError::LowerCaseLetter {
        letter,
        column: 1,
        capital,
        meaning,
    })
}

/// What the piece letter starting `text` names in the built-in letter sets other than
/// `letters`, each set's longest spelling first (Russian `Кр` the king, `К` the knight),
/// grouped by piece (every set that has it): ` (the knight in cs, sk)`, or nothing where it
/// names none.
fn elsewhere(text: &str, letters: &LetterSet) -> String {
    let mut by_role: Vec<(Role, Vec<&str>)> = Vec::new();
    let others = LetterSet::all()
        .iter()
        .filter(|set| !set.same_letters(letters))
        .filter_map(|set| {
            let (role, _) = set.match_piece(text).filter(|&(r, _)| r != Role::Pawn)?;
            Some((role, set.code()))
        });
    for (role, code) in others {
        match by_role.iter_mut().find(|(r, _)| *r == role) {
            // Every set that has the letter: a German or Polish sheet's `S` is named as a
            // Croatian one's is.
            Some((_, codes)) => codes.push(code),
            None => by_role.push((role, vec![code])),
        }
    }
    if by_role.is_empty() {
        return String::new();
    }
    let named: Vec<String> = by_role
        .iter()
        .map(|(role, codes)| format!("the {role} in {}", codes.join(", ")))
        .collect();
    format!(" ({})", named.join("; "))
}

/// The target of a capture written with nothing before its mark (`xe4`, `:d5+`; `×f7` is
/// folded to `xf7` before), or `None`.
fn capture_without_piece(text: &str) -> Option<Square> {
    let rest = text.strip_prefix(['x', ':'])?;
    // Files are small letters (C.5): `Square::from_ascii` would take `E4` too.
    rest.as_bytes()
        .get(..2)
        .filter(|square| square[0].is_ascii_lowercase())
        .and_then(Square::from_ascii)
}

fn is_letter_like(c: char) -> bool {
    c.is_alphabetic() || is_figurine(c)
}

/// A chess figurine (`♔`..`♟`, U+2654..U+265F), which the move reader takes for a piece letter.
pub(crate) fn is_figurine(c: char) -> bool {
    matches!(c as u32, 0x2654..=0x265F)
}

fn file(i: &str) -> PResult<'_, File> {
    map(satisfy(|c| ('a'..='h').contains(&c)), |c| {
        File::from_char(c).unwrap_or(File::A)
    })
    .parse(i)
}

fn rank(i: &str) -> PResult<'_, Rank> {
    map(satisfy(|c| ('1'..='8').contains(&c)), |c| {
        Rank::from_char(c).unwrap_or(Rank::First)
    })
    .parse(i)
}

fn square(i: &str) -> PResult<'_, Square> {
    map((file, rank), |(f, r)| Square::from_coords(f, r)).parse(i)
}

fn capture(i: &str) -> PResult<'_, Separator> {
    alt((
        // A capital X is the same mark written large (`JXe5`): no letter set has X for a piece.
        map(alt((char('x'), char('X'))), |_| Separator::X),
        map(char(':'), |_| Separator::Colon),
    ))
    .parse(i)
}

fn separator(i: &str) -> PResult<'_, Separator> {
    map(
        opt(alt((capture, map(char('-'), |_| Separator::Hyphen)))),
        |s| s.unwrap_or(Separator::None),
    )
    .parse(i)
}

/// The separator of the long form, which may stand apart from its squares when one is written
/// (`e2 - e4`, `Jg1 – f3`, as typed on some sheets): spaces alone separate nothing.
fn long_separator(i: &str) -> PResult<'_, Separator> {
    let (j, _) = space0(i)?;
    match alt((capture, map(char('-'), |_| Separator::Hyphen))).parse(j) {
        Ok((k, sep)) => {
            let (k, _) = space0(k)?;
            Ok((k, sep))
        }
        Err(_) => Ok((i, Separator::None)),
    }
}

fn opt_capture(i: &str) -> PResult<'_, Separator> {
    map(opt(capture), |s| s.unwrap_or(Separator::None)).parse(i)
}

/// The characters castling is written with (the grammar's `castle zero`): zero, O, o and the
/// Cyrillic О, о. The sheet readers join spaced castling by the same set.
pub(crate) const CASTLE_ZEROS: [char; 5] = ['0', 'O', 'o', '\u{41e}', '\u{43e}'];

fn castle_zero(i: &str) -> PResult<'_, CastlingMark> {
    map(satisfy(|c| CASTLE_ZEROS.contains(&c)), |c| match c {
        '0' => CastlingMark::Zero,
        'O' | 'О' => CastlingMark::LetterO,
        _ => CastlingMark::SmallO,
    })
    .parse(i)
}

fn castling(i: &str) -> PResult<'_, Body> {
    let (i, mark) = castle_zero(i)?;
    // Spaces may stand around the dashes (`0 - 0`, as typed on some sheets); a dash left out
    // (`00`, `000`) or a dot typed for it (`0.0`) is read, and said: `Some(true)` a dash,
    // `Some(false)` a dot.
    let dash = || {
        opt(alt((
            map(delimited(space0, char('-'), space0), |_| true),
            map(char('.'), |_| false),
        )))
    };
    let (i, (first_dash, second)) = (dash(), castle_zero).parse(i)?;
    let (i, third) = opt((dash(), castle_zero)).parse(i)?;
    let side = if third.is_some() {
        CastlingSide::Queen
    } else {
        CastlingSide::King
    };
    let dashes_missing = first_dash != Some(true) || third.is_some_and(|(d, _)| d != Some(true));
    // A zero beside a letter O (small or capital alike: `O-o` is only the case).
    let zero = |m: CastlingMark| m == CastlingMark::Zero;
    let marks_mixed = [Some(second), third.map(|(_, m)| m)]
        .into_iter()
        .flatten()
        .any(|m| zero(m) != zero(mark));
    Ok((
        i,
        Body::Castle {
            side,
            mark,
            dashes_missing,
            marks_mixed,
        },
    ))
}

/// A piece letter of `letters` (the pawn's letter too: the caller decides what it may be).
fn piece<'a>(letters: &'a LetterSet) -> impl FnMut(&'a str) -> PResult<'a, Role> {
    move |i: &'a str| match letters.match_piece(i) {
        Some((role, len)) => Ok((&i[len..], role)),
        None => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Tag,
        ))),
    }
}

/// `from`, separator and target of a piece move or of a pawn move.
type Route = (Option<File>, Option<Rank>, Separator, Target);

/// The long form (`g1f3`, `g1-f3`) and a from-file (`gf3`, `exd5`), read alike for pieces and
/// pawns.
fn long_or_file_route(i: &str) -> PResult<'_, Route> {
    alt((
        map((square, long_separator, square), |(from, sep, to)| {
            (
                Some(from.file()),
                Some(from.rank()),
                sep,
                Target::Square(to),
            )
        }),
        map((file, opt_capture, square), |(f, sep, to)| {
            (Some(f), None, sep, Target::Square(to))
        }),
    ))
    .parse(i)
}

fn piece_route(i: &str) -> PResult<'_, Route> {
    alt((
        long_or_file_route,
        map((rank, opt_capture, square), |(r, sep, to)| {
            (None, Some(r), sep, Target::Square(to))
        }),
        map((separator, space0, square), |(sep, _, to)| {
            (None, None, sep, Target::Square(to))
        }),
    ))
    .parse(i)
}

fn pawn_route(i: &str) -> PResult<'_, Route> {
    alt((
        long_or_file_route,
        map((file, opt_capture, file), |(f, sep, to)| {
            (Some(f), None, sep, Target::File(to))
        }),
        map(square, |to| {
            (None, None, Separator::None, Target::Square(to))
        }),
    ))
    .parse(i)
}

fn promotion<'a>(
    letters: &'a LetterSet,
) -> impl FnMut(&'a str) -> PResult<'a, (Role, PromotionMark)> {
    move |i: &'a str| {
        alt((
            map(preceded((char('='), space0), piece(letters)), |r| {
                (r, PromotionMark::Equals)
            }),
            map(preceded((char('/'), space0), piece(letters)), |r| {
                (r, PromotionMark::Slash)
            }),
            map(delimited(char('('), piece(letters), char(')')), |r| {
                (r, PromotionMark::Parens)
            }),
            map(piece(letters), |r| (r, PromotionMark::Bare)),
        ))
        .parse(i)
    }
}

/// The promotion piece of the coordinate form (UCI's `b7a8q`, after both squares): the piece's
/// letter in lower case, ending the word (a check mark or annotation may follow). A letter the
/// set gives no piece a pawn becomes is UCI's own (`q r b n`, English in every set: `b7b8q` in
/// Czech, where D is the queen; `b7b8r` in Spanish, where R is the king); one it does give
/// keeps the set's meaning (`b7b8b` in Hungarian, where B is the rook).
fn lower_promotion(letters: &LetterSet, rest: &[u8]) -> Option<Role> {
    let (&b, after) = rest.split_first()?;
    if !b.is_ascii_lowercase() || after.first().is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    match letters.single_ascii_letter(b.to_ascii_uppercase()) {
        Some(Some(role)) if !matches!(role, Role::King | Role::Pawn) => Some(role),
        _ => Role::from_english_char(char::from(b))
            .filter(|role| !matches!(role, Role::King | Role::Pawn)),
    }
}

/// A piece's move (not a pawn's) along `route`.
fn piece_move(role: Role, (from_file, from_rank, separator, target): Route) -> Body {
    Body::Move {
        role,
        pawn_letter: false,
        from_file,
        from_rank,
        separator,
        target,
        promotion: None,
    }
}

fn parse_body<'a>(i: &'a str, letters: &'a LetterSet) -> PResult<'a, Body> {
    if let Ok(ok) = castling(i) {
        // `0-0` must not be the start of something longer such as a result `0-0-1`.
        if !ok.0.starts_with(|c: char| c.is_alphanumeric()) {
            return Ok(ok);
        }
    }
    match letters.match_piece(i) {
        Some((role, len)) if role != Role::Pawn => {
            // The letter may stand apart from the rest (`J f3`, `S x c6`: see the grammar).
            let (rest, route) = piece_route(i[len..].trim_start_matches(' '))?;
            Ok((rest, piece_move(role, route)))
        }
        matched => {
            let (pawn_letter, i) = match matched {
                Some((_, len)) => (true, &i[len..]),
                None => (false, i),
            };
            let (i, (from_file, from_rank, separator, target)) = pawn_route(i)?;
            // The new piece may stand apart (`e8 D`, `e8 = D`: the sheet readers join them).
            let (i, mut promotion) = opt(preceded(space0, promotion(letters))).parse(i)?;
            let mut i = i;
            if let (None, Some(_)) = (promotion, from_rank) {
                if let Some(role) = lower_promotion(letters, i.as_bytes()) {
                    promotion = Some((role, PromotionMark::Bare));
                    i = &i[1..];
                }
            }
            Ok((
                i,
                Body::Move {
                    role: Role::Pawn,
                    pawn_letter,
                    from_file,
                    from_rank,
                    separator,
                    target,
                    promotion,
                },
            ))
        }
    }
}

fn check_mark(i: &str) -> PResult<'_, CheckMark> {
    alt((
        map(tag("++"), |_| CheckMark::DoublePlus),
        map(char('+'), |_| CheckMark::Check),
        map(char('#'), |_| CheckMark::Mate),
    ))
    .parse(i)
}

fn en_passant(i: &str) -> PResult<'_, ()> {
    map(
        alt((
            tag("e.p."),
            tag("e. p."),
            tag("e.p"),
            tag("ep"),
            tag("(e.p.)"),
            tag("(ep)"),
        )),
        |_| (),
    )
    .parse(i)
}

fn annotation(i: &str) -> PResult<'_, Annotation> {
    let glyph = |i| {
        alt((
            map(tag("!!"), |_| Annotation::Brilliant),
            map(tag("??"), |_| Annotation::Blunder),
            map(tag("!?"), |_| Annotation::Interesting),
            map(tag("?!"), |_| Annotation::Dubious),
            map(char('!'), |_| Annotation::Good),
            map(char('?'), |_| Annotation::Mistake),
        ))
        .parse(i)
    };
    // In brackets, as some books and sheets write it: `Sb5(!)`.
    alt((delimited(char('('), glyph, char(')')), glyph)).parse(i)
}

/// An assessment glyph (`±`, `+-`; see [`Assessment`]). Tried before the check mark: `+-` and
/// `+=` are no check.
fn assessment(i: &str) -> PResult<'_, Assessment> {
    alt((
        map(alt((tag("\u{b1}"), tag("+/-"))), |_| {
            Assessment::WhiteBetter
        }),
        map(alt((tag("\u{2213}"), tag("-/+"))), |_| {
            Assessment::BlackBetter
        }),
        map(alt((tag("\u{2a72}"), tag("+="))), |_| {
            Assessment::WhiteSlightlyBetter
        }),
        map(alt((tag("\u{2a71}"), tag("=+"))), |_| {
            Assessment::BlackSlightlyBetter
        }),
        map(tag("+-"), |_| Assessment::WhiteWinning),
        map(tag("-+"), |_| Assessment::BlackWinning),
        map(tag("\u{221e}"), |_| Assessment::Unclear),
    ))
    .parse(i)
}

/// A PGN numeric annotation glyph written after the move (`$1`..`$255`).
fn numeric_glyph(i: &str) -> PResult<'_, u8> {
    preceded(char('$'), nom::character::complete::u8).parse(i)
}

/// Reads the optional marks after the body, each at most once, in any order; returns what is left.
fn parse_suffixes<'a>(mut i: &'a str, w: &mut WrittenMove<'_>) -> &'a str {
    loop {
        let Ok((j, _)) = space0::<&str, nom::error::Error<&str>>(i) else {
            return i;
        };
        if w.assessment.is_none() {
            if let Ok((k, a)) = assessment(j) {
                w.assessment = Some(a);
                i = k;
                continue;
            }
        }
        if w.nag.is_none() {
            if let Ok((k, n)) = numeric_glyph(j) {
                w.nag = Some(n);
                i = k;
                continue;
            }
        }
        if w.check == CheckMark::None {
            if let Ok((k, c)) = check_mark(j) {
                w.check = c;
                i = k;
                continue;
            }
        }
        if !w.en_passant {
            if let Ok((k, ())) = en_passant(j) {
                w.en_passant = true;
                i = k;
                continue;
            }
        }
        if w.annotation.is_none() {
            if let Ok((k, a)) = annotation(j) {
                w.annotation = Some(a);
                i = k;
                continue;
            }
        }
        if !w.draw_offer {
            if let Ok((k, _)) = tag::<&str, &str, nom::error::Error<&str>>("(=)")(j) {
                w.draw_offer = true;
                i = k;
                continue;
            }
            // The symbol without its brackets, standing apart from the move (`Jf3 =`): glued
            // to it, `=` belongs to a promotion (`e8=D`), whose piece is then missing.
            if j.len() < i.len() && (j == "=" || j.starts_with("= ")) {
                w.draw_offer = true;
                i = &j[1..];
                continue;
            }
        }
        return if j.is_empty() { j } else { i.trim_start() };
    }
}

/// Explains why the body did not parse: an unknown letter, or where the grammar stopped.
fn body_error(text: &str, letters: &LetterSet) -> ParseError {
    let column_of = |rest: &str| text[..text.len() - rest.len()].chars().count() + 1;
    let first = text.chars().next().unwrap_or(' ');
    if let Some(e) = lower_case_piece(text, letters) {
        return e;
    }
    // A capture with nothing before its mark, or only the pawn's letter (`Pxd5`: a pawn's
    // capture names its file, C.9).
    let after_pawn = match letters.match_piece(text) {
        Some((Role::Pawn, len)) => &text[len..],
        _ => text,
    };
    if let Some(target) = capture_without_piece(after_pawn) {
        return ParseError::CaptureWithoutPiece {
            target,
            captures: String::new(),
        };
    }
    // A capital or non-Latin letter that is no piece: the commonest error, a wrong letter set.
    if is_letter_like(first) && !('a'..='h').contains(&first) && letters.match_piece(text).is_none()
    {
        let elsewhere = elsewhere(text, letters);
        // Or a file in capital (`E4`, `Exd5`), where the move reads with it small.
        if ('A'..='H').contains(&first) && elsewhere.is_empty() {
            let meant = format!("{}{}", first.to_ascii_lowercase(), &text[1..]);
            if WrittenMove::parse_grammar(&meant, letters).is_ok() {
                return ParseError::CapitalFile {
                    letter: first,
                    column: 1,
                    set: letters.code().to_owned(),
                    meant,
                };
            }
        }
        return ParseError::UnknownLetter {
            letter: first,
            column: 1,
            set: letters.code().to_owned(),
            elsewhere,
        };
    }
    // Walk the longest prefix the grammar accepts, to point at the first wrong character.
    let rest = match letters.match_piece(text) {
        Some((role, len)) if role != Role::Pawn => {
            let after = &text[len..];
            match piece_route(after) {
                Ok((rest, _)) => rest,
                Err(_) => furthest_square_prefix(after),
            }
        }
        _ => {
            let after = match letters.match_piece(text) {
                Some((_, len)) => &text[len..],
                None => text,
            };
            match pawn_route(after) {
                Ok((rest, _)) => rest,
                Err(_) => furthest_square_prefix(after),
            }
        }
    };
    match rest.chars().next() {
        None => ParseError::Incomplete {
            expected: "a target square (a file a-h and a rank 1-8)",
        },
        Some(found) if is_letter_like(found) && !('a'..='h').contains(&found) => {
            ParseError::UnknownLetter {
                letter: found,
                column: column_of(rest),
                set: letters.code().to_owned(),
                elsewhere: elsewhere(rest, letters),
            }
        }
        Some(found) => ParseError::Syntax {
            found,
            column: column_of(rest),
            expected: "a square (a file a-h and a rank 1-8), x, - or a piece letter",
        },
    }
}

/// The rest after the longest run of file/rank/separator characters.
fn furthest_square_prefix(i: &str) -> &str {
    i.trim_start_matches(|c: char| {
        ('a'..='h').contains(&c) || ('1'..='8').contains(&c) || matches!(c, 'x' | ':' | '-')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(text: &str) -> WrittenMove<'static> {
        WrittenMove::parse(text, LetterSet::english()).unwrap()
    }

    fn cs(text: &str) -> WrittenMove<'static> {
        WrittenMove::parse(text, LetterSet::by_code("cs").unwrap()).unwrap()
    }

    fn route(w: &WrittenMove) -> (Role, Option<File>, Option<Rank>, Separator, Target) {
        match w.body {
            Body::Move {
                role,
                from_file,
                from_rank,
                separator,
                target,
                ..
            } => (role, from_file, from_rank, separator, target),
            Body::Castle { .. } => panic!("castling"),
        }
    }

    #[test]
    fn short_piece_moves() {
        let sq = |s: Square| Target::Square(s);
        use Separator as S;
        assert_eq!(
            route(&cs("Jf3")),
            (Role::Knight, None, None, S::None, sq(Square::F3))
        );
        assert_eq!(
            route(&cs("Jxe5")),
            (Role::Knight, None, None, S::X, sq(Square::E5))
        );
        assert_eq!(
            route(&cs("Jbd2")),
            (Role::Knight, Some(File::B), None, S::None, sq(Square::D2))
        );
        assert_eq!(
            route(&cs("J1f3")),
            (
                Role::Knight,
                None,
                Some(Rank::First),
                S::None,
                sq(Square::F3)
            )
        );
        assert_eq!(
            route(&cs("Jg1f3")),
            (
                Role::Knight,
                Some(File::G),
                Some(Rank::First),
                S::None,
                sq(Square::F3)
            )
        );
        assert_eq!(
            route(&cs("Jgxf3")),
            (Role::Knight, Some(File::G), None, S::X, sq(Square::F3))
        );
        assert_eq!(
            route(&cs("J5xf3")),
            (Role::Knight, None, Some(Rank::Fifth), S::X, sq(Square::F3))
        );
    }

    #[test]
    fn long_forms_with_and_without_hyphen_x_and_colon() {
        use Separator as S;
        for (text, sep) in [
            ("Jg1f3", S::None),
            ("Jg1-f3", S::Hyphen),
            ("Dd1xd4", S::X),
            ("Dd1:d4", S::Colon),
            ("Dd1×d4", S::X),
            ("Jg1–f3", S::Hyphen),
            ("Jg1—f3", S::Hyphen),
            ("Jg1‑f3", S::Hyphen),
        ] {
            let (_, f, r, s, _) = route(&cs(text));
            assert!(f.is_some() && r.is_some(), "{text}");
            assert_eq!(s, sep, "{text}");
        }
        for (text, sep) in [
            ("e2e4", S::None),
            ("e2-e4", S::Hyphen),
            ("e5xd4", S::X),
            ("e5:d4", S::Colon),
        ] {
            let (role, f, r, s, _) = route(&cs(text));
            assert_eq!(role, Role::Pawn);
            assert!(f.is_some() && r.is_some(), "{text}");
            assert_eq!(s, sep, "{text}");
        }
    }

    #[test]
    fn pawn_captures_with_and_without_mark_and_file_only() {
        use Separator as S;
        let d4 = Target::Square(Square::D4);
        assert_eq!(
            route(&cs("exd4")),
            (Role::Pawn, Some(File::E), None, S::X, d4)
        );
        assert_eq!(
            route(&cs("ed4")),
            (Role::Pawn, Some(File::E), None, S::None, d4)
        );
        assert_eq!(
            route(&cs("e:d4")),
            (Role::Pawn, Some(File::E), None, S::Colon, d4)
        );
        assert_eq!(
            route(&cs("ed")),
            (
                Role::Pawn,
                Some(File::E),
                None,
                S::None,
                Target::File(File::D)
            )
        );
        assert_eq!(
            route(&cs("exd")),
            (Role::Pawn, Some(File::E), None, S::X, Target::File(File::D))
        );
    }

    #[test]
    fn capture_marked_after_the_move() {
        use Separator as S;
        let c6 = Target::Square(Square::C6);
        assert_eq!(
            route(&cs("Sc6:")),
            (Role::Bishop, None, None, S::ColonAfter, c6)
        );
        assert_eq!(
            route(&cs("Sbc6:")),
            (Role::Bishop, Some(File::B), None, S::ColonAfter, c6)
        );
        assert_eq!(
            route(&cs("ed:")),
            (
                Role::Pawn,
                Some(File::E),
                None,
                S::ColonAfter,
                Target::File(File::D)
            )
        );
        assert!(cs("ed5:").capture_mark());
        let w = cs("Dd5:+");
        assert!(w.capture_mark());
        assert_eq!(w.check, CheckMark::Check);
        // After a long form's hyphen, which is no capture mark (before, refused).
        assert_eq!(
            route(&cs("Sb5-c6:")),
            (
                Role::Bishop,
                Some(File::B),
                Some(Rank::Fifth),
                S::ColonAfter,
                c6
            )
        );
        assert!(cs("e4-d5:").capture_mark());
        // One capture mark: a colon between the squares and another after them is a slip.
        let cs_letters = LetterSet::by_code("cs").unwrap();
        for text in ["e4:d5:", "Sxc6:", "0-0:"] {
            assert!(WrittenMove::parse(text, cs_letters).is_err(), "{text}");
        }
    }

    #[test]
    fn en_passant_marks() {
        for text in [
            "exd6 e.p.",
            "exd6e.p.",
            "exd6 ep",
            "exd6ep",
            "exd6 e. p.",
            "ed6 e.p.+",
        ] {
            assert!(cs(text).en_passant, "{text}");
        }
        assert_eq!(cs("ed6 e.p.+").check, CheckMark::Check);
        assert!(!cs("exd6").en_passant);
    }

    #[test]
    fn promotions_in_four_spellings() {
        for (text, mark) in [
            ("d8D", PromotionMark::Bare),
            ("d8=D", PromotionMark::Equals),
            ("d8/D", PromotionMark::Slash),
            ("d8(D)", PromotionMark::Parens),
        ] {
            let w = cs(text);
            assert_eq!(
                w.body,
                Body::Move {
                    role: Role::Pawn,
                    pawn_letter: false,
                    from_file: None,
                    from_rank: None,
                    separator: Separator::None,
                    target: Target::Square(Square::D8),
                    promotion: Some((Role::Queen, mark)),
                }
            );
        }
        assert_eq!(cs("exf8J").promotion(), Some(Role::Knight));
        assert_eq!(en("exf8=N+").promotion(), Some(Role::Knight));
    }

    #[test]
    fn castling_spellings() {
        for (text, side, mark) in [
            ("0-0", CastlingSide::King, CastlingMark::Zero),
            ("O-O", CastlingSide::King, CastlingMark::LetterO),
            ("o-o", CastlingSide::King, CastlingMark::SmallO),
            ("0–0", CastlingSide::King, CastlingMark::Zero),
            ("0-0-0", CastlingSide::Queen, CastlingMark::Zero),
            ("O-O-O+", CastlingSide::Queen, CastlingMark::LetterO),
            ("О-О-О", CastlingSide::Queen, CastlingMark::LetterO),
            ("0—0—0", CastlingSide::Queen, CastlingMark::Zero),
            // Typed with spaces around the dashes.
            ("0 - 0", CastlingSide::King, CastlingMark::Zero),
            ("O -O", CastlingSide::King, CastlingMark::LetterO),
            ("0 - 0 - 0 +", CastlingSide::Queen, CastlingMark::Zero),
        ] {
            let dashes_missing = false;
            let body = Body::Castle {
                side,
                mark,
                dashes_missing,
                marks_mixed: false,
            };
            assert_eq!(cs(text).body, body, "{text}");
        }
        // Zeros and letters O mixed: read, by the first mark, and said.
        for (text, side, mark) in [
            ("0-O", CastlingSide::King, CastlingMark::Zero),
            ("O-0", CastlingSide::King, CastlingMark::LetterO),
            ("0-0-O", CastlingSide::Queen, CastlingMark::Zero),
            ("o-0-o", CastlingSide::Queen, CastlingMark::SmallO),
        ] {
            let body = Body::Castle {
                side,
                mark,
                dashes_missing: false,
                marks_mixed: true,
            };
            assert_eq!(cs(text).body, body, "{text}");
        }
        // A dash left out, in haste.
        for (text, side) in [
            ("00", CastlingSide::King),
            ("000", CastlingSide::Queen),
            ("00-0", CastlingSide::Queen),
            ("0-00+", CastlingSide::Queen),
        ] {
            let body = Body::Castle {
                side,
                mark: CastlingMark::Zero,
                dashes_missing: true,
                marks_mixed: false,
            };
            assert_eq!(cs(text).body, body, "{text}");
        }
    }

    #[test]
    fn check_mate_annotation_and_draw_offer() {
        assert_eq!(cs("De3+").check, CheckMark::Check);
        assert_eq!(cs("Vh8#").check, CheckMark::Mate);
        assert_eq!(cs("Vh8++").check, CheckMark::DoublePlus);
        for (text, a) in [
            ("Jf3!", Annotation::Good),
            ("Jf3?", Annotation::Mistake),
            ("Jf3!!", Annotation::Brilliant),
            ("Jf3??", Annotation::Blunder),
            ("Jf3!?", Annotation::Interesting),
            ("Jf3?!", Annotation::Dubious),
            ("Jf3+ ?!", Annotation::Dubious),
        ] {
            assert_eq!(cs(text).annotation, Some(a), "{text}");
        }
        let w = cs("Kb1 (=)");
        assert!(w.draw_offer);
        assert!(cs("Kb1(=)").draw_offer);
    }

    #[test]
    fn unicode_look_alikes_fold() {
        let w = en("Ｎｘｆ３");
        assert!(w.folded);
        assert_eq!(w.target(), Some(Target::Square(Square::F3)));
        assert!(w.capture_mark());
        assert!(!en("Nxf3").folded);
        assert_eq!(en("N\u{200B}f3").role(), Some(Role::Knight));
    }

    #[test]
    fn cyrillic_files_typed_with_the_wrong_keyboard_fold() {
        let ru = LetterSet::by_code("ru").unwrap();
        // С (the Russian bishop), then a Cyrillic с for the file c.
        let w = WrittenMove::parse("\u{421}\u{441}5", ru).unwrap();
        assert!(w.folded);
        assert_eq!(w.role(), Some(Role::Bishop));
        assert_eq!(w.target(), Some(Target::Square(Square::C5)));
        // Ф (queen), Cyrillic х for the capture and е for the file.
        let w = WrittenMove::parse("\u{424}\u{445}\u{435}2", ru).unwrap();
        assert_eq!(w.role(), Some(Role::Queen));
        assert!(w.capture_mark());
        assert_eq!(w.target(), Some(Target::Square(Square::E2)));
        // In a Czech sheet too: Sе7 with a Cyrillic е.
        assert_eq!(cs("S\u{435}7").target(), Some(Target::Square(Square::E7)));
        // The Russian king Кр keeps its р, the pawn п is not folded.
        let w = WrittenMove::parse("\u{41A}\u{440}\u{435}2", ru).unwrap();
        assert_eq!(w.role(), Some(Role::King));
        assert_eq!(w.target(), Some(Target::Square(Square::E2)));
    }

    #[test]
    fn b_file_and_bishop() {
        let w = en("bxc3");
        assert_eq!(route(&w).0, Role::Pawn);
        assert_eq!(route(&w).1, Some(File::B));
        assert_eq!(route(&en("Bxc3")).0, Role::Bishop);
        assert_eq!(route(&en("bc3")).0, Role::Pawn);
    }

    #[test]
    fn russian_and_figurines() {
        let ru = LetterSet::by_code("ru").unwrap();
        let w = WrittenMove::parse("Крg1", ru).unwrap();
        assert_eq!(w.role(), Some(Role::King));
        let w = WrittenMove::parse("Кf3", ru).unwrap();
        assert_eq!(w.role(), Some(Role::Knight));
        let fig = LetterSet::figurine();
        assert_eq!(
            WrittenMove::parse("♞xe4", fig).unwrap().role(),
            Some(Role::Knight)
        );
        assert_eq!(
            WrittenMove::parse("e8♕", fig).unwrap().promotion(),
            Some(Role::Queen)
        );
        let hu = LetterSet::by_code("hu").unwrap();
        let w = WrittenMove::parse("Gye4", hu).unwrap();
        assert!(matches!(
            w.body,
            Body::Move {
                role: Role::Pawn,
                pawn_letter: true,
                ..
            }
        ));
        // An emoji's variation selector after the figurine is dropped.
        let w = WrittenMove::parse("\u{265E}\u{FE0F}c6", fig).unwrap();
        assert_eq!(
            (w.role(), w.target()),
            (Some(Role::Knight), Some(Target::Square(Square::C6)))
        );
        // A figurine among lettered moves is that set's letter: `♞c6` in English, `♝b5` in
        // Czech (S), a pawn's figurine no letter at all.
        let w = WrittenMove::parse("\u{265E}c6", LetterSet::english()).unwrap();
        assert_eq!(w.role(), Some(Role::Knight));
        let cs = LetterSet::by_code("cs").unwrap();
        assert_eq!(
            WrittenMove::parse("\u{265D}b5", cs).unwrap().role(),
            Some(Role::Bishop)
        );
        let w = WrittenMove::parse("\u{2659}e4", LetterSet::english()).unwrap();
        assert_eq!(
            (w.role(), w.target()),
            (Some(Role::Pawn), Some(Target::Square(Square::E4)))
        );
    }

    #[test]
    fn errors_point_at_the_problem() {
        let hr = LetterSet::by_code("hr").unwrap();
        assert_eq!(
            WrittenMove::parse("Jf3", hr),
            Err(ParseError::UnknownLetter {
                letter: 'J',
                column: 1,
                set: "hr".into(),
                elsewhere: " (the knight in cs, sk)".into(),
            })
        );
        // A piece letter in lower case: what its capital is, here or in other sets; a file
        // letter only where the move reads with its capital (`bxc6` is a pawn's capture).
        let cs = LetterSet::by_code("cs").unwrap();
        let lower = |text: &str, set: &LetterSet| match WrittenMove::parse(text, set) {
            Err(e @ ParseError::LowerCaseLetter { .. }) => e.to_string(),
            other => format!("{other:?}"),
        };
        assert_eq!(
            lower("nf3", LetterSet::english()),
            "'n' at column 1: piece letters are capitals, and N is the knight in en"
        );
        assert_eq!(
            lower("jf3", LetterSet::english()),
            "'j' at column 1: piece letters are capitals, and J is no piece in en (the knight in cs, sk)"
        );
        assert_eq!(
            lower("sxc6", cs),
            "'s' at column 1: piece letters are capitals, and S is the bishop in cs"
        );
        assert!(WrittenMove::parse("bxc6", LetterSet::english()).is_ok());
        assert!(WrittenMove::parse("dd8", cs).is_ok());
        // A word that is no move with the capital either keeps the unknown letter's error.
        assert!(matches!(
            WrittenMove::parse("remiza", cs),
            Err(ParseError::UnknownLetter { letter: 'r', .. })
        ));
        assert_eq!(
            lower("bf1c4", LetterSet::english()),
            "'b' at column 1: piece letters are capitals, and B is the bishop in en"
        );
        assert!(matches!(
            WrittenMove::parse("e8X", LetterSet::english()),
            Err(ParseError::UnknownLetter {
                letter: 'X',
                column: 3,
                ..
            })
        ));
        assert!(matches!(
            WrittenMove::parse("Nf9", LetterSet::english()),
            Err(ParseError::Syntax { found: '9', .. })
        ));
        assert!(matches!(
            WrittenMove::parse("Nf", LetterSet::english()),
            Err(ParseError::Incomplete { .. })
        ));
        assert_eq!(
            WrittenMove::parse("  ", LetterSet::english()),
            Err(ParseError::Empty)
        );
        assert!(matches!(
            WrittenMove::parse("e4 foo", LetterSet::english()),
            Err(ParseError::UnknownLetter { .. } | ParseError::Syntax { .. })
        ));
    }

    /// The plain fast path reads exactly what the grammar reads, or leaves the text to it: every
    /// text of up to three characters over an alphabet of everything a move may contain, and
    /// 200,000 longer ones built from move fragments, in every letter set.
    #[test]
    fn the_plain_path_agrees_with_the_grammar() {
        let alphabet: Vec<&str> =
            "a b c d e h 1 2 4 7 8 x : - = + # / ( ) ! ? . O 0 o K Q R B N P J S D V L T C F A p"
                .split(' ')
                .collect();
        let fragments: Vec<&str> = alphabet
            .iter()
            .copied()
            .chain([
                "O-O", "O-O-O", "e4", "d8", "f3", "=Q", "=D", "++", "e.p.", " ", "Kt", "Кр",
            ])
            .collect();
        let mut texts = crate::testing::every_text(&alphabet, 3);
        // A small linear congruential generator: the same texts on every run.
        let mut seed: u64 = 20_261_121;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        for _ in 0..200_000 {
            let len = 2 + next(5);
            texts.push((0..len).map(|_| fragments[next(fragments.len())]).collect());
        }
        let mut plain = 0usize;
        for letters in LetterSet::all() {
            for t in &texts {
                if let Some(fast) = parse_plain(t.as_bytes(), letters) {
                    plain += 1;
                    assert_eq!(
                        Ok(fast),
                        WrittenMove::parse_grammar(t, letters),
                        "{t:?} in {}",
                        letters.code()
                    );
                }
            }
        }
        // The path is taken, not skipped: English, Czech and the rest read their plain moves.
        assert!(plain > 50_000, "{plain}");
        for t in [
            "Nf3", "Nbd7", "R1e2", "Qxd8+", "exd5", "e4", "e8=Q#", "O-O-O", "e2e4", "Kg1-f2",
        ] {
            assert!(
                parse_plain(t.as_bytes(), LetterSet::english()).is_some(),
                "{t}"
            );
        }
        assert!(parse_plain(b"Jf3", LetterSet::by_code("cs").unwrap()).is_some());
        assert!(parse_plain(b"Nf3", LetterSet::by_code("cs").unwrap()).is_none());
    }
}
