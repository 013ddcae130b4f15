//! What a repair found: the game, every correction, the games that explain the sheet about as
//! well, where the game stops if nothing plausible continues, and an overall confidence.

use super::costs::Costs;
use super::prior::PriorMemo;
use super::score::MoveReader;
use super::search::{plausibility_gain, KeyHasher, Search, SkipKind, Step};
use super::sheet::TokenKind;
use crate::board::{Move, MoveList, Position, UciText};
use crate::notation::print::{write_check_mark, write_move};
use crate::notation::{move_to_string, LetterSet, PrintOptions, Style};
use compact_str::CompactString;
use serde::Serialize;
use std::collections::HashSet;
use std::fmt;
use std::hash::BuildHasherDefault;

/// How many alternative games a report lists (the rest are counted).
pub const ALTERNATIVES_SHOWN: usize = 3;

/// Where in the game something is: the ply, its move number and the side due to move.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
/// let r = repair(&Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 ScS"), &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
/// let at = r.corrections[0].at;
/// assert_eq!((at.ply, at.move_number, at.side), (6, 3, "black"));
/// assert_eq!(at.label(), "3...");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The ply, from 1.
    pub ply: u32,
    /// Its move number.
    pub move_number: u32,
    /// `white` or `black`.
    pub side: &'static str,
}

impl Place {
    /// The place `plies` plies after this one.
    ///
    /// ```
    /// use scoresheet::reconstruct::Place;
    /// let at = Place { ply: 5, move_number: 3, side: "white" };
    /// let later = at.later(3);
    /// assert_eq!((later.ply, later.move_number, later.side), (8, 4, "black"));
    /// ```
    pub fn later(&self, plies: u32) -> Place {
        let white = self.side == "white";
        // Plies counted from White's move of this number.
        let from_white = plies.saturating_add(u32::from(!white));
        Place {
            ply: self.ply.saturating_add(plies),
            move_number: self.move_number.saturating_add(from_white / 2),
            side: if from_white % 2 == 0 {
                "white"
            } else {
                "black"
            },
        }
    }

    /// The move number as a scoresheet writes it before the move: `12.` for White, `12...` for
    /// Black.
    pub fn label(&self) -> String {
        if self.side == "white" {
            format!("{}.", self.move_number)
        } else {
            format!("{}...", self.move_number)
        }
    }
}

/// One correction made to read the sheet as the game.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
/// let r = repair(&Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 ScS"), &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
/// let c = &r.corrections[0];
/// assert_eq!((c.at.ply, c.at.move_number, c.at.side), (6, 3, "black"));
/// assert_eq!(c.written.as_deref(), Some("ScS"));
/// assert_eq!(c.kind, "char_lookalike");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Correction {
    /// The ply concerned (for a skipped word: the ply that was due).
    #[serde(flatten)]
    pub at: Place,
    /// Which sheet (1, or 2 for the `--with` sheet).
    pub sheet: u8,
    /// The word as written (none for an invented move).
    pub written: Option<String>,
    /// Where the word stands (0 for an invented move).
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// The legal move it was read as, in the sheet's letters (none for a skipped word).
    pub read_as: Option<String>,
    /// The same move in UCI.
    pub uci: Option<String>,
    /// The kind of correction: the name of its cost in `grammars/repair-costs.tsv`
    /// (`char_lookalike`, `ply_missing`, `garbage_word`, ...), or `unread` after the game stops.
    pub kind: &'static str,
    /// What was corrected, character by character.
    pub detail: String,
    /// The cost.
    pub cost: f32,
}

/// A ply where an alternative game differs from the chosen one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    /// The ply.
    #[serde(flatten)]
    pub at: Place,
    /// The chosen game's move there (sheet letters), none if it has ended.
    pub chosen: Option<String>,
    /// The alternative's move there.
    pub other: Option<String>,
}

/// Another legal game that explains the sheet about as well as the chosen one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Alternative {
    /// How much more it costs than the chosen game. Negative for a game the tie rules passed
    /// over: one the sheet tells from the chosen game by little or nothing (within `tie_margin`
    /// by the total or by the sheet alone) whose moves players play less often, by more than
    /// its lower cost makes up for (`tie_plausibility`, `tie_extra_nats` and `tie_sheet_nats`
    /// in the cost table).
    pub extra_cost: f32,
    /// How much more it costs by the sheet alone, leaving out how plausible each game's invented
    /// moves are (see `InventedKind`): an alternative that costs more only because its invented
    /// move is a less likely one is reported too, with this within `tie_margin`.
    pub sheet_extra_cost: f32,
    /// The plies where the two games differ (the first few).
    pub differences: Vec<Difference>,
    /// The letter set the other game reads the sheet in, where it is not the chosen game's:
    /// two sets that both read the whole sheet legally, as different games (Czech S the
    /// bishop, Croatian S the knight: `2. Se2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub letters: Option<String>,
}

/// Where the game stops because nothing plausible continues.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stop {
    /// The first ply that could not be read.
    #[serde(flatten)]
    pub at: Place,
    /// The word that could not be read.
    pub written: String,
    /// Its line.
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// Why.
    pub reason: String,
}

