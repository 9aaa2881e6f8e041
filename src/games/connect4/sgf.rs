//! Connect Four records in SGF. SGF has no game number for Connect Four: the game is
//! named in `GM`, as Pentobi names Blokus; `SZ[W:H]`, and moves as SGF points, column
//! letter then row letter counted from the top.

use super::{BoardSize, Connect4, Move, Player};
use crate::sgf;

/// The record of `game`, as `printsgf` gives it.
pub fn write(game: &Connect4) -> String {
    let size = game.size();
    let mut out = format!(
        "(;FF[4]GM[Connect Four]CA[UTF-8]AP[tabula:{}]SZ[{}:{}]",
        env!("CARGO_PKG_VERSION"),
        size.width(),
        size.height()
    );
    let mut player = Player::Black;
    for mv in game.history() {
        let id = if player == Player::Black { "B" } else { "W" };
        let row_from_top = size.height() - 1 - mv.row as usize;
        out.push_str(&format!(
            "\n;{id}[{}{}]",
            (b'a' + mv.column) as char,
            (b'a' + row_from_top as u8) as char
        ));
        player = player.opponent();
    }
    out.push_str(")\n");
    out
}

/// Reads a record written by [`write`] (or any SGF with `SZ[W:H]` and B/W points,
/// without another game's `GM`), stopping before move number `until` (1-based) if
/// given; `None` if it is not a Connect Four game that can be replayed.
pub fn read(text: &str, until: Option<usize>) -> Option<Connect4> {
    let trees = sgf::parse(text).ok()?;
    let nodes = trees[0].main_line();
    let root = nodes[0];
    if root
        .first("GM")
        .is_some_and(|gm| !gm.trim().eq_ignore_ascii_case("connect four"))
    {
        return None;
    }
    let (w, h) = match root.first("SZ") {
        None => (7, 6),
        Some(sz) => {
            let (w, h) = sz.split_once(':')?;
            (w.trim().parse().ok()?, h.trim().parse().ok()?)
        }
    };
    let size = BoardSize::new(w, h).ok()?;
    let mut game = Connect4::new(size);
    for (mover, v) in sgf::moves_before(&nodes, until) {
        let b = v.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let column = b[0].checked_sub(b'a')?;
        let from_top = b[1].checked_sub(b'a')? as usize;
        let row = (h - 1).checked_sub(from_top)? as u8;
        let player = match mover {
            sgf::Mover::Black => Player::Black,
            sgf::Mover::White => Player::White,
        };
        game.play_as(player, Move { column, row }).ok()?;
    }
    Some(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_record_reads_back_up_to_any_move() {
        let mut game = Connect4::new(BoardSize::new(6, 5).unwrap());
        for text in ["c", "d", "d", "a", "f"] {
            game.play_text(text).unwrap();
        }
        let text = write(&game);
        assert!(
            text.contains("GM[Connect Four]") && text.contains("SZ[6:5]"),
            "{text}"
        );
        let whole = read(&text, None).unwrap();
        assert_eq!(whole.size(), game.size());
        assert_eq!(whole.history(), game.history());
        // Before the fourth move: the first three.
        assert_eq!(
            read(&text, Some(4)).unwrap().history(),
            &game.history()[..3]
        );
        // Another game's record, or a move off the board, reads as nothing.
        assert!(read(&text.replace("Connect Four", "4"), None).is_none());
        assert!(read(&text.replace(";W[d", ";W[z"), None).is_none());
    }
}
