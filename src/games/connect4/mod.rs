//! Connect Four: the rules on any board that fits a 64-bit bitboard (7×6 by default) and
//! an exact solver that plays perfectly.

mod board;
mod geometry;
mod notation;
mod render;

pub use board::{Connect4, IllegalMove, Move, Outcome, Player};
pub use geometry::{BoardSize, UnacceptableSize};
pub use notation::MoveError;
pub mod engine;
pub mod opening;
pub mod sgf;
pub mod solver;
