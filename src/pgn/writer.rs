//! The PGN writer: the export format of the PGN standard (section 8).
//!
//! - the Seven Tag Roster first and in its order (`?` placeholders for the missing ones,
//!   `????.??.??` for the date), the other tags after it in the order read;
//! - movetext with move numbers (`12.` before White's move, `12...` before Black's when a
//!   comment or variation stands between), NAGs as `$n`, comments in braces, variations in
//!   parentheses;
//! - lines shorter than 80 columns, broken only between tokens and never inside a `[%...]`
//!   command of a comment;
//! - the result token equal to the Result tag.
//!
//! Moves are written by a [`MoveText`]: by default as they were read ([`AsWritten`]); a caller
//! that replayed the game can render them in another letter set.
//!
//! ```
//! use scoresheet::pgn::{write_game, Game};
//! let g = Game::read_all("[White \"Réti\"]\n1. Jf3 d5 {Black replies in the centre.} 2. c4 1-0".as_bytes())
//!     .remove(0).unwrap();
//! let pgn = write_game(&g);
//! assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Réti\"]"));
//! assert!(pgn.contains("[Result \"1-0\"]\n\n1. Jf3 d5 {Black replies in the centre.} 2. c4 1-0\n"));
//! ```

use super::game::{Game, Line, Node};
use super::reader::Outcome;
use arrayvec::ArrayString;
use std::borrow::Cow;

/// The tags of the Seven Tag Roster, in export order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Renders each move of a game as text. Called in the order moves are written: the mainline,
/// each variation after the move it replaces, depth first.
///
/// ```
/// use scoresheet::pgn::{writer::Writer, Game, Node};
/// let g = Game::read_all(b"1. Nf3 Nf6 *").remove(0).unwrap();
/// let mut czech = |n: &Node| n.san.replace('N', "J");
/// let out = Writer::default().write(&g, &mut czech);
/// assert!(out.ends_with("1. Jf3 Jf6 *\n\n"));
/// ```
pub trait MoveText {
    /// The text for `node`'s move (borrowed from the node or from the `MoveText` itself).
    fn move_text<'a>(&'a mut self, node: &'a Node) -> Cow<'a, str>;
}

/// Writes each move as it was read.
///
/// ```
/// use scoresheet::pgn::{writer::{AsWritten, MoveText}, Node};
/// let n = Node { san: "Jf3".into(), ..Node::default() };
/// assert_eq!(AsWritten.move_text(&n), "Jf3");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AsWritten;

impl MoveText for AsWritten {
    fn move_text<'a>(&'a mut self, node: &'a Node) -> Cow<'a, str> {
        Cow::Borrowed(&node.san)
    }
}

impl<F: FnMut(&Node) -> String> MoveText for F {
    fn move_text<'a>(&'a mut self, node: &'a Node) -> Cow<'a, str> {
        Cow::Owned(self(node))
    }
}

/// Export settings.
///
/// ```
/// use scoresheet::pgn::Writer;
/// assert_eq!(Writer::default().max_line, 79);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Writer {
    /// Longest movetext line in characters (the standard asks for fewer than 80).
    pub max_line: usize,
}

impl Default for Writer {
    fn default() -> Self {
        Writer { max_line: 79 }
    }
}

/// Writes `game` with its moves as read and the default settings.
///
/// ```
/// let g = scoresheet::pgn::Game::read_all(b"1. e4 e5 *").remove(0).unwrap();
/// assert!(scoresheet::pgn::write_game(&g).ends_with("\n\n1. e4 e5 *\n\n"));
/// ```
pub fn write_game(game: &Game) -> String {
    Writer::default().write(game, &mut AsWritten)
}

/// The tags as exported: the roster first (placeholders filled in, Result made consistent with
/// the movetext when the tag is missing or unreadable), then the others in order.
///
/// ```
/// use scoresheet::pgn::{writer::export_tags, Game};
/// let g = Game::read_all(b"[ECO \"B20\"] [White \"X\"] 1. e4 c5 0-1").remove(0).unwrap();
/// let tags = export_tags(&g);
/// assert_eq!(tags[4], ("White", "X"));
/// assert_eq!(tags[6], ("Result", "0-1"));
/// assert_eq!(tags[7].0, "ECO");
/// ```
pub fn export_tags(game: &Game) -> Vec<(&str, &str)> {
    // Borrowed from the game (or the placeholders): writing a game copies no tag.
    let mut out = Vec::with_capacity(game.tags.len() + 7);
    for name in SEVEN_TAG_ROSTER {
        let value = match (name, game.tag(name)) {
            ("Result", Some(v)) if Outcome::from_token(v).is_some() => {
                Outcome::from_token(v).map_or("*", Outcome::as_str)
            }
            ("Result", _) => game.outcome.unwrap_or(Outcome::Unknown).as_str(),
            (_, Some(v)) if !v.trim().is_empty() => v,
            ("Date", _) => "????.??.??",
            _ => "?",
        };
        out.push((name, value));
    }
    let mut seen = [false; 7];
    for (name, value) in &game.tags {
        if let Some(i) = SEVEN_TAG_ROSTER.iter().position(|r| r == name) {
            if !seen[i] {
                seen[i] = true;
                continue;
            }
        }
        out.push((name.as_str(), value.as_str()));
    }
    out
}

