//! GoGui-style point names shared by the grid games over GTP: a column letter (A–Z
//! without I, as in Go) and a row number counted from 1 at the bottom. Input is
//! case-insensitive; output is upper case.

/// Column letters, `I` left out so that it cannot be mistaken for `J` or `1`.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The most columns this notation can name.
pub const MAX_COLUMNS: usize = COLUMNS.len();

/// Column index of a letter, if it names one.
pub fn column_index(letter: char) -> Option<usize> {
    let upper = letter.to_ascii_uppercase();
    COLUMNS.iter().position(|&c| c as char == upper)
}

pub fn column_letter(x: usize) -> char {
    COLUMNS[x] as char
}

/// Parses `E5` / `e5` into 0-based (column, row) on a board of `width` × `height`.
/// `None` for anything else, including off-board points and the letter I.
pub fn parse_point(text: &str, width: usize, height: usize) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let x = column_index(chars.next()?)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: usize = digits.parse().ok()?;
    (x < width && (1..=height).contains(&row)).then(|| (x, row - 1))
}

pub fn format_point(x: usize, y: usize) -> String {
    format!("{}{}", column_letter(x), y + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_skip_i_and_parse_any_case() {
        assert_eq!(parse_point("J1", 19, 19), Some((8, 0)));
        assert_eq!(parse_point("h8", 19, 19), Some((7, 7)));
        assert_eq!(parse_point("T19", 19, 19), Some((18, 18)));
        assert_eq!(parse_point("Z25", 25, 25), Some((24, 24)));
        assert_eq!(format_point(8, 0), "J1");
    }

    #[test]
    fn rejects_i_off_board_and_junk() {
        for bad in [
            "I5", "i5", "A0", "A20", "U1", "A", "5", "A-1", "A+1", "A01x", "", "Ä1", "A001",
        ] {
            assert_eq!(parse_point(bad, 19, 19), None, "{bad}");
        }
    }
}
