//! Splitting PGN bytes into game sections without lexing them.
//!
//! A *section* starts at a tag line (`[Name "`) that follows movetext, so it holds one game with
//! its tags — or, in files without tags, one or more bare games that the reader separates by
//! their result tokens. The rule is the one the reader applies: a tag line after movetext starts
//! a new game; inside a brace comment, an `[Event` line always does, so that one comment never
//! closed does not swallow the rest of the file, and another tag line does unless a `}` closes the
//! comment before the next blank line (a tag pair quoted in an annotation;
//! [`crate::pgn::lexer::tag_line_ends_comment`]).
//!
//! The splitter looks only at line starts (memchr from line end to line end), so it runs at
//! memory speed and can cut a stream or a memory map into games for parallel work.
//!
//! ```
//! use scoresheet::pgn::split::sections;
//! let pgn = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n";
//! let games: Vec<_> = sections(pgn).collect();
//! assert_eq!(games.len(), 2);
//! assert_eq!(&pgn[games[1].start..games[1].end], b"[Event \"b\"]\n\n1. d4 0-1\n");
//! assert_eq!(games[1].line, 5);
//! ```

use super::lexer::looks_like_tag_line;
use memchr::{memchr, memchr2, memrchr2};

/// One game section: a byte range and the line number (1-based) it starts on.
///
/// ```
/// use scoresheet::pgn::split::Section;
/// let s = Section { start: 0, end: 10, line: 1 };
/// assert_eq!(s.end - s.start, 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// First byte of the section.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// Line number of the first byte, 1-based.
    pub line: u32,
}

/// What kind of line a line start opens.
fn is_movetext_line(line: &[u8]) -> bool {
    let mut i = 0;
    // Skip ASCII blanks and the common invisible characters (BOM, no-break space).
    loop {
        match line.get(i) {
            Some(b' ' | b'\t' | b'\x0B' | b'\x0C') => i += 1,
            Some(0xEF) if line.get(i + 1..i + 3) == Some(&[0xBB, 0xBF]) => i += 3,
            Some(0xC2) if line.get(i + 1) == Some(&0xA0) => i += 2,
            _ => break,
        }
    }
    match line.get(i) {
        None | Some(b'\n' | b'\r' | b'%') => false,
        Some(b'[') => !looks_like_tag_line(&line[i..]) && !looks_like_broken_tag(&line[i..]),
        Some(_) => true,
    }
}

/// A tag line of the `Event` tag (`[Event "..."]`), the first tag of the Seven Tag Roster.
///
/// ```
/// use scoresheet::pgn::split::is_event_tag_line;
/// assert!(is_event_tag_line(b" [Event \"Praha\"]"));
/// assert!(!is_event_tag_line(b"[EventDate \"2026.11.29\"]"));
/// ```
pub fn is_event_tag_line(line: &[u8]) -> bool {
    let inner = line.trim_ascii_start();
    let inner = inner.strip_prefix(b"[").unwrap_or(inner).trim_ascii_start();
    inner
        .strip_prefix(b"Event")
        .is_some_and(|rest| matches!(rest.first(), Some(b' ' | b'\t' | b'"')))
}

/// Whether a movetext line ends with a tag pair (`1. e4 e5 1-0 [Event "B"]`, as `cat` leaves
/// a file without a final line end joined to the next): the next game's tag section starts on
/// this line, so the tag lines below it continue that section instead of starting a game of
/// their own. The last `[` of the line must open a tag pair that the line's `]` closes.
///
/// ```
/// use scoresheet::pgn::split::ends_with_tag_pair;
/// assert!(ends_with_tag_pair(b"1. e4 e5 1-0[Event \"B\"]"));
/// assert!(ends_with_tag_pair(b"1-0 [Event \"B\"] [Site \"S\"]\r"));
/// assert!(!ends_with_tag_pair(b"1. e4 e5 {see [Site \"x\"]}"));
/// assert!(!ends_with_tag_pair(b"1. e4 e5 2. Nf3"));
/// ```
pub fn ends_with_tag_pair(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    line.ends_with(b"]")
        && memchr::memrchr(b'[', line).is_some_and(|at| at > 0 && looks_like_tag_line(&line[at..]))
}

