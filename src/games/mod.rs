//! The games tabula plays. Each game knows its rules and its engine, and nothing of
//! any protocol.

pub mod blokus;
pub mod connect4;
pub mod coord;
pub mod go;
pub mod gomoku;
