//! Five-in-a-row records in SGF (`GM[4]`, the rule in `RU`): points as letter pairs from
//! the top left, `SZ[W:H]` for rectangular boards.

use super::board::{Color, Point};
use super::game::Gomoku;
use super::rules::Rules;
use crate::sgf;

/// The record of `game`, played under the rule called `rule` (`RU`).
pub fn write(game: &Gomoku, rule: &str) -> String {
    let (w, h) = (game.width(), game.height());
    let size = if w == h {
        w.to_string()
    } else {
        format!("{w}:{h}")
    };
    let mut out = format!(
        "(;FF[4]GM[4]CA[UTF-8]AP[tabula:{}]RU[{rule}]SZ[{size}]",
        env!("CARGO_PKG_VERSION"),
    );
    for (p, color) in game.history() {
        let id = if color == Color::Black { "B" } else { "W" };
        out.push_str(&format!(
            "\n;{id}[{}{}]",
            letter(p.x as usize),
            letter(h - 1 - p.y as usize)
        ));
    }
    out.push_str(")\n");
    out
}

/// A record's main line replayed under `rules`, stopping before move number `until`
/// (1-based) if given; `None` when it is no five-in-a-row record or a move cannot be
/// placed. Fouls are not judged: a record is history, and they were the referee's
/// business.
pub fn read(text: &str, rules: Rules, until: Option<usize>) -> Option<Gomoku> {
    let trees = sgf::parse(text).ok()?;
    let nodes = trees[0].main_line();
    let root = nodes[0];
    if root.first("GM").is_some_and(|gm| gm.trim() != "4") {
        return None;
    }
    let (w, h) = match root.first("SZ") {
        None => (15, 15),
        Some(sz) => match sz.split_once(':') {
            Some((w, h)) => (w.trim().parse().ok()?, h.trim().parse().ok()?),
            None => {
                let n: usize = sz.trim().parse().ok()?;
                (n, n)
            }
        },
    };
    let mut game = Gomoku::new(rules, w, h).ok()?;
    for (mover, v) in sgf::moves_before(&nodes, until) {
        let b = v.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let x = index(b[0])?;
        let y = (h - 1).checked_sub(index(b[1])?)?;
        if x >= w {
            return None;
        }
        let color = match mover {
            sgf::Mover::Black => Color::Black,
            sgf::Mover::White => Color::White,
        };
        game.place(Point::new(x, y), color).ok()?;
    }
    Some(game)
}

/// The winner a record names in `RE` (`B+…`, `W+…`); `None` for a draw or no result.
pub fn winner(text: &str) -> Option<Color> {
    let trees = sgf::parse(text).ok()?;
    let result = trees.first()?.nodes.first()?.first("RE")?.trim();
    match result.as_bytes().first()? {
        b'B' | b'b' => Some(Color::Black),
        b'W' | b'w' => Some(Color::White),
        _ => None,
    }
}

/// SGF coordinates: `a`–`z` then `A`–`Z` for boards beyond 26.
fn letter(i: usize) -> char {
    if i < 26 {
        (b'a' + i as u8) as char
    } else {
        (b'A' + (i - 26) as u8) as char
    }
}

fn index(c: u8) -> Option<usize> {
    match c {
        b'a'..=b'z' => Some((c - b'a') as usize),
        b'A'..=b'Z' => Some((c - b'A') as usize + 26),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit learns from who won: a result read the wrong way round would teach it
    /// the opposite.
    #[test]
    fn the_winner_is_read_from_the_result() {
        let record = |re: &str| format!("(;GM[4]SZ[15]{re};B[hh];W[hi])");
        assert_eq!(winner(&record("RE[B+R]")), Some(Color::Black));
        assert_eq!(winner(&record("RE[W+5]")), Some(Color::White));
        assert_eq!(winner(&record("RE[w+]")), Some(Color::White));
        assert_eq!(winner(&record("RE[0]")), None);
        assert_eq!(winner(&record("RE[Draw]")), None);
        assert_eq!(winner(&record("")), None);
        assert_eq!(winner("not a record"), None);
    }

    /// A record written is read back to the same moves, on a rectangular board too.
    #[test]
    fn a_written_record_reads_back() {
        let mut game = Gomoku::new(Rules::renju(), 15, 11).unwrap();
        for (x, y) in [(7, 5), (8, 6), (0, 0), (14, 10), (3, 9)] {
            game.play(Point::new(x, y)).unwrap();
        }
        let text = write(&game, "Renju");
        assert!(text.contains("SZ[15:11]"), "{text}");
        let back = read(&text, Rules::renju(), None).unwrap();
        assert!(back.history().eq(game.history()));
        let first_two = read(&text, Rules::renju(), Some(3)).unwrap();
        assert!(first_two.history().eq(game.history().take(2)));
    }
}
