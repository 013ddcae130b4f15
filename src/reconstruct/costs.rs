//! The price list of corrections: how much each kind of slip costs, read from
//! `grammars/repair-costs.tsv` (embedded, parsed once).
//!
//! Costs are in nats, roughly `-ln` of how often the slip happens relative to writing the move
//! correctly, so the cheapest game is the most likely one and `exp(-cost)` compares explanations.
//!
//! ```
//! use scoresheet::reconstruct::Costs;
//! let costs = Costs::standard();
//! assert!(costs.ply_missing > costs.char_lookalike);
//! assert!(costs.is_lookalike('l', '1'));
//! assert!(costs.is_lookalike('d', '4'));
//! assert!(!costs.is_lookalike('e', '4'));
//! ```

use super::prior::{square_weight_index, Feature, SquareTable, FEATURE_COUNT, SQUARE_WEIGHTS};
use crate::board::{File, Rank, Role, Square};
use std::sync::OnceLock;

/// The cost table as shipped in `grammars/repair-costs.tsv`.
pub const REPAIR_COSTS_TSV: &str = include_str!("../../grammars/repair-costs.tsv");

/// Why a cost table could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CostsError {
    /// A line that is not `name <TAB> cost <TAB> meaning` or `lookalike <TAB> chars`.
    #[error("repair-costs.tsv line {line}: {reason}")]
    BadLine {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A cost the table must give is missing.
    #[error("repair-costs.tsv: no line for '{0}'")]
    Missing(&'static str),
    /// A feature of the invented-move prior has no `prior_` line.
    #[error("repair-costs.tsv: no line for 'prior_{0}'")]
    MissingPrior(&'static str),
    /// A rank of a square table has no `square` line (named as the line would be, for example
    /// `to opening knight 3`).
    #[error("repair-costs.tsv: no line for 'square {0}'")]
    MissingSquares(String),
}

macro_rules! costs_struct {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        /// The cost of each kind of correction (see `grammars/repair-costs.tsv` for what each means).
        ///
        /// ```
        /// use scoresheet::reconstruct::Costs;
        /// assert_eq!(Costs::standard().noise_extra < Costs::standard().char_extra, true);
        /// ```
        #[derive(Clone, Debug, PartialEq)]
        pub struct Costs {
            $($(#[$doc])* pub $name: f32,)*
            /// Pairs of look-alike ASCII characters: bit `b` of `lookalike[a]` set when a ~ b.
            lookalike: Box<[u128; 128]>,
            /// Look-alike pairs involving non-ASCII characters.
            lookalike_wide: Vec<(char, char)>,
            /// The weights of the invented-move prior's features (the `prior_` lines), indexed
            /// as [`Feature::ALL`].
            pub prior: [f32; FEATURE_COUNT],
            /// The weights of the invented-move prior's square tables (the `square` lines),
            /// indexed by [`square_weight_index`](super::square_weight_index).
            pub prior_squares: Box<[f32; SQUARE_WEIGHTS]>,
        }

        impl Costs {
            /// Reads a table in the format of `grammars/repair-costs.tsv`.
            ///
            /// ```
            /// use scoresheet::reconstruct::{Costs, REPAIR_COSTS_TSV};
            /// let costs = Costs::parse(REPAIR_COSTS_TSV).unwrap();
            /// assert_eq!(costs, *Costs::standard());
            /// assert!(Costs::parse("ply_missing\tx\tbad").is_err());
            /// ```
            pub fn parse(text: &str) -> Result<Costs, CostsError> {
                $(let mut $name: Option<f32> = None;)*
                let mut lookalike = Box::new([0u128; 128]);
                let mut lookalike_wide = Vec::new();
                let mut prior: [Option<f32>; FEATURE_COUNT] = [None; FEATURE_COUNT];
                let mut prior_squares = Box::new([0.0f32; SQUARE_WEIGHTS]);
                // Which ranks of which tables have a line: bit `rank` of `[table][role]`.
                let mut square_rows = [[0u8; 6]; 4];
                for (i, raw) in text.lines().enumerate() {
                    let line = i + 1;
                    let trimmed = raw.trim();
                    if trimmed.is_empty() || trimmed.starts_with('#') {
                        continue;
                    }
                    let mut cols = raw.split('\t');
                    let key = cols.next().unwrap_or("").trim();
                    let value = cols.next().unwrap_or("").trim();
                    if key == "lookalike" {
                        let chars: Vec<char> = value
                            .split(' ')
                            .filter(|s| !s.is_empty())
                            .filter_map(|s| s.chars().next())
                            .collect();
                        if chars.len() < 2 {
                            return Err(CostsError::BadLine { line, reason: "a lookalike line needs two characters or more".into() });
                        }
                        for &a in &chars {
                            for &b in &chars {
                                if a == b { continue; }
                                match (u32::from(a), u32::from(b)) {
                                    (x @ 0..=127, y @ 0..=127) => {
                                        if let Some(row) = lookalike.get_mut(x as usize) {
                                            *row |= 1u128 << y;
                                        }
                                    }
                                    _ => lookalike_wide.push((a, b)),
                                }
                            }
                        }
                        continue;
                    }
                    if key == "square" {
                        let weights = cols.next().unwrap_or("");
                        let (table, role, rank) = square_row(value).ok_or_else(|| CostsError::BadLine {
                            line,
                            reason: format!("'{value}' is not 'to|from opening|endgame ROLE RANK'"),
                        })?;
                        let numbers: Vec<f32> = weights
                            .split_whitespace()
                            .map(|w| w.parse::<f32>().ok().filter(|x| x.is_finite()))
                            .collect::<Option<_>>()
                            .filter(|v: &Vec<f32>| v.len() == 8)
                            .ok_or_else(|| CostsError::BadLine {
                                line,
                                reason: format!("a square line needs eight finite weights, files a to h, not '{weights}'"),
                            })?;
                        for (file, w) in File::ALL.iter().zip(numbers) {
                            let at = square_weight_index(table, role, Square::from_coords(*file, rank));
                            if let Some(slot) = prior_squares.get_mut(at) {
                                *slot = w;
                            }
                        }
                        square_rows[table as usize][role.index()] |= 1 << rank.index();
                        continue;
                    }
                    let cost: f32 = value.parse().map_err(|_| CostsError::BadLine {
                        line,
                        reason: format!("'{value}' is not a number"),
                    })?;
                    if let Some(name) = key.strip_prefix("prior_") {
                        // A feature's weight: negative for what players avoid.
                        let slot = Feature::from_name(name)
                            .and_then(|f| prior.get_mut(f as usize))
                            .ok_or_else(|| CostsError::BadLine { line, reason: format!("unknown feature '{name}'") })?;
                        if !cost.is_finite() {
                            return Err(CostsError::BadLine { line, reason: format!("weight {cost} must be finite") });
                        }
                        *slot = Some(cost);
                        continue;
                    }
                    if !cost.is_finite() || cost < 0.0 {
                        return Err(CostsError::BadLine { line, reason: format!("cost {cost} must be finite and not negative") });
                    }
                    match key {
                        $(stringify!($name) => $name = Some(cost),)*
                        other => return Err(CostsError::BadLine { line, reason: format!("unknown name '{other}'") }),
                    }
                }
                let mut costs = Costs {
                    $($name: $name.ok_or(CostsError::Missing(stringify!($name)))?,)*
                    lookalike,
                    lookalike_wide,
                    prior: [0.0; FEATURE_COUNT],
                    prior_squares,
                };
                for ((w, p), f) in costs.prior.iter_mut().zip(prior).zip(Feature::ALL) {
                    *w = p.ok_or(CostsError::MissingPrior(f.name()))?;
                }
                for table in SquareTable::ALL {
                    for role in Role::ALL {
                        for rank in Rank::ALL {
                            if square_rows[table as usize][role.index()] & (1 << rank.index()) == 0 {
                                return Err(CostsError::MissingSquares(format!(
                                    "{} {} {}",
                                    table.name(),
                                    role.name(),
                                    rank.char()
                                )));
                            }
                        }
                    }
                }
                Ok(costs)
            }

            /// A table where every cost is `cost` and nothing looks alike (a neutral baseline).
            ///
            /// ```
            /// use scoresheet::reconstruct::Costs;
            /// assert_eq!(Costs::uniform(2.0).ply_missing, 2.0);
            /// ```
            pub fn uniform(cost: f32) -> Costs {
                Costs {
                    $($name: cost,)*
                    lookalike: Box::new([0; 128]),
                    lookalike_wide: Vec::new(),
                    prior: [0.0; FEATURE_COUNT],
                    prior_squares: Box::new([0.0; SQUARE_WEIGHTS]),
                }
            }
        }
    };
}

costs_struct! {
    /// The piece's letter in another language's set, unused by the sheet's set.
    letter_other_language,
    /// A letter naming this piece elsewhere but another piece in the sheet's set.
    letter_other_piece,
    /// The right letter in lower case.
    letter_lowercase,
    /// A character that looks like the piece letter.
    letter_lookalike,
    /// Any other letter where the piece letter belongs.
    letter_wrong,
    /// The piece letter left out.
    letter_missing,
    /// A piece letter before a pawn move.
    letter_extra,
    /// A look-alike character for a file or rank.
    char_lookalike,
    /// A file letter in upper case.
    case_only,
    /// A wrong file letter.
    file_wrong,
    /// A file letter next to the right one.
    file_neighbour,
    /// A wrong rank digit.
    rank_wrong,
    /// A rank digit next to the right one.
    rank_neighbour,
    /// Any other character for a file or rank.
    char_wrong,
    /// A file or rank left out.
    char_missing,
    /// An extra character.
    char_extra,
    /// An extra stray mark.
    noise_extra,
    /// Unneeded disambiguation in short form.
    disambiguation_extra,
    /// A capture mark written for a move that captures nothing.
    capture_mark_wrong,
    /// A capture written without its mark on a sheet that marks captures.
    capture_mark_missing,
    /// Needed disambiguation left out.
    disambiguation_missing,
    /// A pawn capture written by files only.
    pawn_file_only,
    /// A pawn capture written as its target only.
    pawn_capture_no_file,
    /// No promotion piece written.
    promotion_missing,
    /// Castling written as the king's move.
    castling_as_king_move,
    /// Castling on the wrong side.
    castling_wrong_side,
    /// A word that cannot be a move.
    garbage_word,
    /// A move number out of step.
    number_out_of_step,
    /// A result before the end of the sheet.
    result_early,
    /// A ply not written: a move is invented.
    ply_missing,
    /// The weight of the invented-move prior (the `prior_` weights are multiplied by it).
    invented_weight,
    /// A written move belonging to no ply.
    ply_extra,
    /// A move written twice in a row.
    ply_duplicate,
    /// A whole move not written (a row of the sheet left out), on top of its two invented
    /// plies.
    move_missing_extra,
    /// Two moves written in each other's place.
    plies_swapped,
    /// The most a written move may cost when read as a legal move.
    read_max,
    /// A state's reads of a word costing this much more than its best read are not kept.
    read_spread,
    /// The game stops where the rest costs this much per written move.
    stop_average,
    /// Totals closer than this are equally plausible.
    tie_margin,
    /// Of games tied by `tie_margin`, one whose moves are this many nats more plausible (by the
    /// prior's model) is chosen, plus what `tie_extra_nats` and `tie_sheet_nats` add.
    tie_plausibility,
    /// Of those, one costing more by the total needs this many nats more plausibility per unit
    /// of the extra cost (one costing less, this many fewer).
    tie_extra_nats,
    /// The same per unit of the extra cost by the sheet alone.
    tie_sheet_nats,
    /// Search states this much worse than the best are dropped.
    prune_margin,
    /// The search settles on a leader only this much cheaper than every other state.
    settle_margin,
    /// Explanations that differ only in an invented move are kept beyond the beam only while
    /// they cost at most this much more than its last state.
    group_margin,
    /// A repair costing more than this is searched again from further back.
    retry_above,
    /// But not one costing more than this per written move: nothing plausible to find.
    retry_most_per_move,
    /// Structural edits are tried only where a word reads this badly.
    structural_trigger,
    /// Structural edits are tried only from states this close to the best.
    structural_margin,
    /// The confidence is the game's share of `exp(-confidence_sharpness × cost)` among the
    /// games the search kept.
    confidence_sharpness,
    /// For the confidence, another game that the sheet alone prices close to the one found
    /// weighs `exp(-confidence_plausibility × gain)` less, `gain` how many nats more plausible
    /// the found game's moves are by the prior's model.
    confidence_plausibility,
    /// At most how many nats more plausible another game's moves count for the confidence.
    confidence_plausibility_most,
}

/// The table, role and rank a `square` line names (`to opening knight 3`).
fn square_row(name: &str) -> Option<(SquareTable, Role, Rank)> {
    let mut words: Vec<&str> = name.split_whitespace().collect();
    let rank = words.pop().and_then(|r| {
        let mut chars = r.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_char(c),
            _ => None,
        }
    })?;
    let role = words
        .pop()
        .and_then(|r| Role::ALL.iter().copied().find(|x| x.name() == r))?;
    let table = SquareTable::from_name(&words.join(" "))?;
    Some((table, role, rank))
}

impl Costs {
    /// The shipped table, parsed once. If the embedded table were broken (a test guards against
    /// that) this falls back to a table where every cost is 1.
    pub fn standard() -> &'static Costs {
        static STANDARD: OnceLock<Costs> = OnceLock::new();
        STANDARD
            .get_or_init(|| Costs::parse(REPAIR_COSTS_TSV).unwrap_or_else(|_| Costs::uniform(1.0)))
    }

    /// True if handwriting or OCR confuses `a` and `b` (they share a `lookalike` line).
    #[inline]
    pub fn is_lookalike(&self, a: char, b: char) -> bool {
        match (u32::from(a), u32::from(b)) {
            (x @ 0..=127, y @ 0..=127) => self
                .lookalike
                .get(x as usize)
                .is_some_and(|row| row & (1u128 << y) != 0),
            _ => self.lookalike_wide.contains(&(a, b)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped table without its lines that start with `prefix`.
    fn shipped_without(prefix: &str) -> String {
        REPAIR_COSTS_TSV
            .lines()
            .filter(|l| !l.starts_with(prefix))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    #[test]
    fn shipped_table_parses_completely() {
        let costs = Costs::parse(REPAIR_COSTS_TSV).unwrap();
        assert!(costs.tie_margin < costs.char_lookalike);
        assert!(costs.is_lookalike('I', '|'));
        assert!(costs.is_lookalike('S', '5'));
        assert!(!costs.is_lookalike('a', 'a'));
    }

    #[test]
    fn missing_and_unknown_names_are_errors() {
        assert_eq!(
            Costs::parse("# nothing\n").unwrap_err(),
            CostsError::Missing("letter_other_language")
        );
        let bad = format!("{REPAIR_COSTS_TSV}\nwhatever\t1\tx\n");
        assert!(matches!(
            Costs::parse(&bad),
            Err(CostsError::BadLine { .. })
        ));
        let unknown = format!("{REPAIR_COSTS_TSV}\nprior_brilliancy\t1\tx\n");
        assert!(matches!(
            Costs::parse(&unknown),
            Err(CostsError::BadLine { .. })
        ));
        assert_eq!(
            Costs::parse(&shipped_without("prior_hangs\t")).unwrap_err(),
            CostsError::MissingPrior("hangs")
        );
    }

    /// Every rank of every square table must have its line, of eight finite weights.
    #[test]
    fn square_tables_are_complete() {
        let costs = Costs::standard();
        assert!(costs.prior_squares.iter().any(|&w| w != 0.0));
        assert_eq!(
            Costs::parse(&shipped_without("square\tto opening knight 3\t")).unwrap_err(),
            CostsError::MissingSquares("to opening knight 3".into())
        );
        for bad in [
            "square\tto opening knight 3\t1 2 3 4 5 6 7",
            "square\tto opening knight 3\t1 2 3 4 5 6 7 x",
            "square\tto middlegame knight 3\t1 2 3 4 5 6 7 8",
            "square\tto opening knight 9\t1 2 3 4 5 6 7 8",
        ] {
            assert!(
                matches!(
                    Costs::parse(&format!("{REPAIR_COSTS_TSV}\n{bad}\n")),
                    Err(CostsError::BadLine { .. })
                ),
                "{bad}"
            );
        }
        // A later line for the same rank replaces the weights, file by file.
        let changed = format!("{REPAIR_COSTS_TSV}\nsquare\tto endgame rook 7\t0 0 0 0 0 0 0 9.5\n");
        let changed = Costs::parse(&changed).unwrap();
        let at = square_weight_index(SquareTable::ToEndgame, Role::Rook, Square::H7);
        assert_eq!(changed.prior_squares[at], 9.5);
    }

    /// A prior weight may be negative (what players avoid); a cost may not.
    #[test]
    fn prior_weights_may_be_negative() {
        let costs = Costs::standard();
        assert!(costs.prior.iter().any(|&w| w < 0.0));
        let negative = REPAIR_COSTS_TSV.replace("\nply_extra\t", "\nply_extra\t-");
        assert!(matches!(
            Costs::parse(&negative),
            Err(CostsError::BadLine { .. })
        ));
    }
}
