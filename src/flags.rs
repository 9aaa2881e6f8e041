//! Command-line flags: the checks every binary shares (numbers, thread counts, search
//! budgets), and the `--flag value` reader of the small binaries (`pbrain-tabula`, the
//! opening books, the priors' fit). `--help` prints a binary's usage; anything a binary
//! does not understand stops it with a one-line message and exit status 2, before any
//! work starts.

use std::str::FromStr;

/// The most search threads a flag may ask for. The threads share one tree behind a
/// lock and gain nothing past a few dozen cores: a larger number is a mistake.
pub const MAX_THREADS: usize = 64;

/// `value` of `flag` as a number.
pub fn parse_number<T: FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag}: not a valid number: {value}"))
}

/// `value` of `flag` as a count of search threads, 1 to [`MAX_THREADS`].
pub fn parse_thread_count(flag: &str, value: &str) -> Result<usize, String> {
    let n: usize = parse_number(flag, value)?;
    if !(1..=MAX_THREADS).contains(&n) {
        return Err(format!(
            "{flag} must be from 1 to {MAX_THREADS}, not {value}"
        ));
    }
    Ok(n)
}

/// `value` of `flag` as a search budget (playouts or nodes a move): at least 1, since a
/// search of nothing has no move to answer.
pub fn parse_budget(flag: &str, value: &str) -> Result<u64, String> {
    let n: u64 = parse_number(flag, value)?;
    if n == 0 {
        return Err(format!("{flag} must be at least 1, not {value}"));
    }
    Ok(n)
}

/// The program's arguments, read flag by flag: each binary matches the flag first, so
/// a flag it does not know is named as unknown, whether or not a value follows.
pub struct Args {
    args: std::vec::IntoIter<String>,
}

impl Args {
    /// The program's arguments; `--help` or `-h` anywhere prints `usage` and exits.
    pub fn new(usage: &str) -> Args {
        let args: Vec<String> = std::env::args().skip(1).collect();
        if args.iter().any(|a| a == "--help" || a == "-h") {
            print_out(usage);
            std::process::exit(0);
        }
        Args {
            args: args.into_iter(),
        }
    }

    pub fn next_flag(&mut self) -> Option<String> {
        self.args.next()
    }

    /// The value that must follow `flag`.
    pub fn value(&mut self, flag: &str) -> String {
        self.args
            .next()
            .unwrap_or_else(|| fail(&format!("{flag} needs a value")))
    }

    pub fn number<T: FromStr>(&mut self, flag: &str) -> T {
        let value = self.value(flag);
        parse_number(flag, &value).unwrap_or_else(|e| fail(&e))
    }

    pub fn thread_count(&mut self, flag: &str) -> usize {
        let value = self.value(flag);
        parse_thread_count(flag, &value).unwrap_or_else(|e| fail(&e))
    }

    pub fn budget(&mut self, flag: &str) -> u64 {
        let value = self.value(flag);
        parse_budget(flag, &value).unwrap_or_else(|e| fail(&e))
    }
}

/// Stops with the message for a flag the binary does not know.
pub fn unknown(flag: &str) -> ! {
    fail(&format!("unknown flag {flag}"))
}

/// Stops the binary: bad arguments.
pub fn fail(message: &str) -> ! {
    eprintln!("error: {message} (--help lists the options)");
    std::process::exit(2);
}

/// Prints `text` and a line end on stdout. A reader that has gone (`--help | head -1`)
/// is not an error worth a panic, which `println!` would raise.
pub fn print_out(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "{text}");
}

/// The `*.sgf` files in the folders a tool's `--records DIR[,DIR...]` names, sorted
/// within each folder; fails with a message if a folder cannot be read.
pub fn record_files(folders: &str) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in folders.split(',') {
        let entries =
            std::fs::read_dir(dir).unwrap_or_else(|e| fail(&format!("cannot read {dir}: {e}")));
        let mut sgfs: Vec<_> = (entries.filter_map(Result::ok))
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        sgfs.sort();
        files.extend(sgfs);
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_and_budgets_are_checked() {
        assert_eq!(parse_thread_count("--threads", "1"), Ok(1));
        assert_eq!(parse_thread_count("--threads", "64"), Ok(64));
        for bad in ["0", "65", "-1", "two", ""] {
            assert!(parse_thread_count("--threads", bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_budget("--playouts", "1"), Ok(1));
        assert_eq!(
            parse_budget("--playouts", "0"),
            Err("--playouts must be at least 1, not 0".into())
        );
        assert!(parse_budget("--playouts", "99999999999999999999").is_err());
    }
}
