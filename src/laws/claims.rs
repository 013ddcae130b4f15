//! Draw claims (threefold repetition, fifty moves) and flag falls, judged as an arbiter judges
//! them, per edition of the Laws, with the evidence.
//!
//! * Threefold repetition — 2005/2009/2014 Article 9.2a (with a written, unplayed move) and 9.2b
//!   (on the board); 2018 Articles 9.2.1.1 and 9.2.1.2. "The same position" is 9.2 (closing
//!   paragraphs) / 9.2.2: same player to move, same pieces on the same squares, same possible
//!   moves — castling rights count, an en passant capture counts only when it is legal. The board's
//!   zobrist key is equal exactly then.
//! * Fifty moves — 9.3a / 9.3b (2005–2014), 9.3.1 / 9.3.2 (2018).
//! * The automatic draws of 9.6 (2014: 9.6a, 9.6b; 2018: 9.6.1, 9.6.2) end the game whatever a
//!   claim says later ([`GameRecord::automatic_end`]).
//! * Flag fall — 6.10 (2005), 6.9 (2009 on): the flagged player loses unless the opponent cannot
//!   checkmate by any series of legal moves ([`super::dead`]).
//!
//! An incorrect claim is an ordinary answer: `valid: false` with the reason.
//!
//! ```
//! use scoresheet::board::Position;
//! use scoresheet::laws::{claims, ClaimKind, ClaimRequest, Edition, GameRecord};
//! let game = GameRecord::from_uci(Position::new(), "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")?;
//! let report = claims::judge(&game, &ClaimRequest::new(ClaimKind::Threefold))?;
//! assert!(report.valid);
//! assert_eq!(report.article, "9.2.1.2");
//! assert_eq!(report.reason, "the position occurred 3 times: start, 2...Ng8, 4...Ng8");
//! # Ok::<(), scoresheet::laws::ClaimError>(())
//! ```

use super::dead;
use super::diagram;
use super::edition::{Edition, Rule};
use super::game::{label_move, position_key, AutomaticEnd, ClaimError, GameRecord, Moment};
use crate::board::{Color, Move, Position};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Which claim the player makes.
///
/// ```
/// use scoresheet::laws::ClaimKind;
/// assert_eq!("fifty".parse::<ClaimKind>(), Ok(ClaimKind::Fifty));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    /// Threefold repetition (9.2).
    Threefold,
    /// Fifty moves (9.3).
    Fifty,
    /// Either: the claim is correct if one of them is.
    #[default]
    Any,
}

impl FromStr for ClaimKind {
    type Err = String;
    fn from_str(s: &str) -> Result<ClaimKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "threefold" | "repetition" | "3" => Ok(ClaimKind::Threefold),
            "fifty" | "50" | "fifty-moves" => Ok(ClaimKind::Fifty),
            "any" => Ok(ClaimKind::Any),
            _ => Err(format!(
                "unknown claim `{s}`: expected threefold, fifty or any"
            )),
        }
    }
}

/// What the claimant asks: the kind, the moment (default: after the last recorded move), the
/// written but unplayed move, and the edition of the Laws in force.
///
/// ```
/// use scoresheet::laws::{ClaimKind, ClaimRequest, Edition};
/// let r = ClaimRequest { edition: Edition::Laws2009, ..ClaimRequest::new(ClaimKind::Fifty) };
/// assert_eq!(r.at, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimRequest {
    /// The claim.
    pub kind: ClaimKind,
    /// Half-moves played when the claim is made (`None`: all the recorded moves).
    pub at: Option<usize>,
    /// The move the claimant wrote on the scoresheet without playing it (9.2.1.1 / 9.3.1).
    pub intended: Option<Intended>,
    /// The Laws in force.
    pub edition: Edition,
}

/// The move a claimant wrote on the scoresheet without playing it, to claim under 9.2.1.1 or
/// 9.3.1: a legal move, or a written move that is not legal in the position of the claim. The
/// second is no reason to refuse to judge: the position that move was to bring about cannot
/// arise, so the claim stands only if the board already makes it good (9.2.1.2, 9.3.2).
///
/// ```
/// use scoresheet::laws::claims::Intended;
/// let i = Intended::NotLegal { written: "Jf3".into(), reason: "no knight can go to f3".into() };
/// assert!(matches!(i, Intended::NotLegal { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intended {
    /// A move of the position of the claim. [`judge`] refuses one that is not legal there.
    Move(Move),
    /// A move written that is not legal in the position of the claim, as written, and why not.
    NotLegal {
        /// The move as written.
        written: String,
        /// Why it is not a legal move there.
        reason: String,
    },
}

