//! Blokus with Pentobi's rules and notation: Classic (four colours, two, three or four
//! players), Duo and Junior.

mod board;
mod book;
mod endgame;
mod engine;
mod knowledge;
mod notation;
mod pieces;
mod playout;
mod render;
mod replies;
mod rewards;
mod root_moves;
pub mod sgf;
mod tables;
mod variant;

pub use board::{Board, Colour, FinalScore, MAX_COLOURS, PlayError};
pub use book::{Book, BookError, Reply as BookReply, shipped_book};
pub use engine::{ColourMove, DEFAULT_PLAYOUTS, Engine, SearchPosition};
pub use knowledge::{Weights, feature, move_features, weights};
pub use notation::{
    ColourSyntaxError, MoveSyntaxError, format_colour, format_move, parse_colour, parse_move,
};
pub use pieces::{NUM_PIECES, PIECE_NAMES, Piece, piece_by_name, piece_size};
pub use playout::Playout;
pub use rewards::share_beaten;
pub use tables::{MoveId, Tables};
pub use variant::Variant;
