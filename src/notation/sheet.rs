//! Move lists as people write them (with or without move numbers, one or several games separated by
//! blank lines or results), read into games and written back in any letter set and style.
//!
//! ```
//! use scoresheet::notation::sheet::{convert_text, ConvertOptions};
//! let out = convert_text("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 (=)", "game.txt", &ConvertOptions::default());
//! assert!(out.errors.is_empty());
//! assert!(out.text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { (=) } *"));
//! ```

use super::detect::{detect_letters, AmbiguousLetters};
use super::letters::{LetterSet, LATIN_TWINS};
use super::print::{write_move, PrintOptions, Style};
use super::resolve::{Policy, ResolveError, Warning, Warnings};
use super::written::{is_figurine, Annotation, Assessment, ParseError, WrittenMove, CASTLE_ZEROS};
use crate::board::{Color, FenError, Move, Position};
use crate::pgn::{Game, Line, Node, PgnError};
use std::fmt::Write;

/// One written move on a sheet, with where it stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SheetMove<'a> {
    /// The text as written, including any marks written apart (`exd6 e.p.`, `Kb1 (=)`).
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// A draw offer noted apart from the move text (a PGN comment `{ (=) }`).
    pub draw_offer: bool,
    /// The move number and side the sheet's own numbers give this move (`31.` then two moves:
    /// White's 31st and Black's), `None` before any number and for PGN.
    pub numbered_as: Option<(u32, Color)>,
    /// The PGN move this is, for PGN input: its glyphs, comments and variations, which
    /// [`read_game`] reads too and [`write_game`] writes (see [`Gloss`]).
    pub pgn: Option<&'a Node>,
}

/// One game of a sheet: its moves and the result written after them, if any.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SheetGame<'a> {
    /// The moves, in order.
    pub moves: Vec<SheetMove<'a>>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`), normalised, if written.
    pub result: Option<&'static str>,
    /// Tags: from PGN input, or from the head of a move list (`Bílý: Novák, Jan`; see
    /// [`header_line`]).
    pub tags: Vec<(String, String)>,
    /// Lines of the head left out, with their line numbers: labels that [`header_line`] does
    /// not read (see [`unknown_head_label`]).
    pub left_out: Vec<(usize, &'a str)>,
    /// A remark in brackets written after the result (`1-0 (vzdal)`, `0-1 (time)`), with its
    /// line and column: not a move, left out and said.
    pub remarks: Vec<(usize, usize, &'a str)>,
    /// The result the head of a move list gives (`Výsledek: 1-0` above the moves), if it does:
    /// where the moves end with another, the sheet contradicts itself ([`convert_text`] writes
    /// `*` and says so).
    pub head_result: Option<&'static str>,
    /// Line and column of the FEN tag of PGN input, where a FEN that sets up no position is
    /// reported.
    pub fen_at: Option<(usize, usize)>,
    /// The line of the Date tag or head line (`Datum: 14.11.26`), where a date not in PGN's
    /// form is reported.
    pub date_at: Option<usize>,
    /// Comments before the first move (PGN input): kept by [`write_game`].
    pub comments_before: Vec<&'a str>,
    /// Comments written in braces between the moves of a move list (`3. Sb5 { the Spanish }
    /// a6`), each with how many of the game's moves stand before it, kept by [`read_game`] and
    /// [`write_game`] as a PGN game's are (a PGN game's stay with its moves:
    /// [`SheetMove::pgn`]). `{ (=) }` is a draw offer instead.
    pub comments: Vec<(usize, &'a str)>,
    /// The language the head's labels are in (`Bílý:` Czech, `Weiß:` German; see
    /// [`head_language`]), English for a PGN game: the letter set tried first when the
    /// letters are detected.
    pub language: Option<&'static str>,
}

/// The words for a draw that sheets write in the result box or the head (`Výsledek: remíza`),
/// in the languages of the letter sets, compared in lower case: Czech and Slovak, Croatian,
/// Serbian, Slovenian and the Scandinavian languages, German and Polish, Dutch, French, Spanish,
/// Italian, Portuguese, English, Hungarian, Russian, Romanian, Turkish.
pub const DRAW_WORDS: [&str; 16] = [
    "remíza",
    "remiza",
    "remi",
    "remis",
    "remise",
    "nulle",
    "tablas",
    "patta",
    "empate",
    "draw",
    "döntetlen",
    "ничья",
    "ничия",
    "remiză",
    "beraberlik",
    "nerozhodně",
];

/// The month names a sheet's head may write a date with (`14. listopadu 2026`, `3 March 2026`),
/// in lower case, with the month each names: Czech and Slovak (as named and as dates say them,
/// `listopad`, `14. listopadu`), Croatian, English, German and French, and the usual short forms.
/// Czech `listopad` (November) is Croatian for October, so that word is left out; its Czech date
/// form `listopadu` and the Croatian `listopada` are not shared.
#[rustfmt::skip]
pub const MONTH_NAMES: [(&str, u8); 112] = [
    ("leden", 1), ("ledna", 1), ("január", 1), ("januára", 1), ("siječanj", 1), ("siječnja", 1),
    ("january", 1), ("jan", 1), ("januar", 1), ("jänner", 1), ("janvier", 1),
    ("únor", 2), ("února", 2), ("február", 2), ("februára", 2), ("veljača", 2), ("veljače", 2),
    ("february", 2), ("feb", 2), ("februar", 2), ("février", 2),
    ("březen", 3), ("března", 3), ("marec", 3), ("marca", 3), ("ožujak", 3), ("ožujka", 3),
    ("march", 3), ("mar", 3), ("märz", 3), ("mars", 3),
    ("duben", 4), ("dubna", 4), ("apríl", 4), ("apríla", 4), ("travanj", 4), ("travnja", 4),
    ("april", 4), ("apr", 4), ("avril", 4),
    ("květen", 5), ("května", 5), ("máj", 5), ("mája", 5), ("svibanj", 5), ("svibnja", 5),
    ("may", 5), ("mai", 5),
    ("červen", 6), ("června", 6), ("jún", 6), ("júna", 6), ("lipanj", 6), ("lipnja", 6),
    ("june", 6), ("jun", 6), ("juni", 6), ("juin", 6),
    ("červenec", 7), ("července", 7), ("júl", 7), ("júla", 7), ("srpanj", 7), ("srpnja", 7),
    ("july", 7), ("jul", 7), ("juli", 7), ("juillet", 7),
    ("srpen", 8), ("srpna", 8), ("august", 8), ("augusta", 8), ("kolovoz", 8), ("kolovoza", 8),
    ("aug", 8), ("août", 8),
    ("září", 9), ("september", 9), ("septembra", 9), ("rujan", 9), ("rujna", 9), ("sep", 9),
    ("sept", 9), ("septembre", 9),
    ("říjen", 10), ("října", 10), ("október", 10), ("októbra", 10), ("listopada", 10),
    ("october", 10), ("oct", 10), ("oktober", 10), ("okt", 10), ("octobre", 10),
    ("listopadu", 11), ("november", 11), ("novembra", 11), ("studeni", 11), ("studenoga", 11),
    ("studenog", 11), ("nov", 11), ("novembre", 11),
    ("prosinec", 12), ("prosince", 12), ("december", 12), ("decembra", 12), ("prosinac", 12),
    ("prosinca", 12), ("dec", 12), ("dezember", 12), ("dez", 12), ("décembre", 12),
];

/// The weekday names a sheet's head may put before a date (`sobota 14. XI. 2026`,
/// `Monday, 3 March 2026`), in lower case and without accents: Czech, Slovak, Croatian,
/// English, German and French, and the short forms of Czech and Slovak, English and German
/// (`So 14. 11. 2026`, `Sat`, `Sa`).
#[rustfmt::skip]
pub const WEEKDAY_NAMES: [&str; 59] = [
    "po", "ut", "st", "ct", "pa", "so", "ne",
    "mo", "di", "mi", "do", "fr", "sa",
    "pondeli", "utery", "streda", "ctvrtek", "patek", "sobota", "nedele",
    "pondelok", "utorok", "stvrtok", "piatok", "nedela",
    "ponedjeljak", "utorak", "srijeda", "cetvrtak", "petak", "subota", "nedjelja",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mon", "tue", "wed", "thu", "fri", "sat", "sun",
    "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
    "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi",
];

/// `text` in lower case without its accents (`Března` is `brezna`), as month and weekday
/// names are compared.
fn plain_word(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The month a word names: a name of [`MONTH_NAMES`], with or without its accents
/// (`brezna`), or a Roman numeral from I to XII, as Czech, Slovak and Croatian dates write the
/// month (`14. XI. 2026`).
fn month_of_word(word: &str) -> Option<u8> {
    const ROMAN: [&str; 12] = [
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii",
    ];
    let plain = plain_word(word);
    if let Some(n) = ROMAN.iter().position(|r| *r == plain) {
        // Roman months are capitals (`XI.`); in lower case only the unmistakable ones.
        let capitals = word.bytes().all(|b| b.is_ascii_uppercase());
        return (capitals || plain.len() > 1).then_some(n as u8 + 1);
    }
    // The names without their accents, folded once.
    static PLAIN: std::sync::OnceLock<Vec<(String, u8)>> = std::sync::OnceLock::new();
    PLAIN
        .get_or_init(|| {
            MONTH_NAMES
                .iter()
                .map(|(name, month)| (plain_word(name), *month))
                .collect()
        })
        .iter()
        .find(|(name, _)| *name == plain)
        .map(|(_, month)| *month)
}

/// A day written as an ordinal (`3rd`, `1st`, `22nd`, `14th`, French `1er`): its digits.
fn ordinal_day(word: &str) -> Option<&str> {
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &word[digits.len()..];
    let ordinal = matches!(
        suffix.to_ascii_lowercase().as_str(),
        "st" | "nd" | "rd" | "th" | "er" | "e"
    );
    (ordinal
        && !digits.is_empty()
        && digits.len() <= 2
        && digits.bytes().all(|b| b.is_ascii_digit()))
    .then_some(digits)
}

/// A date written with its month in words, as `YYYY.MM.DD` (`YYYY.MM.??` without a day): the
/// day (also as an ordinal, `3rd`, `1er`), the month's name (see [`MONTH_NAMES`]; with or
/// without accents) or Roman numeral (`XI`) and a four-digit year, in any order, apart by
/// blanks, dots or commas; a weekday's name before it ([`WEEKDAY_NAMES`]) is passed over, also
/// before a date in digits (`sobota 14. 11. 2026`), which alone is not a date in words. `None`
/// for anything else.
///
/// ```
/// use scoresheet::notation::sheet::date_in_words;
/// assert_eq!(date_in_words("14. listopadu 2026").as_deref(), Some("2026.11.14"));
/// assert_eq!(date_in_words("March 3, 2026").as_deref(), Some("2026.03.03"));
/// assert_eq!(date_in_words("Okt. 2025").as_deref(), Some("2025.10.??"));
/// assert_eq!(date_in_words("14. XI. 2026").as_deref(), Some("2026.11.14"));
/// assert_eq!(date_in_words("3. brezna 2026").as_deref(), Some("2026.03.03"));
/// assert_eq!(date_in_words("Monday, 3rd March 2026").as_deref(), Some("2026.03.03"));
/// assert_eq!(date_in_words("sobota 14. 11. 2026").as_deref(), Some("2026.11.14"));
/// assert_eq!(date_in_words("31. února 2026"), None);
/// assert_eq!(date_in_words("14. 11. 2026"), None);
/// ```
pub fn date_in_words(text: &str) -> Option<String> {
    let (mut day, mut month, mut year) = (None, None, None);
    let mut digits: Vec<&str> = Vec::new();
    let mut weekday = false;
    let words = text
        .split(|c: char| c.is_whitespace() || matches!(c, '.' | ','))
        .filter(|w| !w.is_empty());
    for (index, word) in words.enumerate() {
        let number = if word.bytes().all(|b| b.is_ascii_digit()) {
            Some(word)
        } else {
            ordinal_day(word)
        };
        let slot = match number {
            Some(n) if n.len() == 4 && n == word => &mut year,
            Some(n) if n.len() <= 2 => &mut day,
            Some(_) => return None,
            None if index == 0 && WEEKDAY_NAMES.contains(&plain_word(word).as_str()) => {
                weekday = true;
                continue;
            }
            None => {
                if month.replace(month_of_word(word)?).is_some() {
                    return None;
                }
                continue;
            }
        };
        let n: u16 = number?.parse().ok()?;
        digits.push(word);
        if slot.replace(n).is_some() {
            if weekday && month.is_none() {
                // A weekday before a date in digits: the date's.
                continue;
            }
            return None;
        }
    }
    let year = year?;
    let Some(month) = month else {
        return weekday
            .then(|| crate::batch::normalize_date(&digits.join(".")))
            .flatten();
    };
    let Some(day) = day else {
        return Some(format!("{year:04}.{month:02}.??"));
    };
    crate::batch::normalize_date(&format!("{year:04}.{month:02}.{day:02}"))
}

/// The result a word of a sheet writes, normalised to PGN's (`1-0`, `0-1`, `1/2-1/2`, `*`):
/// with a hyphen, an en or em dash, a minus sign or a colon (`1–0`, `1:0`), draws also as
/// `½-½`, `1/2`, `½`, `0.5-0.5`, `0,5:0,5` or a word for it ([`DRAW_WORDS`]: `remíza`,
/// `Remis`); in parentheses too (`(1-0)`); a win by forfeit as `+:-` or `-:+`
/// ([`is_forfeit_mark`]). The one list that both sheet readers (`convert`'s and `repair`'s)
/// use.
///
/// ```
/// use scoresheet::notation::sheet::result_of;
/// assert_eq!(result_of("1\u{2013}0"), Some("1-0"));
/// assert_eq!(result_of("0:1"), Some("0-1"));
/// assert_eq!(result_of("(0:1)"), Some("0-1"));
/// assert_eq!(result_of("0.5-0.5"), Some("1/2-1/2"));
/// assert_eq!(result_of("0,5:0,5"), Some("1/2-1/2"));
/// assert_eq!(result_of("Remíza"), Some("1/2-1/2"));
/// assert_eq!(result_of("½"), Some("1/2-1/2"));
/// assert_eq!(result_of("1\u{2212}0"), Some("1-0"));
/// assert_eq!(result_of("1-0."), Some("1-0"));
/// assert_eq!(result_of("10"), None);
/// assert_eq!(result_of("remízou"), None);
/// ```
pub fn result_of(word: &str) -> Option<&'static str> {
    // A full stop after the result ends the sentence (`1-0.`), not part of the result.
    let word = match word.strip_suffix('.') {
        Some(w) if w.len() > 1 && !w.ends_with('.') => w,
        _ => word,
    };
    let word = word
        .strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .unwrap_or(word);
    let mut plain = arrayvec::ArrayString::<16>::new();
    let mut letters = false;
    for c in word.chars() {
        let c = if matches!(c, '\u{2013}' | '\u{2014}' | '\u{2212}') {
            '-'
        } else {
            c
        };
        letters |= c.is_alphabetic();
        for lower in c.to_lowercase() {
            plain.try_push(lower).ok()?;
        }
    }
    if letters {
        return DRAW_WORDS.contains(&plain.as_str()).then_some("1/2-1/2");
    }
    match plain.as_str() {
        "1-0" | "1:0" => Some("1-0"),
        "0-1" | "0:1" => Some("0-1"),
        "1/2-1/2" | "1/2:1/2" | "½-½" | "½:½" | "1/2" | "½" | "0.5-0.5" | "0,5-0,5" | "0.5:0.5"
        | "0,5:0,5" => Some("1/2-1/2"),
        "*" => Some("*"),
        // A win by forfeit as crosstables write it (see [`is_forfeit_mark`]).
        "+:-" => Some("1-0"),
        "-:+" => Some("0-1"),
        _ => None,
    }
}

/// The marks of a win by forfeit that crosstables and sheets write in place of a result
/// (`+:-` White's, `-:+` Black's), and the words that say a result was one (`kontumačně`,
/// `forfeit`, `kampflos`, in parentheses or not): the game is given `[Termination "forfeit"]`.
///
/// ```
/// use scoresheet::notation::sheet::{is_forfeit_mark, result_of};
/// assert!(is_forfeit_mark("+:-"));
/// assert_eq!(result_of("-:+"), Some("0-1"));
/// assert!(is_forfeit_mark("(kontumačně)"));
/// assert!(is_forfeit_mark("Forfeit"));
/// assert!(!is_forfeit_mark("+-"));
/// ```
pub fn is_forfeit_mark(word: &str) -> bool {
    const WORDS: &[&str] = &[
        "kontumačně",
        "kontumačne",
        "kontumace",
        "kontumácia",
        "kontumacija",
        "kont",
        "forfeit",
        "forf",
        "forfait",
        "kampflos",
        "w.o",
        "wo",
        "walkover",
    ];
    if matches!(word, "+:-" | "-:+") {
        return true;
    }
    let inner = word
        .strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .unwrap_or(word)
        .trim_end_matches('.');
    if inner.len() > 24 {
        return false;
    }
    let lower = inner.to_lowercase();
    WORDS.contains(&lower.as_str())
}

/// What words written apart spell together: see [`spaced_castling_or_result`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Spaced {
    /// Castling (`0 - 0`, `O - O - O`).
    Castling,
    /// A result, normalised (`1 - 0` is `1-0`).
    Result(&'static str),
    /// A move with its parts written apart: the long form with its separator apart (`e2 - e4`,
    /// `Jg1 – f3`: see [`spaced_long_move`]), or a piece letter apart from the rest (`J f3`,
    /// `S x c6`: see [`spaced_piece_move`]).
    Move,
}

/// Castling or a result typed with spaces around its dashes (`0 - 0`, `O - O - O`, `0 -0`,
/// `1 - 0`, `½ - ½`, `1/2 - 1/2`, `0.5 - 0.5`): how many of `words`, from the first (two to
/// five), spell one together, the most that do, and which it is; `None` if they spell neither.
///
/// ```
/// use scoresheet::notation::sheet::{spaced_castling_or_result, Spaced};
/// assert_eq!(spaced_castling_or_result(["0", "-", "0", "Jf6"]), Some((3, Spaced::Castling)));
/// assert_eq!(spaced_castling_or_result(["O", "-", "O", "-", "O"]), Some((5, Spaced::Castling)));
/// assert_eq!(spaced_castling_or_result(["0-0", "0-0"]), None);
/// assert_eq!(spaced_castling_or_result(["0-", "0-0"]), None);
/// assert_eq!(spaced_castling_or_result(["1", "-", "0"]), Some((3, Spaced::Result("1-0"))));
/// let half = Some((3, Spaced::Result("1/2-1/2")));
/// assert_eq!(spaced_castling_or_result(["0,5", "-", "0,5"]), half);
/// assert_eq!(spaced_castling_or_result(["e4", "e5"]), None);
/// ```
pub fn spaced_castling_or_result<'a>(
    words: impl IntoIterator<Item = &'a str>,
) -> Option<(usize, Spaced)> {
    // Each word holds one castle zero at most: `0- 0-0` are two words (a slip, then castling),
    // not one castling.
    let piece = |w: &str| {
        !w.is_empty()
            && w.len() <= 8
            && w.chars().filter(|c| CASTLE_ZEROS.contains(c)).count() <= 1
            && w.chars().all(|c| {
                matches!(
                    c,
                    '1' | '2' | '5' | '.' | ',' | '/' | '½' | ':' | '+' | '#' | '(' | ')'
                ) || CASTLE_ZEROS.contains(&c)
                    || DASHES.contains(&c)
            })
    };
    // The words, dashes made plain, one after another (at most 5 words of 8 bytes).
    let mut compact = arrayvec::ArrayString::<48>::new();
    let mut ends = [0usize; 5];
    let mut count = 0;
    for w in words.into_iter().take(5) {
        if !piece(w) {
            break;
        }
        for c in w.chars() {
            let c = if DASHES.contains(&c) { '-' } else { c };
            if compact.try_push(c).is_err() {
                return None;
            }
        }
        ends[count] = compact.len();
        count += 1;
    }
    (2..=count).rev().find_map(|n| {
        let joined = &compact[..ends[n - 1]];
        if is_castling(joined) {
            Some((n, Spaced::Castling))
        } else {
            result_of(joined).map(|r| (n, Spaced::Result(r)))
        }
    })
}

/// Castling, a result or a move typed with spaces (`0 - 0`, `1 - 0`, `e2 - e4`, `J f3`): how
/// many of `words`, from the first, spell one together, and which it is; long-form moves only
/// with `long_moves` (see [`dashes_separate_moves`]). What both sheet readers join.
///
/// ```
/// use scoresheet::notation::sheet::{spaced_word, Spaced};
/// assert_eq!(spaced_word(["0", "-", "0"], true), Some((3, Spaced::Castling)));
/// assert_eq!(spaced_word(["Jg1", "-", "f3", "Jb8"], true), Some((3, Spaced::Move)));
/// assert_eq!(spaced_word(["Jg1", "-", "f3"], false), None);
/// assert_eq!(spaced_word(["J", "f3"], false), Some((2, Spaced::Move)));
/// // A pawn's long-form move to the last rank takes its new piece typed apart too.
/// assert_eq!(spaced_word(["e7", "-", "e8", "D", "Kh7"], true), Some((4, Spaced::Move)));
/// assert_eq!(spaced_word(["e7", "-e8", "=", "D"], true), Some((4, Spaced::Move)));
/// assert_eq!(spaced_word(["Ve7", "-", "e8", "D", "e5"], true), Some((3, Spaced::Move)));
/// ```
pub fn spaced_word<'a>(
    words: impl IntoIterator<Item = &'a str> + Clone,
    long_moves: impl Into<LongMoves>,
) -> Option<(usize, Spaced)> {
    let long_moves: LongMoves = long_moves.into();
    spaced_castling_or_result(words.clone())
        .or_else(|| {
            let n = long_moves
                .spaced
                .then(|| spaced_long_move(words.clone()))
                .flatten()
                .filter(|&n| {
                    long_moves.capture_apart || n != 2 || !is_capture_apart(words.clone())
                })?;
            // A pawn's move from the seventh (or second) rank to the last: its new piece may
            // follow apart (`e7 - e8 D`).
            let mut all = words.clone().into_iter();
            let pawn = all
                .next()
                .and_then(|w| w.get(..2))
                .is_some_and(|from| is_square(from) && matches!(from.as_bytes()[1], b'2' | b'7'));
            // The long move's last word, its target, comes next.
            let mut rest = all.skip(n.saturating_sub(2));
            let piece = rest
                .next()
                .filter(|_| pawn)
                .and_then(|to| {
                    // The target, without the separator glued before it (`e7 -e8 D`).
                    let to = to.trim_start_matches(|c| is_dash(c) || CAPTURES.contains(&c));
                    spaced_promotion(std::iter::once(to).chain(rest))
                })
                .map_or(0, |m| m - 1);
            Some((n + piece, Spaced::Move))
        })
        .or_else(|| spaced_promotion(words.clone()).map(|n| (n, Spaced::Move)))
        .or_else(|| spaced_piece_move(words, long_moves.spaced).map(|n| (n, Spaced::Move)))
}