/// A line that is a tag pair gone wrong (`[White Novak]`, `[Date 2026.11.14]`, `["Event" "x"]`,
/// `[Černý "Svoboda"]`, `[-x "y"]`): `[`, anything but a digit or `%` (`[1. e4]`, `[%clk 0:01]`
/// start movetext), and `]` at its end. It is no movetext, so that the tags below it stay in
/// its game (which the reader then rejects whole) instead of starting another game.
fn looks_like_broken_tag(line: &[u8]) -> bool {
    let inner = line[1..].trim_ascii_start();
    inner
        .first()
        .is_some_and(|&b| b != b'%' && !b.is_ascii_digit())
        && line.trim_ascii_end().ends_with(b"]")
}

/// An incremental splitter: feed it a growing buffer, take sections as they complete.
///
/// ```
/// use scoresheet::pgn::split::Splitter;
/// let mut s = Splitter::new();
/// let buf = b"1. e4 *\n[Event \"b\"]\n1. d4 *";
/// let first = s.next_section(buf, false).unwrap();
/// assert_eq!(first.end, 8);
/// assert_eq!(s.next_section(buf, false), None); // the last line may still grow
/// assert_eq!(s.next_section(buf, true).unwrap().start, 8);
/// ```
#[derive(Clone, Debug)]
pub struct Splitter {
    /// Scan position: always a line start not yet classified.
    pos: usize,
    /// Line number at `pos`.
    line: u32,
    /// Start and line of the section being scanned.
    start: usize,
    start_line: u32,
    /// The current section has movetext.
    movetext: bool,
    /// The current section has an `[Event` tag line.
    event: bool,
    /// The scan is inside a `{` comment of the current section's movetext.
    in_comment: bool,
}

impl Default for Splitter {
    fn default() -> Self {
        Self::new()
    }
}

impl Splitter {
    /// A splitter at the start of the input (line 1).
    ///
    /// ```
    /// let s = scoresheet::pgn::split::Splitter::new();
    /// assert_eq!(s.scanned(), 0);
    /// ```
    pub fn new() -> Self {
        Splitter {
            pos: 0,
            line: 1,
            start: 0,
            start_line: 1,
            movetext: false,
            event: false,
            in_comment: false,
        }
    }

    /// A splitter whose input starts on line `line` (for a piece cut out of a larger input).
    ///
    /// ```
    /// let mut s = scoresheet::pgn::split::Splitter::starting_at_line(10);
    /// assert_eq!(s.next_section(b"1. e4 *", true).unwrap().line, 10);
    /// ```
    pub fn starting_at_line(line: u32) -> Self {
        Splitter {
            line,
            start_line: line,
            ..Splitter::new()
        }
    }

    /// How far the buffer has been scanned (a line start).
    ///
    /// ```
    /// let mut s = scoresheet::pgn::split::Splitter::new();
    /// s.next_section(b"e4\ne5", false);
    /// assert_eq!(s.scanned(), 3);
    /// ```
    pub fn scanned(&self) -> usize {
        self.pos
    }

    /// Where the section being scanned starts.
    ///
    /// ```
    /// let s = scoresheet::pgn::split::Splitter::new();
    /// assert_eq!(s.section_start(), 0);
    /// ```
    pub fn section_start(&self) -> usize {
        self.start
    }

    /// The line on which the section being scanned starts.
    ///
    /// ```
    /// let s = scoresheet::pgn::split::Splitter::new();
    /// assert_eq!(s.section_line(), 1);
    /// ```
    pub fn section_line(&self) -> u32 {
        self.start_line
    }

    /// Tells the splitter that the first `n` bytes of its buffer were dropped (all of them before
    /// [`section_start`](Self::section_start)), or that they should be: when `n` goes past the
    /// section start, the section being scanned now starts at `n` (used to discard an oversized
    /// game).
    ///
    /// ```
    /// let mut s = scoresheet::pgn::split::Splitter::new();
    /// s.next_section(b"e4\ne5\n", false);
    /// s.drop_front(3);
    /// assert_eq!(s.scanned(), 3);
    /// ```
    pub fn drop_front(&mut self, n: usize) {
        let n = n.min(self.pos);
        self.pos -= n;
        self.start = self.start.saturating_sub(n);
    }

