//! The game value: a position under a rule set, with its history, outcome and hash.

use super::board::{BLACK, Board, CELLS, Color, EMPTY, MAX_SIZE, MIN_SIZE, Point, WHITE};
use super::forbidden::{self, Foul, FoulSet};
use super::notation::{self, NotationError};
use super::rules::{Rules, Variant};
use crate::rng::zobrist_keys;
use thiserror::Error;

/// Zobrist keys: one per padded cell and colour, plus the side to move.
static ZOBRIST: [u64; 2 * CELLS + 1] = zobrist_keys::<{ 2 * CELLS + 1 }>(0x6f6d_6f6b_2035);

pub(crate) fn zobrist(index: usize, color: Color) -> u64 {
    ZOBRIST[2 * index + color.index()]
}

pub(crate) fn zobrist_side() -> u64 {
    ZOBRIST[2 * CELLS]
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
}

/// A board size outside 5..=32.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unacceptable size {width}x{height} (sides must be 5 to 32)")]
pub struct SizeError {
    pub width: usize,
    pub height: usize,
}

/// A well-formed move the rules do not allow here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("point is occupied")]
    Occupied,
    #[error("game is over")]
    GameOver,
    #[error("forbidden point for black ({})", .0.name())]
    Forbidden(Foul),
}

#[derive(Clone, Copy, Debug)]
struct Record {
    index: u16,
    color: Color,
    prev_to_move: Color,
    prev_outcome: Option<Outcome>,
    scored: bool,
}

/// A five-in-a-row position: board, rules, history.
#[derive(Clone)]
pub struct Gomoku {
    rules: Rules,
    board: Board,
    history: Vec<Record>,
    to_move: Color,
    outcome: Option<Outcome>,
    /// Fives made by each colour (continuous game only).
    fives: [u32; 2],
    hash: u64,
}

