//! Go knowledge for the search: the heavy playout policy (answer captures and ataris near
//! the last move, never run out of a ladder, play local shapes, else the last answer that
//! won a playout, avoid filling own eyes and big self-ataris), and the moves the tree's
//! prior (features.rs) singles out the same way.

use super::board::{Board, Cell, Color, MAX_POINTS, NO_POINT, Point, listed};
use super::ladder::{LadderBoard, LadderReader, liberties_upto};
use super::patterns;
use super::playout::random_move;
use crate::rng::Rng;

impl Board {
    /// Liberties the chain of a stone played by `color` on the empty point `p` would
    /// have, counted up to `N` (`N` means "`N` or more"); captures are not taken into
    /// account.
    pub fn liberties_after_upto<const N: usize>(&self, p: Point, color: Color) -> usize {
        // Most points of most positions: their empty neighbours alone are enough, and
        // the board keeps their count.
        if self.empty_neighbours(p) as usize >= N {
            return N;
        }
        let mut libs = [NO_POINT; N];
        let mut n = 0usize;
        let mut add = |q: Point| {
            if q != p && !listed(&libs[..n], q) {
                libs[n] = q;
                n += 1;
            }
            n == N
        };
        for q in self.neighbours(p) {
            if self.cell(q) == Cell::Empty && add(q) {
                return N;
            }
        }
        let mut seen = [NO_POINT; 4];
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            // A chain in atari next to `p` has `p` for its one liberty: nothing to add.
            if self.cell(q).color() != Some(color) || self.in_atari(q) {
                continue;
            }
            let id = self.chain_id(q);
            if listed(&seen[..i], id) {
                continue;
            }
            seen[i] = id;
            // The chain's counts tell its one other liberty, or that it has two
            // (enough for a count up to 2); only a count up to more walks the chain.
            match self.liberty_besides(q, p) {
                Some(NO_POINT) => continue,
                Some(l) => {
                    if add(l) {
                        return N;
                    }
                    continue;
                }
                None if N <= 2 => return N,
                None => {}
            }
            for s in self.chain_stones(q) {
                for r in self.neighbours(s) {
                    if self.cell(r) == Cell::Empty && add(r) {
                        return N;
                    }
                }
            }
        }
        n
    }

    /// Stones in the chain a stone on `p` would join, itself included.
    pub(super) fn merged_size(&self, p: Point, color: Color) -> usize {
        let own = if color == Color::Black {
            Cell::Black
        } else {
            Cell::White
        };
        let mut ids = [NO_POINT; 4];
        let mut size = 1;
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            if self.cell(q) == own {
                let id = self.chain_id(q);
                if !listed(&ids[..i], id) {
                    ids[i] = id;
                    size += self.chain_size(q);
                }
            }
        }
        size
    }

    /// A move that leaves its own chain of two or more stones with one liberty, without
    /// capturing: almost always a blunder (single-stone throw-ins stay allowed). The
    /// exceptions are nakade (`is_nakade_self_atari`), which playouts that read them
    /// allow (`Scratch::nakade`).
    pub fn is_bad_self_atari(&self, p: Point, color: Color) -> bool {
        // Two empty neighbours are two liberties, and a stone joining no chain is a
        // single stone: most points are settled by their neighbour counts alone.
        self.empty_neighbours(p) < 2
            && self.own_neighbours(p, color) > 0
            && self.liberties_after_upto::<2>(p, color) < 2
            && !self.captures_any(p, color)
            && self.merged_size(p, color) >= 2
    }
}

/// Positions a playout's ladder question may read: enough for a ladder across a 19×19
/// board, little enough that a playout stays a playout.
const PLAYOUT_LADDER_BUDGET: u32 = 60;

/// Moves that answer the last move: captures of chains in atari next to it (its own
/// chain included), and escapes of own chains it put in atari (extending out of anything
/// but a ladder, or capturing an attacker). Appended to `out`. A playout's board is
/// read on in place and left as it was.
pub fn tactical_replies<B: LadderBoard>(
    board: &mut B,
    color: Color,
    last: Point,
    ladders: &mut LadderReader,
    out: &mut Vec<Point>,
) {
    let mut candidates = Vec::new();
    tactical_candidates(board.board(), color, last, &mut candidates);
    for (p, chain) in candidates {
        let escapes =
            chain == NO_POINT || board.extension_escapes(ladders, chain, PLAYOUT_LADDER_BUDGET);
        if escapes && !listed(out, p) {
            out.push(p);
        }
    }
}

