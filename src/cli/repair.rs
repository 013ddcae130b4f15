//! `scoresheet repair`: the legal game a faulty scoresheet most plausibly records (stdout) and
//! every correction made to read it so (stderr, or all of it as JSON with `--json`).

use crate::batch::{
    read_all_mended_games, repair_game_with, repair_sheet, repaired_game, sheet_of, RepairPolicy,
};
use crate::board::{Color, Position};
use crate::encoding::decode_sections;
use crate::notation::sheet::result_of;
use crate::notation::sheet::{header_line, looks_like_pgn, read_sheet, FromLetters, Notation};
use crate::notation::LetterSet;
use crate::pgn::lexer::looks_like_tag_line;
use crate::pgn::mend::{Mend, Mended};
use crate::pgn::{write_game, Game, Outcome, PgnError};
use crate::reconstruct::{Repair, RepairOptions, Sheet};
use clap::Args;
use rayon::prelude::*;
use std::io::Read;
use std::process::ExitCode;

/// Arguments of `scoresheet repair`.
#[derive(Debug, Args)]
pub struct RepairArgs {
    /// The scoresheet: a move list in any national letters, or PGN (read by the PGN reader: each
    /// game's mainline is repaired, from its FEN tag if it has one, and written with its tags,
    /// and in PGN with the comments, glyphs and still legal variations of each move), in any
    /// common encoding; `-` for standard input.
    pub file: String,
    /// The other player's scoresheet of the same game: both are read and reconciled, and every
    /// place they disagree is listed.
    #[arg(long)]
    pub with: Option<String>,
    /// Letters of the sheet: `auto` (the set that reads it legally to the end; on a sheet with
    /// slips, the set whose piece letters its words use most), a language code (cs, sk, hr,
    /// de, ...) or six letters in the order K Q R B N P (e.g. KDVSJP).
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// Letters of the output (fide, long and long-hyphen forms).
    #[arg(long, default_value = "en")]
    pub to: String,
    /// Output form: pgn, san, fide, long, long-hyphen, uci (one line) or figurine.
    #[arg(long, default_value = "pgn")]
    pub notation: String,
    /// Print the game and the corrections as one JSON object on standard output (an array of
    /// them, each with its `index` from 1, for a PGN file of several games).
    #[arg(long)]
    pub json: bool,
    /// Search states kept per word of the sheet (wider is slower and more thorough); a sheet
    /// that still reads badly is searched a second time with eight times as many.
    #[arg(long, default_value_t = RepairOptions::DEFAULT_BEAM, value_parser = super::parse_beam)]
    pub beam: usize,
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("scoresheet repair: {msg}");
    ExitCode::from(super::EXIT_USAGE)
}

/// The file's text, in whatever common encoding it was saved (UTF-8/16, Windows-1250,
/// ISO-8859-2, CP852, Windows-1252, Windows-1251: detected, as `convert` and `check` do).
fn read_input(file: &str) -> std::io::Result<String> {
    let bytes = if file == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf)?;
        buf
    } else {
        std::fs::read(file)?
    };
    Ok(decode_sections(&bytes, None).text)
}

/// The games of a file given as PGN (a tag line, a comment or a variation in it), as the PGN
/// reader reads them, a game it stops in at a slip in its text read again past it
/// ([`read_all_mended_games`], its moves judged in `from`'s letters); `None` for a move list, or
/// when the PGN reader reads no game of it (then it is read as a move list).
fn pgn_games(text: &str, from: &FromLetters) -> Option<Vec<Result<Mended, PgnError>>> {
    // A comment makes a text PGN unless the text opens with a sheet's head (`Bílý: Novák,
    // Jan`), which the PGN reader would read as moves.
    let headed = || {
        text.lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .is_some_and(|l| header_line(l).is_some())
    };
    let pgn = (text.contains('{') && !headed())
        || looks_like_pgn(text)
        || text
            .lines()
            .any(|l| looks_like_tag_line(l.trim_start().as_bytes()));
    if !pgn {
        return None;
    }
    let games = read_all_mended_games(text.as_bytes(), from);
    games.iter().any(Result::is_ok).then_some(games)
}

