//! Detecting and decoding the text encodings PGN files arrive in.
//!
//! UTF-8 (with or without BOM) and UTF-16 (LE/BE with BOM) are recognised by their bytes; legacy
//! 8-bit files are decoded with each candidate — Windows-1250, ISO-8859-2, CP852 (DOS Latin-2)
//! and Windows-1252 — and the candidate whose text reads most like the letters of Czech, Slovak,
//! Croatian, Hungarian, Polish, German and French names wins; Windows-1251 is taken first where
//! the words read as Cyrillic alone (Russian, Ukrainian, Bulgarian, Serbian names and letters).
//! An explicit choice overrides the guess. The result is always UTF-8 in Unicode normalisation
//! form C.
//!
//! ```
//! use scoresheet::encoding::{decode, Encoding};
//! // "Šťastný" in Windows-1250.
//! let bytes = b"[White \"\x8A\x9Dastn\xFD\"]";
//! let d = decode(bytes, None);
//! assert_eq!(d.encoding, Encoding::Windows1250);
//! assert_eq!(d.text, "[White \"Šťastný\"]");
//! ```

use std::borrow::Cow;
use std::io::{self, Read};
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// An encoding the reader knows.
///
/// ```
/// use scoresheet::encoding::Encoding;
/// assert_eq!("cp852".parse::<Encoding>(), Ok(Encoding::Cp852));
/// assert_eq!(Encoding::Iso8859_2.name(), "ISO-8859-2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 without BOM.
    Utf8,
    /// UTF-8 with a byte order mark.
    Utf8Bom,
    /// UTF-16 little endian (with BOM when detected).
    Utf16Le,
    /// UTF-16 big endian (with BOM when detected).
    Utf16Be,
    /// Windows-1250 (Central European, Windows).
    Windows1250,
    /// ISO-8859-2 (Latin-2).
    Iso8859_2,
    /// CP852 (DOS Latin-2).
    Cp852,
    /// Windows-1252 (Western European; a superset of Latin-1's printable characters).
    Windows1252,
    /// Windows-1251 (Cyrillic: Russian, Ukrainian, Belarusian, Bulgarian, Serbian, Macedonian).
    Windows1251,
}

/// An encoding name that is not known.
///
/// ```
/// assert!("ebcdic".parse::<scoresheet::encoding::Encoding>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown encoding {0:?} (known: utf-8, utf-16le, utf-16be, windows-1250, iso-8859-2, cp852, windows-1252, windows-1251)")]
pub struct UnknownEncoding(pub String);

impl std::str::FromStr for Encoding {
    type Err = UnknownEncoding;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let k: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Ok(match k.as_str() {
            "utf8" => Encoding::Utf8,
            "utf8bom" => Encoding::Utf8Bom,
            "utf16" | "utf16le" => Encoding::Utf16Le,
            "utf16be" => Encoding::Utf16Be,
            "windows1250" | "cp1250" | "win1250" => Encoding::Windows1250,
            "iso88592" | "latin2" | "l2" => Encoding::Iso8859_2,
            "cp852" | "ibm852" | "dos852" | "852" => Encoding::Cp852,
            "windows1252" | "cp1252" | "win1252" | "latin1" | "iso88591" | "l1" => {
                Encoding::Windows1252
            }
            "windows1251" | "cp1251" | "win1251" => Encoding::Windows1251,
            _ => return Err(UnknownEncoding(s.to_owned())),
        })
    }
}

impl Encoding {
    /// The usual name.
    ///
    /// ```
    /// assert_eq!(scoresheet::encoding::Encoding::Cp852.name(), "CP852");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 (BOM)",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Windows1250 => "Windows-1250",
            Encoding::Iso8859_2 => "ISO-8859-2",
            Encoding::Cp852 => "CP852",
            Encoding::Windows1252 => "Windows-1252",
            Encoding::Windows1251 => "Windows-1251",
        }
    }

    fn encoding_rs(self) -> Option<&'static encoding_rs::Encoding> {
        match self {
            Encoding::Utf8 | Encoding::Utf8Bom => Some(encoding_rs::UTF_8),
            Encoding::Utf16Le => Some(encoding_rs::UTF_16LE),
            Encoding::Utf16Be => Some(encoding_rs::UTF_16BE),
            Encoding::Windows1250 => Some(encoding_rs::WINDOWS_1250),
            Encoding::Iso8859_2 => Some(encoding_rs::ISO_8859_2),
            Encoding::Windows1252 => Some(encoding_rs::WINDOWS_1252),
            Encoding::Windows1251 => Some(encoding_rs::WINDOWS_1251),
            Encoding::Cp852 => None,
        }
    }
}

