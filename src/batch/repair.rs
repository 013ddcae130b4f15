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
use crate::notation::{
    detect_letters, letters_used, move_to_string, LetterSet, PrintOptions, Warnings,
};
use crate::pgn::mend::{read_all_mended, read_mended, Mend, Mended};
use crate::pgn::{Comments, Game, Line, Location, Node, Outcome, PgnError};
use crate::reconstruct::{repair, repair_two, Repair, RepairOptions, Sheet, Token, TokenKind};
use crate::replay::{
    null_move, read_token, replay_game, DeadAnalysis, ErrorKind, MoveError, ReplayOptions,
};

/// When a bulk repair is taken.
///
/// ```
/// let p = scoresheet::batch::RepairPolicy::default();
/// assert_eq!(p.beam, scoresheet::reconstruct::RepairOptions::DEFAULT_BEAM);
/// assert_eq!(p.min_confidence, 0.95);
/// assert_eq!(p.max_words, 1000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RepairPolicy {
    /// Search states kept per word (see [`RepairOptions::beam`]).
    pub beam: usize,
    /// The least confidence ([`Repair::confidence`]) at which a repair is taken.
    pub min_confidence: f32,
    /// A game with more move words than this (on either sheet) is not repaired (the repair is
    /// refused, saying so): the search's time and memory grow with the words it cannot read
    /// well (a thousand words that each read as a pawn move with a slip, `e e e ...`, take about
    /// 1.6 s and 190 MB), and a long run of them on every core would hold up and swell a bulk
    /// run. The default, 1,000, is longer than any game played (the longest, 269 moves, has 538
    /// plies); `repair` asked for one sheet keeps it too.
    pub max_words: usize,
}

impl Default for RepairPolicy {
    fn default() -> Self {
        RepairPolicy {
            beam: RepairOptions::DEFAULT_BEAM,
            min_confidence: 0.95,
            max_words: 1000,
        }
    }
}

impl RepairPolicy {
    /// Why a game with `sheet` (and the other player's sheet, if given) is too long to try under
    /// this policy (more than `max_words` words on either), or `None`.
    ///
    /// ```
    /// use scoresheet::batch::RepairPolicy;
    /// use scoresheet::reconstruct::Sheet;
    /// let policy = RepairPolicy { max_words: 7, ..RepairPolicy::default() };
    /// let short = Sheet::read("1. e4 e5 2. Jf3 Jc6");
    /// let long = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6");
    /// assert_eq!(policy.too_long(&short, None), None);
    /// assert_eq!(
    ///     policy.too_long(&short, Some(&long)).as_deref(),
    ///     Some("too long to try: 9 move words on the other sheet (a repair takes on 7 at most)")
    /// );
    /// ```
    pub fn too_long(&self, sheet: &Sheet, other: Option<&Sheet>) -> Option<String> {
        let (words, whose) = match other {
            Some(o) if o.tokens.len() > sheet.tokens.len() => {
                (o.tokens.len(), " on the other sheet")
            }
            _ => (sheet.tokens.len(), ""),
        };
        (words > self.max_words).then(|| {
            format!(
                "too long to try: {words} move words{whose} (a repair takes on {} at most)",
                self.max_words
            )
        })
    }