/// Escapes a tag value for the export format.
pub(crate) fn escape_tag(value: &str, out: &mut String) {
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        // Line ends cannot stand in a tag value.
        out.push(if c == '\n' || c == '\r' { ' ' } else { c });
    }
}

/// Movetext cut into atoms: the units between which a line may break.
#[derive(Default)]
struct Atoms {
    buf: String,
    /// Byte range of each atom in `buf`, and whether a line must end after it.
    spans: Vec<(usize, usize, bool)>,
    open_start: Option<usize>,
}

impl Atoms {
    fn atom(&mut self, s: &str) {
        let start = self.open_start.take().unwrap_or(self.buf.len());
        self.buf.push_str(s);
        self.spans.push((start, self.buf.len(), false));
    }

    fn open(&mut self) {
        if self.open_start.is_none() {
            self.open_start = Some(self.buf.len());
        }
        self.buf.push('(');
    }

    fn close(&mut self) {
        if let Some(start) = self.open_start.take() {
            self.buf.push(')');
            self.spans.push((start, self.buf.len(), false));
            return;
        }
        self.buf.push(')');
        let end = self.buf.len();
        match self.spans.last_mut() {
            Some(last) if last.1 == end - 1 && !last.2 => last.1 = end,
            _ => self.spans.push((end - 1, end, false)),
        }
    }

    fn comment(&mut self, text: &str) {
        // One pass over the bytes (comments are short: a clock, a few words) for a brace (a
        // `}` would close the comment, a `{` would read as a `}` left out) and where the first
        // `]` stands.
        let mut brace = false;
        let mut first_bracket = None;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            if b == b'}' || b == b'{' {
                brace = true;
                break;
            }
            if b == b']' && first_bracket.is_none() {
                first_bracket = Some(i);
            }
        }
        if brace {
            // Cannot stand in braces: a rest-of-line comment, then a line end.
            self.atom(";");
            let last = self.spans.len() - 1;
            self.buf.push_str(text);
            self.spans[last].1 = self.buf.len();
            self.spans[last].2 = true;
            return;
        }
        if text.is_empty() {
            self.atom("{}");
            return;
        }
        if text.starts_with("[%") && first_bracket == Some(text.len() - 1) {
            // One command and nothing else (a clock, `[%clk 0:03:00]`): one atom, as the words
            // below would make it, without cutting it into words.
            let start = self.open_start.take().unwrap_or(self.buf.len());
            self.buf.push('{');
            self.buf.push_str(text);
            self.buf.push('}');
            self.spans.push((start, self.buf.len(), false));
            return;
        }
        // Words, keeping each `[%...]` command whole.
        let mut words = text.split(' ').peekable();
        let mut first = true;
        while let Some(word) = words.next() {
            // A word like `[Event`, `[3ult`, `[` or `%x` must not begin a line: the reader
            // would take the line for the next game's tags (a tag name as the lexer reads it,
            // after any blanks: see `lexer::looks_like_tag_line`) or an escape line. It stays
            // with the word before. `[%clk` cannot start a tag and may begin a line.
            let tag_like = |w: &str| {
                w.starts_with('%')
                    || w.trim_start_matches('\t')
                        .strip_prefix('[')
                        .is_some_and(|rest| {
                            let rest = rest.trim_start_matches([' ', '\t']);
                            rest.is_empty()
                                || rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                        })
            };
            if !first && tag_like(word) {
                if let Some(last) = self.spans.last_mut() {
                    self.buf.push(' ');
                    self.buf.push_str(word);
                    if words.peek().is_none() {
                        self.buf.push('}');
                    }
                    last.1 = self.buf.len();
                    continue;
                }
            }
            let start = self.open_start.take().unwrap_or(self.buf.len());
            if first {
                self.buf.push('{');
                first = false;
            }
            self.buf.push_str(word);
            if word.contains("[%") && !word.contains(']') {
                for more in words.by_ref() {
                    self.buf.push(' ');
                    self.buf.push_str(more);
                    if more.contains(']') {
                        break;
                    }
                }
            }
            if words.peek().is_none() {
                self.buf.push('}');
            }
            self.spans.push((start, self.buf.len(), false));
        }
    }

    fn layout(&self, max: usize, out: &mut String) {
        let mut col = 0usize;
        let mut forced = false;
        for &(s, e, hard) in &self.spans {
            let atom = self.buf.get(s..e).unwrap_or("");
            let len = atom.chars().count();
            if col > 0 {
                if forced || col + 1 + len > max {
                    out.push('\n');
                    col = 0;
                } else {
                    out.push(' ');
                    col += 1;
                }
            }
            out.push_str(atom);
            col += len;
            forced = hard;
        }
        out.push('\n');
    }
}

