//! `clean --dedupe`: what makes two games one, and the index of the games kept so far.
//!
//! The index holds every game kept, so each costs little: a game's moves and its players, round
//! and result are held as 64-bit hashes, its date as eight 4-bit digits, and the index maps the
//! moves' hash to the first game kept with those moves (the others chained behind it) instead
//! of holding the games in the hash table. On lichess-players (37,221 games; peak resident
//! memory of `clean -j 1 --dedupe` against `clean -j 1`, by `/usr/bin/time -f %M`) `--dedupe`
//! added 33 MiB, 890 bytes a game, when the index was a table of strings; it adds 7.2 MiB now,
//! about 200 bytes a game (a million games: about 190 MiB), since each group holds the key of
//! all its copies together beside how much its kept copy says (175 bytes before that).

use super::tags::normalize_date;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::ops::Range;

/// A name or result as the index compares it: a hash of the tidied text, 0 where the text says
/// nothing (`?`, empty, `*`), which agrees with anything.
type Field = u64;

/// A date not in `YYYY.MM.DD` form: agrees only with another such.
const NO_DATE: u32 = 0xEEEE_EEEE;

/// What makes two games one: the same start and moves, and players, date, round and result
/// that could be the same (equal, or unknown on one side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DedupeKey {
    moves: u64,
    white: Field,
    black: Field,
    result: Field,
    round: Field,
    date: u32,
    /// How much the copy carries besides its moves ([`Richness`]).
    pub richness: Richness,
}

/// How much a copy of a game carries besides its moves: its annotations (comments, clocks
/// among them, annotation glyphs, and the moves of its variations), and its tags that say
/// something (not `?` or empty; not `SetUp`, `FEN` or `PlyCount`, which every copy of the same
/// moves from the same start says alike).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Richness {
    /// The copy is the game as its source has it: not repaired, not cut short.
    pub intact: bool,
    /// Comments, glyphs and variation moves.
    pub annotations: u32,
    /// Tags that say something.
    pub tags: u32,
}

/// The tags a [`DedupeKey`] is made of, as written (names already tidied and in lower case).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KeyTags<'a> {
    pub white: &'a str,
    pub black: &'a str,
    pub date: &'a str,
    pub round: &'a str,
    pub result: &'a str,
}

impl DedupeKey {
    /// The key of a game whose start and moves hash to `moves`, with its key tags.
    pub fn new(moves: u64, tags: KeyTags<'_>, richness: Richness) -> DedupeKey {
        let name = |n: &str| {
            if n == "?" || n == "-" || n.is_empty() {
                0
            } else {
                field(n)
            }
        };
        DedupeKey {
            moves,
            white: name(tags.white),
            black: name(tags.black),
            result: if tags.result == "*" {
                0
            } else {
                field(tags.result)
            },
            round: name(tags.round.trim()),
            date: pack_date(tags.date),
            richness,
        }
    }

    /// Whether `self` and `other` may be one game.
    pub fn compatible(&self, other: &DedupeKey) -> bool {
        let same = |a: Field, b: Field| a == b || a == 0 || b == 0;
        self.moves == other.moves
            && same(self.white, other.white)
            && same(self.black, other.black)
            && same(self.result, other.result)
            && same(self.round, other.round)
            && dates_agree(self.date, other.date)
    }

    /// What two compatible keys say together: each field known where either knows it (the key
    /// of a group of copies, which a further copy must agree with as a whole: a `*` copy joined
    /// by a 1-0 copy takes no 0-1 copy). The richness is `self`'s.
    pub fn meet(&self, other: &DedupeKey) -> DedupeKey {
        let known = |a: Field, b: Field| if a == 0 { b } else { a };
        let date = if self.date == NO_DATE || other.date == NO_DATE {
            self.date
        } else {
            (0..8).fold(0u32, |acc, k| {
                let (x, y) = (digit(self.date, k), digit(other.date, k));
                acc | (if x == UNKNOWN_DIGIT { y } else { x }) << (4 * k)
            })
        };
        DedupeKey {
            moves: self.moves,
            white: known(self.white, other.white),
            black: known(self.black, other.black),
            result: known(self.result, other.result),
            round: known(self.round, other.round),
            date,
            richness: self.richness,
        }
    }

