//! Forsyth–Edwards Notation: reading (with X-FEN and Shredder-FEN castling fields, and EPD-style
//! FEN without the two counters) and writing.

use super::bitboard::Bitboard;
use super::moves::CastlingSide;
use super::position::{CastlingRights, Position};
use super::types::{Color, File, Piece, Rank, Role, Square};
use std::fmt;

/// The six fields of a FEN, for error messages.
///
/// ```
/// use scoresheet::board::FenField;
/// assert_eq!(FenField::Castling.to_string(), "castling field");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The whole FEN (field count).
    Whole,
    /// Field 1: piece placement.
    Board,
    /// Field 2: side to move.
    Turn,
    /// Field 3: castling rights.
    Castling,
    /// Field 4: en passant square.
    EnPassant,
    /// Field 5: halfmove clock.
    Halfmove,
    /// Field 6: fullmove number.
    Fullmove,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Whole => "FEN",
            FenField::Board => "board field",
            FenField::Turn => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::Halfmove => "halfmove clock field",
            FenField::Fullmove => "fullmove number field",
        })
    }
}

fn count_word(n: u32) -> String {
    match n {
        0 => "no".to_owned(),
        1 => "one".to_owned(),
        2 => "two".to_owned(),
        3 => "three".to_owned(),
        n => n.to_string(),
    }
}

