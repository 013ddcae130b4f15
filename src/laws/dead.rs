//! Dead positions (Laws 5.2b / 5.2.2) and "can this side still checkmate?" (flag falls, 6.9).
//!
//! A position is dead when neither player can checkmate by any series of legal moves, even with
//! the opponent's help (2018 text `003_…`, Article 5.2.2; 2014 `001_…` 5.2b and 9.7; 2009 `002_…`
//! 5.2b and 9.6; 2005 `000_…` 5.2b and 9.6). After a fallen flag the game is drawn exactly when
//! the opponent cannot checkmate by any possible series of legal moves (6.9; 6.10 in 2005).
//!
//! Both questions are decided exactly, not by counting material: a few simple rules answer the
//! easy cases at once (a lone king can never give mate; king and knight, or king and bishops all
//! on one colour, cannot mate a side that has nothing to block its own king with); then short
//! helpmate searches on our own board, one plain move deep and then two, look for a mate (finding
//! one proves the side can mate; not finding one proves nothing), and every position still open
//! goes to the helpmate solver of
//! M. Ambrona (FUN 2022), the MIT crate `chasolver`, which either finds a mating line or proves
//! none exists. The simple rules and the quick search are checked against the solver on the
//! 3,414 labelled positions of `../shared/data/draws/helpmate-labels.tsv` and on the final
//! positions of real games.
//!
//! ```
//! use scoresheet::board::Color;
//! use scoresheet::laws::dead;
//! // Locked pawn wall: the bishops can never break through.
//! let fen = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1";
//! assert!(!dead::can_checkmate_fen(fen, Color::Black)?);
//! assert!(dead::can_checkmate_fen(fen, Color::White)?);
//! assert!(!dead::mateability_fen(fen)?.is_dead());
//! # Ok::<(), scoresheet::laws::DeadError>(())
//! ```

use crate::board::{attacks, Bitboard, CastlingSide, Color, File, Piece, Position, Role, Square};
use serde::Serialize;
use std::str::FromStr;

/// Why a position could not be analysed.
///
/// ```
/// use scoresheet::laws::dead;
/// assert!(dead::mateability_fen("not a fen").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeadError {
    /// The FEN could not be read (by the solver's position type).
    #[error("cannot analyse the position `{fen}`: {reason}")]
    BadPosition {
        /// The FEN given.
        fen: String,
        /// What was wrong with it.
        reason: String,
    },
    /// The solver stopped at its node limit without an answer (no known position does this).
    #[error("the helpmate solver could not decide whether {winner} can checkmate in `{fen}`")]
    Undecided {
        /// The FEN analysed.
        fen: String,
        /// The side whose checkmate was sought.
        winner: Color,
    },
}

/// Which sides can still checkmate by some series of legal moves.
///
/// ```
/// use scoresheet::laws::dead::Mateability;
/// let m = Mateability { white: true, black: false };
/// assert_eq!(m.label(), "W-");
/// assert!(!m.is_dead());
/// assert!(m.can_mate(scoresheet::board::Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Mateability {
    /// White can still checkmate Black.
    pub white: bool,
    /// Black can still checkmate White.
    pub black: bool,
}

impl Mateability {
    /// Whether neither side can checkmate: a dead position (5.2b / 5.2.2).
    ///
    /// ```
    /// use scoresheet::laws::dead::Mateability;
    /// assert!(Mateability { white: false, black: false }.is_dead());
    /// ```
    pub const fn is_dead(self) -> bool {
        !self.white && !self.black
    }

    /// Whether `color` can still checkmate.
    ///
    /// ```
    /// use scoresheet::{board::Color, laws::dead::Mateability};
    /// assert!(Mateability { white: false, black: true }.can_mate(Color::Black));
    /// ```
    pub const fn can_mate(self, color: Color) -> bool {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The two-letter label of `helpmate-labels.tsv`: `WB`, `W-`, `-B` or `--`.
    ///
    /// ```
    /// use scoresheet::laws::dead::Mateability;
    /// assert_eq!(Mateability { white: false, black: false }.label(), "--");
    /// ```
    pub const fn label(self) -> &'static str {
        match (self.white, self.black) {
            (true, true) => "WB",
            (true, false) => "W-",
            (false, true) => "-B",
            (false, false) => "--",
        }
    }
}

/// The pieces on the board, by colour and role: all the simple rules look at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Material {
    pieces: [[Bitboard; 6]; 2],
}

