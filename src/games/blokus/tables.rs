//! Every placement of every piece on a board size, precomputed once, with the lists the
//! move generator walks: for each point, each "adjacent status" (which of its four
//! neighbours are forbidden) and each piece, the placements that cover the point and
//! avoid those neighbours.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::pieces::{NUM_PIECES, Piece, orientations};

/// Index of a placement in the [`Tables`] of its board size.
pub type MoveId = u32;

/// Largest padded board (20×20 plus a border of one point).
pub const MAX_POINTS: usize = 22 * 22;

/// Number of adjacent statuses: one bit per orthogonal neighbour.
const NUM_STATUSES: usize = 16;

/// A placement as the generator's lists and the playouts' move lists store it: its
/// points inline (a smaller piece repeats its last point), its piece and size, so
/// checking and judging it reads no other table.
#[derive(Clone, Copy, Debug)]
#[repr(align(16))]
pub struct Placement {
    pub id: MoveId,
    pub points: [u16; 5],
    pub piece: Piece,
    pub len: u8,
}

impl Placement {
    /// Whether none of the points has `bit` set in `forbidden`.
    #[inline]
    pub fn fits(&self, forbidden: &[u8; MAX_POINTS], bit: u8) -> bool {
        let p = self.points;
        (forbidden[p[0] as usize]
            | forbidden[p[1] as usize]
            | forbidden[p[2] as usize]
            | forbidden[p[3] as usize]
            | forbidden[p[4] as usize])
            & bit
            == 0
    }
}

/// Edge and corner neighbours a placement can have at most (the I5 has 12 edge
/// neighbours; no pentomino has more than 8 corner neighbours).
const MAX_ADJ: usize = 12;
const MAX_DIAG: usize = 13;

/// Everything about one placement in one cache line, since the playout policy looks
/// at many random placements per move.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub struct MoveInfo {
    /// Covered points, in Pentobi's output order (row number ascending, then column).
    pub points: [u16; 5],
    pub len: u8,
    pub piece: Piece,
    num_adj: u8,
    num_diag: u8,
    adj: [u16; MAX_ADJ],
    diag: [u16; MAX_DIAG],
}

impl MoveInfo {
    #[inline]
    pub fn points(&self) -> &[u16] {
        &self.points[..self.len as usize]
    }
}

pub struct Tables {
    pub size: usize,
    /// Row length of the padded board.
    pub stride: usize,
    pub num_points: usize,
    moves: Vec<MoveInfo>,
    /// Each placement as the move lists store it, by id: a quarter of a [`MoveInfo`],
    /// for checks that read only its points.
    placements: Vec<Placement>,
    at_start: Vec<u32>,
    at_moves: Vec<Placement>,
    by_points: HashMap<[u16; 5], MoveId>,
    /// For each piece, the number of its placements on the empty board.
    piece_placements: [u32; NUM_PIECES],
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tables({}×{}, {} placements)",
            self.size,
            self.size,
            self.moves.len()
        )
    }
}