/// Which long-form moves typed with spaces a sheet's words join into (see [`spaced_word`]):
/// what [`LongMoves::of_sheet`] reads off the whole sheet. `true` joins all of them, `false`
/// none.
///
/// ```
/// use scoresheet::notation::sheet::LongMoves;
/// // Short-form moves: `Kh4 xe5` is Kh4 and a capture whose piece letter was left out.
/// assert!(!LongMoves::of_sheet("66. Kg5 Vb6 67. Kh4 xe5").capture_apart);
/// // Long-form moves elsewhere: it is the king's capture on e5, typed with a space.
/// assert!(LongMoves::of_sheet("1. e2-e4 e7-e5 ... 67. Kh4 xe5").capture_apart);
/// assert_eq!(LongMoves::from(true), LongMoves { spaced: true, capture_apart: true });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LongMoves {
    /// Squares with a separator between them typed apart (`e2 - e4`, `Jg1 -f3`, `Sf1 x b5`) are
    /// one move; not where the sheet's lone dashes stand between moves ([`dashes_separate_moves`]).
    pub spaced: bool,
    /// A square, then a capture named by its target alone (`Kh4 xe5`), is one move too: only
    /// where the sheet writes long-form moves elsewhere. On a sheet in the short form these are
    /// two moves, the second with its piece letter left out (a hurried hand's slip, which the
    /// reconstruction reads as such; joined, they made one move no piece could play).
    pub capture_apart: bool,
}

impl From<bool> for LongMoves {
    fn from(join: bool) -> LongMoves {
        LongMoves {
            spaced: join,
            capture_apart: join,
        }
    }
}

impl LongMoves {
    /// What the sheet `text` joins: see the fields.
    pub fn of_sheet(text: &str) -> LongMoves {
        let spaced = !dashes_separate_moves(text);
        LongMoves {
            spaced,
            capture_apart: spaced && writes_long_form(text),
        }
    }
}

/// Whether `words` begin with a square and then a capture named by its target alone (`Kh4
/// xe5`, `e4 :d5`): a long-form move typed with a space, or two moves.
fn is_capture_apart<'a>(words: impl IntoIterator<Item = &'a str>) -> bool {
    let mut words = words.into_iter();
    let (Some(first), Some(second)) = (words.next(), words.next()) else {
        return false;
    };
    is_from_part(first)
        && second
            .strip_prefix(|c: char| CAPTURES.contains(&c))
            .is_some_and(is_to_part)
}

/// Whether `text` holds a long-form move other than a [capture apart](is_capture_apart): in one
/// word (`e2e4`, `Jg1-f3`, `12.Sf1xb5+`) or typed with spaces (`e2 - e4`, `e2 -e4`).
fn writes_long_form(text: &str) -> bool {
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        let word = MoveNumber::at(word).map_or(word, |n| &word[n.len..]);
        let from_here = || std::iter::once(word).chain(words.clone());
        let spaced =
            spaced_long_move(from_here()).is_some_and(|n| n != 2 || !is_capture_apart(from_here()));
        if spaced || is_long_form_word(word) {
            return true;
        }
    }
    false
}

/// One word that is a long-form move: a starting square (a piece letter or two before it), a
/// separator or none, and the target (`e2e4`, `Jg1-f3`, `Sf1xb5+`, `e7e8D`).
fn is_long_form_word(word: &str) -> bool {
    word.char_indices().skip(2).any(|(at, _)| {
        let (from, rest) = word.split_at(at);
        let to = rest
            .strip_prefix(|c: char| DASHES.contains(&c) || CAPTURES.contains(&c))
            .unwrap_or(rest);
        is_from_part(from) && is_to_part(to)
    })
}

/// A pawn's move to the last rank typed with its new piece apart (`bxa8 D`, `e8 = D`, `e8 =D`,
/// `e8= D`, `e8 (D)`): how many of `words`, from the first (two or three), spell it; `None` if
/// they do not. The piece is one capital letter (not `O`) or a figurine. A pawn reaching the
/// last rank must name its piece (C.11), so a lone capital after one is that piece, not the
/// letter of the next move typed apart (`e8 D e5` is `e8D e5`).
///
/// ```
/// use scoresheet::notation::sheet::spaced_promotion;
/// assert_eq!(spaced_promotion(["bxa8", "D", "e5"]), Some(2));
/// assert_eq!(spaced_promotion(["e8", "=", "D+"]), Some(3));
/// assert_eq!(spaced_promotion(["e8", "/", "D"]), Some(3));
/// assert_eq!(spaced_promotion(["e8", "=", "(D)"]), None);
/// assert_eq!(spaced_promotion(["e1", "(J)"]), Some(2));
/// assert_eq!(spaced_promotion(["b7-a8", "=D"]), Some(2));
/// assert_eq!(spaced_promotion(["e7", "D"]), None);
/// assert_eq!(spaced_promotion(["Ve8", "D"]), None);
/// assert_eq!(spaced_promotion(["e8D", "D"]), None);
/// ```
pub fn spaced_promotion<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<usize> {
    let mut words = words.into_iter();
    if !is_pawn_to_last_rank(words.next()?) {
        return None;
    }
    // The piece, with the marks that may stand around it: `D`, `=D`, `(D)`, `/D`, `D+`.
    let piece = |w: &str, marked: bool| {
        let w = w.trim_end_matches(['+', '#', '!', '?']);
        let w = match w.strip_prefix('(') {
            Some(inner) if !marked => inner.strip_suffix(')').unwrap_or(""),
            Some(_) => "",
            None if marked => w,
            None => w.strip_prefix(['=', '/']).unwrap_or(w),
        };
        is_lone_piece_letter(w)
    };
    let second = words.next()?;
    if piece(second, false) {
        return Some(2);
    }
    (matches!(second, "=" | "/") && piece(words.next()?, true)).then_some(3)
}

/// A pawn's move, short or long, to the first or last rank with no piece named: `e8`, `bxa8`,
/// `ba8`, `b7a8`, `b7-a8`, `e8=` (the piece is in the next word).
fn is_pawn_to_last_rank(word: &str) -> bool {
    let word = word.strip_suffix(['=', '/']).unwrap_or(word);
    let Some(at) = word.len().checked_sub(2) else {
        return false;
    };
    let (Some(route), Some(to)) = (word.get(..at), word.get(at..)) else {
        return false;
    };
    let last_rank = is_square(to) && matches!(to.as_bytes()[1], b'1' | b'8');
    let mut cs = route.chars();
    let file = |c: Option<char>| c.is_some_and(|c| matches!(c, 'a'..='h'));
    let route_ok = match route.chars().count() {
        0 => true,
        1 => file(cs.next()),
        2 => {
            let (a, b) = (cs.next(), cs.next());
            file(a) && b.is_some_and(|b| CAPTURES.contains(&b) || matches!(b, '2' | '7'))
        }
        3 => {
            let (a, b, c) = (cs.next(), cs.next(), cs.next());
            file(a)
                && b.is_some_and(|b| matches!(b, '2' | '7'))
                && c.is_some_and(|c| CAPTURES.contains(&c) || is_dash(c))
        }
        _ => false,
    };
    last_rank && route_ok
}

/// A piece's move typed with its letter apart from the rest (`J f3`, `S x c6`, `V ae1`, `J g1f3`,
/// as a hurried hand or a scan leaves it): how many of `words`, from the first (two or three),
/// spell it; `None` if they do not. The letter is one capital (not `O`, which castles) or a
/// figurine; what follows is what may follow a piece letter in one word, or, with `long_moves`
/// (see [`dashes_separate_moves`]), a long-form move typed with spaces (`J g1 – f3`, four words).
///
/// ```
/// use scoresheet::notation::sheet::spaced_piece_move;
/// assert_eq!(spaced_piece_move(["J", "f3", "e5"], true), Some(2));
/// assert_eq!(spaced_piece_move(["S", "x", "c6+"], true), Some(3));
/// assert_eq!(spaced_piece_move(["\u{2658}", "\u{2a2f}", "c6"], true), Some(3));
/// assert_eq!(spaced_piece_move(["V", "ae1"], true), Some(2));
/// assert_eq!(spaced_piece_move(["J", "g1", "-", "f3"], true), Some(4));
/// assert_eq!(spaced_piece_move(["J", "g1", "-", "f3"], false), Some(2));
/// assert_eq!(spaced_piece_move(["O", "-", "O"], true), None);
/// assert_eq!(spaced_piece_move(["Jf3", "e5"], true), None);
/// assert_eq!(spaced_piece_move(["J", "1-0"], true), None);
/// assert_eq!(spaced_piece_move(["J", "-", "f3"], true), Some(3));
/// assert_eq!(spaced_piece_move(["J", "-f3"], true), Some(2));
/// assert_eq!(spaced_piece_move(["J", "-", "f3"], false), None);
/// assert_eq!(spaced_piece_move(["Sx", "c6"], true), Some(2));
/// ```
pub fn spaced_piece_move<'a>(
    words: impl IntoIterator<Item = &'a str> + Clone,
    long_moves: bool,
) -> Option<usize> {
    let all = words.clone();
    let mut words = words.into_iter();
    let first = words.next()?;
    // The letter with its capture mark, the target apart (`Sx c6`).
    let mut letter_and_mark = first.chars();
    if letter_and_mark.next().is_some_and(is_piece_letter_char)
        && letter_and_mark
            .next()
            .is_some_and(|c| CAPTURES.contains(&c))
        && letter_and_mark.next().is_none()
    {
        return is_to_part(words.next()?).then_some(2);
    }
    if !is_lone_piece_letter(first) {
        return None;
    }
    // The starting square alone after the letter, then the separator and the target square.
    let from_square = all.clone().into_iter().nth(1).is_some_and(is_square);
    if long_moves && from_square {
        if let Some(n) = spaced_long_move(all.into_iter().skip(1)) {
            return Some(1 + n);
        }
    }
    let second = words.next()?;
    if is_capture_word(second) {
        return is_to_part(words.next()?).then_some(3);
    }
    // A dash before the target (`J - f3`, `J -f3`), where the sheet's dashes stand inside moves.
    if long_moves {
        if is_dash_word(second) {
            return is_to_part(words.next()?).then_some(3);
        }
        let mut cs = second.chars();
        if cs.next().is_some_and(is_dash) && is_to_part(cs.as_str()) {
            return Some(2);
        }
    }
    is_piece_route(second).then_some(2)
}

/// A word that is one piece letter alone: a capital (not `O`, which castles) or a figurine.
fn is_lone_piece_letter(word: &str) -> bool {
    let mut cs = word.chars();
    cs.next().is_some_and(is_piece_letter_char) && cs.next().is_none()
}

/// A character that may be a piece letter alone: a capital (not `O`, which castles) or a
/// figurine.
fn is_piece_letter_char(c: char) -> bool {
    (c.is_uppercase() && c != 'O') || is_figurine(c)
}

/// What may follow a piece letter in one word: a target square with or without a capture mark,
/// a file, a rank or a whole square before it (`f3`, `xc6`, `bd7`, `1f3`, `g1f3`, `g1-f3`), and
/// marks after it.
fn is_piece_route(word: &str) -> bool {
    let separator = |b: u8| matches!(b, b'x' | b':' | b'-');
    let to_after = |from: usize| {
        word.get(from..).is_some_and(|rest| {
            is_to_part(rest)
                || (rest.as_bytes().first().is_some_and(|&b| separator(b))
                    && rest.get(1..).is_some_and(is_to_part))
        })
    };
    let bytes = word.as_bytes();
    match bytes {
        [b'a'..=b'h', b'1'..=b'8', ..] => to_after(0) || to_after(2),
        [b'a'..=b'h' | b'1'..=b'8', ..] => to_after(1),
        [b, ..] if separator(*b) && *b != b'-' => word.get(1..).is_some_and(is_to_part),
        _ => false,
    }
}

/// The dashes a sheet may write between the parts of a move, as the move reader reads them
/// (hyphen, en and em dash, non-breaking hyphen, hyphen, minus, figure dash, horizontal bar).
const DASHES: [char; 8] = [
    '-', '\u{2013}', '\u{2014}', '\u{2011}', '\u{2010}', '\u{2212}', '\u{2012}', '\u{2015}',
];

/// The capture marks a sheet may write between the parts of a move, as the move reader reads
/// them (`x`, the colon, and the multiplication signs `×`, `⨯`, `✕`).
const CAPTURES: [char; 5] = ['x', ':', '\u{d7}', '\u{2a2f}', '\u{2715}'];

/// A word that is one capture mark alone (`Sf1 x b5`, `c5 : d4`).
fn is_capture_word(word: &str) -> bool {
    let mut cs = word.chars();
    cs.next().is_some_and(|c| CAPTURES.contains(&c)) && cs.next().is_none()
}

/// One of the dashes a sheet may write ([`DASHES`]).
pub(crate) fn is_dash(c: char) -> bool {
    DASHES.contains(&c)
}

/// A word that is one dash alone (`-`, `–`, `—`): never a move by itself; the sheet readers
/// join it into the long-form move around it (`e2 – e4`) or pass over it as a separator between
/// moves (`1. e4 – e5`).
///
/// ```
/// use scoresheet::notation::sheet::is_dash_word;
/// assert!(is_dash_word("\u{2013}"));
/// assert!(!is_dash_word("e2-e4"));
/// ```
pub fn is_dash_word(word: &str) -> bool {
    let mut cs = word.chars();
    cs.next().is_some_and(|c| DASHES.contains(&c)) && cs.next().is_none()
}

/// A word that stands between moves and is never one: a dash or a slash alone
/// ([`is_dash_word`], [`is_slash_word`]), a table's column rule alone (`|`, `||`: `1 | e4 |
/// e5`, as sheets typed in a table are pasted), or dots alone holding the place of a move
/// written elsewhere ([`is_ellipsis_word`]). Both sheet readers pass over such a word once no
/// long-form move or promotion has taken it in.
///
/// ```
/// use scoresheet::notation::sheet::is_between_moves_word;
/// assert!(is_between_moves_word("-") && is_between_moves_word("/") && is_between_moves_word("..."));
/// assert!(is_between_moves_word("|") && is_between_moves_word("||"));
/// assert!(!is_between_moves_word("e4") && !is_between_moves_word("1/2"));
/// ```
pub fn is_between_moves_word(word: &str) -> bool {
    is_dash_word(word)
        || is_slash_word(word)
        || is_ellipsis_word(word)
        || matches!(word, "|" | "||" | "\u{2502}")
}

/// A table's heading or rule row, as a sheet typed in a table (markdown, a spreadsheet's
/// export) has above its moves: `| # | White | Black |`, `|---|:---:|---|`, `| Tah | Bílý | Černý |`.
/// Its cells, split at `|`, `│` or a box-drawing crossing (`┼`), are empty, rules (dashes,
/// colons, `=`, `+` and box-drawing lines) or column headings: a move number's heading (`#`, `No.`, `Nr.`, `Č.`, `n°`), a move's
/// (`Move`, `Tah`, `Zug`, `Coup`, `Potez`...) or a side's, in any language of the letter sets
/// (see [`header_tag`]). Both sheet readers pass over such a line; a row of moves (`| 1 | e4 |
/// e5 |`) is none.
///
/// ```
/// use scoresheet::notation::sheet::is_table_heading;
/// assert!(is_table_heading("| # | White | Black |"));
/// assert!(is_table_heading("|---|:---:|---|"));
/// assert!(is_table_heading("| Č. | Bílý | Černý |"));
/// assert!(!is_table_heading("| 1 | e4 | e5 |"));
/// assert!(!is_table_heading("1. e4 e5"));
/// assert!(is_table_heading("    Bílý    Černý"));
/// assert!(is_table_heading("Tah  White  Black"));
/// assert!(!is_table_heading("Bílý: Novák"));
/// assert!(!is_table_heading("Tah"));
/// ```
pub fn is_table_heading(line: &str) -> bool {
    const HEADINGS: &[&str] = &[
        "#", "no", "nr", "n°", "№", "č", "c", "br", "move", "moves", "tah", "tahy", "ťah", "ťahy",
        "zug", "züge", "coup", "coups", "potez", "poteze", "jugada", "mossa", "ruch", "lépés",
        "zet", "træk", "ход", "ply",
    ];
    let is_rule = |cell: &str| {
        cell.chars()
            .all(|c| matches!(c, '-' | ':' | '=' | '+' | '─' | '━' | '═'))
    };
    let is_heading = |cell: &str| {
        cell.split_whitespace().all(|word| {
            let w = word.trim_end_matches(['.', ':']).to_lowercase();
            HEADINGS.contains(&w.as_str()) || matches!(header_tag(&w), Some("White" | "Black"))
        })
    };
    const RULES: [char; 7] = ['|', '│', '┃', '┼', '╪', '├', '┤'];
    let line = line.trim();
    if !line.contains(RULES) {
        // A heading row typed without rules (`    Bílý    Černý`, `Tah  White  Black`): every
        // word a heading, and a colour's among them.
        let colour = line.split_whitespace().any(|w| {
            let w = w.trim_end_matches(['.', ':']);
            matches!(header_tag(w), Some("White" | "Black"))
        });
        return colour && !line.contains(':') && is_heading(line);
    }
    let mut any = false;
    let all = line.split(RULES).map(str::trim).all(|cell| {
        any |= !cell.is_empty();
        cell.is_empty() || is_rule(cell) || is_heading(cell)
    });
    all && any
}

/// A word that is one or two slashes alone (`/`, `//`), as typed sheets write them between
/// moves (`1. e4 / e5`, `1. e4 e5 / 2. Jf3`): never a move by itself; the sheet readers pass
/// over it (a promotion typed with its piece apart, `e8 / D`, takes it in first).
///
/// ```
/// use scoresheet::notation::sheet::is_slash_word;
/// assert!(is_slash_word("/") && is_slash_word("//"));
/// assert!(!is_slash_word("1/2") && !is_slash_word("///"));
/// ```
pub fn is_slash_word(word: &str) -> bool {
    matches!(word, "/" | "//")
}

/// The first part of a long-form move written apart: a square, with up to two letters of a
/// piece before it (`e2`, `Jg1`, `Кf3`, `♘g1`); nothing after it.
fn is_from_part(word: &str) -> bool {
    let Some(at) = word.len().checked_sub(2) else {
        return false;
    };
    let (letters, square) = (word.get(..at), word.get(at..));
    let (Some(letters), Some(square)) = (letters, square) else {
        return false;
    };
    is_square(square)
        && letters.chars().count() <= 2
        && letters
            .chars()
            .all(|c| (c.is_alphabetic() && !matches!(c, 'a'..='h' | 'x')) || is_figurine(c))
}

