//! `clean`: every game of a database checked and written out clean, rejected with its reason,
//! or merged as a duplicate — and the three counts always add up to the games read.

use super::dedupe::{
    add_fills, export_tags, with_fills, DedupeKey, Kept, KeptGames, KeyTags, Richness, TagFill,
};
use super::engine::{run, GameRef, Options, Sink, BROKEN_OFF};
use super::input::{Compression, Input, InputError};
use super::paths::{check_outputs, PathClash};
use super::progress::{NoProgress, Progress, Tally};
use super::repair::{is_repairable, repair_game, repaired_game, RepairPolicy};
use super::tags::{normalize_date, tidy_name};
use crate::board::{Color, Move, Position};
use crate::encoding::{decode_borrowed, Encoding};
use crate::notation::print::write_move_before;
use crate::notation::sheet::{lines_with_ends, FromLetters};
use crate::notation::{LetterSet, PrintOptions, Style};
use crate::pgn::game::GameBuilder;
use crate::pgn::mend::{mendable, Mended};
use crate::pgn::{Game, Line, Location, MoveText, Node, Outcome, PgnError, SliceReader, Writer};
use crate::replay::{replay_game_with, DeadAnalysis, MoveError, Replay, ReplayOptions, Status};
use compact_str::CompactString;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// What `clean` does besides checking.
#[derive(Clone, Debug)]
pub struct CleanOptions {
    /// The letters the moves are written in (detected per game by default).
    pub from: FromLetters,
    /// The letters of the output: English gives PGN SAN; any other set gives the Laws' short
    /// form in that set's letters.
    pub to: LetterSet,
    /// Merge games with the same start, the same moves and compatible players, date and result.
    pub dedupe: bool,
    /// Set the Result tag from the final position when the game ended on the board.
    pub fix_results: bool,
    /// The edition of the Laws whose automatic draws end a game for `fix_results`: by default
    /// the one in force on each game's date (see [`ReplayOptions::laws`]).
    pub laws: Option<crate::laws::Edition>,
    /// Keep a game up to its first illegal move instead of rejecting it.
    pub truncate_illegal: bool,
    /// Repair a game whose moves fail, when the repair is clear (tried before truncating).
    pub repair: Option<RepairPolicy>,
    /// The inputs' encoding; detected per game when `None`.
    pub encoding: Option<Encoding>,
    /// Threads and batch size.
    pub engine: Options,
}

impl Default for CleanOptions {
    fn default() -> Self {
        CleanOptions {
            from: FromLetters::Auto(Vec::new()),
            to: LetterSet::english().clone(),
            dedupe: false,
            fix_results: false,
            laws: None,
            truncate_illegal: false,
            repair: None,
            encoding: None,
            engine: Options::default(),
        }
    }
}

/// Where a game came from: input, game number (from 1) and first line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Origin {
    /// The input's name.
    pub file: String,
    /// The game's number within the input, from 1.
    pub game: u64,
    /// The line the game starts on.
    pub line: u64,
}

/// Something `clean` changed in a game it kept.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Change {
    /// Which game.
    pub origin: Origin,
    /// What kind of change (`result`, `date`, `name`, `tag_name`, `tag_value`, `setup`,
    /// `duplicate_tag`, `letters`, `notation`, `truncated`, `repaired`, and with `--dedupe`
    /// `tag_filled`: a tag the copy kept left unknown or out, filled from a duplicate).
    pub kind: &'static str,
    /// The change in words.
    pub detail: String,
}

/// Two games found to be one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Merge {
    /// The copy written out.
    pub kept: Origin,
    /// The copy counted as its duplicate.
    pub dropped: Origin,
}

/// Counts for one input.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct InputCounts {
    /// The input's name.
    pub file: String,
    /// Compression found.
    pub compression: String,
    /// Games read.
    pub read: u64,
    /// Games written to the output.
    pub written: u64,
    /// Games written to the rejects file.
    pub rejected: u64,
    /// Games merged into another copy.
    pub duplicates: u64,
    /// Why the input could not be read to its end, if it could not.
    pub error: Option<String>,
}

/// What a `clean` run did: counts per input and per error kind, changes and merges.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct CleanReport {
    /// Per input, in the order given.
    pub inputs: Vec<InputCounts>,
    /// Games read in all.
    pub read: u64,
    /// Games written to the output.
    pub written: u64,
    /// Games rejected.
    pub rejected: u64,
    /// Games merged as duplicates.
    pub duplicates: u64,
    /// Games written after a repair (`--repair`; counted in `written` too).
    pub repaired: u64,
    /// Rejections per error kind.
    pub errors_by_kind: BTreeMap<String, u64>,
    /// Every change made to a kept game.
    pub changes: Vec<Change>,
    /// Every merge.
    pub merges: Vec<Merge>,
}

impl CleanReport {
    /// True when every game read is accounted for: `read == written + rejected + duplicates`,
    /// in all and for each input.
    ///
    /// ```
    /// let r = scoresheet::batch::CleanReport::default();
    /// assert!(r.balanced());
    /// ```
    pub fn balanced(&self) -> bool {
        self.read == self.written + self.rejected + self.duplicates
            && self
                .inputs
                .iter()
                .all(|i| i.read == i.written + i.rejected + i.duplicates)
    }

    /// A short human summary.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "read {} games: {} written, {} rejected, {} duplicates",
            self.read, self.written, self.rejected, self.duplicates
        );
        if !self.errors_by_kind.is_empty() {
            let kinds: Vec<String> = self
                .errors_by_kind
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            s.push_str(&format!(" ({})", kinds.join(", ")));
        }
        if self.repaired > 0 {
            s.push_str(&format!("; {} repaired", self.repaired));
        }
        if !self.changes.is_empty() {
            s.push_str(&format!("; {} changes", self.changes.len()));
        }
        s
    }
}

/// Where `clean` writes.
#[derive(Clone, Debug)]
pub struct CleanOutputs {
    /// The clean games.
    pub out: PathBuf,
    /// The rejected games, byte for byte, each after a comment giving its error.
    pub rejects: PathBuf,
}

impl CleanOutputs {
    /// `out`, with the rejects beside it as `NAME.rejects.pgn` unless given.
    ///
    /// ```
    /// use scoresheet::batch::CleanOutputs;
    /// let o = CleanOutputs::new("db/clean.pgn".into(), None);
    /// assert_eq!(o.rejects, std::path::PathBuf::from("db/clean.rejects.pgn"));
    /// ```
    pub fn new(out: PathBuf, rejects: Option<PathBuf>) -> CleanOutputs {
        let rejects = rejects.unwrap_or_else(|| {
            let stem = out
                .file_stem()
                .map_or_else(|| "out".into(), |s| s.to_string_lossy().into_owned());
            out.with_file_name(format!("{stem}.rejects.pgn"))
        });
        CleanOutputs { out, rejects }
    }
}