impl Material {
    /// Reads the piece placement (first field) of a FEN.
    fn from_fen(fen: &str) -> Option<Material> {
        let placement = fen.split_whitespace().next()?;
        let mut m = Material::default();
        let mut rank: i32 = 7;
        let mut file: i32 = 0;
        for c in placement.chars() {
            match c {
                '/' => {
                    rank -= 1;
                    file = 0;
                }
                '1'..='8' => file += c as i32 - '0' as i32,
                _ => {
                    let piece = Piece::from_fen_char(c)?;
                    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                        return None;
                    }
                    let sq = Square::new((rank * 8 + file) as u32)?;
                    m.pieces[piece.color.index()][piece.role.index()].add(sq);
                    file += 1;
                }
            }
        }
        Some(m)
    }

    /// The pieces of a position.
    fn from_position(pos: &Position) -> Material {
        let mut m = Material::default();
        for color in Color::ALL {
            for role in Role::ALL {
                m.pieces[color.index()][role.index()] = pos.by_piece(Piece::new(color, role));
            }
        }
        m
    }

    fn get(&self, color: Color, role: Role) -> Bitboard {
        self.pieces[color.index()][role.index()]
    }

    /// Everything of `color` but the king.
    fn army(&self, color: Color) -> Bitboard {
        let p = &self.pieces[color.index()];
        p[0] | p[1] | p[2] | p[3] | p[4]
    }

    /// The simple, exact rules: `Some(false)` when `winner` certainly cannot checkmate, `None`
    /// when the solver has to decide.
    fn simple_verdict(&self, winner: Color) -> Option<bool> {
        let loser = !winner;
        let ours = self.army(winner);
        // A lone king never gives check, and without pawns it never gets another piece.
        if ours.is_empty() {
            return Some(false);
        }
        let theirs = self.army(loser);
        let knights = self.get(winner, Role::Knight);
        let bishops = self.get(winner, Role::Bishop);
        // King and one knight against a bare king: the mated king would need a blocker of its own.
        if theirs.is_empty() && ours == knights && knights.count() == 1 {
            return Some(false);
        }
        // Only bishops on squares of one colour, against a king with at most bishops on the same
        // colour: no piece can ever cover or block a square of the other colour next to the king.
        if ours == bishops {
            let all_bishops = bishops | self.get(loser, Role::Bishop);
            if theirs == self.get(loser, Role::Bishop)
                && (all_bishops & Bitboard::LIGHT_SQUARES == all_bishops
                    || all_bishops & Bitboard::DARK_SQUARES == all_bishops)
            {
                return Some(false);
            }
        }
        None
    }
}

/// Whether `winner` can checkmate from the position `fen` by some series of legal moves (the
/// question of 6.9 after the other side's flag fell).
///
/// ```
/// use scoresheet::{board::Color, laws::dead};
/// assert!(!dead::can_checkmate_fen("8/8/4k3/8/8/3NK3/8/8 b - - 0 60", Color::White)?);
/// assert!(dead::can_checkmate_fen("8/8/4k3/8/8/3RK3/8/8 b - - 0 60", Color::White)?);
/// # Ok::<(), scoresheet::laws::DeadError>(())
/// ```
pub fn can_checkmate_fen(fen: &str, winner: Color) -> Result<bool, DeadError> {
    let material = Material::from_fen(fen).ok_or_else(|| DeadError::BadPosition {
        fen: fen.to_string(),
        reason: "the piece placement cannot be read".to_string(),
    })?;
    if let Some(verdict) = material.simple_verdict(winner) {
        return Ok(verdict);
    }
    let board = solver_board(fen)?;
    solve(&board, winner).ok_or_else(|| DeadError::Undecided {
        fen: fen.to_string(),
        winner,
    })
}

/// Which sides can still checkmate from the position `fen`.
///
/// ```
/// use scoresheet::laws::dead;
/// // Bishops on one colour only: a dead position.
/// assert!(dead::mateability_fen("8/8/4k3/5b2/8/3BK3/8/8 w - - 0 60")?.is_dead());
/// # Ok::<(), scoresheet::laws::DeadError>(())
/// ```
pub fn mateability_fen(fen: &str) -> Result<Mateability, DeadError> {
    Ok(Mateability {
        white: can_checkmate_fen(fen, Color::White)?,
        black: can_checkmate_fen(fen, Color::Black)?,
    })
}

/// Whether the position `fen` is dead: neither side can checkmate (5.2b / 5.2.2). Stops as soon
/// as one side is shown able to mate.
///
/// ```
/// use scoresheet::laws::dead;
/// assert!(dead::is_dead_fen("8/8/4k3/8/8/4K3/8/8 w - - 0 1")?);
/// assert!(!dead::is_dead_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?);
/// # Ok::<(), scoresheet::laws::DeadError>(())
/// ```
pub fn is_dead_fen(fen: &str) -> Result<bool, DeadError> {
    Ok(!can_checkmate_fen(fen, Color::White)? && !can_checkmate_fen(fen, Color::Black)?)
}

/// Whether `winner` can checkmate from `pos` by some series of legal moves: after the other
/// side's flag fell, the game is lost for it exactly when this is true (6.9; 6.10 in 2005).
///
/// ```
/// use scoresheet::board::{Color, Position};
/// use scoresheet::laws::dead;
/// let pos = Position::from_fen("8/8/8/8/8/2k5/1q6/K7 w - - 0 70").unwrap();
/// assert!(dead::can_checkmate(&pos, Color::Black)?);
/// assert!(!dead::can_checkmate(&pos, Color::White)?);
/// # Ok::<(), scoresheet::laws::DeadError>(())
/// ```
pub fn can_checkmate(pos: &Position, winner: Color) -> Result<bool, DeadError> {
    match can_checkmate_quick(pos, winner) {
        Some(verdict) => Ok(verdict),
        None if deeper_helpmate(pos, winner) => Ok(true),
        None => solver_verdict(pos, winner),
    }
}

