//! GTP v2 (draft 2): the line grammar, the response framing, the session that serves the
//! selected game, and each game's dialect.

pub mod blokus;
pub mod connect4;
pub mod game;
pub mod go;
pub mod go_analysis;
pub mod gogui_rules;
pub mod gomoku;
pub mod parse;
pub mod records;
pub mod response;
pub mod session;

use std::io::{self, BufRead, Write};

use crate::protocol::input::{StopControl, spawn_reader};
pub use session::{Session, Settings};

/// GoGui's interrupt line (`# interrupt`): a comment to GTP, a stop request to a search.
fn is_interrupt(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    text.trim()
        .strip_prefix('#')
        .is_some_and(|rest| rest.trim() == "interrupt")
}

/// Serves GTP on `input`/`output` until `quit` or end of input.
pub fn serve(
    game: Box<dyn game::GtpGame>,
    settings: Settings,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> io::Result<()> {
    let control = StopControl::default();
    let lines = spawn_reader(input, control.clone(), is_interrupt);
    Session::new(game, settings, control).run(lines, output)
}
