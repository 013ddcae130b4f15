//! Replaying straight from the reader's visitor calls, without building a [`Game`](crate::pgn::Game)
//! tree: the bulk path. One position per open variation is kept (reused between games); strings
//! are allocated only for what is reported.
//!
//! With automatic letters the visitor reads English first; a game that fails in English is
//! flagged ([`Replay::needs_detection`](super::Replay)) so the caller can read it again with
//! detection ([`replay_game`](super::replay_game)).
//!
//! ```
//! use scoresheet::pgn::SliceReader;
//! use scoresheet::replay::{ReplayOptions, ReplayVisitor, Status};
//! let mut r = SliceReader::new(b"1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
//! let mut v = ReplayVisitor::new(&ReplayOptions::default());
//! let rep = r.read_game(&mut v).unwrap().unwrap();
//! assert!(rep.error.is_none());
//! assert_eq!((rep.plies, rep.status), (7, Status::Checkmate));
//! ```

use super::{
    ending, final_status, null_move, number_out_of_step, read_token, result_contradictions,
    seventy_five_moves, side_name, supported_variant, DeadAnalysis, EndedEarly, ErrorKind,
    GameWarning, History, MoveError, Replay, ReplayOptions, Status,
};
use crate::board::{Move, Position, Role};
use crate::laws::{earliest_day, latest_day, Edition};
use crate::notation::sheet::FromLetters;
use crate::notation::{LetterSet, Warning, Warnings};
use crate::pgn::{Location, Outcome, TagValue, Visitor};
use std::ops::ControlFlow;

/// One line being replayed: the mainline or an open variation.
#[derive(Clone, Debug)]
struct Level {
    /// The position now is `positions[now]`. The other slot holds the position before the
    /// last move of this line (where a variation starts) when `has_before`, and is always
    /// where the next move is read into: flipping `now` then makes it current, with no copy.
    positions: [Position; 2],
    now: bool,
    has_before: bool,
    /// Half-moves from the game start to the position now.
    ply: u32,
    /// An error or the end of the game stopped this line.
    dead: bool,
}

impl Level {
    /// A line starting at `pos`, `ply` half-moves into the game.
    fn new(pos: Position, ply: u32, dead: bool) -> Level {
        Level {
            positions: [pos.clone(), pos],
            now: false,
            has_before: false,
            ply,
            dead,
        }
    }

    /// The position after the last move of this line.
    fn pos(&self) -> &Position {
        &self.positions[usize::from(self.now)]
    }

    /// The other slot: the position before the last move when `has_before`.
    fn before(&self) -> &Position {
        &self.positions[usize::from(!self.now)]
    }

    /// The position now, and the other slot to write the next one into.
    fn both(&mut self) -> (&Position, &mut Position) {
        let [a, b] = &mut self.positions;
        if self.now {
            (b, a)
        } else {
            (a, b)
        }
    }
}

