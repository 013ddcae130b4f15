//! Noise benchmark for `scoresheet repair`: real games (The Week in Chess, `../shared/data/games/`)
//! printed as Czech scoresheets, corrupted by a seeded generator the way scoresheets go wrong, and
//! repaired; reports exact-game recovery, per-move accuracy and time per game for each kind and
//! rate of error.
//!
//! Run: `cargo bench --bench noise` (options after `--`: `--games N`, `--seed S`, `--beam B`,
//! `--show K` to print the first K games not recovered, `--case I` to run one row only, `--case 100`
//! for the speed row only, `--case 101` for the clean-sheet line only (the clean sheets repaired
//! against the same sheets read by the notation reader, timed in the same run, and the ratio),
//! `--speed-game K` to repair only the speed row's game K once (for an
//! instruction count), `--costs FILE` to try another cost table without rebuilding,
//! `--calibration` to print under each row how well the reported confidence predicts an exact
//! game (per band of confidence: games, mean confidence, share exact; the Brier score and log
//! loss; and how many clear repairs a bulk policy would take at several least confidences, and
//! how many of them are right); with
//! `NOISE_DUMP=DIR` in the environment, each sheet shown is also written to `DIR/miss-N.txt`, N the
//! game's number, for `scoresheet repair`).
//!
//! Columns: `exact %` games recovered move for move; `moves %` plies right (compared in place);
//! `flagged` games reported with other equally plausible games (by the total cost, or by the
//! sheet alone where only the invented moves' kinds tell them apart); `stopped` games that stop
//! early; `silent` games not recovered exactly with neither a flag nor a stop (the honest failures are
//! the flagged ones; silent ones are what the costs should make rare). The games not recovered
//! are split by what the real game costs as an explanation of the same sheet (`explain`):
//! `tied` the same as the game found (the sheet cannot tell them apart), `cheaper` more (the
//! costs prefer the game found), `missed` less (the search did not find the real game), and of
//! those `overruled` where it did: the report lists a game passed over by the tie rules that costs
//! what the real game costs (cheaper than the game found, whose moves the prior's model judged
//! more plausible); and
//! `fewer` counts those where the game found needs fewer corrections than the real game (the
//! slip made another legal move that the rest of the sheet contradicts less, or not at all):
//! whatever each correction costs, only a repair that assumes slips the sheet does not show
//! could return the real game there, so `100 × (games − fewer) / games` bounds the `exact %`
//! of any repair that assumes no more slips than it needs.
//!
//! Kinds of noise:
//! - `chars`: a written move gets a slip — a look-alike character (1/l, 4/d, 5/S, 8/B, e/c...),
//!   an English piece letter instead of the Czech one, a neighbouring file or rank, or a dropped
//!   character — at a rate per written move (ply); each kind is also measured alone at 1/20;
//! - `skip`: one ply per game not written (the writer fills the next cell, so the move numbers
//!   that follow are out of step), or two independent plies, or one whole move (White's ply and
//!   Black's answer, as a player in time trouble leaves a row out: the numbers after it are one
//!   move out of step);
//! - `swap`: two neighbouring plies written in each other's place, once per game;
//! - `dup`: one move written twice, once per game;
//! - `mixed`: chars at 1/20 plus one skip and one swap;
//! - `two sheets`: White's and Black's sheets of the game, each with its own noise of the kind
//!   named (drawn independently), repaired together (`repair_two`, what `repair --with` does);
//!   `slips` counts both sheets'.

use scoresheet::batch::RepairPolicy;
use scoresheet::board::{Move, MoveList, Position};
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{
    explain, repair, repair_two, Costs, MoveReader, RepairOptions, Sheet,
};
use scoresheet::replay::supported_variant;
use std::time::{Duration, Instant};

/// SplitMix64: a tiny seeded generator, enough for reproducible noise.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// The games the bench corrupts (`twic1599-sample.pgn`), or `None` after saying on stderr, as
/// `who`, why the file could not be read.
pub fn sample_pgn(who: &str) -> Option<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/games/twic1599-sample.pgn"
    );
    std::fs::read_to_string(path)
        .map_err(|e| eprintln!("{who}: {path}: {e}"))
        .ok()
}

