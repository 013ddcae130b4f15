//! Choosing the letter set of a game from the game itself.
//!
//! Every distinct built-in letter set replays the game from the start; the set under which it stays
//! legal longest wins, the caller's preferred languages (a scoresheet's tags) first among equals.
//! Czech/Slovak `S` (bishop) and Croatian/German `S` (knight) are told apart this way. If two sets
//! read the whole game legally and give different games, that is reported, not guessed.
//!
//! ```
//! use scoresheet::board::Position;
//! use scoresheet::notation::detect_letters;
//! let game = ["e4", "e5", "Jf3", "Jc6", "Sb5"];
//! let found = detect_letters(&Position::new(), &game, &[]).unwrap();
//! assert_eq!(found.letters.code(), "cs");
//! assert!(found.complete);
//! ```

use super::letters::LetterSet;
use super::resolve::Policy;
use super::resolve::Warning;
use super::written::WrittenMove;
use crate::board::{Move, Position, Role};

/// The letter set chosen for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The chosen set (the first of its group of sets with identical letters).
    pub letters: &'static LetterSet,
    /// Other built-in sets with the same letters (`sk` beside `cs`), and sets with other letters
    /// that read the same game.
    pub alike: Vec<&'static LetterSet>,
    /// How many plies the chosen set reads legally.
    pub plies: usize,
    /// True if the whole game reads legally.
    pub complete: bool,
}

/// Two letter sets read the whole game legally to different games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the letter sets {first} and {second} both read the whole game legally but differently (ply {ply}: {first_move} vs {second_move}); give --from")]
pub struct AmbiguousLetters {
    /// One set's code.
    pub first: String,
    /// The other's.
    pub second: String,
    /// The first ply (1-based) where the games differ.
    pub ply: usize,
    /// That ply's move under the first set (UCI).
    pub first_move: String,
    /// Under the second (UCI).
    pub second_move: String,
}

/// Replays `tokens` from `start` in `letters` (lenient) and returns the moves read before the first
/// that fails.
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::notation::{detect::replay, LetterSet};
/// let hr = LetterSet::by_code("hr").unwrap();
/// assert_eq!(replay(&Position::new(), &["e4", "e5", "Sf3", "Lc5"], hr).len(), 4);
/// assert_eq!(replay(&Position::new(), &["e4", "e5", "Jf3"], hr).len(), 2);
/// ```
pub fn replay<S: AsRef<str>>(start: &Position, tokens: &[S], letters: &LetterSet) -> Vec<Move> {
    replay_scored(start, tokens, letters).0
}

/// Like [`replay`], and counts the readings no scoresheet would use: a pawn named by a letter
/// (C.4; German `B` is the pawn, so after 1. e4 e5 `Bc4` reads as the pawn move c4 in German and
/// as the bishop move in English), `x` on a non-capture, castling written as a king move.
fn replay_scored<S: AsRef<str>>(
    start: &Position,
    tokens: &[S],
    letters: &LetterSet,
) -> (Vec<Move>, usize) {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(tokens.len());
    let mut odd = 0;
    for t in tokens {
        let Ok(w) = WrittenMove::parse(t.as_ref(), letters) else {
            break;
        };
        let Ok(r) = w.resolve(&pos, Policy::Lenient) else {
            break;
        };
        odd += [
            Warning::PawnLetter,
            Warning::CaptureMarkOnNonCapture,
            Warning::CastlingAsKingMove,
        ]
        .into_iter()
        .filter(|x| r.warnings.contains(*x))
        .count();
        // A promotion in UCI's coordinate form (`b7a8n`) names the new piece by UCI's English
        // letter: read as another piece, it is an odd reading.
        if uci_promotion(t.as_ref()).is_some_and(|role| r.mv.promotion() != Some(role)) {
            odd += 1;
        }
        pos.play(&r.mv);
        moves.push(r.mv);
    }
    (moves, odd)
}

