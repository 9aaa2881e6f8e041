//! Ladder reading: whether a chain dies to a run of ataris (the attacker takes one of its
//! two liberties, the defender extends on the other, again and again). Without it the
//! playouts and the priors run out of every atari, and a stone that any player would give
//! up drags a whole chain into a ladder that was lost from the start.
//!
//! The reading is exact for ladders: at each step the attacker tries both liberties and
//! the defender extends or captures an attacking stone in atari. It gives up, answering
//! "no ladder", after a budget of positions, so a caller's cost per question is bounded.
//! The moves read are played on one copy of the position (a playout's on its own board)
//! and taken back; what a look at the board settles (three liberties, an atari whose run
//! is plainly free, or one the defender answers by taking an attacker already in atari)
//! is not played at all.

use super::board::{Board, Cell, Color, NO_POINT, Point, UndoLog, listed};

/// Deepest run of ataris read: a ladder across the whole 25×25 board and back.
const MAX_PLIES: usize = 80;

/// The position a question reads and what its moves overwrote, kept from question to
/// question so that reading allocates nothing.
#[derive(Default)]
pub struct LadderReader {
    board: Option<Board>,
    undo: UndoLog,
}

/// The liberties of the chain at `c`, at most `N` of them, and how many were found.
pub fn liberties_upto<const N: usize>(board: &Board, c: Point) -> ([Point; N], usize) {
    let mut libs = [NO_POINT; N];
    let mut n = 0;
    for s in board.chain_stones(c) {
        for q in board.neighbours(s) {
            if board.cell(q) == Cell::Empty && !listed(&libs[..n], q) {
                libs[n] = q;
                n += 1;
                if n == N {
                    return (libs, n);
                }
            }
        }
    }
    (libs, n)
}

impl LadderReader {
    /// Whether the chain at `c`, in atari with its own colour to move, survives by
    /// extending on its liberty: false if the extension is illegal, leaves one liberty,
    /// or two that a ladder takes. At most `budget` positions are read.
    pub fn extension_escapes(&mut self, board: &Board, c: Point, budget: u32) -> bool {
        self.extension_on_escapes(board, c, board.atari_liberty(c), budget)
    }

    /// `extension_escapes`, reading on `board` itself rather than on a copy: every move
    /// read is taken back, so the board is left exactly as it was. For a playout, whose
    /// board is its own: a copy per question cost more than the reading on 19×19.
    pub fn extension_escapes_in_place(&mut self, board: &mut Board, c: Point, budget: u32) -> bool {
        let lib = board.atari_liberty(c);
        // The reading settles what needs no reading first, as `extension_on_escapes`
        // does before it makes its copy.
        let mut reading = Reading {
            board,
            undo: &mut self.undo,
            budget,
        };
        reading.extend_on(0, c, lib)
    }

    /// The atari that captures the chain at `c` (two liberties, the opponent of its colour
    /// to move) in a ladder, if there is one within `budget` positions.
    pub fn capturing_atari(&mut self, board: &Board, c: Point, budget: u32) -> Option<Point> {
        let (libs, n) = liberties_upto::<3>(board, c);
        if n != 2 {
            return None;
        }
        let mut reading = self.read(board, budget);
        reading.attack(0, c, [libs[0], libs[1]])
    }

    /// Whether the chain at `c` (two liberties), its colour playing on its liberty `l`,
    /// ends with three liberties, or two that no ladder takes.
    pub fn extension_on_escapes(&mut self, board: &Board, c: Point, l: Point, budget: u32) -> bool {
        // Most questions are settled without a copy of the board.
        if let Some(escapes) = settled_without_reading(board, c, l) {
            return escapes;
        }
        let mut reading = self.read(board, budget);
        reading.extend_on(0, c, l)
    }

    /// A reading of `board` within `budget` positions.
    fn read(&mut self, board: &Board, budget: u32) -> Reading<'_> {
        match &mut self.board {
            Some(b) => b.clone_from(board),
            None => self.board = Some(board.clone()),
        }
        Reading {
            board: self.board.as_mut().expect("set above"),
            undo: &mut self.undo,
            budget,
        }
    }
}