/// Side to move and move number at the start of the game, from the FEN tag if there is one.
fn start_ply(game: &Game) -> u64 {
    let Some(fen) = game.tag("FEN") else { return 0 };
    let mut fields = fen.split_whitespace();
    let black = fields.nth(1) == Some("b");
    let number = fields
        .nth(3)
        .and_then(|n| n.parse::<u32>().ok())
        .map_or(1, u64::from)
        .max(1);
    // In u64, the plies of the largest move number a FEN can give do not overflow.
    (number - 1) * 2 + u64::from(black)
}

impl Writer {
    /// Writes one game in the export format, ending with a blank line.
    ///
    /// ```
    /// use scoresheet::pgn::{writer::AsWritten, Game, Writer};
    /// let g = Game::read_all(b"[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 40\"] 40... Kc2 41. Ka2 *").remove(0).unwrap();
    /// let out = Writer::default().write(&g, &mut AsWritten);
    /// assert!(out.ends_with("40... Kc2 41. Ka2 *\n\n"));
    /// ```
    pub fn write(&self, game: &Game, moves: &mut dyn MoveText) -> String {
        let mut out = String::with_capacity(1024);
        let tags = export_tags(game);
        for (name, value) in &tags {
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            escape_tag(value, &mut out);
            out.push_str("\"]\n");
        }
        out.push('\n');
        let mut atoms = Atoms::default();
        // A ply takes a few bytes (its move, half a move number): room for the mainline at once.
        let plies = game.mainline.moves.len();
        atoms.buf.reserve(plies * 8 + 16);
        atoms.spans.reserve(plies * 3 / 2 + 4);
        self.line(&game.mainline, start_ply(game), moves, &mut atoms);
        let result = tags
            .iter()
            .find(|&&(n, _)| n == "Result")
            .map_or("*", |&(_, v)| v);
        atoms.atom(result);
        atoms.layout(self.max_line, &mut out);
        out.push('\n');
        out
    }

    fn line(&self, line: &Line, mut ply: u64, moves: &mut dyn MoveText, atoms: &mut Atoms) {
        for c in &line.comments {
            atoms.comment(c);
        }
        for n in &line.nags {
            atoms.atom(&format!("${n}"));
        }
        for v in &line.variations {
            atoms.open();
            self.line(v, ply, moves, atoms);
            atoms.close();
        }
        let mut need_number = true;
        for node in &line.moves {
            let number = ply / 2 + 1;
            if ply % 2 == 0 || need_number {
                let dots = if ply % 2 == 0 { "." } else { "..." };
                atoms.atom(&move_number(number, dots));
            }
            need_number = false;
            atoms.atom(&moves.move_text(node));
            for n in &node.nags {
                atoms.atom(&format!("${n}"));
            }
            for c in &node.comments {
                atoms.comment(c);
                need_number = true;
            }
            for v in &node.variations {
                atoms.open();
                self.line(v, ply, moves, atoms);
                atoms.close();
                need_number = true;
            }
            ply += 1;
        }
    }
}

