//! Command-line flags of every binary: bad ones are refused with a message naming the
//! flag and exit status 2, before any work; `--help` and `--version` answer on stdout.

mod common;

use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"))
}

/// `program args` must stop with status 2 and a message on stderr containing `says`.
fn refused(program: &str, args: &[&str], says: &str) {
    let out = run(program, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.contains(says),
        "{args:?}: {stderr:?} should say {says:?}"
    );
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
}

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");
const PBRAIN: &str = env!("CARGO_BIN_EXE_pbrain-tabula");

#[test]
fn tabula_refuses_bad_thread_counts_budgets_and_unknown_flags() {
    refused(
        TABULA,
        &["--threads", "0"],
        "--threads must be from 1 to 64, not 0",
    );
    refused(
        TABULA,
        &["--threads", "65"],
        "--threads must be from 1 to 64, not 65",
    );
    refused(TABULA, &["--threads=-1"], "--threads");
    refused(TABULA, &["--threads"], "--threads needs a value");
    refused(
        TABULA,
        &["--playouts", "0"],
        "--playouts must be at least 1, not 0",
    );
    refused(
        TABULA,
        &["--playouts", "many"],
        "--playouts: not a valid number",
    );
    refused(TABULA, &["--bogus"], "unknown flag --bogus");
    refused(
        TABULA,
        &["bench", "--threads", "0"],
        "--threads must be from 1 to 64",
    );
}

#[test]
fn tabula_plays_at_the_edges_of_the_flags() {
    let (status, out) = common::run_to_end(
        TABULA,
        &["--threads", "64", "--playouts", "1"],
        b"boardsize 9\ngenmove b\n",
        Duration::from_secs(60),
    )
    .expect("tabula did not end");
    assert!(status.success());
    let answers: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), 2, "{out:?}");
    assert!(answers[1].starts_with("= "), "{out:?}");
}

#[test]
fn pbrain_tabula_has_help_and_version() {
    let help = run(PBRAIN, &["--help"]);
    assert!(help.status.success());
    let usage = String::from_utf8_lossy(&help.stdout);
    for words in ["usage: pbrain-tabula", "--yixin", "--nodes N", "--version"] {
        assert!(usage.contains(words), "{usage}");
    }
    let version = run(PBRAIN, &["-V"]);
    assert!(version.status.success());
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        format!("pbrain-tabula {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn pbrain_tabula_refuses_bad_flags() {
    refused(PBRAIN, &["--bogus"], "unknown flag --bogus");
    refused(
        PBRAIN,
        &["--nodes", "0"],
        "--nodes must be at least 1, not 0",
    );
    refused(PBRAIN, &["--nodes"], "--nodes needs a value");
}

#[test]
fn the_tools_name_an_unknown_flag_as_unknown() {
    let book = env!("CARGO_BIN_EXE_tabula-connect4-book");
    refused(book, &["--bogus"], "unknown flag --bogus");
    refused(book, &["--depth", "3", "--bogus"], "unknown flag --bogus");
    refused(book, &["--out"], "--out needs a value");
    let blokus = env!("CARGO_BIN_EXE_tabula-blokus-book");
    refused(
        blokus,
        &["--threads", "0"],
        "--threads must be from 1 to 64, not 0",
    );
    refused(
        blokus,
        &["--playouts", "0"],
        "--playouts must be at least 1",
    );
    let priors = env!("CARGO_BIN_EXE_tabula-blokus-priors");
    refused(priors, &["--bogus"], "unknown flag --bogus");
    let fit = env!("CARGO_BIN_EXE_tabula-gomoku-fit");
    refused(fit, &["--bogus"], "unknown flag --bogus");
    let go = env!("CARGO_BIN_EXE_tabula-go-priors");
    refused(go, &["--bogus"], "unknown flag --bogus");
    refused(go, &["--records", "."], "--teacher is needed");
}