/// A [`Visitor`] that replays each game as it is read (see the [module docs](self)).
#[derive(Debug)]
pub struct ReplayVisitor {
    /// The letter set given, or `None` for English (no copy of the shared English set per game).
    letters: Option<LetterSet>,
    auto: bool,
    max_warnings: usize,
    collect_uci: bool,
    dead_analysis: DeadAnalysis,
    game_at: Location,
    tag_result: Option<Outcome>,
    /// The Variant tag says standard chess (see `replay::declares_standard`).
    standard: bool,
    /// A Result tag was read: a second one is passed over, as the game tree's `tag` and
    /// `clean` (which drops it) take the first.
    result_tag_seen: bool,
    outcome: Option<Outcome>,
    /// Where the result token stands, and where the Result tag does: where the game's result
    /// warnings are placed.
    outcome_at: Option<Location>,
    result_at: Option<Location>,
    /// The Result tag's value where it is none of PGN's four results (`2-0`).
    result_tag_bad: Option<String>,
    /// The FEN tag's value and where the tag stands.
    fen: Option<(String, Location)>,
    variant: Option<String>,
    started: bool,
    start_ply: u32,
    levels: Vec<Level>,
    error: Option<MoveError>,
    needs_detection: bool,
    warnings: Vec<GameWarning>,
    more_warnings: usize,
    uci: Vec<String>,
    /// The mainline's positions, from the start.
    history: History,
    ended: Option<Status>,
    /// The automatic draw the mainline went on past.
    ended_early: Option<EndedEarly>,
    /// The edition given ([`ReplayOptions::laws`]), if any.
    laws_given: Option<Edition>,
    /// The earliest days the game's Date, EventDate and UTCDate tags allow, if they give a year.
    dates: [Option<(u16, u8, u8)>; 3],
    /// The latest days of the Date and UTCDate tags (the earliest of `dates` judge the game;
    /// these say whether later Laws may apply too: [`super::later_laws`]).
    latest_dates: [Option<(u16, u8, u8)>; 2],
    /// The edition the game is judged under, set when it starts.
    laws: Edition,
    /// The move number written since the last move, for the next.
    written_number: Option<u32>,
    /// A move's number out of step was reported (once a game).
    numbers_warned: bool,
    /// The start position and the mainline's moves (kept across games: no allocation per game
    /// once grown), for finding a dead position before the last move
    /// ([`super::dead_end_before_last`]).
    start_pos: Position,
    /// Each with where it was written, for the warning of a move played after a dead position.
    mainline_moves: Vec<(Move, Location)>,
    /// Where the last move read was written (an `e.p.` written apart is warned of there).
    last_move_at: Location,
    /// The mainline has a null move (its positions are no game's).
    mainline_null: bool,
    /// A Variant tag naming a supported variant was read.
    variant_tag: bool,
    /// The Variant tag says Chess960 ([`super::declares_chess960`]).
    chess960: bool,
}

impl ReplayVisitor {
    /// A visitor replaying with `opts` (UCI of the mainline is not collected).
    ///
    /// ```
    /// let v = scoresheet::replay::ReplayVisitor::new(&Default::default());
    /// # let _ = v;
    /// ```
    pub fn new(opts: &ReplayOptions) -> Self {
        let (letters, auto) = match &opts.from {
            FromLetters::Set(s) => (Some(s.clone()), false),
            FromLetters::Auto(_) => (None, true),
        };
        ReplayVisitor {
            letters,
            auto,
            max_warnings: opts.max_warnings,
            collect_uci: false,
            dead_analysis: opts.dead_analysis,
            game_at: Location::default(),
            tag_result: None,
            standard: false,
            result_tag_seen: false,
            outcome: None,
            fen: None,
            variant: None,
            started: false,
            start_ply: 0,
            levels: Vec::new(),
            error: None,
            needs_detection: false,
            warnings: Vec::new(),
            more_warnings: 0,
            uci: Vec::new(),
            history: History::with_capacity(256),
            ended: None,
            ended_early: None,
            laws_given: opts.laws,
            dates: [None; 3],
            latest_dates: [None; 2],
            laws: Edition::default(),
            written_number: None,
            numbers_warned: false,
            start_pos: Position::new(),
            // Room for most games' mainlines at once, as the history has: no growing move by
            // move in a visitor made for one game (as `check` makes them).
            mainline_moves: Vec::with_capacity(256),
            last_move_at: Location::default(),
            outcome_at: None,
            result_at: None,
            result_tag_bad: None,
            mainline_null: false,
            variant_tag: false,
            chess960: false,
        }
    }

    /// Also collect the replayed mainline in UCI.
    ///
    /// ```
    /// let v = scoresheet::replay::ReplayVisitor::new(&Default::default()).with_uci(true);
    /// # let _ = v;
    /// ```
    pub fn with_uci(mut self, yes: bool) -> Self {
        self.collect_uci = yes;
        self
    }

