//! Openings to start games from: SGF collections (one opening per game tree), Piskvork
//! PSQ records (one per file), Gomocup opening lines (`x,y` offsets from the centre) and
//! plain lists of GTP moves (one opening per line, Blokus moves included). Every opening
//! becomes a list of coloured GTP moves, checked against the referee before the match
//! starts.

use super::gomocup_client::gomocup_to_vertex;
use super::player::{Colour, GameColour, GameSetup};
use super::referee::Referee;
use crate::sgf;

pub type Opening = Vec<(GameColour, String)>;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum OpeningError {
    #[error("{0}: not a valid SGF collection")]
    Sgf(String),
    #[error("{file}, opening {index}: {problem}")]
    Bad {
        file: String,
        index: usize,
        problem: String,
    },
    #[error("{0}: no openings")]
    Empty(String),
}

/// Reads `text` (the contents of `file`) into openings for a board of `setup`'s size.
pub fn parse(file: &str, text: &str, setup: &GameSetup) -> Result<Vec<Opening>, OpeningError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let bad = |index: usize, problem: String| OpeningError::Bad {
        file: file.to_string(),
        index,
        problem,
    };
    // Move lists are replayed as they are read (the rules give each move its colour);
    // SGF and PSQ openings bring their colours and are replayed here.
    let check_all = |openings: Vec<Opening>| {
        for (i, opening) in openings.iter().enumerate() {
            check(opening, setup).map_err(|p| bad(i + 1, p))?;
        }
        Ok(openings)
    };
    let openings = if trimmed.starts_with('(') {
        check_all(
            from_sgf(trimmed, setup.height).map_err(|_| OpeningError::Sgf(file.to_string()))?,
        )?
    } else if trimmed.to_ascii_lowercase().starts_with("piskvork") {
        check_all(vec![from_psq(trimmed, setup).map_err(|p| bad(1, p))?])?
    } else {
        let mut openings = Vec::new();
        for (i, line) in trimmed.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            openings.push(from_line(line, setup).map_err(|p| bad(i + 1, p))?);
        }
        openings
    };
    if openings.is_empty() {
        return Err(OpeningError::Empty(file.to_string()));
    }
    Ok(openings)
}

/// Every move must be legal, in order, from the empty board.
fn check(opening: &Opening, setup: &GameSetup) -> Result<(), String> {
    let mut referee = Referee::new(setup)?;
    for (colour, mv) in opening {
        referee
            .play(*colour, mv)
            .map_err(|e| format!("{} {mv}: {e}", colour.gtp()))?;
    }
    Ok(())
}

/// SGF point `dd` (row counted from the top) to a GTP vertex; empty or `tt` is a pass.
fn sgf_vertex(point: &str, height: usize) -> Option<String> {
    let b = point.as_bytes();
    if b.is_empty() || (point == "tt" && height <= 19) {
        return Some("pass".into());
    }
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return None;
    }
    let (x, y) = ((b[0] - b'a') as usize, (b[1] - b'a') as usize);
    gomocup_to_vertex(x, y, height, height)
}

fn from_sgf(text: &str, height: usize) -> Result<Vec<Opening>, ()> {
    let trees = sgf::parse(text).map_err(|_| ())?;
    let mut openings = Vec::new();
    for tree in &trees {
        let line = tree.main_line();
        let height = line
            .first()
            .and_then(|root| root.first("SZ"))
            .and_then(|sz| sz.split(':').next_back()?.trim().parse().ok())
            .unwrap_or(height);
        let mut opening = Vec::new();
        for node in line {
            for (id, colour) in [("B", Colour::Black), ("W", Colour::White)] {
                if let Some(p) = node.first(id) {
                    // Off-board points stay as they are, for the referee to refuse.
                    let v = sgf_vertex(p, height).unwrap_or_else(|| p.to_string());
                    opening.push((colour.into(), v));
                }
            }
        }
        openings.push(opening);
    }
    Ok(openings)
}

/// Piskvork's record: `Piskvork WxH, …` then `x,y,ms` lines, 1-based, Black first.
fn from_psq(text: &str, setup: &GameSetup) -> Result<Opening, String> {
    let mut opening = Vec::new();
    for line in text.lines().skip(1) {
        let fields: Vec<Option<usize>> = line.split(',').map(|f| f.trim().parse().ok()).collect();
        let [Some(x), Some(y), ..] = fields[..] else {
            break;
        };
        let v = (x >= 1 && y >= 1)
            .then(|| gomocup_to_vertex(x - 1, y - 1, setup.width, setup.height))
            .flatten()
            .ok_or(format!("{x},{y} is off the board"))?;
        opening.push((Colour::from_index(opening.len() % 2).into(), v));
    }
    Ok(opening)
}