    /// Why `repair` is not taken under this policy (it stops early, another game explains the
    /// moves about as well, or its confidence is below `min_confidence`), or `None` when it is.
    ///
    /// ```
    /// use scoresheet::batch::RepairPolicy;
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
    /// let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    /// let clear = repair(&Sheet::read("1. e4 e5 2. Nf3 Jc6"), &options);
    /// assert_eq!(RepairPolicy::default().refusal(&clear), None);
    /// let tie = repair(&Sheet::read("1. Jf3 d5 2. d3 Jf6 3. Jd2"), &options);
    /// assert!(RepairPolicy::default().refusal(&tie).unwrap().contains("about as well"));
    /// ```
    pub fn refusal(&self, repair: &Repair) -> Option<String> {
        if let Some(stop) = &repair.stop {
            Some(format!(
                "no legal game reads past move {} ({}) '{}': {}",
                stop.at.move_number, stop.at.side, stop.written, stop.reason
            ))
        } else if repair.alternatives_total > 0 {
            Some(format!(
                "{} other game(s) explain the moves about as well",
                repair.alternatives_total
            ))
        } else if repair.confidence < self.min_confidence {
            // Rounded down, so that a confidence below the least never prints as equal to it.
            Some(format!(
                "confidence {:.3} is below {}",
                (repair.confidence * 1000.0).floor() / 1000.0,
                self.min_confidence
            ))
        } else {
            None
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
    /// The slips in the game's text the PGN reader stopped at (stray characters, a bracket never
    /// closed), mended before the repair (see [`repair_broken_game`]); empty for a game the
    /// reader read.
    pub mends: Vec<Mend>,
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

    /// The corrections, one line each: `move 2 (white) 'Jf3' read as Nf3: ...`; first, the
    /// slips in the text mended, one line each (`'}' at 16:57 read as part of the move word
    /// 'R}e1'`, `comment '{' at 4:17 never closed: closed at 4:27, before '2...'`).
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
        let mends = self.mends.iter().map(ToString::to_string);
        let corrections = self.repair.corrections.iter().map(|c| {
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
        });
        mends.chain(corrections).collect()
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
                text: n.san.as_str().into(),
                line: n.at.line,
                column: n.at.column,
                kind: TokenKind::Move,
            })
            .collect(),
        tags: game.tag_strings(),
        language: None,
    }
}

/// The letter set to read a sheet in: the one given; or the one that reads all its move words
/// legally from `start`; or, for a sheet with slips (which reads legally to its end in no set),
/// the one whose piece letters its words use most, among those the one that reads the most of
/// it legally (English when nothing tells).
///
/// How far each set reads legally says little about a sheet with slips: a ply skipped at the
/// start stops every set at the second word, and the first set tried would win.
///
/// ```
/// use scoresheet::batch::sheet_letters;
/// use scoresheet::board::Position;
/// use scoresheet::notation::sheet::FromLetters;
/// use scoresheet::reconstruct::Sheet;
/// let auto = FromLetters::Auto(Vec::new());
/// let sheet = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6");
/// assert_eq!(sheet_letters(&Position::new(), &sheet, &auto).code(), "cs");
/// // Black's first move skipped: no set reads past the second word, the letters tell.
/// let skipped = Sheet::read("1. e4 2. Jf3 Jc6 3. Sc4 Sc5 4. c3 Jf6 5. d4 exd4");
/// assert_eq!(sheet_letters(&Position::new(), &skipped, &auto).code(), "cs");
/// ```
pub fn sheet_letters(start: &Position, sheet: &Sheet, from: &FromLetters) -> LetterSet {
    sheet_letters_and_rival(start, sheet, from).0
}

/// [`sheet_letters`], and the other set where two read all of the sheet's move words legally
/// but as different games (`1. e3 e6 2. Se2 Se7`: Czech S the bishop, Croatian S the knight),
/// the first of the two being the one chosen.
fn sheet_letters_and_rival(
    start: &Position,
    sheet: &Sheet,
    from: &FromLetters,
) -> (LetterSet, Option<LetterSet>) {
    let letters = match from {
        FromLetters::Set(set) => set.clone(),
        FromLetters::Auto(preferred) => {
            let words: Vec<&str> = sheet
                .tokens
                .iter()
                .filter(|t| t.kind == TokenKind::Move)
                .map(|t| t.text.as_str())
                .collect();
            // The languages asked for first, then the head's (as `convert` reads a sheet).
            let preferred: Vec<&str> = preferred
                .iter()
                .map(String::as_str)
                .chain(sheet.language)
                .collect();
            let detected = match detect_letters(start, &words, &preferred) {
                Ok(d) if d.complete => return (d.letters.clone(), None),
                Ok(d) => d.letters,
                Err(a) => {
                    let first = LetterSet::by_code(&a.first).unwrap_or(LetterSet::english());
                    return (first.clone(), LetterSet::by_code(&a.second).cloned());
                }
            };
            // A sheet typed with its piece letters in lower case (`jf3 sb5`) names no set by
            // upper-case letters: then its words count with the first letter raised, where that
            // letter is no file (`b` may be the b-file; `j`, `s`, `n` are pieces).
            let raised: Vec<String>;
            let mut words = words;
            if LetterSet::all()
                .iter()
                .all(|set| letters_used(set, &words) == 0)
            {
                raised = words
                    .iter()
                    .filter_map(|w| {
                        let mut cs = w.chars();
                        let first = cs.next()?;
                        (first.is_lowercase() && !matches!(first, 'a'..='h' | 'x' | 'o'))
                            .then(|| first.to_uppercase().chain(cs).collect())
                    })
                    .collect();
                if !raised.is_empty() {
                    words = raised.iter().map(String::as_str).collect();
                }
            }
            let most = LetterSet::all()
                .iter()
                .map(|set| letters_used(set, &words))
                .max()
                .unwrap_or(0);
            if letters_used(detected, &words) == most {
                return (detected.clone(), None);
            }
            // The preferred sets first, then every set in its order.
            preferred
                .iter()
                .filter_map(|p| LetterSet::by_code(p))
                .chain(LetterSet::all())
                .find(|set| letters_used(set, &words) == most)
                .unwrap_or(detected)
                .clone()
        }
    };
    (letters, None)
}

