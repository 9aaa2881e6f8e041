//! What the GTP spec promises about one input line, worked out independently of the
//! daemon: whether it gets a response, with which id, and whether it is `quit`; and a
//! reader that checks a response's framing.

use super::pipe::Daemon;

/// The response a line must get.
#[derive(Clone, Debug, PartialEq)]
pub enum Expected {
    /// Empty, blank or comment-only lines get none.
    Nothing,
    Response {
        id: Option<u32>,
        quit: bool,
    },
}

/// GTP's preprocessing (spec §3.1) of the part of a line the daemon keeps (1 MiB).
fn preprocess(raw: &[u8]) -> Option<String> {
    let kept = &raw[..raw.len().min(1 << 20)];
    let mut bytes = Vec::new();
    for &b in kept {
        match b {
            b'#' => break,
            b'\t' => bytes.push(b' '),
            0..=31 | 127 => {}
            _ => bytes.push(b),
        }
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    (!text.trim().is_empty()).then_some(text)
}

pub fn expected(raw: &[u8]) -> Expected {
    let Some(text) = preprocess(raw) else {
        return Expected::Nothing;
    };
    let (id, name) = id_and_name(&text);
    let truncated = raw.len() > 1 << 20;
    Expected::Response {
        id,
        quit: name == "quit" && !truncated,
    }
}

/// The command a line names, as the daemon reads it (damage may have made any line
/// another command); `None` for a line without a response.
pub fn command_name(raw: &[u8]) -> Option<String> {
    preprocess(raw).map(|text| id_and_name(&text).1.to_string())
}

/// A preprocessed line's id and command name. An id is a leading number that fits in
/// 31 bits and is followed by a space.
fn id_and_name(text: &str) -> (Option<u32>, &str) {
    let text = text.trim_start_matches(' ');
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let id = (digits > 0 && text[digits..].starts_with(' '))
        .then(|| text[..digits].parse::<u32>().ok())
        .flatten()
        .filter(|&n| n <= i32::MAX as u32);
    let rest = if id.is_some() {
        text[digits..].trim_start_matches(' ')
    } else {
        text
    };
    (id, rest.split(' ').next().unwrap_or(""))
}

/// One response as read: its status and its lines after the status mark and id.
pub struct Response {
    pub ok: bool,
    /// The text after `=id `/`?id `, then any further lines.
    pub text: String,
}

/// Reads one response and checks its framing: `=`/`?`, exactly the expected id, a
/// one-line error, the empty line at the end.
pub fn read_response(daemon: &mut Daemon, id: Option<u32>) -> Response {
    let first = daemon.line();
    let ok = match first.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => daemon.fail(&format!("not a response: {first:?}")),
    };
    let id_text = id.map(|n| n.to_string()).unwrap_or_default();
    let after_mark = &first[1..];
    let Some(after_id) = after_mark.strip_prefix(id_text.as_str()) else {
        daemon.fail(&format!("expected id {id:?}: {first:?}"))
    };
    let text = match after_id.strip_prefix(' ') {
        Some(t) => t.to_string(),
        None if after_id.is_empty() => String::new(),
        None => daemon.fail(&format!("expected id {id:?}: {first:?}")),
    };
    let mut lines = vec![text];
    loop {
        let line = daemon.line();
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    if !ok && lines.len() > 1 {
        daemon.fail(&format!("an error over several lines: {lines:?}"));
    }
    Response {
        ok,
        text: lines.join("\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_comments_and_blank_lines() {
        let r = |id, quit| Expected::Response { id, quit };
        assert_eq!(expected(b"12 name"), r(Some(12), false));
        assert_eq!(expected(b"12"), r(None, false));
        assert_eq!(expected(b"12 "), r(Some(12), false));
        assert_eq!(expected(b"2147483648 name"), r(None, false));
        assert_eq!(expected(b" \t# quit"), Expected::Nothing);
        assert_eq!(expected(b"\r\0"), Expected::Nothing);
        assert_eq!(expected(b"3\tquit now"), r(Some(3), true));
        assert_eq!(expected(b"\xff"), r(None, false));
    }
}