/// The certain but incomplete part of [`can_checkmate`], cheap enough to ask after every game:
/// `Some(false)` when the simple material rules rule a mate out, `Some(true)` when a short
/// helpmate search on our own board actually reached a checkmate by `winner` (see
/// [`QUICK_SEARCH_MOVES`]), and `None` when only the exact analysis can tell.
///
/// ```
/// use scoresheet::board::{Color, Position};
/// use scoresheet::laws::dead;
/// let pos = Position::new();
/// assert_eq!(dead::can_checkmate_quick(&pos, Color::White), Some(true));
/// let bare = Position::from_fen("8/8/4k3/8/8/3NK3/8/8 b - - 0 60").unwrap();
/// assert_eq!(dead::can_checkmate_quick(&bare, Color::White), Some(false));
/// // Locked pawn wall: no short search can mate; the exact analysis says no.
/// let wall = Position::from_fen("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1").unwrap();
/// assert_eq!(dead::can_checkmate_quick(&wall, Color::Black), None);
/// ```
pub fn can_checkmate_quick(pos: &Position, winner: Color) -> Option<bool> {
    if let Some(verdict) = Material::from_position(pos).simple_verdict(winner) {
        return Some(verdict);
    }
    quick_helpmate(pos, winner, QUICK_SEARCH_MOVES).then_some(true)
}

/// The exact analysis of [`can_checkmate`] by the helpmate solver.
fn solver_verdict(pos: &Position, winner: Color) -> Result<bool, DeadError> {
    // The solver analyses White's chances; for Black it mirrors the board (ranks and colours)
    // first. Building the mirrored board directly from our position saves that second build.
    let mirror = winner == Color::Black;
    let (board, approximated) = position_to_solver(pos, mirror)?;
    let verdict = solve(&board, Color::White).ok_or_else(|| DeadError::Undecided {
        fen: pos.to_fen(),
        winner,
    })?;
    if approximated && !verdict {
        // Castling rights the solver cannot express (Chess960) were left out: a helpmate found
        // without them is still a helpmate, but "impossible" might not hold with them.
        return Err(DeadError::Undecided {
            fen: pos.to_fen(),
            winner,
        });
    }
    Ok(verdict)
}

/// Which sides can still checkmate from `pos`.
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::laws::dead;
/// assert_eq!(dead::mateability(&Position::new())?.label(), "WB");
/// # Ok::<(), scoresheet::laws::DeadError>(())
/// ```
pub fn mateability(pos: &Position) -> Result<Mateability, DeadError> {
    Ok(Mateability {
        white: can_checkmate(pos, Color::White)?,
        black: can_checkmate(pos, Color::Black)?,
    })
}

