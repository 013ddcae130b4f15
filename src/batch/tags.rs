//! Tag hygiene for cleaned databases: dates in `YYYY.MM.DD`, names trimmed, duplicate tags found.

/// Normalises a PGN date to `YYYY.MM.DD`, with `??`/`????` where a part is unknown.
///
/// Accepts the usual ways people write dates: `2023.05.01`, `2023-5-1`, `2023/05/01`,
/// `2023`, `2023.05`, `01.05.2023` (day first when the year comes last, unless only month
/// first makes a date: `01/13/2023`), `?`, empty.
/// Returns `None` when the text is no date at all (the caller keeps it and reports it).
///
/// ```
/// use scoresheet::batch::normalize_date;
/// assert_eq!(normalize_date("2023-5-1").as_deref(), Some("2023.05.01"));
/// assert_eq!(normalize_date("1989").as_deref(), Some("1989.??.??"));
/// assert_eq!(normalize_date("01.05.2023").as_deref(), Some("2023.05.01"));
/// assert_eq!(normalize_date("01/13/2023").as_deref(), Some("2023.01.13"));
/// assert_eq!(normalize_date("13/13/2023"), None);
/// assert_eq!(normalize_date("?").as_deref(), Some("????.??.??"));
/// assert_eq!(normalize_date("yesterday"), None);
/// ```
pub fn normalize_date(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty()
        || t.chars()
            .all(|c| c == '?' || c == '.' || c == '-' || c == '/')
    {
        return Some("????.??.??".to_owned());
    }
    let parts: Vec<&str> = t.split(['.', '-', '/']).map(str::trim).collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty() && parts.len() > 1) {
        return None;
    }
    let is_year = |p: &str| p.len() == 4 && p.chars().all(|c| c.is_ascii_digit() || c == '?');
    match parts.as_slice() {
        [y] if is_year(y) => date_of(y, "??", "??"),
        [y, m] if is_year(y) => date_of(y, m, "??"),
        [y, m, d] if is_year(y) => date_of(y, m, d),
        [d, m, y] if is_year(y) && !is_year(d) => date_of(y, m, d).or_else(|| date_of(y, d, m)),
        _ => None,
    }
}

/// `YYYY.MM.DD` of a year, month and day as written (`??` for an unknown part), if they make a
/// date.
fn date_of(y: &str, m: &str, d: &str) -> Option<String> {
    let two = |p: &str, max: u32| -> Option<String> {
        if p.chars().all(|c| c == '?') && !p.is_empty() && p.len() <= 2 {
            return Some("??".to_owned());
        }
        let n: u32 = p.parse().ok()?;
        if (1..=max).contains(&n) && p.len() <= 2 {
            Some(format!("{n:02}"))
        } else {
            None
        }
    };
    let month = two(m, 12)?;
    // A day the month does not have (31 April, 30 February) is no date; 29 February only in a
    // leap year (or where the year is not known).
    let days = match month.as_str() {
        "04" | "06" | "09" | "11" => 30,
        "02" => match y.parse::<u32>() {
            Ok(year) if !(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) => 28,
            _ => 29,
        },
        _ => 31,
    };
    Some(format!("{y}.{month}.{}", two(d, days)?))
}

/// A name with its blanks trimmed and inner runs of white space made one space.
///
/// ```
/// use scoresheet::batch::tidy_name;
/// assert_eq!(tidy_name("  Nikolić,   Predrag "), "Nikolić, Predrag");
/// ```
pub fn tidy_name(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether [`tidy_name`] would leave `text` as it is: single spaces between words, none at
/// either end, no other white space (nearly every name in a database; `clean` then copies
/// nothing).
pub(crate) fn is_tidy(text: &str) -> bool {
    // At the start a space would be a leading one.
    let mut after_space = true;
    for c in text.chars() {
        if c.is_whitespace() {
            if c != ' ' || after_space {
                return false;
            }
            after_space = true;
        } else {
            after_space = false;
        }
    }
    !after_space || text.is_empty()
}

/// True if two dates in `YYYY.MM.DD` form could be the same day: every character equal or
/// unknown (`?`) on one side.
///
/// ```
/// use scoresheet::batch::dates_compatible;
/// assert!(dates_compatible("2023.05.??", "2023.05.01"));
/// assert!(!dates_compatible("2023.05.02", "2023.05.01"));
/// ```
pub fn dates_compatible(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.chars()
            .zip(b.chars())
            .all(|(x, y)| x == y || x == '?' || y == '?')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_many_forms() {
        for (input, want) in [
            ("2023.05.01", Some("2023.05.01")),
            ("2023.5.1", Some("2023.05.01")),
            ("2023/05/01", Some("2023.05.01")),
            ("2023.??.??", Some("2023.??.??")),
            ("19??.??.??", Some("19??.??.??")),
            ("2023.05", Some("2023.05.??")),
            ("1.5.2023", Some("2023.05.01")),
            ("", Some("????.??.??")),
            ("????.??.??", Some("????.??.??")),
            ("2023.13.01", None),
            ("2023.05.32", None),
            ("31. 2. 2026", None),
            ("2023.04.31", None),
            ("2023.02.29", None),
            ("2024.02.29", Some("2024.02.29")),
            ("1900.02.29", None),
            ("2000.02.29", Some("2000.02.29")),
            ("????.02.29", Some("????.02.29")),
            ("2023.??.31", Some("2023.??.31")),
            ("May 2023", None),
            ("2023.05.01.07", None),
        ] {
            assert_eq!(normalize_date(input).as_deref(), want, "{input}");
        }
    }

    /// `is_tidy` says exactly when `tidy_name` changes nothing, on every string of up to four
    /// characters from a set of letters, spaces and other white space.
    #[test]
    fn tidy_is_what_tidy_name_leaves_alone() {
        let words = crate::testing::every_text(&["a", "č", " ", "\t", "\n", "\u{A0}", ","], 4);
        assert!(words.len() > 2000);
        for w in &words {
            assert_eq!(is_tidy(w), tidy_name(w) == *w, "{w:?}");
        }
    }
}
