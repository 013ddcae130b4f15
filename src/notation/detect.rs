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
use super::written::WrittenMove;
use crate::board::{Move, Position};

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
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(tokens.len());
    for t in tokens {
        let Ok(w) = WrittenMove::parse(t.as_ref(), letters) else {
            break;
        };
        let Ok(r) = w.resolve(&pos, Policy::Lenient) else {
            break;
        };
        pos.play(&r.mv);
        moves.push(r.mv);
    }
    moves
}

/// Chooses the letter set under which `tokens` replay legally furthest from `start`, trying the
/// `preferred` languages (codes or names, e.g. from tags) first.
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::notation::detect_letters;
/// // S is a bishop in Czech, a knight in Croatian: legality decides.
/// let hr = ["e4", "e5", "Sf3", "Sc6", "Lb5"];
/// assert_eq!(detect_letters(&Position::new(), &hr, &[]).unwrap().letters.code(), "hr");
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
    let n_preferred = preferred
        .iter()
        .filter(|p| LetterSet::by_code(p).is_some())
        .count();

    let mut results: Vec<(
        usize,
        &'static LetterSet,
        Vec<&'static LetterSet>,
        Vec<Move>,
    )> = Vec::new();
    for (i, (set, alike)) in distinct.into_iter().enumerate() {
        let moves = replay(start, tokens, set);
        results.push((i, set, alike, moves));
    }
    let best_len = results.iter().map(|r| r.3.len()).max().unwrap_or(0);
    let complete = best_len == tokens.len();
    let mut best: Vec<&(
        usize,
        &'static LetterSet,
        Vec<&'static LetterSet>,
        Vec<Move>,
    )> = results.iter().filter(|r| r.3.len() == best_len).collect();
    best.sort_by_key(|r| r.0);
    let Some(&first) = best.first() else {
        return Ok(Detection {
            letters: LetterSet::english(),
            alike: Vec::new(),
            plies: 0,
            complete: tokens.is_empty(),
        });
    };
    let mut alike = first.2.clone();
    for other in &best[1..] {
        if other.3 == first.3 {
            alike.push(other.1);
            alike.extend(other.2.iter().copied());
            continue;
        }
        // Different games. A preferred language settles it; otherwise do not guess.
        if complete && first.0 >= n_preferred {
            let ply = first
                .3
                .iter()
                .zip(&other.3)
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let uci = |ms: &[Move]| ms.get(ply).map_or_else(String::new, |m| m.to_string());
            return Err(AmbiguousLetters {
                first: first.1.code().to_owned(),
                second: other.1.code().to_owned(),
                ply: ply + 1,
                first_move: uci(&first.3),
                second_move: uci(&other.3),
            });
        }
    }
    Ok(Detection {
        letters: first.1,
        alike,
        plies: best_len,
        complete,
    })
}