/// One of the [`tactical_replies`] drawn at random, all of them equally likely; `None`
/// if there are none. Only an extension drawn has its ladder read, so a draw that
/// picks a capture reads none. `candidates` is a reusable buffer.
fn tactical_reply(
    board: &mut Board,
    color: Color,
    last: Point,
    ladders: &mut LadderReader,
    rng: &mut Rng,
    candidates: &mut Vec<(Point, Point)>,
) -> Option<Point> {
    candidates.clear();
    tactical_candidates(board, color, last, candidates);
    // A candidate that is no reply is dropped and another drawn: uniform over the
    // replies, as a draw from their checked list would be.
    while !candidates.is_empty() {
        let i = rng.below(candidates.len() as u32) as usize;
        let (p, chain) = candidates[i];
        if chain == NO_POINT || board.extension_escapes(ladders, chain, PLAYOUT_LADDER_BUDGET) {
            return Some(p);
        }
        candidates.swap_remove(i);
    }
    None
}

/// The [`tactical_replies`] before any ladder is read, each point once: with
/// `NO_POINT`, a reply as it stands (a legal capture); with an own chain in atari, its
/// extension on the point, a reply if [`LadderBoard::extension_escapes`] says so.
/// Appended to `out`.
fn tactical_candidates(b: &Board, color: Color, last: Point, out: &mut Vec<(Point, Point)>) {
    if last == NO_POINT || b.cell(last) == Cell::Empty {
        return;
    }
    // The chains in atari at the last move and next to it, each once (one seen on
    // several sides has its ladder read once). Most moves have none: a first look
    // without a branch per point (each a coin toss to the processor) settles that.
    let [south, west, east, north] = b.neighbours(last);
    let around = [last, south, west, east, north];
    if !around.iter().fold(false, |any, &q| {
        any | (b.cell(q).color().is_some() & b.in_atari(q))
    }) {
        return;
    }
    let mut in_atari = [NO_POINT; 5];
    let mut n = 0;
    for q in around {
        if b.cell(q).color().is_some() && b.in_atari(q) {
            let id = b.chain_id(q);
            if !in_atari[..n].iter().any(|&r| b.chain_id(r) == id) {
                in_atari[n] = q;
                n += 1;
            }
        }
    }
    // A point listed as an extension to read is a reply as it stands if it is also a
    // capture. Two own chains in atari on one point are one chain once it is played,
    // and their ladders one reading.
    let add = |out: &mut Vec<(Point, Point)>, p: Point, chain: Point| match out
        .iter_mut()
        .find(|(q, _)| *q == p)
    {
        Some(listed) if chain == NO_POINT => listed.1 = NO_POINT,
        Some(_) => {}
        None => out.push((p, chain)),
    };
    let opp = color.opponent();
    for &q in &in_atari[..n] {
        let lib = b.atari_liberty(q);
        if b.cell(q).color() == Some(opp) {
            if b.is_legal_simple(lib, color) {
                add(out, lib, NO_POINT);
            }
            continue;
        }
        // Own chain in atari: run if that saves it (an illegal extension saves
        // nothing), or capture an attacker.
        add(out, lib, q);
        for s in b.chain_stones(q) {
            for r in b.neighbours(s) {
                if b.cell(r).color() == Some(opp) && b.in_atari(r) {
                    let l = b.atari_liberty(r);
                    if b.is_legal_simple(l, color) {
                        add(out, l, NO_POINT);
                    }
                }
            }
        }
    }
}

/// Ladder moves anywhere on the board, for the tree (too dear for every move of a
/// playout): the ataris that capture an opponent chain of two liberties in a ladder, and
/// for an own chain of two liberties that the opponent could take so, the extensions
/// that save it. Appended to `out`.
pub fn ladder_moves(board: &Board, color: Color, ladders: &mut LadderReader, out: &mut Vec<Point>) {
    let mut seen: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.cell(p) == Cell::Empty || seen.contains(&board.chain_id(p)) {
            continue;
        }
        seen.push(board.chain_id(p));
        let (libs, n) = liberties_upto::<3>(board, p);
        if n != 2 {
            continue;
        }
        let Some(atari) = ladders.capturing_atari(board, p, TREE_LADDER_BUDGET) else {
            continue;
        };
        if board.cell(p).color() != Some(color) {
            if !out.contains(&atari) {
                out.push(atari);
            }
            continue;
        }
        for &l in &libs[..2] {
            if !listed(out, l) && ladders.extension_on_escapes(board, p, l, TREE_LADDER_BUDGET) {
                out.push(l);
            }
        }
    }
}

