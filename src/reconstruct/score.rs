//! How well a written word reads as a legal move: a weighted edit distance between the word and
//! the move printed in the sheet's letter set in each of its forms (short, long, with or without
//! capture mark), where the weights come from [`Costs`] and know look-alike characters and the
//! letters of other languages. `Jed` reads as `Je4` (4 and d look alike), `Sclg5` as `Sc1g5`.
//!
//! ```
//! use scoresheet::board::{Position, Square};
//! use scoresheet::notation::LetterSet;
//! use scoresheet::reconstruct::{Costs, MoveReader};
//! let reader = MoveReader::new(LetterSet::by_code("cs").unwrap(), Costs::standard());
//! let word = reader.prepare("Jf3");
//! let pos = Position::new();
//! let mut moves = scoresheet::board::MoveList::new();
//! pos.legal_moves(&mut moves);
//! let best = moves.iter().min_by(|a, b| {
//!     reader.score(&pos, &moves, a, &word).cost.total_cmp(&reader.score(&pos, &moves, b, &word).cost)
//! }).unwrap();
//! assert_eq!(best.to(), Square::F3);
//! assert_eq!(reader.score(&pos, &moves, best, &word).cost, 0.0);
//! ```

use super::costs::Costs;
use crate::board::{Bitboard, CastlingSide, Move, MoveList, Position, Role, Square, Uci};
use crate::notation::LetterSet;
use arrayvec::ArrayVec;
use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// The most characters of a word that are compared; longer words cannot be moves anyway.
pub const MAX_WORD: usize = 15;

/// A written word, normalised for comparison: check marks, annotations, `e.p.`, capture marks
/// and hyphens removed (they cost nothing), multi-letter piece names folded to one unit.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PreparedWord {
    units: ArrayVec<char, MAX_WORD>,
    /// The word was longer than [`MAX_WORD`] units.
    pub truncated: bool,
    /// Bit f: some unit reads as file f at no cost; bit 8 + r: some unit reads as rank r at no
    /// cost. A move can read exactly only if its target's file and rank are both here.
    zero_squares: u16,
    /// The word has a capture mark (`x`, `X`, `:`, `×`): left out it costs nothing, but written for a
    /// move that captures nothing it costs `capture_mark_wrong`.
    pub capture: bool,
    /// Per unit: the cost of reading it as each symbol (see `sym_index`), computed once.
    sub: ArrayVec<[f32; SYMBOLS], MAX_WORD>,
    /// Per unit: the cost of it being extra — in a piece form, in a castling form, and as the
    /// first unit of a pawn form.
    extra: ArrayVec<[f32; 3], MAX_WORD>,
    /// Per symbol: bit j set where unit j reads as it at no cost (what [`MoveReader::reads_exactly`]
    /// matches with, instead of the weighted distance).
    zero_sub: [u16; SYMBOLS],
    /// Per kind of `extra`: bit j set where unit j is extra at no cost.
    zero_extra: [u16; 3],
}

/// Number of distinct symbols: six piece letters, eight files, eight ranks, the castling zero.
const SYMBOLS: usize = 23;

/// What one written character costs read as each symbol, or as an extra one, and the files
/// (bits 0-7) and ranks (bits 8-15) it reads as for nothing.
#[derive(Clone, Copy, Debug, Default)]
struct UnitCosts {
    sub: [f32; SYMBOLS],
    extra: [f32; 3],
    zero_squares: u16,
    /// Bit per symbol (by `sym_index`) the character reads as at no cost.
    zero_syms: u32,
    /// Bit per kind of extra that costs nothing.
    zero_extra: u8,
}

/// The characters whose costs [`MoveReader::prepare_all`] keeps: ASCII, what moves are written
/// in (the rest are priced each time).
const MEMO_CHARS: usize = 128;

/// The costs of the characters met so far: by code point, the place in `costs` plus one (0 for
/// a character not met yet). A sheet meets a score of characters: a small index to clear, not a
/// table of every character's costs (14 KB to clear for each sheet). For a shipped letter set
/// under the shipped costs, every ASCII character's costs come from a table worked out once.
struct UnitMemo {
    slot: [u8; MEMO_CHARS],
    costs: Vec<UnitCosts>,
    shipped: Option<&'static [UnitCosts; MEMO_CHARS]>,
}

impl UnitMemo {
    fn new(reader: &MoveReader<'_>) -> UnitMemo {
        UnitMemo {
            slot: [0; MEMO_CHARS],
            costs: Vec::new(),
            shipped: shipped_unit_costs(reader),
        }
    }

    /// The costs of `ch` (which is below `MEMO_CHARS`), priced by `price` the first time.
    fn get(&mut self, ch: usize, price: impl FnOnce() -> UnitCosts) -> &UnitCosts {
        if let Some(table) = self.shipped {
            return &table[ch];
        }
        let k = match self.slot[ch] {
            0 => {
                self.costs.push(price());
                self.slot[ch] = u8::try_from(self.costs.len()).unwrap_or(0);
                self.costs.len()
            }
            k => usize::from(k),
        };
        &self.costs[k - 1]
    }
}

/// What each letter names: in the sheet's set, and in any language's set (a letter from
/// another set is a slip the reader knows).
#[derive(Clone, Debug)]
struct Spellings {
    /// Per ASCII char: the role it names in the sheet's set.
    own: [Option<Role>; 128],
    /// Per ASCII char: bit per role it names in any language's set.
    any: [u8; 128],
    /// Non-ASCII single-character letters: (char, role in sheet set, roles in any set).
    wide: Vec<(char, Option<Role>, u8)>,
    /// Multi-character spellings in the sheet's set, longest first.
    multi: Vec<(String, Role)>,
    /// The sheet set's printed letter per role, as a char (first char).
    own_letter: [Option<char>; 6],
}

impl Spellings {
    fn of(letters: &LetterSet) -> Spellings {
        let mut own = [None; 128];
        let mut any = [0u8; 128];
        let mut wide: Vec<(char, Option<Role>, u8)> = Vec::new();
        let mut multi = Vec::new();
        let mut own_letter = [None; 6];
        let mut note = |c: char, own_role: Option<Role>, any_role: Option<Role>| {
            let bit = any_role.map_or(0, |r| 1u8 << r.index());
            let slot = c as usize;
            if slot < 128 {
                if let Some(o) = own.get_mut(slot) {
                    if own_role.is_some() {
                        *o = own_role;
                    }
                }
                if let Some(a) = any.get_mut(slot) {
                    *a |= bit;
                }
            } else if let Some(entry) = wide.iter_mut().find(|e| e.0 == c) {
                if own_role.is_some() {
                    entry.1 = own_role;
                }
                entry.2 |= bit;
            } else {
                wide.push((c, own_role, bit));
            }
        };
        for role in Role::ALL {
            for spelling in letters.spellings(role) {
                let mut chars = spelling.chars();
                if let (Some(c), None) = (chars.next(), chars.next()) {
                    note(c, Some(role), Some(role));
                } else if !spelling.is_empty() {
                    multi.push((spelling.to_owned(), role));
                }
            }
            own_letter[role.index()] = letters.letter(role).chars().next();
        }
        for set in LetterSet::all() {
            // Figurines are understood in every language: they read as the sheet's own letters.
            let universal = set.code() == "figurine";
            for role in Role::ALL {
                if role == Role::Pawn {
                    continue;
                }
                for spelling in set.spellings(role) {
                    let mut chars = spelling.chars();
                    if let (Some(c), None) = (chars.next(), chars.next()) {
                        note(c, universal.then_some(role), Some(role));
                    }
                }
            }
        }
        multi.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        Spellings {
            own,
            any,
            wide,
            multi,
            own_letter,
        }
    }
}

/// The spellings of a shipped letter set (`LetterSet::all`, recognised by address), worked out
/// once per process and set instead of for every sheet (they look through every language's
/// letters).
fn shipped_spellings(letters: &LetterSet) -> Option<&'static Spellings> {
    static TABLES: PerShippedSet<Spellings> = OnceLock::new();
    per_shipped_set(&TABLES, letters, || Spellings::of(letters))
}

/// One lazily built value per shipped letter set.
type PerShippedSet<T> = OnceLock<Vec<OnceLock<T>>>;

