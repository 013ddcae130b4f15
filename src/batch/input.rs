//! Where games come from: files, directories, standard input, compressed or not.

use crate::encoding::Encoding;
use std::collections::HashSet;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// How the bytes of an input are compressed.
///
/// ```
/// use scoresheet::batch::Compression;
/// assert_eq!(Compression::from_magic(&[0x28, 0xb5, 0x2f, 0xfd, 0]), Compression::Zstd);
/// assert_eq!(Compression::from_magic(b"[Event \"x\"]"), Compression::None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain bytes.
    None,
    /// Zstandard (`.zst`).
    Zstd,
    /// gzip (`.gz`).
    Gzip,
    /// bzip2 (`.bz2`).
    Bzip2,
}

impl Compression {
    /// The compression that the first bytes of a stream announce.
    pub fn from_magic(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.len() >= 4 && head.starts_with(b"BZh") && head[3].is_ascii_digit() {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }

    /// The compression a file name's extension announces.
    pub fn from_path(path: &Path) -> Compression {
        match path.extension().and_then(|e| e.to_str()) {
            Some("zst") | Some("zstd") => Compression::Zstd,
            Some("gz") => Compression::Gzip,
            Some("bz2") => Compression::Bzip2,
            _ => Compression::None,
        }
    }

    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One input named on the command line, after directories were expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A file on disk.
    Path(PathBuf),
    /// Standard input (`-`).
    Stdin,
    /// Bytes already in memory (a PGN string handed over by a program), with a name for messages.
    Memory {
        /// The name used in messages.
        name: String,
        /// The bytes (plain or compressed).
        bytes: std::sync::Arc<[u8]>,
    },
}

impl Input {
    /// The name used in messages: the path, or `<stdin>`.
    pub fn display_name(&self) -> String {
        match self {
            Input::Path(p) => p.display().to_string(),
            Input::Stdin => "<stdin>".to_owned(),
            Input::Memory { name, .. } => name.clone(),
        }
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display_name())
    }
}

/// An input that could not be found, listed or opened.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file or directory could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The path as given or found.
        path: String,
        /// What the operating system said.
        #[source]
        source: io::Error,
    },
}

/// True if a file name looks like a PGN file this tool reads when walking a directory
/// (`*.pgn`, optionally compressed: `*.pgn.zst`, `*.pgn.gz`, `*.pgn.bz2`).
///
/// ```
/// use scoresheet::batch::is_pgn_name;
/// assert!(is_pgn_name("games.PGN"));
/// assert!(is_pgn_name("twic.pgn.zst"));
/// assert!(!is_pgn_name("notes.txt"));
/// ```
pub fn is_pgn_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".pgn", ".pgn.zst", ".pgn.zstd", ".pgn.gz", ".pgn.bz2"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

/// Expands the inputs named by the user: `-` is standard input, a directory contributes every
/// PGN file below it (recursively, in name order; links are followed, but no directory is
/// walked twice, so a link back up the tree ends), anything else is taken as a file. A file is
/// read once however often it is reached: named twice, named and found in a directory named
/// too (`clean d d/a.pgn`), or found through a link; it stands where it was first reached.
///
/// ```
/// use scoresheet::batch::{expand_inputs, Input};
/// let inputs = expand_inputs(&["-".into()]).unwrap();
/// assert_eq!(inputs, vec![Input::Stdin]);
/// ```
pub fn expand_inputs(names: &[PathBuf]) -> Result<Vec<Input>, InputError> {
    let mut out = Vec::new();
    let mut walked = Walked::default();
    for name in names {
        if name.as_os_str() == "-" {
            out.push(Input::Stdin);
        } else if name.is_dir() {
            walk_dir(name, &mut out, &mut walked)?;
        } else if walked.first_time(name) {
            out.push(Input::Path(name.clone()));
        }
    }
    Ok(out)
}

/// What a directory walk has seen, as the system resolves it (links followed).
#[derive(Default)]
struct Walked {
    dirs: HashSet<PathBuf>,
    files: HashSet<PathBuf>,
}

impl Walked {
    /// Whether the file `path` is reached for the first time. A file that cannot be resolved
    /// (missing, a dangling link) counts as new: opening it says why.
    fn first_time(&mut self, path: &Path) -> bool {
        match std::fs::canonicalize(path) {
            Ok(resolved) => self.files.insert(resolved),
            Err(_) => true,
        }
    }
}

