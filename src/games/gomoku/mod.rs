//! Five in a row: freestyle Gomoku, standard (exactly five) and Omok, RIF Renju, Caro,
//! and the Gomocup continuous game; the rules, the notations and the engine.

pub mod board;
pub mod engine;
pub mod forbidden;
pub mod game;
pub mod notation;
pub mod rules;
pub mod sgf;

pub use board::{Color, MAX_SIZE, MIN_SIZE, Point};
pub use forbidden::Foul;
pub use game::{Gomoku, IllegalMove, Outcome, SizeError};
pub use notation::NotationError;
pub use rules::{Rules, Variant};