/// The piece a move in UCI's coordinate form promotes to by UCI's letters (`q r b n`, English
/// and small), if the word is one (`b7a8n`, a knight).
fn uci_promotion(word: &str) -> Option<Role> {
    let &[f1, r1, f2, r2, p] = word.as_bytes() else {
        return None;
    };
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    if !square(f1, r1) || !square(f2, r2) {
        return None;
    }
    Role::from_english_char(char::from(p))
        .filter(|role| p.is_ascii_lowercase() && !matches!(role, Role::King | Role::Pawn))
}

/// How many of `words` begin with a capital (or any non-ASCII) letter that is a piece letter of
/// `set`: the evidence of a sheet's letters that slips do not spoil (castling's `O` and pawn
/// moves say nothing).
///
/// ```
/// use scoresheet::notation::{letters_used, LetterSet};
/// let words = ["e4", "Jf3", "Sc4", "O-O", "Nc3"];
/// assert_eq!(letters_used(LetterSet::by_code("cs").unwrap(), &words), 2);
/// assert_eq!(letters_used(LetterSet::english(), &words), 1);
/// ```
pub fn letters_used(set: &LetterSet, words: &[&str]) -> usize {
    words
        .iter()
        .filter(|w| names_a_piece(w) && set.match_piece(w).is_some())
        .count()
}

/// Whether `word` begins as a piece's move does: with a capital, or any letter beyond ASCII (a
/// figurine, Cyrillic), but not castling's `O`.
fn names_a_piece(word: &str) -> bool {
    word.chars()
        .next()
        .is_some_and(|c| (c.is_uppercase() || !c.is_ascii()) && c != 'O')
}

/// How many of `words` begin with a capital (or any non-ASCII letter) that is no piece letter
/// of `set` (castling's `O` and figurines, which every set reads, aside): words the set cannot
/// read at all, whatever the position (`Nxd4` in German letters).
///
/// ```
/// use scoresheet::notation::{detect::letters_unknown, LetterSet};
/// let words = ["e4", "Nf3", "Bc4", "O-O"];
/// assert_eq!(letters_unknown(LetterSet::english(), &words), 0);
/// assert_eq!(letters_unknown(LetterSet::by_code("de").unwrap(), &words), 1);
/// ```
pub fn letters_unknown(set: &LetterSet, words: &[&str]) -> usize {
    // A figurine reads in every set, as that set's letter (`Nf3 ♞c6`).
    let figurine = |w: &str| w.chars().next().is_some_and(super::written::is_figurine);
    words
        .iter()
        .filter(|w| names_a_piece(w) && !figurine(w) && set.match_piece(w).is_none())
        .count()
}

/// One letter set's reading of a game.
struct Reading {
    /// Position in the trial order (preferred languages first).
    order: usize,
    set: &'static LetterSet,
    alike: Vec<&'static LetterSet>,
    moves: Vec<Move>,
    /// Unusual forms the reading needed (see [`replay_scored`]).
    odd: usize,
}

