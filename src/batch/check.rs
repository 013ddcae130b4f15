//! `check`: every game of every input replayed on every core, one report per game in input
//! order (text or JSON lines), and a summary.

use super::engine::{run, GameRef, Options, Sink, BROKEN_OFF};
use super::input::{Input, InputError};
use super::progress::{NoProgress, Progress, Tally};
use super::repair::{is_repairable, repair_broken_game, repair_game, GameRepair, RepairPolicy};
use crate::encoding::{decode, Encoding};
use crate::notation::sheet::FromLetters;
use crate::pgn::game::GameBuilder;
use crate::pgn::mend::mendable;
use crate::pgn::{Limits, Location, PgnError, SliceReader};
use crate::replay::{
    replay_game, DeadAnalysis, ErrorKind, GameWarning, MoveError, Replay, ReplayOptions,
    ReplayVisitor,
};
use std::io::{self, Write};

/// What `check` reports and how it runs.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// How moves are read (letters).
    pub replay: ReplayOptions,
    /// The inputs' encoding; detected per game section when `None`.
    pub encoding: Option<Encoding>,
    /// One JSON object per game per line instead of text.
    pub json: bool,
    /// With `json`: add the replayed mainline in UCI.
    pub uci: bool,
    /// Threads and batch size.
    pub engine: Options,
    /// Try to repair each game whose moves fail ([`super::repair_game`]), and report the repair.
    pub repair: Option<RepairPolicy>,
}

/// The counts of a `check` run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// Games read.
    pub games: u64,
    /// Games that replayed without error.
    pub ok: u64,
    /// Games with an error (syntax, letters, illegal or ambiguous moves, bad FEN).
    pub errors: u64,
    /// Games of variants other than standard chess and Chess960.
    pub unsupported: u64,
    /// Warnings in all.
    pub warnings: u64,
    /// Games whose repair was tried (with [`CheckOptions::repair`]).
    pub repairs_tried: u64,
    /// Games whose repair was clear enough to take.
    pub repairs_taken: u64,
    /// Inputs that could not be read (to their end), with the reason.
    pub failed_inputs: Vec<String>,
}

impl CheckSummary {
    /// The closing line: `checked N games: ...`.
    pub fn line(&self) -> String {
        let mut line = format!(
            "checked {} games: {} ok, {} with errors, {} unsupported variants, {} warnings",
            self.games, self.ok, self.errors, self.unsupported, self.warnings
        );
        if self.repairs_tried > 0 {
            line.push_str(&format!(
                "; repair tried on {}, taken for {}",
                self.repairs_tried, self.repairs_taken
            ));
        }
        line
    }
}

/// One game's verdict, as a worker produced it.
struct Checked {
    replay: Replay,
    readable: bool,
    encoding: Encoding,
    repair: Option<GameRepair>,
}

/// Replays every game of `inputs` and writes one report per game to `out` in input order.
/// Encodings other than UTF-8 are noted once per input on `notes` (text mode).
///
/// ```
/// use scoresheet::batch::{check, CheckOptions, Input};
/// let dir = std::env::temp_dir().join(format!("scoresheet-check-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("two.pgn");
/// std::fs::write(&path, "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
/// let mut out = Vec::new();
/// let summary = check(&[Input::Path(path)], &CheckOptions::default(), &mut out, &mut std::io::sink()).unwrap();
/// assert_eq!((summary.games, summary.ok, summary.errors), (2, 1, 1));
/// assert!(String::from_utf8(out).unwrap().contains("game 2: move 2 (white) 'Ke3': illegal"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn check(
    inputs: &[Input],
    options: &CheckOptions,
    out: &mut dyn Write,
    notes: &mut dyn Write,
) -> io::Result<CheckSummary> {
    check_with_progress(inputs, options, out, notes, &mut NoProgress)
}

/// [`check`], telling `progress` the counts after each game (see [`super::Progress`]).
pub fn check_with_progress(
    inputs: &[Input],
    options: &CheckOptions,
    out: &mut dyn Write,
    notes: &mut dyn Write,
    progress: &mut dyn Progress,
) -> io::Result<CheckSummary> {
    let mut sink = Reporter {
        progress,
        tally: Tally::default(),
        options,
        out,
        notes,
        summary: CheckSummary::default(),
        names: inputs.iter().map(Input::display_name).collect(),
        numbers: vec![0; inputs.len()],
        noted: vec![false; inputs.len()],
        transcoded: vec![None; inputs.len()],
        text: String::new(),
        error: None,
    };
    run(
        inputs,
        &options.engine,
        |g: &GameRef<'_>| check_section(g, options),
        &mut sink,
    );
    sink.progress.finish(&sink.tally);
    match sink.error {
        Some(e) => Err(e),
        None => Ok(sink.summary),
    }
}