impl Gomoku {
    pub fn new(rules: Rules, width: usize, height: usize) -> Result<Gomoku, SizeError> {
        let ok = |n| (MIN_SIZE..=MAX_SIZE).contains(&n);
        if !ok(width) || !ok(height) {
            return Err(SizeError { width, height });
        }
        Ok(Gomoku {
            rules,
            board: Board::new(width, height),
            history: Vec::with_capacity(width * height),
            to_move: Color::Black,
            outcome: None,
            fives: [0; 2],
            hash: 0,
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn width(&self) -> usize {
        self.board.width()
    }

    pub fn height(&self) -> usize {
        self.board.height()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Who moves next, for set-ups whose colours do not alternate.
    pub fn set_to_move(&mut self, color: Color) {
        if color != self.to_move {
            self.hash ^= zobrist_side();
        }
        self.to_move = color;
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Fives scored so far by `color` in a continuous game.
    pub fn fives(&self, color: Color) -> u32 {
        self.fives[color.index()]
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn stone_at(&self, p: Point) -> Option<Color> {
        match self.board.at(p) {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// The moves played so far, in order.
    pub fn history(&self) -> impl ExactSizeIterator<Item = (Point, Color)> + '_ {
        self.history
            .iter()
            .map(|r| (Point::from_index(r.index as usize), r.color))
    }

    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    fn contains(&self, p: Point) -> bool {
        self.board.contains(p.x as usize, p.y as usize)
    }

    /// The foul Black would commit at the empty point `p`, under these rules (`None`
    /// where the rules forbid nothing, where the point is occupied, or where Black
    /// makes a winning five).
    pub fn foul_at(&self, p: Point) -> Option<Foul> {
        let fouls = self.foul_set()?;
        if !self.contains(p) || self.board.at(p) != EMPTY {
            return None;
        }
        let mut scratch = self.board.clone();
        forbidden::foul_at(&mut scratch, p.index(), fouls)
    }

    /// Black's forbidden points with their kind, whoever is to move.
    pub fn forbidden_points(&self) -> Vec<(Point, Foul)> {
        match self.foul_set() {
            Some(fouls) => forbidden::forbidden_points(&mut self.board.clone(), fouls),
            None => Vec::new(),
        }
    }

    /// The fouls Black's moves are judged by, if any.
    pub(crate) fn foul_set(&self) -> Option<FoulSet> {
        match self.rules.variant {
            Variant::Renju => Some(FoulSet::RENJU),
            _ if self.rules.black_double_three_forbidden => Some(FoulSet::DOUBLE_THREE_ONLY),
            _ => None,
        }
    }

    /// Why the side to move may not play `p` (which must be on the board), if it may not.
    pub fn check(&self, p: Point) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if self.board.at(p) != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        if self.rules.has_forbidden(self.to_move)
            && let Some(foul) = self.foul_at(p)
        {
            return Err(IllegalMove::Forbidden(foul));
        }
        Ok(())
    }

    pub fn is_legal(&self, p: Point) -> bool {
        self.contains(p) && self.check(p).is_ok()
    }

    /// Plays `p` for the side to move; the position is unchanged on error.
    pub fn play(&mut self, p: Point) -> Result<(), IllegalMove> {
        self.check(p)?;
        self.place_unchecked(p.index(), self.to_move);
        Ok(())
    }

    /// Puts a stone of `color` on the empty point `p` without judging fouls (set-ups and
    /// records whose legality a referee already decided); `color`'s opponent moves next.
    pub fn place(&mut self, p: Point, color: Color) -> Result<(), IllegalMove> {
        if self.board.at(p) != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        self.place_unchecked(p.index(), color);
        Ok(())
    }

    /// Plays the side to move at an empty padded-grid index, no checks (search).
    pub fn play_unchecked(&mut self, index: usize) {
        self.place_unchecked(index, self.to_move);
    }

    fn place_unchecked(&mut self, index: usize, color: Color) {
        let record = Record {
            index: index as u16,
            color,
            prev_to_move: self.to_move,
            prev_outcome: self.outcome,
            scored: false,
        };
        self.board.set(index, color.cell());
        self.hash ^= zobrist(index, color);
        if self.to_move != color.opponent() {
            self.hash ^= zobrist_side();
        }
        self.to_move = color.opponent();
        self.history.push(record);
        let full = self.history.len() == self.width() * self.height();
        if self.outcome.is_none() && self.rules.wins_at(&self.board, index, color) {
            if self.rules.continuous {
                self.fives[color.index()] += 1;
                self.history.last_mut().unwrap().scored = true;
            } else {
                self.outcome = Some(Outcome::Win(color));
            }
        }
        if self.outcome.is_none() && full {
            self.outcome = Some(self.outcome_by_score());
        }
    }

    /// A full board in a continuous game goes to the colour with more fives.
    fn outcome_by_score(&self) -> Outcome {
        let [black, white] = self.fives;
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win(Color::Black),
            std::cmp::Ordering::Less => Outcome::Win(Color::White),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// Takes back the last move; `None` on an empty board.
    pub fn undo(&mut self) -> Option<(Point, Color)> {
        let record = self.history.pop()?;
        let index = record.index as usize;
        self.board.set(index, EMPTY);
        self.hash ^= zobrist(index, record.color);
        if record.scored {
            self.fives[record.color.index()] -= 1;
        }
        self.outcome = record.prev_outcome;
        self.set_to_move(record.prev_to_move);
        Some((Point::from_index(index), record.color))
    }

    /// Removes the stone at `p` wherever it is in the history (Gomocup `TAKEBACK`
    /// names the stone), replaying the later moves.
    pub fn take_back(&mut self, p: Point) -> bool {
        let Some(pos) = self
            .history
            .iter()
            .position(|r| r.index as usize == p.index())
        else {
            return false;
        };
        let mut later = Vec::new();
        while self.history.len() > pos + 1 {
            later.push(self.undo().unwrap());
        }
        let (_, color) = self.undo().unwrap();
        for (q, c) in later.into_iter().rev() {
            self.place_unchecked(q.index(), c);
        }
        self.set_to_move(color);
        true
    }

    /// The points the side to move may play; empty when the game is over.
    pub fn legal_moves(&self) -> Vec<Point> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let fouls = if self.rules.has_forbidden(self.to_move) {
            self.foul_set()
        } else {
            None
        };
        let mut scratch = self.board.clone();
        let empties: Vec<usize> = self
            .board
            .indices()
            .filter(|&i| self.board.get(i) == EMPTY)
            .collect();
        empties
            .into_iter()
            .filter(|&i| fouls.is_none_or(|f| forbidden::foul_at(&mut scratch, i, f).is_none()))
            .map(Point::from_index)
            .collect()
    }

    /// Parses a GTP vertex (`H8`) on this board.
    pub fn parse_move(&self, text: &str) -> Result<Point, NotationError> {
        notation::parse_gtp(text, self.width(), self.height())
    }

    pub fn format_move(&self, p: Point) -> String {
        notation::format_gtp(p)
    }

    /// Parses Gomocup `x,y` on this board.
    pub fn parse_gomocup(&self, text: &str) -> Result<Point, NotationError> {
        notation::parse_gomocup(text, self.width(), self.height())
    }

    pub fn format_gomocup(&self, p: Point) -> String {
        notation::format_gomocup(p)
    }

    /// A human diagram: top row first, column letters below, `X` black, `O` white.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for y in (0..self.height()).rev() {
            out.push_str(&format!("{:>2} ", y + 1));
            for x in 0..self.width() {
                out.push(self.cell_char(x, y));
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out.push_str("   ");
        let letters: Vec<String> = (0..self.width()).map(notation::column_name).collect();
        out.push_str(&letters.join(" "));
        out.push('\n');
        out
    }

    /// The board for `gogui-rules_board`: rows top first, `X`/`O`/`.` separated by spaces.
    pub fn gogui_board(&self) -> String {
        (0..self.height())
            .rev()
            .map(|y| {
                (0..self.width())
                    .map(|x| self.cell_char(x, y).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Gomoku {
    /// One point as the text boards show it: `X` Black, `O` White, `.` empty.
    pub fn cell_char(&self, x: usize, y: usize) -> char {
        stone_char(self.board.at(Point::new(x, y)))
    }
}

fn stone_char(cell: u8) -> char {
    match cell {
        BLACK => 'X',
        WHITE => 'O',
        _ => '.',
    }
}