/// A place where White's and Black's sheets disagree, and which was followed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Disagreement {
    /// The ply.
    #[serde(flatten)]
    pub at: Place,
    /// What the first sheet says there (none: nothing).
    pub first: Option<String>,
    /// What the second sheet says there.
    pub second: Option<String>,
    /// The move played in the repaired game.
    pub played: String,
    /// `first`, `second` or `neither`: the sheet whose word reads exactly as the move played.
    pub followed: &'static str,
}

/// The result of a repair.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
/// let r = repair(&Sheet::read("1. e4 e5 2. Jf3"), &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
/// assert_eq!(r.uci_line(), "e2e4 e7e5 g1f3");
/// assert_eq!(r.confidence, 1.0);
/// assert!(r.to_pgn().contains("1. e4 e5 2. Nf3 *"));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Repair {
    /// The letter set the sheet was read in.
    pub letters: String,
    /// With two sheets written in different letters: the second sheet's (in JSON only where
    /// it is set).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_letters: Option<String>,
    /// The start position.
    #[serde(skip)]
    pub start: Position,
    /// The game.
    #[serde(skip)]
    pub moves: Vec<Move>,
    /// For each ply of the game, the index in the sheet's [`tokens`](super::Sheet::tokens) of
    /// the word read as its move; `None` for a ply the sheet does not record (an invented
    /// move). With two sheets, the words are the first sheet's. What lets a caller keep what
    /// was written around a word (a PGN comment, a glyph, a variation) with the move it became.
    #[serde(skip)]
    pub words: Vec<Option<usize>>,
    /// The game in UCI.
    pub uci: Vec<UciText>,
    /// The game in PGN SAN (English letters, check marks), each move held inline.
    pub san: Vec<CompactString>,
    /// Comments to keep after a ply (index = ply − 1): the draw offer `(=)`.
    pub comments: Vec<(u32, String)>,
    /// Every correction, in sheet order.
    pub corrections: Vec<Correction>,
    /// The total cost of the corrections.
    pub cost: f32,
    /// How sure the repair is of this game against every other game the search kept: its
    /// share of their weights, `exp(-confidence_sharpness × cost)` each, the moves counting too
    /// where the sheet alone prices two games close (see `weight_against`); 0..1, 1 for a sheet
    /// that reads exactly. Calibrated on the noise bench: of the games given 0.9 or more, about
    /// 95–100 % are the game played. Where the game stops ([`Repair::stop`]), of the plies read
    /// up to there only (the report says so).
    pub confidence: f32,
    /// Other games that explain the sheet about as well (within `tie_margin`).
    pub alternatives: Vec<Alternative>,
    /// How many such games there are in all (only the first few are listed).
    pub alternatives_total: usize,
    /// Where the game stops early, and why.
    pub stop: Option<Stop>,
    /// Two sheets: where they disagree.
    pub disagreements: Vec<Disagreement>,
    /// Where the game had ended by an automatic draw (fivefold repetition, 75 moves: Laws 9.6)
    /// before the sheet's last move, under the Laws in force on the sheet's date (in JSON only
    /// where it did).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_early: Option<AutomaticEnd>,
}

/// The first move a repaired game goes on with after an automatic draw of Laws 9.6 had ended
/// it: legal, kept, and said.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
/// let out_and_back = "Jf3 Jf6 Jg1 Jg8 ".repeat(4);
/// let sheet = Sheet::read(&format!("{out_and_back} e4 e5 1-0"));
/// let r = repair(&sheet, &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
/// let end = r.ended_early.unwrap();
/// assert_eq!((end.at.ply, end.at.move_number, end.written.as_str()), (17, 9, "e4"));
/// assert_eq!(end.why, "fivefold repetition; Article 9.6.1 of the 2023 Laws");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AutomaticEnd {
    /// The place of the first move after the end.
    pub at: Place,
    /// That move as written (empty for a move the sheet does not record).
    pub written: String,
    /// Where it is written (0 for an invented move).
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// How the game ended, with the article of the Laws.
    pub why: String,
}

/// Where the game of `moves` from `start` had ended by an automatic draw before its last move,
/// under the Laws in force on the date of `sheet`'s head (the latest without one); `words` are
/// the moves' words on the sheet.
fn ended_early(
    sheet: &super::Sheet,
    start: &Position,
    moves: &[Move],
    words: &[Option<usize>],
) -> Option<AutomaticEnd> {
    let laws = crate::laws::Edition::of_tags(&sheet.tags);
    let (index, status) = crate::replay::automatic_end(start, moves, laws)?;
    let token = words
        .get(index)
        .copied()
        .flatten()
        .and_then(|w| sheet.tokens.get(w));
    // The place of the move after the end, from the start's numbers (no second walk).
    let (move_number, side) = start.move_after(index);
    Some(AutomaticEnd {
        at: Place {
            ply: u32::try_from(index + 1).unwrap_or(u32::MAX),
            move_number,
            side: crate::replay::side_name(side),
        },
        written: token.map(|t| t.text.to_string()).unwrap_or_default(),
        line: token.map_or(0, |t| t.line),
        column: token.map_or(0, |t| t.column),
        why: crate::replay::ending(status, laws),
    })
}

/// The place of the ply due in `pos`, `ply` plies after the start.
pub(crate) fn place(pos: &Position, ply: u32) -> Place {
    Place {
        ply: ply + 1,
        move_number: pos.fullmove_number(),
        side: crate::replay::side_name(pos.turn()),
    }
}