/// Repairs `sheet` from `start` in the letters `from` gives (detected on its move words when
/// automatic) with `beam` states a word, reconciled with `other`, the other player's sheet,
/// when there is one: what `scoresheet repair` does with a sheet, whether a move list or a
/// PGN game's mainline. A sheet with long-form moves typed with a lone dash between their
/// squares (`e4 – e5`) that does not read without a correction is also repaired with those
/// moves taken as two ([`Sheet::long_moves_split`]), and the better repair is returned (one that
/// reads to the end, then the cheaper); its [`Repair::words`] then index that reading's tokens.
///
/// Where two letter sets read the whole sheet legally as different games (the sheet names no
/// set, and `from` is automatic), the game read in the first is returned with the other as an
/// alternative ([`Alternative::letters`] names its set), and the confidence shared between them.
///
/// ```
/// use scoresheet::batch::repair_sheet;
/// use scoresheet::board::Position;
/// use scoresheet::notation::sheet::FromLetters;
/// use scoresheet::reconstruct::Sheet;
/// let auto = FromLetters::Auto(Vec::new());
/// let sheet = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sad");
/// let r = repair_sheet(&sheet, Position::new(), None, &auto, 16);
/// assert_eq!((r.letters.as_str(), r.san[6].as_str()), ("cs", "Ba4"));
/// // S the bishop (Czech) or the knight (Croatian): both games are legal.
/// let either = Sheet::read("1. e3 e6 2. Se2 Se7");
/// let r = repair_sheet(&either, Position::new(), None, &auto, 16);
/// assert_eq!((r.letters.as_str(), r.san[2].as_str()), ("cs", "Be2"));
/// assert_eq!(r.alternatives[0].letters.as_deref(), Some("hr"));
/// assert!(r.confidence < 0.6);
/// ```
pub fn repair_sheet(
    sheet: &Sheet,
    start: Position,
    other: Option<&Sheet>,
    from: &FromLetters,
    beam: usize,
) -> Repair {
    let (letters, rival) = sheet_letters_and_rival(&start, sheet, from);
    // The other player's sheet is read in its own letters (detected on its own words).
    let other_letters = other.map(|o| sheet_letters(&start, o, from));
    let second_letters = other_letters.as_ref();
    let found = repair_sheet_in(
        sheet,
        start.clone(),
        (other, second_letters),
        &letters,
        beam,
    );
    let Some(rival) = rival else {
        return found;
    };
    let second = repair_sheet_in(sheet, start, (other, second_letters), &rival, beam);
    with_rival_letters(found, &second, &letters)
}

/// `found`, the repair of a sheet in `letters`, with `second`, its repair in another set that
/// also reads it legally, as an alternative where its game differs and it explains the sheet
/// about as well (within `tie_margin`); the confidence is shared as between any two games.
fn with_rival_letters(mut found: Repair, second: &Repair, letters: &LetterSet) -> Repair {
    let costs = crate::reconstruct::Costs::standard();
    let extra = second.cost - found.cost;
    if second.moves == found.moves || second.stop.is_some() || extra > costs.tie_margin {
        return found;
    }
    let weight = (-costs.confidence_sharpness * extra.max(0.0)).exp();
    found.confidence /= 1.0 + weight;
    found.alternatives.insert(
        0,
        crate::reconstruct::Alternative {
            extra_cost: extra,
            sheet_extra_cost: extra.max(0.0),
            differences: crate::reconstruct::differences(
                &found.start,
                letters,
                &found.moves,
                &second.moves,
            ),
            letters: Some(second.letters.clone()),
        },
    );
    found
        .alternatives
        .truncate(crate::reconstruct::ALTERNATIVES_SHOWN);
    found.alternatives_total += 1;
    found
}

