//! Hostile input: every malformed or illegal command gets a `?` answer and leaves the
//! game exactly as it was (byte-identical `printsgf`); odd bytes, huge lines and a
//! missing `quit` never crash the daemon.

mod common;

use common::Engine;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A 9×9 position where White's immediate ko recapture at B2 and White at J9 (suicide)
/// are both illegal.
fn setup(engine: &mut Engine) {
    for cmd in [
        "boardsize 9",
        "clear_board",
        "komi 6.5",
        "play b h9",
        "play b j8",
        "play b b3",
        "play w c3",
        "play b a2",
        "play w d2",
        "play b b1",
        "play w c1",
        "play w b2",
        "play b c2",
    ] {
        engine.ok(cmd);
    }
}

fn snapshot(engine: &mut Engine) -> (String, String, String) {
    (
        engine.ok("printsgf"),
        engine.ok("gogui-rules_board"),
        engine.ok("gogui-rules_side_to_move"),
    )
}

#[test]
fn bad_commands_are_refused_and_change_nothing() {
    let mut engine = Engine::tabula(&[]);
    setup(&mut engine);
    let before = snapshot(&mut engine);
    let huge_line = format!("play b {}\n", "a".repeat(1 << 20));
    let almost_huge = format!("komi {}\n", "9".repeat(1_000_000));
    let hostile: Vec<Vec<u8>> = vec![
        b"play w b2\n".to_vec(), // ko recapture
        b"play w j9\n".to_vec(), // suicide
        b"play b c2\n".to_vec(), // occupied
        b"play w c2\n".to_vec(), // occupied
        b"play b i5\n".to_vec(), // no I column
        b"play b I5\n".to_vec(),
        b"play b k5\n".to_vec(), // off the 9x9 board
        b"play b a10\n".to_vec(),
        b"play b a0\n".to_vec(),
        b"play b a-1\n".to_vec(),
        b"play b\n".to_vec(),
        b"play\n".to_vec(),
        b"play b e5 e6\n".to_vec(),
        b"play b resign\n".to_vec(),
        b"play red e5\n".to_vec(),
        b"boardsize 0\n".to_vec(),
        b"boardsize 1\n".to_vec(),
        b"boardsize 26\n".to_vec(),
        b"boardsize -1\n".to_vec(),
        b"boardsize 99999999999999999999\n".to_vec(),
        b"boardsize 9.0\n".to_vec(),
        b"komi\n".to_vec(),
        b"komi x\n".to_vec(),
        almost_huge.into_bytes(),
        huge_line.into_bytes(),
        b"\xff\xfe\xfd\n".to_vec(),
        b"play b \xffe5\n".to_vec(),
        b"play b e\x005\xc3\n".to_vec(),
        b"\x00\x01\x02play\x7f\n".to_vec(),
        "плей b e5\n".as_bytes().to_vec(),
        b"99999999999999999999 name\n".to_vec(),
        b"= 1\n".to_vec(),
        b"?\n".to_vec(),
        b"fixed_handicap 2\n".to_vec(),
        b"fixed_handicap 99999999999999999999\n".to_vec(),
        b"set_free_handicap a1 b2\n".to_vec(),
        b"place_free_handicap 3\n".to_vec(),
        b"loadsgf /nonexistent/file.sgf\n".to_vec(),
        b"loadsgf /dev/null\n".to_vec(),
        b"loadsgf /dev/zero\n".to_vec(),
        b"loadsgf /\n".to_vec(),
        b"loadsgf\n".to_vec(),
        b"undo now\n".to_vec(),
        b"final_status_list everything\n".to_vec(),
        b"kgs-rules ing\n".to_vec(),
        b"time_left b soon 0\n".to_vec(),
        b"time_settings 1 2\n".to_vec(),
        b"genmove purple\n".to_vec(),
        b"reg_genmove\n".to_vec(),
        b"set_game Backgammon\n".to_vec(),
        b"gogui-rules_board extra\n".to_vec(),
        b"list_stones pink\n".to_vec(),
        b"all_legal\n".to_vec(),
        b"printsgf /nonexistent/dir/out.sgf\n".to_vec(),
    ];
    for input in &hostile {
        engine.send_raw(input);
        let reply = engine.read_reply();
        let shown = String::from_utf8_lossy(&input[..input.len().min(40)]).into_owned();
        assert!(!reply.ok, "{shown:?} must be refused, got {:?}", reply.text);
        assert!(!reply.text.contains('\n'), "one-line error for {shown:?}");
        assert_eq!(snapshot(&mut engine), before, "{shown:?} changed the game");
    }
    // The daemon is still alive and answers normally.
    assert_eq!(engine.ok("name"), "tabula");
    engine.quit();
}