    /// The next complete section of `buf`, or `None` when the buffer ends before the section
    /// does (`eof` false: feed more) or when all of it was returned (`eof` true).
    ///
    /// `buf` must keep its bytes from [`section_start`](Self::section_start) on between calls
    /// (it may grow at the end).
    ///
    /// ```
    /// let mut s = scoresheet::pgn::split::Splitter::new();
    /// assert_eq!(s.next_section(b"", true), None);
    /// ```
    pub fn next_section(&mut self, buf: &[u8], eof: bool) -> Option<Section> {
        loop {
            if self.pos >= buf.len() {
                if eof && self.start < buf.len() {
                    let s = Section {
                        start: self.start,
                        end: buf.len(),
                        line: self.start_line,
                    };
                    self.start = buf.len();
                    self.pos = buf.len();
                    self.movetext = false;
                    self.event = false;
                    self.in_comment = false;
                    return Some(s);
                }
                return None;
            }
            let rest = &buf[self.pos..];
            // Find the end of this line first so a line is classified only when complete
            // enough: a tag line needs its first characters, which a partial line may lack.
            let (line_len, next) = match memchr2(b'\n', b'\r', rest) {
                Some(k) => {
                    if rest[k] == b'\r' {
                        match rest.get(k + 1) {
                            Some(b'\n') => (k, k + 2),
                            Some(_) => (k, k + 1),
                            None if eof => (k, k + 1),
                            None => return None,
                        }
                    } else {
                        (k, k + 1)
                    }
                }
                None if eof => (rest.len(), rest.len()),
                None => return None,
            };
            let line = &rest[..line_len];
            if self.in_comment {
                // Inside a comment only a tag line that ends it as never closed counts (the
                // lexer's rule); any other line is the comment's text.
                match super::lexer::tag_line_ends_comment(rest, eof) {
                    None => return None,
                    Some(true) => self.in_comment = false,
                    Some(false) => {
                        let mut open = true;
                        scan_movetext(line, &mut open, true);
                        self.in_comment = open;
                        self.pos += next;
                        self.line = self.line.saturating_add(1);
                        continue;
                    }
                }
            }
            // A tag line after movetext starts the next game; so does a second `[Event` line
            // in a tag section with no movetext (a game written without moves or result: its
            // tags must not become the next game's).
            // (The cheap `[Event` test first: most lines are moves, and most tag lines are
            // read only where they might split.)
            let event = is_event_tag_line(line) && looks_like_tag_line(line);
            let splits = if self.movetext {
                event || looks_like_tag_line(line)
            } else {
                event && self.event
            };
            if splits && self.pos > self.start {
                let s = Section {
                    start: self.start,
                    end: self.pos,
                    line: self.start_line,
                };
                self.start = self.pos;
                self.start_line = self.line;
                self.movetext = false;
                self.event = false;
                return Some(s);
            }
            self.event |= event;
            if is_movetext_line(line) {
                let mut open = false;
                scan_movetext(line, &mut open, false);
                self.in_comment = open;
                // Tags after the moves on one line begin the next game's tag section here.
                self.movetext = open || !ends_with_tag_pair(line);
            }
            self.pos += next;
            self.line = self.line.saturating_add(1);
        }
    }
}

/// Follows `{...}` comments and `;` rest-of-line comments through one line of movetext.
///
/// A line without `;` (nearly every line: a lichess movetext line holds a hundred clock
/// comments) needs no walk from brace to brace: comments do not nest, so the line ends inside a
/// comment exactly when its last brace is a `{` (one that opens a comment, or one written inside
/// a comment that is still open), and in the state it began in when it has no brace at all.
pub(crate) fn scan_movetext(s: &[u8], in_comment: &mut bool, starts_in_comment: bool) {
    if memchr(b';', s).is_none() {
        *in_comment = match memrchr2(b'{', b'}', s) {
            Some(i) => s[i] == b'{',
            None => starts_in_comment,
        };
        return;
    }
    walk_movetext(s, in_comment, starts_in_comment);
}

/// [`scan_movetext`] brace by brace, for lines where a `;` may start a rest-of-line comment.
fn walk_movetext(mut s: &[u8], in_comment: &mut bool, starts_in_comment: bool) {
    *in_comment = starts_in_comment;
    loop {
        if *in_comment {
            match memchr(b'}', s) {
                Some(i) => {
                    *in_comment = false;
                    s = &s[i + 1..];
                }
                None => return,
            }
        } else {
            match memchr2(b'{', b';', s) {
                Some(i) if s[i] == b';' => return,
                Some(i) => {
                    *in_comment = true;
                    s = &s[i + 1..];
                }
                None => return,
            }
        }
    }
}

/// All sections of a complete input.
///
/// ```
/// assert_eq!(scoresheet::pgn::split::sections(b"1. e4 e5 *").count(), 1);
/// ```
pub fn sections(buf: &[u8]) -> impl Iterator<Item = Section> + '_ {
    let mut s = Splitter::new();
    std::iter::from_fn(move || s.next_section(buf, true))
}

