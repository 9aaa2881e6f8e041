//! `loadsgf` and `printsgf` as every game serves them: the arguments, the file, the game
//! a record is of, and the errors. Each adapter only reads and writes its own records.

use std::fs::{self, File};
use std::io::Read;

use super::gomoku::rules_by_name;
use super::parse::int;
use super::response::{GtpError, Reply};

/// The largest file `loadsgf` reads: far above any game record (a long 19×19 game with
/// comments takes tens of KiB), far below what would strain the daemon's memory.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

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
    let bytes = read_record(file).map_err(|e| {
        log::warn!("loadsgf {file}: {e}");
        GtpError::CannotLoadFile
    })?;
    Ok(Load {
        file,
        text: String::from_utf8_lossy(&bytes).into_owned(),
        until,
    })
}

/// The bytes of a regular file of at most [`MAX_RECORD_BYTES`]. Anything else is
/// refused before it is opened or read: a device (`/dev/zero`) never ends, and opening a
/// FIFO waits for a writer that may never come.
fn read_record(file: &str) -> Result<Vec<u8>, String> {
    let metadata = fs::metadata(file).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err("not a regular file".into());
    }
    let too_large = || format!("larger than {MAX_RECORD_BYTES} bytes");
    if metadata.len() > MAX_RECORD_BYTES {
        return Err(too_large());
    }
    // The file may have grown since: read no more than one byte past the limit.
    let mut bytes = Vec::new();
    File::open(file)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// `printsgf [FILE]`: the record as the answer, or written to the file. Only a regular
/// file is written (or a new one made): opening a FIFO would wait for a reader.
pub fn print(args: &[&str], record: impl FnOnce() -> String) -> Reply {
    let cannot_write = |why: String| GtpError::Other(format!("cannot write file: {why}"));
    match *args {
        [] => Ok(record()),
        [file] => {
            if fs::metadata(file).is_ok_and(|m| !m.is_file()) {
                return Err(cannot_write("not a regular file".into()));
            }
            fs::write(file, record())
                .map(|_| String::new())
                .map_err(|e| cannot_write(e.to_string()))
        }
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
