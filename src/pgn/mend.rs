//! Reading a game again past the slips in its text that stopped the PGN reader.
//!
//! - A character that starts no PGN token (`6. R}e1`, `12. & Nf3`, a `)` that closes no
//!   variation, a `%` in the middle of a line) is taken as part of the move word it is written
//!   in (`R}e1` is then one word, for the reconstruction to read: a character too many), or
//!   passed over where it stands alone between words.
//! - A comment `{` or a variation `(` never closed (a comment also where another `{` stands
//!   in it before its `}`: its own `}` left out, the next comment's closing it) is closed
//!   between two words: at the place after which the game reads best by the caller's judge
//!   (in bulk, `batch::read_mended_game`: move numbers in step, then the most moves of the
//!   mainline replaying legally), and of several such places the first (a comment that
//!   swallowed the moves after it gives them back).
//!
//! The game is read as a tree with its comments, glyphs and variations, as any other; every
//! word keeps its place in the file. A malformed tag and the like are not mended, nor more than
//! one comment or variation never closed in a game.
//!
//! ```
//! use scoresheet::pgn::mend::read_mended;
//! use scoresheet::pgn::{Game, Location};
//! let text = "[Event \"x\"]\n\n1. e4 {good} e5 2. N}f3 (2. f4) & Nc6 *";
//! assert!(Game::read_all(text.as_bytes())[0].is_err());
//! let at = Location { offset: 0, line: 1, column: 1 };
//! // The judge: here, how many moves the mainline has.
//! let m = read_mended(text, at, 1, &mut |g| g.mainline.moves.len() as u64).unwrap();
//! let words: Vec<&str> = m.game.mainline.moves.iter().map(|n| n.san.as_str()).collect();
//! assert_eq!(words, ["e4", "e5", "N}f3", "Nc6"]);
//! assert_eq!(m.game.mainline.moves[0].comments[..], ["good"]);
//! assert_eq!(m.game.mainline.moves[2].variations.len(), 1);
//! assert_eq!(m.mends[0].word.as_deref(), Some("N}f3"));
//! assert_eq!((m.mends[1].character, m.mends[1].word.as_deref()), ('&', None));
//! assert_eq!((m.mends[1].at.line, m.mends[1].at.column), (3, 33));
//! ```

use super::game::GameBuilder;
use super::reader::ErrorKind;
use super::{Game, Limits, Line, Location, SliceReader};

/// At most this many stray characters are mended in one game: more, and the text is taken for
/// something else than a game with slips (it is not read again). A comment or variation never
/// closed is one more.
pub const MAX_MENDS: usize = 8;

/// A comment or variation never closed is closed at one of the first this many places between
/// words after its bracket (each place is one more reading of the game).
pub const MAX_CLOSING_PLACES: usize = 200;

/// A comment or variation never closed is closed only in a game of at most this many bytes (a
/// few thousand moves with their comments): each place tried reads the whole game again.
pub const MAX_CLOSING_TEXT: usize = 1 << 16;

/// A slip in a game's text mended by [`read_mended`]: a stray character, or a `{` or `(` never
/// closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mend {
    /// Where it stands (line and column in the file).
    pub at: Location,
    /// The character.
    pub character: char,
    /// The move word it was read in, as written (`R}e1`); `None` where it stood alone and was
    /// passed over, and for a bracket never closed.
    pub word: Option<String>,
    /// For a `{` or `(` never closed: where it was closed.
    pub closed: Option<Closed>,
}

/// Where [`read_mended`] closed a comment or variation never closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// The place the `}` or `)` was put: just after the word it follows (line and column in
    /// the file).
    pub at: Location,
    /// The word written after that place, which the game goes on with; `None` where it was
    /// closed at the end of the game.
    pub before: Option<String>,
}

impl std::fmt::Display for Mend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.closed, &self.word) {
            (Some(closed), _) => {
                let what = if self.character == '(' {
                    "variation"
                } else {
                    "comment"
                };
                write!(
                    f,
                    "{what} {:?} at {} never closed: closed at {}",
                    self.character, self.at, closed.at
                )?;
                match &closed.before {
                    Some(word) => write!(f, ", before '{word}'"),
                    None => write!(f, ", at the end of the game"),
                }
            }
            (None, Some(word)) => write!(
                f,
                "{:?} at {} read as part of the move word '{word}'",
                self.character, self.at
            ),
            (None, None) => write!(
                f,
                "{:?} at {} standing alone, passed over",
                self.character, self.at
            ),
        }
    }
}

