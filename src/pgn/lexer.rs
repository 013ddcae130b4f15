//! The PGN lexer: turns decoded text into tokens of the PGN import format.
//!
//! Built with [`logos`]: one deterministic automaton, no backtracking, so lexing is linear in the
//! input. Tag pairs, brace comments and `%` escape lines are scanned by small hand-written
//! callbacks (memchr for the closing brace) because their leniency rules (unclosed quotes,
//! unclosed braces) are easier to state in code than in a regular expression.
//!
//! The lexer knows nothing about games: the [reader](super::reader) decides what a token means
//! where it stands. Tokens carry no allocation; their text is a slice of the input
//! ([`logos::Lexer::slice`]).
//!
//! ```
//! use logos::Logos;
//! use scoresheet::pgn::lexer::Token;
//!
//! let mut lex = Token::lexer("12... Jxe4!? {good} 1–0");
//! assert_eq!(lex.next(), Some(Ok(Token::MoveNumber)));
//! assert_eq!(lex.next(), Some(Ok(Token::Move)));
//! assert_eq!(lex.slice(), "Jxe4");
//! assert_eq!(lex.next(), Some(Ok(Token::Glyph)));
//! assert!(matches!(lex.next(), Some(Ok(Token::Comment(_)))));
//! assert_eq!(lex.next(), Some(Ok(Token::Result)));
//! ```

use logos::{Lexer, Logos};
use memchr::{memchr, memchr2, memchr3};

/// Limits the lexer enforces while scanning long tokens (carried as the lexer's extras).
///
/// ```
/// use scoresheet::pgn::lexer::LexLimits;
/// assert!(LexLimits::default().max_comment_bytes >= 64 * 1024);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LexLimits {
    /// Longest brace or line comment, in bytes.
    pub max_comment_bytes: usize,
    /// Longest tag pair (`[Name "value"]`), in bytes.
    pub max_tag_bytes: usize,
}

impl Default for LexLimits {
    fn default() -> Self {
        LexLimits {
            max_comment_bytes: 1 << 20,
            max_tag_bytes: 64 * 1024,
        }
    }
}

/// Why a piece of input is not a token.
///
/// ```
/// use logos::Logos;
/// use scoresheet::pgn::lexer::{LexError, Token};
/// let mut lex = Token::lexer("{never closed");
/// assert_eq!(lex.next(), Some(Err(LexError::UnclosedComment)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LexError {
    /// A character that starts no PGN token.
    #[default]
    UnexpectedCharacter,
    /// A `{` whose `}` never comes (before the end of input or the next game's tag line).
    UnclosedComment,
    /// A `{` comment with another `{` in it before its `}`: brace comments do not nest (PGN
    /// 5), so the first one's `}` was most likely left out, and the moves written between the
    /// two would be read as its text. The token runs to the `}`; `offset` is the second `{`'s,
    /// in bytes from the token's start, and `span` the lines the token spans, as a comment's.
    ///
    /// ```
    /// use logos::Logos;
    /// use scoresheet::pgn::lexer::{LexError, Token};
    /// let mut lex = Token::lexer("{good e5\n2. Nf3 {nice} Nc6");
    /// let Some(Err(LexError::BraceInComment { offset, span })) = lex.next() else { panic!() };
    /// assert_eq!((offset, span.newlines), (16, 1));
    /// assert_eq!(lex.slice(), "{good e5\n2. Nf3 {nice}");
    /// ```
    BraceInComment {
        /// Where the second `{` stands, in bytes from the first.
        offset: u32,
        /// The lines the token spans.
        span: CommentSpan,
    },
    /// A comment longer than [`LexLimits::max_comment_bytes`].
    CommentTooLong,
    /// A `[` that does not start a tag pair `[Name "value"]`, and what is wrong with it.
    MalformedTag(TagFault),
    /// A tag pair longer than [`LexLimits::max_tag_bytes`].
    TagTooLong,
    /// A `%` that is not the first character of a line.
    MisplacedEscape,
}

/// What is wrong with a `[` that does not start a tag pair.
///
/// ```
/// use logos::Logos;
/// use scoresheet::pgn::lexer::{LexError, TagFault, Token};
/// let mut lex = Token::lexer("[Site Prague]");
/// assert_eq!(lex.next(), Some(Err(LexError::MalformedTag(TagFault::ValueNotQuoted))));
/// assert_eq!(TagFault::ValueNotQuoted.to_string(), "the value is not in double quotes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TagFault {
    /// No tag name after the `[` (`[ "x"]`, `[1. e4`).
    #[error("no tag name after `[`")]
    NoName,
    /// The name is not followed by a value in double quotes (`[Site Prague]`).
    #[error("the value is not in double quotes")]
    ValueNotQuoted,
    /// The value's quote is never closed, and no `]` ends the tag on its line.
    #[error("no `]` closes it on its line")]
    NotClosed,
}

