//! tabula: game rules, engines and the text protocols that drive them.

pub mod arena;
pub mod bench;
pub mod cputime;
pub mod flags;
pub mod games;
pub mod protocol;
pub mod rng;
pub mod search;
pub mod sgf;
pub mod softmax_fit;