/// Why a `clean` run could not be carried out.
#[derive(Debug, thiserror::Error)]
pub enum CleanError {
    /// An output file could not be created or written.
    #[error("{path}: {source}")]
    Output {
        /// The file.
        path: String,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// An output is one of the inputs, or both outputs are one file: nothing was written.
    #[error(transparent)]
    Clash(#[from] PathClash),
}

/// The fate of one game, decided by a worker.
enum Fate {
    Written {
        text: String,
        changes: Vec<(&'static str, String)>,
        key: Option<DedupeKey>,
    },
    Rejected {
        /// The game's own bytes when the section held several games; `None`: the whole section.
        original: Option<Vec<u8>>,
        kind: String,
        message: String,
    },
}

/// Cleans `inputs` into `outputs` (see the [`batch`](crate::batch) module).
///
/// ```
/// use scoresheet::batch::{clean, CleanOptions, CleanOutputs, Input};
/// let dir = std::env::temp_dir().join(format!("scoresheet-clean-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let input = dir.join("in.pgn");
/// std::fs::write(&input, "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. e4 Ke7 2. Ke3 *\n").unwrap();
/// let outputs = CleanOutputs::new(dir.join("out.pgn"), None);
/// let report = clean(&[Input::Path(input)], &outputs, &CleanOptions::default()).unwrap();
/// assert_eq!((report.read, report.written, report.rejected), (2, 1, 1));
/// assert!(report.balanced());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn clean(
    inputs: &[Input],
    outputs: &CleanOutputs,
    options: &CleanOptions,
) -> Result<CleanReport, CleanError> {
    clean_with_progress(inputs, outputs, options, &mut NoProgress)
}

/// [`clean`], telling `progress` the counts after each game (errors = games rejected).
pub fn clean_with_progress(
    inputs: &[Input],
    outputs: &CleanOutputs,
    options: &CleanOptions,
    progress: &mut dyn Progress,
) -> Result<CleanReport, CleanError> {
    check_outputs(
        inputs,
        &[("output", &outputs.out), ("rejects file", &outputs.rejects)],
    )?;
    // Both opened before either is emptied: a rejects file that cannot be created leaves an
    // existing output as it was.
    let _probe = (can_write(&outputs.out)?, can_write(&outputs.rejects)?);
    let out = create(&outputs.out)?;
    let rejects = create(&outputs.rejects)?;
    let spool = if options.dedupe {
        let path = spool_path(&outputs.out);
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(|source| CleanError::Output {
                path: path.display().to_string(),
                source,
            })?;
        Some((path, BufWriter::new(file)))
    } else {
        None
    };
    let mut sink = Cleaner {
        progress,
        tally: Tally::default(),
        report: CleanReport {
            inputs: inputs
                .iter()
                .map(|i| InputCounts {
                    file: i.display_name(),
                    ..InputCounts::default()
                })
                .collect(),
            ..CleanReport::default()
        },
        inputs,
        out,
        rejects,
        rejects_mid_line: false,
        spool,
        records: Vec::new(),
        spool_len: 0,
        seen: KeptGames::default(),
        dropped_changes: Vec::new(),
        merge_groups: Vec::new(),
        fills: HashMap::new(),
        error: None,
    };
    run(
        inputs,
        &options.engine,
        |g: &GameRef<'_>| clean_section(g, options),
        &mut sink,
    );
    sink.progress.finish(&sink.tally);
    sink.finish(&outputs.out)
}

/// Opens `path` for writing as it is (created if missing, not emptied): whether it can be
/// written, found before anything is.
fn can_write(path: &Path) -> Result<File, CleanError> {
    File::options()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|source| CleanError::Output {
            path: path.display().to_string(),
            source,
        })
}

fn create(path: &Path) -> Result<BufWriter<File>, CleanError> {
    File::create(path)
        .map(|f| BufWriter::with_capacity(1 << 16, f))
        .map_err(|source| CleanError::Output {
            path: path.display().to_string(),
            source,
        })
}

/// Where a game kept comes from: its input's name, its number there and its first line.
fn kept_origin(inputs: &[Input], kept: &Kept) -> Origin {
    Origin {
        file: inputs[kept.input].display_name(),
        game: kept.game,
        line: kept.line,
    }
}

fn spool_path(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "out".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!(".{name}.spool-{}", std::process::id()))
}

/// A kept game waiting in the spool (with `--dedupe`).
struct Record {
    offset: u64,
    len: u64,
    kept: bool,
}

struct Cleaner<'i> {
    progress: &'i mut dyn Progress,
    tally: Tally,
    report: CleanReport,
    inputs: &'i [Input],
    out: BufWriter<File>,
    rejects: BufWriter<File>,
    /// The last reject's bytes did not end a line: the next reject's note starts one first
    /// (the last reject of the file keeps its bytes as they were, without a newline added).
    rejects_mid_line: bool,
    spool: Option<(PathBuf, BufWriter<File>)>,
    records: Vec<Record>,
    spool_len: u64,
    /// Dedupe: the games kept so far.
    seen: KeptGames,
    /// Dedupe: the changes (indices into the report's) of copies replaced by richer ones,
    /// dropped from the report at the end.
    dropped_changes: Vec<Range<usize>>,
    /// Dedupe: the group (index in `seen`) of each of the report's merges, whose kept copy
    /// is the group's at the end (a richer copy may take a group's place after a merge).
    merge_groups: Vec<usize>,
    /// Dedupe: per group (index in `seen`), the tags its duplicates fill in the copy kept.
    fills: HashMap<usize, Vec<TagFill>>,
    error: Option<CleanError>,
}

impl Cleaner<'_> {
    fn write_out(&mut self, text: &str) -> io::Result<Option<usize>> {
        match &mut self.spool {
            None => self.out.write_all(text.as_bytes()).map(|_| None),
            Some((_, spool)) => {
                spool.write_all(text.as_bytes())?;
                self.records.push(Record {
                    offset: self.spool_len,
                    len: text.len() as u64,
                    kept: true,
                });
                self.spool_len += text.len() as u64;
                Ok(Some(self.records.len() - 1))
            }
        }
    }

    /// The text of spool record `record` (with `--dedupe`): what was written for a game kept.
    fn read_record(&mut self, record: usize) -> io::Result<String> {
        let (Some((_, spool)), Some(r)) = (&mut self.spool, self.records.get(record)) else {
            return Ok(String::new());
        };
        spool.flush()?;
        let file = spool.get_mut();
        let mut buf = Vec::new();
        read_spooled(file, r, &mut buf)?;
        file.seek(SeekFrom::End(0))?;
        String::from_utf8(buf).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
    }

    /// What the copy `text` (from `from`) fills in group `group`'s copy kept.
    fn fill_from(&mut self, group: usize, text: &str, from: (usize, u64, u64)) {
        let Some(record) = self.seen.get(group).map(|k| k.record) else {
            return;
        };
        let kept = match self.read_record(record) {
            Ok(kept) => export_tags(&kept),
            Err(e) => return self.fail(Path::new("spool"), e),
        };
        let twin = export_tags(text);
        let mut fills = self.fills.remove(&group).unwrap_or_default();
        add_fills(&mut fills, &kept, &twin, &[from]);
        if !fills.is_empty() {
            self.fills.insert(group, fills);
        }
    }

    fn fail(&mut self, path: &Path, source: io::Error) {
        if self.error.is_none() {
            self.error = Some(CleanError::Output {
                path: path.display().to_string(),
                source,
            });
        }
    }

    fn finish(mut self, out_path: &Path) -> Result<CleanReport, CleanError> {
        // Each merge names the copy its group kept in the end.
        for (merge, &group) in self.report.merges.iter_mut().zip(&self.merge_groups) {
            if let Some(kept) = self.seen.get(group) {
                merge.kept = kept_origin(self.inputs, kept);
            }
        }
        if !self.dropped_changes.is_empty() {
            let mut dropped = vec![false; self.report.changes.len()];
            for range in &self.dropped_changes {
                if let Some(d) = dropped.get_mut(range.clone()) {
                    d.fill(true);
                }
            }
            let mut k = 0;
            self.report.changes.retain(|_| {
                k += 1;
                !dropped[k - 1]
            });
        }
        // Each copy kept takes the tags its duplicates filled, reported as its changes.
        let mut filled: HashMap<usize, Vec<TagFill>> = HashMap::new();
        let mut groups: Vec<(usize, Vec<TagFill>)> =
            std::mem::take(&mut self.fills).into_iter().collect();
        groups.sort_by_key(|(group, _)| *group);
        for (group, fills) in groups {
            let Some(kept) = self.seen.get(group) else {
                continue;
            };
            let origin = kept_origin(self.inputs, kept);
            for f in &fills {
                let from: Vec<String> = f
                    .from
                    .iter()
                    .map(|&(input, game, line)| {
                        let file = self.inputs.get(input).map(Input::display_name);
                        format!("{} game {game} (line {line})", file.unwrap_or_default())
                    })
                    .collect();
                let duplicates = if from.len() == 1 {
                    "duplicate"
                } else {
                    "duplicates"
                };
                let mut value = String::new();
                crate::pgn::writer::escape_tag(&f.value, &mut value);
                self.report.changes.push(Change {
                    origin: origin.clone(),
                    kind: "tag_filled",
                    detail: format!(
                        "{} \"{value}\" from its {duplicates} {}",
                        f.name,
                        from.join(", ")
                    ),
                });
            }
            filled.insert(kept.record, fills);
        }
        if let Some((path, spool)) = self.spool.take() {
            let copied = copy_kept(spool, &self.records, &filled, &mut self.out);
            let _ = std::fs::remove_file(&path);
            if let Err(e) = copied {
                self.fail(out_path, e);
            }
        }
        if let Err(e) = self.out.flush() {
            self.fail(out_path, e);
        }
        if let Err(source) = self.rejects.flush() {
            if self.error.is_none() {
                self.error = Some(CleanError::Output {
                    path: "rejects".into(),
                    source,
                });
            }
        }
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.report),
        }
    }
}