struct Reporter<'a> {
    progress: &'a mut dyn Progress,
    tally: Tally,
    options: &'a CheckOptions,
    out: &'a mut dyn Write,
    notes: &'a mut dyn Write,
    summary: CheckSummary,
    /// Per input: its name in reports, made once rather than for every game.
    names: Vec<String>,
    numbers: Vec<u64>,
    /// Per input: whether the last game read was in an encoding other than UTF-8.
    noted: Vec<bool>,
    /// Per input: the encoding it was transcoded from when opened (UTF-16), which its games
    /// are in.
    transcoded: Vec<Option<Encoding>>,
    text: String,
    error: Option<io::Error>,
}

impl Sink<Vec<Checked>> for Reporter<'_> {
    fn input_transcoded(&mut self, input: usize, encoding: Encoding) {
        if let Some(slot) = self.transcoded.get_mut(input) {
            *slot = Some(encoding);
        }
    }

    fn game(&mut self, g: &GameRef<'_>, games: Vec<Checked>) {
        let file = &self.names[g.input];
        self.tally.bytes += g.bytes.len() as u64;
        for c in games {
            self.numbers[g.input] += 1;
            let number = self.numbers[g.input];
            let r = &c.replay;
            self.summary.games += 1;
            self.summary.warnings += r.warnings.len() as u64;
            match &r.error {
                None => self.summary.ok += 1,
                Some(e) if e.kind == ErrorKind::UnsupportedVariant => self.summary.unsupported += 1,
                Some(_) => self.summary.errors += 1,
            }
            // Games are decoded one by one, so that a game pasted in from a file in another
            // encoding is read right; each change of encoding within an input is noted.
            // (A UTF-16 input's games were transcoded when it was opened.)
            let encoding = self.transcoded[g.input].unwrap_or(c.encoding);
            let utf8 = matches!(encoding, Encoding::Utf8 | Encoding::Utf8Bom);
            if !self.options.json && c.readable && self.noted[g.input] == utf8 {
                self.noted[g.input] = !utf8;
                let how = if self.options.encoding.is_some() {
                    ""
                } else {
                    " (detected)"
                };
                let _ = writeln!(
                    self.notes,
                    "{file}: game {number}: encoding {encoding}{how}"
                );
            }
            self.tally.games += 1;
            self.tally.errors += u64::from(
                r.error
                    .as_ref()
                    .is_some_and(|e| e.kind != ErrorKind::UnsupportedVariant),
            );
            self.progress.game(&self.tally);
            if let Some(repair) = &c.repair {
                self.summary.repairs_tried += 1;
                self.summary.repairs_taken += u64::from(repair.accepted());
            }
            self.text.clear();
            write_report(
                file,
                number,
                r,
                c.readable,
                encoding,
                self.options,
                &mut self.text,
            );
            if let Some(repair) = &c.repair {
                write_repair(file, number, repair, self.options.json, &mut self.text);
            }
            if self.error.is_none() {
                if let Err(e) = self.out.write_all(self.text.as_bytes()) {
                    self.error = Some(e);
                }
            }
        }
    }

    fn input_failed(&mut self, _: usize, _: &Input, error: InputError) {
        self.summary.failed_inputs.push(error.to_string());
    }

    /// Once the report cannot be written (`check big.pgn | head` closed the pipe, a full
    /// disk), checking on would only cost time.
    fn stopped(&self) -> bool {
        self.error.is_some()
    }
}

