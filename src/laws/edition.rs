//! Editions of the FIDE Laws of Chess and the rules in which they differ.
//!
//! Every article number below was read in the texts in `../shared/laws/`:
//!
//! | edition | text | language |
//! |---|---|---|
//! | 2005 | `000_5ca106d63deeff7d.txt` (Calvià 2004 congress, in force 1 July 2005) | Slovak |
//! | 2009 | `002_8033d93d86a722f2.txt` (Dresden 2008 congress, in force 1 July 2009) | Croatian |
//! | 2014 | `001_e4118161176f568f.txt` (Tallinn 2013 congress, in force 1 July 2014) | Czech |
//! | 2018 | `003_7291eaef65871fc8.txt` (Antalya 2017 congress, in force 1 January 2018) | Slovak, with commentary |
//! | 2023 | no text in `../shared/laws/`; follows the 2018 numbering and rules for everything here | — |
//!
//! ```
//! use scoresheet::laws::{Edition, Rule};
//! let laws: Edition = "2014".parse()?;
//! assert_eq!(laws.article(Rule::ThreefoldOnBoard), Some("9.2b"));
//! assert_eq!(Edition::default().article(Rule::ThreefoldOnBoard), Some("9.2.1.2"));
//! assert!(Edition::Laws2009.fivefold().is_none());
//! # Ok::<(), scoresheet::laws::ParseEditionError>(())
//! ```

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// An edition of the FIDE Laws of Chess, named by the year it came into force.
///
/// ```
/// use scoresheet::laws::Edition;
/// assert_eq!(Edition::Laws2018.to_string(), "2018");
/// assert_eq!("2023".parse::<Edition>(), Ok(Edition::Laws2023));
/// assert_eq!(Edition::default(), Edition::Laws2023);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub enum Edition {
    /// In force from 1 July 2005 (Calvià 2004). Slovak text `000_5ca106d63deeff7d.txt`.
    #[serde(rename = "2005")]
    Laws2005,
    /// In force from 1 July 2009 (Dresden 2008). Croatian text `002_8033d93d86a722f2.txt`.
    #[serde(rename = "2009")]
    Laws2009,
    /// In force from 1 July 2014 (Tallinn 2013). Czech text `001_e4118161176f568f.txt`.
    #[serde(rename = "2014")]
    Laws2014,
    /// In force from 1 January 2018 (Antalya 2017). Slovak text `003_7291eaef65871fc8.txt`.
    #[serde(rename = "2018")]
    Laws2018,
    /// In force from 1 January 2023. No text of it is in `../shared/laws/`; for the rules this
    /// module knows it reads as the 2018 edition (same numbering, same Article 9.6).
    #[default]
    #[serde(rename = "2023")]
    Laws2023,
}

/// A rule of the Laws whose article number a report cites.
///
/// ```
/// use scoresheet::laws::{Edition, Rule};
/// assert_eq!(Edition::Laws2005.article(Rule::FlagFall), Some("6.10"));
/// assert_eq!(Edition::Laws2009.article(Rule::FlagFall), Some("6.9"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Rule {
    /// The game is won by the player who checkmated (5.1a; 5.1.1 from 2018).
    Checkmate,
    /// Stalemate draws (5.2a; 5.2.1 from 2018).
    Stalemate,
    /// A dead position draws: neither player can checkmate by any series of legal moves
    /// (5.2b, repeated as 9.6 in 2005/2009 and 9.7 in 2014; 5.2.2 from 2018).
    DeadPosition,
    /// Threefold repetition claimed with a written, unplayed move (9.2a; 9.2.1.1 from 2018).
    ThreefoldIntended,
    /// Threefold repetition that has just appeared on the board (9.2b; 9.2.1.2 from 2018).
    ThreefoldOnBoard,
    /// When two positions are "the same" (the closing paragraph of 9.2; 9.2.2 from 2018).
    SamePosition,
    /// Fifty moves claimed with a written, unplayed move (9.3a; 9.3.1 from 2018).
    FiftyIntended,
    /// Fifty moves already played (9.3b; 9.3.2 from 2018).
    FiftyOnBoard,
    /// The automatic draw by fivefold repetition (9.6a in 2014, 9.6.1 from 2018; none before).
    Fivefold,
    /// The automatic draw after 75 moves without pawn move or capture (9.6b in 2014, 9.6.2 from
    /// 2018; none before).
    SeventyFiveMoves,
    /// Losing on time, unless the opponent cannot checkmate (6.10 in 2005, 6.9 from 2009).
    FlagFall,
    /// What an incorrect claim costs the claimant (9.5b; 9.5.3 from 2018).
    IncorrectClaim,
}

