//! Fast random games to the end for the search. The playout keeps, per colour, a list
//! of candidate moves: a placement adds the moves at its new attach points, and moves
//! it made illegal are dropped lazily when a draw hits them, so no move is generated
//! from scratch after the start and no list is scanned per move. Nothing here
//! allocates once the buffers have grown.

use super::board::{Board, Colour, MAX_COLOURS};
use super::knowledge::{Masks, move_score};
use super::pieces::{MONOMINO, NUM_PIECES, Piece};
use super::tables::{MAX_POINTS, MoveId, Tables};
use super::variant::Variant;
use crate::rng::Rng;

/// Random candidates drawn per move; the best by [`move_score`] is played. Good moves
/// (on the frontier with other colours) are rare among all placements, so a small
/// sample plays too randomly: 48 beat 8 clearly against Pentobi at equal playouts.
const CANDIDATES: usize = 48;

pub struct Playout {
    tables: &'static Tables,
    variant: Variant,
    num_colours: usize,
    forbidden: [u8; MAX_POINTS],
    corner: [u8; MAX_POINTS],
    pieces_left: [[u8; NUM_PIECES]; MAX_COLOURS],
    num_left: [u8; MAX_COLOURS],
    squares: [u32; MAX_COLOURS],
    last_piece: [Option<Piece>; MAX_COLOURS],
    moves: [Vec<MoveId>; MAX_COLOURS],
    /// Per colour, one bit per placement already looked at (legal or not): a placement
    /// found illegal never becomes legal again, so it is never checked twice.
    seen: [Vec<u64>; MAX_COLOURS],
    to_play: usize,
}

impl Playout {
    pub fn new(variant: Variant) -> Playout {
        let tables = Tables::get(variant.board_size());
        let words = tables.num_moves().div_ceil(64);
        Playout {
            tables,
            variant,
            num_colours: variant.num_colours(),
            forbidden: [0; MAX_POINTS],
            corner: [0; MAX_POINTS],
            pieces_left: [[0; NUM_PIECES]; MAX_COLOURS],
            num_left: [0; MAX_COLOURS],
            squares: [0; MAX_COLOURS],
            last_piece: [None; MAX_COLOURS],
            moves: std::array::from_fn(|_| Vec::with_capacity(1024)),
            seen: std::array::from_fn(|_| vec![0; words]),
            to_play: 0,
        }
    }

    /// Copies a position and generates every colour's moves.
    pub fn start(&mut self, board: &Board) {
        debug_assert_eq!(board.variant(), self.variant);
        let (forbidden, corner) = board.masks();
        self.forbidden = *forbidden;
        self.corner = *corner;
        self.to_play = board.nominal_to_play();
        for c in 0..self.num_colours {
            self.pieces_left[c] = *board.pieces_left_of(c);
            self.num_left[c] = self.pieces_left[c].iter().sum();
            self.squares[c] = board.squares(c);
            self.last_piece[c] = board.last_piece(c);
            self.moves[c].clear();
            self.seen[c].fill(0);
            for &p in board.attach_points(c) {
                self.add_moves_at(c, p);
            }
        }
    }

    /// Adds the unseen legal moves of `c` covering the attach point `p`.
    fn add_moves_at(&mut self, c: Colour, p: u16) {
        let bit = 1u8 << c;
        if self.forbidden[p as usize] & bit != 0 {
            return;
        }
        let status = self.tables.adjacent_status(p, &self.forbidden, bit);
        for piece in 0..NUM_PIECES {
            if self.pieces_left[c][piece] == 0 {
                continue;
            }
            for placement in self.tables.moves_at(p, status, piece as Piece) {
                let mv = placement.id;
                let (word, mask) = (mv as usize / 64, 1u64 << (mv % 64));
                if self.seen[c][word] & mask != 0 {
                    continue;
                }
                self.seen[c][word] |= mask;
                if placement.fits(&self.forbidden, bit) {
                    self.moves[c].push(mv);
                }
            }
        }
    }

    /// Places a piece and brings every colour's move list up to date.
    pub fn play(&mut self, c: Colour, mv: MoveId) {
        let tables = self.tables;
        let info = tables.info(mv);
        let bit = 1u8 << c;
        for &p in info.points() {
            self.forbidden[p as usize] = 0xF;
        }
        for &p in tables.adj_points(mv) {
            self.forbidden[p as usize] |= bit;
        }
        self.pieces_left[c][info.piece as usize] -= 1;
        self.num_left[c] -= 1;
        self.squares[c] += info.len as u32;
        self.last_piece[c] = Some(info.piece);
        for &p in tables.diag_points(mv) {
            if self.corner[p as usize] & bit == 0 {
                self.corner[p as usize] |= bit;
                self.add_moves_at(c, p);
            }
        }
        self.to_play = (c + 1) % self.num_colours;
    }

