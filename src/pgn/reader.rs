//! The PGN reader: a streaming reader over any [`Read`] and a fast path over a byte slice, both
//! driving a [`Visitor`].
//!
//! The input is cut into game sections by the [splitter](super::split) and each section is lexed
//! by the [lexer](super::lexer). The visitor sees tags, move tokens (as text, with their
//! location), NAGs, comments, variations and the result; the text it gets is borrowed from the
//! reader's buffer, so a visitor that keeps nothing allocates nothing.
//!
//! A broken game is returned as a [`PgnError`] with its location and game number; reading goes
//! on at the next game (the next tag line after movetext).
//!
//! ```
//! use scoresheet::pgn::{Location, SliceReader, Visitor};
//!
//! /// Counts the moves of the mainline.
//! struct Plies { depth: u32, plies: u32 }
//! impl Visitor for Plies {
//!     type Output = u32;
//!     fn begin_game(&mut self, _game: u64, _at: Location) { self.depth = 0; self.plies = 0; }
//!     fn san(&mut self, _san: &str, _at: Location) { if self.depth == 0 { self.plies += 1 } }
//!     fn begin_variation(&mut self, _at: Location) -> std::ops::ControlFlow<()> {
//!         std::ops::ControlFlow::Break(()) // skip variations
//!     }
//!     fn end_game(&mut self) -> u32 { self.plies }
//! }
//!
//! let pgn = b"[Event \"x\"]\n1. e4 (1. d4 d5) e5 2. Nf3 1-0\n\n[Event \"y\"]\n1. c4 *\n";
//! let mut reader = SliceReader::new(pgn);
//! let mut v = Plies { depth: 0, plies: 0 };
//! assert_eq!(reader.read_game(&mut v).unwrap().unwrap(), 3);
//! assert_eq!(reader.read_game(&mut v).unwrap().unwrap(), 1);
//! assert!(reader.read_game(&mut v).is_none());
//! ```

use super::lexer::{LexError, LexLimits, TagFault, Token};
use super::split::{Section, Splitter};
use crate::notation::sheet::lines_with_ends;
use logos::Logos;
use std::borrow::Cow;
use std::fmt;
use std::io::Read;
use std::ops::ControlFlow;
use std::sync::Arc;

/// Where something stands in the input: byte offset, line and column.
///
/// `line` and `column` are 1-based; the column counts characters (not bytes) of the decoded
/// text from the start of the line.
///
/// ```
/// use scoresheet::pgn::Location;
/// let l = Location { offset: 0, line: 1, column: 1 };
/// assert_eq!(l.to_string(), "1:1");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Byte offset in the (decoded) input.
    pub offset: u64,
    /// Line number, 1-based.
    pub line: u32,
    /// Column in characters, 1-based.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The result of a game as the movetext (or the Result tag) states it.
///
/// ```
/// use scoresheet::pgn::Outcome;
/// assert_eq!(Outcome::from_token("½–½"), Some(Outcome::Draw));
/// assert_eq!(Outcome::Draw.as_str(), "1/2-1/2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, ongoing or abandoned.
    Unknown,
}

impl Outcome {
    /// Reads a result token in any spelling the lexer accepts (`1-0`, `1:0`, `1–0`, `½-½`, ...).
    ///
    /// ```
    /// use scoresheet::pgn::Outcome;
    /// assert_eq!(Outcome::from_token("0:1"), Some(Outcome::BlackWins));
    /// assert_eq!(Outcome::from_token("e4"), None);
    /// ```
    pub fn from_token(token: &str) -> Option<Outcome> {
        let t = token.trim();
        if t == "*" {
            return Some(Outcome::Unknown);
        }
        let (a, b) = t.split_once(['-', '–', ':'])?;
        let half = |s: &str| s == "1/2" || s == "½";
        match (a, b) {
            ("1", "0") => Some(Outcome::WhiteWins),
            ("0", "1") => Some(Outcome::BlackWins),
            (a, b) if half(a) && half(b) => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// The token of the PGN export format.
    ///
    /// ```
    /// assert_eq!(scoresheet::pgn::Outcome::Unknown.as_str(), "*");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tag value as written, with its escapes (`\"`, `\\`) still in place.
///
/// ```
/// use scoresheet::pgn::TagValue;
/// let v = TagValue::new(r#"The \"Immortal\""#);
/// assert_eq!(v.decode(), r#"The "Immortal""#);
/// assert_eq!(TagValue::new("plain").decode(), "plain");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagValue<'a>(&'a str);

impl<'a> TagValue<'a> {
    /// Wraps a raw value.
    ///
    /// ```
    /// assert_eq!(scoresheet::pgn::TagValue::new("x").raw(), "x");
    /// ```
    pub fn new(raw: &'a str) -> Self {
        TagValue(raw)
    }

    /// The value as written between the quotes.
    ///
    /// ```
    /// assert_eq!(scoresheet::pgn::TagValue::new(r"a\\b").raw(), r"a\\b");
    /// ```
    pub fn raw(&self) -> &'a str {
        self.0
    }

    /// The value with escapes resolved; borrows when there are none.
    ///
    /// ```
    /// assert_eq!(scoresheet::pgn::TagValue::new(r"a\\b").decode(), r"a\b");
    /// ```
    pub fn decode(&self) -> Cow<'a, str> {
        if !self.0.contains('\\') {
            return Cow::Borrowed(self.0);
        }
        let mut out = String::with_capacity(self.0.len());
        let mut chars = self.0.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some(n @ ('"' | '\\')) => out.push(n),
                    Some(n) => {
                        out.push('\\');
                        out.push(n);
                    }
                    None => out.push('\\'),
                }
            } else {
                out.push(c);
            }
        }
        Cow::Owned(out)
    }
}

/// Receives the parts of each game, in order. Every method but [`end_game`](Visitor::end_game)
/// has a default that ignores its input.
///
/// Variations are reported between [`begin_variation`](Visitor::begin_variation) and
/// [`end_variation`](Visitor::end_variation); returning `ControlFlow::Break(())` from
/// `begin_variation` skips the variation (nothing inside it is reported, not even its end), and
/// from [`end_tags`](Visitor::end_tags) skips the whole movetext. When a game turns out broken
/// the reader returns an error instead of calling `end_game`, so keep per-game state reset in
/// [`begin_game`](Visitor::begin_game).
///
/// ```
/// use scoresheet::pgn::{Location, SliceReader, TagValue, Visitor};
/// struct White(String);
/// impl Visitor for White {
///     type Output = String;
///     fn begin_game(&mut self, _: u64, _: Location) { self.0.clear() }
///     fn tag(&mut self, name: &str, value: TagValue<'_>, _: Location) {
///         if name == "White" { self.0.push_str(&value.decode()) }
///     }
///     fn end_game(&mut self) -> String { std::mem::take(&mut self.0) }
/// }
/// let mut r = SliceReader::new(b"[White \"Anand\"] 1. e4 *");
/// assert_eq!(r.read_game(&mut White(String::new())).unwrap().unwrap(), "Anand");
/// ```
pub trait Visitor {
    /// What a finished game becomes.
    type Output;

