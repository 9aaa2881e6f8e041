//! One engine process: started from a command line, fed lines on stdin, and read through
//! a thread of its own so that every read can have a deadline. A process that misses it
//! is killed; one whose output ends has crashed.

use std::fs::File;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::protocol::input::read_line;

/// The least time a new process gets for its first answer: engines load opening books
/// and networks at start, and a loaded machine starts even a script slowly.
pub const STARTUP: Duration = Duration::from_secs(30);

/// Why an engine gave no usable answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    #[error("no answer within {0:.1} s")]
    Timeout(f64),
    #[error("crashed ({0})")]
    Crashed(String),
    #[error("cannot start: {0}")]
    Spawn(String),
}

pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` through `sh -c` (so quoting works as in a shell); the engine's
    /// stderr goes to `stderr` (a log file) or nowhere.
    pub fn spawn(command: &str, stderr: Option<File>) -> Result<EngineProcess, EngineError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr.map_or_else(Stdio::null, Stdio::from))
            .spawn()
            .map_err(|e| EngineError::Spawn(e.to_string()))?;
        let stdin = child.stdin.take();
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            while let Some((bytes, _)) = read_line(&mut stdout) {
                let text = String::from_utf8_lossy(&bytes);
                if tx.send(text.trim_end_matches('\r').to_string()).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    /// Writes one line (LF or CRLF ended, as the protocol wants).
    pub fn send(&mut self, line: &str, crlf: bool) -> Result<(), EngineError> {
        let end = if crlf { "\r\n" } else { "\n" };
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(format!("{line}{end}").as_bytes())
                .and_then(|_| stdin.flush()),
            None => return Err(self.crashed()),
        };
        written.map_err(|_| self.crashed())
    }

    /// The next output line, waiting until `deadline`. On a timeout the process is
    /// killed: its late answer would put every later exchange out of step.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(EngineError::Timeout(wait.as_secs_f64()))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed()),
        }
    }

    /// Is the process still running?
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Closes stdin and gives the process `grace` to exit by itself before killing it.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if !self.alive() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// The error for output that ended: the exit status if the process is gone by now.
    fn crashed(&mut self) -> EngineError {
        let end = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return EngineError::Crashed(status.to_string()),
                Ok(None) if Instant::now() < end => thread::sleep(Duration::from_millis(10)),
                _ => {
                    self.kill();
                    return EngineError::Crashed("output closed".into());
                }
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
