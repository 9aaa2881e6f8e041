//! Runs the GTP transcripts in `protocol/conformance/*.tst` against the binary, read as
//! gogui-regress 1.6 reads them, so that `gogui-regress` on the same files and this test
//! agree (format and its one stricter rule: `protocol/conformance/README.md`).
//!
//! gogui-regress's semantics, from its source (`net.sf.gogui.tools.regress.Regress`):
//! every line is trimmed; `#?` lines are patterns for the command before them, other `#`
//! lines and blank lines are skipped; a command (tabs made spaces) is sent as it is; its
//! id is the integer before the first space. The answer it matches is the full response
//! from its first space on, trimmed. The pattern is the text between the brackets,
//! trimmed, compiled as a Java regex with MULTILINE and DOTALL, and must match the whole
//! answer; `!` in front negates it; a `*` after the closing bracket marks an expected
//! failure. An error answer is always a failure. A numbered command without a pattern
//! passes unless it fails; an error answer to an unnumbered command is an "other error".
//!
//! Here, stricter: an expected failure (`[text]*`) must be an error answer whose message
//! matches the pattern, so `play b e5` → `#? [illegal move]*` checks that the move is
//! refused, and refused for that reason.

mod common;

use common::Engine;
use regex::Regex;
use std::fs;
use std::path::{Path, PathBuf};

/// Java's `String.trim`: every character up to U+0020 goes from both ends.
fn java_trim(text: &str) -> &str {
    text.trim_matches(|c: char| c <= ' ')
}

/// The id gogui-regress reads from a command line: the integer before the first space.
fn command_id(line: &str) -> Option<u32> {
    let line = line.replace('\t', "\n");
    line.split_once(' ')
        .and_then(|(head, _)| head.parse::<i32>().ok())
        .and_then(|n| u32::try_from(n).ok())
}

/// A response pattern line: the regex, whether it is negated, and whether the test is an
/// expected failure.
struct Pattern {
    regex: String,
    negated: bool,
    expected_failure: bool,
}

fn pattern(line: &str) -> Result<Option<Pattern>, String> {
    let mut text = java_trim(line.strip_prefix("#?").unwrap_or(line));
    if text.is_empty() {
        return Ok(None);
    }
    let expected_failure = text.ends_with('*');
    if expected_failure {
        text = &text[..text.len() - 1];
    }
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("pattern without its brackets: {line}"))?;
    let inner = java_trim(inner);
    let (negated, regex) = match inner.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    // A leading quantifier is a PatternSyntaxException in Java that ends the whole run.
    if regex.starts_with(['*', '+', '?', '{']) {
        return Err(format!("pattern starts with a quantifier: {line}"));
    }
    Ok(Some(Pattern {
        regex: regex.to_string(),
        negated,
        expected_failure,
    }))
}

/// One response as GtpClient receives it: the status and the text after the first
/// space, trimmed (what gogui-regress matches).
struct Answer {
    error: bool,
    text: String,
}

/// Sends one line and reads its response as gogui-regress sees it; `None` if the engine
/// is gone.
fn send(engine: &mut Engine, line: &str) -> Option<Answer> {
    engine.send_raw(format!("{line}\n").as_bytes());
    let full = engine.read_response()?;
    assert!(
        full.starts_with(['=', '?']),
        "`{line}`: not a response: {full:?}"
    );
    let text = full.find(' ').map_or("", |i| java_trim(&full[i..]));
    Some(Answer {
        error: !full.starts_with('='),
        text: text.to_string(),
    })
}

/// Counts as gogui-regress's `summary.dat` has them, and the failures to report.
#[derive(Default)]
struct Summary {
    tests: usize,
    failures: Vec<String>,
}

/// Whether `pattern` matches the whole of `text` as Java's `Matcher.matches` does with
/// MULTILINE and DOTALL.
fn matches(pattern: &str, text: &str) -> bool {
    Regex::new(&format!(r"\A(?ms:{pattern})\z"))
        .unwrap_or_else(|e| panic!("pattern {pattern:?}: {e}"))
        .is_match(text)
}

/// Judges one numbered command: `None` if it passes as the file expects.
fn judge(answer: &Answer, pattern: Option<&Pattern>) -> Option<String> {
    let Some(p) = pattern else {
        return answer.error.then(|| "failed without a pattern".to_string());
    };
    if p.expected_failure {
        return if !answer.error {
            Some("expected a failure, got a success (an unexpected PASS)".into())
        } else if !matches(&p.regex, &answer.text) {
            Some(format!(
                "failed with a message that does not match [{}]",
                p.regex
            ))
        } else {
            None
        };
    }
    if answer.error {
        return Some("unexpected FAIL".into());
    }
    (matches(&p.regex, &answer.text) == p.negated).then(|| format!("expected [{}]", p.regex))
}

