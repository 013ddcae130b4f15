//! Board diagrams for reports: Unicode text for the terminal, SVG for printing.
//!
//! ```
//! use scoresheet::board::Position;
//! use scoresheet::laws::diagram;
//! let text = diagram::text(&Position::new());
//! assert!(text.starts_with("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"));
//! assert!(diagram::svg(&Position::new(), "start").contains("♔"));
//! ```

use crate::board::{Color, File, Position, Rank, Square};
use std::fmt::Write;

/// The position as eight lines of Unicode chess glyphs (White at the bottom), files below and
/// the player to move.
///
/// ```
/// use scoresheet::board::Position;
/// let t = scoresheet::laws::diagram::text(&Position::new());
/// assert!(t.contains("1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"));
/// assert!(t.trim_end().ends_with("White to move"));
/// ```
pub fn text(pos: &Position) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.iter().rev() {
        out.push(rank.char());
        for file in File::ALL {
            out.push(' ');
            let sq = Square::from_coords(file, *rank);
            out.push(match pos.piece_at(sq) {
                Some(p) => p.figurine(),
                None => '·',
            });
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h\n");
    let _ = writeln!(
        out,
        "{} to move",
        match pos.turn() {
            Color::White => "White",
            Color::Black => "Black",
        }
    );
    out
}

/// The position as a standalone SVG: 8×8 squares, Unicode glyphs, coordinates and a caption.
///
/// ```
/// use scoresheet::board::Position;
/// let svg = scoresheet::laws::diagram::svg(&Position::new(), "a & b");
/// assert!(svg.contains("a &amp; b"));
/// assert_eq!(svg.matches("<rect").count(), 64);
/// ```
pub fn svg(pos: &Position, caption: &str) -> String {
    const S: u32 = 50;
    const M: u32 = 24;
    let width = 8 * S + 2 * M;
    let height = 8 * S + 2 * M + 24;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Segoe UI Symbol, sans-serif">"#
    );
    let _ = writeln!(
        out,
        r#"<polygon points="0,0 {width},0 {width},{height} 0,{height}" fill="white"/>"#
    );
    for (row, rank) in Rank::ALL.iter().rev().enumerate() {
        for (col, file) in File::ALL.iter().enumerate() {
            let sq = Square::from_coords(*file, *rank);
            let x = M + col as u32 * S;
            let y = M + row as u32 * S;
            let fill = if sq.is_light() { "#f0d9b5" } else { "#b58863" };
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{S}" height="{S}" fill="{fill}"/>"#
            );
            if let Some(p) = pos.piece_at(sq) {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-size="40" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                    x + S / 2,
                    y + S / 2 + 2,
                    p.figurine()
                );
            }
        }
    }
    for (i, file) in File::ALL.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="14" text-anchor="middle">{}</text>"#,
            M + i as u32 * S + S / 2,
            M + 8 * S + 16,
            file.char()
        );
    }
    for (i, rank) in Rank::ALL.iter().rev().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="14" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            M / 2,
            M + i as u32 * S + S / 2,
            rank.char()
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{M}" y="{}" font-size="13">{}</text>"#,
        height - 8,
        escape(caption)
    );
    out.push_str("</svg>\n");
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
