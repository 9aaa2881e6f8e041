//! A daemon under test on pipes: every line it writes comes through a reader thread, so
//! a wait for an answer has a watchdog; the last lines sent are kept for the report.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin};

use crate::common::spawn_piped;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long one answer may take. Searches run on small fixed budgets, so this only
/// catches a daemon that stalls.
pub const WATCHDOG: Duration = Duration::from_secs(30);

/// How many sent lines a failure report shows.
const HISTORY: usize = 25;

pub struct Daemon {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    sent: VecDeque<String>,
    what: String,
    /// The whole exchange, when `FUZZ_TRACE` names a file to append it to.
    trace: Option<std::fs::File>,
}

impl Daemon {
    pub fn start(program: &str, args: &[&str], dir: &Path) -> Daemon {
        let mut child = spawn_piped(program, args, dir);
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line);
                        let text = text.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(text).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Daemon {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            sent: VecDeque::new(),
            what: format!("{} {}", program, args.join(" ")),
            trace: std::env::var_os("FUZZ_TRACE").map(|path| {
                let mut file = std::fs::File::options()
                    .create(true)
                    .append(true)
                    .open(path)
                    .expect("FUZZ_TRACE: a file to write");
                let _ = writeln!(file, "# {program} {}", args.join(" "));
                file
            }),
        }
    }

    /// Sends one line (a LF is added) and remembers it for the report.
    pub fn send(&mut self, line: &[u8]) {
        if self.sent.len() == HISTORY {
            self.sent.pop_front();
        }
        self.sent.push_back(shown(line));
        if let Some(trace) = &mut self.trace {
            let _ = writeln!(trace, "> {}", line.escape_ascii());
        }
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        let stdin = self.stdin.as_mut().expect("input still open");
        if let Err(e) = stdin.write_all(&bytes).and_then(|_| stdin.flush()) {
            self.fail(&format!("cannot write: {e}"));
        }
    }

    /// The next output line; `None` at end of output. Fails after the watchdog.
    pub fn next_line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(WATCHDOG) {
            Ok(line) => {
                if let Some(trace) = &mut self.trace {
                    let _ = writeln!(trace, "< {line}");
                }
                Some(line)
            }
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => self.fail("no answer within the watchdog"),
        }
    }

    /// The next output line, which must come.
    pub fn line(&mut self) -> String {
        self.next_line()
            .unwrap_or_else(|| self.fail("output ended (the daemon died?)"))
    }

    /// Closes the input: the daemon must then end by itself, with status 0.
    pub fn close_input(&mut self) {
        self.sent.push_back("<end of input>".into());
        self.stdin = None;
    }

    /// Checks that the daemon writes nothing more and exits with status 0 in time.
    pub fn expect_exit(&mut self) {
        if let Some(extra) = self.next_line() {
            self.fail(&format!("output after the end: {extra:?}"));
        }
        let deadline = Instant::now() + WATCHDOG;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return,
                Ok(Some(status)) => self.fail(&format!("exit status {status}")),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Ok(None) => self.fail("did not exit within the watchdog"),
                Err(e) => self.fail(&format!("cannot wait: {e}")),
            }
        }
    }

    /// Stops the test with what went wrong, the daemon's exit status if it died, and the
    /// lines that led there.
    pub fn fail(&mut self, problem: &str) -> ! {
        let status = match self.child.try_wait() {
            Ok(Some(s)) => format!("exited: {s}"),
            _ => "still running".into(),
        };
        let _ = self.child.kill();
        let history: Vec<String> = self.sent.iter().map(|l| format!("  > {l}")).collect();
        panic!(
            "{}: {problem} ({status}); last lines sent, oldest first:\n{}",
            self.what,
            history.join("\n")
        );
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A line as the report shows it: escaped, long runs cut.
pub fn shown(line: &[u8]) -> String {
    let text: String = line.escape_ascii().to_string();
    if text.len() > 200 {
        format!("{}… ({} bytes)", &text[..200], line.len())
    } else {
        text
    }
}