/// Where the name and the (still escaped) value of a tag pair lie, relative to the `[`.
///
/// ```
/// use logos::Logos;
/// use scoresheet::pgn::lexer::Token;
/// let mut lex = Token::lexer(r#"[White "Tal, M."]"#);
/// let Some(Ok(Token::Tag(t))) = lex.next() else { panic!() };
/// assert_eq!(&lex.slice()[t.name.0 as usize..t.name.1 as usize], "White");
/// assert_eq!(&lex.slice()[t.value.0 as usize..t.value.1 as usize], "Tal, M.");
/// assert!(t.closed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagSpan {
    /// Byte range of the name within the token.
    pub name: (u32, u32),
    /// Byte range of the raw value (escapes not yet resolved) within the token.
    pub value: (u32, u32),
    /// False when the closing quote was missing and the value was cut at the `]`.
    pub closed: bool,
}

/// Where the text of a comment lies, relative to the token start.
///
/// ```
/// use logos::Logos;
/// use scoresheet::pgn::lexer::Token;
/// let mut lex = Token::lexer("{ a\nb }");
/// let Some(Ok(Token::Comment(c))) = lex.next() else { panic!() };
/// assert_eq!(c.newlines, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommentSpan {
    /// Number of line ends inside the comment (CRLF counts once).
    pub newlines: u32,
    /// Byte offset, relative to the token start, just after the last line end inside the
    /// comment (0 when there is none): where the line the comment ends on begins.
    pub last_line_start: u32,
}

