//! `tabula-blokus-priors --records`: samples the moves of game records, and a fit to
//! them learns the habit of whoever played the games.

use std::process::Command;

use tabula::games::blokus::{Board, Variant, piece_by_name, sgf};
use tabula::rng::Rng;

/// The pieces the players of [`habit_game`] place first, in this order: pentominoes,
/// which the tree considers from the start. The first move is never sampled (the tool
/// starts once each colour has placed a piece), so the V is there to open.
const HABIT: [&str; 4] = ["V5", "I5", "L5", "Y"];

/// A Duo game whose players place the pieces of [`HABIT`] in order whenever they can,
/// and otherwise play random legal moves.
fn habit_game(rng: &mut Rng) -> Board {
    let mut board = Board::new(Variant::Duo);
    while let Some(c) = board.to_play() {
        let legal = board.legal_moves(c);
        let tables = board.tables();
        let habit = HABIT.iter().map(|name| {
            let piece = piece_by_name(name).unwrap();
            let moves = legal.iter().copied();
            moves
                .filter(|&m| tables.info(m).piece == piece)
                .collect::<Vec<_>>()
        });
        let pool = habit
            .chain([legal.clone()])
            .find(|moves| !moves.is_empty())
            .unwrap();
        let mv = pool[rng.below(pool.len() as u32) as usize];
        board.play(c, mv).unwrap();
    }
    board
}

/// Runs the tool, which must succeed; its stdout and stderr.
fn run_tool(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula-blokus-priors"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

#[test]
fn a_fit_to_records_learns_the_players_habit() {
    let dir = std::env::temp_dir().join(format!("tabula-blokus-priors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(5);
    let records: Vec<String> = (0..40)
        .map(|n| {
            let path = dir.join(format!("game-{n:04}.sgf"));
            std::fs::write(&path, sgf::write(&habit_game(&mut rng))).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect();
    let samples = dir.join("samples.txt");
    let samples_path = samples.to_str().unwrap();
    let (_, stderr) = run_tool(&["--records", &records.join(","), "--out", samples_path]);
    let written: usize = stderr
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {stderr}"));

    // One position per P line, each with exactly one move marked as played.
    let text = std::fs::read_to_string(&samples).unwrap();
    let mut positions = text.split("P ").skip(1);
    assert_eq!(positions.clone().count(), written);
    assert!(written > 300, "every other position of 40 games: {written}");
    assert!(positions.all(|p| {
        let chosen = p.lines().skip(1).filter(|l| l.starts_with("1 ")).count();
        chosen == 1
            && p.lines()
                .skip(1)
                .all(|l| l.starts_with("1 ") || l.starts_with("0 "))
    }));

    let (stdout, _) = run_tool(&["--variant", "duo", "--fit", samples_path]);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("const WEIGHTS"))
        .unwrap_or_else(|| panic!("no weights in {stdout}"));
    let weights: Vec<f64> = line[line.find('[').unwrap() + 1..line.find(']').unwrap()]
        .split(", ")
        .map(|w| w.parse().unwrap())
        .collect();
    let habit: Vec<usize> = HABIT[1..]
        .iter()
        .map(|name| piece_by_name(name).unwrap() as usize)
        .collect();
    let pieces = &weights[..21];
    let best_other = (pieces.iter().enumerate())
        .filter(|(i, _)| !habit.contains(i))
        .map(|(_, &w)| w)
        .fold(f64::NEG_INFINITY, f64::max);
    for i in habit {
        assert!(
            pieces[i] > best_other + 1.0,
            "the habit's pieces stand out: {pieces:?} ({stderr})"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Pieces set up before the first move (`AB`, `AW`) are placed, not replayed as moves.
#[test]
fn records_with_setup_pieces_are_sampled_from_their_setup() {
    let dir = std::env::temp_dir().join(format!("tabula-blokus-setup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("setup.blksgf");
    std::fs::write(
        &record,
        "(;GM[Blokus Duo]AB[e8,f8,d9,e9,e10]AW[i4,h5,i5,j5,i6]PL[B];B[g7,g6];W[k6,k7])\n",
    )
    .unwrap();
    let samples = dir.join("samples.txt");
    let (_, stderr) = run_tool(&[
        "--records",
        record.to_str().unwrap(),
        "--out",
        samples.to_str().unwrap(),
    ]);
    // Black's move is not sampled (`--seed` 1), White's domino is one the tree would
    // not consider this early.
    assert!(
        stderr.contains("0 positions written, 1 left out"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