impl std::fmt::Display for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// CP852 (DOS Latin-2), bytes 0x80..=0xFF. Bytes below 0x80 are ASCII.
const CP852_HIGH: [char; 128] = [
    'Ç', 'ü', 'é', 'â', 'ä', 'ů', 'ć', 'ç', 'ł', 'ë', 'Ő', 'ő', 'î', 'Ź', 'Ä', 'Ć', 'É', 'Ĺ', 'ĺ',
    'ô', 'ö', 'Ľ', 'ľ', 'Ś', 'ś', 'Ö', 'Ü', 'Ť', 'ť', 'Ł', '×', 'č', 'á', 'í', 'ó', 'ú', 'Ą', 'ą',
    'Ž', 'ž', 'Ę', 'ę', '¬', 'ź', 'Č', 'ş', '«', '»', '░', '▒', '▓', '│', '┤', 'Á', 'Â', 'Ě', 'Ş',
    '╣', '║', '╗', '╝', 'Ż', 'ż', '┐', '└', '┴', '┬', '├', '─', '┼', 'Ă', 'ă', '╚', '╔', '╩', '╦',
    '╠', '═', '╬', '¤', 'đ', 'Đ', 'Ď', 'Ë', 'ď', 'Ň', 'Í', 'Î', 'ě', '┘', '┌', '█', '▄', 'Ţ', 'Ů',
    '▀', 'Ó', 'ß', 'Ô', 'Ń', 'ń', 'ň', 'Š', 'š', 'Ŕ', 'Ú', 'ŕ', 'Ű', 'ý', 'Ý', 'ţ', '´', '\u{AD}',
    '˝', '˛', 'ˇ', '˘', '§', '÷', '¸', '°', '¨', '˙', 'ű', 'Ř', 'ř', '■', '\u{A0}',
];

/// Decodes CP852 bytes.
///
/// ```
/// assert_eq!(scoresheet::encoding::decode_cp852(b"\xAC\x85"), "Čů");
/// ```
pub fn decode_cp852(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 4);
    for &b in bytes {
        out.push(if b < 0x80 {
            char::from(b)
        } else {
            CP852_HIGH[usize::from(b - 0x80)]
        });
    }
    out
}

/// How much a decoded character speaks for a candidate encoding: letters of the languages whose
/// names appear in PGN files score, symbols, box drawing and control characters cost.
fn char_score(c: char) -> i32 {
    const COMMON: &str =
        "áéíóúýčřšžěůäöüßłąężśćńőűđàèçêôâëîûïùñĺľťďňÁÉÍÓÚÝČŘŠŽĚŮÄÖÜŁĄĘŻŚĆŃŐŰĐÀÈÇÊÔÂËÎÛÏÙÑĹĽŤĎŇœŒ";
    const RARE: &str = "ŕăţşźìòãõåøæÿŔĂŢŞŹÌÒÃÕÅØÆŸ";
    if c.is_ascii() {
        if c.is_ascii_control() && !matches!(c, '\n' | '\r' | '\t') {
            -5
        } else {
            0
        }
    } else if COMMON.contains(c) {
        3
    } else if RARE.contains(c) {
        1
    } else if c.is_alphabetic() {
        0
    } else if c.is_control() {
        -5
    } else {
        -2
    }
}

/// The letters beyond ASCII of the languages whose names fill PGN files (lower case), by
/// language: Czech, Slovak, Polish, Hungarian, the South Slavic languages, Romanian, German,
/// French, Spanish, Italian, Portuguese and the Nordic languages.
const ALPHABETS: [&str; 12] = [
    "áčďéěíňóřšťúůýž",
    "áäčďéíĺľňóôŕšťúýž",
    "ąćęłńóśźż",
    "áéíóöőúüű",
    "čćđšž",
    "ăâîșțşţ",
    "äöüß",
    "àâæçéèêëîïôœùûüÿ",
    "áéíñóúü",
    "àèéìíîòóùú",
    "áâãàçéêíóôõú",
    "åäöæøéáíóúýþð",
];

/// How many of `text`'s letters one language's alphabet holds, for the language that holds the
/// most: the right decoding reads a name in one language's letters (`Lukáš`), a wrong one mixes
/// languages (`Lukáą`, ISO-8859-2's š read as Windows-1250).
fn coherence(text: &str) -> i32 {
    // Each letter once, with how often it comes (a whole file may be many names).
    let mut letters: std::collections::BTreeMap<char, usize> = std::collections::BTreeMap::new();
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        *letters
            .entry(c.to_lowercase().next().unwrap_or(c))
            .or_default() += 1;
    }
    let best = ALPHABETS
        .iter()
        .map(|alphabet| {
            letters
                .iter()
                .filter(|(c, _)| alphabet.contains(**c))
                .map(|(_, n)| n)
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0);
    i32::try_from(best).unwrap_or(i32::MAX)
}