/// How an edition counts the fivefold repetition of its Article 9.6.
///
/// ```
/// use scoresheet::laws::{Edition, Fivefold};
/// assert_eq!(Edition::Laws2014.fivefold(), Some(Fivefold::ConsecutiveAlternateMoves));
/// assert_eq!(Edition::Laws2018.fivefold(), Some(Fivefold::AnyFiveTimes));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Fivefold {
    /// 2014, Article 9.6a (`001_e4118161176f568f.txt`): the same position (as in 9.2b) "at least
    /// five times as a result of alternate repetition of moves by both players" — five
    /// consecutive occurrences, each four half-moves after the one before, by the same moves
    /// (both players moving back and forth; see [`crate::laws::GameRecord::automatic_end`] for
    /// why the narrower reading).
    ConsecutiveAlternateMoves,
    /// 2018, Article 9.6.1 (`003_7291eaef65871fc8.txt`): the same position (as in 9.2.2) at least
    /// five times; the commentary adds that the five need not follow one another.
    AnyFiveTimes,
}

/// The error for an edition name that is not one of 2005, 2009, 2014, 2018, 2023.
///
/// ```
/// use scoresheet::laws::Edition;
/// let err = "1997".parse::<Edition>().unwrap_err();
/// assert!(err.to_string().contains("1997"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown edition of the Laws `{0}`: expected 2005, 2009, 2014, 2018 or 2023")]
pub struct ParseEditionError(pub String);

impl Edition {
    /// All editions, oldest first.
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert_eq!(Edition::ALL.len(), 5);
    /// ```
    pub const ALL: [Edition; 5] = [
        Edition::Laws2005,
        Edition::Laws2009,
        Edition::Laws2014,
        Edition::Laws2018,
        Edition::Laws2023,
    ];

    /// The year the edition came into force.
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert_eq!(Edition::Laws2009.year(), 2009);
    /// ```
    pub const fn year(self) -> u16 {
        match self {
            Edition::Laws2005 => 2005,
            Edition::Laws2009 => 2009,
            Edition::Laws2014 => 2014,
            Edition::Laws2018 => 2018,
            Edition::Laws2023 => 2023,
        }
    }

    /// The day the edition came into force, as (year, month, day).
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert_eq!(Edition::Laws2014.in_force_from(), (2014, 7, 1));
    /// assert_eq!(Edition::Laws2018.in_force_from(), (2018, 1, 1));
    /// ```
    pub const fn in_force_from(self) -> (u16, u8, u8) {
        match self {
            Edition::Laws2005 => (2005, 7, 1),
            Edition::Laws2009 => (2009, 7, 1),
            Edition::Laws2014 => (2014, 7, 1),
            Edition::Laws2018 => (2018, 1, 1),
            Edition::Laws2023 => (2023, 1, 1),
        }
    }

    /// The edition in force on the day a game was played, from its PGN `Date` tag
    /// (`YYYY.MM.DD`, with `??` where a part is unknown; `-` and `/` are read as `.` too), or
    /// `None` when the year is unknown or the date is not one.
    ///
    /// A date known only in part is taken at its earliest possible day (`2014.??.??` is read as
    /// 1 January 2014, under the 2009 edition), so that no rule is applied to a game that may
    /// have been played before it existed. A game played before 1 July 2005 gets the 2005
    /// edition, the oldest modelled here: for what the editions differ in (the automatic draws
    /// of Article 9.6, which came in 2014; claims; flag falls), no earlier Laws had more.
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert_eq!(Edition::in_force_on("1998.05.26"), Some(Edition::Laws2005));
    /// assert_eq!(Edition::in_force_on("2014.06.30"), Some(Edition::Laws2009));
    /// assert_eq!(Edition::in_force_on("2014.07.01"), Some(Edition::Laws2014));
    /// assert_eq!(Edition::in_force_on("2014.??.??"), Some(Edition::Laws2009));
    /// assert_eq!(Edition::in_force_on("2017-12-31"), Some(Edition::Laws2014));
    /// assert_eq!(Edition::in_force_on("2024.??.??"), Some(Edition::Laws2023));
    /// assert_eq!(Edition::in_force_on("????.??.??"), None);
    /// // A month or day that is none (a slip) is unknown: the year still tells.
    /// assert_eq!(Edition::in_force_on("2010.13.01"), Some(Edition::Laws2009));
    /// assert_eq!(Edition::in_force_on("2014.07.32"), Some(Edition::Laws2014));
    /// ```
    pub fn in_force_on(date: &str) -> Option<Edition> {
        earliest_day(date).map(Edition::in_force_on_day)
    }

