//! Reading a scoresheet as written: every word with its place, nothing thrown away.
//!
//! A strict reader stops at the first word that is not a move; reconstruction needs them all —
//! the move numbers (which say where a ply is missing), the stray words (`alebo:`) and the moves
//! as mangled as they are. PGN tag lines, `{comments}` and `;` comments are left out.
//!
//! ```
//! use scoresheet::reconstruct::{Sheet, TokenKind};
//! let sheet = Sheet::read("alebo: 1.e4 e5 2. Jf3 (=) 1-0");
//! let kinds: Vec<_> = sheet.tokens.iter().map(|t| t.kind).collect();
//! assert_eq!(kinds, [
//!     TokenKind::Word,
//!     TokenKind::Number { number: 1, black: false },
//!     TokenKind::Move,
//!     TokenKind::Move,
//!     TokenKind::Number { number: 2, black: false },
//!     TokenKind::Move,
//!     TokenKind::Mark,
//!     TokenKind::Result,
//! ]);
//! assert_eq!(sheet.tokens[5].text, "Jf3");
//! assert_eq!((sheet.tokens[5].line, sheet.tokens[5].column), (1, 19));
//! ```

use crate::notation::sheet::{
    is_between_moves_word, is_dash_word, is_ellipsis_word, numbers_take_dashes, result_of,
    spaced_word, LongMoves, MoveNumber, Spaced,
};

/// What a word on the sheet is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Something that may be a move, however badly written.
    Move,
    /// A move number: `12.` or `12)` (`black` for `12...` or `12…`).
    Number {
        /// The number written.
        number: u32,
        /// Written as `12...`, announcing Black's move.
        black: bool,
    },
    /// A result: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`.
    Result,
    /// A mark that belongs to the move before it: `e.p.`, `(=)`, `+`, `!?`, `$1`, a clock time
    /// (`(0:01)`, `1:23:45`), a word for check or mate (`šach`, `mat`); also a dash alone
    /// between moves (`1. e4 – e5`), which no long-form move takes in, and dots alone holding
    /// a move's place (`23. ... Jf6`, which makes the number before them Black's).
    Mark,
    /// A word that cannot be a move (`alebo:`, `or:`, a name).
    Word,
}

/// One word of the sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The word as written (held inline up to 24 bytes: a sheet's words cost no allocation
    /// each).
    pub text: compact_str::CompactString,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What it is.
    pub kind: TokenKind,
}

/// The words of a scoresheet, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sheet {
    /// Every word, with its place.
    pub tokens: Vec<Token>,
    /// The details written in the sheet's head, above its moves (`Bílý: Novák, Jan`), as PGN
    /// tags (see [`crate::notation::sheet::header_line`]), and any PGN tag pairs it holds
    /// (`[FEN "..."]`: a PGN game the PGN reader could not read is read as a sheet).
    pub tags: Vec<(String, String)>,
    /// The letter set (language code) the head's labels are written in, where one says it
    /// (`Bílý:` Czech, `Weiß:` German: [`crate::notation::sheet::head_language`]): read first
    /// when the letters are detected, as `convert` reads them.
    pub language: Option<&'static str>,
}

impl Sheet {
    /// Splits a scoresheet into words. Never fails: what cannot be a move is kept as a
    /// [`TokenKind::Word`] for the reconstruction to skip (and report).
    ///
    /// ```
    /// use scoresheet::reconstruct::{Sheet, TokenKind};
    /// let s = Sheet::read("[Event \"x\"]\n1. e4 {good} e5 2... Jc6");
    /// let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
    /// assert_eq!(texts, ["1.", "e4", "e5", "2...", "Jc6"]);
    /// assert_eq!(s.tokens[3].kind, TokenKind::Number { number: 2, black: true });
    /// ```
    ///
    /// A `{` inside a comment means the comment's `}` was left out before it (comments do not
    /// nest; the second comment's `}` closed the first): the first `{` is read as a space, and
    /// the words after it as the sheet's own, for the reconstruction to read or skip.
    ///
    /// ```
    /// use scoresheet::reconstruct::Sheet;
    /// let s = Sheet::read("1. e4 e5 2. Jf3 {dobrý Jc6 3. Sb5 {španělská} a6");
    /// let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
    /// assert_eq!(texts, ["1.", "e4", "e5", "2.", "Jf3", "dobrý", "Jc6", "3.", "Sb5", "a6"]);
    /// ```
    pub fn read(text: &str) -> Sheet {
        // The comments' `{` found with another `{` inside, read as spaces: each found costs
        // one more reading of the sheet, so only so many (a text of braces is no sheet).
        const MAX_REREADINGS: usize = 16;
        let mut not_comments = Vec::new();
        loop {
            let strict = not_comments.len() < MAX_REREADINGS;
            match Self::read_with(text, &not_comments, strict) {
                Ok(sheet) => return sheet,
                Err(opener) => not_comments.push(opener),
            }
        }
    }

