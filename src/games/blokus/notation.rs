//! Pentobi's text notation: a move is its covered points, comma-separated (`e10,d11,e11`);
//! columns are letters including `i`, rows numbers, a1 lower left. Input takes any case,
//! any order and spaces around points; output is lower case, bottom row first, then left
//! to right (Pentobi's blksgf order).

use nom::Parser;
use nom::character::complete::{digit1, satisfy, space0};
use nom::combinator::{all_consuming, map_res};
use nom::multi::separated_list1;
use nom::sequence::delimited;
use thiserror::Error;

use super::board::{Board, Colour};
use super::tables::{MoveId, Tables};
use super::variant::Variant;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveSyntaxError {
    /// Not a list of points on this board (Pentobi: `invalid move`; includes `pass`).
    #[error("invalid move")]
    NotPoints,
    /// Points that are no piece of this variant's set.
    #[error("invalid move")]
    NotAPiece,
    /// `null`, Pentobi's old pass move.
    #[error("play pass not supported (anymore)")]
    Pass,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("invalid color argument '{0}'")]
pub struct ColourSyntaxError(pub String);

/// One point as (column, row number), both from 1.
fn point(input: &str) -> nom::IResult<&str, (usize, usize)> {
    let column = satisfy(|c| c.is_ascii_alphabetic())
        .map(|c| (c.to_ascii_lowercase() as u8 - b'a') as usize + 1);
    let row = map_res(digit1, str::parse::<usize>);
    delimited(space0, (column, row), space0).parse(input)
}

/// Parses a move for the board's variant.
pub fn parse_move(
    tables: &Tables,
    variant: Variant,
    text: &str,
) -> Result<MoveId, MoveSyntaxError> {
    let text = text.trim();
    if text == "null" {
        return Err(MoveSyntaxError::Pass);
    }
    let (_, points) = all_consuming(separated_list1(nom::character::complete::char(','), point))
        .parse(text)
        .map_err(|_: nom::Err<nom::error::Error<&str>>| MoveSyntaxError::NotPoints)?;
    let size = tables.size;
    let mut ids = Vec::with_capacity(points.len());
    for (column, row) in points {
        if !(1..=size).contains(&column) || !(1..=size).contains(&row) {
            return Err(MoveSyntaxError::NotPoints);
        }
        ids.push(tables.point(column - 1, size - row));
    }
    let mv = tables.find(&ids).ok_or(MoveSyntaxError::NotAPiece)?;
    if !variant.has_piece(tables.info(mv).piece) {
        return Err(MoveSyntaxError::NotAPiece);
    }
    Ok(mv)
}

/// A point as text: column letter and row number (`e10`).
pub fn format_point(tables: &Tables, p: u16) -> String {
    let (x, y) = tables.coords(p);
    format!("{}{}", (b'a' + x as u8) as char, tables.size - y)
}

pub fn format_move(tables: &Tables, mv: MoveId) -> String {
    let mut out = String::with_capacity(20);
    for (i, &p) in tables.info(mv).points().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format_point(tables, p));
    }
    out
}

/// Parses a colour as Pentobi's GTP does: `b`/`w` (also blue/black, green/white) with two
/// colours, `1`–`4` (also blue, yellow, red, green) with four; case-insensitive.
pub fn parse_colour(variant: Variant, text: &str) -> Result<Colour, ColourSyntaxError> {
    let lower = text.trim().to_ascii_lowercase();
    let found = if variant.num_colours() == 2 {
        match lower.as_str() {
            "b" | "black" | "blue" => Some(0),
            "w" | "white" | "green" => Some(1),
            _ => None,
        }
    } else {
        match lower.as_str() {
            "1" | "blue" => Some(0),
            "2" | "yellow" => Some(1),
            "3" | "red" => Some(2),
            "4" | "green" => Some(3),
            _ => None,
        }
    };
    found.ok_or(ColourSyntaxError(lower))
}

/// The colour as GTP and blksgf write it: `B`/`W` with two colours, `1`–`4` with four.
pub fn format_colour(variant: Variant, c: Colour) -> &'static str {
    if variant.num_colours() == 2 {
        ["B", "W"][c]
    } else {
        ["1", "2", "3", "4"][c]
    }
}

impl Board {
    pub fn parse_move(&self, text: &str) -> Result<MoveId, MoveSyntaxError> {
        parse_move(self.tables(), self.variant(), text)
    }

    pub fn format_move(&self, mv: MoveId) -> String {
        format_move(self.tables(), mv)
    }

    pub fn parse_colour(&self, text: &str) -> Result<Colour, ColourSyntaxError> {
        parse_colour(self.variant(), text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_order_and_case_in_sorted_lower_case_out() {
        let board = Board::new(Variant::Duo);
        let mv = board.parse_move(" E11, d11 ,e10").unwrap();
        assert_eq!(board.format_move(mv), "e10,d11,e11");
        let mv = board.parse_move("j7,J5,k6,i6,j6").unwrap();
        assert_eq!(board.format_move(mv), "j5,i6,j6,k6,j7");
    }

    #[test]
    fn non_pieces_and_bad_points_are_rejected() {
        let board = Board::new(Variant::Duo);
        assert_eq!(board.parse_move("pass"), Err(MoveSyntaxError::NotPoints));
        assert_eq!(board.parse_move("null"), Err(MoveSyntaxError::Pass));
        assert_eq!(board.parse_move("o1"), Err(MoveSyntaxError::NotPoints));
        assert_eq!(board.parse_move("a15"), Err(MoveSyntaxError::NotPoints));
        assert_eq!(board.parse_move("a1,c1"), Err(MoveSyntaxError::NotAPiece));
        assert_eq!(board.parse_move("a1,a1"), Err(MoveSyntaxError::NotAPiece));
        // The X pentomino is not part of Junior's set.
        let junior = Board::new(Variant::Junior);
        assert_eq!(
            junior.parse_move("b1,a2,b2,c2,b3"),
            Err(MoveSyntaxError::NotAPiece)
        );
        assert!(board.parse_move("b1,a2,b2,c2,b3").is_ok());
    }

    #[test]
    fn colour_names_follow_the_number_of_colours() {
        assert_eq!(parse_colour(Variant::Duo, "W"), Ok(1));
        assert_eq!(parse_colour(Variant::Duo, "black"), Ok(0));
        assert!(parse_colour(Variant::Duo, "1").is_err());
        assert_eq!(parse_colour(Variant::ClassicTwo, "4"), Ok(3));
        assert_eq!(parse_colour(Variant::Classic, "Yellow"), Ok(1));
        assert!(parse_colour(Variant::Classic, "b").is_err());
    }
}