/// A board ladder questions are asked on: a playout's own, read in place (every move
/// read is taken back), or one shared with others, read on the reader's copy (made
/// only for a question that needs reading).
pub trait LadderBoard {
    fn board(&self) -> &Board;
    /// [`LadderReader::extension_escapes`] on this board.
    fn extension_escapes(&mut self, ladders: &mut LadderReader, c: Point, budget: u32) -> bool;
}

impl LadderBoard for Board {
    fn board(&self) -> &Board {
        self
    }

    fn extension_escapes(&mut self, ladders: &mut LadderReader, c: Point, budget: u32) -> bool {
        ladders.extension_escapes_in_place(self, c, budget)
    }
}

impl LadderBoard for &Board {
    fn board(&self) -> &Board {
        self
    }

    fn extension_escapes(&mut self, ladders: &mut LadderReader, c: Point, budget: u32) -> bool {
        ladders.extension_escapes(self, c, budget)
    }
}

/// Whether the chain at `c` lives by playing on its liberty `lib`, when that needs no
/// reading: no chain, an illegal move, three liberties without captures, or at most one with
/// nothing to capture.
fn settled_without_reading(board: &Board, c: Point, lib: Point) -> Option<bool> {
    let Some(own) = board.cell(c).color() else {
        return Some(false);
    };
    if !board.is_legal_simple(lib, own) {
        return Some(false);
    }
    match board.liberties_after_upto::<3>(lib, own) {
        3 => Some(true),
        0 | 1 if !board.captures_any(lib, own) => Some(false),
        _ => None,
    }
}

/// One question's line of reading: the moves are played on `board` and taken back.
struct Reading<'a> {
    board: &'a mut Board,
    undo: &'a mut UndoLog,
    budget: u32,
}

impl Reading<'_> {
    /// The attacker (the opponent of the chain at `c`) to move against a chain with the
    /// two liberties `libs`, `ply` moves into the reading: an atari after which the chain
    /// cannot escape.
    fn attack(&mut self, ply: usize, c: Point, libs: [Point; 2]) -> Option<Point> {
        let defender = self.board.cell(c).color()?;
        let attacker = defender.opponent();
        if ply == MAX_PLIES {
            return None;
        }
        for (i, l) in libs.into_iter().enumerate() {
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            // The chain would run to its other liberty: with three empty points beside
            // it besides this atari's stone, that gives three liberties whatever the
            // atari captures, and the reading would end there.
            let run = libs[1 - i];
            let taken_beside_run = listed(&self.board.neighbours(run), l);
            if self.board.empty_neighbours(run) - u16::from(taken_beside_run) >= 3 {
                continue;
            }
            if !self.board.is_legal_simple(l, attacker) {
                continue;
            }
            let captures = if self.board.captures_any(l, attacker) {
                self.board.play_undoable(l, attacker, self.undo);
                let captures = self.board.in_atari(c) && !self.escapes(ply + 1, c, defender);
                self.board.undo(self.undo);
                captures
            } else {
                // An atari that takes nothing leaves the chain `run` alone, and changes
                // no attacking chain but those it joins: an attacker in atari now on
                // another point than `l` can still be taken, and that needs no move.
                if self.attacker_in_atari_besides(c, attacker, l) {
                    continue;
                }
                self.board.play_undoable(l, attacker, self.undo);
                let captures = !self.board.in_atari(l) && !self.extend_on(ply + 1, c, run);
                self.board.undo(self.undo);
                captures
            };
            if captures {
                return Some(l);
            }
        }
        None
    }

    /// Whether a chain of `attacker` next to the chain at `c` is in atari on another
    /// point than `except` (`NO_POINT`: on any point).
    fn attacker_in_atari_besides(&self, c: Point, attacker: Color, except: Point) -> bool {
        let board = &*self.board;
        board.chain_stones(c).any(|s| {
            board.neighbours(s).into_iter().any(|q| {
                board.cell(q).color() == Some(attacker)
                    && board.in_atari(q)
                    && board.atari_liberty(q) != except
            })
        })
    }

    /// The chain at `c`, in atari, its colour to move: whether it lives, by capturing an
    /// attacking stone in atari or by extending out of the ladder.
    fn escapes(&mut self, ply: usize, c: Point, own: Color) -> bool {
        if self.attacker_in_atari_besides(c, own.opponent(), NO_POINT) {
            return true;
        }
        let lib = self.board.atari_liberty(c);
        self.extend_on(ply, c, lib)
    }

    /// The chain at `c` plays on its liberty `lib`: whether that gains three liberties,
    /// or two that no ladder takes.
    fn extend_on(&mut self, ply: usize, c: Point, lib: Point) -> bool {
        if let Some(escapes) = settled_without_reading(self.board, c, lib) {
            return escapes;
        }
        // Reading too deep: the chain is taken to live, as when the budget runs out.
        if ply == MAX_PLIES {
            return true;
        }
        let Some(own) = self.board.cell(c).color() else {
            return false;
        };
        self.board.play_undoable(lib, own, self.undo);
        let (libs, n) = liberties_upto::<3>(self.board, c);
        let lives = match n {
            0 | 1 => false,
            2 => self.attack(ply + 1, c, [libs[0], libs[1]]).is_none(),
            _ => true,
        };
        self.board.undo(self.undo);
        lives
    }
}

