//! The search for the cheapest legal game explaining the sheet: a beam search over (position,
//! word index) states, layered by word index, with reads, skipped words, invented plies and
//! swapped plies as transitions.

use super::costs::Costs;
use super::report::{self, Repair};
use super::score::{MoveReader, PreparedWord};
use super::sheet::{Sheet, TokenKind};
use crate::board::{Move, MoveList, Position};
use crate::notation::LetterSet;
use std::collections::HashMap;

/// How to repair: the sheet's letters, the costs and the width of the search.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::RepairOptions;
/// let o = RepairOptions::new(LetterSet::by_code("hr").unwrap());
/// assert_eq!(o.beam, RepairOptions::DEFAULT_BEAM);
/// ```
#[derive(Clone, Debug)]
pub struct RepairOptions<'a> {
    /// The letter set the sheet is written in.
    pub letters: &'a LetterSet,
    /// The cost table.
    pub costs: &'a Costs,
    /// How many search states are kept per word of the sheet.
    pub beam: usize,
    /// The position the game starts from.
    pub start: Position,
    /// How many moves before the first word that does not read exactly the search starts.
    pub backtrack: usize,
}

impl<'a> RepairOptions<'a> {
    /// The default beam width.
    pub const DEFAULT_BEAM: usize = 48;

    /// Options for a sheet in `letters`, with the shipped costs, from the standard start.
    pub fn new(letters: &'a LetterSet) -> RepairOptions<'a> {
        RepairOptions {
            letters,
            costs: Costs::standard(),
            beam: Self::DEFAULT_BEAM,
            start: Position::new(),
            backtrack: 4,
        }
    }
}

/// One step of an explanation, as stored in the search's history arena.
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// The start of the explanation.
    Root,
    /// Word `tok` read as `mv`.
    Read {
        tok: usize,
        mv: Move,
        cost: f32,
        swapped: bool,
    },
    /// A move invented for a ply the sheet does not record.
    Invent { mv: Move, cost: f32 },
    /// Word `tok` not read as a move.
    Skip {
        tok: usize,
        kind: &'static str,
        cost: f32,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) parent: u32,
    pub(crate) step: Step,
}

#[derive(Clone, Debug)]
struct State {
    pos: Position,
    cost: f32,
    node: u32,
    /// Where the state came from by a plain read of the previous word: (layer, index).
    parent: Option<(usize, usize)>,
    /// Invented plies and swaps have been tried from this state.
    structural_done: bool,
}

struct Layer {
    states: Vec<State>,
    index: HashMap<u64, usize>,
    sealed: bool,
    best: f32,
}

impl Layer {
    fn new() -> Layer {
        Layer {
            states: Vec::new(),
            index: HashMap::new(),
            sealed: false,
            best: f32::INFINITY,
        }
    }
}

pub(crate) struct Search<'s, 'a> {
    pub(crate) sheet: &'s Sheet,
    pub(crate) reader: MoveReader<'a>,
    pub(crate) costs: &'a Costs,
    pub(crate) words: Vec<PreparedWord>,
    pub(crate) arena: Vec<Node>,
    /// Explanations merged by the beam (same position, same word): (kept node, its cost,
    /// other node, its cost).
    pub(crate) merged: Vec<(u32, f32, u32, f32)>,
    layers: Vec<Layer>,
    beam: usize,
}

