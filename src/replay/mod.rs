//! Replaying a read game: every move of the mainline and of every variation (each variation from
//! the position before the move it replaces) is parsed in the game's letter set, resolved against
//! the position and played. The first error of a game is reported with everything needed to find
//! it on the sheet; deviations that do not stop the replay are warnings.
//!
//! ```
//! use scoresheet::pgn::Game;
//! use scoresheet::replay::{replay_game, ReplayOptions, Status};
//! let g = Game::read_all(b"1. f3 e5 2. g4 Qh4# 0-1").remove(0).unwrap();
//! let r = replay_game(&g, &ReplayOptions::default());
//! assert!(r.error.is_none());
//! assert_eq!(r.status, Status::Checkmate);
//! assert_eq!(r.uci, ["f2f3", "e7e5", "g2g4", "d8h4"]);
//!
//! let bad = Game::read_all(b"1. e4 e5 2. Ke3 *").remove(0).unwrap();
//! let e = replay_game(&bad, &ReplayOptions::default()).error.unwrap();
//! assert_eq!((e.move_number, e.token.as_str(), e.kind.as_str()), (2, "Ke3", "illegal"));
//! ```

use crate::board::{Color, Move, Position};
use crate::laws::{Edition, Fivefold, Rule};
use crate::notation::resolve::play_judging_mark;
use crate::notation::sheet::FromLetters;
use crate::notation::{
    detect_letters, read_plain_san, CheckMark, LetterSet, ParseError, Policy, ResolveError,
    Warning, Warnings, WrittenMove,
};
use crate::pgn::{Game, Line, Location, Outcome};
use arrayvec::{ArrayString, ArrayVec};
use std::fmt;

pub mod stream;
pub use stream::ReplayVisitor;

/// How to replay.
///
/// ```
/// use scoresheet::replay::ReplayOptions;
/// let o = ReplayOptions::default();
/// assert_eq!(o.max_warnings, 20);
/// assert_eq!(o.dead_analysis, scoresheet::replay::DeadAnalysis::Always);
/// ```
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// The letters moves are written in (detected per game by default).
    pub from: FromLetters,
    /// At most this many warnings per game are listed (the rest are counted).
    pub max_warnings: usize,
    /// Which final positions are analysed exactly for a dead position (Laws 5.2.2): all of
    /// them by default (see [`DeadAnalysis`]).
    pub dead_analysis: DeadAnalysis,
    /// Whether [`Replay::uci`] is filled (the default); without it the replay builds no string
    /// per move, and `uci` stays empty.
    ///
    /// ```
    /// use scoresheet::pgn::Game;
    /// use scoresheet::replay::{replay_game, ReplayOptions};
    /// let game = Game::read_all(b"1. e4 e5 *").remove(0).unwrap();
    /// let lean = ReplayOptions { collect_uci: false, ..ReplayOptions::default() };
    /// let r = replay_game(&game, &lean);
    /// assert_eq!((r.plies, r.uci.len()), (2, 0));
    /// ```
    pub collect_uci: bool,
    /// The edition of the Laws whose automatic draws (fivefold repetition and 75 moves, Article
    /// 9.6 from 2014) end a game: by default (`None`) the one in force on the game's `Date` tag
    /// (or `UTCDate`, [`Game::date_played`]), not before its `EventDate`
    /// ([`Edition::of_game`]), the latest when neither is known.
    ///
    /// ```
    /// use scoresheet::laws::Edition;
    /// use scoresheet::pgn::Game;
    /// use scoresheet::replay::{replay_game, ReplayOptions, Status};
    /// // The start position for the fifth time after 8... Ng8, in a game of 1998: no automatic
    /// // draw then; today the game would be over.
    /// let pgn = format!("[Date \"1998.05.26\"]\n\n{} *", "Nf3 Nf6 Ng1 Ng8 ".repeat(4));
    /// let game = Game::read_all(pgn.as_bytes()).remove(0).unwrap();
    /// let r = replay_game(&game, &ReplayOptions::default());
    /// assert_eq!((r.laws, r.status), (Edition::Laws2005, Status::Ongoing));
    /// let today = ReplayOptions { laws: Some(Edition::Laws2023), ..ReplayOptions::default() };
    /// assert_eq!(replay_game(&game, &today).status, Status::Fivefold);
    /// ```
    pub laws: Option<Edition>,
}

/// Which final positions a replay analyses exactly for a dead position (Laws 5.2.2: neither
/// side can checkmate by any series of legal moves), by [`crate::laws::dead`]. The analysis is
/// the dearest part of replaying many games (a third of `check`'s time on decisive master
/// games); without it, a dead final position is reported as the other checks find it: as
/// [`Status::DeadPosition`] still where neither side has mating material, otherwise as
/// [`Status::Fivefold`], [`Status::SeventyFiveMoves`] or [`Status::Ongoing`].
///
/// ```
/// use scoresheet::pgn::Game;
/// use scoresheet::replay::{replay_game, DeadAnalysis, ReplayOptions, Status};
/// // A locked pawn wall with the kings on either side: dead, though not for lack of material.
/// let pgn = |result: &str| {
///     format!("[Result \"{result}\"]\n[FEN \"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 60\"]\n\n\
///              60. Kd3 Kd6 {result}")
/// };
/// let status = |result: &str, dead_analysis| {
///     let game = Game::read_all(pgn(result).as_bytes()).remove(0).unwrap();
///     replay_game(&game, &ReplayOptions { dead_analysis, ..ReplayOptions::default() }).status
/// };
/// assert_eq!(status("1/2-1/2", DeadAnalysis::Always), Status::DeadPosition);
/// assert_eq!(status("1/2-1/2", DeadAnalysis::UnlessDrawn), Status::Ongoing);
/// assert_eq!(status("1-0", DeadAnalysis::UnlessDrawn), Status::DeadPosition);
/// assert_eq!(status("1-0", DeadAnalysis::Never), Status::Ongoing);
/// assert_eq!(status("1-0", DeadAnalysis::Decisive), Status::DeadPosition);
/// assert_eq!(status("*", DeadAnalysis::Decisive), Status::Ongoing);
/// assert_eq!(status("*", DeadAnalysis::UnlessDrawn), Status::DeadPosition);
/// // No mating material at all is a dead position whatever the choice.
/// let bare = "[FEN \"8/8/4k3/8/8/4K3/8/8 w - - 0 60\"]\n\n60. Kd3 Kd6 1-0";
/// let game = Game::read_all(bare.as_bytes()).remove(0).unwrap();
/// let never = ReplayOptions { dead_analysis: DeadAnalysis::Never, ..ReplayOptions::default() };
/// assert_eq!(replay_game(&game, &never).status, Status::DeadPosition);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeadAnalysis {
    /// Every final position (the default): the status is exact.
    #[default]
    Always,
    /// Every final position but those of games whose every stated result (the Result tag and
    /// the movetext's) is a draw: a dead position agrees with a draw, so no warning and no
    /// result a caller could set from the status changes there (what `clean --fix-results`
    /// asks for).
    UnlessDrawn,
    /// Only where a decisive result (1-0 or 0-1) is stated and the game replayed without an
    /// error: where the verdict can contradict the result (what `check`'s text report, which
    /// shows the warnings but not the status, asks for).
    Decisive,
    /// None (what `clean` without `--fix-results` asks for: it does not look at the status).
    Never,
}

impl DeadAnalysis {
    /// Whether a game's final position is analysed, given the results it states (its Result
    /// tag and the movetext's) and whether its replay stopped at an error.
    fn wanted(self, tag: Option<Outcome>, movetext: Option<Outcome>, failed: bool) -> bool {
        let decisive =
            |r: Option<Outcome>| matches!(r, Some(Outcome::WhiteWins | Outcome::BlackWins));
        match self {
            DeadAnalysis::Always => true,
            DeadAnalysis::UnlessDrawn => {
                !(tag == Some(Outcome::Draw) && matches!(movetext, None | Some(Outcome::Draw)))
            }
            DeadAnalysis::Decisive => !failed && (decisive(tag) || decisive(movetext)),
            DeadAnalysis::Never => false,
        }
    }
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            from: FromLetters::Auto(Vec::new()),
            max_warnings: 20,
            dead_analysis: DeadAnalysis::Always,
            collect_uci: true,
            laws: None,
        }
    }
}

/// How the mainline ends on the board.
///
/// ```
/// assert_eq!(scoresheet::replay::Status::DeadPosition.as_str(), "dead_position");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can checkmate by material alone (insufficient material).
    DeadPosition,
    /// The same position occurred five times (Laws 9.6.1).
    Fivefold,
    /// 75 moves by each side without capture or pawn move (Laws 9.6.2).
    SeventyFiveMoves,
    /// None of the above.
    Ongoing,
}

impl Status {
    /// The name used in JSON reports.
    ///
    /// ```
    /// assert_eq!(scoresheet::replay::Status::Ongoing.as_str(), "ongoing");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::DeadPosition => "dead_position",
            Status::Fivefold => "fivefold",
            Status::SeventyFiveMoves => "seventy_five_moves",
            Status::Ongoing => "ongoing",
        }
    }

    /// The status in words, for reports (the names of [`Status::as_str`] are for JSON).
    ///
    /// ```
    /// use scoresheet::replay::Status;
    /// assert_eq!(Status::SeventyFiveMoves.describe(), "75 moves without a pawn move or capture");
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::DeadPosition => "dead position",
            Status::Fivefold => "fivefold repetition",
            Status::SeventyFiveMoves => "75 moves without a pawn move or capture",
            Status::Ongoing => "ongoing",
        }
    }
}

