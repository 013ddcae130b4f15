//! `--repair` in bulk: a game that fails validation is handed to [`crate::reconstruct`], and
//! its repair is accepted only when it is clear — the whole sheet reads, no other game explains
//! it about as well, and the confidence is high enough. Anything less stays an error, with the
//! reason the repair was not taken.
//!
//! ```
//! use scoresheet::batch::{repair_game, RepairPolicy};
//! use scoresheet::notation::sheet::FromLetters;
//! use scoresheet::pgn::Game;
//! // 11...Dc7: a German (or Czech) queen letter in an English-letter game.
//! let text = b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Dc7 12. Nbd2 *\n";
//! let game = Game::read_all(text).remove(0).unwrap();
//! let fixed = repair_game(&game, &FromLetters::Auto(Vec::new()), &RepairPolicy::default()).unwrap();
//! assert!(fixed.accepted(), "{:?}", fixed.refusal);
//! assert_eq!(fixed.repair.san[21], "Qc7");
//! assert_eq!(fixed.repair.corrections.len(), 1);
//!
//! // 12...Sd7 is Bd7 in Czech letters but Nd7 in Croatian ones: both games read, so the
//! // repair is not taken.
//! let text = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7 12. Nbd2 Sd7 *";
//! let game = Game::read_all(text).remove(0).unwrap();
//! let unsure = repair_game(&game, &FromLetters::Auto(Vec::new()), &RepairPolicy::default()).unwrap();
//! assert!(!unsure.accepted());
//! ```

use crate::board::Position;
use crate::notation::sheet::FromLetters;
use crate::notation::{detect_letters, LetterSet};
use crate::pgn::{Game, Line, Node};
use crate::reconstruct::{repair, Repair, RepairOptions, Sheet, Token, TokenKind};
use crate::replay::{ErrorKind, MoveError};

/// When a bulk repair is taken.
///
/// ```
/// let p = scoresheet::batch::RepairPolicy::default();
/// assert_eq!(p.beam, scoresheet::reconstruct::RepairOptions::DEFAULT_BEAM);
/// assert_eq!(p.min_confidence, 0.25);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RepairPolicy {
    /// Search states kept per word (see [`RepairOptions::beam`]).
    pub beam: usize,
    /// The least confidence ([`Repair::confidence`]) at which a repair is taken.
    pub min_confidence: f32,
}

impl Default for RepairPolicy {
    fn default() -> Self {
        RepairPolicy {
            beam: RepairOptions::DEFAULT_BEAM,
            min_confidence: 0.25,
        }
    }
}

/// A repair tried on one game, and whether it is taken.
#[derive(Clone, Debug)]
pub struct GameRepair {
    /// What the reconstruction found.
    pub repair: Repair,
    /// Why the repair is not taken; `None` when it is.
    pub refusal: Option<String>,
}

impl GameRepair {
    /// Whether the repair is clear enough to take.
    ///
    /// ```
    /// use scoresheet::batch::{repair_game, RepairPolicy};
    /// use scoresheet::notation::sheet::FromLetters;
    /// let game = scoresheet::pgn::Game::read_all(b"1. e4 e5 2. Qh5 Qh4 3. Qxf7#").remove(0).unwrap();
    /// let r = repair_game(&game, &FromLetters::Auto(Vec::new()), &Default::default()).unwrap();
    /// assert!(r.accepted());
    /// ```
    pub fn accepted(&self) -> bool {
        self.refusal.is_none()
    }

    /// The corrections, one line each: `move 2 (white) 'Jf3' read as Nf3: ...`.
    ///
    /// ```
    /// use scoresheet::batch::{repair_game, RepairPolicy};
    /// use scoresheet::notation::sheet::FromLetters;
    /// let game = scoresheet::pgn::Game::read_all(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bad Nf6").remove(0).unwrap();
    /// let r = repair_game(&game, &FromLetters::Auto(Vec::new()), &RepairPolicy::default()).unwrap();
    /// let lines = r.correction_lines();
    /// assert_eq!(lines.len(), 1);
    /// assert!(lines[0].starts_with("move 4 (white) 'Bad' read as Ba4: "), "{}", lines[0]);
    /// ```
    pub fn correction_lines(&self) -> Vec<String> {
        self.repair
            .corrections
            .iter()
            .map(|c| {
                let written = c
                    .written
                    .as_deref()
                    .map_or_else(|| "(not written)".to_owned(), |w| format!("'{w}'"));
                let read = c
                    .read_as
                    .as_deref()
                    .map_or_else(|| "skipped".to_owned(), |m| format!("read as {m}"));
                format!(
                    "move {} ({}) {written} {read}: {} (cost {:.1})",
                    c.at.move_number, c.at.side, c.kind, c.cost
                )
            })
            .collect()
    }
}

/// Whether an error is one a reconstruction may mend: a move that does not read or is not
/// legal. Broken PGN, bad FEN tags and other variants are not.
///
/// ```
/// use scoresheet::batch::is_repairable;
/// use scoresheet::replay::ErrorKind;
/// assert!(is_repairable(ErrorKind::Illegal));
/// assert!(!is_repairable(ErrorKind::Syntax));
/// ```
pub fn is_repairable(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::Unparsable
            | ErrorKind::UnknownLetter
            | ErrorKind::Illegal
            | ErrorKind::Ambiguous
            | ErrorKind::AmbiguousLetters
    )
}

