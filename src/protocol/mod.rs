//! The text protocols: they turn lines into commands and answers into text, and know no
//! game rules.

pub mod gomocup;
pub mod gtp;
pub mod input;
