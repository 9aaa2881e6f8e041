//! Last good replies for the playouts (LGRF-2): per colour, the move it last played
//! after a given move, and after a given pair of moves, in a playout its side won; a
//! reply is forgotten as soon as it is played in a playout that side loses. Blokus
//! answers are local and urgent (take the corner the opponent just opened), and the
//! same fights recur across playouts of one search, so remembering what worked
//! sharpens the playouts as the search goes on.

use super::board::Colour;
use super::tables::MoveId;

/// A move with its colour, unique across colours: `colour * placements + move`.
pub type MoveKey = u32;

/// Entries of the table of replies to pairs of moves.
const PAIR_BITS: u32 = 16;

#[derive(Clone, Copy, Default)]
struct PairEntry {
    tag: u64,
    /// Reply + 1; 0 = none.
    reply: u32,
}

pub struct Replies {
    num_keys: usize,
    /// Per colour and previous move: the reply + 1, 0 = none.
    to_move: Vec<u32>,
    to_pair: Vec<PairEntry>,
}

impl Replies {
    pub fn new(num_colours: usize, num_keys: usize) -> Replies {
        Replies {
            num_keys,
            to_move: vec![0; num_colours * num_keys],
            to_pair: vec![PairEntry::default(); 1 << PAIR_BITS],
        }
    }

    /// The replies of `c` remembered after `second` then `last`: to the pair first,
    /// then to the last move alone.
    pub fn get(&self, c: Colour, last: MoveKey, second: Option<MoveKey>) -> [Option<MoveId>; 2] {
        let pair = second.and_then(|second| {
            let (i, tag) = self.pair_slot(c, last, second);
            let entry = self.to_pair[i];
            (entry.tag == tag && entry.reply != 0).then(|| entry.reply - 1)
        });
        let single = self.to_move[self.move_slot(c, last)];
        [pair, single.checked_sub(1)]
    }

    /// Remembers `reply` as `c`'s answer, which won.
    pub fn store(&mut self, c: Colour, last: MoveKey, second: Option<MoveKey>, reply: MoveId) {
        let slot = self.move_slot(c, last);
        self.to_move[slot] = reply + 1;
        if let Some(second) = second {
            let (i, tag) = self.pair_slot(c, last, second);
            self.to_pair[i] = PairEntry {
                tag,
                reply: reply + 1,
            };
        }
    }

    /// Forgets `reply` as `c`'s answer, which lost.
    pub fn forget(&mut self, c: Colour, last: MoveKey, second: Option<MoveKey>, reply: MoveId) {
        let slot = self.move_slot(c, last);
        if self.to_move[slot] == reply + 1 {
            self.to_move[slot] = 0;
        }
        if let Some(second) = second {
            let (i, tag) = self.pair_slot(c, last, second);
            if self.to_pair[i].tag == tag && self.to_pair[i].reply == reply + 1 {
                self.to_pair[i].reply = 0;
            }
        }
    }

    fn move_slot(&self, c: Colour, last: MoveKey) -> usize {
        c * self.num_keys + last as usize
    }

    fn pair_slot(&self, c: Colour, last: MoveKey, second: MoveKey) -> (usize, u64) {
        let tag = ((c as u64) << 58 | (second as u64) << 29 | last as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            | 1;
        ((tag >> (64 - PAIR_BITS)) as usize, tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_remembered_per_colour_and_forgotten_when_they_lose() {
        let mut replies = Replies::new(2, 100);
        assert_eq!(replies.get(0, 7, Some(3)), [None, None]);
        replies.store(0, 7, Some(3), 42);
        assert_eq!(replies.get(0, 7, Some(3)), [Some(42), Some(42)]);
        assert_eq!(replies.get(0, 7, Some(4)), [None, Some(42)]);
        assert_eq!(replies.get(1, 7, Some(3)), [None, None]);
        replies.forget(0, 7, Some(3), 41);
        assert_eq!(replies.get(0, 7, Some(3)), [Some(42), Some(42)]);
        replies.forget(0, 7, Some(3), 42);
        assert_eq!(replies.get(0, 7, Some(3)), [None, None]);
    }
}