    /// How much this copy says, to keep the copy that says most of a group: a known result
    /// first, then the copy as its source has it over one repaired or cut short (whose own
    /// `{scoresheet: ...}` note is no annotation), then more annotations (comments, clocks, glyphs, variation moves), then more of
    /// the date known, then more tags that say something (a copy with `1-0` is kept over a `*`
    /// copy with clocks; an annotated copy dated `1999.??.??` over a bare one dated in full,
    /// whose analysis would be lost with it).
    pub fn standing(&self) -> Standing {
        let known_digits = if self.date == NO_DATE {
            0
        } else {
            (0..8)
                .filter(|&k| digit(self.date, k) != UNKNOWN_DIGIT)
                .count()
        };
        (
            self.result != 0,
            self.richness.intact,
            self.richness.annotations,
            known_digits as u8,
            self.richness.tags,
        )
    }
}

/// What [`DedupeKey::standing`] compares: result known, intact, annotations, date digits known,
/// tags.
pub(crate) type Standing = (bool, bool, u32, u8, u32);

/// A `?` digit of a packed date.
const UNKNOWN_DIGIT: u32 = 0xF;

/// Digit `k` (from the right) of a packed date.
fn digit(date: u32, k: u32) -> u32 {
    (date >> (4 * k)) & 0xF
}

/// The hash of a text, never 0 (which stands for "unknown").
fn field(text: &str) -> Field {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish().max(1)
}

/// A date normalised to `YYYY.MM.DD` as eight digits of four bits, `?` as 0xF; [`NO_DATE`]
/// where the text is no date.
fn pack_date(text: &str) -> u32 {
    let Some(date) = normalize_date(text) else {
        return NO_DATE;
    };
    let mut packed = 0u32;
    let mut digits = 0;
    for c in date.chars().filter(|&c| c != '.') {
        let nibble = match c {
            '?' => 0xF,
            c => match c.to_digit(10) {
                Some(d) => d,
                None => return NO_DATE,
            },
        };
        packed = (packed << 4) | nibble;
        digits += 1;
    }
    if digits == 8 {
        packed
    } else {
        NO_DATE
    }
}

/// Whether two packed dates could be the same day: every digit equal or unknown on one side.
fn dates_agree(a: u32, b: u32) -> bool {
    if a == NO_DATE || b == NO_DATE {
        return a == b;
    }
    (0..8).all(|k| {
        let (x, y) = (digit(a, k), digit(b, k));
        x == y || x == UNKNOWN_DIGIT || y == UNKNOWN_DIGIT
    })
}

/// A game kept: its group's key, its text in the spool, where it came from and which of the report's
/// changes are its own.
#[derive(Clone, Debug)]
pub(crate) struct Kept {
    /// The keys of the copy kept and every copy merged into it together ([`DedupeKey::meet`]):
    /// what a further copy must be compatible with.
    group: DedupeKey,
    /// How much the copy kept says ([`DedupeKey::standing`]).
    pub standing: Standing,
    /// Its record in the spool.
    pub record: usize,
    /// Its input (index), game number in it (from 1) and first line.
    pub input: usize,
    pub game: u64,
    pub line: u64,
    /// Its changes: indices into the report's list.
    pub changes: Range<usize>,
    /// Whether it was repaired.
    pub repaired: bool,
    /// The next game kept with the same moves' hash.
    next: Option<usize>,
}

impl Kept {
    /// A game kept, not yet in an index.
    pub fn new(
        key: DedupeKey,
        record: usize,
        (input, game, line): (usize, u64, u64),
        changes: Range<usize>,
        repaired: bool,
    ) -> Kept {
        Kept {
            group: key,
            standing: key.standing(),
            record,
            input,
            game,
            line,
            changes,
            repaired,
            next: None,
        }
    }
}