impl ClaimRequest {
    /// A claim of `kind` after the last recorded move, under the current Laws.
    ///
    /// ```
    /// use scoresheet::laws::{ClaimKind, ClaimRequest, Edition};
    /// assert_eq!(ClaimRequest::new(ClaimKind::Any).edition, Edition::Laws2023);
    /// ```
    pub fn new(kind: ClaimKind) -> ClaimRequest {
        ClaimRequest {
            kind,
            at: None,
            intended: None,
            edition: Edition::default(),
        }
    }
}

/// A position that looks the same as the claimed one (same pieces on the same squares, same
/// player to move) but is not the same under 9.2.2, and why.
///
/// ```
/// use scoresheet::laws::claims::LookAlike;
/// let l = LookAlike { at: Default::default(), difference: "en passant".into() };
/// assert_eq!(l.difference, "en passant");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct LookAlike {
    /// Where it stood.
    pub at: Moment,
    /// What differs: en passant possible, or castling rights.
    pub difference: String,
}

/// The threefold-repetition finding (9.2).
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::laws::{claims, ClaimKind, ClaimRequest, GameRecord};
/// let game = GameRecord::from_uci(Position::new(), "g1f3 g8f6 f3g1 f6g8")?;
/// let r = claims::judge(&game, &ClaimRequest::new(ClaimKind::Threefold))?;
/// assert_eq!(r.threefold.unwrap().occurrences.len(), 2);
/// # Ok::<(), scoresheet::laws::ClaimError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Threefold {
    /// Whether the position occurred at least three times.
    pub valid: bool,
    /// 9.2a / 9.2b, or 9.2.1.1 / 9.2.1.2.
    pub article: &'static str,
    /// The reason, one sentence.
    pub reason: String,
    /// Every occurrence of the claimed position, oldest first (the last may be the intended move).
    pub occurrences: Vec<Moment>,
    /// Positions with the same pieces and player to move that are nevertheless different.
    pub look_alikes: Vec<LookAlike>,
}

/// The fifty-move finding (9.3).
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::laws::{claims, ClaimKind, ClaimRequest, GameRecord};
/// let game = GameRecord::from_uci(Position::new(), "e2e4 e7e5 g1f3")?;
/// let f = claims::judge(&game, &ClaimRequest::new(ClaimKind::Fifty))?.fifty.unwrap();
/// assert_eq!(f.halfmoves, 1);
/// assert_eq!(f.since.unwrap().label, "1...e5");
/// # Ok::<(), scoresheet::laws::ClaimError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FiftyMoves {
    /// Whether each player made the last 50 moves without pawn move or capture.
    pub valid: bool,
    /// 9.3a / 9.3b, or 9.3.1 / 9.3.2.
    pub article: &'static str,
    /// The reason, one sentence.
    pub reason: String,
    /// The last pawn move or capture (`None`: before the recorded moves, or never).
    pub since: Option<Moment>,
    /// Half-moves since then (the FEN half-move clock of the judged position).
    pub halfmoves: u32,
}

