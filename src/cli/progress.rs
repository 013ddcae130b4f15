//! The progress bar of `check` and `clean` on stderr: games done, games per second, errors so
//! far and megabytes read — drawn only when stderr is a terminal (and, for `check`, stdout is
//! not) and `--quiet` is not given.

use crate::batch::{NoProgress, Progress, Tally};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A spinner line on stderr (the total is not known while streaming).
pub struct Bar {
    bar: ProgressBar,
    errors: u64,
    what: &'static str,
}

impl Bar {
    /// The bar for a run, or nothing to draw when stderr is not a terminal or the run is quiet.
    /// With `report_on_stdout` (`check`), the bar is drawn only when stdout goes elsewhere than
    /// the terminal, so that it never tears the report's lines.
    pub fn for_run(quiet: bool, report_on_stdout: bool, what: &'static str) -> Box<dyn Progress> {
        let stdout_shared = report_on_stdout && std::io::stdout().is_terminal();
        if quiet || stdout_shared || !std::io::stderr().is_terminal() {
            return Box::new(NoProgress);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
        let style =
            ProgressStyle::with_template("{spinner} {elapsed_precise} {human_pos} games {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(200));
        Box::new(Bar {
            bar,
            errors: u64::MAX,
            what,
        })
    }
}

impl Progress for Bar {
    fn game(&mut self, tally: &Tally) {
        self.bar.set_position(tally.games);
        // The message is a String: remade only when the errors change or every 1024 games.
        if tally.errors != self.errors || tally.games % 1024 == 0 {
            self.errors = tally.errors;
            let seconds = self.bar.elapsed().as_secs_f64().max(1e-3);
            self.bar.set_message(format!(
                "({:.0} games/s), {} {}, {:.1} MB read",
                tally.games as f64 / seconds,
                tally.errors,
                self.what,
                tally.bytes as f64 / 1e6
            ));
        }
    }

    fn finish(&mut self, _tally: &Tally) {
        self.bar.finish_and_clear();
    }
}