/// Chooses the letter set under which `tokens` replay legally furthest from `start`, trying the
/// `preferred` languages (codes or names, e.g. from tags) first, among the sets that know the
/// most of the words' piece letters (a set with no `N` does not read `Nxd4` however far it reads
/// before it). Among readings of equal length
/// the one needing fewer unusual forms (pawn letters, `x` on non-captures) wins, then the one
/// whose piece letters the tokens use most ([`letters_used`]: a slip early on stops every set
/// at the same word).
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::notation::detect_letters;
/// // S is a bishop in Czech, a knight in Croatian: legality decides.
/// let hr = ["e4", "e5", "Sf3", "Sc6", "Lb5"];
/// assert_eq!(detect_letters(&Position::new(), &hr, &[]).unwrap().letters.code(), "hr");
/// // Black's first move skipped: every set stops at the second word; the words' letters tell.
/// let skipped = ["e4", "Jf3", "Jc6", "Sc4"];
/// assert_eq!(detect_letters(&Position::new(), &skipped, &[]).unwrap().letters.code(), "cs");
/// // A slip (B for N) that German reads on past, as a pawn move, until a word it cannot read.
/// let slip = ["e4", "c5", "Bf3", "d6", "d4", "cxd4", "Nxd4", "Nf6"];
/// let found = detect_letters(&Position::new(), &slip, &[]).unwrap();
/// assert_eq!((found.letters.code(), found.plies), ("en", 2));
/// ```
pub fn detect_letters<S: AsRef<str>>(
    start: &Position,
    tokens: &[S],
    preferred: &[&str],
) -> Result<Detection, AmbiguousLetters> {
    // Distinct sets only, preferred ones first.
    let mut order: Vec<&'static LetterSet> = preferred
        .iter()
        .filter_map(|p| LetterSet::by_code(p))
        .collect();
    let n_preferred = order.len();
    order.extend(LetterSet::all().iter());
    let mut distinct: Vec<(&'static LetterSet, Vec<&'static LetterSet>)> = Vec::new();
    for set in order {
        match distinct.iter_mut().find(|(s, _)| s.same_letters(set)) {
            Some((s, alike)) => {
                if s.code() != set.code() && !alike.iter().any(|a| a.code() == set.code()) {
                    alike.push(set);
                }
            }
            None => distinct.push((set, Vec::new())),
        }
    }
    let mut readings: Vec<Reading> = distinct
        .into_iter()
        .enumerate()
        .map(|(order, (set, alike))| {
            let (moves, odd) = replay_scored(start, tokens, set);
            Reading {
                order,
                set,
                alike,
                moves,
                odd,
            }
        })
        .collect();
    // First the sets that know every piece letter the words use: a slip (`Bf3` for `Nf3` in an
    // English game) stops the right set early, while a set that reads the slip as something
    // else (German `B`, the pawn) reads on, to a word it cannot read at all (`Nxd4`). Then among
    // readings that stop at the same word (a slip early on stops them all), the set whose piece
    // letters the words use most.
    let tokens: Vec<&str> = tokens.iter().map(AsRef::as_ref).collect();
    readings.sort_by_cached_key(|r| {
        (
            letters_unknown(r.set, &tokens),
            std::cmp::Reverse(r.moves.len()),
            r.odd,
            std::cmp::Reverse(letters_used(r.set, &tokens)),
            r.order,
        )
    });
    let Some((first, rest)) = readings.split_first() else {
        return Ok(Detection {
            letters: LetterSet::english(),
            alike: Vec::new(),
            plies: 0,
            complete: tokens.is_empty(),
        });
    };
    let plies = first.moves.len();
    let complete = plies == tokens.len();
    let mut alike = first.alike.clone();
    for other in rest
        .iter()
        .filter(|r| r.moves.len() == plies && r.odd == first.odd)
    {
        if other.moves == first.moves {
            alike.push(other.set);
            alike.extend(other.alike.iter().copied());
            continue;
        }
        // Different games. A preferred language settles it; otherwise do not guess.
        if complete && first.order >= n_preferred {
            let ply = first
                .moves
                .iter()
                .zip(&other.moves)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let uci = |ms: &[Move]| ms.get(ply).map_or_else(String::new, |m| m.to_string());
            return Err(AmbiguousLetters {
                first: first.set.code().to_owned(),
                second: other.set.code().to_owned(),
                ply: ply + 1,
                first_move: uci(&first.moves),
                second_move: uci(&other.moves),
            });
        }
    }
    Ok(Detection {
        letters: first.set,
        alike,
        plies,
        complete,
    })
}