/// What is wrong with a FEN; [`FenError::field`] says in which field.
///
/// ```
/// use scoresheet::board::{FenError, FenField, Position};
/// let err = Position::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert_eq!(err.field(), FenField::Board);
/// assert_eq!(err.to_string(), "board field: rank 6 has 9 squares");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error("FEN: {found} fields, expected 6 (4 without the move counters, 5 without the fullmove number)")]
    FieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// The board does not have 8 ranks separated by `/`.
    #[error("board field: {found} ranks, expected 8")]
    RankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A rank describes more or fewer than 8 squares.
    #[error("board field: rank {rank} has {squares} squares")]
    RankLength {
        /// The rank.
        rank: Rank,
        /// How many squares it describes.
        squares: u32,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    #[error("board field: '{found}' on rank {rank} is not a piece letter or a digit")]
    BadPieceChar {
        /// The rank.
        rank: Rank,
        /// The character.
        found: char,
    },
    /// Two digits in a row (`71` for `8`): FEN writes a run of empty squares as one digit.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let err = Position::from_fen("rnbqkbnr/pppppppp/71/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "board field: '71' on rank 6: a run of empty squares is one digit");
    /// ```
    #[error("board field: '{digits}' on rank {rank}: a run of empty squares is one digit")]
    AdjacentDigits {
        /// The rank.
        rank: Rank,
        /// The digits as written.
        digits: String,
    },
    /// Not exactly one king of a colour.
    #[error("board field: {} {color} kings", count_word(*count))]
    KingCount {
        /// Whose kings.
        color: Color,
        /// How many there are.
        count: u32,
    },
    /// A pawn on the first or last rank.
    #[error("board field: pawn on rank {} ({square})", square.rank())]
    PawnOnBackRank {
        /// Where it stands.
        square: Square,
    },
    /// More pieces than a side can have (over 16, or over 8 pawns).
    #[error("board field: too many {color} pieces ({what})")]
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// Which limit is broken.
        what: &'static str,
    },
    /// The side to move is not `w` or `b`.
    #[error("side-to-move field: '{found}', expected 'w' or 'b'")]
    BadTurn {
        /// What was written.
        found: String,
    },
    /// The side not to move is in check (its king could be captured).
    #[error("side-to-move field: the side not to move ({color}) is in check")]
    OppositeCheck {
        /// The side in check.
        color: Color,
    },
    /// The side to move is in check from more than two pieces, which no move gives.
    #[error("side-to-move field: the side to move ({color}) is in check from {count} pieces, which no move can give")]
    TooManyCheckers {
        /// The side in check.
        color: Color,
        /// How many pieces give check.
        count: u32,
    },
    /// A character that is not `KQkq`, a file letter or `-`.
    #[error("castling field: '{found}' is not K, Q, k, q, a file letter or '-'")]
    BadCastlingChar {
        /// The character.
        found: char,
    },
    /// A castling right whose king is not on its back rank.
    #[error("castling field: castling right {right} but the {color} king is not on rank {}", color.back_rank())]
    CastlingKingNotOnBackRank {
        /// The right as written.
        right: char,
        /// Whose right.
        color: Color,
    },
    /// A castling right without a rook to castle with.
    #[error("castling field: castling right {right} without a rook on {}", match .square { Some(sq) => sq.to_string(), None => format!("the {} side of the {color} king", side_word(*.side)) })]
    CastlingWithoutRook {
        /// The right as written.
        right: char,
        /// Whose right.
        color: Color,
        /// Which side.
        side: CastlingSide,
        /// The square where the rook should be, if the right names one.
        square: Option<Square>,
    },
    /// Two rights for the same colour and side, or a right naming the king's own file.
    #[error(
        "castling field: castling right {right} repeats or contradicts another right of {color}"
    )]
    DuplicateCastling {
        /// The right as written.
        right: char,
        /// Whose right.
        color: Color,
    },
    /// The en passant field is not `-` or a square.
    #[error("en passant field: '{found}' is not a square or '-'")]
    BadEnPassant {
        /// What was written.
        found: String,
    },
    /// An en passant square on the wrong rank for the side to move.
    #[error("en passant field: en passant square {square} with {turn} to move")]
    EnPassantWrongRank {
        /// The square.
        square: Square,
        /// The side to move.
        turn: Color,
    },
    /// An en passant square without the pawn that just made a double step, or with pieces on
    /// the squares it skipped.
    #[error("en passant field: en passant square {square} without a {color} pawn that just moved from {from} to {to}")]
    EnPassantNoDoubleStep {
        /// The square.
        square: Square,
        /// The colour of the pawn that must have moved.
        color: Color,
        /// Where it came from (must be empty).
        from: Square,
        /// Where it stands (must hold it).
        to: Square,
    },
    /// A halfmove clock above 0 beside an en passant square: the square says the last move was
    /// a pawn's double step, which sets the clock to 0 (the 50- and 75-move counts of Articles
    /// 9.3 and 9.6 would start from a move that cannot have been made).
    ///
    /// ```
    /// use scoresheet::board::{FenError, FenField, Position};
    /// let err = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 150 60").unwrap_err();
    /// assert_eq!(err.field(), FenField::Halfmove);
    /// assert_eq!(err.to_string(), "halfmove clock field: 150 half-moves since a capture or pawn move, but the en passant square e3 says a pawn has just moved (the clock is then 0)");
    /// assert!(Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 60").is_ok());
    /// ```
    #[error("halfmove clock field: {clock} half-moves since a capture or pawn move, but the en passant square {square} says a pawn has just moved (the clock is then 0)")]
    ClockAfterDoubleStep {
        /// The halfmove clock given.
        clock: u32,
        /// The en passant square given.
        square: Square,
    },
    /// The halfmove clock is not a whole number from 0 to 4294967295.
    #[error("halfmove clock field: '{found}' is not a whole number from 0 to 4294967295")]
    BadHalfmove {
        /// What was written.
        found: String,
    },
    /// The fullmove number is not a whole number from 1 to [`MAX_FULLMOVE`] (above it, the
    /// plies counted from a game's first move would no longer fit).
    #[error("fullmove number field: '{found}' is not a whole number from 1 to 1000000000")]
    BadFullmove {
        /// What was written.
        found: String,
    },
}

fn side_word(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::King => "king's",
        CastlingSide::Queen => "queen's",
    }
}