/// `number` followed by `dots`, on the stack (at most twenty digits and three dots), without the
/// formatting machinery (a move number is written for every other ply).
fn move_number(mut number: u64, dots: &str) -> ArrayString<24> {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    let mut text = ArrayString::new();
    for &d in &digits[start..] {
        text.push(char::from(d));
    }
    text.push_str(dots);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_as_format_writes_them() {
        for n in (0..2000).chain([
            9_999,
            10_000,
            123_456_789,
            u64::from(u32::MAX) + 1,
            u64::MAX,
        ]) {
            for dots in [".", "..."] {
                assert_eq!(move_number(n, dots).as_str(), format!("{n}{dots}"));
            }
        }
    }

    #[test]
    fn the_largest_fen_move_number_goes_on_counting() {
        let text = b"[FEN \"3k4/8/8/8/8/8/8/3K4 b - - 0 4294967295\"] Kd7 Kd2 Ke7 *";
        let g = Game::read_all(text).remove(0).unwrap();
        let out = Writer::default().write(&g, &mut AsWritten);
        assert!(
            out.ends_with("4294967295... Kd7 4294967296. Kd2 Ke7 *\n\n"),
            "{out}"
        );
    }

    #[test]
    fn lines_stay_short_and_commands_whole() {
        let mut text = String::from("1. e4 {");
        for i in 0..30 {
            text.push_str(&format!("word{i} [%clk 0:0{}:00] ", i % 10));
        }
        text.push_str("} e5 (1... c5 2. Nf3 $1 (2. c3) d6) 2. Nf3 *");
        let g = Game::read_all(text.as_bytes()).remove(0).unwrap();
        let out = write_game(&g);
        for line in out.lines() {
            assert!(line.chars().count() < 80, "{line}");
            if !line.starts_with('[') {
                assert_eq!(
                    line.matches("[%").count(),
                    line.matches(']').count(),
                    "{line}"
                );
            }
        }
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("(1... c5 2. Nf3 $1 (2. c3) 2... d6) 2. Nf3 *"));
        let again = Game::read_all(out.as_bytes()).remove(0).unwrap();
        assert_eq!(again.mainline, g.mainline);
    }

    #[test]
    fn clock_comments_stay_whole_and_lines_short() {
        let mut text = String::new();
        for i in 0..40 {
            let san = if i % 2 == 0 { "Nf3 " } else { "Nf6 " };
            let back = if i % 2 == 0 { "Ng1 " } else { "Ng8 " };
            text.push_str(if i % 4 < 2 { san } else { back });
            text.push_str(&format!("{{ [%clk 0:0{}:{:02}] }} ", i % 10, i));
        }
        text.push('*');
        let g = Game::read_all(text.as_bytes()).remove(0).unwrap();
        let out = write_game(&g);
        let movetext = out.split("\n\n").nth(1).unwrap();
        assert!(movetext.lines().count() > 5, "{out}");
        for line in movetext.lines() {
            assert!(line.chars().count() < 80, "{line}");
            assert_eq!(
                line.matches("{[%clk ").count(),
                line.matches("]}").count(),
                "{line}"
            );
        }
        assert!(movetext.starts_with("1. Nf3 {[%clk 0:00:00]} 1... Nf6 {[%clk 0:01:01]} 2. Ng1"));
        let again = Game::read_all(out.as_bytes()).remove(0).unwrap();
        assert_eq!(again.mainline, g.mainline);
    }

    #[test]
    fn a_comment_never_puts_a_tag_at_a_line_start() {
        // Each kind of word after a word of every length, so that it comes where a line breaks.
        for tag_like in [
            "[Event \"M\"]",
            "[3ult \"y\"]",
            "[_x \"z\"]",
            "[ Round \"1\"]",
            "%esc",
        ] {
            for len in 1..90 {
                let text = format!("1. e4 {{{} {tag_like} and more}} e5 *", "w".repeat(len));
                let g = Game::read_all(text.as_bytes()).remove(0).unwrap();
                let out = write_game(&g);
                let movetext = out.split("\n\n").nth(1).unwrap();
                assert!(
                    movetext.lines().all(|l| {
                        !crate::pgn::lexer::looks_like_tag_line(l.as_bytes()) && !l.starts_with('%')
                    }),
                    "{out}"
                );
                assert_eq!(
                    Game::read_all(out.as_bytes()).remove(0).unwrap().mainline,
                    g.mainline
                );
            }
        }
    }

    #[test]
    fn tag_escapes_round_trip() {
        let g = Game::read_all(br#"[Event "The \"Immortal\" \\ game"] *"#)
            .remove(0)
            .unwrap();
        let out = write_game(&g);
        assert!(out.starts_with(r#"[Event "The \"Immortal\" \\ game"]"#));
        let again = Game::read_all(out.as_bytes()).remove(0).unwrap();
        assert_eq!(again.tag("Event"), Some(r#"The "Immortal" \ game"#));
    }
}
