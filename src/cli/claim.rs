//! `scoresheet claim`: judges a draw claim (threefold repetition, fifty moves) or a flag fall on
//! a game from a PGN file, under a chosen edition of the Laws. The judging is in
//! [`crate::laws::claims`]; this module only reads flags and files and prints.
//!
//! Exit codes: 0 for any verdict (an incorrect claim is an answer, and so is a claim on a written
//! move that is not legal), 1 when the game cannot be replayed or the written move cannot be read
//! as a move, 2 for usage and I/O errors; `claim --help` says so.

use crate::board::Color;
use crate::encoding::decode_sections;
use crate::laws::claims::Intended;
use crate::laws::{claims, earliest_day, ClaimError, ClaimKind, ClaimRequest, Edition, GameRecord};
use crate::notation::{Policy, WrittenMove};
use crate::pgn::Game;
use clap::Args;
use std::io::Read;
use std::process::ExitCode;

/// Arguments of `scoresheet claim`.
#[derive(Debug, Args)]
pub struct ClaimArgs {
    /// The PGN file (`-` for standard input). A game may be just a FEN tag with no moves.
    pub file: String,
    /// Which game of the file (1 = the first).
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// When the claim is made: `41...` (Black to play his 41st move), `41.` or a number of
    /// half-moves played; default after the last recorded move.
    #[arg(long)]
    pub at: Option<String>,
    /// The move the claimant wrote on the scoresheet without playing it (9.2.1.1 / 9.3.1), in the
    /// game's letters.
    #[arg(long, conflicts_with = "flag")]
    pub intended: Option<String>,
    /// The claim: threefold, fifty or any.
    #[arg(long, default_value = "any")]
    pub kind: String,
    /// The edition of the Laws: `auto` for the one in force on the game's Date tag (the latest,
    /// 2023, when it has none), or 2005, 2009, 2014, 2018, 2023.
    #[arg(long, default_value = "auto")]
    pub laws: String,
    /// Letters of the moves: `auto`, a language code (cs, sk, hr, ...) or six letters K Q R B N P.
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// Judge a flag fall of this side (white or black) instead of a draw claim (6.9).
    #[arg(long)]
    pub flag: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write an SVG diagram of the judged position to this file.
    #[arg(long)]
    pub svg: Option<String>,
}

