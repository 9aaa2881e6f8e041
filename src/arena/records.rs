//! Game records: the referee's SGF with the players, the result and the reason added
//! to its root node.

use crate::sgf;

/// Where the root node of `text` ends: the first `;`, `(` or `)` outside a value after
/// the opening `(;`.
fn root_end(text: &str) -> Option<usize> {
    let start = text.find("(;")? + 2;
    let mut in_value = false;
    let mut escaped = false;
    for (i, c) in text[start..].char_indices() {
        if in_value {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => in_value = false,
                _ => {}
            }
        } else {
            match c {
                '[' => in_value = true,
                ';' | '(' | ')' => return Some(start + i),
                _ => {}
            }
        }
    }
    None
}

/// Adds `properties` to the root node of the SGF `text`.
pub fn annotate(text: &str, properties: &[(&str, String)]) -> String {
    let added: String = properties
        .iter()
        .map(|(id, v)| sgf::property_text(id, std::slice::from_ref(v)))
        .collect();
    match root_end(text) {
        Some(at) => {
            let at = text[..at].trim_end().len();
            format!("{}{added}{}", &text[..at], &text[at..])
        }
        None => format!("(;{added})\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
