//! Measures the `prior_` lines of `grammars/repair-costs.tsv`: the weights of the features of a
//! move (`scoresheet::reconstruct::Feature`) in a log-linear model of which legal move a player
//! plays (a multinomial logit over the legal moves of each position), fitted by maximum
//! likelihood (Newton's method, with a small ridge) on real games.
//!
//! Run: `cargo run --release --example invent_prior [-- SKIP [FILE...]]`. The games are the
//! noise bench's (`benches/noise.rs`: twic1599-sample.pgn, games of 20 plies or more that
//! replay), without the first SKIP (default 300, the most the bench uses), so that the weights
//! are not measured on the games they are judged on. Every fifth of those games is held out
//! first to show how well each model predicts games it was not fitted on (log-likelihood per
//! ply, how often the move played is the model's first choice, and the same among quiet moves
//! only: where a skipped quiet ply leaves the sheet unable to tell which quiet move it was); then
//! the weights are fitted on all of them and printed as the table's lines.
//!
//! Each FILE (PGN, compressed or not, such as `../shared/data/games/otb-classics.pgn.zst`; with
//! `PRIOR_GAMES=N` in the environment, its first N games only) adds games to fit on; the games
//! held out are the sample's either way. More games did not make a better model (2026-11-25:
//! with otb-classics' first 3,000, 2,977 replaying, five times the plies, the features and
//! squares model predicted the held-out games at -2.1714 nats a ply against -2.1751, the move
//! played its first choice 35.0 % against 35.1 %, among quiet moves 28.6 % against 28.4 %): what
//! it lacks is features, not data.
//!
//! The features' weights alone are fitted by Newton's method; with the square tables
//! (`scoresheet::reconstruct::SquareTable`, 1,536 weights more) by Adam (full batch, from the
//! features' fit, the same ridge), which is slower: the whole run takes a few minutes.

use scoresheet::board::{File, Rank, Role, Square};
use scoresheet::board::{Move, MoveList, Position};
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{
    features_of_moves, move_squares, square_weight_index, Costs, Feature, MoveReader, SquareTable,
    FEATURE_COUNT, SQUARE_WEIGHTS,
};

#[allow(dead_code)]
#[path = "../benches/noise.rs"]
mod noise;

const K: usize = FEATURE_COUNT;

/// The legal moves of every position of the games, as feature rows.
#[derive(Default)]
struct Data {
    /// `K` features per legal move, the positions' moves one after another.
    rows: Vec<f32>,
    /// Per legal move: its square weights and their shares (`move_squares`).
    squares: Vec<[(usize, f32); 4]>,
    /// Per position: its first row, its number of rows, the row of the move played, and whether
    /// the move played and each legal move is quiet (no capture, check or castling).
    positions: Vec<(usize, usize, usize)>,
    quiet: Vec<bool>,
}

impl Data {
    fn row(&self, r: usize) -> &[f32] {
        &self.rows[r * K..(r + 1) * K]
    }
}

fn collect(games: &[&Vec<Move>]) -> Data {
    let mut d = Data::default();
    let mut legal = MoveList::new();
    let quiet_features = [Feature::Capture, Feature::Check, Feature::Castling];
    for game in games {
        let mut pos = Position::new();
        let mut recent: [Option<Move>; 4] = [None; 4];
        for m in game.iter() {
            pos.legal_moves(&mut legal);
            let first = d.quiet.len();
            let mut played = None;
            let features = features_of_moves(&pos, &legal, &recent);
            for (j, (l, f)) in legal.iter().zip(features).enumerate() {
                d.quiet
                    .push(quiet_features.iter().all(|&q| f[q as usize] == 0.0));
                d.rows.extend_from_slice(&f);
                d.squares.push(move_squares(&pos, l));
                if l == m {
                    played = Some(first + j);
                }
            }
            if let Some(p) = played {
                d.positions.push((first, legal.len(), p));
            }
            pos.play(m);
            recent.rotate_right(1);
            recent[0] = Some(*m);
        }
    }
    d
}

fn dot(w: &[f64; K], f: &[f32]) -> f64 {
    w.iter().zip(f).map(|(a, &b)| a * f64::from(b)).sum()
}