/// Whether `pos` is a dead position: neither side can checkmate by any series of legal moves
/// (5.2b / 5.2.2). Asks first about the side with more material, and stops as soon as one side
/// is shown able to mate.
///
/// ```
/// use scoresheet::board::Position;
/// use scoresheet::laws::dead;
/// let pos = Position::from_fen("8/8/4k3/8/8/3BK3/8/8 b - - 0 60").unwrap();
/// assert!(dead::is_dead_position(&pos)?);
/// # Ok::<(), scoresheet::laws::DeadError>(())
/// ```
pub fn is_dead_position(pos: &Position) -> Result<bool, DeadError> {
    let weight = |c: Color| {
        let count = |r: Role| pos.by_piece(Piece::new(c, r)).count();
        count(Role::Pawn)
            + 3 * (count(Role::Knight) + count(Role::Bishop))
            + 5 * count(Role::Rook)
            + 9 * count(Role::Queen)
    };
    let first = if weight(Color::White) >= weight(Color::Black) {
        Color::White
    } else {
        Color::Black
    };
    // The quick answers first: one helpmate found for either side settles it.
    let quick_first = can_checkmate_quick(pos, first);
    if quick_first == Some(true) {
        return Ok(false);
    }
    let quick = [quick_first, can_checkmate_quick(pos, !first)];
    if quick[1] == Some(true) {
        return Ok(false);
    }
    for (side, verdict) in [first, !first].into_iter().zip(quick) {
        if verdict.is_none() && deeper_helpmate(pos, side) {
            return Ok(false);
        }
    }
    for (side, verdict) in [first, !first].into_iter().zip(quick) {
        if verdict.is_none() && solver_verdict(pos, side)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The solver's board for `pos`, built square by square (no FEN text); with `mirror`, ranks and
/// colours swapped (Black's chances become White's, as the solver itself does). The flag is set
/// when castling rights had to be left out because the solver knows only standard castling.
fn position_to_solver(pos: &Position, mirror: bool) -> Result<(chess::Board, bool), DeadError> {
    let color = |c: Color| solver_color(if mirror { !c } else { c });
    let square = |sq: Square| {
        let rank = if mirror {
            7 - sq.rank().index()
        } else {
            sq.rank().index()
        };
        chess::Square::make_square(
            chess::Rank::from_index(rank),
            chess::File::from_index(sq.file().index()),
        )
    };
    let mut b = chess::BoardBuilder::new();
    for sq in pos.occupied() {
        if let Some(piece) = pos.piece_at(sq) {
            let role = match piece.role {
                Role::Pawn => chess::Piece::Pawn,
                Role::Knight => chess::Piece::Knight,
                Role::Bishop => chess::Piece::Bishop,
                Role::Rook => chess::Piece::Rook,
                Role::Queen => chess::Piece::Queen,
                Role::King => chess::Piece::King,
            };
            b.piece(square(sq), role, color(piece.color));
        }
    }
    b.side_to_move(color(pos.turn()));
    let mut approximated = false;
    for side_color in Color::ALL {
        let rights = pos.castling_rights();
        let back = side_color.back_rank();
        let king_home = pos.king_of(side_color) == Square::from_coords(File::E, back);
        let mut standard = |side: CastlingSide, file: File| match rights.rook(side_color, side) {
            Some(rook) if king_home && rook == Square::from_coords(file, back) => true,
            Some(_) => {
                approximated = true;
                false
            }
            None => false,
        };
        let king = standard(CastlingSide::King, File::H);
        let queen = standard(CastlingSide::Queen, File::A);
        let cr = match (king, queen) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            (false, true) => chess::CastleRights::QueenSide,
            (false, false) => chess::CastleRights::NoRights,
        };
        b.castle_rights(
            solver_color(if mirror { !side_color } else { side_color }),
            cr,
        );
    }
    b.en_passant(
        pos.ep_square()
            .map(|sq| chess::File::from_index(sq.file().index())),
    );
    let board = chess::Board::try_from(b).map_err(|e| DeadError::BadPosition {
        fen: pos.to_fen(),
        reason: e.to_string(),
    })?;
    Ok((board, approximated))
}

const fn solver_color(c: Color) -> chess::Color {
    match c {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

fn solver_board(fen: &str) -> Result<chess::Board, DeadError> {
    chess::Board::from_str(fen).map_err(|e| DeadError::BadPosition {
        fen: fen.to_string(),
        reason: e.to_string(),
    })
}

/// The solver's verdict: `Some(true)` winnable, `Some(false)` unwinnable, `None` undecided.
fn solve(board: &chess::Board, winner: Color) -> Option<bool> {
    match chasolver::winnability(board, solver_color(winner))? {
        chasolver::Winnability::Winnable { .. } => Some(true),
        chasolver::Winnability::Unwinnable => Some(false),
    }
}

/// How many moves the quick helpmate search of [`can_checkmate_quick`] considers before it
/// gives up (per side). On the final positions of the real games in `../shared/data/games`
/// it finds a mate for about nine in ten positions that are not over on the board, in a few
/// microseconds each; raising it finds few more.
///
/// ```
/// assert!(scoresheet::laws::dead::QUICK_SEARCH_MOVES >= 100);
/// ```
pub const QUICK_SEARCH_MOVES: u32 = 1000;

/// A quick, one-sided proof that `winner` can still checkmate: a short helpmate search on our
/// own board that returns `true` only when it actually reached a checkmate of `winner`'s
/// opponent by legal moves (so the answer is certain), and `false` when it gave up within its
/// budget of `nodes` moves considered (which proves nothing: the exact analysis decides then).
///
/// The search is the first, cheap phase of the helpmate solver of M. Ambrona (`chasolver`,
/// MIT): a depth-one search in which promising moves do not count against the depth — for the
/// mating side captures, pawn advances and king or knight steps towards the mating corner; for
/// the other side king or knight steps towards that corner — so that long simplifying lines are
/// followed while everything else is looked at one move deep. Unlike the solver, the mating
/// side's mates in one are tried before any of its lines goes deeper, which finds a mate in
/// about a third fewer moves; and where the other side is to move, its first move does not count
/// against the depth either (the winner's lines get the depth they would have a ply later),
/// which settles more final positions with fewer moves (`check -j 1` on 3,000 lichess games:
/// 780 M instructions before, 759 M after). On our board the leaves cost a
/// move and a check test instead of a move generation, which makes it several times cheaper
/// than the solver's own first phase, and on final positions of real games it finds a mate for
/// most of them.
fn quick_helpmate(pos: &Position, winner: Color, nodes: u32) -> bool {
    let mut search = Quick {
        winner,
        nodes_left: nodes,
        line: 0,
        corner: MatingCorner::of(pos, winner),
        max_depth: 1,
    };
    search.helpmate(pos, 0, false)
}

/// How many moves the second, deeper search (two plain moves per line instead of one) may
/// consider before the exact solver is asked. Of the questions the quick search leaves open on
/// the final positions of decisive games it settles four in five on `otb-classics` and one in
/// three on the lichess sample (most of the rest are sides that truly cannot mate), and it
/// costs less than the solver would for them.
const DEEPER_SEARCH_MOVES: u32 = 2000;

/// The quick search with a deeper horizon (two plain moves per line instead of one), for the
/// positions the quick search leaves open; as certain when it finds a mate, and as silent
/// when it does not.
fn deeper_helpmate(pos: &Position, winner: Color) -> bool {
    let mut search = Quick {
        winner,
        nodes_left: DEEPER_SEARCH_MOVES,
        line: 0,
        corner: MatingCorner::of(pos, winner),
        max_depth: 2,
    };
    search.helpmate(pos, 0, false)
}

/// Which corner the quick search steers the losing king to (files relative to the winner).
#[derive(Clone, Copy)]
struct MatingCorner {
    /// The h-file corner (the dark one from the winner's side) rather than the a-file one.
    h_side: bool,
}

impl MatingCorner {
    /// The dark corner when the winner has dark-squared bishops, or no bishops while the other
    /// side has light-squared ones (from the winner's side of the board); with no bishop on the
    /// board, the corner on the other king's half (a king on g8 is mated on the h-side, not
    /// walked to a8 first: king and rook against it took 1,203 moves considered instead of 21).
    fn of(pos: &Position, winner: Color) -> MatingCorner {
        // Seen from Black's side the board is mirrored, which swaps the square colours.
        let (dark, light) = match winner {
            Color::White => (Bitboard::DARK_SQUARES, Bitboard::LIGHT_SQUARES),
            Color::Black => (Bitboard::LIGHT_SQUARES, Bitboard::DARK_SQUARES),
        };
        let bishops = pos.by_role(Role::Bishop);
        let ours = bishops & pos.by_color(winner);
        let theirs = bishops & pos.by_color(!winner);
        let h_side = if bishops.is_empty() {
            pos.king_of(!winner).file() >= File::E
        } else {
            (ours & dark).any() || (ours.is_empty() && (theirs & light).any())
        };
        MatingCorner { h_side }
    }

    /// The target squares of the side to move's king and knights (winner or not), relative to
    /// the winner.
    fn targets(self, winner_moves: bool, winner: Color) -> [Square; 2] {
        let [king, knight] = if winner_moves {
            [Square::G7, Square::E5]
        } else {
            [Square::H8, Square::G8]
        };
        let side = |sq: Square| {
            let sq = if self.h_side {
                sq
            } else {
                Square::from_coords(File::ALL[7 - sq.file().index()], sq.rank())
            };
            sq.relative_to(winner)
        };
        [side(king), side(knight)]
    }
}

/// How a move changes the quick search's depth.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Reward,
    Normal,
    Punish,
}

/// Where the side to move's king and knights head in a node of the quick search: a move of
/// either that comes closer is rewarded.
struct Node {
    winner_moves: bool,
    king: Square,
    /// How far the king stands from its target.
    king_distance: u32,
    knight: Square,
}

struct Quick {
    winner: Color,
    nodes_left: u32,
    line: u32,
    corner: MatingCorner,
    /// The depth at which a line stops (1 for the quick search).
    max_depth: u32,
}

impl Quick {
    /// What [`Quick::step`] asks of every move of `pos`, worked out once for all of them.
    fn node(&self, pos: &Position) -> Node {
        let winner_moves = pos.turn() == self.winner;
        let [king, knight] = self.corner.targets(winner_moves, self.winner);
        Node {
            winner_moves,
            king,
            king_distance: pos.king_of(pos.turn()).distance(king),
            knight,
        }
    }

    /// How `m`, a move of the node's position, changes the search's depth.
    fn step(node: &Node, m: &crate::board::Move) -> Step {
        let toward = || match (m.role(), m.from()) {
            // The king moves from its own square, whose distance the node holds.
            (Role::King, Some(_)) => m.to().distance(node.king) < node.king_distance,
            (Role::Knight, Some(from)) => {
                knight_distance(m.to(), node.knight) < knight_distance(from, node.knight)
            }
            _ => false,
        };
        // En passant is not a capture here: the solver looks at the target square only.
        let capture = !m.is_en_passant() && m.is_capture();
        if node.winner_moves {
            if m.role() == Role::Pawn || capture || toward() {
                Step::Reward
            } else {
                Step::Normal
            }
        } else if toward() {
            Step::Reward
        } else if capture {
            Step::Punish
        } else {
            Step::Normal
        }
    }

    /// Whether a helpmate was reached from `pos`, `depth` steps into a search `max_depth` deep
    /// (the mates in one it tries first do not count against the budget of moves).
    fn helpmate(&mut self, pos: &Position, depth: u32, past_progress: bool) -> bool {
        if pos.has_insufficient_material(self.winner) || depth >= self.max_depth || self.line >= 128
        {
            return false;
        }
        let winner_moves = pos.turn() == self.winner;
        // Mates in one are tried first, before any line goes deeper; not where the king to be
        // mated has three or more flight squares nobody attacks (see `MATE_IN_ONE_FREE_FLIGHTS`).
        let checks = (winner_moves
            && free_flights(pos, self.winner, MATE_IN_ONE_FREE_FLIGHTS) < MATE_IN_ONE_FREE_FLIGHTS)
            .then(|| CheckSquares::new(pos, self.winner));
        let last = !past_progress && depth + 1 >= self.max_depth;
        let mut moves = crate::board::MoveList::new();
        // Moves counted against the budget without being generated (see `Leaves`).
        let mut skipped = 0;
        if !winner_moves && self.line != 0 && last {
            // Only a step towards the mating corner goes on from here (any other move would
            // spend the last of the depth): only kings' and knights' moves (castling with them)
            // need generating.
            pos.legal_moves_of_onto(&[Role::King, Role::Knight], Bitboard::FULL, &mut moves);
        } else if winner_moves && last {
            // Only the mating side's rewarded moves go on, and only moves that may check can
            // mate at once: its other moves are counted, not built.
            let mut leaves = Leaves {
                collect: crate::board::Collect(&mut moves),
                theirs: pos.by_color(!self.winner),
                checks: checks.as_ref(),
                skipped: 0,
            };
            pos.generate_legal(&mut leaves);
            skipped = leaves.skipped;
        } else {
            pos.legal_moves(&mut moves);
        }
        // The solver's order: pawns, knights, bishops, rooks, queens, king. Our generator gives
        // the king's moves (castling included) first and the pawns' last.
        let n = moves.len();
        let kings = moves.iter().take_while(|m| m.role() == Role::King).count();
        let pawns = moves
            .iter()
            .rev()
            .take_while(|m| m.role() == Role::Pawn)
            .count();
        if pawns + kings < n || pawns > 0 {
            moves.rotate_left(kings);
            if let Some(front) = moves.get_mut(..n - kings) {
                front.rotate_right(pawns.min(n - kings));
            }
        }
        if winner_moves && pawns > 1 {
            // The mating side's pawns nearest promotion first: a line promotes one pawn instead
            // of pushing every pawn in square order (from a2 for White, the furthest back).
            let turn = pos.turn();
            if let Some(front) = moves.get_mut(..pawns) {
                // Insertion sort: stable (promotions keep their order) and allocation-free.
                let rank = |m: &crate::board::Move| m.to().rank().relative_to(turn);
                for i in 1..front.len() {
                    let mut j = i;
                    while j > 0 && rank(&front[j - 1]) < rank(&front[j]) {
                        front.swap(j - 1, j);
                        j -= 1;
                    }
                }
            }
        }
        if !winner_moves {
            // The defender helps most by blocking its own king's flight squares: those moves first.
            let flight = attacks::king_attacks(pos.king_of(pos.turn()));
            let mut front = 0;
            for i in 0..moves.len() {
                if moves[i].role() != Role::King && flight.contains(moves[i].to()) {
                    moves.swap(front, i);
                    front += 1;
                }
            }
        }
        if let Some(c) = &checks {
            for m in moves
                .iter()
                .filter(|m| c.may_check(m) && !c.leaves_a_flight(pos, m))
            {
                let mut next = pos.clone();
                next.play(m);
                if next.is_check() && !next.has_legal_moves() {
                    return true;
                }
            }
        }
        let node = self.node(pos);
        for m in &moves {
            if self.nodes_left == 0 {
                return false;
            }
            self.nodes_left -= 1;
            let mut step = Quick::step(&node, m);
            if self.line == 0 && !winner_moves && step == Step::Normal {
                // The side to be mated moves first here: its first move is free, as if the
                // search began one ply later, so that the winner's lines get the full depth.
                step = Step::Reward;
            }
            let next_depth = match step {
                Step::Reward => depth,
                Step::Punish => depth + 4,
                Step::Normal => depth + u32::from(!past_progress),
            };
            let deeper = next_depth < self.max_depth;
            if !deeper {
                continue;
            }
            let mut next = pos.clone();
            next.play(m);
            self.line += 1;
            let found = self.helpmate(&next, next_depth, step == Step::Reward);
            self.line -= 1;
            if found {
                return true;
            }
        }
        self.nodes_left = self.nodes_left.saturating_sub(skipped);
        false
    }
}

/// The moves of a node where the mating side moves with the last of the quick search's depth:
/// there only its rewarded moves (pawn moves, captures, king and knight steps towards the
/// mating corner) go deeper, and only a move that may give check can mate at once, so the
/// other moves of its bishops, rooks and queens are counted against the budget (as if they had
/// been looked at and passed over, which is all the search did with them) instead of built.
struct Leaves<'a, 'b> {
    collect: crate::board::Collect<'a>,
    theirs: Bitboard,
    checks: Option<&'b CheckSquares>,
    skipped: u32,
}

impl crate::board::Sink for Leaves<'_, '_> {
    #[inline(always)]
    fn piece(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard) {
        let keep = match (role, self.checks) {
            (Role::King | Role::Knight, _) => targets,
            (_, None) => targets & self.theirs,
            (_, Some(c)) if c.discovering.contains(from) => targets,
            (_, Some(c)) => targets & (self.theirs | c.to[role.index()]),
        };
        self.skipped += (targets ^ keep).count();
        self.collect.piece(pos, role, from, keep);
    }

    #[inline(always)]
    fn pawns(&mut self, pos: &Position, targets: Bitboard, delta: i32) {
        self.collect.pawns(pos, targets, delta);
    }

    #[inline(always)]
    fn pawn(&mut self, pos: &Position, from: Square, targets: Bitboard) {
        self.collect.pawn(pos, from, targets);
    }

    #[inline(always)]
    fn special(&mut self, m: crate::board::Move) {
        self.collect.special(m);
    }
}

/// The quick search tries the mating side's mates in one only where the king to be mated has
/// fewer flight squares than this that are empty or hold a piece of the mating side and that no
/// piece of the mating side attacks. One move seldom takes three such squares and gives check
/// (on the final positions of lichess-players' decisive games: 1,555 mates found in 832,000
/// tries at three or more, 21,395 in 676,000 below three); where it does, the line goes on and
/// finds a mate a little later. Only the search's order changes: a mate it reports is still one
/// it reached. Instructions of the dead-position analysis (`examples/dead_finals.rs`, first
/// 3 MB of otb-classics / 8 MB of lichess-players): 4.2 % / 5.5 % fewer than trying everywhere;
/// a bound of four saves 2.7 % / 3.5 %, two costs 17 % / 22 % more.
const MATE_IN_ONE_FREE_FLIGHTS: usize = 3;

/// How many squares next to `winner`'s opponent's king its king could step to if it stood
/// alone: not its own pieces, and attacked by no piece of `winner`; counted up to `at_most`.
fn free_flights(pos: &Position, winner: Color, at_most: usize) -> usize {
    let king = pos.king_of(!winner);
    let without_king = pos.occupied() ^ Bitboard::from_square(king);
    (attacks::king_attacks(king) - pos.by_color(!winner))
        .into_iter()
        .filter(|&sq| pos.attackers_to(sq, winner, without_king).is_empty())
        .take(at_most)
        .count()
}

/// Where the mating side's pieces would give check from, and where the other king could step,
/// so that only moves that may give mate are played to look for one.
struct CheckSquares {
    winner: Color,
    /// The other king's square.
    king: Square,
    /// Per role: the squares from which a piece of that role attacks the other king.
    to: [Bitboard; 6],
    /// The mating side's pieces whose move may uncover a check.
    discovering: Bitboard,
}

impl CheckSquares {
    fn new(pos: &Position, winner: Color) -> CheckSquares {
        let king = pos.king_of(!winner);
        let occ = pos.occupied();
        let bishop = attacks::bishop_attacks(king, occ);
        let rook = attacks::rook_attacks(king, occ);
        let mut to = [Bitboard::EMPTY; 6];
        to[Role::Pawn.index()] = attacks::pawn_attacks(!winner, king);
        to[Role::Knight.index()] = attacks::knight_attacks(king);
        to[Role::Bishop.index()] = bishop;
        to[Role::Rook.index()] = rook;
        to[Role::Queen.index()] = bishop | rook;
        let ours = pos.by_color(winner);
        let rq = pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
        let bq = pos.by_role(Role::Bishop) | pos.by_role(Role::Queen);
        let snipers = ours
            & ((attacks::rook_attacks(king, Bitboard::EMPTY) & rq)
                | (attacks::bishop_attacks(king, Bitboard::EMPTY) & bq));
        let mut discovering = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occ;
            if !blockers.more_than_one() {
                discovering |= blockers & ours;
            }
        }
        CheckSquares {
            winner,
            king,
            to,
            discovering,
        }
    }

    /// True only if `m` certainly does not mate: after it the other king still has a square
    /// to step to (not its own piece's, and attacked by no piece of the mating side once `m` is
    /// played; the square `m` moves to if nothing defends it). Castling and en passant are not
    /// looked at (false).
    ///
    /// Exact for what it says, so the search plays no fewer mates, only fewer moves that are
    /// not: on the final positions of otb-classics' first 3,000 games, more than seven in ten
    /// of the moves that may check.
    fn leaves_a_flight(&self, pos: &Position, m: &crate::board::Move) -> bool {
        let crate::board::Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } = *m
        else {
            return false;
        };
        // The king steps off its square, so it blocks no line to the square it steps to.
        let occupied =
            (pos.occupied() - Bitboard::from_square(from) - Bitboard::from_square(self.king))
                | Bitboard::from_square(to);
        let moved = attacks::attacks(self.winner, promotion.unwrap_or(role), to, occupied);
        let others = pos.by_color(self.winner) - Bitboard::from_square(from);
        let flights = attacks::king_attacks(self.king) - pos.by_color(!self.winner) - moved;
        flights
            .into_iter()
            .any(|sq| (pos.attackers_to(sq, self.winner, occupied) & others).is_empty())
    }

    /// False only if `m` certainly does not give check: it is no castling, en passant or
    /// promotion, its piece does not attack the king from its new square (a piece's own old
    /// square cannot have been the only thing between it and the king: the king would have
    /// been in check with the mating side to move), and it uncovers no line.
    fn may_check(&self, m: &crate::board::Move) -> bool {
        match *m {
            crate::board::Move::Normal {
                role,
                from,
                to,
                promotion: None,
                ..
            } => self.discovering.contains(from) || self.to[role.index()].contains(to),
            _ => true,
        }
    }
}