/// `tables`' value for `letters` when it is one of the shipped sets (`LetterSet::all`,
/// recognised by address), built by `build` the first time it is asked for; `None` for a
/// caller's own set.
fn per_shipped_set<T>(
    tables: &'static PerShippedSet<T>,
    letters: &LetterSet,
    build: impl FnOnce() -> T,
) -> Option<&'static T> {
    let sets = LetterSet::all();
    let k = sets.iter().position(|s| std::ptr::eq(s, letters))?;
    let tables = tables.get_or_init(|| sets.iter().map(|_| OnceLock::new()).collect());
    Some(tables.get(k)?.get_or_init(build))
}

/// Every ASCII character's costs for `reader`, when it reads one of the shipped letter sets
/// (`LetterSet::all`) under the shipped costs (`Costs::standard`): worked out once per process
/// and set (128 characters, about 30 µs), instead of a score of them for every sheet (a tenth
/// of a clean sheet's repair). `None` for other sets and costs, which a caller may change.
fn shipped_unit_costs(reader: &MoveReader<'_>) -> Option<&'static [UnitCosts; MEMO_CHARS]> {
    static TABLES: PerShippedSet<Box<[UnitCosts; MEMO_CHARS]>> = OnceLock::new();
    if !std::ptr::eq(reader.costs, Costs::standard()) {
        return None;
    }
    let table = per_shipped_set(&TABLES, reader.letters, || {
        let mut table = Box::new([UnitCosts::default(); MEMO_CHARS]);
        for (c, slot) in (0u8..).zip(table.iter_mut()) {
            *slot = reader.unit_costs(char::from(c));
        }
        table
    })?;
    Some(table)
}

fn sym_index(sym: Sym) -> usize {
    match sym {
        Sym::Piece(r) => r.index(),
        Sym::File(f) => 6 + usize::from(f),
        Sym::Rank(r) => 14 + usize::from(r),
        Sym::Castle => 22,
    }
}

fn all_syms() -> [Sym; SYMBOLS] {
    let mut out = [Sym::Castle; SYMBOLS];
    for r in Role::ALL {
        out[r.index()] = Sym::Piece(r);
    }
    for i in 0..8u8 {
        out[6 + usize::from(i)] = Sym::File(i);
        out[14 + usize::from(i)] = Sym::Rank(i);
    }
    out
}

impl PreparedWord {
    /// The normalised characters.
    ///
    /// ```
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let r = MoveReader::new(LetterSet::english(), Costs::standard());
    /// assert_eq!(r.prepare("exd6 e.p.").as_str(), "ed6");
    /// assert_eq!(r.prepare("Nbxd2+!?").as_str(), "Nbd2");
    /// ```
    pub fn as_str(&self) -> String {
        self.units.iter().collect()
    }

    /// The squares a move may end on to read as this word exactly: those whose file and rank
    /// some unit reads as at no cost. A move ending elsewhere (castling aside) cannot read as the
    /// word at no cost.
    ///
    /// ```
    /// use scoresheet::board::Square;
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let r = MoveReader::new(LetterSet::by_code("cs").unwrap(), Costs::standard());
    /// assert!(r.prepare("Jf3").exact_targets().contains(Square::F3));
    /// assert!(!r.prepare("Jf3").exact_targets().contains(Square::D2));
    /// let squares: Vec<Square> = r.prepare("Jg1f3").exact_targets().into_iter().collect();
    /// assert_eq!(squares, [Square::F1, Square::G1, Square::F3, Square::G3]);
    /// ```
    pub fn exact_targets(&self) -> Bitboard {
        let files = u64::from(self.zero_squares & 0xff);
        let ranks = u64::from(self.zero_squares >> 8);
        // Each file bit spread over its column, each rank bit over its row, then crossed.
        let mut columns = 0u64;
        let mut rows = 0u64;
        for i in 0..8 {
            if files >> i & 1 != 0 {
                columns |= 0x0101_0101_0101_0101 << i;
            }
            if ranks >> i & 1 != 0 {
                rows |= 0xff << (8 * i);
            }
        }
        Bitboard(columns & rows)
    }

    /// True if nothing is left to compare.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }
}

/// Which written form of a move a word was matched against.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// Short form with minimal disambiguation (`Jf3`, `ed4`... with or without `x`).
    Short,
    /// Long form, from and to squares (`Jg1f3`, `e2e4`).
    Long,
    /// Short form with a file or rank the move does not need (`Jgf3`).
    OverDisambiguated,
    /// Short form without the file or rank the move needs (`Jd2` for `Jbd2`).
    UnderDisambiguated,
    /// A pawn capture by files only (`ed`).
    FilesOnly,
    /// A pawn capture written as its target only (`d4` for `exd4`).
    TargetOnly,
    /// Castling (`0-0`, `O-O-O`).
    Castling,
    /// Castling written as the king's move (`Kg1`).
    KingMove,
    /// A piece move or castling as its from and to squares alone, as UCI writes it (`g1f3`,
    /// `e1g1`), on a sheet that writes every move so (see [`MoveReader::set_coordinates`]).
    Coordinates,
}

/// The outcome of comparing a word with one legal move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Score {
    /// Total cost (0 = the word is a correct way to write the move).
    pub cost: f32,
    /// The form that matched best.
    pub form: Form,
    /// Cost of the form itself (over/under-disambiguation...), included in `cost`.
    pub form_cost: f32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Sym {
    Piece(Role),
    File(u8),
    Rank(u8),
    Castle,
}

/// Private-use characters stand for multi-letter piece names (Russian `Кр`, Hungarian `Gy`).
const FOLDED_LETTER_BASE: u32 = 0xE000;

fn folded_letter(role: Role) -> char {
    char::from_u32(FOLDED_LETTER_BASE + role.index() as u32).unwrap_or('\u{E000}')
}

/// Scores written words against legal moves, for one letter set and one cost table.
#[derive(Clone, Debug)]
pub struct MoveReader<'a> {
    letters: &'a LetterSet,
    costs: &'a Costs,
    /// What each letter names, in the sheet's set and in any.
    spellings: Cow<'a, Spellings>,
    /// The sheet marks captures: a capture read without its mark costs `capture_mark_missing`.
    marks_captures: bool,
    /// The sheet writes its moves as coordinates, UCI's way (`g1f3`, `e1g1`, `e7e8q`).
    coordinates: bool,
}