/// A PGN token. Its text is [`Lexer::slice`].
///
/// ```
/// use logos::Logos;
/// use scoresheet::pgn::lexer::Token;
/// let kinds: Vec<_> = Token::lexer("1.e4 e5 (1...c5) $1 ½-½").map(|t| t.unwrap()).collect();
/// assert_eq!(kinds, [Token::MoveNumber, Token::Move, Token::Move, Token::Open,
///     Token::MoveNumber, Token::Move, Token::Close, Token::Nag, Token::Result]);
/// ```
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(extras = LexLimits)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\x0B\x0C]+")]
pub enum Token {
    /// A line end: `\n`, `\r\n` or a lone `\r`.
    #[regex(r"\r\n|\r|\n")]
    Newline,
    /// A run of Unicode blanks (no-break and narrow no-break space, byte order mark, zero-width
    /// spaces and joiners): white space, which the reader passes over. The lexer skips ASCII
    /// blanks itself; these are a token of their own because a skip pattern with multibyte
    /// characters in it made every token dearer to lex (a third more instructions per token on
    /// the lichess games).
    #[regex(r"[\u{A0}\u{FEFF}\u{200B}\u{200C}\u{200D}\u{2060}\u{202F}]+")]
    Blank,
    /// A tag pair `[Name "value"]`.
    #[token("[", lex_tag)]
    Tag(TagSpan),
    /// A forum delimiter around pasted PGN, `[pgn]` or `[/pgn]` (ignored by the reader).
    #[regex(r"\[/?(pgn|PGN)\]")]
    Delimiter,
    /// A brace comment `{...}` (may span lines; no nesting).
    #[token("{", lex_brace_comment)]
    Comment(CommentSpan),
    /// A rest-of-line comment `;...`.
    #[regex(r";[^\r\n]*", allow_greedy = true)]
    LineComment,
    /// A `%` escape line (ignored by the reader).
    #[token("%", lex_escape)]
    Escape,
    /// A numeric annotation glyph `$n`.
    #[regex(r"\$[0-9]+")]
    Nag,
    /// A suffix annotation (`!`, `?!`, ...) or a symbol for an evaluation (`±`, `+-`, `∞`, ...).
    #[regex(r"[!?]{1,2}|[=∞⩲⩱±∓□‼⁇⁉⁈]|\+--|--\+|\+=|=\+|\+/-|-/\+|\+-|-\+")]
    Glyph,
    /// Start of a variation.
    #[token("(")]
    Open,
    /// End of a variation.
    #[token(")")]
    Close,
    /// A move number: `12`, `12.`, `12...`, `12…`.
    #[regex(r"[0-9]+(\.+|…)?")]
    MoveNumber,
    /// Dots standing alone (`7. .. fxe5`).
    #[regex(r"\.+|…")]
    Dots,
    /// A game result: `1-0 0-1 1/2-1/2 *` and the forms people write (`½-½`, `1:0`, en dashes).
    #[regex(r"1[-–:]0|0[-–:]1|(1/2|½)[-–:](1/2|½)|\*")]
    Result,
    /// Anything move-like: SAN in any letter set, long algebraic, figurines, `O-O`, `Z0`, drops.
    /// Suffix annotations (`!`, `?`) are separate tokens. Older books' dagger and double dagger
    /// for check and mate (`Lb5†`, `Dxf7‡`) belong to the move, as `+` and `#` do.
    /// Fullwidth forms (`Ｎf3`, typed with an East Asian keyboard) are words too: the move
    /// reader folds them (NFKC), as it does on scoresheets.
    #[regex(r"(@|[A-Za-z\u{C0}-\u{24F}\u{370}-\u{3FF}\u{400}-\u{4FF}\u{2654}-\u{265F}\u{FF21}-\u{FF3A}\u{FF41}-\u{FF5A}])[A-Za-z0-9\u{C0}-\u{24F}\u{370}-\u{3FF}\u{400}-\u{4FF}\u{2654}-\u{265F}\u{FE0E}\u{FE0F}\u{FF03}\u{FF0B}\u{FF0D}\u{FF10}-\u{FF5A}=+#:/@\-‐‑–†‡]*")]
    /// Castling written with zeros: `0-0`, `0-0-0` (any dash), with a check mark; also with
    /// zeros and letters O mixed (`0-O`, a slip the move reader reads as castling; `O-0` is a
    /// word already).
    #[regex(r"0[-‐‑–][0O]([-‐‑–][0O])?[+#†‡]*")]
    /// Zeros without dashes (`00`, `000`): no move number (numbers start at 1), but castling
    /// written without its dashes, a word for the move reader to judge where it stands.
    #[regex(r"000?[+#†‡]*", priority = 10)]
    /// A pawn capture with its en passant mark glued on: `exd6e.p.`, `e5xd6e.p.+`.
    #[regex(r"[a-h]([1-8][-x:]?|[x:])?[a-h][36]e\.p\.?[+#†‡]*")]
    /// A null move: `--`.
    #[token("--")]
    Move,
    /// An en passant mark standing after its move: `e.p.`, `ep`, with the move's check mark
    /// if it was written after it (`exd6 e.p.+`, as the Laws' long form prints it).
    #[regex(r"(e\.p\.?|ep)[+#†‡]*", priority = 10)]
    EnPassant,
}

/// True if `pos` is at the start of a line of `src`.
fn at_line_start(src: &str, pos: usize) -> bool {
    pos == 0 || matches!(src.as_bytes().get(pos - 1), Some(b'\n' | b'\r'))
}

fn lex_escape(lex: &mut Lexer<Token>) -> Result<(), LexError> {
    if !at_line_start(lex.source(), lex.span().start) {
        return Err(LexError::MisplacedEscape);
    }
    let rest = lex.remainder().as_bytes();
    let len = memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
    lex.bump(len);
    Ok(())
}

