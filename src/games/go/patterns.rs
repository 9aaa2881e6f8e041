//! 3×3 shape patterns around a candidate point (MoGo's hane, cut and edge shapes, in the
//! form michi and Pachi use them). A table indexed by the eight neighbours' states says
//! whether the centre is a good local reply, for either colour, in any orientation.

use std::sync::OnceLock;

use super::board::{Board, Point};

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

/// The codes that are shapes, one bit each: 8 KB, which stays in the first-level cache
/// beside the board.
struct Shapes(Vec<u64>);

impl Shapes {
    #[inline]
    fn contains(&self, code: usize) -> bool {
        self.0[code >> 6] >> (code & 63) & 1 != 0
    }

    #[cfg(test)]
    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

fn build() -> Shapes {
    let mut table = Shapes(vec![0; (1 << 16) / 64]);
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
                let code = code_of(cells);
                table.0[code >> 6] |= 1 << (code & 63);
            }
        }
    }
    table
}

fn table() -> &'static Shapes {
    static TABLE: OnceLock<Shapes> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// The empty points among the eight around `last` that are the centre of one of the
/// shapes, appended to `out` row by row from the south-west (the order a playout draws
/// from).
#[inline]
pub fn shapes_around(board: &Board, last: Point, out: &mut Vec<Point>) {
    let s = board.stride() as isize;
    let last = last as isize;
    // The 5×5 window around `last`, one 10-bit row each, the northmost first (north is
    // `p + stride` on this board, and the sources' rows run top to bottom).
    let rows = [2, 1, 0, -1, -2].map(|dy| board.five_cells(last + dy * s - 2));
    let table = table();
    // Which of the eight candidates match, one bit each in the order they are listed:
    // worked out for all of them without a branch (which candidate matches is a coin
    // toss for the branch predictor), then listed.
    let mut matched = 0u32;
    // Written out for each of the eight candidates, so that every shift is a constant.
    let mut candidate = |bit: u32, dy: isize, dx: isize| {
        // The candidate's row in the window, and its west neighbour's column.
        let r = (2 - dy) as usize;
        let shift = 2 * (dx + 1);
        let [north, middle, south] =
            [rows[r - 1], rows[r], rows[r + 1]].map(|row| (row >> shift) & 0b11_1111);
        // `code_of`'s order: the north row, west and east, the south row.
        let code = north | ((middle & 0b11) | (middle >> 4) << 2) << 6 | south << 10;
        // The candidate itself must be empty.
        let empty = middle & 0b1100 == 0;
        matched |= u32::from(empty & table.contains(code as usize)) << bit;
    };
    candidate(0, -1, -1);
    candidate(1, -1, 0);
    candidate(2, -1, 1);
    candidate(3, 0, -1);
    candidate(4, 0, 1);
    candidate(5, 1, -1);
    candidate(6, 1, 0);
    candidate(7, 1, 1);
    let offsets = [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1];
    while matched != 0 {
        out.push((last + offsets[matched.trailing_zeros() as usize]) as Point);
        matched &= matched - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::{Cell, board_from};

    /// The definition, one point at a time: the neighbours' states looked up one by one.
    fn matches(board: &Board, p: Point) -> bool {
        if board.cell(p) != Cell::Empty {
            return false;
        }
        let s = board.stride() as Point;
        let state = |q: Point| board.cell(q) as u8;
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
        table().contains(code)
    }

    #[test]
    fn the_window_finds_what_the_definition_finds_on_any_board() {
        // Random playouts' positions on every size, the edges and corners included: the
        // shapes around each move, found from the window, against the definition.
        let mut rng = crate::rng::Rng::new(44);
        let mut checked = 0;
        for size in [2, 3, 5, 9, 13, 19, 25] {
            for _ in 0..20 {
                let mut b = Board::new(size);
                let mut color = crate::games::go::board::Color::Black;
                for _ in 0..size * size {
                    let Some(p) =
                        crate::games::go::playout::random_move(&b, color, &mut rng, |_| true)
                    else {
                        break;
                    };
                    b.play(p, color);
                    color = color.opponent();
                    let mut found = Vec::new();
                    shapes_around(&b, p, &mut found);
                    let s = b.stride() as Point;
                    let expected: Vec<Point> = [
                        p - s - 1,
                        p - s,
                        p - s + 1,
                        p - 1,
                        p + 1,
                        p + s - 1,
                        p + s,
                        p + s + 1,
                    ]
                    .into_iter()
                    .filter(|&q| matches(&b, q))
                    .collect();
                    assert_eq!(found, expected, "size {size}");
                    checked += found.len();
                }
            }
        }
        assert!(checked > 1000, "too few shapes to tell: {checked}");
    }

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
        assert!(table.count() > 1000);
    }
}