/// The arbiter's answer to a claim.
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::laws::{claims, ClaimKind, ClaimRequest, GameRecord};
/// let game = GameRecord::from_uci(Position::new(), "g1f3 g8f6 f3g1 f6g8")?;
/// let r = claims::judge(&game, &ClaimRequest::new(ClaimKind::Threefold))?;
/// assert!(!r.valid);
/// assert_eq!(r.reason, "the position occurred only twice: start, 2...Ng8");
/// assert!(r.to_json().contains("\"valid\": false"));
/// # Ok::<(), scoresheet::laws::ClaimError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimReport {
    /// The Laws applied.
    pub edition: Edition,
    /// The claim.
    pub kind: ClaimKind,
    /// The claimant: the player to move at the claim (`white` / `black`).
    pub claimant: &'static str,
    /// When the claim was made: the last move played before it.
    pub claimed_after: Moment,
    /// The written, unplayed move (`41...Kg7`), if any.
    pub intended: Option<String>,
    /// The position judged (after the intended move, if there is one), as FEN.
    pub fen: String,
    /// The verdict.
    pub valid: bool,
    /// The article the verdict rests on.
    pub article: &'static str,
    /// Why, in one sentence.
    pub reason: String,
    /// The threefold finding (for `threefold` and `any`).
    pub threefold: Option<Threefold>,
    /// The fifty-move finding (for `fifty` and `any`).
    pub fifty: Option<FiftyMoves>,
    /// The game had already ended by itself before the claim (a dead position, Article 9.6).
    pub ended_earlier: Option<AutomaticEnd>,
    /// The position judged, for diagrams.
    #[serde(skip)]
    pub position: Position,
}

/// The result after a flag fall (6.9; 6.10 in 2005).
///
/// ```
/// use scoresheet::board::{Color, Position};
/// use scoresheet::laws::{claims, Edition, GameRecord};
/// let start = Position::from_fen("8/8/4k3/8/3q4/4K3/8/8 w - - 0 60").unwrap();
/// let game = GameRecord::from_uci(start, "")?;
/// let r = claims::flag_fall(&game, None, Color::Black, Edition::Laws2018)?;
/// assert_eq!(r.result, "1/2-1/2");
/// assert_eq!(r.article, "6.9");
/// # Ok::<(), scoresheet::laws::ClaimError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlagReport {
    /// The Laws applied.
    pub edition: Edition,
    /// Whose flag fell (`white` / `black`).
    pub flagged: &'static str,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The article.
    pub article: &'static str,
    /// Why.
    pub reason: String,
    /// The moment of the flag fall.
    pub after: Moment,
    /// The position, as FEN.
    pub fen: String,
    /// The game had already ended by itself before the flag fell (a dead position, Article 9.6).
    pub ended_earlier: Option<AutomaticEnd>,
    /// The position, for diagrams.
    #[serde(skip)]
    pub position: Position,
}

fn times(n: usize) -> String {
    match n {
        0 => "never".to_string(),
        1 => "only once".to_string(),
        2 => "only twice".to_string(),
        n => format!("{n} times"),
    }
}

