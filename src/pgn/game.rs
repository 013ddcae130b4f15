//! A convenience tree of one game: tags in order, the mainline with nested variations, comments,
//! NAGs and the result. Built by [`GameBuilder`], a [`Visitor`] (bulk work should use its own
//! visitor instead: building the tree allocates).
//!
//! Comments are stored with their whitespace normalised (trimmed, runs of blanks and line ends
//! made one space), since the export format may wrap them at any space.
//!
//! ```
//! use scoresheet::pgn::Game;
//! let g = Game::read_all(b"1. e4 {best by test} (1. d4 $1) e5 2. Nf3 *").remove(0).unwrap();
//! let e4 = &g.mainline.moves[0];
//! assert_eq!(e4.comments[..], ["best by test"]);
//! assert_eq!(e4.variations[0].moves[0].san, "d4");
//! assert_eq!(e4.variations[0].moves[0].nags, [1]);
//! assert_eq!(g.mainline.moves.len(), 3);
//! ```

use super::reader::{Limits, Location, Outcome, PgnError, SliceReader, TagValue, Visitor};
use compact_str::CompactString;
use std::ops::ControlFlow;

/// One game as a tree.
///
/// Two games are equal when they say the same (tags, moves as written, annotations, result);
/// where they were written ([`Location`]s) is not compared.
///
/// ```
/// use scoresheet::pgn::Game;
/// let a = Game::read_all(b"1. e4 e5 *").remove(0).unwrap();
/// let b = Game::read_all(b"\n\n  1.e4   e5\n*").remove(0).unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Game {
    /// Tag pairs in the order read, values with escapes resolved (each held inline up to 24
    /// bytes: a name, a date, a result, most players' names).
    pub tags: Vec<(CompactString, CompactString)>,
    /// The moves played, with their variations.
    pub mainline: Line,
    /// The result token ending the movetext, if there was one.
    pub outcome: Option<Outcome>,
    /// Where the game starts.
    pub at: Location,
    /// Where its FEN tag stands, if it has one: where a FEN that sets up no position is
    /// reported.
    pub fen_at: Option<Location>,
    /// Where its Date tag stands, if it has one: where a date not in PGN's form is reported.
    pub date_at: Option<Location>,
    /// Where the result token stands, if there is one: where a result the game contradicts is
    /// reported.
    pub outcome_at: Option<Location>,
    /// Where its (first) Result tag stands, if it has one: where a result the game
    /// contradicts is reported when the movetext gives none.
    pub result_at: Option<Location>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.tags == other.tags && self.mainline == other.mainline && self.outcome == other.outcome
    }
}

impl Eq for Game {}

/// The comments at one place of a game, in order: the first held inline, so that a move with
/// one comment (a clock comment after every move of an online game) costs no allocation.
///
/// ```
/// use scoresheet::pgn::Comments;
/// let mut c = Comments::new();
/// c.push("[%clk 0:03:00]".into());
/// assert!(!c.spilled());
/// assert_eq!(c[..], ["[%clk 0:03:00]"]);
/// ```
pub type Comments = smallvec::SmallVec<[CompactString; 1]>;

/// A line of moves: the mainline or a variation.
///
/// ```
/// let line = scoresheet::pgn::Line::default();
/// assert!(line.moves.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before the first move of the line.
    pub comments: Comments,
    /// NAGs standing before the first move (not standard PGN, kept anyway).
    pub nags: Vec<u8>,
    /// Variations standing before the first move (not standard PGN, kept anyway).
    pub variations: Vec<Line>,
    /// The moves.
    pub moves: Vec<Node>,
}

/// One move as written, with what follows it.
///
/// ```
/// use scoresheet::pgn::Node;
/// let n = Node { san: "Nf3".into(), ..Node::default() };
/// assert_eq!(n.san, "Nf3");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// The move token as written (`Nf3`, `Jxe4`, `0-0`): held inline up to 24 bytes (every
    /// move written the usual way), not one allocation per move read.
    pub san: CompactString,
    /// Where it was written.
    pub at: Location,
    /// The move number written just before it (`12.`, `12...`), if one was.
    pub number: Option<u32>,
    /// Annotation glyphs after the move (suffixes `!`, `?` as their NAG numbers).
    pub nags: Vec<u8>,
    /// Comments after the move (inline up to 24 bytes, as a clock comment `[%clk 0:03:00]`).
    pub comments: Comments,
    /// Alternatives to this move, each starting from the position before it.
    pub variations: Vec<Line>,
    /// An en passant mark written apart after it (`exd6 e.p.`).
    pub en_passant_mark: bool,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.san == other.san
            && self.nags == other.nags
            && self.comments == other.comments
            && self.variations == other.variations
    }
}

impl Eq for Node {}

