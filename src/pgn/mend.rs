//! Reading a game again past the stray characters that stopped the PGN reader: `6. R}e1`, `12.
//! & Nf3`, a `)` that closes no variation. A character that starts no PGN token is taken as part
//! of the move word it is written in (`R}e1` is then one word, for the reconstruction to read:
//! a character too many), or passed over where it stands alone between words; the game is read
//! as a tree with its comments, glyphs and variations, as any other.
//!
//! Only such characters are mended: a comment or a variation never closed, a malformed tag and
//! the like change what the rest of the text is, and a game stopped by one of them is not read
//! again.
//!
//! ```
//! use scoresheet::pgn::mend::read_mended;
//! use scoresheet::pgn::{Game, Location};
//! let text = "[Event \"x\"]\n\n1. e4 {good} e5 2. N}f3 (2. f4) & Nc6 *";
//! assert!(Game::read_all(text.as_bytes())[0].is_err());
//! let at = Location { offset: 0, line: 1, column: 1 };
//! let m = read_mended(text, at, 1).unwrap();
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
/// something else than a game with slips (it is not read again).
pub const MAX_MENDS: usize = 8;

/// A stray character mended by [`read_mended`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mend {
    /// Where it stands (line and column in the file).
    pub at: Location,
    /// The character.
    pub character: char,
    /// The move word it was read in, as written (`R}e1`); `None` where it stood alone and was
    /// passed over.
    pub word: Option<String>,
}

impl std::fmt::Display for Mend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.word {
            Some(word) => write!(
                f,
                "{:?} at {} read as part of the move word '{word}'",
                self.character, self.at
            ),
            None => write!(
                f,
                "{:?} at {} standing alone, passed over",
                self.character, self.at
            ),
        }
    }
}