/// Judges a claim on `game`.
///
/// Errors only when the request itself is impossible: no such moment, or an
/// [`Intended::Move`] that is not legal for the claimant (a written move that is not legal is
/// judged: see [`Intended::NotLegal`]). An incorrect claim is `Ok` with `valid: false`.
///
/// ```
/// use scoresheet::board::{Position, Uci};
/// use scoresheet::laws::{claims, ClaimKind, ClaimRequest, GameRecord};
/// // Black writes 2...Ng8 without playing it: the start position would appear a second time only.
/// let game = GameRecord::from_uci(Position::new(), "g1f3 g8f6 f3g1")?;
/// let pos = game.position(3).unwrap();
/// let intended = pos.from_uci(&"f6g8".parse::<Uci>().unwrap());
/// let req = ClaimRequest {
///     intended: intended.map(claims::Intended::Move),
///     ..ClaimRequest::new(ClaimKind::Threefold)
/// };
/// let r = claims::judge(&game, &req)?;
/// assert_eq!(r.article, "9.2.1.1");
/// assert_eq!(r.intended.as_deref(), Some("2...Ng8"));
/// assert!(!r.valid);
/// # Ok::<(), scoresheet::laws::ClaimError>(())
/// ```
pub fn judge(game: &GameRecord, req: &ClaimRequest) -> Result<ClaimReport, ClaimError> {
    let n = req.at.unwrap_or(game.plies());
    let before = game
        .position(n)
        .ok_or_else(|| ClaimError::NoSuchMoment(n.to_string()))?
        .clone();
    let claimant = before.turn();
    let edition = req.edition;
    if before.is_checkmate() || before.is_stalemate() {
        return Ok(ended_on_the_board(game, n, req, before));
    }
    let mut judged = before.clone();
    let mut intended_label = None;
    let (intended, not_legal) = match &req.intended {
        Some(Intended::Move(m)) => (Some(m), None),
        Some(Intended::NotLegal { written, reason }) => (None, Some((written, reason))),
        None => (None, None),
    };
    if let Some(m) = intended {
        if !before.is_legal(m) {
            return Err(ClaimError::IllegalIntendedMove {
                text: m.to_string(),
                side: claimant,
                fen: before.to_fen(),
                reason: "no such legal move".to_string(),
            });
        }
        intended_label = Some(label_move(&before, m, game.letters()));
        judged.play(m);
    }
    let intended_moment = intended_label.as_ref().map(|l| Moment {
        ply: n + 1,
        label: format!("{l} (written, not played)"),
        fen: judged.to_fen(),
    });

    let threefold = matches!(req.kind, ClaimKind::Threefold | ClaimKind::Any)
        .then(|| threefold(game, n, &judged, intended_moment.clone(), edition));
    let fifty = matches!(req.kind, ClaimKind::Fifty | ClaimKind::Any).then(|| {
        fifty(
            game,
            n,
            &judged,
            intended,
            intended_moment.as_ref(),
            edition,
        )
    });

    let (valid, article, reason) = match (&threefold, &fifty) {
        (Some(t), Some(f)) => {
            if t.valid || !f.valid {
                if t.valid {
                    (true, t.article, t.reason.clone())
                } else {
                    (false, t.article, format!("{}; and {}", t.reason, f.reason))
                }
            } else {
                (true, f.article, f.reason.clone())
            }
        }
        (Some(t), None) => (t.valid, t.article, t.reason.clone()),
        (None, Some(f)) => (f.valid, f.article, f.reason.clone()),
        (None, None) => (false, "9.2", String::new()),
    };
    // Claimed with a written move that does not make the claim good, where the position on
    // the board already did (9.2.1.2, 9.3.2: a claim is correct if either holds): valid.
    let (valid, article, reason) = match intended {
        Some(m) if !valid => match on_the_board(game, n, &before, req.kind, edition) {
            Some((article, on_board)) => (
                true,
                article,
                format!(
                    "{on_board} (the claim needed no written move; {} was not what made it \
                     good)",
                    label_move(&before, m, game.letters())
                ),
            ),
            None => (valid, article, reason),
        },
        // Good with the written move, where the board was good already: the claim rests on the
        // board's rule (9.2.1.2, 9.3.2), which needs no written move; the written-move rule is
        // not what made it correct.
        Some(m) => match on_the_board(game, n, &before, req.kind, edition) {
            Some((board_article, on_board)) => (
                true,
                board_article,
                format!(
                    "{on_board} (the board made the claim good already; the written move {} \
                     was not needed)",
                    label_move(&before, m, game.letters())
                ),
            ),
            None => (valid, article, reason),
        },
        None => (valid, article, reason),
    };
    // Claimed with a written move that is not legal: the position it was to bring about cannot
    // arise, so only the board can make the claim good (judged above as without a written
    // move); not valid under the written-move rule otherwise.
    if let Some((written, _)) = not_legal {
        intended_label = Some(format!(
            "{}{}{written} (not a legal move)",
            before.fullmove_number(),
            claimant.move_number_dots()
        ));
    }
    let (valid, article, reason) = match not_legal {
        Some((written, why)) if valid => (
            valid,
            article,
            format!(
                "{reason} (the claim needed no written move; `{written}` is not a legal move \
                 here: {why})"
            ),
        ),
        Some((written, why)) => {
            let rule = if req.kind == ClaimKind::Fifty {
                Rule::FiftyIntended
            } else {
                Rule::ThreefoldIntended
            };
            (
                false,
                edition.article(rule).unwrap_or(article),
                format!(
                    "the written move `{written}` is not a legal move for {} here ({why}): the \
                     claim cannot rest on it, and on the board {reason}",
                    claimant.name()
                ),
            )
        }
        None => (valid, article, reason),
    };
    // A claim made after the game had ended by itself (9.6, a dead position): the game was
    // drawn already, whatever the claim.
    let ended_earlier = game.automatic_end(edition, n);
    let (valid, article, reason) = match &ended_earlier {
        Some(end) => (
            false,
            end.article,
            format!(
                "the game had already ended: {}; no claim could be made after it",
                end.reason
            ),
        ),
        None => (valid, article, reason),
    };

    Ok(ClaimReport {
        edition,
        kind: req.kind,
        claimant: claimant.name(),
        claimed_after: game.moment(n),
        intended: intended_label,
        fen: judged.to_fen(),
        valid,
        article,
        reason,
        threefold,
        fifty,
        ended_earlier,
        position: judged,
    })
}

