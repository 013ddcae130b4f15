//! `scoresheet perft <FEN|startpos> <DEPTH> [--divide]`: counts the leaf nodes of the legal move
//! tree, the standard check of a move generator.

use super::{EXIT_INPUT_ERROR, EXIT_OK};
use crate::board::{perft, perft_divide, Position};
use std::process::ExitCode;

/// Arguments of `scoresheet perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// `startpos` or a FEN (quoted, or as separate words).
    #[arg(required = true, num_args = 1.., value_name = "FEN|startpos")]
    pub position: Vec<String>,
    /// How many plies deep to count.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// Also print each legal first move (UCI, sorted) with its count, then a blank line and the
    /// total.
    #[arg(long)]
    pub divide: bool,
}

/// Runs `perft`: prints the node count; exit 1 for a bad FEN (clap exits with 2 on a bad
/// depth or missing arguments).
pub fn run(args: &PerftArgs) -> ExitCode {
    let depth = args.depth;
    let fen = args.position.join(" ");
    // A FEN typed as words with its depth left off: its fullmove number was taken for the depth
    // (`... w KQkq - 0 1` counted one ply deep, `... - 0 40` forty), and the five words left
    // still read as a FEN.
    if args.position.len() > 1 && fen.split_ascii_whitespace().count() == 5 {
        return super::usage(
            "perft",
            &format!(
                "the depth is missing: the FEN '{fen}' given as words has 5 fields, and its last \
                 word, {depth}, was read as the depth (give the FEN's six fields, then DEPTH)"
            ),
        );
    }
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
    let text = if args.divide {
        let chess960 = pos.is_chess960();
        let mut lines: Vec<(String, u64)> = perft_divide(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_uci(chess960).to_string(), n))
            .collect();
        lines.sort();
        let mut total = 0;
        let mut text = String::new();
        for (uci, n) in lines {
            text.push_str(&format!("{uci} {n}\n"));
            total += n;
        }
        if depth == 0 {
            total = 1;
        }
        text.push_str(&format!("\n{total}\n"));
        text
    } else {
        format!("{}\n", perft(&pos, depth))
    };
    match super::print_stdout(&text) {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) => super::usage("perft", &e),
    }
}