    /// The edition in force on a day (year, month, day); the 2005 edition before it came into
    /// force (see [`Edition::in_force_on`]).
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert_eq!(Edition::in_force_on_day((2017, 12, 31)), Edition::Laws2014);
    /// assert_eq!(Edition::in_force_on_day((1989, 1, 1)), Edition::Laws2005);
    /// ```
    pub fn in_force_on_day(day: (u16, u8, u8)) -> Edition {
        Edition::ALL
            .into_iter()
            .rev()
            .find(|e| e.in_force_from() <= day)
            .unwrap_or(Edition::Laws2005)
    }

    /// [`Edition::of_game`] of the Date and EventDate among `tags` (a sheet's head, a game's
    /// tag pairs), the latest edition when neither gives a year.
    pub(crate) fn of_tags(tags: &[(String, String)]) -> Edition {
        let tag = |name: &str| {
            tags.iter()
                .find(|(t, _)| t == name)
                .map(|(_, v)| v.as_str())
        };
        Edition::of_game(tag("Date"), tag("EventDate")).unwrap_or_default()
    }

    /// The edition a game was played under, from its PGN `Date` and `EventDate` tags: the one in
    /// force on the earliest day the game can have been played, which is no earlier than its
    /// event's first day. `None` when neither gives a year.
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// // Played in 2014, in an event that began on 1 August 2014: under the 2014 Laws.
    /// assert_eq!(Edition::of_game(Some("2014.??.??"), Some("2014.08.01")), Some(Edition::Laws2014));
    /// assert_eq!(Edition::of_game(Some("2014.??.??"), None), Some(Edition::Laws2009));
    /// assert_eq!(Edition::of_game(Some("????.??.??"), Some("2019.01.05")), Some(Edition::Laws2018));
    /// assert_eq!(Edition::of_game(None, None), None);
    /// ```
    pub fn of_game(date: Option<&str>, event_date: Option<&str>) -> Option<Edition> {
        let days = [date, event_date].map(|d| d.and_then(earliest_day));
        days.into_iter()
            .flatten()
            .max()
            .map(Edition::in_force_on_day)
    }