/// The steps from the root to `node`.
pub(crate) fn chain(search: &Search<'_, '_>, node: u32) -> Vec<Step> {
    // Counted first, so that the list is sized once (a step per word, and the invented plies).
    let mut len = 0;
    let mut n = node;
    while let Some(x) = search.arena.get(n as usize) {
        len += 1;
        n = x.parent;
    }
    let mut out = Vec::with_capacity(len);
    let mut n = node;
    while let Some(x) = search.arena.get(n as usize) {
        out.push(x.step.clone());
        n = x.parent;
    }
    out.reverse();
    out
}

pub(crate) fn moves_of(steps: &[Step]) -> Vec<Move> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::Read { mv, .. } | Step::Invent { mv, .. } => Some(*mv),
            _ => None,
        })
        .collect()
}

/// What a correction that invents a move says (followed by the move's kind, if not ordinary).
const INVENTED: &str = "not on the sheet: a move was invented for this ply";

/// How much of the cost of the explanation ending at `node` is the invented-move prior: what its
/// invented moves cost beyond a flat `ply_missing` (negative where they are likely kinds).
fn prior_of(search: &Search<'_, '_>, node: u32) -> f32 {
    let mut sum = 0.0;
    let mut n = node;
    while let Some(x) = search.arena.get(n as usize) {
        if let Step::Invent { cost, .. } = x.step {
            sum += cost - search.costs.ply_missing;
        }
        n = x.parent;
    }
    sum
}

/// What the explanation ending at `node`, costing `cost` in all, costs by the sheet alone:
/// without the invented-move prior ([`prior_of`]). Two explanations' difference in this is the
/// `by_sheet` that [`sheet_ties`] and the tie rules weigh.
pub(crate) fn sheet_cost(search: &Search<'_, '_>, node: u32, cost: f32) -> f32 {
    cost - prior_of(search, node)
}

/// Plays `m` on `pos` and records it in PGN SAN (English letters, `O-O`, `=Q`, `+`/`#`, by the
/// crate's printer) and UCI: the position after the move, which the check mark needs, is
/// worked out once.
fn play_recorded(
    pos: &mut Position,
    m: &Move,
    sans: &mut Vec<CompactString>,
    uci: &mut Vec<UciText>,
) {
    let before = pos.clone();
    pos.play(m);
    let opts = PrintOptions {
        check_marks: false,
        ..PrintOptions::san()
    };
    // Written on the stack, then kept inline: SAN is at most seven characters (`Qh4xe1#`).
    let mut text = arrayvec::ArrayString::<16>::new();
    let written = write_move(&mut text, &before, m, LetterSet::english(), &opts)
        .and_then(|()| write_check_mark(&mut text, pos));
    sans.push(match written {
        Ok(()) => CompactString::new(text.as_str()),
        // Longer than any SAN: written again where there is room.
        Err(_) => {
            let mut long = move_to_string(&before, m, LetterSet::english(), &opts);
            let _ = write_check_mark(&mut long, pos);
            CompactString::from(long)
        }
    });
    uci.push(uci_text(&before, m));
}

/// `m` in `pos` in UCI.
fn uci_text(pos: &Position, m: &Move) -> UciText {
    m.to_uci(pos.is_chess960()).text()
}

/// `m` in `pos` as the sheet's writer would write it: the Laws' short form in `letters` with the
/// capture mark (`Jbxd2`, `exd6`, `0-0`, `e8D`), without check marks or `e.p.`.
pub(crate) fn written(pos: &Position, m: &Move, letters: &LetterSet) -> String {
    let opts = PrintOptions {
        check_marks: false,
        ep_mark: false,
        ..PrintOptions::fide()
    };
    move_to_string(pos, m, letters, &opts)
}

/// `m` in `pos` in the long form (`Sc5xd4`), without check marks or `e.p.`.
fn written_long(pos: &Position, m: &Move, letters: &LetterSet) -> String {
    let opts = PrintOptions {
        check_marks: false,
        ep_mark: false,
        ..PrintOptions::new(Style::Long)
    };
    move_to_string(pos, m, letters, &opts)
}

/// A game a repair's alternatives count (`alternatives_total`, shown or not).
pub(crate) struct Counted {
    /// How much more it costs than the game found (see [`Alternative::extra_cost`]).
    pub extra: f32,
    /// The same by the sheet alone (see [`Alternative::sheet_extra_cost`]).
    pub by_sheet: f32,
    /// Its moves.
    pub moves: Vec<Move>,
    /// How much it weighed against the game found in the confidence (see `weight_against`).
    pub weight: f32,
}

