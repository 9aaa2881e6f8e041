//! 3×3 shape patterns around a candidate point (MoGo's hane, cut and edge shapes, in the
//! form michi and Pachi use them). A table indexed by the eight neighbours' states says
//! whether the centre is a good local reply, for either colour, in any orientation.

use std::sync::OnceLock;

use super::board::{Board, Cell, Point};

/// Rows top to bottom; the centre is the candidate. `X`/`O` are the two colours (either
/// way round), `x` = not X, `o` = not O, `.` empty, ` ` off the board, `?` anything.
const SOURCES: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane enclosing
    ["XO.", "...", "?.?"], // hane non-cutting
    ["XO?", "X..", "x.?"], // magari
    [".O.", "X..", "..."], // diagonal attachment
    ["XO?", "O.o", "?o?"], // unprotected cut
    ["XO?", "O.X", "???"], // peeping cut
    ["?X?", "O.O", "ooo"], // cut
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block side cut
    ["?X?", "x.O", "   "], // edge: block side connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// Neighbour order of the code: NW, N, NE, W, E, SW, S, SE (2 bits each).
fn code_of(cells: [u8; 8]) -> usize {
    cells
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &c)| acc | (c as usize) << (2 * i))
}

/// The states a pattern character allows (0 empty, 1 black, 2 white, 3 off board), with
/// X = black.
fn allowed(ch: char) -> &'static [u8] {
    match ch {
        'X' => &[1],
        'O' => &[2],
        'x' => &[0, 2, 3],
        'o' => &[0, 1, 3],
        '.' => &[0],
        ' ' => &[3],
        '?' => &[0, 1, 2, 3],
        other => panic!("bad pattern character {other:?}"),
    }
}

fn rotate(p: [[char; 3]; 3]) -> [[char; 3]; 3] {
    let mut r = [[' '; 3]; 3];
    for (y, row) in r.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate() {
            *c = p[2 - x][y];
        }
    }
    r
}

fn mirror(p: [[char; 3]; 3]) -> [[char; 3]; 3] {
    let mut m = p;
    for row in m.iter_mut() {
        row.reverse();
    }
    m
}

fn swap_colours(p: [[char; 3]; 3]) -> [[char; 3]; 3] {
    p.map(|row| {
        row.map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
    })
}

fn build() -> Vec<bool> {
    let mut table = vec![false; 1 << 16];
    for src in SOURCES {
        let base: [[char; 3]; 3] = src.map(|row| {
            let v: Vec<char> = row.chars().collect();
            [v[0], v[1], v[2]]
        });
        let mut shapes = Vec::new();
        for colours in [base, swap_colours(base)] {
            let mut p = colours;
            for _ in 0..4 {
                shapes.push(p);
                shapes.push(mirror(p));
                p = rotate(p);
            }
        }
        for shape in shapes {
            let order = [
                shape[0][0],
                shape[0][1],
                shape[0][2],
                shape[1][0],
                shape[1][2],
                shape[2][0],
                shape[2][1],
                shape[2][2],
            ];
            // Expand every combination of the allowed states.
            let mut codes = vec![[0u8; 8]];
            for (i, &ch) in order.iter().enumerate() {
                let mut next = Vec::with_capacity(codes.len() * 4);
                for cells in &codes {
                    for &state in allowed(ch) {
                        let mut c = *cells;
                        c[i] = state;
                        next.push(c);
                    }
                }
                codes = next;
            }
            for cells in codes {
                table[code_of(cells)] = true;
            }
        }
    }
    table
}

fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Whether the empty point `p` is the centre of one of the shapes.
#[inline]
pub fn matches(board: &Board, p: Point) -> bool {
    // The sources' rows run top to bottom, and north is `p + stride` on this board.
    let s = board.stride() as Point;
    let state = |q: Point| match board.cell(q) {
        Cell::Empty => 0u8,
        Cell::Black => 1,
        Cell::White => 2,
        Cell::Border => 3,
    };
    let code = code_of([
        state(p + s - 1),
        state(p + s),
        state(p + s + 1),
        state(p - 1),
        state(p + 1),
        state(p - s - 1),
        state(p - s),
        state(p - s + 1),
    ]);
    table()[code]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::board_from;

    #[test]
    fn hane_and_cut_shapes_match_in_any_orientation_and_colour() {
        // Enclosing hane above the centre (2, 2).
        let b = board_from([".....", ".XOX.", ".....", ".....", "....."].as_slice());
        assert!(matches(&b, b.point(2, 2)));
        // The same shape turned and with colours swapped, hane from the left.
        let b = board_from([".....", ".....", ".O...", ".X...", ".O..."].as_slice());
        assert!(matches(&b, b.point(2, 1)));
        // An empty neighbourhood is no shape.
        let b = board_from([".....", ".....", ".....", ".....", "....."].as_slice());
        assert!(!matches(&b, b.point(2, 2)));
    }

    #[test]
    fn edge_shapes_need_the_edge() {
        // Edge chase: X above-left of an O, on the first line.
        let b = board_from([".....", ".....", ".....", "X....", "O...."].as_slice());
        assert!(matches(&b, b.point(1, 0)));
        let table = table();
        assert!(table.iter().filter(|&&t| t).count() > 1000);
    }
}