/// Adds the PGN files under `dir` in name order. A directory or file reached a second time
/// through a link is skipped: a link back up the tree would otherwise be walked for ever, and a
/// file reached twice would have its games read twice.
fn walk_dir(dir: &Path, out: &mut Vec<Input>, walked: &mut Walked) -> Result<(), InputError> {
    let io_err = |source| InputError::Io {
        path: dir.display().to_string(),
        source,
    };
    if !walked
        .dirs
        .insert(std::fs::canonicalize(dir).map_err(io_err)?)
    {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io_err)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(io_err)?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk_dir(&path, out, walked)?;
        } else if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(is_pgn_name)
            && walked.first_time(&path)
        {
            out.push(Input::Path(path));
        }
    }
    Ok(())
}

/// The encoding a game's bytes are in, of the inputs' encoding `chosen`: UTF-16 input is
/// transcoded to UTF-8 when it is opened ([`open_input`], told by its byte-order mark or its
/// zero bytes), so that a game is never UTF-16; named UTF-16 (`--encoding utf-16le`), a game
/// is read as UTF-8.
///
/// ```
/// use scoresheet::batch::game_encoding;
/// use scoresheet::encoding::Encoding;
/// assert_eq!(game_encoding(Some(Encoding::Utf16Le)), Some(Encoding::Utf8));
/// assert_eq!(game_encoding(Some(Encoding::Cp852)), Some(Encoding::Cp852));
/// assert_eq!(game_encoding(None), None);
/// ```
pub fn game_encoding(chosen: Option<Encoding>) -> Option<Encoding> {
    match chosen {
        Some(Encoding::Utf16Le | Encoding::Utf16Be) => Some(Encoding::Utf8),
        other => other,
    }
}

/// An opened input: a buffered reader over the decompressed bytes.
pub struct OpenInput {
    /// Which input this is.
    pub input: Input,
    /// The compression found (by magic bytes, or by extension when the file is too short to tell).
    pub compression: Compression,
    /// The decompressed bytes.
    pub reader: Box<dyn Read + Send>,
    /// The encoding the input was transcoded to UTF-8 from when opened (UTF-16, by its
    /// byte-order mark or its zero bytes), so that what is said of its games names it.
    pub transcoded: Option<Encoding>,
}

impl fmt::Debug for OpenInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpenInput")
            .field("input", &self.input)
            .field("compression", &self.compression)
            .finish_non_exhaustive()
    }
}

