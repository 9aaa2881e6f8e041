//! One engine process: started from a command line, fed lines on stdin, and read through
//! a thread of its own so that every read can have a deadline. A process that misses it
//! is killed; one whose output ends has crashed. Its stderr is copied to a log file and
//! its last lines are kept, so that a crash can say what the engine said before dying.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
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

/// How many of the engine's last stderr lines a crash report quotes.
const STDERR_TAIL: usize = 3;

pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_reader: JoinHandle<()>,
}

impl EngineProcess {
    /// Starts `command` through `sh -c` (so quoting works as in a shell); the engine's
    /// stderr is appended to `log` (if any), its last lines kept for crash reports.
    pub fn spawn(command: &str, log: Option<File>) -> Result<EngineProcess, EngineError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| EngineError::Spawn(e.to_string()))?;
        let stdin = child.stdin.take();
        let stderr = child.stderr.take().expect("stderr is piped");
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_reader = copy_stderr(stderr, log, Arc::clone(&stderr_tail));
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
            stderr_tail,
            stderr_reader,
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

    /// CPU seconds the process has used so far, as the operating system counts them
    /// (Linux: `/proc/PID/stat`, its own time and that of the children it has waited
    /// for), for engines that do not tell their own. The engine is the process itself
    /// when its command line is a program (`sh -c "exec ..."`); a wrapper that does not
    /// exec counts only itself until its engine exits.
    pub fn cpu_seconds(&self) -> Option<f64> {
        process_cpu_seconds(self.child.id())
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

    /// The error for output that ended: the exit status if the process is gone by now,
    /// and the last lines it wrote on stderr.
    fn crashed(&mut self) -> EngineError {
        let end = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status.to_string(),
                Ok(None) if Instant::now() < end => thread::sleep(Duration::from_millis(10)),
                _ => {
                    self.kill();
                    break "output closed".into();
                }
            }
        };
        // The stderr reader may still hold the last lines: give it until it sees the end.
        while !self.stderr_reader.is_finished() && Instant::now() < end {
            thread::sleep(Duration::from_millis(5));
        }
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.clone())
            .unwrap_or_default();
        if tail.is_empty() {
            return EngineError::Crashed(status);
        }
        let said: Vec<String> = tail.into_iter().collect();
        EngineError::Crashed(format!(
            "{status}; its stderr ended with: {}",
            said.join(" | ")
        ))
    }
}

/// CPU seconds of process `pid` and its waited-for children, from `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn process_cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: the fields are
    // counted after its closing one, from field 3 (the state).
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    // utime, stime, cutime, cstime: fields 14 to 17, in clock ticks.
    let ticks = fields.get(11..15)?.iter().try_fold(0u64, |sum, f| {
        f.parse::<u64>().ok().map(|t| sum.saturating_add(t))
    })?;
    // SAFETY: sysconf reads a constant of the system and touches no memory of ours.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (per_second > 0).then(|| ticks as f64 / per_second as f64)
}

#[cfg(not(target_os = "linux"))]
fn process_cpu_seconds(_: u32) -> Option<f64> {
    None
}

/// Copies the engine's stderr to `log` line by line as it comes, keeping the last
/// `STDERR_TAIL` non-blank lines (each cut to 200 characters) in `tail`.
fn copy_stderr(
    stderr: impl Read + Send + 'static,
    mut log: Option<File>,
    tail: Arc<Mutex<VecDeque<String>>>,
) -> JoinHandle<()> {
    thread::spawn(move || {
        let mut stderr = BufReader::new(stderr);
        while let Some((bytes, _)) = read_line(&mut stderr) {
            if let Some(file) = log.as_mut() {
                let _ = file.write_all(&bytes).and_then(|_| file.write_all(b"\n"));
            }
            let text = String::from_utf8_lossy(&bytes);
            let text: String = text.trim().chars().take(200).collect();
            if text.is_empty() {
                continue;
            }
            if let Ok(mut tail) = tail.lock() {
                if tail.len() == STDERR_TAIL {
                    tail.pop_front();
                }
                tail.push_back(text);
            }
        }
    })
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
