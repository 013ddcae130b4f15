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
//! | [`batch`] | bulk work: inputs, compression, splitting into games, ordered parallel pipeline |
//! | [`laws`] | editions of the Laws, draw claims, automatic draws, dead positions, flag falls |
//! | [`pgn`] | PGN reader (streaming, visitor), `Game` tree, PGN writer |
//! | [`encoding`] | detect and decode the text encodings PGN files arrive in |
//! | [`replay`] | replay a read game (mainline and variations), first error, warnings, final status |
//! | [`notation`] | national letter sets; parse, resolve, print and detect written moves; convert scoresheets |
//! | [`reconstruct`] | the legal game a faulty scoresheet most plausibly records, and every correction made |

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod board;
pub mod cli;
pub mod encoding;
pub mod laws;
pub mod notation;
pub mod pgn;
pub mod reconstruct;
pub mod replay;
#[cfg(test)]
mod testing;

/// The README's Rust example, compiled and run as a doctest so that it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
