//! National piece letters: which letters name the king, queen, rook, bishop, knight and pawn.
//!
//! The table lives in `grammars/letters.tsv`, a file an arbiter can read and correct; it is
//! embedded here and parsed once. A user may also give six letters in the order K Q R B N P
//! (`KDVSJP`), or a comma-separated list for multi-letter names (`Кр,Ф,Л,С,К,п`).
//!
//! ```
//! use scoresheet::board::Role;
//! use scoresheet::notation::LetterSet;
//! let cs = LetterSet::by_code("cs").unwrap();
//! assert_eq!(cs.letter(Role::Knight), "J");
//! assert_eq!(LetterSet::by_code("hr").unwrap().letter(Role::Knight), "S");
//! assert_eq!(LetterSet::parse_spec("KDVSJP").unwrap().role_of("S"), Some(Role::Bishop));
//! ```

use crate::board::Role;
use std::sync::OnceLock;

/// The table of national letters, as shipped in `grammars/letters.tsv`.
pub const LETTERS_TSV: &str = include_str!("../../grammars/letters.tsv");

/// The letters one language uses for the six kinds of piece.
///
/// ```
/// use scoresheet::board::Role;
/// use scoresheet::notation::LetterSet;
/// let ru = LetterSet::by_code("ru").unwrap();
/// assert_eq!(ru.letter(Role::King), "Кр");
/// assert_eq!(ru.match_piece("Крg1"), Some((Role::King, "Кр".len())));
/// assert_eq!(ru.match_piece("Кf3"), Some((Role::Knight, "К".len())));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct LetterSet {
    code: Box<str>,
    name: Box<str>,
    /// Per role (indexed by `Role::index`): the accepted spellings, the printed one first.
    letters: [Vec<Box<str>>; 6],
    /// Every spelling with its role, longest first, for matching at the start of a move.
    matchers: Vec<(Box<str>, Role)>,
    /// Per ASCII byte: what a spelling starting with it reads as ([`ASCII_NONE`], a role's
    /// index plus one when the byte alone is the only such spelling, or [`ASCII_LONGER`]).
    /// Lets the move parser read plain SAN without comparing strings.
    ascii: Box<[u8; 128]>,
}

/// No spelling starts with this ASCII byte.
const ASCII_NONE: u8 = 0;
/// A spelling longer than one byte starts with this ASCII byte: only the full matcher decides.
const ASCII_LONGER: u8 = u8::MAX;

/// The per-byte table of [`LetterSet::single_ascii_letter`].
fn ascii_table(matchers: &[(Box<str>, Role)]) -> Box<[u8; 128]> {
    let mut table = Box::new([ASCII_NONE; 128]);
    for (spelling, role) in matchers {
        let Some(&first) = spelling.as_bytes().first() else {
            continue;
        };
        let Some(slot) = table.get_mut(usize::from(first)) else {
            continue;
        };
        *slot = if spelling.len() == 1 && *slot == ASCII_NONE {
            role.index() as u8 + 1
        } else {
            ASCII_LONGER
        };
    }
    table
}

/// Why a letter set could not be built from a user's specification or a table row.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LetterSetError {
    /// Neither a known language code nor five/six letters.
    #[error("'{0}' is neither a language code (en, cs, hr, ...) nor five or six piece letters in the order K Q R B N P")]
    Unknown(String),
    /// A letter that would be read as something else (a file, a digit, a capture mark).
    #[error("'{letter}' cannot be a piece letter: it would be read as {clash}")]
    Clash {
        /// The offending letter.
        letter: String,
        /// What it would be confused with.
        clash: &'static str,
    },
    /// Two pieces share a letter.
    #[error("'{letter}' names both the {first} and the {second}")]
    Duplicate {
        /// The letter.
        letter: String,
        /// One piece it names.
        first: Role,
        /// The other.
        second: Role,
    },
    /// A row of the table that does not have a code and six letter columns.
    #[error("letters.tsv line {line}: {reason}")]
    BadRow {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: &'static str,
    },
}

/// The Latin letters that look like Cyrillic piece letters, each with the Cyrillic one: what
/// [`LetterSet::with_latin_twins`] reads as it (`Kp` for Кр, `C` for С).
pub(crate) const LATIN_TWINS: [(char, char); 4] = [('К', 'K'), ('С', 'C'), ('Т', 'T'), ('р', 'p')];

