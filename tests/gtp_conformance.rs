//! Runs the GTP transcripts in `protocol/conformance/*.tst` against the binary.
//!
//! Format (gogui-regress): every line is sent to the engine as it is; a command with a
//! numeric id is a test, and the line after it, `#? [regex]`, must match the whole
//! response text (without `=id `). `#? [!regex]` must not match. One extension: a pattern
//! starting with `?` (never a valid regex) expects a failure whose message matches the
//! rest: `#? [?illegal move]`. The engine runs in the file's directory, one process per
//! file, and must answer every command line with exactly one well-framed response.

use regex::Regex;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Response {
    ok: bool,
    id: Option<u32>,
    body: String,
}

/// Splits the engine's output into responses, checking the framing on the way.
fn responses(output: &str) -> Vec<Response> {
    assert!(
        output.is_empty() || output.ends_with("\n\n"),
        "output must end with an empty line"
    );
    let mut out = Vec::new();
    for block in output.split_terminator("\n\n") {
        let block = block.trim_start_matches('\n');
        let (head, rest) = block.split_at(1);
        assert!(
            head == "=" || head == "?",
            "response must start with = or ?: {block:?}"
        );
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let rest = &rest[digits.len()..];
        let body = rest
            .strip_prefix(' ')
            .or_else(|| rest.strip_prefix('\n'))
            .unwrap_or(rest);
        assert!(
            rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\n'),
            "{block:?}"
        );
        out.push(Response {
            ok: head == "=",
            id: digits.parse().ok(),
            body: body.to_string(),
        });
    }
    out
}

/// A command line as the engine sees it: not blank and not only a comment.
fn is_command(line: &str) -> bool {
    let code = line.split('#').next().unwrap_or("");
    !code.trim().is_empty()
}

fn run_file(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .current_dir(path.parent().unwrap())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}: engine exit {:?}",
        path.display(),
        output.status
    );
    let responses = responses(&String::from_utf8(output.stdout).unwrap());

    let lines: Vec<&str> = text.lines().collect();
    let commands: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| is_command(l))
        .map(|(i, l)| (i, *l))
        .collect();
    let quit_at = commands
        .iter()
        .position(|(_, l)| l.split_whitespace().any(|w| w == "quit"));
    let expected_count = quit_at.map_or(commands.len(), |q| q + 1);
    assert_eq!(
        responses.len(),
        expected_count,
        "{}: one response per command",
        path.display()
    );

    let mut failures = Vec::new();
    let mut checks = 0;
    for (k, &(i, line)) in commands.iter().take(expected_count).enumerate() {
        let first = line.split_whitespace().next().unwrap_or("");
        let id: Option<u32> = first.parse().ok();
        let r = &responses[k];
        assert_eq!(r.id, id, "{}:{}: id echoed", path.display(), i + 1);
        let Some(pattern) = lines.get(i + 1).and_then(|l| l.trim().strip_prefix("#?")) else {
            continue;
        };
        if id.is_none() {
            continue;
        }
        let pattern = pattern.trim();
        let pattern = pattern
            .strip_prefix('[')
            .and_then(|p| p.strip_suffix(']'))
            .unwrap_or_else(|| {
                panic!(
                    "{}:{}: malformed expectation {pattern:?}",
                    path.display(),
                    i + 2
                )
            });
        checks += 1;
        let (want_ok, negate, regex) = if let Some(p) = pattern.strip_prefix('?') {
            (false, false, p)
        } else if let Some(p) = pattern.strip_prefix('!') {
            (true, true, p)
        } else {
            (true, false, pattern)
        };
        let re = Regex::new(&format!("^(?s:{regex})$")).unwrap();
        let matched = re.is_match(&r.body);
        if r.ok != want_ok || matched == negate {
            failures.push(format!(
                "{}:{}: `{line}` answered {}{:?}, expected [{pattern}]",
                path.file_name().unwrap().to_string_lossy(),
                i + 1,
                if r.ok { "=" } else { "?" },
                r.body
            ));
        }
    }
    assert!(checks > 0, "{}: no checks", path.display());
    println!("{}: {checks} checks", path.display());
    failures.push(format!("#checks {checks}"));
    failures
}

#[test]
fn conformance_transcripts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("protocol/conformance");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tst"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut checks = 0;
    for f in &files {
        for line in run_file(f) {
            match line.strip_prefix("#checks ") {
                Some(n) => checks += n.parse::<usize>().unwrap(),
                None => failures.push(line),
            }
        }
    }
    println!("{checks} checks in {} files", files.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checks >= 150, "only {checks} checks");
}