impl<'a> MoveReader<'a> {
    /// A reader for sheets written in `letters`.
    ///
    /// ```
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let r = MoveReader::new(LetterSet::by_code("ru").unwrap(), Costs::standard());
    /// assert_eq!(r.prepare("Крg1").as_str().chars().count(), 3);
    /// ```
    pub fn new(letters: &'a LetterSet, costs: &'a Costs) -> MoveReader<'a> {
        MoveReader {
            letters,
            costs,
            spellings: match shipped_spellings(letters) {
                Some(shipped) => Cow::Borrowed(shipped),
                None => Cow::Owned(Spellings::of(letters)),
            },
            marks_captures: false,
            coordinates: false,
        }
    }

    /// Tells the reader that the sheet marks its captures (some word has `x` or `:`): a capture
    /// read from a word without the mark then costs `capture_mark_missing`. A sheet that never
    /// marks a capture reads captures without the mark for free.
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position};
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let mut r = MoveReader::new(LetterSet::english(), Costs::standard());
    /// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// let exd5 = pos.from_uci(&"e4d5".parse().unwrap()).unwrap();
    /// assert_eq!(r.score(&pos, &legal, &exd5, &r.prepare("ed5")).cost, 0.0);
    /// r.set_marks_captures(true);
    /// assert!(r.score(&pos, &legal, &exd5, &r.prepare("ed5")).cost > 0.0);
    /// ```
    pub fn set_marks_captures(&mut self, marks: bool) {
        self.marks_captures = marks;
    }

    /// Tells the reader that the sheet writes its moves as coordinates, as UCI and engines do
    /// (`e2e4 g8f6 g1f3 e1g1 e7e8q`: see [`writes_coordinates`]): a piece move or castling
    /// written as its two squares alone, and a promotion piece in lower case, then cost
    /// nothing, where on any other sheet the piece letter left out is a slip.
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position};
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let mut r = MoveReader::new(LetterSet::english(), Costs::standard());
    /// let pos = Position::new();
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// let nf3 = pos.from_uci(&"g1f3".parse().unwrap()).unwrap();
    /// assert!(r.score(&pos, &legal, &nf3, &r.prepare("g1f3")).cost > 0.0);
    /// r.set_coordinates(true);
    /// assert_eq!(r.score(&pos, &legal, &nf3, &r.prepare("g1f3")).cost, 0.0);
    /// ```
    pub fn set_coordinates(&mut self, coordinates: bool) {
        self.coordinates = coordinates;
    }

    /// The letter set words are read in.
    pub fn letters(&self) -> &LetterSet {
        self.letters
    }

    /// The cost table.
    pub fn costs(&self) -> &Costs {
        self.costs
    }

    /// Normalises a written word for [`MoveReader::score`] (do it once per word).
    pub fn prepare(&self, text: &str) -> PreparedWord {
        let mut word = PreparedWord::default();
        self.prepare_into(text, None, &mut word);
        word
    }

    /// [`MoveReader::prepare`] for every word of a sheet: each character's costs are worked out
    /// once for all the words (on clean sheets of real games that was half the time of a repair).
    ///
    /// ```
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let r = MoveReader::new(LetterSet::by_code("cs").unwrap(), Costs::standard());
    /// let words = r.prepare_all(["Jf3", "Jc6", "Sb5"]);
    /// assert_eq!(words[1], r.prepare("Jc6"));
    /// ```
    pub fn prepare_all<'t>(&self, texts: impl IntoIterator<Item = &'t str>) -> Vec<PreparedWord> {
        let mut memo = UnitMemo::new(self);
        let texts: Vec<&str> = texts.into_iter().collect();
        let mut words = Vec::new();
        words.resize_with(texts.len(), PreparedWord::default);
        for (text, word) in texts.iter().zip(&mut words) {
            self.prepare_into(text, Some(&mut memo), word);
        }
        words
    }

    /// What reading the character `ch` as each symbol, or as an extra one, costs, and the
    /// squares' files and ranks it reads as for nothing.
    fn unit_costs(&self, ch: char) -> UnitCosts {
        let mut priced = UnitCosts {
            sub: [0f32; SYMBOLS],
            extra: [0f32; 3],
            zero_squares: 0,
            zero_syms: 0,
            zero_extra: 0,
        };
        for (k, (slot, sym)) in priced.sub.iter_mut().zip(all_syms()).enumerate() {
            *slot = self.sub(sym, ch).0;
            if *slot == 0.0 {
                priced.zero_syms |= 1 << k;
                match sym {
                    Sym::File(f) => priced.zero_squares |= 1 << f,
                    Sym::Rank(r) => priced.zero_squares |= 1 << (8 + r),
                    _ => {}
                }
            }
        }
        priced.extra = [
            self.extra(ch, false, &[Sym::Piece(Role::King)]).0,
            self.extra(ch, false, &[Sym::Castle]).0,
            self.extra(ch, true, &[Sym::File(0)]).0,
        ];
        for (k, e) in priced.extra.iter().enumerate() {
            if *e == 0.0 {
                priced.zero_extra |= 1 << k;
            }
        }
        priced
    }

    /// [`MoveReader::prepare`] into `word`, which is empty (the default): filled where it lies,
    /// not built elsewhere and copied (a prepared word is some 1.7 KB).
    fn prepare_into(&self, text: &str, mut memo: Option<&mut UnitMemo>, word: &mut PreparedWord) {
        let PreparedWord {
            units,
            truncated,
            zero_squares,
            capture,
            sub,
            extra,
            zero_sub,
            zero_extra,
        } = word;
        let mut t = text.trim();
        // Marks that cost nothing: check, mate, annotations, e.p., the draw offer (each ends
        // with one of these characters; most words end with a rank and have none).
        let may_end_in_mark =
            |t: &str| t.ends_with([')', '.', 'p', '+', '#', '†', '‡', '!', '?', '=']);
        while may_end_in_mark(t) {
            let before = t.len();
            for suffix in [
                "(=)", "e.p.", "e.p", "ep.", "ep", "++", "+", "#", "†", "‡", "!", "?", "=",
            ] {
                if let Some(rest) = t.strip_suffix(suffix) {
                    // Keep `ep` when it could be the word itself (nothing before it).
                    if !rest.trim().is_empty() {
                        t = rest.trim_end();
                    }
                }
            }
            if t.len() == before {
                break;
            }
        }
        let mut rest = t;
        while let Some(c) = rest.chars().next() {
            if let Some((spelling, role)) = self
                .spellings
                .multi
                .iter()
                .find(|(s, _)| rest.starts_with(s.as_str()))
            {
                *truncated |= units.try_push(folded_letter(*role)).is_err();
                rest = &rest[spelling.len()..];
                continue;
            }
            rest = &rest[c.len_utf8()..];
            // A Cyrillic е typed for the file e is the letter e, as the notation reader reads it.
            let c = crate::notation::written::latin_look_alike(c);
            // A capital X is the capture mark written large (`JXe5`), as the notation reader
            // reads it.
            *capture |= matches!(c, 'x' | 'X' | ':' | '×');
            // A variation selector after a figurine (`♞\u{FE0F}`) is not written: the notation
            // reader drops it too.
            if matches!(
                c,
                'x' | 'X'
                    | ':'
                    | '×'
                    | '-'
                    | '–'
                    | '—'
                    | '‑'
                    | '−'
                    | '='
                    | '/'
                    | '('
                    | ')'
                    | ' '
                    | '\u{FE0E}'
                    | '\u{FE0F}'
            ) {
                continue;
            }
            *truncated |= units.try_push(c).is_err();
        }
        for (j, &ch) in units.iter().enumerate() {
            let unmemoised;
            let priced = match memo.as_deref_mut().zip(usize::try_from(u32::from(ch)).ok()) {
                Some((memo, i)) if i < MEMO_CHARS => memo.get(i, || self.unit_costs(ch)),
                _ => {
                    unmemoised = self.unit_costs(ch);
                    &unmemoised
                }
            };
            sub.push(priced.sub);
            extra.push(priced.extra);
            *zero_squares |= priced.zero_squares;
            let mut syms = priced.zero_syms;
            while syms != 0 {
                zero_sub[syms.trailing_zeros() as usize] |= 1 << j;
                syms &= syms - 1;
            }
            for (k, mask) in zero_extra.iter_mut().enumerate() {
                if priced.zero_extra >> k & 1 != 0 {
                    *mask |= 1 << j;
                }
            }
        }
    }

    /// How much it costs to read `word` as the legal move `m` in `pos` (`legal` = all legal moves
    /// of `pos`, used for disambiguation).
    pub fn score(&self, pos: &Position, legal: &MoveList, m: &Move, word: &PreparedWord) -> Score {
        self.score_below(pos, legal, m, word, f32::INFINITY)
    }

    /// As [`MoveReader::score`], but may stop early (returning a cost ≥ `bound`) once the cost
    /// is certain to reach `bound`.
    pub fn score_below(
        &self,
        pos: &Position,
        legal: &MoveList,
        m: &Move,
        word: &PreparedWord,
        bound: f32,
    ) -> Score {
        let _ = pos;
        self.score_keyed(m, || disambiguation(legal, m), word, bound)
    }

    /// [`MoveReader::score_below`] with the disambiguation the short form of `m` needs (file,
    /// rank) already known, as a move key ([`move_keys`]) holds it.
    pub(crate) fn score_keyed(
        &self,
        m: &Move,
        need: impl FnOnce() -> (bool, bool),
        word: &PreparedWord,
        bound: f32,
    ) -> Score {
        let cap = self.capture_mark(m, word);
        let mut best = Score {
            cost: f32::INFINITY,
            form: Form::Short,
            form_cost: 0.0,
        };
        if cap >= bound {
            best.cost = cap;
            return best;
        }
        let bound = bound - cap;
        let _ = self.each_form(m, need, |syms, form, form_cost| {
            let limit = best.cost.min(bound);
            if form_cost < limit {
                let d = form_cost + self.distance(syms, word, limit - form_cost);
                if d < best.cost {
                    best = Score {
                        cost: d,
                        form,
                        form_cost,
                    };
                }
            }
            ControlFlow::Continue(())
        });
        best.cost += cap;
        best
    }

    /// Whether `word` is a correct way to write `m` (what [`MoveReader::score`] prices at 0),
    /// found by following only the edits that cost nothing, on bit masks of the word's units:
    /// the test for the words of a sheet read exactly, without the weighted distance.
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position};
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let r = MoveReader::new(LetterSet::by_code("cs").unwrap(), Costs::standard());
    /// let pos = Position::new();
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// let jf3 = pos.from_uci(&"g1f3".parse().unwrap()).unwrap();
    /// for (word, exact) in [("Jf3", true), ("Jg1-f3", true), ("Jf3+", true), ("Nf3", false), ("Jgf3", false), ("Jxf3", false)] {
    ///     assert_eq!(r.reads_exactly(&legal, &jf3, &r.prepare(word)), exact, "{word}");
    ///     assert_eq!(r.score(&pos, &legal, &jf3, &r.prepare(word)).cost == 0.0, exact, "{word}");
    /// }
    /// ```
    pub fn reads_exactly(&self, legal: &MoveList, m: &Move, word: &PreparedWord) -> bool {
        self.capture_mark(m, word) == 0.0
            && self
                .each_form(
                    m,
                    || disambiguation(legal, m),
                    |syms, _, form_cost| {
                        if form_cost == 0.0 && self.exact_path(syms, word) {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    },
                )
                .is_break()
    }

    /// The roles whose moves `word` may read as at no cost (see [`MoveReader::reads_exactly`]):
    /// pawns and the king (castling) always, another piece only where some unit reads as its
    /// letter at no cost or its letter may be left out for nothing (on a sheet of coordinates,
    /// every piece's).
    pub(crate) fn exact_roles(&self, word: &PreparedWord) -> ArrayVec<Role, 6> {
        let mut roles = ArrayVec::new();
        roles.push(Role::Pawn);
        roles.push(Role::King);
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let sym = Sym::Piece(role);
            if self.coordinates || word.zero_sub[sym_index(sym)] != 0 || self.missing(sym).0 == 0.0
            {
                roles.push(role);
            }
        }
        roles
    }

    /// Whether [`MoveReader::distance`] of `syms` and `word` is 0: the sets of units read so far
    /// that some path of edits costing nothing reaches, as bit masks (costs are never negative,
    /// so a path costs 0 only if every edit on it does).
    fn exact_path(&self, syms: &[Sym], word: &PreparedWord) -> bool {
        let n = word.units.len();
        let all = (1u32 << (n + 1)) - 1;
        // Units that may be extra for nothing: in the first row and in the others, per form kind
        // as in `distance` (in a pawn form the first unit may be the pawn's letter).
        let (first_extra, extra) = match syms.first() {
            Some(Sym::Castle) => (word.zero_extra[1], word.zero_extra[1]),
            Some(Sym::Piece(_)) => (word.zero_extra[0], word.zero_extra[0]),
            _ => (
                (word.zero_extra[0] & !1) | (word.zero_extra[2] & 1),
                word.zero_extra[0],
            ),
        };
        let close = |mut reach: u32, extra: u16| {
            if extra == 0 {
                // Nothing is extra for free (the usual case): nothing to follow.
                return reach;
            }
            loop {
                let next = (reach | (reach & u32::from(extra)) << 1) & all;
                if next == reach {
                    return reach;
                }
                reach = next;
            }
        };
        let mut reach = close(1, first_extra);
        for &sym in syms {
            let mut next = (reach & u32::from(word.zero_sub[sym_index(sym)])) << 1;
            if self.missing(sym).0 == 0.0 {
                next |= reach;
            }
            reach = close(next & all, extra);
            if reach == 0 {
                return false;
            }
        }
        reach >> n & 1 != 0
    }

    /// What the capture mark costs on `m`: a mark written for a move that captures nothing, or
    /// (on a sheet that marks its captures) a capture written without its mark.
    fn capture_mark(&self, m: &Move, word: &PreparedWord) -> f32 {
        if word.capture && !m.is_capture() {
            self.costs.capture_mark_wrong
        } else if self.marks_captures && !word.capture && m.is_capture() {
            self.costs.capture_mark_missing
        } else {
            0.0
        }
    }

    /// The corrections that read `word` as `m`, cheapest explanation first: each says what was
    /// written, what was meant and the cost's name in `grammars/repair-costs.tsv`.
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position};
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let r = MoveReader::new(LetterSet::by_code("cs").unwrap(), Costs::standard());
    /// let pos = Position::new();
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// let m = pos.from_uci(&"g1f3".parse().unwrap()).unwrap();
    /// let (score, edits) = r.explain(&pos, &legal, &m, &r.prepare("Jfз"));
    /// assert!(score.cost > 0.0);
    /// assert_eq!(edits.len(), 1);
    /// ```
    pub fn explain(
        &self,
        pos: &Position,
        legal: &MoveList,
        m: &Move,
        word: &PreparedWord,
    ) -> (Score, Vec<Edit>) {
        let score = self.score(pos, legal, m, word);
        let mut edits = Vec::new();
        let cap = self.capture_mark(m, word);
        if cap > 0.0 && word.capture {
            edits.push(Edit {
                written: Some('x'),
                meant: None,
                kind: "capture_mark_wrong",
                cost: cap,
            });
        } else if cap > 0.0 {
            edits.push(Edit {
                written: None,
                meant: Some("x".to_owned()),
                kind: "capture_mark_missing",
                cost: cap,
            });
        }
        let Some((syms, form, form_cost)) =
            self.forms(legal, m).into_iter().find(|(syms, form, fc)| {
                *form == score.form
                    && *fc == score.form_cost
                    && (*fc + cap + self.distance(syms, word, f32::INFINITY) - score.cost).abs()
                        < 1e-4
            })
        else {
            return (score, edits);
        };
        if form_cost > 0.0 {
            edits.push(Edit {
                written: None,
                meant: None,
                kind: form_name(form),
                cost: form_cost,
            });
        }
        // Full table, then walk back from the end.
        let w = &word.units;
        let n = w.len();
        let rows = syms.len() + 1;
        let mut d = vec![0f32; rows * (n + 1)];
        let at = |i: usize, j: usize| i * (n + 1) + j;
        for j in 1..=n {
            let ch = w[j - 1];
            d[at(0, j)] = d[at(0, j - 1)] + self.extra(ch, j == 1, &syms).0;
        }
        for i in 1..rows {
            let sym = syms[i - 1];
            d[at(i, 0)] = d[at(i - 1, 0)] + self.missing(sym).0;
            for j in 1..=n {
                let ch = w[j - 1];
                let sub = d[at(i - 1, j - 1)] + self.sub(sym, ch).0;
                let del = d[at(i, j - 1)] + self.extra(ch, false, &syms).0;
                let ins = d[at(i - 1, j)] + self.missing(sym).0;
                d[at(i, j)] = sub.min(del).min(ins);
            }
        }
        let (mut i, mut j) = (rows - 1, n);
        let mut back = Vec::new();
        while i > 0 || j > 0 {
            let here = d[at(i, j)];
            if i > 0 && j > 0 {
                let sym = syms[i - 1];
                let ch = w[j - 1];
                let (c, kind) = self.sub(sym, ch);
                if (d[at(i - 1, j - 1)] + c - here).abs() < 1e-4 {
                    if c > 0.0 {
                        back.push(Edit {
                            written: Some(ch),
                            meant: Some(self.sym_text(sym)),
                            kind,
                            cost: c,
                        });
                    }
                    i -= 1;
                    j -= 1;
                    continue;
                }
            }
            if j > 0 {
                let ch = w[j - 1];
                let (c, kind) = self.extra(ch, j == 1 && i == 0, &syms);
                if (d[at(i, j - 1)] + c - here).abs() < 1e-4 {
                    if c > 0.0 {
                        back.push(Edit {
                            written: Some(ch),
                            meant: None,
                            kind,
                            cost: c,
                        });
                    }
                    j -= 1;
                    continue;
                }
            }
            if i > 0 {
                let sym = syms[i - 1];
                let (c, kind) = self.missing(sym);
                back.push(Edit {
                    written: None,
                    meant: Some(self.sym_text(sym)),
                    kind,
                    cost: c,
                });
                i -= 1;
                continue;
            }
            break;
        }
        back.reverse();
        edits.extend(back);
        (score, edits)
    }

    fn sym_text(&self, sym: Sym) -> String {
        match sym {
            Sym::Piece(r) => self.letters.letter(r).to_owned(),
            Sym::File(f) => char::from(b'a' + f).to_string(),
            Sym::Rank(r) => char::from(b'1' + r).to_string(),
            Sym::Castle => "0".to_owned(),
        }
    }

    /// The written forms of `m`: symbols, which form, and the form's own cost.
    fn forms(&self, legal: &MoveList, m: &Move) -> ArrayVec<(ArrayVec<Sym, 8>, Form, f32), 8> {
        let mut out = ArrayVec::new();
        let _ = self.each_form(
            m,
            || disambiguation(legal, m),
            |syms, form, cost| {
                out.push((syms.iter().copied().collect(), form, cost));
                ControlFlow::Continue(())
            },
        );
        out
    }

    /// Calls `visit` with each written form of `m` (symbols, which form, the form's own cost),
    /// the short form first, until it breaks. `need` says which parts of the from square the
    /// short form of a piece move needs (file, rank); asked only for a piece move.
    fn each_form(
        &self,
        m: &Move,
        need: impl FnOnce() -> (bool, bool),
        mut visit: impl FnMut(&[Sym], Form, f32) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let c = self.costs;
        let file = |sq: Square| Sym::File(sq.file().index() as u8);
        let rank = |sq: Square| Sym::Rank(sq.rank().index() as u8);
        let to = m.to();
        let Some(from) = m.from() else {
            return ControlFlow::Continue(());
        };
        if let Some(side) = m.castling_side() {
            let n = if side == CastlingSide::King { 2 } else { 3 };
            visit(&[Sym::Castle; 3][..n], Form::Castling, 0.0)?;
            let k = Sym::Piece(Role::King);
            // The king onto its castling square (Kg1, Ke1g1), or onto its own rook (Kh1,
            // Ke1h1), as Chess960 writes castling and as `convert` and `check` read it.
            let rook = match *m {
                Move::Castle { rook, .. } if rook != to => Some(rook),
                _ => None,
            };
            for target in std::iter::once(to).chain(rook) {
                visit(
                    &[k, file(target), rank(target)],
                    Form::KingMove,
                    c.castling_as_king_move,
                )?;
                visit(
                    &[k, file(from), rank(from), file(target), rank(target)],
                    Form::KingMove,
                    c.castling_as_king_move,
                )?;
            }
            if self.coordinates {
                // UCI writes castling as the king's two squares (e1g1), not onto the rook.
                visit(
                    &[file(from), rank(from), file(to), rank(to)],
                    Form::Coordinates,
                    0.0,
                )?;
            }
            return ControlFlow::Continue(());
        }
        let role = m.role();
        let promo = m.promotion().map(Sym::Piece);
        let with_promo =
            |parts: &[Sym]| -> ArrayVec<Sym, 8> { parts.iter().copied().chain(promo).collect() };
        if role == Role::Pawn {
            if m.is_capture() {
                visit(
                    &with_promo(&[file(from), file(to), rank(to)]),
                    Form::Short,
                    0.0,
                )?;
                visit(
                    &with_promo(&[file(from), rank(from), file(to), rank(to)]),
                    Form::Long,
                    0.0,
                )?;
                visit(
                    &with_promo(&[file(from), file(to)]),
                    Form::FilesOnly,
                    c.pawn_file_only,
                )?;
                visit(
                    &with_promo(&[file(to), rank(to)]),
                    Form::TargetOnly,
                    c.pawn_capture_no_file,
                )?;
            } else {
                visit(&with_promo(&[file(to), rank(to)]), Form::Short, 0.0)?;
                visit(
                    &with_promo(&[file(from), rank(from), file(to), rank(to)]),
                    Form::Long,
                    0.0,
                )?;
            }
            return ControlFlow::Continue(());
        }
        let p = Sym::Piece(role);
        let (need_file, need_rank) = need();
        let mut short: ArrayVec<Sym, 8> = ArrayVec::new();
        short.push(p);
        if need_file {
            short.push(file(from));
        }
        if need_rank {
            short.push(rank(from));
        }
        short.push(file(to));
        short.push(rank(to));
        visit(&short, Form::Short, 0.0)?;
        if self.coordinates {
            visit(
                &with_promo(&[file(from), rank(from), file(to), rank(to)]),
                Form::Coordinates,
                0.0,
            )?;
        }
        if !(need_file && need_rank) {
            visit(
                &[p, file(from), rank(from), file(to), rank(to)],
                Form::Long,
                0.0,
            )?;
        }
        if need_file || need_rank {
            visit(
                &[p, file(to), rank(to)],
                Form::UnderDisambiguated,
                c.disambiguation_missing,
            )?;
        }
        if !need_file {
            visit(
                &[p, file(from), file(to), rank(to)],
                Form::OverDisambiguated,
                c.disambiguation_extra,
            )?;
        }
        if !need_rank {
            visit(
                &[p, rank(from), file(to), rank(to)],
                Form::OverDisambiguated,
                c.disambiguation_extra,
            )?;
        }
        ControlFlow::Continue(())
    }

    /// The move in the sheet's letters, short form with capture mark (`Jbxd2`, `exd6`, `0-0`).
    ///
    /// ```
    /// use scoresheet::board::{MoveList, Position};
    /// use scoresheet::notation::LetterSet;
    /// use scoresheet::reconstruct::{Costs, MoveReader};
    /// let r = MoveReader::new(LetterSet::by_code("cs").unwrap(), Costs::standard());
    /// let pos = Position::new();
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// let m = pos.from_uci(&"g1f3".parse().unwrap()).unwrap();
    /// assert_eq!(r.short_text(&legal, &m), "Jf3");
    /// ```
    pub fn short_text(&self, legal: &MoveList, m: &Move) -> String {
        short_text(self.letters, legal, m)
    }

    /// Weighted edit distance between the symbols of a form and the written units; returns a
    /// value ≥ `limit` as soon as every path costs that much.
    fn distance(&self, syms: &[Sym], word: &PreparedWord, limit: f32) -> f32 {
        // `units`, `sub` and `extra` have one entry per unit (see `prepare_into`).
        let n = word.sub.len().min(word.extra.len());
        let mut row = [0f32; MAX_WORD + 1];
        let kind = match syms.first() {
            Some(Sym::Castle) => 1,
            Some(Sym::Piece(_)) => 0,
            _ => 2,
        };
        // Extra units: in a pawn form the first one may be the pawn's letter (first row only).
        let col = if kind == 1 { 1 } else { 0 };
        let mut extra = [0f32; MAX_WORD];
        for (x, e) in extra.iter_mut().zip(word.extra.iter()) {
            *x = e[col];
        }
        // One row of the table, updated in place: `row[j]` is the cost of the symbols so far
        // against the first `j` units.
        let mut left = 0f32;
        for (j, (p, e)) in row.iter_mut().skip(1).zip(word.extra.iter()).enumerate() {
            left += if kind == 2 && j == 0 { e[2] } else { e[col] };
            *p = left;
        }
        let subs = word.sub.get(..n).unwrap_or_default();
        let extra = extra.get(..n).unwrap_or_default();
        for &sym in syms {
            // (`min` tells the compiler what `sym_index` guarantees: no bounds check below.)
            let idx = sym_index(sym).min(SYMBOLS - 1);
            let missing = self.missing(sym).0;
            let (first, cells) = row.split_at_mut(1);
            let mut diag = first[0];
            let mut left = diag + missing;
            first[0] = left;
            let mut row_min = left;
            // `min` without the NaN handling of `f32::min`: no cost is NaN.
            let min = |a: f32, b: f32| if b < a { b } else { a };
            for ((cell, sub), &x) in cells.iter_mut().zip(subs).zip(extra) {
                let up = *cell;
                let v = min(min(diag + sub[idx], left + x), up + missing);
                *cell = v;
                left = v;
                diag = up;
                row_min = min(row_min, v);
            }
            if row_min >= limit {
                return limit.max(row_min);
            }
        }
        row[n]
    }

    fn role_bits(&self, ch: char) -> (Option<Role>, u8) {
        let i = ch as usize;
        if i < 128 {
            (
                self.spellings.own.get(i).copied().flatten(),
                self.spellings.any.get(i).copied().unwrap_or(0),
            )
        } else if let Some(&(_, own, any)) = self.spellings.wide.iter().find(|e| e.0 == ch) {
            (own, any)
        } else {
            (None, 0)
        }
    }

    /// Cost (and its name) of `ch` written where the letter of `role` belongs.
    fn letter(&self, role: Role, ch: char) -> (f32, &'static str) {
        let c = self.costs;
        if ch == folded_letter(role) {
            return (0.0, "");
        }
        // UCI's promotion pieces, whatever the sheet's letters (only they carry a letter there).
        if self.coordinates
            && !matches!(role, Role::Pawn | Role::King)
            && ch == role.english_char().to_ascii_lowercase()
        {
            return (0.0, "");
        }
        let (own, any) = self.role_bits(ch);
        if own == Some(role) {
            return (0.0, "");
        }
        if any & (1 << role.index()) != 0 {
            return if own.is_some() {
                (c.letter_other_piece, "letter_other_piece")
            } else {
                (c.letter_other_language, "letter_other_language")
            };
        }
        let Some(letter) = self
            .spellings
            .own_letter
            .get(role.index())
            .copied()
            .flatten()
        else {
            return (c.letter_wrong, "letter_wrong");
        };
        let same_but_case = if ch.is_ascii() && letter.is_ascii() {
            ch.eq_ignore_ascii_case(&letter)
        } else {
            ch.to_uppercase().eq(letter.to_uppercase())
        };
        if ch != letter && same_but_case {
            return (c.letter_lowercase, "letter_lowercase");
        }
        if c.is_lookalike(ch, letter) {
            return (c.letter_lookalike, "letter_lookalike");
        }
        // A look-alike of the English letter (8 for B) is nearly as telling.
        if c.is_lookalike(ch, role.english_char()) {
            return (
                c.letter_lookalike + c.letter_other_language,
                "letter_lookalike",
            );
        }
        (c.letter_wrong, "letter_wrong")
    }

    fn sub(&self, sym: Sym, ch: char) -> (f32, &'static str) {
        let c = self.costs;
        match sym {
            Sym::Piece(role) => self.letter(role, ch),
            Sym::File(f) => {
                let want = char::from(b'a' + f);
                if ch == want {
                    (0.0, "")
                } else if ch == want.to_ascii_uppercase() {
                    (c.case_only, "case_only")
                } else if c.is_lookalike(ch, want) {
                    (c.char_lookalike, "char_lookalike")
                } else if ('a'..='h').contains(&ch) {
                    if (ch as i32 - want as i32).abs() == 1 {
                        (c.file_neighbour, "file_neighbour")
                    } else {
                        (c.file_wrong, "file_wrong")
                    }
                } else {
                    (c.char_wrong, "char_wrong")
                }
            }
            Sym::Rank(r) => {
                let want = char::from(b'1' + r);
                if ch == want {
                    (0.0, "")
                } else if c.is_lookalike(ch, want) {
                    (c.char_lookalike, "char_lookalike")
                } else if ('1'..='8').contains(&ch) {
                    if (ch as i32 - want as i32).abs() == 1 {
                        (c.rank_neighbour, "rank_neighbour")
                    } else {
                        (c.rank_wrong, "rank_wrong")
                    }
                } else {
                    (c.char_wrong, "char_wrong")
                }
            }
            Sym::Castle => {
                if matches!(ch, '0' | 'O' | 'o') {
                    (0.0, "")
                } else if c.is_lookalike(ch, '0') {
                    (c.char_lookalike, "char_lookalike")
                } else {
                    (c.char_wrong, "char_wrong")
                }
            }
        }
    }

    fn missing(&self, sym: Sym) -> (f32, &'static str) {
        let c = self.costs;
        match sym {
            Sym::Piece(_) => (c.letter_missing, "letter_missing"),
            Sym::File(_) | Sym::Rank(_) => (c.char_missing, "char_missing"),
            Sym::Castle => (c.castling_wrong_side, "castling_wrong_side"),
        }
    }

    /// Cost (and its name) of a written character that stands for nothing in the form.
    fn extra(&self, ch: char, first: bool, syms: &[Sym]) -> (f32, &'static str) {
        let c = self.costs;
        if matches!(
            ch,
            '.' | ',' | '\'' | '`' | '"' | ';' | '_' | '~' | '*' | '‚' | '’'
        ) {
            return (c.noise_extra, "noise_extra");
        }
        if first && matches!(syms.first(), Some(Sym::File(_))) {
            // A piece letter before a pawn move: the pawn's own letter is fine.
            let (own, any) = self.role_bits(ch);
            if own == Some(Role::Pawn) || ch == 'P' || ch == folded_letter(Role::Pawn) {
                return (0.0, "");
            }
            if own.is_some() || any != 0 {
                return (c.letter_extra, "letter_extra");
            }
        }
        if matches!(syms.first(), Some(Sym::Castle)) && matches!(ch, '0' | 'O' | 'o') {
            return (c.castling_wrong_side, "castling_wrong_side");
        }
        (c.char_extra, "char_extra")
    }
}