    /// [`Sheet::read`], each `{` at an offset of `not_comments` read as a space; `Err` with a
    /// comment's `{` where another `{` stands inside it (only if `strict`: else that `{` is
    /// comment text).
    fn read_with(text: &str, not_comments: &[usize], strict: bool) -> Result<Sheet, usize> {
        // About one word in five bytes of a move list ("12. Jf3 Jc6").
        let mut tokens = Vec::with_capacity(text.len() / 5 + 4);
        let mut in_comment = false;
        // Where the open comment's `{` stands in `text`.
        let mut opener = 0;
        let mut tags = Vec::new();
        let mut language = None;
        // PGN tag pairs, read as PGN once the sheet is read.
        let mut tag_lines = String::new();
        // The words of the line being read: first byte, end, column.
        let mut words: Vec<(usize, usize, u32)> = Vec::new();
        // Whether a move has been read: above the first one, a labelled line is the head.
        let mut moves_begun = false;
        // Long-form moves typed with spaces (`e2 - e4`) are one token each, unless the sheet's
        // lone dashes stand between moves (`1. e4 – e5`); `Kh4 xe5` only where the sheet
        // writes long-form moves elsewhere (see `LongMoves`).
        let long_moves = LongMoves::of_sheet(text);
        // A dash after a number holds White's place (`23. – Jf6`) unless the sheet writes one
        // after every number (`1. - e4 e5`).
        let dashed_numbers = numbers_take_dashes(text);
        // Where the line read starts in `text`.
        let mut line_offset = 0;
        for (line_index, raw) in crate::notation::sheet::lines_with_ends(text).enumerate() {
            let line = raw.trim_end_matches(['\n', '\r']);
            let line_start = line_offset;
            line_offset += raw.len();
            let line_no = u32::try_from(line_index + 1).unwrap_or(u32::MAX);
            if !in_comment && line.trim_start().starts_with('[') {
                // A PGN tag pair (a game the PGN reader could not read): kept as a tag.
                tag_lines.push_str(line);
                tag_lines.push('\n');
                continue;
            }
            // A table's heading or rule row (`| # | White | Black |`, `|---|---|`): no words.
            if !in_comment && crate::notation::sheet::is_table_heading(line) {
                continue;
            }
            // The head of a sheet, above its moves (`Bílý: Novák, Jan`): tags, not words.
            if !in_comment && !moves_begun {
                if let Some(fields) = crate::notation::sheet::header_line(line) {
                    language = language.or(crate::notation::sheet::head_language(line));
                    for (tag, value) in fields {
                        tags.retain(|(t, _): &(String, String)| t != tag);
                        tags.push((tag.to_owned(), value));
                    }
                    continue;
                }
                // A head line with a label no tag is read from (`Klub: ŠK Praha`): no moves.
                if crate::notation::sheet::unknown_head_label(line).is_some() {
                    continue;
                }
            }
            words.clear();
            // The word being read: its first byte and its column.
            let mut word: Option<(usize, u32)> = None;
            let mut col = 0u32;
            // The two characters before the one looked at.
            let mut before: [Option<char>; 2] = [None, None];
            for (at, ch) in line.char_indices() {
                col += 1;
                let two_before = before;
                before = [before[1], Some(ch)];
                if in_comment {
                    if ch == '}' {
                        in_comment = false;
                    } else if ch == '{' && strict {
                        return Err(opener);
                    }
                    continue;
                }
                // A comma or semicolon glued after a word ends it (`1.e4,e5,2.Jf3`, `e5;`),
                // unless it is a decimal comma (`0,5-0,5`: `is_decimal_comma`, as `convert`
                // reads it); a semicolon before any word begins a comment (below).
                let glued = matches!(ch, ',' | ';') && word.is_some() && {
                    let after = &line[at + ch.len_utf8()..];
                    !crate::notation::sheet::is_decimal_comma(two_before, after)
                };
                let ends_word = ch == '{' || ch.is_whitespace() || ch == '\u{feff}' || glued;
                if ends_word {
                    if let Some((from, column)) = word.take() {
                        words.push((from, at, column));
                    }
                    let offset = line_start + at;
                    in_comment = ch == '{' && !not_comments.contains(&offset);
                    opener = offset;
                    continue;
                }
                if ch == ';' && word.is_none() {
                    // A comment to the end of the line, as in PGN, unless moves follow it
                    // (`1. e4 ; e5`), as `convert` reads it.
                    if crate::notation::sheet::semicolon_separates(&line[at + 1..]) {
                        continue;
                    }
                    break;
                }
                if word.is_none() {
                    word = Some((at, col));
                }
            }
            if let Some((from, column)) = word {
                words.push((from, line.len(), column));
            }
            let before = tokens.len();
            read_words(line, &words, line_no, long_moves, &mut tokens);
            hold_places(&mut tokens[before..], dashed_numbers);
            moves_begun = moves_begun || tokens[before..].iter().any(|t| t.kind == TokenKind::Move);
        }
        put_columns_in_order(&mut tokens);
        // A forfeit mark (`+:-`, `kontumačně`) says how the game ended, as `convert` tells it.
        let forfeit = tokens
            .iter()
            .any(|t| crate::notation::sheet::is_forfeit_mark(&t.text));
        if forfeit && !tags.iter().any(|(t, _)| t == "Termination") {
            tags.push(("Termination".to_owned(), "forfeit".to_owned()));
        }
        if !tag_lines.is_empty() {
            tag_lines.push_str("\n*\n");
            if let Some(Ok(game)) = crate::pgn::Game::read_all(tag_lines.as_bytes()).first() {
                let head = std::mem::take(&mut tags);
                tags = game
                    .tag_strings()
                    .into_iter()
                    .filter(|(name, _)| !head.iter().any(|(t, _)| t == name))
                    .collect();
                tags.extend(head);
            }
        }
        Ok(Sheet {
            tokens,
            tags,
            language,
        })
    }