/// Reads spool record `r` into `buf`.
fn read_spooled(file: &mut File, r: &Record, buf: &mut Vec<u8>) -> io::Result<()> {
    file.seek(SeekFrom::Start(r.offset))?;
    buf.resize(r.len as usize, 0);
    file.read_exact(buf)
}

/// Copies the games kept from the spool to the output in input order, each record of `filled`
/// with the tags its duplicates filled in.
fn copy_kept(
    spool: BufWriter<File>,
    records: &[Record],
    filled: &HashMap<usize, Vec<TagFill>>,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut file = spool.into_inner().map_err(|e| e.into_error())?;
    let mut buf = Vec::new();
    for (k, r) in records.iter().enumerate().filter(|(_, r)| r.kept) {
        read_spooled(&mut file, r, &mut buf)?;
        match (filled.get(&k), std::str::from_utf8(&buf)) {
            (Some(fills), Ok(text)) => out.write_all(with_fills(text, fills).as_bytes())?,
            _ => out.write_all(&buf)?,
        }
    }
    Ok(())
}

impl Sink<Vec<(u64, Fate)>> for Cleaner<'_> {
    fn input_started(&mut self, input: usize, _: &Input, compression: Compression) {
        self.report.inputs[input].compression = compression.name().to_owned();
    }

    fn game(&mut self, g: &GameRef<'_>, fates: Vec<(u64, Fate)>) {
        let file = self.inputs[g.input].display_name();
        let several = fates.len() > 1;
        self.tally.bytes += g.bytes.len() as u64;
        for (line, fate) in fates {
            self.tally.games += 1;
            self.tally.errors += u64::from(matches!(fate, Fate::Rejected { .. }));
            self.progress.game(&self.tally);
            self.report.read += 1;
            self.report.inputs[g.input].read += 1;
            let origin = Origin {
                file: file.clone(),
                game: self.report.inputs[g.input].read,
                line,
            };
            match fate {
                Fate::Written { text, changes, key } => match key {
                    Some(key) => self.keep_unique(g.input, origin, text, changes, key),
                    None => {
                        if let Err(e) = self.write_out(&text) {
                            self.fail(Path::new("output"), e);
                        }
                        self.count_written(g.input, &origin, changes);
                    }
                },
                Fate::Rejected {
                    original,
                    kind,
                    message,
                } => {
                    self.report.rejected += 1;
                    self.report.inputs[g.input].rejected += 1;
                    *self.report.errors_by_kind.entry(kind).or_insert(0) += 1;
                    let bytes: &[u8] = match &original {
                        Some(b) => b,
                        None if !several => g.bytes,
                        None => &[],
                    };
                    let comment = rejection_comment(&origin.file, &message);
                    let separator: &[u8] = if self.rejects_mid_line { b"\n" } else { b"" };
                    let written = self
                        .rejects
                        .write_all(separator)
                        .and_then(|_| self.rejects.write_all(comment.as_bytes()))
                        .and_then(|_| self.rejects.write_all(bytes));
                    self.rejects_mid_line = !bytes.is_empty() && !bytes.ends_with(b"\n");
                    if let Err(e) = written {
                        self.fail(Path::new("rejects"), e);
                    }
                }
            }
        }
    }

    fn input_failed(&mut self, input: usize, _: &Input, error: InputError) {
        self.report.inputs[input].error = Some(error.to_string());
    }

    /// Once an output cannot be written (a full disk), the run has failed: reading on would
    /// only cost time.
    fn stopped(&self) -> bool {
        self.error.is_some()
    }
}

