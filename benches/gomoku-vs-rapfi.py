#!/usr/bin/env python3
"""Search speed and depth of tabula and Rapfi side by side, 1 s a position.

    benches/gomoku-vs-rapfi.py RAPFI [TABULA]

RAPFI is a pbrain-rapfi binary (github dhbloo/rapfi, classical evaluation); TABULA
defaults to target/release/pbrain-tabula (`cargo build --release`). Each position of
benches/gomoku-midgame.txt goes to each engine in turn through the Gomocup protocol
(START 15, INFO rule, INFO timeout_turn 1000, INFO max_memory 350 MB for tabula and
32 MB for Rapfi as in the matches, BOARD). Nodes and depth are each engine's last
report: `MESSAGE depth D ... nodes N` from tabula, `MESSAGE Speed ... | Depth D-S |
... | Node N | Time T` from Rapfi (D its nominal depth, S its deepest line). Nodes per
second are nodes over the time to the move (tabula's measured here, Rapfi's own T).
Prints a row per position, then per rule the means over the positions where neither
search ended before 0.8 s on a forced win, and the ratio of the summed nodes over the
summed times; and the mean depths over all the rule's positions, since a search may also
end early by its own clock rule (tabula starts no iteration it is unlikely to finish).
"""
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def think(cmd, rule, memory, stones):
    """Runs one engine on one position: its MESSAGE lines and the seconds to its move."""
    p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    send("START 15")
    p.stdout.readline()
    for info in [f"rule {rule}", "timeout_turn 1000", "timeout_match 100000000",
                 f"max_memory {memory}"]:
        send("INFO " + info)
    send("BOARD")
    own = len(stones) % 2  # the side to move's stones are 1
    for i, (x, y) in enumerate(stones):
        send(f"{x},{y},{1 if i % 2 == own else 2}")
    start = time.time()
    send("DONE")
    messages = []
    while True:
        line = p.stdout.readline()
        if not line or re.match(r"^\d+,\d+$", line.strip()):
            break
        if line.startswith("MESSAGE"):
            messages.append(line.strip())
    seconds = time.time() - start
    send("END")
    p.wait(timeout=10)
    return messages, seconds


def count(text):
    """Rapfi's node counts: 123, 45K, 1.2M."""
    scale = {"K": 1e3, "M": 1e6, "G": 1e9}
    return float(text[:-1]) * scale[text[-1]] if text[-1] in scale else float(text)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rapfi = sys.argv[1]
    tabula = sys.argv[2] if len(sys.argv) > 2 else "target/release/pbrain-tabula"
    rows = {}
    print("rule\tposition\ttabula_nodes\ttabula_s\ttabula_depth"
          "\trapfi_nodes\trapfi_s\trapfi_depth\trapfi_deepest")
    with open(os.path.join(HERE, "gomoku-midgame.txt")) as positions:
        lines = [line.split() for line in positions if not line.startswith("#")]
    for n, (rule, *stones) in enumerate(lines):
        stones = [tuple(map(int, s.split(","))) for s in stones]
        msgs, t_s = think(tabula, rule, 350 << 20, stones)
        last = [m for m in msgs if "nodes" in m][-1]
        t_nodes = int(re.search(r"nodes (\d+)", last).group(1))
        t_depth = int(re.search(r"depth (\d+)", last).group(1))
        msgs, _ = think(rapfi, rule, 32 << 20, stones)
        last = [m for m in msgs if "Node" in m][-1]
        r_nodes = count(re.search(r"Node (\S+)", last).group(1))
        r_depth, r_deepest = map(int, re.search(r"Depth (\d+)-(\d+)", last).groups())
        r_s = int(re.search(r"Time (\d+)ms", last).group(1)) / 1000
        row = (t_nodes, t_s, t_depth, r_nodes, r_s, r_depth, r_deepest)
        rows.setdefault(rule, []).append(row)
        print(f"{rule}\t{n + 1}\t{t_nodes}\t{t_s:.3f}\t{t_depth}\t{int(r_nodes)}\t{r_s:.3f}"
              f"\t{r_depth}\t{r_deepest}", flush=True)
    for rule, all_rows in rows.items():
        kept = [r for r in all_rows if r[1] >= 0.8 and r[4] >= 0.8]
        t_rate = sum(r[0] for r in kept) / sum(r[1] for r in kept)
        r_rate = sum(r[3] for r in kept) / sum(r[4] for r in kept)
        mean = lambda i, rows=kept: sum(r[i] for r in rows) / len(rows)
        within = sum(1 for r in kept if r[5] - r[2] <= 3)
        print(f"rule {rule}: {len(kept)} of {len(all_rows)} positions; tabula {t_rate / 1e3:.0f} k"
              f" nodes/s, depth {mean(2):.1f} ({min(r[2] for r in kept)}-{max(r[2] for r in kept)});"
              f" Rapfi {r_rate / 1e3:.0f} k nodes/s, depth {mean(5):.1f}"
              f" ({min(r[5] for r in kept)}-{max(r[5] for r in kept)}; deepest {mean(6):.1f});"
              f" tabula / Rapfi {t_rate / r_rate:.2f}; within 3 plies {within} of {len(kept)}")
        print(f"rule {rule}, all {len(all_rows)} positions: depth tabula"
              f" {mean(2, all_rows):.1f}, Rapfi {mean(5, all_rows):.1f}")


if __name__ == "__main__":
    main()
