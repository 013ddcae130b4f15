//! `scoresheet check`: reads PGN files in any encoding, replays every game (mainline and
//! variations) and reports per game the first error and the warnings, as text or JSON lines.

use crate::encoding::{decode, Encoding};
use crate::notation::sheet::FromLetters;
use crate::notation::LetterSet;
use crate::pgn::game::GameBuilder;
use crate::pgn::{Limits, PgnError, SliceReader};
use crate::replay::{replay_game, ErrorKind, MoveError, Replay, ReplayOptions, ReplayVisitor};
use clap::Args;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Arguments of `scoresheet check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// PGN files (plain or zstd-compressed); `-` or nothing for standard input.
    pub files: Vec<String>,
    /// Letters of the moves: `auto` (detect per game), a language code (cs, sk, hr, de, ...) or
    /// six letters in the order K Q R B N P (e.g. KDVSJP).
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// One JSON object per game per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// With --json: add the replayed mainline in UCI.
    #[arg(long)]
    pub uci: bool,
    /// The files' encoding (utf-8, utf-16le, windows-1250, iso-8859-2, cp852, windows-1252);
    /// detected when not given.
    #[arg(long)]
    pub encoding: Option<String>,
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("scoresheet check: {msg}");
    ExitCode::from(super::EXIT_USAGE)
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

fn side_name(c: crate::board::Color) -> &'static str {
    match c {
        crate::board::Color::White => "white",
        crate::board::Color::Black => "black",
    }
}

/// A reader error as a game-level report.
fn syntax_error(e: &PgnError) -> Replay {
    Replay {
        letters: String::new(),
        plies: 0,
        result: None,
        status: crate::replay::Status::Ongoing,
        warnings: Vec::new(),
        error: Some(MoveError {
            kind: ErrorKind::Syntax,
            message: e.kind.to_string(),
            line: e.at.line,
            column: e.at.column,
            move_number: 0,
            side: None,
            token: String::new(),
            ply: 0,
        }),
        uci: Vec::new(),
        needs_detection: false,
    }
}

/// One game's report line (JSON) or lines (text).
fn report(
    file: &str,
    game: u64,
    r: &Replay,
    readable: bool,
    encoding: Encoding,
    args: &CheckArgs,
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
        out.push_str(",\"encoding\":");
        json_str(encoding.name(), out);
        out.push_str(",\"warnings\":[");
        for (i, w) in r.warnings.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_str(w, out);
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
            out.push_str(&format!("{file}: game {game}: warning: {w}\n"));
        }
    }
}

/// Reads a whole input; zstd-compressed data is recognised by its magic number.
fn read_input(name: &str) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if name == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        bytes = std::fs::read(name)?;
    }
    if bytes.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
        let mut out = Vec::new();
        zstd::stream::read::Decoder::new(&bytes[..])?.read_to_end(&mut out)?;
        bytes = out;
    }
    Ok(bytes)
}

/// Counts for the closing summary.
#[derive(Default)]
struct Summary {
    games: u64,
    ok: u64,
    errors: u64,
    unsupported: u64,
    warnings: u64,
}

/// Runs `scoresheet check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let from = if args.from.eq_ignore_ascii_case("auto") {
        FromLetters::Auto(Vec::new())
    } else {
        match LetterSet::parse_spec(&args.from) {
            Ok(set) => FromLetters::Set(set),
            Err(e) => return usage(&format!("--from: {e}")),
        }
    };
    let encoding = match args.encoding.as_deref().map(str::parse::<Encoding>) {
        None => None,
        Some(Ok(e)) => Some(e),
        Some(Err(e)) => return usage(&format!("--encoding: {e}")),
    };
    if args.uci && !args.json {
        return usage("--uci needs --json");
    }
    let opts = ReplayOptions {
        from,
        ..ReplayOptions::default()
    };
    let files: Vec<String> = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files.clone()
    };
    let mut summary = Summary::default();
    let mut io_error = false;
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    let mut out = String::new();
    for file in &files {
        let bytes = match read_input(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("scoresheet check: {file}: {e}");
                io_error = true;
                continue;
            }
        };
        let decoded = decode(&bytes, encoding);
        if !args.json && !matches!(decoded.encoding, Encoding::Utf8 | Encoding::Utf8Bom) {
            eprintln!(
                "{file}: encoding {}{}",
                decoded.encoding,
                if encoding.is_some() {
                    ""
                } else {
                    " (detected)"
                }
            );
        }
        // UTF-8 is read as it is, so that bytes which are not UTF-8 are reported per game.
        let text = match decoded.encoding {
            Encoding::Utf8 | Encoding::Utf8Bom => &bytes[..],
            _ => decoded.text.as_bytes(),
        };
        let mut reader = SliceReader::new(text).with_file_name(file.as_str());
        // Replay as the games are read; a game that English letters do not read is read again
        // as a tree, where its letter set is detected.
        let mut visitor = ReplayVisitor::new(&opts).with_uci(args.uci);
        let mut builder = GameBuilder::default();
        let mut n = 0u64;
        while let Some(read) = reader.read_game(&mut visitor) {
            n += 1;
            let (r, readable) = match read {
                Ok(r) if !r.needs_detection => (r, true),
                Ok(r) => match reader.last_game() {
                    Some((text, origin)) => {
                        let mut again =
                            SliceReader::with_origin(text.as_bytes(), Limits::default(), origin, n);
                        match again.read_game(&mut builder) {
                            Some(Ok(game)) => (replay_game(&game, &opts), true),
                            _ => (r, true),
                        }
                    }
                    None => (r, true),
                },
                Err(e) => (syntax_error(&e), false),
            };
            summary.games += 1;
            summary.warnings += r.warnings.len() as u64;
            match &r.error {
                None => summary.ok += 1,
                Some(e) if e.kind == ErrorKind::UnsupportedVariant => summary.unsupported += 1,
                Some(_) => summary.errors += 1,
            }
            out.clear();
            report(file, n, &r, readable, decoded.encoding, args, &mut out);
            if stdout.write_all(out.as_bytes()).is_err() {
                return ExitCode::from(super::EXIT_USAGE);
            }
        }
    }
    let _ = stdout.flush();
    eprintln!(
        "checked {} games: {} ok, {} with errors, {} unsupported variants, {} warnings",
        summary.games, summary.ok, summary.errors, summary.unsupported, summary.warnings
    );
    if io_error {
        ExitCode::from(super::EXIT_USAGE)
    } else if summary.errors + summary.unsupported > 0 {
        ExitCode::from(super::EXIT_INPUT_ERROR)
    } else {
        ExitCode::from(super::EXIT_OK)
    }
}
