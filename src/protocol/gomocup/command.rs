//! The Piskvork ("pbrain") protocol's commands, as data.

/// A raw coordinate pair from the manager; the session checks it against the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    pub x: i64,
    pub y: i64,
}

/// One line of a `BOARD`, `YXBOARD` or `SWAP2BOARD` body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    pub at: Coord,
    /// 1 own stone, 2 opponent's, 3 winning line (continuous game); absent in
    /// `SWAP2BOARD` bodies, which give bare `x,y` stones.
    pub field: Option<u8>,
}

/// Which multi-line body is being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// `BOARD`: set the position, then answer a move.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
    /// `SWAP2BOARD`: 0, 3 or 5 opening stones, then a swap2 decision.
    Swap2,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` (Yixin also sends `START w h`).
    Start {
        width: i64,
        height: i64,
    },
    /// `RECTSTART w,h`.
    RectStart {
        width: i64,
        height: i64,
    },
    Restart,
    Begin,
    Turn(Coord),
    /// `BOARD`, `YXBOARD`, `SWAP2BOARD`: a body of stones follows, ended by `DONE`.
    Body(BodyKind),
    /// `INFO key value`, the value being the rest of the line.
    Info {
        key: String,
        value: String,
    },
    End,
    About,
    Takeback(Coord),
    Play(Coord),
    YxShowForbid,
    YxStop,
}