/// The games kept so far, found by their key.
#[derive(Debug, Default)]
pub(crate) struct KeptGames {
    /// The moves' hash → the first game kept with it.
    first: HashMap<u64, usize>,
    games: Vec<Kept>,
}

impl KeptGames {
    /// The game kept that `key` is compatible with, if any.
    pub fn find(&self, key: &DedupeKey) -> Option<usize> {
        let mut at = self.first.get(&key.moves).copied();
        while let Some(i) = at {
            let kept = self.games.get(i)?;
            if kept.group.compatible(key) {
                return Some(i);
            }
            at = kept.next;
        }
        None
    }

    /// Adds a game kept.
    pub fn push(&mut self, mut kept: Kept) {
        let i = self.games.len();
        kept.next = self.first.insert(kept.group.moves, i);
        self.games.push(kept);
    }

    /// Game `i`.
    pub fn get(&self, i: usize) -> Option<&Kept> {
        self.games.get(i)
    }

    /// Counts the copy with `key` into game `i`'s group (a duplicate of it).
    pub fn absorb(&mut self, i: usize, key: &DedupeKey) {
        if let Some(kept) = self.games.get_mut(i) {
            kept.group = kept.group.meet(key);
        }
    }

    /// Puts `kept` in the place of game `i` (a richer copy of it), giving back the one it
    /// replaces; the group keeps what the copies before said.
    pub fn replace(&mut self, i: usize, mut kept: Kept) -> Option<Kept> {
        let slot = self.games.get_mut(i)?;
        kept.next = slot.next;
        kept.group = kept.group.meet(&slot.group);
        Some(std::mem::replace(slot, kept))
    }
}

/// A tag a duplicate carried that the copy kept left unknown or out, filled in from it: the copy
/// kept says what every copy of its group said between them (`clean --dedupe`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TagFill {
    /// The tag's name.
    pub name: String,
    /// The value written (for a date, the digits of the copies known together).
    pub value: String,
    /// The copies it came from (input, game number, line): one, or for a date each copy that
    /// gave digits of it.
    pub from: Vec<(usize, u64, u64)>,
}

/// Tags a duplicate's value never fills: they say what every copy of the same start and moves
/// says alike, or (the result) what the group's compatibility and the copy kept already settle.
const NEVER_FILLED: [&str; 5] = ["Result", "SetUp", "FEN", "PlyCount", "Variant"];

/// The tag pairs of a game as `clean` writes it (export format: its tags first, one pair a line,
/// values escaped), unescaped.
pub(crate) fn export_tags(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map_while(|line| {
            let inner = line.trim_end().strip_prefix('[')?.strip_suffix(']')?;
            let (name, quoted) = inner.split_once(' ')?;
            let value = quoted.strip_prefix('"')?.strip_suffix('"')?;
            Some((name.to_owned(), unescape(value)))
        })
        .collect()
}

fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// Whether the value of tag `name` says nothing: empty or `?`; for a player or the round also
/// `-`, as the key reads them; for the date, no digit known (`????.??.??`).
fn unknown(name: &str, value: &str) -> bool {
    let v = value.trim();
    match name {
        "Date" => !v.chars().any(|c| c.is_ascii_digit()),
        "White" | "Black" | "Round" => v.is_empty() || v == "-" || v.starts_with('?'),
        _ => v.is_empty() || v.starts_with('?'),
    }
}