/// The last part of a long-form move written apart: a square, then only what may follow a
/// target square (a promotion, check and mate marks, annotations: `e4`, `d8D`, `d8=D+`, `f7!`).
fn is_to_part(word: &str) -> bool {
    let (Some(square), Some(rest)) = (word.get(..2), word.get(2..)) else {
        return false;
    };
    is_square(square)
        && rest.chars().all(|c| {
            (c.is_alphabetic() && !c.is_ascii_lowercase())
                || matches!(
                    c,
                    '=' | '/' | '(' | ')' | '+' | '#' | '!' | '?' | '\u{2020}' | '\u{2021}'
                )
        })
}

/// A file `a`-`h` then a rank `1`-`8`, nothing more.
fn is_square(text: &str) -> bool {
    matches!(text.as_bytes(), [b'a'..=b'h', b'1'..=b'8'])
}

/// Whether a semicolon before a word, followed by `after` (the rest of its line), stands
/// between moves rather than beginning a comment to the end of the line as in PGN: the next
/// word is a move number or looks like a move (a square in it, castling), as in
/// `1. e4 ; e5 ; 2. Jf3`. Read as a comment, those moves would be lost without a word; read as
/// moves, a remark that begins with a move (`; Jf3 was better`) is reported.
///
/// ```
/// use scoresheet::notation::sheet::semicolon_separates;
/// assert!(semicolon_separates(" e5 ; 2. Jf3"));
/// assert!(semicolon_separates(" 2. Jf3"));
/// assert!(semicolon_separates(" 0-0"));
/// assert!(!semicolon_separates(" a good move"));
/// assert!(!semicolon_separates(""));
/// ```
pub fn semicolon_separates(after: &str) -> bool {
    let Some(word) = sheet_words(after).next() else {
        return false;
    };
    if MoveNumber::at(word).is_some() || word.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    is_castling(&word.replace('\u{2013}', "-"))
        || word
            .as_bytes()
            .windows(2)
            .any(|w| matches!(w, [b'a'..=b'h', b'1'..=b'8']))
}

/// A long-form move typed with spaces around its separator (`e2 - e4`, `Jg1 – f3`, `Sf1 x b5`,
/// `e2 -e4`, `e2- e4`): how many of `words`, from the first (two or three), spell it; `None` if
/// they do not. A colon glued after a word is the capture marked after the move (`Df3: e6` is
/// Dxf3 and e6, as older books write it), not a long form's separator.
///
/// ```
/// use scoresheet::notation::sheet::spaced_long_move;
/// assert_eq!(spaced_long_move(["e2", "-", "e4", "e7"]), Some(3));
/// assert_eq!(spaced_long_move(["Jg1", "\u{2013}", "f3"]), Some(3));
/// assert_eq!(spaced_long_move(["e7", "x", "d8D+"]), Some(3));
/// assert_eq!(spaced_long_move(["Sf1", "\u{d7}", "b5"]), Some(3));
/// assert_eq!(spaced_long_move(["e2", "-e4"]), Some(2));
/// assert_eq!(spaced_long_move(["e2-", "e4"]), Some(2));
/// assert_eq!(spaced_long_move(["Df3:", "e6"]), None);
/// assert_eq!(spaced_long_move(["Dd1", ":", "d4"]), Some(3));
/// assert_eq!(spaced_long_move(["Jf3", "-", "Jc6"]), None);
/// assert_eq!(spaced_long_move(["e2e4", "-", "e5"]), None);
/// ```
pub fn spaced_long_move<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<usize> {
    let mut words = words.into_iter();
    let first = words.next()?;
    let second = words.next()?;
    let separator = |w: &str| is_dash_word(w) || is_capture_word(w);
    if separator(second) {
        let third = words.next()?;
        return (is_from_part(first) && is_to_part(third)).then_some(3);
    }
    let glued_after = first
        .strip_suffix(|c: char| DASHES.contains(&c) || (CAPTURES.contains(&c) && c != ':'))
        .is_some_and(|from| is_from_part(from) && is_to_part(second));
    let glued_before = second
        .strip_prefix(|c: char| DASHES.contains(&c) || CAPTURES.contains(&c))
        .is_some_and(|to| is_from_part(first) && is_to_part(to));
    (glued_after || glued_before).then_some(2)
}

/// The three words of a long-form move typed with a lone dash between its squares (`e4 – e5`),
/// which might also be two moves with a dash between them; `None` for any other text (`e2-e4`,
/// `Sf1 x b5`, `0 - 0`).
///
/// The first part keeps a piece letter written apart from its square (`J f3 – e6`, which may be
/// `Jf3` and `e6`).
///
/// ```
/// use scoresheet::notation::sheet::dashed_long_move_parts;
/// assert_eq!(dashed_long_move_parts("e4 \u{2013} e5"), Some(["e4", "\u{2013}", "e5"]));
/// assert_eq!(dashed_long_move_parts("J f3 - e6"), Some(["J f3", "-", "e6"]));
/// assert_eq!(dashed_long_move_parts("J\tf3 - e6"), Some(["J\tf3", "-", "e6"]));
/// assert_eq!(dashed_long_move_parts("e2-e4"), None);
/// assert_eq!(dashed_long_move_parts("J x f3"), None);
/// ```
pub fn dashed_long_move_parts(text: &str) -> Option<[&str; 3]> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let (first, dash) = match words.next()? {
        // A piece letter apart: the first part runs from it to the end of its square.
        square if is_square(square) && spaced_piece_move([first, square], false) == Some(2) => {
            let end = square.as_ptr() as usize - text.as_ptr() as usize + square.len();
            (text.get(..end)?, words.next()?)
        }
        dash => (first, dash),
    };
    let parts = [first, dash, words.next()?];
    let dashed = words.next().is_none() && is_dash_word(dash);
    let long =
        spaced_long_move([first.rsplit(char::is_whitespace).next()?, dash, parts[2]]).is_some();
    (dashed && long).then_some(parts)
}

/// Whether the dashes standing alone in `text` are written between whole moves (`1. e4 – e5
/// 2. Jf3 – Jc6`) rather than inside long-form moves (`1. e2 – e4 e7 – e5 2. Jg1 – f3`): true as
/// soon as one such dash stands between two moves that are not a starting square and a target
/// square (`Jf3 – Jc6`, `exd5 – Jxd5`). A sheet whose dashes all stand between squares is read
/// in the long form; where that reading fails, `convert` tries the other (see [`read_game`]).
///
/// ```
/// use scoresheet::notation::sheet::dashes_separate_moves;
/// assert!(dashes_separate_moves("1. e4 \u{2013} e5 2. Jf3 \u{2013} Jc6"));
/// assert!(!dashes_separate_moves("1. e2 - e4 e7 - e5 2. Jg1 - f3 Jb8 - c6"));
/// assert!(!dashes_separate_moves("1. e4 e5 2. Jf3"));
/// ```
pub fn dashes_separate_moves(text: &str) -> bool {
    // A word that names a square or castles: what a move on either side of a dash holds.
    let move_like = |w: &str| {
        w.as_bytes()
            .windows(2)
            .any(|p| matches!(p, [b'a'..=b'h', b'1'..=b'8']))
            || is_castling(w.trim_end_matches(['+', '#']))
    };
    let mut words = sheet_words(text);
    let (Some(mut before), Some(mut dash)) = (words.next(), words.next()) else {
        return false;
    };
    for after in words {
        let before_move = without_number(before);
        if is_dash_word(dash)
            && move_like(before_move)
            && move_like(after)
            && MoveNumber::at(after).is_none()
            && !(is_from_part(before_move) && is_to_part(after))
        {
            return true;
        }
        (before, dash) = (dash, after);
    }
    false
}

/// Whether the sheet writes a dash after White's move numbers, as Spanish books do (`1.-e4 e5
/// 2.-Cf3`, `1.- e4`, `1. - e4 e5`): true when at least two of White's numbers carry one and
/// they are most of them. Then a dash after a number is part of it, not the place of a move
/// held (`23. – Jf6` on other sheets: Black's move, White's written elsewhere).
///
/// ```
/// use scoresheet::notation::sheet::numbers_take_dashes;
/// assert!(numbers_take_dashes("1.-e4 e5 2.-Cf3 Cc6 3.-Ab5"));
/// assert!(numbers_take_dashes("1. - e4 e5 2. - Cf3 Cc6"));
/// assert!(!numbers_take_dashes("1. e4 e5 2. Jf3\n2. \u{2013} Jc6 3. Sb5 a6"));
/// ```
pub fn numbers_take_dashes(text: &str) -> bool {
    let mut words = sheet_words(text).peekable();
    let (mut numbers, mut dashed) = (0usize, 0usize);
    while let Some(word) = words.next() {
        let Some(number) = MoveNumber::at(word).filter(|n| !n.black) else {
            continue;
        };
        numbers += 1;
        let apart = number.len == word.len() && words.peek().is_some_and(|w| is_dash_word(w));
        dashed += usize::from(number.dash || apart);
    }
    dashed >= 2 && 2 * dashed > numbers
}

/// A word of dots alone (`...`, `..`, `…`), which holds the place of a move written elsewhere
/// (`23. ... Jf6`: Black's 23rd move, White's written on the line above): never a move.
///
/// ```
/// use scoresheet::notation::sheet::is_ellipsis_word;
/// assert!(is_ellipsis_word("..."));
/// assert!(is_ellipsis_word("\u{2026}"));
/// assert!(!is_ellipsis_word("."));
/// assert!(!is_ellipsis_word("2..."));
/// ```
pub fn is_ellipsis_word(word: &str) -> bool {
    // Dots and ellipses only, and more than one lone full stop.
    !word.is_empty() && word != "." && word.chars().all(|c| matches!(c, '.' | '\u{2026}'))
}

/// A move number at the front of a word, as both sheet readers read it: digits, then the dots,
/// parenthesis or ellipsis that end them (`12.`, `12...`, `12)`, `12…`, or a colon ending the
/// word, `12:`), then a dash glued after
/// them where the sheet writes one (`1.-e4`, as Spanish books do). A result (`0.5-0.5`) is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveNumber {
    /// The number written (`u32::MAX` for one too long to be real).
    pub value: u32,
    /// Bytes of its digits.
    pub digits: usize,
    /// Bytes it takes in all: digits, mark and glued dash.
    pub len: usize,
    /// Black's number (`12...`, `12…`).
    pub black: bool,
    /// A dash glued after the mark (`1.-`).
    pub dash: bool,
}

impl MoveNumber {
    /// The move number at the front of `word`, or `None`.
    pub(crate) fn at(word: &str) -> Option<MoveNumber> {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let after = &word[digits..];
        // `12:` as a word of its own (not `1:0`, a result, nor `1:05`, a clock time).
        let marks = if after == ":" {
            1
        } else {
            after.len() - after.trim_start_matches(NUMBER_MARKS).len()
        };
        // No move is numbered 0: `0.0` is castling typed with a dot, not move 0 (`01.`, typed
        // in a spreadsheet, is move 1).
        let zero = word.as_bytes()[..digits].iter().all(|&b| b == b'0');
        if digits == 0 || marks == 0 || zero || result_of(word).is_some() {
            return None;
        }
        let dash = after[marks..]
            .chars()
            .next()
            .filter(|&c| is_dash(c))
            .map_or(0, char::len_utf8);
        Some(MoveNumber {
            value: word[..digits].parse().unwrap_or(u32::MAX),
            digits,
            len: digits + marks + dash,
            black: after.starts_with("..") || after.starts_with('\u{2026}'),
            dash: dash > 0,
        })
    }
}

/// What ends the digits of a move number (`12.`, `12)`, `12…`).
const NUMBER_MARKS: [char; 3] = ['.', ')', '\u{2026}'];

/// Where the word at the front of `text` ends: at a space, or at a comma or semicolon that
/// stands between words, spaced or not (`1. e4, e5`, `1.e4,e5,2.Jf3`, `e5;`); not at a decimal
/// comma (`0,5-0,5`: digits on both sides, and no letter before them as in `e5,2.`).
///
/// ```
/// use scoresheet::notation::sheet::word_end;
/// assert_eq!(word_end("e4,e5"), 2);
/// assert_eq!(word_end("e5,2.Jf3"), 2);
/// assert_eq!(word_end("e5; 2. Jf3"), 2);
/// assert_eq!(word_end("0,5-0,5 e4"), 7);
/// ```
pub fn word_end(text: &str) -> usize {
    // The two characters before the one looked at.
    let mut before: [Option<char>; 2] = [None, None];
    for (at, c) in text.char_indices() {
        if c.is_whitespace() {
            return at;
        }
        if matches!(c, ',' | ';') && at > 0 && !is_decimal_comma(before, &text[at + 1..]) {
            return at;
        }
        before = [before[1], Some(c)];
    }
    text.len()
}

/// Whether a comma with `before` (the two characters before it) and the text `after` it is a
/// decimal comma (`0,5`), not one between a square and the next word (`e5,2.`) or between
/// castling and the next move's number (`0-0,6.b3`).
pub(crate) fn is_decimal_comma(before: [Option<char>; 2], after: &str) -> bool {
    let digits = after.len() - after.trim_start_matches(|d: char| d.is_ascii_digit()).len();
    before[1].is_some_and(|p| p.is_ascii_digit())
        && !before[0].is_some_and(char::is_alphabetic)
        && digits > 0
        && !after[digits..].starts_with(['.', ')', '\u{2026}'])
}

/// What may stand between two words of a sheet: spaces, commas and semicolons.
fn is_between_words(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';')
}

/// The words of `text` as both sheet readers split it (see [`word_end`]).
///
/// ```
/// use scoresheet::notation::sheet::sheet_words;
/// let words: Vec<&str> = sheet_words("1.e4,e5,2.Jf3; Jc6, 0,5-0,5").collect();
/// assert_eq!(words, ["1.e4", "e5", "2.Jf3", "Jc6", "0,5-0,5"]);
/// let castled: Vec<&str> = sheet_words("5.a3,0-0-0,6.b3").collect();
/// assert_eq!(castled, ["5.a3", "0-0-0", "6.b3"]);
/// ```
pub fn sheet_words(text: &str) -> impl Iterator<Item = &str> + Clone {
    let mut rest = text;
    std::iter::from_fn(move || {
        rest = rest.trim_start_matches(is_between_words);
        if rest.is_empty() {
            return None;
        }
        let (word, after) = rest.split_at(word_end(rest));
        rest = after;
        Some(word)
    })
}

/// `word` without a move number at its front (`12.e4` and `1.-e4` are `e4`).
fn without_number(word: &str) -> &str {
    MoveNumber::at(word).map_or(word, |n| &word[n.len..])
}

/// `0-0` or `0-0-0` (any of the castle zeros, with a check or mate mark or none).
fn is_castling(compact: &str) -> bool {
    let body = compact.trim_end_matches(['+', '#']);
    let mut parts = 0;
    let zeros = body.split('-').all(|p| {
        parts += 1;
        let mut cs = p.chars();
        cs.next().is_some_and(|c| CASTLE_ZEROS.contains(&c)) && cs.next().is_none()
    });
    zeros && (2..=3).contains(&parts)
}

/// The letter set (language code) whose language a head line's labels are in, where a label
/// says it (`Bílý: Novák  Černý: Svoboda` Czech, `Biely:` Slovak, `Weiß:` German): the labels
/// for White, Black and Result that only one language of the letter sets writes.
///
/// ```
/// use scoresheet::notation::sheet::head_language;
/// assert_eq!(head_language("Bílý: Novák, Jan   Černý: Svoboda, Petr"), Some("cs"));
/// assert_eq!(head_language("Weiß : Müller"), Some("de"));
/// assert_eq!(head_language("Datum: 14. 11. 2026"), None);
/// ```
pub fn head_language(line: &str) -> Option<&'static str> {
    const LANGUAGES: &[(&str, &[&str])] = &[
        (
            "cs",
            &[
                "bílý",
                "bily",
                "černý",
                "cerny",
                "výsledek",
                "vysledek",
                "soutěž",
            ],
        ),
        (
            "sk",
            &["biely", "čierny", "cierny", "výsledok", "vysledok", "súťaž"],
        ),
        ("hr", &["bijeli", "crni"]),
        ("de", &["weiß", "weiss", "schwarz", "ergebnis"]),
        ("fr", &["blancs", "blanc", "noirs", "noir", "résultat"]),
        ("es", &["blancas", "negras", "blanco", "negro"]),
        ("it", &["bianco", "nero"]),
        (
            "pl",
            &["białe", "czarne", "biały", "czarny", "biale", "bialy"],
        ),
        ("hu", &["fehér", "fekete", "világos", "sötét"]),
        ("sr", &["beli"]),
        ("sl", &["črni"]),
        ("nl", &["wit", "zwart"]),
        ("da", &["hvid", "sort"]),
        ("ru", &["белые", "черные", "чёрные"]),
        ("en", &["white", "black"]),
    ];
    // A label is the last word before a colon.
    let mut parts = line.split(':');
    parts.next_back();
    parts.find_map(|before| {
        let label = before.split_whitespace().next_back()?.to_lowercase();
        LANGUAGES
            .iter()
            .find(|(_, labels)| labels.contains(&label.as_str()))
            .map(|(code, _)| *code)
    })
}

/// The PGN tag that a label of a sheet's head names, in the languages of the letter sets (`Bílý`
/// White, `Černý` Black, `Turnaj` Event, `Místo` Site, `Datum` Date, `Kolo` Round, `Stůl`
/// Board, `Výsledek` Result, ...), in any case. (A player's `Elo:` is read by [`header_line`].)
///
/// ```
/// use scoresheet::notation::sheet::header_tag;
/// assert_eq!(header_tag("Černý"), Some("Black"));
/// assert_eq!(header_tag("VÝSLEDEK"), Some("Result"));
/// assert_eq!(header_tag("alebo"), None);
/// ```
pub fn header_tag(label: &str) -> Option<&'static str> {
    const LABELS: &[(&str, &[&str])] = &[
        (
            "White",
            &[
                "white",
                "bílý",
                "bily",
                "biely",
                "bijeli",
                "weiß",
                "weiss",
                "blancs",
                "blanc",
                "белые",
                "białe",
                "biały",
                "biale",
                "bialy",
                "blancas",
                "blanco",
                "bianco",
                "fehér",
                "világos",
                "beli",
                "wit",
                "hvid",
                "hvit",
                "vit",
            ],
        ),
        (
            "Black",
            &[
                "black",
                "černý",
                "cerny",
                "čierny",
                "cierny",
                "crni",
                "schwarz",
                "noirs",
                "noir",
                "черные",
                "чёрные",
                "czarne",
                "czarny",
                "negras",
                "negro",
                "nero",
                "fekete",
                "sötét",
                "črni",
                "zwart",
                "sort",
                "svart",
            ],
        ),
        (
            "Event",
            &[
                "event",
                "tournament",
                "turnaj",
                "soutěž",
                "súťaž",
                "turnir",
                "turnier",
                "tournoi",
                "турнир",
                "turniej",
                "torneo",
            ],
        ),
        (
            "Site",
            &[
                "site",
                "place",
                "místo",
                "miesto",
                "mjesto",
                "ort",
                "lieu",
                "место",
                "miejsce",
                "lugar",
                "luogo",
            ],
        ),
        ("Date", &["date", "datum", "dátum", "дата", "data", "fecha"]),
        // The position the game starts from, as PGN's tag writes it (`FEN: 8/8/... w - - 0 1`).
        ("FEN", &["fen"]),
        (
            "Board",
            &[
                "board",
                "table",
                "stůl",
                "stul",
                "stôl",
                "stol",
                "šachovnice",
                "brett",
                "échiquier",
                "tablero",
                "stół",
            ],
        ),
        (
            "Round",
            &[
                "round", "kolo", "runde", "ronde", "тур", "runda", "ronda", "turno",
            ],
        ),
        (
            "Result",
            &[
                "result",
                "výsledek",
                "vysledek",
                "výsledok",
                "vysledok",
                "rezultat",
                "ergebnis",
                "résultat",
                "resultat",
                "результат",
                "wynik",
                "resultado",
                "risultato",
                "eredmény",
                "uitslag",
            ],
        ),
    ];
    if label.is_empty() || label.len() > 24 {
        return None;
    }
    let lower = label.to_lowercase();
    LABELS
        .iter()
        .find(|(_, names)| names.contains(&lower.as_str()))
        .map(|(tag, _)| *tag)
}