fn decode_legacy(bytes: &[u8], enc: Encoding) -> String {
    match enc.encoding_rs() {
        Some(e) => e.decode_without_bom_handling(bytes).0.into_owned(),
        None => decode_cp852(bytes),
    }
}

/// Guesses the encoding of `bytes`.
///
/// ```
/// use scoresheet::encoding::{detect, Encoding};
/// assert_eq!(detect("Žilina".as_bytes()), Encoding::Utf8);
/// assert_eq!(detect(b"\xFF\xFE[\x00"), Encoding::Utf16Le);
/// assert_eq!(detect(b"\xA6ilina \xA0\xA7"), Encoding::Cp852); // "Žilina áž" in CP852
/// ```
pub fn detect(bytes: &[u8]) -> Encoding {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return Encoding::Utf8Bom;
    }
    if bytes.starts_with(b"\xFF\xFE") {
        return Encoding::Utf16Le;
    }
    if bytes.starts_with(b"\xFE\xFF") {
        return Encoding::Utf16Be;
    }
    // UTF-16 without BOM first: NUL bytes are valid UTF-8.
    if let Some(utf16) = utf16_without_bom(bytes) {
        return utf16;
    }
    // Valid UTF-8, allowing a character cut at the end of a sample.
    match std::str::from_utf8(bytes) {
        Ok(_) => return Encoding::Utf8,
        Err(e) if e.error_len().is_none() && bytes.len() - e.valid_up_to() < 4 => {
            return Encoding::Utf8
        }
        Err(_) => {
            // Mostly UTF-8 with a few stray bytes (games pasted together from several files):
            // UTF-8, and the stray bytes are reported where they are.
            let (mut multibyte, mut invalid) = (0usize, 0usize);
            for chunk in bytes.utf8_chunks() {
                multibyte += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
                invalid += usize::from(!chunk.invalid().is_empty());
            }
            if multibyte > invalid {
                return Encoding::Utf8;
            }
        }
    }
    if reads_as_cyrillic(bytes) {
        return Encoding::Windows1251;
    }
    let high: Vec<u8> = high_context(bytes);
    let mut best = (i32::MIN, Encoding::Windows1250);
    let mut western = i32::MIN;
    for enc in [
        Encoding::Windows1250,
        Encoding::Iso8859_2,
        Encoding::Cp852,
        Encoding::Windows1252,
    ] {
        let decoded = decode_legacy(&high, enc);
        let score: i32 = decoded.chars().map(char_score).sum::<i32>() + coherence(&decoded);
        if enc == Encoding::Windows1252 {
            western = score;
        }
        if score > best.0 {
            best = (score, enc);
        }
    }
    // Windows-1250 and -1252 read many letters equally well (è/č, ñ/ń: `Genève` is `Genčve`
    // in 1250). On a tie the federations the tags name decide; with none, Central European.
    if best.1 == Encoding::Windows1250 && western == best.0 && federations_vote_west(bytes) {
        return Encoding::Windows1252;
    }
    best.1
}

