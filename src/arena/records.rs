//! Game records: the referee's SGF with the players, the result and the reason added
//! to its root node.

use super::gomocup_client::vertex_to_gomocup;
use super::player::{Colour, GameColour, GameSetup};
use crate::sgf;

/// Piskvork's PSQ record: `Piskvorky WxH, 11:11, 0`, one `x,y,ms` line per move (1-based,
/// `x` from the left, `y` from the top), then the players' names, `-1`, and
/// `winner,game` (1 Black, 2 White, 0 a draw). `None` if a move is not a point.
pub fn psq(
    moves: &[(GameColour, String, u64)],
    setup: &GameSetup,
    names: [&str; 2],
    winner: Option<Colour>,
) -> Option<String> {
    let mut out = format!("Piskvorky {}x{}, 11:11, 0\n", setup.width, setup.height);
    for (_, mv, ms) in moves {
        let (x, y) = vertex_to_gomocup(mv, setup.width, setup.height)?;
        out.push_str(&format!("{},{},{ms}\n", x + 1, y + 1));
    }
    let winner = winner.map_or(0, |c| c.index() + 1);
    out.push_str(&format!(
        "{}\n{}\n-1\n{winner},{}\n",
        names[0], names[1], setup.game
    ));
    Some(out)
}

/// A property of the root node: its identifier and where it stands in the text (from
/// its identifier to its last `]`).
struct Span {
    id: String,
    start: usize,
    end: usize,
}

/// The root node of `text`: its properties, and where the node ends (the first `;`, `(`
/// or `)` outside a value after the opening `(` and `;`).
fn root_node(text: &str) -> Option<(Vec<Span>, usize)> {
    // Pentobi's blksgf puts a line break between `(` and `;`.
    let open = text.find('(')? + 1;
    let gap = text[open..].len() - text[open..].trim_start().len();
    text[open + gap..].starts_with(';').then_some(())?;
    let start = open + gap + 1;
    let mut spans: Vec<Span> = Vec::new();
    let mut id_start = None;
    let mut in_value = false;
    let mut escaped = false;
    for (i, c) in text[start..].char_indices() {
        let at = start + i;
        if in_value {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => {
                    in_value = false;
                    if let Some(last) = spans.last_mut() {
                        last.end = at + 1;
                    }
                }
                _ => {}
            }
            continue;
        }
        match c {
            '[' => {
                in_value = true;
                // A value after an identifier starts a property; one after a value
                // is another value of the same property.
                if let Some(from) = id_start.take() {
                    let id: String = text[from..at]
                        .chars()
                        .filter(char::is_ascii_uppercase)
                        .collect();
                    spans.push(Span {
                        id,
                        start: from,
                        end: at,
                    });
                }
            }
            ';' | '(' | ')' => return Some((spans, at)),
            c if c.is_ascii_alphabetic() && id_start.is_none() => id_start = Some(at),
            _ => {}
        }
    }
    None
}

/// The first value of property `id` in the root node of `text`.
pub fn root_value(text: &str, id: &str) -> Option<String> {
    let trees = sgf::parse(text).ok()?;
    trees.first()?.nodes.first()?.first(id).map(String::from)
}

/// Sets `properties` in the root node of the SGF `text`: each replaces a property of
/// the same identifier (SGF allows one per node), or is added at the node's end.
pub fn annotate(text: &str, properties: &[(&str, String)]) -> String {
    let added: String = properties
        .iter()
        .map(|(id, v)| sgf::property_text(id, std::slice::from_ref(v)))
        .collect();
    let Some((spans, end)) = root_node(text) else {
        return format!("(;{added})\n");
    };
    let replaced = |s: &Span| properties.iter().any(|(id, _)| *id == s.id);
    let mut out = String::with_capacity(text.len() + added.len());
    let mut at = 0;
    for s in spans.iter().filter(|s| replaced(s)) {
        out.push_str(&text[at..s.start]);
        at = s.end;
    }
    let end = text[..end].trim_end().len().max(at);
    out.push_str(&text[at..end]);
    out.push_str(&added);
    out.push_str(&text[end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn psq_counts_from_one_and_from_the_top() {
        let setup = GameSetup {
            game: "Go".into(),
            size: Some(9),
            komi: None,
            rules: None,
            gomocup_rule: 0,
            seed_base: 0,
            width: 9,
            height: 9,
        };
        let moves = vec![
            (Colour::Black.into(), "A9".to_string(), 0),
            (Colour::White.into(), "J1".to_string(), 125),
        ];
        let text = psq(&moves, &setup, ["a", "b"], Some(Colour::White)).unwrap();
        assert_eq!(
            text,
            "Piskvorky 9x9, 11:11, 0\n1,1,0\n9,9,125\na\nb\n-1\n2,Go\n"
        );
        let opening = crate::arena::openings::parse("g.psq", &text, &setup).unwrap();
        let back: Vec<&str> = opening[0].iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(back, ["A9", "J1"]);
        let pass = vec![(Colour::Black.into(), "pass".to_string(), 0)];
        assert_eq!(psq(&pass, &setup, ["a", "b"], None), None);
    }

    #[test]
    fn properties_go_into_the_root_node() {
        let text = "(;FF[4]GN[a;b\\]c]SZ[9]\n;B[ee];W[])\n";
        let out = annotate(text, &[("RE", "B+R".into()), ("C", "x]y".into())]);
        let trees = sgf::parse(&out).unwrap();
        let root = &trees[0].nodes[0];
        assert_eq!(root.first("RE"), Some("B+R"));
        assert_eq!(root.get("C").unwrap().len(), 1, "{out}");
        assert_eq!(trees[0].nodes.len(), 3);
        assert!(out.contains("SZ[9]RE[B+R]C[x\\]y]\n;B[ee]"), "{out}");
        // A property the node has already is replaced, not repeated.
        let out = annotate(
            "(;FF[4]GN[Renju]SZ[15]C[old] \n;B[hh])",
            &[("GN", "Renju, game 2".into()), ("C", "new".into())],
        );
        assert_eq!(out, "(;FF[4]SZ[15]GN[Renju, game 2]C[new] \n;B[hh])");
        assert_eq!(root_value(&out, "GN").as_deref(), Some("Renju, game 2"));
        let out = annotate("(;AB[aa][bb]GN[x]AW[cc])", &[("GN", "y".into())]);
        assert_eq!(out, "(;AB[aa][bb]AW[cc]GN[y])");
        // Pentobi's blksgf breaks the line between `(` and the root node.
        let out = annotate(
            "(\n;GM[Blokus Duo]\n;B[e10,d11]\n)\n",
            &[("RE", "W+F".into())],
        );
        let trees = sgf::parse(&out).unwrap();
        assert_eq!(trees[0].nodes[0].first("RE"), Some("W+F"), "{out}");
        assert_eq!(trees[0].nodes[1].first("B"), Some("e10,d11"), "{out}");
    }
}
