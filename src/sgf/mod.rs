//! Smart Game Format: the generic tree (collection → game trees → nodes → properties)
//! that every game's records are read from and written to. What the properties mean is
//! each game's business.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{anychar, char, multispace0, none_of};
use nom::combinator::{all_consuming, map, value};
use nom::error::ErrorKind;
use nom::multi::{many0, many1};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    pub properties: Vec<(String, Vec<String>)>,
}

impl Node {
    /// The values of property `id`, if the node has it.
    pub fn get(&self, id: &str) -> Option<&[String]> {
        self.properties
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, v)| v.as_slice())
    }

    /// The first value of property `id`.
    pub fn first(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|v| v.first()).map(String::as_str)
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameTree {
    pub nodes: Vec<Node>,
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// The nodes of the main line: this sequence, then always the first variation.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut nodes: Vec<&Node> = self.nodes.iter().collect();
        let mut tree = self;
        while let Some(first) = tree.variations.first() {
            nodes.extend(first.nodes.iter());
            tree = first;
        }
        nodes
    }
}

/// Who plays a move of a two-player record: the `B` and `W` properties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Black,
    White,
}

/// The `B` and `W` moves of a main line in the order played (a node with both gives
/// Black's first), each with its value, before move number `until` (1-based, as
/// `loadsgf FILE n` counts) if given.
pub fn moves_before<'a>(
    nodes: &[&'a Node],
    until: Option<usize>,
) -> impl Iterator<Item = (Mover, &'a str)> {
    let limit = until.map_or(usize::MAX, |n| n.saturating_sub(1));
    nodes
        .iter()
        .flat_map(|node| {
            [("B", Mover::Black), ("W", Mover::White)]
                .into_iter()
                .filter_map(|(id, mover)| Some((mover, node.first(id)?)))
        })
        .take(limit)
}

/// The most game trees one record may nest, the game's own included. The parser
/// descends one level per tree, so a deeper record (`(;(;(;…`) is refused rather than
/// let run the stack out; real records nest a few dozen levels at most, since a
/// variation that simply goes on is written as more nodes, not a nested tree.
pub const MAX_NESTING: usize = 1000;

#[derive(Debug, thiserror::Error, PartialEq)]
#[error("not a valid SGF collection")]
pub struct SgfError;

fn ws(input: &str) -> IResult<&str, &str> {
    multispace0(input)
}

/// Value text with SGF escapes resolved: `\]` → `]`, `\\` → `\`, and an escaped line
/// break (soft break) removed.
fn value_text(input: &str) -> IResult<&str, String> {
    let escaped = preceded(
        char('\\'),
        alt((
            value(None, alt((tag("\r\n"), tag("\n\r"), tag("\n"), tag("\r")))),
            map(anychar, Some),
        )),
    );
    let plain = map(none_of("\\]"), Some);
    map(many0(alt((escaped, plain))), |chars| {
        chars.into_iter().flatten().collect()
    })
    .parse(input)
}