/// Repairs one scoresheet: the cheapest legal game that explains it, with every correction.
///
/// ```
/// use scoresheet::notation::LetterSet;
/// use scoresheet::reconstruct::{repair, RepairOptions, Sheet};
/// let r = repair(&Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sc4 ScS"), &RepairOptions::new(LetterSet::by_code("cs").unwrap()));
/// assert_eq!(r.moves.len(), 6);
/// assert_eq!(r.corrections.len(), 1);
/// assert_eq!(r.corrections[0].read_as.as_deref(), Some("Sc5"));
/// ```
pub fn repair(sheet: &Sheet, options: &RepairOptions<'_>) -> Repair {
    let mut search = Search::new(sheet, options);
    let start = options.start.clone();
    // Replay what reads exactly; remember the state before each move word.
    let mut pos = start.clone();
    let mut node = 0u32;
    let mut checkpoints: Vec<(usize, Position, u32)> = Vec::new();
    let mut stop_at = sheet.tokens.len();
    let mut legal = MoveList::new();
    for (i, token) in sheet.tokens.iter().enumerate() {
        match token.kind {
            TokenKind::Mark => {
                node = search.push_node(
                    node,
                    Step::Skip {
                        tok: i,
                        kind: "",
                        cost: 0.0,
                    },
                );
            }
            TokenKind::Number { number, black }
                if search.number_cost(&pos, number, black) == 0.0 =>
            {
                node = search.push_node(
                    node,
                    Step::Skip {
                        tok: i,
                        kind: "",
                        cost: 0.0,
                    },
                );
            }
            TokenKind::Result if sheet.tokens[i..].iter().all(|t| t.kind != TokenKind::Move) => {
                node = search.push_node(
                    node,
                    Step::Skip {
                        tok: i,
                        kind: "",
                        cost: 0.0,
                    },
                );
            }
            TokenKind::Move => {
                pos.legal_moves(&mut legal);
                let word = &search.words[i];
                let mut exact = None;
                let mut count = 0;
                for m in legal.iter() {
                    if search.reader.score_below(&pos, &legal, m, word, 1e-3).cost == 0.0 {
                        exact = Some(*m);
                        count += 1;
                    }
                }
                match (exact, count) {
                    (Some(m), 1) => {
                        checkpoints.push((i, pos.clone(), node));
                        node = search.push_node(
                            node,
                            Step::Read {
                                tok: i,
                                mv: m,
                                cost: 0.0,
                                swapped: false,
                            },
                        );
                        pos.play(&m);
                    }
                    _ => {
                        stop_at = i;
                        break;
                    }
                }
            }
            _ => {
                stop_at = i;
                break;
            }
        }
    }
    if stop_at == sheet.tokens.len() {
        return report::build(&search, &start, &[(node, 0.0)], &pos);
    }
    // Start the search a few moves before the sheet stops reading exactly.
    let back = checkpoints.len().saturating_sub(options.backtrack);
    let (from_tok, from_pos, from_node) = match checkpoints.get(back) {
        Some((i, p, n)) if back < checkpoints.len() => (*i, p.clone(), *n),
        _ => (stop_at, pos, node),
    };
    let finals = search.run(from_tok, from_pos, from_node);
    let best_pos = finals
        .first()
        .map(|s| s.pos.clone())
        .unwrap_or_else(|| start.clone());
    let finals: Vec<(u32, f32)> = finals.iter().map(|s| (s.node, s.cost)).collect();
    report::build(&search, &start, &finals, &best_pos)
}

impl<'s, 'a> Search<'s, 'a> {
    pub(crate) fn new(sheet: &'s Sheet, options: &RepairOptions<'a>) -> Search<'s, 'a> {
        let reader = MoveReader::new(options.letters, options.costs);
        let words = sheet
            .tokens
            .iter()
            .map(|t| reader.prepare(&t.text))
            .collect();
        Search {
            sheet,
            reader,
            costs: options.costs,
            words,
            arena: vec![Node {
                parent: u32::MAX,
                step: Step::Root,
            }],
            merged: Vec::new(),
            layers: Vec::new(),
            beam: options.beam.max(1),
        }
    }

    pub(crate) fn push_node(&mut self, parent: u32, step: Step) -> u32 {
        let id = u32::try_from(self.arena.len()).unwrap_or(u32::MAX);
        self.arena.push(Node { parent, step });
        id
    }

    /// The cost of a move number written before the move of `pos`'s side to move.
    pub(crate) fn number_cost(&self, pos: &Position, number: u32, black: bool) -> f32 {
        if number == pos.fullmove_number() && black != pos.turn().is_white() {
            0.0
        } else {
            self.costs.number_out_of_step
        }
    }

