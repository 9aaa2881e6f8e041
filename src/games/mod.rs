//! The games tabula plays. Each game knows its rules and its engine, and nothing of
//! any protocol.

pub mod gomoku;