/// Whether a sheet whose move words are `words` writes its moves as coordinates, UCI's way
/// (`e2e4 g8f6 g1f3 e1g1 e7e8q`): at least four of them are a from square and a to square
/// with nothing between (a promotion piece after), and nine in ten or more are so, which a
/// sheet in any short or long form with piece letters never is (its piece moves carry a
/// letter: `Jg1f3`).
///
/// ```
/// use scoresheet::reconstruct::writes_coordinates;
/// assert!(writes_coordinates(["e2e4", "g8f6", "g1f3", "e7e8q"]));
/// assert!(!writes_coordinates(["e2e4", "e7e5", "Jg1f3", "Jb8c6"]));
/// assert!(!writes_coordinates(["e2e4", "e7e5"]));
/// ```
pub fn writes_coordinates<'w>(words: impl IntoIterator<Item = &'w str>) -> bool {
    let (mut all, mut coordinates) = (0usize, 0usize);
    for word in words {
        all += 1;
        // UCI's own reading of a move (the null move `0000` aside).
        if matches!(word.parse::<Uci>(), Ok(Uci::Normal { .. })) {
            coordinates += 1;
        }
    }
    coordinates >= 4 && coordinates * 10 >= all * 9
}

/// One correction inside a written move: what was written, what it stands for, and the name of
/// its cost in `grammars/repair-costs.tsv`.
#[derive(Clone, Debug, PartialEq)]
pub struct Edit {
    /// The character written (None when something was left out).
    pub written: Option<char>,
    /// What it stands for (None when the character is extra).
    pub meant: Option<String>,
    /// The cost's name (`char_lookalike`, `letter_other_language`, ...).
    pub kind: &'static str,
    /// The cost.
    pub cost: f32,
}

