//! The command line: turns flags into calls of the library and results into output and exit codes.
//!
//! Exit codes mean one thing each: 0 all is well, 1 the input has errors (an illegal game, a bad
//! FEN), 2 usage or I/O errors.

pub mod check;
pub mod claim;
pub mod clean;
pub mod convert;
pub mod perft;
pub mod progress;
pub mod repair;

use crate::encoding::Encoding;
use crate::laws::Edition;
use crate::notation::sheet::{FromLetters, Notation};
use crate::notation::LetterSet;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// scoresheet: chess notation in every national letter set, checked against the FIDE Laws.
#[derive(Debug, Parser)]
#[command(name = "scoresheet", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check).
    ///
    /// Example: scoresheet perft startpos 5
    Perft(perft::PerftArgs),
    /// Convert move lists between national notations, PGN, long form, UCI and figurines.
    ///
    /// Example: scoresheet convert sheet.txt --from cs --notation fide --to hr
    Convert(convert::ConvertArgs),
    /// Replay every game of PGN files (any encoding, zstd too) and report the first error of each
    /// game with its location, and warnings; `--json` for one JSON object per game.
    ///
    /// Example: scoresheet check games.pgn --json
    Check(check::CheckArgs),
    /// Check whole databases on every core and write every game out clean, rejected with its
    /// reason, or merged as a duplicate: read = written + rejected + duplicates, always.
    ///
    /// Example: scoresheet clean games/ -o clean.pgn --report report.json --dedupe --fix-results
    Clean(clean::CleanArgs),
    /// Judge a draw claim (threefold, fifty moves) or a flag fall under an edition of the Laws.
    ///
    /// Example: scoresheet claim game.pgn --intended Kg7 --kind threefold --laws 2018
    #[command(
        after_help = "Exit status: 0 for any verdict, the claim VALID or NOT VALID (an incorrect \
                      claim is an answer: read the verdict, or `valid` in --json); 1 when the \
                      game cannot be replayed or the written move cannot be read; 2 for usage \
                      and I/O errors."
    )]
    Claim(claim::ClaimArgs),
    /// Reconstruct the legal game a faulty scoresheet most plausibly records: the game on stdout,
    /// every correction (ply, move, side, written, read as, kind, cost) and a confidence on stderr.
    ///
    /// Example: scoresheet repair sheet.txt --with other-sheet.txt --from cs --notation uci
    Repair(repair::RepairArgs),
}

/// The most worker threads `-j` takes: more only cost memory and start-up (a hundred thousand
/// threads for one game ran for minutes).
pub(crate) const MAX_JOBS: usize = 1024;

/// The widest `--beam`: each word of a sheet keeps this many search states (a hundred million
/// asked for 64 GB at once).
pub(crate) const MAX_BEAM: usize = 1_000_000;

/// `-j N`: worker threads, 0 for one per core, at most [`MAX_JOBS`].
pub(crate) fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n <= MAX_JOBS => Ok(n),
        _ => Err(format!(
            "give a number of threads from 1 to {MAX_JOBS} (0: one per core)"
        )),
    }
}

/// `--beam N`: search states kept per word, 1 to [`MAX_BEAM`].
pub(crate) fn parse_beam(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_BEAM).contains(&n) => Ok(n),
        _ => Err(format!(
            "give a beam from 1 to {MAX_BEAM} (0 keeps no explanation of the sheet)"
        )),
    }
}

/// `--from`: `auto` (detect per game) or a letter set (a language code or six letters K Q R B N P).
pub(crate) fn parse_from(spec: &str) -> Result<FromLetters, String> {
    if spec.eq_ignore_ascii_case("auto") {
        Ok(FromLetters::Auto(Vec::new()))
    } else {
        // Asked for by name, a Cyrillic set reads its Latin look-alikes too (`Kf3` in Russian).
        LetterSet::parse_spec(spec)
            .map(|set| FromLetters::Set(set.with_latin_twins()))
            .map_err(|e| format!("--from: {e}"))
    }
}

/// `--laws`: `auto` (`None`: the edition in force on each game's date) or an edition.
pub(crate) fn parse_laws(spec: &str) -> Result<Option<Edition>, String> {
    if spec.eq_ignore_ascii_case("auto") {
        Ok(None)
    } else {
        spec.parse().map(Some).map_err(|e| format!("--laws: {e}"))
    }
}

/// `--to`: a letter set.
pub(crate) fn parse_to(spec: &str) -> Result<LetterSet, String> {
    LetterSet::parse_spec(spec).map_err(|e| format!("--to: {e}"))
}

/// A note on stderr when `--to` names letters the chosen `--notation` does not write in (PGN,
/// SAN and UCI are in English letters or none, figurines in symbols), so that `--to fr` alone
/// does not leave the user wondering why the output is English.
pub(crate) fn note_unused_letters(
    command: &str,
    (to_spec, to): (&str, &LetterSet),
    (notation_spec, notation): (&str, Notation),
) {
    if !notation.uses_letters() && to != LetterSet::english() {
        eprintln!(
            "scoresheet {command}: note: --to {to_spec} does not change --notation \
             {notation_spec}: it writes {}; the letters apply to --notation fide, long and \
             long-hyphen",
            match notation {
                Notation::Uci => "squares only",
                Notation::Figurine => "figurines",
                _ => "English letters, as the PGN standard asks",
            }
        );
    }
}

/// `--notation`: one of the output forms.
pub(crate) fn parse_notation(spec: &str) -> Result<Notation, String> {
    Notation::parse(spec).ok_or_else(|| {
        format!(
            "--notation: '{spec}' is not one of pgn, san, fide, long, long-hyphen, uci, figurine"
        )
    })
}

/// `--encoding`: a named encoding, or detection when absent.
pub(crate) fn parse_encoding(spec: Option<&str>) -> Result<Option<Encoding>, String> {
    spec.map(str::parse::<Encoding>)
        .transpose()
        .map_err(|e| format!("--encoding: {e}"))
}

/// Writes `text` to standard output. A pipe whose reader has all it wanted (`| head`) is no
/// failure: what it did not take is dropped quietly. Any other failure is given as a message.
pub(crate) fn print_stdout(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("writing to standard output: {e}"))
        }
        _ => Ok(()),
    }
}

/// Prints `scoresheet COMMAND: message` on stderr and gives the usage exit code.
pub(crate) fn usage(command: &str, message: &str) -> ExitCode {
    eprintln!("scoresheet {command}: {message}");
    ExitCode::from(EXIT_USAGE)
}

/// Exit code: everything was fine.
pub const EXIT_OK: u8 = 0;
/// Exit code: the input had errors (illegal moves, bad FEN, ...).
pub const EXIT_INPUT_ERROR: u8 = 1;
/// Exit code: bad usage or an I/O error.
pub const EXIT_USAGE: u8 = 2;

/// Parses the process arguments and runs the chosen subcommand.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli)
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Clean(args) => clean::run(&args),
        Command::Claim(args) => claim::run(&args),
        Command::Repair(args) => repair::run(&args),
    }
}