/// An automatic draw (Article 9.6: fivefold repetition, 75 moves) that the moves written went on
/// past: under the Laws the game ended there, drawn, and the moves after it do not count.
///
/// ```
/// use scoresheet::pgn::Game;
/// use scoresheet::replay::{replay_game, ReplayOptions, Status};
/// let out_and_back = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
/// let pgn = format!("[Date \"2024.05.05\"]\n\n{out_and_back} e4 e5 1-0");
/// let g = Game::read_all(pgn.as_bytes()).remove(0).unwrap();
/// let r = replay_game(&g, &ReplayOptions::default());
/// let ended = r.ended_early.unwrap();
/// assert_eq!((ended.status, ended.move_number), (Status::Fivefold, 9));
/// assert!(r.warnings.iter().any(|w| w.starts_with("result 1-0 but the game ended drawn")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndedEarly {
    /// How it ended: [`Status::Fivefold`] or [`Status::SeventyFiveMoves`].
    pub status: Status,
    /// The number of the first move written after the end.
    pub move_number: u32,
    /// The side that wrote it.
    pub side: Color,
}

/// What kind of error stopped a game.
///
/// ```
/// assert_eq!(scoresheet::replay::ErrorKind::UnknownLetter.as_str(), "unknown_letter");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The text is not a move at all.
    Unparsable,
    /// A letter that names no piece in the letter set.
    UnknownLetter,
    /// No legal move fits.
    Illegal,
    /// More than one legal move fits.
    Ambiguous,
    /// Two letter sets read the game differently.
    AmbiguousLetters,
    /// The game is of a variant this tool does not play (its Variant tag).
    UnsupportedVariant,
    /// The FEN tag does not describe a legal position.
    BadFen,
    /// The PGN itself is broken (unclosed comment, ...): reported by the reader.
    Syntax,
}

impl ErrorKind {
    /// The name used in reports.
    ///
    /// ```
    /// assert_eq!(scoresheet::replay::ErrorKind::BadFen.as_str(), "bad_fen");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Unparsable => "unparsable",
            ErrorKind::UnknownLetter => "unknown_letter",
            ErrorKind::Illegal => "illegal",
            ErrorKind::Ambiguous => "ambiguous",
            ErrorKind::AmbiguousLetters => "ambiguous_letters",
            ErrorKind::UnsupportedVariant => "unsupported_variant",
            ErrorKind::BadFen => "bad_fen",
            ErrorKind::Syntax => "syntax",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The first error of a game.
///
/// ```
/// use scoresheet::pgn::Game;
/// use scoresheet::replay::{replay_game, ReplayOptions};
/// let g = Game::read_all(b"1. e4 e5 2. Nf3 Nc6 3. Qh9 *").remove(0).unwrap();
/// let e = replay_game(&g, &ReplayOptions::default()).error.unwrap();
/// assert_eq!((e.line, e.column, e.ply), (1, 24, 5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// What kind of error.
    pub kind: ErrorKind,
    /// The reason in words.
    pub message: String,
    /// Line of the token, 1-based (of the game's start for game-level errors).
    pub line: u32,
    /// Column of the token's first character, 1-based, in characters.
    pub column: u32,
    /// The move number (0 for game-level errors).
    pub move_number: u32,
    /// Whose move it was.
    pub side: Option<Color>,
    /// The token as written.
    pub token: String,
    /// Half-moves from the start of the game to this one, from 1 (0 for game-level errors).
    pub ply: u32,
}

impl MoveError {
    /// An error of the game as a whole (no move in particular), located at `at`.
    ///
    /// ```
    /// use scoresheet::pgn::Location;
    /// use scoresheet::replay::{ErrorKind, MoveError};
    /// let at = Location { offset: 0, line: 3, column: 1 };
    /// let e = MoveError::game_level(ErrorKind::BadFen, "FEN tag: empty".into(), at);
    /// assert_eq!((e.line, e.ply, e.side), (3, 0, None));
    /// ```
    pub fn game_level(kind: ErrorKind, message: String, at: Location) -> MoveError {
        MoveError {
            kind,
            message,
            line: at.line,
            column: at.column,
            move_number: 0,
            side: None,
            token: String::new(),
            ply: 0,
        }
    }
}

/// The outcome of replaying one game.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The letter set code the moves were read in.
    pub letters: String,
    /// Half-moves of the mainline replayed.
    pub plies: u32,
    /// The result: the Result tag, else the movetext's result token.
    pub result: Option<Outcome>,
    /// How the mainline ends on the board.
    pub status: Status,
    /// Deviations that did not stop the replay, in words, each with where it was written.
    pub warnings: Vec<GameWarning>,
    /// The first error, if any.
    pub error: Option<MoveError>,
    /// The replayed mainline in UCI (empty without [`ReplayOptions::collect_uci`]).
    pub uci: Vec<String>,
    /// Read with automatic letters in English by [`ReplayVisitor`], the game failed: read it
    /// again with [`replay_game`], which detects the letter set.
    pub needs_detection: bool,
    /// The edition of the Laws the game was judged under ([`ReplayOptions::laws`]).
    pub laws: Edition,
    /// The automatic draw the mainline went on past, if any: then the game's result under the
    /// Laws is a draw, whatever [`Replay::status`] says of the final position.
    pub ended_early: Option<EndedEarly>,
    /// The first move of a variation written after that line had ended on the board
    /// (checkmate, stalemate): a warning for `check`, and where `clean` cuts the variation or
    /// rejects the game, as for such a move of the mainline. Only [`replay_game_with`] (and
    /// [`replay_game`]) replay variations; the streaming replay leaves this `None`.
    pub variation_past_end: Option<MoveError>,
}

/// A deviation the replay went on past — a mark the board does not bear out, a move number out
/// of step, a move after the game ended, a result against the board — in words, with where it
/// was written: the move's place for a warning about a move, `None` for one about the whole
/// game (its result, a second tag). It reads as its message.
///
/// ```
/// use scoresheet::pgn::Game;
/// use scoresheet::replay::{replay_game, ReplayOptions};
/// let game = Game::read_all(b"[Result \"*\"]\n\n1. Ng1f3 d5 *").remove(0).unwrap();
/// let r = replay_game(&game, &ReplayOptions::default());
/// let w = &r.warnings[0];
/// assert!(w.starts_with("move 1 (white) 'Ng1f3': more of the starting square"));
/// assert_eq!(w.at.map(|at| (at.line, at.column)), Some((3, 4)));
/// assert_eq!(w.to_string(), w.message);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameWarning {
    /// What deviates, in words (`move 8 (white) 'Nge2': more of the starting square than
    /// needed ...`).
    pub message: String,
    /// Where the move it is about was written; `None` for a warning about the whole game.
    pub at: Option<Location>,
}

impl GameWarning {
    /// A warning about what was written at `at`, if known (a result token, a tag), else about
    /// the whole game.
    pub(crate) fn maybe_at(message: String, at: Option<Location>) -> GameWarning {
        GameWarning { message, at }
    }

    /// A warning about the move written at `at`.
    pub(crate) fn at(message: String, at: Location) -> GameWarning {
        GameWarning {
            message,
            at: Some(at),
        }
    }

    /// A warning about the whole game.
    pub(crate) fn game(message: String) -> GameWarning {
        GameWarning { message, at: None }
    }
}

impl std::ops::Deref for GameWarning {
    type Target = str;
    fn deref(&self) -> &str {
        &self.message
    }
}

/// A warning equals the words of its message (wherever it was written).
impl PartialEq<str> for GameWarning {
    fn eq(&self, other: &str) -> bool {
        self.message == other
    }
}

impl PartialEq<&str> for GameWarning {
    fn eq(&self, other: &&str) -> bool {
        self.message == *other
    }
}

impl PartialEq<String> for GameWarning {
    fn eq(&self, other: &String) -> bool {
        &self.message == other
    }
}

impl fmt::Display for GameWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Whether a Variant tag's value means standard chess rules (what the replay plays): `Standard`
/// as lichess writes it on every game, `Chess960`, `From Position` and their spellings, whatever
/// their case, spaces and dashes. Any other variant is an [`ErrorKind::UnsupportedVariant`].
///
/// ```
/// use scoresheet::replay::supported_variant;
/// assert!(supported_variant("Standard"));
/// assert!(supported_variant("Fischer-Random"));
/// assert!(!supported_variant("Crazyhouse"));
/// ```
pub fn supported_variant(v: &str) -> bool {
    let Some(k) = variant_key(v) else {
        return false;
    };
    matches!(
        k.as_str(),
        "" | "standard"
            | "normal"
            | "chess"
            | "chess960"
            | "fischerandom"
            | "fischerrandom"
            | "960"
            | "fromposition"
    )
}

/// A Variant tag's value folded to its letters and digits in lower case, on the stack (every
/// game of a lichess export has a Variant tag); `None` for one longer than any name known.
fn variant_key(v: &str) -> Option<ArrayString<16>> {
    let mut k = ArrayString::<16>::new();
    for c in v.chars().filter(char::is_ascii_alphanumeric) {
        k.try_push(c.to_ascii_lowercase()).ok()?;
    }
    Some(k)
}

/// Whether a Variant tag's value says the game is standard chess, not Chess960 (`Standard`,
/// `Normal`, lichess's `From Position`): then a FEN whose castling rights belong to a king or
/// rook off its standard square sets up no position of the game (see [`standard_fen_error`]).
pub(crate) fn declares_standard(v: &str) -> bool {
    variant_key(v).is_some_and(|k| matches!(k.as_str(), "standard" | "normal" | "fromposition"))
}