/// The article and reason of a claim of `kind` that the position on the board after ply `n`
/// makes good without a written move (9.2.1.2, 9.3.2), if it does.
fn on_the_board(
    game: &GameRecord,
    n: usize,
    before: &Position,
    kind: ClaimKind,
    edition: Edition,
) -> Option<(&'static str, String)> {
    let threefold = matches!(kind, ClaimKind::Threefold | ClaimKind::Any)
        .then(|| threefold(game, n, before, None, edition))
        .filter(|t| t.valid)
        .map(|t| (t.article, t.reason));
    threefold.or_else(|| {
        matches!(kind, ClaimKind::Fifty | ClaimKind::Any)
            .then(|| fifty(game, n, before, None, None, edition))
            .filter(|f| f.valid)
            .map(|f| (f.article, f.reason))
    })
}

/// The report on a claim made where the last move checkmated or stalemated the claimant:
/// that move ended the game (5.1.1, 5.2.1; 5.1a, 5.2a to 2014), so no claim is valid — the
/// result is the mate's, or the stalemate's draw (unless the game had ended before, by a rule
/// of 9.6 or a dead position: that is said instead).
fn ended_on_the_board(
    game: &GameRecord,
    n: usize,
    req: &ClaimRequest,
    position: Position,
) -> ClaimReport {
    let edition = req.edition;
    let side = position.turn();
    let moment = game.moment(n);
    let ended_earlier = game.automatic_end(edition, n);
    let (article, reason) = if let Some(end) = &ended_earlier {
        // Under the 2014 text the 75-move rule ends the game even on a mating move.
        (
            end.article,
            format!("the game had already ended: {}", end.reason),
        )
    } else if position.is_checkmate() {
        (
            edition.article(Rule::Checkmate).unwrap_or("5.1"),
            if moment.ply == 0 {
                format!(
                    "{} is checkmated in the start position: the game was over before any move (won by {}), and no claim can be made",
                    side.name(),
                    (!side).name()
                )
            } else {
                format!(
                    "{} was checkmated by {}: the mating move ended the game (won by {}), and no claim can be made after it",
                    side.name(),
                    moment.label,
                    (!side).name()
                )
            },
        )
    } else {
        (
            edition.article(Rule::Stalemate).unwrap_or("5.2"),
            if moment.ply == 0 {
                format!(
                    "{} is stalemated in the start position: the game was drawn before any move, and no claim can be made",
                    side.name()
                )
            } else {
                format!(
                    "{} was stalemated by {}: the stalemating move ended the game in a draw, before any claim",
                    side.name(),
                    moment.label
                )
            },
        )
    };
    ClaimReport {
        edition,
        kind: req.kind,
        claimant: side.name(),
        claimed_after: moment,
        intended: None,
        fen: position.to_fen(),
        valid: false,
        article,
        reason,
        threefold: None,
        fifty: None,
        ended_earlier,
        position,
    }
}

fn threefold(
    game: &GameRecord,
    n: usize,
    judged: &Position,
    intended: Option<Moment>,
    edition: Edition,
) -> Threefold {
    let k = position_key(judged);
    let mut occurrences = game.occurrences(k, n);
    let written = intended.is_some();
    occurrences.extend(intended);
    let article = edition
        .article(if written {
            Rule::ThreefoldIntended
        } else {
            Rule::ThreefoldOnBoard
        })
        .unwrap_or("9.2");
    let list: Vec<&str> = occurrences.iter().map(|m| m.label.as_str()).collect();
    let valid = occurrences.len() >= 3;
    let reason = format!(
        "the position occurred {}: {}",
        times(occurrences.len()),
        list.join(", ")
    );
    let look_alikes = look_alikes(game, n, judged);
    Threefold {
        valid,
        article,
        reason,
        occurrences,
        look_alikes,
    }
}