/// Empty points around the last move that complete a good local shape.
pub fn pattern_replies(board: &Board, color: Color, last: Point, out: &mut Vec<Point>) {
    let first = out.len();
    shape_points(board, last, out);
    let mut kept = first;
    for i in first..out.len() {
        let q = out[i];
        if is_sensible_shape(board, color, q, false) {
            out[kept] = q;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Empty points around the last move that match a shape, legal or not. Appended to
/// `out`.
fn shape_points(board: &Board, last: Point, out: &mut Vec<Point>) {
    if last != NO_POINT {
        patterns::shapes_around(board, last, out);
    }
}

/// Whether `color` may play the shape point `q`: legal, and no big self-atari (but a
/// nakade, if `nakade`).
#[inline]
fn is_sensible_shape(board: &Board, color: Color, q: Point, nakade: bool) -> bool {
    board.is_legal_simple(q, color) && !refuses_self_atari(board, color, q, nakade)
}

/// Whether a playout refuses `color`'s move on `p` as a big self-atari: one that is
/// no nakade, if the playout reads them (`nakade`).
#[inline]
fn refuses_self_atari(board: &Board, color: Color, p: Point, nakade: bool) -> bool {
    board.is_bad_self_atari(p, color) && !(nakade && board.is_nakade_self_atari(p, color))
}

/// Positions a ladder question of the tree may read: the tree asks once per new node,
/// where a wrong answer costs far more than in one playout.
pub const TREE_LADDER_BUDGET: u32 = 400;

/// Whether `color` on `p` is an extension of an own chain in atari that dies anyway (one
/// liberty after it, or a ladder), capturing nothing on the way.
pub fn runs_into_capture(
    board: &Board,
    color: Color,
    p: Point,
    ladders: &mut LadderReader,
) -> bool {
    board.neighbours(p).into_iter().any(|q| {
        board.cell(q).color() == Some(color)
            && board.in_atari(q)
            && !board.captures_any(p, color)
            && !ladders.extension_escapes(board, q, TREE_LADDER_BUDGET)
    })
}

/// Reusable buffers of one playout thread, what its playouts learnt, and what they
/// know.
#[derive(Default)]
pub struct Scratch {
    candidates: Vec<Point>,
    /// The tactical replies' candidates, each with the chain whose ladder decides it.
    tactical: Vec<(Point, Point)>,
    pub ladders: LadderReader,
    pub replies: LastGoodReplies,
    /// Whether the playouts read nakade (nakade.rs): they may fill an eye space with a
    /// chain in atari where its capture leaves a dead shape, and answer the capture with
    /// the vital point. The life-and-death verdicts (`score::status`) read them; the
    /// search does not: they cost a tenth of the playout rate, and at equal CPU it scored
    /// less against Pachi, not more (README).
    pub nakade: bool,
}

/// Last good reply with forgetting (Baier and Drake): for each colour and each move of
/// the opponent, the answer that last won a playout. A winner's answers are stored, a
/// loser's are forgotten, so the playouts of one search learn the local fights of its
/// position: the answers that work there, whatever the general policy says.
#[derive(Default)]
pub struct LastGoodReplies {
    /// By `colour index * MAX_POINTS + opponent's move`; `NO_POINT` when none.
    reply: Vec<Point>,
}

impl LastGoodReplies {
    /// `player` is a colour's index.
    fn slot(player: usize, last: Point) -> usize {
        player * MAX_POINTS + last as usize
    }

    /// The stored answer of `color` to `last`, if it is a sensible move now (a nakade
    /// counting as one if `nakade`).
    fn answer(&self, board: &Board, color: Color, last: Point, nakade: bool) -> Option<Point> {
        let r = *self.reply.get(Self::slot(color.index(), last))?;
        (r != NO_POINT
            && board.cell(r) == Cell::Empty
            && board.is_playout_move(r, color)
            && !refuses_self_atari(board, color, r, nakade))
        .then_some(r)
    }

    /// Learns from the moves of a playout, `(colour index, point)` in order, that
    /// followed `before`; `winner` is the colour that won it, if any.
    pub fn learn(&mut self, before: Point, moves: &[(u8, u32)], winner: Option<Color>) {
        if self.reply.is_empty() {
            self.reply = vec![NO_POINT; 2 * MAX_POINTS];
        }
        let winner = winner.map(Color::index);
        let mut prev = (u8::MAX, before);
        for &(c, p) in moves {
            // A pass between two stones of one colour breaks the chain of answers.
            if prev.1 != NO_POINT && prev.0 != c {
                let slot = Self::slot(c as usize, prev.1);
                if Some(c as usize) == winner {
                    self.reply[slot] = p as Point;
                } else if self.reply[slot] == p as Point {
                    self.reply[slot] = NO_POINT;
                }
            }
            prev = (c, p as Point);
        }
    }
}

/// The playout policy's move for `color` after the opponent's `last` move, which took
/// stones if `last_took`; `None` = pass.
#[inline]
pub fn playout_move(
    board: &mut Board,
    color: Color,
    last: Point,
    last_took: bool,
    rng: &mut Rng,
    scratch: &mut Scratch,
) -> Option<Point> {
    // Each kind of reply is taken nine times in ten where there is one: the coin is
    // tossed first, so that a tenth of the time the replies (and their ladder reading)
    // are not worked out at all.
    if rng.below(100) < 90
        && let Some(p) = tactical_reply(
            board,
            color,
            last,
            &mut scratch.ladders,
            rng,
            &mut scratch.tactical,
        )
    {
        return Some(p);
    }
    let c = &mut scratch.candidates;
    // The vital point of an eye space the opponent has just emptied by taking the
    // stones in it (a nakade), four times in five. Pachi's playouts look after every
    // move; after captures alone, the look costs next to nothing.
    let nakade = scratch.nakade;
    if nakade
        && last_took
        && rng.below(100) < 80
        && let Some(v) = board.nakade_reply(color, last)
    {
        return Some(v);
    }
    if rng.below(100) < 90 {
        // A shape point drawn at random is checked alone, and dropped if it is no
        // sensible move: the draw is uniform over the sensible ones, as from the
        // checked list, and most draws check one point instead of every one.
        c.clear();
        shape_points(board, last, c);
        while !c.is_empty() {
            let i = rng.below(c.len() as u32) as usize;
            if is_sensible_shape(board, color, c[i], nakade) {
                return Some(c[i]);
            }
            c.swap_remove(i);
        }
    }
    if last != NO_POINT
        && let Some(r) = scratch.replies.answer(board, color, last, nakade)
    {
        return Some(r);
    }
    random_sensible_move(board, color, rng, nakade)
}

/// Plays the policy from `board` with `color` to move after `last` until two passes in
/// a row or `max_moves`; `on_move` sees every stone played.
pub fn playout(
    board: &mut Board,
    mut color: Color,
    mut last: Point,
    rng: &mut Rng,
    scratch: &mut Scratch,
    max_moves: usize,
    mut on_move: impl FnMut(Color, Point),
) {
    let mut passes = 0;
    let mut moves = 0;
    let mut last_took = false;
    while passes < 2 && moves < max_moves {
        match playout_move(board, color, last, last_took, rng, scratch) {
            Some(p) => {
                last_took = board.play(p, color) > 0;
                on_move(color, p);
                passes = 0;
                last = p;
            }
            None => {
                board.clear_ko();
                passes += 1;
                last = NO_POINT;
                last_took = false;
            }
        }
        color = color.opponent();
        moves += 1;
    }
}

/// A random legal move that fills no own true eye and is no big self-atari (but a
/// nakade, if `nakade`).
#[inline]
pub fn random_sensible_move(
    board: &Board,
    color: Color,
    rng: &mut Rng,
    nakade: bool,
) -> Option<Point> {
    random_move(board, color, rng, |p| {
        !refuses_self_atari(board, color, p, nakade)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::{assert_same_position, board_from};

    #[test]
    fn captures_a_stone_the_last_move_left_in_atari() {
        let mut b = board_from(&[".....", "..X..", ".XO..", "..X..", "....."]);
        let mut out = Vec::new();
        let last = b.point(2, 2);
        tactical_replies(
            &mut b,
            Color::Black,
            last,
            &mut LadderReader::default(),
            &mut out,
        );
        assert_eq!(out, vec![b.point(3, 2)]);
    }

    #[test]
    fn runs_from_atari_where_that_gives_liberties() {
        let mut b = board_from(&[".....", ".....", ".X...", "XO...", ".X..."]);
        let mut out = Vec::new();
        let last = b.point(1, 0);
        tactical_replies(
            &mut b,
            Color::White,
            last,
            &mut LadderReader::default(),
            &mut out,
        );
        assert_eq!(out, vec![b.point(2, 1)]);
    }

    #[test]
    fn a_stone_in_a_ladder_does_not_run_unless_a_breaker_waits() {
        // Black's D6 puts White D5 in atari; E5, the only way out, runs into a ladder.
        let mut rows = crate::games::go::ladder::IN_LADDER;
        let mut b = board_from(&rows);
        let (last, run) = (b.point(3, 5), b.point(4, 4));
        let mut ladders = LadderReader::default();
        let mut out = Vec::new();
        // The ladder is read on the board itself, which is left as it was.
        let before = b.clone();
        tactical_replies(&mut b, Color::White, last, &mut ladders, &mut out);
        assert_eq!(out, vec![]);
        assert_same_position(&b, &before);
        assert!(runs_into_capture(&b, Color::White, run, &mut ladders));
        // With White F4 on the ladder's path the stone runs.
        rows[5] = "...X.O...";
        let mut b = board_from(&rows);
        tactical_replies(&mut b, Color::White, last, &mut ladders, &mut out);
        assert_eq!(out, vec![run]);
        assert!(!runs_into_capture(&b, Color::White, run, &mut ladders));
    }

    #[test]
    fn the_tree_sees_the_ladder_on_both_sides() {
        // White D5 has two liberties, D6 and E5. With F4 on the ladder to the lower
        // right, only Black's E5 captures, driving the stone up to the left; White saves
        // it by extending on either liberty (three liberties each).
        let mut rows = crate::games::go::ladder::IN_LADDER;
        rows[3] = "....X....";
        rows[5] = "...X.O...";
        let b = board_from(&rows);
        let (e5, d6) = (b.point(4, 4), b.point(3, 5));
        let mut ladders = LadderReader::default();
        let moves = |b: &Board, color: Color, ladders: &mut LadderReader| {
            let mut out = Vec::new();
            ladder_moves(b, color, ladders, &mut out);
            out
        };
        assert_eq!(moves(&b, Color::Black, &mut ladders), vec![e5]);
        assert_eq!(moves(&b, Color::White, &mut ladders), vec![e5, d6]);
        // With B8 on the other ladder's way no atari captures: nothing to attack or save.
        rows[1] = ".O.......";
        let b = board_from(&rows);
        assert_eq!(moves(&b, Color::Black, &mut ladders), vec![]);
        assert_eq!(moves(&b, Color::White, &mut ladders), vec![]);
    }

    #[test]
    fn a_winners_reply_is_remembered_and_a_losers_forgotten() {
        let b = Board::new(9);
        let (e5, f5, g5) = (b.point(4, 4), b.point(5, 4), b.point(6, 4));
        let mut replies = LastGoodReplies::default();
        assert_eq!(replies.answer(&b, Color::White, e5, false), None);
        // Black E5, White F5, Black G5: Black won, so G5 answers F5; White's F5 is a
        // loser's reply and stays unknown.
        let moves = [(0, e5 as u32), (1, f5 as u32), (0, g5 as u32)];
        replies.learn(NO_POINT, &moves, Some(Color::Black));
        assert_eq!(replies.answer(&b, Color::Black, f5, false), Some(g5));
        assert_eq!(replies.answer(&b, Color::White, e5, false), None);
        // The same moves lost by Black: G5 is forgotten, F5 learnt.
        replies.learn(NO_POINT, &moves, Some(Color::White));
        assert_eq!(replies.answer(&b, Color::Black, f5, false), None);
        assert_eq!(replies.answer(&b, Color::White, e5, false), Some(f5));
        // An answer on an occupied point is no answer.
        let mut taken = b.clone();
        taken.play(f5, Color::Black);
        assert_eq!(replies.answer(&taken, Color::White, e5, false), None);
    }

    #[test]
    fn a_drawn_tactical_reply_is_any_of_the_replies_alike() {
        // After every move of random games: the draw that reads the ladder of the
        // extension it draws alone gives one of the replies listed with every ladder
        // read, each of them over 100 draws, none where there are none, and leaves the
        // board as it was.
        let mut rng = Rng::new(51);
        let mut ladders = LadderReader::default();
        let mut candidates = Vec::new();
        let (mut several, mut redrawn) = (0, 0);
        for size in [9, 13, 19] {
            for _ in 0..6 {
                let mut b = Board::new(size);
                let mut color = Color::Black;
                for _ in 0..size * size {
                    let Some(last) = random_sensible_move(&b, color, &mut rng, false) else {
                        break;
                    };
                    b.play(last, color);
                    color = color.opponent();
                    let mut replies = Vec::new();
                    tactical_replies(&mut b, color, last, &mut ladders, &mut replies);
                    let mut listed = Vec::new();
                    tactical_candidates(&b, color, last, &mut listed);
                    several += usize::from(replies.len() >= 2);
                    // A listed extension that is no reply, beside replies: drawn, it is
                    // dropped and another is drawn.
                    redrawn += usize::from(!replies.is_empty() && listed.len() > replies.len());
                    let before = b.clone();
                    let mut drawn = Vec::new();
                    for _ in 0..100 {
                        let reply = tactical_reply(
                            &mut b,
                            color,
                            last,
                            &mut ladders,
                            &mut rng,
                            &mut candidates,
                        );
                        match reply {
                            Some(p) => {
                                assert!(replies.contains(&p), "{p} is no reply");
                                if !drawn.contains(&p) {
                                    drawn.push(p);
                                }
                            }
                            None => assert_eq!(replies, []),
                        }
                    }
                    assert_same_position(&b, &before);
                    drawn.sort_unstable();
                    replies.sort_unstable();
                    assert_eq!(drawn, replies);
                }
            }
        }
        assert!(several > 40 && redrawn > 25, "{several} {redrawn}");
    }

    #[test]
    fn liberties_after_a_move_are_those_the_move_leaves() {
        // Every empty point of random positions, for both colours, where the move
        // captures nothing: the count up to 2 and to 3 against the liberties of the
        // chain the move really makes.
        let mut rng = Rng::new(45);
        let mut counted = [0usize; 4];
        for size in [5, 9, 19] {
            for _ in 0..10 {
                let mut b = Board::new(size);
                let mut color = Color::Black;
                for _ in 0..size * size {
                    let Some(p) = random_sensible_move(&b, color, &mut rng, false) else {
                        break;
                    };
                    b.play(p, color);
                    color = color.opponent();
                    for q in b.empty_points().to_vec() {
                        for c in [Color::Black, Color::White] {
                            if b.captures_any(q, c) {
                                continue;
                            }
                            let mut after = b.clone();
                            after.setup_stone(q, c);
                            // A suicide takes its own stones off: no liberty.
                            let libs = if after.cell(q) == Cell::Empty {
                                0
                            } else {
                                after.liberties(q).len()
                            };
                            counted[libs.min(3)] += 1;
                            assert_eq!(b.liberties_after_upto::<2>(q, c), libs.min(2));
                            assert_eq!(b.liberties_after_upto::<3>(q, c), libs.min(3));
                        }
                    }
                }
            }
        }
        assert!(
            counted.iter().all(|&n| n > 100),
            "too few of some count: {counted:?}"
        );
    }

    #[test]
    fn big_self_atari_is_refused_but_a_single_throw_in_is_not() {
        let b = board_from(&[".....", ".....", "XXX..", "O.X..", ".XX.."]);
        assert!(b.is_bad_self_atari(b.point(1, 1), Color::White));
        let b = board_from(&[".....", ".....", "XXX..", "X.X..", "X...."]);
        assert_eq!(b.liberties_after_upto::<2>(b.point(1, 1), Color::White), 1);
        assert!(!b.is_bad_self_atari(b.point(1, 1), Color::White));
    }
}
