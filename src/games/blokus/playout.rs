//! Fast random games to the end for the search. The playout keeps, per colour, a list
//! of candidate moves: a placement's new attach points add their moves when the colour
//! next needs its list (by then the other side has often covered some of them, which
//! then add nothing), and moves made illegal are dropped when a turn's scan meets them.
//! Each list starts from the colour's legal moves at the search's root, generated once
//! per search, so a playout generates only the moves at attach points made since the
//! root. Nothing here allocates once the buffers have grown.
//!
//! The policy answers the other side: each turn it plays among the moves that cover the
//! most points near the other side's latest moves (their new attach points and the
//! points next to those, doubly when the point is also the mover's own attach point),
//! drawn in proportion to the piece's weight — large pieces with many corners first.
//! Blocking the opponent's fresh corners is what decides Blokus games; a playout that
//! plays it out tells the tree much more than one that fills the board at random.

use super::board::{Board, Colour, MAX_COLOURS};
use super::knowledge::{min_piece_size, shunned_pieces};
use super::pieces::{MONOMINO, NUM_PIECES, Piece, piece_mask};
use super::replies::{MoveKey, Replies};
use super::root_moves::RootMoves;
use super::tables::{MAX_POINTS, MoveId, Placement, Tables};
use super::variant::Variant;
use crate::rng::Rng;

/// How many of the latest moves (any colour) the policy answers: the other side's last
/// two moves in Duo, as Pentobi's playouts do.
const RECENT: usize = 3;

/// What [`Playout::value`] adds at a point the choosing colour may not cover: above
/// any sum of five local values (at most 2 each), and five of it still fit in a byte,
/// so one sum over a move's points tells both whether it fits and its local value.
const FORBIDDEN: u32 = 0x20;

/// Slots of [`Playout::value`]: every `u16`.
const VALUE_SLOTS: usize = 1 << 16;

pub struct Playout {
    tables: &'static Tables,
    variant: Variant,
    num_colours: usize,
    forbidden: [u8; MAX_POINTS],
    corner: [u8; MAX_POINTS],
    pieces_left: [[u8; NUM_PIECES]; MAX_COLOURS],
    /// Per colour, one bit per piece it has left, so that generation walks only those.
    left_mask: [u32; MAX_COLOURS],
    num_left: [u8; MAX_COLOURS],
    squares: [u32; MAX_COLOURS],
    last_piece: [Option<Piece>; MAX_COLOURS],
    /// Per colour, the placements still possible after the root of the search.
    root_moves: Vec<RootMoves>,
    moves: [Vec<Placement>; MAX_COLOURS],
    /// Per colour, the attach points whose moves are not in its list yet.
    pending: [Vec<u16>; MAX_COLOURS],
    /// Per colour, one bit per placement already looked at (legal or not): a placement
    /// found illegal never becomes legal again, so it is never checked twice.
    seen: [Vec<u64>; MAX_COLOURS],
    /// Per colour, its legal moves at the root, the placements looked at for them, and
    /// how many attach points it had there. A playout starts each list from these and
    /// adds only the moves at the attach points made since, instead of walking every
    /// attach point's placements again.
    root_lists: [Vec<Placement>; MAX_COLOURS],
    root_seen: [Vec<u64>; MAX_COLOURS],
    root_attach_len: [usize; MAX_COLOURS],
    /// Per colour, whether its list is still to be copied from the root's.
    from_root: [bool; MAX_COLOURS],
    to_play: usize,
    pieces_played: usize,
    /// Per point, how much covering it answers the other side (0 = not at all).
    local: [u8; MAX_POINTS],
    /// Per point, while a colour chooses: its local value, plus [`FORBIDDEN`] where that
    /// colour may not play. One slot per `u16`, so that the turn's scan reads it at
    /// any point number without a bounds check; only the board's points are used.
    value: Box<[u8; VALUE_SLOTS]>,
    local_points: Vec<u16>,
    /// The moves of the best local value found this turn, with cumulative weights.
    candidates: Vec<(MoveId, f32)>,
    piece_weight: [f32; NUM_PIECES],
    /// Per round (pieces on the board / colours), one bit per piece worth playing then:
    /// large enough and not shunned. Looked up each turn instead of worked out again.
    wanted_pieces: Vec<u32>,
    replies: Replies,
    /// The latest moves before the playout (up to [`RECENT`]), then the playout's own:
    /// the policy answers the latest of them, the replies learn from the playout's.
    sequence: Vec<(Colour, MoveId)>,
    /// How many moves of `sequence` came before the playout.
    preceding: usize,
}

