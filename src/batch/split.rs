//! Cutting a stream of PGN bytes into games, fast, without parsing them.
//!
//! The splitter looks only at line starts and at comment braces: a game ends where a tag line
//! (`[`) follows movetext, outside a `{...}` comment. Tag lines are skipped whole, so a brace or a
//! quote inside a tag value changes nothing. A brace comment left open is closed by a line that
//! starts with `[Event `, so one unclosed `{` never swallows the rest of a file. Lines may end in
//! LF, CRLF or a lone CR. Games are handed out in batches that share one buffer, so splitting
//! allocates per batch, not per game.

use crate::pgn::split::{ends_with_tag_pair, scan_movetext};
use memchr::memchr2;
use std::io::{self, Read};
use std::ops::Range;

/// The largest game the splitter keeps whole. Bytes beyond it, up to the next game, are skipped
/// and the game is marked [`GameSpan::oversized`] so that the caller reports it.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// Where one game lies in a [`Batch`]'s buffer and in its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpan {
    /// The game's bytes within [`Batch::data`].
    pub range: Range<usize>,
    /// 0-based number of this game within its input.
    pub index: u64,
    /// 1-based line of the game's first byte in its input.
    pub line: u64,
    /// Byte offset of the game's first byte in its (decompressed) input.
    pub byte_offset: u64,
    /// True if the game was longer than [`MAX_GAME_BYTES`] and only its start was kept.
    pub oversized: bool,
    /// True if reading the input failed inside this game (a compressed stream that breaks
    /// off, a read error): its bytes are those read before the failure, and the game may be
    /// incomplete however it ends.
    pub broken_off: bool,
}

/// Whole games cut from one input, sharing one buffer.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// The bytes of all games of the batch, back to back.
    pub data: Vec<u8>,
    /// The games, in input order.
    pub games: Vec<GameSpan>,
}

impl Batch {
    /// The bytes of one game of this batch.
    pub fn bytes(&self, span: &GameSpan) -> &[u8] {
        self.data.get(span.range.clone()).unwrap_or(&[])
    }
}

/// Splits a byte stream into games, batch by batch.
///
/// ```
/// use scoresheet::batch::GameSplitter;
/// let pgn = b"[Event \"a\"]\n\n1. e4 {a [comment]\n[Site} e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let mut splitter = GameSplitter::new(&pgn[..]);
/// let batch = splitter.next_batch(1 << 20).unwrap().unwrap();
/// assert_eq!(batch.games.len(), 2);
/// assert_eq!(batch.games[1].line, 6);
/// assert!(batch.bytes(&batch.games[1]).starts_with(b"[Event \"b\"]"));
/// assert!(splitter.next_batch(1 << 20).unwrap().is_none());
/// ```
#[derive(Debug)]
pub struct GameSplitter<R> {
    reader: R,
    buf: Vec<u8>,
    eof: bool,
    /// Next byte of `buf` to look at (always a line start).
    scan: usize,
    /// Start of the current game in `buf`.
    game_start: usize,
    game_line: u64,
    /// Line number at `scan`.
    line: u64,
    /// Stream offset of `buf[0]`.
    base_offset: u64,
    in_comment: bool,
    seen_movetext: bool,
    /// Skipping the tail of an oversized game until the next game starts.
    skipping: bool,
    /// Why reading stopped early, once it has: handed out by [`GameSplitter::next_batch`]
    /// after the games read before it.
    failed: Option<io::Error>,
    /// `scan` is inside a line whose start was already dropped (an enormous line).
    mid_line: bool,
    next_index: u64,
    /// Buffers of batches the caller is done with, given back by [`GameSplitter::give_back`].
    spare: Vec<Vec<u8>>,
}

const READ_CHUNK: usize = 1 << 16;

/// How many given-back buffers a splitter keeps; the rest are freed.
const MAX_SPARE: usize = 64;

impl<R: Read> GameSplitter<R> {
    /// A splitter over `reader`.
    pub fn new(reader: R) -> Self {
        GameSplitter {
            reader,
            buf: Vec::new(),
            eof: false,
            scan: 0,
            game_start: 0,
            game_line: 1,
            line: 1,
            base_offset: 0,
            in_comment: false,
            seen_movetext: false,
            skipping: false,
            mid_line: false,
            next_index: 0,
            spare: Vec::new(),
            failed: None,
        }
    }