/// In JSON (`check --repair --json`, `repair --json`): `{"line", "column", "character",
/// "word", "closed"}`, the word `null` for a character passed over or a bracket closed, and
/// `closed` `{"line", "column", "before"}` for a bracket closed, else `null`.
impl serde::Serialize for Mend {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Mend", 5)?;
        m.serialize_field("line", &self.at.line)?;
        m.serialize_field("column", &self.at.column)?;
        m.serialize_field("character", &self.character)?;
        m.serialize_field("word", &self.word)?;
        m.serialize_field("closed", &self.closed)?;
        m.end()
    }
}

/// In JSON: `{"line", "column", "before"}`.
impl serde::Serialize for Closed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Closed", 3)?;
        m.serialize_field("line", &self.at.line)?;
        m.serialize_field("column", &self.at.column)?;
        m.serialize_field("before", &self.before)?;
        m.end()
    }
}

/// A game read by [`read_mended`], and what was mended in it.
#[derive(Clone, Debug)]
pub struct Mended {
    /// The game, its move words as written (the stray characters in them).
    pub game: Game,
    /// The characters mended, in the order they stand.
    pub mends: Vec<Mend>,
}

/// Whether [`read_mended`] tries a game stopped at this syntax error: a stray character
/// ([`stray`]), or a comment or variation never closed.
///
/// ```
/// use scoresheet::pgn::{mend::mendable, ErrorKind};
/// assert!(mendable(&ErrorKind::UnclosedComment));
/// assert!(!mendable(&ErrorKind::TagTooLong { max: 10 }));
/// ```
pub fn mendable(kind: &ErrorKind) -> bool {
    stray(kind).is_some() || bracket(kind).is_some()
}

/// The bracket a syntax error says was never closed, and the one that closes it.
fn bracket(kind: &ErrorKind) -> Option<(char, char)> {
    match kind {
        ErrorKind::UnclosedComment | ErrorKind::BraceInComment { .. } => Some(('{', '}')),
        ErrorKind::UnclosedVariation => Some(('(', ')')),
        _ => None,
    }
}

/// The stray character a syntax error stopped at, if it is one [`read_mended`] mends.
///
/// ```
/// use scoresheet::pgn::{mend::stray, ErrorKind};
/// assert_eq!(stray(&ErrorKind::UnexpectedCharacter('&')), Some('&'));
/// assert_eq!(stray(&ErrorKind::UnclosedComment), None); // see `mendable`
/// ```
pub fn stray(kind: &ErrorKind) -> Option<char> {
    match kind {
        ErrorKind::UnexpectedCharacter(c) => Some(*c),
        ErrorKind::UnmatchedClose => Some(')'),
        ErrorKind::MisplacedEscape => Some('%'),
        _ => None,
    }
}

/// Whether `c` would be part of a move word written beside it.
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '=' | '+' | '#' | '@' | ':' | '/')
}

/// Reads `text`, one game (starting at `origin` in its file, game `number`) that the PGN reader
/// stops in at a slip [`mendable`], again with each slip mended (see the
/// [module docs](self)); `judge` says how well a reading of the game reads (the more, the
/// better: the caller's count of the mainline's moves that replay legally), to choose where a
/// bracket never closed is closed. `None` when the game stops at something else, at more than
/// [`MAX_MENDS`] stray characters or two brackets never closed (or one in a game longer than
/// [`MAX_CLOSING_TEXT`]), or does not read as one game once they are mended.
pub fn read_mended(
    text: &str,
    origin: Location,
    number: u64,
    judge: &mut dyn FnMut(&Game) -> u64,
) -> Option<Mended> {
    let context = Context {
        origin,
        number,
        judge,
    };
    let read = read_mending(context, text.to_owned(), Vec::new(), None)?;
    Some(finish(text, origin, read))
}