impl FenError {
    /// The FEN field the error is in.
    ///
    /// ```
    /// use scoresheet::board::{FenField, Position};
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - x 1").unwrap_err();
    /// assert_eq!(err.field(), FenField::Halfmove);
    /// ```
    pub fn field(&self) -> FenField {
        match self {
            FenError::FieldCount { .. } => FenField::Whole,
            FenError::RankCount { .. }
            | FenError::RankLength { .. }
            | FenError::BadPieceChar { .. }
            | FenError::AdjacentDigits { .. }
            | FenError::KingCount { .. }
            | FenError::PawnOnBackRank { .. }
            | FenError::TooManyPieces { .. } => FenField::Board,
            FenError::BadTurn { .. }
            | FenError::OppositeCheck { .. }
            | FenError::TooManyCheckers { .. } => FenField::Turn,
            FenError::BadCastlingChar { .. }
            | FenError::CastlingKingNotOnBackRank { .. }
            | FenError::CastlingWithoutRook { .. }
            | FenError::DuplicateCastling { .. } => FenField::Castling,
            FenError::BadEnPassant { .. }
            | FenError::EnPassantWrongRank { .. }
            | FenError::EnPassantNoDoubleStep { .. } => FenField::EnPassant,
            FenError::BadHalfmove { .. } | FenError::ClockAfterDoubleStep { .. } => {
                FenField::Halfmove
            }
            FenError::BadFullmove { .. } => FenField::Fullmove,
        }
    }
}

/// The largest fullmove number a FEN may give: the plies counted from a game's first move
/// must fit in 32 bits, with room for the game's own.
pub const MAX_FULLMOVE: u32 = 1_000_000_000;

/// The standard starting position's FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn parse_board(field: &str) -> Result<Position, FenError> {
    let found = field.bytes().filter(|&b| b == b'/').count() + 1;
    if found != 8 {
        return Err(FenError::RankCount { found });
    }
    let mut pos = Position::empty();
    let mut ranks = Rank::ALL.iter().rev().copied();
    let mut rank = ranks.next().unwrap_or(Rank::Eighth);
    let mut file: u32 = 0;
    // The digit just read, if the character before this one was a digit.
    let mut digit: Option<char> = None;
    // Character by character, a slash ending a rank (no splitting: ASCII is the rule, and a
    // character that is not a piece or a digit is an error whatever its width).
    for c in field.chars().chain(std::iter::once('/')) {
        let previous = digit.take();
        if c == '/' {
            if file != 8 {
                return Err(FenError::RankLength {
                    rank,
                    squares: file,
                });
            }
            rank = ranks.next().unwrap_or(rank);
            file = 0;
        } else if let Some(d) = c.to_digit(10).filter(|d| *d >= 1) {
            if let Some(p) = previous {
                return Err(FenError::AdjacentDigits {
                    rank,
                    digits: format!("{p}{c}"),
                });
            }
            digit = Some(c);
            file = file.saturating_add(d);
        } else if let Some(piece) = Piece::from_fen_char(c) {
            if let Some(f) = File::new(file) {
                pos.put(Square::from_coords(f, rank), piece);
            }
            file = file.saturating_add(1);
        } else {
            return Err(FenError::BadPieceChar { rank, found: c });
        }
    }
    for color in Color::ALL {
        let kings = pos.by_piece(Piece::new(color, Role::King)).count();
        if kings != 1 {
            return Err(FenError::KingCount {
                color,
                count: kings,
            });
        }
    }
    if let Some(square) = (pos.by_role(Role::Pawn) & Bitboard::BACKRANKS).first() {
        return Err(FenError::PawnOnBackRank { square });
    }
    for color in Color::ALL {
        let ours = pos.by_color(color);
        let n = |role| (ours & pos.by_role(role)).count();
        if ours.count() > 16 {
            return Err(FenError::TooManyPieces {
                color,
                what: "more than 16",
            });
        }
        if n(Role::Pawn) > 8 {
            return Err(FenError::TooManyPieces {
                color,
                what: "more than 8 pawns",
            });
        }
        // More promoted pieces than missing pawns cannot arise in a game, but set-up positions
        // (PGN `SetUp`/`FEN`, lichess "From Position", composed problems) may have them: they are
        // accepted. Over 16 pieces or 8 pawns a side is refused as garbage.
    }
    Ok(pos)
}