/// Replays the games of one section of input.
fn check_section(g: &GameRef<'_>, options: &CheckOptions) -> Vec<Checked> {
    let origin = Location {
        offset: g.byte_offset,
        line: u32::try_from(g.line).unwrap_or(u32::MAX),
        column: 1,
    };
    let number = g.index + 1;
    if g.oversized {
        let r = syntax_error_at(
            origin,
            format!("game larger than {} bytes", super::MAX_GAME_BYTES),
        );
        return vec![Checked {
            replay: r,
            readable: false,
            encoding: Encoding::Utf8,
            repair: None,
        }];
    }
    let decoded;
    // A byte-order mark before the first game is no character of it: UTF-8 read as it is has
    // its columns counted from after the mark (as the decoded text of `clean` has).
    let mut origin = origin;
    let mut after_bom = || match g.bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => {
            origin.offset += 3;
            rest
        }
        None => g.bytes,
    };
    let chosen = super::game_encoding(options.encoding);
    let (text, encoding): (&[u8], Encoding) = match chosen {
        Some(Encoding::Utf8) | None if std::str::from_utf8(g.bytes).is_ok() || chosen.is_some() => {
            // UTF-8 is read as it is, so that bytes which are not UTF-8 are reported per game.
            (after_bom(), Encoding::Utf8)
        }
        choice => {
            decoded = decode(g.bytes, choice);
            match decoded.encoding {
                Encoding::Utf8 | Encoding::Utf8Bom => (after_bom(), decoded.encoding),
                e => (decoded.text.as_bytes(), e),
            }
        }
    };
    let mut reader = SliceReader::with_origin(text, Limits::default(), origin, number);
    // Replay as the games are read; a game that English letters do not read is read again as a
    // tree, where its letter set is detected.
    // The text report shows no status: the dead-position analysis is only needed where it can
    // contradict a decisive result.
    let mut visitor = ReplayVisitor::new(&options.replay)
        .with_uci(options.uci)
        .with_dead_analysis(if options.json {
            DeadAnalysis::Always
        } else {
            DeadAnalysis::Decisive
        });
    let mut builder = GameBuilder::default();
    let mut out = Vec::with_capacity(1);
    let mut n = number - 1;
    while let Some(read) = reader.read_game(&mut visitor) {
        n += 1;
        // The reader's syntax error, where it stopped at one.
        let mut syntax = None;
        let (r, readable) = match read {
            Ok(r) if !r.needs_detection => (r, true),
            Ok(r) => match reader.last_game() {
                Some((text, origin)) => {
                    let mut again =
                        SliceReader::with_origin(text.as_bytes(), Limits::default(), origin, n);
                    match again.read_game(&mut builder) {
                        Some(Ok(game)) => (replay_game(&game, &options.replay), true),
                        _ => (r, true),
                    }
                }
                None => (r, true),
            },
            Err(e) => {
                let r = before_syntax_error(reader.last_game(), &e, n, &options.replay)
                    .unwrap_or_else(|| syntax_error(&e));
                syntax = Some(e);
                (r, false)
            }
        };
        let repair = match (&options.repair, &r.error, &syntax) {
            // A game stopped at a stray character or a bracket never closed is read again past
            // it and repaired.
            (Some(policy), Some(_), Some(e)) if mendable(&e.kind) => {
                reader.last_game().and_then(|(text, origin)| {
                    repair_broken_game(text, origin, n, &options.replay.from, policy)
                })
            }
            (Some(policy), Some(e), None) if is_repairable(e.kind) => {
                try_repair(reader.last_game(), n, &options.replay.from, policy)
            }
            _ => None,
        };
        out.push(Checked {
            replay: r,
            readable,
            encoding,
            repair,
        });
    }
    if g.broken_off {
        // The last game read is the one the input failed inside: however it reads, it may
        // not be the whole game.
        let (line, column, offset) = g.end();
        let at = Location {
            offset,
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        };
        match out.last_mut() {
            Some(last) => {
                // An error found in it is most likely the break itself (a comment or a move
                // cut in half): said after it.
                let mut message = BROKEN_OFF.to_owned();
                if let Some(found) = &last.replay.error {
                    message.push_str(&format!(" (as read: {}: {})", found.kind, found.message));
                }
                last.replay.error = Some(MoveError::game_level(ErrorKind::Syntax, message, at));
                last.repair = None;
            }
            None => out.push(Checked {
                replay: syntax_error_at(at, BROKEN_OFF.to_owned()),
                readable: false,
                encoding,
                repair: None,
            }),
        }
    }
    // A section with no game: stray text is reported; comments alone (the note before a
    // rejects file's first game) are passed over, as between games.
    if out.is_empty() && !crate::pgn::split::only_comments(g.bytes) {
        out.push(Checked {
            replay: syntax_error_at(origin, "no game in this text".to_owned()),
            readable: false,
            encoding,
            repair: None,
        });
    }
    out
}