/// Whether a Variant tag's value says Chess960 (`Chess960`, `Fischerandom`, `960` and their
/// spellings).
pub(crate) fn declares_chess960(v: &str) -> bool {
    variant_key(v).is_some_and(|k| {
        matches!(
            k.as_str(),
            "chess960" | "fischerandom" | "fischerrandom" | "960"
        )
    })
}

/// `pos` marked as a position of a Chess960 game ([`Position::into_chess960`]) when the
/// game's Variant tag, `variant`, says Chess960; as it is otherwise.
pub(crate) fn of_variant(pos: Position, variant: Option<&str>) -> Position {
    if variant.is_some_and(declares_chess960) {
        pos.into_chess960()
    } else {
        pos
    }
}

/// The error of a FEN that gives castling rights only Chess960 has (a king off e1, a rook off
/// its corner) in a game whose Variant tag says standard chess, if `pos` is one.
pub(crate) fn standard_fen_error(pos: &Position) -> Option<String> {
    pos.castling_needs_chess960().then(|| {
        "FEN tag: castling rights for a king or rook off its square in standard chess, in a \
         game whose Variant tag says standard chess (Chess960 is Variant \"Chess960\")"
            .to_owned()
    })
}

/// The warning for a game with no Variant tag whose FEN gives castling rights only Chess960 has
/// (a king off e1 with the right to castle): read as Chess960, and said.
pub(crate) const CHESS960_BY_FEN: &str = "FEN tag: castling rights for a king or rook off its \
    square in standard chess, and no Variant tag: read as Chess960";

/// The starting position of a game: from its FEN tag, or the standard one.
pub(crate) fn start_position(game: &Game) -> Result<Position, MoveError> {
    if let Some(v) = game.tag("Variant") {
        if !supported_variant(v) {
            return Err(MoveError::game_level(
                ErrorKind::UnsupportedVariant,
                format!("variant '{v}' is not supported (only standard chess and Chess960)"),
                game.at,
            ));
        }
    }
    let at = game.fen_at.unwrap_or(game.at);
    match game.tag("FEN") {
        Some(fen) if !fen.trim().is_empty() => {
            let pos = Position::from_fen(fen.trim()).map_err(|e| {
                MoveError::game_level(ErrorKind::BadFen, format!("FEN tag: {e}"), at)
            })?;
            match game.tag("Variant").filter(|v| declares_standard(v)) {
                Some(_) => match standard_fen_error(&pos) {
                    Some(why) => Err(MoveError::game_level(ErrorKind::BadFen, why, at)),
                    None => Ok(pos),
                },
                None => Ok(of_variant(pos, game.tag("Variant"))),
            }
        }
        _ => Ok(of_variant(Position::new(), game.tag("Variant"))),
    }
}

pub(crate) fn is_null_move(san: &str) -> bool {
    matches!(san, "--" | "Z0" | "0000" | "@@@@")
}

/// Passes the turn (a null move of analysis), if the side to move is not in check.
pub(crate) fn null_move(pos: &Position) -> Option<Position> {
    if pos.is_check() {
        return None;
    }
    let fen = pos.to_fen();
    let mut f: Vec<&str> = fen.split(' ').collect();
    if f.len() < 4 {
        return None;
    }
    f[1] = if f[1] == "w" { "b" } else { "w" };
    f[3] = "-";
    Position::from_fen(&f.join(" ")).ok()
}

/// Called for every move replayed, in the order the PGN writer writes moves (depth first:
/// the mainline, each variation after the move it replaces): the position before the move, the
/// move (`None` for a null move) and the position after it.
pub type OnMove<'a> = dyn FnMut(&Position, Option<&Move>, &Position) + 'a;

struct Walker<'a, 'h> {
    letters: &'a LetterSet,
    /// The mainline's moves already read in `letters` (with their warnings and the positions
    /// they lead to), one per move written, from the first: read and played once, not again.
    preread: &'a [ReadMove],
    /// Whether the mainline's moves are kept in UCI.
    collect_uci: bool,
    on_move: &'h mut OnMove<'h>,
    error: Option<MoveError>,
    warnings: Vec<GameWarning>,
    more_warnings: usize,
    max_warnings: usize,
    start_ply: u32,
    laws: Edition,
    /// A move's number out of step was reported (once a game).
    numbers_warned: bool,
    /// The first variation move written after its line had ended on the board.
    variation_past_end: Option<MoveError>,
}

impl Walker<'_, '_> {
    fn warn(&mut self, w: String, at: Location) {
        if self.warnings.len() < self.max_warnings {
            self.warnings.push(GameWarning::at(w, at));
        } else {
            self.more_warnings += 1;
        }
    }

    fn fail(&mut self, e: MoveError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }

    /// Replays `line` from `pos` (ply index `ply` from the game start, 0-based). Returns the
    /// moves of the line in UCI and the final position when `mainline`.
    fn line(&mut self, line: &Line, mut pos: Position, mut ply: u32, mainline: bool) -> Walked {
        // Only the mainline's is kept.
        let collect = mainline && self.collect_uci;
        let mut uci = Vec::with_capacity(if collect { line.moves.len() } else { 0 });
        let mut history = History::default();
        let mut ended: Option<Status> = None;
        let mut ended_early = None;
        if mainline {
            history = History::with_capacity(line.moves.len() + 1);
            history.push(pos.zobrist(), pos.halfmove_clock());
            // A FEN whose clock has run 150 half-moves already: the game was over before its
            // first move.
            if seventy_five_moves(&pos, self.laws) {
                ended = Some(Status::SeventyFiveMoves);
            }
        }
        for v in &line.variations {
            self.line(v, pos.clone(), ply, false);
        }
        for (index, node) in line.moves.iter().enumerate() {
            let number = (self.start_ply + ply) / 2 + 1;
            let side = pos.turn();
            if let Some(written) = node.number.filter(|&n| n != number && !self.numbers_warned) {
                self.numbers_warned = true;
                self.warn(
                    number_out_of_step(written, number, side, &node.san),
                    node.at,
                );
            }
            let make_err = |kind: ErrorKind, message: String| MoveError {
                kind,
                message: in_line(mainline, message),
                line: node.at.line,
                column: node.at.column,
                move_number: number,
                side: Some(side),
                token: node.san.to_string(),
                ply: ply + 1,
            };
            // Each variation replaces this move: from the position before it.
            let before = (!node.variations.is_empty()).then(|| pos.clone());
            if let Some(s) = ended.take().filter(|_| ended_early.is_none()) {
                ended_early = Some(EndedEarly {
                    status: s,
                    move_number: number,
                    side,
                });
                self.warn(
                    format!(
                        "move {number} ({}) '{}' after the game ended ({})",
                        side_name(side),
                        node.san,
                        ending(s, self.laws)
                    ),
                    node.at,
                );
            }
            let mut warnings = crate::notation::Warnings::default();
            let mut after;
            let read = match self.preread.get(index).filter(|_| mainline) {
                Some((mv, found, next)) => {
                    after = next.clone();
                    warnings = *found;
                    Ok(Some(*mv))
                }
                None => {
                    after = pos.clone();
                    read_token(&pos, &node.san, self.letters, &mut warnings, &mut after)
                }
            };
            let played_en_passant = matches!(&read, Ok(Some(mv)) if mv.is_en_passant());
            match read {
                Ok(Some(mv)) => {
                    if collect {
                        uci.push(mv.to_uci(pos.is_chess960()).text().as_str().to_owned());
                    }
                    (self.on_move)(&pos, Some(&mv), &after);
                    pos = after;
                }
                Ok(None) => {
                    if mainline {
                        self.warn(format!("move {number}: null move '{}'", node.san), node.at);
                    }
                    match null_move(&pos) {
                        Some(p) => {
                            (self.on_move)(&pos, None, &p);
                            pos = p;
                        }
                        None => break,
                    }
                    history.null_move();
                    if collect {
                        uci.push("0000".to_owned());
                    }
                }
                Err((kind, message)) => {
                    // No legal move at all: the game had ended on the board.
                    if !pos.has_legal_moves() {
                        let what = if pos.is_check() {
                            "checkmate"
                        } else {
                            "stalemate"
                        };
                        self.warn(
                            format!(
                                "move {number} ({}) '{}' after the game ended by {what}",
                                side_name(side),
                                node.san
                            ),
                            node.at,
                        );
                        if !mainline && self.variation_past_end.is_none() {
                            self.variation_past_end = Some(make_err(
                                ErrorKind::Illegal,
                                format!("written after the game ended by {what}"),
                            ));
                        }
                    } else {
                        self.fail(make_err(kind, message));
                    }
                    break;
                }
            }
            for w in warnings.iter() {
                self.warn(
                    format!("move {number} ({}) '{}': {w}", side_name(side), node.san),
                    node.at,
                );
            }
            // An e.p. written apart, as `check` reading as it goes judges it.
            if node.en_passant_mark && !played_en_passant {
                self.warn(
                    format!(
                        "move {number} ({}): {}",
                        side_name(side),
                        Warning::EnPassantMarkOnOtherMove
                    ),
                    node.at,
                );
            }
            ply += 1;
            if mainline {
                let key = pos.zobrist();
                history.push(key, pos.halfmove_clock());
                // Only the first end counts (see the streaming replay).
                if ended_early.is_none() {
                    let seventy_five = seventy_five_moves(&pos, self.laws);
                    if let Some(end) = history.automatic_draw(key, seventy_five, self.laws) {
                        ended = Some(end);
                    }
                }
            }
            if let Some(before) = before {
                for v in &node.variations {
                    self.line(v, before.clone(), ply - 1, false);
                }
            }
            if self.error.is_some() && !mainline {
                break;
            }
        }
        let repetitions = history.repetitions_before_null(pos.zobrist());
        let fivefold = history.fivefold_at_end(repetitions, self.laws);
        Walked {
            pos,
            uci,
            ply,
            fivefold,
            ended_early,
        }
    }
}

