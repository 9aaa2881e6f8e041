//! The stone array shared by the rules and the engine: a padded one-dimensional grid so
//! that walking a line never needs a bounds check (the padding cells hold `WALL`).

use std::fmt;

/// Largest supported side (Gomocup boards go up to 32; 20 and 15 are the usual ones).
pub const MAX_SIZE: usize = 32;
/// Smallest supported side.
pub const MIN_SIZE: usize = 5;
/// Wall cells around the board: a line pattern looks at most five cells away.
pub const PAD: usize = 6;
/// Fixed row stride, whatever the board size, so that Zobrist keys and direction
/// offsets are constants.
pub const STRIDE: usize = MAX_SIZE + 2 * PAD;
/// Cells of the padded grid.
pub const CELLS: usize = STRIDE * (MAX_SIZE + 2 * PAD);
/// Offsets of the four line directions: horizontal, vertical, and the two diagonals.
pub const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
pub const WALL: u8 = 3;

/// A player. Black moves first (Gomocup's "player 1" of a game record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The cell value of this colour's stones.
    pub fn cell(self) -> u8 {
        match self {
            Color::Black => BLACK,
            Color::White => WHITE,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A point of the board: `x` is the column (0 = left, letter `A`), `y` the row (0 = the
/// bottom row of a GTP diagram, row `1`). This is the Gomocup `x,y` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub fn new(x: usize, y: usize) -> Point {
        Point {
            x: x as u8,
            y: y as u8,
        }
    }

    /// Index of this point in the padded grid.
    #[inline]
    pub fn index(self) -> usize {
        (self.y as usize + PAD) * STRIDE + self.x as usize + PAD
    }

    /// The point at a padded-grid index (which must be on the board).
    #[inline]
    pub fn from_index(index: usize) -> Point {
        Point::new(index % STRIDE - PAD, index / STRIDE - PAD)
    }
}

/// Stones on a `width` × `height` board.
#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Box<[u8; CELLS]>,
}

impl Board {
    /// An empty board; the caller checks the size is within `MIN_SIZE..=MAX_SIZE`.
    pub fn new(width: usize, height: usize) -> Board {
        let mut cells = Box::new([WALL; CELLS]);
        for y in 0..height {
            for x in 0..width {
                cells[Point::new(x, y).index()] = EMPTY;
            }
        }
        Board {
            width,
            height,
            cells,
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn contains(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height
    }

    #[inline]
    pub fn get(&self, index: usize) -> u8 {
        self.cells[index]
    }

    #[inline]
    pub fn set(&mut self, index: usize, value: u8) {
        self.cells[index] = value;
    }

    pub fn at(&self, p: Point) -> u8 {
        self.cells[p.index()]
    }

    /// Indices of every point of the board, row by row from `y = 0`.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Point::new(x, y).index()))
    }

    /// Stones of `cell` contiguous with `index` along `dir`, on each side (excluding
    /// `index` itself): `(backward, forward)`.
    #[inline]
    pub fn run(&self, index: usize, dir: isize, cell: u8) -> (usize, usize) {
        let mut back = 0;
        let mut i = index as isize - dir;
        while self.cells[i as usize] == cell {
            back += 1;
            i -= dir;
        }
        let mut fwd = 0;
        let mut i = index as isize + dir;
        while self.cells[i as usize] == cell {
            fwd += 1;
            i += dir;
        }
        (back, fwd)
    }
}
