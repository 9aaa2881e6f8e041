//! Protocol fuzzing: seeded random and damaged lines for `tabula` (GTP, every game) and
//! `pbrain-tabula` (Gomocup). Every command must get exactly the answer its protocol
//! frames, the daemon must never die or stall (a watchdog per answer) and must exit
//! with status 0 at `quit`/`END`/end of input, and an error answer must leave the game
//! as it was.
//!
//! Settings from the environment: `FUZZ_SEED` (default 1), `FUZZ_LINES` (lines per
//! protocol; 3,000 by default, 500,000 in the long run).
//!
//! The long run, which prints its figures:
//! `FUZZ_LINES=500000 FUZZ_SEED=7 cargo test --release --test fuzz_protocols -- --ignored --nocapture`

mod common;
mod fuzz;

use fuzz::{Config, Figures};

const DEFAULT_SEED: u64 = 1;
const DEFAULT_LINES: usize = 3_000;
const LONG_LINES: usize = 500_000;

fn config(protocol: &str, default_lines: usize) -> Config {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let seed = var("FUZZ_SEED").map_or(DEFAULT_SEED, |s| s.parse().expect("FUZZ_SEED: a number"));
    let lines =
        var("FUZZ_LINES").map_or(default_lines, |s| s.parse().expect("FUZZ_LINES: a number"));
    let dir = std::env::temp_dir().join(format!(
        "tabula-fuzz-{protocol}-{}-{seed}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Config { seed, lines, dir }
}

fn finish(protocol: &str, config: &Config, figures: &Figures) {
    println!("{}", figures.report(protocol, config));
    let _ = std::fs::remove_dir_all(&config.dir);
    assert!(figures.lines >= config.lines, "the run ended early");
    assert!(figures.error_answers > 0 && figures.answers > figures.error_answers);
}

fn gtp(default_lines: usize) {
    let config = config("gtp", default_lines);
    let figures = fuzz::gtp::run(&config);
    finish("GTP", &config, &figures);
    assert!(figures.probes > 0, "no state probe compared");
}

fn gomocup(default_lines: usize) {
    let config = config("gomocup", default_lines);
    let figures = fuzz::gomocup::run(&config);
    finish("Gomocup", &config, &figures);
}

#[test]
fn gtp_survives_random_and_damaged_lines() {
    gtp(DEFAULT_LINES);
}

#[test]
fn gomocup_survives_random_and_damaged_lines() {
    gomocup(DEFAULT_LINES);
}

#[test]
#[ignore = "the long run: FUZZ_LINES=500000 FUZZ_SEED=7 cargo test --release --test fuzz_protocols -- --ignored --nocapture"]
fn long_run() {
    gtp(LONG_LINES);
    gomocup(LONG_LINES);
}