impl Cleaner<'_> {
    fn count_written(
        &mut self,
        input: usize,
        origin: &Origin,
        changes: Vec<(&'static str, String)>,
    ) {
        self.report.written += 1;
        self.report.inputs[input].written += 1;
        self.report.repaired += u64::from(changes.iter().any(|(kind, _)| *kind == "repaired"));
        for (kind, detail) in changes {
            self.report.changes.push(Change {
                origin: origin.clone(),
                kind,
                detail,
            });
        }
    }

    /// `--dedupe`: writes the game unless a compatible copy was kept; of two copies the richer
    /// one stays in the output and the other is counted as its duplicate.
    fn keep_unique(
        &mut self,
        input: usize,
        origin: Origin,
        text: String,
        changes: Vec<(&'static str, String)>,
        key: DedupeKey,
    ) {
        let repaired = changes.iter().any(|(kind, _)| *kind == "repaired");
        let Some(twin) = self.seen.find(&key) else {
            match self.write_out(&text) {
                Ok(record) => {
                    let first = self.report.changes.len();
                    self.seen.push(Kept::new(
                        key,
                        record.unwrap_or(0),
                        (input, origin.game, origin.line),
                        first..first + changes.len(),
                        repaired,
                    ));
                }
                Err(e) => self.fail(Path::new("spool"), e),
            }
            self.count_written(input, &origin, changes);
            return;
        };
        self.report.duplicates += 1;
        self.report.inputs[input].duplicates += 1;
        let Some(kept) = self.seen.get(twin) else {
            return;
        };
        let kept_origin = kept_origin(self.inputs, kept);
        if key.standing() <= kept.standing {
            self.fill_from(twin, &text, (input, origin.game, origin.line));
            self.seen.absorb(twin, &key);
            self.report.merges.push(Merge {
                kept: kept_origin,
                dropped: origin,
            });
            self.merge_groups.push(twin);
            return;
        }
        // The new copy carries more: it takes the old one's place in the output. What the old
        // copy and the group's fills knew fills the new copy's gaps.
        let old_record = kept.record;
        let old_from = (kept.input, kept.game, kept.line);
        let old_tags = match self.read_record(old_record) {
            Ok(old) => export_tags(&old),
            Err(e) => return self.fail(Path::new("spool"), e),
        };
        let new_tags = export_tags(&text);
        let mut fills = Vec::new();
        add_fills(&mut fills, &new_tags, &old_tags, &[old_from]);
        for fill in self.fills.remove(&twin).unwrap_or_default() {
            add_fills(
                &mut fills,
                &new_tags,
                &[(fill.name, fill.value)],
                &fill.from,
            );
        }
        if !fills.is_empty() {
            self.fills.insert(twin, fills);
        }
        self.records[old_record].kept = false;
        let record = match self.write_out(&text) {
            Ok(r) => r.unwrap_or(0),
            Err(e) => {
                self.fail(Path::new("spool"), e);
                return;
            }
        };
        let first = self.report.changes.len();
        let new = Kept::new(
            key,
            record,
            (input, origin.game, origin.line),
            first..first + changes.len(),
            repaired,
        );
        let Some(old) = self.seen.replace(twin, new) else {
            return;
        };
        // Counted above as a duplicate of its input, this copy is written instead of the old
        // one, which is now its own input's duplicate.
        self.report.inputs[input].duplicates -= 1;
        self.report.inputs[input].written += 1;
        self.report.inputs[old.input].written -= 1;
        self.report.inputs[old.input].duplicates += 1;
        // The kept copy's changes are reported; the dropped copy's no longer apply.
        self.report.repaired = self.report.repaired - u64::from(old.repaired) + u64::from(repaired);
        if !old.changes.is_empty() {
            self.dropped_changes.push(old.changes);
        }
        for (kind, detail) in changes {
            self.report.changes.push(Change {
                origin: origin.clone(),
                kind,
                detail,
            });
        }
        self.report.merges.push(Merge {
            kept: origin,
            dropped: kept_origin,
        });
        self.merge_groups.push(twin);
    }
}

/// Decodes one section of input and decides the fate of each game in it, with the line of the
/// input it starts on.
fn clean_section(g: &GameRef<'_>, options: &CleanOptions) -> Vec<(u64, Fate)> {
    if g.oversized {
        return vec![(
            g.line,
            Fate::Rejected {
                original: None,
                kind: "too_large".to_owned(),
                message: format!(
                    "{}: game larger than {} bytes; only its start is kept here",
                    g.line,
                    super::MAX_GAME_BYTES
                ),
            },
        )];
    }
    // Borrowed, not copied, where the game is UTF-8 in NFC already.
    let (decoded, encoding, bad) = decode_borrowed(g.bytes, super::game_encoding(options.encoding));
    // Bytes that are not UTF-8 where UTF-8 was chosen (`--encoding utf-8`): the reader reads
    // the bytes themselves and rejects the game at its first bad byte, as `check` does, instead
    // of the game being written with replacement characters.
    let raw = bad && matches!(encoding, Encoding::Utf8 | Encoding::Utf8Bom);
    let text = if raw { g.bytes } else { decoded.as_bytes() };
    // Where several games share the section, a rejected game's original bytes are cut from the
    // section's own bytes when the text is borrowed from them (UTF-8, the text starting after
    // any byte-order mark); otherwise (another encoding, or UTF-8 that NFC or a bad byte
    // changed) the text's offsets are not the bytes' offsets, and the game is cut from the text.
    let borrowed_after = match &decoded {
        _ if raw => Some(0),
        Cow::Borrowed(t) => g.bytes.len().checked_sub(t.len()),
        Cow::Owned(_) => None,
    };
    let line_shift = u32::try_from(g.line.saturating_sub(1)).unwrap_or(u32::MAX);
    let mut reader = SliceReader::new(text);
    let mut builder = GameBuilder::default();
    // Each game as read, where it starts, and, where the reader stopped at a syntax error, a
    // move error before it (kind, message): the game's first error, as `check` reports it, with
    // the syntax error said after it.
    //
    // With `--repair`, a game stopped at a stray character or a bracket never closed is also
    // read again past it ([`super::read_mended_game`]), to be cleaned (and repaired) as read.
    type Read = (
        Result<Game, PgnError>,
        Location,
        Option<(String, String)>,
        Option<Mended>,
    );
    let mut games: Vec<Read> = Vec::new();
    let replay_options = ReplayOptions {
        from: options.from.clone(),
        laws: options.laws,
        dead_analysis: DeadAnalysis::Decisive,
        ..ReplayOptions::default()
    };
    while let Some(read) = reader.read_game(&mut builder) {
        // A broken game starts where the reader began it, not at its error: its original
        // bytes are all of it.
        let start = match &read {
            Ok(game) => game.at,
            Err(e) => reader.last_game().map_or(e.at, |(_, at)| at),
        };
        let first_error = match &read {
            Err(e) => {
                let number = u64::try_from(games.len() + 1).unwrap_or(u64::MAX);
                super::check::before_syntax_error(reader.last_game(), e, number, &replay_options)
                    .and_then(|r| r.error)
                    .filter(|m| m.kind != crate::replay::ErrorKind::Syntax)
                    .map(|m| {
                        (
                            m.kind.as_str().to_owned(),
                            format!(
                                "{}; then a syntax error at {}:{}: {}",
                                describe(&m, line_shift),
                                e.at.line.saturating_add(line_shift),
                                e.at.column,
                                e.kind
                            ),
                        )
                    })
            }
            Ok(_) => None,
        };
        let mended = match (&read, &options.repair, reader.last_game()) {
            (Err(e), Some(_), Some((text, origin))) if mendable(&e.kind) => {
                let number = u64::try_from(games.len() + 1).unwrap_or(u64::MAX);
                super::read_mended_game(text, origin, number, &options.from).map(|mut m| {
                    for mend in &mut m.mends {
                        mend.at.line = mend.at.line.saturating_add(line_shift);
                        if let Some(closed) = &mut mend.closed {
                            closed.at.line = closed.at.line.saturating_add(line_shift);
                        }
                    }
                    m
                })
            }
            _ => None,
        };
        games.push((read, start, first_error, mended));
    }
    let several = games.len() > 1;
    let mut fates = Vec::with_capacity(games.len());
    let starts: Vec<Location> = games.iter().map(|&(_, start, _, _)| start).collect();
    let lines: Vec<u64> = starts
        .iter()
        .map(|at| u64::from(at.line).saturating_add(u64::from(line_shift)))
        .collect();
    let slice_of = |k: usize| -> Option<Vec<u8>> {
        if !several {
            return None;
        }
        let start = starts[k];
        let next = starts.get(k + 1);
        if let Some(skipped) = borrowed_after {
            let end = next.map_or(text.len(), |n| n.offset as usize);
            let start = (start.offset as usize).min(end);
            return g
                .bytes
                .get(start + skipped..end + skipped)
                .map(<[u8]>::to_vec);
        }
        // The text is not the bytes: each game's place in the bytes is found from its place
        // in the text (see `original_offset`); where it cannot be, the game is cut from the
        // text.
        let from_bytes = || {
            let at = |l: &Location| original_offset(g.bytes, text, l, encoding);
            let start = at(&start)?;
            let end = match next {
                Some(n) => at(n)?,
                None => g.bytes.len(),
            };
            g.bytes.get(start..end.max(start)).map(<[u8]>::to_vec)
        };
        from_bytes().or_else(|| {
            let end = next.map_or(text.len(), |n| n.offset as usize);
            text.get((start.offset as usize).min(end)..end)
                .map(<[u8]>::to_vec)
        })
    };
    for (k, (read, _, first_error, mended)) in games.into_iter().enumerate() {
        let line = lines[k];
        let fate = match (read, first_error) {
            (Err(e), first_error) => {
                // The first error (a move before the syntax error), or the syntax error.
                let (kind, mut message) = first_error.unwrap_or_else(|| {
                    let at = e.at.line.saturating_add(line_shift);
                    let message = format!("{at}:{}: {}", e.at.column, e.kind);
                    ("syntax".to_owned(), message)
                });
                // Read again past the slips in its text (`--repair`): written when it cleans
                // (repaired, or reading as it is), the characters mended listed as repairs.
                let cleaned = mended.map(|mut m| {
                    let lines: Vec<String> = m.mends.iter().map(ToString::to_string).collect();
                    // The game written says so, as a repaired one does.
                    let note = format!("scoresheet: {}", lines.join("; "));
                    m.game.mainline.comments.insert(0, note.into());
                    (clean_game(m.game, options), lines)
                });
                match cleaned {
                    Some((Ok((text, mut changes, key)), mends)) => {
                        // Before the repair's corrections, where there are any.
                        let at = changes
                            .iter()
                            .position(|(kind, _)| *kind == "repaired")
                            .unwrap_or(changes.len());
                        changes.splice(at..at, mends.into_iter().map(|l| ("repaired", l)));
                        Fate::Written { text, changes, key }
                    }
                    Some((Err(again), _)) => {
                        message.push_str(&format!(
                            "; read again past the slips in its text: {}",
                            describe(&again, line_shift)
                        ));
                        Fate::Rejected {
                            original: slice_of(k),
                            kind,
                            message,
                        }
                    }
                    None => Fate::Rejected {
                        original: slice_of(k),
                        kind,
                        message,
                    },
                }
            }
            (Ok(game), _) => match clean_game(game, options) {
                Ok((text, changes, key)) => Fate::Written { text, changes, key },
                Err(e) => Fate::Rejected {
                    original: slice_of(k),
                    kind: e.kind.as_str().to_owned(),
                    message: describe(&e, line_shift),
                },
            },
        };
        fates.push((line, fate));
    }
    if g.broken_off {
        // The last game read is the one the input failed inside: however it reads, it may
        // not be the whole game, so it is not written out; an error found in it is most
        // likely the break itself (a comment or a move cut in half), said after it.
        let (line, column, _) = g.end();
        let k = fates.len().saturating_sub(1);
        let mut message = format!("{line}:{column}: {BROKEN_OFF}");
        if let Some((_, Fate::Rejected { message: found, .. })) = fates.last() {
            message.push_str(&format!(" (as read: {found})"));
        }
        let broken = Fate::Rejected {
            original: slice_of(k),
            kind: "input_failed".to_owned(),
            message,
        };
        match fates.last_mut() {
            Some(last) => last.1 = broken,
            None => fates.push((g.line, broken)),
        }
    }
    if fates.is_empty() && !crate::pgn::split::only_comments(g.bytes) {
        // A section with no game in it (stray text): the reader found nothing to report, so
        // the section itself is rejected, to keep every byte accounted for. Comments alone
        // (the note before a rejects file's first game) are passed over, as between games.
        fates.push((
            g.line,
            Fate::Rejected {
                original: None,
                kind: "syntax".to_owned(),
                message: format!("{}:1: no game in this text", g.line),
            },
        ));
    }
    fates
}

/// Where the text's place `at` (a game's start) lies in `bytes`, the section the text was
/// decoded from, when the text is not borrowed from them: in a single-byte encoding
/// (Windows-1250, ISO-8859-2, CP852, Windows-1252, Windows-1251) each character is one byte; in
/// UTF-8 whose NFC form differs, the line is found by its line ends (the same bytes in both),
/// and the place in it where the line's text before it is ASCII. `None` otherwise (UTF-16, or
/// composed characters before the game on its line): the caller cuts the game from the text.
fn original_offset(bytes: &[u8], text: &[u8], at: &Location, encoding: Encoding) -> Option<usize> {
    let start = usize::try_from(at.offset).ok()?;
    let before = text.get(..start)?;
    match encoding {
        Encoding::Windows1250
        | Encoding::Iso8859_2
        | Encoding::Cp852
        | Encoding::Windows1252
        | Encoding::Windows1251 => std::str::from_utf8(before).ok().map(|t| t.chars().count()),
        Encoding::Utf8 | Encoding::Utf8Bom => {
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |i| i + 1);
            let in_line = &before[line_start..];
            if !in_line.is_ascii() {
                return None;
            }
            // The lines above the game's, counted in the text, found in the bytes (lines as
            // the PGN reader counts them: `lines_with_ends`).
            let above = std::str::from_utf8(&before[..line_start]).ok()?;
            let lines = lines_with_ends(above).count();
            let skip = if bytes.starts_with(b"\xEF\xBB\xBF") {
                3
            } else {
                0
            };
            let original = std::str::from_utf8(bytes.get(skip..)?).ok()?;
            let (found, len) = lines_with_ends(original)
                .take(lines)
                .fold((0, 0), |(n, len), line| (n + 1, len + line.len()));
            (found == lines).then_some(skip + len + in_line.len())
        }
        Encoding::Utf16Le | Encoding::Utf16Be => None,
    }
}

