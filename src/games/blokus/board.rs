//! A Blokus position: placement rules, move generation, play/undo and scoring.
//!
//! Every point keeps two colour masks: `forbidden` (occupied, or sharing an edge with
//! that colour's pieces) and `corner` (diagonal to that colour's pieces, or its start
//! point). A placement is legal for colour c when none of its points is forbidden for c
//! and one of them is a corner point of c. Generation walks c's attach points (corner,
//! not forbidden) and the precomputed placements there, so it never scans the board.

use thiserror::Error;

use super::pieces::{MONOMINO, NUM_PIECES, Piece};
use super::tables::{MAX_POINTS, MoveId, Tables};
use super::variant::Variant;
use crate::rng::zobrist_keys;

/// Colours are numbered from 0: Blue/Purple/Green first, as in Pentobi.
pub type Colour = usize;

pub const MAX_COLOURS: usize = 4;

/// Points saved per move for undo: the piece, its edge and its corner neighbours.
const MAX_TOUCHED: usize = 32;

const ZOBRIST: [u64; MAX_COLOURS * MAX_POINTS + MAX_COLOURS] =
    zobrist_keys::<{ MAX_COLOURS * MAX_POINTS + MAX_COLOURS }>(0x00B1_0C05);

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlayError {
    #[error("piece already played")]
    PieceAlreadyPlayed,
    #[error("illegal move")]
    Illegal,
}

#[derive(Clone, Copy, Debug)]
struct Touched {
    point: u16,
    forbidden: u8,
    corner: u8,
}

#[derive(Clone, Copy, Debug)]
struct Record {
    colour: u8,
    /// Placed by an SGF setup property rather than played.
    setup: bool,
    mv: MoveId,
    to_play: u8,
    attach_len: u16,
    touched_len: u8,
    touched: [Touched; MAX_TOUCHED],
}

/// The final or current score as Pentobi's `final_score` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FinalScore {
    /// Two players: first player's points minus the second's.
    TwoPlayer(i32),
    /// More than two players: points per colour.
    PerColour(Vec<u32>),
}

impl std::fmt::Display for FinalScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FinalScore::TwoPlayer(d) if *d > 0 => write!(f, "B+{d}"),
            FinalScore::TwoPlayer(d) if *d < 0 => write!(f, "W+{}", -d),
            FinalScore::TwoPlayer(_) => write!(f, "0"),
            FinalScore::PerColour(points) => {
                for p in points {
                    write!(f, "{p} ")?;
                }
                Ok(())
            }
        }
    }
}

#[derive(Debug)]
pub struct Board {
    variant: Variant,
    tables: &'static Tables,
    forbidden: [u8; MAX_POINTS],
    corner: [u8; MAX_POINTS],
    /// 0 for empty, colour + 1 otherwise.
    owner: [u8; MAX_POINTS],
    pieces_left: [[u8; NUM_PIECES]; MAX_COLOURS],
    num_left: [u8; MAX_COLOURS],
    squares: [u16; MAX_COLOURS],
    /// Attach point candidates per colour, in the order they appeared (may hold points
    /// that were forbidden since).
    attach: [Vec<u16>; MAX_COLOURS],
    to_play: u8,
    history: Vec<Record>,
    hash: u64,
}

impl Clone for Board {
    /// Keeps room for a whole game so that searches playing on a clone do not allocate.
    fn clone(&self) -> Self {
        let attach = std::array::from_fn(|c| {
            let mut v = Vec::with_capacity(self.attach[c].capacity().max(64));
            v.extend_from_slice(&self.attach[c]);
            v
        });
        let mut history = Vec::with_capacity(self.max_moves());
        history.extend_from_slice(&self.history);
        Board {
            attach,
            history,
            ..*self
        }
    }

    /// Reuses the buffers of `self`: the search resets its position this way per playout.
    fn clone_from(&mut self, source: &Self) {
        self.variant = source.variant;
        self.tables = source.tables;
        self.forbidden = source.forbidden;
        self.corner = source.corner;
        self.owner = source.owner;
        self.pieces_left = source.pieces_left;
        self.num_left = source.num_left;
        self.squares = source.squares;
        for c in 0..MAX_COLOURS {
            self.attach[c].clone_from(&source.attach[c]);
        }
        self.to_play = source.to_play;
        self.history.clone_from(&source.history);
        self.hash = source.hash;
    }
}

impl Board {
    pub fn new(variant: Variant) -> Board {
        let tables = Tables::get(variant.board_size());
        let mut board = Board {
            variant,
            tables,
            forbidden: [0xF; MAX_POINTS],
            corner: [0; MAX_POINTS],
            owner: [0; MAX_POINTS],
            pieces_left: [[0; NUM_PIECES]; MAX_COLOURS],
            num_left: [0; MAX_COLOURS],
            squares: [0; MAX_COLOURS],
            attach: Default::default(),
            to_play: 0,
            history: Vec::new(),
            hash: 0,
        };
        board.clear();
        board
    }