/// [`repair_sheet`] in `letters`.
fn repair_sheet_in(
    sheet: &Sheet,
    start: Position,
    (other, other_letters): (Option<&Sheet>, Option<&LetterSet>),
    letters: &LetterSet,
    beam: usize,
) -> Repair {
    let mut options = RepairOptions::new(letters);
    options.beam = beam.max(1);
    options.start = start;
    options.second_letters = other_letters.filter(|o| o.code() != letters.code());
    let run = |sheet: &Sheet, other: Option<&Sheet>| match other {
        Some(other) => repair_two(sheet, other, &options),
        None => repair(sheet, &options),
    };
    let found = run(sheet, other);
    // Long-form moves typed with a lone dash (`e4 – e5`) may be two moves with a dash between
    // them: unless the sheet reads as written without a correction (then the other reading
    // cannot be legal), the sheets are read the other way too and the better repair is kept:
    // one that reads to the end before one that stops, then the cheaper.
    let split = sheet.long_moves_split();
    let other_split = other.and_then(Sheet::long_moves_split);
    if (split.is_none() && other_split.is_none())
        || (found.stop.is_none() && found.corrections.is_empty())
    {
        return found;
    }
    let second = run(
        split.as_ref().unwrap_or(sheet),
        other_split.as_ref().or(other),
    );
    let better = match (found.stop.is_some(), second.stop.is_some()) {
        (true, false) => true,
        (false, true) => false,
        (true, true) if second.moves.len() != found.moves.len() => {
            second.moves.len() > found.moves.len()
        }
        _ => second.cost < found.cost,
    };
    if better {
        second
    } else {
        found
    }
}

/// Repairs the mainline of `game` and decides whether the repair is clear enough to take
/// (see the [`batch`](crate::batch) module). Fails only when the game's start position cannot
/// be set up (bad FEN tag, another variant): there is nothing to repair from.
pub fn repair_game(
    game: &Game,
    from: &FromLetters,
    policy: &RepairPolicy,
) -> Result<GameRepair, MoveError> {
    repair_game_with(game, None, from, policy)
}

/// [`repair_game`], reconciled with `other`, the other player's scoresheet of the same game
/// when there is one (see [`repair_two`]): what `scoresheet repair --with` does for a PGN game.
/// The letters are detected on `game`'s moves; the other sheet is read in the same ones.
///
/// ```
/// use scoresheet::batch::{repair_game_with, RepairPolicy};
/// use scoresheet::notation::sheet::FromLetters;
/// use scoresheet::pgn::Game;
/// use scoresheet::reconstruct::Sheet;
/// // White wrote 3. Sb4 for Sb5; Black's sheet has it right.
/// let game = Game::read_all(b"1. e4 e5 2. Jf3 Jc6 3. Sb4 a6 4. Sa4 *").remove(0).unwrap();
/// let black = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4");
/// let r = repair_game_with(&game, Some(&black), &FromLetters::Auto(Vec::new()), &RepairPolicy::default()).unwrap();
/// assert_eq!(r.repair.san[4], "Bb5");
/// ```
pub fn repair_game_with(
    game: &Game,
    other: Option<&Sheet>,
    from: &FromLetters,
    policy: &RepairPolicy,
) -> Result<GameRepair, MoveError> {
    let start = crate::replay::start_position(game)?;
    let sheet = sheet_of(game);
    if let Some(why) = policy.too_long(&sheet, other) {
        return Ok(GameRepair {
            repair: Repair::not_tried(start, LetterSet::english()),
            refusal: Some(why),
            mends: Vec::new(),
        });
    }
    let repair = repair_sheet(&sheet, start, other, from, policy.beam);
    let refusal = policy.refusal(&repair);
    Ok(GameRepair {
        repair,
        refusal,
        mends: Vec::new(),
    })
}