    /// The text in `../shared/laws/` the edition's rules were checked against, if there is one.
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert_eq!(Edition::Laws2014.source(), Some("001_e4118161176f568f.txt"));
    /// assert_eq!(Edition::Laws2023.source(), None);
    /// ```
    pub const fn source(self) -> Option<&'static str> {
        match self {
            Edition::Laws2005 => Some("000_5ca106d63deeff7d.txt"),
            Edition::Laws2009 => Some("002_8033d93d86a722f2.txt"),
            Edition::Laws2014 => Some("001_e4118161176f568f.txt"),
            Edition::Laws2018 => Some("003_7291eaef65871fc8.txt"),
            Edition::Laws2023 => None,
        }
    }

    /// Whether the edition numbers its articles in the decimal style of 2018 (9.2.1.1) rather
    /// than with letters (9.2a).
    const fn decimal_numbering(self) -> bool {
        matches!(self, Edition::Laws2018 | Edition::Laws2023)
    }

    /// The article of this edition that states `rule`, or `None` if the edition has no such rule
    /// (the automatic draws of 9.6 before 2014).
    ///
    /// ```
    /// use scoresheet::laws::{Edition, Rule};
    /// assert_eq!(Edition::Laws2018.article(Rule::DeadPosition), Some("5.2.2"));
    /// assert_eq!(Edition::Laws2014.article(Rule::DeadPosition), Some("5.2b, 9.7"));
    /// assert_eq!(Edition::Laws2009.article(Rule::Fivefold), None);
    /// ```
    pub const fn article(self, rule: Rule) -> Option<&'static str> {
        use Edition::*;
        if self.decimal_numbering() {
            // 003_7291eaef65871fc8.txt: 5.1.1, 5.2.1, 5.2.2, 9.2.1.1, 9.2.1.2, 9.2.2, 9.3.1,
            // 9.3.2, 9.5.3, 9.6.1, 9.6.2, 6.9.
            return Some(match rule {
                Rule::Checkmate => "5.1.1",
                Rule::Stalemate => "5.2.1",
                Rule::DeadPosition => "5.2.2",
                Rule::ThreefoldIntended => "9.2.1.1",
                Rule::ThreefoldOnBoard => "9.2.1.2",
                Rule::SamePosition => "9.2.2",
                Rule::FiftyIntended => "9.3.1",
                Rule::FiftyOnBoard => "9.3.2",
                Rule::Fivefold => "9.6.1",
                Rule::SeventyFiveMoves => "9.6.2",
                Rule::FlagFall => "6.9",
                Rule::IncorrectClaim => "9.5.3",
            });
        }
        Some(match rule {
            Rule::Checkmate => "5.1a",
            Rule::Stalemate => "5.2a",
            // 2005 (000_…): 5.2b and 9.6; 2009 (002_…): 5.2b "(see 9.6)"; 2014 (001_…): 5.2b and 9.7.
            Rule::DeadPosition => match self {
                Laws2014 => "5.2b, 9.7",
                _ => "5.2b, 9.6",
            },
            Rule::ThreefoldIntended => "9.2a",
            Rule::ThreefoldOnBoard => "9.2b",
            Rule::SamePosition => "9.2",
            Rule::FiftyIntended => "9.3a",
            Rule::FiftyOnBoard => "9.3b",
            // 001_…: "9.6 a) ... nejméně pětkrát ..., b) ... 75 ... tahů".
            Rule::Fivefold => match self {
                Laws2014 => "9.6a",
                _ => return None,
            },
            Rule::SeventyFiveMoves => match self {
                Laws2014 => "9.6b",
                _ => return None,
            },
            // 000_…: 6.9 only says when a flag has fallen; losing on time is 6.10.
            Rule::FlagFall => match self {
                Laws2005 => "6.10",
                _ => "6.9",
            },
            Rule::IncorrectClaim => "9.5b",
        })
    }

    /// How this edition counts the automatic fivefold repetition, or `None` before 2014.
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert!(Edition::Laws2005.fivefold().is_none());
    /// assert!(Edition::Laws2023.fivefold().is_some());
    /// ```
    pub const fn fivefold(self) -> Option<Fivefold> {
        match self {
            // 000_… 9.6 and 002_… 9.6 are the dead-position draw: no automatic repetition draw.
            Edition::Laws2005 | Edition::Laws2009 => None,
            // 001_… 9.6a.
            Edition::Laws2014 => Some(Fivefold::ConsecutiveAlternateMoves),
            // 003_… 9.6.1 and its commentary ("nemusí ... nasledovať po sebe").
            Edition::Laws2018 | Edition::Laws2023 => Some(Fivefold::AnyFiveTimes),
        }
    }

    /// Whether 75 moves by each player without a pawn move or capture end the game (9.6b in
    /// 2014, 9.6.2 from 2018).
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert!(!Edition::Laws2009.seventy_five_moves());
    /// assert!(Edition::Laws2014.seventy_five_moves());
    /// ```
    pub const fn seventy_five_moves(self) -> bool {
        !matches!(self, Edition::Laws2005 | Edition::Laws2009)
    }

    /// Whether a checkmate on the 75th move stands: in every edition that has the 75-move rule.
    /// 2018 (003_… 9.6.2): "if the last move resulted in checkmate, that shall take
    /// precedence"; 2014, 9.6b: "Jestliže poslední tah byl matící, pak mat má přednost" (in the
    /// 004_… transcript; the 001_… transcript of the same edition lost the sentence).
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert!(!Edition::Laws2009.checkmate_precedes_seventy_five());
    /// assert!(Edition::Laws2014.checkmate_precedes_seventy_five());
    /// assert!(Edition::Laws2018.checkmate_precedes_seventy_five());
    /// ```
    pub const fn checkmate_precedes_seventy_five(self) -> bool {
        self.seventy_five_moves()
    }

    /// The minutes the arbiter adds to the opponent's time after an incorrect claim (9.5b: three
    /// minutes in 2005 and 2009, two in 2014; 9.5.3: two from 2018).
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// assert_eq!(Edition::Laws2009.incorrect_claim_minutes(), 3);
    /// assert_eq!(Edition::Laws2018.incorrect_claim_minutes(), 2);
    /// ```
    pub const fn incorrect_claim_minutes(self) -> u32 {
        match self {
            Edition::Laws2005 | Edition::Laws2009 => 3,
            _ => 2,
        }
    }
}