/// A line of a sheet's head, as typed above the moves: one or more labelled details (`Bílý:
/// Novák, Jan   Černý: Svoboda, Petr`, `Datum: 12. 3. 2026`, `Kolo: 3`), each as the PGN tag
/// it fills and its value (trimmed; a date as `YYYY.MM.DD` where it reads as one; a result, such
/// as `Výsledek: 1:0`, as PGN writes it). `None` unless the line begins with a label this reader
/// knows and every detail has a value (a result one of [`result_of`]'s).
///
/// ```
/// use scoresheet::notation::sheet::header_line;
/// let tags = header_line("Bílý: Novák, Jan   Černý: Svoboda, Petr").unwrap();
/// assert_eq!(tags, [("White", "Novák, Jan".to_owned()), ("Black", "Svoboda, Petr".to_owned())]);
/// assert_eq!(header_line("Datum: 12. 3. 2026").unwrap(), [("Date", "2026.03.12".to_owned())]);
/// assert_eq!(header_line("1. e4 e5"), None);
/// assert_eq!(header_line("alebo: Jf3"), None);
/// ```
pub fn header_line(line: &str) -> Option<Vec<(&'static str, String)>> {
    // A colon glued to `word` or standing apart after it in `rest`: how many bytes of `rest`
    // the colon apart takes.
    let colon_after = |word: &'_ str, rest: &str| -> Option<usize> {
        if word.ends_with(':') {
            return Some(0);
        }
        let after = rest.trim_start();
        let colon = after
            .strip_prefix(':')
            .filter(|a| a.is_empty() || a.starts_with(char::is_whitespace))?;
        Some(rest.len() - colon.len())
    };
    // A label: its word with the colon glued (`Bílý:`) or apart (`Blancs :`, as French typing
    // puts it), and how many bytes of `rest` after the word the label and colon take. A rating
    // after a player's name (`Elo:`) is that player's.
    let label_at = |word: &str, rest: &str, last: Option<&'static str>| {
        if let Some(colon) = colon_after(word, rest) {
            let name = word.strip_suffix(':').unwrap_or(word);
            let tag = match (name.to_lowercase().as_str(), last) {
                ("elo" | "rating", Some("White")) => "WhiteElo",
                ("elo" | "rating", Some("Black")) => "BlackElo",
                _ => header_tag(name)?,
            };
            return Some((tag, colon));
        }
        // A label of two words: a colour's and a player's rating or the player (`White Elo:`,
        // `Bílý hráč:`).
        let colour = header_tag(word).filter(|t| matches!(*t, "White" | "Black"))?;
        let second = rest.split_whitespace().next()?;
        let second_end = rest.find(second)? + second.len();
        let colon = colon_after(second, &rest[second_end..])?;
        let tag = two_word_label(colour, second.strip_suffix(':').unwrap_or(second))?;
        Some((tag, second_end + colon))
    };
    let mut fields: Vec<(&'static str, String)> = Vec::new();
    let mut value_start = None;
    let mut rest = line.trim_start();
    {
        let first = rest.split_whitespace().next()?;
        label_at(first, &rest[first.len()..], None)?;
    }
    let offset = |s: &str| s.as_ptr() as usize - line.as_ptr() as usize;
    let finish = |fields: &mut Vec<(&'static str, String)>, start: Option<usize>, end: usize| {
        if let (Some(field), Some(start)) = (fields.last_mut(), start) {
            field.1 = line[start..end]
                .trim()
                .trim_end_matches([',', ';'])
                .trim()
                .to_owned();
        }
    };
    while let Some(word) = rest.split_whitespace().next() {
        let at = offset(word);
        let mut end = at + word.len();
        let last = fields.last().map(|(tag, _)| *tag);
        if let Some((tag, colon)) = label_at(word, &line[end..], last) {
            finish(&mut fields, value_start, at);
            fields.push((tag, String::new()));
            end += colon;
            value_start = Some(end);
        }
        rest = line[end..].trim_start();
    }
    finish(&mut fields, value_start, line.len());
    for field in &mut fields {
        if field.1.is_empty() {
            return None;
        }
        field.1 = crate::batch::tidy_name(&field.1);
        let date = (field.0 == "Date")
            .then(|| crate::batch::normalize_date(&field.1).or_else(|| date_in_words(&field.1)))
            .flatten();
        if let Some(date) = date {
            field.1 = date;
        } else if starts_the_moves(&field.1) {
            // `Kolo: 3 1. e4 e5`: the moves are on the line too; it is no head (the moves are
            // not taken into a tag).
            return None;
        }
        if field.0 == "Result" {
            field.1 = result_of(&field.1)?.to_owned();
        }
    }
    Some(fields)
}

/// The tag of a head's label of two words, a colour's label (`colour`, its tag) and `second`:
/// the player's rating (`White Elo`, `Černý ELO`) or the player (`Bílý hráč`, `Black player`).
fn two_word_label(colour: &'static str, second: &str) -> Option<&'static str> {
    const PLAYER: &[&str] = &[
        "player",
        "hráč",
        "hrac",
        "igrač",
        "igrac",
        "spieler",
        "joueur",
        "gracz",
        "jugador",
        "giocatore",
        "játékos",
        "speler",
        "spiller",
        "spelare",
        "игрок",
    ];
    let second = second.to_lowercase();
    match (colour, second.as_str()) {
        ("White", "elo" | "rating") => Some("WhiteElo"),
        ("Black", "elo" | "rating") => Some("BlackElo"),
        (tag, word) if PLAYER.contains(&word) => Some(tag),
        _ => None,
    }
}

/// The label of a line of a sheet's head that [`header_line`] does not read (`Klub: ŠK Praha`,
/// `Rozhodčí: Novák`, `Výsledek:` with nothing after it): a word of three letters or more, then
/// a colon (glued or apart), and no moves after it. Above a game's moves both sheet readers
/// leave such a line out instead of reading it as moves (`convert` says so).
///
/// ```
/// use scoresheet::notation::sheet::unknown_head_label;
/// assert_eq!(unknown_head_label("Klub: ŠK Praha"), Some("Klub"));
/// assert_eq!(unknown_head_label("Rozhodčí :"), Some("Rozhodčí"));
/// assert_eq!(unknown_head_label("Partie: 1. e4 e5"), None);
/// assert_eq!(unknown_head_label("e4: e5"), None);
/// assert_eq!(unknown_head_label("Číslo partie: 17"), Some("Číslo partie"));
/// assert_eq!(unknown_head_label("Time control: 90+30"), Some("Time control"));
/// assert_eq!(unknown_head_label("Jf3 Jc6 alebo: Jd2"), None);
/// assert_eq!(unknown_head_label("Kasparov or: 0-0-0 1/2-1/2"), None);
/// ```
pub fn unknown_head_label(line: &str) -> Option<&str> {
    let line = line.trim();
    let colon = line.find(':')?;
    let (label, rest) = (line[..colon].trim_end(), &line[colon + 1..]);
    if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
        // `1:0`, `12:30`: no label's colon.
        return None;
    }
    // One to four words of letters (`Klub`, `Číslo partie`, `Time control`), the first of three
    // letters or more.
    let first = label.split_whitespace().next()?;
    let words = label.split_whitespace();
    let letters = words.clone().count() <= 4 && {
        let mut words = words;
        words.all(|w| w.chars().all(char::is_alphabetic))
    };
    // A label of words holds no moves after it: `Kasparov or: 0-0-0 1/2-1/2` is a line of the
    // game, its words between moves.
    let moves_after = label.contains(char::is_whitespace)
        && rest
            .split_whitespace()
            .any(|w| is_castling(w) || result_of(w).is_some());
    let label_ok = first.chars().count() >= 3 && letters && !moves_after;
    (label_ok && !starts_the_moves(rest)).then_some(label)
}

/// Whether `text` holds the first move number (`1.`, `1)`, `1.e4`), as a line that begins with
/// the moves does.
fn starts_the_moves(text: &str) -> bool {
    text.split_whitespace().any(|w| {
        w.strip_prefix("1.")
            .or_else(|| w.strip_prefix("1)"))
            .is_some_and(|after| !after.starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// A clock time written beside a move, as some typed sheets carry them: `1:05`, `(0:01)`,
/// `[1:23:45]` (hours or minutes, then one or two groups of two digits after a colon; a result
/// such as `1:0` is not one).
///
/// ```
/// use scoresheet::notation::sheet::is_clock_time;
/// assert!(is_clock_time("(0:01)"));
/// assert!(is_clock_time("1:23:45"));
/// assert!(!is_clock_time("1:0"));
/// assert!(!is_clock_time("e4"));
/// ```
pub fn is_clock_time(word: &str) -> bool {
    let inner = word
        .strip_prefix(['(', '['])
        .map_or(word, |w| w.strip_suffix([')', ']']).unwrap_or(w));
    let mut groups = inner.split(':');
    let lead = groups.next().unwrap_or("");
    let mut after = 0;
    let two_digits = groups.all(|g| {
        after += 1;
        g.len() == 2 && g.bytes().all(|b| b.is_ascii_digit())
    });
    (1..=2).contains(&lead.len())
        && lead.bytes().all(|b| b.is_ascii_digit())
        && two_digits
        && (1..=2).contains(&after)
}

/// Words for check and mate that players write after a move, in the languages of the letter
/// sets (`šach`, `mat`, `Schach`, `matt`, `échec`, `шах`, ...): the board says whether the move
/// checks or mates, so the word carries nothing a move needs.
///
/// ```
/// use scoresheet::notation::sheet::is_check_or_mate_word;
/// assert!(is_check_or_mate_word("mat"));
/// assert!(is_check_or_mate_word("Šach!"));
/// assert!(!is_check_or_mate_word("Ma1"));
/// ```
pub fn is_check_or_mate_word(word: &str) -> bool {
    const WORDS: &[&str] = &[
        "check",
        "mate",
        "checkmate",
        "šach",
        "šah",
        "mat",
        "schach",
        "matt",
        "échec",
        "jaque",
        "scacco",
        "matto",
        "szach",
        "шах",
        "мат",
        "schack",
        "skak",
        "sjakk",
        "sakk",
        "schaak",
    ];
    let w = word.trim_end_matches(['!', '.']);
    if w.len() > 12 {
        return false;
    }
    if w.is_ascii() {
        WORDS.iter().any(|x| x.eq_ignore_ascii_case(w))
    } else {
        let lower = w.to_lowercase();
        WORDS.contains(&lower.as_str())
    }
}

/// Marks that belong to the move before them when written apart: an en passant mark (with
/// the move's check mark after it, `e.p.+`, as the Laws' long form prints it), a check mark,
/// an annotation.
fn is_trailing_mark(word: &str) -> bool {
    let before_check = word.trim_end_matches(['+', '#', '\u{2020}', '\u{2021}']);
    if before_check.len() < word.len() && matches!(before_check, "e.p." | "ep" | "e.p") {
        return true;
    }
    matches!(
        word,
        "e.p."
            | "ep"
            | "e.p"
            | "e."
            | "p."
            | "(e.p.)"
            | "(ep)"
            | "(=)"
            | "="
            | "+"
            | "#"
            | "++"
            | "\u{2020}"
            | "\u{2021}"
            | "!"
            | "?"
            | "!!"
            | "??"
            | "!?"
            | "?!"
            | "(!)"
            | "(?)"
            | "(!!)"
            | "(??)"
            | "(!?)"
            | "(?!)"
            | "+/-"
            | "-/+"
            | "+="
            | "=+"
            | "+-"
            | "-+"
            | "\u{b1}"
            | "\u{2213}"
            | "\u{2a72}"
            | "\u{2a71}"
            | "\u{221e}"
    ) || word
        .strip_prefix('$')
        .is_some_and(|n| n.parse::<u8>().is_ok())
}

/// The lines of `text`, each with its line end: `\n`, `\r\n`, or a lone `\r` (old Mac files),
/// as the PGN reader counts them.
///
/// ```
/// use scoresheet::notation::sheet::lines_with_ends;
/// let lines: Vec<&str> = lines_with_ends("1. e4\r\r1. d4\r\n2. c4\nx").collect();
/// assert_eq!(lines, ["1. e4\r", "\r", "1. d4\r\n", "2. c4\n", "x"]);
/// ```
pub fn lines_with_ends(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = match memchr::memchr2(b'\n', b'\r', rest.as_bytes()) {
            Some(i)
                if rest.as_bytes()[i] == b'\r' && rest.as_bytes().get(i + 1) == Some(&b'\n') =>
            {
                i + 2
            }
            Some(i) => i + 1,
            None => rest.len(),
        };
        let (line, after) = rest.split_at(end);
        rest = after;
        Some(line)
    })
}

/// Splits a move list into games. Move numbers (`1.`, `1...`, `12.e4`, `1)`, `1…`, or a bare
/// `1`) are skipped, `{...}` comments dropped, and a result ends a game, as does a blank line
/// unless the numbers of the moves above go on below it (a sheet typed in blocks). A sheet
/// of two columns typed row by row (`1. e4 e5   31. Vd1 Dc7`) is put in the order of its numbers
/// when they name every ply once; a result written in a row above the last (after the right
/// column's last move) ends the game once the rows below have given the moves it still lacks.
/// A result with no moves before it is the result of the game above when that has none (a blank
/// line between), else a game of its own with no moves (a forfeit): no result is dropped.
///
/// ```
/// use scoresheet::notation::sheet::read_sheet;
/// let games = read_sheet("1.e4 e5 2. Nf3 1-0\n\n1. d4 d5");
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves[2].text, "Nf3");
/// assert_eq!(games[0].result, Some("1-0"));
/// let numbered = read_sheet("1)e4 e5 2) Nf3 2\u{2026}Nc6 3 Bb5");
/// let texts: Vec<&str> = numbered[0].moves.iter().map(|m| m.text).collect();
/// assert_eq!(texts, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
/// let columns = read_sheet("1. e4 e5  3. Bb5 a6 1-0\n2. Nf3 Nc6\n");
/// let texts: Vec<&str> = columns[0].moves.iter().map(|m| m.text).collect();
/// assert_eq!(texts, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
/// assert_eq!((columns.len(), columns[0].result), (1, Some("1-0")));
/// let forfeit = read_sheet("1. e4 e5\n\n1-0\n\n0-1\n");
/// let results: Vec<_> = forfeit.iter().map(|g| (g.moves.len(), g.result)).collect();
/// assert_eq!(results, [(2, Some("1-0")), (0, Some("0-1"))]);
/// ```
pub fn read_sheet(text: &str) -> Vec<SheetGame<'_>> {
    // Long-form moves typed with spaces (`e2 - e4`) are one move each, unless the sheet's lone
    // dashes stand between moves (`1. e4 – e5`); `Kh4 xe5` only where the sheet writes
    // long-form moves elsewhere (see `LongMoves`).
    let long_moves = LongMoves::of_sheet(text);
    let dashed_numbers = numbers_take_dashes(text);
    let mut games = Vec::new();
    let mut game = OpenGame::default();
    let mut in_comment = false;
    // The open comment's `{`: where it stands in `text`, its line and column (until a `{`
    // inside it is reported).
    let mut opener: Option<(usize, usize, usize)> = None;
    // Where the text's last `}` stands: a `{` after it is never closed.
    let last_close = text.rfind('}');
    // The line on which the last word read was a result (a bracketed remark may follow it).
    let mut result_line = None;
    let mut offset = 0;
    for (li, line) in lines_with_ends(text).enumerate() {
        let line_start = offset;
        offset += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() && !in_comment {
            // A blank line ends a game, unless the next line's first number goes on with its
            // numbers (`2. Jf3 Jc6`, a blank line, `3. Sb5`): a sheet typed in blocks.
            if game.may_go_on() {
                game.gap = true;
            } else {
                game.end(&mut games);
            }
            continue;
        }
        if std::mem::take(&mut game.gap) && !in_comment {
            let first = sheet_words(trimmed).next().unwrap_or("");
            if number_word_ply(first) != game.next {
                game.end(&mut games);
            }
        }
        // A table's heading or rule row (`| # | White | Black |`, `|---|---|`): no moves.
        if !in_comment && is_table_heading(trimmed) {
            continue;
        }
        // The head of a sheet, above its moves: `Bílý: Novák, Jan`, `Datum: 12. 3. 2026`. Below
        // the moves, `Výsledek: 1-0` ends the game; any other head starts the next one.
        if !in_comment {
            if let Some(fields) = header_line(trimmed) {
                let only_result = fields.iter().all(|(tag, _)| *tag == "Result");
                let language = head_language(trimmed);
                if !game.game.moves.is_empty() && !only_result {
                    game.end(&mut games);
                }
                // A head naming again what the open head named, with no moves between: the
                // open head was a game with no moves (a forfeit), not dropped.
                let again = fields.iter().any(|(tag, _)| {
                    *tag != "Result" && game.game.tags.iter().any(|(t, _)| t == tag)
                });
                if game.game.moves.is_empty() && again {
                    games.push(std::mem::take(&mut game.game));
                    game.end(&mut games);
                }
                for (tag, value) in fields {
                    if tag == "Result" {
                        // `Výsledek: 1-0` below a game's moves and a blank line is its result;
                        // in a head, the result of the head's game.
                        match result_of(&value) {
                            Some(r) if game.result_of_last(&mut games, r) => {}
                            r => {
                                game.game.result = r;
                                game.game.head_result = r;
                            }
                        }
                    } else {
                        if tag == "Date" {
                            game.game.date_at = Some(li + 1);
                        }
                        // A position to start from, said as PGN says it (SetUp with FEN).
                        if tag == "FEN" {
                            let column = text[line_start..].find(&value).map_or(1, |at| {
                                text[line_start..line_start + at].chars().count() + 1
                            });
                            game.game.fen_at = Some((li + 1, column));
                            if !game.game.tags.iter().any(|(t, _)| t == "SetUp") {
                                game.game.tags.push(("SetUp".to_owned(), "1".to_owned()));
                            }
                        }
                        game.game.tags.retain(|(t, _)| t != tag);
                        game.game.tags.push((tag.to_owned(), value));
                    }
                }
                // Set after the head's game may have ended above (a head below moves starts
                // the next game).
                if language.is_some() && game.game.language.is_none() {
                    game.game.language = language;
                }
                if only_result {
                    game.end(&mut games);
                }
                continue;
            }
            if game.game.moves.is_empty() && unknown_head_label(trimmed).is_some() {
                game.game.left_out.push((li + 1, trimmed));
                continue;
            }
        }
        let mut rest = line;
        let mut pos_in_line = 0;
        while !rest.is_empty() {
            let skip = rest.len()
                - rest
                    .trim_start_matches(|c: char| c != ';' && is_between_words(c))
                    .len();
            pos_in_line += skip;
            rest = &rest[skip..];
            if rest.is_empty() {
                break;
            }
            if let Some(after) = rest.strip_prefix(';') {
                // Glued after a word (`e5;`), a semicolon separates; before a word, as in PGN,
                // it begins a comment that runs to the end of the line (`repair` reads it so),
                // unless moves follow it (`1. e4 ; e5 ; 2. Jf3`: [`semicolon_separates`]).
                if (skip > 0 || pos_in_line == 0) && !in_comment && !semicolon_separates(after) {
                    break;
                }
                pos_in_line += 1;
                rest = after;
                continue;
            }
            // A `{` glued to the end of a word opens a comment after it (`Jf3{good}`).
            let mut end = word_end(rest);
            if let Some(brace) = rest[..end].find('{').filter(|&b| b > 0) {
                end = brace;
            }
            let mut word = &rest[..end];
            let rest_word_start = word.as_ptr();
            let word_start = line_start + pos_in_line;
            // Text glued after a comment's `}` (`{good}Jc6`) is the next word: the word is
            // taken to its `}` and the rest read again.
            let close = word.find('}');
            let brace_first = word
                .find('{')
                .is_some_and(|b| close.map_or(true, |c| b < c));
            if let Some(c) = close {
                if (in_comment && !brace_first) || (word.starts_with('{') && c > 0) {
                    word = &word[..=c];
                    end = c + 1;
                }
            }
            pos_in_line += end;
            rest = &rest[end..];
            if in_comment {
                // Another `{` before the `}`: comments do not nest, so the open one's `}` was
                // left out, and the moves since are not comment. Its text to this `{` stands
                // in place of a move, whose reading fails there
                // ([`ParseError::BraceInComment`]).
                if let (Some(brace), Some((from, line, column))) = (word.find('{'), opener) {
                    if close.map_or(true, |c| brace < c) {
                        // Shown on one line: to the end of the first `{`'s, if more than it.
                        let written = &text[from..=word_start + brace];
                        let written = match written.find(['\n', '\r']) {
                            Some(end) if written[..end].trim_end().len() > 1 => {
                                written[..end].trim_end()
                            }
                            _ => written,
                        };
                        game.push(SheetMove {
                            text: written,
                            line,
                            column,
                            draw_offer: false,
                            numbered_as: None,
                            pgn: None,
                        });
                        opener = None;
                    }
                }
                if let Some(c) = close {
                    in_comment = false;
                    if let Some((from, _, _)) = opener.take() {
                        game.comment(text[from + 1..word_start + c].trim());
                    }
                }
                continue;
            }
            if word.starts_with('{') {
                if let Some(close) = word.find('}') {
                    game.comment(word[1..close].trim());
                    continue;
                }
                // A `{` that nothing below closes is a slip, not a comment running to the end
                // of the sheet (which would hide every game below it): it stands in place of a
                // move, whose reading fails there ([`ParseError::UnclosedComment`]), and the
                // rest of its line is passed over; the next blank line ends the game as usual.
                let column = text[line_start..word_start].chars().count() + 1;
                if !matches!(last_close, Some(close) if close > word_start) {
                    game.push(SheetMove {
                        text: &text[word_start..word_start + 1],
                        line: li + 1,
                        column,
                        draw_offer: false,
                        numbered_as: None,
                        pgn: None,
                    });
                    break;
                }
                in_comment = true;
                opener = Some((word_start, li + 1, column));
                continue;
            }
            // A remark in brackets after the result on its line (`1-0 (vzdal)`, `0-1 (White
            // lost on time)`) belongs to the game the result ended: said, not read as a move.
            if result_line == Some(li)
                && word.starts_with('(')
                && result_of(word).is_none()
                && !is_forfeit_mark(word)
            {
                let close = if word.contains(')') {
                    Some(0)
                } else {
                    rest.find(')').map(|c| c + 1)
                };
                if let Some(taken) = close {
                    let remark = &text[word_start..word_start + word.len() + taken];
                    let column = text[line_start..word_start].chars().count() + 1;
                    let to = match games.last_mut() {
                        Some(last) if game.game.moves.is_empty() => last,
                        _ => &mut game.game,
                    };
                    to.remarks.push((li + 1, column, remark));
                    pos_in_line += taken;
                    rest = &rest[taken..];
                    continue;
                }
            }
            result_line = None;
            // Commas between moves (`1. e4, e5, 2. Nf3`), clock times (`e4 (0:01)`) and words
            // for check or mate (`Qxf7 mat`) are not part of any move.
            word = word.trim_end_matches(',');
            if word.is_empty() || is_clock_time(word) || is_check_or_mate_word(word) {
                continue;
            }
            // A forfeit: the mark in place of a result (`+:-`) is the result too.
            if is_forfeit_mark(word) {
                if let Some(r) = result_of(word) {
                    game.result_written(&mut games, r);
                }
                game.forfeit(&mut games);
                continue;
            }
            // A dash or a slash alone that no long-form move or promotion takes in (below)
            // stands between moves; dots alone hold the place of a move written elsewhere
            // (`23. ... Jf6`).
            if is_between_moves_word(word) {
                continue;
            }
            // A move number, alone or glued to the move: `12.`, `12...`, `12)`, `12…`, or
            // digits alone (`1 e4 e5 2 Nf3`: no move is written in digits only; no move number
            // starts with 0, so that a stray `0` or `00` is still reported, not dropped).
            // A dash glued after the number (`1.-e4`, `1.-`, as Spanish books write) is part
            // of it.
            let marked = MoveNumber::at(word);
            let bare = !word.is_empty()
                && word.bytes().all(|b| b.is_ascii_digit())
                && !word.starts_with('0');
            let number = marked.is_some() || bare;
            let unnumbered = match marked {
                Some(n) => &word[n.len..],
                None if bare => "",
                None => word,
            };
            // Castling, a result or a long-form move typed with spaces (`0 - 0`, `1 - 0`,
            // `e2 - e4`), a move number glued to its front or not (`8.0 - 0`), is one word.
            let joined = [word, unnumbered].into_iter().find_map(|first| {
                let following = sheet_words(rest);
                spaced_word(std::iter::once(first).chain(following), long_moves)
                    .map(|(n, spaced)| (first, n, spaced))
            });
            let last_joined = joined.and_then(|(first, n, spaced)| {
                let last = sheet_words(rest).nth(n - 2)?;
                Some((first, last, spaced))
            });
            // The ply the number names (`12.` White's 12th move, `12...` Black's), if the word
            // starts with one that is not part of a spaced castling or result (`1 - 0`).
            let numbered_ply = match last_joined {
                Some((first, _, _)) if first.len() == word.len() => None,
                _ if number => {
                    let digits = marked.map_or(word.len(), |n| n.digits);
                    word[..digits].parse::<u64>().ok().map(|n| {
                        // `12...`, or `12. ...` and `12. –`: the place of White's move held.
                        // (Not a dash where the sheet writes one after every number:
                        // `1. - e4 e5`.)
                        let held = unnumbered.is_empty()
                            && !marked.is_some_and(|m| m.dash)
                            && sheet_words(rest).next().is_some_and(|w| {
                                is_ellipsis_word(w) || (!dashed_numbers && is_dash_word(w))
                            });
                        let black = marked.is_some_and(|m| m.black) || held;
                        2 * n.saturating_sub(1) + u64::from(black)
                    })
                }
                _ => None,
            };
            if let Some(ply) = numbered_ply {
                game.numbered(&mut games, ply);
            }
            let mut spaced = None;
            if let Some((first, last, how)) = last_joined {
                let offset = |s: &str| s.as_ptr() as usize - text.as_ptr() as usize;
                let end = offset(last) + last.len();
                let taken = end - offset(rest);
                word = &text[offset(first)..end];
                pos_in_line += taken;
                rest = &rest[taken..];
                spaced = Some(how);
            } else if number {
                word = unnumbered;
                if word.is_empty() {
                    continue;
                }
            }
            // What was cut off the front (a move number) moves the word's start.
            let word_start = word_start + (word.as_ptr() as usize - rest_word_start as usize);
            // A result, as one word or spelled with the words after it (`1/2 : 1/2`, where
            // `1/2` alone would be one too); `0.5-0.5` was read as no move number above.
            let result = match spaced {
                Some(Spaced::Result(r)) => Some(r),
                Some(Spaced::Castling | Spaced::Move) => None,
                None => result_of(word),
            };
            if let Some(r) = result {
                game.result_written(&mut games, r);
                result_line = Some(li);
                continue;
            }
            if is_trailing_mark(word) {
                if let Some(prev) = game.game.moves.last_mut() {
                    let start = prev.text.as_ptr() as usize - text.as_ptr() as usize;
                    prev.text = &text[start..word_start + word.len()];
                    continue;
                }
            }
            let column = text[line_start..word_start].chars().count() + 1;
            if game.result_last && numbered_ply.is_none() {
                // A move after the result that no number carries on: the next game.
                game.end(&mut games);
            }
            game.push(SheetMove {
                text: &text[word_start..word_start + word.len()],
                line: li + 1,
                column,
                draw_offer: false,
                numbered_as: None,
                pgn: None,
            });
        }
    }
    // A head with no moves after it is a game too (with no moves), not dropped.
    if !game.game.tags.is_empty() && game.game.moves.is_empty() {
        games.push(std::mem::take(&mut game.game));
    }
    game.end(&mut games);
    games
}

