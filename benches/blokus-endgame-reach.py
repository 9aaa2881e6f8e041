#!/usr/bin/env python3
"""How far from the end of real Blokus Duo games the exact endgame solver settles a
position within one move's budget.

    benches/blokus-endgame-reach.py TABULA PLAYOUTS RECORD.sgf...

Replays each record (for instance those a `tabula match --out DIR` run writes) in one
`TABULA --game "Blokus Duo" --playouts PLAYOUTS` process, which keeps its solver's
table from move to move as in play: each recorded move is given by `play`, and before
each of the last 24, `reg_genmove` asks for the mover's move and the solver's log line
(`RUST_LOG=info`) says what it proved. Prints one line per position that the solver
tried (record, moves before the end, the log line), then per distance from the end
how many of the tried positions were settled (a win, or no win, proven) in all.
"""
import collections
import os
import re
import subprocess
import sys

FROM_END = 24


def tried_positions(tabula, playouts, record):
    """(moves before the end, solver log line) for each position the solver tried."""
    moves = re.findall(r";([BW])\[([^\]]*)\]", open(record).read())
    commands, asked = [], {}
    for i, (colour, move) in enumerate(moves):
        if i >= len(moves) - FROM_END:
            asked[len(commands)] = len(moves) - i
            commands.append(f"reg_genmove {colour.lower()}")
        commands.append(f"play {colour.lower()} {move}")
    commands.append("quit")
    # The log on stderr and the answers on stdout share one pipe, so each log line
    # comes before the answer of the command that wrote it.
    run = subprocess.run(
        [tabula, "--game", "Blokus Duo", "--playouts", playouts],
        input="\n".join(commands) + "\n",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=dict(os.environ, RUST_LOG="info"),
        check=True,
    )
    answered, found = 0, []
    for line in run.stdout.splitlines():
        if line.startswith(("=", "?")):
            answered += 1
        elif "genmove: endgame" in line and answered in asked:
            found.append((asked[answered], line.split("genmove: ", 1)[1]))
    return found


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    tabula, playouts, records = sys.argv[1], sys.argv[2], sys.argv[3:]
    tried, settled = collections.Counter(), collections.Counter()
    for record in records:
        for distance, line in tried_positions(tabula, playouts, record):
            print(os.path.basename(record), distance, line)
            tried[distance] += 1
            settled[distance] += "unsolved" not in line
    print("moves before the end: settled / tried")
    for distance in sorted(tried):
        print(f"{distance}: {settled[distance]} / {tried[distance]}")


if __name__ == "__main__":
    main()