    /// A game starts (`game` counts from 1, broken games included) at `at`.
    fn begin_game(&mut self, game: u64, at: Location) {
        let _ = (game, at);
    }
    /// A tag pair.
    fn tag(&mut self, name: &str, value: TagValue<'_>, at: Location) {
        let _ = (name, value, at);
    }
    /// The tag section is over; `Break` skips the movetext.
    fn end_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A move number as written (`12.`, `12...`, `12`): its value, for the move that follows
    /// (no location: it stands just before that move's).
    fn move_number(&mut self, number: u32) {
        let _ = number;
    }
    /// A move token as written (`Nf3`, `Jxe4`, `0-0`, `--`), without suffix annotations.
    fn san(&mut self, san: &str, at: Location) {
        let _ = (san, at);
    }
    /// An en passant mark written apart after a move (`exd6 e.p.`), which belongs to no move
    /// token: the visitor may check it against the move before it.
    fn en_passant_mark(&mut self, at: Location) {
        let _ = at;
    }
    /// A numeric annotation glyph (`$n`, or a suffix such as `!?` converted to its number).
    fn nag(&mut self, nag: u8, at: Location) {
        let _ = (nag, at);
    }
    /// A comment's text without its delimiters (`{...}` or `;...`).
    fn comment(&mut self, text: &str, at: Location) {
        let _ = (text, at);
    }
    /// A variation opens at `at` (its `(`); `Break` skips it.
    fn begin_variation(&mut self, at: Location) -> ControlFlow<()> {
        let _ = at;
        ControlFlow::Continue(())
    }
    /// The variation opened last closes.
    fn end_variation(&mut self, at: Location) {
        let _ = at;
    }
    /// The result token ending the movetext.
    fn outcome(&mut self, outcome: Outcome, at: Location) {
        let _ = (outcome, at);
    }
    /// The game is complete.
    fn end_game(&mut self) -> Self::Output;
}

/// Limits against hostile input.
///
/// Every limit of the crate, its default, and what happens beyond it (the README's "Limits"
/// section says the same; `tests/reliability_limits.rs` tests each at its edge):
///
/// | limit | default | beyond it |
/// |---|---|---|
/// | [`max_depth`](Limits::max_depth): variations inside variations | 128 | the game is refused with [`ErrorKind::TooDeep`] at the bracket that opens level 129 |
/// | [`max_token_bytes`](Limits::max_token_bytes): one move token | 64 bytes | [`ErrorKind::TokenTooLong`] at the token |
/// | [`LexLimits::max_comment_bytes`](super::lexer::LexLimits): a `{…}` comment's text, or `;` and its line | 1 MiB | [`ErrorKind::CommentTooLong`] at the comment |
/// | [`LexLimits::max_tag_bytes`](super::lexer::LexLimits): a tag pair, counted after its `[` | 64 KiB | [`ErrorKind::TagTooLong`] at the tag |
/// | [`max_game_bytes`](Limits::max_game_bytes): one game held by the streaming [`Reader`] | 64 MiB | [`ErrorKind::GameTooLarge`]; the rest of the game is skipped |
/// | `notation::written::MAX_MOVE_LEN`: a written move given to the notation parser | 64 bytes | `ParseError::TooLong` |
/// | `batch::MAX_GAME_BYTES`: one game in bulk (`check`, `clean`) | 16 MiB | the game is reported "game larger than … bytes" and skipped to the next game |
/// | `reconstruct::MAX_WORD`: characters of a scoresheet word compared by `repair` | 15 | the rest of the word is not read (no move is that long) |
///
/// There is no limit on the number of moves (a 10,000-ply game is tested) nor on the size of
/// a file in bulk: `batch` holds a few batches of about 1 MiB at a time.
/// A refused game is reported with its location, and reading goes on at the next game.
///
/// ```
/// use scoresheet::pgn::Limits;
/// let l = Limits { max_depth: 8, ..Limits::default() };
/// assert_eq!(l.max_depth, 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest variation nesting.
    pub max_depth: usize,
    /// Longest move token, in bytes.
    pub max_token_bytes: usize,
    /// Longest game section the streaming reader will hold in memory, in bytes.
    pub max_game_bytes: usize,
    /// Limits of the lexer (comment and tag length).
    pub lex: LexLimits,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 128,
            max_token_bytes: 64,
            max_game_bytes: 64 << 20,
            lex: LexLimits::default(),
        }
    }
}

/// What went wrong in a game.
///
/// ```
/// use scoresheet::pgn::ErrorKind;
/// assert_eq!(ErrorKind::UnclosedComment.to_string(), "comment `{` never closed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A character that starts no PGN token.
    #[error("unexpected character {}", shown(*.0))]
    UnexpectedCharacter(char),
    /// A `{` without its `}`.
    #[error("comment `{{` never closed")]
    UnclosedComment,
    /// A `{` comment with another `{` in it before its `}`: brace comments do not nest, so a
    /// `}` was left out before the second `{`, and the moves written between the two would be
    /// read as the first comment's text (PGN 5 says to read the second `{` as text; none of the
    /// 3.7 million comments of the real games the crate is tested on has one). `lines` is how many
    /// lines below the first `{` the second stands, `column` its column on its line.
    ///
    /// ```
    /// use scoresheet::pgn::{ErrorKind, Game};
    /// let e = Game::read_all(b"1. e4 {good e5 2. Nf3 {nice} Nc6 *")
    ///     .remove(0)
    ///     .unwrap_err();
    /// assert_eq!(e.kind, ErrorKind::BraceInComment { lines: 0, column: 23 });
    /// assert_eq!((e.at.line, e.at.column), (1, 7));
    /// assert_eq!(
    ///     e.kind.to_string(),
    ///     "comment `{` still open at another `{` (column 23): comments do not nest; \
    ///      a `}` left out before it?"
    /// );
    /// ```
    #[error(
        "comment `{{` still open at another `{{` ({}column {column}): comments do not nest; a \
         `}}` left out before it?",
        lines_below(*.lines)
    )]
    BraceInComment {
        /// Line ends between the two braces.
        lines: u32,
        /// The second brace's column on its line (in characters, from 1).
        column: u32,
    },
    /// A comment over the length limit.
    #[error("comment longer than {max} bytes")]
    CommentTooLong {
        /// The limit.
        max: usize,
    },
    /// A `[` that does not start a tag pair: the line from the `[` as written (cut after
    /// [`MALFORMED_TAG_SHOWN`] characters), and what is wrong with it.
    #[error("malformed tag pair `{written}`: {why}")]
    MalformedTag {
        /// The line from the `[`, as written.
        written: String,
        /// What is wrong with it.
        why: TagFault,
    },
    /// A tag pair over the length limit.
    #[error("tag pair longer than {max} bytes")]
    TagTooLong {
        /// The limit.
        max: usize,
    },
    /// A `%` escape not at the start of a line.
    #[error("`%` escape not at the start of a line")]
    MisplacedEscape,
    /// A `(` without its `)` at the end of the game.
    #[error("variation `(` never closed")]
    UnclosedVariation,
    /// A `)` without a `(`.
    #[error("`)` closes no variation")]
    UnmatchedClose,
    /// Variations nested deeper than the limit.
    #[error("variations nested deeper than {max}")]
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// A move token over the length limit.
    #[error("token longer than {max} bytes")]
    TokenTooLong {
        /// The limit.
        max: usize,
    },
    /// A `$n` with n above 255.
    #[error("annotation glyph number above 255")]
    InvalidNag,
    /// Bytes that are not UTF-8 (decode the input first, see [`crate::encoding`]).
    #[error("invalid UTF-8 (wrong encoding?)")]
    InvalidUtf8,
    /// Text after a finished game that is no game: no tags, no move numbers, no result (a
    /// download notice, a signature).
    #[error("text between games that is not a game (no tags, move numbers or result)")]
    StrayText,
    /// A result alone after the game before's result (`1-0 1-0`, or a `1-0` below a game that
    /// ended with one), with no tags or moves of its own: no game (a result written twice?).
    #[error("result `{0}` alone after the game before's, with no tags or moves: not a game (the result written twice?)")]
    ResultAlone(String),
    /// Text after a tag pair on its line, with more tag pairs below it (`[Result "1-0"] junk`,
    /// then `[Black "..."]`): the game's tags and its movetext are mixed; shown as written (cut
    /// after [`MALFORMED_TAG_SHOWN`] characters). Reported for the whole game, which would
    /// otherwise be cut in two at the tag below.
    #[error("`{written}` after a tag pair on its line, with more tag pairs below it")]
    TextAmongTags {
        /// The text from where it starts to the end of its line.
        written: String,
    },
    /// A game section over the reader's size limit.
    #[error("game longer than {max} bytes")]
    GameTooLarge {
        /// The limit.
        max: usize,
    },
    /// Reading the input failed.
    #[error("I/O error: {0}")]
    Io(String),
}