    /// The result written after the last move (`1-0`, `0-1`, `1/2-1/2`, `*`), normalised, or
    /// else the one in the sheet's head (`Výsledek: 1-0` above the moves); `None` if neither.
    ///
    /// ```
    /// use scoresheet::reconstruct::Sheet;
    /// assert_eq!(Sheet::read("1. f3 e5 2. g4 Dh4 0 - 1").result(), Some("0-1"));
    /// assert_eq!(Sheet::read("1. e4 e5 ½-½ 2. Jf3").result(), None);
    /// ```
    pub fn result(&self) -> Option<&'static str> {
        let (head, after_moves) = self.results();
        after_moves.or(head)
    }

    /// The result in the sheet's head and the one written after the last move, each if there is
    /// one: where both are and differ, the sheet contradicts itself.
    ///
    /// ```
    /// use scoresheet::reconstruct::Sheet;
    /// let s = Sheet::read("Výsledek: 1-0\n1. f3 e5 2. g4 Dh4 0-1");
    /// assert_eq!(s.results(), (Some("1-0"), Some("0-1")));
    /// ```
    pub fn results(&self) -> (Option<&'static str>, Option<&'static str>) {
        let head = self
            .tags
            .iter()
            .find(|(tag, _)| tag == "Result")
            .and_then(|(_, value)| result_of(value));
        let last = self
            .tokens
            .iter()
            .rev()
            .find(|t| matches!(t.kind, TokenKind::Result | TokenKind::Move))
            .filter(|t| t.kind == TokenKind::Result);
        let after_moves = last.and_then(|t| {
            let plain: String = t.text.chars().filter(|c| !c.is_whitespace()).collect();
            result_of(&plain)
        });
        (head, after_moves)
    }

    /// The sheet with each long-form move typed with a lone dash between its squares (`e4 – e5`,
    /// one token as [`Sheet::read`] joins it) taken as two moves with the dash between them, as
    /// on a sheet that writes `1. e4 – e5 2. d4 – d5`; `None` when the sheet has no such move.
    /// Which reading is right only the moves can tell: see [`crate::batch::repair_sheet`].
    ///
    /// ```
    /// use scoresheet::reconstruct::{Sheet, TokenKind};
    /// let sheet = Sheet::read("1. e4 - e5 2. d4 - d5");
    /// assert_eq!(sheet.moves().count(), 2);
    /// let split = sheet.long_moves_split().unwrap();
    /// let texts: Vec<&str> = split.moves().map(|t| t.text.as_str()).collect();
    /// assert_eq!(texts, ["e4", "e5", "d4", "d5"]);
    /// assert_eq!(split.tokens[3].column, 9);
    /// assert!(Sheet::read("1. e4 e5").long_moves_split().is_none());
    /// ```
    pub fn long_moves_split(&self) -> Option<Sheet> {
        let mut tokens = Vec::with_capacity(self.tokens.len() + 8);
        let mut any = false;
        for t in &self.tokens {
            let parts = (t.kind == TokenKind::Move)
                .then(|| crate::notation::sheet::dashed_long_move_parts(&t.text))
                .flatten();
            let Some(parts) = parts else {
                tokens.push(t.clone());
                continue;
            };
            any = true;
            for (part, kind) in
                parts
                    .into_iter()
                    .zip([TokenKind::Move, TokenKind::Mark, TokenKind::Move])
            {
                let at = part.as_ptr() as usize - t.text.as_ptr() as usize;
                let chars = u32::try_from(t.text[..at].chars().count()).unwrap_or(0);
                tokens.push(Token {
                    text: part.into(),
                    line: t.line,
                    column: t.column + chars,
                    kind,
                });
            }
        }
        any.then(|| Sheet {
            tokens,
            tags: self.tags.clone(),
            language: self.language,
        })
    }

    /// The tokens that may be moves.
    ///
    /// ```
    /// use scoresheet::reconstruct::Sheet;
    /// assert_eq!(Sheet::read("1. e4 e5 2. Jf3").moves().count(), 3);
    /// ```
    pub fn moves(&self) -> impl Iterator<Item = &Token> {
        self.tokens.iter().filter(|t| t.kind == TokenKind::Move)
    }
}