/// The mainline's positions (Zobrist keys) from the start, for repetitions: a position can
/// recur only among those since the last capture or pawn move, which are all that is counted.
/// Both replays keep one ([`Walker`] and [`ReplayVisitor`]).
#[derive(Debug, Default)]
pub(crate) struct History {
    keys: Vec<u64>,
    /// Where in `keys` the positions since the last capture or pawn move begin.
    reversible_from: usize,
    /// How many positions came before the first null move of the mainline, if there was one
    /// (a position may then recur two plies later).
    before_null: Option<usize>,
}

/// The fewest mainline positions since a capture or pawn move (the one after it included) among
/// which one position can stand five times: it recurs four plies later at the soonest (each
/// side's move undoes only its own), two with null moves.
const FIFTH_OCCURRENCE_PLIES: [usize; 2] = [17, 9];

impl History {
    pub(crate) fn with_capacity(positions: usize) -> History {
        History {
            keys: Vec::with_capacity(positions),
            ..History::default()
        }
    }

    pub(crate) fn clear(&mut self) {
        self.keys.clear();
        self.reversible_from = 0;
        self.before_null = None;
    }

    /// Adds a position with its halfmove clock (0 after a capture or pawn move).
    pub(crate) fn push(&mut self, key: u64, halfmove_clock: u32) {
        if halfmove_clock == 0 {
            self.reversible_from = self.keys.len();
        }
        self.keys.push(key);
    }

    /// Notes a null move on the mainline, before the position it leads to is pushed.
    pub(crate) fn null_move(&mut self) {
        self.before_null.get_or_insert(self.keys.len());
    }

    /// How many times the position `key` occurred.
    pub(crate) fn repetitions(&self, key: u64) -> u32 {
        occurrences(
            self.keys.get(self.reversible_from..).unwrap_or_default(),
            key,
        )
    }

    /// Whether the position `key`, the last pushed, stands for the fifth time (Laws 9.6.1):
    /// counted only where enough positions since a capture or pawn move allow it.
    pub(crate) fn fifth_occurrence(&self, key: u64) -> bool {
        let reversible = self.keys.len() - self.reversible_from;
        let fewest = FIFTH_OCCURRENCE_PLIES[usize::from(self.before_null.is_some())];
        reversible >= fewest && self.repetitions(key) >= 5
    }

    /// The automatic draw of Laws 9.6 that ends the game at the position just pushed (whose key
    /// is `key`, and after which `seventy_five` moves ended the game, by
    /// [`seventy_five_moves`]) under `laws`, if any: none before 2014.
    pub(crate) fn automatic_draw(
        &self,
        key: u64,
        seventy_five: bool,
        laws: Edition,
    ) -> Option<Status> {
        let fivefold = match laws.fivefold() {
            Some(Fivefold::AnyFiveTimes) => self.fifth_occurrence(key),
            Some(Fivefold::ConsecutiveAlternateMoves) => self.fifth_by_alternate_moves(),
            None => false,
        };
        if fivefold {
            Some(Status::Fivefold)
        } else if seventy_five {
            Some(Status::SeventyFiveMoves)
        } else {
            None
        }
    }

    /// Whether the final position, which occurred `repetitions` times, is a fivefold
    /// repetition under `laws`.
    pub(crate) fn fivefold_at_end(&self, repetitions: u32, laws: Edition) -> bool {
        match laws.fivefold() {
            Some(Fivefold::AnyFiveTimes) => repetitions >= 5,
            Some(Fivefold::ConsecutiveAlternateMoves) => self.fifth_by_alternate_moves(),
            None => false,
        }
    }

    /// The 2014 Laws' fivefold (9.6a, "as a result of alternate repetition of moves by both
    /// players"): the position just pushed stands for the fifth time in a row, the last 16 plies
    /// being one back-and-forth of each player played four times, so that every position among
    /// them equals the one four plies later. A null move counts as no move of the Laws.
    fn fifth_by_alternate_moves(&self) -> bool {
        let n = self.keys.len();
        if self.before_null.is_some() || n - self.reversible_from < 17 {
            return false;
        }
        let last = &self.keys[n - 17..];
        last[..13] == last[4..]
    }

    /// How many times the position `key` occurred before the first null move (after one, a
    /// repetition is not a repetition of the game's positions): the final position's count of
    /// [`replay_game`].
    fn repetitions_before_null(&self, key: u64) -> u32 {
        let counted = self.keys.get(..self.before_null.unwrap_or(self.keys.len()));
        occurrences(counted.unwrap_or_default(), key)
    }
}

/// The reason of an error at a move, said to be in a variation where it is not on the
/// mainline (where its move number and side are those of the variation's move, not of the
/// mainline's move an arbiter would look at first).
pub(crate) fn in_line(mainline: bool, message: String) -> String {
    if mainline {
        message
    } else {
        format!("in a variation, {message}")
    }
}

/// How many of `keys` are `key`.
fn occurrences(keys: &[u64], key: u64) -> u32 {
    keys.iter().filter(|&&k| k == key).count() as u32
}

struct Walked {
    pos: Position,
    uci: Vec<String>,
    ply: u32,
    /// Whether the final position is a fivefold repetition on the mainline (never for a
    /// variation).
    fivefold: bool,
    /// The automatic draw the mainline went on past (never for a variation).
    ended_early: Option<EndedEarly>,
}

/// The warning for the first move whose written number (`written`) is not its own (`number`):
/// PGN import format tolerates numbers that are wrong or missing, and the moves are read in
/// their order, but numbers out of step often mean a move pair left out or written twice.
pub(crate) fn number_out_of_step(written: u32, number: u32, side: Color, san: &str) -> String {
    format!(
        "move {number} ({}) '{san}' is written as move {written}: move numbers out of step from \
         here (the moves are read in their order; a move pair left out or written twice?)",
        side_name(side)
    )
}

pub(crate) fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Where the game of `moves` from `start` ended by an automatic draw of Laws 9.6 (fivefold
/// repetition, 75 moves) under `laws` before its last move: the index of the first move played
/// after the end and how it ended. The readers of move lists (`convert`, `repair`) ask it of the
/// game they read, as the replays of `check` find it move by move.
pub(crate) fn automatic_end<'m>(
    start: &Position,
    moves: impl IntoIterator<Item = &'m crate::board::Move>,
    laws: Edition,
) -> Option<(usize, Status)> {
    let moves = moves.into_iter();
    let mut history = History::with_capacity(moves.size_hint().0 + 1);
    let mut pos = start.clone();
    history.push(pos.zobrist(), pos.halfmove_clock());
    let mut ended = seventy_five_moves(&pos, laws).then_some(Status::SeventyFiveMoves);
    for (index, m) in moves.enumerate() {
        if let Some(status) = ended {
            return Some((index, status));
        }
        pos.play(m);
        let key = pos.zobrist();
        history.push(key, pos.halfmove_clock());
        ended = history.automatic_draw(key, seventy_five_moves(&pos, laws), laws);
    }
    None
}

/// The edition a game's date may also fall under, later than `chosen` (the edition of the
/// date's earliest day), where the date leaves the day open across an edition's coming into
/// force (`2014.??.??`: the 2009 Laws before 1 July 2014, the 2014 Laws from then); `latest` is
/// the latest day the dates allow ([`crate::laws::latest_day`]).
pub(crate) fn later_laws(chosen: Edition, latest: Option<(u16, u8, u8)>) -> Option<Edition> {
    let later = Edition::in_force_on_day(latest?);
    (later > chosen).then_some(later)
}

/// The warning for a game that the `later` Laws its date may also fall under end by an automatic
/// draw before its last move, where the `chosen` ones do not: judged under `chosen`, the reader
/// should know the date leaves it open. `moves` are the mainline's, with where each was written.
pub(crate) fn ended_under_later_laws(
    start: &Position,
    moves: &[(crate::board::Move, Location)],
    chosen: Edition,
    later: Edition,
) -> Option<GameWarning> {
    let (index, status) = automatic_end(start, moves.iter().map(|(m, _)| m), later)?;
    let (number, side) = start.move_after(index);
    let at = moves.get(index)?.1;
    Some(GameWarning::at(
        format!(
            "the game's date leaves open whether the {chosen} or the {later} Laws apply: judged \
             under the {chosen} Laws, under which it goes on; under the {later} Laws it ended \
             before move {number} ({}) ({})",
            side_name(side),
            ending(status, later)
        ),
        at,
    ))
}

/// Whether 75 moves by each player without a pawn move or capture end the game at `pos` under
/// `laws` (9.6b in 2014, where a checkmate on the last move does not stand against it; 9.6.2
/// from 2018, where it does).
pub(crate) fn seventy_five_moves(pos: &Position, laws: Edition) -> bool {
    laws.seventy_five_moves()
        && pos.halfmove_clock() >= 150
        && !(laws.checkmate_precedes_seventy_five() && pos.is_checkmate())
}

/// How the game ended by `status`, for a warning: the automatic draws name their article in
/// `laws`.
pub(crate) fn ending(status: Status, laws: Edition) -> String {
    let rule = match status {
        Status::Checkmate => Rule::Checkmate,
        Status::Stalemate => Rule::Stalemate,
        Status::DeadPosition => Rule::DeadPosition,
        Status::Fivefold => Rule::Fivefold,
        Status::SeventyFiveMoves => Rule::SeventyFiveMoves,
        Status::Ongoing => return status.describe().to_owned(),
    };
    match laws.article(rule) {
        Some(a) => format!("{}; Article {a} of the {laws} Laws", status.describe()),
        None => status.describe().to_owned(),
    }
}