fn run_file(path: &Path, summary: &mut Summary) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().map(java_trim).collect();
    let mut engine = Engine::start_in(env!("CARGO_BIN_EXE_tabula"), &[], path.parent().unwrap());
    for (i, &line) in lines.iter().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            if line.starts_with("#?") {
                let previous_is_command = lines[..i]
                    .iter()
                    .rev()
                    .find(|l| !l.is_empty())
                    .is_some_and(|l| !l.starts_with('#'));
                assert!(
                    previous_is_command,
                    "{name}:{}: pattern without a command",
                    i + 1
                );
            }
            continue;
        }
        let command = line.replace('\t', " ");
        assert!(
            command_id(&command).is_some() || !command.starts_with(|c: char| c.is_ascii_digit()),
            "{name}:{}: an id gogui-regress cannot read: {command}",
            i + 1
        );
        assert!(
            !command.split_whitespace().any(|w| w == "quit"),
            "{name}:{}: gogui-regress sends quit itself after the last line",
            i + 1
        );
        let Some(answer) = send(&mut engine, &command) else {
            summary
                .failures
                .push(format!("{name}:{}: `{command}`: program died", i + 1));
            return;
        };
        let next = lines.get(i + 1).filter(|l| l.starts_with("#?"));
        let pattern = match next.map(|l| pattern(l)) {
            Some(Err(e)) => panic!("{name}:{}: {e}", i + 2),
            Some(Ok(p)) => p,
            None => None,
        };
        match command_id(&command) {
            Some(_) => {
                summary.tests += 1;
                if let Some(why) = judge(&answer, pattern.as_ref()) {
                    summary.failures.push(format!(
                        "{name}:{}: `{command}` answered {}{:?}: {why}",
                        i + 1,
                        if answer.error { "?" } else { "=" },
                        answer.text
                    ));
                }
            }
            // gogui-regress counts an error here in its `Error` column.
            None if answer.error => summary.failures.push(format!(
                "{name}:{}: `{command}` (no id) failed: {}",
                i + 1,
                answer.text
            )),
            None => assert!(pattern.is_none(), "{name}:{}: a pattern needs an id", i + 2),
        }
    }
    // What gogui-regress does after the last line.
    assert!(
        engine.quit_cleanly(),
        "{name}: the engine must answer quit and exit"
    );
}

fn transcripts() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("protocol/conformance");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tst"))
        .collect();
    files.sort();
    files
}

#[test]
fn conformance_transcripts() {
    let files = transcripts();
    assert!(!files.is_empty());
    let mut summary = Summary::default();
    for f in &files {
        run_file(f, &mut summary);
    }
    println!("{} tests in {} files", summary.tests, files.len());
    assert!(
        summary.failures.is_empty(),
        "{} failures:\n{}",
        summary.failures.len(),
        summary.failures.join("\n")
    );
    assert!(summary.tests >= 350, "only {} tests", summary.tests);
}

#[test]
fn the_reader_follows_gogui_regress() {
    assert_eq!(command_id("12 play b e5"), Some(12));
    assert_eq!(command_id("12\tplay"), None);
    assert_eq!(command_id("play b e5"), None);
    assert_eq!(command_id("2147483648 name"), None);
    let p = pattern("#? [ illegal move ]*").unwrap().unwrap();
    assert!(p.expected_failure && !p.negated && p.regex == "illegal move");
    let p = pattern("#? [!a b]").unwrap().unwrap();
    assert!(p.negated && !p.expected_failure && p.regex == "a b");
    assert!(pattern("#? [ *A B]").is_err());
    assert!(pattern("#? A").is_err());
    assert!(pattern("#?").unwrap().is_none());
    let ok = |text: &str| Answer {
        error: false,
        text: text.into(),
    };
    let err = |text: &str| Answer {
        error: true,
        text: text.into(),
    };
    let p = |line: &str| pattern(line).unwrap();
    assert!(judge(&ok("E5"), p("#? [E5|D4]").as_ref()).is_none());
    assert!(judge(&ok("E5 D4"), p("#? [E5]").as_ref()).is_some());
    assert!(judge(&ok("a\nb"), p("#? [a.b]").as_ref()).is_none());
    assert!(judge(&err("illegal move"), p("#? [illegal move]*").as_ref()).is_none());
    assert!(judge(&err("syntax error"), p("#? [illegal move]*").as_ref()).is_some());
    assert!(judge(&ok(""), p("#? [illegal move]*").as_ref()).is_some());
    assert!(judge(&err("x"), None).is_some());
    assert!(judge(&ok("x"), None).is_none());
}
