//! How a bulk run is going, told as it goes: the games done, the errors among them and the bytes
//! read. The library only counts; what to show (a progress bar on a terminal, nothing in a pipe)
//! is the caller's choice — the CLI draws one with `indicatif`.
//!
//! ```
//! use scoresheet::batch::{check_with_progress, CheckOptions, Input, Progress, Tally};
//! struct Last(Tally);
//! impl Progress for Last {
//!     fn game(&mut self, tally: &Tally) { self.0 = *tally; }
//! }
//! let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n";
//! let input = Input::Memory { name: "two.pgn".into(), bytes: pgn.as_bytes().into() };
//! let mut last = Last(Tally::default());
//! check_with_progress(&[input], &CheckOptions::default(), &mut std::io::sink(), &mut std::io::sink(), &mut last).unwrap();
//! assert_eq!((last.0.games, last.0.errors, last.0.bytes), (2, 1, pgn.len() as u64));
//! ```

/// The counts so far.
///
/// ```
/// let t = scoresheet::batch::Tally::default();
/// assert_eq!((t.games, t.errors, t.bytes), (0, 0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games done.
    pub games: u64,
    /// Games with an error (for `check`: other than an unsupported variant; for `clean`: games
    /// rejected).
    pub errors: u64,
    /// Bytes of games read (decompressed).
    pub bytes: u64,
}

/// Receives the counts of a bulk run, on the calling thread, after each game in input order.
pub trait Progress {
    /// One more game is done.
    fn game(&mut self, tally: &Tally);
    /// The run is over.
    fn finish(&mut self, _tally: &Tally) {}
}

/// Progress that nobody watches.
///
/// ```
/// use scoresheet::batch::{NoProgress, Progress, Tally};
/// NoProgress.game(&Tally::default());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn game(&mut self, _tally: &Tally) {}
}