    /// Which final positions are analysed for a dead position (Laws 5.2.2): by default what the
    /// options given to [`ReplayVisitor::new`] say ([`ReplayOptions::dead_analysis`], every one
    /// unless told otherwise). With [`DeadAnalysis::Decisive`] the exact analysis runs only where
    /// its verdict can change a warning: when the game replayed without error and a decisive
    /// result (1-0 or 0-1) is claimed. Elsewhere a dead final position is reported as the other
    /// checks find it (insufficient material still counts as dead; otherwise fivefold, 75 moves
    /// or ongoing): for reports that show the warnings but not the status, such as `check`'s
    /// text output.
    ///
    /// ```
    /// use scoresheet::pgn::SliceReader;
    /// use scoresheet::replay::{DeadAnalysis, ReplayOptions, ReplayVisitor, Status};
    /// // White must take the pawn and leave king against king: dead, as only the exact
    /// // analysis sees.
    /// let pgn = b"[SetUp \"1\"]\n[FEN \"8/8/8/8/8/1k6/p7/K7 b - - 0 1\"]\n\n1... Kc3 1/2-1/2";
    /// let mut v = ReplayVisitor::new(&ReplayOptions::default());
    /// let r = SliceReader::new(pgn).read_game(&mut v).unwrap().unwrap();
    /// assert_eq!(r.status, Status::DeadPosition);
    /// // A draw claimed: the verdict changes no warning, so it is skipped.
    /// let decisive = || ReplayVisitor::new(&ReplayOptions::default())
    ///     .with_dead_analysis(DeadAnalysis::Decisive);
    /// let mut v = decisive();
    /// let r = SliceReader::new(pgn).read_game(&mut v).unwrap().unwrap();
    /// assert_eq!(r.status, Status::Ongoing);
    /// // A win claimed: analysed, and contradicted.
    /// let won = b"[SetUp \"1\"]\n[FEN \"8/8/8/8/8/1k6/p7/K7 b - - 0 1\"]\n\n1... Kc3 0-1";
    /// let mut v = decisive();
    /// let r = SliceReader::new(won).read_game(&mut v).unwrap().unwrap();
    /// assert_eq!(r.status, Status::DeadPosition);
    /// assert!(r.warnings.iter().any(|w| w.contains("dead position")));
    /// ```
    pub fn with_dead_analysis(mut self, which: DeadAnalysis) -> Self {
        self.dead_analysis = which;
        self
    }

    /// Keeps a warning about the move written at `at`, or about the whole game (`None`).
    fn warn(&mut self, w: String, at: Option<Location>) {
        if self.warnings.len() < self.max_warnings {
            self.warnings.push(GameWarning { message: w, at });
        } else {
            self.more_warnings += 1;
        }
    }

    /// Sets up the start position once the tags are known.
    fn start(&mut self) {
        if self.started {
            return;
        }
        self.started = true;
        // As `Edition::of_game`, from the days kept: UTCDate stands for the Date that gives no
        // year (`Game::date_played`).
        let [date, event_date, utc_date] = self.dates;
        let played = date.or(utc_date).max(event_date);
        self.laws = self
            .laws_given
            .or(played.map(Edition::in_force_on_day))
            .unwrap_or_default();
        let mut pos = Position::new();
        if let Some(v) = &self.variant {
            self.error = Some(MoveError::game_level(
                ErrorKind::UnsupportedVariant,
                format!("variant '{v}' is not supported (only standard chess and Chess960)"),
                self.game_at,
            ));
        } else if let Some((fen, at)) = self.fen.as_ref().filter(|(f, _)| !f.trim().is_empty()) {
            match Position::from_fen(fen.trim()) {
                Ok(p) => match super::standard_fen_error(&p).filter(|_| self.standard) {
                    Some(why) => {
                        self.error = Some(MoveError::game_level(ErrorKind::BadFen, why, *at))
                    }
                    None => {
                        if p.castling_needs_chess960() && !self.variant_tag {
                            self.warn(super::CHESS960_BY_FEN.to_owned(), None);
                        }
                        pos = p;
                    }
                },
                Err(e) => {
                    // Located at the tag: the FEN is what is wrong, not the first move.
                    self.error = Some(MoveError::game_level(
                        ErrorKind::BadFen,
                        format!("FEN tag: {e}"),
                        *at,
                    ))
                }
            }
        }
        if self.chess960 {
            pos = pos.into_chess960();
        }
        self.start_ply = pos.plies_before();
        self.history.push(pos.zobrist(), pos.halfmove_clock());
        // A FEN whose clock has run 150 half-moves already: the game was over before its first
        // move, which is then the first played after the end.
        self.ended = seventy_five_moves(&pos, self.laws).then_some(Status::SeventyFiveMoves);
        let dead = self.error.is_some();
        self.start_pos.clone_from(&pos);
        self.levels.push(Level::new(pos, 0, dead));
    }
}