/// The table's column order: K Q R B N P.
const COLUMN_ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl LetterSet {
    /// Builds a set from the spellings of K Q R B N P in that order (each a `|`-list, printed one
    /// first). The pawn may be empty.
    ///
    /// ```
    /// use scoresheet::board::Role;
    /// use scoresheet::notation::LetterSet;
    /// let set = LetterSet::new("xx", "custom", ["K", "D", "V", "S", "J", ""]).unwrap();
    /// assert_eq!(set.letter(Role::Bishop), "S");
    /// ```
    pub fn new(code: &str, name: &str, columns: [&str; 6]) -> Result<LetterSet, LetterSetError> {
        let mut letters: [Vec<Box<str>>; 6] = Default::default();
        let mut matchers: Vec<(Box<str>, Role)> = Vec::new();
        for (col, role) in columns.iter().zip(COLUMN_ROLES) {
            for spelling in col.split('|').map(str::trim).filter(|s| !s.is_empty()) {
                check_letter(spelling)?;
                if let Some((_, other)) = matchers.iter().find(|(s, _)| &**s == spelling) {
                    return Err(LetterSetError::Duplicate {
                        letter: spelling.to_owned(),
                        first: *other,
                        second: role,
                    });
                }
                letters[role.index()].push(spelling.into());
                matchers.push((spelling.into(), role));
            }
            if letters[role.index()].is_empty() && role != Role::Pawn {
                return Err(LetterSetError::Unknown(columns.join("")));
            }
        }
        matchers.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        Ok(LetterSet {
            code: code.into(),
            name: name.into(),
            letters,
            ascii: ascii_table(&matchers),
            matchers,
        })
    }

    /// The set with the Latin letters that look like its Cyrillic ones read as them too: `K`
    /// for К, `C` for С, `T` for Т, `Kp` for Кр (a sheet typed on a keyboard without Cyrillic,
    /// or with the two scripts mixed). What `--from ru` (and uk, bg) reads: asked for by name,
    /// the letters mean the set's pieces; auto-detection keeps the sets as they are, where `K`
    /// is the king of most. A set with no such letters comes back as it is.
    ///
    /// ```
    /// use scoresheet::board::Role;
    /// use scoresheet::notation::LetterSet;
    /// let ru = LetterSet::by_code("ru").unwrap().with_latin_twins();
    /// assert_eq!(ru.role_of("K"), Some(Role::Knight));
    /// assert_eq!(ru.role_of("Kp"), Some(Role::King));
    /// assert_eq!(ru.role_of("C"), Some(Role::Bishop));
    /// assert_eq!(ru.letter(Role::Knight), "К");
    /// let cs = LetterSet::by_code("cs").unwrap();
    /// assert!(cs.with_latin_twins().same_letters(cs));
    /// ```
    pub fn with_latin_twins(&self) -> LetterSet {
        let twin = |spelling: &str| -> Option<String> {
            let latin: Option<String> = spelling
                .chars()
                .map(|c| LATIN_TWINS.iter().find(|(cy, _)| *cy == c).map(|&(_, l)| l))
                .collect();
            latin.filter(|l| l != spelling && self.role_of(l).is_none())
        };
        let mut added = false;
        let columns = COLUMN_ROLES.map(|role| {
            let mut spellings: Vec<String> = self.spellings(role).map(str::to_owned).collect();
            let twins: Vec<String> = spellings.iter().filter_map(|s| twin(s)).collect();
            added |= !twins.is_empty();
            spellings.extend(twins);
            spellings.join("|")
        });
        if !added {
            return self.clone();
        }
        LetterSet::new(
            &self.code,
            &self.name,
            columns.each_ref().map(String::as_str),
        )
        .unwrap_or_else(|_| self.clone())
    }

    /// Every built-in set, in the table's order (English first, figurines last).
    ///
    /// ```
    /// use scoresheet::notation::LetterSet;
    /// assert!(LetterSet::all().len() >= 28);
    /// assert_eq!(LetterSet::all()[0].code(), "en");
    /// ```
    pub fn all() -> &'static [LetterSet] {
        static ALL: OnceLock<Vec<LetterSet>> = OnceLock::new();
        ALL.get_or_init(|| parse_table(LETTERS_TSV).unwrap_or_default())
    }

    /// The built-in set of a language code (`en`, `cs`, `hr`, `figurine`, ...) or English language
    /// name (`Czech`), case-insensitive.
    ///
    /// ```
    /// use scoresheet::notation::LetterSet;
    /// assert_eq!(LetterSet::by_code("CS").unwrap().code(), "cs");
    /// assert_eq!(LetterSet::by_code("German").unwrap().code(), "de");
    /// assert!(LetterSet::by_code("xx").is_none());
    /// ```
    pub fn by_code(code: &str) -> Option<&'static LetterSet> {
        let code = code.trim();
        Self::all().iter().find(|s| {
            s.code.eq_ignore_ascii_case(code)
                || s.language().eq_ignore_ascii_case(code)
                || (code.len() > 2
                    && s.language()
                        .split([' ', '('])
                        .next()
                        .is_some_and(|w| w.eq_ignore_ascii_case(code)))
        })
    }

    /// English letters (K Q R B N), the letters of PGN.
    ///
    /// ```
    /// use scoresheet::board::Role;
    /// use scoresheet::notation::LetterSet;
    /// assert_eq!(LetterSet::english().letter(Role::Knight), "N");
    /// ```
    pub fn english() -> &'static LetterSet {
        static EN: OnceLock<LetterSet> = OnceLock::new();
        EN.get_or_init(|| match Self::by_code("en") {
            Some(s) => s.clone(),
            None => LetterSet::new("en", "English", ["K", "Q", "R", "B", "N", "P"])
                .unwrap_or_else(|_| unreachable_english()),
        })
    }

    /// Unicode figurines (♔♕♖♗♘, black glyphs read too).
    ///
    /// ```
    /// use scoresheet::board::Role;
    /// use scoresheet::notation::LetterSet;
    /// assert_eq!(LetterSet::figurine().letter(Role::Knight), "♘");
    /// assert_eq!(LetterSet::figurine().role_of("♞"), Some(Role::Knight));
    /// ```
    pub fn figurine() -> &'static LetterSet {
        Self::by_code("figurine").unwrap_or_else(|| Self::english())
    }

    /// A set from what a user typed: a language code or name (`cs`, `Croatian`), or five or six
    /// letters in the order K Q R B N \[P\] (`KDVSJP`), or the same separated by commas for
    /// multi-letter names (`Кр,Ф,Л,С,К,п`).
    ///
    /// ```
    /// use scoresheet::board::Role;
    /// use scoresheet::notation::LetterSet;
    /// assert_eq!(LetterSet::parse_spec("cs").unwrap().code(), "cs");
    /// let custom = LetterSet::parse_spec("KDTLS").unwrap();
    /// assert_eq!(custom.role_of("S"), Some(Role::Knight));
    /// let ru = LetterSet::parse_spec("Кр,Ф,Л,С,К,п").unwrap();
    /// assert_eq!(ru.letter(Role::King), "Кр");
    /// assert!(LetterSet::parse_spec("KDV").is_err());
    /// ```
    pub fn parse_spec(spec: &str) -> Result<LetterSet, LetterSetError> {
        let spec = spec.trim();
        if let Some(set) = Self::by_code(spec) {
            return Ok(set.clone());
        }
        let parts: Vec<String> = if spec.contains(',') {
            spec.split(',').map(|s| s.trim().to_owned()).collect()
        } else {
            spec.chars().map(String::from).collect()
        };
        if parts.len() != 5 && parts.len() != 6 {
            return Err(LetterSetError::Unknown(spec.to_owned()));
        }
        let get = |i: usize| parts.get(i).map(String::as_str).unwrap_or("");
        let columns = [get(0), get(1), get(2), get(3), get(4), get(5)];
        LetterSet::new(spec, "custom letters", columns)
    }

    /// The code (`cs`), or the specification a custom set was made from.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The language and the words behind the letters, as the table's comment gives them.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The language's English name (`Czech`), the comment up to its colon.
    pub fn language(&self) -> &str {
        self.name.split(':').next().unwrap_or("").trim()
    }

    /// The printed letter of `role` (empty for the pawn, which C.4 leaves unnamed).
    ///
    /// ```
    /// use scoresheet::board::Role;
    /// use scoresheet::notation::LetterSet;
    /// assert_eq!(LetterSet::english().letter(Role::Pawn), "");
    /// ```
    pub fn letter(&self, role: Role) -> &str {
        if role == Role::Pawn {
            return "";
        }
        self.letters[role.index()].first().map_or("", |s| s)
    }

    /// The pawn's letter, read but never printed (`P`, `B` in German, `Gy` in Hungarian).
    pub fn pawn_letter(&self) -> Option<&str> {
        self.letters[Role::Pawn.index()].first().map(|s| &**s)
    }

    /// Every accepted spelling of `role`.
    pub fn spellings(&self, role: Role) -> impl Iterator<Item = &str> {
        self.letters[role.index()].iter().map(|s| &**s)
    }

    /// The role named by exactly `letter`.
    pub fn role_of(&self, letter: &str) -> Option<Role> {
        self.matchers
            .iter()
            .find(|(s, _)| &**s == letter)
            .map(|&(_, r)| r)
    }

    /// The role whose letter starts `text`, and the letter's length in bytes (longest match, so
    /// Russian `Кр` is the king and `К` the knight).
    pub fn match_piece(&self, text: &str) -> Option<(Role, usize)> {
        self.matchers
            .iter()
            .find(|(s, _)| text.starts_with(&**s))
            .map(|(s, r)| (*r, s.len()))
    }

    /// What the ASCII byte `b` reads as when it starts a move: `Some(Some(role))` when `b` alone
    /// is a spelling and no longer spelling starts with it, `Some(None)` when no spelling starts
    /// with it, and `None` when only [`Self::match_piece`] can tell (a longer spelling such as
    /// `Kt` starts with it, or `b` is not ASCII). The same answer as `match_piece` on a text
    /// whose first byte is `b`, without comparing strings.
    ///
    /// ```
    /// use scoresheet::board::Role;
    /// use scoresheet::notation::LetterSet;
    /// let cs = LetterSet::by_code("cs").unwrap();
    /// assert_eq!(cs.single_ascii_letter(b'J'), Some(Some(Role::Knight)));
    /// assert_eq!(cs.single_ascii_letter(b'N'), Some(None));
    /// assert_eq!(cs.single_ascii_letter(0xD0), None);
    /// ```
    #[inline]
    pub fn single_ascii_letter(&self, b: u8) -> Option<Option<Role>> {
        match *self.ascii.get(usize::from(b))? {
            ASCII_NONE => Some(None),
            ASCII_LONGER => None,
            i => Role::ALL.get(usize::from(i - 1)).map(|&r| Some(r)),
        }
    }

    /// True if both sets read every piece letter the same way (Czech and Slovak, say).
    ///
    /// ```
    /// use scoresheet::notation::LetterSet;
    /// let cs = LetterSet::by_code("cs").unwrap();
    /// assert!(cs.same_letters(LetterSet::by_code("sk").unwrap()));
    /// assert!(!cs.same_letters(LetterSet::by_code("hr").unwrap()));
    /// ```
    pub fn same_letters(&self, other: &LetterSet) -> bool {
        self.letters == other.letters
    }
}