/// A broken game: where, which game, and what.
///
/// ```
/// use scoresheet::pgn::{ErrorKind, Game};
/// let err = Game::read_all(&b"1. e4 (1. d4"[..]).remove(0).unwrap_err();
/// assert_eq!(err.kind, ErrorKind::UnclosedVariation);
/// assert_eq!((err.at.line, err.at.column, err.game), (1, 7, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct PgnError {
    /// The file name, when the reader was told one.
    pub file: Option<Arc<str>>,
    /// The game number, from 1.
    pub game: u64,
    /// Where the problem is.
    pub at: Location,
    /// What it is.
    pub kind: ErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        write!(f, "{}: game {}: {}", self.at, self.game, self.kind)
    }
}

/// Counts characters (not bytes) of UTF-8 text.
fn count_chars(b: &[u8]) -> usize {
    b.iter().filter(|&&c| (c as i8) >= -0x40).count()
}

/// The parsing engine shared by both readers: it walks sections of a text buffer.
#[derive(Debug)]
struct Engine {
    limits: Limits,
    file: Option<Arc<str>>,
    splitter: Splitter,
    /// Absolute offset of buffer index 0.
    base: u64,
    /// Current section (buffer indices) and the parse position within it.
    section: Option<Section>,
    pos: usize,
    line: u32,
    /// Column bookkeeping: the column at buffer index `anchor`.
    anchor: usize,
    anchor_col: u32,
    /// The current section is all ASCII: a column is a byte count, with no characters to
    /// count (one pass over the section instead of one over every gap between tokens, which
    /// was a twentieth of `check`'s instructions on the lichess games).
    ascii: bool,
    games: u64,
    /// Locations of the open `(` of the game being read (reused: no allocation per game).
    open: Vec<Location>,
    /// Absolute offsets of bytes that were not UTF-8 (replaced by U+FFFD in the buffer).
    bad_bytes: std::collections::VecDeque<u64>,
    /// Buffer range and start location of the last game read.
    game_span: (usize, usize),
    game_origin: Location,
    /// Column of buffer index 0 when the input starts in the middle of a line.
    first_column: Option<u32>,
    /// The last game ended with its result token (what follows in the section may be stray).
    after_result: bool,
}

enum Step<T> {
    Game(Result<T, PgnError>),
    NeedMore,
    Done,
}

impl Engine {
    fn new(limits: Limits) -> Self {
        Engine {
            limits,
            file: None,
            splitter: Splitter::new(),
            base: 0,
            section: None,
            pos: 0,
            line: 1,
            anchor: 0,
            anchor_col: 1,
            ascii: false,
            games: 0,
            open: Vec::new(),
            bad_bytes: Default::default(),
            game_span: (0, 0),
            game_origin: Location::default(),
            first_column: None,
            after_result: false,
        }
    }

    fn loc(&mut self, text: &str, i: usize) -> Location {
        if i >= self.anchor {
            let add = match text.as_bytes().get(self.anchor..i) {
                Some(gap) if self.ascii => gap.len(),
                Some(gap) => count_chars(gap),
                None => 0,
            };
            self.anchor_col = self
                .anchor_col
                .saturating_add(u32::try_from(add).unwrap_or(u32::MAX));
            self.anchor = i;
        }
        Location {
            offset: self.base + i as u64,
            line: self.line,
            column: self.anchor_col,
        }
    }

    fn new_line(&mut self, line_start: usize, count: u32) {
        self.line = self.line.saturating_add(count);
        self.anchor = line_start;
        self.anchor_col = 1;
    }

    fn error<T>(&mut self, at: Location, kind: ErrorKind) -> Step<T> {
        Step::Game(Err(PgnError {
            file: self.file.clone(),
            game: self.games,
            at,
            kind,
        }))
    }

    /// Bytes before this buffer index are no longer needed.
    fn keep_from(&self) -> usize {
        match self.section {
            Some(_) => self.anchor.min(self.pos),
            None => self.splitter.section_start(),
        }
    }

    /// The buffer lost its first `n` bytes.
    fn drop_front(&mut self, n: usize) {
        self.base += n as u64;
        self.splitter.drop_front(n);
        if let Some(s) = &mut self.section {
            s.start = s.start.saturating_sub(n);
            s.end = s.end.saturating_sub(n);
        }
        self.pos = self.pos.saturating_sub(n);
        self.anchor = self.anchor.saturating_sub(n);
    }

    fn next<V: Visitor>(&mut self, text: &str, eof: bool, v: &mut V) -> Step<V::Output> {
        loop {
            let sec = match self.section {
                Some(s) if self.pos < s.end => s,
                _ => {
                    let Some(s) = self.splitter.next_section(text.as_bytes(), eof) else {
                        return if eof { Step::Done } else { Step::NeedMore };
                    };
                    self.section = Some(s);
                    self.pos = s.start;
                    self.line = s.line;
                    self.anchor = s.start;
                    self.anchor_col = self.first_column.take().unwrap_or(1);
                    self.ascii = text
                        .as_bytes()
                        .get(s.start..s.end)
                        .is_some_and(<[u8]>::is_ascii);
                    // Bytes that were not UTF-8 make the whole section a broken game.
                    let (lo, hi) = (self.base + s.start as u64, self.base + s.end as u64);
                    while self.bad_bytes.front().is_some_and(|&b| b < lo) {
                        self.bad_bytes.pop_front();
                    }
                    if let Some(&bad) = self.bad_bytes.front().filter(|&&b| b < hi) {
                        self.games += 1;
                        let idx = usize::try_from(bad - self.base).unwrap_or(s.start);
                        // Find the line of the bad byte.
                        let before = text.as_bytes().get(s.start..idx).unwrap_or(&[]);
                        let mut line = s.line;
                        let mut line_start = s.start;
                        for (k, &b) in before.iter().enumerate() {
                            if b == b'\n' || (b == b'\r' && before.get(k + 1) != Some(&b'\n')) {
                                line = line.saturating_add(1);
                                line_start = s.start + k + 1;
                            }
                        }
                        self.line = line;
                        self.anchor = line_start;
                        self.anchor_col = 1;
                        let at = self.loc(text, idx);
                        self.pos = s.end;
                        self.game_span = (s.start, s.end);
                        self.game_origin = Location {
                            offset: self.base + s.start as u64,
                            line: s.line,
                            column: 1,
                        };
                        return self.error(at, ErrorKind::InvalidUtf8);
                    }
                    continue;
                }
            };
            match self.parse_game(text, sec, v) {
                Some(r) => {
                    self.game_span.1 = self.pos;
                    return Step::Game(r);
                }
                None => continue,
            }
        }
    }