/// The mainline of a game as a scoresheet: its move words with their places.
///
/// ```
/// let game = scoresheet::pgn::Game::read_all(b"1. e4 {best} e5 (1... c5) 2. Jf3 *").remove(0).unwrap();
/// let sheet = scoresheet::batch::sheet_of(&game);
/// let words: Vec<&str> = sheet.tokens.iter().map(|t| t.text.as_str()).collect();
/// assert_eq!(words, ["e4", "e5", "Jf3"]);
/// ```
pub fn sheet_of(game: &Game) -> Sheet {
    Sheet {
        tokens: game
            .mainline
            .moves
            .iter()
            .map(|n| Token {
                text: n.san.clone(),
                line: n.at.line,
                column: n.at.column,
                kind: TokenKind::Move,
            })
            .collect(),
    }
}

/// The letter set to read a game's sheet in: the one given, or the one that reads the most of
/// it legally (English when none does).
fn letters_for(start: &Position, sheet: &Sheet, from: &FromLetters) -> LetterSet {
    match from {
        FromLetters::Set(set) => set.clone(),
        FromLetters::Auto(preferred) => {
            let words: Vec<&str> = sheet.tokens.iter().map(|t| t.text.as_str()).collect();
            let preferred: Vec<&str> = preferred.iter().map(String::as_str).collect();
            match detect_letters(start, &words, &preferred) {
                Ok(d) => d.letters.clone(),
                Err(a) => LetterSet::by_code(&a.first)
                    .unwrap_or(LetterSet::english())
                    .clone(),
            }
        }
    }
}

/// Repairs the mainline of `game` and decides whether the repair is clear enough to take
/// (see the [module docs](self)). Fails only when the game's start position cannot be set up
/// (bad FEN tag, another variant): there is nothing to repair from.
pub fn repair_game(
    game: &Game,
    from: &FromLetters,
    policy: &RepairPolicy,
) -> Result<GameRepair, MoveError> {
    let start = crate::replay::start_position(game)?;
    let sheet = sheet_of(game);
    let letters = letters_for(&start, &sheet, from);
    let mut options = RepairOptions::new(&letters);
    options.beam = policy.beam.max(1);
    options.start = start;
    let repair = repair(&sheet, &options);
    let refusal = if let Some(stop) = &repair.stop {
        Some(format!(
            "no legal game reads past move {} ({}) '{}': {}",
            stop.at.move_number, stop.at.side, stop.written, stop.reason
        ))
    } else if repair.alternatives_total > 0 {
        Some(format!(
            "{} other game(s) explain the moves about as well",
            repair.alternatives_total
        ))
    } else if repair.confidence < policy.min_confidence {
        Some(format!(
            "confidence {:.2} is below {:.2}",
            repair.confidence, policy.min_confidence
        ))
    } else {
        None
    };
    Ok(GameRepair { repair, refusal })
}

/// `game` with its mainline replaced by the repaired moves (PGN SAN, English letters).
///
/// Comments and annotation glyphs stay on their moves when the repair kept the number of plies
/// (each written move was read as one move); otherwise they are gathered, each with the place
/// it was written at, into the comment before the first move, so that nothing is lost.
/// Variations are not carried over (they were written against moves the repair changed); the
/// caller says so — `clean --repair` reports how many it dropped.
///
/// ```
/// use scoresheet::batch::{repair_game, repaired_game, RepairPolicy};
/// use scoresheet::notation::sheet::FromLetters;
/// let game = scoresheet::pgn::Game::read_all(b"1. e4 {good} e5 2. Jf3 *").remove(0).unwrap();
/// let r = repair_game(&game, &FromLetters::Auto(Vec::new()), &RepairPolicy::default()).unwrap();
/// let fixed = repaired_game(&game, &r.repair);
/// let words: Vec<&str> = fixed.mainline.moves.iter().map(|n| n.san.as_str()).collect();
/// assert_eq!(words, ["e4", "e5", "Nf3"]);
/// assert_eq!(fixed.mainline.moves[0].comments, ["good"]);
/// ```
pub fn repaired_game(game: &Game, repair: &Repair) -> Game {
    let old = &game.mainline.moves;
    let same_shape = old.len() == repair.san.len();
    let mut moves: Vec<Node> = Vec::with_capacity(repair.san.len());
    for (i, san) in repair.san.iter().enumerate() {
        let mut node = Node {
            san: san.clone(),
            at: old.get(i).map_or(game.at, |n| n.at),
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        };
        if same_shape {
            if let Some(o) = old.get(i) {
                node.nags.clone_from(&o.nags);
                node.comments.clone_from(&o.comments);
            }
        }
        moves.push(node);
    }
    let mut comments = game.mainline.comments.clone();
    if !same_shape {
        for o in old {
            for c in &o.comments {
                comments.push(format!("(written at {}:{}) {c}", o.at.line, o.at.column));
            }
        }
    }
    Game {
        tags: game.tags.clone(),
        mainline: Line {
            comments,
            nags: game.mainline.nags.clone(),
            variations: Vec::new(),
            moves,
        },
        outcome: game.outcome,
        at: game.at,
    }
}