/// The repair the search found, and every game its alternatives count.
pub(crate) fn build(
    search: &Search<'_, '_>,
    start: &Position,
    finals: &[(u32, f32)],
    _best_pos: &Position,
) -> (Repair, Vec<Counted>) {
    let reader: &MoveReader<'_> = &search.reader;
    let costs = search.costs;
    let letters = reader.letters();
    let tokens = &search.sheet.tokens;
    let (best_node, best_cost) = finals.first().copied().unwrap_or((0, 0.0));
    let mut steps = chain(search, best_node);

    // Where nothing plausible continues: the longest tail of the explanation that holds two
    // move words or more, costs `stop_average` or more per move word, and starts with a word
    // that could not be read cheaply (skipped, invented around, or read at `ply_extra` or more).
    let step_cost = |s: &Step| match s {
        Step::Read { cost, .. } | Step::Invent { cost, .. } | Step::Skip { cost, .. } => *cost,
        Step::Root => 0.0,
    };
    let is_move_step = |s: &Step| match s {
        Step::Read { .. } => true,
        Step::Skip { tok, .. } => tokens
            .get(*tok as usize)
            .is_some_and(|t| t.kind == TokenKind::Move),
        _ => false,
    };
    let bad_start = |s: &Step| match s {
        Step::Read { cost, .. } => *cost >= costs.ply_extra,
        Step::Invent { .. } => true,
        Step::Skip { kind, tok, .. } => {
            *kind == SkipKind::PlyExtra
                && tokens
                    .get(*tok as usize)
                    .is_some_and(|t| t.kind == TokenKind::Move)
        }
        Step::Root => false,
    };
    let mut cut = steps.len();
    let mut sum = 0.0f32;
    let mut words_in_tail = 0usize;
    for (k, s) in steps.iter().enumerate().rev() {
        sum += step_cost(s);
        if is_move_step(s) {
            words_in_tail += 1;
        }
        if words_in_tail >= 2 && bad_start(s) && sum >= costs.stop_average * words_in_tail as f32 {
            cut = k;
        }
    }
    let mut stop = None;
    let mut unread: Vec<usize> = Vec::new();
    if cut < steps.len() {
        for s in steps.drain(cut..) {
            if let Step::Read { tok, .. } | Step::Skip { tok, .. } = s {
                let tok = tok as usize;
                if tokens.get(tok).is_some_and(|t| t.kind == TokenKind::Move) {
                    unread.push(tok);
                }
            }
        }
        unread.sort_unstable();
    }

    let mut pos = start.clone();
    let mut ply = 0u32;
    // At most one ply per step: room for all at once.
    let mut moves = Vec::with_capacity(steps.len());
    let mut words = Vec::with_capacity(steps.len());
    let mut uci = Vec::with_capacity(steps.len());
    let mut sans = Vec::with_capacity(steps.len());
    let mut comments = Vec::new();
    let mut corrections = Vec::new();
    let mut legal = MoveList::new();
    for step in &steps {
        match step {
            Step::Root => {}
            Step::Read {
                tok,
                mv,
                cost,
                swapped,
            } => {
                if *cost > 0.0 {
                    pos.legal_moves(&mut legal);
                    let at = place(&pos, ply);
                    let word = &search.words[*tok as usize];
                    let (_, edits) = reader.explain(&pos, &legal, mv, word);
                    let mut kind = edits
                        .iter()
                        .max_by(|a, b| a.cost.total_cmp(&b.cost))
                        .map_or("", |e| e.kind);
                    let mut detail: Vec<String> = edits.iter().map(|e| e.to_string()).collect();
                    if *swapped {
                        kind = "plies_swapped";
                        detail.push("written in the other move's place".to_owned());
                    }
                    let t = &tokens[*tok as usize];
                    corrections.push(Correction {
                        at,
                        sheet: 1,
                        written: Some(t.text.to_string()),
                        line: t.line,
                        column: t.column,
                        read_as: Some(written(&pos, mv, letters)),
                        uci: Some(uci_text(&pos, mv).to_string()),
                        kind,
                        detail: detail.join("; "),
                        cost: *cost,
                    });
                }
                play_recorded(&mut pos, mv, &mut sans, &mut uci);
                moves.push(*mv);
                words.push(Some(*tok as usize));
                ply += 1;
            }
            Step::Invent { mv, cost, kind } => {
                let at = place(&pos, ply);
                corrections.push(Correction {
                    at,
                    sheet: 1,
                    written: None,
                    line: 0,
                    column: 0,
                    read_as: Some(written(&pos, mv, letters)),
                    uci: Some(uci_text(&pos, mv).to_string()),
                    kind: "ply_missing",
                    detail: match kind.describe() {
                        "" => INVENTED.to_owned(),
                        why => format!("{INVENTED} ({why})"),
                    },
                    cost: *cost,
                });
                play_recorded(&mut pos, mv, &mut sans, &mut uci);
                moves.push(*mv);
                words.push(None);
                ply += 1;
            }
            Step::Skip { tok, kind, cost } => {
                let t = &tokens[*tok as usize];
                // The draw offer, `(=)` or a bare `=` after a move (C.12; `convert` reads
                // both so: a promotion's `=` typed apart, `e8 = D`, is joined into its move).
                if t.kind == TokenKind::Mark && matches!(&*t.text, "(=)" | "=") && ply > 0 {
                    comments.push((ply, "(=)".to_owned()));
                }
                if *cost > 0.0 {
                    let at = place(&pos, ply);
                    let detail = match *kind {
                        SkipKind::GarbageWord => "not a move: skipped".to_owned(),
                        SkipKind::NumberOutOfStep => format!(
                            "the move due is {}{}",
                            pos.fullmove_number(),
                            pos.turn().move_number_dots()
                        ),
                        SkipKind::PlyDuplicate => {
                            "the move before, written twice: skipped".to_owned()
                        }
                        SkipKind::ResultEarly => "a result before the end: skipped".to_owned(),
                        SkipKind::PlyExtra | SkipKind::Free => {
                            "belongs to no ply of the game: skipped".to_owned()
                        }
                    };
                    corrections.push(Correction {
                        at,
                        sheet: 1,
                        written: Some(t.text.to_string()),
                        line: t.line,
                        column: t.column,
                        read_as: None,
                        uci: None,
                        kind: kind.name(),
                        detail,
                        cost: *cost,
                    });
                }
            }
        }
    }
    if let Some(&first) = unread.first() {
        let t = &tokens[first];
        pos.legal_moves(&mut legal);
        let word = &search.words[first];
        let nearest = legal
            .iter()
            .map(|m| (m, reader.score(&pos, &legal, m, word).cost))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        let reason = match nearest {
            None if pos.is_checkmate() => "the game is over: checkmate".to_owned(),
            None => "the game is over: stalemate".to_owned(),
            Some((m, c)) => format!(
                "no legal move reads as '{}' and nothing plausible follows (nearest: {} at cost {:.2})",
                t.text,
                written(&pos, m, letters),
                c
            ),
        };
        let at = place(&pos, ply);
        stop = Some(Stop {
            at,
            written: t.text.to_string(),
            line: t.line,
            column: t.column,
            reason,
        });
        for (k, &u) in unread.iter().enumerate() {
            let t = &tokens[u];
            corrections.push(Correction {
                // Each word at the ply it would stand at, read on from the stop.
                at: at.later(u32::try_from(k).unwrap_or(u32::MAX)),
                sheet: 1,
                written: Some(t.text.to_string()),
                line: t.line,
                column: t.column,
                read_as: None,
                uci: None,
                kind: "unread",
                detail: "after the point where the game stops".to_owned(),
                cost: 0.0,
            });
        }
    }
    // Folded from +0.0: an empty `sum` of floats is -0.0, which prints as "-0.00".
    let cost: f32 = corrections.iter().fold(0.0, |sum, c| sum + c.cost);

    // Other games: final states within reach, and explanations the beam merged on our path.
    // (Only where the beam merged explanations: a sheet read exactly has none.)
    let on_path: HashSet<u32, BuildHasherDefault<KeyHasher>> = if search.merged.is_empty() {
        HashSet::default()
    } else {
        let mut set = HashSet::default();
        let mut n = best_node;
        while let Some(x) = search.arena.get(n as usize) {
            set.insert(n);
            n = x.parent;
        }
        set
    };
    // Per explanation: its extra cost, the same without the invented-move prior, its game.
    let mut others: Vec<(f32, f32, Vec<Move>)> = Vec::new();
    let best_by_sheet = sheet_cost(search, best_node, best_cost);
    for &(node, c) in finals.iter().skip(1) {
        let by_sheet = sheet_cost(search, node, c) - best_by_sheet;
        others.push((c - best_cost, by_sheet, moves_of(&chain(search, node))));
    }
    let full = if finals.len() > 1 || !search.merged.is_empty() {
        moves_of(&chain(search, best_node))
    } else {
        Vec::new()
    };
    for &(kept_node, kept_cost, other, other_cost) in &search.merged {
        if !on_path.contains(&kept_node) {
            continue;
        }
        let prefix = moves_of(&chain(search, other));
        let kept_len = moves_of(&chain(search, kept_node)).len();
        let mut game = prefix;
        game.extend(full.iter().skip(kept_len).copied());
        let by_sheet =
            sheet_cost(search, other, other_cost) - sheet_cost(search, kept_node, kept_cost);
        others.push(((other_cost - kept_cost).max(0.0), by_sheet, game));
    }
    others.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Where the game stops, what other games do after that point is no alternative.
    let kept = moves.len();
    let mut full = full;
    full.truncate(kept);
    for (_, _, g) in &mut others {
        g.truncate(kept);
    }
    let mut seen: HashSet<Vec<Move>, BuildHasherDefault<KeyHasher>> = HashSet::default();
    if !others.is_empty() {
        seen.insert(full.clone());
    }
    let mut mass = 1.0f32;
    let mut alternatives = Vec::new();
    let mut alternatives_total = 0;
    let mut counted = Vec::new();
    for (delta, by_sheet, game) in others {
        if !seen.insert(game.clone()) {
            continue;
        }
        let weight = weight_against(start, &full, delta, by_sheet, &game, &search.prior_memo);
        mass += weight;
        // Equally plausible: by the total, or by the sheet alone where only the invented moves'
        // kinds tell the games apart (the prior prefers one; the sheet cannot).
        if sheet_ties(delta, by_sheet, costs) {
            counted.push(Counted {
                extra: delta,
                by_sheet,
                moves: game.clone(),
                weight,
            });
            alternatives_total += 1;
            if alternatives.len() < ALTERNATIVES_SHOWN {
                alternatives.push(Alternative {
                    extra_cost: delta,
                    sheet_extra_cost: by_sheet.max(0.0),
                    differences: differences(start, letters, &full, &game),
                    letters: None,
                });
            }
        }
    }
    let confidence = if finals.len() <= 1 && search.merged.is_empty() {
        1.0
    } else {
        1.0 / mass
    };
    let repair = Repair {
        letters: letters.code().to_owned(),
        second_letters: None,
        start: start.clone(),
        moves,
        words,
        uci,
        san: sans,
        comments,
        corrections,
        cost,
        confidence,
        alternatives,
        alternatives_total,
        stop,
        disagreements: Vec::new(),
        ended_early: None,
    };
    let repair = Repair {
        ended_early: ended_early(search.sheet, start, &repair.moves, &repair.words),
        ..repair
    };
    (repair, counted)
}