    /// Parses one game from `self.pos` within `sec`; `None` if only blanks were left.
    fn parse_game<V: Visitor>(
        &mut self,
        text: &str,
        sec: Section,
        v: &mut V,
    ) -> Option<Result<V::Output, PgnError>> {
        let start = self.pos;
        let src = text.get(start..sec.end).unwrap_or("");
        let mut lex = Token::lexer_with_extras(src, self.limits.lex);
        let mut started = false;
        // For telling stray text after a game from a game: tags or move numbers seen, and
        // where the first token stood.
        let mut tags_or_numbers = false;
        let mut first_at = Location::default();
        let after_result = std::mem::take(&mut self.after_result) && start > sec.start;
        let mut movetext = false;
        // Whether the line so far holds a tag pair, and where the movetext began when every
        // token of it so far stood on such lines (`[Result "1-0"] junk`): a tag pair below it
        // then makes the game's tags and moves mixed, not the next game.
        let mut line_has_tag = false;
        let mut movetext_among_tags: Option<(usize, Location)> = None;
        // An Event tag was read (a second one before movetext starts the next game).
        let mut event = false;
        let mut skip_game = false;
        // Depth at which a skipped variation began.
        let mut skip_from: Option<usize> = None;
        // The game's first move number, its mainline's moves so far, and the line ends since
        // the last token (two: a blank line): the first number again below a blank line is
        // the next game, written without tags or a result.
        let mut first_number: Option<u32> = None;
        // The innermost open variation last asked whether a `)` below closes it, and the answer:
        // asked once per variation, so that many first numbers inside one cost one scan.
        let mut closed_asked: Option<(u64, bool)> = None;
        let mut main_moves = 0u32;
        let mut line_ends = 0u32;
        self.open.clear();
        // Comments standing alone between games (before the next tags or the end: notes such as
        // a rejects file's, on lines of their own; those on a result's line are its game's, see
        // `Token::Result`) belong to no game: pass over them.
        if let Some(target) = stray_comments_end(&lex, src.len()) {
            while lex.span().end < target {
                match lex.next() {
                    Some(Ok(Token::Newline)) => self.new_line(start + lex.span().end, 1),
                    Some(Ok(Token::Comment(c)) | Err(LexError::BraceInComment { span: c, .. }))
                        if c.newlines > 0 =>
                    {
                        let at = start + lex.span().start + c.last_line_start as usize;
                        self.new_line(at, c.newlines);
                    }
                    Some(_) => {}
                    None => break,
                }
            }
        }
        // A syntax error ends this game; reading goes on past its result (`from`: where the
        // error stands, `None` at the section's end).
        let err = |this: &mut Self, at: Location, kind: ErrorKind, from: Option<usize>| {
            this.pos = match from {
                Some(from) => this.resume_after_result(text, from, sec.end),
                None => sec.end,
            };
            Some(Err(PgnError {
                file: this.file.clone(),
                game: this.games,
                at,
                kind,
            }))
        };
        while let Some(tok) = lex.next() {
            let span = lex.span();
            let at_idx = start + span.start;
            match tok {
                Ok(Token::Newline) => {
                    self.new_line(start + span.end, 1);
                    line_ends += 1;
                    line_has_tag = false;
                    continue;
                }
                Ok(Token::Blank | Token::Escape | Token::Delimiter) => continue,
                _ => {}
            }
            let below_blank_line = std::mem::take(&mut line_ends) >= 2;
            if !started {
                started = true;
                self.games += 1;
                let at = self.loc(text, at_idx);
                first_at = at;
                self.game_span.0 = at_idx;
                self.game_origin = at;
                v.begin_game(self.games, at);
            }
            let visible = !skip_game && skip_from.is_none();
            let slice = lex.slice();
            let tok = match tok {
                Ok(t) => t,
                Err(e) => {
                    let at = self.loc(text, at_idx);
                    let kind = match e {
                        LexError::UnexpectedCharacter => {
                            ErrorKind::UnexpectedCharacter(slice.chars().next().unwrap_or('?'))
                        }
                        LexError::UnclosedComment => ErrorKind::UnclosedComment,
                        LexError::BraceInComment { offset, .. } => {
                            let at = self.loc(text, at_idx);
                            let before = slice.get(..offset as usize).unwrap_or(slice);
                            let (lines, line_start) = line_ends_in(before);
                            let line = before.get(line_start..).unwrap_or("");
                            let chars = u32::try_from(line.chars().count()).unwrap_or(u32::MAX);
                            let column = match lines {
                                0 => at.column.saturating_add(chars),
                                _ => chars.saturating_add(1),
                            };
                            ErrorKind::BraceInComment { lines, column }
                        }
                        LexError::CommentTooLong => ErrorKind::CommentTooLong {
                            max: self.limits.lex.max_comment_bytes,
                        },
                        LexError::MalformedTag(why) => ErrorKind::MalformedTag {
                            written: tag_as_written(&text[at_idx..]),
                            why,
                        },
                        LexError::TagTooLong => ErrorKind::TagTooLong {
                            max: self.limits.lex.max_tag_bytes,
                        },
                        LexError::MisplacedEscape => ErrorKind::MisplacedEscape,
                    };
                    if after_result && !tags_or_numbers {
                        return err(self, first_at, ErrorKind::StrayText, Some(at_idx));
                    }
                    let rest = text.get(at_idx..sec.end).unwrap_or("");
                    if kind == ErrorKind::UnclosedComment
                        && memchr::memchr(b'}', rest.as_bytes()).is_none()
                    {
                        // No `}` below closes it: the games below are no comment. Reading goes
                        // on where the next game starts below a blank line (see
                        // `after_unclosed_comment`), not past the next result, which may be
                        // theirs.
                        let resume = at_idx + after_unclosed_comment(rest, first_number);
                        let (lines, last_start) =
                            line_ends_in(rest.get(..resume - at_idx).unwrap_or(""));
                        if lines > 0 {
                            self.new_line(at_idx + last_start, lines);
                        }
                        self.pos = resume;
                        return Some(Err(PgnError {
                            file: self.file.clone(),
                            game: self.games,
                            at,
                            kind,
                        }));
                    }
                    // A malformed tag's words are not movetext: a result in it (`[Result *]`)
                    // ends no game. Reading goes on past the result after its line.
                    let from = match kind {
                        ErrorKind::MalformedTag { .. } => {
                            at_idx
                                + memchr::memchr2(b'\n', b'\r', rest.as_bytes())
                                    .unwrap_or(rest.len())
                        }
                        _ => at_idx,
                    };
                    return err(self, at, kind, Some(from));
                }
            };
            match tok {
                Token::Tag(_) => line_has_tag = true,
                _ if !movetext && line_has_tag => {
                    movetext_among_tags = Some((at_idx, self.loc(text, at_idx)));
                }
                _ if !line_has_tag => movetext_among_tags = None,
                _ => {}
            }
            if !movetext && !matches!(tok, Token::Tag(_)) {
                movetext = true;
                if v.end_tags().is_break() {
                    skip_game = true;
                }
            }
            match tok {
                Token::Newline | Token::Blank | Token::Escape | Token::Delimiter => {}
                Token::Tag(t) => {
                    tags_or_numbers = true;
                    let name = slice
                        .get(t.name.0 as usize..t.name.1 as usize)
                        .unwrap_or("");
                    if movetext {
                        // Text after a tag pair on its line, and this tag below it: one game
                        // whose tags and moves are mixed (an `[Event` line still starts the
                        // next game).
                        if let Some((from, at)) = movetext_among_tags.filter(|_| name != "Event") {
                            let written = tag_as_written(&text[from..]);
                            return err(
                                self,
                                at,
                                ErrorKind::TextAmongTags { written },
                                Some(at_idx),
                            );
                        }
                        // The next game's tags: this game ends without a result.
                        self.pos = at_idx;
                        return Some(Ok(v.end_game()));
                    }
                    if name == "Event" {
                        if event {
                            // A second Event tag before any movetext: the game before it has
                            // tags only (no moves, no result); the tags below are the next
                            // game's.
                            self.pos = at_idx;
                            let _ = v.end_tags();
                            return Some(Ok(v.end_game()));
                        }
                        event = true;
                    }
                    let at = self.loc(text, at_idx);
                    let value = slice
                        .get(t.value.0 as usize..t.value.1 as usize)
                        .unwrap_or("");
                    v.tag(name, TagValue(value), at);
                }
                Token::Comment(c) => {
                    let at = self.loc(text, at_idx);
                    if visible {
                        let body = slice.get(1..slice.len().saturating_sub(1)).unwrap_or("");
                        v.comment(body, at);
                    }
                    if c.newlines > 0 {
                        self.new_line(at_idx + c.last_line_start as usize, c.newlines);
                    }
                }
                Token::LineComment => {
                    let at = self.loc(text, at_idx);
                    if slice.len() > self.limits.lex.max_comment_bytes {
                        let max = self.limits.lex.max_comment_bytes;
                        return err(self, at, ErrorKind::CommentTooLong { max }, Some(at_idx));
                    }
                    if visible {
                        v.comment(slice.get(1..).unwrap_or(""), at);
                    }
                }
                Token::Nag => {
                    let at = self.loc(text, at_idx);
                    match slice.get(1..).and_then(|n| n.parse::<u8>().ok()) {
                        Some(n) => {
                            if visible {
                                v.nag(n, at)
                            }
                        }
                        None => return err(self, at, ErrorKind::InvalidNag, Some(at_idx)),
                    }
                }
                Token::Glyph => {
                    if visible {
                        if let Some(n) = super::lexer::glyph_nag(slice) {
                            let at = self.loc(text, at_idx);
                            v.nag(n, at);
                        }
                    }
                }
                Token::Open => {
                    let at = self.loc(text, at_idx);
                    if self.open.len() >= self.limits.max_depth {
                        let max = self.limits.max_depth;
                        return err(self, at, ErrorKind::TooDeep { max }, Some(at_idx));
                    }
                    self.open.push(at);
                    if visible && v.begin_variation(at).is_break() {
                        skip_from = Some(self.open.len());
                    }
                }
                Token::Close => {
                    let at = self.loc(text, at_idx);
                    if self.open.pop().is_none() {
                        return err(self, at, ErrorKind::UnmatchedClose, Some(at_idx));
                    }
                    if skip_from.is_some_and(|d| d > self.open.len()) {
                        skip_from = None;
                    } else if visible {
                        v.end_variation(at);
                    }
                }
                Token::MoveNumber => {
                    tags_or_numbers = true;
                    let number = move_number_value(slice);
                    // The game's first number again below a blank line, inside a variation
                    // that no `)` below closes: the variation was never closed, and the next
                    // game (written without tags) starts here.
                    if let (Some(&open_at), Some(first), Some(n)) =
                        (self.open.last(), first_number, number)
                    {
                        let mut unclosed = || match closed_asked {
                            Some((asked, closed)) if asked == open_at.offset => !closed,
                            _ => {
                                let closed = closed_below(&lex, self.open.len());
                                closed_asked = Some((open_at.offset, closed));
                                !closed
                            }
                        };
                        if n == first && main_moves >= 2 && below_blank_line && unclosed() {
                            self.pos = at_idx;
                            return Some(Err(PgnError {
                                file: self.file.clone(),
                                game: self.games,
                                at: open_at,
                                kind: ErrorKind::UnclosedVariation,
                            }));
                        }
                    }
                    if self.open.is_empty() {
                        match (first_number, number) {
                            (None, Some(n)) => first_number = Some(n),
                            (Some(first), Some(n))
                                if n == first && main_moves >= 2 && below_blank_line =>
                            {
                                self.pos = at_idx;
                                return Some(Ok(v.end_game()));
                            }
                            _ => {}
                        }
                    }
                    if let (true, Some(number)) = (visible, number) {
                        v.move_number(number);
                    }
                }
                Token::Dots => {}
                Token::EnPassant => {
                    if visible {
                        let at = self.loc(text, at_idx);
                        v.en_passant_mark(at);
                    }
                }
                Token::Move => {
                    if slice.len() > self.limits.max_token_bytes {
                        let at = self.loc(text, at_idx);
                        let max = self.limits.max_token_bytes;
                        return err(self, at, ErrorKind::TokenTooLong { max }, Some(at_idx));
                    }
                    if self.open.is_empty() {
                        main_moves += 1;
                    }
                    if visible {
                        let at = self.loc(text, at_idx);
                        v.san(slice, at);
                    }
                }
                Token::Result => {
                    // A result alone right after the game before's (`1-0 1-0`, or `1-0` on a
                    // line of its own below it), with no tags or moves of its own, is no game:
                    // it is reported, not read as a game of no moves with that result.
                    if after_result && !tags_or_numbers && at_idx == self.game_span.0 {
                        self.pos = start + span.end;
                        self.after_result = true;
                        let at = self.loc(text, at_idx);
                        return Some(Err(PgnError {
                            file: self.file.clone(),
                            game: self.games,
                            at,
                            kind: ErrorKind::ResultAlone(slice.to_owned()),
                        }));
                    }
                    // A result inside a variation is ignored; at the top it ends the game.
                    if self.open.is_empty() {
                        if !skip_game {
                            if let Some(o) = Outcome::from_token(slice) {
                                let at = self.loc(text, at_idx);
                                v.outcome(o, at);
                            }
                        }
                        self.pos = start + span.end;
                        // Comments on the result's line, with nothing but comments after them
                        // before the next game's tags (or the end), are this game's last words
                        // (`1-0 {lost on time}`); comments on lines of their own below it are
                        // passed over, as notes between games.
                        if stray_comments_end(&lex, src.len()).is_some() {
                            let mut probe = lex.clone();
                            while let Some(Ok(tok)) = probe.next() {
                                match tok {
                                    Token::Blank | Token::Delimiter => {}
                                    Token::Comment(_) | Token::LineComment => {
                                        let idx = start + probe.span().start;
                                        let at = self.loc(text, idx);
                                        // Inside the braces, or after the `;`.
                                        let slice = probe.slice();
                                        let end = match tok {
                                            Token::Comment(_) => slice.len().saturating_sub(1),
                                            _ => slice.len(),
                                        };
                                        if !skip_game {
                                            v.comment(slice.get(1..end).unwrap_or(""), at);
                                        }
                                        if let Token::Comment(c) = tok {
                                            if c.newlines > 0 {
                                                let line = idx + c.last_line_start as usize;
                                                self.new_line(line, c.newlines);
                                            }
                                        }
                                    }
                                    _ => break,
                                }
                                lex = probe.clone();
                            }
                            self.pos = start + lex.span().end;
                        }
                        self.after_result = true;
                        return Some(Ok(v.end_game()));
                    }
                }
            }
        }
        self.pos = sec.end;
        if !started {
            return None;
        }
        if let Some(&at) = self.open.last() {
            return err(self, at, ErrorKind::UnclosedVariation, None);
        }
        // Words after a finished game, with no tags, move numbers or result: not a game.
        if after_result && !tags_or_numbers {
            return err(self, first_at, ErrorKind::StrayText, None);
        }
        Some(Ok(v.end_game()))
    }
}