/// [`repair_game`] for a game the PGN reader stopped in at a slip in its text: a stray
/// character (`6. R}e1`, `12. & Nf3`), a comment or variation never closed. `text` is the game as
/// the reader cut it (starting at `origin` in its file, game `number`), read again with its slips
/// mended ([`read_mended_game`]) and repaired; the mends are listed before the corrections.
/// `None` when the game stopped at something else (a malformed tag and the like: these change
/// what the rest of the text is) or cannot be set up.
///
/// ```
/// use scoresheet::batch::{repair_broken_game, RepairPolicy};
/// use scoresheet::notation::sheet::FromLetters;
/// use scoresheet::pgn::{Game, Location};
/// let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. R}e1 b5 7. Bb3 d6 *";
/// assert!(Game::read_all(text.as_bytes())[0].is_err());
/// let at = Location { offset: 0, line: 1, column: 1 };
/// let auto = FromLetters::Auto(Vec::new());
/// let r = repair_broken_game(text, at, 1, &auto, &RepairPolicy::default()).unwrap();
/// assert!(r.accepted(), "{:?}", r.refusal);
/// assert_eq!(r.repair.san[10], "Re1");
/// let lines = r.correction_lines();
/// assert_eq!(lines[0], "'}' at 1:57 read as part of the move word 'R}e1'");
/// assert!(lines[1].starts_with("move 6 (white) 'R}e1' read as Re1: char_extra"), "{}", lines[1]);
/// ```
pub fn repair_broken_game(
    text: &str,
    origin: Location,
    number: u64,
    from: &FromLetters,
    policy: &RepairPolicy,
) -> Option<GameRepair> {
    let Mended { game, mends } = read_mended_game(text, origin, number, from)?;
    let mut r = repair_game(&game, from, policy).ok()?;
    r.mends = mends;
    Some(r)
}

/// [`read_mended`] with the judge the bulk repair uses: of the readings of a game whose
/// comment or variation was never closed, the one with no move number out of step among its
/// mainline's legal moves (read in `from`'s letters) and the move its replay stops at, then the
/// one whose mainline replays furthest.
///
/// ```
/// use scoresheet::batch::read_mended_game;
/// use scoresheet::notation::sheet::FromLetters;
/// use scoresheet::pgn::Location;
/// let text = "1. e4 e5 2. Nf3 (2. Nc3 Nf6 2... Nc6 3. Bb5 a6 *";
/// let at = Location { offset: 0, line: 1, column: 1 };
/// let m = read_mended_game(text, at, 1, &FromLetters::Auto(Vec::new())).unwrap();
/// assert_eq!(m.game.mainline.moves.len(), 6);
/// assert_eq!(m.game.mainline.moves[2].variations[0].moves.len(), 2);
/// assert_eq!(
///     m.mends[0].to_string(),
///     "variation '(' at 1:17 never closed: closed at 1:28, before '2...'"
/// );
/// ```
pub fn read_mended_game(
    text: &str,
    origin: Location,
    number: u64,
    from: &FromLetters,
) -> Option<Mended> {
    read_mended(text, origin, number, &mut reading_judge(from))
}

/// [`read_all_mended`] with the judge of [`read_mended_game`]: every game of `bytes`, those the
/// PGN reader stops in at a slip in their text read again past it.
///
/// ```
/// use scoresheet::batch::read_all_mended_games;
/// use scoresheet::notation::sheet::FromLetters;
/// let text = b"1. e4 {a good move e5 2. Nf3 *\n\n1. d4 d5 *";
/// let all = read_all_mended_games(text, &FromLetters::Auto(Vec::new()));
/// let first = all[0].as_ref().unwrap();
/// assert_eq!(first.game.mainline.moves.len(), 3);
/// assert_eq!(first.game.mainline.moves[0].comments[..], ["a good move"]);
/// assert!(all[1].is_ok());
/// ```
pub fn read_all_mended_games(bytes: &[u8], from: &FromLetters) -> Vec<Result<Mended, PgnError>> {
    read_all_mended(bytes, &mut reading_judge(from))
}

/// How well a reading of a game reads, best first: no move number written out of step among
/// the moves of the mainline that replay legally (in `from`'s letters) and the move the replay
/// stops at (a comment closed too early leaves legal moves that the numbers after them
/// contradict; a variation closed too early, the variation's next move read as the mainline's),
/// then the most such moves. (Not whether the game replays to its end: a comment that swallows
/// the moves from a slip on would win by that.)
fn reading_judge(from: &FromLetters) -> impl FnMut(&Game) -> u64 {
    let options = ReplayOptions {
        from: from.clone(),
        dead_analysis: DeadAnalysis::Never,
        ..ReplayOptions::default()
    };
    move |game| {
        let replay = replay_game(game, &options);
        let start = crate::replay::start_position(game).ok();
        let start_ply = start.map_or(0, |p| p.plies_before());
        // The move the replay stopped at too: a reading that stops at a number out of step
        // went wrong before it.
        let in_step = (0u32..)
            .zip(game.mainline.moves.iter().take(replay.plies as usize + 1))
            .all(|(i, n)| n.number.map_or(true, |k| k == (start_ply + i) / 2 + 1));
        (u64::from(in_step) << 32) + u64::from(replay.plies)
    }
}

