//! Files for `loadsgf`: the repository's records, damaged copies of them written into
//! the run's folder, and names that are no record at all.

use super::mutate::mutate;
use super::rng::Rng;
use std::path::{Path, PathBuf};

/// The repository's SGF and blksgf records (conformance and test data).
fn repository_records() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut dirs = vec![
        root.join("protocol/conformance/sgf"),
        root.join("tests/data/go"),
    ];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e == "sgf" || e == "blksgf")
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Writes the damaged records into `dir` and returns every name `loadsgf` may get,
/// among them files that never end (`/dev/zero`, a FIFO nobody writes): the daemon must
/// refuse them rather than read or wait forever.
pub fn prepare(rng: &mut Rng, dir: &Path) -> Vec<String> {
    let originals = repository_records();
    assert!(originals.len() >= 10, "records missing");
    let mut names: Vec<String> = originals.iter().map(|p| p.display().to_string()).collect();
    for n in 0..12 {
        let text = std::fs::read(rng.pick(&originals)).unwrap();
        let damaged = match rng.below(3) {
            0 => text[..rng.below(text.len())].to_vec(),
            1 => mutate(rng, &text),
            _ => {
                let mut t = text.clone();
                for _ in 0..1 + rng.below(8) {
                    let i = rng.below(t.len());
                    t[i] = *rng.pick(b"[]();\\\0ABSZ9-:");
                }
                t
            }
        };
        let name = format!("damaged-{n}.sgf");
        std::fs::write(dir.join(&name), damaged).unwrap();
        names.push(name);
    }
    let odd = [
        ("empty.sgf", "".to_string()),
        (
            "huge-size.sgf",
            "(;GM[1]SZ[99999999999999999999];B[aa])".into(),
        ),
        ("size-zero.sgf", "(;GM[1]SZ[0])".into()),
        ("rect.sgf", "(;GM[4]RU[Renju]SZ[40:3];B[aa])".into()),
        ("c4-odd.sgf", "(;GM[Connect Four]SZ[3:99];B[aa])".into()),
        (
            "deep.sgf",
            format!("{}(;GM[1]){}", "(".repeat(10_000), ")".repeat(10_000)),
        ),
        (
            "many-moves.sgf",
            format!("(;GM[1]SZ[2]{})", ";B[aa];W[bb]".repeat(5_000)),
        ),
    ];
    for (name, text) in odd {
        std::fs::write(dir.join(name), text).unwrap();
        names.push(name.to_string());
    }
    std::fs::create_dir_all(dir.join("a-folder.sgf")).unwrap();
    names.extend(["a-folder.sgf", "missing.sgf", "/nonexistent/x.sgf", "."].map(String::from));
    names.push("/dev/zero".into());
    let fifo = dir.join("fifo.sgf");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        names.push("fifo.sgf".into());
    }
    names
}