/// Whether `bytes` read as Windows-1251 give Cyrillic words (`Каспаров`): every byte from 0xC0
/// up is a Cyrillic letter there, so any legacy text gives Cyrillic letters, but only Cyrillic
/// text gives words of them alone. A Latin-2 or Latin-1 name read so mixes the scripts
/// (`Novák` is `Novбk`): Cyrillic is taken where words of two letters or more, without digits
/// (a move in Russian letters mixes the scripts too: `Фd1`), are more than four times as often
/// Cyrillic alone as mixed (a Latin look-alike typed in a Cyrillic name, `Kаспаров`, is a slip,
/// not another encoding).
///
/// ```
/// use scoresheet::encoding::{detect, Encoding};
/// // "[White "Каспаров"]" in Windows-1251; "[White "Novák"]" in Windows-1250.
/// assert_eq!(detect(b"[White \"\xCA\xE0\xF1\xEF\xE0\xF0\xEE\xE2\"]"), Encoding::Windows1251);
/// assert_eq!(detect(b"[White \"Nov\xE1k\"]"), Encoding::Windows1250);
/// ```
fn reads_as_cyrillic(bytes: &[u8]) -> bool {
    // What each byte is in Windows-1251, worked out once from its table: no text is decoded.
    const OTHER: u8 = 0;
    const LETTER: u8 = 1;
    const CYRILLIC: u8 = 2;
    const DIGIT: u8 = 3;
    static CLASSES: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    let classes = CLASSES.get_or_init(|| {
        let mut classes = [OTHER; 256];
        for (b, class) in (0u8..=255).zip(classes.iter_mut()) {
            let byte = [b];
            let (decoded, _) = encoding_rs::WINDOWS_1251.decode_without_bom_handling(&byte);
            if let Some(c) = decoded.chars().next() {
                *class = if c.is_numeric() {
                    DIGIT
                } else if ('\u{400}'..='\u{4FF}').contains(&c) {
                    CYRILLIC
                } else if c.is_alphabetic() {
                    LETTER
                } else {
                    OTHER
                };
            }
        }
        classes
    });
    let (mut cyrillic, mut mixed) = (0usize, 0usize);
    for word in bytes.split(|&b| classes[usize::from(b)] == OTHER) {
        let class = |b: &u8| classes[usize::from(*b)];
        if word.len() < 2 || word.iter().any(|b| class(b) == DIGIT) {
            continue;
        }
        let cy = word.iter().filter(|b| class(b) == CYRILLIC).count();
        match (cy, word.len() - cy) {
            (0, _) => {}
            (_, 0) => cyrillic += 1,
            _ => mixed += 1,
        }
    }
    cyrillic > 0 && mixed * 4 < cyrillic
}

/// UTF-16 without a byte-order mark, little or big endian: every other byte zero, as in text
/// mostly ASCII (no text file in UTF-8 has NUL bytes every other byte).
pub(crate) fn utf16_without_bom(bytes: &[u8]) -> Option<Encoding> {
    if bytes.len() < 4 || !bytes.contains(&0) {
        return None;
    }
    let zeros_odd = bytes.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
    let zeros_even = bytes.iter().step_by(2).filter(|&&b| b == 0).count();
    let half = bytes.len() / 2;
    if zeros_odd * 10 > half * 3 && zeros_even * 10 < half {
        Some(Encoding::Utf16Le)
    } else if zeros_even * 10 > half * 3 && zeros_odd * 10 < half {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// The languages of the federations ([`crate::notation::detect::federation_language`]) written
/// in Windows-1250 (Central European) and in Windows-1252 (Western European).
const CENTRAL_LANGUAGES: [&str; 9] = ["cs", "sk", "hr", "sl", "bs", "sr", "pl", "hu", "ro"];
const WESTERN_LANGUAGES: [&str; 13] = [
    "de", "nl", "fr", "es", "ca", "it", "pt", "sv", "da", "no", "fi", "is", "en",
];

/// Whether the federation codes that end the `Site` and `Event` tags and fill the players'
/// federation tags (`WhiteFed`, `BlackTeamCountry`) name more Western than Central European
/// federations (tag names and federation codes are ASCII, whatever the encoding of the rest).
fn federations_vote_west(bytes: &[u8]) -> bool {
    let mut votes = 0i32;
    for line in bytes.split(|&b| b == b'\n') {
        let line = line.trim_ascii();
        let Some(inner) = line.strip_prefix(b"[").and_then(|l| l.strip_suffix(b"]")) else {
            continue;
        };
        let name_end = inner
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(0);
        let (Ok(name), value) = (
            std::str::from_utf8(&inner[..name_end]),
            String::from_utf8_lossy(inner[name_end..].trim_ascii()),
        ) else {
            continue;
        };
        let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
        match value.and_then(|v| crate::notation::detect::federation_language(name, v)) {
            Some(lang) if WESTERN_LANGUAGES.contains(&lang) => votes += 1,
            Some(lang) if CENTRAL_LANGUAGES.contains(&lang) => votes -= 1,
            _ => {}
        }
    }
    votes > 0
}

/// The non-ASCII bytes of `bytes` (only they differ between the legacy candidates).
fn high_context(bytes: &[u8]) -> Vec<u8> {
    bytes.iter().copied().filter(|b| *b >= 0x80).collect()
}

/// Text decoded from bytes, with the encoding it was decoded from.
///
/// ```
/// let d = scoresheet::encoding::decode(b"\xEF\xBB\xBF1. e4", None);
/// assert_eq!((d.text.as_str(), d.encoding.name()), ("1. e4", "UTF-8 (BOM)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text, UTF-8 in NFC, without BOM.
    pub text: String,
    /// The encoding used (detected or chosen).
    pub encoding: Encoding,
    /// True if some bytes were not valid in that encoding (replaced by U+FFFD).
    pub had_errors: bool,
}

/// Puts text in normalisation form C (borrowing when it already is).
///
/// ```
/// assert_eq!(scoresheet::encoding::nfc("Z\u{30C}ilina"), "Žilina");
/// ```
pub fn nfc(text: &str) -> Cow<'_, str> {
    // ASCII text is in NFC; the test runs a word at a time, the quick check a character.
    if text.is_ascii() || is_nfc_quick(text.chars()) == IsNormalized::Yes {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.nfc().collect())
    }
}

