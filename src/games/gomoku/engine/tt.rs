//! Transposition table: one always-replace slot per bucket, sized in bytes.

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: i8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub enum Bound {
    #[default]
    None,
    Exact,
    Lower,
    Upper,
}

pub struct Hit {
    pub score: i32,
    pub mv: Option<usize>,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table using at most `bytes` bytes (a power of two number of entries, at least 1024).
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / size_of::<Entry>()).max(1024);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
        }
    }

    pub fn bytes(&self) -> usize {
        self.entries.len() * size_of::<Entry>()
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        (e.key == key && e.bound != Bound::None).then(|| Hit {
            score: e.score,
            mv: (e.mv != 0).then_some(e.mv as usize),
            depth: e.depth as i32,
            bound: e.bound,
        })
    }

    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<usize>) {
        let e = &mut self.entries[key as usize & self.mask];
        if e.key == key && e.depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        *e = Entry {
            key,
            score,
            mv: mv.map_or(0, |m| m as u16),
            depth: depth.clamp(-100, 100) as i8,
            bound,
        };
    }
}
