//! Damage to a well-formed command line: the shapes bad input takes on the wire (stray
//! bytes, lost or doubled words, odd numbers, odd case, huge tokens). A mutated line
//! never contains a LF, so it stays one line.

use super::rng::Rng;

/// Numbers that break naive parsing: signs, overflow, floats where ints go, NaN.
pub const ODD_NUMBERS: &[&str] = &[
    "-1",
    "0",
    "-0",
    "+5",
    "1.5",
    "1e3",
    "1e309",
    "-1e309",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "4294967296",
    "2147483648",
    "9223372036854775808",
    "99999999999999999999",
    "0x10",
    "1e-320",
    "",
];

/// Bytes worth inserting: controls GTP drops, comment marks, invalid UTF-8.
const ODD_BYTES: &[u8] = &[
    0, b'\r', b'\t', b'#', b' ', b',', 0x7f, 0xff, 0xc3, 0x80, b'-', b'9',
];

/// Sizes of very long tokens; the last is past GTP's 1 MiB line limit, and all but the
/// first two are past Gomocup's 64 KiB.
const LONG: &[usize] = &[300, 5_000, 70_000, 300_000, (1 << 20) + 10];

/// Returns `line` damaged once or a few times.
pub fn mutate(rng: &mut Rng, line: &[u8]) -> Vec<u8> {
    let mut out = line.to_vec();
    for _ in 0..1 + rng.below(3) {
        out = mutate_once(rng, &out);
    }
    out.retain(|&b| b != b'\n');
    out
}

fn mutate_once(rng: &mut Rng, line: &[u8]) -> Vec<u8> {
    let mut bytes = line.to_vec();
    let at = |rng: &mut Rng, len: usize| rng.below(len + 1);
    match rng.below(13) {
        0 => {
            let i = at(rng, bytes.len());
            bytes.insert(i, *rng.pick(ODD_BYTES));
        }
        1 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            bytes.remove(i);
        }
        2 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            bytes[i] = rng.next_u64() as u8;
        }
        3 => {
            return words(rng, &bytes, |rng, w| {
                let i = rng.below(w.len());
                w.insert(i, w[i].clone());
            });
        }
        4 => {
            return words(rng, &bytes, |rng, w| {
                let i = rng.below(w.len());
                w.remove(i);
            });
        }
        5 => {
            return words(rng, &bytes, |rng, w| {
                let (i, j) = (rng.below(w.len()), rng.below(w.len()));
                w.swap(i, j);
            });
        }
        6 => {
            return words(rng, &bytes, |rng, w| {
                let i = rng.below(w.len());
                w[i] = rng.pick(ODD_NUMBERS).as_bytes().to_vec();
            });
        }
        7 => bytes.make_ascii_uppercase(),
        8 => {
            let id = rng.pick(&["0", "7", "2147483647", "2147483648", "-3", "00"]);
            let mut with_id = format!("{id} ").into_bytes();
            with_id.extend_from_slice(&bytes);
            bytes = with_id;
        }
        9 => {
            // Rarely the longest: each costs the daemon a megabyte to read.
            let len = if rng.chance(3) {
                *rng.pick(LONG)
            } else {
                *rng.pick(&LONG[..3])
            };
            let fill = *rng.pick(b"a9\xff,");
            bytes.push(b' ');
            bytes.extend(std::iter::repeat_n(fill, len));
        }
        10 => bytes.extend_from_slice(b" # a comment"),
        11 => {
            for b in bytes.iter_mut().filter(|b| **b == b' ') {
                *b = b'\t';
            }
        }
        _ => bytes.push(b'\r'),
    }
    bytes
}

/// Applies `change` to the line's space-separated words (when it has any).
fn words(rng: &mut Rng, line: &[u8], change: impl FnOnce(&mut Rng, &mut Vec<Vec<u8>>)) -> Vec<u8> {
    let mut w: Vec<Vec<u8>> = line.split(|&b| b == b' ').map(<[u8]>::to_vec).collect();
    if !w.is_empty() {
        change(rng, &mut w);
    }
    w.join(&b' ')
}