/// The status of the final position, given whether it is a fivefold repetition under `laws`:
/// mate, stalemate, a dead position (decided exactly by [`crate::laws::dead`]), fivefold, 75
/// moves, or still going. Without `analyse_dead` only insufficient material counts as a dead
/// position (the exact analysis is skipped).
pub(crate) fn final_status(
    pos: &Position,
    fivefold: bool,
    analyse_dead: bool,
    laws: Edition,
) -> Status {
    if pos.is_checkmate() {
        if seventy_five_moves(pos, laws) {
            // The 2014 text: the 75 moves drew the game, mate or not.
            Status::SeventyFiveMoves
        } else {
            Status::Checkmate
        }
    } else if pos.is_stalemate() {
        Status::Stalemate
    } else if is_dead(pos, analyse_dead) {
        // Insufficient material first (cheap); then the exact analysis of Laws 5.2.2, so that
        // locked pawn walls and the like are dead too. An undecided analysis counts as not dead.
        Status::DeadPosition
    } else if fivefold {
        Status::Fivefold
    } else if seventy_five_moves(pos, laws) {
        Status::SeventyFiveMoves
    } else {
        Status::Ongoing
    }
}

/// Replays `game` (see the [module docs](self)).
///
/// ```
/// use scoresheet::pgn::Game;
/// use scoresheet::replay::{replay_game, ReplayOptions};
/// // Czech letters, detected; a variation from the position before the move it replaces.
/// let g = Game::read_all("1. e4 e5 2. Jf3 (2. Sc4 Jf6) Jc6 *".as_bytes()).remove(0).unwrap();
/// let r = replay_game(&g, &ReplayOptions::default());
/// assert_eq!(r.letters, "cs");
/// assert!(r.error.is_none(), "{:?}", r.error);
/// assert_eq!(r.plies, 4);
/// ```
pub fn replay_game(game: &Game, opts: &ReplayOptions) -> Replay {
    replay_game_with(game, opts, &mut |_, _, _| {})
}

/// [`replay_game`], calling `on_move` with the position before each replayed move, the move and
/// the position after it, in the order the PGN writer writes moves: enough to print every move
/// again in another letter set or style.
///
/// ```
/// use scoresheet::notation::{move_to_string, LetterSet, PrintOptions};
/// use scoresheet::pgn::Game;
/// use scoresheet::replay::{replay_game_with, ReplayOptions};
/// let text = "1. e4 e5 2. Jf3 (2. Dh5 Jc6 3. Dxf7+) Jc6 *";
/// let g = Game::read_all(text.as_bytes()).remove(0).unwrap();
/// let mut san = Vec::new();
/// let mut checks = Vec::new();
/// let r = replay_game_with(&g, &ReplayOptions::default(), &mut |pos, m, after| {
///     if let Some(m) = m {
///         san.push(move_to_string(pos, m, LetterSet::english(), &PrintOptions::san()));
///     }
///     checks.push(after.is_check());
/// });
/// assert!(r.error.is_none());
/// assert_eq!(san, ["e4", "e5", "Nf3", "Qh5", "Nc6", "Qxf7+", "Nc6"]);
/// assert_eq!(checks.iter().position(|&c| c), Some(5));
/// ```
pub fn replay_game_with(game: &Game, opts: &ReplayOptions, on_move: &mut OnMove<'_>) -> Replay {
    let tag_result = game.tag("Result").and_then(Outcome::from_token);
    let result = match tag_result {
        Some(Outcome::Unknown) | None => game.outcome.or(tag_result),
        r => r,
    };
    let mut replay = Replay {
        letters: String::new(),
        plies: 0,
        result,
        status: Status::Ongoing,
        warnings: Vec::new(),
        error: None,
        uci: Vec::new(),
        needs_detection: false,
        ended_early: None,
        variation_past_end: None,
        laws: opts
            .laws
            .or_else(|| Edition::of_game(game.date_played().map(|(_, d)| d), game.tag("EventDate")))
            .unwrap_or_default(),
    };
    let laws = replay.laws;
    let start = match start_position(game) {
        Ok(p) => p,
        Err(e) => {
            replay.error = Some(e);
            return replay;
        }
    };
    if start.castling_needs_chess960() && game.tag("Variant").is_none() {
        replay
            .warnings
            .push(GameWarning::game(CHESS960_BY_FEN.to_owned()));
    }
    let start_ply = start.plies_before();
    let english = LetterSet::english();
    let mut preread: Vec<ReadMove> = Vec::new();
    let letters: &LetterSet = match &opts.from {
        FromLetters::Set(s) => s,
        FromLetters::Auto(preferred) => {
            // English first: a game it reads through is English (or letterless).
            let tokens: Vec<&str> = game
                .mainline
                .moves
                .iter()
                .map(|m| m.san.as_str())
                .filter(|s| !is_null_move(s))
                .collect();
            preread = read_english(&start, &tokens);
            let en_ok = preread.len();
            if en_ok == tokens.len() {
                if tokens.len() != game.mainline.moves.len() {
                    // Null moves were left out of the reading: its positions are not the game's.
                    preread.clear();
                }
                english
            } else {
                preread.clear();
                // Languages given by the caller, else those the game's tags point to.
                let from_tags;
                let preferred = if preferred.is_empty() {
                    from_tags = crate::notation::detect::languages_of_tags(
                        game.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())),
                    );
                    &from_tags
                } else {
                    preferred
                };
                let pref: Vec<&str> = preferred.iter().map(String::as_str).collect();
                // Another set is taken where it reads the whole game; or where the game uses
                // piece letters English does not know, and the other set knows more of them,
                // where it reads further, or as far (a slip early on stops every set) with more
                // of the words' piece letters its own. A game in English letters with a slip
                // is judged in English, as PGN is (German reads `Bf3` for `Nf3` as a pawn
                // move, and would blame a later word).
                let letters_of = |set: &LetterSet| crate::notation::letters_used(set, &tokens);
                let unknown =
                    |set: &LetterSet| crate::notation::detect::letters_unknown(set, &tokens);
                match detect_letters(&start, &tokens, &pref) {
                    Ok(d)
                        if d.complete
                            || (unknown(english) > unknown(d.letters)
                                && (d.plies > en_ok
                                    || (d.plies == en_ok
                                        && letters_of(d.letters) > letters_of(english)))) =>
                    {
                        replay.warnings.push(GameWarning::game(format!(
                            "letter set detected: {}",
                            d.letters.code()
                        )));
                        d.letters
                    }
                    Ok(_) => english,
                    Err(e) => {
                        let mut error = MoveError::game_level(
                            ErrorKind::AmbiguousLetters,
                            e.to_string(),
                            game.at,
                        );
                        // Located at the first move the letter sets read differently.
                        let nodes = game.mainline.moves.iter().enumerate();
                        let mut moves = nodes.filter(|(_, n)| !is_null_move(&n.san));
                        if let Some((k, node)) = e.ply.checked_sub(1).and_then(|i| moves.nth(i)) {
                            let ply = start_ply + u32::try_from(k).unwrap_or(u32::MAX);
                            error.line = node.at.line;
                            error.column = node.at.column;
                            error.move_number = ply / 2 + 1;
                            error.side = Some(Color::from_white(ply % 2 == 0));
                            error.token = node.san.to_string();
                            error.ply = u32::try_from(k + 1).unwrap_or(u32::MAX);
                        }
                        replay.error = Some(error);
                        return replay;
                    }
                }
            }
        }
    };
    replay.letters = letters.code().to_owned();
    let mut walker = Walker {
        letters,
        preread: &preread,
        collect_uci: opts.collect_uci,
        on_move,
        error: None,
        warnings: std::mem::take(&mut replay.warnings),
        more_warnings: 0,
        max_warnings: opts.max_warnings,
        start_ply,
        laws,
        numbers_warned: false,
        variation_past_end: None,
    };
    let walked = walker.line(&game.mainline, start.clone(), 0, true);
    let fivefold = walked.fivefold;
    replay.plies = walked.ply;
    replay.uci = walked.uci;
    replay.ended_early = walked.ended_early;
    replay.variation_past_end = walker.variation_past_end.take();
    let analyse_dead = opts
        .dead_analysis
        .wanted(tag_result, game.outcome, walker.error.is_some());
    replay.status = final_status(&walked.pos, fivefold, analyse_dead, laws);
    replay.error = walker.error;
    replay.warnings = walker.warnings;
    let more = walker.more_warnings;
    // A dead position before the last move ended the game there.
    let moves = &game.mainline.moves;
    // The moves again (the walk keeps none), with where each was written: only for games that
    // end dead or stalemated, or whose date leaves the Laws open.
    let replayed = || {
        let mut played = Vec::with_capacity(moves.len());
        let mut pos = start.clone();
        for node in moves {
            let mut after = pos.clone();
            let mut w = crate::notation::Warnings::default();
            let Ok(Some(mv)) = read_token(&pos, &node.san, letters, &mut w, &mut after) else {
                break;
            };
            played.push((mv, node.at));
            pos = after;
        }
        played
    };
    let no_null = !moves.iter().any(|n| is_null_move(&n.san));
    if replay.error.is_none()
        && replay.ended_early.is_none()
        && matches!(replay.status, Status::DeadPosition | Status::Stalemate)
        && no_null
    {
        let played = replayed();
        let ended = (played.len() == moves.len())
            .then(|| {
                dead_end_before_last(
                    &start,
                    &played,
                    replay.status,
                    analyse_dead,
                    start_ply,
                    letters,
                    laws,
                )
            })
            .flatten();
        if let Some((end, warning)) = ended {
            replay.ended_early = Some(end);
            walker_warn(&mut replay.warnings, opts.max_warnings, warning);
        }
    }
    // A date that leaves the Laws open (`2014.??.??`): said where the later ones would have
    // ended the game earlier.
    let latest = game
        .date_played()
        .and_then(|(_, d)| crate::laws::latest_day(d))
        .max(game.tag("EventDate").and_then(crate::laws::earliest_day));
    let later = later_laws(laws, latest).filter(|_| {
        opts.laws.is_none() && replay.error.is_none() && replay.ended_early.is_none() && no_null
    });
    if let Some(later) = later {
        let played = replayed();
        if played.len() == moves.len() {
            if let Some(w) = ended_under_later_laws(&start, &played, laws, later) {
                walker_warn(&mut replay.warnings, opts.max_warnings, w);
            }
        }
    }
    // Results.
    if let (Some(bad), None) = (game.tag("Result"), tag_result) {
        walker_warn(
            &mut replay.warnings,
            opts.max_warnings,
            GameWarning::maybe_at(no_result_tag(bad), game.result_at),
        );
    }
    if let (Some(tag), Some(text)) = (tag_result, game.outcome) {
        if tag != text {
            walker_warn(
                &mut replay.warnings,
                opts.max_warnings,
                GameWarning::maybe_at(
                    format!("Result tag {tag} but the movetext ends with {text}"),
                    game.outcome_at,
                ),
            );
        }
    }
    if game.outcome.is_none() {
        walker_warn(
            &mut replay.warnings,
            opts.max_warnings,
            GameWarning::game("the movetext has no result token".to_owned()),
        );
    }
    if replay.error.is_none() {
        for c in result_contradictions(
            tag_result,
            game.outcome,
            replay.status,
            replay.ended_early,
            &walked.pos,
            replay.laws,
        ) {
            walker_warn(
                &mut replay.warnings,
                opts.max_warnings,
                GameWarning::maybe_at(c, game.outcome_at.or(game.result_at)),
            );
        }
    }
    if more > 0 {
        replay
            .warnings
            .push(GameWarning::game(format!("... and {more} more warnings")));
    }
    replay
}