/// The longest game (in plies) for which [`read_sheet`] checks the numbers at each move number
/// (a result held open for the rows below, the first number again starting the next game): far
/// more than any game played (the longest are under 600 plies), and a bound on the work of each
/// move number on a hostile text (one line of 20,000 numbers each out of order: 8.1 s without it,
/// 0.25 s with it, 0.23 s for the same line numbered in order).
const COLUMN_PLIES: usize = 1200;

/// The first ply missing from `sorted` plies, after the lowest.
fn first_gap(sorted: &[u64]) -> Option<u64> {
    sorted
        .windows(2)
        .find(|w| w[1] != w[0] + 1)
        .map(|w| w[0] + 1)
}

/// The game [`read_sheet`] is reading: its moves so far, with the ply each move's number gives
/// it, so that a sheet of two columns typed row by row (`1. e4 c5   31. Vd1 Dc7`) is put back in
/// the order of its numbers when it ends.
#[derive(Default)]
struct OpenGame<'a> {
    game: SheetGame<'a>,
    /// Per move: its ply (0 = White's first move) by the move numbers, `None` before any number.
    plies: Vec<Option<u64>>,
    /// The ply of the next move by the numbers.
    next: Option<u64>,
    /// A result written while plies the numbers leave out are still missing (the right column's
    /// last row of a two-column sheet): the game ends once the next number is not the first
    /// missing ply.
    pending: bool,
    /// The last word read was that result: a move with no number before it starts a new game.
    result_last: bool,
    /// A move's number came before the number of a move written earlier.
    out_of_order: bool,
    /// A blank line came after the moves, which ends the game unless the next line's first
    /// number goes on with them (see [`OpenGame::may_go_on`]).
    gap: bool,
}

impl<'a> OpenGame<'a> {
    /// Whether a blank line here may be inside the game: it has numbered moves and no result,
    /// and its numbers are in order.
    fn may_go_on(&self) -> bool {
        !self.game.moves.is_empty()
            && self.game.result.is_none()
            && self.next.is_some()
            && !self.pending
            && !self.out_of_order
    }

    /// A comment written in braces after the moves so far; `(=)` marks the last move a draw
    /// offer, as in PGN (C.12).
    fn comment(&mut self, text: &'a str) {
        if text == "(=)" {
            if let Some(last) = self.game.moves.last_mut() {
                last.draw_offer = true;
                return;
            }
        }
        if !text.is_empty() {
            self.game.comments.push((self.game.moves.len(), text));
        }
    }

    fn push(&mut self, mut m: SheetMove<'a>) {
        if let (Some(Some(last)), Some(next)) = (self.plies.last(), self.next) {
            self.out_of_order |= next <= *last;
        }
        m.numbered_as = self.next.and_then(|ply| {
            let number = u32::try_from(ply / 2 + 1).ok()?;
            Some((number, Color::from_white(ply % 2 == 0)))
        });
        self.game.moves.push(m);
        self.plies.push(self.next);
        self.next = self.next.map(|p| p + 1);
    }

    /// A move number naming `ply`; a result still pending ends the game first unless the number
    /// goes on with the first ply missing.
    fn numbered(&mut self, games: &mut Vec<SheetGame<'a>>, ply: u64) {
        // Held open, a result waits for the first ply missing; otherwise the first number again
        // after columns that hold every ply starts the next game.
        let next_game = if self.pending {
            self.first_missing() != Some(ply)
        } else {
            self.starts_again(ply) || self.first_number_again(ply)
        };
        if next_game {
            self.end(games);
        }
        self.result_last = false;
        self.next = Some(ply);
    }

    /// A result written after the moves ends the game, unless plies are missing by the numbers:
    /// then the rows below may hold them. One written where no move is open: see
    /// [`OpenGame::result_alone`].
    fn result_written(&mut self, games: &mut Vec<SheetGame<'a>>, result: &'static str) {
        if self.game.moves.is_empty() {
            self.result_alone(games, result);
            return;
        }
        self.game.result = Some(result);
        if self.pending {
            self.end(games);
        } else {
            self.pending = self.first_missing().is_some();
            self.result_last = self.pending;
            if !self.pending {
                self.end(games);
            }
        }
    }

    /// Marks the game a forfeit mark follows as one (`[Termination "forfeit"]`): the open one if
    /// anything of it is written, else the last one ended.
    fn forfeit(&mut self, games: &mut [SheetGame<'a>]) {
        let open = &self.game;
        let game = if open.moves.is_empty() && open.tags.is_empty() && open.result.is_none() {
            match games.last_mut() {
                Some(last) => last,
                None => &mut self.game,
            }
        } else {
            &mut self.game
        };
        if !game.tags.iter().any(|(t, _)| t == "Termination") {
            game.tags
                .push(("Termination".to_owned(), "forfeit".to_owned()));
        }
    }

    /// The plies of the moves sorted, if every move has one and no two the same, and the game
    /// is no longer than [`COLUMN_PLIES`] (so that the numbers' checks cost little however long
    /// the text).
    fn sorted_plies(&self) -> Option<Vec<u64>> {
        if self.plies.len() > COLUMN_PLIES {
            return None;
        }
        let mut plies = self.plies.iter().copied().collect::<Option<Vec<u64>>>()?;
        plies.sort_unstable();
        plies.windows(2).all(|w| w[0] < w[1]).then_some(plies)
    }

    /// Whether a number naming `ply` is the first number again after moves written out of the
    /// order of their numbers that hold every ply from the first once (two columns, every row
    /// typed): the next game.
    fn starts_again(&self, ply: u64) -> bool {
        if !self.out_of_order {
            return false;
        }
        self.sorted_plies()
            .is_some_and(|plies| first_gap(&plies).is_none() && plies.first() == Some(&ply))
    }

    /// Whether a number naming `ply` names the game's first numbered ply again, with the moves
    /// since in the order of their numbers (`1. e4 e5 2. Jf3 Jc6`, then `1. d4 d6` on the next
    /// line: two games typed without a blank line between). Rows of two columns name no ply
    /// twice.
    fn first_number_again(&self, ply: u64) -> bool {
        !self.out_of_order && self.plies.iter().flatten().next() == Some(&ply)
    }

    /// The first ply the numbers skip, after the lowest one.
    fn first_missing(&self) -> Option<u64> {
        first_gap(&self.sorted_plies()?)
    }

    /// Ends the game (if it has moves) and pushes it onto `games`: in the order of its move
    /// numbers when they are every ply from the first once, in another order than written.
    /// A result with no move before it in its game. After a head it is the head's game's (the
    /// moves may follow). With no head, below a game that has no result (a blank line between
    /// the last move and the result), it is that game's result. Otherwise it is a game of its
    /// own that has no moves: a forfeit, or a game not played.
    fn result_alone(&mut self, games: &mut Vec<SheetGame<'a>>, result: &'static str) {
        if !self.game.tags.is_empty() {
            self.game.result = Some(result);
        } else if !self.result_of_last(games, result) {
            self.game.result = Some(result);
            games.push(std::mem::take(&mut self.game));
            self.end(games);
        }
    }

    /// With no move and no head open, a result below a game that has none is that game's
    /// (whether it was taken).
    fn result_of_last(&self, games: &mut [SheetGame<'a>], result: &'static str) -> bool {
        let open = self.game.moves.is_empty() && self.game.tags.is_empty();
        match games.last_mut().filter(|g| open && g.result.is_none()) {
            Some(last) => {
                last.result = Some(result);
                true
            }
            None => false,
        }
    }

    fn end(&mut self, games: &mut Vec<SheetGame<'a>>) {
        let plies = std::mem::take(&mut self.plies);
        let mut game = std::mem::take(&mut self.game);
        self.next = None;
        self.pending = false;
        self.gap = false;
        self.result_last = false;
        let out_of_order = std::mem::take(&mut self.out_of_order);
        if game.moves.is_empty() {
            self.game.comments = game.comments;
            self.game.tags = game.tags;
            self.game.left_out = game.left_out;
            self.game.remarks = game.remarks;
            self.game.result = game.result;
            self.game.head_result = game.head_result;
            self.game.language = game.language;
            return;
        }
        if out_of_order {
            let mut keyed: Vec<(u64, SheetMove<'a>)> = plies
                .iter()
                .zip(&game.moves)
                .filter_map(|(p, m)| Some(((*p)?, *m)))
                .collect();
            keyed.sort_by_key(|(p, _)| *p);
            let every_ply_once = keyed.windows(2).all(|w| w[1].0 == w[0].0 + 1);
            if keyed.len() == game.moves.len() && every_ply_once {
                // A comment stays after the move it was written after, wherever that goes.
                let mut order: Vec<(u64, usize)> = plies
                    .iter()
                    .enumerate()
                    .filter_map(|(j, p)| Some(((*p)?, j)))
                    .collect();
                order.sort_unstable();
                let mut moved_to = vec![0; order.len()];
                for (to, (_, from)) in order.iter().enumerate() {
                    moved_to[*from] = to;
                }
                for (after, _) in &mut game.comments {
                    if let Some(&to) = after.checked_sub(1).and_then(|j| moved_to.get(j)) {
                        *after = to + 1;
                    }
                }
                game.comments.sort_by_key(|(after, _)| *after);
                game.moves = keyed.into_iter().map(|(_, m)| m).collect();
            }
        }
        games.push(game);
    }
}

/// The ply the move number a word starts with names (`3.`, `3)` and `3.Sb5` White's third
/// move, `3...` or `3…` Black's; see [`MoveNumber`]), or `None`.
fn number_word_ply(word: &str) -> Option<u64> {
    let n = MoveNumber::at(word).filter(|n| n.value >= 1)?;
    Some(2 * (u64::from(n.value) - 1) + u64::from(n.black))
}

/// Which letters to read a sheet in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromLetters {
    /// Detect per game ([`detect_letters`]), trying these languages first.
    Auto(Vec<String>),
    /// This set.
    Set(LetterSet),
}

/// The output form of [`convert_text`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// A PGN game (tags, SAN, `{ (=) }` comments).
    Pgn,
    /// Movetext in SAN only.
    San,
    /// Movetext in the Laws' short form in the `to` letters.
    Fide,
    /// Long form without hyphen.
    Long,
    /// Long form with hyphen.
    LongHyphen,
    /// UCI: one game per line, its moves then its result (`e2e4 e7e5 1-0`), below the
    /// Variant, SetUp and FEN tags of a game that does not start from the initial position.
    Uci,
    /// Short form with figurines.
    Figurine,
}

impl Notation {
    /// Whether moves in this form are written in the chosen letter set (the Laws' short and
    /// long forms); PGN and SAN are in English letters by the PGN standard, UCI uses none and
    /// figurines stand for the pieces themselves.
    ///
    /// ```
    /// use scoresheet::notation::sheet::Notation;
    /// assert!(Notation::Fide.uses_letters());
    /// assert!(!Notation::Pgn.uses_letters());
    /// ```
    pub fn uses_letters(self) -> bool {
        matches!(self, Notation::Fide | Notation::Long | Notation::LongHyphen)
    }

    /// Whether this form writes the game's tags above its moves (players, event, date: what a
    /// scoresheet's head gives), as PGN does: the Laws' short and long forms and figurines;
    /// SAN is movetext alone and UCI moves alone.
    ///
    /// ```
    /// use scoresheet::notation::sheet::Notation;
    /// assert!(Notation::Long.writes_tags());
    /// assert!(!Notation::San.writes_tags());
    /// ```
    pub fn writes_tags(self) -> bool {
        matches!(
            self,
            Notation::Fide | Notation::Long | Notation::LongHyphen | Notation::Figurine
        )
    }

    /// Parses `pgn|san|fide|long|long-hyphen|uci|figurine`.
    ///
    /// ```
    /// use scoresheet::notation::sheet::Notation;
    /// assert_eq!(Notation::parse("long-hyphen"), Some(Notation::LongHyphen));
    /// ```
    pub fn parse(s: &str) -> Option<Notation> {
        Some(match s.to_ascii_lowercase().as_str() {
            "pgn" => Notation::Pgn,
            "san" => Notation::San,
            "fide" | "short" => Notation::Fide,
            "long" => Notation::Long,
            "long-hyphen" => Notation::LongHyphen,
            "uci" => Notation::Uci,
            "figurine" => Notation::Figurine,
            _ => return None,
        })
    }

    fn style(self) -> Style {
        match self {
            Notation::Pgn | Notation::San => Style::San,
            Notation::Fide => Style::Fide,
            Notation::Long => Style::Long,
            Notation::LongHyphen => Style::LongHyphen,
            Notation::Uci => Style::Uci,
            Notation::Figurine => Style::Figurine,
        }
    }
}

/// What [`convert_text`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertOptions {
    /// The input letters.
    pub from: FromLetters,
    /// The output letters (for fide/long forms).
    pub to: LetterSet,
    /// The output form.
    pub notation: Notation,
}

impl Default for ConvertOptions {
    fn default() -> Self {
        ConvertOptions {
            from: FromLetters::Auto(Vec::new()),
            to: LetterSet::english().clone(),
            notation: Notation::Pgn,
        }
    }
}

/// A game read from a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// The position the game starts from (its FEN tag, or the standard start).
    pub start: Position,
    /// The letter set it was read in.
    pub letters: String,
    /// The moves, each with its draw-offer flag and warnings.
    pub moves: Vec<(Move, bool, Warnings)>,
    /// The result written on the sheet, or `*`.
    pub result: &'static str,
    /// The tags of PGN input (empty for move lists).
    pub tags: Vec<(String, String)>,
    /// Moves read, but perhaps not as meant (see [`MoveError::Doubtful`]), with where they are.
    pub doubts: Vec<GameError>,
    /// What the text says after each move besides the move (glyphs, comments, variations), one
    /// for each move, or none at all where the text says nothing of the kind.
    pub glosses: Vec<Gloss>,
    /// Comments before the first move.
    pub comments_before: Vec<String>,
    /// Variations left out, each with its line and column and why (a move in it that does not
    /// read or is not legal): said by [`convert_text`].
    pub left_out: Vec<(usize, usize, String)>,
}

/// What a game's text says after a move besides the move: glyphs (`!`, `±`, `$146`) as PGN's
/// numeric annotation glyphs, comments, and variations (alternatives to the move, each from the
/// position before it).
///
/// ```
/// use scoresheet::notation::sheet::{convert_text, ConvertOptions};
/// let pgn = "[Event \"?\"]\n\n1. e4 $1 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 *\n";
/// let out = convert_text(pgn, "x.pgn", &ConvertOptions::default());
/// assert!(out.text.ends_with("1. e4 $1 { best by test } 1... e5 ( 1... c5 2. Nf3 ) 2. Nf3 *\n"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gloss {
    /// Numeric annotation glyphs, in order.
    pub nags: Vec<u8>,
    /// Comments, in order.
    pub comments: Vec<String>,
    /// Variations to the move.
    pub variations: Vec<Variation>,
}