/// Positions up to ply `n` with the judged position's pieces and player to move but another key:
/// en passant or castling rights differ (9.2.2.1 / 9.2.2.2; the closing paragraph of 9.2 before).
fn look_alikes(game: &GameRecord, n: usize, judged: &Position) -> Vec<LookAlike> {
    let k = position_key(judged);
    let same_pieces = |p: &Position| {
        p.turn() == judged.turn()
            && p.occupied() == judged.occupied()
            && crate::board::Role::ALL
                .iter()
                .all(|&r| p.by_role(r) == judged.by_role(r))
            && p.by_color(Color::White) == judged.by_color(Color::White)
    };
    (0..=n)
        .filter_map(|i| {
            let p = game.position(i)?;
            if position_key(p) == k || !same_pieces(p) {
                return None;
            }
            let mut why = Vec::new();
            if p.ep_square() != judged.ep_square() {
                match (p.ep_square(), judged.ep_square()) {
                    (Some(sq), _) => {
                        why.push(format!("an en passant capture on {sq} was possible"))
                    }
                    (None, Some(sq)) => {
                        why.push(format!("the en passant capture on {sq} was not possible"))
                    }
                    (None, None) => {}
                }
            }
            if p.castling_rights() != judged.castling_rights() {
                why.push("castling rights were different".to_string());
            }
            if why.is_empty() {
                why.push("the possible moves were different".to_string());
            }
            Some(LookAlike {
                at: game.moment(i),
                difference: why.join("; "),
            })
        })
        .collect()
}

fn fifty(
    game: &GameRecord,
    n: usize,
    judged: &Position,
    intended: Option<&Move>,
    intended_moment: Option<&Moment>,
    edition: Edition,
) -> FiftyMoves {
    let article = edition
        .article(if intended.is_some() {
            Rule::FiftyIntended
        } else {
            Rule::FiftyOnBoard
        })
        .unwrap_or("9.3");
    let halfmoves = judged.halfmove_clock();
    let since = match (intended, intended_moment) {
        (Some(m), Some(im)) if m.is_zeroing() => Some(im.clone()),
        _ => game.last_zeroing(n),
    };
    let since_text = match &since {
        Some(m) => format!("since {m}"),
        None if halfmoves == 0 => "from the start".to_string(),
        // No pawn move or capture recorded, and none before them (the start's clock is 0).
        None if game.position(0).is_some_and(|p| p.halfmove_clock() == 0) => {
            "since the start".to_string()
        }
        None => "since before the recorded moves".to_string(),
    };
    let valid = halfmoves >= 100;
    let moves = halfmoves / 2;
    let reason = if valid {
        format!(
            "each player made the last 50 moves without a pawn move or capture: {halfmoves} half-moves {since_text}"
        )
    } else {
        let short = 100 - halfmoves;
        let plural =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let counted = match (moves, halfmoves % 2 == 1) {
            (0, false) => "not one half-move".to_owned(),
            (0, true) => "only 1 half-move".to_owned(),
            (m, false) => format!(
                "only {halfmoves} half-moves ({})",
                plural(m, "move", "moves")
            ),
            (m, true) => format!(
                "only {halfmoves} half-moves ({} and one half-move)",
                plural(m, "move", "moves")
            ),
        };
        format!(
            "{counted} without a pawn move or capture {since_text}: {} short of 50 moves by each player",
            plural(short, "half-move", "half-moves")
        )
    };
    FiftyMoves {
        valid,
        article,
        reason,
        since,
        halfmoves,
    }
}