    fn push(&mut self, layer: usize, state: State) {
        let Some(l) = self.layers.get_mut(layer) else {
            return;
        };
        if l.sealed || state.cost > l.best + self.costs.prune_margin {
            return;
        }
        l.best = l.best.min(state.cost);
        let key = state.pos.zobrist();
        match l.index.get(&key) {
            Some(&at) => {
                if let Some(old) = l.states.get_mut(at) {
                    if state.cost < old.cost {
                        self.merged
                            .push((state.node, state.cost, old.node, old.cost));
                        *old = state;
                    } else {
                        self.merged
                            .push((old.node, old.cost, state.node, state.cost));
                    }
                }
            }
            None => {
                l.index.insert(key, l.states.len());
                l.states.push(state);
            }
        }
    }

    /// Runs the beam search from `pos` at word `from`; returns the final states, cheapest first.
    fn run(&mut self, from: usize, pos: Position, node: u32) -> Vec<State> {
        let n = self.sheet.tokens.len();
        self.layers = (0..=n + 1).map(|_| Layer::new()).collect();
        self.push(
            from,
            State {
                pos,
                cost: 0.0,
                node,
                parent: None,
                structural_done: false,
            },
        );
        for i in from..n {
            self.seal(i, false);
            // A ply missing or two plies swapped may show only one word later: where a state
            // does not read its word exactly, try those edits from the state before it too.
            if self.sheet.tokens[i].kind == TokenKind::Move {
                let mut parents: Vec<(usize, usize)> = Vec::new();
                let count = self.layers.get(i).map_or(0, |l| l.states.len());
                for k in 0..count {
                    let Some(state) = self.layers.get(i).and_then(|l| l.states.get(k)).cloned()
                    else {
                        continue;
                    };
                    if let Some(p) = state.parent {
                        if !parents.contains(&p) && self.best_read(i, &state) > 0.0 {
                            parents.push(p);
                        }
                    }
                }
                for (pl, pk) in parents {
                    let parent = self.layers.get(pl).and_then(|l| l.states.get(pk)).cloned();
                    if let Some(parent) = parent {
                        if !parent.structural_done && self.worth_structural(pl, &parent) {
                            self.structural(pl, &parent, pk);
                        }
                    }
                }
                self.seal(i, false);
            }
            self.seal(i, true);
            let mut k = 0;
            while let Some(state) = self.layers.get(i).and_then(|l| l.states.get(k)).cloned() {
                self.expand(i, k, &state);
                k += 1;
            }
        }
        self.seal(n, true);
        std::mem::take(&mut self.layers[n].states)
    }

    /// Sorts a layer, keeps the best `beam` states within the prune margin; a sealed layer
    /// takes no more states.
    fn seal(&mut self, i: usize, sealed: bool) {
        let beam = self.beam;
        let margin = self.costs.prune_margin;
        let Some(layer) = self.layers.get_mut(i) else {
            return;
        };
        layer.states.sort_by(|a, b| a.cost.total_cmp(&b.cost));
        let best = layer.states.first().map_or(0.0, |s| s.cost);
        layer.states.retain(|s| s.cost <= best + margin);
        layer.states.truncate(beam);
        layer.index = layer
            .states
            .iter()
            .enumerate()
            .map(|(k, s)| (s.pos.zobrist(), k))
            .collect();
        layer.sealed = sealed;
    }

    /// Structural edits cost at least a missing ply or a swap: not worth trying from states
    /// that would then fall out of the prune margin anyway.
    fn worth_structural(&self, layer: usize, state: &State) -> bool {
        let best = self
            .layers
            .get(layer)
            .and_then(|l| l.states.first())
            .map_or(state.cost, |s| s.cost);
        let cheapest = self.costs.ply_missing.min(self.costs.plies_swapped);
        state.cost + cheapest <= best + self.costs.prune_margin
    }

    /// The cheapest read of word `i` in `state` (infinite if none within `read_max`).
    fn best_read(&self, i: usize, state: &State) -> f32 {
        let mut legal = MoveList::new();
        state.pos.legal_moves(&mut legal);
        let mut best = self.costs.read_max + 1e-3;
        for m in legal.iter() {
            let c = self
                .reader
                .score_below(&state.pos, &legal, m, &self.words[i], best)
                .cost;
            best = best.min(c);
            if best == 0.0 {
                break;
            }
        }
        best
    }