impl Engine {
    /// Where reading goes on after a syntax error at `from` (an offset into `text`): just past
    /// the next result before `end` (a section without tags holds several games, each ended by
    /// its result, and one broken game must not take the games after it along), or `end`. The
    /// lines passed over are counted.
    fn resume_after_result(&mut self, text: &str, from: usize, end: usize) -> usize {
        let src = text.get(from..end).unwrap_or("");
        let mut lex = Token::lexer_with_extras(src, self.limits.lex);
        while let Some(tok) = lex.next() {
            let span = lex.span();
            match tok {
                Ok(Token::Newline) => self.new_line(from + span.end, 1),
                // A comment with a `{` in it too: the token runs to its `}`, over its lines.
                Ok(Token::Comment(c)) | Err(LexError::BraceInComment { span: c, .. })
                    if c.newlines > 0 =>
                {
                    self.new_line(from + span.start + c.last_line_start as usize, c.newlines);
                }
                Ok(Token::Result) => {
                    self.after_result = true;
                    return from + span.end;
                }
                Err(LexError::UnclosedComment) => break,
                _ => {}
            }
        }
        end
    }
}

/// Where reading goes on after a brace comment that no `}` closes, `rest` starting at its `{`:
/// at the first line below a blank line that starts a game (a tag line, or the game's first move
/// number `first` followed by a dot, any number where the game had none yet), or at the end of
/// `rest`. The comment's own line, and the lines of its paragraph, are passed over.
///
/// ```text
/// 1. e4 e5 2. Nf3 {never closed      <- error here
///                                    <- blank line
/// 1. d4 d5 *                         <- the next game starts here
/// ```
fn after_unclosed_comment(rest: &str, first: Option<u32>) -> usize {
    let mut blank_above = false;
    let mut at = 0;
    for (k, line) in lines_with_ends(rest).enumerate() {
        let line_text = line.trim_ascii_start();
        if k > 0 && blank_above && starts_a_game(line_text, first) {
            return at;
        }
        blank_above = line_text.is_empty();
        at += line.len();
    }
    rest.len()
}