impl std::fmt::Display for Edit {
    /// `'d' for '4' (char_lookalike)`, `'x' extra`, `'J' missing`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.written, &self.meant) {
            (Some(w), Some(m)) => write!(f, "'{w}' for '{m}'"),
            (Some(w), None) => write!(f, "'{w}' extra"),
            (None, Some(m)) => write!(f, "'{m}' missing"),
            (None, None) => write!(f, "form"),
        }?;
        write!(f, " ({})", self.kind)
    }
}

fn form_name(form: Form) -> &'static str {
    match form {
        Form::OverDisambiguated => "disambiguation_extra",
        Form::UnderDisambiguated => "disambiguation_missing",
        Form::FilesOnly => "pawn_file_only",
        Form::TargetOnly => "pawn_capture_no_file",
        Form::KingMove => "castling_as_king_move",
        Form::Short | Form::Long | Form::Castling | Form::Coordinates => "",
    }
}

/// The move in `letters`, short form with capture mark (`Jbxd2`, `exd6`, `0-0`, `e8D`).
pub(crate) fn short_text(letters: &LetterSet, legal: &MoveList, m: &Move) -> String {
    if let Some(side) = m.castling_side() {
        return if side == CastlingSide::King {
            "0-0"
        } else {
            "0-0-0"
        }
        .to_owned();
    }
    let mut out = String::new();
    let Some(from) = m.from() else {
        return out;
    };
    let to = m.to();
    if m.role() == Role::Pawn {
        if m.is_capture() {
            out.push(from.file().char());
            out.push('x');
        }
    } else {
        out.push_str(letters.letter(m.role()));
        let (f, r) = disambiguation(legal, m);
        if f {
            out.push(from.file().char());
        }
        if r {
            out.push(from.rank().char());
        }
        if m.is_capture() {
            out.push('x');
        }
    }
    out.push(to.file().char());
    out.push(to.rank().char());
    if let Some(p) = m.promotion() {
        out.push_str(letters.letter(p));
    }
    out
}