/// The result after `flagged`'s flag fell at ply `at` (default: after the recorded moves).
///
/// In order: a game already over by Article 9.6 stays drawn (2018 commentary to 6.9); a
/// checkmate on the board stands (5.1a / 5.1.1); stalemate draws (5.2a / 5.2.1); otherwise the
/// flagged player loses if the opponent can checkmate by some series of legal moves, and the game
/// is drawn if not (6.9; 6.10 in 2005) — a dead position (neither can mate) is cited as such.
///
/// ```
/// use scoresheet::board::{Color, Position};
/// use scoresheet::laws::{claims, Edition, GameRecord};
/// let start = Position::from_fen("8/8/4k3/8/8/3RK3/8/8 b - - 0 60").unwrap();
/// let game = GameRecord::from_uci(start, "")?;
/// let r = claims::flag_fall(&game, None, Color::Black, Edition::Laws2005)?;
/// assert_eq!((r.result, r.article), ("1-0", "6.10"));
/// # Ok::<(), scoresheet::laws::ClaimError>(())
/// ```
pub fn flag_fall(
    game: &GameRecord,
    at: Option<usize>,
    flagged: Color,
    edition: Edition,
) -> Result<FlagReport, ClaimError> {
    let n = at.unwrap_or(game.plies());
    let pos = game
        .position(n)
        .ok_or_else(|| ClaimError::NoSuchMoment(n.to_string()))?
        .clone();
    let opponent = !flagged;
    let win = |c: Color| match c {
        Color::White => "1-0",
        Color::Black => "0-1",
    };
    let ended_earlier = game.automatic_end(edition, n);
    let article_of = |r: Rule| edition.article(r).unwrap_or("?");
    let (result, article, reason) = if let Some(end) = &ended_earlier {
        (
            "1/2-1/2",
            end.article,
            format!("the game had already ended: {}", end.reason),
        )
    } else if pos.is_checkmate() {
        let mated = pos.turn();
        (
            win(!mated),
            article_of(Rule::Checkmate),
            format!(
                "{} is checkmated: the game ended with the mating move",
                mated.name()
            ),
        )
    } else if pos.is_stalemate() {
        (
            "1/2-1/2",
            article_of(Rule::Stalemate),
            format!(
                "{} is stalemated: the game ended with the stalemating move",
                pos.turn().name()
            ),
        )
    } else if dead::can_checkmate(&pos, opponent)? {
        (
            win(opponent),
            article_of(Rule::FlagFall),
            format!(
                "{} lost on time: {} can still checkmate by a series of legal moves",
                player(flagged),
                player(opponent)
            ),
        )
    } else if !dead::can_checkmate(&pos, flagged)? {
        (
            "1/2-1/2",
            article_of(Rule::DeadPosition),
            "dead position: neither player can checkmate by any series of legal moves".to_string(),
        )
    } else {
        (
            "1/2-1/2",
            article_of(Rule::FlagFall),
            format!(
                "{}'s flag fell, but {} cannot checkmate by any possible series of legal moves",
                player(flagged),
                player(opponent)
            ),
        )
    };
    Ok(FlagReport {
        edition,
        flagged: flagged.name(),
        result,
        article,
        reason,
        after: game.moment(n),
        fen: pos.to_fen(),
        ended_earlier,
        position: pos,
    })
}

impl ClaimReport {
    /// The report as pretty-printed JSON.
    ///
    /// ```
    /// use scoresheet::{board::Position, laws::{claims, ClaimKind, ClaimRequest, GameRecord}};
    /// let game = GameRecord::from_uci(Position::new(), "e2e4")?;
    /// let r = claims::judge(&game, &ClaimRequest::new(ClaimKind::Fifty))?;
    /// assert!(r.to_json().contains("\"article\": \"9.3.2\""));
    /// # Ok::<(), scoresheet::laws::ClaimError>(())
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// An SVG diagram of the judged position.
    ///
    /// ```
    /// use scoresheet::{board::Position, laws::{claims, ClaimKind, ClaimRequest, GameRecord}};
    /// let game = GameRecord::from_uci(Position::new(), "e2e4")?;
    /// let r = claims::judge(&game, &ClaimRequest::new(ClaimKind::Fifty))?;
    /// assert!(r.to_svg().starts_with("<svg"));
    /// # Ok::<(), scoresheet::laws::ClaimError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        diagram::svg(
            &self.position,
            &format!("{} ({})", self.fen, self.verdict_word()),
        )
    }

    /// The verdict in a word or three: `valid`, `not valid`, or `game had ended` where no claim
    /// could be made any more (an automatic draw, a dead position, a mate or stalemate on the
    /// board before the claim): "not valid" would mean play goes on (9.5.3).
    fn verdict_word(&self) -> &'static str {
        match (self.valid, self.game_had_ended()) {
            (true, _) => "valid",
            (false, true) => "game had ended",
            (false, false) => "not valid",
        }
    }

    /// Whether the game had ended before the claim: by itself (`ended_earlier`), or by a mate
    /// or stalemate on the board when no move is written down.
    fn game_had_ended(&self) -> bool {
        self.ended_earlier.is_some()
            || (self.intended.is_none()
                && (self.position.is_checkmate() || self.position.is_stalemate()))
    }
}