/// Whether another game costing `extra` more than the one found, `by_sheet` more by the sheet
/// alone (leaving out how plausible each game's invented moves are), explains the sheet as well:
/// within `tie_margin` by either. The tie rules choose among these by their moves (over more
/// plies than the invented move's own cost weighs), and the report lists them as equally good
/// explanations.
///
/// Taking the games tied by the sheet alone too (before, by the total only), noise bench, 300
/// games, seeds 20261121 / 7 / 424242 / 99 (with `search::PLIES_AFTER_WEIGHED`): a skipped ply
/// 85.7 / 88.7 / 89.0 / 86.0 → 86.3 / 90.3 / 90.7 / 87.7 % games exact, the mixed row
/// 68.7 / 64.7 / 67.0 / 67.3 → 71.0 / 66.3 / 68.3 / 67.3 %, two skipped plies (20261121)
/// 71.7 → 74.0 %; the slips' rows (1 in 20, wrong file or rank) unchanged, and every row's
/// flagged count but two sheets with a skipped ply each (70 → 76 of 300). Taking instead games
/// up to 0.7 or 1.0 dearer by the total (the gain needed growing with the extra cost) gained
/// less on the skipped ply and lost on the slips.
pub(crate) fn sheet_ties(extra: f32, by_sheet: f32, costs: &Costs) -> bool {
    extra <= costs.tie_margin || by_sheet <= costs.tie_margin
}

