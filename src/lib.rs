//! # scoresheet
//!
//! A toolkit for chess game notation: it reads moves written in any national FIDE algebraic
//! notation (Czech `Jf3`, Croatian `Sf3`, English `Nf3`, ...), replays them through its own
//! legality engine, and writes them back in any letter set, any form, and PGN.
//!
//! The library is the product; the `scoresheet` binary is a thin command line over it.
//!
//! | module | job |
//! |---|---|
//! | [`board`] | squares, pieces, positions, legal moves, FEN, perft |
//! | [`notation`] | national letter sets; parse, resolve, print and detect written moves; convert scoresheets |
//! | [`reconstruct`] | the legal game a faulty scoresheet most plausibly records, and every correction made |

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
pub mod cli;
pub mod notation;
pub mod reconstruct;