/// What every reading of one game shares.
struct Context<'a> {
    origin: Location,
    number: u64,
    judge: &'a mut dyn FnMut(&Game) -> u64,
}

/// A stray character found: its offset in the text read (where it was replaced, byte for byte,
/// by `Z` or spaces), the character, whether it is part of a word, and where the reader saw it.
#[derive(Clone, Copy)]
struct Stray {
    local: usize,
    c: char,
    glued: bool,
    at: Location,
}

/// A bracket never closed: where it stands, and the offset at which its closing bracket was
/// inserted into the text read (the text before that offset is the game's own).
#[derive(Clone, Copy)]
struct Closing {
    opener: char,
    at: Location,
    local: usize,
}

/// A game read with its slips mended, in the coordinates of the mended text.
struct Read {
    game: Game,
    strays: Vec<Stray>,
    closing: Option<Closing>,
}

/// Reads `mended` (the game's text, slips already mended in it as `strays` and `closing` say),
/// mending each further slip the reader stops at.
fn read_mending(
    context: Context<'_>,
    mut mended: String,
    mut strays: Vec<Stray>,
    closing: Option<Closing>,
) -> Option<Read> {
    let Context {
        origin,
        number,
        judge,
    } = context;
    loop {
        let mut reader =
            SliceReader::with_origin(mended.as_bytes(), Limits::default(), origin, number);
        let read = reader.read_game(&mut GameBuilder::default())?;
        let e = match read {
            Ok(game) => {
                if reader.read_game(&mut GameBuilder::default()).is_some() {
                    return None;
                }
                return Some(Read {
                    game,
                    strays,
                    closing,
                });
            }
            Err(e) => e,
        };
        let local = usize::try_from(e.at.offset.checked_sub(origin.offset)?).ok()?;
        if let Some((opener, closer)) = bracket(&e.kind) {
            if closing.is_some()
                || mended.len() > MAX_CLOSING_TEXT
                || !mended.get(local..)?.starts_with(opener)
            {
                return None;
            }
            // Each place between words after the bracket (right after it first: a bracket
            // written by mistake), read with the closing bracket there; the best reading wins,
            // the first of equals.
            let mut best: Option<(u64, Read)> = None;
            for place in closing_places(&mended, local + 1).take(MAX_CLOSING_PLACES) {
                let mut text = mended.clone();
                text.insert(place, closer);
                let closing = Some(Closing {
                    opener,
                    at: e.at,
                    local: place,
                });
                // A variation is found never closed only at the end of the game, past the stray
                // characters after its bracket: they move on with the text after the place.
                let line = location_in(&mended, origin, place).line;
                let mut moved = strays.clone();
                for s in moved.iter_mut().filter(|s| s.local >= place) {
                    s.local += 1;
                    s.at.offset += 1;
                    if s.at.line == line {
                        s.at.column += 1;
                    }
                }
                let again = Context {
                    origin,
                    number,
                    judge: &mut *judge,
                };
                let Some(read) = read_mending(again, text, moved, closing) else {
                    continue;
                };
                let score = judge(&read.game);
                if best.as_ref().map_or(true, |(b, _)| score > *b) {
                    best = Some((score, read));
                }
            }
            return best.map(|(_, read)| read);
        }
        let c = stray(&e.kind)?;
        if strays.len() == MAX_MENDS || !mended.get(local..)?.starts_with(c) {
            return None;
        }
        let end = local + c.len_utf8();
        let before = mended.get(..local)?.chars().next_back();
        let after = mended.get(end..)?.chars().next();
        let glued = before.is_some_and(word_char) || after.is_some_and(word_char);
        let filler = if glued { "Z" } else { " " }.repeat(c.len_utf8());
        mended.replace_range(local..end, &filler);
        strays.push(Stray {
            local,
            c,
            glued,
            at: e.at,
        });
    }
}

/// The places after `from` in `text` where a closing bracket may go: `from` itself, and the end
/// of each word (before the blank after it, or at the end of the text).
fn closing_places(text: &str, from: usize) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    let blank = |b: u8| b.is_ascii_whitespace();
    std::iter::once(from).chain(
        (from + 1..=bytes.len())
            .filter(move |&p| !blank(bytes[p - 1]) && bytes.get(p).map_or(true, |&b| blank(b))),
    )
}

