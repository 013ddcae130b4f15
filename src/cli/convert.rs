//! `scoresheet convert`: move lists in any national notation to PGN, SAN, FIDE, long, UCI or
//! figurine form, in any letter set.

use crate::batch::{check_outputs, Input};
use crate::notation::sheet::{convert_bytes, ConvertOptions, Notation, Said};
use clap::Args;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `scoresheet convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Input files: PGN, or move lists (with or without move numbers; games separated by blank
    /// lines, unless the move numbers go on below one, or results); any common encoding
    /// (UTF-8/16, Windows-1250, ISO-8859-2, CP852, Windows-1252, Windows-1251);
    /// `-` or nothing for standard input.
    pub files: Vec<String>,
    /// Letters of the input: `auto` (detect per game), a language code (cs, sk, hr, de, ru, ...)
    /// or six letters in the order K Q R B N P (e.g. KDVSJP).
    #[arg(long, default_value = "auto")]
    pub from: String,
    /// Letters of the output (fide, long and long-hyphen forms): a language code or six letters.
    #[arg(long, default_value = "en")]
    pub to: String,
    /// Output form: pgn, san, fide, long, long-hyphen, uci (one game per line, its result last) or figurine.
    #[arg(long, default_value = "pgn")]
    pub notation: String,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    pub output: Option<String>,
}

/// Runs `scoresheet convert`.
pub fn run(args: &ConvertArgs) -> ExitCode {
    try_run(args).unwrap_or_else(|message| super::usage("convert", &message))
}

/// The run, with usage and I/O errors as `Err(message)`.
fn try_run(args: &ConvertArgs) -> Result<ExitCode, String> {
    let from = super::parse_from(&args.from)?;
    let to = super::parse_to(&args.to)?;
    let notation = super::parse_notation(&args.notation)?;
    super::note_unused_letters("convert", (&args.to, &to), (&args.notation, notation));
    let opts = ConvertOptions { from, to, notation };
    let files: Vec<String> = if args.files.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.files.clone()
    };
    if let Some(out) = &args.output {
        // Writing over an input would lose the games of it that fail to convert.
        let inputs: Vec<Input> = files
            .iter()
            .filter(|f| f.as_str() != "-")
            .map(|f| Input::Path(f.into()))
            .collect();
        check_outputs(&inputs, &[("output", Path::new(out))]).map_err(|e| e.to_string())?;
    }
    let mut output = String::new();
    let mut failed = false;
    // A file that cannot be read is said and passed over: the others are still converted, and
    // the exit code says an input was not read.
    let mut unread = false;
    for file in &files {
        let bytes = if file == "-" {
            let mut buf = Vec::new();
            std::io::stdin().read_to_end(&mut buf).map(|_| buf)
        } else {
            std::fs::read(file)
        };
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                eprintln!("scoresheet convert: {file}: {e}");
                unread = true;
                continue;
            }
        };
        let converted = convert_bytes(&bytes, file, &opts);
        // In the order of their places in the file, as a reader going down it meets them.
        for said in converted.in_order(file) {
            match said {
                Said::Error(e) => eprintln!("error: {e}"),
                Said::Doubt(d) => eprintln!("note: {d}"),
                Said::Note(n) => eprintln!("note: {n}"),
            }
        }
        failed |= !converted.errors.is_empty();
        if !output.is_empty() && !converted.text.is_empty() && notation != Notation::Uci {
            output.push('\n');
        }
        output.push_str(&converted.text);
    }
    match &args.output {
        Some(path) => {
            std::fs::write(path, output.as_bytes()).map_err(|e| format!("{path}: {e}"))?
        }
        None => super::print_stdout(&output)?,
    }
    Ok(ExitCode::from(if unread {
        super::EXIT_USAGE
    } else if failed {
        super::EXIT_INPUT_ERROR
    } else {
        super::EXIT_OK
    }))
}
