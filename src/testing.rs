//! Helpers shared by the unit tests of several modules.

/// Every text made of at most `longest` items of `alphabet` one after another (the empty text
/// too), sorted, each once: what exhaustive tests of short inputs run over.
pub(crate) fn every_text<S: AsRef<str>>(alphabet: &[S], longest: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut level = vec![String::new()];
    for _ in 0..longest {
        level = level
            .iter()
            .flat_map(|t| alphabet.iter().map(move |a| format!("{t}{}", a.as_ref())))
            .collect();
        all.extend_from_slice(&level);
    }
    all.sort();
    all.dedup();
    all
}