/// Reads the game just replayed (`text` and where it starts) again as a tree and repairs it.
fn try_repair(
    last: Option<(&str, Location)>,
    number: u64,
    from: &FromLetters,
    policy: &RepairPolicy,
) -> Option<GameRepair> {
    let (text, origin) = last?;
    let mut builder = GameBuilder::default();
    let mut again = SliceReader::with_origin(text.as_bytes(), Limits::default(), origin, number);
    let game = again.read_game(&mut builder)?.ok()?;
    repair_game(&game, from, policy).ok()
}

/// Appends what a repair found: with `json`, a `"repair"` member added to the game's object
/// (which `out` ends with), else one line for the verdict and one per correction.
fn write_repair(file: &str, game: u64, repair: &GameRepair, json: bool, out: &mut String) {
    let r = &repair.repair;
    if json {
        let value = serde_json::json!({
            "taken": repair.accepted(),
            "refusal": repair.refusal,
            "confidence": r.confidence,
            "cost": r.cost,
            "san": r.san,
            "corrections": r.corrections,
            "stop": r.stop,
            "alternatives": r.alternatives_total,
            "mended": repair.mends,
        });
        if out.ends_with("}\n") {
            out.truncate(out.len() - 2);
            out.push_str(",\"repair\":");
            out.push_str(&value.to_string());
            out.push_str("}\n");
        }
        return;
    }
    match &repair.refusal {
        None => {
            let closed = repair.mends.iter().filter(|m| m.closed.is_some()).count();
            let strays = repair.mends.len() - closed;
            let mended = match (strays, closed) {
                (0, 0) => String::new(),
                (n, 0) => format!(", {n} stray character(s) mended"),
                (0, _) => ", a comment or variation never closed mended".to_owned(),
                (n, _) => format!(
                    ", {n} stray character(s) and a comment or variation never closed mended"
                ),
            };
            out.push_str(&format!(
                "{file}: game {game}: repair: taken (confidence {:.2}, {} correction(s){mended})\n",
                r.confidence,
                r.corrections.len(),
            ));
        }
        Some(why) => out.push_str(&format!("{file}: game {game}: repair: not taken: {why}\n")),
    }
    for line in repair.correction_lines() {
        out.push_str(&format!("{file}: game {game}: repair: {line}\n"));
    }
}

/// A game the reader stopped at a syntax error `e`, replayed up to it (`last`: the game's text
/// and where it starts): an illegal move before the error is the game's first error, and is
/// reported with the syntax error said after it; otherwise the syntax error, with what the
/// replay knows of the game (its tags' result and Laws, the plies read before the error).
/// `clean` asks the same, so that its rejects give the same first error as `check`.
pub(super) fn before_syntax_error(
    last: Option<(&str, Location)>,
    e: &PgnError,
    number: u64,
    options: &ReplayOptions,
) -> Option<Replay> {
    let game = crate::pgn::Game::read_before_error(last, e, number)?;
    let mut r = replay_game(&game, options);
    // What the cut itself makes of the game (no result written, its last position) is not
    // the game's.
    r.warnings.retain(|w| {
        !w.starts_with("the movetext has no result token") && !w.starts_with("result ")
    });
    r.status = crate::replay::Status::Ongoing;
    match &r.error {
        Some(_) => r.warnings.push(GameWarning::at(
            format!("then a syntax error: {}", e.kind),
            e.at,
        )),
        None => {
            r.error = Some(MoveError::game_level(
                ErrorKind::Syntax,
                e.kind.to_string(),
                e.at,
            ))
        }
    }
    Some(r)
}

/// A reader error as a game-level report.
fn syntax_error(e: &PgnError) -> Replay {
    syntax_error_at(e.at, e.kind.to_string())
}

fn syntax_error_at(at: Location, message: String) -> Replay {
    Replay {
        letters: String::new(),
        plies: 0,
        result: None,
        status: crate::replay::Status::Ongoing,
        warnings: Vec::new(),
        error: Some(MoveError::game_level(ErrorKind::Syntax, message, at)),
        uci: Vec::new(),
        needs_detection: false,
        laws: crate::laws::Edition::default(),
        ended_early: None,
        variation_past_end: None,
    }
}