fn parse_castling(pos: &Position, field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::none();
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let back = color.back_rank();
        let king = pos.king_of(color);
        let rooks = pos.by_piece(Piece::new(color, Role::Rook)) & Bitboard::from_rank(back);
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' | 'q' => {
                if king.rank() != back {
                    return Err(FenError::CastlingKingNotOnBackRank { right: c, color });
                }
                let side = if c.eq_ignore_ascii_case(&'k') {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                // X-FEN: the outermost rook on that side of the king.
                let candidates = match side {
                    CastlingSide::King => rooks.into_iter().filter(|r| *r > king).last(),
                    CastlingSide::Queen => rooks.into_iter().find(|r| *r < king),
                };
                let standard = king.file() == File::E;
                match candidates {
                    Some(r) => (side, r),
                    None => {
                        return Err(FenError::CastlingWithoutRook {
                            right: c,
                            color,
                            side,
                            square: standard.then(|| {
                                Square::from_coords(
                                    match side {
                                        CastlingSide::King => File::H,
                                        CastlingSide::Queen => File::A,
                                    },
                                    back,
                                )
                            }),
                        })
                    }
                }
            }
            'a'..='h' => {
                let file = File::from_char(c).ok_or(FenError::BadCastlingChar { found: c })?;
                let sq = Square::from_coords(file, back);
                if king.rank() != back {
                    return Err(FenError::CastlingKingNotOnBackRank { right: c, color });
                }
                if file == king.file() {
                    return Err(FenError::DuplicateCastling { right: c, color });
                }
                let side = if file > king.file() {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                if !rooks.contains(sq) {
                    return Err(FenError::CastlingWithoutRook {
                        right: c,
                        color,
                        side,
                        square: Some(sq),
                    });
                }
                (side, sq)
            }
            _ => return Err(FenError::BadCastlingChar { found: c }),
        };
        if rights.has(color, side) {
            return Err(FenError::DuplicateCastling { right: c, color });
        }
        rights.set(color, side, rook);
    }
    Ok(rights)
}