/// A line of GTP moves (`E5 C3 pass`), or a Gomocup opening line: `x,y` offsets from
/// the centre, comma separated (`0,0, 1,-1, 2,1`). A Blokus move is a comma-separated
/// list of points itself, so there only spaces and `;` separate moves. Each move gets
/// the colour the rules say is to move: Black and White in turn, Blokus's colours in
/// their order.
fn from_line(line: &str, setup: &GameSetup) -> Result<Opening, String> {
    let looks_numeric = line
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '-' | '+' | ' ' | '\t'));
    let moves: Vec<String> = if looks_numeric {
        let numbers: Vec<i64> = line
            .split(',')
            .map(|n| n.trim().parse().map_err(|_| format!("bad number {n:?}")))
            .collect::<Result<_, _>>()?;
        if !numbers.len().is_multiple_of(2) {
            return Err("odd number of coordinates".into());
        }
        let (cx, cy) = ((setup.width / 2) as i64, (setup.height / 2) as i64);
        numbers
            .chunks(2)
            .map(|p| {
                let (x, y) = (cx + p[0], cy + p[1]);
                (x >= 0 && y >= 0)
                    .then(|| gomocup_to_vertex(x as usize, y as usize, setup.width, setup.height))
                    .flatten()
                    .ok_or(format!("{},{} is off the board", p[0], p[1]))
            })
            .collect::<Result<_, _>>()?
    } else {
        let blokus = setup.game.to_ascii_lowercase().starts_with("blokus");
        line.split(|c: char| c.is_whitespace() || c == ';' || (c == ',' && !blokus))
            .filter(|w| !w.is_empty())
            .map(|w| {
                if w.eq_ignore_ascii_case("pass") {
                    "pass".to_string()
                } else {
                    w.to_string()
                }
            })
            .collect()
    };
    let mut referee = Referee::new(setup)?;
    let mut opening = Vec::new();
    for mv in moves {
        let colour = referee.to_move();
        referee
            .play(colour, &mv)
            .map_err(|e| format!("{} {mv}: {e}", colour.gtp()))?;
        opening.push((colour, mv));
    }
    Ok(opening)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go9() -> GameSetup {
        GameSetup {
            game: "Go".into(),
            size: Some(9),
            komi: Some(7.5),
            rules: None,
            gomocup_rule: 0,
            seed_base: 0,
            width: 9,
            height: 9,
        }
    }

    fn moves(o: &Opening) -> Vec<String> {
        o.iter().map(|(c, m)| format!("{}{m}", c.gtp())).collect()
    }

    #[test]
    fn reads_every_format() {
        let s = go9();
        let sgf = parse("a.sgf", "(;SZ[9];B[ee];W[cc])(;SZ[9];B[aa];W[])", &s).unwrap();
        assert_eq!(moves(&sgf[0]), ["bE5", "wC7"]);
        assert_eq!(moves(&sgf[1]), ["bA9", "wpass"]);
        let lines = parse("a.txt", "# two\nE5 C3\n\nd4,f6 pass # end\n", &s).unwrap();
        // Moves are kept as written: the rules read any case.
        assert_eq!(moves(&lines[1]), ["bd4", "wf6", "bpass"]);
        let gomocup = parse("o.txt", "0,0, 1,-1\n", &s).unwrap();
        assert_eq!(moves(&gomocup[0]), ["bE5", "wF6"]);
        let psq = parse("g.psq", "Piskvork 9x9, 11:11, 0\n5,5,100\n1,1,0\n-1\n", &s).unwrap();
        assert_eq!(moves(&psq[0]), ["bE5", "wA9"]);
    }

    fn blokus(game: &str, size: usize) -> GameSetup {
        GameSetup {
            game: game.into(),
            size: None,
            komi: None,
            width: size,
            height: size,
            ..go9()
        }
    }

    /// A Blokus move is a list of points, commas and all; the colours follow the
    /// rules' order, four of them in Classic.
    #[test]
    fn a_blokus_line_keeps_its_moves_whole_and_its_colours_in_turn() {
        let duo = blokus("Blokus Duo", 14);
        let line = parse("d.txt", "f8,e9,f9,g9,e10 j5,i6,j6,k6,j7\n", &duo).unwrap();
        assert_eq!(moves(&line[0]), ["bf8,e9,f9,g9,e10", "wj5,i6,j6,k6,j7"]);
        let classic = blokus("Blokus", 20);
        let line = parse("c.txt", "a20; t20; t1; a1; b19,c19\n", &classic).unwrap();
        assert_eq!(moves(&line[0]), ["1a20", "2t20", "3t1", "4a1", "1b19,c19"]);
        assert!(parse("d.txt", "f8,e9,f9,g9,e10 f8\n", &duo).is_err());
    }

    #[test]
    fn refuses_illegal_or_broken_openings() {
        let s = go9();
        assert!(matches!(
            parse("a.txt", "E5 E5", &s),
            Err(OpeningError::Bad { index: 1, .. })
        ));
        assert!(parse("a.txt", "E5\nZ9", &s).is_err());
        assert!(parse("a.sgf", "(;B[ee]", &s).is_err());
        assert_eq!(
            parse("a.txt", "# nothing\n", &s),
            Err(OpeningError::Empty("a.txt".into()))
        );
        assert!(parse("o.txt", "9,9", &s).is_err());
    }
}
