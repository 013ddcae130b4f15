//! `scoresheet perft <FEN|startpos> <DEPTH> [--divide]`: counts the leaf nodes of the legal move
//! tree, the standard check of a move generator.

use super::{EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE};
use crate::board::{perft, perft_divide, Position};
use std::process::ExitCode;

/// Arguments of `scoresheet perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// `startpos` or a FEN (quoted, or as separate words), followed by the depth.
    #[arg(required = true, num_args = 2.., value_name = "FEN|startpos> <DEPTH")]
    pub words: Vec<String>,
    /// Also print each legal first move (UCI, sorted) with its count, then a blank line and the
    /// total.
    #[arg(long)]
    pub divide: bool,
}

/// Runs `perft`: prints the node count; exit 1 for a bad FEN, 2 for a bad depth.
pub fn run(args: &PerftArgs) -> ExitCode {
    let Some((depth_text, fen_words)) = args.words.split_last() else {
        eprintln!("error: perft needs a position and a depth");
        return ExitCode::from(EXIT_USAGE);
    };
    let depth: u32 = match depth_text.parse() {
        Ok(d) => d,
        Err(_) => {
            eprintln!("error: depth '{depth_text}' is not a non-negative number");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let fen = fen_words.join(" ");
    let pos = if fen == "startpos" {
        Position::new()
    } else {
        match Position::from_fen(&fen) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("error: bad FEN '{fen}': {e}");
                return ExitCode::from(EXIT_INPUT_ERROR);
            }
        }
    };
    if args.divide {
        let chess960 = pos.is_chess960();
        let mut lines: Vec<(String, u64)> = perft_divide(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_uci(chess960).to_string(), n))
            .collect();
        lines.sort();
        let mut total = 0;
        for (uci, n) in lines {
            println!("{uci} {n}");
            total += n;
        }
        if depth == 0 {
            total = 1;
        }
        println!();
        println!("{total}");
    } else {
        println!("{}", perft(&pos, depth));
    }
    ExitCode::from(EXIT_OK)
}