/// Another game priced by the sheet alone within this much of the one found is weighed by its
/// moves too, for the confidence (further off, its weight is negligible anyway).
const PLAUSIBLE_WITHIN: f32 = 2.0;

/// How much `game`, another explanation of the sheet costing `delta` more than the game found
/// (`found`; `by_sheet` more by the sheet alone), weighs against it for the confidence, the
/// found game weighing 1: `exp(-confidence_sharpness × delta)`, or where the sheet alone prices
/// the two close, `exp(-confidence_sharpness × by_sheet − confidence_plausibility × gain)`,
/// `gain` how many nats more plausible the found game's moves are (the prior's model, over the
/// plies where the two differ), counted down to `-confidence_plausibility_most` at most.
fn weight_against(
    start: &Position,
    found: &[Move],
    delta: f32,
    by_sheet: f32,
    game: &[Move],
    memo: &PriorMemo<'_>,
) -> f32 {
    let costs = memo.costs();
    if costs.confidence_plausibility != 0.0 && by_sheet <= PLAUSIBLE_WITHIN {
        if let Some(gain) = plausibility_gain(start, found, game, memo) {
            let gain = gain.max(-costs.confidence_plausibility_most);
            return (-costs.confidence_sharpness * by_sheet - costs.confidence_plausibility * gain)
                .exp();
        }
    }
    (-costs.confidence_sharpness * delta).exp()
}

/// The plies where `b` differs from `a` (at most six), in `letters`.
pub(crate) fn differences(
    start: &Position,
    letters: &LetterSet,
    a: &[Move],
    b: &[Move],
) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut pa = start.clone();
    let mut pb = start.clone();
    for ply in 0..a.len().max(b.len()) {
        let ma = a.get(ply);
        let mb = b.get(ply);
        // Moves from and to the same squares that differ only in what they take (the other
        // game's order of captures) are not differences a reader can see.
        let same_squares = match (ma, mb) {
            (Some(a), Some(b)) => a.to_uci(false) == b.to_uci(false),
            _ => false,
        };
        if ma != mb && !same_squares && out.len() < 6 {
            let mut ta = ma.map(|m| written(&pa, m, letters));
            let mut tb = mb.map(|m| written(&pb, m, letters));
            // Two moves written alike (a bishop taking on d4 from c5 or from e5): the long form
            // tells them apart.
            if ta == tb {
                ta = ma.map(|m| written_long(&pa, m, letters));
                tb = mb.map(|m| written_long(&pb, m, letters));
            }
            out.push(Difference {
                at: place(&pa, ply as u32),
                chosen: ta,
                other: tb,
            });
        }
        if let Some(m) = ma {
            if pa.is_legal(m) {
                pa.play(m);
            }
        }
        if let Some(m) = mb {
            if pb.is_legal(m) {
                pb.play(m);
            }
        }
    }
    out
}