    /// How much the playout policy likes a move (see [`move_score`]).
    #[inline]
    fn weight(&self, c: Colour, mv: MoveId) -> f32 {
        let masks = Masks {
            forbidden: &self.forbidden,
            corner: &self.corner,
        };
        move_score(self.tables, &masks, c, mv)
    }

    /// Whether a listed move is still legal for `c`.
    #[inline]
    fn is_valid(&self, c: Colour, mv: MoveId) -> bool {
        self.pieces_left[c][self.tables.info(mv).piece as usize] > 0
            && self.tables.fits(mv, &self.forbidden, 1 << c)
    }

    /// Draws a legal move of `c` at random, dropping the stale moves it meets.
    #[inline]
    fn draw(&mut self, c: Colour, rng: &mut Rng) -> Option<MoveId> {
        loop {
            let len = self.moves[c].len();
            if len == 0 {
                return None;
            }
            let i = rng.below(len as u32) as usize;
            let mv = self.moves[c][i];
            if self.is_valid(c, mv) {
                return Some(mv);
            }
            self.moves[c].swap_remove(i);
        }
    }

    /// The best of a few random legal moves by [`Playout::weight`]; `None` when `c`
    /// cannot move.
    fn choose(&mut self, c: Colour, rng: &mut Rng) -> Option<MoveId> {
        let mut best = self.draw(c, rng)?;
        let mut best_weight = self.weight(c, best);
        for _ in 1..CANDIDATES {
            let Some(mv) = self.draw(c, rng) else { break };
            let weight = self.weight(c, mv);
            if weight > best_weight {
                best = mv;
                best_weight = weight;
            }
        }
        Some(best)
    }

    /// Plays to the end of the game, reporting each (colour, move) to `played`.
    pub fn run(&mut self, rng: &mut Rng, mut played: impl FnMut(Colour, MoveId)) {
        let mut stuck = 0;
        let mut c = self.to_play;
        while stuck < self.num_colours {
            let Some(mv) = self.choose(c, rng) else {
                stuck += 1;
                c = (c + 1) % self.num_colours;
                continue;
            };
            stuck = 0;
            self.play(c, mv);
            played(c, mv);
            c = self.to_play;
        }
    }

    /// Points of a colour, with the variant's bonuses.
    pub fn points(&self, c: Colour) -> u32 {
        let mut points = self.squares[c];
        if self.num_left[c] == 0 {
            let (all, monomino_last) = self.variant.bonuses();
            points += all;
            if self.last_piece[c] == Some(MONOMINO) {
                points += monomino_last;
            }
        }
        points
    }

    /// The legal moves of `c` (dropping stale ones first), in no particular order.
    pub fn moves(&mut self, c: Colour) -> &[MoveId] {
        let mut moves = std::mem::take(&mut self.moves[c]);
        moves.retain(|&m| self.is_valid(c, m));
        self.moves[c] = moves;
        &self.moves[c]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_lists_match_full_generation() {
        for variant in Variant::ALL {
            let mut board = Board::new(variant);
            let mut playout = Playout::new(variant);
            let mut rng = Rng::new(3);
            playout.start(&board);
            while let Some(c) = board.to_play() {
                for d in 0..board.num_colours() {
                    let mut incremental = playout.moves(d).to_vec();
                    incremental.sort_unstable();
                    assert_eq!(incremental, board.legal_moves(d), "{variant:?}");
                }
                let moves = board.legal_moves(c);
                let mv = moves[rng.below(moves.len() as u32) as usize];
                board.play(c, mv).unwrap();
                playout.play(c, mv);
            }
            for c in 0..board.num_colours() {
                assert_eq!(playout.points(c), board.points(c));
            }
        }
    }

    #[test]
    fn playouts_end_with_no_moves_left() {
        let board = Board::new(Variant::Classic);
        let mut playout = Playout::new(Variant::Classic);
        let mut rng = Rng::new(5);
        playout.start(&board);
        let mut replay = board.clone();
        playout.run(&mut rng, |c, mv| replay.play(c, mv).unwrap());
        assert!(replay.is_game_over());
        for c in 0..4 {
            assert_eq!(playout.points(c), replay.points(c));
        }
    }
}
