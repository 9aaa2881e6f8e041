//! Go: the board, the rule sets, scoring and handicap, and the move generator.

pub mod board;
pub mod engine;
pub mod features;
pub mod game;
pub mod handicap;
pub mod ladder;
pub mod nakade;
pub mod neighbourhood;
mod neighbourhood_weights;
pub mod patterns;
pub mod playout;
pub mod policy;
pub mod rules;
pub mod score;
pub mod search;
pub mod sgf;

pub use board::{Color, Point};
pub use game::{GoGame, HandicapError, Illegal, Move};
pub use rules::RuleSet;