/// True if `line` (the bytes after a line end) starts like a tag pair: `[Name "`.
///
/// ```
/// use scoresheet::pgn::lexer::looks_like_tag_line;
/// assert!(looks_like_tag_line(b"[Event \"x\"]"));
/// assert!(looks_like_tag_line(b"[Black-Elo \"2500\"]"));
/// assert!(looks_like_tag_line(b"[Round\"3\"]"));
/// assert!(!looks_like_tag_line(b"[White Novak]"));
/// assert!(!looks_like_tag_line(b"[-x \"1\"]"));
/// ```
pub fn looks_like_tag_line(line: &[u8]) -> bool {
    let mut i = 0;
    while matches!(line.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    if line.get(i) != Some(&b'[') {
        return false;
    }
    i += 1;
    while matches!(line.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    // Names as the tag lexer (`lex_tag`) reads them, digits and `_` first included: a tag it
    // reads, written back by the writer, must start a line the game splitter takes for a tag.
    let name_start = i;
    let name_end = tag_name_end(line, name_start);
    i = name_end;
    while matches!(line.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    // No blank between the name and its value is needed (`[Round"3"]`, PGN 7).
    name_end > name_start && line.get(i) == Some(&b'"')
}

/// How far past a tag line inside a brace comment [`tag_line_ends_comment`] looks for the
/// comment's `}`.
pub const COMMENT_LOOKAHEAD: usize = 64 << 10;

/// Whether the line at the start of `rest`, met inside a brace comment, ends the comment as one
/// never closed and starts the next game: an `[Event` tag line always does; any other tag line
/// does unless a `}` closes the comment before the next blank line (a tag pair quoted in an
/// annotation, `{see [Site "Praha"] ... }`), within [`COMMENT_LOOKAHEAD`] bytes. A line that is
/// no tag line never does. `None` when `rest` ends before that is known and more input may come
/// (`eof` false). The one rule of the game splitter ([`crate::pgn::split`]) and the lexer.
///
/// ```
/// use scoresheet::pgn::lexer::tag_line_ends_comment;
/// let quoted = b"[Site \"Praha\"]\nas played there} e5";
/// assert_eq!(tag_line_ends_comment(quoted, true), Some(false));
/// let next_game = b"[White \"Novak\"]\n[Black \"Svoboda\"]\n\n1. d4 {fine} d5 *";
/// assert_eq!(tag_line_ends_comment(next_game, true), Some(true));
/// assert_eq!(tag_line_ends_comment(b"[Event \"b\"]\n} e5", true), Some(true));
/// assert_eq!(tag_line_ends_comment(b"[Site \"x\"]\nno brace yet", false), None);
/// assert_eq!(tag_line_ends_comment(b"e5 } Nf3", true), Some(false));
/// ```
pub fn tag_line_ends_comment(rest: &[u8], eof: bool) -> Option<bool> {
    if !looks_like_tag_line(rest) {
        return Some(false);
    }
    if crate::pgn::split::is_event_tag_line(rest) {
        return Some(true);
    }
    // The length of the line at the start of `bytes` and where the next one starts (after LF,
    // CRLF or a lone CR); `None` for a last line that may still grow.
    let line_at = |bytes: &[u8]| -> Option<(usize, usize)> {
        match memchr2(b'\n', b'\r', bytes) {
            Some(k) if bytes[k] == b'\r' && bytes.get(k + 1) == Some(&b'\n') => Some((k, k + 2)),
            Some(k) => Some((k, k + 1)),
            None => eof.then_some((bytes.len(), bytes.len())),
        }
    };
    let (mut at, mut next) = (0, 0);
    loop {
        at += next;
        let line = rest.get(at..).unwrap_or(&[]);
        if line.is_empty() {
            return eof.then_some(true);
        }
        if at >= COMMENT_LOOKAHEAD {
            return Some(true);
        }
        let (len, after) = line_at(line)?;
        next = after;
        let text = &line[..len];
        if memchr(b'}', text).is_some() {
            return Some(false);
        }
        let later_event =
            at > 0 && crate::pgn::split::is_event_tag_line(text) && looks_like_tag_line(text);
        if text.trim_ascii().is_empty() || later_event {
            return Some(true);
        }
    }
}

/// Where a tag name starting at `start` of `line` ends: a symbol (PGN 7), a letter or digit
/// then letters, digits and `_ + # = : -` (`Black-Elo`, `Time:Control` are names; `_` may lead,
/// as some databases write it).
fn tag_name_end(line: &[u8], start: usize) -> usize {
    let mut i = start;
    while line.get(i).is_some_and(|b| {
        b.is_ascii_alphanumeric()
            || *b == b'_'
            || (i > start && matches!(b, b'+' | b'#' | b'=' | b':' | b'-'))
    }) {
        i += 1;
    }
    i
}

fn lex_brace_comment(lex: &mut Lexer<Token>) -> Result<CommentSpan, LexError> {
    let rest = lex.remainder().as_bytes();
    let limit = lex.extras.max_comment_bytes;
    let unclosed = || {
        if rest.len() > limit {
            LexError::CommentTooLong
        } else {
            LexError::UnclosedComment
        }
    };
    // One scan for the closing brace or a line end, whichever comes first: most comments are
    // short and on one line.
    let mut newlines = 0u32;
    let mut last_line_start = 0u32;
    // The first `{` inside, where it stands in `rest`.
    let mut inner: Option<usize> = None;
    let mut i = 0;
    let close = loop {
        let Some(k) = rest.get(i..).and_then(|r| memchr3(b'}', b'\n', b'\r', r)) else {
            return Err(unclosed());
        };
        let at = i + k;
        if inner.is_none() {
            inner = memchr(b'{', &rest[i..at]).map(|b| i + b);
        }
        if rest[at] == b'}' {
            break at;
        }
        let mut end = at + 1;
        if rest[at] == b'\r' && rest.get(end) == Some(&b'\n') {
            end += 1;
        }
        newlines += 1;
        last_line_start = u32::try_from(end + 1).unwrap_or(u32::MAX);
        // A comment that runs over an `[Event` line, or over another tag line with no `}`
        // before the next blank line, is a comment whose brace was never closed: the tag line
        // starts the next game.
        if tag_line_ends_comment(&rest[end..], true) == Some(true) {
            return Err(match memchr(b'}', &rest[end..]) {
                Some(_) => LexError::UnclosedComment,
                None => unclosed(),
            });
        }
        i = end;
    };
    if close > limit {
        return Err(LexError::CommentTooLong);
    }
    lex.bump(close + 1);
    let span = CommentSpan {
        newlines,
        last_line_start,
    };
    match inner {
        Some(at) => Err(LexError::BraceInComment {
            offset: u32::try_from(at + 1).unwrap_or(u32::MAX),
            span,
        }),
        None => Ok(span),
    }
}

fn lex_tag(lex: &mut Lexer<Token>) -> Result<TagSpan, LexError> {
    let rest = lex.remainder().as_bytes();
    let line_len = memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
    let line = &rest[..line_len];
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while matches!(line.get(*i), Some(b' ' | b'\t')) {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let name_start = i;
    i = tag_name_end(line, name_start);
    let name_end = i;
    if name_end == name_start {
        return Err(LexError::MalformedTag(TagFault::NoName));
    }
    skip_ws(&mut i);
    if line.get(i) != Some(&b'"') {
        return Err(LexError::MalformedTag(TagFault::ValueNotQuoted));
    }
    i += 1;
    let value_start = i;
    // The value ends at the first unescaped quote.
    let mut value_end = None;
    while i < line.len() {
        match line[i] {
            b'\\' => i += 2,
            b'"' => {
                value_end = Some(i);
                break;
            }
            _ => i += 1,
        }
    }
    // A closing quote followed by `]` (or by the end of the line) ends the value.
    let closed_end = value_end.and_then(|end| {
        let mut j = end + 1;
        skip_ws(&mut j);
        match line.get(j) {
            Some(b']') => Some((end, true, j + 1)),
            None => Some((end, true, j)),
            Some(_) => None,
        }
    });
    let (value_end, closed, after) = match closed_end {
        Some(found) => found,
        None => {
            // Unclosed quote: the value ends at the first `]` followed by the end of the line
            // or by the next tag.
            let mut found = None;
            let mut j = value_start;
            while let Some(k) = memchr(b']', &line[j..]) {
                let pos = j + k;
                let mut m = pos + 1;
                skip_ws(&mut m);
                if matches!(line.get(m), None | Some(b'[')) {
                    found = Some(pos);
                    break;
                }
                j = pos + 1;
            }
            match found {
                // A quote just before that `]` closes the value: the quotes inside it were
                // left unescaped (`[White "Smith, John "Jack""]` is `Smith, John "Jack"`).
                Some(pos) => {
                    let before = line[value_start..pos].trim_ascii_end();
                    match before.strip_suffix(b"\"") {
                        Some(inside) => (value_start + inside.len(), true, pos + 1),
                        None => (pos, false, pos + 1),
                    }
                }
                None => return Err(LexError::MalformedTag(TagFault::NotClosed)),
            }
        }
    };
    if after > lex.extras.max_tag_bytes {
        return Err(LexError::TagTooLong);
    }
    lex.bump(after);
    let off = |x: usize| u32::try_from(x + 1).unwrap_or(u32::MAX);
    Ok(TagSpan {
        name: (off(name_start), off(name_end)),
        value: (off(value_start), off(value_end.min(line.len()))),
        closed,
    })
}

/// Which NAG number a suffix annotation or evaluation symbol stands for (PGN standard, 10).
///
/// ```
/// use scoresheet::pgn::lexer::glyph_nag;
/// assert_eq!(glyph_nag("!?"), Some(5));
/// assert_eq!(glyph_nag("±"), Some(16));
/// assert_eq!(glyph_nag("x"), None);
/// ```
pub fn glyph_nag(glyph: &str) -> Option<u8> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "⩲" | "+=" => 14,
        "⩱" | "=+" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+-" | "+--" => 18,
        "-+" | "--+" => 19,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Result<Token, LexError>, &str)> {
        let mut lex = Token::lexer(s);
        let mut out = Vec::new();
        while let Some(t) = lex.next() {
            out.push((t, lex.slice()));
        }
        out
    }

    #[test]
    fn unicode_blanks_separate_tokens_like_spaces() {
        for blank in [
            '\u{A0}', '\u{FEFF}', '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{202F}',
        ] {
            let text = format!("1.{blank}e4{blank}{blank} e5 {blank}*");
            let tokens: Vec<_> = kinds(&text)
                .into_iter()
                .filter(|(t, _)| *t != Ok(Token::Blank))
                .collect();
            assert_eq!(
                tokens,
                [
                    (Ok(Token::MoveNumber), "1."),
                    (Ok(Token::Move), "e4"),
                    (Ok(Token::Move), "e5"),
                    (Ok(Token::Result), "*")
                ],
                "{blank:?}"
            );
            // The reader passes over them: the same game as with plain spaces.
            let games = crate::pgn::Game::read_all(text.as_bytes());
            let game = games[0].as_ref().expect("a game");
            let san: Vec<&str> = game.mainline.moves.iter().map(|n| n.san.as_str()).collect();
            assert_eq!(san, ["e4", "e5"], "{blank:?}");
            assert_eq!(game.mainline.moves[1].at.column, 9, "{blank:?}");
        }
    }

    #[test]
    fn results_in_every_spelling() {
        for r in [
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "½-½",
            "1:0",
            "0:1",
            "1–0",
            "0–1",
            "1/2–1/2",
            "½–½",
        ] {
            assert_eq!(kinds(r), [(Ok(Token::Result), r)], "{r}");
        }
    }

    #[test]
    fn moves_of_every_kind() {
        for m in [
            "e4", "Nf3", "Jf3", "O-O", "O-O-O", "0-0", "0-0-0+", "O‑O", "Z0", "--", "exd8=Q+",
            "Ng1-f3", "♘f3", "Кf3", "N@f3", "Ne7g6+", "e8Q", "Bxd3",
        ] {
            assert_eq!(kinds(m), [(Ok(Token::Move), m)], "{m}");
        }
    }

    #[test]
    fn suffixes_split_off() {
        let k = kinds("Bxd3?? bxa6 e.p. exf6ep 8... O-O!?");
        let texts: Vec<_> = k.iter().map(|(_, s)| *s).collect();
        assert_eq!(
            texts,
            ["Bxd3", "??", "bxa6", "e.p.", "exf6ep", "8...", "O-O", "!?"]
        );
        assert_eq!(k[3].0, Ok(Token::EnPassant));
    }

    #[test]
    fn tags_with_escapes_and_unclosed_quotes() {
        let src = r#"[Event "A \"B\" C"] [Site "Lille][Date "x"]"#;
        let mut lex = Token::lexer(src);
        let Some(Ok(Token::Tag(t))) = lex.next() else {
            panic!()
        };
        assert_eq!(
            &lex.slice()[t.value.0 as usize..t.value.1 as usize],
            r#"A \"B\" C"#
        );
        let Some(Ok(Token::Tag(t))) = lex.next() else {
            panic!()
        };
        assert!(!t.closed);
        assert_eq!(
            &lex.slice()[t.value.0 as usize..t.value.1 as usize],
            "Lille"
        );
        assert!(matches!(lex.next(), Some(Ok(Token::Tag(_)))));
        assert_eq!(lex.next(), None);
    }

    #[test]
    fn comment_over_a_tag_line_is_unclosed() {
        let mut lex = Token::lexer("{ oops\n\n[Event \"x\"]\n1. e4 }");
        assert_eq!(lex.next(), Some(Err(LexError::UnclosedComment)));
        let mut lex = Token::lexer("{ clock\n[%clk 0:01:00] }");
        assert!(matches!(lex.next(), Some(Ok(Token::Comment(_)))));
    }

    #[test]
    fn escape_only_at_line_start() {
        assert_eq!(kinds("%anything\ne4")[0], (Ok(Token::Escape), "%anything"));
        assert_eq!(kinds("e4 %x")[1].0, Err(LexError::MisplacedEscape));
    }

    #[test]
    fn line_ends() {
        let k = kinds("e4\r\ne5\rNf3\n");
        let n = k.iter().filter(|(t, _)| *t == Ok(Token::Newline)).count();
        assert_eq!(n, 3);
    }
}