/// The games of a move list, as `convert` reads them ([`read_sheet`]: a game ends at its result
/// or where the first move number comes again below a blank line) where the next starts at
/// `1.`: each game's text, with its
/// head (the lines right above its moves), standing on the lines it has in the file (the lines
/// before it left blank, so that the report's lines are the file's). One game, or text with tag
/// lines: the whole text.
fn move_list_games(text: &str) -> Vec<String> {
    // A PGN game the PGN reader could not read comes here whole: its tags are the repair's
    // sheet reader's to read (the move-list reader takes them for words).
    let tagged = text
        .lines()
        .any(|l| looks_like_tag_line(l.trim_start().as_bytes()));
    let games = if tagged { Vec::new() } else { read_sheet(text) };
    if games.len() < 2 {
        return vec![text.to_owned()];
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let blank_or_result = |k: usize| {
        let line = lines.get(k).map_or("", |l| l.trim());
        line.is_empty() || result_of(line).is_some()
    };
    // Each game from the line after the last blank line (or result) above its first move, and
    // not above the last move of the game before it.
    let mut starts = vec![0usize];
    let mut previous_last = 0;
    // Games with moves only (a head alone, or PGN tags the move-list reader took for a game of
    // their own, go with the moves below them).
    let with_moves = games
        .iter()
        .filter_map(|g| Some((g.moves.first()?, g.moves.last()?)));
    for (k, (first, last)) in with_moves.enumerate() {
        let mut start = first.line.saturating_sub(1);
        while start > previous_last && !blank_or_result(start - 1) {
            start -= 1;
        }
        // Only a game that starts at move 1 is another game: moves after a result written
        // too early (a slip the repair passes over) stay with the game before.
        let new_game = first.numbered_as == Some((1, Color::White));
        if k > 0 && new_game && starts.last().is_some_and(|&s| start > s) {
            starts.push(start);
        }
        previous_last = last.line;
    }
    starts
        .iter()
        .enumerate()
        .map(|(k, &from)| {
            let to = starts.get(k + 1).copied().unwrap_or(lines.len());
            let mut piece = "\n".repeat(from);
            piece.extend(lines.get(from..to).unwrap_or(&[]).iter().copied());
            piece
        })
        .collect()
}

/// The other player's sheet (`--with`): a move list, or the mainline of the only game of a PGN
/// file.
fn other_sheet(path: &str, text: &str) -> Result<Sheet, String> {
    match pgn_games(text, &FromLetters::Auto(Vec::new())) {
        None => Ok(Sheet::read(text)),
        Some(games) if games.len() > 1 => Err(format!(
            "--with {path}: {} games in the file; give the one game to reconcile",
            games.len()
        )),
        Some(mut games) => match games.pop() {
            Some(Ok(Mended { game, .. })) => {
                let mut sheet = sheet_of(&game);
                // The result ending the movetext stands for a Result tag the game lacks.
                if let (Some(outcome), None) = (game.outcome, game.tag("Result")) {
                    sheet.tags.push(("Result".into(), outcome.as_str().into()));
                }
                Ok(sheet)
            }
            Some(Err(e)) => Err(format!("--with {path}: {e}")),
            None => Ok(Sheet::read(text)),
        },
    }
}

/// The options that hold for every game of the run.
struct Run<'a> {
    args: &'a RepairArgs,
    from: FromLetters,
    to: LetterSet,
    notation: Notation,
    other: Option<Sheet>,
}

/// One game's outcome: what goes to standard output, the report, and whether it failed.
struct Done {
    game: String,
    json: serde_json::Value,
    report: String,
    failed: bool,
    /// Variations written with the moves that are not legal in the repaired game (PGN out).
    dropped: usize,
}

