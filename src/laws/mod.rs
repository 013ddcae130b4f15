//! The Laws of Chess as an arbiter applies them: draw claims (threefold repetition, fifty moves),
//! the automatic draws of Article 9.6, dead positions and flag falls — each per edition of the
//! FIDE Laws, citing the article of that edition.
//!
//! ```
//! use scoresheet::laws::{Edition, Rule};
//! assert_eq!(Edition::Laws2009.article(Rule::FiftyOnBoard), Some("9.3b"));
//! ```

pub mod dead;
mod edition;

pub use dead::{DeadError, Mateability};
pub use edition::{Edition, Fivefold, ParseEditionError, Rule};