fn describe(e: &MoveError, line_shift: u32) -> String {
    let mut s = format!("{}:{}: ", e.line.saturating_add(line_shift), e.column);
    if let Some(side) = e.side {
        s.push_str(&format!(
            "move {} ({}) '{}': ",
            e.move_number,
            side.name(),
            e.token
        ));
    }
    // The kind first, unless the message says it already (`ambiguous: Nce2, Nge2 both fit`).
    let kind = e.kind.as_str();
    match e.message.strip_prefix(kind) {
        Some(rest) if rest.starts_with(':') => s.push_str(&e.message),
        _ => s.push_str(&format!("{kind}: {}", e.message)),
    }
    s
}

/// The comment put before a rejected game in the rejects file: `{ scoresheet: rejected: FILE:
/// MESSAGE }` on one line. A `}` in the file name or the message (a token quoted) would end the
/// comment early and the file would not read back as the games it holds, and a `{` would read as
/// a `}` left out: they are written as the full-width `｛` and `｝`, and line breaks as spaces.
fn rejection_comment(file: &str, message: &str) -> String {
    let text = format!("scoresheet: rejected: {file}:{message}");
    let safe: String = text
        .chars()
        .map(|c| match c {
            '{' => '\u{FF5B}',
            '}' => '\u{FF5D}',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect();
    format!("{{ {safe} }}\n")
}

type Cleaned = (String, Vec<(&'static str, String)>, Option<DedupeKey>);

/// Which final positions `clean` has analysed for a dead position: only `--fix-results` looks
/// at how a game ended on the board, and a game stated drawn stays drawn whatever the analysis
/// finds (see `fix_result`).
fn dead_analysis(options: &CleanOptions) -> DeadAnalysis {
    if options.fix_results {
        DeadAnalysis::UnlessDrawn
    } else {
        DeadAnalysis::Never
    }
}

/// Replays one game and writes it out clean, or says why it cannot be kept.
fn clean_game(mut game: Game, options: &CleanOptions) -> Result<Cleaned, MoveError> {
    let replay_options = ReplayOptions {
        from: options.from.clone(),
        dead_analysis: dead_analysis(options),
        // The moves in UCI make the key that finds duplicates; nothing else here needs them.
        collect_uci: options.dedupe,
        laws: options.laws,
        ..ReplayOptions::default()
    };
    let print = if options.to.code() == LetterSet::english().code() {
        PrintOptions::san()
    } else {
        PrintOptions {
            ep_mark: false,
            ..PrintOptions::new(Style::Fide)
        }
    };
    let mut changes = Vec::new();
    let mut printed = Printed::with_capacity(game.mainline.moves.len());
    let mut replay = replay_game_with(&game, &replay_options, &mut |pos, m, after| {
        printed.push(pos, m, after, &options.to, &print);
    });
    if let Some(mut e) = replay.error.take() {
        let mut taken = false;
        if let (Some(policy), true) = (&options.repair, is_repairable(e.kind)) {
            match repair_game(&game, &options.from, policy) {
                Ok(r) if r.accepted() => {
                    let (fixed, dropped) = repaired_game(&game, &r.repair);
                    let english = ReplayOptions {
                        from: FromLetters::Set(LetterSet::english().clone()),
                        dead_analysis: dead_analysis(options),
                        collect_uci: options.dedupe,
                        laws: options.laws,
                        ..ReplayOptions::default()
                    };
                    let mut again = Printed::with_capacity(fixed.mainline.moves.len());
                    let checked = replay_game_with(&fixed, &english, &mut |pos, m, after| {
                        again.push(pos, m, after, &options.to, &print);
                    });
                    if checked.error.is_none() {
                        if dropped > 0 {
                            changes.push((
                                "variations_dropped",
                                format!("{dropped} variation(s) not legal in the repaired game"),
                            ));
                        }
                        for line in r.correction_lines() {
                            changes.push(("repaired", line));
                        }
                        game = fixed;
                        game.mainline.comments.insert(
                            0,
                            format!(
                                "scoresheet: repaired, {} correction(s), confidence {:.2}",
                                r.repair.corrections.len(),
                                r.repair.confidence
                            )
                            .into(),
                        );
                        printed = again;
                        replay = checked;
                        // Replayed in English as repaired; read in the letters the repair
                        // found, which the `letters` change below reports.
                        replay.letters.clone_from(&r.repair.letters);
                        taken = true;
                    }
                }
                Ok(r) => {
                    if let Some(why) = &r.refusal {
                        e.message.push_str(&format!("; repair not taken: {why}"));
                    }
                }
                Err(_) => {}
            }
        }
        if !taken {
            replay.error = Some(e);
        }
    }
    // Cut at each error in turn (one in the mainline, or one in each of several variations),
    // each cut followed by a replay: up to `MAX_CUTS`, so that a game of a thousand broken
    // variations costs no thousand replays (it is rejected).
    const MAX_CUTS: usize = 16;
    let mut cuts = 0;
    // A variation going on after its line ended on the board (mate, stalemate) is cut there
    // too: its moves cannot be printed from a position.
    while let Some(e) = replay
        .error
        .take()
        .or_else(|| replay.variation_past_end.take())
    {
        if !options.truncate_illegal || cuts == MAX_CUTS {
            return Err(e);
        }
        cuts += 1;
        let at = Location {
            offset: 0,
            line: e.line,
            column: e.column,
        };
        let note = format!(
            "scoresheet: {CUT_HERE}: move {} ({}) '{}': {}",
            e.move_number,
            e.side.map_or("?", Color::name),
            e.token,
            e.message
        );
        // Nothing left to keep (the first move is already wrong): the game is rejected.
        let first = game.mainline.moves.first();
        if first.is_some_and(|n| is_at(n, at)) || !truncate_at(&mut game.mainline, at, &note) {
            return Err(e);
        }
        changes.push((
            "truncated",
            format!(
                "cut before move {} '{}': {}",
                e.move_number, e.token, e.kind
            ),
        ));
        printed.clear();
        replay = replay_game_with(&game, &replay_options, &mut |pos, m, after| {
            printed.push(pos, m, after, &options.to, &print);
        });
    }
    // Moves read in another letter set than English, detected (`2. Ba3` that only Hungarian
    // letters make legal, `Jf3`): the output rewrites them, which the report says.
    if matches!(options.from, FromLetters::Auto(_)) && replay.letters != "en" {
        changes.push((
            "letters",
            format!("the moves were read in the {} letters", replay.letters),
        ));
    }
    let redo = (&replay_options, &print);
    after_the_end(
        &mut game,
        &mut replay,
        &mut printed,
        options,
        redo,
        &mut changes,
    )?;
    tidy_tags(&mut game, &mut changes);
    // A move written with a mark the board does not bear out (`Qxh5` capturing nothing, `Bc4+`
    // giving no check, an `e.p.` that is none, more of the square than needed) is written as
    // the board has it: a change, said as `check` warns of it.
    if !replay.warnings.is_empty() {
        let marks = crate::replay::REPORTED_WARNINGS.map(|w| w.to_string());
        for w in &replay.warnings {
            if w.starts_with("move ") && marks.iter().any(|m| w.ends_with(m.as_str())) {
                changes.push(("notation", format!("{w}: written as the board has it")));
            }
        }
    }
    // The game is written with the Result tag's result after its moves too: a movetext that
    // ended with another is a change to report.
    let tag_result = game.tag("Result").and_then(Outcome::from_token);
    if let (Some(tag), Some(text)) = (tag_result, game.outcome) {
        if tag == Outcome::Unknown && text != Outcome::Unknown {
            // `[Result "*"]` says nothing: the result the movetext ends with stands.
            changes.push(("result", format!("Result \"*\" → {text}, the movetext's")));
            if let Some(tag) = game.tags.iter_mut().find(|(n, _)| n == "Result") {
                tag.1 = text.as_str().into();
            }
        } else if tag != text {
            changes.push((
                "result",
                format!("the movetext's result {text} → {tag}, the Result tag's"),
            ));
            game.outcome = Some(tag);
        }
    }
    if options.fix_results {
        fix_result(&mut game, &replay, &mut changes);
    }
    if printed.len() != count_moves(&game.mainline) {
        // Moves written after the game had ended on the board (mate, stalemate): they cannot
        // be printed from a position, and dropping them silently would lose them.
        return Err(MoveError::game_level(
            crate::replay::ErrorKind::Illegal,
            "moves written after the game ended on the board".to_owned(),
            game.at,
        ));
    }
    let key = options.dedupe.then(|| {
        // A copy repaired or cut short is not the game as its source has it.
        let intact = !changes
            .iter()
            .any(|(kind, _)| matches!(*kind, "repaired" | "truncated"));
        dedupe_key(&game, &replay.uci, intact)
    });
    let text = Writer::default().write(&game, &mut printed);
    // Escaping a value's quotes and backslashes lengthens it: a tag the reader took whole may
    // come out longer than it takes, and OUT must read back.
    let most = crate::pgn::lexer::LexLimits::default().max_tag_bytes;
    if let Some(long) = text
        .lines()
        .take_while(|l| l.starts_with('['))
        .find(|l| l.len().saturating_sub(1) > most)
    {
        let name: String = long
            .chars()
            .skip(1)
            .take_while(|c| !c.is_whitespace())
            .collect();
        return Err(MoveError::game_level(
            crate::replay::ErrorKind::Syntax,
            format!(
                "tag {name} would be {} bytes written in the export format (quotes and backslashes escaped), over the {most} a tag pair may take: the output would not read back",
                long.len() - 1
            ),
            game.at,
        ));
    }
    Ok((text, changes, key))
}

/// Moves of the mainline written after the game ended on the board (mate, stalemate): an
/// error at the first of them, or with `--truncate-illegal` the game cut before it (said in a
/// comment and a change), as for an illegal move.
fn after_the_end(
    game: &mut Game,
    replay: &mut Replay,
    printed: &mut Printed,
    options: &CleanOptions,
    (replay_options, print): (&ReplayOptions, &PrintOptions),
    changes: &mut Vec<(&'static str, String)>,
) -> Result<(), MoveError> {
    let played = usize::try_from(replay.plies).unwrap_or(usize::MAX);
    let Some(extra) = game.mainline.moves.get(played) else {
        return Ok(());
    };
    let what = match replay.status {
        Status::Checkmate => "checkmate",
        Status::Stalemate => "stalemate",
        // Not ended on the board: the replay stopped for another reason, reported elsewhere.
        _ => return Ok(()),
    };
    let (move_number, side) = crate::replay::start_position(game)?.move_after(played);
    let e = MoveError {
        kind: crate::replay::ErrorKind::Illegal,
        message: format!("written after the game ended by {what}"),
        line: extra.at.line,
        column: extra.at.column,
        move_number,
        side: Some(side),
        token: extra.san.to_string(),
        ply: u32::try_from(played + 1).unwrap_or(u32::MAX),
    };
    if !options.truncate_illegal || played == 0 {
        return Err(e);
    }
    let note = format!(
        "scoresheet: {CUT_HERE}: move {} ({}) '{}': {}",
        e.move_number,
        side.name(),
        e.token,
        e.message
    );
    game.mainline.moves.truncate(played);
    if let Some(last) = game.mainline.moves.last_mut() {
        last.comments.push(note.into());
    }
    changes.push((
        "truncated",
        format!(
            "cut before move {} '{}': {}",
            e.move_number, e.token, e.message
        ),
    ));
    printed.clear();
    *replay = replay_game_with(game, replay_options, &mut |pos, m, after| {
        printed.push(pos, m, after, &options.to, print);
    });
    match replay.error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The moves of a game as printed in the output's letters, in the order the replay played them
/// (the order the writer asks for them): one buffer for all, not a string each.
struct Printed {
    text: String,
    /// Where each move's text ends in `text`.
    ends: Vec<usize>,
    /// How many the writer has taken.
    taken: usize,
}

impl Printed {
    fn with_capacity(moves: usize) -> Printed {
        Printed {
            text: String::with_capacity(moves * 6),
            ends: Vec::with_capacity(moves),
            taken: 0,
        }
    }

    /// Prints `m`, a legal move of `pos` (`None`: a null move, `--`).
    fn push(
        &mut self,
        pos: &Position,
        m: Option<&Move>,
        after: &Position,
        letters: &LetterSet,
        print: &PrintOptions,
    ) {
        match m {
            None => self.text.push_str("--"),
            // Writing into a String cannot fail.
            Some(m) => {
                let _ = write_move_before(&mut self.text, pos, m, Some(after), letters, print);
            }
        }
        self.ends.push(self.text.len());
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
        self.taken = 0;
    }
}

impl MoveText for Printed {
    fn move_text<'a>(&'a mut self, _: &'a Node) -> Cow<'a, str> {
        let start = match self.taken {
            0 => 0,
            k => self.ends.get(k - 1).copied().unwrap_or(self.text.len()),
        };
        let end = self.ends.get(self.taken).copied().unwrap_or(start);
        self.taken += 1;
        Cow::Borrowed(self.text.get(start..end).unwrap_or_default())
    }
}

/// Cuts the line holding the move written at `at` just before that move, leaving `note` as a
/// comment. Returns false if no move was written there.
/// What the note at a cut says (a variation left out whole says so instead).
const CUT_HERE: &str = "the game was cut here";

fn truncate_at(line: &mut Line, at: Location, note: &str) -> bool {
    let found = line.moves.iter().position(|n| is_at(n, at));
    if let Some(i) = found {
        line.moves.truncate(i);
        match line.moves.last_mut() {
            Some(prev) => prev.comments.push(note.into()),
            None => line.comments.push(note.into()),
        }
        return true;
    }
    // A variation wrong from its first move is left out whole, the note where it stood (saying
    // so: the game itself goes on).
    let starts_at = |v: &Line| v.moves.first().is_some_and(|n| is_at(n, at));
    let left_out = || note.replacen(CUT_HERE, "a variation was left out here", 1);
    if let Some(k) = line.variations.iter().position(starts_at) {
        line.variations.remove(k);
        line.comments.push(left_out().into());
        return true;
    }
    for v in &mut line.variations {
        if truncate_at(v, at, note) {
            return true;
        }
    }
    for n in &mut line.moves {
        if let Some(k) = n.variations.iter().position(starts_at) {
            n.variations.remove(k);
            n.comments.push(left_out().into());
            return true;
        }
        if n.variations.iter_mut().any(|v| truncate_at(v, at, note)) {
            return true;
        }
    }
    false
}

/// Whether the move `n` was written at `at`.
fn is_at(n: &Node, at: Location) -> bool {
    n.at.line == at.line && n.at.column == at.column
}

/// Seven Tag Roster names are trimmed, dates normalised, duplicate tags dropped (first kept).
fn tidy_tags(game: &mut Game, changes: &mut Vec<(&'static str, String)>) {
    let mut tags: Vec<(CompactString, CompactString)> = Vec::with_capacity(game.tags.len());
    for (name, value) in std::mem::take(&mut game.tags) {
        // The roster's names in another case (`[event "x"]`) are those tags. (Not `fen`: the
        // game was replayed without it, from the standard start.)
        let canonical = crate::pgn::writer::SEVEN_TAG_ROSTER
            .iter()
            .find(|known| known.eq_ignore_ascii_case(&name) && **known != name);
        let name = match canonical {
            Some(&known) => {
                changes.push(("tag_name", format!("{name} → {known}")));
                CompactString::new(known)
            }
            None => name,
        };
        if tags.iter().any(|(kept, _)| *kept == name) {
            changes.push((
                "duplicate_tag",
                format!("dropped a second {name} tag \"{value}\""),
            ));
            continue;
        }
        // Control characters (a tab, a stray escape byte) have no place in a tag value of the
        // export format (PGN 8.1.1): each is a space, and said.
        let value = if value.chars().any(char::is_control) {
            let spaced: String = value
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            changes.push((
                "tag_value",
                format!(
                    "{name}: control characters written as spaces ({})",
                    value.escape_debug()
                ),
            ));
            CompactString::from(spaced)
        } else {
            value
        };
        let value = match name.as_str() {
            "Date" | "EventDate" | "UTCDate" => match normalize_date(&value)
                .or_else(|| crate::notation::sheet::date_in_words(&value))
            {
                Some(d) if d != value => {
                    let doubt = match month_first(&value) {
                        Some(other) if other != d => {
                            format!(" (read day first; month first it is \"{other}\")")
                        }
                        // Only month first makes a date of it (`01/13/2023`).
                        Some(_)
                            if value.split('/').nth(1).and_then(|m| m.parse::<u32>().ok())
                                > Some(12) =>
                        {
                            " (read month first: day first it is no date)".to_owned()
                        }
                        _ => String::new(),
                    };
                    changes.push(("date", format!("{name} \"{value}\" → \"{d}\"{doubt}")));
                    d.into()
                }
                Some(d) => d.into(),
                None => {
                    changes.push((
                        "date",
                        format!("{name} \"{value}\" is no date; kept as it is"),
                    ));
                    value
                }
            },
            "Result" => match Outcome::from_token(&value).map(Outcome::as_str) {
                // None of PGN's four: the movetext's result stands.
                None => {
                    let movetext = game.outcome.unwrap_or(Outcome::Unknown).as_str();
                    changes.push((
                        "result",
                        format!("Result \"{value}\" is no result → {movetext}, the movetext's"),
                    ));
                    movetext.into()
                }
                // Written another way than the export format's (`½-½`, `1:0`, ` 1-0`): put
                // in its form, and said.
                Some(form) if form != value => {
                    changes.push(("result", format!("Result \"{value}\" → {form}")));
                    form.into()
                }
                Some(_) => value,
            },
            "White" | "Black" | "Event" | "Site" | "Round" | "Annotator"
                if !super::tags::is_tidy(&value) =>
            {
                // Nothing but blanks is unknown: written `?`, as the export format has it.
                let tidy = match tidy_name(&value) {
                    t if t.is_empty() => "?".to_owned(),
                    t => t,
                };
                if tidy != value {
                    changes.push(("name", format!("{name} \"{value}\" → \"{tidy}\"")));
                }
                tidy.into()
            }
            _ => value,
        };
        tags.push((name, value));
    }
    // An empty FEN tag sets up nothing (the game was replayed from the initial position): it
    // goes, with a SetUp "1" beside it.
    if let Some(at) = tags
        .iter()
        .position(|(name, value)| name == "FEN" && value.trim().is_empty())
    {
        tags.remove(at);
        changes.push((
            "setup",
            "FEN \"\" removed: an empty FEN tag sets up no position (the game starts from the initial one)".to_owned(),
        ));
        if let Some(at) = tags
            .iter()
            .position(|(name, value)| name == "SetUp" && value.trim() == "1")
        {
            tags.remove(at);
        }
    }
    // A FEN tag goes with SetUp "1" (PGN 9.7.1): added, or put right where it says otherwise
    // (the game was replayed from the FEN).
    let fen = tags.iter().position(|(name, _)| name == "FEN");
    let setup = tags.iter_mut().find(|(name, _)| name == "SetUp");
    match (fen, setup) {
        (Some(at), None) => {
            changes.push(("setup", "SetUp \"1\" added for the FEN tag".to_owned()));
            tags.insert(at, ("SetUp".into(), "1".into()));
        }
        (Some(_), Some((_, value))) if value.trim() != "1" => {
            changes.push((
                "setup",
                format!("SetUp \"{value}\" → \"1\": the game starts from its FEN tag"),
            ));
            *value = "1".into();
        }
        _ => {}
    }
    game.tags = tags;
}

/// A date written with slashes, `05/01/2023`, read month first (as in the United States):
/// `2023.05.01`; `None` where it is no such date or the month would be over 12.
fn month_first(value: &str) -> Option<String> {
    let mut parts = value.trim().split('/');
    let (a, b, year) = (parts.next()?, parts.next()?, parts.next()?);
    let number = |t: &str| t.parse::<u32>().ok().filter(|_| t.len() <= 2);
    let (month, day) = (number(a)?, number(b)?);
    let all_digits = year.len() == 4 && year.bytes().all(|c| c.is_ascii_digit());
    (parts.next().is_none() && all_digits && (1..=12).contains(&month) && (1..=31).contains(&day))
        .then(|| format!("{year}.{month:02}.{day:02}"))
}

/// Sets the Result from the final position when the game ended on the board. Only checkmate
/// gives a decisive result; stalemate, a dead position, fivefold and 75 moves (under the Laws
/// the game was replayed by) give a draw, as does an automatic draw the moves went on past
/// (those moves do not count).
fn fix_result(game: &mut Game, replay: &Replay, changes: &mut Vec<(&'static str, String)>) {
    // A mainline with a null move (`--`) is analysis, not a game played on the board: where it
    // ends says nothing of the result.
    let null_move = |n: &Node| crate::replay::is_null_move(&n.san);
    if game.mainline.moves.iter().any(null_move) {
        return;
    }
    let (status, plies) = (replay.status, replay.plies);
    let result = match status {
        _ if replay.ended_early.is_some() => Outcome::Draw,
        Status::Checkmate => {
            let start_black = game
                .tag("FEN")
                .is_some_and(|f| f.split_whitespace().nth(1) == Some("b"));
            // The side that made the last move gave mate.
            let white_moved_last = (plies % 2 == 1) != start_black;
            if white_moved_last {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            }
        }
        Status::Stalemate | Status::DeadPosition | Status::Fivefold | Status::SeventyFiveMoves => {
            Outcome::Draw
        }
        _ => return,
    };
    // With no Result tag, the result the movetext ends with (written as the tag too).
    let current = game
        .tag("Result")
        .map(str::to_owned)
        .or_else(|| game.outcome.map(|o| o.as_str().to_owned()));
    let want = result.as_str();
    if current.as_deref() == Some(want) {
        return;
    }
    let why = match replay.ended_early {
        Some(end) => format!(
            "{}, before move {} ({})",
            crate::replay::ending(end.status, replay.laws),
            end.move_number,
            crate::replay::side_name(end.side)
        ),
        None => crate::replay::ending(status, replay.laws),
    };
    changes.push((
        "result",
        format!(
            "Result {} → {want} ({why})",
            current.as_deref().unwrap_or("missing"),
        ),
    ));
    match game.tags.iter_mut().find(|(n, _)| n == "Result") {
        Some(tag) => tag.1 = want.into(),
        None => game.tags.push(("Result".into(), want.into())),
    }
    game.outcome = Some(result);
}

fn dedupe_key(game: &Game, uci: &[String], intact: bool) -> DedupeKey {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    // A FEN tag of the standard start is the same start as none.
    let fen = match game.tag("FEN").map(str::trim) {
        Some(fen) if Position::from_fen(fen).is_ok_and(|p| p == Position::new()) => "",
        Some(fen) => fen,
        None => "",
    };
    fen.hash(&mut h);
    uci.hash(&mut h);
    let tag = |n: &str| -> String {
        game.tag(n)
            .map(|v| tidy_name(v).to_lowercase())
            .unwrap_or_default()
    };
    // SetUp, FEN and PlyCount say what every copy of the same start and moves says.
    let says_something = |(name, value): &&(CompactString, CompactString)| {
        !value.is_empty()
            && !value.starts_with('?')
            && !matches!(name.as_str(), "SetUp" | "FEN" | "PlyCount")
    };
    // The moves of variations are annotation too.
    let variation_moves = count_moves(&game.mainline) - game.mainline.moves.len();
    let richness = Richness {
        intact,
        annotations: u32::try_from(count_annotations(&game.mainline) + variation_moves)
            .unwrap_or(u32::MAX),
        tags: u32::try_from(game.tags.iter().filter(says_something).count()).unwrap_or(u32::MAX),
    };
    let (white, black) = (tag("White"), tag("Black"));
    let tags = KeyTags {
        white: &white,
        black: &black,
        date: game.tag("Date").unwrap_or(""),
        round: game.tag("Round").unwrap_or(""),
        // Without a Result tag (or with `*`), the movetext's result is the game's: the one
        // written out. A game tagged with neither is of no known result.
        result: match game.tag("Result") {
            Some(tag) if tag.trim() != "*" => tag,
            _ => game.outcome.map_or("*", Outcome::as_str),
        },
    };
    DedupeKey::new(h.finish(), tags, richness)
}

fn count_moves(line: &Line) -> usize {
    line.variations.iter().map(count_moves).sum::<usize>()
        + line
            .moves
            .iter()
            .map(|n| 1 + n.variations.iter().map(count_moves).sum::<usize>())
            .sum::<usize>()
}

/// The comments, glyphs and variations' annotations of `line`; the notes `clean` itself writes
/// (`{scoresheet: ...}`: a repair, a cut) are no annotation of the game.
fn count_annotations(line: &Line) -> usize {
    let comments = |c: &[CompactString]| {
        c.iter()
            .filter(|c| !c.trim_start().starts_with("scoresheet:"))
            .count()
    };
    comments(&line.comments)
        + line.nags.len()
        + line.variations.iter().map(count_annotations).sum::<usize>()
        + line
            .moves
            .iter()
            .map(|n| {
                comments(&n.comments)
                    + n.nags.len()
                    + n.variations.iter().map(count_annotations).sum::<usize>()
            })
            .sum::<usize>()
}

/// Writes the report as pretty JSON.
///
/// ```
/// let json = scoresheet::batch::report_json(&scoresheet::batch::CleanReport::default());
/// assert!(json.contains("\"read\": 0"));
/// ```
pub fn report_json(report: &CleanReport) -> String {
    serde_json::to_string_pretty(report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