/// Decodes `bytes` with `choice`, or with the [detected](detect) encoding when `None`.
///
/// ```
/// use scoresheet::encoding::{decode, Encoding};
/// let d = decode(b"\xA9ibenik", Some(Encoding::Iso8859_2));
/// assert_eq!(d.text, "Šibenik");
/// ```
pub fn decode(bytes: &[u8], choice: Option<Encoding>) -> Decoded {
    let (text, encoding, had_errors) = decode_borrowed(bytes, choice);
    Decoded {
        text: text.into_owned(),
        encoding,
        had_errors,
    }
}

/// [`decode`] without a copy where nothing changes: text that is valid UTF-8 (after any BOM)
/// and already in NFC, nearly every PGN file, is borrowed from `bytes`. Gives the text, the
/// encoding used, and whether some bytes were not valid in it.
///
/// ```
/// use std::borrow::Cow;
/// use scoresheet::encoding::{decode_borrowed, Encoding};
/// let (text, encoding, bad) = decode_borrowed(b"1. e4 e5 *", None);
/// assert!(matches!(text, Cow::Borrowed("1. e4 e5 *")));
/// assert_eq!((encoding, bad), (Encoding::Utf8, false));
/// let (text, encoding, _) = decode_borrowed(b"\xA9ibenik", Some(Encoding::Iso8859_2));
/// assert_eq!((text.as_ref(), encoding), ("Šibenik", Encoding::Iso8859_2));
/// ```
pub fn decode_borrowed(bytes: &[u8], choice: Option<Encoding>) -> (Cow<'_, str>, Encoding, bool) {
    let encoding = choice.unwrap_or_else(|| detect(bytes));
    let (text, had_errors): (Cow<'_, str>, bool) = match encoding {
        Encoding::Utf8 | Encoding::Utf8Bom => {
            let b = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            // Valid text (nearly always) is checked by the fast validator and borrowed.
            match std::str::from_utf8(b) {
                Ok(s) => (Cow::Borrowed(s), false),
                Err(_) => (Cow::Owned(String::from_utf8_lossy(b).into_owned()), true),
            }
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let b = match encoding {
                Encoding::Utf16Le => bytes.strip_prefix(b"\xFF\xFE"),
                _ => bytes.strip_prefix(b"\xFE\xFF"),
            }
            .unwrap_or(bytes);
            let e = encoding.encoding_rs().unwrap_or(encoding_rs::UTF_16LE);
            let (s, bad) = e.decode_without_bom_handling(b);
            (Cow::Owned(s.into_owned()), bad)
        }
        Encoding::Cp852 => (Cow::Owned(decode_cp852(bytes)), false),
        _ => {
            let e = encoding.encoding_rs().unwrap_or(encoding_rs::WINDOWS_1252);
            let (s, bad) = e.decode_without_bom_handling(bytes);
            (Cow::Owned(s.into_owned()), bad)
        }
    };
    let text = match nfc(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(n) => Cow::Owned(n),
    };
    (text, encoding, had_errors)
}

