//! `scoresheet repair`: the legal game a faulty scoresheet most plausibly records (stdout) and
//! every correction made to read it so (stderr, or all of it as JSON with `--json`).

use crate::batch::{repaired_game, sheet_of};
use crate::board::Position;
use crate::notation::sheet::Notation;
use crate::notation::{detect_letters, LetterSet};
use crate::pgn::lexer::looks_like_tag_line;
use crate::pgn::{write_game, Game, Outcome};
use crate::reconstruct::{repair, repair_two, RepairOptions, Sheet, TokenKind};
use clap::Args;
use std::io::Read;
use std::process::ExitCode;

/// Arguments of `scoresheet repair`.
#[derive(Debug, Args)]
pub struct RepairArgs {
    /// The scoresheet: a move list in any national letters, or PGN (read by the PGN reader: the
    /// first game's mainline is repaired, from its FEN tag if it has one, and written with its
    /// tags, and in PGN with the comments, glyphs and still legal variations of each move);
    /// `-` for standard input.
    pub file: String,
    /// The other player's scoresheet of the same game: both are read and reconciled, and every
    /// place they disagree is listed.
    #[arg(long)]
    pub with: Option<String>,
    /// Letters of the sheet: `auto` (the set that reads it legally furthest), a language code
    /// (cs, sk, hr, de, ...) or six letters in the order K Q R B N P (e.g. KDVSJP).
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// Letters of the output (fide, long and long-hyphen forms).
    #[arg(long, default_value = "en")]
    pub to: String,
    /// Output form: pgn, san, fide, long, long-hyphen, uci (one line) or figurine.
    #[arg(long, default_value = "pgn")]
    pub notation: String,
    /// Print the game and the corrections as one JSON object on standard output.
    #[arg(long)]
    pub json: bool,
    /// Search states kept per word of the sheet (wider is slower and more thorough).
    #[arg(long, default_value_t = RepairOptions::DEFAULT_BEAM)]
    pub beam: usize,
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("scoresheet repair: {msg}");
    ExitCode::from(super::EXIT_USAGE)
}

fn read_input(file: &str) -> std::io::Result<String> {
    let mut text = String::new();
    if file == "-" {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        let bytes = std::fs::read(file)?;
        text = String::from_utf8(bytes)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
    }
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned())
}

/// A sheet given as PGN (a tag line or a comment in it) and read by the PGN reader: its first
/// game, as a sheet of its mainline's move words (variations, comments and glyphs are not
/// part of the sheet; they are written back with the repaired moves), and the position it
/// starts from (its FEN tag). `None` for a move list, or when the PGN reader cannot read it
/// (then it is read as a move list).
fn pgn_game(text: &str) -> Option<(Game, Position)> {
    let pgn = text.contains('{')
        || text
            .lines()
            .any(|l| looks_like_tag_line(l.trim_start().as_bytes()));
    if !pgn {
        return None;
    }
    let games = Game::read_all(text.as_bytes());
    if games.len() > 1 {
        eprintln!(
            "scoresheet repair: {} games in the file: only the first is repaired",
            games.len()
        );
    }
    let game = games.into_iter().next()?.ok()?;
    let start = crate::replay::start_position(&game).ok()?;
    Some((game, start))
}

/// What a file holds: the sheet, the position it starts from, and the PGN game it was read
/// from if it was PGN.
fn read_sheet(text: &str) -> (Sheet, Position, Option<Game>) {
    match pgn_game(text) {
        Some((game, start)) => (sheet_of(&game), start, Some(game)),
        None => (Sheet::read(text), Position::new(), None),
    }
}

/// The letter set that reads the sheet's move words legally furthest (English if none reads).
fn detect(sheet: &Sheet, start: &Position) -> LetterSet {
    let words: Vec<&str> = sheet
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Move)
        .map(|t| t.text.as_str())
        .collect();
    match detect_letters(start, &words, &[]) {
        Ok(d) => d.letters.clone(),
        Err(a) => LetterSet::by_code(&a.first)
            .unwrap_or(LetterSet::english())
            .clone(),
    }
}

/// Runs `scoresheet repair`.
pub fn run(args: &RepairArgs) -> ExitCode {
    let text = match read_input(&args.file) {
        Ok(t) => t,
        Err(e) => return usage(&format!("{}: {e}", args.file)),
    };
    let (sheet, start, game) = read_sheet(&text);
    let other = match &args.with {
        Some(path) => match read_input(path) {
            Ok(t) => Some(read_sheet(&t).0),
            Err(e) => return usage(&format!("{path}: {e}")),
        },
        None => None,
    };
    let letters = if args.from.eq_ignore_ascii_case("auto") {
        detect(&sheet, &start)
    } else {
        match LetterSet::parse_spec(&args.from) {
            Ok(s) => s,
            Err(e) => return usage(&format!("--from: {e}")),
        }
    };
    let to = match super::parse_to(&args.to) {
        Ok(set) => set,
        Err(e) => return usage(&e),
    };
    let notation = match super::parse_notation(&args.notation) {
        Ok(n) => n,
        Err(e) => return usage(&e),
    };
    let mut options = RepairOptions::new(&letters);
    options.beam = args.beam.max(1);
    options.start = start;
    let result = match &other {
        Some(o) => repair_two(&sheet, o, &options),
        None => repair(&sheet, &options),
    };
    let game = match &game {
        // PGN out of PGN: the comments, glyphs and variations written with each move stay
        // with the move it was read as.
        Some(g) if notation == Notation::Pgn => {
            let (mut fixed, dropped) = repaired_game(g, &result);
            if dropped > 0 {
                eprintln!(
                    "scoresheet repair: {}: {dropped} variation(s) not legal in the repaired game, left out",
                    args.file
                );
            }
            if result.stop.is_some() {
                fixed.outcome = Some(Outcome::Unknown);
                for (name, value) in &mut fixed.tags {
                    if name == "Result" {
                        "*".clone_into(value);
                    }
                }
            }
            write_game(&fixed)
        }
        Some(g) => result.write_tagged(
            notation,
            &to,
            &g.tags,
            g.outcome.map_or("*", |o| o.as_str()),
        ),
        None => result.write(notation, &to),
    };
    if args.json {
        let mut value = serde_json::to_value(&result).unwrap_or(serde_json::Value::Null);
        if let Some(obj) = value.as_object_mut() {
            obj.insert("file".into(), args.file.clone().into());
            obj.insert("game".into(), game.into());
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&value).unwrap_or_default()
        );
    } else {
        print!("{game}");
        eprint!("{}: {result}", args.file);
    }
    if result.stop.is_some() || result.alternatives_total > 0 {
        ExitCode::from(super::EXIT_INPUT_ERROR)
    } else {
        ExitCode::from(super::EXIT_OK)
    }
}
