//! The Go board: stones, chains and liberties, kept incrementally so that a move costs a
//! few dozen memory operations and never allocates.
//!
//! Layout: points are indices into fixed arrays, row-major with a stride of `size + 1`;
//! column 0 and rows 0 and `size + 1` are off-board sentinels (the sentinel column is shared
//! by the right edge of one row and the left edge of the next). Neighbours are `p ± 1` and
//! `p ± stride`.
//!
//! Chains are circular linked lists of stones with a representative (`chain[p]`). Liberties
//! are *pseudo-liberties* (one per stone/empty-neighbour adjacency) with their sum and sum of
//! squares: a chain is in atari exactly when all its pseudo-liberties name the same point,
//! i.e. when `sum² == count × sum_of_squares`.

use crate::rng::zobrist_keys;

pub const MAX_SIZE: usize = 25;
/// Points in the largest padded board: (25 + 2) rows of stride 26, plus the last sentinel.
pub const MAX_POINTS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1) + 1;

/// A point index on the padded board. `Point::NONE` (0) is never on the board.
pub type Point = u16;
pub const NO_POINT: Point = 0;

/// Whether `p` is in `list`, a handful of points: written out, since the slice's
/// `contains` is a call the compiler does not inline, and the hot loops ask this
/// often.
#[inline(always)]
#[allow(clippy::manual_contains)] // the very call this replaces
pub fn listed(list: &[Point], p: Point) -> bool {
    list.iter().any(|&q| q == p)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub(super) fn cell(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Border = 3,
}

impl Cell {
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

static ZOBRIST: [u64; 2 * MAX_POINTS] = zobrist_keys::<{ 2 * MAX_POINTS }>(0x7AB0_1A60);

#[inline]
fn zobrist(color: Color, p: Point) -> u64 {
    ZOBRIST[color.index() * MAX_POINTS + p as usize]
}

/// Packed neighbour counts of one point: 4 bits each for black, white and empty
/// neighbours. An off-board neighbour counts as both black and white, so "every
/// neighbour is black or off the board" is one comparison: the black count is 4.
const NBR_SHIFT_EMPTY: u32 = 8;

#[inline]
const fn nbr_unit(cell: Cell) -> u16 {
    match cell {
        Cell::Black => 1,
        Cell::White => 1 << 4,
        Cell::Empty => 1 << NBR_SHIFT_EMPTY,
        Cell::Border => 1 | 1 << 4,
    }
}

/// One array entry or the ko point as they were before a reading's move overwrote them.
#[derive(Clone, Copy)]
enum Overwritten {
    /// The ko point, kept first: the mark where a move's record begins.
    Move {
        ko: Point,
    },
    Chain(Point, Point),
    Next(Point, Point),
    /// A chain's pseudo-liberty count, sum and sum of squares.
    Libs(Point, u16, u32, u32),
    Stones(Point, u16),
    /// A stone put on this empty point: the point is emptied and its neighbours'
    /// counts are taken back, the change reversed rather than four counts kept.
    Placed(Point),
    /// A stone of this colour taken off this point: it is put back, and its
    /// neighbours' counts with it.
    Removed(Point, Cell),
}

/// Told every entry a move is about to overwrite.
trait Journal {
    /// A reading's move, taken back before anything looks at the whole board: the
    /// empty-point list, the hash and the prisoners are left as they were, and only
    /// what a reading looks at (stones, chains, liberties, neighbour counts, ko) is
    /// kept up to date.
    const READING: bool;
    fn keep(&mut self, o: Overwritten);
}

/// The journal of a move that is never taken back.
struct NoJournal;

impl Journal for NoJournal {
    const READING: bool = false;
    #[inline(always)]
    fn keep(&mut self, _: Overwritten) {}
}

/// What the moves played by `Board::play_undoable` overwrote, newest last.
#[derive(Default)]
pub struct UndoLog {
    entries: Vec<Overwritten>,
}

impl Journal for UndoLog {
    const READING: bool = true;
    #[inline]
    fn keep(&mut self, o: Overwritten) {
        // Chain 0's counts (charged for every empty or off-board neighbour) mean
        // nothing, so they need no taking back.
        if !matches!(o, Overwritten::Libs(NO_POINT, ..)) {
            self.entries.push(o);
        }
    }
}

pub struct Board {
    size: usize,
    stride: usize,
    cells: [Cell; MAX_POINTS],
    /// Representative stone of the chain a stone belongs to; `NO_POINT` (chain 0, whose
    /// counts mean nothing) for empty and off-board points.
    chain: [Point; MAX_POINTS],
    /// Next stone of the same chain (circular).
    next: [Point; MAX_POINTS],
    /// Per representative: pseudo-liberty count, sum and sum of squares; stone count.
    libs: [u16; MAX_POINTS],
    lib_sum: [u32; MAX_POINTS],
    lib_sq: [u32; MAX_POINTS],
    stones: [u16; MAX_POINTS],
    nbr: [u16; MAX_POINTS],
    /// Empty points, unordered, with each point's index in the list.
    empty: [Point; MAX_POINTS],
    empty_index: [u16; MAX_POINTS],
    empty_count: usize,
    hash: u64,
    /// The point a simple-ko recapture would be played on, or `NO_POINT`.
    ko: Point,
    /// Stones captured by each colour.
    prisoners: [u32; 2],
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board { ..*self }
    }

    /// Copies only the points a board of this size uses (and the live part of the empty
    /// list): a playout starts from a copy of its root, and the whole 25×25 arrays would
    /// cost a 9×9 playout a sixth of its time. Beyond those points two boards of one size
    /// hold the same sentinels, written once by `new`.
    fn clone_from(&mut self, source: &Board) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        let n = source.padded_points();
        // Naming every field makes a new one a compile error here until it is copied.
        let Board {
            size: _,
            stride: _,
            cells,
            chain,
            next,
            libs,
            lib_sum,
            lib_sq,
            stones,
            nbr,
            empty,
            empty_index,
            empty_count,
            hash,
            ko,
            prisoners,
        } = source;
        self.cells[..n].copy_from_slice(&cells[..n]);
        self.chain[..n].copy_from_slice(&chain[..n]);
        self.next[..n].copy_from_slice(&next[..n]);
        self.libs[..n].copy_from_slice(&libs[..n]);
        self.lib_sum[..n].copy_from_slice(&lib_sum[..n]);
        self.lib_sq[..n].copy_from_slice(&lib_sq[..n]);
        self.stones[..n].copy_from_slice(&stones[..n]);
        self.nbr[..n].copy_from_slice(&nbr[..n]);
        self.empty[..*empty_count].copy_from_slice(&empty[..*empty_count]);
        self.empty_index[..n].copy_from_slice(&empty_index[..n]);
        self.empty_count = *empty_count;
        self.hash = *hash;
        self.ko = *ko;
        self.prisoners = *prisoners;
    }
}