/// The edition in force when `game` was played, by its Date (or UTCDate) and EventDate tags
/// ([`Edition::of_game`]), the latest without them; stderr says which and why.
fn edition_of_game(game: &Game) -> Edition {
    // Each tag that gives a day, with its earliest day: as `Edition::of_game` reads them.
    let played = game.date_played();
    let event = game.tag("EventDate").map(|v| ("EventDate", v));
    let days: Vec<(String, (u16, u8, u8))> = [played, event]
        .into_iter()
        .flatten()
        .filter_map(|(name, value)| Some((format!("{name} {value}"), earliest_day(value)?)))
        .collect();
    let Some(played) = days.iter().map(|(_, day)| *day).max() else {
        let edition = Edition::default();
        // A date written but not read says so: the arbiter may know the day.
        let unread: Vec<String> = ["Date", "UTCDate", "EventDate"]
            .into_iter()
            .filter_map(|name| Some((name, game.tag(name)?)))
            .filter(|(_, v)| !v.trim().is_empty() && !v.trim().starts_with('?'))
            .map(|(name, v)| format!("{name} '{v}'"))
            .collect();
        let why = if unread.is_empty() {
            "the game's date is unknown".to_owned()
        } else {
            format!("the game's {} is no date", unread.join(", "))
        };
        eprintln!(
            "scoresheet claim: {why}: judged under the {edition} Laws, the latest \
             (--laws chooses another)"
        );
        return edition;
    };
    let edition = Edition::in_force_on_day(played);
    let dates = days
        .iter()
        .map(|(d, _)| d.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    if played < edition.in_force_from() {
        eprintln!(
            "scoresheet claim: the game's {dates} is before the oldest edition of the Laws known \
             here: judged under the {edition} Laws (--laws chooses another)"
        );
    } else {
        eprintln!(
            "scoresheet claim: judged under the {edition} Laws, in force by the game's {dates} \
             (--laws chooses another)"
        );
    }
    edition
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("scoresheet claim: {msg}");
    ExitCode::from(super::EXIT_USAGE)
}

fn input_error(msg: &str) -> ExitCode {
    eprintln!("scoresheet claim: {msg}");
    ExitCode::from(super::EXIT_INPUT_ERROR)
}

/// Runs `scoresheet claim`.
pub fn run(args: &ClaimArgs) -> ExitCode {
    let laws = match super::parse_laws(&args.laws) {
        Ok(l) => l,
        Err(e) => return usage(&e),
    };
    let kind: ClaimKind = match args.kind.parse() {
        Ok(k) => k,
        Err(e) => return usage(&e),
    };
    let flag = match args.flag.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("white" | "w") => Some(Color::White),
        Some("black" | "b") => Some(Color::Black),
        Some(other) => return usage(&format!("--flag {other}: expected white or black")),
    };
    // A flag fall is judged by 6.9 alone: a claim's kind has no say in it.
    if flag.is_some() && kind != ClaimKind::Any {
        return usage("--kind belongs to a draw claim, not to a flag fall (--flag)");
    }
    let from = match super::parse_from(&args.from) {
        Ok(f) => f,
        Err(e) => return usage(&e),
    };
    let mut bytes = Vec::new();
    let read = if args.file == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(&args.file).map(|b| bytes = b)
    };
    if let Err(e) = read {
        return usage(&format!("{}: {e}", args.file));
    }
    let text = decode_sections(&bytes, None).text;
    let Some(index) = args.game.checked_sub(1) else {
        return usage("--game: games are numbered from 1");
    };
    let mut games = Game::read_all(text.as_bytes());
    let count = games.len();
    if count == 0 {
        // No game was written: the input's fault (exit 1), whatever `--game` says.
        return input_error(&format!("{}: no game in it", args.file));
    }
    if index >= count {
        let held = if count == 1 {
            "one game".to_owned()
        } else {
            format!("{count} games")
        };
        return usage(&format!(
            "{}: there is no game {}: it holds {held}",
            args.file, args.game
        ));
    }
    let parsed = games.swap_remove(index);
    let game = match parsed {
        Ok(g) => g,
        Err(e) => return input_error(&format!("{}: {e}", args.file)),
    };
    let edition = match laws {
        Some(e) => e,
        None => edition_of_game(&game),
    };
    let record = match GameRecord::from_pgn(&game, &from) {
        Ok(r) => r,
        Err(e) => return input_error(&format!("{}: game {}: {e}", args.file, args.game)),
    };
    let at = match args.at.as_deref() {
        None => None,
        Some(text) => match record.find_moment(text) {
            Some(ply) => Some(ply),
            None => return usage(&ClaimError::NoSuchMoment(text.to_string()).to_string()),
        },
    };
    let (text_form, json, svg) = if let Some(flagged) = flag {
        match claims::flag_fall(&record, at, flagged, edition) {
            Ok(r) => (r.to_string(), r.to_json(), r.to_svg()),
            Err(e) => return input_error(&e.to_string()),
        }
    } else {
        let ply = at.unwrap_or(record.plies());
        let intended = match args.intended.as_deref() {
            None => None,
            Some(written) => {
                let Some(pos) = record.position(ply) else {
                    return usage(&format!("no position after {ply} half-moves"));
                };
                // Text that is no move at all is a mistake in the command; a move that is not
                // legal here is the claimant's, and is judged (the claim cannot rest on it).
                let parsed = match WrittenMove::parse(written, record.letters()) {
                    Ok(w) => w,
                    Err(e) => {
                        return input_error(&format!(
                            "the written move `{written}` cannot be read as a move: {e}"
                        ))
                    }
                };
                Some(match parsed.resolve(pos, Policy::Lenient) {
                    Ok(r) => Intended::Move(r.mv),
                    Err(e) => Intended::NotLegal {
                        written: written.to_string(),
                        reason: e.to_string(),
                    },
                })
            }
        };
        let req = ClaimRequest {
            kind,
            at,
            intended,
            edition,
        };
        match claims::judge(&record, &req) {
            Ok(r) => (r.to_string(), r.to_json(), r.to_svg()),
            Err(e) => return input_error(&e.to_string()),
        }
    };
    if let Some(path) = &args.svg {
        if let Err(e) = std::fs::write(path, svg) {
            return usage(&format!("{path}: {e}"));
        }
    }
    let printed = if args.json {
        super::print_stdout(&format!("{json}\n"))
    } else {
        super::print_stdout(&text_form)
    };
    match printed {
        Ok(()) => ExitCode::from(super::EXIT_OK),
        Err(e) => usage(&e),
    }
}
