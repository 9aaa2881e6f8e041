//! A game of Go: the board plus everything the rules need beyond it (whose turn, the
//! history for superko and undo, handicap, komi, passes).

use super::board::{Board, Cell, Color, MAX_SIZE, NO_POINT, Point};
use super::handicap;
use super::rules::{KoRule, RuleSet};
use super::score::{self, Score};
use crate::games::coord;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Pass,
    Play(Point),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    #[error("point is occupied")]
    Occupied,
    #[error("ko recapture")]
    Ko,
    #[error("suicide")]
    Suicide,
    #[error("position repeats (superko)")]
    Superko,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    #[error("board not empty")]
    BoardNotEmpty,
    #[error("invalid number of stones")]
    InvalidNumber,
    #[error("bad vertex list")]
    BadVertexList,
}

#[derive(Clone)]
struct Snapshot {
    board: Board,
    to_move: Color,
    passes: u32,
}

#[derive(Clone)]
pub struct GoGame {
    rules: RuleSet,
    komi: f64,
    board: Board,
    to_move: Color,
    /// Black stones given as handicap (setup, not moves).
    handicap: usize,
    /// Stones that were on the board before the first move (handicap or SGF setup).
    setup: Vec<(Color, Point)>,
    moves: Vec<(Color, Move)>,
    undo: Vec<Snapshot>,
    /// Every position of the game (board hash, player to move), the initial one first.
    history: Vec<(u64, Color)>,
    consecutive_passes: u32,
}

pub const MIN_SIZE: usize = 2;
pub const DEFAULT_KOMI: f64 = 7.5;

/// The largest komi either way: far more than the points of the largest board (625),
/// so no game needs more, and small enough that every score stays a plain number in
/// the search's `f32`s and in what the daemon prints.
pub const MAX_KOMI: f64 = 10_000.0;

/// `komi` if a game can have it: a finite number of at most `MAX_KOMI` either way.
pub fn acceptable_komi(komi: f64) -> Option<f64> {
    (komi.is_finite() && komi.abs() <= MAX_KOMI).then_some(komi)
}

/// The most Black stones before White's first move that are read as handicap stones.
const MAX_INFERRED_HANDICAP: usize = 9;

