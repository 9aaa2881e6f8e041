//! Move notations: GTP vertices (`H8`, letters without `I` as in Go and GoGui, row 1 at
//! the bottom) and Gomocup coordinates (`7,7`, 0-based, x = column).
//!
//! Boards wider than 25 columns run out of letters; columns 25 and up are written with
//! two letters from the same alphabet (`AA` = column 25, `AB` = 26, ...).

use super::board::Point;
use thiserror::Error;

const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A move text that does not name a point of the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("invalid coordinate '{0}'")]
    Malformed(String),
    #[error("coordinate '{0}' is off the board")]
    OffBoard(String),
}

/// The GTP column letters of column `x`.
pub fn column_name(x: usize) -> String {
    if x < LETTERS.len() {
        (LETTERS[x] as char).to_string()
    } else {
        let hi = x / LETTERS.len() - 1;
        let lo = x % LETTERS.len();
        format!("{}{}", LETTERS[hi] as char, LETTERS[lo] as char)
    }
}

fn letter_value(c: u8) -> Option<usize> {
    LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())
}

/// `H8`-style vertex of a point.
pub fn format_gtp(p: Point) -> String {
    format!("{}{}", column_name(p.x as usize), p.y as usize + 1)
}

/// Parses a GTP vertex (case-insensitive) on a `width` × `height` board.
pub fn parse_gtp(text: &str, width: usize, height: usize) -> Result<Point, NotationError> {
    let malformed = || NotationError::Malformed(text.to_string());
    let bytes = text.trim().as_bytes();
    let split = bytes
        .iter()
        .position(|b| b.is_ascii_digit())
        .ok_or_else(malformed)?;
    let (letters, digits) = bytes.split_at(split);
    let x = match letters {
        [a] => letter_value(*a).ok_or_else(malformed)?,
        [a, b] => {
            (letter_value(*a).ok_or_else(malformed)? + 1) * LETTERS.len()
                + letter_value(*b).ok_or_else(malformed)?
        }
        _ => return Err(malformed()),
    };
    if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(malformed());
    }
    let row: usize = std::str::from_utf8(digits)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(malformed)?;
    if row == 0 || row > height || x >= width {
        return Err(NotationError::OffBoard(text.to_string()));
    }
    Ok(Point::new(x, row - 1))
}

/// `x,y` Gomocup coordinates of a point.
pub fn format_gomocup(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

/// Parses Gomocup `x,y` (spaces around the numbers tolerated) on a `width` × `height` board.
pub fn parse_gomocup(text: &str, width: usize, height: usize) -> Result<Point, NotationError> {
    let malformed = || NotationError::Malformed(text.to_string());
    let (xs, ys) = text.split_once(',').ok_or_else(malformed)?;
    let x: i64 = xs.trim().parse().map_err(|_| malformed())?;
    let y: i64 = ys.trim().parse().map_err(|_| malformed())?;
    if x < 0 || y < 0 || x as usize >= width || y as usize >= height {
        return Err(NotationError::OffBoard(text.to_string()));
    }
    Ok(Point::new(x as usize, y as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_skips_i_and_counts_rows_from_one() {
        assert_eq!(format_gtp(Point::new(7, 7)), "H8");
        assert_eq!(format_gtp(Point::new(8, 0)), "J1");
        assert_eq!(parse_gtp("j1", 15, 15), Ok(Point::new(8, 0)));
        assert!(parse_gtp("I5", 15, 15).is_err());
        assert_eq!(
            parse_gtp("Q1", 15, 15),
            Err(NotationError::OffBoard("Q1".into()))
        );
    }

    #[test]
    fn wide_boards_use_two_letters() {
        for x in 0..32 {
            let p = Point::new(x, 31);
            assert_eq!(parse_gtp(&format_gtp(p), 32, 32), Ok(p));
        }
        assert_eq!(column_name(25), "AA");
    }

    #[test]
    fn gomocup_coordinates() {
        assert_eq!(parse_gomocup(" 7, 8", 15, 15), Ok(Point::new(7, 8)));
        assert_eq!(format_gomocup(Point::new(3, 14)), "3,14");
        assert!(parse_gomocup("15,0", 15, 15).is_err());
        assert!(parse_gomocup("-1,0", 15, 15).is_err());
        assert!(parse_gomocup("a,b", 15, 15).is_err());
    }
}