impl Playout {
    /// A playout workspace for positions that follow from `root` (see
    /// [`Playout::start`]).
    pub fn new(root: &Board) -> Playout {
        let variant = root.variant();
        let tables = Tables::get(variant.board_size());
        let words = tables.num_moves().div_ceil(64);
        let mut playout = Playout {
            tables,
            variant,
            num_colours: variant.num_colours(),
            forbidden: [0; MAX_POINTS],
            corner: [0; MAX_POINTS],
            pieces_left: [[0; NUM_PIECES]; MAX_COLOURS],
            left_mask: [0; MAX_COLOURS],
            num_left: [0; MAX_COLOURS],
            squares: [0; MAX_COLOURS],
            last_piece: [None; MAX_COLOURS],
            root_moves: (0..variant.num_colours())
                .map(|c| RootMoves::new(root, c))
                .collect(),
            moves: std::array::from_fn(|_| Vec::with_capacity(1024)),
            pending: std::array::from_fn(|_| Vec::with_capacity(128)),
            seen: std::array::from_fn(|_| vec![0; words]),
            to_play: 0,
            pieces_played: 0,
            local: [0; MAX_POINTS],
            value: vec![0; VALUE_SLOTS]
                .try_into()
                .expect("the length is VALUE_SLOTS"),
            local_points: Vec::with_capacity(64),
            candidates: Vec::with_capacity(1024),
            piece_weight: piece_weights(variant, tables),
            wanted_pieces: wanted_pieces(variant),
            replies: Replies::new(
                variant.num_colours(),
                variant.num_colours() * tables.num_moves(),
            ),
            sequence: Vec::with_capacity(128),
            preceding: 0,
            // Empty until the lists below fill them: from no root list and no attach
            // point before, every attach point of the root is walked.
            root_lists: Default::default(),
            root_seen: std::array::from_fn(|_| vec![0; words]),
            root_attach_len: [0; MAX_COLOURS],
            from_root: [false; MAX_COLOURS],
        };
        for c in 0..playout.num_colours {
            playout.list_moves(root, c);
            playout.root_lists[c] = std::mem::take(&mut playout.moves[c]);
            playout.root_seen[c] = playout.seen[c].clone();
            playout.root_attach_len[c] = root.attach_points(c).len();
        }
        playout
    }

    /// Copies a position; each colour's moves are listed when it first needs them. The
    /// position must follow from the root given to [`Playout::new`]: moves illegal
    /// there are never listed.
    pub fn start(&mut self, board: &Board) {
        debug_assert_eq!(board.variant(), self.variant);
        let (forbidden, corner) = board.masks();
        self.forbidden = *forbidden;
        self.corner = *corner;
        self.to_play = board.nominal_to_play();
        self.pieces_played = board.num_moves();
        self.sequence.clear();
        let history = board.history();
        self.sequence
            .extend(history.skip(board.num_moves().saturating_sub(RECENT)));
        self.preceding = self.sequence.len();
        for c in 0..self.num_colours {
            self.pieces_left[c] = *board.pieces_left_of(c);
            self.num_left[c] = self.pieces_left[c].iter().sum();
            self.left_mask[c] = piece_mask(&self.pieces_left[c]);
            self.squares[c] = board.squares(c);
            self.last_piece[c] = board.last_piece(c);
            self.list_from_root(c, board.attach_points(c));
        }
    }

    /// Appends the legal moves of `c` in `board` (a position following from the root)
    /// to `out`, in no particular order. Faster than the board's own generator, whose
    /// tables are not narrowed to the root; the workspace is left to be started again.
    pub fn legal_moves(&mut self, board: &Board, c: Colour, out: &mut Vec<MoveId>) {
        self.list_moves(board, c);
        out.extend(self.moves[c].iter().map(|m| m.id));
    }

    /// Lists the legal moves of `c` in `board` (a position following from the root) in
    /// `moves`.
    fn list_moves(&mut self, board: &Board, c: Colour) {
        self.forbidden = *board.masks().0;
        self.left_mask[c] = piece_mask(board.pieces_left_of(c));
        self.list_from_root(c, board.attach_points(c));
        self.add_pending_moves(c);
    }