    /// Back to the empty board of the same variant.
    pub fn clear(&mut self) {
        let size = self.tables.size;
        self.forbidden = [0xF; MAX_POINTS];
        self.corner = [0; MAX_POINTS];
        self.owner = [0; MAX_POINTS];
        for y in 0..size {
            for x in 0..size {
                self.forbidden[self.tables.point(x, y) as usize] = 0;
            }
        }
        let counts = self.variant.piece_counts();
        for c in 0..MAX_COLOURS {
            self.attach[c].clear();
            if c < self.num_colours() {
                self.pieces_left[c] = counts;
                self.num_left[c] = counts.iter().sum();
                let (x, y) = self.variant.start_point(c);
                let p = self.tables.point(x, y);
                self.corner[p as usize] |= 1 << c;
                self.attach[c].push(p);
            } else {
                self.pieces_left[c] = [0; NUM_PIECES];
                self.num_left[c] = 0;
            }
            self.squares[c] = 0;
        }
        self.to_play = 0;
        self.history.clear();
        self.history.reserve(self.max_moves());
        self.hash = ZOBRIST[MAX_COLOURS * MAX_POINTS];
    }

    fn max_moves(&self) -> usize {
        self.num_colours() * self.variant.piece_counts().iter().sum::<u8>() as usize
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn tables(&self) -> &'static Tables {
        self.tables
    }

    pub fn num_colours(&self) -> usize {
        self.variant.num_colours()
    }

    pub fn num_players(&self) -> usize {
        self.variant.num_players()
    }

    /// The colour that plays after `c` in turn order (whether it can move or not).
    pub fn next_colour(&self, c: Colour) -> Colour {
        (c + 1) % self.num_colours()
    }

    /// The colour whose turn it is nominally (after the last move's colour).
    pub fn nominal_to_play(&self) -> Colour {
        self.to_play as Colour
    }

    /// The colour to move, skipping colours that cannot move; `None` at the end.
    pub fn to_play(&self) -> Option<Colour> {
        let n = self.num_colours();
        (0..n)
            .map(|i| (self.to_play as usize + i) % n)
            .find(|&c| self.has_moves(c))
    }

    pub fn is_game_over(&self) -> bool {
        self.to_play().is_none()
    }

    /// Sets the colour to move (SGF `PL`).
    pub fn set_to_play(&mut self, c: Colour) {
        self.hash ^= ZOBRIST[MAX_COLOURS * MAX_POINTS + self.to_play as usize];
        self.to_play = c as u8;
        self.hash ^= ZOBRIST[MAX_COLOURS * MAX_POINTS + c];
    }

    /// The player who moves for colour `c` now (see [`Variant::player_of`]).
    pub fn player_of(&self, c: Colour) -> usize {
        self.variant.player_of(c, self.pieces_on_board(c))
    }

    pub fn pieces_on_board(&self, c: Colour) -> usize {
        let total: u8 = self.variant.piece_counts().iter().sum();
        (total - self.num_left[c]) as usize
    }

    /// How many copies of `piece` colour `c` still has.
    pub fn pieces_left(&self, c: Colour, piece: Piece) -> u8 {
        self.pieces_left[c][piece as usize]
    }

    /// Colour on a point given as (x, y), y from the top row.
    pub fn owner_at(&self, x: usize, y: usize) -> Option<Colour> {
        match self.owner[self.tables.point(x, y) as usize] {
            0 => None,
            o => Some(o as Colour - 1),
        }
    }

    /// Whether a move of `c` lies edge to edge with a piece of the partner colour (the
    /// other colour of its player in Two-Player).
    pub fn touches_partner(&self, c: Colour, mv: MoveId) -> bool {
        self.variant.partner(c).is_some_and(|d| {
            let partner = d as u8 + 1;
            (self.tables.adj_points(mv).iter()).any(|&p| self.owner[p as usize] == partner)
        })
    }

    pub fn is_start_point(&self, x: usize, y: usize) -> bool {
        (0..self.num_colours()).any(|c| self.variant.start_point(c) == (x, y))
    }

