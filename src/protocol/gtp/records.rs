//! `loadsgf` and `printsgf` as every game serves them: the arguments, the file and its
//! errors. Each adapter only reads and writes its own records.

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