    /// Sets the list of `c` to be, when it is next needed, its root list less what no
    /// longer fits, plus the moves at the attach points made since the root: the tail of
    /// `attach_points`, the colour's attach points in a position following from the root
    /// (a board only appends to them).
    fn list_from_root(&mut self, c: Colour, attach_points: &[u16]) {
        self.pending[c].clear();
        self.pending[c].extend_from_slice(&attach_points[self.root_attach_len[c]..]);
        self.from_root[c] = true;
    }

    /// Adds the moves at the attach points of `c` placed since its list was last used
    /// (since the root, for a list not yet copied from the root's).
    fn add_pending_moves(&mut self, c: Colour) {
        if self.from_root[c] {
            self.from_root[c] = false;
            self.moves[c].clear();
            let (forbidden, bit, left) = (&self.forbidden, 1u8 << c, self.left_mask[c]);
            self.moves[c].extend(
                self.root_lists[c]
                    .iter()
                    .filter(|m| left >> m.piece & 1 != 0 && m.fits(forbidden, bit)),
            );
            self.seen[c].copy_from_slice(&self.root_seen[c]);
        }
        let mut pending = std::mem::take(&mut self.pending[c]);
        for &p in &pending {
            self.add_moves_at(c, p);
        }
        pending.clear();
        self.pending[c] = pending;
    }

    /// Adds the unseen legal moves of `c` covering the attach point `p`.
    fn add_moves_at(&mut self, c: Colour, p: u16) {
        let bit = 1u8 << c;
        if self.forbidden[p as usize] & bit != 0 {
            return;
        }
        let tables = self.tables;
        let forbidden = &self.forbidden;
        let seen = &mut self.seen[c];
        let moves = &mut self.moves[c];
        let status = tables.adjacent_status(p, forbidden, bit);
        let left = self.left_mask[c];
        for placement in self.root_moves[c].at(p, status) {
            let mv = placement.id;
            let (word, mask) = (mv as usize / 64, 1u64 << (mv % 64));
            if left >> placement.piece & 1 == 0 || seen[word] & mask != 0 {
                continue;
            }
            seen[word] |= mask;
            if placement.fits(forbidden, bit) {
                moves.push(*placement);
            }
        }
    }

    /// Places a piece and brings every colour's move list up to date.
    pub fn play(&mut self, c: Colour, mv: MoveId) {
        let tables = self.tables;
        // The next colour looks its replies up first thing: fetch them meanwhile.
        let second = self.sequence.last().map(|&m| self.key(m));
        self.replies
            .prefetch((c + 1) % self.num_colours, self.key((c, mv)), second);
        let info = tables.info(mv);
        let bit = 1u8 << c;
        for &p in info.points() {
            self.forbidden[p as usize] = 0xF;
        }
        for &p in tables.adj_points(mv) {
            self.forbidden[p as usize] |= bit;
        }
        self.pieces_left[c][info.piece as usize] -= 1;
        if self.pieces_left[c][info.piece as usize] == 0 {
            self.left_mask[c] &= !(1 << info.piece);
        }
        self.num_left[c] -= 1;
        self.squares[c] += info.len as u32;
        self.last_piece[c] = Some(info.piece);
        for &p in tables.diag_points(mv) {
            if self.corner[p as usize] & bit == 0 {
                self.corner[p as usize] |= bit;
                self.pending[c].push(p);
            }
        }
        self.to_play = (c + 1) % self.num_colours;
        self.pieces_played += 1;
        self.sequence.push((c, mv));
    }

    fn key(&self, (c, mv): (Colour, MoveId)) -> MoveKey {
        (c * self.tables.num_moves()) as MoveKey + mv
    }

    /// The last good reply of `c` to the latest moves, if it is legal now.
    fn remembered_reply(&self, c: Colour) -> Option<MoveId> {
        let n = self.sequence.len();
        let last = self.key(*self.sequence.last()?);
        let second = (n >= 2).then(|| self.key(self.sequence[n - 2]));
        let bit = 1u8 << c;
        self.replies
            .get(c, last, second)
            .into_iter()
            .flatten()
            .find(|&mv| {
                let m = self.tables.placement(mv);
                self.is_valid(c, m) && m.points.iter().any(|&p| self.corner[p as usize] & bit != 0)
            })
    }