/// A sheet of two columns typed row by row (`1. e4 e6   31. Sd3 fxg3+`) in the order of its
/// move numbers: each number with the words after it, up to the next number, moves to its
/// place. Only where the numbers name every move from the first once (`12.` and `12...` may
/// both stand) and no move stands before the first number; a sheet whose numbers have a slip
/// stays as written, for the reconstruction to read.
fn put_columns_in_order(tokens: &mut Vec<Token>) {
    // Where each number stands, and the number (Black's for `12...`).
    let (starts, keys): (Vec<usize>, Vec<(u32, bool)>) = tokens
        .iter()
        .enumerate()
        .filter_map(|(i, t)| match t.kind {
            TokenKind::Number { number, black } => Some((i, (number, black))),
            _ => None,
        })
        .unzip();
    if !keys.windows(2).any(|w| w[1] < w[0]) {
        return;
    }
    let Some(&first) = starts.first() else {
        return;
    };
    if tokens[..first].iter().any(|t| t.kind == TokenKind::Move) {
        return;
    }
    let mut order: Vec<usize> = (0..starts.len()).collect();
    order.sort_by_key(|&s| keys[s]);
    let follows = |a: (u32, bool), b: (u32, bool)| {
        (b.0 == a.0 && !a.1 && b.1) || b.0 == a.0.saturating_add(1)
    };
    if !order.windows(2).all(|w| follows(keys[w[0]], keys[w[1]])) {
        return;
    }
    let mut segments: Vec<Vec<Token>> = Vec::with_capacity(starts.len());
    for &from in starts.iter().rev() {
        segments.push(tokens.split_off(from));
    }
    segments.reverse();
    for s in order {
        tokens.append(&mut segments[s]);
    }
}

