//! Bulk work on whole databases: find the inputs (files, directories, stdin, compressed or
//! not), cut them into games fast, work on the games on every core, and hand the results back
//! in input order so that nothing is lost or reordered.
//!
//! ```
//! use scoresheet::batch::GameSplitter;
//! let mut splitter = GameSplitter::new(&b"[Event \"x\"]\n\n1. e4 *\n"[..]);
//! let batch = splitter.next_batch(1 << 20).unwrap().unwrap();
//! assert_eq!(batch.games.len(), 1);
//! ```

mod check;
mod clean;
mod dedupe;
mod engine;
mod input;
mod paths;
mod progress;
mod repair;
mod split;
mod tags;

pub use check::{check, check_with_progress, write_report, CheckOptions, CheckSummary};
pub use clean::{
    clean, clean_with_progress, report_json, Change, CleanError, CleanOptions, CleanOutputs,
    CleanReport, InputCounts, Merge, Origin,
};
pub use engine::{run, GameRef, Options, Sink};
pub use input::{
    expand_inputs, game_encoding, is_pgn_name, open_input, Compression, Input, InputError,
    OpenInput,
};
pub use paths::{check_outputs, PathClash};
pub use progress::{NoProgress, Progress, Tally};
pub use repair::{
    is_repairable, read_all_mended_games, read_mended_game, repair_broken_game, repair_game,
    repair_game_with, repair_sheet, repaired_game, sheet_letters, sheet_of, GameRepair,
    RepairPolicy,
};
pub use split::{Batch, GameSpan, GameSplitter, MAX_GAME_BYTES};
pub use tags::{dates_compatible, normalize_date, tidy_name};
