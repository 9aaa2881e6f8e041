//! A GTP client for the integration tests: talks to any engine process over pipes.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Starts `program` in `dir`, its stdin and stdout piped to the test, its stderr dropped.
pub fn spawn_piped(program: &str, args: &[&str], dir: &Path) -> Child {
    Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"))
}

pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pub name: String,
}

/// One response: success flag and text (without `=`/`?`, id and the framing).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub ok: bool,
    pub text: String,
}

impl Engine {
    pub fn start(program: &str, args: &[&str]) -> Engine {
        Engine::start_in(program, args, Path::new("."))
    }

    /// Starts `program` with `dir` as its working folder.
    pub fn start_in(program: &str, args: &[&str], dir: &Path) -> Engine {
        let mut child = spawn_piped(program, args, dir);
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
            name: program.to_string(),
        }
    }

    pub fn tabula(args: &[&str]) -> Engine {
        Engine::start(env!("CARGO_BIN_EXE_tabula"), args)
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads one line of output without its line end; `None` if the output has ended.
    pub fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        if self.stdout.read_line(&mut line).ok()? == 0 {
            return None;
        }
        Some(line.trim_end_matches(['\n', '\r']).to_string())
    }

    /// Reads one whole response as it came, its lines up to the empty line (without
    /// it); `None` if the output ends first.
    pub fn read_response(&mut self) -> Option<String> {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end_matches(['\n', '\r']);
            if line.is_empty() {
                if text.is_empty() {
                    continue;
                }
                return Some(text);
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(line);
        }
    }

    /// Reads one response: its status and its text.
    pub fn read_reply(&mut self) -> Reply {
        let text = self
            .read_response()
            .unwrap_or_else(|| panic!("{}: end of output inside a response", self.name));
        let ok = text.starts_with('=');
        assert!(
            ok || text.starts_with('?'),
            "{}: not a response: {text:?}",
            self.name
        );
        let body = text[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let body = body.strip_prefix(' ').unwrap_or(body).to_string();
        Reply { ok, text: body }
    }

    pub fn send(&mut self, command: &str) -> Reply {
        self.send_raw(format!("{command}\n").as_bytes());
        self.read_reply()
    }

    /// Sends `command` and reads its response, waiting at most `limit`: past it the
    /// engine is killed and the answer is `None`. For commands that must end on their
    /// own; `limit` is a watchdog, not a measure.
    pub fn send_within(&mut self, command: &str, limit: Duration) -> Option<String> {
        let pid = self.child.id() as libc::pid_t;
        let (done, watch) = mpsc::channel::<()>();
        let watchdog = std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = watch.recv_timeout(limit) {
                // SAFETY: kill(2) on our own child, which is not reaped before
                // `Engine` is dropped, so its pid cannot have been reused.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        });
        self.send_raw(format!("{command}\n").as_bytes());
        let response = self.read_response();
        drop(done);
        let _ = watchdog.join();
        response
    }

    /// Sends a command that must succeed and returns its text.
    pub fn ok(&mut self, command: &str) -> String {
        let r = self.send(command);
        assert!(r.ok, "{}: `{command}` failed: {}", self.name, r.text);
        r.text
    }

    pub fn quit(mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }

    /// Sends `quit`: whether it was answered and the process then exited with status 0.
    pub fn quit_cleanly(mut self) -> bool {
        self.send_raw(b"quit\n");
        let answered = self.read_response().is_some_and(|r| r.starts_with('='));
        answered && self.child.wait().is_ok_and(|s| s.success())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a program ran on `input` (stdin closed after it): its exit status and everything
/// it wrote on stdout; `None` if it was still running after `watchdog` (it is killed).
pub fn run_to_end(
    program: &str,
    args: &[&str],
    input: &[u8],
    watchdog: Duration,
) -> Option<(ExitStatus, String)> {
    let mut child = spawn_piped(program, args, Path::new("."));
    let mut stdin = child.stdin.take().unwrap();
    // A program that ends early may leave some input unread.
    let _ = stdin.write_all(input);
    drop(stdin);
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        out
    });
    let deadline = Instant::now() + watchdog;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = reader.join().unwrap();
    Some((status, String::from_utf8_lossy(&out).into_owned()))
}

/// GNU Go's program: `$GNUGO`, else `gnugo` on the `PATH` or in Debian's /usr/games.
/// Tests that need it are ignored, with the reason, when the build found none
/// (`cfg(missing_gnugo)`, set by build.rs).
pub fn gnugo() -> String {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = match std::env::var_os("GNUGO") {
        Some(g) => Some(PathBuf::from(g)),
        None => std::env::split_paths(&path)
            .chain([PathBuf::from("/usr/games")])
            .map(|d| d.join("gnugo"))
            .find(|p| p.is_file()),
    };
    let found = found.filter(|p| p.is_file()).unwrap_or_else(|| {
        panic!("GNU Go not found though the build found it: rebuild (touch build.rs)")
    });
    found.display().to_string()
}

/// The reference data the tests read (`tests/data`, each source with its README).
pub fn test_data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// A sorted list of the words of a vertex list, upper case, for comparing engines.
pub fn vertex_set(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text
        .split_whitespace()
        .map(|w| w.to_ascii_uppercase())
        .collect();
    v.sort();
    v
}
