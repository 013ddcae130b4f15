//! The search for the cheapest legal game explaining the sheet: a beam search over (position,
//! word index) states, layered by word index, with reads, skipped words, invented plies and
//! swapped plies as transitions.

use super::costs::Costs;
use super::prior::{invented_costs, InventedKind, PriorMemo};
use super::report::{self, Alternative, Place, Repair, Stop, ALTERNATIVES_SHOWN};
use super::score::{key_disambiguation, move_keys, writes_coordinates, MoveReader, PreparedWord};
use super::sheet::{Sheet, TokenKind};
use crate::board::attacks;
use crate::board::{Bitboard, Color, Move, MoveList, Piece, Position, Role, Square, MAX_MOVES};
use crate::notation::LetterSet;
use arrayvec::ArrayVec;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for the read-cost cache's integer keys (one multiply; the keys are not chosen by an
/// adversary, and SipHash would cost more than the lookups save).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Read costs by (word index, move key): the same move is read against the same word from many
/// states of the search.
type ReadCache = HashMap<u64, f32, BuildHasherDefault<KeyHasher>>;

/// Reads kept by [`reads_key`], with the position they are for.
type KeptReads = HashMap<u64, (Position, Box<Reads>), BuildHasherDefault<KeyHasher>>;

/// The legal moves of a position with the cost of reading one word as each. Some 2.5 KB: kept
/// boxed and filled again where it lies (`Search::spare_reads`), never copied.
struct Reads {
    legal: MoveList,
    costs: ArrayVec<f32, 256>,
}

/// How to repair: the sheet's letters, the costs and the width of the search.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::RepairOptions;
/// let o = RepairOptions::new(LetterSet::by_code("hr").unwrap());
/// assert_eq!(o.beam, RepairOptions::DEFAULT_BEAM);
/// ```
#[derive(Clone, Debug)]
pub struct RepairOptions<'a> {
    /// The letter set the sheet is written in.
    pub letters: &'a LetterSet,
    /// The cost table.
    pub costs: &'a Costs,
    /// How many search states are kept per word of the sheet (eight times as many on the second
    /// search, where the first found only a costly game: see `retry_above` in the cost table).
    pub beam: usize,
    /// The position the game starts from.
    pub start: Position,
    /// How many move words before the first word that does not read exactly the search starts
    /// (16; at 8 a slip that reads as another legal move more than eight words before the word
    /// it spoils, `De7` for Dc7 shown wrong only by `De6` for Dc6 six moves later, was lost once
    /// the search settled, and only a costly second search from further back could find it).
    pub backtrack: usize,
    /// After this many exact reads in a row by a clear leader, the search replays exactly again.
    pub settle: u32,
    /// With two sheets ([`super::repair_two`]): the letters the second is written in, where they
    /// are not `letters` (each player writes in his own: a Czech sheet and an English one).
    pub second_letters: Option<&'a LetterSet>,
}

impl<'a> RepairOptions<'a> {
    /// The default beam width.
    pub const DEFAULT_BEAM: usize = 16;

    /// Options for a sheet in `letters`, with the shipped costs, from the standard start.
    pub fn new(letters: &'a LetterSet) -> RepairOptions<'a> {
        RepairOptions {
            letters,
            costs: Costs::standard(),
            beam: Self::DEFAULT_BEAM,
            start: Position::new(),
            backtrack: 16,
            settle: 4,
            second_letters: None,
        }
    }
}

/// One step of an explanation, as stored in the search's history arena.
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// The start of the explanation.
    Root,
    /// Word `tok` read as `mv`.
    Read {
        tok: u32,
        mv: Move,
        cost: f32,
        swapped: bool,
    },
    /// A move invented for a ply the sheet does not record, and its kind.
    Invent {
        mv: Move,
        cost: f32,
        kind: InventedKind,
    },
    /// Word `tok` not read as a move.
    Skip { tok: u32, kind: SkipKind, cost: f32 },
}

/// Why a word was not read as a move: the name of its cost in `grammars/repair-costs.tsv`
/// (none for a word skipped for nothing, such as a mark or a move number in step). A byte, not
/// the name itself, so that a step of the search's history stays small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SkipKind {
    Free,
    NumberOutOfStep,
    ResultEarly,
    GarbageWord,
    PlyDuplicate,
    PlyExtra,
}

impl SkipKind {
    /// The cost's name (empty for [`SkipKind::Free`]).
    pub(crate) fn name(self) -> &'static str {
        match self {
            SkipKind::Free => "",
            SkipKind::NumberOutOfStep => "number_out_of_step",
            SkipKind::ResultEarly => "result_early",
            SkipKind::GarbageWord => "garbage_word",
            SkipKind::PlyDuplicate => "ply_duplicate",
            SkipKind::PlyExtra => "ply_extra",
        }
    }
}

/// A word's index as a step stores it.
fn word_at(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) parent: u32,
    pub(crate) step: Step,
}

#[derive(Clone, Debug)]
struct State {
    pos: Position,
    cost: f32,
    node: u32,
    /// Where the state came from by a plain read of the previous word: (layer, index).
    parent: Option<(usize, usize)>,
    /// Invented plies and swaps have been tried from this state.
    structural_done: bool,
    /// How many move words in a row this state's explanation has read exactly.
    exact_run: u32,
    /// How far the sheet's move numbers are out of step, in plies (a writer who skipped a cell
    /// numbers every later move one ply off: that costs once, not at every number).
    shift: i32,
    /// The explanations that differ only in a move invented from the same state share a group
    /// (that state's node + 1; 0 for none): while they cost the same, the beam counts them as
    /// one (the sheet has not yet told them apart, and thirty of them must not push out every
    /// other explanation).
    group: u32,
    /// How much of `cost` the invented-move prior adds (negative where the invented moves are
    /// likelier than the average legal move): `cost` less this is the cost by the sheet alone.
    prior: f32,
}

impl State {
    /// A state reached by a structural edit (or the start): no plain-read parent, no exact run,
    /// structural edits not yet tried from it.
    fn fresh(pos: Position, cost: f32, node: u32, shift: i32, group: u32) -> State {
        State {
            pos,
            cost,
            node,
            parent: None,
            structural_done: false,
            exact_run: 0,
            shift,
            group,
            prior: 0.0,
        }
    }

    /// The state's cost by the sheet alone, without what the invented-move prior adds.
    fn sheet_cost(&self) -> f32 {
        self.cost - self.prior
    }