/// The mended game in the file's coordinates, its words as written, and its mends in order.
fn finish(text: &str, origin: Location, read: Read) -> Mended {
    let Read {
        mut game,
        strays,
        closing,
    } = read;
    let mut mends = Vec::with_capacity(strays.len() + 1);
    // The columns after a character of several bytes, which took as many columns as bytes in
    // the mended text, on its line.
    let wide_before = |at: Location, offset: u64| -> u32 {
        strays
            .iter()
            .filter(|s| s.at.line == at.line && origin.offset + (s.local as u64) < offset)
            .map(|s| (s.c.len_utf8() - 1) as u32)
            .sum()
    };
    for s in &strays {
        let wide = s.c.len_utf8() - 1;
        let offset = origin.offset + s.local as u64;
        let mut word = None;
        each_node(&mut game.mainline, &mut |n| {
            let start = n.at.offset;
            if s.glued && start <= offset && offset < start + n.san.len() as u64 {
                let i = (offset - start) as usize;
                let mut san = String::with_capacity(n.san.len());
                san.push_str(n.san.get(..i).unwrap_or(""));
                san.push(s.c);
                san.push_str(n.san.get(i + s.c.len_utf8()..).unwrap_or(""));
                n.san = san.as_str().into();
                word = Some(san);
            } else if wide > 0 && start > offset && n.at.line == s.at.line {
                n.at.column = n.at.column.saturating_sub(wide as u32);
            }
        });
        // The errors after a wide character on its line were found in the mended text too.
        let mut at = s.at;
        at.column = at.column.saturating_sub(wide_before(s.at, offset));
        mends.push(Mend {
            at,
            character: s.c,
            word,
            closed: None,
        });
    }
    if let Some(c) = closing {
        // The closing bracket inserted: what stands after it is one byte, and on its line one
        // column, further on in the text read than in the file.
        let inserted = origin.offset + c.local as u64;
        let place = location_in(text, origin, c.local);
        let shift = |at: &mut Location| {
            if at.offset > inserted {
                at.offset -= 1;
                if at.line == place.line {
                    at.column = at.column.saturating_sub(1);
                }
            }
        };
        each_node(&mut game.mainline, &mut |n| shift(&mut n.at));
        for m in &mut mends {
            shift(&mut m.at);
        }
        let mut at = c.at;
        at.column = at.column.saturating_sub(wide_before(c.at, c.at.offset));
        let before = text
            .get(c.local..)
            .and_then(|rest| rest.split_ascii_whitespace().next())
            .map(str::to_owned);
        let mend = Mend {
            at,
            character: c.opener,
            word: None,
            closed: Some(Closed { at: place, before }),
        };
        let k = mends.partition_point(|m| m.at.offset < mend.at.offset);
        mends.insert(k, mend);
    }
    Mended { game, mends }
}

/// Where the byte `local` of `text` (a game starting at `origin`) stands in the file.
fn location_in(text: &str, origin: Location, local: usize) -> Location {
    let before = text.get(..local).unwrap_or(text);
    let (lines, line_start) = super::reader::line_ends_in(before);
    let chars = before.get(line_start..).map_or(0, |l| l.chars().count()) as u32;
    let column = if lines == 0 {
        origin.column + chars
    } else {
        chars + 1
    };
    Location {
        offset: origin.offset + local as u64,
        line: origin.line + lines,
        column,
    }
}