    fn expand(&mut self, i: usize, k: usize, state: &State) {
        let token = &self.sheet.tokens[i];
        let last_move_word = self.sheet.tokens[i + 1..]
            .iter()
            .all(|t| t.kind != TokenKind::Move);
        let skip = |search: &mut Self, kind: &'static str, cost: f32| {
            let node = search.push_node(state.node, Step::Skip { tok: i, kind, cost });
            search.push(
                i + 1,
                State {
                    pos: state.pos.clone(),
                    cost: state.cost + cost,
                    node,
                    parent: None,
                    structural_done: false,
                },
            );
        };
        match token.kind {
            TokenKind::Mark => skip(self, "", 0.0),
            TokenKind::Number { number, black } => {
                let c = self.number_cost(&state.pos, number, black);
                skip(self, "number_out_of_step", c);
            }
            TokenKind::Result => {
                let c = if last_move_word {
                    0.0
                } else {
                    self.costs.result_early
                };
                skip(self, "result_early", c);
            }
            TokenKind::Word => skip(self, "garbage_word", self.costs.garbage_word),
            TokenKind::Move => {
                let duplicate = self
                    .previous_move_word(i)
                    .is_some_and(|p| self.words[p] == self.words[i] && !self.words[i].is_empty());
                if duplicate {
                    skip(self, "ply_duplicate", self.costs.ply_duplicate);
                } else {
                    skip(self, "ply_extra", self.costs.ply_extra);
                }
                let best = self.read(i, state, i + 1, Some((i, k)));
                if best > 0.0 && !state.structural_done && self.worth_structural(i, state) {
                    self.structural(i, state, k);
                }
            }
        }
    }

    fn previous_move_word(&self, i: usize) -> Option<usize> {
        (0..i)
            .rev()
            .find(|&j| self.sheet.tokens[j].kind == TokenKind::Move)
    }

    fn next_move_word(&self, i: usize) -> Option<usize> {
        (i + 1..self.sheet.tokens.len()).find(|&j| self.sheet.tokens[j].kind == TokenKind::Move)
    }

    /// Reads word `i` as each legal move of `state` (at most `read_max`), pushing the results to
    /// layer `to`. Returns the cheapest read's cost (infinite if none).
    fn read(&mut self, i: usize, state: &State, to: usize, parent: Option<(usize, usize)>) -> f32 {
        let mut legal = MoveList::new();
        state.pos.legal_moves(&mut legal);
        let mut best = f32::INFINITY;
        let max = self.costs.read_max;
        for m in legal.iter() {
            let s = self
                .reader
                .score_below(&state.pos, &legal, m, &self.words[i], max + 1e-3);
            if s.cost > max {
                continue;
            }
            best = best.min(s.cost);
            let node = self.push_node(
                state.node,
                Step::Read {
                    tok: i,
                    mv: *m,
                    cost: s.cost,
                    swapped: false,
                },
            );
            let mut pos = state.pos.clone();
            pos.play(m);
            self.push(
                to,
                State {
                    pos,
                    cost: state.cost + s.cost,
                    node,
                    parent,
                    structural_done: false,
                },
            );
        }
        best
    }

    /// The legal moves of `pos` that read `word` for at most `max`, cheapest first (at most `n`).
    fn best_reads(&self, pos: &Position, word: usize, max: f32, n: usize) -> Vec<(Move, f32)> {
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let mut out: Vec<(Move, f32)> = legal
            .iter()
            .filter_map(|m| {
                let s = self
                    .reader
                    .score_below(pos, &legal, m, &self.words[word], max + 1e-3);
                (s.cost <= max).then_some((*m, s.cost))
            })
            .collect();
        out.sort_by(|a, b| a.1.total_cmp(&b.1));
        out.truncate(n);
        out
    }

    /// Invented plies and swapped plies from `state` at word `i`.
    fn structural(&mut self, i: usize, state: &State, k: usize) {
        if let Some(s) = self.layers.get_mut(i).and_then(|l| l.states.get_mut(k)) {
            if s.node == state.node {
                s.structural_done = true;
            }
        }
        let c = self.costs.clone();
        if self.sheet.tokens[i].kind != TokenKind::Move {
            return;
        }
        // A ply missing from the sheet: invent it, then read the word as the next ply.
        let mut legal = MoveList::new();
        state.pos.legal_moves(&mut legal);
        for m1 in legal.iter() {
            let mut pos1 = state.pos.clone();
            pos1.play(m1);
            let reads = self.best_reads(&pos1, i, c.read_max, usize::MAX);
            if reads.is_empty() {
                continue;
            }
            let inv = self.push_node(
                state.node,
                Step::Invent {
                    mv: *m1,
                    cost: c.ply_missing,
                },
            );
            for (m2, cost) in reads {
                let node = self.push_node(
                    inv,
                    Step::Read {
                        tok: i,
                        mv: m2,
                        cost,
                        swapped: false,
                    },
                );
                let mut pos2 = pos1.clone();
                pos2.play(&m2);
                self.push(
                    i + 1,
                    State {
                        pos: pos2,
                        cost: state.cost + c.ply_missing + cost,
                        node,
                        parent: None,
                        structural_done: false,
                    },
                );
            }
        }
        // Two plies swapped: the next move word read first (neighbours), or the word after it
        // (the same side's two moves).
        let Some(j) = self.next_move_word(i) else {
            return;
        };
        let per = 3;
        for (m1, c1) in self.best_reads(&state.pos, j, c.read_max, per) {
            let mut p1 = state.pos.clone();
            p1.play(&m1);
            for (m2, c2) in self.best_reads(&p1, i, c.read_max, per) {
                let mut p2 = p1.clone();
                p2.play(&m2);
                let n1 = self.push_node(
                    state.node,
                    Step::Read {
                        tok: j,
                        mv: m1,
                        cost: c1,
                        swapped: true,
                    },
                );
                let n2 = self.push_node(
                    n1,
                    Step::Read {
                        tok: i,
                        mv: m2,
                        cost: c2 + c.plies_swapped,
                        swapped: true,
                    },
                );
                let n2 = self.skip_between(n2, i, j);
                self.push(
                    j + 1,
                    State {
                        pos: p2,
                        cost: state.cost + c1 + c2 + c.plies_swapped,
                        node: n2,
                        parent: None,
                        structural_done: false,
                    },
                );
            }
        }
        let Some(l) = self.next_move_word(j) else {
            return;
        };
        for (m1, c1) in self.best_reads(&state.pos, l, c.read_max, per) {
            let mut p1 = state.pos.clone();
            p1.play(&m1);
            for (m2, c2) in self.best_reads(&p1, j, c.read_max, per) {
                let mut p2 = p1.clone();
                p2.play(&m2);
                for (m3, c3) in self.best_reads(&p2, i, c.read_max, per) {
                    let mut p3 = p2.clone();
                    p3.play(&m3);
                    let n1 = self.push_node(
                        state.node,
                        Step::Read {
                            tok: l,
                            mv: m1,
                            cost: c1,
                            swapped: true,
                        },
                    );
                    let n2 = self.push_node(
                        n1,
                        Step::Read {
                            tok: j,
                            mv: m2,
                            cost: c2,
                            swapped: false,
                        },
                    );
                    let n3 = self.push_node(
                        n2,
                        Step::Read {
                            tok: i,
                            mv: m3,
                            cost: c3 + c.plies_swapped,
                            swapped: true,
                        },
                    );
                    let n3 = self.skip_between(n3, i, l);
                    self.push(
                        l + 1,
                        State {
                            pos: p3,
                            cost: state.cost + c1 + c2 + c3 + c.plies_swapped,
                            node: n3,
                            parent: None,
                            structural_done: false,
                        },
                    );
                }
            }
        }
    }

    /// Records the non-move words between `i` and `j` (move numbers, marks) as skipped for free.
    fn skip_between(&mut self, mut node: u32, i: usize, j: usize) -> u32 {
        for t in i + 1..j {
            if self.sheet.tokens[t].kind != TokenKind::Move {
                node = self.push_node(
                    node,
                    Step::Skip {
                        tok: t,
                        kind: "",
                        cost: 0.0,
                    },
                );
            }
        }
        node
    }
}
