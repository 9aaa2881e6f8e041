//! Go records in SGF (`GM[1]`): loading a game (optionally up to a move) and writing the
//! current one.

use super::board::{Color, Point};
use super::game::{GoGame, Move};
use super::rules::RuleSet;
use crate::sgf::{self, Node};

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum LoadError {
    #[error("not a valid SGF file")]
    Syntax(#[from] sgf::SgfError),
    #[error("not a Go record")]
    NotGo,
    #[error("board size not supported")]
    Size,
    #[error("bad point {0:?}")]
    Point(String),
    #[error("move {0} is on an occupied point")]
    Occupied(usize),
    #[error("komi out of range")]
    Komi,
}

/// SGF point `aa` (column, row from the top) on a board of `size`; `None` for a pass
/// (empty, or `tt` on boards up to 19×19).
fn point(game: &GoGame, text: &str) -> Result<Option<Point>, LoadError> {
    let size = game.size();
    if text.is_empty() || (size <= 19 && text == "tt") {
        return Ok(None);
    }
    let b = text.as_bytes();
    let coord = |c: u8| -> Option<usize> {
        let i = c.checked_sub(b'a')? as usize;
        (i < size).then_some(i)
    };
    match (
        b.len(),
        b.first().and_then(|&c| coord(c)),
        b.get(1).and_then(|&c| coord(c)),
    ) {
        (2, Some(x), Some(row)) => Ok(Some(game.board().point(x, size - 1 - row))),
        _ => Err(LoadError::Point(text.to_string())),
    }
}

/// Points of a setup property, with compressed rectangles (`aa:cc`).
fn points(game: &GoGame, values: &[String]) -> Result<Vec<Point>, LoadError> {
    let mut out = Vec::new();
    for v in values {
        if let Some((a, b)) = v.split_once(':') {
            let bad = || LoadError::Point(v.clone());
            let (pa, pb) = (
                point(game, a)?.ok_or_else(bad)?,
                point(game, b)?.ok_or_else(bad)?,
            );
            let ((x0, y0), (x1, y1)) = (game.board().coords(pa), game.board().coords(pb));
            for y in y0.min(y1)..=y0.max(y1) {
                for x in x0.min(x1)..=x0.max(x1) {
                    out.push(game.board().point(x, y));
                }
            }
        } else if let Some(p) = point(game, v)? {
            out.push(p);
        }
    }
    Ok(out)
}

fn node_move(game: &GoGame, node: &Node) -> Result<Option<(Color, Move)>, LoadError> {
    for (id, color) in [("B", Color::Black), ("W", Color::White)] {
        if let Some(v) = node.first(id) {
            let mv = point(game, v)?.map_or(Move::Pass, Move::Play);
            return Ok(Some((color, mv)));
        }
    }
    Ok(None)
}

/// Loads the main line of the first game in `text`, stopping before move `until` (1-based)
/// if given. Rules stay as they are; size, komi, handicap, setup and moves come from the
/// file. Recorded moves are replayed as played, even where the current ko rule would
/// have forbidden them.
pub fn load(
    text: &str,
    rules: RuleSet,
    default_komi: f64,
    until: Option<usize>,
) -> Result<GoGame, LoadError> {
    let trees = sgf::parse(text)?;
    let nodes = trees[0].main_line();
    let root = nodes[0];
    if root.first("GM").is_some_and(|gm| gm.trim() != "1") {
        return Err(LoadError::NotGo);
    }
    let size = match root.first("SZ") {
        None => 19,
        Some(sz) => sz.trim().parse::<usize>().map_err(|_| LoadError::Size)?,
    };
    if !(super::game::MIN_SIZE..=super::board::MAX_SIZE).contains(&size) {
        return Err(LoadError::Size);
    }
    let komi = match root.first("KM").and_then(|k| k.trim().parse::<f64>().ok()) {
        Some(k) => super::game::acceptable_komi(k).ok_or(LoadError::Komi)?,
        None => default_komi,
    };
    let mut game = GoGame::new(size, rules, komi);
    let mut number = 0;
    for node in nodes {
        if let Some((color, mv)) = node_move(&game, node)? {
            number += 1;
            if until.is_some_and(|n| number >= n) {
                break;
            }
            if game.play(color, mv).is_err() {
                game.force_play(color, mv)
                    .map_err(|_| LoadError::Occupied(number))?;
            }
            continue;
        }
        for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
            if let Some(values) = node.get(id) {
                for p in points(&game, values)? {
                    game.add_setup_stone(color, p);
                }
            }
        }
        if let Some(pl) = node.first("PL") {
            match pl.trim().to_ascii_uppercase().as_str() {
                "B" => game.set_to_move(Color::Black),
                "W" => game.set_to_move(Color::White),
                _ => {}
            }
        } else if game.moves().is_empty() && node.get("AB").is_some() && node.get("AW").is_none() {
            // Handicap stones: White moves first.
            game.set_to_move(Color::White);
        }
        if let Some(ha) = node
            .first("HA")
            .and_then(|h| h.trim().parse::<usize>().ok())
        {
            game.set_handicap_count(ha);
        }
    }
    Ok(game)
}