    /// Learns from the playout just run: the replies of the colours that `won` are
    /// remembered, those of the others forgotten. `won` is `None` for a colour whose
    /// side is not fixed (the shared colour of the three-player game).
    pub fn learn(&mut self, won: impl Fn(Colour) -> Option<bool>) {
        for i in self.preceding.max(1)..self.sequence.len() {
            let (c, reply) = self.sequence[i];
            let Some(won) = won(c) else { continue };
            let last = self.key(self.sequence[i - 1]);
            let second = (i >= 2).then(|| self.key(self.sequence[i - 2]));
            if won {
                self.replies.store(c, last, second, reply);
            } else {
                self.replies.forget(c, last, second, reply);
            }
        }
    }

    /// Whether `d` plays on the same side as `c` (itself, or its partner colour when
    /// one player has two colours).
    fn same_side(&self, c: Colour, d: Colour) -> bool {
        self.variant.rivals(c) >> d & 1 == 0
    }

    /// Marks the points where `c` answers the other side's latest moves.
    fn mark_local(&mut self, c: Colour) {
        for &p in &self.local_points {
            self.local[p as usize] = 0;
        }
        self.local_points.clear();
        let own = 1u8 << c;
        for i in self.sequence.len().saturating_sub(RECENT)..self.sequence.len() {
            let (d, mv) = self.sequence[i];
            if self.same_side(c, d) {
                continue;
            }
            let theirs = 1u8 << d;
            for &q in self.tables.diag_points(mv) {
                if self.forbidden[q as usize] & theirs != 0 {
                    continue;
                }
                self.mark(q, own);
                for n in self.tables.neighbours(q) {
                    if self.forbidden[n as usize] & theirs == 0 {
                        self.mark(n, own);
                    }
                }
            }
        }
    }

    #[inline]
    fn mark(&mut self, p: u16, own: u8) {
        let p = p as usize;
        if self.local[p] == 0 {
            let own_attach = self.corner[p] & !self.forbidden[p] & own != 0;
            self.local[p] = 1 + own_attach as u8;
            self.local_points.push(p as u16);
        }
    }

    /// Whether a listed move is still legal for `c`.
    #[inline]
    fn is_valid(&self, c: Colour, m: &Placement) -> bool {
        self.pieces_left[c][m.piece as usize] > 0 && m.fits(&self.forbidden, 1 << c)
    }

    /// A move of `c` by the policy (see the module comment); `None` when `c` cannot
    /// move. Drops the stale moves of the list on the way.
    fn choose(&mut self, c: Colour, rng: &mut Rng) -> Option<MoveId> {
        if let Some(reply) = self.remembered_reply(c) {
            return Some(reply);
        }
        self.add_pending_moves(c);
        self.mark_local(c);
        self.mark_values(c);
        let round = self.pieces_played / self.num_colours;
        let wanted = self.wanted_pieces[round.min(self.wanted_pieces.len() - 1)];
        let mut moves = std::mem::take(&mut self.moves[c]);
        self.candidates.clear();
        let mut best_local = 0;
        let mut total = 0.0;
        let left = self.left_mask[c];
        let mut i = 0;
        while i < moves.len() {
            let m = &moves[i];
            let local = match self.local_value(m) {
                Some(local) if left >> m.piece & 1 != 0 => local,
                _ => {
                    moves.swap_remove(i);
                    continue;
                }
            };
            i += 1;
            if local >= best_local && wanted >> m.piece & 1 != 0 {
                self.add_candidate(m, local, &mut best_local, &mut total);
            }
        }
        if self.candidates.is_empty() {
            // No large piece fits any more: every piece is worth playing.
            for m in &moves {
                let local = self.local_value(m).expect("stale moves were dropped");
                self.add_candidate(m, local, &mut best_local, &mut total);
            }
        }
        self.moves[c] = moves;
        let &(_, total) = self.candidates.last()?;
        let target = rng.next_f64() as f32 * total;
        let i = self
            .candidates
            .partition_point(|&(_, cumulative)| cumulative <= target);
        Some(self.candidates[i.min(self.candidates.len() - 1)].0)
    }