impl std::fmt::Debug for LetterSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LetterSet({})", self.code)
    }
}

fn unreachable_english() -> LetterSet {
    // The literal English row always builds; this keeps `english()` panic-free regardless.
    LetterSet {
        code: "en".into(),
        name: "English".into(),
        letters: Default::default(),
        matchers: Vec::new(),
        ascii: Box::new([ASCII_NONE; 128]),
    }
}

/// Rejects letters the move grammar would read as something else.
fn check_letter(letter: &str) -> Result<(), LetterSetError> {
    let first = letter.chars().next().unwrap_or(' ');
    let clash = if ('a'..='h').contains(&first) {
        Some("a file")
    } else if first.is_ascii_digit() {
        Some("a rank or castling zero")
    } else if matches!(
        first,
        'x' | ':' | '-' | '=' | '/' | '(' | ')' | '+' | '#' | '!' | '?'
    ) || first.is_whitespace()
    {
        Some("a capture, check or annotation mark")
    } else {
        None
    };
    match clash {
        Some(clash) => Err(LetterSetError::Clash {
            letter: letter.to_owned(),
            clash,
        }),
        None => Ok(()),
    }
}

/// Parses the letters table (see `grammars/letters.tsv`).
///
/// ```
/// use scoresheet::notation::letters::parse_table;
/// let sets = parse_table("# comment\nxx\tK\tD\tV\tS\tJ\tP\tTest\n").unwrap();
/// assert_eq!(sets[0].code(), "xx");
/// ```
pub fn parse_table(text: &str) -> Result<Vec<LetterSet>, LetterSetError> {
    let mut sets = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 7 {
            return Err(LetterSetError::BadRow {
                line: i + 1,
                reason: "expected a code and six letter columns",
            });
        }
        let name = cols.get(7).copied().unwrap_or("");
        let columns = [cols[1], cols[2], cols[3], cols[4], cols[5], cols[6]];
        sets.push(LetterSet::new(cols[0], name, columns)?);
    }
    Ok(sets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_and_has_every_required_language() {
        let sets = parse_table(LETTERS_TSV).unwrap();
        for code in [
            "en", "cs", "sk", "hr", "sr", "sl", "bs", "de", "nl", "fr", "es", "it", "pt", "ca",
            "pl", "hu", "ro", "sv", "da", "no", "fi", "is", "et", "ru", "uk", "bg", "tr",
            "figurine",
        ] {
            assert!(sets.iter().any(|s| s.code() == code), "{code} missing");
        }
    }

    #[test]
    fn letters_agree_with_the_pgn_standards_list() {
        // PGN standard, section 17: pawn knight bishop rook queen king.
        for (code, pnbrqk) in [
            ("cs", "PJSVDK"),
            ("da", "BSLTDK"),
            ("nl", "OPLTDK"),
            ("en", "PNBRQK"),
            ("et", "PROVLK"),
            ("fi", "PRLTDK"),
            ("fr", "PCFTDR"),
            ("de", "BSLTDK"),
            ("hu", "GHFBVK"),
            ("is", "PRBHDK"),
            ("it", "PCATDR"),
            ("no", "BSLTDK"),
            ("pl", "PSGWHK"),
            ("pt", "PCBTDR"),
            ("ro", "PCNTDR"),
            ("es", "PCATDR"),
            ("sv", "BSLTDK"),
        ] {
            let set = LetterSet::by_code(code).unwrap();
            for (c, role) in pnbrqk.chars().zip(Role::ALL) {
                let letter = c.to_string();
                assert!(
                    set.spellings(role).any(|s| s == letter),
                    "{code}: {role} should read {letter}"
                );
                if role != Role::Pawn {
                    assert_eq!(set.letter(role), letter, "{code}: {role}");
                }
            }
        }
    }

    #[test]
    fn s_is_bishop_in_czech_and_knight_in_croatian_and_german() {
        let role = |code: &str| LetterSet::by_code(code).unwrap().role_of("S");
        assert_eq!(role("cs"), Some(Role::Bishop));
        assert_eq!(role("sk"), Some(Role::Bishop));
        assert_eq!(role("hr"), Some(Role::Knight));
        assert_eq!(role("de"), Some(Role::Knight));
    }

    #[test]
    fn multi_letter_names_match_longest_first() {
        let hu = LetterSet::by_code("hu").unwrap();
        assert_eq!(hu.match_piece("Gye4"), Some((Role::Pawn, 2)));
        assert_eq!(hu.match_piece("Hf3"), Some((Role::Knight, 1)));
        let uk = LetterSet::by_code("uk").unwrap();
        assert_eq!(uk.match_piece("Крe2"), Some((Role::King, "Кр".len())));
    }

    #[test]
    fn specs_that_would_be_misread_are_refused() {
        assert!(matches!(
            LetterSet::parse_spec("KQRbNP"),
            Err(LetterSetError::Clash { .. })
        ));
        assert!(matches!(
            LetterSet::parse_spec("KDDSJP"),
            Err(LetterSetError::Duplicate { .. })
        ));
        assert!(matches!(
            LetterSet::parse_spec("nonsense-code"),
            Err(LetterSetError::Unknown(_))
        ));
    }
}