impl Game {
    /// The value of the first tag called `name`.
    ///
    /// ```
    /// let g = scoresheet::pgn::Game::read_all(b"[Round \"3\"] *").remove(0).unwrap();
    /// assert_eq!(g.tag("Round"), Some("3"));
    /// assert_eq!(g.tag("Event"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The tag that says which day the game was played, with its value: `Date`, or where that
    /// gives no year the `UTCDate` that lichess exports write (some with no `Date` at all).
    ///
    /// ```
    /// let g = scoresheet::pgn::Game::read_all(b"[Date \"????.??.??\"] [UTCDate \"2017.01.31\"] *")
    ///     .remove(0)
    ///     .unwrap();
    /// assert_eq!(g.date_played(), Some(("UTCDate", "2017.01.31")));
    /// ```
    pub fn date_played(&self) -> Option<(&'static str, &str)> {
        ["Date", "UTCDate"]
            .into_iter()
            .filter_map(|name| Some((name, self.tag(name)?)))
            .find(|(_, v)| crate::laws::earliest_day(v).is_some())
    }

    /// The tag pairs as `String`s, in order, for what keeps them apart from the game.
    ///
    /// ```
    /// let g = scoresheet::pgn::Game::read_all(b"[Round \"3\"] *").remove(0).unwrap();
    /// assert_eq!(g.tag_strings(), [("Round".to_string(), "3".to_string())]);
    /// ```
    pub fn tag_strings(&self) -> Vec<(String, String)> {
        self.tags
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    /// Reads every game of `bytes` (UTF-8), broken ones as errors.
    ///
    /// ```
    /// let all = scoresheet::pgn::Game::read_all(b"1. e4 * 1. d4 *");
    /// assert_eq!(all.len(), 2);
    /// ```
    pub fn read_all(bytes: &[u8]) -> Vec<Result<Game, PgnError>> {
        let mut reader = SliceReader::new(bytes);
        let mut builder = GameBuilder::default();
        std::iter::from_fn(|| reader.read_game(&mut builder)).collect()
    }

    /// Reads every game of `bytes` (UTF-8) as [`Game::read_all`] does, and gives each game
    /// broken by a syntax error with the game as far as it reads before the error (its tags and
    /// the moves written before it), where that much is a game: a move before the error may be
    /// wrong too, and is the game's first error.
    ///
    /// ```
    /// let all = scoresheet::pgn::Game::read_all_with_heads(b"1. e4 e5 2. Nf3 & Nc6 *\n\n1. d4 *");
    /// let (error, head) = all[0].as_ref().unwrap_err();
    /// assert_eq!((error.at.line, error.at.column), (1, 17));
    /// assert_eq!(head.as_ref().map(|g| g.mainline.moves.len()), Some(3));
    /// assert!(all[1].is_ok());
    /// ```
    pub fn read_all_with_heads(bytes: &[u8]) -> Vec<Result<Game, (PgnError, Option<Game>)>> {
        let mut reader = SliceReader::new(bytes);
        let mut builder = GameBuilder::default();
        let mut out = Vec::new();
        while let Some(read) = reader.read_game(&mut builder) {
            let number = u64::try_from(out.len() + 1).unwrap_or(u64::MAX);
            out.push(read.map_err(|e| {
                let head = Game::read_before_error(reader.last_game(), &e, number);
                (e, head)
            }));
        }
        out
    }

    /// The game a reader stopped at the syntax error `e` as far as it reads before the error
    /// (`last`: the game's text and where it starts, [`SliceReader::last_game`]; `number`: its
    /// number in the file), or `None` when that is no game.
    pub(crate) fn read_before_error(
        last: Option<(&str, Location)>,
        e: &PgnError,
        number: u64,
    ) -> Option<Game> {
        let (text, origin) = last?;
        let cut = usize::try_from(e.at.offset.checked_sub(origin.offset)?).ok()?;
        let before = text.get(..cut)?;
        let mut again =
            SliceReader::with_origin(before.as_bytes(), Limits::default(), origin, number);
        again.read_game(&mut GameBuilder::default())?.ok()
    }
}

/// Normalises the whitespace of a comment: trimmed, runs of blanks made one space.
///
/// ```
/// use scoresheet::pgn::game::normalize_comment;
/// assert_eq!(normalize_comment("  a\n  b\t c "), "a b c");
/// assert_eq!(normalize_comment("\x0b[%clk 0:03:00]\x0c\r\n"), "[%clk 0:03:00]");
/// assert_eq!(normalize_comment(" Žilina\u{a0} 1:0 "), "Žilina 1:0");
/// ```
pub fn normalize_comment(text: &str) -> CompactString {
    // In ASCII, `char::is_whitespace` is tab to carriage return and the space.
    let blank = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
    // Trimmed byte by byte: an ASCII blank is one byte, and no byte of another character is one.
    let bytes = text.as_bytes();
    let start = bytes.iter().position(|b| !blank(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !blank(b))
        .map_or(start, |i| i + 1);
    // Already one space between words (a clock comment ` [%clk 0:03:00] `): as it stands. One
    // pass: ASCII, and no blank but a single space.
    let mut tidy = true;
    let mut after_space = false;
    for &b in bytes.get(start..end).unwrap_or_default() {
        if b > b' ' && b < 0x80 {
            after_space = false;
        } else if b == b' ' && !after_space {
            after_space = true;
        } else if b >= 0x80 || blank(&b) {
            tidy = false;
            break;
        } else {
            // Another control character: kept as it is.
            after_space = false;
        }
    }
    if let (true, Some(trimmed)) = (tidy, text.get(start..end)) {
        return CompactString::new(trimmed);
    }
    let mut out = CompactString::with_capacity(text.len());
    if text.is_ascii() {
        // The same words byte by byte.
        let mut rest = text;
        loop {
            let start = rest.bytes().position(|b| !blank(&b)).unwrap_or(rest.len());
            rest = &rest[start..];
            if rest.is_empty() {
                return out;
            }
            let end = rest.bytes().position(|b| blank(&b)).unwrap_or(rest.len());
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The visitor that builds a [`Game`].
///
/// ```
/// use scoresheet::pgn::{game::GameBuilder, SliceReader};
/// let mut r = SliceReader::new(b"1. e4 *");
/// let g = r.read_game(&mut GameBuilder::default()).unwrap().unwrap();
/// assert_eq!(g.mainline.moves[0].san, "e4");
/// ```
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Game,
    /// Lines being built: the mainline first, then each open variation.
    stack: Vec<Line>,
    /// The move number read since the last move, for the next.
    number: Option<u32>,
}

impl GameBuilder {
    fn line(&mut self) -> &mut Line {
        if self.stack.is_empty() {
            self.stack.push(Line::default());
        }
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }
}

impl Visitor for GameBuilder {
    type Output = Game;

    fn begin_game(&mut self, _game: u64, at: Location) {
        self.game = Game {
            at,
            ..Game::default()
        };
        self.stack.clear();
        self.stack.push(Line::default());
        self.number = None;
    }

    fn tag(&mut self, name: &str, value: TagValue<'_>, at: Location) {
        if name == "FEN" {
            self.game.fen_at = Some(at);
        }
        if name == "Date" {
            self.game.date_at = Some(at);
        }
        if name == "Result" && self.game.result_at.is_none() {
            self.game.result_at = Some(at);
        }
        self.game.tags.push((
            CompactString::new(name),
            CompactString::from(value.decode()),
        ));
    }

    fn move_number(&mut self, number: u32) {
        self.number = Some(number);
    }

    fn san(&mut self, san: &str, at: Location) {
        let number = self.number.take();
        self.line().moves.push(Node {
            san: CompactString::new(san),
            at,
            number,
            ..Node::default()
        });
    }

    fn en_passant_mark(&mut self, _at: Location) {
        if let Some(node) = self.line().moves.last_mut() {
            node.en_passant_mark = true;
        }
    }

    fn nag(&mut self, nag: u8, _at: Location) {
        let line = self.line();
        match line.moves.last_mut() {
            Some(node) => node.nags.push(nag),
            None => line.nags.push(nag),
        }
    }

    fn comment(&mut self, text: &str, _at: Location) {
        let text = normalize_comment(text);
        let line = self.line();
        match line.moves.last_mut() {
            Some(node) => node.comments.push(text),
            None => line.comments.push(text),
        }
    }

    fn begin_variation(&mut self, _at: Location) -> ControlFlow<()> {
        // A number belongs to a move of its own line.
        self.number = None;
        self.stack.push(Line::default());
        ControlFlow::Continue(())
    }

    fn end_variation(&mut self, _at: Location) {
        self.number = None;
        if self.stack.len() < 2 {
            return;
        }
        let Some(done) = self.stack.pop() else { return };
        let parent = self.line();
        match parent.moves.last_mut() {
            Some(node) => node.variations.push(done),
            None => parent.variations.push(done),
        }
    }

    fn outcome(&mut self, outcome: Outcome, at: Location) {
        self.game.outcome = Some(outcome);
        self.game.outcome_at = Some(at);
    }

    fn end_game(&mut self) -> Game {
        while self.stack.len() > 1 {
            self.end_variation(Location::default());
        }
        self.game.mainline = self.stack.pop().unwrap_or_default();
        std::mem::take(&mut self.game)
    }
}

#[cfg(test)]
mod tests {
    use super::normalize_comment;

    /// The ASCII path gives the words `split_whitespace` gives, for every ASCII byte between and
    /// around them (controls, the vertical tab and form feed among them).
    #[test]
    fn ascii_comments_are_normalised_as_any_other_text() {
        let words = ["[%clk", "0:03:00]", "a\u{1f}b", "x"];
        for b in 0u8..128 {
            let c = char::from(b);
            let text: String = words
                .iter()
                .flat_map(|w| [c.to_string(), w.to_string(), c.to_string(), c.to_string()])
                .collect();
            assert!(text.is_ascii());
            let expected = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(normalize_comment(&text), expected, "byte {b}");
            // One byte between the words and at either end, before and after a space: where
            // the text may already be normalised (and is then kept as it stands).
            for sep in [c.to_string(), format!(" {c}"), format!("{c} ")] {
                let text = format!("{sep}{}{sep}", words.join(&sep));
                let expected = text.split_whitespace().collect::<Vec<_>>().join(" ");
                assert_eq!(normalize_comment(&text), expected, "byte {b} in {sep:?}");
            }
        }
    }
}