    /// Takes back the buffer of a batch the caller is done with ([`Batch::data`]), so that the
    /// next batches are read into memory already in use instead of freshly allocated memory that
    /// grows as it fills: with the batches checked on other threads, fresh buffers cost the
    /// reader page faults and copies as they grow.
    ///
    /// ```
    /// use scoresheet::batch::GameSplitter;
    /// let pgn = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let mut splitter = GameSplitter::new(&pgn[..]);
    /// let first = splitter.next_batch(1).unwrap().unwrap();
    /// splitter.give_back(first.data);
    /// let second = splitter.next_batch(1).unwrap().unwrap();
    /// assert!(second.bytes(&second.games[0]).starts_with(b"[Event \"b\"]"));
    /// ```
    pub fn give_back(&mut self, data: Vec<u8>) {
        if self.spare.len() < MAX_SPARE {
            self.spare.push(data);
        }
    }

    /// Reads on until at least `target_bytes` of whole games are collected (or the input ends)
    /// and returns them; `None` once the input is exhausted.
    ///
    /// Where reading fails part-way, every game read before the failure is handed out first,
    /// the one the failure broke into marked [`GameSpan::broken_off`], and the next call
    /// returns the error.
    ///
    /// ```
    /// use scoresheet::batch::GameSplitter;
    /// use std::io::{self, Read};
    /// /// Gives its bytes, then fails as a corrupt compressed stream does.
    /// struct BreaksOff<'a>(&'a [u8]);
    /// impl Read for BreaksOff<'_> {
    ///     fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
    ///         if self.0.is_empty() {
    ///             return Err(io::Error::new(io::ErrorKind::InvalidData, "corrupt stream"));
    ///         }
    ///         self.0.read(buf)
    ///     }
    /// }
    /// // One game and a half, then the failure.
    /// let text = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2.";
    /// let mut splitter = GameSplitter::new(BreaksOff(text));
    /// let batch = splitter.next_batch(1 << 20).unwrap().unwrap();
    /// assert_eq!(batch.games.len(), 2);
    /// assert!(!batch.games[0].broken_off);
    /// assert!(batch.games[1].broken_off);
    /// assert!(batch.bytes(&batch.games[1]).ends_with(b"d5 2."));
    /// assert!(splitter.next_batch(1 << 20).is_err());
    /// ```
    pub fn next_batch(&mut self, target_bytes: usize) -> io::Result<Option<Batch>> {
        let mut games = Vec::new();
        loop {
            // Find the end of the line starting at `scan`. A CR at the end of the buffer may be
            // the first half of a CRLF: read on before deciding.
            let found = find_line_end(&self.buf[self.scan..]);
            let complete = match found {
                Some((end, len)) => {
                    let at = self.scan + end;
                    self.eof || len == 2 || self.buf[at] == b'\n' || at + 1 < self.buf.len()
                }
                None => false,
            };
            let (line_end, next) = match found {
                Some((end, len)) if complete => (self.scan + end, self.scan + end + len),
                _ if !self.eof => {
                    if self.buf.len() - self.scan > MAX_GAME_BYTES {
                        // One enormous line: cut the game now and skip the rest of the line.
                        // The cut may fall inside the line read so far, so the scan moves to
                        // the end of what is read (following the comments on the way) before
                        // the buffer is cut there.
                        if !self.skipping {
                            let cut = self.game_start + MAX_GAME_BYTES;
                            let seen = self.buf.len();
                            self.scan_partial_line(seen);
                            self.scan = seen;
                            self.mid_line = true;
                            self.push_span(self.game_start, cut, true, &mut games);
                            self.skipping = true;
                            return Ok(self.cut(games));
                        }
                        if games.is_empty() {
                            let seen = self.buf.len();
                            self.scan_partial_line(seen);
                            self.drop_front(seen);
                            self.mid_line = true;
                        }
                    }
                    if self.skipping && games.is_empty() && self.scan > 0 {
                        // Drop the skipped tail of an oversized game as we go.
                        self.drop_front(self.scan);
                    }
                    self.fill();
                    continue;
                }
                _ => {
                    // End of input: the last line has no terminator.
                    if self.scan < self.buf.len() {
                        let end = self.buf.len();
                        self.visit_line(self.scan, end, &mut games);
                        self.scan = end;
                    }
                    let before = games.len();
                    self.finish_game(self.buf.len(), &mut games);
                    if self.failed.is_some() && games.len() > before {
                        if let Some(last) = games.last_mut() {
                            last.broken_off = true;
                        }
                    }
                    return match (self.cut(games), self.failed.take()) {
                        (Some(batch), failed) => {
                            // The failure comes after the games read before it.
                            self.failed = failed;
                            Ok(Some(batch))
                        }
                        (None, Some(e)) => Err(e),
                        (None, None) => Ok(None),
                    };
                }
            };
            self.visit_line(self.scan, line_end, &mut games);
            self.scan = next;
            self.line += 1;
            if !self.skipping && self.scan - self.game_start > MAX_GAME_BYTES {
                let cut = self.game_start + MAX_GAME_BYTES;
                self.push_span(self.game_start, cut, true, &mut games);
                self.skipping = true;
                return Ok(self.cut(games));
            }
            let collected = games.last().map_or(0, |g: &GameSpan| g.range.end);
            if collected >= target_bytes {
                return Ok(self.cut(games));
            }
        }
    }