/// For each legal move, a key naming how it can be written: the squares, the piece, the
/// promotion, the castling side, whether it captures and the disambiguation it needs. Two moves
/// with equal keys read the same against any word, whatever the rest of the position, so a
/// search may cache read costs by key. `out` is cleared first. Each move is decoded once; the
/// moves of one piece kind sharing a target are found with a bit board per kind, and only
/// those are compared, with one another, on their keys.
pub(crate) fn move_keys(legal: &MoveList, out: &mut ArrayVec<u32, 256>) {
    out.clear();
    // Targets reached by one non-castling move of each kind, and by two or more.
    let mut once = [0u64; 6];
    let mut twice = [0u64; 6];
    for m in legal.iter() {
        let key = key_without_disambiguation(m);
        if key & CASTLE_BITS == 0 {
            let role = ((key >> 12) & 7) as usize;
            let to = 1u64 << ((key >> 6) & 63);
            if let (Some(o), Some(t)) = (once.get_mut(role), twice.get_mut(role)) {
                *t |= *o & to;
                *o |= to;
            }
        }
        out.push(key);
    }
    // Pawns never need it (their file is written for captures anyway).
    if let Some(t) = twice.get_mut(Role::Pawn.index()) {
        *t = 0;
    }
    let any_twice = twice.iter().fold(0, |a, t| a | t);
    if any_twice == 0 {
        return;
    }
    // The moves sharing a target with another of their kind: only these need a disambiguation,
    // and only among themselves.
    let mut shared: ArrayVec<u32, 256> = ArrayVec::new();
    for (k, &key) in (0u32..).zip(out.iter()) {
        if any_twice >> ((key >> 6) & 63) & 1 == 0 || key & CASTLE_BITS != 0 {
            continue;
        }
        let role = (key >> 12) & 7;
        if twice
            .get(role as usize)
            .is_some_and(|t| t & (1u64 << ((key >> 6) & 63)) != 0)
        {
            shared.push(k);
        }
    }
    for &k in &shared {
        let Some(&key) = out.get(k as usize) else {
            continue;
        };
        // Laws C.9: the file if it tells the moves apart, else the rank, else both.
        let (mut same_file, mut same_rank) = (false, false);
        for &j in &shared {
            let Some(&other) = out.get(j as usize) else {
                continue;
            };
            if (other ^ key) & TARGET_AND_ROLE != 0 {
                continue;
            }
            let (of, from) = (other & 63, key & 63);
            if of == from || (other ^ key) & PROMOTION_BITS != 0 {
                continue;
            }
            same_file |= of & 7 == from & 7;
            same_rank |= of >> 3 == from >> 3;
        }
        let (need_file, need_rank) = match (same_file, same_rank) {
            (false, _) => (true, false),
            (true, false) => (false, true),
            (true, true) => (true, true),
        };
        if let Some(slot) = out.get_mut(k as usize) {
            *slot |= u32::from(need_file) << 20 | u32::from(need_rank) << 21;
        }
    }
}