/// The features' weights and the square tables' (the second all 0 for a model without them).
#[derive(Clone)]
struct Weights {
    features: [f64; K],
    squares: Vec<f64>,
}

impl Weights {
    fn features_only(features: [f64; K]) -> Weights {
        Weights {
            features,
            squares: vec![0.0; SQUARE_WEIGHTS],
        }
    }

    /// The score of legal move (row) `r`.
    fn score(&self, d: &Data, r: usize) -> f64 {
        let by_squares: f64 = d.squares[r]
            .iter()
            .map(|&(i, share)| self.squares[i] * f64::from(share))
            .sum();
        dot(&self.features, d.row(r)) + by_squares
    }
}

/// Fits the features' and the square tables' weights together by Adam (full batch), starting
/// from `start`.
fn fit_squares(d: &Data, start: &Weights, ridge: f64, epochs: usize) -> Weights {
    let n = K + SQUARE_WEIGHTS;
    let mut w = start.clone();
    let (mut m, mut v, mut g) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let plies = d.positions.len().max(1) as f64;
    let (rate, b1, b2) = (0.02, 0.9f64, 0.999f64);
    let mut p = Vec::new();
    for t in 1..=epochs {
        g.iter_mut().for_each(|x| *x = 0.0);
        for &(first, count, played) in &d.positions {
            p.clear();
            p.extend((first..first + count).map(|r| w.score(d, r)));
            let top = p.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let z: f64 = p.iter().map(|s| (s - top).exp()).sum();
            for (j, s) in p.iter().enumerate() {
                let r = first + j;
                let share = (s - top).exp() / z;
                // d(log-likelihood)/d(score of r)
                let c = if r == played { 1.0 - share } else { -share };
                for (a, &f) in d.row(r).iter().enumerate() {
                    g[a] += c * f64::from(f);
                }
                for &(i, x) in &d.squares[r] {
                    g[K + i] += c * f64::from(x);
                }
            }
        }
        for a in 0..n {
            let wa = if a < K {
                w.features[a]
            } else {
                w.squares[a - K]
            };
            // Adam descends: the gradient of the negative penalised likelihood per ply.
            let ga = -(g[a] - ridge * wa) / plies;
            m[a] = b1 * m[a] + (1.0 - b1) * ga;
            v[a] = b2 * v[a] + (1.0 - b2) * ga * ga;
            let step = rate * (m[a] / (1.0 - b1.powi(t as i32)))
                / ((v[a] / (1.0 - b2.powi(t as i32))).sqrt() + 1e-8);
            if a < K {
                w.features[a] -= step;
            } else {
                w.squares[a - K] -= step;
            }
        }
    }
    w
}

/// Fits the weights of the `active` features (the others stay 0).
// Matrix arithmetic reads best with indices.
#[allow(clippy::needless_range_loop)]
fn fit(d: &Data, active: &[bool; K], ridge: f64) -> [f64; K] {
    let mut w = [0.0f64; K];
    for _ in 0..12 {
        let mut grad = [0.0f64; K];
        let mut h = vec![[0.0f64; K]; K];
        let mut p = Vec::new();
        for &(first, n, played) in &d.positions {
            p.clear();
            p.extend((first..first + n).map(|r| dot(&w, d.row(r))));
            let top = p.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let z: f64 = p.iter().map(|s| (s - top).exp()).sum();
            for s in p.iter_mut() {
                *s = (*s - top).exp() / z;
            }
            let mut mean = [0.0f64; K];
            for (j, &pj) in p.iter().enumerate() {
                let f = d.row(first + j);
                for a in 0..K {
                    let fa = f64::from(f[a]);
                    if fa == 0.0 || !active[a] {
                        continue;
                    }
                    mean[a] += pj * fa;
                    let pa = pj * fa;
                    for b in a..K {
                        h[a][b] += pa * f64::from(f[b]);
                    }
                }
            }
            let fp = d.row(played);
            for a in 0..K {
                grad[a] += f64::from(fp[a]) - mean[a];
                for b in a..K {
                    h[a][b] -= mean[a] * mean[b];
                }
            }
        }
        // Symmetric, ridge, inactive features pinned at 0.
        for a in 0..K {
            for b in 0..a {
                h[a][b] = h[b][a];
            }
            grad[a] -= ridge * w[a];
            h[a][a] += ridge;
            if !active[a] {
                grad[a] = 0.0;
                for b in 0..K {
                    h[a][b] = 0.0;
                    h[b][a] = 0.0;
                }
                h[a][a] = 1.0;
            }
        }
        let step = solve(h, grad);
        // Newton's step, halved until the penalised likelihood does not fall.
        let before = penalised(d, &w, ridge);
        let mut scale = 1.0;
        let mut next = w;
        for _ in 0..30 {
            for a in 0..K {
                next[a] = w[a] + scale * step[a];
            }
            if penalised(d, &next, ridge) >= before {
                break;
            }
            scale /= 2.0;
        }
        let size: f64 = (0..K).map(|a| (next[a] - w[a]).abs()).fold(0.0, f64::max);
        w = next;
        if size < 1e-4 {
            break;
        }
    }
    w
}