    /// Looks at one line `[start, end)`, closing the current game if the line starts a new one.
    fn visit_line(&mut self, start: usize, end: usize, games: &mut Vec<GameSpan>) {
        let boundary = self.classify(start, end);
        if boundary {
            self.finish_game(start, games);
            self.game_start = start;
            self.game_line = self.line;
        }
    }

    /// Follows the comment state through the part of an enormous line seen so far.
    fn scan_partial_line(&mut self, end: usize) {
        let mut comment = false;
        scan_movetext(&self.buf[self.scan..end], &mut comment, self.in_comment);
        self.in_comment = comment;
        self.seen_movetext = true;
    }

    /// Decides whether the line `[start, end)` begins a new game, updating the comment state.
    fn classify(&mut self, start: usize, end: usize) -> bool {
        if std::mem::take(&mut self.mid_line) {
            self.scan_partial_line(end);
            return false;
        }
        let line = trim_start(&self.buf[start..end]);
        let is_event = line.starts_with(b"[Event ") || line.starts_with(b"[Event\t");
        if self.in_comment && !is_event {
            self.seen_movetext = true;
            let mut comment = false;
            scan_movetext(line, &mut comment, true);
            self.in_comment = comment;
            return false;
        }
        match line.first() {
            None => false,
            // A forum delimiter (`[pgn]`, `[/pgn]`) belongs to the game beside it, which the
            // reader reads around it: no boundary, as for `pgn::split`.
            Some(b'[') if is_forum_delimiter(line) => false,
            Some(b'[') => {
                self.in_comment = false;
                std::mem::take(&mut self.seen_movetext)
            }
            Some(b'%') => false,
            Some(_) => {
                let mut comment = false;
                scan_movetext(line, &mut comment, false);
                self.in_comment = comment;
                // Tags after the moves on one line begin the next game's tag section here
                // (`pgn::split` reads them so).
                self.seen_movetext = comment || !ends_with_tag_pair(line);
                false
            }
        }
    }

    /// Closes the current game at `end` (exclusive), if it holds anything but white space.
    fn finish_game(&mut self, end: usize, games: &mut Vec<GameSpan>) {
        if self.skipping {
            self.skipping = false;
        } else if self.buf[self.game_start..end]
            .iter()
            .any(|b| !b.is_ascii_whitespace())
        {
            self.push_span(self.game_start, end, false, games);
        }
        self.game_start = end;
        self.game_line = self.line;
        self.seen_movetext = false;
    }

    fn push_span(&mut self, start: usize, end: usize, oversized: bool, games: &mut Vec<GameSpan>) {
        games.push(GameSpan {
            range: start..end,
            index: self.next_index,
            line: self.game_line,
            byte_offset: self.base_offset + start as u64,
            oversized,
            broken_off: false,
        });
        self.next_index += 1;
    }

    /// Hands out the finished games and keeps the unfinished rest of the buffer.
    fn cut(&mut self, games: Vec<GameSpan>) -> Option<Batch> {
        let keep_from = if self.skipping {
            self.scan
        } else {
            self.game_start
        };
        let end = games.last().map_or(0, |g| g.range.end);
        if games.is_empty() {
            self.drop_front(keep_from);
            return None;
        }
        let shift = keep_from.max(end);
        // The unfinished rest moves to a buffer as large as this one (a given-back one if there
        // is one), so that reading the next batch does not grow it step by step.
        let mut rest = match self.spare.pop() {
            Some(mut spare) => {
                spare.clear();
                spare
            }
            None => Vec::with_capacity(self.buf.capacity()),
        };
        rest.extend_from_slice(&self.buf[shift..]);
        let mut data = std::mem::replace(&mut self.buf, rest);
        data.truncate(end);
        self.base_offset += shift as u64;
        self.scan -= shift;
        self.game_start = self.game_start.saturating_sub(shift);
        Some(Batch { data, games })
    }