/// [`decode`] for a file that may be several put together, each in its own encoding (a UTF-8
/// database with games in Windows-1250 appended): where the whole is not UTF-8 nor UTF-16 and
/// no encoding is chosen, each section between blank lines that is valid UTF-8 is read as
/// UTF-8, and the others in the one encoding detected from them all, instead of one encoding
/// for everything (which garbles either part). `encoding` is then the one the other sections
/// were read in. `check` and `clean` decode game by game in the same spirit.
///
/// ```
/// use scoresheet::encoding::{decode_sections, Encoding};
/// // "Dvořák" in UTF-8, then "Šibenik, Žilina" in Windows-1250.
/// let mut bytes = "[White \"Dvořák\"]\n\n".as_bytes().to_vec();
/// bytes.extend_from_slice(b"[Site \"\x8Aibenik, \x8Eilina\"]\n");
/// let d = decode_sections(&bytes, None);
/// assert_eq!(d.text, "[White \"Dvořák\"]\n\n[Site \"Šibenik, Žilina\"]\n");
/// assert_eq!(d.encoding, Encoding::Windows1250);
/// ```
pub fn decode_sections(bytes: &[u8], choice: Option<Encoding>) -> Decoded {
    let whole = || decode(bytes, choice);
    if choice.is_some() || std::str::from_utf8(bytes).is_ok() {
        return whole();
    }
    if matches!(
        detect(bytes),
        Encoding::Utf8Bom | Encoding::Utf16Le | Encoding::Utf16Be
    ) {
        return whole();
    }
    // Each section with whether it is UTF-8, checked once.
    let sections: Vec<(&[u8], bool)> = blank_line_sections(bytes)
        .into_iter()
        .map(|s| (s, std::str::from_utf8(s).is_ok()))
        .collect();
    let not_utf8: Vec<u8> = sections
        .iter()
        .filter(|(_, in_utf8)| !in_utf8)
        .flat_map(|(s, _)| s.iter().copied())
        .collect();
    let other = detect(&not_utf8);
    if matches!(
        other,
        Encoding::Utf8 | Encoding::Utf8Bom | Encoding::Utf16Le | Encoding::Utf16Be
    ) || not_utf8.len() == bytes.len()
    {
        // UTF-8 with stray bytes, or no section in UTF-8: one encoding for all.
        return whole();
    }
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    let mut had_errors = false;
    for (section, in_utf8) in sections {
        let (t, _, bad) =
            decode_borrowed(section, Some(if in_utf8 { Encoding::Utf8 } else { other }));
        text.push_str(&t);
        had_errors |= bad;
    }
    Decoded {
        text,
        encoding: other,
        had_errors,
    }
}

/// `bytes` cut after each blank line (one of spaces and tabs only), the sections together
/// being `bytes`.
fn blank_line_sections(bytes: &[u8]) -> Vec<&[u8]> {
    let mut sections = Vec::new();
    let mut start = 0;
    let mut line_start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'\n' {
            continue;
        }
        let line = &bytes[line_start..i];
        line_start = i + 1;
        if line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
            sections.push(&bytes[start..line_start]);
            start = line_start;
        }
    }
    if start < bytes.len() {
        sections.push(&bytes[start..]);
    }
    sections
}

/// A [`Read`] adapter that decodes any supported encoding to UTF-8 (NFC) as it reads, for the
/// streaming [`crate::pgn::Reader`]. The encoding is detected from the first 64 KiB unless given.
///
/// ```
/// use std::io::Read;
/// use scoresheet::encoding::{DecodingReader, Encoding};
/// let mut r = DecodingReader::new(&b"\xFF\xFE1\x00.\x00"[..], None).unwrap();
/// assert_eq!(r.encoding(), Encoding::Utf16Le);
/// let mut s = String::new();
/// r.read_to_string(&mut s).unwrap();
/// assert_eq!(s, "1.");
/// ```
pub struct DecodingReader<R> {
    inner: R,
    encoding: Encoding,
    decoder: Option<encoding_rs::Decoder>,
    /// Raw bytes read but not decoded yet.
    raw: Vec<u8>,
    /// Decoded text not yet normalised (held back after the last ASCII character).
    held: String,
    /// Normalised output not yet handed out.
    out: Vec<u8>,
    out_pos: usize,
    eof: bool,
}

impl<R> std::fmt::Debug for DecodingReader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DecodingReader")
            .field("encoding", &self.encoding)
            .finish_non_exhaustive()
    }
}