impl Gloss {
    /// True if there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty() && self.variations.is_empty()
    }
}

/// A variation of a read game: its moves, each with what follows it, and the comments before
/// its first move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// Comments before the first move.
    pub comments_before: Vec<String>,
    /// The moves, each with its glosses.
    pub moves: Vec<(Move, Gloss)>,
}

/// Why a move could not be read, or (as [`MoveError::Doubtful`], in [`Converted::doubts`]) why
/// the way it was read is in doubt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the letter set.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The move is not legal, or not uniquely so.
    #[error(transparent)]
    Resolve(#[from] ResolveError),
    /// The letter set could not be told.
    #[error(transparent)]
    Letters(#[from] AmbiguousLetters),
    /// The PGN around the moves is broken (said with the game's number in the file, as `check`
    /// says it, and without the error's own place: the game's error gives it).
    #[error("game {}: syntax: {}", .0.game, .0.kind)]
    Pgn(#[from] PgnError),
    /// The game's FEN tag does not describe a legal position to start from.
    #[error("FEN tag: {0}")]
    Fen(#[from] FenError),
    /// The FEN tag gives castling rights only Chess960 has (a king off e1, a rook off its
    /// corner) in a game whose Variant tag says standard chess: the words, as `check` says them.
    #[error("{0}")]
    FenNotStandard(String),
    /// The game is of a variant with other rules (its Variant tag), which only standard chess
    /// and Chess960 are read by.
    #[error("variant '{0}' is not supported (only standard chess and Chess960)")]
    UnsupportedVariant(String),
    /// A move written after the game had ended on the board, by checkmate or stalemate (the
    /// word given): no move is legal there, and the reason any one move is not says nothing.
    #[error("written after the game ended by {0}: no move can follow it")]
    AfterTheEnd(&'static str),
    /// Not an error: the move was read, but perhaps not as the writer meant
    /// ([`Warning::FileLikePieceLetter`]: `bb5` read as a pawn's push where `Bb5` is legal too;
    /// [`Warning::CaptureMarkOnNonCapture`], [`Warning::EnPassantMarkOnOtherMove`],
    /// [`Warning::CheckMarkWithoutCheck`], [`Warning::MateMarkWithoutMate`]: a mark the move
    /// does not bear out).
    #[error("{0}")]
    Doubtful(Warning),
}

/// A game that failed, with everything an arbiter needs to find the move on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {}{reason}", which_move(self))]
pub struct GameError {
    /// The file name (`-` for standard input).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The move number.
    pub move_number: u32,
    /// Whose move.
    pub side: Color,
    /// The move as written.
    pub token: String,
    /// The letter set it was read in.
    pub letters: String,
    /// What rule failed.
    pub reason: MoveError,
    /// The move number and side the sheet's own numbers give the move, where it has them: told
    /// in the message when they differ from the count of moves (a ply left out above it, a
    /// number miswritten).
    pub numbered_as: Option<(u32, Color)>,
}

/// `move 31 (black) 'Jf6' [cs]: `, which a game's error tells before its reason; nothing for an
/// error of the whole game (its FEN or Variant tag, its PGN), which no move has.
fn which_move(e: &GameError) -> String {
    if matches!(
        e.reason,
        MoveError::Fen(_)
            | MoveError::FenNotStandard(_)
            | MoveError::Pgn(_)
            | MoveError::UnsupportedVariant(_)
    ) {
        return String::new();
    }
    format!(
        "move {} ({}{}) '{}' [{}]: ",
        e.move_number,
        e.side,
        written_as(e.numbered_as, e.move_number, e.side),
        e.token,
        e.letters
    )
}

/// `, numbered 31.` (or `31...`) where the sheet's numbers put a move elsewhere than its count.
fn written_as(numbered_as: Option<(u32, Color)>, number: u32, side: Color) -> String {
    match numbered_as {
        Some((n, s)) if (n, s) != (number, side) => {
            format!(", numbered {n}{} on the sheet", s.move_number_dots())
        }
        _ => String::new(),
    }
}

/// The position a game starts from: its FEN tag's, or the standard start.
fn start_of(game: &SheetGame<'_>, file: &str) -> Result<Position, Box<GameError>> {
    // A game of another variant (atomic, crazyhouse...) would be read by the rules of chess.
    let variant = game
        .tags
        .iter()
        .find(|(k, v)| k == "Variant" && !crate::replay::supported_variant(v));
    let first_move = game.moves.first().map(|m| (m.line, m.column));
    if let Some((_, variant)) = variant {
        let at = first_move.unwrap_or((1, 1));
        let reason = MoveError::UnsupportedVariant(variant.clone());
        return Err(GameError::of_game(file, at, reason));
    }
    let fen = game
        .tags
        .iter()
        .find(|(k, v)| k == "FEN" && !v.trim().is_empty());
    let variant = game
        .tags
        .iter()
        .find(|(k, _)| k == "Variant")
        .map(|(_, v)| v.as_str());
    let Some((_, fen)) = fen else {
        return Ok(crate::replay::of_variant(Position::new(), variant));
    };
    let at = game.fen_at.or(first_move).unwrap_or((1, 1));
    let pos = Position::from_fen(fen.trim()).map_err(|e| GameError::of_game(file, at, e.into()))?;
    // Castling only Chess960 has, in a game said to be standard chess: refused, as `check`
    // refuses it (with no Variant tag it is read as Chess960, and said: see `convert_games`).
    if variant.is_some_and(crate::replay::declares_standard) {
        if let Some(why) = crate::replay::standard_fen_error(&pos) {
            return Err(GameError::of_game(file, at, MoveError::FenNotStandard(why)));
        }
    }
    Ok(crate::replay::of_variant(pos, variant))
}

impl GameError {
    /// The error of a whole game (its FEN or Variant tag), at line and column `at`: no move's.
    fn of_game(file: &str, at: (usize, usize), reason: MoveError) -> Box<GameError> {
        Box::new(GameError {
            file: file.to_owned(),
            line: at.0,
            column: at.1,
            move_number: 0,
            side: Color::White,
            token: String::new(),
            letters: String::new(),
            reason,
            numbered_as: None,
        })
    }

    /// The error of the move written at `at`, the `ply`-th (from 0) of a game from `start`.
    fn at_ply(
        file: &str,
        start: &Position,
        ply: usize,
        at: &SheetMove<'_>,
        letters: &str,
        reason: MoveError,
    ) -> Box<GameError> {
        let (move_number, side) = start.move_after(ply);
        Box::new(GameError {
            file: file.to_owned(),
            line: at.line,
            column: at.column,
            move_number,
            side,
            token: at.text.to_owned(),
            letters: letters.to_owned(),
            reason,
            numbered_as: at.numbered_as,
        })
    }
}

/// Reads one game in `from`, starting from its FEN tag's position, or the standard start.
///
/// ```
/// use scoresheet::notation::sheet::{read_sheet, read_game, FromLetters};
/// let games = read_sheet("1. e4 e5 2. Sf3 Sc6");
/// let game = read_game(&games[0], "-", &FromLetters::Auto(vec![])).unwrap();
/// assert_eq!(game.letters, "hr");
/// assert_eq!(game.moves.len(), 4);
/// ```
pub fn read_game(
    game: &SheetGame<'_>,
    file: &str,
    from: &FromLetters,
) -> Result<ReadGame, Box<GameError>> {
    let read = read_game_as_written(game, file, from);
    if read.is_ok() {
        return read;
    }
    // Long-form moves typed with spaces (`e4 – e5`) may have been two moves with a dash between
    // them (`1. e4 – e5 2. d4 – d5`): the two readings cannot both be legal (the first square is
    // the mover's own piece in one, a square it moves to in the other), so the other is tried
    // where this one fails.
    let Some(split) = with_dashes_between_moves(game) else {
        return read;
    };
    match (read, read_game_as_written(&split, file, from)) {
        (_, Ok(game)) => Ok(game),
        // Neither reads: the error of the reading that got further.
        (Err(first), Err(other)) if (other.line, other.column) > (first.line, first.column) => {
            Err(other)
        }
        (first, Err(_)) => first,
    }
}

/// The sheet with each long-form move typed with a lone dash between its squares (`e4 – e5`)
/// read as two moves (see [`split_long_move`]); `None` where it has no such move.
fn with_dashes_between_moves<'a>(game: &SheetGame<'a>) -> Option<SheetGame<'a>> {
    let mut split = game.clone();
    split.moves.clear();
    let mut any = false;
    for m in &game.moves {
        match split_long_move(m) {
            Some((a, b)) => {
                split.moves.extend([a, b]);
                any = true;
            }
            None => split.moves.push(*m),
        }
    }
    any.then_some(split)
}

/// A long-form move typed with a lone dash between its squares (`e4 – e5`) as the two moves it
/// would be with the dash between them, each at its place (the second one ply later by the
/// sheet's numbers); `None` for any other move.
fn split_long_move<'a>(m: &SheetMove<'a>) -> Option<(SheetMove<'a>, SheetMove<'a>)> {
    let [first, _, second] = dashed_long_move_parts(m.text)?;
    let at = second.as_ptr() as usize - m.text.as_ptr() as usize;
    let numbered_as = m.numbered_as.map(|(n, side)| match side {
        Color::White => (n, Color::Black),
        Color::Black => (n.saturating_add(1), Color::White),
    });
    Some((
        SheetMove { text: first, ..*m },
        SheetMove {
            text: second,
            column: m.column + m.text[..at].chars().count(),
            draw_offer: false,
            numbered_as,
            ..*m
        },
    ))
}

/// [`read_game`] with each written move taken as one move.
fn read_game_as_written(
    game: &SheetGame<'_>,
    file: &str,
    from: &FromLetters,
) -> Result<ReadGame, Box<GameError>> {
    let read = read_game_in(game, file, from);
    // A head in Russian, Ukrainian or Bulgarian above moves typed with Latin look-alikes of
    // its letters (`Kf3` for Кf3), which no set reads as they stand: read in the head's
    // letters with their twins ([`LetterSet::with_latin_twins`]), where they read the game.
    let cyrillic = game
        .language
        .filter(|l| matches!(*l, "ru" | "uk" | "bg"))
        .and_then(LetterSet::by_code);
    match (read, cyrillic, from) {
        (Err(e), Some(set), FromLetters::Auto(_)) => {
            read_game_in(game, file, &FromLetters::Set(set.with_latin_twins())).map_err(|_| e)
        }
        (read, _, _) => read,
    }
}

/// [`read_game_as_written`] in the letters `from` gives, as they stand.
fn read_game_in(
    game: &SheetGame<'_>,
    file: &str,
    from: &FromLetters,
) -> Result<ReadGame, Box<GameError>> {
    let start = start_of(game, file)?;
    let detected;
    let letters: &LetterSet = match from {
        FromLetters::Set(set) => set,
        FromLetters::Auto(preferred) => {
            let tokens: Vec<&str> = game.moves.iter().map(|m| m.text).collect();
            // The languages asked for first, then the head's.
            let preferred: Vec<&str> = preferred
                .iter()
                .map(String::as_str)
                .chain(game.language)
                .collect();
            match detect_letters(&start, &tokens, &preferred) {
                Ok(d) => {
                    detected = d;
                    detected.letters
                }
                Err(e) => {
                    // Point at the first move the two readings disagree on.
                    let ply = e.ply.saturating_sub(1);
                    let at = game.moves.get(ply).copied().unwrap_or(SheetMove {
                        text: "",
                        line: 1,
                        column: 1,
                        draw_offer: false,
                        numbered_as: None,
                        pgn: None,
                    });
                    return Err(GameError::at_ply(file, &start, ply, &at, "auto", e.into()));
                }
            }
        }
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    let mut doubts = Vec::new();
    let mut glosses = Vec::new();
    let mut left_out = Vec::new();
    for (ply, sm) in game.moves.iter().enumerate() {
        let fail =
            |reason: MoveError| GameError::at_ply(file, &start, ply, sm, letters.code(), reason);
        let w = WrittenMove::parse(sm.text, letters)
            .map_err(|e| fail(e.in_position(&pos, letters).into()))?;
        let r = w.resolve(&pos, Policy::Lenient).map_err(|e| {
            if pos.has_legal_moves() {
                fail(e.into())
            } else if pos.is_check() {
                fail(MoveError::AfterTheEnd("checkmate"))
            } else {
                fail(MoveError::AfterTheEnd("stalemate"))
            }
        })?;
        let mut gloss = Gloss::default();
        if let Some(node) = sm.pgn {
            gloss = gloss_of(node, &pos, letters, &mut left_out);
        }
        for nag in written_glyphs(&w) {
            if !gloss.nags.contains(&nag) {
                gloss.nags.push(nag);
            }
        }
        if !gloss.is_empty() {
            glosses.resize_with(ply, Gloss::default);
            glosses.push(gloss);
        }
        pos.play(&r.mv);
        // A lower-case piece letter read as a file, and a capture, en passant, check or mate
        // mark the move does not bear out: the move may not be the one meant (the output's
        // marks are the board's). Castling written without its dashes (`00`), or with zeros
        // and letters O mixed (`0-O`), is said too, as `check` says it.
        for doubt in [
            Warning::CastlingWithoutDash,
            Warning::CastlingMarksMixed,
            Warning::CastlingAsKingMove,
            Warning::FileLikePieceLetter,
            Warning::CaptureMarkOnNonCapture,
            Warning::EnPassantMarkOnOtherMove,
            Warning::CheckMarkWithoutCheck,
            Warning::MateMarkWithoutMate,
        ] {
            if r.warnings.contains(doubt) {
                doubts.push(*fail(MoveError::Doubtful(doubt)));
            }
        }
        moves.push((r.mv, w.draw_offer || sm.draw_offer, r.warnings));
    }
    let mut comments_before: Vec<String> =
        game.comments_before.iter().map(|&c| c.to_owned()).collect();
    for &(after, comment) in &game.comments {
        match after.min(moves.len()).checked_sub(1) {
            Some(ply) => {
                if glosses.len() <= ply {
                    glosses.resize_with(ply + 1, Gloss::default);
                }
                glosses[ply].comments.push(comment.to_owned());
            }
            None => comments_before.push(comment.to_owned()),
        }
    }
    if !glosses.is_empty() {
        glosses.resize_with(moves.len(), Gloss::default);
    }
    Ok(ReadGame {
        start,
        letters: letters.code().to_owned(),
        moves,
        result: game.result.unwrap_or("*"),
        tags: game.tags.clone(),
        doubts,
        glosses,
        comments_before,
        left_out,
    })
}

/// The glyphs written with a move (`Sb5!±`, `e4 $1`) as NAGs, in the order written.
fn written_glyphs(w: &WrittenMove<'_>) -> impl Iterator<Item = u8> {
    let annotation = w.annotation.map(|a| a.nag());
    let assessment = w.assessment.map(|a| a.nag());
    annotation.into_iter().chain(w.nag).chain(assessment)
}

/// The glosses of a PGN move played from `before`: its glyphs, its comments (a draw offer's
/// `(=)` is the move's flag, not a comment), and its variations read in `letters`; a variation
/// that does not read is left out and said in `left_out`.
fn gloss_of(
    node: &Node,
    before: &Position,
    letters: &LetterSet,
    left_out: &mut Vec<(usize, usize, String)>,
) -> Gloss {
    let mut variations = Vec::with_capacity(node.variations.len());
    for line in &node.variations {
        match read_variation(line, before, letters, left_out) {
            Ok(v) => variations.push(v),
            Err(why) => left_out.push(why),
        }
    }
    Gloss {
        nags: node.nags.clone(),
        comments: node
            .comments
            .iter()
            .filter(|c| c.trim() != "(=)")
            .map(|c| c.to_string())
            .collect(),
        variations,
    }
}

/// A PGN variation read in `letters` from `start`, or where and why a move in it does not read.
fn read_variation(
    line: &Line,
    start: &Position,
    letters: &LetterSet,
    left_out: &mut Vec<(usize, usize, String)>,
) -> Result<Variation, (usize, usize, String)> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(line.moves.len());
    for node in &line.moves {
        let at = (node.at.line as usize, node.at.column as usize);
        let number = pos.fullmove_number();
        let dots = if pos.turn() == Color::White {
            "."
        } else {
            "..."
        };
        let why = |e: String| {
            let san = &node.san;
            (
                at.0,
                at.1,
                format!("the variation's move {number}{dots} '{san}': {e}"),
            )
        };
        let w = WrittenMove::parse(&node.san, letters)
            .map_err(|e| why(e.in_position(&pos, letters).to_string()))?;
        let r = w
            .resolve(&pos, Policy::Lenient)
            .map_err(|e| why(e.to_string()))?;
        let mut gloss = gloss_of(node, &pos, letters, left_out);
        for nag in written_glyphs(&w) {
            if !gloss.nags.contains(&nag) {
                gloss.nags.push(nag);
            }
        }
        pos.play(&r.mv);
        moves.push((r.mv, gloss));
    }
    Ok(Variation {
        comments_before: line.comments.iter().map(|c| c.to_string()).collect(),
        moves,
    })
}

/// Whether a tag's value says nothing: empty, `-`, or question marks alone (`?`, `????.??.??`),
/// as PGN writes an unknown detail.
fn is_unknown_tag_value(value: &str) -> bool {
    let value = value.trim();
    value.is_empty() || value == "-" || value.chars().all(|c| matches!(c, '?' | '.'))
}

/// Writes a read game in `notation` and `letters`: PGN with the seven tags; in the Laws' short
/// and long forms and figurines ([`Notation::writes_tags`]) the moves below the tags the game
/// has that say something (players, event, date, ECO...: not `?`; not the result, which ends
/// the moves), in PGN's tag form, as
/// [`read_sheet`] reads them back; SAN movetext alone; or UCI on one line. Where the game starts
/// elsewhere than the standard position, every form but PGN's gives the position first, as the
/// SetUp and FEN tags (after Variant for Chess960). Lines are wrapped before 80 columns; a draw offer is `{ (=) }` in PGN/SAN and
/// `(=)` otherwise.
///
/// ```
/// use scoresheet::notation::sheet::{read_sheet, read_game, write_game, FromLetters, Notation};
/// use scoresheet::notation::LetterSet;
/// let games = read_sheet("1. e4 e5 2. Nf3 Nc6 (=)");
/// let game = read_game(&games[0], "-", &FromLetters::Set(LetterSet::english().clone())).unwrap();
/// let mut out = String::new();
/// write_game(&mut out, &game, Notation::Fide, LetterSet::by_code("cs").unwrap()).unwrap();
/// assert_eq!(out, "1. e4 e5 2. Jf3 Jc6 (=) *\n");
/// ```
pub fn write_game<W: Write>(
    out: &mut W,
    game: &ReadGame,
    notation: Notation,
    letters: &LetterSet,
) -> std::fmt::Result {
    let mut pos = game.start.clone();
    if notation == Notation::Pgn {
        let given = |name: &str| {
            game.tags
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let roster = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
        ];
        for (tag, default) in roster {
            write_tag(out, tag, given(tag).unwrap_or(default))?;
        }
        write_tag(out, "Result", game.result)?;
        for (tag, value) in &game.tags {
            if tag != "Result" && !roster.iter().any(|(r, _)| r == tag) {
                write_tag(out, tag, value)?;
            }
        }
        out.write_char('\n')?;
    } else {
        // The game's details, as a sheet's head gives them (a scoresheet names its players,
        // event and date): in tag form, which reads back whatever the tag and the moves hold
        // (a head of labels would not, beside a variation's brackets).
        let mut tagged = false;
        if notation.writes_tags() {
            for (tag, value) in &game.tags {
                // The result is the moves' last word; where the game starts, given below.
                let said_apart = matches!(tag.as_str(), "Result" | "SetUp" | "FEN" | "Variant");
                if !said_apart && !is_unknown_tag_value(value) {
                    write_tag(out, tag, value.trim())?;
                    tagged = true;
                }
            }
        }
        if game.start != Position::new() {
            // Movetext alone would lose where the game starts: the position goes first, as the
            // two tags that PGN gives it (so that the text reads back as PGN), after the
            // Variant tag of a Chess960 game (whose castling the FEN alone may not tell).
            if game.start.is_chess960() {
                write_tag(out, "Variant", "Chess960")?;
            }
            write_tag(out, "SetUp", "1")?;
            write_tag(out, "FEN", &game.start.to_fen())?;
            tagged = true;
        }
        if tagged {
            out.write_char('\n')?;
        }
    }
    if notation == Notation::Uci {
        // One line a game: its moves, then its result, which ends the game for a reader of
        // several (and keeps it).
        for (m, _, _) in &game.moves {
            write!(out, "{} ", m.to_uci(pos.is_chess960()))?;
            pos.play(m);
        }
        out.write_str(game.result)?;
        return out.write_char('\n');
    }
    let opts = PrintOptions::new(notation.style());
    let mut text = Movetext {
        out,
        line_len: 0,
        unit: String::new(),
        notation,
        letters,
        opts,
    };
    for comment in &game.comments_before {
        text.comment(comment)?;
    }
    let none = Gloss::default();
    let mut moves = game
        .moves
        .iter()
        .enumerate()
        .map(|(ply, (m, draw_offer, _))| (m, *draw_offer, game.glosses.get(ply).unwrap_or(&none)));
    text.moves(&pos, &mut moves, !game.comments_before.is_empty())?;
    let Movetext { out, line_len, .. } = &mut text;
    emit(*out, game.result, line_len)?;
    out.write_char('\n')
}

/// Writes `unit` after what `line_len` characters of the line hold, wrapping before 80
/// columns.
fn emit<W: Write>(out: &mut W, unit: &str, line_len: &mut usize) -> std::fmt::Result {
    let width = unit.chars().count();
    if *line_len > 0 && *line_len + 1 + width > 79 {
        out.write_char('\n')?;
        *line_len = 0;
    } else if *line_len > 0 {
        out.write_char(' ')?;
        *line_len += 1;
    }
    out.write_str(unit)?;
    *line_len += width;
    Ok(())
}

/// The movetext [`write_game`] writes: moves with their numbers, draw offers, glyphs,
/// comments and variations, wrapped before 80 columns.
struct Movetext<'o, 'l, W> {
    out: &'o mut W,
    line_len: usize,
    unit: String,
    notation: Notation,
    letters: &'l LetterSet,
    opts: PrintOptions,
}

impl<W: Write> Movetext<'_, '_, W> {
    /// PGN and SAN write glyphs as NAGs (`$1`) and a black move after a comment or variation
    /// with its number (`2... Nc6`), as PGN's export form has it; the other forms write the
    /// glyphs books print (`!`, `±`), and `$n` for the rest.
    fn is_pgn(&self) -> bool {
        matches!(self.notation, Notation::Pgn | Notation::San)
    }

    /// A comment, its words wrapped as the line runs (`{ ... }`).
    fn comment(&mut self, comment: &str) -> std::fmt::Result {
        let words: Vec<&str> = comment.split_whitespace().collect();
        if words.is_empty() {
            return emit(self.out, "{ }", &mut self.line_len);
        }
        let mut unit = std::mem::take(&mut self.unit);
        for (i, word) in words.iter().enumerate() {
            unit.clear();
            if i == 0 {
                unit.push_str("{ ");
            }
            unit.push_str(word);
            if i + 1 == words.len() {
                unit.push_str(" }");
            }
            emit(self.out, &unit, &mut self.line_len)?;
        }
        self.unit = unit;
        Ok(())
    }

    /// The moves of a line from `pos`, each with its draw offer and glosses; `numbered` asks
    /// for a number before a first move of Black's.
    fn moves<'g>(
        &mut self,
        pos: &Position,
        moves: &mut dyn Iterator<Item = (&'g Move, bool, &'g Gloss)>,
        mut numbered: bool,
    ) -> std::fmt::Result {
        let mut pos = pos.clone();
        let mut first = true;
        for (m, draw_offer, gloss) in moves {
            self.unit.clear();
            if pos.turn() == Color::White {
                write!(self.unit, "{}. ", pos.fullmove_number())?;
            } else if first || numbered {
                write!(self.unit, "{}... ", pos.fullmove_number())?;
            }
            first = false;
            numbered = false;
            write_move(&mut self.unit, &pos, m, self.letters, &self.opts)?;
            if !self.is_pgn() {
                // The glyphs books print, glued to the move: `Sb5!±`.
                for &nag in &gloss.nags {
                    if let Some(a) = Annotation::from_nag(nag) {
                        self.unit.push_str(a.glyph());
                    } else if let Some(a) = Assessment::from_nag(nag) {
                        self.unit.push_str(a.glyph());
                    }
                }
            }
            let unit = std::mem::take(&mut self.unit);
            emit(self.out, &unit, &mut self.line_len)?;
            self.unit = unit;
            for &nag in &gloss.nags {
                let printed =
                    Annotation::from_nag(nag).is_some() || Assessment::from_nag(nag).is_some();
                if self.is_pgn() || !printed {
                    self.unit.clear();
                    write!(self.unit, "${nag}")?;
                    let unit = std::mem::take(&mut self.unit);
                    emit(self.out, &unit, &mut self.line_len)?;
                    self.unit = unit;
                }
            }
            if draw_offer {
                if self.is_pgn() {
                    emit(self.out, "{ (=) }", &mut self.line_len)?;
                    numbered = true;
                } else {
                    emit(self.out, "(=)", &mut self.line_len)?;
                }
            }
            for comment in &gloss.comments {
                self.comment(comment)?;
                numbered = true;
            }
            for variation in &gloss.variations {
                emit(self.out, "(", &mut self.line_len)?;
                for comment in &variation.comments_before {
                    self.comment(comment)?;
                }
                let mut moves = variation.moves.iter().map(|(m, g)| (m, false, g));
                self.moves(&pos, &mut moves, true)?;
                emit(self.out, ")", &mut self.line_len)?;
                numbered = true;
            }
            pos.play(m);
        }
        Ok(())
    }
}

