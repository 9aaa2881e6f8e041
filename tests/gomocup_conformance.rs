//! Runs the transcripts of `protocol/conformance/gomocup/` against the built
//! `pbrain-tabula` (format: `protocol/conformance/gomocup/README.md`).

use regex::Regex;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// Longest wait for one answer line (searches in transcripts use fixed node budgets or
/// short time limits; this only catches hangs).
const LINE_TIMEOUT: Duration = Duration::from_secs(20);

struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
}

impl Brain {
    fn spawn(args: &[String]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tabula"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start pbrain-tabula");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                    Ok(_) => {
                        let _ = tx.send(Some(line.trim_end_matches(['\r', '\n']).to_string()));
                    }
                }
            }
        });
        Brain {
            stdin: child.stdin.take(),
            child,
            lines: rx,
        }
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        stdin
            .write_all(bytes)
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("write failed: {e}"))
    }

    /// The next output line; `None` at end of output.
    fn next_line(&self) -> Result<Option<String>, String> {
        match self.lines.recv_timeout(LINE_TIMEOUT) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err("no answer in time".into()),
            Err(RecvTimeoutError::Disconnected) => Ok(None),
        }
    }

    /// The next line that is not `MESSAGE`/`DEBUG` (unless `raw`).
    fn answer(&self, raw: bool) -> Result<String, String> {
        loop {
            match self.next_line()? {
                None => return Err("brain closed its output".into()),
                Some(line)
                    if !raw && (line.starts_with("MESSAGE") || line.starts_with("DEBUG")) => {}
                Some(line) => return Ok(line),
            }
        }
    }
}

fn full(pattern: &str) -> Regex {
    Regex::new(&format!("^(?:{pattern})$")).unwrap_or_else(|e| panic!("bad regex {pattern}: {e}"))
}

fn hex(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap())
        .collect()
}

/// Runs one transcript; returns the first failure.
fn run(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let args: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("% args"))
        .flat_map(|a| a.split_whitespace().map(String::from).collect::<Vec<_>>())
        .collect();
    let mut brain = Brain::spawn(&args);
    for (n, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: `{line}`: {e}", n + 1);
        let (op, rest) = line.split_once(' ').unwrap_or((line, ""));
        match op {
            "" | "#" | "%" => {}
            ">" => brain.send(format!("{rest}\r\n").as_bytes()).map_err(at)?,
            ">lf" => brain.send(format!("{rest}\n").as_bytes()).map_err(at)?,
            ">raw" => brain.send(&hex(rest)).map_err(at)?,
            ">long" => {
                let len: usize = rest.trim().parse().unwrap();
                let mut bytes = vec![b'A'; len];
                bytes.extend_from_slice(b"\r\n");
                brain.send(&bytes).map_err(at)?;
            }
            "<" | "<<" | "<!" => {
                let got = brain.answer(op == "<<").map_err(at)?;
                let matches = full(rest).is_match(&got);
                if matches == (op == "<!") {
                    return Err(at(format!("got `{got}`")));
                }
            }
            "eof" => {
                brain.stdin = None;
            }
            "exit" => match brain.next_line().map_err(at)? {
                None => {
                    let status = brain.child.wait().map_err(|e| at(e.to_string()))?;
                    if !status.success() {
                        return Err(at(format!("exit status {status}")));
                    }
                }
                Some(extra) => return Err(at(format!("unexpected output `{extra}`"))),
            },
            other => return Err(at(format!("unknown operation `{other}`"))),
        }
    }
    brain.stdin = None;
    let _ = brain.child.kill();
    let _ = brain.child.wait();
    Ok(())
}

#[test]
fn gomocup_transcripts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("protocol/conformance/gomocup");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "transcripts missing in {}", dir.display());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| run(f).err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