impl FlagReport {
    /// The report as pretty-printed JSON (fields `result`, `article`, `reason`, ...).
    ///
    /// ```
    /// use scoresheet::board::{Color, Position};
    /// use scoresheet::laws::{claims, Edition, GameRecord};
    /// let game = GameRecord::from_uci(Position::new(), "")?;
    /// let r = claims::flag_fall(&game, None, Color::White, Edition::Laws2018)?;
    /// assert!(r.to_json().contains("\"result\": \"0-1\""));
    /// # Ok::<(), scoresheet::laws::ClaimError>(())
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// An SVG diagram of the position.
    ///
    /// ```
    /// use scoresheet::board::{Color, Position};
    /// use scoresheet::laws::{claims, Edition, GameRecord};
    /// let game = GameRecord::from_uci(Position::new(), "")?;
    /// let r = claims::flag_fall(&game, None, Color::White, Edition::Laws2018)?;
    /// assert!(r.to_svg().contains("</svg>"));
    /// # Ok::<(), scoresheet::laws::ClaimError>(())
    /// ```
    pub fn to_svg(&self) -> String {
        diagram::svg(&self.position, &format!("{} ({})", self.fen, self.result))
    }
}

impl fmt::Display for ClaimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            ClaimKind::Threefold => "threefold repetition",
            ClaimKind::Fifty => "fifty moves",
            ClaimKind::Any => "a draw (threefold repetition or fifty moves)",
        };
        writeln!(
            f,
            "{} claims {kind} {} (Laws of Chess {})",
            capitalised(self.claimant),
            self.claimed_after.after(),
            self.edition
        )?;
        if let Some(i) = &self.intended {
            writeln!(f, "Written, not played: {i}")?;
        }
        writeln!(
            f,
            "Verdict: {} — Article {}: {}",
            match (self.valid, self.game_had_ended()) {
                (true, _) => "VALID",
                (false, true) => "NO CLAIM, THE GAME HAD ENDED",
                (false, false) => "NOT VALID",
            },
            self.article,
            self.reason
        )?;
        if let Some(t) = &self.threefold {
            writeln!(f, "Threefold ({}): {}", t.article, t.reason)?;
            for m in &t.occurrences {
                writeln!(f, "  {:<28} {}", m.label, m.fen)?;
            }
            for l in &t.look_alikes {
                writeln!(f, "  not the same: {} — {}", l.at.label, l.difference)?;
            }
        }
        if let Some(x) = &self.fifty {
            writeln!(f, "Fifty moves ({}): {}", x.article, x.reason)?;
        }
        if let Some(e) = &self.ended_earlier {
            writeln!(
                f,
                "Note: the game had already ended by Article {} {}: {}",
                e.article,
                e.at.after(),
                e.reason
            )?;
        }
        writeln!(f, "FEN: {}", self.fen)?;
        write!(f, "{}", diagram::text(&self.position))
    }
}

impl fmt::Display for FlagReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}'s flag fell {} (Laws of Chess {})",
            capitalised(self.flagged),
            self.after.after(),
            self.edition
        )?;
        writeln!(
            f,
            "Result: {} — Article {}: {}",
            self.result, self.article, self.reason
        )?;
        writeln!(f, "FEN: {}", self.fen)?;
        write!(f, "{}", diagram::text(&self.position))
    }
}

/// `White` or `Black`, as a sentence names the player.
fn player(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `41...` for the moment before Black's 41st move.
///
/// ```
/// use scoresheet::board::Position;
/// assert_eq!(scoresheet::laws::claims::move_number_of(&Position::new()), "1.");
/// ```
pub fn move_number_of(pos: &Position) -> String {
    format!("{}{}", pos.fullmove_number(), pos.turn().move_number_dots())
}