/// The log-likelihood of the moves played, less the ridge.
fn penalised(d: &Data, w: &[f64; K], ridge: f64) -> f64 {
    let (ll, _, _) = judge(d, &Weights::features_only(*w));
    ll * d.positions.len() as f64 - 0.5 * ridge * w.iter().map(|x| x * x).sum::<f64>()
}

/// Solves `h x = g` by Gaussian elimination with partial pivoting.
#[allow(clippy::needless_range_loop)]
fn solve(mut h: Vec<[f64; K]>, mut g: [f64; K]) -> [f64; K] {
    for c in 0..K {
        let pivot = (c..K)
            .max_by(|&a, &b| h[a][c].abs().total_cmp(&h[b][c].abs()))
            .unwrap_or(c);
        h.swap(c, pivot);
        g.swap(c, pivot);
        let d = h[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        for r in c + 1..K {
            let f = h[r][c] / d;
            if f == 0.0 {
                continue;
            }
            for k in c..K {
                h[r][k] -= f * h[c][k];
            }
            g[r] -= f * g[c];
        }
    }
    let mut x = [0.0f64; K];
    for c in (0..K).rev() {
        let s: f64 = (c + 1..K).map(|k| h[c][k] * x[k]).sum();
        x[c] = if h[c][c].abs() < 1e-12 {
            0.0
        } else {
            (g[c] - s) / h[c][c]
        };
    }
    x
}

/// Log-likelihood per ply, how often the move played is the first choice, and the same among
/// quiet moves where the move played is quiet.
fn judge(d: &Data, w: &Weights) -> (f64, f64, f64) {
    let (mut ll, mut first, mut quiet_first, mut quiet_n) = (0.0, 0usize, 0usize, 0usize);
    for &(start, n, played) in &d.positions {
        let s: Vec<f64> = (start..start + n).map(|r| w.score(d, r)).collect();
        let top = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = s.iter().map(|x| (x - top).exp()).sum();
        let mine = s[played - start];
        ll += mine - top - z.ln();
        // Ties count against the move played (a flat model is right 1/n of the time at best).
        let beaten = s.iter().filter(|&&x| x >= mine).count();
        first += usize::from(beaten == 1);
        if d.quiet[played] {
            quiet_n += 1;
            let beaten = s
                .iter()
                .enumerate()
                .filter(|&(j, &x)| d.quiet[start + j] && x >= mine)
                .count();
            quiet_first += usize::from(beaten == 1);
        }
    }
    let n = d.positions.len().max(1) as f64;
    (
        ll / n,
        first as f64 / n,
        quiet_first as f64 / quiet_n.max(1) as f64,
    )
}

fn main() {
    let skip = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(300);
    let Some(pgn) = noise::sample_pgn("invent_prior") else {
        return;
    };
    let reader = MoveReader::new(LetterSet::english(), Costs::standard());
    let games: Vec<Vec<Move>> = noise::san_games(&pgn)
        .iter()
        .filter_map(|g| noise::replay(g, &reader))
        .filter(|g| g.len() >= 20)
        .skip(skip)
        .collect();
    let most = std::env::var("PRIOR_GAMES")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(usize::MAX);
    let mut extra: Vec<Vec<Move>> = Vec::new();
    for path in std::env::args().skip(2) {
        let Some(text) = read_pgn(&path) else {
            return;
        };
        let before = extra.len();
        extra.extend(
            noise::san_games(&text)
                .iter()
                .take(most)
                .filter_map(|g| noise::replay(g, &reader))
                .filter(|g| g.len() >= 20),
        );
        println!("{path}: {} games to fit on", extra.len() - before);
    }
    let all: Vec<&Vec<Move>> = games.iter().chain(&extra).collect();
    let train: Vec<&Vec<Move>> = games
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 5 != 0)
        .map(|(_, g)| g)
        .chain(&extra)
        .collect();
    let held: Vec<&Vec<Move>> = games
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 5 == 0)
        .map(|(_, g)| g)
        .collect();
    let (dt, dh) = (collect(&train), collect(&held));
    println!(
        "{} games of the sample (the first {skip} left out), {} more: {} plies to fit on, {} held out",
        games.len(),
        extra.len(),
        dt.positions.len(),
        dh.positions.len()
    );
    const RIDGE: f64 = 1.0;
    let kinds = [
        Feature::Recapture,
        Feature::TakesLastMoved,
        Feature::Repetition,
        Feature::Capture,
        Feature::Castling,
        Feature::Check,
        Feature::Escape,
    ];
    let mut only_kinds = [false; K];
    for k in kinds {
        only_kinds[k as usize] = true;
    }
    let models: [(&str, [bool; K]); 3] = [
        ("flat", [false; K]),
        ("kinds", only_kinds),
        ("all features", [true; K]),
    ];
    println!(
        "{:<14} {:>14} {:>14} {:>14} {:>14}",
        "model", "ll/ply fit", "ll/ply held", "first held", "quiet first"
    );
    const EPOCHS: usize = 300;
    let mut features_fit = Weights::features_only([0.0; K]);
    for (name, active) in &models {
        let w = Weights::features_only(fit(&dt, active, RIDGE));
        report(name, &dt, &dh, &w);
        features_fit = w;
    }
    let w = fit_squares(&dt, &features_fit, RIDGE, EPOCHS);
    report("and squares", &dt, &dh, &w);
    let d = collect(&all);
    let start = Weights::features_only(fit(&d, &[true; K], RIDGE));
    let w = fit_squares(&d, &start, RIDGE, EPOCHS);
    println!("\nweights fitted on all {} plies:", d.positions.len());
    for (f, x) in Feature::ALL.iter().zip(w.features) {
        println!("prior_{}\t{:.3}", f.name(), x);
    }
    for table in SquareTable::ALL {
        for role in Role::ALL {
            for rank in Rank::ALL.iter().rev() {
                let row: Vec<String> = File::ALL
                    .iter()
                    .map(|&file| {
                        let at = square_weight_index(table, role, Square::from_coords(file, *rank));
                        format!("{:.2}", w.squares[at])
                    })
                    .collect();
                println!(
                    "square\t{} {} {}\t{}",
                    table.name(),
                    role.name(),
                    rank.char(),
                    row.join(" ")
                );
            }
        }
    }
}

/// The text of a PGN file, decompressed if it is (`None` after saying why on stderr).
fn read_pgn(path: &str) -> Option<String> {
    use std::io::Read;
    let opened = scoresheet::batch::open_input(&scoresheet::batch::Input::Path(path.into()))
        .map_err(|e| eprintln!("invent_prior: {e}"))
        .ok()?;
    let mut bytes = Vec::new();
    let mut reader = opened.reader;
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| eprintln!("invent_prior: {path}: {e}"))
        .ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Prints a model's line of the comparison.
fn report(name: &str, dt: &Data, dh: &Data, w: &Weights) {
    let (llt, _, _) = judge(dt, w);
    let (llh, first, quiet) = judge(dh, w);
    println!(
        "{:<14} {:>14.4} {:>14.4} {:>13.1}% {:>13.1}%",
        name,
        llt,
        llh,
        100.0 * first,
        100.0 * quiet
    );
}
