//! `tabula-blokus-book`: `--add` extends a book with the listed positions it lacks or
//! holds from shallower searches, drops the lines below a reply it changed and adds
//! those a full run holds below the new reply; a full run keeps what was added, as
//! deep as it was; bad arguments stop it before it touches the book.

use std::process::{Command, Output};

use tabula::games::blokus::{Board, Book, Variant};

/// Runs `tabula-blokus-book` on a scratch copy of the book `book` with `args`, and
/// with `--add` of the positions `list` when given; returns how it ended and the book
/// it leaves.
fn run_tool(name: &str, book: &str, list: Option<&str>, args: &[&str]) -> (Output, String) {
    let dir = std::env::temp_dir().join(format!("tabula-book-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book_path = dir.join("book.txt");
    std::fs::write(&book_path, book).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula-blokus-book"));
    command
        .args(["--out", book_path.to_str().unwrap()])
        .args(args);
    if let Some(list) = list {
        let list_path = dir.join("list.txt");
        std::fs::write(&list_path, list).unwrap();
        command.args(["--add", list_path.to_str().unwrap()]);
    }
    let output = command.output().unwrap();
    let text = std::fs::read_to_string(&book_path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (output, text)
}

/// [`run_tool`], which must succeed; returns the book it leaves.
fn run_on_book(name: &str, book: &str, list: Option<&str>, args: &[&str]) -> String {
    let (output, text) = run_tool(name, book, list, args);
    assert!(output.status.success(), "{output:?}");
    text
}

#[test]
fn add_searches_only_the_listed_positions_the_book_lacks() {
    let original = "# a small book\nplayouts 300\n-> f8,e9,f9,g9,e10\n";
    let first = "f8,e9,f9,g9,e10";
    let second = "f8,e9,f9,g9,e10 j5,i6,j6,k6,j7";
    // The empty board is in the book already; the second position is listed twice.
    let list = format!("# positions\n{first}\n\n{second}\n{second}\n");
    let text = run_on_book(
        "add",
        original,
        Some(&list),
        &["--playouts", "200", "--threads", "1"],
    );

    assert!(text.starts_with(original), "{text}");
    let added: Vec<&str> = text[original.len()..].lines().collect();
    assert_eq!(added.len(), 3, "{text}");
    assert_eq!(added[0], "playouts 200");
    assert!(added[1].starts_with(&format!("{first} -> ")), "{text}");
    assert!(added[2].starts_with(&format!("{second} -> ")), "{text}");

    // Every line replays, and the added replies answer their positions.
    let book = Book::parse(Variant::Duo, &text).unwrap();
    assert_eq!(book.len(), 3);
    let mut board = Board::new(Variant::Duo);
    for (colour, mv) in [(0, first), (1, "j5,i6,j6,k6,j7")] {
        let mv = board.parse_move(mv).unwrap();
        board.play(colour, mv).unwrap();
        let entry = book.entry(&board, 1 - colour).expect("an added reply");
        assert_eq!(entry.playouts, Some(200));
    }
}

#[test]
fn a_full_run_searches_again_the_positions_an_earlier_book_gained_as_deep_as_it_had_them() {
    let first_move = Board::new(Variant::Duo);
    // White's answer to a first tetromino, which no generated line holds, with a reply
    // (the monomino) that no search plays.
    let gained = "d10,e10,f10,g10";
    // Black's second move after a first monomino: Black's book move is a pentomino.
    let unreached = "e10 j5 -> d11,c12,d12,c13,d13";
    let earlier = format!("playouts 50\n-> e10\n{gained} -> j5\n{unreached}\n");
    let args = ["--first-playouts", "2", "--playouts", "2", "--threads", "2"];
    let text = run_on_book("full", &earlier, None, &args);

    let book = Book::parse(Variant::Duo, &text).unwrap();
    assert!(book.len() > 3000, "{} positions", book.len());
    let first = book.entry(&first_move, 0).expect("Black's first move");
    assert_eq!(first.playouts, Some(50), "as deep as the earlier book");
    assert_eq!(first_move.tables().info(first.mv).len, 5, "searched again");
    let board = Book::position(Variant::Duo, gained).unwrap();
    let entry = book.entry(&board, 1).expect("the earlier position kept");
    assert_eq!(entry.playouts, Some(50), "as deep as the earlier book");
    assert_eq!(
        board.tables().info(entry.mv).len,
        5,
        "searched again, not copied"
    );
    assert!(!text.contains(unreached), "{text}");
    assert_eq!(text.matches("playouts 50").count(), 1, "one line per depth");
}

#[test]
fn add_replaces_only_the_lines_searched_with_fewer_playouts() {
    let first = "f8,e9,f9,g9,e10";
    let second = "f8,e9,f9,g9,e10 j5,i6,j6,k6,j7";
    let shallow = format!("{first} -> j5,i6,j6,k6,j7");
    let deep = format!("{second} -> h8,i8,j8,k8,i9");
    let original = format!("playouts 50\n-> {first}\n{shallow}\nplayouts 500\n{deep}\n");
    let list = format!("{first}\n{second}\n");
    let args = ["--playouts", "200", "--threads", "1"];
    let text = run_on_book("deeper", &original, Some(&list), &args);

    // The 50-playout line of the listed position gives way; the 500-playout one stays.
    assert!(!text.contains(&shallow), "{text}");
    assert!(text.contains(&deep), "{text}");
    assert!(text.contains(&format!("-> {first}\n")), "{text}");
    let book = Book::parse(Variant::Duo, &text).unwrap();
    assert_eq!(book.len(), 3);
    let mut board = Board::new(Variant::Duo);
    board.play(0, board.parse_move(first).unwrap()).unwrap();
    assert_eq!(book.entry(&board, 1).unwrap().playouts, Some(200));
    board
        .play(1, board.parse_move("j5,i6,j6,k6,j7").unwrap())
        .unwrap();
    assert_eq!(book.entry(&board, 0).unwrap().playouts, Some(500));
}

#[test]
fn add_leaves_the_book_as_it_was_when_it_holds_every_listed_position_as_deep() {
    let original = "playouts 300\n-> f8,e9,f9,g9,e10\nf8,e9,f9,g9,e10 -> j5,i6,j6,k6,j7\n";
    let list = "f8,e9,f9,g9,e10\n";
    let text = run_on_book("kept", original, Some(list), &["--playouts", "300"]);
    assert_eq!(text, original);
}

#[test]
fn bad_arguments_stop_the_tool_before_it_touches_the_book() {
    let original = "playouts 300\n-> f8,e9,f9,g9,e10\n";
    for (args, message) in [
        (&["--bogus", "1"][..], "unknown flag --bogus"),
        (&["--bogus"][..], "unknown flag --bogus"),
        (
            &["--playouts", "many"][..],
            "--playouts: not a valid number: many",
        ),
        (
            &["--playouts", "0"][..],
            "--playouts must be at least 1, not 0",
        ),
        (
            &["--threads", "0"][..],
            "--threads must be from 1 to 64, not 0",
        ),
        (&["--threads"][..], "--threads needs a value"),
    ] {
        let (output, book) = run_tool("args", original, None, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(book, original, "{args:?}");
    }
    let help = Command::new(env!("CARGO_BIN_EXE_tabula-blokus-book"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--add FILE"));
}

#[test]
fn add_drops_the_lines_below_a_reply_a_deeper_search_changed_and_fills_in_a_full_runs() {
    // A first X, below whose answer a full run holds White's second moves.
    let first = "e8,d9,e9,f9,e10";
    // White's shallow answer is the monomino, which no search plays as a first move.
    let black_line = format!("{first} j5 -> i7,g8,h8,i8,i9");
    let white_line = format!("{first} j5 i7,g8,h8,i8,i9 -> i3,g4,h4,i4,h5");
    let original = format!(
        "playouts 50\n-> {first}\n{first} -> j5\n{black_line}\nplayouts 60\n{white_line}\n"
    );
    let (output, text) = run_tool(
        "unreached",
        &original,
        Some(&format!("{first}\n")),
        &["--playouts", "100", "--threads", "2"],
    );
    assert!(output.status.success(), "{output:?}");

    let book = Book::parse(Variant::Duo, &text).unwrap();
    let mut board = Board::new(Variant::Duo);
    board.play(0, board.parse_move(first).unwrap()).unwrap();
    let answer = book.reply(&board, 1).unwrap();
    assert_eq!(board.tables().info(answer).len, 5, "{text}");
    assert!(text.contains(&format!("-> {first}\n")), "{text}");
    // Black still reaches its line; White, answering otherwise, no longer reaches its own.
    assert!(text.contains(&black_line), "{text}");
    assert!(!text.contains(&white_line), "{text}");
    assert!(
        !text.contains("playouts 60"),
        "a depth with no line left: {text}"
    );
    // Below the new answer, White's second move after each second pentomino of
    // Black's, as a full run holds it, searched with the listed positions' playouts.
    board.play(1, answer).unwrap();
    let seconds: Vec<_> = board
        .legal_moves(0)
        .into_iter()
        .filter(|&mv| board.tables().info(mv).len == 5)
        .collect();
    assert!(seconds.len() > 100, "{} second pentominoes", seconds.len());
    for mv in &seconds {
        let mut after = board.clone();
        after.play(0, *mv).unwrap();
        let entry = book.entry(&after, 1).unwrap_or_else(|| {
            panic!("no line after {}", after.format_move(*mv));
        });
        assert_eq!(entry.playouts, Some(100));
    }
    assert_eq!(book.len(), 3 + seconds.len(), "{text}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let added = format!("{} positions added, 1 no longer reached", 1 + seconds.len());
    assert!(stdout.contains(&added), "{stdout}");
}

#[test]
fn add_fills_in_nothing_below_a_reply_a_deeper_search_kept() {
    // A first X, below whose answer a full run holds White's second moves.
    let first = "e8,d9,e9,f9,e10";
    let original = format!("playouts 50\n-> {first}\n");
    // The answer the search gives at 40 playouts, listed once shallow and then deep.
    let shallow = run_on_book(
        "kept-shallow",
        &original,
        Some(&format!("{first}\n")),
        &["--playouts", "40", "--threads", "1"],
    );
    let answer_line = shallow.lines().last().unwrap().to_string();
    let with_answer = format!("playouts 50\n-> {first}\nplayouts 30\n{answer_line}\n");
    let text = run_on_book(
        "kept-deep",
        &with_answer,
        Some(&format!("{first}\n")),
        &["--playouts", "40", "--threads", "1"],
    );
    assert_eq!(Book::parse(Variant::Duo, &text).unwrap().len(), 2, "{text}");
    assert!(
        text.ends_with(&format!("playouts 40\n{answer_line}\n")),
        "{text}"
    );
}
