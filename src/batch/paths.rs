//! Guards against a run that would destroy what it reads: an output file that is one of the
//! inputs (`clean games.pgn -o games.pgn` would empty the input before reading it; `convert
//! sheet.txt -o sheet.txt` would drop the games that fail to convert), or two outputs that are
//! one file (the clean games and the rejects written over each other).

use super::input::Input;
use std::fs;
use std::path::{Path, PathBuf};

/// Why a run's files cannot be used as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathClash {
    /// An output is also an input: writing the output would destroy the input's games (before
    /// they are read, or those that are not written out).
    #[error("{path}: the {output} is also an input, which writing it would destroy")]
    OutputIsInput {
        /// The file, as given for the output.
        path: String,
        /// Which output (`output`, `rejects file`, `report`...).
        output: &'static str,
    },
    /// Two outputs are one file: what one writes, the other would overwrite.
    #[error("{path}: given as both the {first} and the {second}")]
    SameOutput {
        /// The file, as given for the second output.
        path: String,
        /// The first output's role.
        first: &'static str,
        /// The second output's role.
        second: &'static str,
    },
}

/// Checks that no output (named by its role) is one of `inputs`, and that no two outputs are
/// the same file. A file that is not a regular file (`/dev/null`, a terminal) may serve as
/// several. Files are compared as the system resolves them (links followed; on Unix, the same
/// file under two names too).
///
/// ```
/// use scoresheet::batch::{check_outputs, Input, PathClash};
/// use std::path::Path;
/// let dir = std::env::temp_dir().join(format!("scoresheet-paths-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let games = dir.join("games.pgn");
/// std::fs::write(&games, "1. e4 *\n").unwrap();
/// let inputs = [Input::Path(games.clone())];
/// let out = dir.join("out.pgn");
/// assert!(check_outputs(&inputs, &[("output", &out)]).is_ok());
/// // Through another spelling of the same path.
/// let again = dir.join(".").join("games.pgn");
/// assert!(matches!(
///     check_outputs(&inputs, &[("output", &again)]),
///     Err(PathClash::OutputIsInput { .. })
/// ));
/// assert!(matches!(
///     check_outputs(&inputs, &[("output", &out), ("rejects file", &out)]),
///     Err(PathClash::SameOutput { .. })
/// ));
/// let null = Path::new("/dev/null");
/// if null.exists() {
///     assert!(check_outputs(&inputs, &[("output", null), ("rejects file", null)]).is_ok());
/// }
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn check_outputs(inputs: &[Input], outputs: &[(&'static str, &Path)]) -> Result<(), PathClash> {
    let resolved: Vec<Option<PathBuf>> = outputs.iter().map(|(_, p)| resolve(p)).collect();
    for (k, &(role, path)) in outputs.iter().enumerate() {
        for input in inputs {
            if let Input::Path(input) = input {
                if same_file(input, path) && !is_special(path) {
                    return Err(PathClash::OutputIsInput {
                        path: path.display().to_string(),
                        output: role,
                    });
                }
            }
        }
        for (j, &(first, earlier)) in outputs.iter().enumerate().take(k) {
            let same = match (&resolved[j], &resolved[k]) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            } || same_file(earlier, path);
            if same && !is_special(path) {
                return Err(PathClash::SameOutput {
                    path: path.display().to_string(),
                    first,
                    second: role,
                });
            }
        }
    }
    Ok(())
}

/// The path as the system resolves it: the file itself if it exists, else its resolved
/// directory and its name (`None` if neither resolves: creating it will fail and say so).
fn resolve(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::canonicalize(parent).ok().map(|p| p.join(name))
}

/// Whether two existing paths are one file.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (fs::metadata(a), fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
        false
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// An existing file that is not a regular file (a device such as `/dev/null`, a pipe).
fn is_special(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| !m.is_file())
}