/// `game` with its mainline replaced by the repaired moves (PGN SAN, English letters), and how
/// many of its variations could not be kept.
///
/// What was written around a move word stays with the move that word was read as
/// ([`Repair::words`]), wherever the repair put it (a swapped pair, a ply invented before it):
/// its comments, its annotation glyphs, and its variations — each variation read again in the
/// sheet's letters from the position before the repaired move and written in English SAN, and
/// dropped (counted in the second value) when it is no longer legal there. The comments and
/// glyphs of a word the repair skipped go, with the word and where it was written, after the
/// move read before it (before the first move when there is none), so that nothing is lost; its
/// variations are dropped and counted. An invented move carries nothing. A repair that stops
/// before the end of the sheet gives the game as far as it reads, with the result `*`.
///
/// ```
/// use scoresheet::batch::{repair_game, repaired_game, RepairPolicy};
/// use scoresheet::notation::sheet::FromLetters;
/// let game = scoresheet::pgn::Game::read_all(b"1. e4 {good} e5 2. Jf3 (2. Jc3 Jf6) Jc6 3. Sb5 *").remove(0).unwrap();
/// let r = repair_game(&game, &FromLetters::Auto(Vec::new()), &RepairPolicy::default()).unwrap();
/// let (fixed, dropped) = repaired_game(&game, &r.repair);
/// let words: Vec<&str> = fixed.mainline.moves.iter().map(|n| n.san.as_str()).collect();
/// assert_eq!(words, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
/// assert_eq!(fixed.mainline.moves[0].comments[..], ["good"]);
/// // The variation, read in the sheet's Czech letters, is written in English.
/// let v: Vec<&str> = fixed.mainline.moves[2].variations[0].moves.iter().map(|n| n.san.as_str()).collect();
/// assert_eq!((v, dropped), (vec!["Nc3", "Nf6"], 0));
/// ```
pub fn repaired_game(game: &Game, repair: &Repair) -> (Game, usize) {
    let old = &game.mainline.moves;
    let letters =
        LetterSet::parse_spec(&repair.letters).unwrap_or_else(|_| LetterSet::english().clone());
    // The ply each written word became (`None`: skipped, or after the point where the game stops).
    let mut ply_of: Vec<Option<usize>> = vec![None; old.len()];
    for (ply, word) in repair.words.iter().enumerate() {
        if let Some(slot) = word.and_then(|w| ply_of.get_mut(w)) {
            *slot = Some(ply);
        }
    }
    let mut dropped = 0;
    let mut moves: Vec<Node> = Vec::with_capacity(repair.san.len());
    let mut pos = repair.start.clone();
    for (ply, (san, mv)) in repair.san.iter().zip(&repair.moves).enumerate() {
        let written = repair
            .words
            .get(ply)
            .copied()
            .flatten()
            .and_then(|w| old.get(w));
        let mut node = Node {
            san: san.clone(),
            at: written.map_or(game.at, |n| n.at),
            number: None,
            en_passant_mark: false,
            nags: Vec::new(),
            comments: Comments::new(),
            variations: Vec::new(),
        };
        if let Some(o) = written {
            node.nags.clone_from(&o.nags);
            node.comments.clone_from(&o.comments);
            for v in &o.variations {
                match english_line(v, &pos, &letters, &mut dropped) {
                    Some(line) => node.variations.push(line),
                    None => dropped += 1,
                }
            }
        }
        moves.push(node);
        pos.play(mv);
    }
    let mut comments = game.mainline.comments.clone();
    dropped += game.mainline.variations.len();
    // The words not read as moves: what was written with them goes after the move read before.
    for (w, o) in old.iter().enumerate() {
        if ply_of[w].is_some() {
            continue;
        }
        dropped += o.variations.len();
        if o.comments.is_empty() && o.nags.is_empty() {
            continue;
        }
        let mut note = format!(
            "(written after the word '{}' at {}:{}, which was not read as a move)",
            o.san, o.at.line, o.at.column
        );
        for nag in &o.nags {
            note.push_str(&format!(" ${nag}"));
        }
        for c in &o.comments {
            note.push(' ');
            note.push_str(c);
        }
        match ply_of[..w]
            .iter()
            .rev()
            .flatten()
            .next()
            .and_then(|&ply| moves.get_mut(ply))
        {
            Some(node) => node.comments.push(note.into()),
            None => comments.push(note.into()),
        }
    }
    let mut tags = game.tags.clone();
    for (name, value) in &mut tags {
        if name == "Result" {
            *value = repair.result(value).into();
        }
    }
    let outcome = Outcome::from_token(repair.result(game.outcome.map_or("", Outcome::as_str)));
    let fixed = Game {
        tags,
        mainline: Line {
            comments,
            nags: game.mainline.nags.clone(),
            variations: Vec::new(),
            moves,
        },
        outcome,
        at: game.at,
        fen_at: game.fen_at,
        date_at: game.date_at,
        outcome_at: game.outcome_at,
        result_at: game.result_at,
    };
    (fixed, dropped)
}