/// The words of one line (first byte, end, column) as tokens: castling, a result or (with
/// `long_moves`) a long-form move typed with spaces (`0 - 0`, `1 - 0`, `e2 - e4`) is one token,
/// each other word is [`flush`]ed.
fn read_words(
    line: &str,
    words: &[(usize, usize, u32)],
    line_no: u32,
    long_moves: LongMoves,
    out: &mut Vec<Token>,
) {
    let text_of = |&(from, to, _): &(usize, usize, u32)| line[from..to].trim_end_matches(',');
    let mut i = 0;
    while let Some(&(from, _, column)) = words.get(i) {
        let first = text_of(&words[i]);
        // A remark in brackets after the result on its line (`1-0 (vzdal)`, `0-1 (White lost
        // on time)`), as `convert` reads it: one mark, no move.
        let after_result = out
            .last()
            .is_some_and(|t| t.kind == TokenKind::Result && t.line == line_no);
        if after_result
            && first.starts_with('(')
            && !is_result(first)
            && !crate::notation::sheet::is_forfeit_mark(first)
        {
            if let Some(j) = (i..words.len()).find(|&j| text_of(&words[j]).ends_with(')')) {
                let (_, to, _) = words[j];
                out.push(Token {
                    text: line[from..to].into(),
                    line: line_no,
                    column,
                    kind: TokenKind::Mark,
                });
                i = j + 1;
                continue;
            }
        }
        let number = number_len(first);
        let following = || words[i + 1..].iter().map(text_of);
        // As written, or after a move number glued to its front (`8.0 - 0`).
        let joined = spaced_word(std::iter::once(first).chain(following()), long_moves)
            .map(|j| (0, j))
            .or_else(|| {
                let unnumbered = &first[number..];
                (number > 0)
                    .then(|| {
                        spaced_word(std::iter::once(unnumbered).chain(following()), long_moves)
                    })
                    .flatten()
                    .map(|j| (number, j))
            });
        let Some((number, (n, spaced))) = joined else {
            flush(first, line_no, column, out);
            i += 1;
            continue;
        };
        if number > 0 {
            flush(&first[..number], line_no, column, out);
        }
        let last = words[i + n - 1];
        let chars = first[..number].chars().count();
        out.push(Token {
            text: line[from + number..last.0 + text_of(&last).len()].into(),
            line: line_no,
            column: column + u32::try_from(chars).unwrap_or(0),
            kind: match spaced {
                Spaced::Castling | Spaced::Move => TokenKind::Move,
                Spaced::Result(_) => TokenKind::Result,
            },
        });
        i += n;
    }
}

/// A move number followed by dots or a dash alone (`23. ... Jf6`, `23. – Jf6`) announces Black's
/// move, as `23...` does: White's is written elsewhere, and the dots or dash hold its place.
fn hold_places(tokens: &mut [Token], dashed_numbers: bool) {
    for i in 1..tokens.len() {
        let text = &tokens[i].text;
        let held = tokens[i].kind == TokenKind::Mark
            && (is_ellipsis_word(text) || (!dashed_numbers && is_dash_word(text)));
        if let (true, TokenKind::Number { black, .. }) = (held, &mut tokens[i - 1].kind) {
            *black = true;
        }
    }
}

/// How many bytes of `text` a move number at its front takes (`12.`, `12...`, `12)`, `12…`,
/// `12.-`; 0 for none): see [`MoveNumber`]. A result (`1-0`, `0.5-0.5`) has none.
fn number_len(text: &str) -> usize {
    MoveNumber::at(text).map_or(0, |n| n.len)
}

/// Ends a word: splits a leading move number off (`12.Jf3`) and classifies the rest.
fn flush(text: &str, line: u32, column: u32, out: &mut Vec<Token>) {
    // Commas between moves (`1. e4, e5, 2. Jf3`) belong to no move.
    let text = text.trim_end_matches(',');
    if text.is_empty() {
        return;
    }
    if let Some(n) = MoveNumber::at(text) {
        let number = n.len;
        out.push(Token {
            text: text[..number].into(),
            line,
            column,
            kind: TokenKind::Number {
                number: n.value,
                black: n.black,
            },
        });
        let rest = &text[number..];
        if !rest.is_empty() {
            let chars = text[..number].chars().count();
            let col = column + u32::try_from(chars).unwrap_or(0);
            out.push(classify(rest, line, col));
        }
        return;
    }
    out.push(classify(text, line, column));
}

fn classify(text: &str, line: u32, column: u32) -> Token {
    Token {
        text: text.into(),
        line,
        column,
        kind: kind_of(text),
    }
}

/// What a word is: [`kind_by_rules`], with a short way for the usual move.
fn kind_of(text: &str) -> TokenKind {
    if looks_like_usual_move(text) {
        TokenKind::Move
    } else {
        kind_by_rules(text)
    }
}

