//! `scoresheet clean`: flags in, [`crate::batch::clean`] out.

use crate::batch::{
    check_outputs, clean_with_progress, expand_inputs, report_json, CleanOptions, CleanOutputs,
    Options, RepairPolicy,
};
use crate::reconstruct::RepairOptions;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `scoresheet clean`.
#[derive(Debug, Args)]
pub struct CleanArgs {
    /// PGN files or directories (searched for *.pgn, *.pgn.zst/.gz/.bz2); `-` for standard input.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// Where the clean games go (PGN export format, UTF-8).
    #[arg(short = 'o', long = "out")]
    pub out: PathBuf,
    /// Where rejected games go, byte for byte after a comment with the error
    /// (default: OUT's name with `.rejects.pgn`).
    #[arg(long)]
    pub rejects: Option<PathBuf>,
    /// Write the report (counts per input and per error kind, changes, merges) as JSON here.
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(short = 'j', long = "jobs", default_value_t = 0, value_parser = super::parse_jobs)]
    pub jobs: usize,
    /// Merge games with the same start, moves and compatible players, date, round and result
    /// (equal, or unknown on one side); the copy kept (a known result, then not repaired or cut,
    /// then the most annotations, the fuller date, the most tags) takes what its duplicates knew
    /// and it did not: a tag left `?` or out, date digits left `??` (never Result, SetUp, FEN,
    /// PlyCount or Variant). Each fill is a `tag_filled` change of the report.
    #[arg(long)]
    pub dedupe: bool,
    /// Set Result from the final position when the game ended on the board.
    #[arg(long)]
    pub fix_results: bool,
    /// With --fix-results: the edition of the Laws whose automatic draws (fivefold, 75 moves:
    /// none before 2014) end a game: `auto` for the one in force on each game's Date (the latest
    /// when it is unknown), or 2005, 2009, 2014, 2018, 2023.
    #[arg(long, default_value = "auto", requires = "fix_results")]
    pub laws: String,
    /// Keep a game up to its first illegal move instead of rejecting it.
    #[arg(long)]
    pub truncate_illegal: bool,
    /// Repair a game whose moves fail, or that stops at a stray character (`R}e1`) or a comment
    /// or variation never closed, when the
    /// repair is clear (it reads the whole game, no other game explains the moves about as
    /// well, confidence at least 0.95; a game of more than 1,000 move words is not tried);
    /// tried before --truncate-illegal. Each correction is listed in the report.
    #[arg(long)]
    pub repair: bool,
    /// With --repair: search states kept per word.
    #[arg(long, default_value_t = RepairOptions::DEFAULT_BEAM, value_parser = super::parse_beam)]
    pub beam: usize,
    /// Letters of the input moves: `auto`, a language code, or six letters K Q R B N P.
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// Letters of the output (default English: PGN SAN).
    #[arg(long, default_value = "en")]
    pub to: String,
    /// The inputs' encoding (detected per game when not given).
    #[arg(long)]
    pub encoding: Option<String>,
    /// No summary and no progress bar on stderr (the bar is drawn only when stderr is a
    /// terminal).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs `scoresheet clean`.
pub fn run(args: &CleanArgs) -> ExitCode {
    try_run(args).unwrap_or_else(|message| super::usage("clean", &message))
}

/// The run, with usage and I/O errors as `Err(message)`.
fn try_run(args: &CleanArgs) -> Result<ExitCode, String> {
    let from = super::parse_from(&args.from)?;
    let to = super::parse_to(&args.to)?;
    let encoding = super::parse_encoding(args.encoding.as_deref())?;
    let inputs = expand_inputs(&args.inputs).map_err(|e| e.to_string())?;
    let options = CleanOptions {
        from,
        to,
        dedupe: args.dedupe,
        fix_results: args.fix_results,
        laws: super::parse_laws(&args.laws)?,
        truncate_illegal: args.truncate_illegal,
        repair: args.repair.then(|| RepairPolicy {
            beam: args.beam.max(1),
            ..RepairPolicy::default()
        }),
        encoding,
        engine: Options {
            threads: args.jobs,
            ..Options::default()
        },
    };
    let outputs = CleanOutputs::new(args.out.clone(), args.rejects.clone());
    // Before anything is written: the report, written last, must not overwrite an input or
    // an output either.
    let mut files = vec![
        ("output", outputs.out.as_path()),
        ("rejects file", outputs.rejects.as_path()),
    ];
    if let Some(report) = &args.report {
        files.push(("report", report.as_path()));
    }
    check_outputs(&inputs, &files).map_err(|e| e.to_string())?;
    // The report is written last, but a place it cannot be written is found first, before a
    // long run writes the output for nothing.
    let report_file = match &args.report {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let mut progress = super::progress::Bar::for_run(args.quiet, false, "rejected");
    let report = clean_with_progress(&inputs, &outputs, &options, progress.as_mut())
        .map_err(|e| e.to_string())?;
    if let (Some(path), Some(mut file)) = (&args.report, report_file) {
        use std::io::Write;
        if let Err(e) = file.write_all(report_json(&report).as_bytes()) {
            return Err(format!("{}: {e}", path.display()));
        }
    }
    let failed_inputs: Vec<&str> = report
        .inputs
        .iter()
        .filter_map(|i| i.error.as_deref())
        .collect();
    for e in &failed_inputs {
        eprintln!("scoresheet clean: {e}");
    }
    if !args.quiet {
        eprintln!("{}", report.summary());
        if report.rejected > 0 {
            eprintln!("rejected games: {}", outputs.rejects.display());
        }
    }
    if !report.balanced() {
        eprintln!(
            "scoresheet clean: internal error: games read ({}) != written + rejected + duplicates",
            report.read
        );
        return Ok(ExitCode::from(super::EXIT_USAGE));
    }
    if !failed_inputs.is_empty() {
        Ok(ExitCode::from(super::EXIT_USAGE))
    } else if report.rejected > 0 {
        Ok(ExitCode::from(super::EXIT_INPUT_ERROR))
    } else {
        Ok(ExitCode::from(super::EXIT_OK))
    }
}
