//! `loadsgf` and `printsgf` as every game serves them: the arguments, the file, the game
//! a record is of, and the errors. Each adapter only reads and writes its own records.

use super::gomoku::rules_by_name;
use super::parse::int;
use super::response::{GtpError, Reply};

/// A record asked for by `loadsgf FILE [MOVE]`.
pub struct Load<'a> {
    pub file: &'a str,
    pub text: String,
    /// Load the position before this move number (1 = the first move).
    pub until: Option<usize>,
}

/// Reads the file of `loadsgf FILE [MOVE]`; a file that cannot be read is GTP's
/// `cannot load file`.
pub fn load<'a>(args: &[&'a str]) -> Result<Load<'a>, GtpError> {
    let (file, until) = match *args {
        [file] => (file, None),
        [file, n] => (file, Some(int(n).ok_or(GtpError::Syntax)? as usize)),
        _ => return Err(GtpError::Syntax),
    };
    let bytes = std::fs::read(file).map_err(|_| GtpError::CannotLoadFile)?;
    Ok(Load {
        file,
        text: String::from_utf8_lossy(&bytes).into_owned(),
        until,
    })
}

/// `printsgf [FILE]`: the record as the answer, or written to the file.
pub fn print(args: &[&str], record: impl FnOnce() -> String) -> Reply {
    match *args {
        [] => Ok(record()),
        [file] => std::fs::write(file, record())
            .map(|_| String::new())
            .map_err(|e| GtpError::Other(format!("cannot write file: {e}"))),
        _ => Err(GtpError::Syntax),
    }
}

/// The game a record is of, from its root node, as `set_game` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordGame {
    /// A game `set_game` may know by this name (Pentobi's `GM` names its variant).
    Named(String),
    /// Five in a row (`GM[4]`) without a rule we know in `RU`.
    FiveInARow,
}

/// Reads `GM` (and for five in a row `RU`) of the record's root: `GM[1]` or none is Go,
/// as SGF says; `GM[4]` five in a row under the rule `RU` names; any other `GM` is a
/// name, as Pentobi writes `GM[Blokus Duo]` and tabula `GM[Connect Four]`. Records
/// that name their game only in `GN` (`GN[Connect Four]`, `GN[Renju]`) are read too.
/// `None` if the text is no SGF.
pub fn record_game(text: &str) -> Option<RecordGame> {
    let trees = crate::sgf::parse(text).ok()?;
    let root = trees.first()?.nodes.first()?;
    let property = |id| root.first(id).map(str::trim).filter(|v| !v.is_empty());
    let title = property("GN").unwrap_or("");
    Some(match property("GM") {
        None if title.eq_ignore_ascii_case("connect four") => {
            RecordGame::Named("Connect Four".into())
        }
        None | Some("1") => RecordGame::Named("Go".into()),
        Some("4") => match property("RU")
            .and_then(rules_by_name)
            .or(rules_by_name(title))
        {
            Some((name, _)) => RecordGame::Named(name.into()),
            None => RecordGame::FiveInARow,
        },
        Some(name) => RecordGame::Named(name.into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_name_their_games() {
        let named = |n: &str| Some(RecordGame::Named(n.into()));
        assert_eq!(record_game("(;FF[4]SZ[9];B[ee])"), named("Go"));
        assert_eq!(record_game("(;GM[1]SZ[19])"), named("Go"));
        assert_eq!(record_game("(;GM[4]RU[Renju]SZ[15])"), named("Renju"));
        assert_eq!(record_game("(;GM[4]RU[omok])"), named("Omok"));
        assert_eq!(record_game("(;GM[4]GN[Caro])"), named("Caro"));
        assert_eq!(
            record_game("(;GM[4]GN[game 3]RU[Gomoku Standard])"),
            named("Gomoku Standard")
        );
        assert_eq!(record_game("(;GM[4]SZ[15])"), Some(RecordGame::FiveInARow));
        assert_eq!(
            record_game("(\n;GM[Blokus Duo]\n;1[e10])"),
            named("Blokus Duo")
        );
        assert_eq!(
            record_game("(;GM[Connect Four]SZ[7:6])"),
            named("Connect Four")
        );
        assert_eq!(
            record_game("(;GN[Connect Four]SZ[7:6])"),
            named("Connect Four")
        );
        assert_eq!(record_game("(;GM[Chess])"), named("Chess"));
        assert_eq!(record_game("not sgf"), None);
    }
}