/// Whether `line` (leading blanks dropped) starts a game after a comment never closed: a tag
/// line (a name and a quoted value, as the lexer tells one: not a `[%clk 0:01:00]` command of
/// the comment), or a move number (`first`, where the game had one) followed by a dot.
fn starts_a_game(line: &str, first: Option<u32>) -> bool {
    if super::lexer::looks_like_tag_line(line.as_bytes()) {
        return true;
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || line.as_bytes().get(digits) != Some(&b'.') {
        return false;
    }
    match first {
        Some(n) => move_number_value(line) == Some(n),
        None => true,
    }
}

/// The line ends in `text` (as the reader counts them, [`lines_with_ends`]) and where the line
/// after the last starts.
pub(crate) fn line_ends_in(text: &str) -> (u32, usize) {
    let (mut count, mut at, mut last_start) = (0u32, 0, 0);
    for line in lines_with_ends(text) {
        at += line.len();
        if line.ends_with(['\n', '\r']) {
            count = count.saturating_add(1);
            last_start = at;
        }
    }
    (count, last_start)
}

/// Whether the tokens after `lex`'s place close the `open` variations around it (a rare
/// question: asked only where a game's first move number comes again below a blank line inside
/// a variation, once per variation).
fn closed_below(lex: &logos::Lexer<'_, Token>, open: usize) -> bool {
    let mut depth = open;
    for tok in lex.clone() {
        match tok {
            Ok(Token::Open) => depth += 1,
            Ok(Token::Close) => {
                depth -= 1;
                if depth == 0 {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// The value of a move number token (`12.`, `12...`, `12…`): its leading digits; `None` for
/// one too long for a `u32`, which is no move number anyone wrote (passed over). A loop over the
/// digits: the bulk reader meets one in every two moves.
fn move_number_value(token: &str) -> Option<u32> {
    let mut value: u32 = 0;
    for &b in token.as_bytes() {
        if !b.is_ascii_digit() {
            break;
        }
        value = value.checked_mul(10)?.checked_add(u32::from(b - b'0'))?;
    }
    Some(value)
}

/// A character for an error message: as it is where it prints, else its code point
/// (`'\'`, `U+007F`).
/// How many characters of a malformed tag line an error shows.
pub const MALFORMED_TAG_SHOWN: usize = 40;

/// The line from a malformed tag's `[`, as written, for an error message: control characters
/// shown as `?`, cut after [`MALFORMED_TAG_SHOWN`] characters with `…`.
fn tag_as_written(rest: &str) -> String {
    let line = rest.split(['\n', '\r']).next().unwrap_or("").trim_end();
    let mut shown: String = line
        .chars()
        .take(MALFORMED_TAG_SHOWN)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if line.chars().nth(MALFORMED_TAG_SHOWN).is_some() {
        shown.push('…');
    }
    shown
}

/// `N lines below, ` for a place `n` lines below another (nothing on the same line).
fn lines_below(n: u32) -> String {
    match n {
        0 => String::new(),
        1 => "1 line below, ".to_owned(),
        n => format!("{n} lines below, "),
    }
}

fn shown(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("'{c}'")
    }
}

/// Where the comments standing alone from `lex`'s position end: the offset in its source of
/// the next tag, or `len` (the end), when at least one comment and nothing but comments and
/// blank space come first.
fn stray_comments_end(lex: &logos::Lexer<'_, Token>, len: usize) -> Option<usize> {
    let mut probe = lex.clone();
    let mut saw_comment = false;
    loop {
        match probe.next() {
            None => return saw_comment.then_some(len),
            Some(Ok(Token::Tag(_))) => return saw_comment.then_some(probe.span().start),
            // A `{` inside is harmless here, where no moves can be lost in it (a rejects file
            // of an older version quotes a message with one).
            Some(Ok(Token::Comment(_) | Token::LineComment))
            | Some(Err(LexError::BraceInComment { .. })) => saw_comment = true,
            Some(Ok(Token::Newline | Token::Blank | Token::Escape | Token::Delimiter)) => {}
            _ => return None,
        }
    }
}

/// Decodes `bytes` as UTF-8, replacing what is not UTF-8 by U+FFFD and noting where that was
/// (offsets in the returned text, from `base`).
fn utf8_lossy<'a>(
    bytes: &'a [u8],
    base: u64,
    bad: &mut std::collections::VecDeque<u64>,
) -> Cow<'a, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => {
            let mut out = String::with_capacity(bytes.len() + 16);
            for chunk in bytes.utf8_chunks() {
                out.push_str(chunk.valid());
                if !chunk.invalid().is_empty() {
                    bad.push_back(base + out.len() as u64);
                    out.push(char::REPLACEMENT_CHARACTER);
                }
            }
            Cow::Owned(out)
        }
    }
}

/// The fast path: reads games from a byte slice (a file read whole, a memory map).
///
/// The bytes should be UTF-8 (see [`crate::encoding::decode`] for anything else); a leading BOM
/// is skipped. Games containing bytes that are not UTF-8 are reported as
/// [`ErrorKind::InvalidUtf8`], the others are read normally.
///
/// ```
/// use scoresheet::pgn::{Game, SliceReader};
/// let mut r = SliceReader::new(b"1. e4 e5 1-0 1. d4 d5 0-1");
/// let mut b = scoresheet::pgn::game::GameBuilder::default();
/// let g1 = r.read_game(&mut b).unwrap().unwrap();
/// let g2 = r.read_game(&mut b).unwrap().unwrap();
/// assert_eq!(g2.mainline.moves[0].san, "d4");
/// assert!(r.read_game(&mut b).is_none());
/// assert_eq!(r.games_read(), 2);
/// # let _ = g1;
/// ```
#[derive(Debug)]
pub struct SliceReader<'a> {
    text: Cow<'a, str>,
    engine: Engine,
}

