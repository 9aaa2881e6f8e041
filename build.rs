//! Finds the outside programs some tests compare tabula with (GNU Go, Python and its
//! sgfmill), so that a test whose program is missing shows as ignored with the reason in
//! `cargo test`'s own output, instead of passing without having run. `.ci/run` installs
//! them all.
//!
//! Sets `cfg(missing_gnugo)`, `cfg(missing_python3)` and `cfg(missing_sgfmill)`. The
//! search is run again when `PATH` or `GNUGO` change, or when a folder the program would
//! be installed into changes.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Folders that hold programs: `PATH`, and Debian's games folder, where GNU Go goes.
fn program_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = env::var_os("PATH")
        .map(|p| env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    dirs.retain(|d| d.is_dir());
    dirs
}

fn watch(path: &Path) {
    println!("cargo::rerun-if-changed={}", path.display());
}

/// GNU Go: `$GNUGO`, else `gnugo` in a program folder.
fn find_gnugo() -> Option<PathBuf> {
    if let Some(path) = env::var_os("GNUGO") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    program_dirs()
        .into_iter()
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file())
}

/// Runs `python3 -c code`; its output if it succeeded.
fn python(code: &str) -> Option<String> {
    let out = Command::new("python3")
        .args(["-c", code])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=GNUGO");
    for name in ["missing_gnugo", "missing_python3", "missing_sgfmill"] {
        println!("cargo::rustc-check-cfg=cfg({name})");
    }

    match find_gnugo() {
        Some(path) => watch(&path),
        None => {
            println!("cargo::rustc-cfg=missing_gnugo");
            program_dirs().iter().for_each(|d| watch(d));
        }
    }

    // Where Python keeps its packages, so that installing sgfmill is noticed.
    let Some(paths) = python("import sys; print('\\n'.join(sys.path))") else {
        println!("cargo::rustc-cfg=missing_python3");
        println!("cargo::rustc-cfg=missing_sgfmill");
        program_dirs().iter().for_each(|d| watch(d));
        return;
    };
    if python("import sgfmill").is_none() {
        println!("cargo::rustc-cfg=missing_sgfmill");
        paths
            .lines()
            .map(Path::new)
            .filter(|p| p.is_dir() && p.ends_with("site-packages"))
            .for_each(watch);
    }
}