/// Reads every game of `bytes` (UTF-8) as [`Game::read_all`] does, each game stopped at a slip
/// [`mendable`] read again past it ([`read_mended`], with `judge`; the others with no mends); a
/// game stopped at something else stays the reader's error.
///
/// ```
/// use scoresheet::pgn::mend::read_all_mended;
/// let text = b"1. e4 e5 2. Nf3 & Nc6 *\n\n1. d4 {never closed *\n\n1. c4 [x] *";
/// let all = read_all_mended(text, &mut |g| g.mainline.moves.len() as u64);
/// let first = all[0].as_ref().unwrap();
/// assert_eq!((first.game.mainline.moves.len(), first.mends.len()), (4, 1));
/// assert!(all[1].is_ok());
/// assert!(all[2].is_err());
/// ```
pub fn read_all_mended(
    bytes: &[u8],
    judge: &mut dyn FnMut(&Game) -> u64,
) -> Vec<Result<Mended, super::PgnError>> {
    let mut reader = SliceReader::new(bytes);
    let mut builder = GameBuilder::default();
    let mut out = Vec::new();
    while let Some(read) = reader.read_game(&mut builder) {
        let number = u64::try_from(out.len() + 1).unwrap_or(u64::MAX);
        out.push(match read {
            Ok(game) => Ok(Mended {
                game,
                mends: Vec::new(),
            }),
            Err(e) => reader
                .last_game()
                .filter(|_| mendable(&e.kind))
                .and_then(|(text, origin)| read_mended(text, origin, number, &mut *judge))
                .ok_or(e),
        });
    }
    out
}