impl Visitor for ReplayVisitor {
    type Output = Replay;

    fn begin_game(&mut self, _game: u64, at: Location) {
        self.game_at = at;
        self.tag_result = None;
        self.standard = false;
        self.result_tag_seen = false;
        self.outcome = None;
        self.outcome_at = None;
        self.result_at = None;
        self.result_tag_bad = None;
        self.fen = None;
        self.variant = None;
        self.started = false;
        self.levels.clear();
        self.error = None;
        self.needs_detection = false;
        self.warnings = Vec::new();
        self.more_warnings = 0;
        self.uci = Vec::new();
        self.history.clear();
        self.ended = None;
        self.ended_early = None;
        self.dates = [None; 3];
        self.latest_dates = [None; 2];
        self.written_number = None;
        self.numbers_warned = false;
        self.mainline_moves.clear();
        self.mainline_null = false;
        self.variant_tag = false;
        self.chess960 = false;
    }

    fn tag(&mut self, name: &str, value: TagValue<'_>, at: Location) {
        match name {
            "Result" if !self.result_tag_seen => {
                self.result_tag_seen = true;
                self.result_at = Some(at);
                self.tag_result = Outcome::from_token(value.raw());
                if self.tag_result.is_none() {
                    self.result_tag_bad = Some(value.decode().into_owned());
                }
            }
            "FEN" if self.fen.is_none() => self.fen = Some((value.decode().into_owned(), at)),
            "Result" | "FEN" => self.warn(
                format!(
                    "a second {name} tag \"{}\" is passed over: the first stands",
                    value.decode()
                ),
                Some(at),
            ),
            "Date" if self.laws_given.is_none() => {
                self.dates[0] = earliest_day(value.raw());
                self.latest_dates[0] = latest_day(value.raw());
            }
            "EventDate" if self.laws_given.is_none() => self.dates[1] = earliest_day(value.raw()),
            "UTCDate" if self.laws_given.is_none() => {
                self.dates[2] = earliest_day(value.raw());
                self.latest_dates[1] = latest_day(value.raw());
            }
            "Variant" if !supported_variant(value.raw()) => {
                self.variant = Some(value.decode().into_owned())
            }
            "Variant" => {
                self.variant_tag = true;
                self.standard = super::declares_standard(value.raw());
                self.chess960 = super::declares_chess960(value.raw());
            }
            _ => {}
        }
    }