impl<'a> SliceReader<'a> {
    /// A reader over `bytes` with the default [`Limits`].
    ///
    /// ```
    /// let r = scoresheet::pgn::SliceReader::new(b"");
    /// assert_eq!(r.games_read(), 0);
    /// ```
    pub fn new(bytes: &'a [u8]) -> Self {
        Self::with_limits(bytes, Limits::default())
    }

    /// A reader over `bytes` with the given limits.
    ///
    /// ```
    /// use scoresheet::pgn::{Limits, SliceReader};
    /// let r = SliceReader::with_limits(b"", Limits { max_depth: 4, ..Limits::default() });
    /// # let _ = r;
    /// ```
    pub fn with_limits(bytes: &'a [u8], limits: Limits) -> Self {
        let (bytes, base) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => (rest, 3),
            None => (bytes, 0),
        };
        let mut engine = Engine::new(limits);
        engine.base = base;
        let text = utf8_lossy(bytes, base, &mut engine.bad_bytes);
        SliceReader { text, engine }
    }

    /// A reader over text cut out of a larger input: `origin` is where `bytes` starts there
    /// (offset, line, column) and `game` the number of its first game, so locations and game
    /// numbers are those of the larger input. Used to read one game again (see
    /// [`last_game`](Self::last_game)).
    ///
    /// ```
    /// use scoresheet::pgn::{game::GameBuilder, Limits, Location, SliceReader};
    /// let all = b"1. e4 e5 *\n1. d4 {oops";
    /// let mut r = SliceReader::new(all);
    /// let mut b = GameBuilder::default();
    /// r.read_game(&mut b);
    /// let err = r.read_game(&mut b).unwrap().unwrap_err();
    /// let (text, origin) = r.last_game().unwrap();
    /// assert_eq!(text, "1. d4 {oops");
    /// let mut again = SliceReader::with_origin(text.as_bytes(), Limits::default(), origin, 2);
    /// assert_eq!(again.read_game(&mut b).unwrap().unwrap_err(), err);
    /// ```
    pub fn with_origin(bytes: &'a [u8], limits: Limits, origin: Location, game: u64) -> Self {
        let mut engine = Engine::new(limits);
        engine.base = origin.offset;
        engine.games = game.saturating_sub(1);
        engine.first_column = Some(origin.column.max(1));
        engine.splitter = Splitter::starting_at_line(origin.line.max(1));
        let text = utf8_lossy(bytes, origin.offset, &mut engine.bad_bytes);
        SliceReader { text, engine }
    }

    /// The text of the last game read (broken or not) and where it starts.
    ///
    /// ```
    /// use scoresheet::pgn::SliceReader;
    /// let mut r = SliceReader::new(b"[Event \"x\"]\n1. e4 *\n");
    /// r.read_game(&mut scoresheet::pgn::game::GameBuilder::default());
    /// let (text, at) = r.last_game().unwrap();
    /// assert_eq!((text, at.line), ("[Event \"x\"]\n1. e4 *", 1));
    /// ```
    pub fn last_game(&self) -> Option<(&str, Location)> {
        let (a, b) = self.engine.game_span;
        if self.engine.games == 0 || b <= a {
            return None;
        }
        self.text
            .get(a..b)
            .map(|t| (t.trim_end(), self.engine.game_origin))
    }

    /// Names the input in error messages.
    ///
    /// ```
    /// use scoresheet::pgn::SliceReader;
    /// let mut r = SliceReader::new(b"1. e4 {").with_file_name("a.pgn");
    /// let mut b = scoresheet::pgn::game::GameBuilder::default();
    /// let e = r.read_game(&mut b).unwrap().unwrap_err();
    /// assert!(e.to_string().starts_with("a.pgn:1:7: game 1:"));
    /// ```
    pub fn with_file_name(mut self, name: impl Into<Arc<str>>) -> Self {
        self.engine.file = Some(name.into());
        self
    }

    /// Reads the next game into `visitor`: `None` at the end of input, `Some(Err(_))` for a
    /// broken game (reading goes on with the next one).
    ///
    /// ```
    /// use scoresheet::pgn::SliceReader;
    /// let mut r = SliceReader::new(b"");
    /// assert!(r.read_game(&mut scoresheet::pgn::game::GameBuilder::default()).is_none());
    /// ```
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PgnError>> {
        match self.engine.next(&self.text, true, visitor) {
            Step::Game(r) => Some(r),
            Step::NeedMore | Step::Done => None,
        }
    }

    /// How many games (broken ones included) were started so far.
    ///
    /// ```
    /// assert_eq!(scoresheet::pgn::SliceReader::new(b"e4").games_read(), 0);
    /// ```
    pub fn games_read(&self) -> u64 {
        self.engine.games
    }
}

/// The streaming reader: reads games from any [`Read`], holding one game section in memory at a
/// time (up to [`Limits::max_game_bytes`]).
///
/// Expects UTF-8 (a leading BOM is skipped); wrap other encodings with
/// [`crate::encoding::DecodingReader`].
///
/// ```
/// use scoresheet::pgn::Reader;
/// use scoresheet::pgn::game::GameBuilder;
/// let data = "[Event \"Praha\"]\n\n1. e4 e5 1-0\n".as_bytes();
/// let mut r = Reader::new(data);
/// let g = r.read_game(&mut GameBuilder::default()).unwrap().unwrap();
/// assert_eq!(g.tag("Event"), Some("Praha"));
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    inner: R,
    /// Decoded text; bytes before the current section are dropped as reading goes on.
    text: String,
    /// Raw bytes read but not yet decoded (an incomplete character at the end).
    pending: Vec<u8>,
    eof: bool,
    started: bool,
    /// Set while skipping an oversized section.
    discarding: bool,
    /// Set once reading failed: the error was the last game.
    failed: bool,
    engine: Engine,
    chunk: Vec<u8>,
}

impl<R: Read> Reader<R> {
    /// A reader with the default [`Limits`].
    ///
    /// ```
    /// let r = scoresheet::pgn::Reader::new(std::io::empty());
    /// assert_eq!(r.games_read(), 0);
    /// ```
    pub fn new(inner: R) -> Self {
        Self::with_limits(inner, Limits::default())
    }

    /// A reader with the given limits.
    ///
    /// ```
    /// use scoresheet::pgn::{Limits, Reader};
    /// let r = Reader::with_limits(std::io::empty(), Limits::default());
    /// # let _ = r;
    /// ```
    pub fn with_limits(inner: R, limits: Limits) -> Self {
        Reader {
            inner,
            text: String::new(),
            pending: Vec::new(),
            eof: false,
            started: false,
            discarding: false,
            failed: false,
            engine: Engine::new(limits),
            chunk: vec![0; 1 << 16],
        }
    }