/// Whether `pos` is dead as [`final_status`] judges it: no mating material on either side, or,
/// with `exact`, by the analysis of [`crate::laws::dead`] (an undecided analysis: not dead).
fn is_dead(pos: &Position, exact: bool) -> bool {
    (pos.has_insufficient_material(Color::White) && pos.has_insufficient_material(Color::Black))
        || (exact && crate::laws::dead::is_dead_position(pos) == Ok(true))
}

/// Where a game whose final position is dead or stalemate (`status`) had already ended in a
/// dead position (5.2.2; 5.2b in 2005–2014) before its last move: the end (the first move
/// played after it) and the warning for that move, at its place, or `None`. `moves` are the
/// mainline's with where each was written, from `start` (`start_ply` half-moves into the
/// game), printed in `letters` (the bulk replay keeps no words); dead is what [`final_status`] calls dead ([`is_dead`]). A position stays dead
/// whatever is played from it: if the one before the last move is not dead, none before it is
/// (one analysis settles most games), and otherwise the first is found by halving.
pub(crate) fn dead_end_before_last(
    start: &Position,
    moves: &[(Move, Location)],
    status: Status,
    exact: bool,
    start_ply: u32,
    letters: &LetterSet,
    laws: Edition,
) -> Option<(EndedEarly, GameWarning)> {
    if !matches!(status, Status::DeadPosition | Status::Stalemate) {
        return None;
    }
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    for (mv, _) in moves {
        let mut next = positions.last()?.clone();
        next.play(mv);
        positions.push(next);
    }
    let last = positions.len().checked_sub(1)?;
    let mut hi = last
        .checked_sub(1)
        .filter(|&h| positions.get(h).is_some_and(|p| is_dead(p, exact)))?;
    let mut lo = 0;
    while lo < hi {
        let mid = (lo + hi) / 2;
        if positions.get(mid).is_some_and(|p| is_dead(p, exact)) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let (pos, (mv, at)) = (positions.get(lo)?, moves.get(lo)?);
    let style = if letters.code() == "en" {
        crate::notation::Style::San
    } else {
        crate::notation::Style::Fide
    };
    let written = crate::notation::move_to_string(
        pos,
        mv,
        letters,
        &crate::notation::PrintOptions::new(style),
    );
    let ply = start_ply + u32::try_from(lo).unwrap_or(u32::MAX);
    let end = EndedEarly {
        status: Status::DeadPosition,
        move_number: ply / 2 + 1,
        side: pos.turn(),
    };
    let warning = format!(
        "move {} ({}) '{written}' after the game ended ({})",
        end.move_number,
        side_name(end.side),
        ending(Status::DeadPosition, laws)
    );
    Some((end, GameWarning::at(warning, *at)))
}

/// Warnings for results (the Result tag's and the movetext's) that the final position, or an
/// automatic draw the game went on past, contradicts.
pub(crate) fn result_contradictions(
    tag: Option<Outcome>,
    movetext: Option<Outcome>,
    status: Status,
    ended_early: Option<EndedEarly>,
    pos: &Position,
    laws: Edition,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut claimed: ArrayVec<Outcome, 2> = ArrayVec::new();
    for r in [tag, movetext].into_iter().flatten() {
        if !claimed.contains(&r) {
            claimed.push(r);
        }
    }
    for r in claimed {
        if let Some(end) = ended_early {
            if matches!(r, Outcome::WhiteWins | Outcome::BlackWins) {
                out.push(format!(
                    "result {r} but the game ended drawn ({}) before move {} ({})",
                    ending(end.status, laws),
                    end.move_number,
                    side_name(end.side)
                ));
            }
            continue;
        }
        let contradiction = match status {
            Status::Checkmate => {
                let winner = match pos.turn() {
                    Color::White => Outcome::BlackWins,
                    Color::Black => Outcome::WhiteWins,
                };
                (r != winner && r != Outcome::Unknown)
                    .then(|| format!("result {r} but {} is checkmated", side_name(pos.turn())))
            }
            s @ (Status::Stalemate
            | Status::DeadPosition
            | Status::Fivefold
            | Status::SeventyFiveMoves) => matches!(r, Outcome::WhiteWins | Outcome::BlackWins)
                .then(|| format!("result {r} but the game ended drawn ({})", ending(s, laws))),
            Status::Ongoing => None,
        };
        out.extend(contradiction);
    }
    out
}

/// A move read: the legal move, the warnings [`read_token`] gave it, the position after it.
type ReadMove = (Move, Warnings, Position);

/// The moves of `tokens` (no null moves among them) read one after another from `start` in
/// English letters, each with the warnings [`read_token`] gave it and the position it leads to,
/// up to the first that does not read: as many as [`crate::notation::detect::replay`] reads, by
/// the fast reader.
fn read_english(start: &Position, tokens: &[&str]) -> Vec<ReadMove> {
    let english = LetterSet::english();
    let mut pos = start.clone();
    let mut after = start.clone();
    let mut moves = Vec::with_capacity(tokens.len());
    for token in tokens {
        let mut warnings = Warnings::default();
        match read_token(&pos, token, english, &mut warnings, &mut after) {
            Ok(Some(mv)) => {
                moves.push((mv, warnings, after.clone()));
                std::mem::swap(&mut pos, &mut after);
            }
            _ => break,
        }
    }
    moves
}

/// Reads one move token in `pos`: the legal move (`None` for a null move) and the warnings worth
/// reporting, or the kind and reason of the error. After a move, `after` holds the position it
/// leads to.
pub(crate) fn read_token(
    pos: &Position,
    san: &str,
    letters: &LetterSet,
    warnings: &mut Warnings,
    after: &mut Position,
) -> Result<Option<crate::board::Move>, (ErrorKind, String)> {
    if is_null_move(san) {
        return if pos.is_check() {
            Err((ErrorKind::Illegal, "a null move while in check".to_owned()))
        } else {
            Ok(None)
        };
    }
    // Plain SAN in English letters, the bulk of every PGN file, is read straight from the
    // bytes; the general reader below takes everything else, with its messages.
    if std::ptr::eq(letters, LetterSet::english()) || letters.code() == "en" {
        if let Some((mv, written)) = read_plain_san(pos, san.as_bytes()) {
            if written == CheckMark::None {
                // No mark: the only warnings it could draw (a check or mate not marked) are not
                // reported, so the check need not be looked at.
                after.clone_from(pos);
                after.play(&mv);
            } else {
                let mut found = Warnings::default();
                play_judging_mark(pos, &mv, written, false, after, &mut found);
                keep_reported(found, warnings);
            }
            return Ok(Some(mv));
        }
    }
    let written = WrittenMove::parse(san, letters).map_err(|e| {
        let kind = match e {
            ParseError::UnknownLetter { .. }
            | ParseError::LowerCaseLetter { .. }
            | ParseError::CapitalFile { .. } => ErrorKind::UnknownLetter,
            _ => ErrorKind::Unparsable,
        };
        (kind, e.in_position(pos, letters).to_string())
    })?;
    // Only the reported warnings matter here: a mate is looked for only when one was written.
    let resolved = written
        .resolve_into(pos, Policy::Lenient, after, false)
        .map_err(|e| {
            let kind = match e {
                ResolveError::Ambiguous { .. } => ErrorKind::Ambiguous,
                _ => ErrorKind::Illegal,
            };
            (kind, e.to_string())
        })?;
    keep_reported(resolved.warnings, warnings);
    Ok(Some(resolved.mv))
}

/// Adds to `warnings` those of `found` that `check` reports.
fn keep_reported(found: Warnings, warnings: &mut Warnings) {
    for w in found.iter().filter(|w| REPORTED_WARNINGS.contains(w)) {
        warnings.insert(w);
    }
}

/// The notation warnings `check` reports (the others are allowed on a scoresheet).
pub(crate) const REPORTED_WARNINGS: [Warning; 10] = [
    Warning::CheckMarkWithoutCheck,
    Warning::MateMarkWithoutMate,
    Warning::OverDisambiguated,
    Warning::FileLikePieceLetter,
    Warning::CaptureMarkOnNonCapture,
    Warning::EnPassantMarkOnOtherMove,
    Warning::CoordinateForm,
    Warning::CastlingWithoutDash,
    Warning::CastlingMarksMixed,
    Warning::CastlingAsKingMove,
];

fn walker_warn(warnings: &mut Vec<GameWarning>, max: usize, w: GameWarning) {
    if warnings.len() < max + 5 {
        warnings.push(w);
    }
}

/// The warning for a Result tag whose value is none of PGN's four results (`[Result "2-0"]`):
/// the game's result is then the movetext's.
pub(crate) fn no_result_tag(value: &str) -> String {
    format!(
        "Result tag \"{value}\" is no result (PGN's are 1-0, 0-1, 1/2-1/2 and *): the movetext's \
         stands"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(pgn: &str) -> Replay {
        let g = Game::read_all(pgn.as_bytes()).remove(0).unwrap();
        replay_game(&g, &ReplayOptions::default())
    }

    /// Occurrences are counted among the positions since the last capture or pawn move: those
    /// before it cannot recur.
    #[test]
    fn the_fifth_occurrence_is_counted_since_the_last_pawn_move() {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ";
        let game = |before: usize, after: usize| {
            format!(
                "1. {}e4 e5 {}1/2-1/2",
                shuffle.repeat(before),
                shuffle.repeat(after)
            )
        };
        // After 1. e4 e5 the position stands for the fourth time: the game goes on.
        assert_eq!(run(&game(3, 3)).status, Status::Ongoing);
        // For the fifth: fivefold, though the start position came up four times before it.
        let r = run(&game(3, 4));
        assert_eq!(r.status, Status::Fivefold, "{:?}", r.warnings);
        assert!(r
            .warnings
            .iter()
            .all(|w| !w.contains("after the game ended")));
    }

    /// A null move in the mainline: the moves after it are read from the position it leaves
    /// (the other side to move), and it is kept in the UCI line as `0000`.
    #[test]
    fn moves_after_a_null_move_are_read_from_the_position_it_leaves() {
        let r = run("1. e4 -- 2. d4 e5 3. dxe5 *");
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.uci, ["e2e4", "0000", "d2d4", "e7e5", "d4e5"]);
        assert_eq!(r.plies, 5);
        assert!(r.warnings.iter().any(|w| w.contains("null move '--'")));
        // After the null move it is White's turn again: a black move there is an error.
        let r = run("1. e4 -- 2. Nc6 *");
        assert_eq!(r.error.map(|e| e.token), Some("Nc6".to_owned()));
    }

    #[test]
    fn variant_names_are_read_whatever_their_case_spaces_and_dashes() {
        for standard in [
            "",
            "Standard",
            "chess 960",
            "Fischer-Random",
            "From Position",
            "960",
        ] {
            assert!(supported_variant(standard), "{standard}");
        }
        let others = [
            "Crazyhouse",
            "Atomic",
            "King of the Hill",
            "Standard Standard Chess",
        ];
        for other in others {
            assert!(!supported_variant(other), "{other}");
        }
    }

    /// The plain-SAN path of `read_token` skips the check test on unmarked moves because these
    /// two warnings are not reported; reporting them would need that test back.
    #[test]
    fn unmarked_checks_and_mates_are_not_reported() {
        for w in [Warning::MissingCheckMark, Warning::MissingMateMark] {
            assert!(!REPORTED_WARNINGS.contains(&w), "{w}");
        }
        let r = run("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0");
        assert!(r.error.is_none());
        assert_eq!(r.status, Status::Checkmate);
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }

    #[test]
    fn variations_start_from_the_position_before_the_move_they_replace() {
        let r = run("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 (2. f4 exf4) Nc6 *");
        assert!(r.error.is_none(), "{:?}", r.error);
        // An illegal move inside a variation is found, with its ply.
        let r = run("1. e4 e5 (1... c5 2. Nf3 Ke7) 2. Nf3 *");
        let e = r.error.unwrap();
        assert_eq!(
            (e.ply, e.move_number, e.side, e.token.as_str()),
            (4, 2, Some(Color::Black), "Ke7")
        );
        assert_eq!(r.plies, 3);
    }

    #[test]
    fn results_against_the_board() {
        let r = run("[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0");
        assert_eq!(r.status, Status::Checkmate);
        assert!(
            r.warnings.iter().any(|w| w.contains("white is checkmated")),
            "{:?}",
            r.warnings
        );
        let r = run("[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 1-0");
        assert!(
            r.warnings.iter().any(|w| w.contains("Result tag 0-1")),
            "{:?}",
            r.warnings
        );
        let r = run("1. f3 e5 2. g4 Qh4# 3. a3 0-1");
        assert!(r
            .warnings
            .iter()
            .any(|w| w.contains("after the game ended by checkmate")));
    }

    #[test]
    fn fen_and_chess960_and_variants() {
        let r = run("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. O-O Kd7 *");
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.uci[0], "e1g1");
        let r = run("[Variant \"Atomic\"]\n1. e4 *");
        assert_eq!(r.error.unwrap().kind, ErrorKind::UnsupportedVariant);
        let r = run("[FEN \"8/8/8/8 w - - 0 1\"]\n1. e4 *");
        assert_eq!(r.error.unwrap().kind, ErrorKind::BadFen);
        let r = run("[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K7 b - - 0 40\"]\n40... Kb7 41. Kb2 *");
        assert_eq!(r.status, Status::DeadPosition);
        assert!(r.error.is_none());
    }

    #[test]
    fn error_kinds() {
        assert_eq!(
            run("1. e4 e5 2. Xf3 *").error.unwrap().kind,
            ErrorKind::UnknownLetter
        );
        assert_eq!(
            run("1. e4 e5 2. Nf3 Nf6 3. Nc3 Nc6 4. Nd5 Nd4 5. Ne5 Nb5 6. Nc4 a6 7. Ne3 *")
                .error
                .unwrap()
                .kind,
            ErrorKind::Ambiguous
        );
    }

    /// Both replays (the tree's and the visitor's) of `pgn` under `laws` (`None`: by the Date
    /// tag): they must agree on the edition, the status and the warnings.
    fn both_replays(pgn: &str, laws: Option<Edition>) -> Replay {
        let opts = ReplayOptions {
            laws,
            ..ReplayOptions::default()
        };
        let g = Game::read_all(pgn.as_bytes()).remove(0).unwrap();
        let tree = replay_game(&g, &opts);
        let mut v = ReplayVisitor::new(&opts);
        let streamed = crate::pgn::SliceReader::new(pgn.as_bytes())
            .read_game(&mut v)
            .unwrap()
            .unwrap();
        assert_eq!(
            (tree.laws, tree.status, tree.ended_early, &tree.warnings),
            (
                streamed.laws,
                streamed.status,
                streamed.ended_early,
                &streamed.warnings
            ),
            "{pgn}"
        );
        tree
    }

    fn dated(date: &str, movetext: &str) -> String {
        format!("[Date \"{date}\"]\n\n{movetext}")
    }

    /// A dead position before the last move ended the game there (5.2.2): the first move after
    /// it is said, as for the automatic draws, in both replays alike, and a decisive result
    /// after it is contradicted; found by material, by the exact analysis (a locked pawn wall),
    /// and before a stalemate.
    #[test]
    fn a_dead_position_before_the_last_move_ended_the_game_there() {
        let with =
            |fen: &str, moves: &str| format!("[Date \"2020.01.01\"]\n[FEN \"{fen}\"]\n\n{moves}");
        let dead = "dead position; Article 5.2.2 of the 2018 Laws";
        // Bishop takes the last knight: king and bishop against king.
        let r = both_replays(
            &with(
                "8/8/4k3/8/8/8/3nb3/KB6 w - - 0 60",
                "60. Bd3 Nb3+ 61. Kb2 Nd2 62. Bxe2 Nc4+ 63. Bxc4+ Kd6 0-1",
            ),
            None,
        );
        assert_eq!(r.status, Status::DeadPosition);
        let end = r.ended_early.unwrap();
        assert_eq!(
            (end.status, end.move_number, end.side),
            (Status::DeadPosition, 63, Color::Black)
        );
        assert_eq!(
            r.warnings,
            [
                format!("move 63 (black) 'Kd6' after the game ended ({dead})"),
                format!("result 0-1 but the game ended drawn ({dead}) before move 63 (black)"),
            ]
        );
        // Dead from the start by the locked wall: the first move came after the end.
        let r = both_replays(
            &with(
                "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 60",
                "60. Kd3 Kd6 1-0",
            ),
            None,
        );
        assert_eq!(
            r.warnings[0],
            format!("move 60 (white) 'Kd3' after the game ended ({dead})")
        );
        // A stalemate in a position dead for want of material long before.
        let r = both_replays(
            &with(
                "7k/5K2/8/8/8/8/8/1B6 w - - 0 1",
                "1. Ba2 Kh7 2. Bb1+ Kh8 3. Bg6 1/2-1/2",
            ),
            None,
        );
        assert_eq!(r.status, Status::Stalemate);
        assert_eq!(
            r.warnings,
            [format!(
                "move 1 (white) 'Ba2' after the game ended ({dead})"
            )]
        );
        // Dead only after the last move: no earlier end.
        let r = both_replays(
            &with(
                "8/8/4k3/8/8/8/3n4/KB6 b - - 0 60",
                "60... Nb3+ 61. Kb2 Nc5 62. Bd3 Nxd3+ 1/2-1/2",
            ),
            None,
        );
        assert_eq!((r.status, r.ended_early), (Status::DeadPosition, None));
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }

    /// The automatic draws of Article 9.6 came in 2014: a game is judged under the edition in
    /// force on its date, the 2014 fivefold needs the five occurrences in a row by alternate
    /// moves, 2018's any five.
    #[test]
    fn a_date_that_leaves_the_laws_open_is_said_where_the_later_ones_end_the_game() {
        let in_a_row = format!("{} e4 *", "Nf3 Nf6 Ng1 Ng8 ".repeat(4));
        let warned = |date: &str| {
            let r = both_replays(&dated(date, &in_a_row), None);
            let open: Vec<String> = r
                .warnings
                .iter()
                .filter(|w| w.contains("leaves open"))
                .map(|w| format!("{:?}: {}", w.at.map(|a| (a.line, a.column)), w.message))
                .collect();
            (r.laws, open)
        };
        // Judged under 2009 (the earliest day), said under 2014, at the move after the end.
        let (laws, open) = warned("2014.??.??");
        assert_eq!(laws, Edition::Laws2009);
        assert_eq!(
            open,
            [
                "Some((3, 66)): the game's date leaves open whether the 2009 or the 2014 Laws \
                 apply: judged under the 2009 Laws, under which it goes on; under the 2014 Laws \
                 it ended before move 9 (white) (fivefold repetition; Article 9.6a of the 2014 \
                 Laws)"
            ]
        );
        // A month that is none is unknown too; a day in full, or a year wholly under one
        // edition, leaves nothing open.
        assert_eq!(warned("2014.13.45").1.len(), 1);
        for date in ["2014.06.30", "2014.07.??", "2012.??.??", "2015.??.??"] {
            assert!(warned(date).1.is_empty(), "{date}");
        }
        // With the Laws given, nothing is open.
        let given = both_replays(&dated("2014.??.??", &in_a_row), Some(Edition::Laws2009));
        assert!(!given.warnings.iter().any(|w| w.contains("leaves open")));
    }

    #[test]
    fn automatic_draws_follow_the_laws_in_force_on_the_games_date() {
        let out_and_back = "Nf3 Nf6 Ng1 Ng8 ";
        let other_knights = "Nc3 Nc6 Nb1 Nb8 ";
        // The start position for the fifth time after 16 plies, in a row.
        let in_a_row = format!("{} e4 *", out_and_back.repeat(4));
        // Also for the fifth time, but the third return came by other moves.
        let not_in_a_row = format!(
            "{}{other_knights}{out_and_back} e4 *",
            out_and_back.repeat(2)
        );
        let cases = [
            ("1998.05.26", Edition::Laws2005, false, false),
            ("2014.06.30", Edition::Laws2009, false, false),
            ("2014.??.??", Edition::Laws2009, false, false),
            ("2015.03.01", Edition::Laws2014, true, false),
            ("2019.01.01", Edition::Laws2018, true, true),
            ("????.??.??", Edition::Laws2023, true, true),
        ];
        for (date, laws, ends_in_a_row, ends_otherwise) in cases {
            for (movetext, ends) in [(&in_a_row, ends_in_a_row), (&not_in_a_row, ends_otherwise)] {
                let r = both_replays(&dated(date, movetext), None);
                assert_eq!(r.laws, laws, "{date}");
                let ended: Vec<&String> = r
                    .warnings
                    .iter()
                    .filter(|w| w.contains("after the game ended"))
                    .map(|w| &w.message)
                    .collect();
                if ends {
                    let article = if laws == Edition::Laws2014 {
                        "9.6a"
                    } else {
                        "9.6.1"
                    };
                    let expected = format!(
                        "move 9 (white) 'e4' after the game ended (fivefold repetition; Article {article} of the {laws} Laws)"
                    );
                    assert_eq!(ended, [&expected], "{date} {movetext}");
                } else {
                    assert!(ended.is_empty(), "{date} {movetext}: {ended:?}");
                }
            }
        }
        // Without the last pawn move the final position is the fifth: its status says so.
        let final_fifth = format!("{}*", out_and_back.repeat(4));
        for (date, fivefold) in [
            ("2010.01.01", false),
            ("2014.06.30", false),
            ("2014.07.01", true),
        ] {
            let r = both_replays(&dated(date, &final_fifth), None);
            let want = if fivefold {
                Status::Fivefold
            } else {
                Status::Ongoing
            };
            assert_eq!(r.status, want, "{date}");
        }
        // A game of 2014 in an event that began in August 2014: under the 2014 Laws.
        let in_event = |event_date: &str| {
            let r = both_replays(
                &format!("[Date \"2014.??.??\"]\n[EventDate \"{event_date}\"]\n\n{in_a_row}"),
                None,
            );
            r.laws
        };
        assert_eq!(in_event("2014.08.01"), Edition::Laws2014);
        assert_eq!(in_event("2014.03.01"), Edition::Laws2009);
        assert_eq!(in_event("????.??.??"), Edition::Laws2009);
        // lichess exports date a game by UTCDate, some with no Date at all: it stands for a Date
        // that gives no year, and gives way to one that does.
        let tagged = |tags: &str| both_replays(&format!("{tags}\n\n{in_a_row}"), None).laws;
        assert_eq!(tagged("[UTCDate \"2013.01.31\"]"), Edition::Laws2009);
        assert_eq!(
            tagged("[Date \"????.??.??\"]\n[UTCDate \"2017.01.31\"]"),
            Edition::Laws2014
        );
        assert_eq!(
            tagged("[Date \"2013.01.31\"]\n[UTCDate \"2017.01.31\"]"),
            Edition::Laws2009
        );
        assert_eq!(
            tagged("[UTCDate \"2013.01.31\"]\n[EventDate \"2014.07.01\"]"),
            Edition::Laws2014
        );
        // An edition given overrides the date.
        let r = both_replays(&dated("1998.05.26", &in_a_row), Some(Edition::Laws2023));
        assert_eq!(r.laws, Edition::Laws2023);
        assert!(r
            .warnings
            .iter()
            .any(|w| w.contains("fivefold repetition; Article 9.6.1")));
    }

    /// A game that went on past an automatic draw: the result stated contradicts it unless a
    /// draw, whatever the final position; before 2014 nothing ended the game there.
    #[test]
    fn a_result_after_an_automatic_draw_the_game_went_on_past_is_contradicted() {
        let out_and_back = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
        let mated = format!("{out_and_back}f3 e5 g4 Qh4# 0-1");
        let r = both_replays(&dated("2019.01.01", &mated), None);
        let end = r.ended_early.expect("ended at the fifth occurrence");
        assert_eq!(
            (end.status, end.move_number, end.side),
            (Status::Fivefold, 9, Color::White)
        );
        assert_eq!(r.status, Status::Checkmate);
        let results: Vec<&String> = r
            .warnings
            .iter()
            .filter(|w| w.starts_with("result "))
            .map(|w| &w.message)
            .collect();
        assert_eq!(
            results,
            ["result 0-1 but the game ended drawn (fivefold repetition; Article 9.6.1 of the 2018 Laws) before move 9 (white)"]
        );
        let drawn = format!("{out_and_back}f3 e5 g4 Qh4# 1/2-1/2");
        let r = both_replays(&dated("2019.01.01", &drawn), None);
        assert!(r.ended_early.is_some());
        assert!(!r.warnings.iter().any(|w| w.starts_with("result ")));
        let r = both_replays(&dated("2012.01.01", &mated), None);
        assert_eq!((r.ended_early, r.status), (None, Status::Checkmate));
        assert!(!r.warnings.iter().any(|w| w.starts_with("result ")));
    }

    /// A mate on the move that completes 75 moves each: it stands from 2018 (9.6.2); under the
    /// 2014 text (9.6b) the game was drawn; before 2014 there was no such rule.
    #[test]
    fn a_mate_on_the_seventy_fifth_move_stands() {
        // 9.6b of 2014 (in the 004_… transcript) and 9.6.2 from 2018: the mate takes
        // precedence; before 2014 there is no 75-move rule.
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100";
        let pgn = |date: &str| format!("[Date \"{date}\"]\n[FEN \"{fen}\"]\n\n100. Ra8# 1-0");
        for date in ["2010.05.05", "2015.05.05", "2018.05.05"] {
            let r = both_replays(&pgn(date), None);
            assert_eq!(r.status, Status::Checkmate, "{date}");
            assert!(
                r.warnings
                    .iter()
                    .all(|w| !w.contains("but the game ended drawn")),
                "{date}: {:?}",
                r.warnings
            );
        }
        // A quiet 75th move under 2014 and later: the next move comes after the end.
        let quiet = format!("[Date \"2016.01.01\"]\n[FEN \"{fen}\"]\n\n100. Rb1 Kf8 *");
        let r = both_replays(&quiet, None);
        assert!(
            r.warnings.iter().any(|w| w
                == "move 100 (black) 'Kf8' after the game ended (75 moves without a pawn move or capture; Article 9.6b of the 2014 Laws)"),
            "{:?}",
            r.warnings
        );
    }
}
