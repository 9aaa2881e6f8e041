//! Pentobi's Blokus SGF (`.blksgf`): reading a game's main line and writing a game.
//!
//! The SGF tree syntax lives here only until the crate has a shared SGF module; the
//! Blokus meaning of the properties (`GM`, moves `B`/`W`/`1`–`4`, setup `AB`/`AW`/`A1`–`A4`,
//! `PL`) is this module's business either way.

use nom::bytes::complete::{escaped_transform, is_not, take_while1};
use nom::character::complete::{anychar, char, multispace0};
use nom::combinator::{all_consuming, map, opt};
use nom::multi::{many0, many1};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};
use thiserror::Error;

use super::board::{Board, Colour};
use super::notation::format_colour;
use super::variant::Variant;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SgfError {
    #[error("not an SGF game tree")]
    Syntax,
    #[error("missing or unknown game (GM)")]
    UnknownGame,
    #[error("invalid property {0}[{1}]")]
    InvalidProperty(String, String),
    #[error("illegal move {0}[{1}]")]
    IllegalMove(String, String),
}

type Property = (String, Vec<String>);
type Node = Vec<Property>;

#[derive(Debug)]
struct Tree {
    nodes: Vec<Node>,
    children: Vec<Tree>,
}

fn ws<'a, O>(
    inner: impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
) -> impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>> {
    preceded(multispace0, inner)
}

fn prop_value(input: &str) -> IResult<&str, String> {
    let text = escaped_transform(is_not("\\]"), '\\', anychar);
    delimited(
        ws(char('[')),
        map(opt(text), Option::unwrap_or_default),
        char(']'),
    )
    .parse(input)
}

fn property(input: &str) -> IResult<&str, Property> {
    let ident = take_while1(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit());
    (ws(map(ident, str::to_string)), many1(prop_value)).parse(input)
}

fn node(input: &str) -> IResult<&str, Node> {
    preceded(ws(char(';')), many0(property)).parse(input)
}

fn tree(input: &str) -> IResult<&str, Tree> {
    let (input, _) = ws(char('(')).parse(input)?;
    let (input, nodes) = many1(node).parse(input)?;
    let (input, children) = many0(tree).parse(input)?;
    let (input, _) = ws(char(')')).parse(input)?;
    Ok((input, Tree { nodes, children }))
}

fn collection(input: &str) -> IResult<&str, Tree> {
    terminated(tree, (many0(tree), multispace0)).parse(input)
}

/// The colour a move or setup property names, if it is one for this variant.
fn property_colour(variant: Variant, id: &str, setup: bool) -> Option<Colour> {
    let id = if setup { id.strip_prefix('A')? } else { id };
    match (variant.num_colours(), id) {
        (2, "B") => Some(0),
        (2, "W") => Some(1),
        (4, "1" | "2" | "3" | "4") => Some(id.parse::<usize>().ok()? - 1),
        _ => None,
    }
}

/// Reads a blksgf game and replays its main line. With `before_move` = n, stops at the
/// position before the n-th move (as Pentobi's `loadsgf FILE n`).
pub fn read(text: &str, before_move: Option<usize>) -> Result<Board, SgfError> {
    let (_, root) = all_consuming(collection)
        .parse(text)
        .map_err(|_| SgfError::Syntax)?;
    let game = root
        .nodes
        .first()
        .and_then(|n| n.iter().find(|(id, _)| id == "GM"))
        .and_then(|(_, v)| v.first())
        .ok_or(SgfError::UnknownGame)?;
    let variant = Variant::from_name(game).ok_or(SgfError::UnknownGame)?;
    let mut board = Board::new(variant);
    let mut moves_played = 0;
    let mut tree = &root;
    loop {
        for node in &tree.nodes {
            for (id, values) in node {
                let invalid = || SgfError::InvalidProperty(id.clone(), values.join("]["));
                if let Some(c) = property_colour(variant, id, false) {
                    if before_move.is_some_and(|n| moves_played + 1 >= n) {
                        return Ok(board);
                    }
                    let mv = board.parse_move(&values[0]).map_err(|_| invalid())?;
                    board
                        .play(c, mv)
                        .map_err(|_| SgfError::IllegalMove(id.clone(), values[0].clone()))?;
                    moves_played += 1;
                } else if let Some(c) = property_colour(variant, id, true) {
                    for v in values {
                        let mv = board.parse_move(v).map_err(|_| invalid())?;
                        board.place_setup(c, mv).map_err(|_| invalid())?;
                    }
                } else if id == "PL" {
                    let c = property_colour(variant, &values[0], false).ok_or_else(invalid)?;
                    board.set_to_play(c);
                } else if id == "AE" {
                    return Err(invalid());
                }
            }
        }
        match tree.children.first() {
            Some(child) => tree = child,
            None => return Ok(board),
        }
    }
}

/// Writes the game as Pentobi's `savesgf` does: one node per line.
pub fn write(board: &Board) -> String {
    let variant = board.variant();
    let mut out = format!("(\n;GM[{}]", variant.name());
    for c in 0..board.num_colours() {
        let pieces: Vec<String> = board
            .setup_pieces()
            .filter(|&(owner, _)| owner == c)
            .map(|(_, mv)| format!("[{}]", board.format_move(mv)))
            .collect();
        if !pieces.is_empty() {
            out.push_str(&format!(
                "A{}{}",
                format_colour(variant, c),
                pieces.concat()
            ));
        }
    }
    if board.setup_pieces().next().is_some() {
        let pl = format_colour(variant, board.nominal_to_play());
        out.push_str(&format!("PL[{pl}]"));
    }
    out.push('\n');
    for (c, mv) in board.moves() {
        out.push_str(&format!(
            ";{}[{}]\n",
            format_colour(variant, c),
            board.format_move(mv)
        ));
    }
    out.push_str(")\n");
    out
}