fn write_tag<W: Write>(out: &mut W, tag: &str, value: &str) -> std::fmt::Result {
    out.write_char('[')?;
    out.write_str(tag)?;
    out.write_str(" \"")?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.write_char('\\')?;
        }
        out.write_char(c)?;
    }
    out.write_str("\"]\n")
}

/// The output of [`convert_text`]: the converted text and the games that failed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// The converted games, in order.
    pub text: String,
    /// How many games were converted.
    pub games: usize,
    /// One error per failed game (the run goes on with the next game).
    pub errors: Vec<GameError>,
    /// Moves of converted games read, but perhaps not as the writer meant (`bb5` read as a
    /// pawn's push where `Bb5` is legal too, `Df3+` that gives no check:
    /// [`MoveError::Doubtful`]).
    pub doubts: Vec<GameError>,
    /// What else a reader of the output should know, in words with where it is (`x.txt:4:
    /// game 1: the head gives the result 1-0, the moves end with 0-1: written *`).
    pub notes: Vec<String>,
}

/// One thing [`convert_text`] says about its input: see [`Converted::in_order`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said<'a> {
    /// A game that could not be converted.
    Error(&'a GameError),
    /// A move read, but perhaps not as meant.
    Doubt(&'a GameError),
    /// Anything else the reader should know.
    Note(&'a str),
}

impl Converted {
    /// The errors, doubts and notes together in the order of their places in the input `file`
    /// (the name given to [`convert_text`]), by line and then column, the first said first
    /// where two share a place: what a reader going down the file meets, as `convert` prints
    /// them. A note that names no place of `file` keeps its place after what came before it.
    ///
    /// ```
    /// use scoresheet::notation::sheet::{convert_text, ConvertOptions, Said};
    /// let text = "1. e4 e5 2. Jxf3 *\n\n1. e4 e5 2. Ke3 *";
    /// let out = convert_text(text, "x.txt", &ConvertOptions::default());
    /// let said = out.in_order("x.txt");
    /// assert!(matches!(said[0], Said::Doubt(d) if d.line == 1));
    /// assert!(matches!(said[1], Said::Error(e) if e.line == 3));
    /// ```
    pub fn in_order<'a>(&'a self, file: &str) -> Vec<Said<'a>> {
        let place_of_note = |note: &str| -> Option<(usize, usize)> {
            let rest = note.strip_prefix(file)?.strip_prefix(':')?;
            let number = |text: &str| -> Option<(usize, usize)> {
                let digits =
                    text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                Some((text.get(..digits)?.parse().ok()?, digits))
            };
            let (line, len) = number(rest)?;
            let column = rest
                .get(len..)
                .and_then(|r| r.strip_prefix(':'))
                .and_then(number)
                .map_or(0, |(c, _)| c);
            Some((line, column))
        };
        let mut said: Vec<((usize, usize), Said<'a>)> = Vec::new();
        let mut last = (0, 0);
        for e in &self.errors {
            said.push(((e.line, e.column), Said::Error(e)));
        }
        for d in &self.doubts {
            said.push(((d.line, d.column), Said::Doubt(d)));
        }
        for n in &self.notes {
            let at = place_of_note(n).unwrap_or(last);
            last = at;
            said.push((at, Said::Note(n)));
        }
        // Stable: what shares a place keeps the order errors, doubts, notes.
        said.sort_by_key(|(at, _)| *at);
        said.into_iter().map(|(_, s)| s).collect()
    }
}

/// Converts every game of a move list. A failed game is reported and skipped.
///
/// ```
/// use scoresheet::notation::sheet::{convert_text, ConvertOptions};
/// let out = convert_text("1. e4 e5 2. Ke3\n\n1. d4", "x.txt", &ConvertOptions::default());
/// assert_eq!(out.games, 1);
/// assert_eq!(out.errors.len(), 1);
/// assert_eq!(out.errors[0].move_number, 2);
/// ```
pub fn convert_text(text: &str, file: &str, opts: &ConvertOptions) -> Converted {
    if looks_like_pgn(text) {
        return convert_pgn(text, file, opts);
    }
    convert_games(read_sheet(text), file, opts)
}

/// Converts a file's bytes: the encoding is detected (UTF-8 with or without BOM, UTF-16,
/// Windows-1250, ISO-8859-2, CP852, ...; see [`crate::encoding`]; a file put together from
/// files in UTF-8 and another encoding is read section by section,
/// [`crate::encoding::decode_sections`]), then the text converted.
///
/// ```
/// use scoresheet::notation::sheet::{convert_bytes, ConvertOptions, Notation};
/// // "Jf3" in Windows-1250 with a Czech name in the tags.
/// let bytes = b"[White \"\x8Atastn\xFD\"]\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 *\n";
/// let opts = ConvertOptions { notation: Notation::San, ..ConvertOptions::default() };
/// let out = convert_bytes(bytes, "x.pgn", &opts);
/// assert_eq!(out.text, "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
/// ```
pub fn convert_bytes(bytes: &[u8], file: &str, opts: &ConvertOptions) -> Converted {
    let decoded = crate::encoding::decode_sections(bytes, None);
    convert_text(&decoded.text, file, opts)
}

/// True if the text is PGN: it starts with a tag once blank space, `%` escape lines, `;` line
/// comments and `{...}` comments are passed over, or a later line is a tag pair (a file whose
/// first game has no tags: `1. e4 e5 *`, then `[Event "b"]`), or it holds a variation
/// (`(1... c5`), which no move list does.
///
/// ```
/// use scoresheet::notation::sheet::looks_like_pgn;
/// assert!(looks_like_pgn("%!PGN\n[Event \"a\"]\n\n1. e4 *"));
/// assert!(looks_like_pgn("1. e4 e5 *\n{b}\n[Event \"b\"]\n\n1. d4 *"));
/// assert!(looks_like_pgn("1. e4 e5 (1... c5) 2. Nf3 *"));
/// assert!(looks_like_pgn("1. e4 ( {or} 1. d4 ) *"));
/// assert!(!looks_like_pgn("1. e4 e5 2. Jf3 Jc6 (=)"));
/// ```
pub fn looks_like_pgn(text: &str) -> bool {
    let Some(rest) = past_comments(text.trim_start_matches('\u{feff}'), true) else {
        return false;
    };
    rest.starts_with('[')
        || text
            .lines()
            .any(|l| crate::pgn::lexer::looks_like_tag_line(l.as_bytes()))
        || has_variation(text)
}

/// `text` from where the blank space, `{...}` comments and `;` comments at its start end (and
/// `%` escape lines, with `escapes`); `None` where a `{` there is never closed.
fn past_comments(mut text: &str, escapes: bool) -> Option<&str> {
    loop {
        text = text.trim_start();
        text = if text.starts_with(';') || (escapes && text.starts_with('%')) {
            text.find(['\n', '\r']).map_or("", |i| &text[i..])
        } else if text.starts_with('{') {
            &text[text.find('}')? + 1..]
        } else {
            return Some(text);
        };
    }
}

/// True if `text` holds a variation: an open parenthesis followed by a move number.
fn has_variation(text: &str) -> bool {
    text.match_indices('(').any(|(i, _)| {
        // Comments may stand first (`( {the other move:} 1.d4`).
        let Some(after) = past_comments(&text[i + 1..], false) else {
            return false;
        };
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        digits > 0 && after[digits..].starts_with('.')
    })
}

/// Reads PGN games and converts them: the mainline, and its glyphs, comments and variations.
fn convert_pgn(text: &str, file: &str, opts: &ConvertOptions) -> Converted {
    let parsed = Game::read_all_with_heads(text.as_bytes());
    let mut result = Converted::default();
    let mut sheets = Vec::new();
    for game in &parsed {
        match game {
            Ok(g) => sheets.push(sheet_of_pgn(g)),
            Err((e, head)) => {
                // A move before the syntax error that does not read is the game's first
                // error, as `check` says it: said first, the syntax error after it.
                if let Some(head) = head {
                    let before = convert_games(vec![sheet_of_pgn(head)], file, opts);
                    result.errors.extend(before.errors);
                }
                result.errors.push(GameError {
                    file: file.to_owned(),
                    line: e.at.line as usize,
                    column: e.at.column as usize,
                    move_number: 0,
                    side: Color::White,
                    token: String::new(),
                    letters: String::new(),
                    reason: MoveError::Pgn(e.clone()),
                    numbered_as: None,
                });
            }
        }
    }
    let converted = convert_games(sheets, file, opts);
    result.text = converted.text;
    result.games = converted.games;
    result.errors.extend(converted.errors);
    result.doubts = converted.doubts;
    result.notes = converted.notes;
    result
}

/// The mainline of a PGN game as a sheet; a `{ (=) }` comment marks a draw offer (C.12).
fn sheet_of_pgn(g: &Game) -> SheetGame<'_> {
    let tag_result = g
        .tag("Result")
        .and_then(crate::pgn::Outcome::from_token)
        .filter(|&o| o != crate::pgn::Outcome::Unknown);
    SheetGame {
        moves: g
            .mainline
            .moves
            .iter()
            .map(|n| SheetMove {
                text: &n.san,
                line: n.at.line as usize,
                column: n.at.column as usize,
                draw_offer: n.comments.iter().any(|c| c.trim() == "(=)"),
                numbered_as: None,
                pgn: Some(n),
            })
            .collect(),
        comments_before: g.mainline.comments.iter().map(|c| c.as_str()).collect(),
        comments: Vec::new(),
        // The movetext's result, else the Result tag's; the two told apart for the note on a
        // game where they differ (`head_result`).
        result: g.outcome.or(tag_result).map(|o| o.as_str()),
        tags: g.tag_strings(),
        left_out: Vec::new(),
        remarks: Vec::new(),
        head_result: tag_result.map(|o| o.as_str()),
        // PGN is in English letters (its standard, 8.2.2): where English and another set both
        // read the whole game, differently (`Rh3` a knight's move in Finnish), English is meant,
        // as `check` reads it.
        language: Some("en"),
        fen_at: g.fen_at.map(|at| (at.line as usize, at.column as usize)),
        date_at: g.date_at.map(|at| at.line as usize),
    }
}

/// What the final position says against the result a read game gives, if anything: a mate
/// with another result (`result 1-0 but white is checkmated`), a stalemate with a decisive one,
/// or either with no result written.
fn result_against_board(game: &ReadGame) -> Option<String> {
    if !matches!(game.result, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return None;
    }
    let mut pos = game.start.clone();
    for (mv, _, _) in &game.moves {
        pos.play(mv);
    }
    if pos.has_legal_moves() {
        return None;
    }
    let result = game.result;
    if pos.is_check() {
        let (mated, won) = match pos.turn() {
            Color::White => ("white", "0-1"),
            Color::Black => ("black", "1-0"),
        };
        if result == "*" {
            // The mate ended the game (5.1.1): its result is known, though not written.
            return Some(format!(
                "{mated} is checkmated ({won}), but no result is written"
            ));
        }
        (result != won).then(|| format!("result {result} but {mated} is checkmated"))
    } else if result == "*" {
        Some("the game ended in stalemate (1/2-1/2), but no result is written".to_owned())
    } else {
        (result != "1/2-1/2").then(|| format!("result {result} but the game ended in stalemate"))
    }
}

/// Where the first move written after an automatic draw (fivefold repetition, 75 moves:
/// Laws 9.6) stands, and why: `1:49: move 9 (white) 'e4' is written after the game ended
/// (fivefold repetition; Article 9.6.1 of the 2023 Laws): drawn, though the sheet gives 1-0`.
/// The Laws are those in force on the sheet's date (the latest without one).
fn after_automatic_draw(sheet: &SheetGame<'_>, game: &ReadGame) -> Option<String> {
    let laws = crate::laws::Edition::of_tags(&sheet.tags);
    let (index, status) =
        crate::replay::automatic_end(&game.start, game.moves.iter().map(|(m, _, _)| m), laws)?;
    let written = sheet.moves.get(index)?;
    let (number, side) = game.start.move_after(index);
    let side = crate::replay::side_name(side);
    let decisive = matches!(game.result, "1-0" | "0-1")
        .then(|| format!(": drawn, though the sheet gives {}", game.result))
        .unwrap_or_default();
    Some(format!(
        "{}:{}: move {number} ({side}) '{}' is written after the game ended ({}){decisive}",
        written.line,
        written.column,
        written.text,
        crate::replay::ending(status, laws)
    ))
}

/// Where the first move whose number on the sheet is not its number in the game stands, and
/// what both are: `1:13: move 2. 'Jf3' is numbered 3. on the sheet: read as the move that
/// follows the one before it`.
fn numbers_out_of_step(game: &SheetGame<'_>, start: &Position) -> Option<String> {
    game.moves.iter().enumerate().find_map(|(i, m)| {
        let (number, side) = m.numbered_as?;
        let due = start.move_after(i);
        (due != (number, side)).then(|| {
            let dots = |c: Color| if c == Color::White { "." } else { "..." };
            format!(
                "{}:{}: move {}{} '{}' is numbered {number}{} on the sheet: read as the move \
                 that follows the one before it",
                m.line,
                m.column,
                due.0,
                dots(due.1),
                m.text,
                dots(side)
            )
        })
    })
}

