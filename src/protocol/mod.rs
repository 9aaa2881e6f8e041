//! The text protocols that drive tabula's engines.

pub mod gomocup;
