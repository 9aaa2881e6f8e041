//! `tabula-blokus-book --add`: extends a book with the listed positions it lacks.

use std::process::Command;

use tabula::games::blokus::{Board, Book, Variant};

#[test]
fn add_searches_only_the_listed_positions_the_book_lacks() {
    let dir = std::env::temp_dir().join(format!("tabula-book-add-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book_path = dir.join("book.txt");
    let list_path = dir.join("list.txt");
    let original = "# a small book\nplayouts 300\n-> f8,e9,f9,g9,e10\n";
    std::fs::write(&book_path, original).unwrap();
    let first = "f8,e9,f9,g9,e10";
    let second = "f8,e9,f9,g9,e10 j5,i6,j6,k6,j7";
    // The empty board is in the book already; the second position is listed twice.
    let list = format!("# positions\n{first}\n\n{second}\n{second}\n");
    std::fs::write(&list_path, list).unwrap();

    let output = Command::new(env!("CARGO_BIN_EXE_tabula-blokus-book"))
        .args(["--add", list_path.to_str().unwrap()])
        .args(["--out", book_path.to_str().unwrap()])
        .args(["--playouts", "200", "--threads", "1"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(&book_path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();

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
fn a_full_run_searches_again_the_positions_an_earlier_book_gained() {
    let dir = std::env::temp_dir().join(format!("tabula-book-full-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book_path = dir.join("book.txt");
    // A position no generated line holds: Black's third move.
    let position = "f8,e9,f9,g9,e10 j5,i6,j6,k6,j7 h8,i8,j8,k8,i9 l7,l8,k9,l9,k10";
    std::fs::write(
        &book_path,
        format!("playouts 50\n{position} -> h4,g5,h5,g6,g7\n"),
    )
    .unwrap();

    let output = Command::new(env!("CARGO_BIN_EXE_tabula-blokus-book"))
        .args(["--out", book_path.to_str().unwrap()])
        .args(["--first-playouts", "2", "--playouts", "2", "--threads", "2"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(&book_path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();

    let book = Book::parse(Variant::Duo, &text).unwrap();
    assert!(book.len() > 3000, "{} positions", book.len());
    let mut board = Board::new(Variant::Duo);
    for (i, mv) in position.split(' ').enumerate() {
        let mv = board.parse_move(mv).unwrap();
        board.play(i % 2, mv).unwrap();
    }
    let entry = book.entry(&board, 0).expect("the earlier position kept");
    assert_eq!(entry.playouts, Some(2), "searched again, not copied");
}