/// Most words are moves in the usual form (`Jf3`, `exd5`, `Vfe1`): a word that begins with a
/// letter and ends in a rank digit is no result, mark or garbage word (these begin with a
/// digit, `$`, `(`, `*` or `½`, end in something else, or hold no digit).
fn looks_like_usual_move(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.last().is_some_and(|b| (b'1'..=b'8').contains(b))
}

fn kind_by_rules(text: &str) -> TokenKind {
    if is_result(text) {
        TokenKind::Result
    } else if is_mark(text) || is_between_moves_word(text) {
        TokenKind::Mark
    } else if is_word(text) {
        TokenKind::Word
    } else {
        TokenKind::Move
    }
}

/// A result (`1-0`, `0:1`, `½-½`, `0.5-0.5`, ...: the notation reader's list).
fn is_result(text: &str) -> bool {
    result_of(text).is_some()
}

fn is_mark(text: &str) -> bool {
    let t = text.trim_end_matches(['+', '#']);
    matches!(
        text,
        "e.p." | "ep" | "e.p" | "(e.p.)" | "(ep)" | "(=)" | "=" | "+" | "#" | "++" | "†" | "‡"
    ) || (!t.is_empty() && t.chars().all(|c| c == '!' || c == '?'))
        || (text.starts_with('$')
            && text.len() > 1
            && text[1..].chars().all(|c| c.is_ascii_digit()))
        || t.is_empty()
        || crate::notation::sheet::is_clock_time(text)
        || crate::notation::sheet::is_check_or_mate_word(text)
        // A word saying the result was a forfeit (`kontumačně`; `+:-` is a result).
        || (crate::notation::sheet::is_forfeit_mark(text) && !is_result(text))
        // The label of a result written under the moves (`Výsledek: 1-0`).
        || text.strip_suffix(':').and_then(crate::notation::sheet::header_tag) == Some("Result")
}