/// The disambiguation a move key ([`move_keys`]) holds: whether the short form needs the from
/// square's file (bit 20), and its rank (bit 21).
pub(crate) fn key_disambiguation(key: u32) -> (bool, bool) {
    (key >> 20 & 1 != 0, key >> 21 & 1 != 0)
}

/// The bits of a move key ([`move_keys`]) that hold the castling side.
const CASTLE_BITS: u32 = 3 << 18;
/// The bits of a move key that hold the target square and the moving piece.
const TARGET_AND_ROLE: u32 = 0x1FF << 6;
/// The bits of a move key that hold the promotion.
const PROMOTION_BITS: u32 = 7 << 15;

/// A move's key ([`move_keys`]) before the disambiguation bits: from square (bits 0–5), target
/// (6–11), piece (12–14), promotion (15–17, 0 for none), castling side (18–19), capture (22).
fn key_without_disambiguation(m: &Move) -> u32 {
    let sq = |s: Square| s.index() as u32;
    match *m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            sq(from)
                | sq(to) << 6
                | (role.index() as u32) << 12
                | promotion.map_or(0, |r| r.index() as u32 + 1) << 15
                | u32::from(capture.is_some()) << 22
        }
        Move::EnPassant { from, to } => {
            sq(from) | sq(to) << 6 | (Role::Pawn.index() as u32) << 12 | 1 << 22
        }
        Move::Castle { .. } => {
            let side = match m.castling_side() {
                Some(CastlingSide::Queen) => 2,
                _ => 1,
            };
            m.from().map_or(0, sq)
                | sq(m.to()) << 6
                | (Role::King.index() as u32) << 12
                | side << 18
        }
    }
}