impl Position {
    /// Reads a FEN. The castling field may be standard (`KQkq`), X-FEN (`KQkq` meaning the
    /// outermost rook, file letters for inner rooks) or Shredder-FEN (`HAha`), or a mix. The two
    /// move counters may be left out (EPD style: halfmove 0, fullmove 1). An en passant square
    /// is kept only if an en passant capture is legal.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let pos = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// assert!(pos.is_chess960());
    /// // Both rooks are the outermost on their side of the king: X-FEN writes KQkq.
    /// assert_eq!(pos.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /// assert_eq!(pos.to_shredder_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        // Up to six fields, on the stack (no allocation: the opening book reads 1,400 FENs).
        let mut fields = [""; 6];
        let mut count = 0;
        for (slot, field) in (0..).zip(fen.split_ascii_whitespace()) {
            if let Some(f) = fields.get_mut(slot) {
                *f = field;
            }
            count = slot + 1;
        }
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount { found: count });
        }
        let mut pos = parse_board(fields[0])?;
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::BadTurn {
                    found: other.to_owned(),
                })
            }
        };
        pos.castling = parse_castling(&pos, fields[2])?;
        if fields[3] != "-" {
            let square =
                Square::from_ascii(fields[3].as_bytes()).ok_or_else(|| FenError::BadEnPassant {
                    found: fields[3].to_owned(),
                })?;
            let them = !pos.turn;
            if square.rank() != Rank::Sixth.relative_to(pos.turn) {
                return Err(FenError::EnPassantWrongRank {
                    square,
                    turn: pos.turn,
                });
            }
            let from = Square::from_coords(square.file(), Rank::Seventh.relative_to(pos.turn));
            let to = Square::from_coords(square.file(), Rank::Fifth.relative_to(pos.turn));
            let occ = pos.occupied();
            if occ.contains(from)
                || occ.contains(square)
                || !pos.by_piece(Piece::new(them, Role::Pawn)).contains(to)
            {
                return Err(FenError::EnPassantNoDoubleStep {
                    square,
                    color: them,
                    from,
                    to,
                });
            }
            pos.double_step = Some(square);
        }
        if let Some(text) = fields.get(4).filter(|_| count > 4) {
            pos.halfmoves = text.parse().map_err(|_| FenError::BadHalfmove {
                found: (*text).to_owned(),
            })?;
            if let Some(square) = pos.double_step.filter(|_| pos.halfmoves > 0) {
                return Err(FenError::ClockAfterDoubleStep {
                    clock: pos.halfmoves,
                    square,
                });
            }
        }
        if let Some(text) = fields.get(5).filter(|_| count > 5) {
            pos.fullmoves = text
                .parse()
                .ok()
                .filter(|n| (1..=MAX_FULLMOVE).contains(n))
                .ok_or_else(|| FenError::BadFullmove {
                    found: (*text).to_owned(),
                })?;
        }
        let them = !pos.turn;
        if pos
            .attackers_to(pos.king_of(them), pos.turn, pos.occupied())
            .any()
        {
            return Err(FenError::OppositeCheck { color: them });
        }
        let checkers = pos.checkers().count();
        if checkers > 2 {
            return Err(FenError::TooManyCheckers {
                color: pos.turn,
                count: checkers,
            });
        }
        if let Some(ep) = pos.double_step {
            if pos.ep_capture_possible(ep) {
                pos.ep_square = Some(ep);
            }
        }
        pos.key = pos.compute_key();
        pos.chess960 = pos.castling_needs_chess960();
        Ok(pos)
    }

    fn board_fen(&self, out: &mut String) {
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if *rank != Rank::First {
                out.push('/');
            }
        }
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut out = String::with_capacity(90);
        self.board_fen(&mut out);
        out.push(' ');
        out.push(self.turn.fen_char());
        out.push(' ');
        if self.castling.is_empty() {
            out.push('-');
        }
        for (color, side, rook) in self.castling.iter() {
            let king = self.king_of(color);
            let rooks = self.by_piece(Piece::new(color, Role::Rook))
                & Bitboard::from_rank(color.back_rank());
            let outermost = match side {
                CastlingSide::King => rooks.into_iter().filter(|r| *r > king).last(),
                CastlingSide::Queen => rooks.into_iter().find(|r| *r < king),
            };
            let letter = if !shredder && outermost == Some(rook) {
                match side {
                    CastlingSide::King => 'k',
                    CastlingSide::Queen => 'q',
                }
            } else {
                rook.file().char()
            };
            out.push(if color.is_white() {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
        out.push(' ');
        match self.ep_square {
            Some(sq) => out.push_str(&sq.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        out
    }

    /// The FEN, with X-FEN castling: `KQkq` for the outermost rooks (so standard chess gets
    /// standard FEN), the rook's file letter for an inner rook. The en passant square is
    /// written only when an en passant capture is legal.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// let fen = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20";
    /// assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
    /// ```
    pub fn to_fen(&self) -> String {
        self.fen_with(false)
    }

    /// The FEN with Shredder-FEN castling (rook files: `HAha`).
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().to_shredder_fen(),
    ///            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    /// The placement field of the FEN alone.
    ///
    /// ```
    /// use scoresheet::board::Position;
    /// assert_eq!(Position::new().board_fen_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    /// ```
    pub fn board_fen_string(&self) -> String {
        let mut out = String::with_capacity(72);
        self.board_fen(&mut out);
        out
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}