impl<R: Read> DecodingReader<R> {
    /// Wraps `inner`; reads a first sample to detect the encoding when `choice` is `None`.
    ///
    /// ```
    /// use scoresheet::encoding::{DecodingReader, Encoding};
    /// let r = DecodingReader::new(&b"1. e4"[..], Some(Encoding::Cp852)).unwrap();
    /// assert_eq!(r.encoding(), Encoding::Cp852);
    /// ```
    pub fn new(mut inner: R, choice: Option<Encoding>) -> io::Result<Self> {
        let mut raw = Vec::with_capacity(1 << 16);
        let mut eof = false;
        while raw.len() < 1 << 16 {
            let mut buf = [0u8; 8192];
            match inner.read(&mut buf) {
                Ok(0) => {
                    eof = true;
                    break;
                }
                Ok(n) => raw.extend_from_slice(buf.get(..n).unwrap_or(&[])),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let encoding = choice.unwrap_or_else(|| detect(&raw));
        let strip: &[u8] = match encoding {
            Encoding::Utf8 | Encoding::Utf8Bom => b"\xEF\xBB\xBF",
            Encoding::Utf16Le => b"\xFF\xFE",
            Encoding::Utf16Be => b"\xFE\xFF",
            _ => b"",
        };
        if !strip.is_empty() && raw.starts_with(strip) {
            raw.drain(..strip.len());
        }
        let decoder = match encoding {
            Encoding::Utf8 | Encoding::Utf8Bom | Encoding::Cp852 => None,
            e => e
                .encoding_rs()
                .map(|e| e.new_decoder_without_bom_handling()),
        };
        Ok(DecodingReader {
            inner,
            encoding,
            decoder,
            raw,
            held: String::new(),
            out: Vec::new(),
            out_pos: 0,
            eof,
        })
    }

    /// The encoding being decoded.
    ///
    /// ```
    /// let r = scoresheet::encoding::DecodingReader::new(&b"x"[..], None).unwrap();
    /// assert_eq!(r.encoding().name(), "UTF-8");
    /// ```
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Decodes what is in `raw` into `held`, then moves the normalisable part to `out`.
    fn decode_step(&mut self) {
        let last = self.eof;
        match (&mut self.decoder, self.encoding) {
            (Some(d), _) => {
                self.held.reserve(
                    d.max_utf8_buffer_length(self.raw.len())
                        .unwrap_or(self.raw.len() * 3),
                );
                let (_, read, _) = d.decode_to_string(&self.raw, &mut self.held, last);
                self.raw.drain(..read);
            }
            (None, Encoding::Cp852) => {
                self.held.push_str(&decode_cp852(&self.raw));
                self.raw.clear();
            }
            (None, _) => {
                // UTF-8: pass through; an incomplete character waits for the next read, invalid
                // bytes become U+FFFD.
                let cut = if last {
                    self.raw.len()
                } else {
                    match std::str::from_utf8(&self.raw) {
                        Ok(_) => self.raw.len(),
                        Err(e) if e.error_len().is_none() => e.valid_up_to(),
                        Err(_) => {
                            let n = self.raw.len();
                            (n.saturating_sub(3)..n)
                                .find(|&i| {
                                    self.raw.get(i).is_some_and(|b| *b >= 0xC0)
                                        && std::str::from_utf8(self.raw.get(i..).unwrap_or(&[]))
                                            .is_err_and(|e| e.error_len().is_none())
                                })
                                .unwrap_or(n)
                        }
                    }
                };
                self.held
                    .push_str(&String::from_utf8_lossy(self.raw.get(..cut).unwrap_or(&[])));
                self.raw.drain(..cut);
            }
        }
        // Normalise up to the last ASCII character (a combining sequence never spans it).
        let split = if last {
            self.held.len()
        } else {
            self.held
                .bytes()
                .rposition(|b| b.is_ascii())
                .map_or(0, |i| i + 1)
        };
        let rest = self.held.split_off(split);
        let ready = std::mem::replace(&mut self.held, rest);
        self.out.clear();
        self.out_pos = 0;
        self.out.extend_from_slice(nfc(&ready).as_bytes());
    }
}

impl<R: Read> Read for DecodingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.out_pos < self.out.len() {
                let avail = self.out.get(self.out_pos..).unwrap_or(&[]);
                let n = avail.len().min(buf.len());
                buf.get_mut(..n)
                    .unwrap_or(&mut [])
                    .copy_from_slice(avail.get(..n).unwrap_or(&[]));
                self.out_pos += n;
                return Ok(n);
            }
            if self.eof && self.raw.is_empty() && self.held.is_empty() {
                return Ok(0);
            }
            if !self.eof {
                let mut chunk = [0u8; 1 << 15];
                match self.inner.read(&mut chunk) {
                    Ok(0) => self.eof = true,
                    Ok(n) => self.raw.extend_from_slice(chunk.get(..n).unwrap_or(&[])),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            }
            self.decode_step();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_candidates_are_told_apart() {
        let text =
            "Přebor Šťastný Řehoř Dvořáková Žofie Ďurčová Ľubica Čačić Đuro Ćosić Željko Šibenik";
        for enc in [Encoding::Windows1250, Encoding::Iso8859_2] {
            let e = enc.encoding_rs().unwrap();
            let (bytes, _, bad) = e.encode(text);
            assert!(!bad);
            assert_eq!(detect(&bytes), enc);
            assert_eq!(decode(&bytes, None).text, text);
        }
        let (bytes, _, _) = encoding_rs::WINDOWS_1252
            .encode("Müller Gößweinstein Pérez Crèvecœur Françoise à côté");
        assert_eq!(detect(&bytes), Encoding::Windows1252);
    }

    /// One name: ISO-8859-2's š is Windows-1250's ą, and both are letters, but no language
    /// writes á and ą, while Czech writes á and š.
    #[test]
    fn a_short_name_is_read_in_one_languages_letters() {
        for (text, enc) in [
            ("[White \"Lukáš\"]", Encoding::Iso8859_2),
            ("[White \"Lukáš\"]", Encoding::Windows1250),
            ("[White \"Ondřej Ševčík\"]", Encoding::Iso8859_2),
            ("[White \"Łukasz Ślęzak\"]", Encoding::Iso8859_2),
            ("[White \"Łukasz Ślęzak\"]", Encoding::Windows1250),
        ] {
            let (bytes, _, bad) = enc.encoding_rs().unwrap().encode(text);
            assert!(!bad);
            assert_eq!(decode(&bytes, None).text, text, "{enc}");
        }
        let bytes = [b"[White \"Luk", &[0xA0, 0xE7][..], b"\"]"].concat();
        assert_eq!(decode(&bytes, None).text, "[White \"Lukáš\"]");
    }

    /// `Genève` reads as well in Windows-1250 (`Genčve`): the federations in the tags decide,
    /// and with none the Central European reading stays.
    #[test]
    fn a_tie_between_1250_and_1252_goes_by_the_federations() {
        let pgn = |site: &str, white_fed: &str| {
            let text = format!(
                "[Event \"Open\"]\n[Site \"{site}\"]\n[WhiteFed \"{white_fed}\"]\n\n1. e4 *\n"
            );
            encoding_rs::WINDOWS_1252.encode(&text).0.into_owned()
        };
        let read = |bytes: &[u8]| {
            let d = decode(bytes, None);
            (d.encoding, d.text.contains("Genève"))
        };
        assert_eq!(read(&pgn("Genève SUI", "")), (Encoding::Windows1252, true));
        assert_eq!(read(&pgn("Genève", "FRA")), (Encoding::Windows1252, true));
        assert_eq!(read(&pgn("Genève", "")), (Encoding::Windows1250, false));
        assert_eq!(
            read(&pgn("Genève CZE", "SUI")),
            (Encoding::Windows1250, false)
        );
        // No tie: the letters decide, whatever the tags say.
        let bytes = encoding_rs::WINDOWS_1250
            .encode("[Site \"Genève SUI\"]\n[White \"Dvořák, Jiří\"]\n")
            .0
            .into_owned();
        assert_eq!(detect(&bytes), Encoding::Windows1250);
    }

    /// Plain ASCII in UTF-16 without a byte-order mark is valid UTF-8 too (NUL bytes): the
    /// zero every other byte tells.
    #[test]
    fn utf16_without_a_byte_order_mark_is_found_in_ascii_text() {
        let text = "[Event \"a\"]\n\n1. e4 e5 *\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(detect(&le), Encoding::Utf16Le);
        assert_eq!(detect(&be), Encoding::Utf16Be);
        assert_eq!(decode(&le, None).text, text);
        assert_eq!(detect(text.as_bytes()), Encoding::Utf8);
    }

    #[test]
    fn cp852_round_trips_through_the_table() {
        for (i, c) in CP852_HIGH.iter().enumerate() {
            let b = u8::try_from(0x80 + i).unwrap();
            assert_eq!(decode_cp852(&[b]).chars().next(), Some(*c));
        }
    }

    /// Only text that needs nothing done is borrowed: a BOM is stripped without a copy, while
    /// decomposed letters (NFC) and bytes that are not UTF-8 are given owned, as `decode` gives.
    #[test]
    fn decoding_borrows_only_text_left_as_it_is() {
        let cases: [(&[u8], bool, &str); 4] = [
            (
                b"[White \"Novak\"] 1. e4 *",
                true,
                "[White \"Novak\"] 1. e4 *",
            ),
            (b"\xEF\xBB\xBF1. e4 *", true, "1. e4 *"),
            ("S\u{30C}ibenik".as_bytes(), false, "Šibenik"),
            (b"1. e4 \xFF *", false, "1. e4 \u{FFFD} *"),
        ];
        for (bytes, borrowed, text) in cases {
            let (got, encoding, bad) = decode_borrowed(bytes, Some(Encoding::Utf8));
            assert_eq!(matches!(got, Cow::Borrowed(_)), borrowed, "{text}");
            assert_eq!(got, text);
            let owned = decode(bytes, Some(Encoding::Utf8));
            assert_eq!((owned.text.as_str(), owned.encoding), (text, encoding));
            assert_eq!(owned.had_errors, bad);
            assert_eq!(bad, text.contains('\u{FFFD}'));
        }
    }
}