impl Repair {
    /// The game as one line of UCI moves.
    pub fn uci_line(&self) -> String {
        let mut line = String::with_capacity(self.uci.len() * 5);
        for (i, u) in self.uci.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(u.as_str());
        }
        line
    }

    /// The game as PGN (the seven-tag roster, result `*`, the draw offers as `{ (=) }`).
    pub fn to_pgn(&self) -> String {
        let mut out = String::from(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n",
        );
        if self.start != Position::new() {
            out.push_str(&format!(
                "[SetUp \"1\"]\n[FEN \"{}\"]\n",
                self.start.to_fen()
            ));
        }
        out.push('\n');
        // A move number stays on the line of its move.
        let mut words: Vec<String> = Vec::new();
        let mut pos = self.start.clone();
        for (i, (m, s)) in self.moves.iter().zip(&self.san).enumerate() {
            if pos.turn().is_white() {
                words.push(format!("{}. {s}", pos.fullmove_number()));
            } else if i == 0 {
                words.push(format!("{}... {s}", pos.fullmove_number()));
            } else {
                words.push(s.to_string());
            }
            for (p, c) in &self.comments {
                if *p as usize == i + 1 {
                    words.push(format!("{{ {c} }}"));
                }
            }
            pos.play(m);
        }
        words.push("*".to_owned());
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + 1 + w.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// The report as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

impl fmt::Display for Repair {
    /// The correction report an arbiter reads (what `scoresheet repair` prints on stderr).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "read in letters: {}{}; {} plies; {} correction{}; total cost {:.2}; confidence {:.3}{}",
            self.letters,
            match &self.second_letters {
                Some(second) => format!(" (the second sheet in {second})"),
                None => String::new(),
            },
            self.moves.len(),
            self.corrections.len(),
            if self.corrections.len() == 1 { "" } else { "s" },
            self.cost,
            self.confidence,
            // Of the plies read: the sheet's words after the stop are not in it.
            if self.stop.is_some() {
                " up to where the game stops"
            } else {
                ""
            }
        )?;
        if !self.corrections.is_empty() {
            writeln!(
                f,
                "{:>4} {:>6} {:<5} {:<10} {:<9} {:<24} {:>5}  detail",
                "ply", "move", "side", "written", "read as", "kind", "cost"
            )?;
        }
        for c in &self.corrections {
            let number = c.at.label();
            let sheet = if c.sheet == 2 { " [sheet 2]" } else { "" };
            writeln!(
                f,
                "{:>4} {:>6} {:<5} {:<10} {:<9} {:<24} {:>5.2}  {}{}{}",
                c.at.ply,
                number,
                c.at.side,
                c.written.as_deref().unwrap_or("-"),
                c.read_as.as_deref().unwrap_or("-"),
                c.kind,
                c.cost,
                c.detail,
                sheet,
                if c.line > 0 {
                    format!(" (line {}, column {})", c.line, c.column)
                } else {
                    String::new()
                }
            )?;
        }
        let mut k = 0;
        while let Some(d) = self.disagreements.get(k) {
            // A sheet that ends early (a player in time trouble may stop writing, Laws 8.4):
            // the plies only the other sheet records, to the end of the game, on one line.
            let silent = |x: &Disagreement| match (&x.first, &x.second) {
                (None, Some(_)) => Some("first"),
                (Some(_), None) => Some("second"),
                _ => None,
            };
            let rest = &self.disagreements[k..];
            let same = |x: &Disagreement| silent(x).is_some() && silent(x) == silent(d);
            let last = rest.last();
            let to_the_end = last.is_some_and(|l| l.at.ply as usize == self.moves.len());
            if let (Some(which), Some(last), true) = (
                silent(d),
                last,
                rest.len() >= 3 && to_the_end && rest.iter().all(same),
            ) {
                writeln!(
                    f,
                    "the {which} sheet records nothing from ply {} ({}) on: {} plies to the end ({} {}) are read from the other sheet only",
                    d.at.ply,
                    d.at.label(),
                    rest.len(),
                    last.at.label(),
                    last.played
                )?;
                break;
            }
            writeln!(
                f,
                "sheets disagree at ply {} ({}): first sheet {}, second sheet {}; played {} (followed: {})",
                d.at.ply,
                d.at.label(),
                d.first.as_deref().unwrap_or("nothing"),
                d.second.as_deref().unwrap_or("nothing"),
                d.played,
                d.followed
            )?;
            k += 1;
        }
        if self.alternatives_total > 0 {
            writeln!(
                f,
                "AMBIGUOUS: {} other game{} explain{} the sheet about as well:",
                self.alternatives_total,
                if self.alternatives_total == 1 {
                    ""
                } else {
                    "s"
                },
                if self.alternatives_total == 1 {
                    "s"
                } else {
                    ""
                }
            )?;
            for a in &self.alternatives {
                let diffs: Vec<String> = a
                    .differences
                    .iter()
                    .map(|d| {
                        format!(
                            "ply {} ({}): {} instead of {}",
                            d.at.ply,
                            d.at.label(),
                            d.other.as_deref().unwrap_or("nothing"),
                            d.chosen.as_deref().unwrap_or("nothing")
                        )
                    })
                    .collect();
                if a.extra_cost < -0.005 {
                    // Chosen over a cheaper game by the moves players play (within `tie_margin`).
                    writeln!(
                        f,
                        "  {:.2} (costs less, but its moves are less likely ones): {}",
                        a.extra_cost,
                        diffs.join(", ")
                    )?;
                } else if a.sheet_extra_cost < a.extra_cost - 0.005 {
                    writeln!(
                        f,
                        "  +{:.2} (+{:.2} by the sheet, the rest: its invented move is a less likely one): {}",
                        a.extra_cost.max(0.0),
                        a.sheet_extra_cost,
                        diffs.join(", ")
                    )?;
                } else if let Some(letters) = &a.letters {
                    writeln!(
                        f,
                        "  +{:.2} (the sheet read in the {letters} letters; its moves here in {}): {}",
                        a.extra_cost.max(0.0),
                        self.letters,
                        diffs.join(", ")
                    )?;
                } else {
                    // A hair below 0 (float sums) prints as +0.00.
                    writeln!(f, "  +{:.2}: {}", a.extra_cost.max(0.0), diffs.join(", "))?;
                }
            }
        }
        if let Some(e) = &self.ended_early {
            let at = if e.line > 0 {
                format!(" (line {}, column {})", e.line, e.column)
            } else {
                String::new()
            };
            writeln!(
                f,
                "ENDED before ply {} ({}), '{}'{at}: the game had ended ({}); the moves from \
                 there on are kept as written",
                e.at.ply,
                e.at.label(),
                e.written,
                e.why
            )?;
        }
        if let Some(s) = &self.stop {
            writeln!(
                f,
                "STOPPED at ply {} ({}), '{}' (line {}, column {}): {}",
                s.at.ply,
                s.at.label(),
                s.written,
                s.line,
                s.column,
                s.reason
            )?;
        }
        Ok(())
    }
}

