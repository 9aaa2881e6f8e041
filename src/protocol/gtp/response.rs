//! GTP output: `=[id] result` or `?[id] message`, ending in an empty line.

/// The spec's failure texts, and one for everything else. Messages stay on one line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GtpError {
    #[error("unknown command")]
    UnknownCommand,
    #[error("syntax error")]
    Syntax,
    #[error("unacceptable size")]
    UnacceptableSize,
    #[error("illegal move")]
    IllegalMove,
    #[error("cannot undo")]
    CannotUndo,
    #[error("cannot score")]
    CannotScore,
    #[error("cannot load file")]
    CannotLoadFile,
    #[error("board not empty")]
    BoardNotEmpty,
    #[error("invalid number of stones")]
    InvalidNumberOfStones,
    #[error("bad vertex list")]
    BadVertexList,
    #[error("{0}")]
    Other(String),
}

pub type Reply = Result<String, GtpError>;

/// Renders one response. A result never contains an empty line (it would end the
/// response early for the controller), nor any control character but LF.
pub fn render(id: Option<u32>, reply: &Reply) -> String {
    let (mark, body) = match reply {
        Ok(text) => ('=', text.clone()),
        Err(e) => ('?', e.to_string().replace(['\n', '\r'], " ")),
    };
    let body: String = body
        .split('\n')
        .map(|l| l.trim_end())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let body: String = body
        .chars()
        .map(|c| if c.is_control() && c != '\n' { ' ' } else { c })
        .collect();
    let id = id.map(|n| n.to_string()).unwrap_or_default();
    // A result that starts on its own line (showboard) keeps its leading newline.
    let starts_on_new_line = matches!(reply, Ok(text) if text.starts_with('\n'));
    if starts_on_new_line {
        format!("{mark}{id}\n{body}\n\n")
    } else {
        format!("{mark}{id} {body}\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing_with_and_without_id() {
        assert_eq!(render(Some(12), &Ok("E5".into())), "=12 E5\n\n");
        assert_eq!(render(None, &Ok(String::new())), "= \n\n");
        assert_eq!(
            render(Some(3), &Err(GtpError::UnacceptableSize)),
            "?3 unacceptable size\n\n"
        );
        assert_eq!(render(None, &Ok("a\n\nb\n".into())), "= a\nb\n\n");
        assert_eq!(
            render(None, &Ok("\n A B\n 1 .".into())),
            "=\n A B\n 1 .\n\n"
        );
    }
}
