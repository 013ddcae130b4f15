//! Mutated PGN (deterministic pseudo-random edits of real games): the readers never panic, the
//! streaming reader and the slice reader agree game for game, and every game that reads writes
//! back to the same tree.

mod common;

use scoresheet::pgn::game::GameBuilder;
use scoresheet::pgn::{Reader, SliceReader};

/// xorshift64*: a small deterministic generator (no dependency, same cases on every run).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: [&[u8]; 24] = [
    b"{",
    b"}",
    b"(",
    b")",
    b"[",
    b"]",
    b"\"",
    b"\\",
    b";",
    b"%",
    b"\n",
    b"\r",
    b"\r\n",
    b"$300",
    b"1-0",
    b"*",
    b"[Event \"x\"]\n",
    b"\n\n",
    "½".as_bytes(),
    b"\xC3",
    b"\xFF",
    b"...",
    "…".as_bytes(),
    b"O-O",
];

#[test]
fn mutated_games_never_panic_and_both_readers_agree() {
    let path = common::data("games/twic1599-sample.pgn");
    let source = std::fs::read(&path).unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..1500 {
        let start = rng.below(source.len() - 4000);
        let mut piece = source[start..start + 1000 + rng.below(3000)].to_vec();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(piece.len());
            match rng.below(3) {
                0 => {
                    let ins = PIECES[rng.below(PIECES.len())];
                    piece.splice(at..at, ins.iter().copied());
                }
                1 => {
                    let end = (at + 1 + rng.below(20)).min(piece.len());
                    piece.drain(at..end);
                }
                _ => piece[at] = (rng.next() & 0xFF) as u8,
            }
        }
        let mut fast = SliceReader::new(&piece);
        let mut stream = Reader::new(&piece[..]);
        let (mut b1, mut b2) = (GameBuilder::default(), GameBuilder::default());
        loop {
            match (fast.read_game(&mut b1), stream.read_game(&mut b2)) {
                (None, None) => break,
                (Some(Ok(a)), Some(Ok(b))) => {
                    assert_eq!(a, b);
                    assert_eq!(a.at, b.at);
                    common::assert_round_trip(&a, "mutated");
                }
                (Some(Err(a)), Some(Err(b))) => assert_eq!(a, b),
                (a, b) => panic!(
                    "slice {a:?} vs stream {b:?}\n{}",
                    String::from_utf8_lossy(&piece)
                ),
            }
        }
    }
}

/// Every move of `line` and of its variations.
fn all_nodes<'a>(line: &'a scoresheet::pgn::Line, out: &mut Vec<&'a scoresheet::pgn::Node>) {
    for v in &line.variations {
        all_nodes(v, out);
    }
    for n in &line.moves {
        out.push(n);
        for v in &n.variations {
            all_nodes(v, out);
        }
    }
}

/// Mutated games read again past their stray characters and brackets never closed
/// (`pgn::mend`, what `--repair` does with a game the reader stops in): never a panic, at most
/// `MAX_MENDS` stray characters and one bracket closed a game, every move word of a game read
/// so, the stray characters put back in, is the text written at its place, and a bracket closed
/// was closed at the end of a word after it.
#[test]
fn mutated_games_read_past_stray_characters_keep_their_words_as_written() {
    use scoresheet::pgn::mend::{read_all_mended, MAX_MENDS};
    let path = common::data("games/twic1599-sample.pgn");
    let source = std::fs::read(&path).unwrap();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let strays = [
        "}", ")", "&", "<", "%", "→", "'", ",", "|", "~", "^", "\\", "{", "(",
    ];
    let mut mended_games = 0;
    let mut closed_games = 0;
    for _ in 0..1000 {
        let start = rng.below(source.len() - 4000);
        let mut piece = source[start..start + 1000 + rng.below(3000)].to_vec();
        for _ in 0..1 + rng.below(5) {
            let at = rng.below(piece.len());
            let ins = match rng.below(4) {
                0 => PIECES[rng.below(PIECES.len())],
                _ => strays[rng.below(strays.len())].as_bytes(),
            };
            piece.splice(at..at, ins.iter().copied());
        }
        let text = String::from_utf8_lossy(&piece);
        let mut judge = |g: &scoresheet::pgn::Game| g.mainline.moves.len() as u64;
        for m in read_all_mended(text.as_bytes(), &mut judge)
            .into_iter()
            .flatten()
        {
            let closed = m.mends.iter().filter(|m| m.closed.is_some()).count();
            assert!(m.mends.len() - closed <= MAX_MENDS && closed <= 1);
            mended_games += usize::from(!m.mends.is_empty());
            closed_games += closed;
            let mut nodes = Vec::new();
            all_nodes(&m.game.mainline, &mut nodes);
            for n in nodes {
                let written = text.get(n.at.offset as usize..).unwrap_or("");
                assert!(
                    written.starts_with(n.san.as_str()),
                    "'{}' at {} reads '{}' there\n{text}",
                    n.san,
                    n.at,
                    written.chars().take(20).collect::<String>()
                );
                // Its column counts the characters before it on its line, stray ones included.
                let before = text.get(..n.at.offset as usize).unwrap_or("");
                let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
                let column = before[line_start..].chars().count() + 1;
                assert_eq!(
                    n.at.column as usize, column,
                    "'{}' at {}\n{text}",
                    n.san, n.at
                );
            }
            for mend in &m.mends {
                if let Some(word) = &mend.word {
                    assert!(word.contains(mend.character), "{mend}");
                }
                let Some(closed) = &mend.closed else {
                    continue;
                };
                let at = |offset: u64| text.get(offset as usize..).unwrap_or("");
                assert!(at(mend.at.offset).starts_with(mend.character), "{mend}");
                let (before, after) = text.split_at(closed.at.offset as usize);
                assert!(closed.at.offset > mend.at.offset, "{mend}");
                // Right after the bracket, or at the end of a word.
                assert!(
                    closed.at.offset == mend.at.offset + 1
                        || (after.chars().next().map_or(true, char::is_whitespace)
                            && before
                                .chars()
                                .next_back()
                                .is_some_and(|c| !c.is_whitespace())),
                    "{mend}"
                );
                let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
                assert_eq!(
                    closed.at.column as usize,
                    before[line_start..].chars().count() + 1,
                    "{mend}"
                );
                assert_eq!(closed.before.as_deref(), after.split_whitespace().next());
            }
        }
    }
    assert!(mended_games > 100, "{mended_games}");
    assert!(closed_games > 20, "{closed_games}");
}