impl Run<'_> {
    /// Repairs one game of a PGN file, read past the stray characters `mends` say.
    fn pgn_game(&self, game: &Game, mends: &[Mend]) -> Result<Done, String> {
        // The bulk runs' bound on a sheet's length holds here too: the search's memory grows
        // with the words it cannot read well (16 KB of `e e e ...` took 3.5 GB and more).
        let policy = RepairPolicy {
            beam: self.args.beam,
            ..RepairPolicy::default()
        };
        if let Some(why) = policy.too_long(&sheet_of(game), self.other.as_ref()) {
            return Err(why);
        }
        let result = repair_game_with(game, self.other.as_ref(), &self.from, &policy)
            .map_err(|e| format!("{}:{}: {}", e.line, e.column, e.message))?
            .repair;
        // With the other player's sheet, the heads are reconciled as for a move list: tags only
        // the other has, its result where this game gives none, `*` where the two differ.
        let (tags, written, note) = match &self.other {
            Some(other) => {
                let head = game.tag("Result").and_then(result_of);
                let moves = game.outcome.map(|o| o.as_str());
                let (tags, written, note) =
                    reconcile_heads(game.tag_strings(), (head, moves), Some(other));
                (tags, Some(written), note)
            }
            None => (game.tag_strings(), None, None),
        };
        let mut done = if self.notation == Notation::Pgn {
            // PGN out of PGN: the comments, glyphs and variations written with each move stay
            // with the move it was read as.
            let (mut fixed, dropped) = repaired_game(game, &result);
            if let Some(written) = written {
                fixed.tags = tags
                    .iter()
                    .map(|(t, v)| (t.as_str().into(), v.as_str().into()))
                    .collect();
                set_result_tag(&mut fixed, written);
                fixed.outcome = Outcome::from_token(written);
            }
            let mut done = self.done(result, write_game(&fixed));
            done.dropped = dropped;
            if let Some(obj) = done.json.as_object_mut() {
                obj.insert("variations_dropped".into(), dropped.into());
            }
            done
        } else {
            let written = written.unwrap_or_else(|| game.outcome.map_or("*", |o| o.as_str()));
            let text = result.write_tagged(self.notation, &self.to, &tags, written);
            self.done(result, text)
        };
        if let Some(note) = note {
            done.report.push_str(&note);
        }
        if !mends.is_empty() {
            // Said first: what the PGN reader stopped at, and how it was read.
            let mut said: String = mends
                .iter()
                .map(|m| match m.closed {
                    Some(_) => format!("{m}\n"),
                    None => format!("stray character {m}\n"),
                })
                .collect();
            said.push_str(&done.report);
            done.report = said;
            if let Some(obj) = done.json.as_object_mut() {
                obj.insert("mended".into(), serde_json::json!(mends));
            }
        }
        Ok(done)
    }

    /// Repairs a move list.
    fn move_list(&self, text: &str) -> Result<Done, String> {
        let sheet = Sheet::read(text);
        // A PGN game the PGN reader could not read keeps its FEN tag.
        let start = match sheet.tags.iter().find(|(t, _)| t == "FEN") {
            Some((_, fen)) => {
                Position::from_fen(fen.trim()).map_err(|e| format!("FEN tag: {e}"))?
            }
            None => Position::new(),
        };
        let variant = sheet.tags.iter().find(|(t, _)| t == "Variant");
        let start = crate::replay::of_variant(start, variant.map(|(_, v)| v.as_str()));
        if let Some(why) = RepairPolicy::default().too_long(&sheet, self.other.as_ref()) {
            return Err(why);
        }
        let result = repair_sheet(
            &sheet,
            start,
            self.other.as_ref(),
            &self.from,
            self.args.beam,
        );
        // With the other player's sheet: its head fills in the tags this one lacks, and its
        // result stands in for one not written here; two different results give `*`. A sheet
        // whose head and moves give different results has none of its own.
        let (tags, written, note) =
            reconcile_heads(sheet.tags.clone(), sheet.results(), self.other.as_ref());
        let game = result.write_tagged(self.notation, &self.to, &tags, written);
        let mut done = self.done(result, game);
        if let Some(note) = note {
            done.report.push_str(&note);
        }
        Ok(done)
    }

    fn done(&self, result: Repair, game: String) -> Done {
        let failed = result.stop.is_some() || result.alternatives_total > 0;
        let report = result.to_string();
        let mut json = serde_json::to_value(&result).unwrap_or(serde_json::Value::Null);
        if let Some(obj) = json.as_object_mut() {
            obj.insert("file".into(), self.args.file.clone().into());
            obj.insert("game".into(), game.clone().into());
        }
        Done {
            game,
            json,
            report,
            failed,
            dropped: 0,
        }
    }
}