    /// Names the input in error messages.
    ///
    /// ```
    /// let r = scoresheet::pgn::Reader::new(std::io::empty()).with_file_name("-");
    /// # let _ = r;
    /// ```
    pub fn with_file_name(mut self, name: impl Into<Arc<str>>) -> Self {
        self.engine.file = Some(name.into());
        self
    }

    /// How many games (broken ones included) were started so far.
    ///
    /// ```
    /// assert_eq!(scoresheet::pgn::Reader::new(std::io::empty()).games_read(), 0);
    /// ```
    pub fn games_read(&self) -> u64 {
        self.engine.games
    }

    /// Reads more input into the text buffer; false at the end of input.
    fn fill(&mut self) -> Result<bool, std::io::Error> {
        // Drop what is no longer needed first, so the buffer holds about one game.
        let keep = self.engine.keep_from();
        if keep > 0 && keep >= self.text.len() / 2 {
            self.text.drain(..keep);
            self.engine.drop_front(keep);
        }
        let n = loop {
            match self.inner.read(&mut self.chunk) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if n == 0 {
            self.eof = true;
            if !self.pending.is_empty() {
                let base = self.engine.base + self.text.len() as u64;
                let pending = std::mem::take(&mut self.pending);
                let s = utf8_lossy(&pending, base, &mut self.engine.bad_bytes);
                self.text.push_str(&s);
            }
            return Ok(false);
        }
        let mut data = self.chunk.get(..n).unwrap_or(&[]);
        if !self.started {
            self.started = true;
            if let Some(rest) = data.strip_prefix(b"\xEF\xBB\xBF") {
                data = rest;
                self.engine.base = 3;
            }
        }
        self.pending.extend_from_slice(data);
        // Keep an incomplete character at the end for the next read.
        let valid = incomplete_tail_start(&self.pending);
        let base = self.engine.base + self.text.len() as u64;
        let s = utf8_lossy(&self.pending[..valid], base, &mut self.engine.bad_bytes);
        self.text.push_str(&s);
        self.pending.drain(..valid);
        Ok(true)
    }

    /// Reads the next game into `visitor`: `None` at the end of input, `Some(Err(_))` for a
    /// broken game (reading goes on with the next game) or an I/O error, which stands for the
    /// game it broke into and is the last game read.
    ///
    /// ```
    /// use scoresheet::pgn::{ErrorKind, Reader};
    /// use scoresheet::pgn::game::GameBuilder;
    /// let mut r = Reader::new(&b"1. e4 ) e5 *\n[Event \"2\"]\n1. d4 *"[..]);
    /// let mut b = GameBuilder::default();
    /// assert_eq!(r.read_game(&mut b).unwrap().unwrap_err().kind, ErrorKind::UnmatchedClose);
    /// assert_eq!(r.read_game(&mut b).unwrap().unwrap().tag("Event"), Some("2"));
    /// ```
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PgnError>> {
        if self.failed {
            return None;
        }
        loop {
            if self.discarding {
                // Skip the oversized section: let the splitter find its end, dropping the text.
                match self
                    .engine
                    .splitter
                    .next_section(self.text.as_bytes(), self.eof)
                {
                    Some(_) => {
                        self.discarding = false;
                        continue;
                    }
                    None if self.eof => return None,
                    None => {
                        let scanned = self.engine.splitter.scanned();
                        self.text.drain(..scanned);
                        self.engine.drop_front(scanned);
                    }
                }
            } else {
                match self.engine.next(&self.text, self.eof, visitor) {
                    Step::Game(r) => return Some(r),
                    Step::Done => return None,
                    Step::NeedMore => {
                        let held = self.text.len() - self.engine.splitter.section_start();
                        if held > self.engine.limits.max_game_bytes {
                            self.engine.games += 1;
                            let line = self.engine.splitter_line();
                            let at = Location {
                                offset: self.engine.base
                                    + self.engine.splitter.section_start() as u64,
                                line,
                                column: 1,
                            };
                            self.discarding = true;
                            let max = self.engine.limits.max_game_bytes;
                            return Some(Err(PgnError {
                                file: self.engine.file.clone(),
                                game: self.engine.games,
                                at,
                                kind: ErrorKind::GameTooLarge { max },
                            }));
                        }
                    }
                }
            }
            if self.eof {
                continue;
            }
            if let Err(e) = self.fill() {
                // The error stands for the game it broke into: what was read of it is not
                // read as a game of its own, which it is not.
                self.eof = true;
                self.failed = true;
                self.engine.games += 1;
                return Some(Err(PgnError {
                    file: self.engine.file.clone(),
                    game: self.engine.games,
                    at: Location {
                        offset: self.engine.base + self.text.len() as u64,
                        line: self.engine.line,
                        column: 1,
                    },
                    kind: ErrorKind::Io(e.to_string()),
                }));
            }
        }
    }
}

impl Engine {
    fn splitter_line(&self) -> u32 {
        self.splitter.section_line()
    }
}

/// Where a UTF-8 sequence that the end of `bytes` cuts short begins (`bytes.len()` if none).
fn incomplete_tail_start(bytes: &[u8]) -> usize {
    let len = bytes.len();
    for back in 1..=3.min(len) {
        let i = len - back;
        let b = bytes[i];
        if b & 0xC0 == 0x80 {
            continue;
        }
        let need = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        return if need > back { i } else { len };
    }
    len
}

#[cfg(test)]
mod tests {
    use super::{ErrorKind, Reader};
    use crate::pgn::game::GameBuilder;
    use crate::pgn::Game;

    /// Columns count characters, in a game with letters beyond ASCII and in one without.
    #[test]
    fn columns_count_characters_whether_or_not_the_game_is_ascii() {
        let text = "[Event \"Příbram\"]\n\n1. e4 {½ Čáslav} e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. e4 {ok} e5 2. Nf3 *\n";
        let games: Vec<Game> = Game::read_all(text.as_bytes())
            .into_iter()
            .flatten()
            .collect();
        let columns = |g: &Game| -> Vec<(u32, u32)> {
            g.mainline
                .moves
                .iter()
                .map(|m| (m.at.line, m.at.column))
                .collect()
        };
        assert_eq!(columns(&games[0]), [(3, 4), (3, 18), (3, 24)]);
        assert_eq!(columns(&games[1]), [(7, 4), (7, 12), (7, 18)]);
    }

    /// Gives its bytes, then fails as a corrupt compressed stream does.
    struct BreaksOff<'a>(&'a [u8]);

    impl std::io::Read for BreaksOff<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "corrupt stream",
                ));
            }
            self.0.read(buf)
        }
    }

    #[test]
    fn an_input_that_breaks_off_ends_with_the_error_in_place_of_the_game_it_broke_into() {
        let text = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2.";
        let mut r = Reader::new(BreaksOff(text));
        let mut b = GameBuilder::default();
        let first = r.read_game(&mut b).unwrap().unwrap();
        assert_eq!(first.tag("Event"), Some("a"));
        let broken = r.read_game(&mut b).unwrap().unwrap_err();
        assert!(matches!(broken.kind, ErrorKind::Io(_)), "{broken}");
        assert_eq!(broken.game, 2);
        // What was read of game b is not a game of its own.
        assert!(r.read_game(&mut b).is_none());
        assert_eq!(r.games_read(), 2);
    }
}