/// FIDE federation codes and the language of the scoresheets written there.
const FEDERATIONS: [(&str, &str); 40] = [
    ("CZE", "cs"),
    ("SVK", "sk"),
    ("CRO", "hr"),
    ("SRB", "sr"),
    ("SLO", "sl"),
    ("BIH", "bs"),
    ("MNE", "sr"),
    ("GER", "de"),
    ("AUT", "de"),
    ("SUI", "de"),
    ("LIE", "de"),
    ("NED", "nl"),
    ("BEL", "nl"),
    ("FRA", "fr"),
    ("MON", "fr"),
    ("ESP", "es"),
    ("ARG", "es"),
    ("MEX", "es"),
    ("ITA", "it"),
    ("POR", "pt"),
    ("BRA", "pt"),
    ("AND", "ca"),
    ("POL", "pl"),
    ("HUN", "hu"),
    ("ROU", "ro"),
    ("MDA", "ro"),
    ("SWE", "sv"),
    ("DEN", "da"),
    ("NOR", "no"),
    ("FIN", "fi"),
    ("ISL", "is"),
    ("EST", "et"),
    ("RUS", "ru"),
    ("UKR", "uk"),
    ("BUL", "bg"),
    ("TUR", "tr"),
    ("ENG", "en"),
    ("SCO", "en"),
    ("IRL", "en"),
    ("USA", "en"),
];

/// The languages a game's tags point to, most specific first, for [`detect_letters`]'s
/// `preferred`: a `Language` tag naming a letter set, then the FIDE federation code that ends
/// the `Site` or `Event` tag (`Praha CZE` → Czech), then the players' federations
/// (`WhiteFed`/`BlackFed`, `WhiteTeamCountry`...).
///
/// ```
/// use scoresheet::notation::detect::languages_of_tags;
/// let tags = [("Event", "Open"), ("Site", "Zagreb CRO")];
/// assert_eq!(languages_of_tags(tags), ["hr"]);
/// let tags = [("Language", "sk"), ("Site", "Praha CZE")];
/// assert_eq!(languages_of_tags(tags), ["sk", "cs"]);
/// ```
pub fn languages_of_tags<'a>(tags: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    let mut explicit = Vec::new();
    let mut found = Vec::new();
    for (name, value) in tags {
        let value = value.trim();
        if name.eq_ignore_ascii_case("Language") {
            if let Some(set) = LetterSet::by_code(value) {
                explicit.push(set.code().to_owned());
            }
            continue;
        }
        if let Some(lang) = federation_language(name, value) {
            found.push(lang.to_owned());
        }
    }
    for lang in found {
        if !explicit.contains(&lang) {
            explicit.push(lang);
        }
    }
    explicit
}

/// The language of the FIDE federation a tag names: the code that ends a `Site` or `Event`
/// tag (`Praha CZE`), or a players' federation tag (`WhiteFed`, `BlackTeamCountry`).
///
/// ```
/// use scoresheet::notation::detect::federation_language;
/// assert_eq!(federation_language("Site", "Genève SUI"), Some("de"));
/// assert_eq!(federation_language("WhiteFed", "CRO"), Some("hr"));
/// assert_eq!(federation_language("White", "CRO"), None);
/// ```
pub fn federation_language(name: &str, value: &str) -> Option<&'static str> {
    let is_place = matches!(name, "Site" | "Event");
    let is_federation = name.ends_with("Fed") || name.ends_with("Country");
    if !(is_place || is_federation) {
        return None;
    }
    let word = value
        .trim()
        .rsplit(|c: char| !c.is_ascii_alphabetic())
        .find(|w| !w.is_empty())?;
    if word.len() != 3 || !word.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    FEDERATIONS
        .iter()
        .find(|(fed, _)| *fed == word)
        .map(|(_, lang)| *lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_letter_reading_loses_to_a_plain_one() {
        // German B is the pawn: "Bc4" is c2-c4 there, the bishop f1-c4 in English.
        let tokens = ["e4", "e5", "Bc4"];
        let d = detect_letters(&Position::new(), &tokens, &[]).unwrap();
        assert_eq!(d.letters.code(), "en");
        assert!(d.complete);
        let tokens = ["e4", "e5", "Sf3", "Sc6"];
        let d = detect_letters(&Position::new(), &tokens, &[]).unwrap();
        assert_eq!(d.letters.code(), "hr");
    }

    #[test]
    fn an_incomplete_game_reports_how_far_it_reads() {
        let tokens = ["e4", "e5", "Jf3", "Ke3"];
        let d = detect_letters(&Position::new(), &tokens, &[]).unwrap();
        assert_eq!((d.letters.code(), d.plies, d.complete), ("cs", 3, false));
    }
}