impl Tables {
    /// The tables of a board size (14 or 20), built on first use.
    pub fn get(size: usize) -> &'static Tables {
        static SMALL: OnceLock<Tables> = OnceLock::new();
        static LARGE: OnceLock<Tables> = OnceLock::new();
        match size {
            14 => SMALL.get_or_init(|| Tables::build(14)),
            20 => LARGE.get_or_init(|| Tables::build(20)),
            _ => panic!("no Blokus board of size {size}"),
        }
    }

    #[inline]
    pub fn point(&self, x: usize, y: usize) -> u16 {
        ((y + 1) * self.stride + x + 1) as u16
    }

    /// (x, y) of an on-board point, y counted from the top row.
    #[inline]
    pub fn coords(&self, p: u16) -> (usize, usize) {
        let p = p as usize;
        (p % self.stride - 1, p / self.stride - 1)
    }

    #[inline]
    pub fn is_on_board(&self, p: u16) -> bool {
        let (x, y) = (p as usize % self.stride, p as usize / self.stride);
        (1..=self.size).contains(&x) && (1..=self.size).contains(&y)
    }

    /// The four orthogonal neighbours, in adjacent-status bit order.
    #[inline]
    pub fn neighbours(&self, p: u16) -> [u16; 4] {
        let s = self.stride as u16;
        [p - s, p - 1, p + 1, p + s]
    }

    #[inline]
    pub fn diagonals(&self, p: u16) -> [u16; 4] {
        let s = self.stride as u16;
        [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
    }

    pub fn num_moves(&self) -> usize {
        self.moves.len()
    }

    #[inline]
    pub fn info(&self, mv: MoveId) -> &MoveInfo {
        &self.moves[mv as usize]
    }

    /// Points sharing an edge with a placement (outside it, on the board).
    #[inline]
    pub fn adj_points(&self, mv: MoveId) -> &[u16] {
        let info = &self.moves[mv as usize];
        &info.adj[..info.num_adj as usize]
    }

    /// Points touching a placement only at a corner (on the board).
    #[inline]
    pub fn diag_points(&self, mv: MoveId) -> &[u16] {
        let info = &self.moves[mv as usize];
        &info.diag[..info.num_diag as usize]
    }

    /// The adjacent status of `p` for [`Tables::moves_at`]: its neighbours that have
    /// `bit` set in `forbidden`.
    #[inline]
    pub fn adjacent_status(&self, p: u16, forbidden: &[u8; MAX_POINTS], bit: u8) -> usize {
        let mut status = 0;
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            if forbidden[q as usize] & bit != 0 {
                status |= 1 << i;
            }
        }
        status
    }

    /// Whether none of the points of `mv` has `bit` set in `forbidden`.
    #[inline]
    pub fn fits(&self, mv: MoveId, forbidden: &[u8; MAX_POINTS], bit: u8) -> bool {
        self.info(mv)
            .points()
            .iter()
            .all(|&q| forbidden[q as usize] & bit == 0)
    }

    /// Placements of `piece` covering `p` that leave free every neighbour of `p` whose
    /// bit is set in `status`.
    #[inline]
    pub fn moves_at(&self, p: u16, status: usize, piece: Piece) -> &[Placement] {
        let key = Self::list_key(p, status) + piece as usize;
        &self.at_moves[self.at_start[key] as usize..self.at_start[key + 1] as usize]
    }

    /// Placements of every piece covering `p` that leave free every neighbour of `p`
    /// whose bit is set in `status`, grouped by piece.
    #[inline]
    pub fn all_moves_at(&self, p: u16, status: usize) -> &[Placement] {
        let key = Self::list_key(p, status);
        &self.at_moves[self.at_start[key] as usize..self.at_start[key + NUM_PIECES] as usize]
    }

    /// Where the lists of (`p`, `status`) begin in `at_start`, one per piece.
    #[inline]
    fn list_key(p: u16, status: usize) -> usize {
        (p as usize * NUM_STATUSES + status) * NUM_PIECES
    }

    /// The placement covering exactly these points, if they form a piece.
    pub fn find(&self, points: &[u16]) -> Option<MoveId> {
        if points.is_empty() || points.len() > 5 {
            return None;
        }
        let mut key = [u16::MAX; 5];
        key[..points.len()].copy_from_slice(points);
        key.sort_unstable();
        self.by_points.get(&key).copied()
    }

    /// Placements of a piece on the empty board.
    pub fn piece_placements(&self, piece: Piece) -> u32 {
        self.piece_placements[piece as usize]
    }

    fn build(size: usize) -> Tables {
        let stride = size + 2;
        let num_points = stride * stride;
        let mut tables = Tables {
            size,
            stride,
            num_points,
            moves: Vec::new(),
            placements: Vec::new(),
            at_start: Vec::new(),
            at_moves: Vec::new(),
            by_points: HashMap::new(),
            piece_placements: [0; NUM_PIECES],
        };
        for piece in 0..NUM_PIECES as Piece {
            for cells in orientations(piece) {
                let w = cells.iter().map(|c| c.0).max().unwrap() as usize + 1;
                let h = cells.iter().map(|c| c.1).max().unwrap() as usize + 1;
                for y0 in 0..=size - h {
                    for x0 in 0..=size - w {
                        let mut placed: Vec<(usize, usize)> = cells
                            .iter()
                            .map(|&(x, y)| (x0 + x as usize, y0 + y as usize))
                            .collect();
                        // Pentobi's order: bottom row first, then left to right.
                        placed.sort_by_key(|&(x, y)| (std::cmp::Reverse(y), x));
                        let points: Vec<u16> =
                            placed.iter().map(|&(x, y)| tables.point(x, y)).collect();
                        tables.add_move(piece, &points);
                    }
                }
            }
        }
        tables.placements = (0..tables.moves.len() as MoveId)
            .map(|id| tables.build_placement(id))
            .collect();
        tables.build_moves_at();
        tables
    }

    fn add_move(&mut self, piece: Piece, points: &[u16]) {
        let id = self.moves.len() as MoveId;
        let inside = |p: &u16| points.contains(p);
        let mut adj: Vec<u16> = Vec::new();
        for &p in points {
            for q in self.neighbours(p) {
                if self.is_on_board(q) && !inside(&q) && !adj.contains(&q) {
                    adj.push(q);
                }
            }
        }
        let mut diag: Vec<u16> = Vec::new();
        for &p in points {
            for q in self.diagonals(p) {
                if self.is_on_board(q) && !inside(&q) && !adj.contains(&q) && !diag.contains(&q) {
                    diag.push(q);
                }
            }
        }
        let mut stored = [0u16; 5];
        stored[..points.len()].copy_from_slice(points);
        assert!(adj.len() <= MAX_ADJ && diag.len() <= MAX_DIAG);
        let mut info = MoveInfo {
            points: stored,
            len: points.len() as u8,
            piece,
            num_adj: adj.len() as u8,
            num_diag: diag.len() as u8,
            adj: [0; MAX_ADJ],
            diag: [0; MAX_DIAG],
        };
        info.adj[..adj.len()].copy_from_slice(&adj);
        info.diag[..diag.len()].copy_from_slice(&diag);
        self.moves.push(info);
        let mut key = [u16::MAX; 5];
        key[..points.len()].copy_from_slice(points);
        key.sort_unstable();
        self.by_points.insert(key, id);
        self.piece_placements[piece as usize] += 1;
    }

    /// A placement by id.
    #[inline]
    pub fn placement(&self, mv: MoveId) -> &Placement {
        &self.placements[mv as usize]
    }

    fn build_placement(&self, id: MoveId) -> Placement {
        let info = &self.moves[id as usize];
        let points = info.points();
        Placement {
            id,
            points: std::array::from_fn(|i| points[i.min(points.len() - 1)]),
            piece: info.piece,
            len: info.len,
        }
    }

    fn build_moves_at(&mut self) {
        // For each point: the placements covering it, with the neighbours they use.
        let mut covering: Vec<Vec<(MoveId, u8)>> = vec![Vec::new(); self.num_points];
        for (id, info) in self.moves.iter().enumerate() {
            for &p in info.points() {
                let mut used = 0u8;
                for (bit, q) in self.neighbours(p).into_iter().enumerate() {
                    if info.points().contains(&q) {
                        used |= 1 << bit;
                    }
                }
                covering[p as usize].push((id as MoveId, used));
            }
        }
        let mut start = Vec::with_capacity(self.num_points * NUM_STATUSES * NUM_PIECES + 1);
        let mut list = Vec::new();
        for moves in &covering {
            // Placement ids grow with the piece index, so each piece's placements form
            // one run of `moves`.
            let mut runs = [(0usize, 0usize); NUM_PIECES];
            for (i, &(m, _)) in moves.iter().enumerate() {
                let piece = self.moves[m as usize].piece as usize;
                if runs[piece].1 == 0 {
                    runs[piece].0 = i;
                }
                runs[piece].1 = i + 1;
            }
            for status in 0..NUM_STATUSES as u8 {
                for &(begin, end) in &runs {
                    start.push(list.len() as u32);
                    list.extend(
                        moves[begin..end]
                            .iter()
                            .filter(|&&(_, used)| used & status == 0)
                            .map(|&(m, _)| self.build_placement(m)),
                    );
                }
            }
        }
        start.push(list.len() as u32);
        self.at_start = start;
        self.at_moves = list;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_counts_on_the_empty_board() {
        assert_eq!(Tables::get(20).num_moves(), 30_433);
        assert_eq!(Tables::get(14).num_moves(), 13_729);
    }

    #[test]
    fn points_are_sorted_bottom_row_first() {
        let t = Tables::get(14);
        for id in 0..t.num_moves() as MoveId {
            let keys: Vec<(std::cmp::Reverse<usize>, usize)> = t
                .info(id)
                .points()
                .iter()
                .map(|&p| {
                    let (x, y) = t.coords(p);
                    (std::cmp::Reverse(y), x)
                })
                .collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(t.find(t.info(id).points()), Some(id));
        }
    }
}