/// In JSON (`check --repair --json`, `repair --json`): `{"line", "column", "character",
/// "word"}`, the word `null` for a character passed over.
impl serde::Serialize for Mend {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Mend", 4)?;
        m.serialize_field("line", &self.at.line)?;
        m.serialize_field("column", &self.at.column)?;
        m.serialize_field("character", &self.character)?;
        m.serialize_field("word", &self.word)?;
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

/// The stray character a syntax error stopped at, if it is one [`read_mended`] mends.
///
/// ```
/// use scoresheet::pgn::{mend::stray, ErrorKind};
/// assert_eq!(stray(&ErrorKind::UnexpectedCharacter('&')), Some('&'));
/// assert_eq!(stray(&ErrorKind::UnclosedComment), None);
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
/// stops in at stray characters, again with each of them mended (see the
/// [module docs](self)): `None` when the game stops at something else, at more than
/// [`MAX_MENDS`] of them, or does not read as one game once they are mended.
pub fn read_mended(text: &str, origin: Location, number: u64) -> Option<Mended> {
    // Each stray character is replaced, byte for byte, by `Z` (a letter: part of the word beside
    // it) or by spaces (standing alone), so that every offset stays the text's; the words are
    // given back their characters once the game reads.
    let mut mended = text.to_owned();
    // (offset in `text`, the character, whether it is part of a word, where it stands)
    let mut found: Vec<(usize, char, bool, Location)> = Vec::new();
    let game = loop {
        let mut reader =
            SliceReader::with_origin(mended.as_bytes(), Limits::default(), origin, number);
        let read = reader.read_game(&mut GameBuilder::default())?;
        match read {
            Ok(game) => {
                if reader.read_game(&mut GameBuilder::default()).is_some() {
                    return None;
                }
                break game;
            }
            Err(e) => {
                let c = stray(&e.kind)?;
                if found.len() == MAX_MENDS {
                    return None;
                }
                let local = usize::try_from(e.at.offset.checked_sub(origin.offset)?).ok()?;
                if !mended.get(local..)?.starts_with(c) {
                    return None;
                }
                let end = local + c.len_utf8();
                let before = mended.get(..local)?.chars().next_back();
                let after = mended.get(end..)?.chars().next();
                let glued = before.is_some_and(word_char) || after.is_some_and(word_char);
                let filler = if glued { "Z" } else { " " }.repeat(c.len_utf8());
                mended.replace_range(local..end, &filler);
                found.push((local, c, glued, e.at));
            }
        }
    };
    let mut game = game;
    let mut mends = Vec::with_capacity(found.len());
    for (k, &(local, c, glued, at)) in found.iter().enumerate() {
        // A character of several bytes took as many columns as bytes in the mended text: the
        // columns after it on its line are given back.
        let wide = c.len_utf8() - 1;
        let offset = origin.offset + local as u64;
        let mut word = None;
        each_node(&mut game.mainline, &mut |n| {
            let start = n.at.offset;
            if glued && start <= offset && offset < start + n.san.len() as u64 {
                let i = (offset - start) as usize;
                let mut san = String::with_capacity(n.san.len());
                san.push_str(n.san.get(..i).unwrap_or(""));
                san.push(c);
                san.push_str(n.san.get(i + c.len_utf8()..).unwrap_or(""));
                n.san = san.as_str().into();
                word = Some(san);
            } else if wide > 0 && start > offset && n.at.line == at.line {
                n.at.column = n.at.column.saturating_sub(wide as u32);
            }
        });
        // The errors after a wide character on its line were found in the mended text too.
        let mut at = at;
        at.column = at.column.saturating_sub(
            found[..k]
                .iter()
                .filter(|(_, _, _, a)| a.line == at.line)
                .map(|(_, c, _, _)| (c.len_utf8() - 1) as u32)
                .sum(),
        );
        mends.push(Mend {
            at,
            character: c,
            word,
        });
    }
    Some(Mended { game, mends })
}

/// Reads every game of `bytes` (UTF-8) as [`Game::read_all`] does, each game stopped at stray
/// characters read again past them ([`read_mended`]; the others with no mends); a game stopped
/// at something else stays the reader's error.
///
/// ```
/// use scoresheet::pgn::mend::read_all_mended;
/// let all = read_all_mended(b"1. e4 e5 2. Nf3 & Nc6 *\n\n1. d4 {never closed *");
/// let first = all[0].as_ref().unwrap();
/// assert_eq!((first.game.mainline.moves.len(), first.mends.len()), (4, 1));
/// assert!(all[1].is_err());
/// ```
pub fn read_all_mended(bytes: &[u8]) -> Vec<Result<Mended, super::PgnError>> {
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
                .filter(|_| stray(&e.kind).is_some())
                .and_then(|(text, origin)| read_mended(text, origin, number))
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

    fn words(g: &Game) -> Vec<&str> {
        g.mainline.moves.iter().map(|n| n.san.as_str()).collect()
    }

    #[test]
    fn a_character_in_a_word_stays_in_it() {
        let m = read_mended("1. e4 e5 2. Nf3 Nc6 3. B<b5 *", start(), 1).unwrap();
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
        let m = read_mended("1. e4 e5 2. Nf3→ Nc6 3. Bb5 *", start(), 1).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3→", "Nc6", "Bb5"]);
        assert_eq!(m.game.mainline.moves[3].at.column, 18);
        assert_eq!(m.game.mainline.moves[4].at.column, 25);
        let m = read_mended("1. e4 → e5 ← 2. Nf3 *", start(), 1).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5", "Nf3"]);
        assert_eq!((m.mends[0].at.column, m.mends[1].at.column), (7, 12));
        assert_eq!(m.game.mainline.moves[2].at.column, 17);
    }

    #[test]
    fn several_characters_in_one_game_and_in_variations() {
        let m = read_mended("1. e4 (1. d}4 d5) e5) 2. Nf3 *", start(), 1).unwrap();
        assert_eq!(words(&m.game), ["e4", "e5)", "Nf3"]);
        assert_eq!(m.game.mainline.moves[0].variations[0].moves[0].san, "d}4");
        assert_eq!(m.mends.len(), 2);
    }

    #[test]
    fn what_changes_the_rest_of_the_text_is_not_mended() {
        assert!(read_mended("1. e4 {never closed e5 *", start(), 1).is_none());
        assert!(read_mended("1. e4 (1. d4 e5 *", start(), 1).is_none());
        let many = "1. e4 & e5 & 2. Nf3 & Nc6 & 3. Bb5 & a6 & 4. Ba4 & Nf6 & 5. O-O & *";
        assert!(read_mended(many, start(), 1).is_none());
        // A game that reads needs no mending (and is read as it is).
        assert_eq!(read_mended("1. e4 e5 *", start(), 1).unwrap().mends, []);
    }

    #[test]
    fn places_are_the_files() {
        let origin = Location {
            offset: 100,
            line: 40,
            column: 1,
        };
        let m = read_mended("[Event \"x\"]\n\n1. e4 e5 2. N&f3 *", origin, 7).unwrap();
        assert_eq!((m.mends[0].at.line, m.mends[0].at.column), (42, 14));
        assert_eq!(m.game.mainline.moves[2].at.line, 42);
    }
}