/// Knight steps between two squares on an empty board.
fn knight_distance(a: Square, b: Square) -> u32 {
    u32::from(KNIGHT_DISTANCE[a.index()][b.index()])
}

/// [`knight_distance`] for every pair of squares, computed once at compile time (the quick
/// search asks it for every knight move it looks at).
static KNIGHT_DISTANCE: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a][b] = knight_steps(a, b);
            b += 1;
        }
        a += 1;
    }
    table
};

/// Knight steps between the squares of indices `a` and `b` (0 = a1 .. 63 = h8) on an empty
/// board.
const fn knight_steps(a: usize, b: usize) -> u8 {
    let df = (a % 8).abs_diff(b % 8);
    let dr = (a / 8).abs_diff(b / 8);
    let (lo, hi) = if df < dr { (df, dr) } else { (dr, df) };
    let corner = matches!(a, 0 | 7 | 56 | 63) || matches!(b, 0 | 7 | 56 | 63);
    if lo == 1 && hi == 1 && corner {
        return 4;
    }
    if lo % 2 == hi % 2 {
        match (lo, hi) {
            (0, 0) => 0,
            (0, 2) | (0, 4) | (2, 4) | (1, 1) | (1, 3) | (3, 3) => 2,
            (7, 7) => 6,
            _ => 4,
        }
    } else {
        match (lo, hi) {
            (_, 7) => 5,
            (1, 2) => 1,
            (5, 6) => 5,
            _ => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_distances_are_the_fewest_knight_moves() {
        // Breadth-first search from every square on an empty board.
        for from in Bitboard::FULL {
            let mut dist = [u32::MAX; 64];
            dist[from.index()] = 0;
            let mut frontier = Bitboard::from_square(from);
            let mut steps = 0;
            while frontier.any() {
                steps += 1;
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    for to in attacks::knight_attacks(sq) {
                        if dist[to.index()] == u32::MAX {
                            dist[to.index()] = steps;
                            next.add(to);
                        }
                    }
                }
                frontier = next;
            }
            for to in Bitboard::FULL {
                assert_eq!(knight_distance(from, to), dist[to.index()], "{from} {to}");
            }
        }
    }

    #[test]
    fn simple_rules() {
        let m = Material::from_fen("8/8/4k3/8/8/3NK3/8/8 w - -").unwrap();
        assert_eq!(m.simple_verdict(Color::White), Some(false));
        assert_eq!(m.simple_verdict(Color::Black), Some(false));
        // A black pawn could promote and block its own king: the solver decides.
        let m = Material::from_fen("8/p7/4k3/8/8/3NK3/8/8 w - -").unwrap();
        assert_eq!(m.simple_verdict(Color::White), None);
        // Opposite-coloured bishops: mate in the corner is possible, solver decides.
        let m = Material::from_fen("8/8/4k3/4b3/8/3BK3/8/8 w - -").unwrap();
        assert_eq!(m.simple_verdict(Color::White), None);
    }

    #[test]
    fn the_quick_search_mates_on_the_other_kings_side_of_the_board() {
        // King and rook against a king on g8 (a lichess final, resigned): steered towards a8,
        // the search walked the kings across the board and found the mate only after 1,203
        // moves (21 now).
        let pos = Position::from_fen("6k1/1R6/8/6K1/8/8/8/8 w - - 43 102").unwrap();
        assert!(quick_helpmate(&pos, Color::White, 30));
        // Mirrored: the a-side for a king on b8.
        let pos = Position::from_fen("1k6/6R1/8/1K6/8/8/8/8 w - - 43 102").unwrap();
        assert!(quick_helpmate(&pos, Color::White, 30));
    }

    #[test]
    fn the_quick_search_promotes_the_pawn_nearest_promotion_first() {
        // The a-pawn is one step from queening; pushing e2, f2, g2, h2 first (square order)
        // took 209 moves (20 now). Black's pawns came in the right order already.
        for (fen, winner) in [
            ("7k/P7/8/8/8/8/4PPPP/4K3 w - - 0 40", Color::White),
            ("4k3/4pppp/8/8/8/8/p7/7K b - - 0 40", Color::Black),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert!(quick_helpmate(&pos, winner, 40), "{fen}");
        }
    }

    #[test]
    fn free_flights_are_the_unattacked_squares_the_king_could_step_to() {
        let bare = Position::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(free_flights(&bare, Color::White, 8), 3);
        // Counted only as far as asked.
        assert_eq!(free_flights(&bare, Color::White, 2), 2);
        // A rook on the seventh takes g7 and h7; a black knight on g8 takes g8 from its own king.
        let rook = Position::from_fen("7k/R7/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(free_flights(&rook, Color::White, 8), 1);
        let knight = Position::from_fen("6nk/R7/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(free_flights(&knight, Color::White, 8), 0);
        // A rook on h1 gives check along the h-file and covers h7: g8 and g7 are left.
        let file = Position::from_fen("7k/8/8/8/8/8/8/K6R b - - 0 1").unwrap();
        assert_eq!(free_flights(&file, Color::White, 8), 2);
    }

    #[test]
    fn the_quick_search_gives_the_side_to_be_mated_a_free_first_move() {
        // Two queens against a bare king that is to move (a lichess final, resigned): every king
        // move away from the mating corner used to spend the search's one ply of depth, and
        // the quick search gave up after two moves.
        let pos = Position::from_fen("1Q6/8/2Q5/8/8/1k3PP1/5P2/6K1 b - - 0 56").unwrap();
        assert!(quick_helpmate(&pos, Color::White, 10));
        assert_eq!(can_checkmate_quick(&pos, Color::White), Some(true));
        // Still certain: a bare king cannot mate, whoever moves first.
        assert_eq!(can_checkmate_quick(&pos, Color::Black), Some(false));
    }

    #[test]
    fn a_move_that_leaves_a_flight_never_mates() {
        // Every move of every position of the random perft suite (pins, promotions, en
        // passant, discovered checks), for whichever side is to move.
        let (mut mates, mut checks, mut flights) = (0, 0, 0);
        for pos in crate::board::random_suite(1) {
            let squares = CheckSquares::new(&pos, pos.turn());
            let mut moves = crate::board::MoveList::new();
            pos.legal_moves(&mut moves);
            for m in &moves {
                let mut next = pos.clone();
                next.play(m);
                let leaves = squares.leaves_a_flight(&pos, m);
                if next.is_check() {
                    checks += 1;
                    flights += usize::from(leaves);
                    if !next.has_legal_moves() {
                        mates += 1;
                        assert!(!leaves, "{}: {} mates", pos.to_fen(), m.to_uci(false));
                    }
                }
            }
        }
        // Enough mates to mean something (138), and most checks seen not to mate (11,503 of
        // 12,013).
        assert!(mates > 100, "{mates}");
        assert!(flights * 2 > checks, "{flights} of {checks}");
    }
}