/// What a sheet's head says together with the other player's sheet (`--with`): the sheet's
/// tags with those only the other sheet has, the result to write, and a note where the results
/// disagree. `results` is the sheet's own (the head's and the one after its moves,
/// [`Sheet::results`]): where they differ the sheet gives none of its own; where the two sheets
/// give different results, `*` is written; a sheet with none takes the other's.
fn reconcile_heads(
    mut tags: Vec<(String, String)>,
    results: (Option<&'static str>, Option<&'static str>),
    other: Option<&Sheet>,
) -> (Vec<(String, String)>, &'static str, Option<String>) {
    let mut note = None;
    let (head, moves) = results;
    let mut written = moves.or(head);
    let contradicted = match (head, moves) {
        (Some(head), Some(moves)) if head != moves => {
            written = None;
            Some((head, moves))
        }
        _ => None,
    };
    if let Some(other) = other {
        for (tag, value) in &other.tags {
            if !tags.iter().any(|(t, _)| t == tag) {
                tags.push((tag.clone(), value.clone()));
            }
        }
        match (written, other.result()) {
            (Some(here), Some(there)) if here != there => {
                note = Some(format!(
                    "the sheets give different results ({here} here, {there} on the other \
                     sheet): written *\n"
                ));
                written = Some("*");
            }
            (None, there) => written = there,
            _ => {}
        }
    }
    if let Some((head, moves)) = contradicted {
        let from_other = if written.is_some() {
            " (the other sheet's)"
        } else {
            ""
        };
        note = Some(format!(
            "the sheet's head gives the result {head}, its moves end with {moves}: written \
             {}{from_other}\n",
            written.unwrap_or("*")
        ));
    }
    (tags, written.unwrap_or("*"), note)
}

/// Sets (or adds) `game`'s Result tag to `result`.
fn set_result_tag(game: &mut Game, result: &str) {
    match game.tags.iter_mut().find(|(t, _)| t == "Result") {
        Some((_, value)) => *value = result.into(),
        None => game.tags.push(("Result".into(), result.into())),
    }
}

/// Runs `scoresheet repair`.
pub fn run(args: &RepairArgs) -> ExitCode {
    if args.file == "-" && args.with.as_deref() == Some("-") {
        return usage("the sheet and --with cannot both be standard input (`-`)");
    }
    let text = match read_input(&args.file) {
        Ok(t) => t,
        Err(e) => return usage(&format!("{}: {e}", args.file)),
    };
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        // Nothing to repair: no game was written, and none is made up. The input's fault
        // (exit 1), as a sheet of no moves at all would be.
        eprintln!("scoresheet repair: {}: no game or moves in it", args.file);
        return ExitCode::from(super::EXIT_INPUT_ERROR);
    }
    let other = match &args.with {
        Some(path) => match read_input(path).map_err(|e| format!("{path}: {e}")) {
            Ok(t) => match other_sheet(path, &t) {
                Ok(sheet) => Some(sheet),
                Err(e) => return usage(&e),
            },
            Err(e) => return usage(&e),
        },
        None => None,
    };
    let (from, to, notation) = match (
        super::parse_from(&args.from),
        super::parse_to(&args.to),
        super::parse_notation(&args.notation),
    ) {
        (Ok(f), Ok(t), Ok(n)) => (f, t, n),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return usage(&e),
    };
    super::note_unused_letters("repair", (&args.to, &to), (&args.notation, notation));
    let run = Run {
        args,
        from,
        to,
        notation,
        other,
    };
    match pgn_games(&text, &run.from) {
        None => repair_each(&run, &move_list_games(&text), |piece| run.move_list(piece)),
        Some(games) => repair_each(&run, &games, |g| match g {
            Ok(m) => run.pgn_game(&m.game, &m.mends),
            Err(e) => Err(format!("{}: {}", e.at, e.kind)),
        }),
    }
}

