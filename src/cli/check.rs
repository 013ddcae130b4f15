//! `scoresheet check`: flags in, [`crate::batch::check`] out.

use crate::batch::{check_with_progress, expand_inputs, CheckOptions, Options, RepairPolicy};
use crate::reconstruct::RepairOptions;
use crate::replay::ReplayOptions;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `scoresheet check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// PGN files or directories (plain, .zst, .gz, .bz2); `-` or nothing for standard input.
    pub files: Vec<PathBuf>,
    /// Letters of the moves: `auto` (detect per game), a language code (cs, sk, hr, de, ...) or
    /// six letters in the order K Q R B N P (e.g. KDVSJP).
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// The edition of the Laws whose automatic draws (fivefold, 75 moves: none before 2014) end
    /// a game: `auto` for the one in force on each game's Date (the latest when it is unknown),
    /// or 2005, 2009, 2014, 2018, 2023.
    #[arg(long, default_value = "auto")]
    pub laws: String,
    /// One JSON object per game per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// With --json: add the replayed mainline in UCI.
    #[arg(long)]
    pub uci: bool,
    /// The files' encoding (utf-8, utf-16le, windows-1250, iso-8859-2, cp852, windows-1252,
    /// windows-1251); detected when not given.
    #[arg(long)]
    pub encoding: Option<String>,
    /// Worker threads (default: one per core).
    #[arg(short = 'j', long = "jobs", default_value_t = 0, value_parser = super::parse_jobs)]
    pub jobs: usize,
    /// Try to repair each game whose moves fail, or that stops at a stray character (`R}e1`)
    /// or a comment or variation never closed (see `scoresheet repair`), and report the corrections; a repair is taken only when it
    /// reads the whole game, no other game explains the moves about as well, and its
    /// confidence is at least 0.95; a game of more than 1,000 move words is not tried (see
    /// RepairPolicy).
    #[arg(long)]
    pub repair: bool,
    /// With --repair: search states kept per word.
    #[arg(long, default_value_t = RepairOptions::DEFAULT_BEAM, value_parser = super::parse_beam)]
    pub beam: usize,
    /// No summary line, no encoding notes and no progress bar on stderr (the bar is drawn only
    /// when stderr is a terminal and the report goes elsewhere).
    #[arg(short = 'q', long)]
    pub quiet: bool,
}

/// Runs `scoresheet check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    try_run(args).unwrap_or_else(|message| super::usage("check", &message))
}

/// The run, with usage and I/O errors as `Err(message)`.
fn try_run(args: &CheckArgs) -> Result<ExitCode, String> {
    let from = super::parse_from(&args.from)?;
    let laws = super::parse_laws(&args.laws)?;
    let encoding = super::parse_encoding(args.encoding.as_deref())?;
    if args.uci && !args.json {
        return Err("--uci needs --json".to_owned());
    }
    let names = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let inputs = expand_inputs(&names).map_err(|e| e.to_string())?;
    let options = CheckOptions {
        replay: ReplayOptions {
            from,
            laws,
            ..ReplayOptions::default()
        },
        encoding,
        json: args.json,
        uci: args.uci,
        engine: Options {
            threads: args.jobs,
            ..Options::default()
        },
        repair: args.repair.then(|| RepairPolicy {
            beam: args.beam.max(1),
            ..RepairPolicy::default()
        }),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut notes: Box<dyn Write> = if args.quiet {
        Box::new(std::io::sink())
    } else {
        Box::new(std::io::stderr())
    };
    let mut progress = super::progress::Bar::for_run(args.quiet, true, "with errors");
    let written = check_with_progress(&inputs, &options, &mut out, &mut notes, progress.as_mut())
        .and_then(|summary| out.flush().map(|()| summary));
    let summary = match written {
        Ok(summary) => summary,
        // The reader of the pipe has all it wanted (`check big.pgn | head`): checking stopped
        // there, and that is no failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            return Ok(ExitCode::from(super::EXIT_OK))
        }
        Err(e) => return Err(format!("writing the report: {e}")),
    };
    for e in &summary.failed_inputs {
        eprintln!("scoresheet check: {e}");
    }
    if !args.quiet {
        eprintln!("{}", summary.line());
    }
    if !summary.failed_inputs.is_empty() {
        Ok(ExitCode::from(super::EXIT_USAGE))
    } else if summary.errors + summary.unsupported > 0 {
        Ok(ExitCode::from(super::EXIT_INPUT_ERROR))
    } else {
        Ok(ExitCode::from(super::EXIT_OK))
    }
}