/// Escapes a string as a JSON string literal.
fn json_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_opt_str(s: Option<&str>, out: &mut String) {
    match s {
        Some(s) => json_str(s, out),
        None => out.push_str("null"),
    }
}

fn json_error(e: &MoveError, out: &mut String) {
    out.push_str("{\"kind\":");
    json_str(e.kind.as_str(), out);
    out.push_str(",\"message\":");
    json_str(&e.message, out);
    out.push_str(&format!(
        ",\"line\":{},\"column\":{},\"move_number\":{},\"side\":",
        e.line, e.column, e.move_number
    ));
    json_opt_str(e.side.map(side_name), out);
    out.push_str(",\"token\":");
    json_str(&e.token, out);
    out.push_str(&format!(",\"ply\":{}}}", e.ply));
}

/// A warning as JSON: `{"message":…,"line":…,"column":…}`, line and column `null` for a
/// warning about the whole game.
fn json_warning(w: &GameWarning, out: &mut String) {
    out.push_str("{\"message\":");
    json_str(&w.message, out);
    match w.at {
        Some(at) => out.push_str(&format!(",\"line\":{},\"column\":{}}}", at.line, at.column)),
        None => out.push_str(",\"line\":null,\"column\":null}"),
    }
}

fn side_name(c: crate::board::Color) -> &'static str {
    match c {
        crate::board::Color::White => "white",
        crate::board::Color::Black => "black",
    }
}

/// Appends one game's report to `out`: a JSON line with `json`, else error and warning lines
/// (`file:line:column: game N: move M (side) 'token': kind: reason`, and
/// `file:line:column: game N: warning: …`, the place left out for a warning about the whole
/// game).
pub fn write_report(
    file: &str,
    game: u64,
    r: &Replay,
    readable: bool,
    encoding: Encoding,
    args: &CheckOptions,
    out: &mut String,
) {
    if args.json {
        out.push_str("{\"file\":");
        json_str(file, out);
        out.push_str(&format!(",\"game\":{game},\"ok\":{}", r.error.is_none()));
        out.push_str(",\"letters\":");
        json_opt_str((!r.letters.is_empty()).then_some(r.letters.as_str()), out);
        out.push_str(&format!(",\"plies\":{},\"result\":", r.plies));
        json_opt_str(r.result.map(|o| o.as_str()), out);
        out.push_str(",\"status\":");
        json_opt_str(readable.then_some(r.status.as_str()), out);
        // The edition the status and the automatic draws were judged under.
        out.push_str(&format!(",\"laws\":\"{}\"", r.laws));
        // An automatic draw the moves went on past: where the game ended under those Laws.
        match r.ended_early {
            Some(end) => out.push_str(&format!(
                ",\"ended_early\":{{\"status\":\"{}\",\"before_move\":{},\"side\":\"{}\"}}",
                end.status.as_str(),
                end.move_number,
                crate::replay::side_name(end.side)
            )),
            None => out.push_str(",\"ended_early\":null"),
        }
        out.push_str(",\"encoding\":");
        json_str(encoding.name(), out);
        out.push_str(",\"warnings\":[");
        for (i, w) in r.warnings.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_warning(w, out);
        }
        out.push_str("],\"error\":");
        match &r.error {
            Some(e) => json_error(e, out),
            None => out.push_str("null"),
        }
        if args.uci {
            out.push_str(",\"uci\":[");
            for (i, u) in r.uci.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_str(u, out);
            }
            out.push(']');
        }
        out.push_str("}\n");
    } else {
        if let Some(e) = &r.error {
            out.push_str(&format!("{file}:{}:{}: game {game}: ", e.line, e.column));
            if let Some(side) = e.side {
                out.push_str(&format!(
                    "move {} ({}) '{}': ",
                    e.move_number,
                    side_name(side),
                    e.token
                ));
            }
            let kind = e.kind.as_str();
            match e
                .message
                .strip_prefix(kind)
                .and_then(|m| m.strip_prefix(": "))
            {
                Some(rest) => out.push_str(&format!("{kind}: {rest}\n")),
                None => out.push_str(&format!("{kind}: {}\n", e.message)),
            }
        }
        for w in &r.warnings {
            match w.at {
                Some(at) => out.push_str(&format!(
                    "{file}:{}:{}: game {game}: warning: {w}\n",
                    at.line, at.column
                )),
                None => out.push_str(&format!("{file}: game {game}: warning: {w}\n")),
            }
        }
    }
}