impl Repair {
    /// A repair that was not tried: no moves, no corrections, confidence 0, from `start`, in
    /// `letters`. What a bulk run reports for a game it refuses to search (too long to try),
    /// beside the reason.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::Repair;
    /// let r = Repair::not_tried(Position::new(), LetterSet::english());
    /// assert!(r.moves.is_empty() && r.corrections.is_empty() && r.stop.is_none());
    /// assert_eq!((r.letters.as_str(), r.confidence), ("en", 0.0));
    /// ```
    pub fn not_tried(start: Position, letters: &LetterSet) -> Repair {
        Repair {
            letters: letters.code().to_owned(),
            second_letters: None,
            start,
            moves: Vec::new(),
            words: Vec::new(),
            uci: Vec::new(),
            san: Vec::new(),
            comments: Vec::new(),
            corrections: Vec::new(),
            cost: 0.0,
            confidence: 0.0,
            alternatives: Vec::new(),
            alternatives_total: 0,
            stop: None,
            disagreements: Vec::new(),
            ended_early: None,
        }
    }

    /// The result to write for the repaired game, given `on_sheet`, the result the sheet (or
    /// its PGN) gives: that result when the whole sheet was read; `*` when the repair stops
    /// early — the game as far as it reads did not end there.
    ///
    /// ```
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
    /// let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    /// let whole = repair(&Sheet::read("1. e4 e5 2. Jf3"), &options);
    /// assert_eq!(whole.result("1-0"), "1-0");
    /// let garbled = "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Kd8 Ke1 7. Vh5h1 Da8 8. Jb8b8 Vg9";
    /// let stops = repair(&Sheet::read(garbled), &options);
    /// assert!(stops.stop.is_some());
    /// assert_eq!(stops.result("1-0"), "*");
    /// ```
    pub fn result<'a>(&self, on_sheet: &'a str) -> &'a str {
        if self.stop.is_some() {
            "*"
        } else {
            on_sheet
        }
    }

    /// The game written in `notation` (`pgn`, `san`, `fide`, `long`, `long-hyphen`, `uci`,
    /// `figurine`) and `letters`, as `scoresheet convert` writes it; draw offers kept.
    ///
    /// ```
    /// use scoresheet::notation::{sheet::Notation, LetterSet};
    /// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
    /// let r = repair(&Sheet::read("1. e4 e5 2. Nf3"), &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
    /// let hr = LetterSet::by_code("hr").unwrap();
    /// assert_eq!(r.write(Notation::Fide, hr), "1. e4 e5 2. Sf3 *\n");
    /// // UCI as `convert` writes it: one line, the result last.
    /// assert_eq!(r.write(Notation::Uci, hr), "e2e4 e7e5 g1f3 *\n");
    /// ```
    pub fn write(&self, notation: crate::notation::sheet::Notation, letters: &LetterSet) -> String {
        self.write_tagged(notation, letters, &[], "*")
    }

    /// As [`Repair::write`], with the tags and the result of the PGN game the sheet was read
    /// from. The result is kept only when the whole sheet was read (a game that stops early is
    /// written `*`).
    ///
    /// ```
    /// use scoresheet::notation::{sheet::Notation, LetterSet};
    /// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
    /// let r = repair(&Sheet::read("1. e4 e5 2. Nf3"), &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
    /// let tags = [("White".to_owned(), "Réti".to_owned())];
    /// let pgn = r.write_tagged(Notation::Pgn, LetterSet::english(), &tags, "1-0");
    /// assert!(pgn.contains("[White \"Réti\"]"), "{pgn}");
    /// assert!(pgn.contains("2. Nf3 1-0"), "{pgn}");
    /// ```
    pub fn write_tagged(
        &self,
        notation: crate::notation::sheet::Notation,
        letters: &LetterSet,
        tags: &[(String, String)],
        result: &'static str,
    ) -> String {
        let game = crate::notation::sheet::ReadGame {
            start: self.start.clone(),
            letters: self.letters.clone(),
            moves: self
                .moves
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let offer = self.comments.iter().any(|(p, _)| *p as usize == i + 1);
                    (*m, offer, crate::notation::Warnings::default())
                })
                .collect(),
            result: self.result(result),
            tags: tags.to_vec(),
            doubts: Vec::new(),
            glosses: Vec::new(),
            comments_before: Vec::new(),
            left_out: Vec::new(),
        };
        let mut out = String::new();
        if crate::notation::sheet::write_game(&mut out, &game, notation, letters).is_err() {
            out.clear();
        }
        out
    }
}