/// Calls `f` on every move of `line` and of its variations, at every depth.
fn each_node(line: &mut Line, f: &mut impl FnMut(&mut super::Node)) {
    for v in &mut line.variations {
        each_node(v, f);
    }
    for n in &mut line.moves {
        f(n);
        for v in &mut n.variations {
            each_node(v, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Location {
        Location {
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// The judge the bulk repair uses: twice the mainline's legal moves, one more for a game
    /// that replays to its end.
    fn legal(g: &Game) -> u64 {
        let r = crate::replay::replay_game(g, &crate::replay::ReplayOptions::default());
        2 * u64::from(r.plies) + u64::from(r.error.is_none())
    }

    fn words(g: &Game) -> Vec<&str> {
        words_of(&g.mainline)
    }

    fn words_of(line: &Line) -> Vec<&str> {
        line.moves.iter().map(|n| n.san.as_str()).collect()
    }

    #[test]
    fn a_character_in_a_word_stays_in_it() {
        let m = read_mended("1. e4 e5 2. Nf3 Nc6 3. B<b5 *", start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3", "Nc6", "B<b5"]);
        assert_eq!(m.game.mainline.moves[4].at.column, 24);
        assert_eq!(m.mends.len(), 1);
        assert_eq!(
            m.mends[0].to_string(),
            "'<' at 1:25 read as part of the move word 'B<b5'"
        );
    }

    #[test]
    fn a_wide_character_keeps_the_columns_after_it() {
        // `→` is three bytes: the word after it on the line still starts at its column.
        let m = read_mended("1. e4 e5 2. Nf3→ Nc6 3. Bb5 *", start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3→", "Nc6", "Bb5"]);
        assert_eq!(m.game.mainline.moves[3].at.column, 18);
        assert_eq!(m.game.mainline.moves[4].at.column, 25);
        let m = read_mended("1. e4 → e5 ← 2. Nf3 *", start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3"]);
        assert_eq!((m.mends[0].at.column, m.mends[1].at.column), (7, 12));
        assert_eq!(m.game.mainline.moves[2].at.column, 17);
    }

    #[test]
    fn several_characters_in_one_game_and_in_variations() {
        let m = read_mended("1. e4 (1. d}4 d5) e5) 2. Nf3 *", start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5)", "Nf3"]);
        assert_eq!(m.game.mainline.moves[0].variations[0].moves[0].san, "d}4");
        assert_eq!(m.mends.len(), 2);
    }

    #[test]
    fn a_comment_never_closed_gives_back_the_moves_it_swallowed() {
        let m = read_mended("1. e4 {a good move e5 2. Nf3 Nc6 *", start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(m.game.mainline.moves[0].comments[..], ["a good move"]);
        assert_eq!(m.game.outcome, Some(crate::pgn::Outcome::Unknown));
        // The words after the place keep their columns.
        assert_eq!(m.game.mainline.moves[1].at.column, 20);
        assert_eq!(
            m.mends[0].to_string(),
            "comment '{' at 1:7 never closed: closed at 1:19, before 'e5'"
        );
        // A bracket written by mistake: closed right after it.
        let m = read_mended("1. e4 e5 2. Nf3 {2... Nc6 *", start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(m.mends[0].closed.as_ref().unwrap().at.column, 18);
    }

    #[test]
    fn a_comment_whose_words_read_as_moves_is_not_closed_before_them() {
        // `Nc6` in the comment is legal after 2. Nf3, but the game does not go on from it.
        let text = "1. e4 e5 2. Nf3 {threatening Nc6 Bb5 2... Nc6 3. Bb5 a6 *";
        let m = read_mended(text, start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(
            m.game.mainline.moves[2].comments[..],
            ["threatening Nc6 Bb5"]
        );
    }

    #[test]
    fn a_variation_never_closed_is_closed_where_the_mainline_goes_on() {
        let text = "1. e4 e5 2. Nf3 (2. Nc3 Nf6 3. f4) Nc6 3. Bb5 a6 *";
        // Nested: the inner variation is closed, the outer not.
        let text = text
            .replace(" Nc6 3. Bb5", " 2... Nc6 3. Bb5")
            .replace("3. f4)", "3. f4");
        let m = read_mended(&text, start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        let v = &m.game.mainline.moves[2].variations[0];
        assert_eq!(words_of(v), ["Nc3", "Nf6", "f4"]);
        assert_eq!(
            m.mends[0].to_string(),
            "variation '(' at 1:17 never closed: closed at 1:34, before '2...'"
        );
        // Two never closed: not mended.
        let two = "1. e4 e5 2. Nf3 (2. Nc3 Nf6 (2... d6 2... Nc6 3. Bb5 a6 *";
        assert!(read_mended(two, start(), 1, &mut legal).is_none());
    }

    #[test]
    fn a_bracket_closed_on_another_line_and_stray_characters_after_it() {
        // CRLF line ends; the place is at the end of the first line; a stray `&` after it.
        let text = "1. e4 e5 2. Nf3 {a good move\r\n2... Nc6 3. Bb5 & a6 *";
        let m = read_mended(text, start(), 1, &mut legal).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        let a6 = &m.game.mainline.moves[5];
        assert_eq!((a6.at.line, a6.at.column, a6.at.offset), (2, 19, 48));
        assert_eq!(m.mends.len(), 2);
        let closed = m.mends[0].closed.as_ref().unwrap();
        assert_eq!((closed.at.line, closed.at.column), (1, 29));
        assert_eq!(closed.before.as_deref(), Some("2..."));
        assert_eq!((m.mends[1].at.line, m.mends[1].at.column), (2, 17));
        // A stray character after a variation's bracket is found before the variation is
        // found never closed (at the end of the game): it keeps its place too.
        let text = "1. e4 e5 2. Nf3 (2. Nc3 Nf6 2... Nc6 3. Bb5 a6 4. B&a4 *";
        let m = read_mended(text, start(), 1, &mut legal).unwrap();
        assert_eq!(
            words(&m.game),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "B&a4"]
        );
        assert_eq!(m.game.mainline.moves[6].at.column, 51);
        assert_eq!(m.mends[1].at.column, 52);
    }

    #[test]
    fn what_changes_the_rest_of_the_text_is_not_mended() {
        assert!(read_mended("1. e4 [Site \"x\"] e5 *", start(), 1, &mut legal).is_none());
        let many = "1. e4 & e5 & 2. Nf3 & Nc6 & 3. Bb5 & a6 & 4. Ba4 & Nf6 & 5. O-O & *";
        assert!(read_mended(many, start(), 1, &mut legal).is_none());
        // A game that reads needs no mending (and is read as it is).
        assert_eq!(
            read_mended("1. e4 e5 *", start(), 1, &mut legal)
                .unwrap()
                .mends,
            []
        );
    }

    #[test]
    fn places_are_the_files() {
        let origin = Location {
            offset: 100,
            line: 40,
            column: 1,
        };
        let m = read_mended("[Event \"x\"]\n\n1. e4 e5 2. N&f3 *", origin, 7, &mut legal).unwrap();
        assert_eq!((m.mends[0].at.line, m.mends[0].at.column), (42, 14));
        assert_eq!(m.game.mainline.moves[2].at.line, 42);
    }
}