/// Whether a section of PGN holds comments and nothing else (`{ ... }`, `;` to the end of the
/// line, `%` escape lines, and white space between): the note `clean` puts before the first game
/// of its rejects file, or a file's opening remarks. Such a section is no game, and not a
/// broken one either: the reader passes over such comments between games.
///
/// ```
/// use scoresheet::pgn::split::only_comments;
/// assert!(only_comments(b"{ scoresheet: rejected: x.pgn:3:1: ... }\n"));
/// assert!(only_comments(b"; a remark\n% an escape\n{ two\nlines }"));
/// assert!(!only_comments(b"{ note } stray words"));
/// assert!(!only_comments(b"{ unclosed"));
/// assert!(!only_comments(b"  \n"));
/// ```
pub fn only_comments(section: &[u8]) -> bool {
    let mut i = 0;
    let mut any = false;
    let mut line_start = true;
    while let Some(&b) = section.get(i) {
        match b {
            b'{' => match memchr::memchr(b'}', &section[i..]) {
                Some(close) => i += close + 1,
                None => return false,
            },
            b';' => i = memchr::memchr(b'\n', &section[i..]).map_or(section.len(), |n| i + n),
            b'%' if line_start => {
                i = memchr::memchr(b'\n', &section[i..]).map_or(section.len(), |n| i + n)
            }
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            _ => return false,
        }
        line_start = i == 0 || section.get(i - 1) == Some(&b'\n');
        any |= !matches!(b, b' ' | b'\t' | b'\r' | b'\n');
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_tag_line_keeps_the_tags_below_it_in_its_game() {
        let pgn = b"[Event \"a\"]\n[White Novak]\n[Black \"b\"]\n\n1. e4 *\n[Event \"c\"]\n*\n";
        let v: Vec<_> = sections(pgn).collect();
        assert_eq!(v.iter().map(|s| s.line).collect::<Vec<_>>(), [1, 6]);
        assert!(!is_movetext_line(b"  [Date 2026.11.14] "));
        assert!(is_movetext_line(b"[%clk 0:01:00] e4"));
        assert!(is_movetext_line(b"[1. e4]"));
    }

    #[test]
    fn unclosed_comment_does_not_swallow_the_next_game() {
        let pgn = b"[Event \"a\"]\n1. e4 {oops\n\n[Event \"b\"]\n1. d4 }\n";
        let v: Vec<_> = sections(pgn).collect();
        assert_eq!(v.len(), 2);
        assert_eq!(v[1].line, 4);
    }

    #[test]
    fn crlf_and_lone_cr() {
        for pgn in [
            &b"[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n1. d4 *\r\n"[..],
            &b"[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r1. d4 *\r"[..],
        ] {
            let v: Vec<_> = sections(pgn).collect();
            assert_eq!(v.len(), 2);
            assert_eq!(v[1].line, 5);
        }
    }

    #[test]
    fn comment_lines_with_clock_commands_are_not_tags() {
        let pgn = b"[Event \"a\"]\n1. e4 {\n[%clk 0:01:00]} e5 *\n";
        assert_eq!(sections(pgn).count(), 1);
    }

    #[test]
    fn streaming_equals_whole() {
        let pgn = b"[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n[Event \"c\"]\n1. c4 *";
        let whole: Vec<_> = sections(pgn).collect();
        let mut s = Splitter::new();
        let mut got = Vec::new();
        for n in 0..=pgn.len() {
            while let Some(sec) = s.next_section(&pgn[..n], n == pgn.len()) {
                got.push(sec);
            }
        }
        assert_eq!(got, whole);
    }

    #[test]
    fn the_last_brace_decides_a_line_without_semicolons_as_the_walk_does() {
        // Every line of up to 7 characters over `{`, `}`, `;`, `x`, from both states.
        let alphabet = [b'{', b'}', b';', b'x'];
        for len in 0..=7u32 {
            for code in 0..4usize.pow(len) {
                let line: Vec<u8> = (0..len)
                    .map(|k| alphabet[code / 4usize.pow(k) % 4])
                    .collect();
                for start in [false, true] {
                    let (mut fast, mut walked) = (false, false);
                    scan_movetext(&line, &mut fast, start);
                    walk_movetext(&line, &mut walked, start);
                    assert_eq!(
                        fast,
                        walked,
                        "{:?} from {start}",
                        String::from_utf8_lossy(&line)
                    );
                }
            }
        }
    }
}