    fn drop_front(&mut self, n: usize) {
        self.buf.drain(..n);
        self.base_offset += n as u64;
        self.scan -= n;
        self.game_start = self.game_start.saturating_sub(n);
    }

    /// Reads the next chunk; a failure ends the input as its end would, and is kept for
    /// [`GameSplitter::next_batch`] to return once the games read before it are handed out.
    fn fill(&mut self) {
        let old = self.buf.len();
        self.buf.resize(old + READ_CHUNK, 0);
        loop {
            match self.reader.read(&mut self.buf[old..]) {
                Ok(n) => {
                    self.buf.truncate(old + n);
                    if n == 0 {
                        self.eof = true;
                    }
                    return;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buf.truncate(old);
                    self.eof = true;
                    self.failed = Some(e);
                    return;
                }
            }
        }
    }
}

/// Where the first line of `bytes` ends: (offset of the terminator, its length: 1 or 2).
fn find_line_end(bytes: &[u8]) -> Option<(usize, usize)> {
    let i = memchr2(b'\n', b'\r', bytes)?;
    if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
        Some((i, 2))
    } else {
        Some((i, 1))
    }
}

/// `[pgn]` or `[/pgn]` (either case) alone on its line, as forums wrap pasted games.
fn is_forum_delimiter(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    [&b"[pgn]"[..], b"[/pgn]", b"[PGN]", b"[/PGN]"].contains(&line)
}