/// Everything the daemon writes for `input`, which it reads to its end; it must exit
/// with status 0.
fn output_for(input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "exit status {:?}", out.status);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn crlf_tabs_and_end_of_input_without_quit() {
    assert_eq!(
        output_for(b"1 name\r\n2\tprotocol_version\r\n\r\n3 boardsize 9\r\n4 play b e5"),
        "=1 tabula\n\n=2 2\n\n=3 \n\n=4 \n\n"
    );
}

/// What gogui-regress cannot send (it trims lines, makes tabs spaces and sends `quit`
/// itself): raw preprocessing, lines with nothing to answer, and the end at `quit`.
#[test]
fn raw_lines_blank_lines_and_quit() {
    assert_eq!(
        output_for(
            b"4\tname\t# the engine's name\n   5    protocol_version   \n\n     \n\
              # comment\n\t\n6 quit\n7 name\n"
        ),
        "=4 tabula\n\n=5 2\n\n=6 \n\n"
    );
}

/// A fresh folder for this test's files.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn make_fifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// Files no record can be read from: never read whole, never waited on, and the game
/// is kept. Driven with the input closed, so that a hang shows as the watchdog firing.
#[test]
fn files_that_are_no_records_are_refused_at_once() {
    let dir = scratch_dir("files_that_are_no_records");
    let fifo = dir.join("fifo");
    make_fifo(&fifo);
    // A valid record, but over 16 MiB: a comment of that size.
    let huge = dir.join("huge.sgf");
    let comment = "x".repeat(16 << 20);
    std::fs::write(&huge, format!("(;GM[1]SZ[9]C[{comment}];B[ee])")).unwrap();
    // Variations nested 100,000 deep, which a recursive parser cannot descend.
    let deep = dir.join("deep.sgf");
    let levels = 100_000;
    let nested = format!(
        "(;GM[1]SZ[9]{}{})",
        "(;C[x]".repeat(levels),
        ")".repeat(levels)
    );
    std::fs::write(&deep, nested).unwrap();
    let mut input = String::from("boardsize 9\nplay b e5\n");
    for file in [
        "/dev/zero",
        fifo.to_str().unwrap(),
        huge.to_str().unwrap(),
        deep.to_str().unwrap(),
        dir.to_str().unwrap(),
    ] {
        input.push_str(&format!("loadsgf {file}\n"));
    }
    input.push_str(&format!("printsgf {}\nlist_stones b\n", fifo.display()));
    let (status, out) = common::run_to_end(
        env!("CARGO_BIN_EXE_tabula"),
        &[],
        input.as_bytes(),
        Duration::from_secs(60),
    )
    .expect("the daemon hung on a file");
    assert!(status.success(), "{status:?}: {out}");
    let answers: Vec<&str> = out.split_terminator("\n\n").collect();
    let cannot_load = "? cannot load file";
    assert_eq!(
        answers,
        [
            "= ",
            "= ",
            cannot_load,
            cannot_load,
            cannot_load,
            cannot_load,
            cannot_load,
            "? cannot write file: not a regular file",
            "= E5"
        ]
    );
}