/// The SAN words of each game's movetext (tags, comments, variations, NAGs, numbers dropped);
/// games from a set-up position or of a variant the replay does not play
/// (`scoresheet::replay::supported_variant`) are left out.
pub fn san_games(pgn: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let mut comment = false;
    let mut variation = 0usize;
    let mut has_fen = false;
    for line in pgn.lines() {
        let t = line.trim_start();
        if !comment && variation == 0 && t.starts_with('[') {
            let variant = t.strip_prefix("[Variant").map(|rest| {
                rest.trim_end()
                    .trim_end_matches(']')
                    .trim()
                    .trim_matches('"')
            });
            if t.starts_with("[FEN") || variant.is_some_and(|v| !supported_variant(v)) {
                has_fen = true;
            }
            if t.starts_with("[Event ") {
                if !cur.is_empty() && !has_fen {
                    games.push(std::mem::take(&mut cur));
                }
                cur.clear();
                has_fen = false;
            }
            continue;
        }
        let mut word = String::new();
        for ch in line.chars().chain(std::iter::once(' ')) {
            if comment {
                comment = ch != '}';
                continue;
            }
            match ch {
                '{' => comment = true,
                '(' => variation += 1,
                ')' => variation = variation.saturating_sub(1),
                ';' if variation == 0 => break,
                c if c.is_whitespace() => {
                    if variation == 0 && !word.is_empty() {
                        let w = std::mem::take(&mut word);
                        let result = matches!(w.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
                        let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                        if !w.is_empty() && !w.starts_with('$') && !result {
                            cur.push(w.trim_end_matches(['+', '#', '!', '?']).to_owned());
                        }
                    }
                    word.clear();
                }
                c => {
                    if variation == 0 {
                        word.push(c)
                    }
                }
            }
        }
    }
    if !cur.is_empty() && !has_fen {
        games.push(cur);
    }
    games
}

/// Replays SAN words with exact reads in English letters; None if any word does not read.
pub fn replay(words: &[String], reader: &MoveReader<'_>) -> Option<Vec<Move>> {
    let mut pos = Position::new();
    let mut legal = MoveList::new();
    let mut out = Vec::new();
    for w in words {
        pos.legal_moves(&mut legal);
        let word = reader.prepare(w);
        let mut found = None;
        for m in legal.iter() {
            if reader.score_below(&pos, &legal, m, &word, 1e-3).cost == 0.0 {
                if found.is_some() {
                    return None;
                }
                found = Some(*m);
            }
        }
        let m = found?;
        pos.play(&m);
        out.push(m);
    }
    Some(out)
}

/// The game's moves as a Czech scoresheet writes them, one word per ply.
pub fn czech_words(moves: &[Move], reader: &MoveReader<'_>) -> Vec<String> {
    let mut pos = Position::new();
    let mut legal = MoveList::new();
    moves
        .iter()
        .map(|m| {
            pos.legal_moves(&mut legal);
            let w = reader.short_text(&legal, m);
            pos.play(m);
            w
        })
        .collect()
}

const LOOKALIKES: &[(char, char)] = &[
    ('1', 'l'),
    ('1', 'I'),
    ('4', 'd'),
    ('5', 'S'),
    ('6', 'b'),
    ('8', 'B'),
    ('e', 'c'),
    ('0', 'O'),
    ('2', 'z'),
    ('g', '9'),
];

/// One slip in a written move.
fn corrupt_word(w: &str, kinds: u8, rng: &mut Rng) -> String {
    let chars: Vec<char> = w.chars().collect();
    if chars.is_empty() {
        return w.to_owned();
    }
    for _ in 0..32 {
        let i = rng.below(chars.len());
        let c = chars[i];
        let mut out = chars.clone();
        let pick = rng.below(5);
        let kind = match pick {
            0 | 1 => LOOKALIKE,
            2 => LETTER,
            3 => SQUARE,
            _ => DROP,
        };
        if kinds & kind == 0 {
            continue;
        }
        match pick {
            // A look-alike character.
            0 | 1 => {
                let alts: Vec<char> = LOOKALIKES
                    .iter()
                    .filter_map(|&(a, b)| {
                        if a == c {
                            Some(b)
                        } else if b == c {
                            Some(a)
                        } else {
                            None
                        }
                    })
                    .collect();
                if alts.is_empty() {
                    continue;
                }
                out[i] = alts[rng.below(alts.len())];
            }
            // The English letter for the Czech one.
            2 => {
                let en = match c {
                    'J' => 'N',
                    'D' => 'Q',
                    'V' => 'R',
                    'S' => 'B',
                    _ => continue,
                };
                out[i] = en;
            }
            // A neighbouring file or rank.
            3 => {
                let n = match c {
                    'a'..='h' | '1'..='8' => {
                        let up = rng.chance(0.5);
                        let lo = if c.is_ascii_digit() { '1' } else { 'a' };
                        let hi = if c.is_ascii_digit() { '8' } else { 'h' };
                        if (up && c < hi) || c == lo {
                            char::from(c as u8 + 1)
                        } else {
                            char::from(c as u8 - 1)
                        }
                    }
                    _ => continue,
                };
                out[i] = n;
            }
            // A character dropped (not the last one standing).
            _ => {
                if out.len() < 3 || c == 'x' {
                    continue;
                }
                out.remove(i);
            }
        }
        let s: String = out.into_iter().collect();
        if s != w {
            return s;
        }
    }
    w.to_owned()
}

/// Slip kinds: a look-alike character, another language's piece letter, a neighbouring file or
/// rank, a dropped character.
const LOOKALIKE: u8 = 1;
const LETTER: u8 = 2;
const SQUARE: u8 = 4;
const DROP: u8 = 8;
const ALL_SLIPS: u8 = LOOKALIKE | LETTER | SQUARE | DROP;

#[derive(Clone, Copy, Debug)]
struct Noise {
    char_rate: f64,
    kinds: u8,
    skips: usize,
    /// Whole moves (White's ply and Black's after it) not written, once each per game.
    skipped_moves: usize,
    swaps: usize,
    dups: usize,
    /// Sheets of the game, each corrupted on its own: 1, or 2 for White's and Black's.
    sheets: usize,
}

/// The written words after the noise, and how many slips were made.
fn corrupt(words: &[String], noise: Noise, rng: &mut Rng) -> (Vec<String>, usize) {
    let mut out: Vec<String> = words.to_vec();
    let mut slips = 0;
    for w in out.iter_mut() {
        if rng.chance(noise.char_rate) {
            let c = corrupt_word(w, noise.kinds, rng);
            if c != *w {
                *w = c;
                slips += 1;
            }
        }
    }
    for _ in 0..noise.swaps {
        if out.len() > 4 {
            let i = 1 + rng.below(out.len() - 3);
            out.swap(i, i + 1);
            slips += 1;
        }
    }
    for _ in 0..noise.dups {
        if out.len() > 4 {
            let i = 1 + rng.below(out.len() - 2);
            let w = out[i].clone();
            out.insert(i + 1, w);
            slips += 1;
        }
    }
    for _ in 0..noise.skips {
        if out.len() > 4 {
            // Not the last ply: a final move missing leaves nothing to find it by.
            let i = 1 + rng.below(out.len() - 2);
            out.remove(i);
            slips += 1;
        }
    }
    for _ in 0..noise.skipped_moves {
        if out.len() > 6 {
            // A White ply and Black's answer, not the first move nor the last (whole) one.
            let i = 2 * (1 + rng.below((out.len() - 4) / 2));
            out.drain(i..i + 2);
            slips += 2;
        }
    }
    (out, slips)
}

/// Writes words as a scoresheet fills its rows: two per numbered row.
pub fn sheet_text(words: &[String]) -> String {
    let mut s = String::new();
    for (i, w) in words.iter().enumerate() {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(w);
        s.push(if i % 2 == 1 { '\n' } else { ' ' });
    }
    s
}

/// Costs closer than this are equal (sums of the table's costs in f32).
const COST_EPSILON: f32 = 0.01;

#[derive(Default)]
struct Tally {
    games: usize,
    exact: usize,
    plies: usize,
    right: usize,
    flagged: usize,
    stopped: usize,
    silent: usize,
    /// Games not recovered where the real game explains the sheet at the same cost as the game
    /// found: the sheet cannot tell them apart.
    tied: usize,
    /// Games not recovered where the game found explains the sheet more cheaply than the real one.
    cheaper: usize,
    /// Games not recovered where the real game explains the sheet more cheaply: the search missed it,
    /// or found it and the tie rules passed it over (`overruled`, counted here too).
    missed: usize,
    /// Of `missed`, the games where the report lists a game the tie rules passed over that costs
    /// what the real game costs (less than the game found): the search found the real game, and
    /// the prior's model judged the other game's moves more plausible.
    overruled: usize,
    /// Games not recovered where the game found needs fewer corrections than the real game
    /// (none at all, for some: the sheet reads exactly as another legal game): a slip made
    /// another legal move that the rest of the sheet does not contradict, or contradicts less
    /// than the slip itself. Whatever each correction costs, the real game is the one that
    /// assumes more slips than the sheet shows.
    fewer: usize,
    slips: usize,
    time: Duration,
    worst: Duration,
    /// Each game's reported confidence, whether the game found is the real one, and whether it
    /// is clear (reads to the end, no other game about as good: what bulk repair asks first).
    sureness: Vec<(f32, bool, bool)>,
}

#[allow(clippy::too_many_arguments)]
fn run_case(
    games: &[Vec<Move>],
    noise: Noise,
    seed: u64,
    beam: usize,
    cs: &LetterSet,
    costs: &Costs,
    reader: &MoveReader<'_>,
    show: &mut usize,
) -> Tally {
    let mut rng = Rng(seed);
    let mut t = Tally::default();
    for game in games {
        let words = czech_words(game, reader);
        let (noisy, slips) = corrupt(&words, noise, &mut rng);
        let sheet = Sheet::read(&sheet_text(&noisy));
        // The other player's sheet, with noise of its own.
        let other = (noise.sheets == 2).then(|| corrupt(&words, noise, &mut rng));
        let other_sheet = other.as_ref().map(|(w, _)| Sheet::read(&sheet_text(w)));
        let mut options = RepairOptions::new(cs);
        options.beam = beam;
        options.costs = costs;
        let start = Instant::now();
        let r = match &other_sheet {
            Some(second) => repair_two(&sheet, second, &options),
            None => repair(&sheet, &options),
        };
        let took = start.elapsed();
        t.time += took;
        t.worst = t.worst.max(took);
        t.games += 1;
        t.slips += slips + other.as_ref().map_or(0, |o| o.1);
        t.plies += game.len();
        t.right += game.iter().zip(&r.moves).filter(|(a, b)| a == b).count();
        // Why not recovered: what the real game costs as an explanation of the same sheets.
        let mut real = r.cost;
        if r.moves != *game {
            real = 0.0;
            let mut real_corrections = 0;
            for s in std::iter::once(&sheet).chain(other_sheet.as_ref()) {
                let truth = explain(s, &options, game);
                real += if truth.moves == *game {
                    truth.cost
                } else {
                    f32::INFINITY
                };
                real_corrections += truth.corrections.len();
            }
            if r.corrections.len() < real_corrections {
                t.fewer += 1;
            }
            if real < r.cost - COST_EPSILON {
                t.missed += 1;
                let passed_over = |a: &scoresheet::reconstruct::Alternative| {
                    a.extra_cost < -COST_EPSILON
                        && (r.cost + a.extra_cost - real).abs() < COST_EPSILON
                };
                if r.alternatives.iter().any(passed_over) {
                    t.overruled += 1;
                }
            } else if r.cost < real - COST_EPSILON {
                t.cheaper += 1;
            } else {
                t.tied += 1;
            }
        }
        // What bulk repair asks before the confidence (its policy with no least confidence).
        let first_asks = RepairPolicy {
            min_confidence: 0.0,
            ..RepairPolicy::default()
        };
        let clear = first_asks.refusal(&r).is_none();
        t.sureness.push((r.confidence, r.moves == *game, clear));
        if r.moves == *game {
            t.exact += 1;
        } else if *show > 0 {
            *show -= 1;
            // Only the neighbourhood of the first ply that differs.
            let d = game
                .iter()
                .zip(&r.moves)
                .position(|(a, b)| a != b)
                .unwrap_or(game.len().min(r.moves.len()));
            let lo = d.saturating_sub(6);
            let hi = |n: usize| (d + 7).min(n);
            if let Ok(dir) = std::env::var("NOISE_DUMP") {
                let _ = std::fs::write(format!("{dir}/miss-{}.txt", t.games), sheet_text(&noisy));
            }
            let second = other.as_ref().map_or(String::new(), |(w, _)| {
                format!("\n second:  {}", w[lo.min(w.len())..hi(w.len())].join(" "))
            });
            println!(
                "--- not recovered ({took:?}), first difference at ply {}, the real game costs {real:.2}:\n written: {}{second}\n truth:   {}\n{r}",
                d + 1,
                noisy[lo.min(noisy.len())..hi(noisy.len())].join(" "),
                words[lo..hi(words.len())].join(" ")
            );
        }
        if r.alternatives_total > 0 {
            t.flagged += 1;
        }
        if r.moves != *game && r.alternatives_total == 0 && r.stop.is_none() {
            t.silent += 1;
        }
        if r.stop.is_some() {
            t.stopped += 1;
        }
    }
    t
}

/// How well the reported confidence predicts that the game found is the real one: per band of
/// confidence, the games in it, their mean confidence and the share recovered exactly; then the
/// Brier score and the log loss over all games (lower is better).
fn print_calibration(sureness: &[(f32, bool, bool)]) {
    const BANDS: [(f32, f32); 7] = [
        (0.0, 0.1),
        (0.1, 0.25),
        (0.25, 0.5),
        (0.5, 0.75),
        (0.75, 0.9),
        (0.9, 0.999),
        (0.999, 1.01),
    ];
    for (lo, hi) in BANDS {
        let band: Vec<&(f32, bool, bool)> = sureness
            .iter()
            .filter(|(c, _, _)| *c >= lo && *c < hi)
            .collect();
        if band.is_empty() {
            continue;
        }
        let n = band.len() as f64;
        let mean = band.iter().map(|(c, _, _)| f64::from(*c)).sum::<f64>() / n;
        let right = band.iter().filter(|(_, ok, _)| *ok).count();
        println!(
            "    confidence {lo:.2}..{:.2}: {:>4} games, mean {mean:.3}, exact {:.1} %",
            hi.min(1.0),
            band.len(),
            100.0 * right as f64 / n
        );
    }
    let n = sureness.len().max(1) as f64;
    let brier = sureness
        .iter()
        .map(|&(c, ok, _)| (f64::from(c) - if ok { 1.0 } else { 0.0 }).powi(2))
        .sum::<f64>()
        / n;
    let log_loss = sureness
        .iter()
        .map(|&(c, ok, _)| {
            let p = f64::from(c).clamp(1e-3, 1.0 - 1e-3);
            -if ok { p.ln() } else { (1.0 - p).ln() }
        })
        .sum::<f64>()
        / n;
    println!("    Brier {brier:.4}, log loss {log_loss:.4}");
    // What a bulk repair policy (`batch::RepairPolicy`) would take: clear repairs at or above a
    // least confidence, and how many of those are the real game.
    let mut line = String::from("    clear repairs taken (right) at least");
    for least in [0.0f32, 0.25, 0.5, 0.75, 0.9, 0.95, 0.97] {
        let taken: Vec<_> = sureness
            .iter()
            .filter(|(c, _, clear)| *clear && *c >= least)
            .collect();
        let right = taken.iter().filter(|(_, ok, _)| *ok).count();
        line += &format!(" {least:.2}: {} ({right})", taken.len());
    }
    println!("{line}");
}

fn main() {
    let mut n_games = 300usize;
    let mut seed = 20261121u64;
    let mut beam = RepairOptions::DEFAULT_BEAM;
    let mut show = 0usize;
    let mut only: Option<usize> = None;
    let mut speed_game: Option<usize> = None;
    let mut costs_file: Option<String> = None;
    let mut calibration = false;
    let args: Vec<String> = std::env::args().collect();
    let mut i = 1;
    while i < args.len() {
        if args[i] == "--calibration" {
            calibration = true;
            i += 1;
            continue;
        }
        if args[i] == "--costs" {
            costs_file = args.get(i + 1).cloned();
            i += 2;
            continue;
        }
        let val = args.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        match (args[i].as_str(), val) {
            ("--games", Some(v)) => n_games = v as usize,
            ("--seed", Some(v)) => seed = v,
            ("--beam", Some(v)) => beam = v as usize,
            ("--show", Some(v)) => show = v as usize,
            ("--case", Some(v)) => only = Some(v as usize),
            ("--speed-game", Some(v)) => {
                only = Some(100);
                speed_game = Some(v as usize);
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let Some(pgn) = sample_pgn("noise bench") else {
        return;
    };
    let en = LetterSet::english();
    let cs = LetterSet::by_code("cs").unwrap_or(en);
    // `--costs FILE`: try a cost table without rebuilding (the shipped one otherwise).
    let loaded = match costs_file.as_deref().map(std::fs::read_to_string) {
        Some(Ok(text)) => match Costs::parse(&text) {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("noise bench: {e}");
                return;
            }
        },
        Some(Err(e)) => {
            eprintln!("noise bench: costs: {e}");
            return;
        }
        None => None,
    };
    let costs = loaded.as_ref().unwrap_or(Costs::standard());
    let en_reader = MoveReader::new(en, costs);
    let cs_reader = MoveReader::new(cs, costs);
    let all: Vec<Vec<Move>> = san_games(&pgn)
        .iter()
        .filter_map(|g| replay(g, &en_reader))
        .filter(|g| g.len() >= 20)
        .collect();
    let games: Vec<Vec<Move>> = all.iter().take(n_games).cloned().collect();
    let avg_plies = games.iter().map(Vec::len).sum::<usize>() as f64 / games.len().max(1) as f64;
    println!(
        "noise benchmark: {} games from twic1599-sample.pgn (of {} readable), {:.0} plies on average, Czech letters, beam {}, seed {}",
        games.len(),
        all.len(),
        avg_plies,
        beam,
        seed
    );
    println!(
        "{:<28} {:>6} {:>7} {:>9} {:>9} {:>8} {:>8} {:>7} {:>9} {:>9} {:>6} {:>7} {:>6} {:>9} {:>7}",
        "noise",
        "games",
        "slips",
        "exact %",
        "moves %",
        "flagged",
        "stopped",
        "silent",
        "ms/game",
        "ms worst",
        "tied",
        "cheaper",
        "missed",
        "overruled",
        "fewer"
    );
    let none = Noise {
        char_rate: 0.0,
        kinds: ALL_SLIPS,
        skips: 0,
        skipped_moves: 0,
        swaps: 0,
        dups: 0,
        sheets: 1,
    };
    let mixed = Noise {
        char_rate: 1.0 / 20.0,
        kinds: ALL_SLIPS,
        skips: 1,
        swaps: 1,
        ..none
    };
    let cases: Vec<(&str, Noise)> = vec![
        ("clean", none),
        (
            "chars 1/40 plies",
            Noise {
                char_rate: 1.0 / 40.0,
                ..none
            },
        ),
        (
            "chars 1/20 plies",
            Noise {
                char_rate: 1.0 / 20.0,
                ..none
            },
        ),
        (
            "chars 1/10 plies",
            Noise {
                char_rate: 1.0 / 10.0,
                ..none
            },
        ),
        (
            "chars 1/5 plies",
            Noise {
                char_rate: 1.0 / 5.0,
                ..none
            },
        ),
        (
            "look-alike+letter 1/20",
            Noise {
                char_rate: 1.0 / 20.0,
                kinds: LOOKALIKE | LETTER,
                ..none
            },
        ),
        (
            "wrong file/rank 1/20",
            Noise {
                char_rate: 1.0 / 20.0,
                kinds: SQUARE,
                ..none
            },
        ),
        (
            "dropped char 1/20",
            Noise {
                char_rate: 1.0 / 20.0,
                kinds: DROP,
                ..none
            },
        ),
        ("skip 1 ply per game", Noise { skips: 1, ..none }),
        ("skip 2 plies per game", Noise { skips: 2, ..none }),
        ("swap 1 pair per game", Noise { swaps: 1, ..none }),
        ("dup 1 move per game", Noise { dups: 1, ..none }),
        ("mixed: 1/20 + skip + swap", mixed),
        (
            "two sheets: chars 1/20",
            Noise {
                char_rate: 1.0 / 20.0,
                sheets: 2,
                ..none
            },
        ),
        (
            "two sheets: skip 1 ply",
            Noise {
                skips: 1,
                sheets: 2,
                ..none
            },
        ),
        ("two sheets: mixed", Noise { sheets: 2, ..mixed }),
        // Last, so that the rows above keep their case numbers and seeds (`seed + case`).
        (
            "skip 1 whole move per game",
            Noise {
                skipped_moves: 1,
                ..none
            },
        ),
    ];
    for (k, (name, noise)) in cases.iter().enumerate() {
        if only.is_some_and(|o| o != k) {
            continue;
        }
        let t = run_case(
            &games,
            *noise,
            seed + k as u64,
            beam,
            cs,
            costs,
            &cs_reader,
            &mut show,
        );
        println!(
            "{:<28} {:>6} {:>7} {:>9.1} {:>9.2} {:>8} {:>8} {:>7} {:>9.2} {:>9.1} {:>6} {:>7} {:>6} {:>9} {:>7}",
            name,
            t.games,
            t.slips,
            100.0 * t.exact as f64 / t.games.max(1) as f64,
            100.0 * t.right as f64 / t.plies.max(1) as f64,
            t.flagged,
            t.stopped,
            t.silent,
            t.time.as_secs_f64() * 1000.0 / t.games.max(1) as f64,
            t.worst.as_secs_f64() * 1000.0,
            t.tied,
            t.cheaper,
            t.missed,
            t.overruled,
            t.fewer
        );
        if calibration {
            print_calibration(&t.sureness);
        }
    }
    // A clean sheet costs little more than reading it (`--case 101` runs only this).
    if only.is_none() || only == Some(101) {
        clean_against_reading(&games, cs, costs, beam, &cs_reader);
    }
    // Speed: 60-move games (110-130 plies) with exactly three slipped moves (`--case 100` runs
    // only this; any other `--case` leaves it out).
    if only.is_some_and(|o| o != 100) {
        return;
    }
    // Speed: 60-move games (110-130 plies) with exactly three slipped moves.
    let long: Vec<Vec<Move>> = all
        .iter()
        .filter(|g| (110..=130).contains(&g.len()))
        .take(50)
        .cloned()
        .collect();
    let mut rng = Rng(seed ^ 0xABCD);
    let mut times = Vec::new();
    let mut exact = 0;
    for (number, g) in long.iter().enumerate() {
        let words = czech_words(g, &cs_reader);
        let mut noisy = words.clone();
        let mut done = 0;
        while done < 3 {
            let i = rng.below(noisy.len());
            let c = corrupt_word(&noisy[i], ALL_SLIPS, &mut rng);
            if c != noisy[i] {
                noisy[i] = c;
                done += 1;
            }
        }
        if speed_game.is_some_and(|k| k != number) {
            continue;
        }
        let sheet = Sheet::read(&sheet_text(&noisy));
        let mut options = RepairOptions::new(cs);
        options.beam = beam;
        options.costs = costs;
        if speed_game.is_some() {
            // One run only (for an instruction count: `valgrind --tool=callgrind`).
            let r = repair(&sheet, &options);
            println!("speed game {number}: exact {}", r.moves == *g);
            return;
        }
        // The machine is shared: the best of three runs is the game's time.
        let mut best = Duration::MAX;
        let mut r = repair(&sheet, &options);
        for _ in 0..3 {
            let start = Instant::now();
            r = repair(&sheet, &options);
            best = best.min(start.elapsed());
        }
        times.push((best, number));
        if r.moves == *g {
            exact += 1;
        }
    }
    times.sort();
    if !times.is_empty() {
        let mean =
            times.iter().map(|t| t.0).sum::<Duration>().as_secs_f64() * 1000.0 / times.len() as f64;
        let median = times[times.len() / 2].0.as_secs_f64() * 1000.0;
        let (max, worst) = times[times.len() - 1];
        let max = max.as_secs_f64() * 1000.0;
        println!(
            "speed: {} games of 55-65 moves with 3 slipped moves each (best of 3 runs): mean {:.2} ms, median {:.2} ms, worst {:.2} ms per game (game {}: `--speed-game {}`) ({} exact)",
            times.len(),
            mean,
            median,
            max,
            worst,
            worst,
            exact
        );
    }
}

/// The bench's games as clean Czech sheets, repaired and, as the baseline, read by the notation
/// reader (`notation::sheet::read_game`, what `scoresheet convert` does), in the same run: the
/// best of five rounds over all the sheets each, and the ratio.
fn clean_against_reading(
    games: &[Vec<Move>],
    cs: &LetterSet,
    costs: &Costs,
    beam: usize,
    cs_reader: &MoveReader<'_>,
) {
    use scoresheet::notation::sheet::{read_game, read_sheet, FromLetters};
    let sheets: Vec<String> = games
        .iter()
        .map(|g| sheet_text(&czech_words(g, cs_reader)))
        .collect();
    let from = FromLetters::Set(cs.clone());
    let mut options = RepairOptions::new(cs);
    options.beam = beam;
    options.costs = costs;
    let best_of_five = |run: &mut dyn FnMut() -> usize| -> (Duration, usize) {
        let mut best = Duration::MAX;
        let mut plies = 0;
        for _ in 0..5 {
            let start = Instant::now();
            plies = run();
            best = best.min(start.elapsed());
        }
        (best, plies)
    };
    let (read, read_plies) = best_of_five(&mut || {
        sheets
            .iter()
            .map(|s| {
                read_sheet(s)
                    .first()
                    .and_then(|g| read_game(g, "-", &from).ok())
                    .map_or(0, |g| g.moves.len())
            })
            .sum()
    });
    let (repaired, repaired_plies) = best_of_five(&mut || {
        sheets
            .iter()
            .map(|s| {
                let r = repair(&Sheet::read(s), &options);
                if r.corrections.is_empty() {
                    r.moves.len()
                } else {
                    0
                }
            })
            .sum()
    });
    let per_game = |d: Duration| d.as_secs_f64() * 1e6 / sheets.len().max(1) as f64;
    println!(
        "clean sheets ({} games, {} plies; {} read by repair without a correction): reading {:.0} us/game, repair {:.0} us/game, {:.1}x reading (best of 5 rounds)",
        sheets.len(),
        read_plies,
        repaired_plies,
        per_game(read),
        per_game(repaired),
        repaired.as_secs_f64() / read.as_secs_f64().max(1e-9)
    );
}