fn property(input: &str) -> IResult<&str, (String, Vec<String>)> {
    // FF[3] allowed lower-case letters inside identifiers (`AddBlack`); only the
    // capitals are the identifier. Pentobi's blksgf names the moves of colours 1–4 by
    // their digit (`1[e10,d11]`), so digits are kept too.
    let ident = terminated(take_while1(|c: char| c.is_ascii_alphanumeric()), ws);
    let values = many1(terminated(delimited(char('['), value_text, char(']')), ws));
    map((ident, values), |(id, vals): (&str, _)| {
        let id = id
            .chars()
            .filter(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        (id.collect(), vals)
    })
    .parse(input)
}

fn node(input: &str) -> IResult<&str, Node> {
    map(
        preceded(terminated(char(';'), ws), many0(property)),
        |properties| Node { properties },
    )
    .parse(input)
}

/// A game tree `depth` variations below the top of the collection (0 for a game).
fn game_tree(input: &str, depth: usize) -> IResult<&str, GameTree> {
    let (input, _) = terminated(char('('), ws).parse(input)?;
    if depth >= MAX_NESTING {
        let too_deep = nom::error::Error::new(input, ErrorKind::TooLarge);
        return Err(nom::Err::Failure(too_deep));
    }
    let variation = |input| game_tree(input, depth + 1);
    map(
        terminated(
            (
                many1(terminated(node, ws)),
                many0(terminated(variation, ws)),
            ),
            char(')'),
        ),
        |(nodes, variations)| GameTree { nodes, variations },
    )
    .parse(input)
}

/// Parses a whole collection (one or more game trees). Variations nested deeper than
/// [`MAX_NESTING`] make it invalid.
pub fn parse(text: &str) -> Result<Vec<GameTree>, SgfError> {
    let text = text.trim_start_matches('\u{feff}');
    let game = |input| game_tree(input, 0);
    all_consuming(delimited(ws, many1(terminated(game, ws)), ws))
        .parse(text)
        .map(|(_, trees)| trees)
        .map_err(|_| SgfError)
}

/// Escapes a property value for writing.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Writes one property, `ID[v1][v2]`.
pub fn property_text(id: &str, values: &[String]) -> String {
    let mut out = id.to_string();
    for v in values {
        out.push('[');
        out.push_str(&escape(v));
        out.push(']');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_before_a_number_are_the_main_lines_first_ones() {
        // Setup stones are no moves; a node with both moves gives Black's first.
        let trees = parse("(;SZ[9]AB[aa];B[cc];W[dd];W[ff]B[ee](;B[gg])(;B[hh]))").unwrap();
        let line = trees[0].main_line();
        let moves = |until| moves_before(&line, until).collect::<Vec<_>>();
        let all = [
            (Mover::Black, "cc"),
            (Mover::White, "dd"),
            (Mover::Black, "ee"),
            (Mover::White, "ff"),
            (Mover::Black, "gg"),
        ];
        assert_eq!(moves(None), all);
        // `loadsgf FILE 3` stops before the third move; 0 and 1 before the first.
        assert_eq!(moves(Some(3)), all[..2]);
        assert_eq!(moves(Some(1)), []);
        assert_eq!(moves(Some(0)), []);
        assert_eq!(moves(Some(99)), all);
    }

    #[test]
    fn parses_nodes_properties_escapes_and_variations() {
        let trees = parse("(;GM[1]SZ[9]C[a \\] b\\\nc]AB[aa][bb];B[cc](;W[dd])(;W[ee]))").unwrap();
        assert_eq!(trees.len(), 1);
        let t = &trees[0];
        assert_eq!(t.nodes[0].first("C"), Some("a ] bc"));
        assert_eq!(t.nodes[0].get("AB").unwrap().len(), 2);
        let line = t.main_line();
        assert_eq!(line.len(), 3);
        assert_eq!(line[2].first("W"), Some("dd"));
    }

    #[test]
    fn rejects_broken_input() {
        for bad in ["", "(;B[aa]", "(B[aa])", ";B[aa]", "(;B[aa]))", "(;B[aa)"] {
            assert_eq!(parse(bad), Err(SgfError), "{bad:?}");
        }
    }

    /// `levels` game trees, each the only variation of the one above it.
    fn nested(levels: usize) -> String {
        format!("{}{}", "(;B[aa]".repeat(levels), ")".repeat(levels))
    }

    #[test]
    fn nesting_is_bounded() {
        let deepest = parse(&nested(MAX_NESTING)).unwrap();
        assert_eq!(deepest[0].main_line().len(), MAX_NESTING);
        assert_eq!(parse(&nested(MAX_NESTING + 1)), Err(SgfError));
        assert_eq!(parse(&nested(100_000)), Err(SgfError));
    }

    #[test]
    fn escape_round_trips() {
        let v = "x]y\\z";
        let text = format!("(;C[{}])", escape(v));
        assert_eq!(parse(&text).unwrap()[0].nodes[0].first("C"), Some(v));
    }
}