fn sgf_point(game: &GoGame, p: Point) -> String {
    let (x, y) = game.board().coords(p);
    let row = game.size() - 1 - y;
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + row as u8) as char)
}

/// The game as SGF: root with size, komi, rules and setup, then one node per move.
/// Deterministic: the same game always gives the same bytes.
pub fn write(game: &GoGame) -> String {
    let mut root = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[tabula:{}]SZ[{}]KM[{}]RU[{}]",
        env!("CARGO_PKG_VERSION"),
        game.size(),
        game.komi(),
        game.rules()
    );
    if game.handicap() > 0 && !game.setup().is_empty() {
        root.push_str(&format!("HA[{}]", game.handicap()));
    }
    for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let pts: Vec<String> = game
            .setup()
            .iter()
            .filter(|(c, _)| *c == color)
            .map(|&(_, p)| sgf_point(game, p))
            .collect();
        if !pts.is_empty() {
            root.push_str(&sgf::property_text(id, &pts));
        }
    }
    if !game.setup().is_empty() {
        let first = game.moves().first().map_or(game.to_move(), |&(c, _)| c);
        root.push_str(if first == Color::Black {
            "PL[B]"
        } else {
            "PL[W]"
        });
    }
    let mut out = root;
    for &(color, mv) in game.moves() {
        let id = if color == Color::Black { "B" } else { "W" };
        let v = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => sgf_point(game, p),
        };
        out.push_str(&format!("\n;{id}[{v}]"));
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_then_load_gives_the_same_game() {
        let mut g = GoGame::new(9, RuleSet::Chinese, 6.5);
        g.place_fixed_handicap(3).unwrap();
        for v in ["E5", "C4", "pass", "D7"] {
            let c = g.to_move();
            let mv = g.parse_move(v).unwrap();
            g.play(c, mv).unwrap();
        }
        let text = write(&g);
        let back = load(&text, RuleSet::Chinese, 7.5, None).unwrap();
        assert_eq!(back.rows(), g.rows());
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.komi(), 6.5);
        assert_eq!(back.handicap(), 3);
        assert_eq!(write(&back), text);
        let partial = load(&text, RuleSet::Chinese, 7.5, Some(3)).unwrap();
        assert_eq!(partial.moves().len(), 2);
    }

    #[test]
    fn refuses_other_games_sizes_and_points() {
        assert!(matches!(
            load("(;GM[4]SZ[7])", RuleSet::Chinese, 0.0, None),
            Err(LoadError::NotGo)
        ));
        assert!(matches!(
            load("(;SZ[30])", RuleSet::Chinese, 0.0, None),
            Err(LoadError::Size)
        ));
        assert!(matches!(
            load("(;SZ[9];B[zz])", RuleSet::Chinese, 0.0, None),
            Err(LoadError::Point(_))
        ));
        assert!(load("(;SZ[9];B[aa];W[aa])", RuleSet::Chinese, 0.0, None).is_err());
    }
}