/// `line` read in `letters` from `pos` and written in English SAN, its comments and glyphs kept;
/// `None` when one of its moves is not legal there. A nested variation that is not legal is
/// left out and counted in `dropped` (only when `line` itself is kept: a line dropped whole
/// counts once, by its caller).
fn english_line(
    line: &Line,
    pos: &Position,
    letters: &LetterSet,
    dropped: &mut usize,
) -> Option<Line> {
    let mut inner = 0;
    let kept = english_line_counting(line, pos, letters, &mut inner)?;
    *dropped += inner;
    Some(kept)
}

fn english_line_counting(
    line: &Line,
    pos: &Position,
    letters: &LetterSet,
    dropped: &mut usize,
) -> Option<Line> {
    let mut pos = pos.clone();
    let mut out = Line {
        comments: line.comments.clone(),
        nags: line.nags.clone(),
        variations: Vec::new(),
        moves: Vec::with_capacity(line.moves.len()),
    };
    *dropped += line.variations.len();
    for node in &line.moves {
        let mut variations = Vec::new();
        for v in &node.variations {
            match english_line(v, &pos, letters, dropped) {
                Some(l) => variations.push(l),
                None => *dropped += 1,
            }
        }
        // Read as `check` reads a move (a null move `--` included, not while in check).
        let mut next = pos.clone();
        let san = match read_token(
            &pos,
            &node.san,
            letters,
            &mut Warnings::default(),
            &mut next,
        ) {
            Ok(Some(mv)) => {
                move_to_string(&pos, &mv, LetterSet::english(), &PrintOptions::san()).into()
            }
            Ok(None) => {
                next = null_move(&pos)?;
                node.san.clone()
            }
            Err(_) => return None,
        };
        out.moves.push(Node {
            san,
            at: node.at,
            number: None,
            en_passant_mark: false,
            nags: node.nags.clone(),
            comments: node.comments.clone(),
            variations,
        });
        pos = next;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(pgn: &str) -> (Game, usize, Repair) {
        let game = Game::read_all(pgn.as_bytes())
            .remove(0)
            .expect("the PGN reads");
        let r = repair_game(
            &game,
            &FromLetters::Auto(Vec::new()),
            &RepairPolicy::default(),
        )
        .expect("a start position");
        let (g, dropped) = repaired_game(&game, &r.repair);
        (g, dropped, r.repair)
    }

    fn comments_by_move(g: &Game) -> Vec<(String, Vec<String>)> {
        g.mainline
            .moves
            .iter()
            .map(|n| {
                (
                    n.san.to_string(),
                    n.comments.iter().map(|c| c.to_string()).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn a_game_longer_than_the_limit_is_not_tried_and_says_why() {
        let pgn = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sad Jf6 *";
        let game = Game::read_all(pgn.as_bytes())
            .remove(0)
            .expect("the PGN reads");
        let from = FromLetters::Auto(Vec::new());
        let tight = RepairPolicy {
            max_words: 7,
            ..RepairPolicy::default()
        };
        let r = repair_game(&game, &from, &tight).expect("a start position");
        assert!(!r.accepted());
        assert_eq!(
            r.refusal.as_deref(),
            Some("too long to try: 8 move words (a repair takes on 7 at most)")
        );
        assert!(r.repair.moves.is_empty() && r.repair.corrections.is_empty());
        // At the limit it is tried (and mended).
        let enough = RepairPolicy {
            max_words: 8,
            ..RepairPolicy::default()
        };
        let r = repair_game(&game, &from, &enough).expect("a start position");
        assert!(r.accepted(), "{:?}", r.refusal);
        assert_eq!(r.repair.san[6], "Ba4");
    }

    #[test]
    fn a_game_that_stops_early_loses_its_result() {
        let (g, _, r) = fixed(
            "[Result \"1-0\"]\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Kd8 Ke1 7. Vh5h1 Da8 8. Jb8b8 Vg9 1-0",
        );
        assert!(r.stop.is_some(), "{r}");
        assert_eq!(g.tag("Result"), Some("*"));
        assert_eq!(g.outcome, Some(Outcome::Unknown));
        assert_eq!(g.mainline.moves.len(), r.moves.len());
        // A game read to its end keeps its result.
        let (g, _, r) = fixed("[Result \"1-0\"]\n\n1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sad 1-0");
        assert!(r.stop.is_none(), "{r}");
        assert_eq!(
            (g.tag("Result"), g.outcome),
            (Some("1-0"), Some(Outcome::WhiteWins))
        );
    }

    #[test]
    fn comments_follow_their_words_through_a_swap() {
        // Black's 7... d6 and White's 8. c3 written in each other's cells, each with a comment.
        let (g, dropped, r) = fixed(
            "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 c3 {C} 8. d6 {D} 0-0 *",
        );
        assert!(
            r.corrections.iter().any(|c| c.kind == "plies_swapped"),
            "{r}"
        );
        let by_move = comments_by_move(&g);
        assert_eq!(by_move[13], ("d6".to_owned(), vec!["D".to_owned()]));
        assert_eq!(by_move[14], ("c3".to_owned(), vec!["C".to_owned()]));
        assert_eq!(dropped, 0);
    }

    #[test]
    fn an_invented_move_carries_nothing_and_the_others_keep_theirs() {
        let (g, _, r) =
            fixed("1. e4 e5 2. Jf3 {after Jf3} 3. Sb5 {after Sb5} a6 4. Sa4 Jf6 5. 0-0 Se7 *");
        assert!(
            r.corrections
                .iter()
                .any(|c| c.kind == "ply_missing" && c.at.ply == 4),
            "{r}"
        );
        let by_move = comments_by_move(&g);
        assert_eq!(by_move.len(), 10);
        assert_eq!(by_move[2], ("Nf3".to_owned(), vec!["after Jf3".to_owned()]));
        assert!(by_move[3].1.is_empty());
        assert_eq!(by_move[4], ("Bb5".to_owned(), vec!["after Sb5".to_owned()]));
    }

    #[test]
    fn a_skipped_word_leaves_its_comment_and_glyph_on_the_move_before() {
        let (g, dropped, _) = fixed("1. e4 e5 2. Jf3 Jf3 ?! {twice} (2. d4) Jc6 *");
        let by_move = comments_by_move(&g);
        assert_eq!(by_move.len(), 4);
        assert_eq!(
            by_move[2].1,
            ["(written after the word 'Jf3' at 1:17, which was not read as a move) $6 twice"]
        );
        // The skipped word's variation is not kept, and counted.
        assert_eq!(dropped, 1);
    }

    #[test]
    fn a_variation_no_longer_legal_is_dropped_and_a_legal_one_rewritten() {
        // The variation after 3... a6 is written in Czech; the second is not legal there, and
        // counts once with the illegal variation inside it.
        let (g, dropped, _) = fixed(
            "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 (3... Jf6 4. 0-0 (4. d3 Sc5) Jxe4) (3... Ke6 (3... Kd6)) 4. Sa4 *",
        );
        let a6 = &g.mainline.moves[5];
        assert_eq!(a6.variations.len(), 1);
        let v = &a6.variations[0];
        let sans: Vec<&str> = v.moves.iter().map(|n| n.san.as_str()).collect();
        assert_eq!(sans, ["Nf6", "O-O", "Nxe4"]);
        let nested: Vec<&str> = v.moves[1].variations[0]
            .moves
            .iter()
            .map(|n| n.san.as_str())
            .collect();
        assert_eq!(nested, ["d3", "Bc5"]);
        assert_eq!(dropped, 1);
    }
}