/// What a duplicate's tag `name` = `twin` adds to `current`, the value the copy kept has (or has
/// been filled with) for it, `None` where it has none: the twin's value where `current` is
/// missing or unknown; for the date, the digits of both known together where the twin's date
/// knows one the other does not (the two agree where both know a digit, as the group's copies
/// are compatible; a date that disagrees fills nothing).
fn filled_value(name: &str, current: Option<&str>, twin: &str) -> Option<String> {
    // In any case of letters: `fen` or `Setup` is the same tag to a reader.
    let never = NEVER_FILLED.iter().any(|n| n.eq_ignore_ascii_case(name));
    if never || unknown(name, twin) {
        return None;
    }
    let Some(current) = current.filter(|c| !unknown(name, c)) else {
        return Some(twin.to_owned());
    };
    if name != "Date" {
        return None;
    }
    let (ours, theirs) = (normalize_date(current)?, normalize_date(twin)?);
    let clash = ours
        .chars()
        .zip(theirs.chars())
        .any(|(a, b)| a != b && a != '?' && b != '?');
    if clash || ours.len() != theirs.len() {
        return None;
    }
    let met: String = ours
        .chars()
        .zip(theirs.chars())
        .map(|(a, b)| if a == '?' { b } else { a })
        .collect();
    // Digits from two copies may make a day no month has (`2021.02.??` and `????.??.29`).
    let real = normalize_date(&met).is_some_and(|d| d == met);
    (met != ours && real).then_some(met)
}

/// Adds to `fills` (the group's fills so far, against `kept`, the tags of the copy kept) what
/// `twin`'s tags fill, from the copies `from` (one duplicate; or the copies an earlier fill
/// came from, carried over to a richer copy kept). The first copy to fill a tag gives its value; a
/// later one only adds date digits still unknown (and is named beside the first).
pub(crate) fn add_fills(
    fills: &mut Vec<TagFill>,
    kept: &[(String, String)],
    twin: &[(String, String)],
    from: &[(usize, u64, u64)],
) {
    for (name, value) in twin {
        let at = fills.iter().position(|f| &f.name == name);
        let current = match at {
            Some(k) => Some(fills[k].value.as_str()),
            None => kept
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str()),
        };
        let Some(new) = filled_value(name, current, value) else {
            continue;
        };
        let k = match at {
            Some(k) => {
                fills[k].value = new;
                k
            }
            None => {
                fills.push(TagFill {
                    name: name.clone(),
                    value: new,
                    from: Vec::new(),
                });
                fills.len() - 1
            }
        };
        for f in from {
            if !fills[k].from.contains(f) {
                fills[k].from.push(*f);
            }
        }
    }
}