    /// What makes two states the same for the beam: the position, and how far the sheet's move
    /// numbers are out of step (two explanations of one position, one of which has yet to pay
    /// for its numbers, are not the same: merged, the cheaper-looking one would hide a tie).
    fn key(&self) -> u64 {
        let shift = u64::from(self.shift.unsigned_abs()) << 1 | u64::from(self.shift < 0);
        self.pos.zobrist() ^ shift.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

struct Layer {
    states: Vec<State>,
    index: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    sealed: bool,
    best: f32,
    /// How many states of this layer have tried invented and swapped plies.
    structural_tries: usize,
}

impl Layer {
    fn new() -> Layer {
        Layer {
            states: Vec::new(),
            index: HashMap::default(),
            sealed: false,
            best: f32::INFINITY,
            structural_tries: 0,
        }
    }
}

pub(crate) struct Search<'s, 'a> {
    pub(crate) sheet: &'s Sheet,
    pub(crate) reader: MoveReader<'a>,
    pub(crate) costs: &'a Costs,
    /// The prior's log-probabilities of the positions the tie rules and the confidence have
    /// looked at (see [`PriorMemo`]).
    pub(crate) prior_memo: PriorMemo<'a>,
    pub(crate) words: Vec<PreparedWord>,
    pub(crate) arena: Vec<Node>,
    /// Explanations merged by the beam (same position, same word): (kept node, its cost,
    /// other node, its cost).
    pub(crate) merged: Vec<(u32, f32, u32, f32)>,
    layers: Vec<Layer>,
    /// Read costs already computed (costs above `read_max` are stored as is: unreadable).
    cache: RefCell<ReadCache>,
    /// How widely the search looks now: the first look's settings, or the second's.
    look: Look,
    /// When set, the only game the search may play (see [`explain`]): at each ply, the one move
    /// of this game at that ply.
    only: Option<Vec<Move>>,
    /// With `only`: the given moves are the game's first plies only, and the plies after them
    /// are free (see [`reread_further_back`]).
    only_prefix: bool,
    /// Explaining by one game: the (word, ply) pairs a run of missing plies was tried from
    /// ([`Search::missing_run`]; the same from every state there).
    runs_tried: HashSet<(usize, u32)>,
    /// The ply number of the start position (0 at the standard start).
    start_ply: u32,
    /// The reads of the current word the check for edits further back worked out (by
    /// [`reads_key`]), for the expansion of the same states to use again.
    /// The position is kept too: a read is used again only for the very same position.
    kept_reads: RefCell<KeptReads>,
    /// Reads no longer needed, to be filled again by [`Search::reads`]. Boxed, as in
    /// `kept_reads`: they go from one to the other as pointers (unboxed, 2.5 KB copied).
    #[allow(clippy::vec_box)]
    spare_reads: RefCell<Vec<Box<Reads>>>,
    /// States (layer, index) a ply missing further back has been invented from, this run.
    invented_back: HashSet<(usize, usize)>,
    /// States (layer, index) a whole move missing further back has been invented from, this
    /// run.
    whole_back: HashSet<(usize, usize)>,
    /// When set, a run pauses (returns no state, and leaves itself in `paused`) as soon as
    /// every explanation still open costs more than this, while the sheet's words read so far
    /// cost at most `retry_most_per_move` each on average: the first look of [`search_finals`],
    /// whose game would be searched again anyway.
    pause_above: Option<f32>,
    /// The run that paused, to go on with.
    paused: Option<Paused>,
    /// When set, a run gives up (returns no state) as soon as every explanation still open
    /// costs this much or more, and there is no second look: what [`reread_further_back`]
    /// searches for must beat a game already found.
    give_up_at: Option<f32>,
    /// Whether the first look may pause (always, but in a test that compares).
    may_pause: bool,
    /// What became of the last first look that paused: `Some(true)` where the second look's
    /// game was kept without it going on, `Some(false)` where it went on.
    #[cfg(test)]
    pause_outcome: Option<bool>,
}

/// A run of the search that paused (see `Search::pause_above`): where it was and what it had.
struct Paused {
    /// The word it had come to.
    at: usize,
    /// No settling before this word.
    no_settle_before: usize,
    layers: Vec<Layer>,
    invented_back: HashSet<(usize, usize)>,
    /// What the cheapest explanation still open cost: no game it finds costs less.
    open: f32,
}

/// How widely a run of the search looks: the first look's settings, or the second's.
#[derive(Clone, Copy)]
struct Look {
    backtrack: usize,
    settle: u32,
    beam: usize,
    /// Invented and swapped plies are tried from at most this many states per word (more on
    /// the second look).
    structural_per_word: usize,
    /// Whole moves missing are tried ([`Search::missing_move`]): on the second look only, which
    /// is taken where the first found no cheap game (a sheet that lost a row reads on legally
    /// for a while, then needs a string of corrections), so that sheets that read well, or with
    /// a slip or a ply missing, do not pay for the pairs of plies tried; and in the searches
    /// [`reread_further_back`] makes from a game with a whole move invented elsewhere, which
    /// have no second look. (A whole move missing
    /// further back, [`Search::missing_move_back`], is tried on both looks: only where a word
    /// reads badly, from the few states on the way to it.)
    whole_moves: bool,
}

/// Repairs one scoresheet: the cheapest legal game that explains it, with every correction.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
/// let r = repair(&Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 ScS"), &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
/// assert_eq!(r.moves.len(), 6);
/// assert_eq!(r.corrections.len(), 1);
/// assert_eq!(r.corrections[0].read_as.as_deref(), Some("Sc5"));
/// ```
pub fn repair(sheet: &Sheet, options: &RepairOptions<'_>) -> Repair {
    run_search(Search::new(sheet, options), options).0
}

/// [`repair`], with the moves of the other games the report counts as explaining the sheet
/// about as well (its alternatives, shown or not), cheapest first.
pub(crate) fn repair_and_others(
    sheet: &Sheet,
    options: &RepairOptions<'_>,
) -> (Repair, Vec<Vec<Move>>) {
    run_search(Search::new(sheet, options), options)
}

/// The cheapest explanation of the sheet by one given game: the same search as [`repair`], but
/// at each ply the only move it may play (read, invent or swap in) is `game`'s. Shows what the
/// corrections and the total cost would be if `game` were the game played; comparing its cost
/// with [`repair`]'s tells whether the sheet prefers another game, or cannot tell them apart.
/// The explanation may stop before the game's end when the sheet does (compare `moves`).
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{explain, repair, RepairOptions, Sheet};
/// let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
/// let game = repair(&Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5"), &options).moves;
/// // The writer skipped 2... Jc6: the sheet explained by the real game costs one invented ply
/// // (and the move numbers out of step).
/// let e = explain(&Sheet::read("1. e4 e5 2. Jf3 Sb5"), &options, &game);
/// assert_eq!(e.moves, game);
/// assert!(e.corrections.iter().any(|c| c.kind == "ply_missing" && c.read_as.as_deref() == Some("Jc6")));
/// ```
pub fn explain(sheet: &Sheet, options: &RepairOptions<'_>, game: &[Move]) -> Repair {
    let mut search = Search::new(sheet, options);
    search.only = Some(game.to_vec());
    run_search(search, options).0
}

fn run_search(mut search: Search<'_, '_>, options: &RepairOptions<'_>) -> (Repair, Vec<Vec<Move>>) {
    let sheet = search.sheet;
    let finals = search_finals(&mut search, options);
    let (found, others) = report_finals(search, finals, options);
    (nothing_read(found, sheet), others)
}

/// A repair that read no word of a sheet with words as a move (`hello`, `Kd9`: each skipped)
/// found no game: it stops at the first word, where an empty game "read" with full confidence
/// would pass for a sheet of no moves.
fn nothing_read(mut found: Repair, sheet: &Sheet) -> Repair {
    if !found.moves.is_empty() || found.stop.is_some() || found.corrections.is_empty() {
        return found;
    }
    let Some(first) = sheet
        .tokens
        .iter()
        .find(|t| matches!(t.kind, TokenKind::Move | TokenKind::Word))
    else {
        return found;
    };
    let (move_number, side) = found.start.move_after(0);
    found.stop = Some(Stop {
        at: Place {
            ply: 1,
            move_number,
            side: crate::replay::side_name(side),
        },
        written: first.text.to_string(),
        line: first.line,
        column: first.column,
        reason: "no word of the sheet reads as a legal move: it records no game".to_owned(),
    });
    found.confidence = 0.0;
    found
}

/// The repair report of the search's final states (cheapest first), the tie rules applied,
/// with the moves of the other games it counts as explaining the sheet about as well.
fn report_finals(
    search: Search<'_, '_>,
    mut finals: Vec<State>,
    options: &RepairOptions<'_>,
) -> (Repair, Vec<Vec<Move>>) {
    let start = options.start.clone();
    if let Some(k) = more_plausible_tie(&search, &start, &finals) {
        // The sheet cannot tell them apart; players play this one more often. The other stays
        // an alternative in the report.
        finals[..=k].rotate_right(1);
    }
    let best_pos = finals
        .first()
        .map(|s| s.pos.clone())
        .unwrap_or_else(|| start.clone());
    let finals: Vec<(u32, f32)> = finals.iter().map(|s| (s.node, s.cost)).collect();
    let (found, others) = report::build(&search, &start, &finals, &best_pos);
    if search.only.is_some() {
        return (found, Vec::new());
    }
    let first = found.moves.clone();
    let chosen = prefer_plausible_merged(found, &others, &search, options);
    if let Some(better) = reread_further_back(&search, options, &chosen) {
        // A slip far back that read as another legal move: the game found before is no
        // longer about as good (it costs more by more than `tie_margin`), nor are its others.
        return (better, vec![chosen.moves]);
    }
    let mut games: Vec<Vec<Move>> = std::iter::once(first)
        .chain(others.into_iter().map(|o| o.moves))
        .collect();
    games.retain(|g| *g != chosen.moves);
    (chosen, games)
}

/// How many games [`reread_further_back`] searches at most for one sheet.
const MOST_REREADS: usize = 6;

/// Another reading of an earlier ply that [`reread_further_back`] may search.
struct Reread {
    /// A move of another piece than the one the game found moves there.
    other_piece: bool,
    /// The found move put its piece on the square the corrected word names.
    lands: bool,
    /// What the reading is predicted to save up to the corrected word.
    saving: f32,
    /// The ply read again (0-based).
    ply: usize,
    /// The move it is read as.
    reading: Move,
}

/// How many games [`reread_further_back`] searches at most for one sheet from another piece's
/// move read at a ply whose piece went to a square a corrected word names (`e4` written for 6.
/// c4: the later `e4` read as c4, `Dc2` as De2, since the pawn already stood on e4), beyond
/// those of `MOST_REREADS`.
const MOST_OTHER_REREADS: usize = 2;

/// How many of the plies whose piece went, or could have gone, to a square a corrected word
/// names (the latest first, each with another legal move of its piece there or from there)
/// [`reread_further_back`] reads again.
const REREAD_PLIES: usize = 2;

/// A slip that reads as another legal move (`a4` written for 13. a3) may show only where a
/// later word names the square again (32. a4, read as h4 at 2.6 since the pawn stands on a4
/// already), far beyond where the search looks back from. For each corrected word of `found`
/// that names a square, the latest plies whose piece went to that square, and those whose piece
/// could have gone there instead (`REREAD_PLIES` of each), are read again as another legal move
/// of the same piece from the same square (any, where it went there; onto the square, where it
/// could have), and those where it went there also as another piece's move that the word reads
/// as for a look-alike at most (`e4` for c4: then every corrected word on the way may read more
/// cheaply; at most `MOST_OTHER_REREADS` such games are searched, after the others). What that
/// reading would save is worked out cheaply up to the corrected word:
/// the plies between as in `found` while their moves stay legal; a corrected word whose move no
/// longer is, and the corrected word itself, read as cheaply as they can be after it. Readings
/// that would save more than `tie_margin` are searched (those that put the piece on the named
/// square first, each kind by what it would save; at most `MOST_REREADS`): the game's plies up
/// to the reading fixed, the reading changed, the rest searched as usual but in one look, given
/// up as soon as it cannot beat the game to beat. The cheapest game found is returned if it
/// costs less than `found` by more than `tie_margin`, its confidence counting `found` against
/// it. The costs are not changed: the search finds a cheaper explanation it could not reach
/// before (and where the cost table prefers a wrong game, it may be one).
///
/// Noise bench, 300 games, seeds 20261121 / 7 / 424242 / 99 (every row: the README): slips 1 in
/// 40 plies 92.0 / 92.3 / 91.3 / 93.7 → 92.0 / 93.7 / 91.3 / 94.0 % exact games.
fn reread_further_back(
    search: &Search<'_, '_>,
    options: &RepairOptions<'_>,
    found: &Repair,
) -> Option<Repair> {
    let costs = options.costs;
    if found.corrections.is_empty() || found.stop.is_some() {
        return None;
    }
    let mut positions = Vec::with_capacity(found.moves.len() + 1);
    let mut pos = options.start.clone();
    for m in &found.moves {
        positions.push(pos.clone());
        pos.play(m);
    }
    // What the reading of each ply's word costs in `found`.
    let mut read = vec![0.0f32; found.moves.len()];
    for c in found.corrections.iter().filter(|c| c.written.is_some()) {
        if let Some(cost) = (c.at.ply as usize)
            .checked_sub(1)
            .and_then(|k| read.get_mut(k))
        {
            *cost += c.cost;
        }
    }
    let read_cost = |ply: usize| read.get(ply).copied().unwrap_or(0.0);
    // The invented plies (0-based) and what each cost.
    let invented: Vec<(usize, f32)> = found
        .corrections
        .iter()
        .filter(|c| c.written.is_none() && c.kind == "ply_missing")
        .filter_map(|c| {
            (c.at.ply as usize)
                .checked_sub(1)
                .filter(|&j| j < found.moves.len() && found.words.get(j) == Some(&None))
                .map(|j| (j, c.cost))
        })
        .collect();
    // Consecutive invented plies as runs `(first, end, cost)`.
    let mut runs: Vec<(usize, usize, f32)> = Vec::new();
    for &(j, cost) in &invented {
        match runs.last_mut() {
            Some(run) if run.1 == j => {
                run.1 += 1;
                run.2 += cost;
            }
            _ => runs.push((j, j + 1, cost)),
        }
    }
    let mut legal = MoveList::new();
    let mut candidates: Vec<Reread> = Vec::new();
    let mut invented_candidates: Vec<InventedReread> = Vec::new();
    // How many costly corrected words were looked at so far, and the plies of all of them.
    let mut costly_words = 0;
    let costly: Vec<usize> = found
        .corrections
        .iter()
        .filter(|c| c.written.is_some() && c.read_as.is_some() && c.cost > costs.tie_margin)
        .filter_map(|c| (c.at.ply as usize).checked_sub(1))
        .collect();
    for c in &found.corrections {
        let (Some(written), Some(_)) = (&c.written, &c.read_as) else {
            continue;
        };
        // A word read as a move: its ply is one of the game's (checked all the same).
        let Some(k) = (c.at.ply as usize)
            .checked_sub(1)
            .filter(|&k| k < found.moves.len() && k < found.words.len())
        else {
            continue;
        };
        let named = squares_named(written);
        if named.is_empty() || c.cost <= costs.tie_margin {
            continue;
        }
        // The latest plies before `k` whose piece went to a square the word names, and those
        // whose piece could have gone there instead: `REREAD_PLIES` of each.
        let mut plies_read = [0usize; 2];
        for j in (0..k).rev() {
            if plies_read.iter().all(|&n| n == REREAD_PLIES) {
                break;
            }
            let was = found.moves[j];
            let Some(from) = was.from() else {
                continue;
            };
            let lands = named.contains(was.to());
            let reach =
                attacks::queen_attacks(from, Bitboard::EMPTY) | attacks::knight_attacks(from);
            if plies_read[usize::from(lands)] == REREAD_PLIES
                || (!lands && (reach & named).is_empty())
            {
                continue;
            }
            let Some(word_j) = found.words[j] else {
                continue;
            };
            // The most another reading of `j` could save: every correction up to `k`.
            let room: f32 = (j + 1..=k).map(read_cost).sum();
            let before = &positions[j];
            before.legal_moves(&mut legal);
            let read_before = read_cost(j);
            let mut alternatives = false;
            for m in legal.iter() {
                let same_piece = m.from() == was.from() && m.role() == was.role();
                if *m == was || !(lands || named.contains(m.to())) || (!same_piece && !lands) {
                    continue;
                }
                let extra_j = search
                    .reader
                    .score(before, &legal, m, &search.words[word_j])
                    .cost
                    - read_before;
                // Another piece's move only where the word reads as it for a look-alike at
                // most (`e4` for 6. c4, the pawn beside it).
                if !same_piece && extra_j > costs.char_lookalike {
                    continue;
                }
                alternatives |= same_piece;
                if extra_j >= room - costs.tie_margin {
                    continue;
                }
                let saving = -extra_j
                    + saving_on_the_way(
                        search,
                        found,
                        &read,
                        before,
                        m,
                        (same_piece, false),
                        (j, k),
                    );
                if saving > costs.tie_margin
                    && !candidates.iter().any(|c| c.ply == j && c.reading == *m)
                {
                    candidates.push(Reread {
                        other_piece: !same_piece,
                        lands,
                        saving,
                        ply: j,
                        reading: *m,
                    });
                }
            }
            plies_read[usize::from(lands)] += usize::from(alternatives);
        }
        // A whole move left out before the word, where the found game invented none: the first
        // costly words only (a move left out shows at the first word that needs it), and only
        // where another costly word follows within `INSERTED_PLACES` plies (the words after a
        // move left out read badly in a row; a slip in a word reads badly alone). The run of
        // costly words from `k` ends at `cluster_end` (each within `INSERTED_PLACES` of the one
        // before).
        let mut cluster_end = k;
        for &q in costly.iter().filter(|&&q| q > k) {
            if q > cluster_end + INSERTED_PLACES {
                break;
            }
            cluster_end = q;
        }
        if costly_words < INSERTED_WORDS && cluster_end > k && runs.iter().all(|r| r.1 > k) {
            inserted_rereads(
                search,
                found,
                &read,
                &positions,
                (k, cluster_end, named),
                &mut invented_candidates,
            );
        }
        costly_words += 1;
        // Runs of invented plies before the word (the latest `REREAD_PLIES`), each where it
        // was or a move or two later, with one of its moves read as any other legal move of
        // that side: the sheet left out `h3` after `19. Va8 De7`, not the `Va6` invented before
        // them, and only the later `hxg4` shows it.
        for &(a, b, was_cost) in runs.iter().rev().filter(|r| r.1 <= k).take(REREAD_PLIES) {
            invented_rereads(
                search,
                found,
                &read,
                &positions,
                (a, b, was_cost),
                k,
                &mut invented_candidates,
            );
        }
    }
    // A whole move left out just before the first word the sheet does not read exactly as, where
    // the game found invented none.
    if runs.is_empty() {
        stop_inserted_rereads(
            search,
            &options.start,
            found,
            &read,
            &mut invented_candidates,
        );
    }
    // The same piece's readings first: of plies that put the piece on the named square, then
    // the others, each group by the saving they promise; then other pieces' readings.
    candidates.sort_by(|a, b| {
        a.other_piece
            .cmp(&b.other_piece)
            .then(b.lands.cmp(&a.lands))
            .then(b.saving.total_cmp(&a.saving))
    });
    let others_from = candidates
        .iter()
        .position(|c| c.other_piece)
        .unwrap_or(candidates.len());
    let same = candidates[..others_from].iter().take(MOST_REREADS);
    let others = candidates[others_from..].iter().take(MOST_OTHER_REREADS);
    invented_candidates.sort_by(|a, b| b.saving.total_cmp(&a.saving));
    let prefixes = same
        .chain(others)
        .map(|r| {
            let mut prefix = found.moves[..r.ply].to_vec();
            prefix.push(r.reading);
            (prefix, false)
        })
        .chain(
            invented_candidates
                .into_iter()
                .take(MOST_INVENTED_REREADS)
                .map(|r| (r.prefix, true)),
        );
    let mut best: Option<Repair> = None;
    for (prefix, invented) in prefixes {
        let bar = best
            .as_ref()
            .map_or(found.cost - costs.tie_margin, |b| b.cost);
        let mut again = Search::new(search.sheet, options);
        again.only = Some(prefix);
        again.only_prefix = true;
        again.may_pause = false;
        again.give_up_at = Some(bar);
        // A whole move left out: the pair in the prefix is invented at a word that does not
        // read after one invented ply, as the second look does it (there is no second look
        // here, and without it no game was found: the pair stood in the prefix unread).
        again.look.whole_moves = invented;
        let finals = search_finals(&mut again, options);
        if !finals.first().is_some_and(|s| s.cost < bar) {
            continue;
        }
        let (r, _) = report_finals(again, finals, options);
        if r.stop.is_none() && r.moves.len() >= found.moves.len() && r.cost < bar {
            best = Some(r);
        }
    }
    best.map(|mut r| {
        // The game found before weighs against this one too.
        let behind = (-costs.confidence_sharpness * (found.cost - r.cost)).exp();
        r.confidence = 1.0 / (1.0 / r.confidence.max(f32::MIN_POSITIVE) + behind);
        r
    })
}

/// How many games [`reread_further_back`] searches at most for one sheet from a run of invented
/// plies moved or read otherwise, beyond those of `MOST_REREADS` and `MOST_OTHER_REREADS`.
const MOST_INVENTED_REREADS: usize = 3;

/// How far (in plies, a whole move at a time) [`invented_rereads`] moves a run of invented
/// plies later.
const INVENTED_SHIFTS: [usize; 3] = [0, 2, 4];

/// A run of invented plies of the game found, moved later or with a move read as another, as
/// the plies of a game to search from.
struct InventedReread {
    /// What it is predicted to save up to the corrected word.
    saving: f32,
    /// The game's plies up to the end of the run so changed.
    prefix: Vec<Move>,
}

/// The run of invented plies `a..b` of `found` (costing `was_cost` in all), if it is whole moves
/// (an even number of plies), moved later by each of [`INVENTED_SHIFTS`] (past words read as in
/// `found` where their moves stay legal, else as cheaply as they can be) and each of its moves
/// read as any other legal move of that side (where the rest of the run stays legal), with
/// what each would save up to the corrected word at `k` (the run's new prior cost against the
/// old, and [`saving_on_the_way`] from the end of the run): those that save more than
/// `tie_margin` go to `out`. A single invented ply is left as it is: read as another move it
/// was more often a cheaper wrong game than the one played (noise bench, slips with a skipped
/// ply, seeds 7 and 99: three games lost, none gained).
fn invented_rereads(
    search: &Search<'_, '_>,
    found: &Repair,
    read: &[f32],
    positions: &[Position],
    (a, b, was_cost): (usize, usize, f32),
    k: usize,
    out: &mut Vec<InventedReread>,
) {
    let costs = search.costs;
    let run = &found.moves[a..b];
    let Some(start) = positions.get(a).filter(|_| run.len() % 2 == 0) else {
        return;
    };
    let mut legal = MoveList::new();
    // The prior cost of `m` at `pos`, after the plies of `line` (latest last).
    let price = |pos: &Position, legal: &MoveList, line: &[Move], m: &Move| {
        prior_of(
            legal,
            &invented_costs(pos, legal, &recent_of(line, None), costs),
            m,
        )
    };
    for d in INVENTED_SHIFTS {
        if b + d > k {
            continue;
        }
        if (b..b + d).any(|t| found.words.get(t).copied().flatten().is_none()) {
            continue;
        }
        // The words after the run read first: as in `found` where that move is legal, else as
        // cheaply as they can be (what that costs more counts against the saving).
        let mut pos = start.clone();
        let mut line = found.moves[..a].to_vec();
        let mut ok = true;
        let mut reread_cost = 0.0;
        for t in b..b + d {
            pos.legal_moves(&mut legal);
            let was = found.moves[t];
            let m = if legal.contains(&was) {
                was
            } else {
                let Some(word) = found.words[t] else {
                    ok = false;
                    break;
                };
                let cheapest = cheapest_reading(search, &pos, &legal, word);
                let Some((cost, n)) = cheapest.filter(|c| c.0.is_finite()) else {
                    ok = false;
                    break;
                };
                reread_cost += cost - read.get(t).copied().unwrap_or(0.0);
                n
            };
            pos.play(&m);
            line.push(m);
        }
        if !ok {
            continue;
        }
        for r in 0..run.len() {
            // The run's moves before `r` as they were.
            let mut p = pos.clone();
            let mut head = line.clone();
            let mut head_cost = 0.0;
            for m in &run[..r] {
                p.legal_moves(&mut legal);
                let Some(c) = price(&p, &legal, &head, m) else {
                    ok = false;
                    break;
                };
                head_cost += c;
                p.play(m);
                head.push(*m);
            }
            if !ok {
                break;
            }
            p.legal_moves(&mut legal);
            let priced = invented_costs(&p, &legal, &recent_of(&head, None), costs);
            for (m, &(_, cost)) in legal.iter().zip(priced.iter()) {
                if d == 0 && *m == run[r] {
                    continue;
                }
                // The rest of the run after it, as it was.
                let mut q = p.clone();
                let mut tail = head.clone();
                let mut new_cost = head_cost + cost;
                let mut last = (p.clone(), *m);
                q.play(m);
                tail.push(*m);
                let mut fits = true;
                for n in &run[r + 1..] {
                    let mut here = MoveList::new();
                    q.legal_moves(&mut here);
                    let Some(c) = price(&q, &here, &tail, n) else {
                        fits = false;
                        break;
                    };
                    new_cost += c;
                    last = (q.clone(), *n);
                    q.play(n);
                    tail.push(*n);
                }
                if !fits {
                    continue;
                }
                let end = tail.len() - 1;
                let saving = was_cost - new_cost - reread_cost
                    + saving_on_the_way(
                        search,
                        found,
                        read,
                        &last.0,
                        &last.1,
                        (false, true),
                        (end, k),
                    );
                if saving > costs.tie_margin && !out.iter().any(|c| c.prefix == tail) {
                    out.push(InventedReread {
                        saving,
                        prefix: tail,
                    });
                }
            }
        }
    }
}

/// What reading ply `j` of `found` as `m` (from `before`, the position there) saves on the
/// words of plies `j + 1..=k`, worked out cheaply: the plies on the way as in `found` while
/// their moves stay legal (with `same_piece` false only those whose words read exactly; another
/// piece's move changes the position more, so every corrected word on the way may then read
/// more cheaply), a word that was corrected (and the word at `k`) read as cheaply as it can be
/// after it; a word read exactly whose move no longer is legal is read so too with
/// `reread_illegal` (where invented plies moved, the words after them must be read anew), and
/// ends the estimate there without; so does an invented ply whose move no longer is legal.
/// `read` holds what each ply's word cost in `found`.
fn saving_on_the_way(
    search: &Search<'_, '_>,
    found: &Repair,
    read: &[f32],
    before: &Position,
    m: &Move,
    (same_piece, reread_illegal): (bool, bool),
    (j, k): (usize, usize),
) -> f32 {
    let read_cost = |ply: usize| read.get(ply).copied().unwrap_or(0.0);
    let mut p = before.clone();
    p.play(m);
    let mut saving = 0.0;
    let mut here = MoveList::new();
    for i in j + 1..=k {
        let Some(&was) = found.moves.get(i) else {
            break;
        };
        p.legal_moves(&mut here);
        let was_read = read_cost(i);
        let legal_still = here.contains(&was);
        let keep = i < k && (same_piece || was_read == 0.0) && legal_still;
        let next = match found.words.get(i).copied().flatten() {
            Some(word) if (was_read > 0.0 || (!legal_still && reread_illegal)) && !keep => {
                cheapest_reading(search, &p, &here, word).map(|(cost, n)| {
                    saving += was_read - cost;
                    n
                })
            }
            _ => legal_still.then_some(was),
        };
        let Some(next) = next else {
            break;
        };
        p.play(&next);
    }
    saving
}

/// The move of `legal` (the legal moves of `pos`) that reads the sheet's word `word` most
/// cheaply, with its cost (the first of equals; none where there is no legal move).
fn cheapest_reading(
    search: &Search<'_, '_>,
    pos: &Position,
    legal: &MoveList,
    word: usize,
) -> Option<(f32, Move)> {
    legal
        .iter()
        .map(|n| {
            (
                search.reader.score(pos, legal, n, &search.words[word]).cost,
                *n,
            )
        })
        .min_by(|x, y| x.0.total_cmp(&y.0))
}

/// The prior cost of `m` among `priced`, the invented-move costs of `legal` in its order.
fn prior_of(legal: &MoveList, priced: &[(InventedKind, f32)], m: &Move) -> Option<f32> {
    legal
        .iter()
        .position(|l| l == m)
        .and_then(|i| priced.get(i))
        .map(|&(_, c)| c)
}

/// The last four moves of `line` then `next` (the latest first, `None` past the start): what an
/// invented move's prior looks at (as [`Search::recent_moves`] gives them in the search).
fn recent_of(line: &[Move], next: Option<Move>) -> [Option<Move>; 4] {
    let mut recent = [None; 4];
    let moves = next.into_iter().chain(line.iter().rev().copied());
    for (slot, m) in recent.iter_mut().zip(moves) {
        *slot = Some(m);
    }
    recent
}

/// How many of a game's costly corrected words (the first) [`inserted_rereads`] looks before.
const INSERTED_WORDS: usize = 2;

/// How many plies before a costly corrected word [`inserted_rereads`] tries a whole move at.
const INSERTED_PLACES: usize = 8;

/// Of the side whose move is free (not the corrected word's side), how many of its likeliest
/// moves by the invented-move prior [`inserted_rereads`] tries.
const INSERTED_FREE_MOVES: usize = 8;

/// A whole move (two plies) left out of the sheet before the corrected word at ply `k` of
/// `found` (which names the squares `named`), where `found` invented none. At each of the
/// `INSERTED_PLACES` plies before it, it tries pairs of legal moves: the move of the word's
/// side puts its piece on a named square or where it attacks one on an empty board (a pawn: or
/// steps onto one), and the other side's move is one of its likeliest (`INSERTED_FREE_MOVES`),
/// its prior worked out only for a pair that reads where it moves second. A pair counts
/// where every word from there to the costly word at `end` (the end of the run of them from
/// `k`) then reads exactly one move later; it saves what those words cost in `found`, less the
/// two invented plies' prior cost, and those that save more than `tie_margin` go to `out`.
fn inserted_rereads(
    search: &Search<'_, '_>,
    found: &Repair,
    read: &[f32],
    positions: &[Position],
    (k, end, named): (usize, usize, Bitboard),
    out: &mut Vec<InventedReread>,
) {
    let Some(side) = positions.get(k).map(Position::turn) else {
        return;
    };
    // A move of the word's side that may be the one left out ([`lands_near`]): on an empty
    // board, as the lines may open by the word (with the pieces in the way, seed 7 of the
    // noise bench gained one game fewer).
    let leads = |_: &Position, m: &Move| lands_near(side, named, m);
    for j in (k.saturating_sub(INSERTED_PLACES).max(1)..=k).rev() {
        if found.words.get(j).copied().flatten().is_none() {
            continue;
        }
        // What the words from here to `end` cost in `found` (all of them saved if they read).
        let (Some(pos), Some(words_cost)) = (positions.get(j), read.get(j..=end)) else {
            continue;
        };
        let words_cost: f32 = words_cost.iter().sum();
        // The words from `j` to `end` must all read exactly one move later (as after a move
        // left out they do): then they save what they cost in `found`.
        let saved = |after: &Position, m2: &Move| {
            words_read_exactly_after(search, found, (after, m2), (j, end)).then_some(words_cost)
        };
        whole_moves_left_out(search, (pos, &found.moves[..j]), side, leads, saved, out);
    }
}

/// Whether `m`, a move of `side`, puts its piece on a square of `named` or where, on an empty
/// board, it attacks one or (a pawn) steps onto one (`Jd4` for a later `Jf5`, `h3` for a later
/// `hxg4`): a move a later word naming those squares may need before it.
fn lands_near(side: Color, named: Bitboard, m: &Move) -> bool {
    let to = m.to();
    let role = m.promotion().unwrap_or(m.role());
    let mut reach = attacks::attacks(side, role, to, Bitboard::EMPTY);
    if role == Role::Pawn {
        let step = if side == Color::White { 1 } else { -1 };
        if let Some(ahead) = to.offset(0, step) {
            reach.add(ahead);
        }
    }
    named.contains(to) || (reach & named).any()
}

/// Tries each pair of legal moves from `pos` (reached by `line`) as a whole move left out, for
/// [`inserted_rereads`] and [`stop_inserted_rereads`]: the move of `side` (the side of the word
/// that needs it) one for which `leads` holds in the position it is played from, and the other
/// side's one of its `INSERTED_FREE_MOVES` likeliest by the invented-move prior. `saved` tells
/// what the words after a pair save by reading as they do after it (`None`: they do not read);
/// less the two plies' prior cost, a saving above `tie_margin` puts the pair in `out`. The
/// second ply's prior is worked out only once a pair needs it: where the free side moves
/// second, to choose its likeliest moves; otherwise for a pair that reads.
fn whole_moves_left_out(
    search: &Search<'_, '_>,
    (pos, line): (&Position, &[Move]),
    side: Color,
    leads: impl Fn(&Position, &Move) -> bool,
    saved: impl Fn(&Position, &Move) -> Option<f32>,
    out: &mut Vec<InventedReread>,
) {
    let costs = search.costs;
    let mut first = MoveList::new();
    let mut second = MoveList::new();
    pos.legal_moves(&mut first);
    let priced = invented_costs(pos, &first, &recent_of(line, None), costs);
    let word_side_first = pos.turn() == side;
    // The free side's likeliest moves, or the word side's moves that may lead to the word.
    let mut ones: Vec<(Move, f32)> = first
        .iter()
        .zip(priced.iter())
        .filter(|(m, _)| !word_side_first || leads(pos, m))
        .map(|(m, &(_, c))| (*m, c))
        .collect();
    if !word_side_first {
        ones.sort_by(|a, b| a.1.total_cmp(&b.1));
        ones.truncate(INSERTED_FREE_MOVES);
    }
    for (m1, c1) in ones {
        let mut after = pos.clone();
        after.play(&m1);
        after.legal_moves(&mut second);
        let recent = recent_of(line, Some(m1));
        let mut priced2 = None;
        let twos: Vec<Move> = if word_side_first {
            let priced = priced2.insert(invented_costs(&after, &second, &recent, costs));
            let mut by_prior: Vec<(Move, f32)> = second
                .iter()
                .zip(priced.iter())
                .map(|(m, &(_, c))| (*m, c))
                .collect();
            by_prior.sort_by(|a, b| a.1.total_cmp(&b.1));
            by_prior.truncate(INSERTED_FREE_MOVES);
            by_prior.into_iter().map(|(m, _)| m).collect()
        } else {
            second
                .iter()
                .filter(|m| leads(&after, m))
                .copied()
                .collect()
        };
        for m2 in twos {
            let Some(words) = saved(&after, &m2) else {
                continue;
            };
            let priced =
                priced2.get_or_insert_with(|| invented_costs(&after, &second, &recent, costs));
            let Some(c2) = prior_of(&second, priced, &m2) else {
                continue;
            };
            let saving = words - c1 - c2;
            if saving > costs.tie_margin {
                let mut prefix = line.to_vec();
                prefix.extend([m1, m2]);
                if !out.iter().any(|c| c.prefix == prefix) {
                    out.push(InventedReread { saving, prefix });
                }
            }
        }
    }
}

/// A whole move (two plies) left out of the sheet just before the first word that does not read
/// exactly as a legal move (ply `stop` of the sheet read word by word from the start), where
/// `found` invented no ply. `found` may have read that word as another move, or made it legal
/// by correcting an earlier word (`1. c4` read as `e3` so that the bishop of `7. Sd3` can leave
/// f1, where the sheet left out `5. e3 a6`); neither need have a corrected word close after it,
/// which [`inserted_rereads`] looks for.
///
/// At each of the `INSERTED_PLACES` plies before the stop, on the sheet's own reading, it tries
/// pairs of legal moves as [`inserted_rereads`] does; the move of the stop word's side may also
/// be one that opens the line of a bishop, rook or queen of that side to a square the word
/// names. A pair counts where the words from there read exactly, one move later, past the stop;
/// it saves what `found` paid for the words up to where they stop reading so, less the two
/// invented plies' prior cost, and those that save more than `tie_margin` go to `out`.
fn stop_inserted_rereads(
    search: &Search<'_, '_>,
    start: &Position,
    found: &Repair,
    read: &[f32],
    out: &mut Vec<InventedReread>,
) {
    // The sheet read exactly, word by word, as far as it goes.
    let mut line: Vec<Move> = Vec::new();
    let mut positions = vec![start.clone()];
    let mut legal = MoveList::new();
    let stop = loop {
        let i = line.len();
        let (Some(pos), Some(Some(w))) = (positions.last(), found.words.get(i).copied()) else {
            return;
        };
        let word = &search.words[w];
        pos.legal_moves(&mut legal);
        let mut exact = legal
            .iter()
            .filter(|n| reads_exactly_as(search, &legal, n, word));
        let (Some(&m), None) = (exact.next(), exact.next()) else {
            break i;
        };
        let mut next = pos.clone();
        next.play(&m);
        line.push(m);
        positions.push(next);
    };
    let (Some(at_stop), Some(Some(w))) = (positions.get(stop), found.words.get(stop).copied())
    else {
        return;
    };
    let side = at_stop.turn();
    let named = search.words[w].exact_targets();
    // A move of the word's side that may be the one left out: one that lands near a named
    // square ([`lands_near`]), or leaves a square between a bishop, rook or queen of that side
    // and a named square that piece sees on an empty board.
    let leads = |pos: &Position, m: &Move| {
        if lands_near(side, named, m) {
            return true;
        }
        let Some(from) = m.from() else {
            return false;
        };
        [Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .any(|role| {
                pos.by_piece(Piece::new(side, role)).into_iter().any(|p| {
                    (attacks::attacks(side, role, p, Bitboard::EMPTY) & named)
                        .into_iter()
                        .any(|t| attacks::between(p, t).contains(from))
                })
            })
    };
    let last = found.moves.len().saturating_sub(1);
    for j in (stop.saturating_sub(INSERTED_PLACES).max(1)..=stop).rev() {
        let Some(pos) = positions.get(j) else {
            continue;
        };
        // The words must read past the stop; what `found` paid for them up to where they stop
        // reading is saved.
        let saved = |after: &Position, m2: &Move| {
            let reached = words_read_exactly_until(search, found, (after, m2), (j, last));
            (reached > stop).then(|| read.iter().take(reached).sum())
        };
        whole_moves_left_out(search, (pos, &line[..j]), side, leads, saved, out);
    }
}

/// Whether, after `m` played from `before`, the sheet's words from that of `found`'s ply `j` to
/// that of its ply `end` all read exactly as legal moves in turn, as
/// [`words_read_exactly_until`] reads them.
fn words_read_exactly_after(
    search: &Search<'_, '_>,
    found: &Repair,
    played: (&Position, &Move),
    (j, end): (usize, usize),
) -> bool {
    words_read_exactly_until(search, found, played, (j, end)) > end
}

/// How far, after `m` played from `before`, the sheet's move words from the one `found` read at
/// its ply `j` (or the first after it) read exactly as legal moves in turn: each as `found` read
/// it where that read exactly and is still legal, else as the first legal move it reads exactly
/// as. The words are taken in the sheet's order, those `found` skipped included and its
/// invented plies left out (after a whole move left out, the game found often reads the words
/// after it otherwise: a word skipped as written twice, a ply invented, where the real game
/// reads them all); words that cannot be moves are passed over. Returns, in `found`'s plies,
/// the first whose word does not read so, or that comes after the word that does not (`end +
/// 1` if all do up to the word of ply `end`, or the sheet's end where `end` is `found`'s last
/// ply).
fn words_read_exactly_until(
    search: &Search<'_, '_>,
    found: &Repair,
    (before, m): (&Position, &Move),
    (j, end): (usize, usize),
) -> usize {
    let tokens = &search.sheet.tokens;
    let word_of = |i: usize| found.words.get(i).copied().flatten();
    let Some(first) = (j..found.words.len()).find_map(word_of) else {
        return j;
    };
    let last = if end + 1 >= found.moves.len() {
        tokens.len().saturating_sub(1)
    } else {
        match (j..=end).rev().find_map(word_of) {
            Some(t) => t,
            None => return end + 1,
        }
    };
    // The ply of `found` whose word is at or after token `t`, from ply `i` on.
    let ply_at = |mut i: usize, t: usize| {
        while i < found.words.len() && !word_of(i).is_some_and(|w| w >= t) {
            i += 1;
        }
        i
    };
    let mut p = before.clone();
    p.play(m);
    let mut legal = MoveList::new();
    let mut i = j;
    for t in first..=last {
        if !tokens.get(t).is_some_and(|k| k.kind == TokenKind::Move) {
            continue;
        }
        i = ply_at(i, t);
        let word = &search.words[t];
        p.legal_moves(&mut legal);
        let reads = |n: &Move| reads_exactly_as(search, &legal, n, word);
        let was = found.moves.get(i).filter(|_| word_of(i) == Some(t));
        let next = match was {
            Some(was) if legal.contains(was) && reads(was) => Some(*was),
            _ => legal.iter().find(|n| reads(n)).copied(),
        };
        let Some(next) = next else {
            return i;
        };
        p.play(&next);
    }
    end + 1
}

/// Whether `word` reads exactly as `n`, one of the `legal` moves: only a move ending where the
/// word names (or castling) can, so the reader is asked about those only.
fn reads_exactly_as(
    search: &Search<'_, '_>,
    legal: &MoveList,
    n: &Move,
    word: &PreparedWord,
) -> bool {
    (matches!(n, Move::Castle { .. }) || word.exact_targets().contains(n.to()))
        && search.reader.reads_exactly(legal, n, word)
}

/// The squares a written word names (a file letter followed by a rank digit).
fn squares_named(word: &str) -> Bitboard {
    word.as_bytes()
        .windows(2)
        .filter(|w| w[0].is_ascii_lowercase())
        .filter_map(Square::from_ascii)
        .fold(Bitboard::EMPTY, |named, sq| {
            named | Bitboard::from_square(sq)
        })
}

/// Where a game the beam merged into the one found (no final state of its own) explains the
/// sheet as well (within `tie_margin`, by the total or by the sheet alone: see
/// [`report::sheet_ties`]) and its moves are more plausible by more than it needs to be
/// ([`plausibility_needed`]), that game explained in full, with the one found and the other
/// alternatives (`others`) as its alternatives; otherwise `found` as it is.
fn prefer_plausible_merged(
    found: Repair,
    others: &[report::Counted],
    search: &Search<'_, '_>,
    options: &RepairOptions<'_>,
) -> Repair {
    let sheet = search.sheet;
    let costs = options.costs;
    let start = &options.start;
    let tied = others
        .iter()
        .filter(|o| report::sheet_ties(o.extra, o.by_sheet, costs))
        .map(|o| (o, &o.moves, o.extra, o.by_sheet));
    let Some(chosen) = most_plausible(start, tied, &found.moves, &search.prior_memo) else {
        return found;
    };
    let game = &chosen.moves;
    let mut again = explain(sheet, options, game);
    if again.moves != *game
        || again.stop.is_some() != found.stop.is_some()
        || again.cost > found.cost + chosen.extra.max(0.0) + costs.tie_margin
    {
        return found;
    }
    // Extra costs now count from the game chosen; the shift is the difference of the totals.
    let shift = found.cost - again.cost;
    let mut listed = vec![(shift, shift.max(0.0), &found.moves)];
    for o in others {
        if o.moves != *game {
            listed.push((o.extra + shift, (o.by_sheet + shift).max(0.0), &o.moves));
        }
    }
    again.alternatives = listed
        .iter()
        .take(ALTERNATIVES_SHOWN)
        .map(|&(extra, by_sheet, other)| Alternative {
            extra_cost: extra,
            sheet_extra_cost: by_sheet,
            differences: report::differences(start, options.letters, &again.moves, other),
            letters: None,
        })
        .collect();
    again.alternatives_total = found.alternatives_total;
    // The game chosen was one of those the found game's confidence weighed against it.
    again.confidence = (found.confidence * chosen.weight).min(1.0);
    again
}

/// How many plies after the last where two games differ still count in how much more plausible
/// one is ([`plausibility_gain`]): those moves are the same in both games, but played in
/// positions that differ by the earlier choice, and how natural they are there tells the games
/// apart (a bishop put on b1 or c2, then played to d3). Noise bench, 300 games, seeds
/// 20261121 / 7 / 424242 / 99, 2 plies (before) → 7: a skipped ply 85.0 / 88.0 / 88.7 / 86.0 →
/// 85.7 / 88.7 / 89.0 / 86.0 % games exact, the mixed row 67.7 / 64.0 / 66.3 / 66.7 →
/// 68.7 / 64.7 / 67.0 / 67.3 %, slips 1 in 20 85.7 / 86.7 / 84.7 / 88.3 → 86.0 / 86.7 / 84.7 /
/// 88.7 %, wrong file or rank 68.3 / 65.7 / 69.0 / 65.3 → 67.7 / 66.3 / 69.0 / 65.0 %; 4 and 11
/// plies, or the rest of the game, about the same as 7.
const PLIES_AFTER_WEIGHED: usize = 7;

/// How much more plausible `game`'s moves are than `than`'s, by the prior's model, over the plies
/// where the two differ: from the first to `PLIES_AFTER_WEIGHED` plies past the last (the
/// answers count too). `None` for games of different lengths, or the same game.
pub(crate) fn plausibility_gain(
    start: &Position,
    game: &[Move],
    than: &[Move],
    memo: &PriorMemo<'_>,
) -> Option<f32> {
    if game.len() != than.len() {
        return None;
    }
    let first = game.iter().zip(than).position(|(x, y)| x != y)?;
    let last = game
        .iter()
        .zip(than)
        .rposition(|(x, y)| x != y)
        .unwrap_or(first);
    let to = (last + 1 + PLIES_AFTER_WEIGHED).min(game.len());
    Some(memo.difference(start, game, than, first, to))
}

/// How the sheet's words line up with `game` in its cheapest explanation by that game (as
/// [`explain`] finds it): the total cost (a ply of the game past the explanation's end costs
/// `ply_missing`) and, for each ply of the game, the word read as its move (`None`: a ply the
/// sheet does not record).
pub(crate) fn alignment(
    sheet: &Sheet,
    options: &RepairOptions<'_>,
    game: &[Move],
) -> (f32, Vec<Option<usize>>) {
    let mut search = Search::new(sheet, options);
    search.only = Some(game.to_vec());
    let finals = search_finals(&mut search, options);
    let Some(best) = finals.first() else {
        return (
            options.costs.ply_missing * game.len() as f32,
            vec![None; game.len()],
        );
    };
    let mut words = Vec::with_capacity(game.len());
    for step in report::chain(&search, best.node) {
        match step {
            Step::Read { tok, .. } => words.push(Some(tok as usize)),
            Step::Invent { .. } => words.push(None),
            Step::Root | Step::Skip { .. } => {}
        }
    }
    words.truncate(game.len());
    let missing = game.len() - words.len();
    words.resize(game.len(), None);
    (
        best.cost + options.costs.ply_missing * missing as f32,
        words,
    )
}

/// The search: the final states, cheapest first.
fn search_finals(search: &mut Search<'_, '_>, options: &RepairOptions<'_>) -> Vec<State> {
    let sheet = search.sheet;
    let start = options.start.clone();
    let n = sheet.tokens.len();
    let root = root_again(&start);
    // Replay what reads exactly; search only from a few moves before the sheet stops doing so.
    let (checkpoints, end, stop) = search.greedy(0, root);
    if stop == n {
        return vec![end];
    }
    let (from, state) = checkpoints
        .len()
        .checked_sub(search.look.backtrack)
        .and_then(|k| checkpoints.get(k))
        .or(checkpoints.first())
        .cloned()
        .unwrap_or((stop, end));
    let per_move = search.costs.retry_most_per_move * sheet.moves().count() as f32;
    // The first look pauses as soon as its game is sure to cost more than `retry_above`
    // (see `pause_above`): the second look comes first then, and where it finds a game cheaper
    // (by `tie_margin`) than any the first could, the first need not go on; otherwise the first
    // goes on where it paused, and the same rule as before chooses. The games found are the
    // same as with no pause but where the first look's would have cost more than
    // `retry_most_per_move` a move (then no second look was taken, and its costly game was kept;
    // the second look's cheaper one is now). The speed row's slowest games (the noise bench,
    // `--case 100`) take 5-23 % fewer instructions: a legal slip early, seen late.
    search.pause_above = search.may_pause.then_some(search.costs.retry_above);
    let mut finals = search.run(from, state.clone());
    search.pause_above = None;
    let paused = search.paused.take();
    // A slip that reads as another legal move (e5 written c5) shows only where the game stops
    // making sense, maybe more than `backtrack` words later, and then the cheapest explanation
    // found is a long string of corrections. Look again from further back, settling later, with
    // a wider beam, and keep the cheaper game.
    let mut found = match &paused {
        Some(p) => p.open,
        None => finals.first().map_or(f32::INFINITY, |s| s.cost),
    };
    if found > search.costs.retry_above
        && (paused.is_some() || found <= per_move)
        && search.give_up_at.is_none()
    {
        let look_back = search.look.backtrack * RETRY_LOOK_BACK;
        let (from2, state2) = checkpoints
            .len()
            .checked_sub(look_back)
            .and_then(|k| checkpoints.get(k))
            .or(checkpoints.first())
            .cloned()
            .unwrap_or((from, state));
        // Even where the first look started at the sheet's first move, the wider beam may find
        // what it dropped.
        let first_look = search.look;
        let second_look = Look {
            backtrack: look_back,
            settle: first_look.settle.saturating_mul(2),
            beam: first_look.beam.saturating_mul(RETRY_BEAM),
            structural_per_word: first_look.structural_per_word * RETRY_BEAM,
            whole_moves: true,
        };
        search.look = second_look;
        let again = search.run(from2, state2);
        let cheaper = |found: f32| {
            again
                .first()
                .is_some_and(|s| s.cost < found - search.costs.tie_margin)
        };
        #[cfg(test)]
        {
            search.pause_outcome = paused.as_ref().map(|p| cheaper(p.open));
        }
        if let Some(p) = paused.filter(|p| !cheaper(p.open)) {
            // The second look found no game cheaper than the first could: the first goes on
            // where it paused, and the rule above applies to its game.
            search.look = first_look;
            finals = search.resume(p);
            search.look = second_look;
            found = finals.first().map_or(f32::INFINITY, |s| s.cost);
            if found <= search.costs.retry_above || found > per_move {
                return finals;
            }
        }
        if cheaper(found) {
            finals = again;
        }
    }
    finals
}

/// A pair of plies invented for a row left out ([`Search::rows_missing`]).
struct Row {
    /// The position after both.
    pos: Position,
    /// What the explanation costs with both.
    cost: f32,
    /// The first ply's node.
    first: u32,
    /// The second ply, its node not yet pushed.
    second: Step,
    /// The two plies' share of the invented-move prior.
    prior: f32,
}

/// At most this many states per word try invented and swapped plies (the cheapest first): the
/// bound on the work per word where a sheet reads badly for long (`RETRY_BEAM` times this on
/// the second look).
const MAX_STRUCTURAL_PER_WORD: usize = 4;

/// Whole moves missing ([`Search::missing_move`]) are tried from at most this many states per
/// word (the first to try structural edits there): each try reads the word after up to 400
/// pairs of plies. Two instead of one found one game more of 300 (a whole move left out, seed
/// 7) and cost far more on the speed row's slowest game (noise bench, `--speed-game 44`).
const WHOLE_MOVE_TRIES_PER_WORD: usize = 1;

/// Of each side's plies, a whole move missing ([`Search::missing_move`]) is looked for among
/// this many, the likeliest by the invented-move prior.
const WHOLE_MOVE_PLIES: usize = 20;

/// The `n` cheapest of `moves` (by their invented cost), cheapest first.
fn cheapest(
    mut moves: ArrayVec<(Move, InventedKind, f32), MAX_MOVES>,
    n: usize,
) -> ArrayVec<(Move, InventedKind, f32), MAX_MOVES> {
    moves.sort_unstable_by(|a, b| a.2.total_cmp(&b.2));
    moves.truncate(n);
    moves
}

/// How much more than two average invented plies (`2 ply_missing`) a whole move missing may
/// cost by the invented-move prior ([`Search::missing_move`]).
const WHOLE_MOVE_MARGIN: f32 = 2.0;

/// Where the cheapest state reads a word badly, a whole move missing
/// ([`Search::missing_move_back`]) is also tried up to this many words further back, from the
/// states on the way to the cheapest state that reads it badly, where White is to move: a row
/// left out keeps every word after it with the side that wrote it, and they often read legally
/// for several moves before one does not. On both looks.
///
/// Noise bench, 300 games, a whole move left out: seed 7 19.3 → 29.0 % exact games, 69.19 →
/// 74.28 % of moves (121 → 88 missed by the search); seed 20261121 23.3 → 30.3 %. Tried from
/// every state that reads its word badly (not only where the cheapest does), 20 plies a side:
/// about 2 % more exact, but the speed row three times slower. Six words back instead of
/// twelve: about one game in a hundred fewer; twenty: a little more, for more work. On the
/// second look only: one game in a hundred fewer. Instructions of the speed row's slowest game
/// (`--speed-game 44`, cachegrind, the bench's setup included): 4,313 M → 4,373 M.
const WHOLE_MOVE_FURTHER_BACK: usize = 12;

/// Of each side's plies, a whole move missing further back ([`Search::missing_move_back`]) is
/// looked for among this many, the likeliest by the invented-move prior (fewer than
/// [`WHOLE_MOVE_PLIES`]: it is tried from more states). Fourteen found about one game in a
/// hundred more on the bench row above, for a third more work on the speed row's slowest game.
const WHOLE_MOVE_BACK_PLIES: usize = 10;

/// The longest run of plies left off the sheet that [`explain`] reads past (a free search
/// invents one ply at a time, as its beam can afford).
const MISSING_RUN: usize = 8;

/// Where a word reads badly, a missing ply is also invented this many move words further back
/// than the word before it (the words between read again after it), from the cheapest state
/// that reads its word badly (a slip's cost, `structural_trigger`, or more). A ply left off
/// makes the words after it read by the wrong side, some legally, and the first that does not
/// may still read with one slip (9. Nxc6 [bxc6 left off] e5 10. Nd5 Ne4 11. dxe5: e5, Nd5 and
/// Ne4 read as the other side's moves, and White, with no d-pawn, reads dxe5 as fxe5).
///
/// Before 2026-11-26 only a state whose word read worse than a missing ply costs (3.4: no
/// reading with one slip) looked further back. Noise bench, 300 games, seeds 20261121 / 7 /
/// 424242 / 99: a skipped ply 86.3 / 90.3 / 90.3 / 88.0 → 86.7 / 90.3 / 91.0 / 88.7 % exact
/// games, two skipped plies 74.3 / 79.3 / 79.0 / 75.7 → 74.7 / 80.7 / 79.7 / 75.7 %, mixed
/// 72.0 / 66.7 / 69.0 / 67.3 → 72.7 / 67.0 / 69.0 / 67.3 %; no cell lost a game or has more
/// wrong silently; slips 1 in 40 and 1 in 20 and wrong file or rank the same in every column.
/// It costs 10 % more instructions on the speed row (seeds 7 and 99). Eight words back instead
/// of two gained two games more (a skipped ply on seed 99, mixed on seed 20261121) for 25 %.
const INVENT_FURTHER_BACK: usize = 2;

/// A layer keeps at most this many beams of states, however many share a group.
const GROUP_CAP: usize = 8;

/// Beyond the beam, a layer keeps this many more groups of explanations with an invented ply
/// (an invented ply costs more at once than the misreads it competes with, which cost more
/// later).
const GROUP_RESERVE: usize = 4;

/// Among the final states that explain the sheet as well as the cheapest (within `tie_margin`
/// by the total or by the sheet alone: [`report::sheet_ties`]), the one whose moves where the
/// games differ players play most often (by the prior's model, by more than
/// [`plausibility_needed`] nats), if it is not the cheapest itself.
fn more_plausible_tie(
    search: &Search<'_, '_>,
    start: &Position,
    finals: &[State],
) -> Option<usize> {
    let best = finals.first()?;
    let best_game = report::moves_of(&report::chain(search, best.node));
    let best_by_sheet = report::sheet_cost(search, best.node, best.cost);
    let tied = finals.iter().enumerate().skip(1).filter_map(|(k, other)| {
        let extra = other.cost - best.cost;
        let by_sheet = report::sheet_cost(search, other.node, other.cost) - best_by_sheet;
        report::sheet_ties(extra, by_sheet, search.costs).then(|| {
            let game = report::moves_of(&report::chain(search, other.node));
            (k, game, extra, by_sheet)
        })
    });
    most_plausible(start, tied, &best_game, &search.prior_memo)
}

/// Of `candidates` (each a tag, its game, and how much more it costs than `than` by the total
/// and by the sheet alone), the one whose moves are more plausible than `than`'s by the most
/// beyond what it must be ([`plausibility_needed`]), if any is (the first of equals): the one
/// choice both tie rules make.
fn most_plausible<T, G: AsRef<[Move]>>(
    start: &Position,
    candidates: impl IntoIterator<Item = (T, G, f32, f32)>,
    than: &[Move],
    memo: &PriorMemo<'_>,
) -> Option<T> {
    let costs = memo.costs();
    let mut chosen: Option<(T, f32)> = None;
    for (tag, game, extra, by_sheet) in candidates {
        let Some(gain) = plausibility_gain(start, game.as_ref(), than, memo) else {
            continue;
        };
        let beyond = gain - plausibility_needed(extra, by_sheet, costs);
        if beyond > 0.0 && !chosen.as_ref().is_some_and(|(_, b)| beyond <= *b) {
            chosen = Some((tag, beyond));
        }
    }
    chosen.map(|(tag, _)| tag)
}

/// How many nats more plausible (by [`plausibility_gain`]) than the game found another that
/// explains the sheet about as well must be to be chosen instead, where it costs `extra` more
/// by the total and `by_sheet` more by the sheet alone (either may be negative):
/// `tie_plausibility + tie_extra_nats × extra + tie_sheet_nats × by_sheet`. The sheet and the
/// invented moves' own costs still count among games that tie: a game a little dearer needs a
/// clearer lead in its moves, one a little cheaper less of one.
///
/// Before 2026-11-25 (evening) only `tie_plausibility` (0.5) counted. The three numbers were
/// fitted as a choice among the games each tie rule weighs (a conditional logit on the noise
/// bench's tie decisions, seeds 20261121 and 7, six rows of 300 games, where one game weighed
/// was the real one), then taken on a grid: the decisions that took the real game, tuning /
/// held-out seeds (424242, 99), went from 1904 / 1820 to 1913 / 1836 (0.3, 0.75, 0.5). Noise
/// bench, 300 games, four seeds, six rows: 12 of the 24 cells gained (21 games exact more in
/// all), two lost a game each, no game more wrong silently (the figures: the cost table's
/// comment above `tie_plausibility`).
fn plausibility_needed(extra: f32, by_sheet: f32, costs: &Costs) -> f32 {
    costs.tie_plausibility + costs.tie_extra_nats * extra + costs.tie_sheet_nats * by_sheet
}

/// How many times further back the second look starts (see `retry_above`).
const RETRY_LOOK_BACK: usize = 3;

/// How many times wider the second look's beam is, and how many times more states per word
/// try invented and swapped plies on it: a slip that reads as another legal move costs more at
/// once than the exact read it competes with for many plies, and a beam of 16 drops it among
/// cheaper explanations of later words; where a ply swapped or missing follows such a slip, the
/// four cheapest states at that word all read the slip as written.
const RETRY_BEAM: usize = 8;

/// Sorts `states` by cost, ties in the order they came (as a stable sort would), moving each
/// state at most once: a state holds a position, and a sort that moves the states themselves
/// made up a quarter of the sealing's instructions (the speed row's worst game, seed 99: 46 M,
/// 34 M this way). Many calls find the states sorted already.
fn sort_by_cost(states: &mut Vec<State>) {
    if states
        .windows(2)
        .all(|w| matches!(w, [a, b] if a.cost.total_cmp(&b.cost).is_le()))
    {
        return;
    }
    // Integer keys, the cost's bits in `total_cmp`'s order above the state's index: one
    // comparison each, the same order.
    let mut order: Vec<u64> = states
        .iter()
        .zip(0u64..)
        .map(|(s, k)| u64::from(total_order_bits(s.cost)) << 32 | k)
        .collect();
    order.sort_unstable();
    let mut taken: Vec<Option<State>> = std::mem::take(states).into_iter().map(Some).collect();
    states.reserve(order.len());
    for &key in &order {
        let k = usize::try_from(key & 0xFFFF_FFFF).unwrap_or(usize::MAX);
        if let Some(state) = taken.get_mut(k).and_then(Option::take) {
            states.push(state);
        }
    }
}

/// `x`'s bits as an unsigned number ordered as [`f32::total_cmp`] orders the floats.
fn total_order_bits(x: f32) -> u32 {
    let bits = x.to_bits();
    if bits >> 31 == 1 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}

/// What [`Search::reads`] of word `i` depends on: the position (its legal moves), its ply (the
/// one move a given game allows there, see [`explain`]) and the word.
fn reads_key(pos: &Position, i: usize) -> u64 {
    let at =
        u64::from(pos.plies_before()) << 32 | u64::try_from(i).unwrap_or(u64::MAX) & 0xFFFF_FFFF;
    pos.zobrist() ^ at.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn root_again(start: &Position) -> State {
    State::fresh(start.clone(), 0.0, 0, 0, 0)
}

/// What the search does after a clear leader has read several words exactly.
enum Settle {
    /// The leader reads the rest of the sheet exactly: these are the final states.
    Done(Vec<State>),
    /// The leader reads exactly up to a later word: continue from this checkpoint alone.
    Jump(usize, State, usize),
    /// The leader stops reading exactly at this word, too soon to jump.
    Stay(usize),
}

impl<'s, 'a> Search<'s, 'a> {
    pub(crate) fn new(sheet: &'s Sheet, options: &RepairOptions<'a>) -> Search<'s, 'a> {
        let mut reader = MoveReader::new(options.letters, options.costs);
        // Before the words are prepared: what their characters cost depends on it.
        reader.set_coordinates(writes_coordinates(
            sheet
                .tokens
                .iter()
                .filter(|t| t.kind == TokenKind::Move)
                .map(|t| t.text.as_str()),
        ));
        // Only move words and other words are ever read as moves: move numbers, marks and
        // results are skipped by their own rules, and their words are left empty.
        let words: Vec<PreparedWord> = reader.prepare_all(sheet.tokens.iter().map(|t| {
            if matches!(t.kind, TokenKind::Move | TokenKind::Word) {
                t.text.as_str()
            } else {
                ""
            }
        }));
        reader.set_marks_captures(
            sheet
                .tokens
                .iter()
                .zip(&words)
                .any(|(t, w)| t.kind == TokenKind::Move && w.capture),
        );
        Search {
            sheet,
            reader,
            costs: options.costs,
            prior_memo: PriorMemo::new(options.costs),
            words,
            // A sheet read exactly adds one node per word.
            arena: {
                let mut arena = Vec::with_capacity(sheet.tokens.len() + 1);
                arena.push(Node {
                    parent: u32::MAX,
                    step: Step::Root,
                });
                arena
            },
            merged: Vec::new(),
            layers: Vec::new(),
            cache: RefCell::new(ReadCache::default()),
            look: Look {
                backtrack: options.backtrack.max(1),
                settle: options.settle,
                beam: options.beam.max(1),
                structural_per_word: MAX_STRUCTURAL_PER_WORD,
                whole_moves: false,
            },
            only: None,
            only_prefix: false,
            runs_tried: HashSet::new(),
            start_ply: options.start.plies_before(),
            kept_reads: RefCell::new(HashMap::default()),
            spare_reads: RefCell::new(Vec::new()),
            invented_back: HashSet::new(),
            whole_back: HashSet::new(),
            pause_above: None,
            paused: None,
            give_up_at: None,
            may_pause: true,
            #[cfg(test)]
            pause_outcome: None,
        }
    }

    /// Whether the search may play `m` in `pos` (always, unless it explains one given game).
    fn allowed(&self, pos: &Position, m: &Move) -> bool {
        let Some(game) = &self.only else {
            return true;
        };
        match pos.plies_before().checked_sub(self.start_ply) {
            Some(p) => game.get(p as usize).map_or(self.only_prefix, |g| g == m),
            None => false,
        }
    }

    pub(crate) fn push_node(&mut self, parent: u32, step: Step) -> u32 {
        let id = u32::try_from(self.arena.len()).unwrap_or(u32::MAX);
        self.arena.push(Node { parent, step });
        id
    }

    /// The cost of a move number written before the move of `pos`'s side to move, given how
    /// far the numbers were out of step so far; and how far they are now. A number in step with
    /// the numbers before it costs nothing, and so does the number of the move due (`1. e4 e5
    /// 3. Jf3 Jc6 3. Sb5`: the first `3.` is the slip, not the second).
    fn number_cost(&self, pos: &Position, number: u32, black: bool, shift: i32) -> (f32, i32) {
        let ply = |n: u32, black: bool| 2 * i64::from(n.max(1) - 1) + i64::from(black);
        let actual = ply(pos.fullmove_number(), !pos.turn().is_white());
        let written = ply(number, black);
        let now = i32::try_from(actual - written).unwrap_or(i32::MAX);
        if now == shift || now == 0 {
            (0.0, now)
        } else {
            (self.costs.number_out_of_step, now)
        }
    }

    fn push(&mut self, layer: usize, state: State) {
        if !self.admits(layer, state.cost) {
            return;
        }
        let Some(l) = self.layers.get_mut(layer) else {
            return;
        };
        l.best = l.best.min(state.cost);
        let key = state.key();
        match l.index.get(&key) {
            Some(&at) => {
                if let Some(old) = l.states.get_mut(at) {
                    if state.cost < old.cost {
                        self.merged
                            .push((state.node, state.cost, old.node, old.cost));
                        *old = state;
                    } else {
                        self.merged
                            .push((old.node, old.cost, state.node, state.cost));
                    }
                }
            }
            None => {
                if l.states.capacity() == 0 {
                    // Room for the states a layer usually takes before it is sealed, at once:
                    // growing a vector of positions (and their index) one doubling at a time
                    // copies them over and over.
                    l.states.reserve(self.look.beam * 4);
                    l.index.reserve(self.look.beam * 4);
                }
                l.index.insert(key, l.states.len());
                l.states.push(state);
            }
        }
    }

    /// Whether [`Search::push`] would take a state costing `cost` into `layer` (it does unless
    /// the layer is sealed or the state costs more than `prune_margin` over its best).
    fn admits(&self, layer: usize, cost: f32) -> bool {
        self.layers
            .get(layer)
            .is_some_and(|l| !l.sealed && cost <= l.best + self.costs.prune_margin)
    }

    /// Whether the search explains the sheet by one whole game ([`explain`]): one move allowed
    /// at every ply (not a prefix with a free search after it).
    fn explaining(&self) -> bool {
        self.only.is_some() && !self.only_prefix
    }

    /// Replays from `state` at word `from` while each move word reads as exactly one legal move
    /// and nothing else needs correcting. Returns the checkpoints (word index and the state
    /// before each move word), the state reached, and the word where it stopped.
    fn greedy(&mut self, from: usize, mut state: State) -> (Vec<(usize, State)>, State, usize) {
        let n = self.sheet.tokens.len();
        // One checkpoint per move word at most: room for all at once, not grown in copies.
        let mut checkpoints = Vec::with_capacity(n - from.min(n));
        let mut legal = MoveList::new();
        for i in from..n {
            let token = &self.sheet.tokens[i];
            let free = match token.kind {
                TokenKind::Mark => true,
                TokenKind::Number { number, black } => {
                    self.number_cost(&state.pos, number, black, state.shift).0 == 0.0
                }
                TokenKind::Result => self.sheet.tokens[i..]
                    .iter()
                    .all(|t| t.kind != TokenKind::Move),
                TokenKind::Word => false,
                TokenKind::Move => {
                    // Only a move onto a square the word names at no cost (or castling), of a
                    // role whose letter it holds at no cost (or a pawn's), can read as it
                    // exactly; the others are not generated. The moves onto those squares
                    // are all the scorer's disambiguation looks at (moves of the same role onto
                    // the same square).
                    let word = &self.words[i];
                    state.pos.legal_moves_of_onto(
                        &self.reader.exact_roles(word),
                        word.exact_targets(),
                        &mut legal,
                    );
                    let mut exact = None;
                    let mut count = 0;
                    for m in legal.iter() {
                        if !self.allowed(&state.pos, m) {
                            continue;
                        }
                        if self.reader.reads_exactly(&legal, m, word) {
                            exact = Some(*m);
                            count += 1;
                        }
                    }
                    let (Some(m), 1) = (exact, count) else {
                        return (checkpoints, state, i);
                    };
                    checkpoints.push((i, state.clone()));
                    state.node = self.push_node(
                        state.node,
                        Step::Read {
                            tok: word_at(i),
                            mv: m,
                            cost: 0.0,
                            swapped: false,
                        },
                    );
                    state.pos.play(&m);
                    state.exact_run += 1;
                    state.parent = None;
                    state.structural_done = false;
                    continue;
                }
            };
            if !free {
                return (checkpoints, state, i);
            }
            state.node = self.push_node(
                state.node,
                Step::Skip {
                    tok: word_at(i),
                    kind: SkipKind::Free,
                    cost: 0.0,
                },
            );
        }
        (checkpoints, state, n)
    }

    /// Once the best state of layer `i` has read `settle` words exactly and no other state is
    /// within `settle_margin` of it, replay exactly from it again.
    fn try_settle(&mut self, i: usize) -> Option<Settle> {
        let layer = self.layers.get(i)?;
        let best = layer.states.first()?;
        if best.exact_run < self.look.settle {
            return None;
        }
        if layer
            .states
            .get(1)
            .is_some_and(|s| s.cost <= best.cost + self.costs.settle_margin)
        {
            return None;
        }
        let best = best.clone();
        let (checkpoints, end, stop) = self.greedy(i, best);
        let n = self.sheet.tokens.len();
        if stop == n {
            let mut finals = vec![end];
            if let Some(l) = self.layers.get(i) {
                // The others are kept as lower bounds, for the confidence.
                finals.extend(l.states.iter().skip(1).cloned());
            }
            return Some(Settle::Done(finals));
        }
        match checkpoints
            .len()
            .checked_sub(self.look.backtrack)
            .and_then(|k| checkpoints.get(k))
        {
            Some((tok, state)) if *tok > i => Some(Settle::Jump(*tok, state.clone(), stop)),
            _ => Some(Settle::Stay(stop)),
        }
    }

    /// Runs the beam search from `state` at word `from`; returns the final states, cheapest
    /// first.
    fn run(&mut self, from: usize, state: State) -> Vec<State> {
        self.run_states(from, vec![state])
    }

    /// Runs the beam search from `states` at word `from`; returns the final states, cheapest
    /// first.
    fn run_states(&mut self, from: usize, states: Vec<State>) -> Vec<State> {
        let n = self.sheet.tokens.len();
        self.layers = (0..=n + 1).map(|_| Layer::new()).collect();
        self.invented_back.clear();
        self.whole_back.clear();
        for mut state in states {
            state.structural_done = false;
            state.parent = None;
            self.push(from, state);
        }
        self.advance(from, 0)
    }

    /// Goes on with a run that paused (see `pause_above`), to its end.
    fn resume(&mut self, paused: Paused) -> Vec<State> {
        self.layers = paused.layers;
        self.invented_back = paused.invented_back;
        self.advance(paused.at, paused.no_settle_before)
    }

    /// The beam search's loop over the words from `i`; returns the final states, cheapest
    /// first, or none where it pauses (see `pause_above`).
    fn advance(&mut self, mut i: usize, mut no_settle_before: usize) -> Vec<State> {
        let n = self.sheet.tokens.len();
        while i < n {
            // Every state still to come descends from one already in a layer from `i` on, and
            // no step lowers a cost: the cheapest of those bounds the final cost.
            let open = || {
                self.layers
                    .iter()
                    .skip(i)
                    .filter_map(|l| l.states.iter().map(|s| s.cost).reduce(f32::min))
                    .reduce(f32::min)
                    .unwrap_or(f32::INFINITY)
            };
            if self.give_up_at.is_some_and(|bound| open() >= bound) {
                return Vec::new();
            }
            if let Some(bound) = self.pause_above {
                let open = open();
                // The move words read so far, counted only where the bound is passed.
                let moves_read = || {
                    self.sheet.tokens[..i]
                        .iter()
                        .filter(|t| t.kind == TokenKind::Move)
                        .count()
                };
                if open > bound && open <= self.costs.retry_most_per_move * moves_read() as f32 {
                    self.paused = Some(Paused {
                        at: i,
                        no_settle_before,
                        layers: std::mem::take(&mut self.layers),
                        invented_back: std::mem::take(&mut self.invented_back),
                        open,
                    });
                    return Vec::new();
                }
            }
            self.spare_reads
                .borrow_mut()
                .extend(self.kept_reads.borrow_mut().drain().map(|(_, (_, r))| r));
            self.seal(i, false);
            // A ply missing or two plies swapped may show only one word later: where a state
            // reads its word badly, try those edits from the state before it too.
            if self.sheet.tokens[i].kind == TokenKind::Move {
                // The parents of the states that read their word badly, cheapest first.
                let mut parents: Vec<(usize, usize)> = Vec::new();
                let count = self.layers.get(i).map_or(0, |l| l.states.len());
                for k in 0..count {
                    let Some(state) = self.layers.get(i).and_then(|l| l.states.get(k)).cloned()
                    else {
                        continue;
                    };
                    if let Some(p) = state.parent {
                        if parents.contains(&p) {
                            continue;
                        }
                        if self.best_read(i, &state) >= self.costs.structural_trigger {
                            parents.push(p);
                        }
                    }
                }
                for &(pl, pk) in &parents {
                    let parent = self.layers.get(pl).and_then(|l| l.states.get(pk)).cloned();
                    if let Some(parent) = parent {
                        if !parent.structural_done && self.worth_structural(pl, &parent) {
                            self.structural(pl, &parent, pk);
                        }
                    }
                }
                // Further back: the words between may have read legally by the wrong side
                // (`INVENT_FURTHER_BACK`). Only from the cheapest state that reads its word
                // badly (the first parent): the bound on the work where words read badly for long.
                if let Some(&(pl, pk)) = parents.first() {
                    let mut at = self
                        .layers
                        .get(pl)
                        .and_then(|l| l.states.get(pk))
                        .and_then(|s| s.parent);
                    for _ in 0..INVENT_FURTHER_BACK {
                        let Some((al, ak)) = at else {
                            break;
                        };
                        let Some(anc) = self.layers.get(al).and_then(|l| l.states.get(ak)).cloned()
                        else {
                            break;
                        };
                        if self.invented_back.insert((al, ak)) && self.worth_structural(al, &anc) {
                            if let Some(l) = self.layers.get_mut(al) {
                                l.structural_tries += 1;
                            }
                            self.invent_back(al, &anc, i);
                        }
                        at = anc.parent;
                    }
                }
                // A whole move left off further back: the words between read legally by the
                // right side (`WHOLE_MOVE_FURTHER_BACK`). Only where the cheapest state of all
                // reads the word badly: where another reads it well, the sheet needs no row.
                let cheapest_reads_badly = self
                    .layers
                    .get(i)
                    .and_then(|l| l.states.first())
                    .is_some_and(|b| self.best_read(i, b) >= self.costs.structural_trigger);
                if let (true, Some(&(pl, pk))) = (cheapest_reads_badly, parents.first()) {
                    let mut at = Some((pl, pk));
                    for _ in 0..WHOLE_MOVE_FURTHER_BACK {
                        let Some((al, ak)) = at else {
                            break;
                        };
                        let Some(anc) = self.layers.get(al).and_then(|l| l.states.get(ak)).cloned()
                        else {
                            break;
                        };
                        if anc.pos.turn().is_white()
                            && self.whole_back.insert((al, ak))
                            && self.worth_structural(al, &anc)
                        {
                            if let Some(l) = self.layers.get_mut(al) {
                                l.structural_tries += 1;
                            }
                            self.missing_move_back(al, &anc, i);
                        }
                        at = anc.parent;
                    }
                }
                self.seal(i, false);
            }
            self.seal(i, true);
            if i >= no_settle_before {
                match self.try_settle(i) {
                    Some(Settle::Done(finals)) => return finals,
                    Some(Settle::Jump(tok, state, stop)) => {
                        for l in self.layers.iter_mut().skip(i + 1) {
                            *l = Layer::new();
                        }
                        self.push(tok, state);
                        no_settle_before = stop;
                        i = tok;
                        continue;
                    }
                    Some(Settle::Stay(stop)) => no_settle_before = stop,
                    None => {}
                }
            }
            let mut k = 0;
            while let Some(state) = self.layers.get(i).and_then(|l| l.states.get(k)).cloned() {
                self.expand(i, k, &state);
                k += 1;
            }
            i += 1;
        }
        self.seal(n, true);
        self.layers
            .get_mut(n)
            .map(|l| std::mem::take(&mut l.states))
            .unwrap_or_default()
    }

    /// Sorts a layer, keeps the best `beam` states within the prune margin; a sealed layer
    /// takes no more states.
    fn seal(&mut self, i: usize, sealed: bool) {
        let beam = self.look.beam;
        let margin = self.costs.prune_margin;
        let group_margin = self.costs.group_margin;
        let Some(layer) = self.layers.get_mut(i) else {
            return;
        };
        sort_by_cost(&mut layer.states);
        let best = layer.states.first().map_or(0.0, |s| s.cost);
        layer.states.retain(|s| s.cost <= best + margin);
        // `beam` explanations are kept, counting those that differ only in an invented move as
        // one while they cost the same by the sheet (the prior on the invented move aside: it
        // orders them, the words to come may still tell them apart; up to GROUP_CAP beams of
        // states in all), and once the beam is full, only while they cost at most
        // `group_margin` more than its last state (the less likely invented moves of a group
        // the sheet never tells apart were carried to the end of the game: twice the states).
        // States tied with the last one kept stay too (up to four beams): an invented ply is
        // often one of many equally cheap moves until a later word tells them apart.
        let same = |a: f32, b: f32| (a - b).abs() <= 1e-4;
        let mut groups: Vec<(u32, f32)> = Vec::new();
        let mut slots = 0;
        let mut last = f32::NEG_INFINITY;
        let mut kept = 0;
        let mut reserved = 0;
        layer.states.retain(|s| {
            let member = s.group != 0
                && groups
                    .iter()
                    .any(|&(g, c)| g == s.group && same(c, s.sheet_cost()));
            if member && slots >= beam && s.cost > last + group_margin {
                return false;
            }
            let reserve = s.group != 0 && !member && reserved < GROUP_RESERVE;
            let keep = kept < beam * GROUP_CAP
                && (member || slots < beam || (same(s.cost, last) && kept < beam * 4) || reserve);
            if keep {
                kept += 1;
                if !member {
                    if slots < beam {
                        slots += 1;
                        last = s.cost;
                    } else if reserve {
                        reserved += 1;
                    }
                    if s.group != 0 {
                        groups.push((s.group, s.sheet_cost()));
                    }
                }
            }
            keep
        });
        if sealed {
            // A sealed layer takes no more states (see `push`): its index is never read again,
            // and its room (sized for the states it held before sealing) goes back. With a
            // layer per word, kept, that room was most of a long repair's memory.
            layer.index = HashMap::default();
            layer.states.shrink_to_fit();
        } else {
            // Rebuilt in place: the map keeps its room from one sealing to the next.
            layer.index.clear();
            for (k, s) in layer.states.iter().enumerate() {
                layer.index.insert(s.key(), k);
            }
        }
        layer.sealed = sealed;
    }

    /// Invented and swapped plies are tried only from states close to the best at their word
    /// (`structural_margin`): they are expensive to generate and rarely needed elsewhere.
    fn worth_structural(&self, layer: usize, state: &State) -> bool {
        let Some(l) = self.layers.get(layer) else {
            return false;
        };
        let best = l.states.first().map_or(state.cost, |s| s.cost);
        state.cost <= best + self.costs.structural_margin
            && l.structural_tries < self.look.structural_per_word
    }

    /// The legal moves of `pos` and the cost of reading word `i` as each (above `read_max`:
    /// not a reading), through the cache. Filled into a spare box where there is one (no
    /// allocation, no copy): give it back with [`Search::recycle`].
    fn reads(&self, pos: &Position, i: usize) -> Box<Reads> {
        let mut reads = self.spare_reads.borrow_mut().pop().unwrap_or_else(|| {
            Box::new(Reads {
                legal: MoveList::new(),
                costs: ArrayVec::new(),
            })
        });
        let Reads { legal, costs } = &mut *reads;
        pos.legal_moves(legal);
        let mut keys = ArrayVec::new();
        move_keys(legal, &mut keys);
        costs.clear();
        let bound = self.costs.read_max + 1e-3;
        let word = u64::try_from(i).unwrap_or(u64::MAX) << 32;
        let mut cache = self.cache.borrow_mut();
        // Every move is allowed unless the search explains one given game.
        let unrestricted = self.only.is_none();
        for (m, &key) in legal.iter().zip(keys.iter()) {
            let cost = *cache.entry(word | u64::from(key)).or_insert_with(|| {
                let need = || key_disambiguation(key);
                self.reader.score_keyed(m, need, &self.words[i], bound).cost
            });
            costs.push(if unrestricted || self.allowed(pos, m) {
                cost
            } else {
                f32::INFINITY
            });
        }
        reads
    }

    /// Gives back reads no longer needed (see [`Search::reads`]).
    fn recycle(&self, reads: Box<Reads>) {
        self.spare_reads.borrow_mut().push(reads);
    }

    /// The cheapest read of word `i` in `state` (above `read_max` if none). The reads are kept
    /// for [`Search::read`] of the same word from the same position.
    fn best_read(&self, i: usize, state: &State) -> f32 {
        let reads = self.reads(&state.pos, i);
        let best = reads
            .costs
            .iter()
            .fold(self.costs.read_max + 1e-3, |a, &b| a.min(b));
        let old = self
            .kept_reads
            .borrow_mut()
            .insert(reads_key(&state.pos, i), (state.pos.clone(), reads));
        if let Some((_, old)) = old {
            self.recycle(old);
        }
        best
    }

    fn expand(&mut self, i: usize, k: usize, state: &State) {
        let token = &self.sheet.tokens[i];
        let last_move_word = self.sheet.tokens[i + 1..]
            .iter()
            .all(|t| t.kind != TokenKind::Move);
        let skip = |search: &mut Self, kind: SkipKind, cost: f32, shift: i32| {
            let node = search.push_node(
                state.node,
                Step::Skip {
                    tok: word_at(i),
                    kind,
                    cost,
                },
            );
            // A free skip (a mark, a move number in step) keeps the state's standing.
            let free = cost == 0.0;
            // Past a move number or a mark, the state still comes from the read of the move word
            // before: a ply missing there may show only now, across the number.
            let through = matches!(token.kind, TokenKind::Mark | TokenKind::Number { .. });
            search.push(
                i + 1,
                State {
                    pos: state.pos.clone(),
                    cost: state.cost + cost,
                    node,
                    parent: if through { state.parent } else { None },
                    structural_done: false,
                    exact_run: if free { state.exact_run } else { 0 },
                    shift,
                    group: state.group,
                    prior: state.prior,
                },
            );
        };
        match token.kind {
            TokenKind::Mark => skip(self, SkipKind::Free, 0.0, state.shift),
            TokenKind::Number { number, black } => {
                let (c, shift) = self.number_cost(&state.pos, number, black, state.shift);
                skip(self, SkipKind::NumberOutOfStep, c, shift);
                // `12...` (or `12. ...`, `12. –`) where White's 12th move is due: the sheet says
                // White's move is not written here. `13.` where Black's 12th is, after a move
                // read as written (`12. c3`, then `13. d4`): Black's move was left out.
                let skipped_black = !black && state.exact_run > 0;
                if c > 0.0
                    && black == state.pos.turn().is_white()
                    && shift == state.shift - 1
                    && (black || skipped_black)
                {
                    self.invent_before_number(i, state, number, black);
                }
            }
            TokenKind::Result => {
                let c = if last_move_word {
                    0.0
                } else {
                    self.costs.result_early
                };
                skip(self, SkipKind::ResultEarly, c, state.shift);
            }
            TokenKind::Word => skip(
                self,
                SkipKind::GarbageWord,
                self.costs.garbage_word,
                state.shift,
            ),
            TokenKind::Move => {
                let duplicate = self
                    .previous_move_word(i)
                    .is_some_and(|p| self.words[p] == self.words[i] && !self.words[i].is_empty());
                let text = &self.sheet.tokens[i].text;
                let bare_number = text.chars().all(|c| c.is_ascii_digit());
                if duplicate {
                    skip(
                        self,
                        SkipKind::PlyDuplicate,
                        self.costs.ply_duplicate,
                        state.shift,
                    );
                } else if bare_number {
                    // `46` may be a move number without its dot (`1 e4 e5 2 Jf3`: in step, it
                    // costs nothing, as `46.` does), or `d6` with 4 for d (read below). Out of
                    // step, it costs a number out of step and leaves the numbers' step as it was.
                    let number = text.parse().unwrap_or(u32::MAX);
                    let black = !state.pos.turn().is_white();
                    let (c, _) = self.number_cost(&state.pos, number, black, state.shift);
                    skip(self, SkipKind::NumberOutOfStep, c, state.shift);
                } else {
                    skip(self, SkipKind::PlyExtra, self.costs.ply_extra, state.shift);
                }
                let best = self.read(i, state, i + 1, Some((i, k)));
                if best >= self.costs.structural_trigger
                    && !state.structural_done
                    && self.worth_structural(i, state)
                {
                    self.structural(i, state, k);
                }
            }
        }
    }

    fn previous_move_word(&self, i: usize) -> Option<usize> {
        (0..i)
            .rev()
            .find(|&j| self.sheet.tokens[j].kind == TokenKind::Move)
    }

    fn next_move_word(&self, i: usize) -> Option<usize> {
        (i + 1..self.sheet.tokens.len()).find(|&j| self.sheet.tokens[j].kind == TokenKind::Move)
    }

    /// Reads word `i` as each legal move of `state` (at most `read_max`), pushing the results to
    /// layer `to`. Returns the cheapest read's cost (infinite if none).
    fn read(&mut self, i: usize, state: &State, to: usize, parent: Option<(usize, usize)>) -> f32 {
        let kept = self
            .kept_reads
            .borrow_mut()
            .remove(&reads_key(&state.pos, i));
        let reads = match kept {
            Some((pos, reads)) if pos == state.pos => reads,
            other => {
                if let Some((_, reads)) = other {
                    self.recycle(reads);
                }
                self.reads(&state.pos, i)
            }
        };
        let best = reads.costs.iter().fold(f32::INFINITY, |a, &b| a.min(b));
        // Reads far worse than this state's best one are left to other states: they would only
        // crowd the beam.
        let max = self.costs.read_max.min(best + self.costs.read_spread);
        for (m, &cost) in reads.legal.iter().zip(reads.costs.iter()) {
            // Most reads go no further (pruned, or the layer sealed): no node and no position
            // for those (their nodes were most of a long repair's memory: 586 MB for a sheet of
            // a thousand words that each read as a pawn move, 226 MB without them).
            if cost > max || !self.admits(to, state.cost + cost) {
                continue;
            }
            let node = self.push_node(
                state.node,
                Step::Read {
                    tok: word_at(i),
                    mv: *m,
                    cost,
                    swapped: false,
                },
            );
            let mut pos = state.pos.clone();
            pos.play(m);
            self.push(
                to,
                State {
                    pos,
                    cost: state.cost + cost,
                    node,
                    parent,
                    structural_done: false,
                    exact_run: if cost == 0.0 { state.exact_run + 1 } else { 0 },
                    shift: state.shift,
                    group: state.group,
                    prior: state.prior,
                },
            );
        }
        self.recycle(reads);
        best
    }

    /// The legal move of `pos` that reads word `i` most cheaply, and its cost (none above
    /// `read_max`).
    fn cheapest_read(&self, pos: &Position, i: usize) -> Option<(Move, f32)> {
        let reads = self.reads(pos, i);
        let cheapest = reads
            .legal
            .iter()
            .zip(reads.costs.iter())
            .filter(|(_, &c)| c <= self.costs.read_max)
            .min_by(|a, b| a.1.total_cmp(b.1))
            .map(|(m, &c)| (*m, c));
        self.recycle(reads);
        cheapest
    }

    /// The legal moves of `pos` that read `word` for at most `max`, cheapest first (at most `n`).
    /// Ties stay in the order of the legal moves (as a stable sort by cost would leave them):
    /// the reads are sorted as integer keys, the cost's bits in [`f32::total_cmp`]'s order
    /// above the move's index, with no allocation but the answer's (on the speed row's worst
    /// game, seed 99, a growing `Vec` sorted stably cost 36 M instructions).
    fn best_reads(&self, pos: &Position, word: usize, max: f32, n: usize) -> Vec<(Move, f32)> {
        let reads = self.reads(pos, word);
        let mut keys: ArrayVec<u64, 256> = ArrayVec::new();
        for (k, &c) in (0u64..).zip(reads.costs.iter()) {
            if c <= max {
                keys.push(u64::from(total_order_bits(c)) << 32 | k);
            }
        }
        keys.sort_unstable();
        let mut out = Vec::with_capacity(keys.len().min(n));
        for &key in keys.iter().take(n) {
            let k = usize::try_from(key & 0xFFFF_FFFF).unwrap_or(usize::MAX);
            if let (Some(&m), Some(&c)) = (reads.legal.get(k), reads.costs.get(k)) {
                out.push((m, c));
            }
        }
        self.recycle(reads);
        out
    }

    /// Invented plies and swapped plies from `state` at word `i`.
    fn structural(&mut self, i: usize, state: &State, k: usize) {
        if let Some(l) = self.layers.get_mut(i) {
            l.structural_tries += 1;
            if let Some(s) = l.states.get_mut(k) {
                if s.node == state.node {
                    s.structural_done = true;
                }
            }
        }
        let c = self.costs;
        if self.sheet.tokens[i].kind != TokenKind::Move {
            return;
        }
        // A ply missing from the sheet: invent it, then read the word as the next ply.
        let mut best_after_one = f32::INFINITY;
        let land = self.landing(i + 1);
        for (m1, kind, invented) in self.inventable(state) {
            let mut pos1 = state.pos.clone();
            pos1.play(&m1);
            let mut reads = self.best_reads(&pos1, i, c.read_max, usize::MAX);
            if reads.is_empty() {
                continue;
            }
            best_after_one = best_after_one.min(reads[0].1);
            // As in `read`: reads far worse than the best one only crowd the beam. Nor is a
            // node kept for a read the layer it lands in would not take (numbers after it only
            // add to its cost, and a layer's bar only falls): most of them, on a sheet that
            // reads badly for long, and the history grew by hundreds of megabytes.
            let max = reads[0].1 + c.read_spread;
            let base = state.cost + invented;
            reads.retain(|&(_, cost)| cost <= max && self.admits(land, base + cost));
            if reads.is_empty() {
                continue;
            }
            let inv = self.push_node(
                state.node,
                Step::Invent {
                    mv: m1,
                    cost: invented,
                    kind,
                },
            );
            let mut after =
                State::fresh(pos1, base, inv, state.shift, state.node.saturating_add(1));
            after.prior = state.prior + invented - c.ply_missing;
            self.push_reads(i, &after, reads);
        }
        if self.explaining() && best_after_one >= c.structural_trigger {
            self.missing_run(state, i);
        } else if self.look.whole_moves
            && state.pos.turn().is_white()
            && best_after_one >= c.structural_trigger
            && self
                .layers
                .get(i)
                .is_some_and(|l| l.structural_tries <= WHOLE_MOVE_TRIES_PER_WORD)
        {
            self.missing_move(state, i);
        }
        // Two plies swapped: the next move word read first (neighbours), or the word after it
        // (the same side's two moves).
        let Some(j) = self.next_move_word(i) else {
            return;
        };
        let from = || (state.pos.clone(), state.node, state.cost);
        self.swapped(state, &[j, i], 0, from());
        if let Some(l) = self.next_move_word(j) {
            self.swapped(state, &[l, j, i], 0, from());
        }
    }

    /// For each of `reads` (moves word `i` is read as in `after`'s position, with their costs),
    /// the state after that read: its node under `after`'s, its cost `after`'s and the read's,
    /// the invented-move prior's share, the numbers' step and the group as `after` has them;
    /// pushed past the numbers and marks that follow the word.
    fn push_reads(&mut self, i: usize, after: &State, reads: Vec<(Move, f32)>) {
        for (m, cost) in reads {
            let node = self.push_node(
                after.node,
                Step::Read {
                    tok: word_at(i),
                    mv: m,
                    cost,
                    swapped: false,
                },
            );
            let mut pos = after.pos.clone();
            pos.play(&m);
            let mut fresh = State::fresh(pos, after.cost + cost, node, after.shift, after.group);
            fresh.prior = after.prior;
            let (at, next) = self.advance_free(i + 1, fresh);
            self.push(at, next);
        }
    }

    /// A whole move missing before word `i`, White's ply and Black's answer (a row of the sheet
    /// left out, as a player in time trouble does), where the word does not read well after one
    /// invented ply: both plies invented, of the [`WHOLE_MOVE_PLIES`] likeliest of each side,
    /// every pair the landing layer would take and the prior does not price above two average
    /// plies and [`WHOLE_MOVE_MARGIN`], each at what a missing ply costs and the pair
    /// `move_missing_extra` more; then the word read by the same side as before. One invented
    /// ply at a time cannot find it: after the first, the word is read by the other side, and
    /// the sheet after the gap reads on by the right side only once both are in. Tried on the
    /// second look only ([`Look::whole_moves`]). The explanations share the group of the
    /// one-ply inventions from `state` (they differ in the moves invented there).
    fn missing_move(&mut self, state: &State, i: usize) {
        let c = self.costs;
        let land = self.landing(i + 1);
        self.rows_missing(state, WHOLE_MOVE_PLIES, land, &mut |search, row| {
            let mut reads = search.best_reads(&row.pos, i, c.read_max, usize::MAX);
            let Some(&(_, best)) = reads.first() else {
                return;
            };
            let max = best + c.read_spread;
            reads.retain(|&(_, cost)| cost <= max && search.admits(land, row.cost + cost));
            if reads.is_empty() {
                return;
            }
            let after = search.row_state(state, row);
            search.push_reads(i, &after, reads);
        });
    }

    /// The pairs of plies a row left out from `state` may be, White's ply and Black's answer:
    /// each of the `plies` likeliest of its side by the invented-move prior (the second priced
    /// after the first), each at what a missing ply costs and the pair `move_missing_extra`
    /// more, no dearer by the prior than two average plies and [`WHOLE_MOVE_MARGIN`], and
    /// admitted at layer `land`; `each` is given every such pair (the first ply's node pushed,
    /// the second's for `each` to push where the pair explains the sheet:
    /// [`Search::row_state`]).
    fn rows_missing(
        &mut self,
        state: &State,
        plies: usize,
        land: usize,
        each: &mut dyn FnMut(&mut Self, Row),
    ) {
        let c = self.costs;
        // A pair of plies dearer than this is no likelier than other explanations: two
        // average moves and a margin for the rarer one.
        let most = 2.0 * c.ply_missing + WHOLE_MOVE_MARGIN;
        for (m1, kind1, inv1) in cheapest(self.inventable(state), plies) {
            if !self.admits(land, state.cost + inv1) || inv1 > most {
                continue;
            }
            let mut pos1 = state.pos.clone();
            pos1.play(&m1);
            // Under its own node, so that the second ply is priced after it (the prior looks
            // at the moves before).
            let n1 = self.push_node(
                state.node,
                Step::Invent {
                    mv: m1,
                    cost: inv1,
                    kind: kind1,
                },
            );
            let first = State::fresh(pos1, state.cost + inv1, n1, state.shift, 0);
            for (m2, kind2, inv2) in cheapest(self.inventable(&first), plies) {
                let inv2 = inv2 + c.move_missing_extra;
                let cost = first.cost + inv2;
                if !self.admits(land, cost) || inv1 + inv2 > most {
                    continue;
                }
                let mut pos = first.pos.clone();
                pos.play(&m2);
                let second = Step::Invent {
                    mv: m2,
                    cost: inv2,
                    kind: kind2,
                };
                // The row's extra cost is the sheet's, not the prior's.
                let prior = inv1 + inv2 - c.move_missing_extra - 2.0 * c.ply_missing;
                each(
                    self,
                    Row {
                        pos,
                        cost,
                        first: n1,
                        second,
                        prior,
                    },
                );
            }
        }
    }

    /// The state after `row`, a pair of plies invented from `state` ([`Search::rows_missing`]):
    /// its second ply's node pushed; in the group of the one-ply inventions from `state` (they
    /// differ in the moves invented there).
    fn row_state(&mut self, state: &State, row: Row) -> State {
        let node = self.push_node(row.first, row.second);
        let group = state.node.saturating_add(1);
        let mut after = State::fresh(row.pos, row.cost, node, state.shift, group);
        after.prior = state.prior + row.prior;
        after
    }

    /// Explaining a sheet by one given game ([`explain`]), where word `i` does not read well
    /// after one invented ply: a run of two to [`MISSING_RUN`] plies left off before it (the
    /// shortest after which it reads well, or every length; a writer who lost a few moves in time trouble, the
    /// other sheet of [`crate::reconstruct::repair_two`] writing on), the game's moves
    /// invented, each at what a missing ply costs (a run of White's ply and Black's answer,
    /// a whole move, `move_missing_extra` more, as the search charges one), then the word read. With one move allowed
    /// per ply this costs the search next to nothing, where a free search could not afford it.
    fn missing_run(&mut self, state: &State, i: usize) {
        if !self.runs_tried.insert((i, state.pos.plies_before())) {
            return;
        }
        let c = self.costs;
        let mut run = State::fresh(state.pos.clone(), state.cost, state.node, state.shift, 0);
        run.prior = state.prior;
        // A run of exactly White's ply and Black's answer is a whole move left off, priced as
        // the search prices one ([`Search::missing_move`]: `move_missing_extra` on top).
        let row = state.pos.turn().is_white();
        for depth in 1..=MISSING_RUN {
            let Some((m1, kind, invented)) = self.inventable(&run).into_iter().next() else {
                return;
            };
            let before = run.node;
            run.pos.play(&m1);
            let step = |cost| Step::Invent { mv: m1, cost, kind };
            run.node = self.push_node(before, step(invented));
            run.cost += invented;
            run.prior += invented - c.ply_missing;
            if depth < 2 {
                continue;
            }
            let mut reads = self.best_reads(&run.pos, i, c.read_max, usize::MAX);
            let Some(&(_, best)) = reads.first() else {
                continue;
            };
            reads.retain(|&(_, cost)| cost <= best + c.read_spread);
            let (node, cost) = if depth == 2 && row {
                let extra = c.move_missing_extra;
                (
                    self.push_node(before, step(invented + extra)),
                    run.cost + extra,
                )
            } else {
                (run.node, run.cost)
            };
            let mut after = State::fresh(
                run.pos.clone(),
                cost,
                node,
                state.shift,
                state.node.saturating_add(1),
            );
            after.prior = run.prior;
            self.push_reads(i, &after, reads);
            if best < c.structural_trigger {
                // The word reads well after this run: a longer one is not looked for.
                return;
            }
        }
    }

    /// A ply missing right before move number `number` (word `i`), which announces the move
    /// after the one due (`2... Jc6`, `2. – Jc6` after `1. e4 e5`; `5. d4` after `4. c3`): the
    /// move due invented there, so that the number is in step after it (without this, the
    /// number is charged as out of step, the ply is invented at the next move word, and the next
    /// number is charged too).
    fn invent_before_number(&mut self, i: usize, state: &State, number: u32, black: bool) {
        let c = self.costs;
        for (m, kind, invented) in self.inventable(state) {
            let mut pos = state.pos.clone();
            pos.play(&m);
            let (number_cost, shift) = self.number_cost(&pos, number, black, state.shift);
            let inv = self.push_node(
                state.node,
                Step::Invent {
                    mv: m,
                    cost: invented,
                    kind,
                },
            );
            let node = self.push_node(
                inv,
                Step::Skip {
                    tok: word_at(i),
                    kind: SkipKind::NumberOutOfStep,
                    cost: number_cost,
                },
            );
            let mut fresh = State::fresh(
                pos,
                state.cost + invented + number_cost,
                node,
                shift,
                state.node.saturating_add(1),
            );
            fresh.prior = state.prior + invented - c.ply_missing;
            self.push(i + 1, fresh);
        }
    }

    /// Reads the words `order` in that order (the best few reads of each), the last one (the
    /// word due now) written in the place of the first: both are marked swapped and the last
    /// costs `plies_swapped` more. The results land after the first word of `order`. `done`
    /// words are read so far, to `pos`, `node` and `cost`.
    fn swapped(
        &mut self,
        state: &State,
        order: &[usize],
        done: usize,
        (pos, node, cost): (Position, u32, f32),
    ) {
        const PER_WORD: usize = 3;
        let (Some(&first), Some(&last)) = (order.first(), order.last()) else {
            return;
        };
        let Some(&word) = order.get(done) else {
            let node = self.skip_between(node, last, first);
            let mut fresh = State::fresh(pos, cost, node, state.shift, 0);
            fresh.prior = state.prior;
            self.push(first + 1, fresh);
            return;
        };
        let is_last = done + 1 == order.len();
        let extra = if is_last {
            self.costs.plies_swapped
        } else {
            0.0
        };
        for (m, c) in self.best_reads(&pos, word, self.costs.read_max, PER_WORD) {
            let next = self.push_node(
                node,
                Step::Read {
                    tok: word_at(word),
                    mv: m,
                    cost: c + extra,
                    swapped: done == 0 || is_last,
                },
            );
            let mut after = pos.clone();
            after.play(&m);
            self.swapped(state, order, done + 1, (after, next, cost + c + extra));
        }
    }

    /// A ply missing before word `from` that shows only at word `to`: from `state` (at `from`),
    /// each legal move is invented, the words up to `to` are read by their cheapest reads (move
    /// numbers and marks as `expand` reads them; any other word gives up), and the results land
    /// at `to`.
    fn invent_back(&mut self, from: usize, state: &State, to: usize) {
        'invented: for (invented, kind, invented_cost) in self.inventable(state) {
            let mut pos = state.pos.clone();
            pos.play(&invented);
            let mut cost = state.cost + invented_cost;
            let mut shift = state.shift;
            let mut node = self.push_node(
                state.node,
                Step::Invent {
                    mv: invented,
                    cost: invented_cost,
                    kind,
                },
            );
            for w in from..to {
                let (step, played) = match self.sheet.tokens[w].kind {
                    TokenKind::Move => {
                        // Read again after the invented ply, the words must read well: badly
                        // read, they are explained better by other edits.
                        let Some((m, c)) = self.cheapest_read(&pos, w) else {
                            continue 'invented;
                        };
                        if c >= self.costs.structural_trigger {
                            continue 'invented;
                        }
                        cost += c;
                        let step = Step::Read {
                            tok: word_at(w),
                            mv: m,
                            cost: c,
                            swapped: false,
                        };
                        (step, Some(m))
                    }
                    TokenKind::Number { number, black } => {
                        let (c, now) = self.number_cost(&pos, number, black, shift);
                        shift = now;
                        cost += c;
                        let step = Step::Skip {
                            tok: word_at(w),
                            kind: SkipKind::NumberOutOfStep,
                            cost: c,
                        };
                        (step, None)
                    }
                    TokenKind::Mark => (
                        Step::Skip {
                            tok: word_at(w),
                            kind: SkipKind::Free,
                            cost: 0.0,
                        },
                        None,
                    ),
                    TokenKind::Word | TokenKind::Result => continue 'invented,
                };
                node = self.push_node(node, step);
                if let Some(m) = played {
                    pos.play(&m);
                }
            }
            let mut fresh = State::fresh(pos, cost, node, shift, state.node.saturating_add(1));
            fresh.prior = state.prior + invented_cost - self.costs.ply_missing;
            self.push(to, fresh);
        }
    }

    /// A whole move missing before word `from` that shows only at word `to` (the words between
    /// read legally by the same side as in the game, a row of the sheet left out): from
    /// `state` (at `from`), the pairs of plies [`Search::missing_move`] invents, each pair
    /// priced as there; the words up to `to` read by their cheapest reads, each below
    /// `structural_trigger` (move numbers and marks as `expand` reads them; any other word
    /// gives up the pair), and the results land at `to`. Nothing is kept of a pair the words do
    /// not read after.
    fn missing_move_back(&mut self, from: usize, state: &State, to: usize) {
        let trigger = self.costs.structural_trigger;
        self.rows_missing(state, WHOLE_MOVE_BACK_PLIES, to, &mut |search, row| {
            let mut pos = row.pos.clone();
            let mut cost = row.cost;
            let mut shift = state.shift;
            let mut steps: Vec<Step> = Vec::new();
            for w in from..to {
                let step = match search.sheet.tokens[w].kind {
                    TokenKind::Move => match search.cheapest_read(&pos, w) {
                        Some((m, r)) if r < trigger => {
                            cost += r;
                            pos.play(&m);
                            Step::Read {
                                tok: word_at(w),
                                mv: m,
                                cost: r,
                                swapped: false,
                            }
                        }
                        _ => return,
                    },
                    TokenKind::Number { number, black } => {
                        let (r, now) = search.number_cost(&pos, number, black, shift);
                        shift = now;
                        cost += r;
                        Step::Skip {
                            tok: word_at(w),
                            kind: SkipKind::NumberOutOfStep,
                            cost: r,
                        }
                    }
                    TokenKind::Mark => Step::Skip {
                        tok: word_at(w),
                        kind: SkipKind::Free,
                        cost: 0.0,
                    },
                    TokenKind::Word | TokenKind::Result => return,
                };
                steps.push(step);
            }
            if !search.admits(to, cost) {
                return;
            }
            let after = search.row_state(state, row);
            let mut node = after.node;
            for step in steps {
                node = search.push_node(node, step);
            }
            let mut fresh = State::fresh(pos, cost, node, shift, after.group);
            fresh.prior = after.prior;
            search.push(to, fresh);
        });
    }

    /// The moves that may be invented from `state` for a ply missing from the sheet: its legal
    /// moves the search allows, in the generator's order, each with the kind and the cost the
    /// invented-move prior gives it.
    fn inventable(&self, state: &State) -> ArrayVec<(Move, InventedKind, f32), MAX_MOVES> {
        let mut legal = MoveList::new();
        state.pos.legal_moves(&mut legal);
        let recent = self.recent_moves(state.node);
        let priced = invented_costs(&state.pos, &legal, &recent, self.costs);
        legal
            .iter()
            .zip(priced.iter())
            .filter(|(m, _)| self.allowed(&state.pos, m))
            .map(|(m, &(kind, cost))| (*m, kind, cost))
            .collect()
    }

    /// The last four moves of the explanation ending at `node`, the latest first (`None` past
    /// the start): what an invented move's plausibility looks at.
    fn recent_moves(&self, mut node: u32) -> [Option<Move>; 4] {
        let mut recent = [None; 4];
        let mut found = 0;
        while found < recent.len() {
            let Some(n) = self.arena.get(node as usize) else {
                break;
            };
            match n.step {
                Step::Read { mv, .. } | Step::Invent { mv, .. } => {
                    if let Some(slot) = recent.get_mut(found) {
                        *slot = Some(mv);
                    }
                    found += 1;
                }
                Step::Root => break,
                Step::Skip { .. } => {}
            }
            node = n.parent;
        }
        recent
    }

    /// Where [`Search::advance_free`] from word `at` lands: the first word from `at` on that is
    /// no move number or mark.
    fn landing(&self, mut at: usize) -> usize {
        while self
            .sheet
            .tokens
            .get(at)
            .is_some_and(|t| matches!(t.kind, TokenKind::Mark | TokenKind::Number { .. }))
        {
            at += 1;
        }
        at
    }

    /// Carries `state` from word `at` past the move numbers and marks that follow (as `expand`
    /// would, numbers costing what they cost), so that an edit found from a state some words
    /// back lands in a layer the search has not passed yet.
    fn advance_free(&mut self, mut at: usize, mut state: State) -> (usize, State) {
        while let Some(token) = self.sheet.tokens.get(at) {
            let (kind, cost, shift) = match token.kind {
                TokenKind::Mark => (SkipKind::Free, 0.0, state.shift),
                TokenKind::Number { number, black } => {
                    let (c, shift) = self.number_cost(&state.pos, number, black, state.shift);
                    (SkipKind::NumberOutOfStep, c, shift)
                }
                _ => break,
            };
            state.node = self.push_node(
                state.node,
                Step::Skip {
                    tok: word_at(at),
                    kind,
                    cost,
                },
            );
            state.cost += cost;
            state.shift = shift;
            at += 1;
        }
        (at, state)
    }

    /// Records the non-move words between `i` and `j` (move numbers, marks) as skipped for free.
    fn skip_between(&mut self, mut node: u32, i: usize, j: usize) -> u32 {
        for t in i + 1..j {
            if self.sheet.tokens[t].kind != TokenKind::Move {
                node = self.push_node(
                    node,
                    Step::Skip {
                        tok: word_at(t),
                        kind: SkipKind::Free,
                        cost: 0.0,
                    },
                );
            }
        }
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_squares_a_corrected_word_names() {
        let sq = Bitboard::from_square;
        assert_eq!(squares_named("a4"), sq(Square::A4));
        assert_eq!(squares_named("Jg1-f3"), sq(Square::G1) | sq(Square::F3));
        assert_eq!(squares_named("Vxh8+"), sq(Square::H8));
        // No file letter followed by a rank: no square (castling, a garbled word, a rank
        // before its file).
        assert!(squares_named("0--0").is_empty());
        assert!(squares_named("S46").is_empty());
        assert!(squares_named("4a").is_empty());
    }

    #[test]
    fn a_step_of_the_history_stays_small() {
        // The arena keeps a node for every state the search ever made (millions on a long,
        // badly written sheet): 40 bytes each when a skip carried its cost's name and a
        // word index of 8 bytes.
        assert!(
            std::mem::size_of::<Node>() <= 20,
            "{}",
            std::mem::size_of::<Node>()
        );
        assert_eq!(SkipKind::PlyExtra.name(), "ply_extra");
        assert_eq!(SkipKind::Free.name(), "");
    }

    /// The beam the search ended with, and the cost of the game found, for `text` in Czech
    /// letters with a beam of 16: a wider beam means it looked a second time.
    fn second_look(text: &str) -> (usize, f32) {
        let cs = LetterSet::by_code("cs").expect("Czech letters");
        let mut options = RepairOptions::new(cs);
        options.beam = 16;
        let sheet = Sheet::read(text);
        let mut search = Search::new(&sheet, &options);
        let finals = search_finals(&mut search, &options);
        (
            search.look.beam,
            finals.first().map_or(f32::INFINITY, |s| s.cost),
        )
    }

    #[test]
    fn a_costly_sheet_is_searched_again_but_not_one_with_nothing_to_find() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/repair/legal-slip-in-the-opening.txt"
        ))
        .expect("fixture");
        // A legal slip in the opening: the first look costs more than `retry_above`, the
        // second, wider one finds the two slips.
        let (beam, cost) = second_look(&text);
        assert_eq!(beam, 16 * RETRY_BEAM);
        assert!((cost - 4.4).abs() < 0.01, "{cost}");
        // The same words backwards: more than `retry_most_per_move` a move, not searched again.
        let mut words: Vec<&str> = text
            .split_whitespace()
            .filter(|w| !w.ends_with('.'))
            .collect();
        words.reverse();
        let (beam, cost) = second_look(&words.join(" "));
        assert_eq!(beam, 16, "{cost}");
        let costs = Costs::standard();
        assert!(cost > costs.retry_most_per_move * words.len() as f32);
    }

    /// The final states' games and costs for `text` (Czech letters, beam 16), with the first
    /// look allowed to pause or not, and what became of a pause.
    fn finals_pausing(text: &str, may_pause: bool) -> (Vec<(Vec<Move>, f32)>, Option<bool>) {
        let cs = LetterSet::by_code("cs").expect("Czech letters");
        let mut options = RepairOptions::new(cs);
        options.beam = 16;
        let sheet = Sheet::read(text);
        let mut search = Search::new(&sheet, &options);
        search.may_pause = may_pause;
        let finals = search_finals(&mut search, &options);
        let games = finals
            .iter()
            .map(|s| (report::moves_of(&report::chain(&search, s.node)), s.cost))
            .collect();
        (games, search.pause_outcome)
    }

    #[test]
    fn a_first_look_that_pauses_finds_what_it_would_have_found_in_full() {
        let fixture = |name: &str| {
            std::fs::read_to_string(format!(
                "{}/fixtures/repair/{name}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .expect("fixture")
        };
        let mut outcomes = Vec::new();
        for name in [
            "legal-slip-in-the-opening.txt",
            "legal-slip-seen-late.txt",
            "slips-and-a-swap.txt",
            "skipped-ply.txt",
            "unrecoverable.txt",
        ] {
            let text = fixture(name);
            let (paused, outcome) = finals_pausing(&text, true);
            let (full, none) = finals_pausing(&text, false);
            assert_eq!(none, None);
            assert_eq!(paused, full, "{name}");
            outcomes.push(outcome);
        }
        // Both ways a pause ends are taken: the second look's game kept at once, and the
        // first look going on.
        assert!(outcomes.contains(&Some(true)), "{outcomes:?}");
        assert!(outcomes.contains(&Some(false)), "{outcomes:?}");
    }

    #[test]
    fn states_sort_by_cost_ties_in_the_order_they_came() {
        let costs = [2.0, 1.0, 2.0, 1.0, 0.0, 1.0];
        let mut states: Vec<State> = costs
            .iter()
            .zip(0..)
            .map(|(&c, node)| State::fresh(Position::new(), c, node, 0, 0))
            .collect();
        sort_by_cost(&mut states);
        let nodes: Vec<u32> = states.iter().map(|s| s.node).collect();
        assert_eq!(nodes, [4, 1, 3, 5, 0, 2]);
        // Sorted already: left as is.
        sort_by_cost(&mut states);
        let again: Vec<u32> = states.iter().map(|s| s.node).collect();
        assert_eq!(again, nodes);
    }

    #[test]
    fn total_order_bits_order_floats_as_total_cmp_does() {
        let xs = [
            f32::NEG_INFINITY,
            -3.5,
            -0.0,
            0.0,
            1e-6,
            0.25,
            0.5,
            2.0,
            f32::INFINITY,
            f32::NAN,
            -f32::NAN,
        ];
        for a in xs {
            for b in xs {
                assert_eq!(
                    total_order_bits(a).cmp(&total_order_bits(b)),
                    a.total_cmp(&b),
                    "{a} {b}"
                );
            }
        }
    }
}
