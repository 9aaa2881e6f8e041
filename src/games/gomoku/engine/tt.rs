//! Transposition table: one always-replace slot per bucket, sized in bytes. Entries are
//! two words of zeros when empty, so a new table is lazily zeroed memory: allocating
//! it costs no time and no resident memory until it is used.

/// `key`, then `score` (32 bits) | `mv` (16) | `depth` (8) | `bound` (8).
type Slot = [u64; 2];

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub enum Bound {
    #[default]
    None,
    Exact,
    Lower,
    Upper,
}

impl Bound {
    fn from_bits(bits: u64) -> Bound {
        match bits & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::None,
        }
    }
}

pub struct Hit {
    pub score: i32,
    pub mv: Option<usize>,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table using at most `bytes` bytes (a power of two number of entries, at least 1024).
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / size_of::<Slot>()).max(1024);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            slots: vec![[0; 2]; len],
            mask: len - 1,
        }
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * size_of::<Slot>()
    }

    pub fn clear(&mut self) {
        self.slots.fill([0; 2]);
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let [stored, data] = self.slots[key as usize & self.mask];
        let bound = Bound::from_bits(data >> 56);
        (stored == key && bound != Bound::None).then(|| {
            let mv = ((data >> 32) & 0xffff) as usize;
            Hit {
                score: data as u32 as i32,
                mv: (mv != 0).then_some(mv),
                depth: ((data >> 48) & 0xff) as u8 as i8 as i32,
                bound,
            }
        })
    }

    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<usize>) {
        let slot = &mut self.slots[key as usize & self.mask];
        if slot[0] == key {
            let old_depth = ((slot[1] >> 48) & 0xff) as u8 as i8 as i32;
            if old_depth > depth && bound != Bound::Exact {
                return;
            }
        }
        let depth = depth.clamp(-100, 100) as i8 as u8 as u64;
        let bound_bits = match bound {
            Bound::None => 0,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = score as u32 as u64
            | (mv.unwrap_or(0) as u64 & 0xffff) << 32
            | depth << 48
            | bound_bits << 56;
        *slot = [key, data];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let mut t = Table::with_bytes(1 << 16);
        t.store(12345, -3, -29_990, Bound::Lower, Some(700));
        let hit = t.probe(12345).unwrap();
        assert_eq!(
            (hit.score, hit.mv, hit.depth, hit.bound),
            (-29_990, Some(700), -3, Bound::Lower)
        );
        assert!(t.probe(54321).is_none());
        t.clear();
        assert!(t.probe(12345).is_none());
    }
}