/// Which parts of the from-square short form needs (Laws C.9: file first, then rank, then both).
fn disambiguation(legal: &MoveList, m: &Move) -> (bool, bool) {
    let (Some(from), role, to) = (m.from(), m.role(), m.to()) else {
        return (false, false);
    };
    let mut others = false;
    let mut same_file = false;
    let mut same_rank = false;
    for other in legal.iter() {
        if other.role() != role || other.to() != to || other.castling_side().is_some() {
            continue;
        }
        let Some(of) = other.from() else { continue };
        if of == from || other.promotion() != m.promotion() {
            continue;
        }
        others = true;
        same_file |= of.file() == from.file();
        same_rank |= of.rank() == from.rank();
    }
    if !others {
        (false, false)
    } else if !same_file {
        (true, false)
    } else if !same_rank {
        (false, true)
    } else {
        (true, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn words_prepared_together_are_prepared_as_alone() {
        // ASCII, Czech and Croatian diacritics (kept in the memo), Cyrillic and a figurine
        // (priced each time), marks, look-alikes, garbage.
        let words = [
            "Jf3",
            "Jxe4+",
            "exd6 e.p.",
            "0-0-0",
            "O-O",
            "Kbl",
            "Sclg5",
            "ČŠŽ",
            "Đe2",
            "Крg1",
            "♘f3",
            "e8D",
            "e8=Q#",
            "alebo:",
            "",
            "?!",
            "a1b2c3d4e5f6g7h8",
        ];
        for code in ["cs", "hr", "ru", "en"] {
            let Some(letters) = LetterSet::by_code(code) else {
                continue;
            };
            let reader = MoveReader::new(letters, Costs::standard());
            let together = reader.prepare_all(words);
            for (w, p) in words.iter().zip(&together) {
                assert_eq!(*p, reader.prepare(w), "{code}: {w}");
            }
        }
    }

    #[test]
    fn a_cyrillic_file_letter_is_the_latin_one() {
        let reader = MoveReader::new(LetterSet::by_code("cs").unwrap(), Costs::standard());
        assert_eq!(reader.prepare("S\u{435}7"), reader.prepare("Se7"));
        let ru = MoveReader::new(LetterSet::by_code("ru").unwrap(), Costs::standard());
        assert_eq!(ru.prepare("\u{421}\u{441}5"), ru.prepare("\u{421}c5"));
        // Upper case is left alone: С is the Russian bishop, not the file c.
        assert_ne!(ru.prepare("\u{421}c5"), ru.prepare("cc5"));
    }

    fn best(reader: &MoveReader, pos: &Position, text: &str) -> (Move, f32) {
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let word = reader.prepare(text);
        let mut scored: Vec<(Move, f32)> = legal
            .iter()
            .map(|m| (*m, reader.score(pos, &legal, m, &word).cost))
            .collect();
        scored.sort_by(|a, b| a.1.total_cmp(&b.1));
        scored[0]
    }

    fn after(uci: &[&str]) -> Position {
        let mut pos = Position::new();
        for u in uci {
            let m = pos.from_uci(&u.parse().unwrap()).unwrap();
            pos.play(&m);
        }
        pos
    }

    #[test]
    fn ocr_lookalikes_read_as_the_move() {
        let cs = LetterSet::by_code("cs").unwrap();
        let costs = Costs::standard();
        let r = MoveReader::new(cs, costs);
        let pos = after(&["e2e4", "e7e5", "g1f3", "g8f6", "d2d4", "e5d4", "e4e5"]);
        let (m, cost) = best(&r, &pos, "Jed");
        assert_eq!((m.from(), m.to()), (Some(Square::F6), Square::E4));
        assert_eq!(cost, costs.char_lookalike);
        let (m, _) = best(
            &r,
            &after(&["e2e4", "e7e5", "g1f3", "g8f6", "d2d4", "e5d4"]),
            "ede5",
        );
        assert_eq!(m.to(), Square::E5);
    }

    #[test]
    fn english_letter_in_czech_sheet() {
        let cs = LetterSet::by_code("cs").unwrap();
        let costs = Costs::standard();
        let r = MoveReader::new(cs, costs);
        let (m, cost) = best(&r, &Position::new(), "Nf3");
        assert_eq!(m.to(), Square::F3);
        assert_eq!(m.role(), Role::Knight);
        assert_eq!(cost, costs.letter_other_language);
    }

    #[test]
    fn capture_and_check_marks_are_free() {
        let en = LetterSet::english();
        let r = MoveReader::new(en, Costs::standard());
        let pos = after(&["e2e4", "d7d5"]);
        assert_eq!(best(&r, &pos, "e:d5+").1, 0.0);
        assert_eq!(best(&r, &pos, "ed").1, Costs::standard().pawn_file_only);
        assert_eq!(best(&r, &pos, "e4xd5!?").1, 0.0);
    }

    #[test]
    fn a_word_reads_exactly_where_it_scores_nothing() {
        // And only as a move of the roles and onto the squares the exact replay generates.
        use crate::notation::{move_to_string, PrintOptions, Style};
        // Words written for moves of random games, in every form, and the same with one
        // character changed, dropped or added; each compared with every legal move.
        let pool: Vec<char> = "0Oo1lI|x:+#=Ppec5SJNB8gq-. dDKkTVL".chars().collect();
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let mut next = |n: usize| rng.below(n);
        let mut compared = 0usize;
        let mut exact = 0usize;
        for code in ["cs", "hr", "en", "ru", "fr"] {
            let letters = LetterSet::by_code(code).unwrap();
            for marks in [false, true] {
                let mut reader = MoveReader::new(letters, Costs::standard());
                reader.set_marks_captures(marks);
                let mut pos = Position::new();
                let mut legal = MoveList::new();
                for _ in 0..60 {
                    pos.legal_moves(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    for _ in 0..6 {
                        let m = legal[next(legal.len())];
                        let style =
                            [Style::Fide, Style::Long, Style::LongHyphen, Style::San][next(4)];
                        let text = move_to_string(&pos, &m, letters, &PrintOptions::new(style));
                        let mut chars: Vec<char> = text.chars().collect();
                        let mut words = vec![text.clone()];
                        for _ in 0..4 {
                            let mut c = chars.clone();
                            garble(&mut c, &pool, &mut next);
                            words.push(c.iter().collect());
                        }
                        chars.retain(|c| *c != 'x');
                        words.push(chars.into_iter().collect());
                        for w in &words {
                            let word = reader.prepare(w);
                            for other in legal.iter() {
                                let scored = reader.score(&pos, &legal, other, &word).cost == 0.0;
                                let fast = reader.reads_exactly(&legal, other, &word);
                                assert_eq!(
                                    fast,
                                    scored,
                                    "{code} marks {marks}: {w} as {other:?} in {}",
                                    pos.to_fen()
                                );
                                // What the replay generates for the word holds it.
                                if fast {
                                    assert!(
                                        reader.exact_roles(&word).contains(&other.role()),
                                        "{code}: {w} read exactly as {other:?}"
                                    );
                                    assert!(
                                        other.castling_side().is_some()
                                            || word.exact_targets().contains(other.to()),
                                        "{code}: {w} read exactly as {other:?}"
                                    );
                                }
                                compared += 1;
                                exact += usize::from(fast);
                            }
                        }
                    }
                    let m = legal[next(legal.len())];
                    pos.play(&m);
                }
            }
        }
        // Both answers occur: the comparison is not one-sided.
        assert!(
            exact > 1000 && compared > 10 * exact,
            "{exact} of {compared}"
        );
    }

    /// A small seeded generator for the tests' random games and words.
    struct Xorshift(u64);

    impl Xorshift {
        /// A number below `n` (0 for `n` = 0).
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n.max(1) as u64) as usize
        }
    }

    /// One slip in `word`: a character of `pool` put in place of one, one dropped, or one added.
    fn garble(word: &mut Vec<char>, pool: &[char], next: &mut impl FnMut(usize) -> usize) {
        let at = next(word.len() + 1);
        match next(3) {
            0 if at < word.len() => word[at] = pool[next(pool.len())],
            1 if at < word.len() => {
                word.remove(at);
            }
            _ => word.insert(at, pool[next(pool.len())]),
        }
    }

    /// The weighted edit distance as the whole table computes it, with `f32::min`: what
    /// `MoveReader::distance` must equal (it keeps one row and may stop early).
    fn full_table(reader: &MoveReader<'_>, syms: &[Sym], word: &PreparedWord) -> f32 {
        let n = word.units.len();
        let kind = match syms.first() {
            Some(Sym::Castle) => 1,
            Some(Sym::Piece(_)) => 0,
            _ => 2,
        };
        let extra = |j: usize, first_row: bool| match kind {
            2 if first_row && j == 0 => word.extra[j][2],
            2 => word.extra[j][0],
            k => word.extra[j][k],
        };
        let mut d = vec![vec![0f32; n + 1]; syms.len() + 1];
        for j in 1..=n {
            d[0][j] = d[0][j - 1] + extra(j - 1, true);
        }
        for (i, &sym) in syms.iter().enumerate() {
            let missing = reader.missing(sym).0;
            d[i + 1][0] = d[i][0] + missing;
            for j in 1..=n {
                let sub = d[i][j - 1] + word.sub[j - 1][sym_index(sym)];
                let del = d[i + 1][j - 1] + extra(j - 1, false);
                let ins = d[i][j] + missing;
                d[i + 1][j] = sub.min(del).min(ins);
            }
        }
        d[syms.len()][n]
    }

    /// Random games in several letter sets, with positions where pieces of one kind share
    /// targets: each legal move's key holds the disambiguation `disambiguation` finds (a piece's
    /// move; none for a pawn's), its
    /// squares, piece, promotion, castling side and capture; each written form's distance to
    /// words written for the moves (and garbled) is the full table's, and with a limit it is
    /// the same below the limit and at least the limit above it.
    #[test]
    fn move_keys_and_the_distance_agree_with_the_plain_computations() {
        let pool: Vec<char> = "0Oo1lI|x:+#=Ppec5SJNB8gq-. dDKkTVLabfh2345678"
            .chars()
            .collect();
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| rng.below(n);
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Three queens, two rooks and two knights of each side reaching shared squares.
            "1k6/8/2Q1Q3/8/2Q5/8/8/1K6 w - - 0 1",
            "r3k2r/8/2n1n3/8/8/2N1N3/8/R3K2R w KQkq - 0 1",
            // Promotions with and without captures; Chess960 castling (rights by file).
            "r3k2r/1P4P1/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
            "1r1k1r2/pppppppp/8/8/8/8/PPPPPPPP/1R1K1R2 w BFbf - 0 1",
        ];
        let (mut shared, mut compared) = (0usize, 0usize);
        for (g, fen) in starts.iter().cycle().take(20).enumerate() {
            let letters = LetterSet::by_code(["cs", "hr", "en", "fr"][g % 4]).unwrap();
            let reader = MoveReader::new(letters, Costs::standard());
            let mut pos = Position::from_fen(fen).unwrap();
            let mut legal = MoveList::new();
            let mut keys = ArrayVec::new();
            for _ in 0..40 {
                pos.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                move_keys(&legal, &mut keys);
                assert_eq!(keys.len(), legal.len());
                for (m, &key) in legal.iter().zip(keys.iter()) {
                    let need = key_disambiguation(key);
                    // A pawn's file is written for its captures anyway: no key holds one.
                    let expected = if m.role() == Role::Pawn {
                        (false, false)
                    } else {
                        disambiguation(&legal, m)
                    };
                    assert_eq!(need, expected, "{m:?} in {}", pos.to_fen());
                    shared += usize::from(need != (false, false));
                    assert_eq!(m.from().map(|f| f.index() as u32), Some(key & 63));
                    assert_eq!(m.to().index() as u32, key >> 6 & 63);
                    assert_eq!(m.role().index() as u32, key >> 12 & 7);
                    let promo = m.promotion().map_or(0, |r| r.index() as u32 + 1);
                    assert_eq!(promo, key >> 15 & 7);
                    let side = match m.castling_side() {
                        None => 0,
                        Some(CastlingSide::King) => 1,
                        Some(CastlingSide::Queen) => 2,
                    };
                    assert_eq!(side, key >> 18 & 3);
                    assert_eq!(u32::from(m.is_capture()), key >> 22 & 1);
                }
                for _ in 0..3 {
                    let m = legal[next(legal.len())];
                    let mut word: Vec<char> = reader.short_text(&legal, &m).chars().collect();
                    for _ in 0..next(4) {
                        garble(&mut word, &pool, &mut next);
                    }
                    let word = reader.prepare(&word.iter().collect::<String>());
                    for other in legal.iter() {
                        for (syms, _, _) in reader.forms(&legal, other) {
                            let full = full_table(&reader, &syms, &word);
                            assert_eq!(reader.distance(&syms, &word, f32::INFINITY), full);
                            let limit = [0.5, 2.0, 4.0, 7.5][next(4)];
                            let d = reader.distance(&syms, &word, limit);
                            if full < limit {
                                assert_eq!(d, full);
                            } else {
                                assert!(d >= limit, "{d} {full} {limit}");
                            }
                            compared += 1;
                        }
                    }
                }
                let m = legal[next(legal.len())];
                pos.play(&m);
            }
        }
        assert!(shared > 100 && compared > 10_000, "{shared} {compared}");
    }
}