    /// Moves so far, with their colours.
    pub fn history(&self) -> impl ExactSizeIterator<Item = (Colour, MoveId)> + '_ {
        self.history.iter().map(|r| (r.colour as Colour, r.mv))
    }

    /// Moves played after any setup, with their colours.
    pub fn moves(&self) -> impl Iterator<Item = (Colour, MoveId)> + '_ {
        self.history
            .iter()
            .filter(|r| !r.setup)
            .map(|r| (r.colour as Colour, r.mv))
    }

    /// Pieces placed by setup (SGF `AB`, `AW`, `A1`–`A4`).
    pub fn setup_pieces(&self) -> impl Iterator<Item = (Colour, MoveId)> + '_ {
        self.history
            .iter()
            .filter(|r| r.setup)
            .map(|r| (r.colour as Colour, r.mv))
    }

    /// Places a piece as setup: it must be available and the points empty, but it needs
    /// no corner contact. The colour to play does not change.
    pub fn place_setup(&mut self, c: Colour, mv: MoveId) -> Result<(), PlayError> {
        if c >= self.num_colours() || mv as usize >= self.tables.num_moves() {
            return Err(PlayError::Illegal);
        }
        let info = self.tables.info(mv);
        if self.pieces_left[c][info.piece as usize] == 0 {
            return Err(PlayError::PieceAlreadyPlayed);
        }
        if info.points().iter().any(|&p| self.owner[p as usize] != 0) {
            return Err(PlayError::Illegal);
        }
        let to_play = self.nominal_to_play();
        self.play_unchecked(c, mv);
        self.set_to_play(to_play);
        if let Some(last) = self.history.last_mut() {
            last.setup = true;
        }
        Ok(())
    }

    pub fn num_moves(&self) -> usize {
        self.history.len()
    }

    /// Zobrist hash of the occupied points and the nominal colour to play.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Calls `f` for every legal placement of `c` found at each attach point (a
    /// placement touching several attach points is reported once per point); stops
    /// when `f` returns false.
    #[inline]
    fn for_each_candidate(&self, c: Colour, mut f: impl FnMut(MoveId) -> bool) {
        let bit = 1u8 << c;
        for &p in &self.attach[c] {
            if self.forbidden[p as usize] & bit != 0 {
                continue;
            }
            let status = self.tables.adjacent_status(p, &self.forbidden, bit);
            for piece in 0..NUM_PIECES {
                if self.pieces_left[c][piece] == 0 {
                    continue;
                }
                for placement in self.tables.moves_at(p, status, piece as Piece) {
                    if placement.fits(&self.forbidden, bit) && !f(placement.id) {
                        return;
                    }
                }
            }
        }
    }

    /// Appends the legal moves of `c` to `out`, sorted by id and without duplicates.
    pub fn generate_moves(&self, c: Colour, out: &mut Vec<MoveId>) {
        let start = out.len();
        if c < self.num_colours() {
            self.for_each_candidate(c, |mv| {
                out.push(mv);
                true
            });
        }
        out[start..].sort_unstable();
        let mut unique = start;
        for i in start..out.len() {
            if unique == start || out[unique - 1] != out[i] {
                out[unique] = out[i];
                unique += 1;
            }
        }
        out.truncate(unique);
    }

    /// The legal moves of colour `c` (any colour, not only the one to play).
    pub fn legal_moves(&self, c: Colour) -> Vec<MoveId> {
        let mut out = Vec::new();
        self.generate_moves(c, &mut out);
        out
    }

    pub fn has_moves(&self, c: Colour) -> bool {
        let mut found = false;
        if c < self.num_colours() {
            self.for_each_candidate(c, |_| {
                found = true;
                false
            });
        }
        found
    }

    /// Checks a move for colour `c` without playing it.
    pub fn check(&self, c: Colour, mv: MoveId) -> Result<(), PlayError> {
        if c >= self.num_colours() || mv as usize >= self.tables.num_moves() {
            return Err(PlayError::Illegal);
        }
        let info = self.tables.info(mv);
        if self.pieces_left[c][info.piece as usize] == 0 {
            return Err(PlayError::PieceAlreadyPlayed);
        }
        let bit = 1u8 << c;
        let touches_corner = info
            .points()
            .iter()
            .any(|&q| self.corner[q as usize] & bit != 0);
        if !touches_corner || !self.tables.fits(mv, &self.forbidden, bit) {
            return Err(PlayError::Illegal);
        }
        Ok(())
    }

    pub fn is_legal(&self, c: Colour, mv: MoveId) -> bool {
        self.check(c, mv).is_ok()
    }

    /// Plays a move for any colour, in turn or not; the next colour in order is then
    /// to play. Leaves the position untouched on error.
    pub fn play(&mut self, c: Colour, mv: MoveId) -> Result<(), PlayError> {
        self.check(c, mv)?;
        self.play_unchecked(c, mv);
        Ok(())
    }

    /// Places a piece without checking the rules beyond the piece being available
    /// (the search's hot path, and SGF setup).
    pub fn play_unchecked(&mut self, c: Colour, mv: MoveId) {
        let tables = self.tables;
        let info = tables.info(mv);
        let bit = 1u8 << c;
        let mut record = Record {
            colour: c as u8,
            setup: false,
            mv,
            to_play: self.to_play,
            attach_len: self.attach[c].len() as u16,
            touched_len: 0,
            touched: [Touched {
                point: 0,
                forbidden: 0,
                corner: 0,
            }; MAX_TOUCHED],
        };
        let points = info.points();
        let adj = tables.adj_points(mv);
        let diag = tables.diag_points(mv);
        for (i, &p) in points.iter().chain(adj).chain(diag).enumerate() {
            record.touched[i] = Touched {
                point: p,
                forbidden: self.forbidden[p as usize],
                corner: self.corner[p as usize],
            };
        }
        record.touched_len = (points.len() + adj.len() + diag.len()) as u8;
        for &p in points {
            self.forbidden[p as usize] = 0xF;
            self.owner[p as usize] = c as u8 + 1;
            self.hash ^= ZOBRIST[c * MAX_POINTS + p as usize];
        }
        for &p in adj {
            self.forbidden[p as usize] |= bit;
        }
        for &p in diag {
            if self.corner[p as usize] & bit == 0 {
                self.corner[p as usize] |= bit;
                if self.forbidden[p as usize] & bit == 0 {
                    self.attach[c].push(p);
                }
            }
        }
        self.pieces_left[c][info.piece as usize] -= 1;
        self.num_left[c] -= 1;
        self.squares[c] += info.len as u16;
        self.history.push(record);
        let next = self.next_colour(c);
        self.set_to_play(next);
    }

    /// Takes back the last move; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<(Colour, MoveId)> {
        let record = self.history.pop()?;
        let c = record.colour as Colour;
        let info = self.tables.info(record.mv);
        for t in &record.touched[..record.touched_len as usize] {
            self.forbidden[t.point as usize] = t.forbidden;
            self.corner[t.point as usize] = t.corner;
        }
        for &p in info.points() {
            self.owner[p as usize] = 0;
            self.hash ^= ZOBRIST[c * MAX_POINTS + p as usize];
        }
        self.attach[c].truncate(record.attach_len as usize);
        self.pieces_left[c][info.piece as usize] += 1;
        self.num_left[c] += 1;
        self.squares[c] -= info.len as u16;
        self.set_to_play(record.to_play as Colour);
        Some((c, record.mv))
    }

    /// Points of a colour: squares placed plus the variant's bonuses (all pieces
    /// placed; the monomino last).
    pub fn points(&self, c: Colour) -> u32 {
        let mut points = self.squares[c] as u32;
        if c < self.num_colours() && self.num_left[c] == 0 {
            let (all, monomino_last) = self.variant.bonuses();
            points += all;
            let last = self.history.iter().rev().find(|r| r.colour as Colour == c);
            if last.is_some_and(|r| self.tables.info(r.mv).piece == MONOMINO) {
                points += monomino_last;
            }
        }
        points
    }

    /// Points of each player (see [`Variant::player_points`]).
    pub fn player_points(&self) -> [i32; MAX_COLOURS] {
        let mut colour_points = [0; MAX_COLOURS];
        for (c, points) in colour_points
            .iter_mut()
            .enumerate()
            .take(self.num_colours())
        {
            *points = self.points(c);
        }
        self.variant.player_points(colour_points)
    }

    /// The score as Pentobi's `final_score` prints it (also before the end).
    pub fn final_score(&self) -> FinalScore {
        if self.num_players() > 2 {
            FinalScore::PerColour((0..self.num_colours()).map(|c| self.points(c)).collect())
        } else {
            let p = self.player_points();
            FinalScore::TwoPlayer(p[0] - p[1])
        }
    }

    /// Forbidden and corner masks of a point, for the playout's copy of the position.
    pub(crate) fn masks(&self) -> (&[u8; MAX_POINTS], &[u8; MAX_POINTS]) {
        (&self.forbidden, &self.corner)
    }

    pub(crate) fn attach_points(&self, c: Colour) -> &[u16] {
        &self.attach[c]
    }

    pub(crate) fn pieces_left_of(&self, c: Colour) -> &[u8; NUM_PIECES] {
        &self.pieces_left[c]
    }

    pub(crate) fn last_piece(&self, c: Colour) -> Option<Piece> {
        self.history
            .iter()
            .rev()
            .find(|r| r.colour as Colour == c)
            .map(|r| self.tables.info(r.mv).piece)
    }

    pub(crate) fn squares(&self, c: Colour) -> u32 {
        self.squares[c] as u32
    }
}