    fn end_tags(&mut self) -> ControlFlow<()> {
        self.start();
        if self.error.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn en_passant_mark(&mut self, _at: Location) {
        // Checked as a mark within the move token is (`exd6e.p.`): on a move that took no pawn
        // en passant, it is reported.
        let Some(level) = self.levels.last() else {
            return;
        };
        if level.dead || !level.has_before {
            return;
        }
        // The last move took en passant if a pawn of its side now stands on the square the
        // position before it could take en passant on (empty before: no other move gets there).
        let (before, now) = (level.before(), level.pos());
        let side = before.turn();
        let en_passant = before.ep_square().is_some_and(|sq| {
            before.piece_at(sq).is_none()
                && now
                    .piece_at(sq)
                    .is_some_and(|p| p.color == side && p.role == Role::Pawn)
        });
        if !en_passant {
            let number = (self.start_ply + level.ply - 1) / 2 + 1;
            self.warn(
                format!(
                    "move {number} ({}): {}",
                    side_name(side),
                    Warning::EnPassantMarkOnOtherMove
                ),
                Some(self.last_move_at),
            );
        }
    }

    fn move_number(&mut self, number: u32) {
        self.written_number = Some(number);
    }

    fn san(&mut self, san: &str, at: Location) {
        self.last_move_at = at;
        if let Some(written) = self.written_number.take().filter(|_| !self.numbers_warned) {
            if let Some(level) = self.levels.last().filter(|l| !l.dead) {
                let number = (self.start_ply + level.ply) / 2 + 1;
                if written != number {
                    let side = level.pos().turn();
                    self.numbers_warned = true;
                    self.warn(number_out_of_step(written, number, side, san), Some(at));
                }
            }
        }
        let depth = self.levels.len();
        let mainline = depth == 1;
        let letters = self
            .letters
            .as_ref()
            .unwrap_or_else(|| LetterSet::english());
        let Some(level) = self.levels.last_mut() else {
            return;
        };
        if level.dead {
            return;
        }
        let number = (self.start_ply + level.ply) / 2 + 1;
        let side = level.pos().turn();
        let mut warnings = Warnings::default();
        // The position before the previous move is no longer needed once this one is read: its
        // slot takes the position after this move (one copy per move, made by the reader), and
        // becomes the position now.
        let (now, next) = level.both();
        let mut null_read = false;
        match read_token(now, san, letters, &mut warnings, next) {
            Ok(mv) => {
                match mv {
                    Some(mv) => {
                        if mainline {
                            if self.collect_uci {
                                self.uci
                                    .push(mv.to_uci(level.pos().is_chess960()).to_string());
                            }
                            self.mainline_moves.push((mv, at));
                        }
                        level.now = !level.now;
                    }
                    None => {
                        if mainline {
                            self.history.null_move();
                            self.mainline_null = true;
                            null_read = true;
                        }
                        // As a move: the new position goes in the other slot, which then
                        // becomes the position now.
                        let (now, next) = level.both();
                        match null_move(now) {
                            Some(p) => {
                                *next = p;
                                level.now = !level.now;
                            }
                            None => {
                                next.clone_from(now);
                                level.dead = true;
                            }
                        }
                        if mainline && self.collect_uci {
                            self.uci.push("0000".to_owned());
                        }
                    }
                }
                level.has_before = true;
                level.ply += 1;
                let (pos_key, clock) = (level.pos().zobrist(), level.pos().halfmove_clock());
                let seventy_five = mainline && seventy_five_moves(level.pos(), self.laws);
                if mainline {
                    if let Some(s) = self.ended.take().filter(|_| self.ended_early.is_none()) {
                        self.ended_early = Some(EndedEarly {
                            status: s,
                            move_number: number,
                            side,
                        });
                        self.warn(
                            format!(
                                "move {number} ({}) '{san}' after the game ended ({})",
                                side_name(side),
                                ending(s, self.laws)
                            ),
                            Some(at),
                        );
                    }
                    if null_read {
                        self.warn(format!("move {number}: null move '{san}'"), Some(at));
                    }
                    self.history.push(pos_key, clock);
                    // Only the first end counts: past it, counting repetitions again would cost
                    // a look over every position since the last capture or pawn move at every
                    // ply, however long the game goes on.
                    if self.ended_early.is_none() {
                        if let Some(end) =
                            self.history
                                .automatic_draw(pos_key, seventy_five, self.laws)
                        {
                            self.ended = Some(end);
                        }
                    }
                }
                for w in warnings.iter() {
                    self.warn(
                        format!("move {number} ({}) '{san}': {w}", side_name(side)),
                        Some(at),
                    );
                }
            }
            Err((kind, message)) => {
                level.dead = true;
                let ply = level.ply + 1;
                if !level.pos().has_legal_moves() {
                    let what = if level.pos().is_check() {
                        "checkmate"
                    } else {
                        "stalemate"
                    };
                    self.warn(
                        format!(
                            "move {number} ({}) '{san}' after the game ended by {what}",
                            side_name(side)
                        ),
                        Some(at),
                    );
                    return;
                }
                // As in the tree replay: after an error in a variation, the variations enclosing
                // it stop too; the mainline goes on.
                if !mainline && self.error.is_none() {
                    for l in self.levels.iter_mut().skip(1) {
                        l.dead = true;
                    }
                }
                if self.auto && mainline && self.error.is_none() {
                    self.needs_detection = true;
                }
                if self.error.is_none() {
                    self.error = Some(MoveError {
                        kind,
                        message: super::in_line(mainline, message),
                        line: at.line,
                        column: at.column,
                        move_number: number,
                        side: Some(side),
                        token: san.to_owned(),
                        ply,
                    });
                }
            }
        }
    }

    fn begin_variation(&mut self, _at: Location) -> ControlFlow<()> {
        // A number belongs to a move of its own line.
        self.written_number = None;
        let Some(parent) = self.levels.last() else {
            return ControlFlow::Break(());
        };
        if parent.dead {
            return ControlFlow::Break(());
        }
        let (start, ply) = if parent.has_before {
            (parent.before(), parent.ply.saturating_sub(1))
        } else {
            (parent.pos(), parent.ply)
        };
        let level = Level::new(start.clone(), ply, false);
        self.levels.push(level);
        ControlFlow::Continue(())
    }

    fn end_variation(&mut self, _at: Location) {
        self.written_number = None;
        if self.levels.len() > 1 {
            self.levels.pop();
        }
    }

    fn outcome(&mut self, outcome: Outcome, at: Location) {
        self.outcome = Some(outcome);
        self.outcome_at = Some(at);
    }

    fn end_game(&mut self) -> Replay {
        self.start();
        self.levels.truncate(1);
        let main = self.levels.pop();
        let mut analyse_dead = false;
        let (status, plies) = match &main {
            Some(l) => {
                let reps = self.history.repetitions(l.pos().zobrist()).max(1);
                let fivefold = self.history.fivefold_at_end(reps, self.laws);
                analyse_dead =
                    self.dead_analysis
                        .wanted(self.tag_result, self.outcome, self.error.is_some());
                (
                    final_status(l.pos(), fivefold, analyse_dead, self.laws),
                    l.ply,
                )
            }
            None => (Status::Ongoing, 0),
        };
        // A dead position before the last move ended the game there.
        if self.error.is_none()
            && self.ended_early.is_none()
            && !self.mainline_null
            && matches!(status, Status::DeadPosition | Status::Stalemate)
        {
            let letters = self
                .letters
                .as_ref()
                .unwrap_or_else(|| LetterSet::english());
            if let Some((end, warning)) = super::dead_end_before_last(
                &self.start_pos,
                &self.mainline_moves,
                status,
                analyse_dead,
                self.start_ply,
                letters,
                self.laws,
            ) {
                self.ended_early = Some(end);
                self.warn(warning.message, warning.at);
            }
        }
        // A date that leaves the Laws open (`2014.??.??`): said where the later ones would have
        // ended the game earlier.
        let [latest, latest_utc] = self.latest_dates;
        let later =
            super::later_laws(self.laws, latest.or(latest_utc).max(self.dates[1])).filter(|_| {
                self.laws_given.is_none()
                    && self.ended_early.is_none()
                    && self.error.is_none()
                    && !self.mainline_null
            });
        if let Some(later) = later {
            if let Some(w) = super::ended_under_later_laws(
                &self.start_pos,
                &self.mainline_moves,
                self.laws,
                later,
            ) {
                self.warn(w.message, w.at);
            }
        }
        let result = match self.tag_result {
            Some(Outcome::Unknown) | None => self.outcome.or(self.tag_result),
            r => r,
        };
        let start_failed = main.as_ref().is_some_and(|l| l.dead && l.ply == 0)
            && self.error.as_ref().is_some_and(|e| e.ply == 0);
        let mut warnings = std::mem::take(&mut self.warnings);
        if start_failed {
            warnings.clear();
            return Replay {
                letters: String::new(),
                plies: 0,
                result,
                status: Status::Ongoing,
                warnings,
                error: self.error.take(),
                uci: Vec::new(),
                needs_detection: false,
                laws: self.laws,
                ended_early: None,
                variation_past_end: None,
            };
        }
        if let Some(bad) = self.result_tag_bad.take() {
            warnings.push(GameWarning::maybe_at(
                super::no_result_tag(&bad),
                self.result_at,
            ));
        }
        if let (Some(tag), Some(text)) = (self.tag_result, self.outcome) {
            if tag != text {
                warnings.push(GameWarning::maybe_at(
                    format!("Result tag {tag} but the movetext ends with {text}"),
                    self.outcome_at,
                ));
            }
        }
        if self.outcome.is_none() {
            warnings.push(GameWarning::game(
                "the movetext has no result token".to_owned(),
            ));
        }
        if self.error.is_none() {
            if let Some(l) = &main {
                warnings.extend(
                    result_contradictions(
                        self.tag_result,
                        self.outcome,
                        status,
                        self.ended_early,
                        l.pos(),
                        self.laws,
                    )
                    .into_iter()
                    .map(|c| GameWarning::maybe_at(c, self.outcome_at.or(self.result_at))),
                );
            }
        }
        if self.more_warnings > 0 {
            warnings.push(GameWarning::game(format!(
                "... and {} more warnings",
                self.more_warnings
            )));
        }
        Replay {
            letters: self
                .letters
                .as_ref()
                .unwrap_or_else(|| LetterSet::english())
                .code()
                .to_owned(),
            plies,
            result,
            status,
            warnings,
            error: self.error.take(),
            uci: std::mem::take(&mut self.uci),
            needs_detection: self.needs_detection,
            laws: self.laws,
            ended_early: self.ended_early,
            variation_past_end: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::SliceReader;

    fn replay(pgn: &str) -> Replay {
        let mut v = ReplayVisitor::new(&ReplayOptions::default());
        let mut r = SliceReader::new(pgn.as_bytes());
        r.read_game(&mut v).unwrap().unwrap()
    }

    #[test]
    fn repetitions_are_counted_since_the_last_capture_or_pawn_move() {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ";
        // The start position occurs for the fifth time after four shuffles.
        let mut pgn = String::from("1. ");
        pgn.push_str(&shuffle.repeat(4));
        pgn.push_str("1/2-1/2");
        let r = replay(&pgn);
        assert_eq!(r.status, Status::Fivefold, "{:?}", r.warnings);
        // Three shuffles: four occurrences, not yet fivefold.
        let r = replay(&format!("1. {}*", shuffle.repeat(3)));
        assert_eq!(r.status, Status::Ongoing);
        // A pawn move in between: the occurrences before it no longer count.
        let r = replay(&format!(
            "1. {}e4 e5 {}*",
            shuffle.repeat(2),
            shuffle.repeat(3)
        ));
        assert_eq!(r.status, Status::Ongoing);
        let r = replay(&format!(
            "1. {}e4 e5 {}1/2-1/2",
            shuffle.repeat(2),
            shuffle.repeat(4)
        ));
        assert_eq!(r.status, Status::Fivefold);
        // Moves after the fifth occurrence are reported.
        let r = replay(&format!("1. {}e4 *", shuffle.repeat(4)));
        assert!(ended_by_fivefold(&r), "{:?}", r.warnings);
        let r = replay(&format!("1. {}e4 *", shuffle.repeat(3)));
        assert!(!ended_by_fivefold(&r), "{:?}", r.warnings);
    }

    /// Whether a move after a fifth occurrence was reported.
    fn ended_by_fivefold(r: &Replay) -> bool {
        r.warnings
            .iter()
            .any(|w| w.contains("after the game ended (fivefold repetition;"))
    }

    /// With null moves a position recurs two plies later: eight null moves in a row after
    /// `1. Nf3 Nf6` make its fifth occurrence, seven do not.
    #[test]
    fn null_moves_repeat_the_position_every_two_plies() {
        let r = replay("1. Nf3 Nf6 2. -- -- 3. -- -- 4. -- -- 5. -- -- 6. e4 *");
        assert!(ended_by_fivefold(&r), "{:?}", r.warnings);
        let r = replay("1. Nf3 Nf6 2. -- -- 3. -- -- 4. -- -- 5. -- e5 6. e4 *");
        assert!(!ended_by_fivefold(&r), "{:?}", r.warnings);
    }
}