impl Board {
    pub fn new(size: usize) -> Board {
        assert!((1..=MAX_SIZE).contains(&size), "board size {size}");
        let stride = size + 1;
        let mut board = Board {
            size,
            stride,
            cells: [Cell::Border; MAX_POINTS],
            chain: [0; MAX_POINTS],
            next: [0; MAX_POINTS],
            libs: [0; MAX_POINTS],
            lib_sum: [0; MAX_POINTS],
            lib_sq: [0; MAX_POINTS],
            stones: [0; MAX_POINTS],
            nbr: [0; MAX_POINTS],
            empty: [0; MAX_POINTS],
            empty_index: [0; MAX_POINTS],
            empty_count: 0,
            hash: 0,
            ko: NO_POINT,
            prisoners: [0; 2],
        };
        for y in 0..size {
            for x in 0..size {
                let p = board.point(x, y);
                board.cells[p as usize] = Cell::Empty;
                board.empty_index[p as usize] = board.empty_count as u16;
                board.empty[board.empty_count] = p;
                board.empty_count += 1;
            }
        }
        // Every on-board point starts empty; sentinels get counts too, since stones
        // placed next to them update theirs.
        for i in 0..board.empty_count {
            let p = board.empty[i];
            for q in board.neighbours(p) {
                board.nbr[q as usize] += nbr_unit(Cell::Empty);
                if board.cells[q as usize] == Cell::Border {
                    board.nbr[p as usize] += nbr_unit(Cell::Border);
                }
            }
        }
        board
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Points of the padded board, sentinels included: every index a move can touch.
    #[inline]
    fn padded_points(&self) -> usize {
        (self.size + 2) * self.stride + 1
    }

    /// Distance between vertically adjacent points.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The point at column `x`, row `y`, both 0-based from the lower left.
    #[inline]
    pub fn point(&self, x: usize, y: usize) -> Point {
        ((y + 1) * self.stride + x + 1) as Point
    }

    /// Column and row (0-based from the lower left) of an on-board point.
    #[inline]
    pub fn coords(&self, p: Point) -> (usize, usize) {
        let p = p as usize;
        (p % self.stride - 1, p / self.stride - 1)
    }

    /// Every on-board point, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| self.point(x, y)))
    }

    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let s = self.stride as Point;
        [p - s, p - 1, p + 1, p + s]
    }

    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = self.stride as Point;
        [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
    }

    /// Whether `p` is a point of this board (not a sentinel, nor a point only a larger
    /// board has).
    #[inline]
    pub fn is_on_board(&self, p: Point) -> bool {
        self.cells
            .get(p as usize)
            .is_some_and(|&c| c != Cell::Border)
    }

    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p as usize]
    }

    /// The five cells from `first` eastwards as 2-bit states (the `Cell` values), the
    /// westmost in the lowest bits; cells before or past the padded board count as
    /// border. One read of a row of a shape window instead of a look-up per cell.
    #[inline]
    pub fn five_cells(&self, first: isize) -> u32 {
        let row = usize::try_from(first)
            .ok()
            .and_then(|i| self.cells.get(i..i + 5));
        match row {
            Some(row) => row
                .iter()
                .enumerate()
                .fold(0, |code, (i, &c)| code | (c as u32) << (2 * i)),
            None => (0..5).fold(0, |code, i| {
                let c = usize::try_from(first + i)
                    .ok()
                    .and_then(|j| self.cells.get(j))
                    .map_or(Cell::Border as u32, |&c| c as u32);
                code | c << (2 * i)
            }),
        }
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub fn ko_point(&self) -> Point {
        self.ko
    }

    /// Forgets the simple-ko point (after a pass the recapture becomes legal).
    #[inline]
    pub fn clear_ko(&mut self) {
        self.ko = NO_POINT;
    }

    #[inline]
    pub fn prisoners(&self, color: Color) -> u32 {
        self.prisoners[color.index()]
    }

    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        &self.empty[..self.empty_count]
    }

    /// Black stones on the board minus white ones.
    pub fn stone_difference(&self) -> i32 {
        // Black (1) counts 1 - 0, White (2) 0 - 1, Empty (0) and Border (3) nothing:
        // one pass the compiler turns into vector instructions.
        self.cells[..self.padded_points()]
            .iter()
            .map(|&c| (c as i32 & 1) - (c as i32 >> 1))
            .sum()
    }

    pub fn stone_count(&self) -> usize {
        self.size * self.size - self.empty_count
    }

    /// Empty neighbours of `p`.
    #[inline]
    pub(super) fn empty_neighbours(&self, p: Point) -> u16 {
        self.nbr[p as usize] >> NBR_SHIFT_EMPTY
    }

    /// Representative of the chain at `p` (a stone).
    #[inline]
    pub fn chain_id(&self, p: Point) -> Point {
        self.chain[p as usize]
    }

    /// Number of stones in the chain at `p`.
    #[inline]
    pub fn chain_size(&self, p: Point) -> usize {
        self.stones[self.chain[p as usize] as usize] as usize
    }

    /// Stones of the chain at `p`.
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: p,
            current: p,
            done: false,
        }
    }

    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        let c = self.chain[p as usize] as usize;
        let n = self.libs[c] as u64;
        let s = self.lib_sum[c] as u64;
        // Computed without a branch: a look over several points ORs their answers (on
        // a point without a stone the answer means nothing).
        (n > 0) & (s * s == n * self.lib_sq[c] as u64)
    }

    /// The chain at `q`, a stone next to the empty point `p`: its one liberty other than
    /// `p`, `NO_POINT` if it has none, or `None` if it has two or more. Read from the
    /// pseudo-liberty counts without walking the chain: less `p`'s adjacencies to the
    /// chain, they are a single point repeated exactly when their sum squared is their
    /// count times their sum of squares.
    #[inline]
    pub fn liberty_besides(&self, q: Point, p: Point) -> Option<Point> {
        let id = self.chain[q as usize];
        let at_p = self
            .neighbours(p)
            .iter()
            .filter(|&&r| self.chain[r as usize] == id)
            .count() as u64;
        let c = id as usize;
        let (p, n) = (p as u64, self.libs[c] as u64 - at_p);
        let s = self.lib_sum[c] as u64 - at_p * p;
        let sq = self.lib_sq[c] as u64 - at_p * p * p;
        if n == 0 {
            Some(NO_POINT)
        } else if s * s == n * sq {
            Some((s / n) as Point)
        } else {
            None
        }
    }

    /// The single liberty of a chain in atari.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Point {
        let c = self.chain[p as usize] as usize;
        (self.lib_sum[c] / self.libs[c] as u32) as Point
    }

    /// Real liberties of the chain at `p`, in board order (not a hot path).
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs = Vec::new();
        for s in self.chain_stones(p) {
            for q in self.neighbours(s) {
                if self.cells[q as usize] == Cell::Empty && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
        libs.sort_unstable();
        libs
    }

    /// Stones of `color` next to `p`. The packed counts take an off-board neighbour for
    /// a stone of each colour, so the three counts of a point sum to four plus its
    /// off-board neighbours, which is how those are told apart.
    #[inline]
    pub fn own_neighbours(&self, p: Point, color: Color) -> u16 {
        let n = self.nbr[p as usize];
        let (black, white, empty) = (n & 0xF, (n >> 4) & 0xF, n >> NBR_SHIFT_EMPTY);
        let off_board = black + white + empty - 4;
        (if color == Color::Black { black } else { white }) - off_board
    }

    /// True if every neighbour of `p` (an empty point) is `color` or off the board.
    #[inline]
    pub fn is_eyelike(&self, p: Point, color: Color) -> bool {
        let shift = 4 * color.index() as u32;
        (self.nbr[p as usize] >> shift) & 0xF == 4
    }

    /// An eye-like point whose diagonals the opponent does not control: one opponent
    /// diagonal is tolerated in the centre, none on the edge. Filling it only hurts.
    #[inline]
    pub fn is_true_eye(&self, p: Point, color: Color) -> bool {
        self.is_eyelike(p, color) && self.diagonals_allow_eye(p, color)
    }

    #[inline]
    fn diagonals_allow_eye(&self, p: Point, color: Color) -> bool {
        let opp = color.opponent().cell();
        let mut bad = 0;
        let mut edge = false;
        for d in self.diagonals(p) {
            let c = self.cells[d as usize];
            bad += (c == opp) as u32;
            edge |= c == Cell::Border;
        }
        bad + (edge as u32) < 2
    }

    /// Whether `color` playing on the empty point `p` would leave its stone without
    /// liberties, captures aside (ko is not looked at).
    #[inline]
    pub fn is_suicide(&self, p: Point, color: Color) -> bool {
        self.empty_neighbours(p) == 0 && self.is_suicide_crowded(p, color)
    }

    /// `is_suicide` for a point without empty neighbours: every neighbour is a stone or
    /// off the board. A neighbouring chain's last liberty is `p` exactly when all its
    /// pseudo-liberties are adjacencies to `p`, i.e. its count equals the number of
    /// `p`'s neighbours in that chain. The move lives if it joins an own chain with
    /// another liberty or takes an opponent chain's last one. Few branches: which
    /// neighbour decides is a coin toss for the predictor.
    #[inline]
    fn is_suicide_crowded(&self, p: Point, color: Color) -> bool {
        let own = color.cell();
        let opp = color.opponent().cell();
        let q = self.neighbours(p);
        // Off-board neighbours share chain 0, which no stone belongs to.
        let id = q.map(|q| self.chain[q as usize]);
        let mut lives = false;
        for i in 0..4 {
            let in_chain = id.iter().filter(|&&other| other == id[i]).count() as u16;
            let last_liberty = self.libs[id[i] as usize] == in_chain;
            let c = self.cells[q[i] as usize];
            lives |= (c == own) & !last_liberty | (c == opp) & last_liberty;
        }
        !lives
    }

    /// Whether a playout may play `color` on the empty point `p`: legal under simple ko
    /// without suicide, and not in one of its own true eyes. The same as
    /// `is_legal_simple(p, color) && !is_true_eye(p, color)`, but a point with an empty
    /// neighbour (most points for most of a game) costs one load: it can be neither
    /// suicide, nor an eye, nor the ko point (a just-captured stone had no liberty).
    #[inline]
    pub fn is_playout_move(&self, p: Point, color: Color) -> bool {
        self.empty_neighbours(p) != 0 || self.is_crowded_playout_move(p, color)
    }

    fn is_crowded_playout_move(&self, p: Point, color: Color) -> bool {
        p != self.ko
            && !(self.is_eyelike(p, color) && self.diagonals_allow_eye(p, color))
            && !self.is_suicide_crowded(p, color)
    }

    /// Whether placing on `p` would capture at least one opponent chain.
    #[inline]
    pub fn captures_any(&self, p: Point, color: Color) -> bool {
        let opp = color.opponent().cell();
        self.neighbours(p)
            .iter()
            .any(|&q| self.cells[q as usize] == opp && self.in_atari(q))
    }

    /// Legal under simple ko with suicide forbidden: the playout rule.
    #[inline]
    pub fn is_legal_simple(&self, p: Point, color: Color) -> bool {
        self.cells[p as usize] == Cell::Empty && p != self.ko && !self.is_suicide(p, color)
    }

    /// The hash the board would have after `color` plays on the empty point `p`
    /// (captures and suicide included), without changing the board.
    pub fn hash_after(&self, p: Point, color: Color) -> u64 {
        let mut h = self.hash ^ zobrist(color, p);
        let opp = color.opponent().cell();
        let mut removed: [Point; 4] = [NO_POINT; 4];
        let mut n_removed = 0;
        let mut captured = false;
        for q in self.neighbours(p) {
            if self.cells[q as usize] == opp && self.in_atari(q) {
                let id = self.chain[q as usize];
                if removed[..n_removed].contains(&id) {
                    continue;
                }
                removed[n_removed] = id;
                n_removed += 1;
                captured = true;
                for s in self.chain_stones(q) {
                    h ^= zobrist(color.opponent(), s);
                }
            }
        }
        if !captured && self.is_suicide(p, color) {
            // The new stone and every own chain next to it disappear.
            h ^= zobrist(color, p);
            let own = color.cell();
            let mut seen: [Point; 4] = [NO_POINT; 4];
            let mut n_seen = 0;
            for q in self.neighbours(p) {
                if self.cells[q as usize] == own {
                    let id = self.chain[q as usize];
                    if seen[..n_seen].contains(&id) {
                        continue;
                    }
                    seen[n_seen] = id;
                    n_seen += 1;
                    for s in self.chain_stones(q) {
                        h ^= zobrist(color, s);
                    }
                }
            }
        }
        h
    }

    /// Places a stone of `color` on the empty point `p`, captures, and removes the own
    /// chain if it is left without liberties (suicide, where the rules allow it).
    /// Returns the number of opponent stones captured. Legality is the caller's business.
    #[inline]
    pub fn play(&mut self, p: Point, color: Color) -> u32 {
        self.play_journaled(p, color, &mut NoJournal)
    }

    /// A reading's move: `play`, keeping in `undo` what it overwrites, so that `undo`
    /// takes it back. Only what a reading looks at is kept up to date: the stones,
    /// chains, liberties, neighbour counts and ko point, not the empty-point list, the
    /// hash or the prisoners, which stay those of the position the reading started
    /// from until its moves are taken back.
    pub fn play_undoable(&mut self, p: Point, color: Color, undo: &mut UndoLog) {
        undo.keep(Overwritten::Move { ko: self.ko });
        self.play_journaled(p, color, undo);
    }

    /// Takes back the last `play_undoable` whose record `undo` still holds.
    pub fn undo(&mut self, undo: &mut UndoLog) {
        while let Some(o) = undo.entries.pop() {
            match o {
                Overwritten::Move { ko } => {
                    self.ko = ko;
                    return;
                }
                Overwritten::Chain(p, id) => self.chain[p as usize] = id,
                Overwritten::Next(p, n) => self.next[p as usize] = n,
                Overwritten::Libs(id, libs, sum, sq) => {
                    let i = id as usize;
                    (self.libs[i], self.lib_sum[i], self.lib_sq[i]) = (libs, sum, sq);
                }
                Overwritten::Stones(id, n) => self.stones[id as usize] = n,
                Overwritten::Placed(p) => {
                    let unit = nbr_unit(self.cells[p as usize]);
                    self.cells[p as usize] = Cell::Empty;
                    for q in self.neighbours(p) {
                        self.nbr[q as usize] = self.nbr[q as usize] - unit + nbr_unit(Cell::Empty);
                    }
                }
                Overwritten::Removed(s, cell) => {
                    self.cells[s as usize] = cell;
                    let unit = nbr_unit(cell);
                    for q in self.neighbours(s) {
                        self.nbr[q as usize] = self.nbr[q as usize] + unit - nbr_unit(Cell::Empty);
                    }
                }
            }
        }
    }

    /// `play`, telling `journal` every array entry before overwriting it (the ko point is
    /// the caller's to keep). With `NoJournal` the compiler drops the telling and this is
    /// the plain move; with a reading's journal it also drops the empty-point list, the
    /// hash and the prisoners.
    #[inline(always)]
    fn play_journaled<J: Journal>(&mut self, p: Point, color: Color, j: &mut J) -> u32 {
        debug_assert_eq!(self.cells[p as usize], Cell::Empty);
        let own = color.cell();
        let opp = color.opponent().cell();
        self.place_stone(p, own, j);
        if !J::READING {
            self.hash ^= zobrist(color, p);
        }

        // The new stone starts as its own chain with its empty neighbours as liberties.
        // Which neighbours are empty, own or opponent is a coin toss for the branch
        // predictor, so the common work is done for all four without asking.
        let pu = p as usize;
        let neighbours = self.neighbours(p);
        let (mut libs, mut sum, mut sq) = (0u16, 0u32, 0u32);
        for q in neighbours {
            let empty = (self.cells[q as usize] == Cell::Empty) as u32;
            libs += empty as u16;
            sum += empty * q as u32;
            sq += empty * (q as u32 * q as u32);
        }
        j.keep(Overwritten::Chain(p, self.chain[pu]));
        j.keep(Overwritten::Next(p, self.next[pu]));
        j.keep(Overwritten::Stones(p, self.stones[pu]));
        j.keep(self.saved_libs(p));
        self.chain[pu] = p;
        self.next[pu] = p;
        self.stones[pu] = 1;
        self.libs[pu] = libs;
        self.lib_sum[pu] = sum;
        self.lib_sq[pu] = sq;

        // Each neighbouring chain loses `p` once per adjacency (empty and off-board
        // neighbours are charged to chain 0, which is no chain); an opponent chain left
        // without liberties is taken when its last adjacency is seen.
        let mut captured = 0u32;
        let mut last_captured = NO_POINT;
        for q in neighbours {
            let id = self.chain[q as usize];
            self.remove_lib(id, p, j);
            // Asking the rare `libs == 0` first keeps the predictor right.
            if self.libs[id as usize] == 0 && self.cells[q as usize] == opp {
                captured += self.stones[id as usize] as u32;
                last_captured = id;
                self.remove_chain(id, j);
            }
        }
        if !J::READING {
            self.prisoners[color.index()] += captured;
        }
        for q in neighbours {
            let a = self.chain[q as usize];
            let b = self.chain[pu];
            if (self.cells[q as usize] == own) & (a != b) {
                self.merge(a, b, j);
            }
        }

        let id = self.chain[pu];
        self.ko = NO_POINT;
        if self.libs[id as usize] == 0 {
            // Suicide: the opponent takes the own chain as prisoners.
            if !J::READING {
                self.prisoners[color.opponent().index()] += self.stones[id as usize] as u32;
            }
            self.remove_chain(id, j);
        } else if captured == 1 && self.stones[id as usize] == 1 && self.libs[id as usize] == 1 {
            // A lone stone that took one stone and has one liberty left (where that
            // stone was): retaking at once would repeat the position.
            self.ko = last_captured;
            debug_assert_eq!(self.empty_neighbours(self.ko), 0);
        }
        captured
    }

    #[inline]
    fn place_stone<J: Journal>(&mut self, p: Point, cell: Cell, j: &mut J) {
        j.keep(Overwritten::Placed(p));
        self.cells[p as usize] = cell;
        let unit = nbr_unit(cell);
        for q in self.neighbours(p) {
            self.nbr[q as usize] = self.nbr[q as usize] + unit - nbr_unit(Cell::Empty);
        }
        if J::READING {
            return;
        }
        self.empty_count -= 1;
        let i = self.empty_index[p as usize] as usize;
        let last = self.empty[self.empty_count];
        self.empty[i] = last;
        self.empty_index[last as usize] = i as u16;
    }

    #[inline(always)]
    fn saved_libs(&self, id: Point) -> Overwritten {
        let i = id as usize;
        Overwritten::Libs(id, self.libs[i], self.lib_sum[i], self.lib_sq[i])
    }

    /// Counts `lib` as a pseudo-liberty of chain `id`. Chain 0 (`NO_POINT`, the chain of
    /// every point without a stone) takes any count without meaning, hence the
    /// wrapping arithmetic; a real chain's counts never wrap.
    #[inline]
    fn add_lib<J: Journal>(&mut self, id: Point, lib: Point, j: &mut J) {
        j.keep(self.saved_libs(id));
        let i = id as usize;
        self.libs[i] = self.libs[i].wrapping_add(1);
        self.lib_sum[i] = self.lib_sum[i].wrapping_add(lib as u32);
        self.lib_sq[i] = self.lib_sq[i].wrapping_add((lib as u32) * (lib as u32));
    }

    #[inline]
    fn remove_lib<J: Journal>(&mut self, id: Point, lib: Point, j: &mut J) {
        j.keep(self.saved_libs(id));
        let i = id as usize;
        self.libs[i] = self.libs[i].wrapping_sub(1);
        self.lib_sum[i] = self.lib_sum[i].wrapping_sub(lib as u32);
        self.lib_sq[i] = self.lib_sq[i].wrapping_sub((lib as u32) * (lib as u32));
    }

    /// Joins the chains `a` and `b`; the smaller one is relabelled.
    fn merge<J: Journal>(&mut self, a: Point, b: Point, j: &mut J) {
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let (bi, si) = (big as usize, small as usize);
        j.keep(self.saved_libs(big));
        j.keep(Overwritten::Stones(big, self.stones[bi]));
        self.libs[bi] += self.libs[si];
        self.lib_sum[bi] += self.lib_sum[si];
        self.lib_sq[bi] += self.lib_sq[si];
        self.stones[bi] += self.stones[si];
        let mut s = small;
        loop {
            j.keep(Overwritten::Chain(s, self.chain[s as usize]));
            self.chain[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        j.keep(Overwritten::Next(big, self.next[bi]));
        j.keep(Overwritten::Next(small, self.next[si]));
        self.next.swap(bi, si);
    }

    fn remove_chain<J: Journal>(&mut self, id: Point, j: &mut J) {
        let color = self.cells[id as usize]
            .color()
            .expect("a chain is made of stones");
        // First empty every point, then credit liberties to the surviving neighbours:
        // doing both in one pass would credit stones of the chain being removed.
        let mut s = id;
        loop {
            j.keep(Overwritten::Chain(s, self.chain[s as usize]));
            self.cells[s as usize] = Cell::Empty;
            self.chain[s as usize] = NO_POINT;
            if !J::READING {
                self.hash ^= zobrist(color, s);
                let i = self.empty_count;
                self.empty[i] = s;
                self.empty_index[s as usize] = i as u16;
                self.empty_count += 1;
            }
            s = self.next[s as usize];
            if s == id {
                break;
            }
        }
        let unit = nbr_unit(color.cell());
        loop {
            j.keep(Overwritten::Removed(s, color.cell()));
            for q in self.neighbours(s) {
                let qu = q as usize;
                self.nbr[qu] = self.nbr[qu] - unit + nbr_unit(Cell::Empty);
                // Chain 0 for the empty and off-board neighbours: no branch.
                self.add_lib(self.chain[qu], s, j);
            }
            s = self.next[s as usize];
            if s == id {
                break;
            }
        }
    }

    /// Puts a stone without captures or ko bookkeeping (handicap and SGF setup).
    /// Returns false, leaving the board unchanged, if the point is not empty.
    pub fn setup_stone(&mut self, p: Point, color: Color) -> bool {
        if self.cells[p as usize] != Cell::Empty {
            return false;
        }
        let prisoners = self.prisoners;
        self.play(p, color);
        self.prisoners = prisoners;
        self.ko = NO_POINT;
        true
    }
}

/// Asserts that two boards hold the same position: stones, chains and their
/// liberties, the empty-point list in its order, the ko point and the hash. For tests.
#[cfg(test)]
pub(crate) fn assert_same_position(board: &Board, expected: &Board) {
    assert_eq!(board.size(), expected.size());
    assert_eq!(board.hash(), expected.hash());
    assert_eq!(board.ko_point(), expected.ko_point());
    assert_eq!(board.empty_points(), expected.empty_points());
    for p in expected.points() {
        assert_eq!(board.cell(p), expected.cell(p));
        if expected.cell(p) != Cell::Empty {
            assert_eq!(board.liberties(p), expected.liberties(p));
            assert_eq!(board.in_atari(p), expected.in_atari(p));
            assert_eq!(board.chain_size(p), expected.chain_size(p));
        }
    }
}

/// A board from rows drawn top row first (`X` Black, `O` White, anything else empty),
/// for tests.
#[cfg(test)]
pub(crate) fn board_from(rows: &[&str]) -> Board {
    let size = rows.len();
    let mut b = Board::new(size);
    for (r, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let p = b.point(x, size - 1 - r);
            match ch {
                'X' => assert!(b.setup_stone(p, Color::Black)),
                'O' => assert!(b.setup_stone(p, Color::White)),
                _ => {}
            }
        }
    }
    b
}

pub struct ChainStones<'a> {
    board: &'a Board,
    start: Point,
    current: Point,
    done: bool,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let p = self.current;
        self.current = self.board.next[p as usize];
        if self.current == self.start {
            self.done = true;
        }
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, x: usize, y: usize) -> Point {
        b.point(x, y)
    }

    #[test]
    fn corner_stone_is_captured_by_two_stones() {
        let mut b = Board::new(5);
        b.play(at(&b, 0, 0), Color::Black);
        b.play(at(&b, 1, 0), Color::White);
        assert!(b.in_atari(at(&b, 0, 0)));
        assert_eq!(b.play(at(&b, 0, 1), Color::White), 1);
        assert_eq!(b.cell(at(&b, 0, 0)), Cell::Empty);
        assert_eq!(b.prisoners(Color::White), 1);
        assert_eq!(b.empty_points().len(), 23);
    }

    #[test]
    fn merged_chain_counts_liberties_and_stones() {
        let mut b = Board::new(5);
        b.play(at(&b, 1, 1), Color::Black);
        b.play(at(&b, 3, 1), Color::Black);
        b.play(at(&b, 2, 1), Color::Black);
        assert_eq!(b.chain_size(at(&b, 1, 1)), 3);
        assert_eq!(b.liberties(at(&b, 3, 1)).len(), 8);
        assert_eq!(b.chain_stones(at(&b, 2, 1)).count(), 3);
    }

    #[test]
    fn ko_point_is_set_only_by_a_single_stone_recapture_shape() {
        // . B W .
        // B W . W
        // . B W .
        let mut b = Board::new(5);
        for (x, y, c) in [
            (1, 2, Color::Black),
            (0, 1, Color::Black),
            (1, 0, Color::Black),
            (2, 2, Color::White),
            (3, 1, Color::White),
            (2, 0, Color::White),
            (1, 1, Color::White),
        ] {
            b.play(at(&b, x, y), c);
        }
        assert_eq!(b.play(at(&b, 2, 1), Color::Black), 1);
        assert_eq!(b.ko_point(), at(&b, 1, 1));
        assert!(!b.is_legal_simple(at(&b, 1, 1), Color::White));
    }

    #[test]
    fn clone_from_a_board_of_the_same_size_gives_the_same_position() {
        use crate::games::go::playout::playout;
        use crate::rng::Rng;
        let mut source = Board::new(9);
        playout(&mut source, Color::Black, &mut Rng::new(1), 60);
        for size in [9, 13] {
            let mut copy = Board::new(size);
            playout(&mut copy, Color::White, &mut Rng::new(2), 500);
            copy.clone_from(&source);
            assert_same_position(&copy, &source);
            // Both go on to the same end from the same random stream.
            let mut original = source.clone();
            let moves = playout(&mut original, Color::Black, &mut Rng::new(3), 1000);
            assert_eq!(
                playout(&mut copy, Color::Black, &mut Rng::new(3), 1000),
                moves
            );
            assert_eq!(copy.hash(), original.hash());
            assert_eq!(
                copy.prisoners(Color::Black),
                original.prisoners(Color::Black)
            );
        }
    }

    /// Plays a random game (uniform legal moves that fill no own eye) from `b`, showing
    /// `look` every position before its move and the colour to move; returns the end.
    fn random_game(
        mut b: Board,
        rng: &mut crate::rng::Rng,
        mut look: impl FnMut(&Board, Color),
    ) -> Board {
        use crate::games::go::playout::random_move;
        let mut color = Color::Black;
        let mut passes = 0;
        while passes < 2 {
            look(&b, color);
            match random_move(&b, color, rng, |_| true) {
                Some(p) => {
                    b.play(p, color);
                    passes = 0;
                }
                None => {
                    b.clear_ko();
                    passes += 1;
                }
            }
            color = color.opponent();
        }
        b
    }

    /// Recomputes from the stones everything `play` keeps incrementally.
    fn assert_consistent(b: &Board) {
        assert_consistent_for_reading(b);
        let mut empties = 0;
        for p in b.points() {
            if b.cell(p) == Cell::Empty {
                empties += 1;
                assert_eq!(b.empty[b.empty_index[p as usize] as usize], p);
            }
        }
        assert_eq!(b.empty_points().len(), empties);
    }

    /// Recomputes from the stones what a reading's move keeps up to date.
    fn assert_consistent_for_reading(b: &Board) {
        for p in b.points() {
            let pu = p as usize;
            let mut nbr = 0;
            for q in b.neighbours(p) {
                nbr += nbr_unit(b.cell(q));
            }
            assert_eq!(b.nbr[pu], nbr, "neighbour counts at {p}");
            for color in [Color::Black, Color::White] {
                let stones = b
                    .neighbours(p)
                    .iter()
                    .filter(|&&q| b.cell(q).color() == Some(color))
                    .count();
                assert_eq!(
                    b.own_neighbours(p, color) as usize,
                    stones,
                    "{color:?} stones next to {p}"
                );
            }
            if b.cell(p) == Cell::Empty {
                assert_eq!(b.chain[pu], NO_POINT);
                continue;
            }
            let id = b.chain_id(p);
            let (mut libs, mut sum, mut sq, mut stones) = (0, 0, 0, 0);
            for s in b.chain_stones(p) {
                assert_eq!(b.chain_id(s), id);
                assert_eq!(b.cell(s), b.cell(p));
                stones += 1;
                for q in b.neighbours(s) {
                    if b.cell(q) == Cell::Empty {
                        libs += 1;
                        sum += q as u32;
                        sq += q as u32 * q as u32;
                    }
                }
            }
            let i = id as usize;
            assert!(libs > 0, "a chain without liberties at {p}");
            assert_eq!((b.libs[i], b.lib_sum[i], b.lib_sq[i]), (libs, sum, sq));
            assert_eq!(b.stones[i], stones);
            assert_eq!(b.in_atari(p), b.liberties(p).len() == 1);
        }
    }

    #[test]
    fn incremental_counts_match_the_stones_through_random_games() {
        let mut rng = crate::rng::Rng::new(4);
        let mut captures = 0;
        for game in 0..40 {
            let b = Board::new([5, 9, 13, 19][game % 4]);
            let end = random_game(b, &mut rng, |b, _| assert_consistent(b));
            assert_consistent(&end);
            captures += end.prisoners(Color::Black) + end.prisoners(Color::White);
        }
        assert!(captures > 1000, "{captures}");
    }

    #[test]
    fn a_chain_is_in_atari_when_it_has_one_liberty() {
        let mut rng = crate::rng::Rng::new(12);
        let mut seen = [0; 2];
        for game in 0..12 {
            let b = Board::new([5, 9, 13, 19][game % 4]);
            random_game(b, &mut rng, |b, _| {
                for p in b.points().filter(|&p| b.cell(p).color().is_some()) {
                    let atari = b.liberties(p).len() == 1;
                    assert_eq!(b.in_atari(p), atari);
                    seen[usize::from(atari)] += 1;
                }
            });
        }
        assert!(seen[0] > 10_000 && seen[1] > 1_000, "{seen:?}");
    }

    /// Every field, sentinels and unused slots included, but the counts of chain 0
    /// (no chain, whose counts mean nothing): what `undo` restores.
    fn assert_identical(a: &Board, b: &Board) {
        assert!(a.cells == b.cells, "cells");
        assert!(a.chain == b.chain, "chains");
        assert!(a.next == b.next, "next stones");
        let chains = 1..MAX_POINTS;
        assert!(
            a.libs[chains.clone()] == b.libs[chains.clone()]
                && a.lib_sum[chains.clone()] == b.lib_sum[chains.clone()]
                && a.lib_sq[chains.clone()] == b.lib_sq[chains],
            "pseudo-liberties"
        );
        assert!(a.stones == b.stones, "stone counts");
        assert!(a.nbr == b.nbr, "neighbour counts");
        assert!(
            a.empty == b.empty && a.empty_index == b.empty_index,
            "empty list"
        );
        assert_eq!(
            (a.empty_count, a.hash, a.ko, a.prisoners),
            (b.empty_count, b.hash, b.ko, b.prisoners)
        );
    }

    #[test]
    fn undo_restores_every_field_after_captures_merges_and_suicides() {
        let mut rng = crate::rng::Rng::new(5);
        let mut read = crate::rng::Rng::new(6);
        let mut undo = UndoLog::default();
        let (mut captures, mut suicides, mut merges) = (0, 0, 0);
        for game in 0..24 {
            let b = Board::new([5, 9, 13, 19][game % 4]);
            random_game(b, &mut rng, |b, color| {
                // Three moves read ahead (any empty point, suicide included), each
                // leaving what a reading looks at as a move would, then taken back one
                // by one, each back to the position it was played from. The empty-point
                // list is not kept by reading moves: the points are found on the board.
                let mut before = Vec::new();
                let mut reader = b.clone();
                let mut c = color;
                let stones_of = |b: &Board, c: Color| {
                    b.points().filter(|&q| b.cell(q).color() == Some(c)).count()
                };
                for _ in 0..3 {
                    let empties: Vec<Point> = reader
                        .points()
                        .filter(|&q| reader.cell(q) == Cell::Empty)
                        .collect();
                    if empties.is_empty() {
                        break;
                    }
                    let p = empties[read.below(empties.len() as u32) as usize];
                    before.push(reader.clone());
                    let (own, opp) = (stones_of(&reader, c), stones_of(&reader, c.opponent()));
                    merges += reader
                        .neighbours(p)
                        .iter()
                        .any(|&q| reader.cell(q).color() == Some(c))
                        as u32;
                    reader.play_undoable(p, c, &mut undo);
                    assert_consistent_for_reading(&reader);
                    captures += (stones_of(&reader, c.opponent()) < opp) as u32;
                    suicides += (stones_of(&reader, c) <= own) as u32;
                    c = c.opponent();
                }
                while let Some(position) = before.pop() {
                    reader.undo(&mut undo);
                    assert_identical(&reader, &position);
                }
                assert!(undo.entries.is_empty());
            });
        }
        assert!(
            captures > 500 && suicides > 500 && merges > 1000,
            "{captures} {suicides} {merges}"
        );
    }

    /// The eye rule spelled out: every neighbour own or off the board, and of the
    /// diagonals at most one opponent stone in the centre, none on the edge.
    fn true_eye_by_definition(b: &Board, p: Point, color: Color) -> bool {
        let own = b.neighbours(p).iter().all(|&q| {
            let c = b.cell(q);
            c == Cell::Border || c.color() == Some(color)
        });
        let diagonal = b.diagonals(p).map(|d| b.cell(d));
        let opponent = diagonal
            .iter()
            .filter(|c| c.color() == Some(color.opponent()))
            .count();
        let edge = diagonal.contains(&Cell::Border);
        own && if edge { opponent == 0 } else { opponent <= 1 }
    }

    #[test]
    fn playout_move_test_agrees_with_playing_the_move() {
        let mut rng = crate::rng::Rng::new(9);
        let (mut suicides, mut eyes, mut kos) = (0, 0, 0);
        let mut after = Board::new(5);
        for game in 0..120 {
            // Every position of random games on small boards, where shapes crowd.
            let b = Board::new([5, 7, 9][game % 3]);
            random_game(b, &mut rng, |b, _| {
                for &p in b.empty_points() {
                    for color in [Color::Black, Color::White] {
                        after.clone_from(b);
                        after.play(p, color);
                        let suicide = after.cell(p) == Cell::Empty;
                        let legal = !suicide && p != b.ko_point();
                        let eye = true_eye_by_definition(b, p, color);
                        assert_eq!(b.is_suicide(p, color), suicide);
                        assert_eq!(b.is_legal_simple(p, color), legal);
                        assert_eq!(b.is_true_eye(p, color), eye);
                        assert_eq!(b.is_playout_move(p, color), legal && !eye);
                        suicides += suicide as u32;
                        eyes += eye as u32;
                        kos += (p == b.ko_point()) as u32;
                    }
                }
            });
        }
        // The positions did exercise every rule.
        assert!(
            suicides > 1000 && eyes > 1000 && kos > 100,
            "{suicides} {eyes} {kos}"
        );
    }

    #[test]
    fn hash_after_matches_the_played_hash() {
        let mut b = Board::new(5);
        let mut rng = crate::rng::Rng::new(3);
        let mut color = Color::Black;
        for _ in 0..300 {
            let empties = b.empty_points().to_vec();
            let p = empties[rng.below(empties.len() as u32) as usize];
            let expected = b.hash_after(p, color);
            b.play(p, color);
            assert_eq!(b.hash(), expected);
            color = color.opponent();
            if b.empty_points().is_empty() {
                break;
            }
        }
    }
}