/// The earliest day a PGN `Date` tag value (`YYYY.MM.DD`, `??` where a part is unknown; `-` and
/// `/` read as `.`) can stand for, as (year, month, day): an unknown month or day is the first;
/// a part known only in its first digits (`19??`, `201?`, `1?`) is the earliest it allows; a
/// month or day written in digits that names none (`13`, `32`, `00`: a slip) is unknown too, so
/// that a known year still counts (`2010.13.01` is no day of 2014); `None` when the year is
/// unknown or the value is no date. A date written another way that
/// `clean` would put in PGN's form (`01.05.2023`, `14. XI. 2026`: see
/// [`crate::batch::normalize_date`] and [`crate::notation::sheet::date_in_words`]) is read too.
///
/// ```
/// use scoresheet::laws::earliest_day;
/// assert_eq!(earliest_day("1989.??.??"), Some((1989, 1, 1)));
/// assert_eq!(earliest_day("2014-07"), Some((2014, 7, 1)));
/// assert_eq!(earliest_day("30.06.2014"), Some((2014, 6, 30)));
/// assert_eq!(earliest_day("1. VII. 2014"), Some((2014, 7, 1)));
/// assert_eq!(earliest_day("19??.??.??"), Some((1900, 1, 1)));
/// assert_eq!(earliest_day("2023.1?.??"), Some((2023, 10, 1)));
/// assert_eq!(earliest_day("2010.13.01"), Some((2010, 1, 1)));
/// assert_eq!(earliest_day("2012.06.32"), Some((2012, 6, 1)));
/// assert_eq!(earliest_day("????.??.??"), None);
/// assert_eq!(earliest_day("?9??.??.??"), None);
/// ```
pub fn earliest_day(date: &str) -> Option<(u16, u8, u8)> {
    pgn_earliest_day(date).or_else(|| {
        // Not in PGN's form: the cold path, never taken by a year unknown.
        if date.trim_start().starts_with('?') {
            return None;
        }
        let normal = crate::batch::normalize_date(date)
            .or_else(|| crate::notation::sheet::date_in_words(date))?;
        pgn_earliest_day(&normal)
    })
}

/// The latest day a date allows, as [`earliest_day`] gives the earliest: an unknown year
/// digit is a 9, an unknown month December, an unknown day the 31st, and a month or day that is
/// none (`2014.13.45`) unknown. A date not in PGN's form is taken as its earliest day (it names
/// the day in full, or only a year a later reading would not widen).
///
/// ```
/// use scoresheet::laws::{earliest_day, latest_day};
/// assert_eq!(latest_day("2014.??.??"), Some((2014, 12, 31)));
/// assert_eq!(latest_day("2014.0?.??"), Some((2014, 9, 31)));
/// assert_eq!(latest_day("2014.13.45"), Some((2014, 12, 31)));
/// assert_eq!(latest_day("2014.06.30"), earliest_day("2014.06.30"));
/// assert_eq!(latest_day("0000.??.??"), Some((0, 12, 31)));
/// assert_eq!(latest_day("????.??.??"), None);
/// ```
pub fn latest_day(date: &str) -> Option<(u16, u8, u8)> {
    let earliest = earliest_day(date)?;
    let mut parts = date.trim().split(['.', '-', '/']);
    // A part's latest value, `max` where it is unknown or none (a month or day of noughts
    // too; the year was read by `earliest_day` already).
    let latest = |p: &str, max: u16| -> u16 {
        let n = p
            .bytes()
            .map(|b| {
                if b == b'?' {
                    9
                } else {
                    u16::from(b.wrapping_sub(b'0'))
                }
            })
            .fold(0u16, |n, d| n.saturating_mul(10).saturating_add(d));
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit() || b == b'?') || n > max || n == 0
        {
            max
        } else {
            n
        }
    };
    let (Some(year), month, day) = (parts.next(), parts.next(), parts.next()) else {
        return Some(earliest);
    };
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit() || b == b'?') {
        return Some(earliest);
    }
    // A year of noughts is year 0 (as `earliest_day` reads it), not an unknown one.
    let year = if year.bytes().all(|b| b == b'0') {
        earliest.0
    } else {
        latest(year, 9999)
    };
    let month = u8::try_from(latest(month.unwrap_or(""), 12)).unwrap_or(12);
    let day = u8::try_from(latest(day.unwrap_or(""), 31)).unwrap_or(31);
    Some((year, month, day).max(earliest))
}