/// Opens an input and wraps it in the decompressor its first bytes call for.
///
/// ```no_run
/// use scoresheet::batch::{open_input, Input};
/// let opened = open_input(&Input::Path("games.pgn.zst".into())).unwrap();
/// println!("{} is {}", opened.input, opened.compression);
/// ```
pub fn open_input(input: &Input) -> Result<OpenInput, InputError> {
    let io_err = |source| InputError::Io {
        path: input.display_name(),
        source,
    };
    let raw: Box<dyn Read + Send> = match input {
        Input::Path(p) => Box::new(File::open(p).map_err(io_err)?),
        Input::Stdin => Box::new(io::stdin()),
        Input::Memory { bytes, .. } => Box::new(io::Cursor::new(bytes.clone())),
    };
    let mut buffered = BufReader::with_capacity(1 << 16, raw);
    let head = buffered.fill_buf().map_err(io_err)?;
    let mut compression = Compression::from_magic(head);
    if compression == Compression::None && head.len() < 4 {
        if let Input::Path(p) = input {
            compression = Compression::from_path(p);
        }
    }
    // UTF-16 without a byte order mark, told by its zero bytes.
    let utf16 = match crate::encoding::utf16_without_bom(head) {
        Some(crate::encoding::Encoding::Utf16Be) => Some(encoding_rs::UTF_16BE),
        Some(_) => Some(encoding_rs::UTF_16LE),
        None => None,
    };
    let transcoded = match compression {
        Compression::None if head.starts_with(&[0xff, 0xfe]) => Some(Encoding::Utf16Le),
        Compression::None if head.starts_with(&[0xfe, 0xff]) => Some(Encoding::Utf16Be),
        Compression::None if utf16 == Some(encoding_rs::UTF_16BE) => Some(Encoding::Utf16Be),
        Compression::None if utf16.is_some() => Some(Encoding::Utf16Le),
        _ => None,
    };
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None if transcoded.is_some() => {
            // UTF-16: transcode to UTF-8 before splitting, since the splitter looks for ASCII
            // bytes. Legacy 8-bit encodings are ASCII-compatible and are decoded game by game
            // later.
            Box::new(
                encoding_rs_io::DecodeReaderBytesBuilder::new()
                    .bom_sniffing(true)
                    .encoding(utf16)
                    .build(buffered),
            )
        }
        Compression::None => Box::new(buffered),
        Compression::Zstd => {
            Box::new(zstd::stream::read::Decoder::with_buffer(buffered).map_err(io_err)?)
        }
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(buffered)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(buffered)),
    };
    Ok(OpenInput {
        input: input.clone(),
        compression,
        reader,
        transcoded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn round_trip(compression: Compression, text: &[u8]) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!(
            "scoresheet-input-{}-{}",
            std::process::id(),
            compression.name()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        // A misleading extension: detection goes by the magic bytes.
        let path = dir.join("games.pgn");
        let bytes = match compression {
            Compression::None => text.to_vec(),
            Compression::Zstd => zstd::encode_all(text, 3).unwrap(),
            Compression::Gzip => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            Compression::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
        };
        std::fs::write(&path, bytes).unwrap();
        let mut opened = open_input(&Input::Path(path)).unwrap();
        assert_eq!(opened.compression, compression);
        let mut out = Vec::new();
        opened.reader.read_to_end(&mut out).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        out
    }

    #[test]
    fn every_compression_is_detected_by_its_magic_bytes() {
        let text = b"[Event \"x\"]\n\n1. e4 e5 *\n".repeat(100);
        for c in [
            Compression::None,
            Compression::Zstd,
            Compression::Gzip,
            Compression::Bzip2,
        ] {
            assert_eq!(round_trip(c, &text), text, "{c}");
        }
    }

    #[test]
    fn utf16_is_transcoded_to_utf8_before_splitting() {
        let text = "[Event \"Šachy\"]\n\n1. e4 *\n";
        let boms: [&[u8]; 4] = [&[0xff, 0xfe], &[0xfe, 0xff], &[], &[]];
        for (bom, big_endian) in boms.into_iter().zip([false, true, false, true]) {
            let mut bytes = bom.to_vec();
            for unit in text.encode_utf16() {
                let pair = if big_endian {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                };
                bytes.extend_from_slice(&pair);
            }
            let path = std::env::temp_dir().join(format!(
                "scoresheet-utf16-{}-{big_endian}-{}.pgn",
                std::process::id(),
                bom.len()
            ));
            std::fs::write(&path, bytes).unwrap();
            let mut out = String::new();
            open_input(&Input::Path(path.clone()))
                .unwrap()
                .reader
                .read_to_string(&mut out)
                .unwrap();
            assert_eq!(out, text);
            std::fs::remove_file(&path).unwrap();
        }
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let err = open_input(&Input::Path("/no/such/file.pgn".into())).unwrap_err();
        assert!(err.to_string().starts_with("/no/such/file.pgn: "), "{err}");
    }

    #[test]
    fn directories_are_walked_for_pgn_files_in_name_order() {
        let dir = std::env::temp_dir().join(format!("scoresheet-walk-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        for name in ["b.pgn", "a.pgn.zst", "notes.txt", "sub/c.PGN"] {
            std::fs::write(dir.join(name), b"").unwrap();
        }
        let found = expand_inputs(std::slice::from_ref(&dir)).unwrap();
        let names: Vec<String> = found
            .iter()
            .map(|i| match i {
                Input::Path(p) => p.strip_prefix(&dir).unwrap().display().to_string(),
                Input::Stdin | Input::Memory { .. } => "-".into(),
            })
            .collect();
        assert_eq!(names, ["a.pgn.zst", "b.pgn", "sub/c.PGN"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A link back up the tree, and a second link to a file, found by walking: each file is
    /// taken once and the walk ends.
    #[cfg(unix)]
    #[test]
    fn a_link_back_up_the_tree_ends_the_walk_and_no_file_is_taken_twice() {
        let dir = std::env::temp_dir().join(format!("scoresheet-loop-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::write(dir.join("a/games.pgn"), b"").unwrap();
        std::os::unix::fs::symlink("..", dir.join("a/up")).unwrap();
        std::os::unix::fs::symlink("games.pgn", dir.join("a/same.pgn")).unwrap();
        let found = expand_inputs(&[dir.clone(), dir.join("a")]).unwrap();
        assert_eq!(found, [Input::Path(dir.join("a/games.pgn"))]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file named beside a directory that holds it, or named twice, is read once, where it
    /// was first reached; a file that does not exist is kept for opening to report.
    #[test]
    fn a_file_named_again_is_read_once() {
        let dir = std::env::temp_dir().join(format!("scoresheet-again-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.pgn"), b"").unwrap();
        std::fs::write(dir.join("b.pgn"), b"").unwrap();
        let missing = dir.join("missing.pgn");
        let found = expand_inputs(&[
            dir.join("b.pgn"),
            dir.clone(),
            dir.join("a.pgn"),
            dir.join("./b.pgn"),
            missing.clone(),
            missing.clone(),
        ])
        .unwrap();
        assert_eq!(
            found,
            [
                Input::Path(dir.join("b.pgn")),
                Input::Path(dir.join("a.pgn")),
                Input::Path(missing.clone()),
                Input::Path(missing),
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