impl GoGame {
    pub fn new(size: usize, rules: RuleSet, komi: f64) -> GoGame {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size));
        let board = Board::new(size);
        let history = vec![(board.hash(), Color::Black)];
        GoGame {
            rules,
            komi,
            board,
            to_move: Color::Black,
            handicap: 0,
            setup: Vec::new(),
            moves: Vec::new(),
            undo: Vec::new(),
            history,
            consecutive_passes: 0,
        }
    }

    /// The same settings on an empty board.
    pub fn cleared(&self) -> GoGame {
        GoGame::new(self.size(), self.rules, self.komi)
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    pub fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
    }

    pub fn komi(&self) -> f64 {
        self.komi
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Makes `color` the player to move (SGF `PL`).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if self.moves.is_empty() {
            self.history = vec![(self.board.hash(), color)];
        }
    }

    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    pub fn setup(&self) -> &[(Color, Point)] {
        &self.setup
    }

    /// Hash of the position the game started from (after handicap or setup).
    pub fn start_hash(&self) -> u64 {
        self.history[0].0
    }

    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// Two passes in a row end the game (play may still go on afterwards).
    pub fn is_over(&self) -> bool {
        self.consecutive_passes >= 2
    }

    /// Handicap stones for compensation: those placed as handicap, or else the Black
    /// stones played before White's first move when there are two to nine of them,
    /// which is how some GUIs send handicap (more than nine is a position being set up).
    pub fn handicap(&self) -> usize {
        if self.handicap > 0 {
            return self.handicap;
        }
        let leading_black = self
            .moves
            .iter()
            .take_while(|(c, m)| *c == Color::Black && *m != Move::Pass)
            .count();
        if (2..=MAX_INFERRED_HANDICAP).contains(&leading_black) && self.moves.len() > leading_black
        {
            leading_black
        } else {
            0
        }
    }

    /// Whether `color` may play `mv` now under the rules.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), Illegal> {
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        if self.board.cell(p) != Cell::Empty {
            return Err(Illegal::Occupied);
        }
        let captures = self.board.captures_any(p, color);
        if !captures && self.board.is_suicide(p, color) && !self.rules.suicide_allowed() {
            return Err(Illegal::Suicide);
        }
        match self.rules.ko() {
            KoRule::Simple => {
                // The ko point only binds the player who would recapture.
                let last_mover = self.moves.last().map(|(c, _)| *c);
                if p == self.board.ko_point() && last_mover == Some(color.opponent()) {
                    return Err(Illegal::Ko);
                }
            }
            KoRule::Positional => {
                let h = self.board.hash_after(p, color);
                if self.history.iter().any(|&(seen, _)| seen == h) {
                    return Err(Illegal::Superko);
                }
            }
            KoRule::Situational => {
                let h = self.board.hash_after(p, color);
                let next = color.opponent();
                if self.history.iter().any(|&(seen, c)| seen == h && c == next) {
                    return Err(Illegal::Superko);
                }
            }
        }
        Ok(())
    }

    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.check(color, mv).is_ok()
    }

    /// Plays `mv` for `color` (either colour may move, as GTP allows), or leaves the game
    /// untouched and says why not.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        self.check(color, mv)?;
        self.apply(color, mv);
        Ok(())
    }

    /// Replays a recorded move that only has to land on an empty point: a record is
    /// history, even where the current ko or suicide rule would have refused the move.
    pub fn force_play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        if let Move::Play(p) = mv
            && self.board.cell(p) != Cell::Empty
        {
            return Err(Illegal::Occupied);
        }
        self.apply(color, mv);
        Ok(())
    }

    fn apply(&mut self, color: Color, mv: Move) {
        self.undo.push(Snapshot {
            board: self.board.clone(),
            to_move: self.to_move,
            passes: self.consecutive_passes,
        });
        match mv {
            Move::Pass => {
                self.board.clear_ko();
                self.consecutive_passes += 1;
            }
            Move::Play(p) => {
                self.board.play(p, color);
                self.consecutive_passes = 0;
            }
        }
        self.moves.push((color, mv));
        self.to_move = color.opponent();
        self.history.push((self.board.hash(), self.to_move));
    }

    /// Takes back the last move; false at the start of the game (handicap stays).
    pub fn undo(&mut self) -> bool {
        let Some(snapshot) = self.undo.pop() else {
            return false;
        };
        self.board = snapshot.board;
        self.to_move = snapshot.to_move;
        self.consecutive_passes = snapshot.passes;
        self.moves.pop();
        self.history.pop();
        true
    }

    /// Every point where `color` may play now (pass not included), bottom row first.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.is_legal(color, Move::Play(p)))
            .collect()
    }

    fn board_is_empty(&self) -> bool {
        self.board.stone_count() == 0 && self.moves.is_empty()
    }

    /// Places Black handicap stones on an empty board; White moves next.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        if !self.board_is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        let max = self.size() * self.size() - 1;
        if points.len() < 2 || points.len() > max {
            return Err(HandicapError::BadVertexList);
        }
        for (i, p) in points.iter().enumerate() {
            if points[..i].contains(p) {
                return Err(HandicapError::BadVertexList);
            }
        }
        for &p in points {
            self.board.setup_stone(p, Color::Black);
            self.setup.push((Color::Black, p));
        }
        self.handicap = points.len();
        self.set_to_move(Color::White);
        Ok(())
    }

    /// The standard handicap points for `stones`, placed; top row first as GNU Go lists them.
    pub fn place_fixed_handicap(&mut self, stones: usize) -> Result<Vec<Point>, HandicapError> {
        if !self.board_is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        let mut spots =
            handicap::fixed_handicap(self.size(), stones).ok_or(HandicapError::InvalidNumber)?;
        spots.sort_by_key(|&(x, y)| (std::cmp::Reverse(y), x));
        let points: Vec<Point> = spots.iter().map(|&(x, y)| self.board.point(x, y)).collect();
        self.place_handicap(&points)?;
        Ok(points)
    }

    /// Stones put on the board by an SGF file (`AB`/`AW`) before any move.
    pub fn add_setup_stone(&mut self, color: Color, p: Point) -> bool {
        if !self.moves.is_empty() || !self.board.setup_stone(p, color) {
            return false;
        }
        self.setup.push((color, p));
        self.history = vec![(self.board.hash(), self.to_move)];
        true
    }

    /// Declares how many of the setup stones are handicap (SGF `HA`).
    pub fn set_handicap_count(&mut self, stones: usize) {
        self.handicap = stones;
    }

    /// The stones the estimate considers dead (none under Tromp-Taylor).
    pub fn dead_stones(&self) -> Vec<Point> {
        self.status().dead
    }

    /// Dead stones and stones in seki, as the engine's playouts judge them.
    pub fn status(&self) -> score::Status {
        score::status(&self.board, self.to_move, self.rules)
    }

    /// The count with exactly the stones of `dead_stones` removed.
    pub fn score(&self) -> Score {
        let dead = self.dead_stones();
        score::count(&self.board, &dead, self.rules, self.komi, self.handicap())
    }

    /// Chains as lists of points, one chain per entry, each sorted; chains in board order.
    pub fn chains_of(&self, stones: &[Point]) -> Vec<Vec<Point>> {
        let mut chains: Vec<Vec<Point>> = Vec::new();
        let mut done: Vec<Point> = Vec::new();
        for &p in stones {
            let id = self.board.chain_id(p);
            if done.contains(&id) {
                continue;
            }
            done.push(id);
            let mut chain: Vec<Point> = self.board.chain_stones(p).collect();
            chain.sort_unstable_by_key(|&q| self.display_order(q));
            chains.push(chain);
        }
        chains.sort_by_key(|c| self.display_order(c[0]));
        chains
    }

    /// Sorts points top row first, left to right.
    pub fn sort_for_display(&self, points: &mut [Point]) {
        points.sort_unstable_by_key(|&p| self.display_order(p));
    }

    /// Top row first, left to right.
    fn display_order(&self, p: Point) -> (std::cmp::Reverse<usize>, usize) {
        let (x, y) = self.board.coords(p);
        (std::cmp::Reverse(y), x)
    }

    pub fn parse_point(&self, text: &str) -> Option<Point> {
        let (x, y) = coord::parse_point(text, self.size(), self.size())?;
        Some(self.board.point(x, y))
    }

    /// A GTP vertex: `pass` (any case) or a point of this board.
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            Some(Move::Pass)
        } else {
            self.parse_point(text).map(Move::Play)
        }
    }

    pub fn format_point(&self, p: Point) -> String {
        let (x, y) = self.board.coords(p);
        coord::format_point(x, y)
    }

    pub fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => self.format_point(p),
        }
    }

    /// Rows top first, `X` Black, `O` White, `.` empty.
    pub fn rows(&self) -> Vec<String> {
        let n = self.size();
        (0..n)
            .rev()
            .map(|y| {
                (0..n)
                    .map(|x| match self.board.cell(self.board.point(x, y)) {
                        Cell::Black => 'X',
                        Cell::White => 'O',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The board for people, with coordinates and the last move in parentheses.
    pub fn render(&self) -> String {
        let n = self.size();
        let last = match self.moves.last() {
            Some((_, Move::Play(p))) => *p,
            _ => NO_POINT,
        };
        let letters: String = (0..n)
            .map(|x| format!(" {}", coord::column_letter(x)))
            .collect();
        let mut out = format!("  {letters}\n");
        for (i, row) in self.rows().iter().enumerate() {
            let y = n - 1 - i;
            let mut line = format!("{:>2} ", y + 1);
            for (x, ch) in row.chars().enumerate() {
                let p = self.board.point(x, y);
                if p == last {
                    line.pop();
                    line.push('(');
                    line.push(ch);
                    line.push(')');
                } else {
                    line.push(ch);
                    line.push(' ');
                }
            }
            line.push_str(&format!("{}", y + 1));
            match i {
                0 => line.push_str(&format!(
                    "    captures: black {}, white {}",
                    self.board.prisoners(Color::Black),
                    self.board.prisoners(Color::White)
                )),
                1 => line.push_str(&format!(
                    "    {} to move, komi {}, rules {}",
                    color_name(self.to_move),
                    self.komi,
                    self.rules
                )),
                _ => {}
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push_str(&format!("  {letters}"));
        out
    }
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(g: &mut GoGame, c: Color, v: &str) -> Result<(), Illegal> {
        let mv = g.parse_move(v).unwrap();
        g.play(c, mv)
    }

    #[test]
    fn suicide_is_refused_unless_the_rules_allow_it() {
        for (rules, allowed) in [(RuleSet::Japanese, false), (RuleSet::NewZealand, true)] {
            let mut g = GoGame::new(5, rules, 0.0);
            play(&mut g, Color::White, "B1").unwrap();
            play(&mut g, Color::White, "A2").unwrap();
            assert_eq!(play(&mut g, Color::Black, "A1").is_ok(), allowed, "{rules}");
        }
        let mut g = GoGame::new(5, RuleSet::TrompTaylor, 0.0);
        play(&mut g, Color::White, "B1").unwrap();
        play(&mut g, Color::White, "A2").unwrap();
        // Single-stone suicide recreates the position: positional superko forbids it.
        assert_eq!(play(&mut g, Color::Black, "A1"), Err(Illegal::Superko));
    }

    #[test]
    fn simple_ko_forbids_only_the_immediate_recapture() {
        let mut g = GoGame::new(5, RuleSet::Japanese, 0.0);
        for (c, v) in [
            (Color::Black, "B3"),
            (Color::White, "C3"),
            (Color::Black, "A2"),
            (Color::White, "D2"),
            (Color::Black, "B1"),
            (Color::White, "C1"),
            (Color::Black, "E5"),
            (Color::White, "B2"),
            (Color::Black, "C2"),
        ] {
            play(&mut g, c, v).unwrap();
        }
        assert_eq!(play(&mut g, Color::White, "B2"), Err(Illegal::Ko));
        play(&mut g, Color::White, "E4").unwrap();
        play(&mut g, Color::Black, "E3").unwrap();
        play(&mut g, Color::White, "B2").unwrap();
    }

    #[test]
    fn undo_restores_everything_and_stops_at_the_start() {
        let mut g = GoGame::new(9, RuleSet::Chinese, 7.5);
        g.place_fixed_handicap(2).unwrap();
        let before = g.rows();
        play(&mut g, Color::White, "E5").unwrap();
        play(&mut g, Color::Black, "pass").unwrap();
        assert!(g.undo() && g.undo());
        assert_eq!(g.rows(), before);
        assert_eq!(g.to_move(), Color::White);
        assert!(!g.undo());
        assert_eq!(g.handicap(), 2);
    }

    #[test]
    fn black_stones_before_whites_first_move_are_handicap_up_to_nine() {
        for (leading, expected) in [(1, 0), (2, 2), (9, 9), (10, 0)] {
            let mut g = GoGame::new(19, RuleSet::Chinese, 7.5);
            for x in 0..leading {
                g.play(Color::Black, Move::Play(g.board().point(x, 3)))
                    .unwrap();
            }
            g.play(Color::White, Move::Play(g.board().point(0, 10)))
                .unwrap();
            assert_eq!(g.handicap(), expected, "{leading} Black stones first");
        }
    }

    #[test]
    fn handicap_needs_an_empty_board_and_a_valid_count() {
        let mut g = GoGame::new(9, RuleSet::Japanese, 0.5);
        assert_eq!(
            g.place_fixed_handicap(10),
            Err(HandicapError::InvalidNumber)
        );
        play(&mut g, Color::Black, "A1").unwrap();
        assert_eq!(g.place_fixed_handicap(2), Err(HandicapError::BoardNotEmpty));
    }
}