/// [`earliest_day`] of a value in PGN's form only.
fn pgn_earliest_day(date: &str) -> Option<(u16, u8, u8)> {
    let mut parts = date.trim().split(['.', '-', '/']);
    // A part partly known (`19??`, `201?`, `1?`) is taken at its earliest: its unknown digits
    // are noughts.
    let earliest = |p: &str, width: usize| -> Option<u16> {
        let known = p.bytes().take_while(u8::is_ascii_digit).count();
        if p.len() != width || known == 0 || !p.bytes().skip(known).all(|b| b == b'?') {
            return None;
        }
        let digits = p
            .bytes()
            .map(|b| if b == b'?' { 0 } else { u16::from(b - b'0') });
        Some(digits.fold(0, |n, d| n * 10 + d))
    };
    let year = earliest(parts.next()?, 4)?;
    // An unknown or missing month or day is the earliest the date allows.
    let mut part = |max: u8| -> Option<u8> {
        match parts.next().map(str::trim) {
            None | Some("") => Some(1),
            Some(p) if p.bytes().all(|b| b == b'?') => Some(1),
            Some(p) if p.len() == 2 && p.bytes().any(|b| b == b'?') => earliest(p, 2)
                .and_then(|n| u8::try_from(n.max(1)).ok())
                .filter(|n| (1..=max).contains(n)),
            // Digits that name no month or day: a slip, read as unknown (the earliest).
            Some(p) if (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()) => Some(
                p.parse()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .unwrap_or(1),
            ),
            Some(p) => p.parse().ok().filter(|n| (1..=max).contains(n)),
        }
    };
    let month = part(12)?;
    // A day that is none is the first of the month read (or of the year, the month unknown).
    let day = part(31)?;
    if parts.next().is_some() {
        return None;
    }
    Some((year, month, day))
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

impl FromStr for Edition {
    type Err = ParseEditionError;

    fn from_str(s: &str) -> Result<Edition, ParseEditionError> {
        let t = s.trim();
        let t = t
            .strip_prefix("laws")
            .or_else(|| t.strip_prefix("Laws"))
            .unwrap_or(t);
        let t = t.trim_start_matches(['-', '_', ' ']);
        match t {
            "2005" => Ok(Edition::Laws2005),
            "2009" => Ok(Edition::Laws2009),
            "2014" => Ok(Edition::Laws2014),
            "2018" => Ok(Edition::Laws2018),
            "2023" | "latest" | "current" => Ok(Edition::Laws2023),
            _ => Err(ParseEditionError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for e in Edition::ALL {
            assert_eq!(e.to_string().parse::<Edition>(), Ok(e));
        }
        assert_eq!("laws-2014".parse::<Edition>(), Ok(Edition::Laws2014));
        assert!("2010".parse::<Edition>().is_err());
    }

    #[test]
    fn numbering_switches_in_2018() {
        for e in Edition::ALL {
            let a = e.article(Rule::ThreefoldIntended);
            if e.year() >= 2018 {
                assert_eq!(a, Some("9.2.1.1"));
            } else {
                assert_eq!(a, Some("9.2a"));
            }
        }
    }
}