fn convert_games(games: Vec<SheetGame<'_>>, file: &str, opts: &ConvertOptions) -> Converted {
    let mut result = Converted::default();
    for (number, game) in games.into_iter().enumerate() {
        match read_game(&game, file, &opts.from) {
            Ok(mut g) => {
                // A head and moves that give different results: which stands, the sheet
                // cannot tell.
                if let (Some(head), Some(moves)) = (game.head_result, game.result) {
                    if head != moves {
                        let line = game.moves.last().map_or(1, |m| m.line);
                        let what = if game.tags.iter().any(|(t, _)| t == "Result") {
                            "the Result tag"
                        } else {
                            "the head"
                        };
                        result.notes.push(format!(
                            "{file}:{line}: game {}: {what} gives the result {head}, the moves \
                             end with {moves}: written *",
                            number + 1
                        ));
                        g.result = "*";
                    }
                }
                // (A `*` written for a head and moves that disagree is no result left out.)
                let unwritten = game.result.is_none() && game.head_result.is_none();
                let against = result_against_board(&g).filter(|_| g.result != "*" || unwritten);
                if let Some(why) = against {
                    let line = game.moves.last().map_or(1, |m| m.line);
                    result.notes.push(format!(
                        "{file}:{line}: game {}: {why}: written as on the sheet",
                        number + 1
                    ));
                }
                // Moves written after a fivefold repetition or 75 moves had drawn the game
                // (9.6, from 2014; under the Laws in force on the head's date): legal, written
                // out, and said, with the result the sheet gives if it is not the draw.
                if let Some(note) = after_automatic_draw(&game, &g) {
                    result
                        .notes
                        .push(format!("{file}:{note} (game {})", number + 1));
                }
                // A date no reading puts in PGN's form (`14.11.26`: which century?) is written
                // as it stands, and said.
                let date = game.tags.iter().find(|(tag, _)| tag == "Date");
                if let Some((_, date)) = date {
                    if crate::batch::normalize_date(date).as_deref() != Some(date.as_str()) {
                        let first = game.moves.first().map_or(1, |m| m.line);
                        let line = game.date_at.unwrap_or(first);
                        result.notes.push(format!(
                            "{file}:{line}: game {}: the date '{date}' is not in PGN's form \
                             (YYYY.MM.DD): written as it stands",
                            number + 1
                        ));
                    }
                }
                // A move whose number on the sheet is not its number in the game (a move
                // pair left out, a number written twice): the moves were read as they follow
                // each other, which the reader should know.
                // A FEN whose castling only Chess960 has, and no Variant tag: read as Chess960,
                // as `check` reads it, and said.
                let no_variant = !game.tags.iter().any(|(t, _)| t == "Variant");
                if no_variant && g.start.castling_needs_chess960() {
                    let (line, _) = game.fen_at.unwrap_or((1, 1));
                    result.notes.push(format!(
                        "{file}:{line}: game {}: {}",
                        number + 1,
                        crate::replay::CHESS960_BY_FEN
                    ));
                }
                // Read with its dashes between moves (`1. e4 – e5 2. d4 – d5`), the sheet's
                // numbers are those of the moves so read.
                let split = (g.moves.len() != game.moves.len())
                    .then(|| with_dashes_between_moves(&game))
                    .flatten();
                if let Some(note) = numbers_out_of_step(split.as_ref().unwrap_or(&game), &g.start) {
                    result
                        .notes
                        .push(format!("{file}:{note} (game {})", number + 1));
                }
                for (line, column, text) in &game.remarks {
                    result.notes.push(format!(
                        "{file}:{line}:{column}: game {}: '{text}' after the result is a remark, \
                         not a move: left out",
                        number + 1
                    ));
                }
                for (line, column, why) in &g.left_out {
                    result.notes.push(format!(
                        "{file}:{line}:{column}: game {}: {why}: the variation is left out",
                        number + 1
                    ));
                }
                // Latin look-alikes read as the Cyrillic letters (`Kf3` as Кf3): said once, at
                // the first, for the reader to check that the sheet meant them so.
                if matches!(g.letters.as_str(), "ru" | "uk" | "bg") {
                    let latin = game.moves.iter().find(|m| {
                        (m.text.chars().next()).is_some_and(|c| {
                            c.is_ascii_uppercase() && LATIN_TWINS.iter().any(|&(_, l)| l == c)
                        })
                    });
                    if let Some(m) = latin {
                        result.notes.push(format!(
                            "{file}:{}:{}: game {}: Latin letters read as the {} letters they \
                             look like ('{}': K as К, C as С, T as Т, Kp as Кр)",
                            m.line,
                            m.column,
                            number + 1,
                            g.letters,
                            m.text
                        ));
                    }
                }
                let glossed = !g.comments_before.is_empty() || !g.glosses.is_empty();
                if opts.notation == Notation::Uci && glossed {
                    let line = game.moves.first().map_or(1, |m| m.line);
                    result.notes.push(format!(
                        "{file}:{line}: game {}: UCI has no room for glyphs, comments or \
                         variations: left out",
                        number + 1
                    ));
                }
                for (line, text) in &game.left_out {
                    result.notes.push(format!(
                        "{file}:{line}: game {}: the head line '{text}' has a label scoresheet \
                         does not read: left out",
                        number + 1
                    ));
                }
                if result.games > 0 && opts.notation != Notation::Uci {
                    result.text.push('\n');
                }
                let _ = write_game(&mut result.text, &g, opts.notation, &opts.to);
                result.games += 1;
                result.doubts.extend(g.doubts);
            }
            Err(e) => result.errors.push(*e),
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_number_is_read_the_same_way_everywhere() {
        let n = |word: &str| MoveNumber::at(word).map(|n| (n.value, n.len, n.black, n.dash));
        assert_eq!(n("12."), Some((12, 3, false, false)));
        assert_eq!(n("12.Jf3"), Some((12, 3, false, false)));
        assert_eq!(n("12...Jf6"), Some((12, 5, true, false)));
        assert_eq!(n("12\u{2026}Jf6"), Some((12, 5, true, false)));
        assert_eq!(n("12)"), Some((12, 3, false, false)));
        assert_eq!(n("1.-e4"), Some((1, 3, false, true)));
        assert_eq!(n("12...\u{2013}Jf6"), Some((12, 8, true, true)));
        assert_eq!(n("12:"), Some((12, 3, false, false)));
        // Digits alone, a result, a clock time, a move: no number with its mark.
        for word in [
            "12", "0.5-0.5", "1-0", "1:0", "1:05", "12:e4", "e4", "Jf3", ".5",
        ] {
            assert_eq!(n(word), None, "{word}");
        }
        // Both readers take the same number off the front of a word.
        assert_eq!(without_number("1.-e4"), "e4");
        assert_eq!(without_number("0.5-0.5"), "0.5-0.5");
    }

    fn texts(text: &str) -> Vec<Vec<&str>> {
        read_sheet(text)
            .iter()
            .map(|g| g.moves.iter().map(|m| m.text).collect())
            .collect()
    }

    #[test]
    fn castling_and_results_typed_with_spaces_are_one_word() {
        let games = read_sheet("8. 0 - 0 0 -0, 9.O - O - O Jf6 1 - 0\n\n1. e4 e5 ½ - ½");
        assert_eq!(
            texts("8. 0 - 0 0 -0, 9.O - O - O Jf6 1 - 0"),
            [["0 - 0", "0 -0", "O - O - O", "Jf6"]]
        );
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, Some("1-0"));
        assert_eq!(games[1].result, Some("1/2-1/2"));
        // The glued move number moves the castling's column.
        assert_eq!((games[0].moves[2].line, games[0].moves[2].column), (1, 18));
        // Two castlings written one after the other stay two; a lone 0 is still a word of its
        // own (and reported as not a move).
        assert_eq!(texts("8. 0-0 0-0 9. 0 Jf3"), [["0-0", "0-0", "0", "Jf3"]]);
    }

    #[test]
    fn results_with_dashes_and_decimals_end_a_game() {
        // Before, `1–0` was read as a move and `0.5-0.5` as move number 0 then a move `5-0.5`.
        for (written, result) in [
            ("1\u{2013}0", "1-0"),
            ("0.5-0.5", "1/2-1/2"),
            ("0:1", "0-1"),
            // With spaces: `0.5` was a move number then a move `5`.
            ("0.5 - 0.5", "1/2-1/2"),
            ("0,5 - 0,5", "1/2-1/2"),
        ] {
            let text = format!("1. e4 e5 2. Jf3 {written}\n1. d4");
            let games = read_sheet(&text);
            assert_eq!(games.len(), 2, "{written}");
            assert_eq!(games[0].moves.len(), 3, "{written}");
            assert_eq!(games[0].result, Some(result), "{written}");
        }
    }

    /// Names compared without accents still name one month each, and every weekday name is
    /// written as it is compared.
    #[test]
    fn month_names_without_accents_keep_their_months() {
        for (name, month) in MONTH_NAMES {
            assert_eq!(month_of_word(name), Some(month), "{name}");
            assert_eq!(month_of_word(&plain_word(name)), Some(month), "{name}");
            assert_eq!(month_of_word(&name.to_uppercase()), Some(month), "{name}");
        }
        for day in WEEKDAY_NAMES {
            assert_eq!(plain_word(day), day);
            assert_eq!(month_of_word(day), None, "{day}");
        }
        assert_eq!(month_of_word("XII"), Some(12));
        assert_eq!(month_of_word("iv"), Some(4));
        assert_eq!(month_of_word("v"), None);
        assert_eq!(month_of_word("XIII"), None);
        assert_eq!(
            date_in_words("1er mars 2026").as_deref(),
            Some("2026.03.01")
        );
        assert_eq!(
            date_in_words("22nd Dec 2025").as_deref(),
            Some("2025.12.22")
        );
        assert_eq!(
            date_in_words("Středa, 4. III. 2026").as_deref(),
            Some("2026.03.04")
        );
        assert_eq!(date_in_words("4. III. 2026 sobota"), None);
        assert_eq!(date_in_words("32nd Dec 2025"), None);
        assert_eq!(date_in_words("3x March 2026"), None);
    }

    #[test]
    fn a_bad_fen_tag_is_reported_where_it_stands() {
        let text = "[Event \"x\"]\n[FEN \"3k4/8/8/8/8/8/8/3K4 b - - 0 0\"]\n\n1... Kd7 2. Kd2 *\n";
        let out = convert_text(text, "x.pgn", &ConvertOptions::default());
        assert_eq!(out.games, 0);
        assert_eq!(
            out.errors[0].to_string(),
            "x.pgn:2:1: FEN tag: fullmove number field: '0' is not a whole number from 1 to \
             1000000000"
        );
        // A move's error still names the move.
        let out = convert_text("1. e4 Ke3", "x.txt", &ConvertOptions::default());
        assert!(out.errors[0]
            .to_string()
            .starts_with("x.txt:1:7: move 1 (black) 'Ke3' ["));
    }

    #[test]
    fn a_blank_line_inside_a_game_its_numbers_go_on_over_is_no_end() {
        let lens =
            |text| -> Vec<usize> { read_sheet(text).iter().map(|g| g.moves.len()).collect() };
        assert_eq!(lens("1. e4 e5 2. Jf3 Jc6\n\n3. Sb5 a6 1-0\n"), [6]);
        assert_eq!(lens("1. e4 e5 2. Jf3\n\n\n2... Jc6 3.Sb5\n"), [5]);
        // The numbers start again, skip, or are not there: the next game.
        assert_eq!(lens("1. e4 e5 2. Jf3 Jc6\n\n1. d4 d5\n"), [4, 2]);
        assert_eq!(lens("1. e4 e5 2. Jf3 Jc6\n\n4. d4 d5\n"), [4, 2]);
        assert_eq!(lens("1. e4 e5 2. Jf3 Jc6\n\nd4 d5\n"), [4, 2]);
        assert_eq!(lens("1. e4 e5\n\nBílý: Novák\n2. d4\n"), [2, 1]);
        // A game that has its result ends at the blank line.
        assert_eq!(lens("1. e4 e5 1-0\n\n2. Jf3\n"), [2, 1]);
        assert_eq!(number_word_ply("3."), Some(4));
        assert_eq!(number_word_ply("3…"), Some(5));
        assert_eq!(number_word_ply("3"), None);
        assert_eq!(number_word_ply("0."), None);
    }

    #[test]
    fn a_head_line_with_a_label_no_tag_is_read_from_is_left_out_and_said() {
        let text = "Bílý: Novák, Jan\nČerný: Svoboda, Petr\nKlub: ŠK Praha\n\n1. e4 e5 1-0\n";
        let games = read_sheet(text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tags.len(), 2);
        assert_eq!(games[0].left_out, [(3, "Klub: ŠK Praha")]);
        let out = convert_text(text, "x.txt", &ConvertOptions::default());
        assert!(out.errors.is_empty(), "{:?}", out.errors);
        assert!(out.text.contains("[White \"Novák, Jan\"]"), "{}", out.text);
        assert_eq!(
            out.notes,
            [
                "x.txt:3: game 1: the head line 'Klub: ŠK Praha' has a label scoresheet does not \
              read: left out"
            ]
        );
        // Below the first move such a line is no head: the game's reading of it stands.
        let below = read_sheet("1. e4 e5\nKlub: ŠK Praha\n");
        assert!(below[0].left_out.is_empty());
    }

    #[test]
    fn check_and_mate_marks_the_board_does_not_bear_out_are_said() {
        let text = "1. e4 e5 2. Df3+ Jc6 3. Sc4# Jd4 4. Dxf7+ 1-0\n";
        let out = convert_text(text, "x.txt", &ConvertOptions::default());
        let doubts: Vec<String> = out.doubts.iter().map(ToString::to_string).collect();
        assert_eq!(
            doubts,
            [
                "x.txt:1:13: move 2 (white) 'Df3+' [cs]: + written but the move gives no check",
                "x.txt:1:25: move 3 (white) 'Sc4#' [cs]: mate mark written but the move does \
                 not mate"
            ]
        );
        // 4. Dxf7 mates: a check mark on a mate is no doubt; the output marks the mate.
        assert!(out.text.contains("4. Qxf7# 1-0"), "{}", out.text);
    }

    #[test]
    fn the_head_of_a_sheet_gives_tags() {
        let games =
            read_sheet("White: Réti  Black: Bogoljubov\nRound: 5\n\n1. Nf3 d5\n\nBílý: X\n1. e4");
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].tags,
            [
                ("White".to_owned(), "Réti".to_owned()),
                ("Black".to_owned(), "Bogoljubov".to_owned()),
                ("Round".to_owned(), "5".to_owned())
            ]
        );
        assert_eq!(games[1].tags, [("White".to_owned(), "X".to_owned())]);
        // After the moves, a head is the next game's (kept even with no moves after it), and a
        // result under a label ends the game.
        let late = read_sheet("1. e4 e5\nWhite: Réti");
        assert_eq!(late.len(), 2);
        assert!(late[0].tags.is_empty());
        assert_eq!(late[0].moves.len(), 2);
        assert_eq!(late[1].tags, [("White".to_owned(), "Réti".to_owned())]);
        assert!(late[1].moves.is_empty());
        let ended = read_sheet("Result: 0-1\n1. f3 e5 2. g4 Qh4\n\n1. e4 e5\nVýsledek: 1:0\n1. d4");
        let results: Vec<_> = ended.iter().map(|g| g.result).collect();
        assert_eq!(results, [Some("0-1"), Some("1-0"), None]);
        // An unknown label, or a label with no value, is no head.
        assert_eq!(header_line("Poznámka: remíza"), None);
        assert_eq!(header_line("White: Black: Réti"), None);
        // Moves on the line: no head (they would be lost in a tag); a date's `1.` is a date's.
        assert_eq!(header_line("Kolo: 3 1. e4 e5"), None);
        assert_eq!(header_line("Round: 3 1.e4 e5"), None);
        assert_eq!(
            header_line("Datum: 1. 11. 2026").unwrap(),
            [("Date", "2026.11.01".to_owned())]
        );
        // A month in words, in the languages of the head's labels.
        for (line, date) in [
            ("Datum: 14. listopadu 2026", "2026.11.14"),
            ("Dátum: 2. októbra 2025", "2025.10.02"),
            ("Datum: 14. listopada 2026.", "2026.10.14"),
            ("Date: 3 March 2026", "2026.03.03"),
            ("Datum: März 2026", "2026.03.??"),
            ("Datum: 14. XI. 2026", "2026.11.14"),
            ("Datum: sobota 14. XI. 2026", "2026.11.14"),
            ("Datum: So 14. 11. 2026", "2026.11.14"),
            ("Datum: 14. brezna 2026", "2026.03.14"),
            ("Date: Tuesday, March 3rd, 2026", "2026.03.03"),
        ] {
            assert_eq!(
                header_line(line).unwrap(),
                [("Date", date.to_owned())],
                "{line}"
            );
        }
        // A rating after a player is the player's; a table's number is the Board; a colon
        // apart from its label (French typing) is the label's.
        assert_eq!(
            header_line("Bílý: Novák  Elo: 2100   Černý: Svoboda  Elo: 2050").unwrap(),
            [
                ("White", "Novák".to_owned()),
                ("WhiteElo", "2100".to_owned()),
                ("Black", "Svoboda".to_owned()),
                ("BlackElo", "2050".to_owned())
            ]
        );
        assert_eq!(
            header_line("Turnaj: Open   Stůl: 5").unwrap(),
            [("Event", "Open".to_owned()), ("Board", "5".to_owned())]
        );
        assert_eq!(
            header_line("Blancs : Dupont   Noirs : Durand").unwrap(),
            [
                ("White", "Dupont".to_owned()),
                ("Black", "Durand".to_owned())
            ]
        );
        assert_eq!(header_line("Elo: 2100"), None);
        assert_eq!(header_line("Blancs Dupont"), None);
        // No date: written as it stands.
        assert_eq!(
            header_line("Datum: 14.11.26").unwrap(),
            [("Date", "14.11.26".to_owned())]
        );
    }

    /// A result alone: below a game that has none it is that game's; after a game that has one
    /// (or first in the text) it is a game of its own with no moves, a forfeit; after a head it
    /// is the head's game's.
    #[test]
    fn a_result_alone_ends_the_game_above_or_is_a_game_of_its_own() {
        let summary = |text: &str| -> Vec<(usize, Option<&'static str>, usize)> {
            read_sheet(text)
                .iter()
                .map(|g| (g.moves.len(), g.result, g.tags.len()))
                .collect()
        };
        assert_eq!(
            summary("1. e4 e5 2. Nf3\n\n1-0\n\n1/2-1/2\n\n1. d4 d5 0-1\n\n0-1\n"),
            [
                (3, Some("1-0"), 0),
                (0, Some("1/2-1/2"), 0),
                (2, Some("0-1"), 0),
                (0, Some("0-1"), 0)
            ]
        );
        assert_eq!(
            summary("1-0\n\n1. e4 e5\n"),
            [(0, Some("1-0"), 0), (2, None, 0)]
        );
        // Under a label: the game above's when it has none, else the next game's.
        assert_eq!(
            summary("1. e4 e5\n\nVýsledek: 0-1\n"),
            [(2, Some("0-1"), 0)]
        );
        assert_eq!(
            summary("1. e4 e5 1-0\n\nVýsledek: 0-1\n1. d4\n"),
            [(2, Some("1-0"), 0), (1, Some("0-1"), 0)]
        );
        // In a head, above the moves, with a blank line or not.
        assert_eq!(
            summary("Bílý: Novák\nVýsledek: 1-0\n\n1. e4 e5\n"),
            [(2, Some("1-0"), 1)]
        );
        assert_eq!(
            summary("Bílý: Novák\n1-0\n1. e4 e5\n"),
            [(2, Some("1-0"), 1)]
        );
        // A head and its result with no moves: a game (a forfeit).
        assert_eq!(
            summary("Bílý: Novák\nČerný: Svoboda\n1-0\n"),
            [(0, Some("1-0"), 2)]
        );
        // Followed by the next game's head: still a game, its result its own.
        assert_eq!(
            summary("Bílý: A\nČerný: B\nVýsledek: 1-0\n\nBílý: C\nČerný: D\n\n1. d4 d5\n"),
            [(0, Some("1-0"), 2), (2, None, 2)]
        );
    }

    #[test]
    fn two_columns_typed_row_by_row_are_put_in_the_order_of_their_numbers() {
        // Columns of three rows: moves 1-3 left, 4-5 right; the result after move 5 in row 2.
        let sheet = "1. e4 e5    4. d3 d6\n2. Nf3 Nc6  5. O-O O-O 1/2\n3. Bc4 Bc5\n";
        let games = read_sheet(sheet);
        assert_eq!(games.len(), 1);
        let plies = [
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "O-O", "O-O",
        ];
        assert_eq!(texts(sheet), [plies]);
        assert_eq!(games[0].result, Some("1/2-1/2"));
        // Each move keeps where it was written.
        assert_eq!((games[0].moves[6].line, games[0].moves[6].column), (1, 16));
        // Black's moves numbered `4...`, and the next game right after the last row.
        let sheet = "1. e4 e5  4... d6\n2. Nf3 Nc6 5. O-O\n3. Bc4 Bc5 4. d3\n1. d4 d5";
        assert_eq!(
            texts(sheet),
            [
                vec!["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "O-O"],
                vec!["d4", "d5"]
            ]
        );
    }

    #[test]
    fn numbers_out_of_order_but_not_two_columns_change_nothing() {
        // A number written twice, or one skipped: read as written, as before.
        let twice = "1. e4 e5 2. Nf3 Nc6 2. Bb5 a6";
        assert_eq!(texts(twice), [["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]]);
        let back = "1. e4 e5 3. Bb5 a6 2. Nf3";
        assert_eq!(texts(back), [["e4", "e5", "Bb5", "a6", "Nf3"]]);
        // A skipped number, then the result and the next game: the result still ends the game,
        // whether the next game starts with a number or not.
        let skipped = "1. e4 e5 3. Nf3 Nc6 1-0\n1. d4 d5\n";
        assert_eq!(
            texts(skipped),
            [vec!["e4", "e5", "Nf3", "Nc6"], vec!["d4", "d5"]]
        );
        let unnumbered = "1. e4 e5 3. Nf3 Nc6 1-0 d4 d5";
        assert_eq!(
            texts(unnumbered),
            [vec!["e4", "e5", "Nf3", "Nc6"], vec!["d4", "d5"]]
        );
        // Moves before the first number: no order by numbers.
        assert_eq!(texts("e4 e5 5. Nf3 2. d4"), [["e4", "e5", "Nf3", "d4"]]);
        // Rows of two numbers each written the wrong way round (2. then 1., 4. then 3., ...):
        // put in order, also in a game longer than any game (COLUMN_PLIES: there, a result is
        // not held open and the numbers are not checked at each number, only sorted once).
        let swapped = |moves: u32| -> String {
            (1..=moves)
                .map(|k| if k % 2 == 1 { k + 1 } else { k - 1 })
                .map(|n| format!("{n}. a{n} b{n} "))
                .collect()
        };
        assert_eq!(texts(&swapped(20))[0][..4], ["a1", "b1", "a2", "b2"]);
        let long_text = swapped(700);
        let long = texts(&long_text);
        assert_eq!(long.len(), 1);
        assert_eq!(long[0][..4], ["a1", "b1", "a2", "b2"]);
        assert_eq!(long[0].len(), 1400);
    }
}