/// `text`, a game as `clean` writes it, with `fills` put in: a tag it has takes the filled value
/// in its place, a tag it lacks goes after its last tag.
pub(crate) fn with_fills(text: &str, fills: &[TagFill]) -> String {
    let mut out = String::with_capacity(text.len() + 32 * fills.len());
    let mut done = vec![false; fills.len()];
    let mut rest = text;
    let mut in_tags = true;
    while in_tags {
        let (line, after) = match rest.find('\n') {
            Some(k) => (&rest[..=k], &rest[k + 1..]),
            None => (rest, ""),
        };
        let name = line
            .strip_prefix('[')
            .and_then(|l| l.split_once(' '))
            .map(|(n, _)| n);
        let Some(name) = name.filter(|_| !line.is_empty()) else {
            in_tags = false;
            continue;
        };
        match fills.iter().position(|f| f.name == name) {
            Some(k) => {
                push_tag(&mut out, &fills[k].name, &fills[k].value);
                done[k] = true;
            }
            None => out.push_str(line),
        }
        rest = after;
    }
    for (fill, _) in fills.iter().zip(&done).filter(|(_, d)| !**d) {
        push_tag(&mut out, &fill.name, &fill.value);
    }
    out.push_str(rest);
    out
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    crate::pgn::writer::escape_tag(value, out);
    out.push_str("\"]\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(white: &str, date: &str, result: &str) -> DedupeKey {
        let tags = KeyTags {
            white,
            black: "b",
            date,
            round: "?",
            result,
        };
        let intact = Richness {
            intact: true,
            ..Richness::default()
        };
        DedupeKey::new(7, tags, intact)
    }

    #[test]
    fn unknowns_agree_with_anything_and_knowns_only_with_themselves() {
        let full = key("a", "2023.05.01", "1-0");
        assert!(full.compatible(&key("a", "2023.05.01", "1-0")));
        assert!(full.compatible(&key("?", "2023.05.??", "*")));
        assert!(full.compatible(&key("", "????.??.??", "1-0")));
        assert!(full.compatible(&key("a", "2023.5.1", "1-0")));
        assert!(!full.compatible(&key("c", "2023.05.01", "1-0")));
        assert!(!full.compatible(&key("a", "2023.05.02", "1-0")));
        assert!(!full.compatible(&key("a", "2023.05.01", "0-1")));
        assert!(!full.compatible(&key("a", "yesterday", "1-0")));
        assert!(key("a", "yesterday", "*").compatible(&key("a", "bad", "*")));
        let tags = KeyTags {
            white: "a",
            black: "b",
            date: "2023.05.01",
            round: "?",
            result: "1-0",
        };
        assert!(!full.compatible(&DedupeKey::new(8, tags, Richness::default())));
        // Two rounds of one day between the same players are two games.
        let round = |r| DedupeKey::new(7, KeyTags { round: r, ..tags }, Richness::default());
        assert!(round("1").compatible(&round("?")));
        assert!(!round("1").compatible(&round("3")));
    }

    #[test]
    fn a_group_takes_only_copies_that_agree_with_all_of_it() {
        // `*` joined by 1-0: a 0-1 copy is another game, whichever came first.
        let mut index = KeptGames::default();
        index.push(Kept::new(
            key("a", "????.??.??", "*"),
            0,
            (0, 1, 1),
            0..0,
            false,
        ));
        let won = key("a", "2023.05.01", "1-0");
        assert_eq!(index.find(&won), Some(0));
        index.absorb(0, &won);
        assert_eq!(index.find(&key("a", "2023.05.01", "0-1")), None);
        assert_eq!(index.find(&key("a", "2023.05.02", "*")), None);
        assert_eq!(index.find(&key("?", "2023.05.??", "*")), Some(0));
        // A richer copy taking the group's place keeps what the group knew.
        let richer = DedupeKey {
            richness: Richness {
                intact: true,
                annotations: 9,
                tags: 0,
            },
            ..key("a", "????.??.??", "*")
        };
        index.replace(0, Kept::new(richer, 1, (0, 3, 9), 0..0, false));
        assert_eq!(index.find(&key("a", "2023.05.01", "0-1")), None);
    }

    #[test]
    fn a_known_result_then_the_intact_copy_then_annotations_then_the_date_decide() {
        let rich = |annotations, tags| Richness {
            intact: true,
            annotations,
            tags,
        };
        let bare = key("a", "2023.05.01", "1-0");
        let annotated = DedupeKey {
            richness: rich(40, 0),
            ..key("a", "????.??.??", "*")
        };
        assert!(bare.standing() > annotated.standing(), "a result first");
        let dated_in_part = DedupeKey {
            richness: rich(1, 0),
            ..key("a", "2023.05.??", "1-0")
        };
        assert!(
            dated_in_part.standing() > bare.standing(),
            "then annotations"
        );
        let more_tags = DedupeKey {
            richness: rich(0, 9),
            ..key("a", "2023.05.??", "1-0")
        };
        assert!(bare.standing() > more_tags.standing(), "then the date");
        let tagged = DedupeKey {
            richness: rich(0, 1),
            ..bare
        };
        assert!(tagged.standing() > bare.standing(), "then the tags");
        let repaired = DedupeKey {
            richness: Richness {
                intact: false,
                ..rich(5, 9)
            },
            ..bare
        };
        assert!(
            bare.standing() > repaired.standing(),
            "intact before annotations"
        );
    }

    /// The packed dates agree exactly when the texts do (`dates_compatible`), over every pair
    /// of a set of dates with unknown digits in each place.
    #[test]
    fn packed_dates_agree_as_the_texts_do() {
        let dates = [
            "2023.05.01",
            "2023.05.??",
            "2023.??.01",
            "202?.05.01",
            "????.??.??",
            "2023.05.11",
            "2013.05.01",
            "1999.12.31",
            "19??.??.??",
            "2023.06.01",
        ];
        for a in dates {
            for b in dates {
                assert_eq!(
                    dates_agree(pack_date(a), pack_date(b)),
                    super::super::tags::dates_compatible(a, b),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn games_with_the_same_moves_are_chained_and_found() {
        let mut index = KeptGames::default();
        let a = key("a", "2023.05.01", "1-0");
        let c = key("c", "2023.05.01", "1-0");
        index.push(Kept::new(a, 0, (0, 1, 1), 0..0, false));
        index.push(Kept::new(c, 1, (0, 2, 9), 0..0, false));
        assert_eq!(index.find(&key("a", "????.??.??", "*")), Some(0));
        assert_eq!(index.find(&key("c", "2023.05.??", "*")), Some(1));
        assert_eq!(index.find(&key("d", "2023.05.01", "1-0")), None);
        let old = index.replace(0, Kept::new(a, 5, (1, 1, 1), 0..0, true));
        assert_eq!(old.map(|k| k.record), Some(0));
        assert_eq!(index.find(&c), Some(1));
        assert_eq!(index.get(0).map(|k| k.record), Some(5));
    }

    #[test]
    fn a_kept_copy_takes_the_tags_its_duplicates_knew() {
        let kept = export_tags(
            "[Event \"E\"]\n[White \"A \\\"B\\\"\"]\n[Black \"?\"]\n[Date \"2020.??.??\"]\n\
             [Result \"1-0\"]\n\n1. e4 1-0\n",
        );
        assert_eq!(kept[1], ("White".into(), "A \"B\"".into()));
        let twin = export_tags(
            "[Event \"F\"]\n[White \"?\"]\n[Black \"C\"]\n[Date \"2020.05.??\"]\n\
             [Result \"*\"]\n[ECO \"C60\"]\n[PlyCount \"1\"]\n\n1. e4 *\n",
        );
        let later = export_tags("[Date \"????.??.07\"]\n[ECO \"C61\"]\n\n1. e4 *\n");
        let mut fills = Vec::new();
        add_fills(&mut fills, &kept, &twin, &[(0, 2, 9)]);
        add_fills(&mut fills, &kept, &later, &[(1, 1, 1)]);
        // The date's digits came from both copies; each is named.
        assert_eq!(fills[1].from, [(0, 2, 9), (1, 1, 1)]);
        let got: Vec<(&str, &str)> = fills
            .iter()
            .map(|f| (f.name.as_str(), f.value.as_str()))
            .collect();
        // A known value stays; the first copy to fill a tag gives it; date digits add up.
        assert_eq!(
            got,
            [("Black", "C"), ("Date", "2020.05.07"), ("ECO", "C60")]
        );
        // Tags every copy of the moves says alike, in any case of letters, are never filled;
        // nor date digits that make no day.
        let odd = export_tags(
            "[Setup \"1\"]\n[fen \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[Plycount \"7\"]\n\
             [Variant \"Chess960\"]\n[Date \"????.02.29\"]\n\n*\n",
        );
        let before = fills.clone();
        add_fills(&mut fills, &kept, &odd, &[(2, 1, 1)]);
        assert_eq!(fills, before);
        let leap = export_tags("[Date \"2021.??.??\"]\n\n*\n");
        let mut none = Vec::new();
        add_fills(&mut none, &leap, &odd, &[(2, 1, 1)]);
        assert!(none.iter().all(|f| f.name != "Date"), "{none:?}");
        let text = "[Event \"E\"]\n[Black \"?\"]\n[Date \"2020.??.??\"]\n\n1. e4 1-0\n";
        assert_eq!(
            with_fills(text, &fills),
            "[Event \"E\"]\n[Black \"C\"]\n[Date \"2020.05.07\"]\n[ECO \"C60\"]\n\n1. e4 1-0\n"
        );
    }
}
