//! The Laws of Chess as an arbiter applies them: draw claims (threefold repetition, fifty moves),
//! the automatic draws of Article 9.6, dead positions and flag falls — each per edition of the
//! FIDE Laws, citing the article of that edition.
//!
//! ```
//! use scoresheet::laws::{Edition, Rule};
//! assert_eq!(Edition::Laws2009.article(Rule::FiftyOnBoard), Some("9.3b"));
//! ```

pub mod claims;
pub mod dead;
pub mod diagram;
mod edition;
mod game;

pub use claims::{ClaimKind, ClaimReport, ClaimRequest, FlagReport};
pub use dead::{DeadError, Mateability};
pub use edition::{earliest_day, latest_day, Edition, Fivefold, ParseEditionError, Rule};
pub use game::{AutomaticEnd, AutomaticRule, ClaimError, GameRecord, Moment};