/// A word that cannot be meant as a move: it ends with a colon after no square and no pair of
/// files (`alebo:`, but not the capture marked after the move, `Sc6:` or `ed:`), or it has no
/// digit and letters that are neither files, piece letters nor look-alikes of digits
/// (`Kasparov`).
fn is_word(text: &str) -> bool {
    if let Some(stem) = text.strip_suffix(':').filter(|s| !s.is_empty()) {
        let files = stem.len() == 2 && stem.bytes().all(|b| matches!(b, b'a'..=b'h'));
        return !files && !stem.chars().any(|c| c.is_ascii_digit());
    }
    if text.chars().any(|c| c.is_ascii_digit()) || text.chars().count() < 4 {
        return false;
    }
    let strange = text
        .chars()
        .filter(|c| {
            c.is_lowercase() && !matches!(c, 'a'..='h' | 'l' | 'i' | 'o' | 'q' | 's' | 'z' | 'x')
        })
        .count();
    strange >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_line_no_tag_is_read_from_gives_no_words() {
        let s = Sheet::read("Bílý: Novák\nKlub: ŠK Praha\n1. e4 e5\nKlub: x\n");
        let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        // Below the first move the line is the sheet's, for the repair to weigh.
        assert_eq!(texts, ["1.", "e4", "e5", "Klub:", "x"]);
        assert_eq!(s.tags, [("White".to_owned(), "Novák".to_owned())]);
    }

    #[test]
    fn ocr_words_are_kept_as_moves() {
        let s = Sheet::read("4. ede5 Jf6ed 11. Kclbl (=)");
        let kinds: Vec<_> = s.tokens.iter().map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            [
                TokenKind::Number {
                    number: 4,
                    black: false
                },
                TokenKind::Move,
                TokenKind::Move,
                TokenKind::Number {
                    number: 11,
                    black: false
                },
                TokenKind::Move,
                TokenKind::Mark
            ]
        );
    }

    #[test]
    fn the_short_way_agrees_with_the_rules() {
        // Every word of up to three characters from letters, digits and the marks' and
        // results' characters, and longer ones around them.
        let pool: Vec<char> = "aeJKx18903:-/$+#!?.=()*½e".chars().collect();
        let mut words: Vec<String> = Vec::new();
        for &a in &pool {
            words.push(a.to_string());
            for &b in &pool {
                words.push(format!("{a}{b}"));
                for &c in &pool {
                    words.push(format!("{a}{b}{c}"));
                    words.push(format!("Kasparov{a}{b}{c}"));
                }
            }
        }
        let mut short = 0;
        for w in &words {
            if looks_like_usual_move(w) {
                short += 1;
                assert_eq!(kind_by_rules(w), TokenKind::Move, "{w}");
            }
        }
        assert!(short > 1000, "{short}");
    }

    #[test]
    fn move_numbers_with_a_parenthesis_or_an_ellipsis() {
        let s = Sheet::read("1)e4 c5 2) Jf3 2\u{2026}d6 3\u{2026} cxd4");
        let kinds: Vec<_> = s.tokens.iter().map(|t| t.kind).collect();
        let number = |number, black| TokenKind::Number { number, black };
        assert_eq!(
            kinds,
            [
                number(1, false),
                TokenKind::Move,
                TokenKind::Move,
                number(2, false),
                TokenKind::Move,
                number(2, true),
                TokenKind::Move,
                number(3, true),
                TokenKind::Move,
            ]
        );
        let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts[6], "d6");
        // Black's number with a dash glued after it, as Spanish sheets write it.
        let spanish = Sheet::read("12...-Jf6");
        assert_eq!(spanish.tokens[0].kind, number(12, true));
        assert_eq!(spanish.tokens[1].text, "Jf6");
        // Columns count characters: the ellipsis is one.
        assert_eq!(s.tokens[6].column, 18);
    }

    #[test]
    fn commas_between_moves_and_clock_times_are_not_moves() {
        let s = Sheet::read("1. e4, (0:01) e5, 2. Jf3 1:05:30 Jc6 , 1:0 mat");
        let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(
            texts,
            ["1.", "e4", "(0:01)", "e5", "2.", "Jf3", "1:05:30", "Jc6", "1:0", "mat"]
        );
        let kinds: Vec<_> = s.tokens.iter().map(|t| t.kind).collect();
        assert_eq!(kinds[2], TokenKind::Mark);
        assert_eq!(kinds[6], TokenKind::Mark);
        assert_eq!(kinds[3], TokenKind::Move);
        // A result written with a colon is a result, not a clock time.
        assert_eq!(kinds[8], TokenKind::Result);
        assert_eq!(kinds[9], TokenKind::Mark);
        // Glued to the words (a sheet typed as a list: `1.e4,e5,2.Jf3;Jc6`), commas and
        // semicolons still separate them; a decimal comma (`0,5-0,5`) stays in its word.
        let glued = Sheet::read("1.e4,e5,2.Jf3;Jc6,0,5-0,5");
        assert_eq!(
            words_and_columns(&glued),
            [
                ("1.", 1),
                ("e4", 3),
                ("e5", 6),
                ("2.", 9),
                ("Jf3", 11),
                ("Jc6", 15),
                ("0,5-0,5", 19)
            ]
        );
        assert_eq!(glued.result(), Some("1/2-1/2"));
    }

    #[test]
    fn names_and_colon_words_are_words() {
        let s = Sheet::read("Kasparov or: 0-0-0 1/2-1/2");
        let kinds: Vec<_> = s.tokens.iter().map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            [
                TokenKind::Word,
                TokenKind::Word,
                TokenKind::Move,
                TokenKind::Result
            ]
        );
    }

    #[test]
    fn castling_and_results_typed_with_spaces_are_one_token() {
        let s = Sheet::read("8.0 - 0 O -O, 9. Jf3 0 - 1");
        let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["8.", "0 - 0", "O -O", "9.", "Jf3", "0 - 1"]);
        let kinds: Vec<_> = s.tokens.iter().map(|t| t.kind).collect();
        assert_eq!(kinds[1], TokenKind::Move);
        assert_eq!(kinds[5], TokenKind::Result);
        assert_eq!((s.tokens[1].column, s.tokens[2].column), (3, 9));
        assert_eq!(s.result(), Some("0-1"));
        let half = Sheet::read("1. e4 e5 0.5 - 0.5");
        assert_eq!(half.tokens.last().map(|t| t.kind), Some(TokenKind::Result));
        assert_eq!(half.result(), Some("1/2-1/2"));
    }

    /// Each token's text and column.
    fn words_and_columns(sheet: &Sheet) -> Vec<(&str, u32)> {
        sheet
            .tokens
            .iter()
            .map(|t| (t.text.as_str(), t.column))
            .collect()
    }

    #[test]
    fn moves_typed_apart_are_one_token_and_lone_dashes_marks() {
        let s = Sheet::read("1. e2 \u{2013} e4 e7 - e5 2. J f3 J x e5 3. Jg1 -f3 \u{2013}");
        assert_eq!(
            words_and_columns(&s),
            [
                ("1.", 1),
                ("e2 \u{2013} e4", 4),
                ("e7 - e5", 12),
                ("2.", 20),
                ("J f3", 23),
                ("J x e5", 28),
                ("3.", 35),
                ("Jg1 -f3", 38),
                ("\u{2013}", 46)
            ]
        );
        assert_eq!(s.tokens[8].kind, TokenKind::Mark);
        assert!(s.tokens[1..8].iter().all(|t| t.kind != TokenKind::Mark));
        // Dashes between moves: each move its own token, the dashes marks.
        let between = Sheet::read("1. e4 \u{2013} e5 2. Jf3 \u{2013} Jc6");
        let kinds: Vec<_> = between.tokens.iter().map(|t| t.kind).collect();
        assert_eq!(kinds.iter().filter(|k| **k == TokenKind::Move).count(), 4);
        assert_eq!(kinds.iter().filter(|k| **k == TokenKind::Mark).count(), 2);
    }

    #[test]
    fn the_head_of_a_sheet_is_tags_not_words() {
        let s = Sheet::read("Bílý: Novák   Černý: Svoboda\nDatum: 2026-11-14\n1. e4 e5\nKolo: 3");
        assert_eq!(
            s.tags,
            [
                ("White".to_owned(), "Novák".to_owned()),
                ("Black".to_owned(), "Svoboda".to_owned()),
                ("Date".to_owned(), "2026.11.14".to_owned())
            ]
        );
        // Below the first move, a labelled line is words of the sheet, as before.
        let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["1.", "e4", "e5", "Kolo:", "3"]);
        // A result under a label, under the moves or in the head.
        let under = Sheet::read("1. e4 e5 2. Jf3\nVýsledek: 1:0");
        assert_eq!(under.tokens[5].kind, TokenKind::Mark);
        assert_eq!(under.result(), Some("1-0"));
        assert_eq!(Sheet::read("Result: 0-1\n1. f3 e5").result(), Some("0-1"));
    }

    #[test]
    fn comments_span_lines() {
        let s = Sheet::read("1. e4 {a long\ncomment} e5 ; rest of line\n2. d4");
        let texts: Vec<&str> = s.tokens.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["1.", "e4", "e5", "2.", "d4"]);
        assert_eq!(s.tokens[2].line, 2);
    }

    #[test]
    fn two_columns_typed_row_by_row_are_put_in_the_order_of_their_numbers() {
        let texts = |s: &Sheet| {
            s.tokens
                .iter()
                .map(|t| t.text.to_string())
                .collect::<Vec<_>>()
        };
        let sheet = Sheet::read("1. e4 e5   4. d3 d6\n2. Jf3 Jc6 5. 0-0 0-0 ½-½\n3. Sc4 Sc5");
        assert_eq!(
            texts(&sheet),
            [
                "1.", "e4", "e5", "2.", "Jf3", "Jc6", "3.", "Sc4", "Sc5", "4.", "d3", "d6", "5.",
                "0-0", "0-0", "½-½"
            ]
        );
        assert_eq!(sheet.result(), Some("1/2-1/2"));
        // Each word keeps its place.
        assert_eq!((sheet.tokens[9].line, sheet.tokens[9].column), (1, 12));
        // `4.` and `4...` both stand.
        let split = Sheet::read("1. e4 e5 4... d6\n2. Jf3 Jc6\n3. Sc4 Sc5 4. d3");
        assert_eq!(texts(&split)[9..], ["4.", "d3", "4...", "d6"]);
        // Numbers with a slip (one written twice, one skipped, a move before the first):
        // as written.
        for written in [
            "1. e4 e5 3. Sc4 2. Jf3 2. Jc6",
            "1. e4 e5 4. Sc4 2. Jf3",
            "e4 1. e5 3. Sc4 2. Jf3",
        ] {
            let sheet = Sheet::read(written);
            let plain: Vec<&str> = written.split_whitespace().collect();
            assert_eq!(texts(&sheet), plain, "{written}");
        }
    }
}