    /// Combines the forbidden points of `c` and the local values into `value`, so that
    /// judging a listed move reads each of its points once.
    fn mark_values(&mut self, c: Colour) {
        let n = self.tables.num_points;
        for ((value, &forbidden), &local) in (self.value[..n].iter_mut())
            .zip(&self.forbidden[..n])
            .zip(&self.local[..n])
        {
            *value = local + ((forbidden >> c) & 1) * FORBIDDEN as u8;
        }
    }

    /// The local value of a listed move, or `None` when it no longer fits.
    #[inline]
    fn local_value(&self, m: &Placement) -> Option<u32> {
        let v = m.points.map(|p| self.value[p as usize] as u32);
        let sum = v[0] + v[1] + v[2] + v[3] + v[4];
        if sum >= FORBIDDEN {
            return None;
        }
        // A smaller piece repeats its last point to fill the five.
        Some(sum - (5 - m.len as u32) * v[4])
    }

    /// Keeps `m` among the candidates if its local value is the best so far (starting
    /// them afresh when it beats them), with its cumulative piece weight.
    #[inline]
    fn add_candidate(&mut self, m: &Placement, local: u32, best_local: &mut u32, total: &mut f32) {
        if local < *best_local {
            return;
        }
        if local > *best_local {
            *best_local = local;
            self.candidates.clear();
            *total = 0.0;
        }
        *total += self.piece_weight[m.piece as usize];
        self.candidates.push((m.id, *total));
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
    pub fn moves(&mut self, c: Colour) -> Vec<MoveId> {
        self.add_pending_moves(c);
        let mut moves = std::mem::take(&mut self.moves[c]);
        moves.retain(|m| self.is_valid(c, m));
        self.moves[c] = moves;
        self.moves[c].iter().map(|m| m.id).collect()
    }
}

/// Per round until every colour has placed every piece, the pieces worth playing then
/// (see [`min_piece_size`] and [`shunned_pieces`]).
fn wanted_pieces(variant: Variant) -> Vec<u32> {
    let colours = variant.num_colours();
    (0..=NUM_PIECES)
        .map(|round| {
            let pieces_played = round * colours;
            let min_size = min_piece_size(variant, pieces_played);
            (0..NUM_PIECES)
                .filter(|&piece| super::pieces::piece_size(piece as Piece) >= min_size)
                .fold(0, |mask, piece| mask | 1 << piece)
                & !shunned_pieces(variant, pieces_played)
        })
        .collect()
}

/// Playout weight of each piece: a factor per square and, on the small board, per
/// corner (a piece with more corners opens more ways on).
fn piece_weights(variant: Variant, tables: &Tables) -> [f32; NUM_PIECES] {
    let (per_square, per_corner) = match variant.board_size() {
        14 => (3.0f32, 1.8f32),
        _ => (5.0, 1.0),
    };
    let mut corners = [0usize; NUM_PIECES];
    for mv in 0..tables.num_moves() as MoveId {
        let piece = tables.info(mv).piece as usize;
        corners[piece] = corners[piece].max(tables.diag_points(mv).len());
    }
    std::array::from_fn(|piece| {
        let size = super::pieces::piece_size(piece as Piece) as i32;
        per_square.powi(size) * per_corner.powi(corners[piece] as i32 - 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From the empty board and from a root some rounds in (so that the lists of the
    /// root's placements have dropped some), the playout's lists are the legal moves.
    #[test]
    fn incremental_lists_match_full_generation() {
        for (variant, rounds) in Variant::ALL.into_iter().flat_map(|v| [(v, 0), (v, 5)]) {
            let mut board = Board::new(variant);
            let mut rng = Rng::new(3);
            for _ in 0..rounds * variant.num_colours() {
                let Some(c) = board.to_play() else { break };
                let moves = board.legal_moves(c);
                board
                    .play(c, moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            let mut playout = Playout::new(&board);
            playout.start(&board);
            while let Some(c) = board.to_play() {
                for d in 0..board.num_colours() {
                    let mut incremental = playout.moves(d);
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

    /// Below the root, where lists start from the root's, both the tree's legal moves and
    /// a playout's lists are the board's.
    #[test]
    fn legal_moves_below_the_root_are_the_boards() {
        for variant in Variant::ALL {
            let mut board = Board::new(variant);
            let mut rng = Rng::new(9);
            let mut playout = None;
            while let Some(c) = board.to_play() {
                if board.num_moves() == 3 * variant.num_colours() {
                    playout = Some(Playout::new(&board));
                }
                if let Some(playout) = &mut playout {
                    for d in 0..board.num_colours() {
                        let mut moves = Vec::new();
                        playout.legal_moves(&board, d, &mut moves);
                        moves.sort_unstable();
                        assert_eq!(moves, board.legal_moves(d), "{variant:?}");
                    }
                    // A playout started here lists the same moves.
                    playout.start(&board);
                    for d in 0..board.num_colours() {
                        let mut moves = playout.moves(d);
                        moves.sort_unstable();
                        assert_eq!(moves, board.legal_moves(d), "{variant:?}");
                    }
                }
                let moves = board.legal_moves(c);
                board
                    .play(c, moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            assert!(playout.is_some(), "{variant:?}: the game ended too soon");
        }
    }

    #[test]
    fn playouts_play_the_best_answer_to_the_latest_moves() {
        for variant in [Variant::Duo, Variant::ClassicTwo, Variant::Classic] {
            let mut board = Board::new(variant);
            let mut playout = Playout::new(&board);
            let mut rng = Rng::new(11);
            let mut answers = 0;
            while let Some(c) = board.to_play() {
                playout.start(&board);
                let chosen = playout.choose(c, &mut rng).unwrap();
                assert!(board.is_legal(c, chosen), "{variant:?}");
                let local = |mv: MoveId| -> u32 {
                    let points = playout.tables.info(mv).points();
                    points
                        .iter()
                        .map(|&p| playout.local[p as usize] as u32)
                        .sum()
                };
                let moves = board.legal_moves(c);
                let min_size = min_piece_size(variant, board.num_moves());
                let shunned = shunned_pieces(variant, board.num_moves());
                let large: Vec<MoveId> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let info = playout.tables.info(m);
                        info.len as usize >= min_size && shunned >> info.piece & 1 == 0
                    })
                    .collect();
                let pool = if large.is_empty() { &moves } else { &large };
                let best = pool.iter().map(|&m| local(m)).max().unwrap();
                assert!(pool.contains(&chosen), "{variant:?}: piece too small");
                assert_eq!(local(chosen), best, "{variant:?}");
                answers += (best > 0) as usize;
                board
                    .play(c, moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            assert!(answers > 10, "{variant:?}: only {answers} answers");
        }
    }

    /// Plays one playout from the empty board; returns it with the moves it made.
    fn one_playout(variant: Variant, seed: u64) -> (Playout, Vec<(Colour, MoveId)>) {
        let board = Board::new(variant);
        let mut playout = Playout::new(&board);
        playout.start(&board);
        let mut moves = Vec::new();
        playout.run(&mut Rng::new(seed), |c, mv| moves.push((c, mv)));
        (playout, moves)
    }

    #[test]
    fn the_winner_replies_are_played_again_and_the_loser_ones_forgotten() {
        let variant = Variant::Duo;
        let (mut playout, moves) = one_playout(variant, 17);
        playout.learn(|c| Some(c == 0));
        let mut board = Board::new(variant);
        let mut rng = Rng::new(1);
        let mut replayed = 0;
        for (i, &(c, mv)) in moves.iter().enumerate() {
            if i > 0 && board.to_play() == Some(c) {
                playout.start(&board);
                if c == 0 {
                    assert_eq!(playout.choose(c, &mut rng), Some(mv), "move {i}");
                    replayed += 1;
                } else {
                    assert_eq!(playout.remembered_reply(c), None, "move {i}");
                }
            }
            board.play(c, mv).unwrap();
        }
        assert!(replayed > 5, "only {replayed} replies");

        // The same playout lost by everyone: nothing is left to replay.
        let (mut playout, moves) = one_playout(variant, 17);
        playout.learn(|_| Some(true));
        playout.learn(|_| Some(false));
        let mut board = Board::new(variant);
        for &(c, mv) in &moves {
            playout.start(&board);
            assert_eq!(playout.remembered_reply(c), None);
            board.play(c, mv).unwrap();
        }
    }

    #[test]
    fn playouts_end_with_no_moves_left() {
        let board = Board::new(Variant::Classic);
        let mut playout = Playout::new(&board);
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