/// White D5 in atari from Black C5, D4, D6 and E6 (Black's last move): extending to E5
/// leaves two liberties, and the ladder runs to the lower right edge.
#[cfg(test)]
pub(crate) const IN_LADDER: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "...XX....",
    "..XO.....",
    "...X.....",
    ".........",
    ".........",
    ".........",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::board::board_from;

    const BUDGET: u32 = 1_000;

    #[test]
    fn a_stone_in_a_ladder_cannot_run() {
        let b = board_from(&IN_LADDER);
        let white = b.point(3, 4);
        assert!(b.in_atari(white));
        let mut reader = LadderReader::default();
        assert!(!reader.extension_escapes(&b, white, BUDGET));
    }

    #[test]
    fn a_ladder_breaker_lets_the_stone_run() {
        let mut rows = IN_LADDER;
        rows[5] = "...X.O...";
        let b = board_from(&rows);
        let mut reader = LadderReader::default();
        assert!(reader.extension_escapes(&b, b.point(3, 4), BUDGET));
    }

    #[test]
    fn a_stone_with_three_liberties_after_extending_escapes() {
        let mut rows = IN_LADDER;
        rows[3] = ".........";
        rows[4] = "..XOX....";
        let b = board_from(&rows);
        let white = b.point(3, 4);
        assert!(b.in_atari(white));
        let mut reader = LadderReader::default();
        // Extending up to D6 gives C6, E6 and D7.
        assert!(reader.extension_escapes(&b, white, BUDGET));
    }

    #[test]
    fn the_capturing_atari_is_found() {
        // Before Black's D6: White D5 has two liberties, D6 and E5.
        let mut rows = IN_LADDER;
        rows[3] = "....X....";
        let b = board_from(&rows);
        let white = b.point(3, 4);
        let mut reader = LadderReader::default();
        let atari = reader.capturing_atari(&b, white, BUDGET);
        assert!(atari.is_some(), "the ladder is missed");
        let mut after = b.clone();
        after.play(atari.unwrap(), Color::Black);
        assert!(after.in_atari(white));
        assert!(!reader.extension_escapes(&after, white, BUDGET));
        // A chain in atari already, or with three liberties, is no ladder question.
        assert_eq!(reader.capturing_atari(&after, white, BUDGET), None);
    }

    #[test]
    fn no_atari_captures_with_breakers_on_both_sides() {
        let mut rows = IN_LADDER;
        rows[3] = "....X....";
        // F4 breaks the ladder to the lower right: only Black's E5, driving White up
        // to the left, still captures.
        rows[5] = "...X.O...";
        let b = board_from(&rows);
        let mut reader = LadderReader::default();
        let white = b.point(3, 4);
        assert_eq!(
            reader.capturing_atari(&b, white, BUDGET),
            Some(b.point(4, 4))
        );
        // B8 breaks that one too.
        rows[1] = ".O.......";
        let b = board_from(&rows);
        assert_eq!(reader.capturing_atari(&b, white, BUDGET), None);
    }

    /// The ladder as defined, every move played on a copy of the board: the chain at
    /// `c` (in atari) extends on its liberty and lives with three liberties, dies with
    /// one, and with two lives unless an atari captures it.
    fn naive_extension_escapes(board: &Board, c: Point, lib: Point) -> bool {
        let own = board.cell(c).color().expect("a stone");
        if !board.is_legal_simple(lib, own) {
            return false;
        }
        let mut after = board.clone();
        after.play(lib, own);
        match after.liberties(c)[..] {
            [] | [_] => false,
            [a, b] => naive_capturing_atari(&after, c, [a, b]).is_none(),
            _ => true,
        }
    }

    /// The atari on one of `libs` after which the chain at `c` cannot escape: it
    /// cannot take an attacking stone in atari, nor extend out of the ladder.
    fn naive_capturing_atari(board: &Board, c: Point, libs: [Point; 2]) -> Option<Point> {
        let defender = board.cell(c).color().expect("a stone");
        let attacker = defender.opponent();
        libs.into_iter().find(|&l| {
            if !board.is_legal_simple(l, attacker) {
                return false;
            }
            let mut after = board.clone();
            after.play(l, attacker);
            if !after.in_atari(c) {
                return false;
            }
            let takes_an_attacker = after.chain_stones(c).any(|s| {
                after
                    .neighbours(s)
                    .into_iter()
                    .any(|q| after.cell(q).color() == Some(attacker) && after.in_atari(q))
            });
            !takes_an_attacker && !naive_extension_escapes(&after, c, after.atari_liberty(c))
        })
    }

    #[test]
    fn the_reading_agrees_with_the_ladder_played_out_on_copies() {
        // Every chain in atari and every chain of two liberties of positions from
        // random games: the reader's answers (on a copy, and in place) against the
        // definition played out move by move.
        let mut rng = crate::rng::Rng::new(11);
        let mut reader = LadderReader::default();
        let (mut escapes, mut dies, mut ladders, mut no_ladders) = (0, 0, 0, 0);
        for game in 0..60 {
            let size = [9, 13, 19][game % 3];
            let mut b = Board::new(size);
            let mut color = Color::Black;
            for moves in 0..size * size * 2 {
                let Some(p) =
                    crate::games::go::policy::random_sensible_move(&b, color, &mut rng, false)
                else {
                    break;
                };
                b.play(p, color);
                color = color.opponent();
                if moves % 7 != 0 {
                    continue;
                }
                let mut asked = Vec::new();
                for c in b.points() {
                    if b.cell(c) == Cell::Empty || asked.contains(&b.chain_id(c)) {
                        continue;
                    }
                    asked.push(b.chain_id(c));
                    let libs = b.liberties(c);
                    if let [lib] = libs[..] {
                        let expected = naive_extension_escapes(&b, c, lib);
                        assert_eq!(reader.extension_escapes(&b, c, BUDGET), expected);
                        let mut in_place = b.clone();
                        let answer = reader.extension_escapes_in_place(&mut in_place, c, BUDGET);
                        assert_eq!(answer, expected);
                        crate::games::go::board::assert_same_position(&in_place, &b);
                        if expected {
                            escapes += 1;
                        } else {
                            dies += 1;
                        }
                    } else if let [a, l] = libs[..] {
                        let expected = naive_capturing_atari(&b, c, [a, l]);
                        let found = reader.capturing_atari(&b, c, BUDGET);
                        assert_eq!(found.is_some(), expected.is_some());
                        if expected.is_some() {
                            ladders += 1;
                        } else {
                            no_ladders += 1;
                        }
                    }
                }
            }
        }
        assert!(
            [escapes, dies, ladders, no_ladders]
                .iter()
                .all(|&n| n > 200),
            "too few of some answer: {escapes} {dies} {ladders} {no_ladders}"
        );
    }

    #[test]
    fn an_exhausted_budget_answers_no_ladder() {
        let b = board_from(&IN_LADDER);
        let mut reader = LadderReader::default();
        assert!(reader.extension_escapes(&b, b.point(3, 4), 1));
    }
}