/// Repairs the games of a file side by side, one per core, and prints them in their order
/// (numbered from 1 where there are several); with `--with` the file must hold the one game.
fn repair_each<T: Sync>(
    run: &Run<'_>,
    games: &[T],
    one: impl Fn(&T) -> Result<Done, String> + Sync,
) -> ExitCode {
    if run.other.is_some() && games.len() > 1 {
        return usage(&format!(
            "--with reconciles one game: {} holds {}",
            run.args.file,
            games.len()
        ));
    }
    let many = games.len() > 1;
    let done: Vec<(Option<usize>, Result<Done, String>)> = games
        .par_iter()
        .enumerate()
        .map(|(i, g)| (many.then_some(i + 1), one(g)))
        .collect();
    finish(run.args, run.notation, &done)
}

/// Prints every game's repair (each game on standard output and its report on standard error,
/// or one JSON value: an object for one game, an array of them for several) and gives the exit
/// code: non-zero when a game stops early, could be another game, or could not be read.
fn finish(
    args: &RepairArgs,
    notation: Notation,
    done: &[(Option<usize>, Result<Done, String>)],
) -> ExitCode {
    let mut failed = false;
    let mut values = Vec::new();
    let mut out = String::new();
    for (index, d) in done {
        let place = match index {
            Some(i) => format!("{} (game {i})", args.file),
            None => args.file.clone(),
        };
        match d {
            Ok(d) => {
                failed |= d.failed;
                if d.dropped > 0 {
                    eprintln!(
                        "scoresheet repair: {place}: {} variation(s) not legal in the repaired game, left out",
                        d.dropped
                    );
                }
                if args.json {
                    values.push((*index, d.json.clone()));
                } else {
                    // A blank line between games, as `convert` writes them (UCI: a line each).
                    if notation != Notation::Uci && !out.is_empty() && !out.ends_with("\n\n") {
                        out.push('\n');
                    }
                    out.push_str(&d.game);
                    eprint!("{place}: {}", d.report);
                }
            }
            Err(e) => {
                failed = true;
                if args.json {
                    values.push((*index, serde_json::json!({ "file": args.file, "error": e })));
                } else {
                    eprintln!("scoresheet repair: {place}: not repaired: {e}");
                }
            }
        }
    }
    if args.json {
        // In a file of several games, each object says which game it is.
        let mut values: Vec<serde_json::Value> = values
            .into_iter()
            .map(|(index, mut v)| {
                if let (Some(obj), Some(i)) = (v.as_object_mut(), index) {
                    obj.insert("index".into(), i.into());
                }
                v
            })
            .collect();
        let value = match values.len() {
            1 => values.pop().unwrap_or_default(),
            _ => serde_json::Value::Array(values),
        };
        let json = serde_json::to_string_pretty(&value).unwrap_or_default();
        if let Err(e) = super::print_stdout(&format!("{json}\n")) {
            return usage(&e);
        }
    } else if let Err(e) = super::print_stdout(&out) {
        return usage(&e);
    }
    if failed {
        ExitCode::from(super::EXIT_INPUT_ERROR)
    } else {
        ExitCode::from(super::EXIT_OK)
    }
}