/// Skips leading blanks and a UTF-8 byte order mark.
fn trim_start(mut line: &[u8]) -> &[u8] {
    loop {
        match line {
            [b' ' | b'\t' | b'\x0c', rest @ ..] => line = rest,
            [0xef, 0xbb, 0xbf, rest @ ..] => line = rest,
            _ => return line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_all(bytes: &[u8], target: usize) -> Vec<(Vec<u8>, u64, u64, bool)> {
        let mut s = GameSplitter::new(bytes);
        let mut out = Vec::new();
        while let Some(batch) = s.next_batch(target).unwrap() {
            for g in &batch.games {
                out.push((batch.bytes(g).to_vec(), g.line, g.byte_offset, g.oversized));
            }
        }
        out
    }

    /// Hands out at most `step` bytes per read, so that batches cut across many reads.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn buffers_given_back_change_no_batch() {
        let mut text = Vec::new();
        for i in 0..60 {
            let moves = "1. e4 e5 2. Nf3 {a comment\n[Site \"x\"]\n} Nc6 ".repeat(i % 7);
            text.extend_from_slice(format!("[Event \"{i}\"]\r\n\n{moves}*\n\n").as_bytes());
        }
        for (step, target) in [(7, 1), (64, 100), (1000, 300), (1 << 16, 5000)] {
            let fresh = split_all(&text, target);
            let mut s = GameSplitter::new(Trickle(&text, step));
            let mut again = Vec::new();
            while let Some(batch) = s.next_batch(target).unwrap() {
                for g in &batch.games {
                    again.push((batch.bytes(g).to_vec(), g.line, g.byte_offset, g.oversized));
                }
                // What a buffer held before must not show in the games read into it.
                let mut data = batch.data;
                data.fill(b'{');
                s.give_back(data);
            }
            assert_eq!(again, fresh, "step {step}, target {target}");
            assert_eq!(fresh.len(), 60);
        }
    }

    const TWO: &[u8] = b"[Event \"a\"]\n[Site \"{\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 ; [not a tag {\n2. c4 *\n";

    #[test]
    fn games_start_at_tags_after_movetext() {
        for target in [1, 10, 1 << 20] {
            let games = split_all(TWO, target);
            assert_eq!(games.len(), 2, "target {target}");
            assert_eq!(games[0].1, 1);
            assert_eq!(games[1].1, 6);
            assert_eq!(
                games[1].2,
                TWO.iter().position(|&b| b == b'b').unwrap() as u64 - 8
            );
            let joined: Vec<u8> = games.iter().flat_map(|g| g.0.clone()).collect();
            assert_eq!(joined, TWO, "no byte lost");
        }
    }

    #[test]
    fn a_tag_line_inside_a_comment_is_no_boundary_but_event_resynchronises() {
        let text = b"[Event \"a\"]\n\n1. e4 {see\n[Site \"x\"]\n} e5 *\n[Event \"b\"]\n1. d4 {open\n\n[Event \"c\"]\n1. c4 *\n";
        let games = split_all(text, 1 << 20);
        let starts: Vec<u64> = games.iter().map(|g| g.1).collect();
        assert_eq!(starts, [1, 6, 9]);
    }

    #[test]
    fn crlf_and_lone_cr_count_lines() {
        let crlf = String::from_utf8(TWO.to_vec())
            .unwrap()
            .replace('\n', "\r\n");
        let games = split_all(crlf.as_bytes(), 7);
        assert_eq!(games.iter().map(|g| g.1).collect::<Vec<_>>(), [1, 6]);
        let cr = String::from_utf8(TWO.to_vec()).unwrap().replace('\n', "\r");
        let games = split_all(cr.as_bytes(), 7);
        assert_eq!(games.iter().map(|g| g.1).collect::<Vec<_>>(), [1, 6]);
    }

    #[test]
    fn forum_delimiters_stay_with_their_game() {
        let pasted = b"[pgn]\n[Event \"a\"]\n\n1. e4 *\n[/pgn]\n[PGN]\n1. d4 *\n[/PGN]\n";
        let games = split_all(pasted, 8);
        let texts: Vec<&[u8]> = games.iter().map(|g| &g.0[..]).collect();
        assert_eq!(
            texts,
            [&b"[pgn]\n[Event \"a\"]\n\n1. e4 *\n[/pgn]\n[PGN]\n1. d4 *\n[/PGN]\n"[..]],
            "no tag pair after the first game's movetext: one section, as the reader's split"
        );
        let two = b"[Event \"a\"]\n1. e4 *\n[/pgn]\n[Event \"b\"]\n1. d4 *\n";
        let games = split_all(two, 8);
        assert_eq!(games.len(), 2);
        assert_eq!(&games[0].0[..], b"[Event \"a\"]\n1. e4 *\n[/pgn]\n");
    }

    #[test]
    fn white_space_alone_is_not_a_game_and_text_without_tags_is() {
        assert!(split_all(b"\n\n  \r\n", 1).is_empty());
        let games = split_all(b"1. e4 e5 2. Nf3 *\n", 1);
        assert_eq!(games.len(), 1);
        assert!(!games[0].3);
    }

    #[test]
    fn an_oversized_game_is_cut_and_marked_and_the_next_game_survives() {
        let mut text = b"[Event \"big\"]\n\n".to_vec();
        let line = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {a comment to make the line long enough}\n";
        while text.len() <= MAX_GAME_BYTES + 1000 {
            text.extend_from_slice(line);
        }
        text.extend_from_slice(b"*\n\n[Event \"small\"]\n\n1. d4 *\n");
        let games = split_all(&text, 1 << 20);
        assert_eq!(games.len(), 2);
        assert!(games[0].3);
        assert_eq!(games[0].0.len(), MAX_GAME_BYTES);
        assert!(!games[1].3);
        assert!(games[1].0.starts_with(b"[Event \"small\"]"));
        assert_eq!(games[1].2 as usize, text.len() - games[1].0.len());
    }

    /// One line longer than a game may be, after the game's first line: the game is cut inside
    /// the line, and the comment the line opens (closed on a later line, after a tag-like line)
    /// is followed to its end. Before, the cut inside the line read so far panicked.
    #[test]
    fn one_enormous_line_is_cut_inside_and_its_comment_followed() {
        let mut text = b"[Event \"big\"]\n\n1. e4 {".to_vec();
        text.resize(text.len() + MAX_GAME_BYTES + (1 << 18), b'x');
        text.extend_from_slice(
            b"\n[Site \"inside the comment\"]\n} e5 *\n\n[Event \"after\"]\n\n1. d4 *\n",
        );
        for step in [1 << 16, 100_003] {
            let mut s = GameSplitter::new(Trickle(&text, step));
            let mut games = Vec::new();
            while let Some(batch) = s.next_batch(1 << 20).unwrap() {
                for g in &batch.games {
                    games.push((batch.bytes(g).to_vec(), g.oversized));
                }
            }
            assert_eq!(games.len(), 2, "step {step}");
            assert!(games[0].1 && games[0].0.len() == MAX_GAME_BYTES);
            assert!(games[1].0.starts_with(b"[Event \"after\"]") && !games[1].1);
        }
    }
}
