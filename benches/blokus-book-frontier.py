#!/usr/bin/env python3
"""Where an opponent leads tabula out of its Blokus Duo opening book.

Plays the opponent (any GTP engine, seeded per game with `set_random_seed`) against
tabula from the empty Duo board, one game per seed, only until tabula is to move in a
position its book does not answer at tabula's budget, and lists those positions: the
ones reached in at least --min games, most often first, one per line as the book
writes them, ready for `tabula-blokus-book --add LIST --playouts N`. A game costs only
the opponent's moves up to there, so a few hundred of them take minutes where whole
games take hours.

usage: blokus-book-frontier.py --tabula "target/release/tabula --playouts 235000"
           --opponent "pentobi-gtp --nobook -q --noresign -l 7" --colour w
           --seeds 800001-800240 [--min 2] [--jobs 2] > LIST
"""
import argparse
import collections
import os
import shlex
import subprocess
import sys
import tempfile
from multiprocessing import Pool

# tabula logs this at info level when `genmove` answers from the book.
BOOK_LOG = "from the opening book"
# Far beyond any book line: a game that gets here has not left the book.
MAX_MOVES = 40


class Gtp:
    """One GTP engine on pipes; stderr to `stderr`."""

    def __init__(self, command, stderr=subprocess.DEVNULL, env=None):
        self.proc = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=stderr, text=True, env=env)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"engine ended on {command!r}")
            if not line.strip():
                if lines:
                    break
                continue
            lines.append(line.strip())
        answer = " ".join(lines)
        if not answer.startswith("="):
            raise SystemExit(f"{command!r}: {answer}")
        return answer[1:].strip()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def frontier(args):
    """The moves of each seed's game up to tabula's first move out of the book."""
    options, seeds = args
    log = tempfile.NamedTemporaryFile(mode="w+", suffix=".log")
    env = dict(os.environ, RUST_LOG="info")
    tabula = Gtp(options.tabula, stderr=log, env=env)
    opponent = Gtp(options.opponent)
    found = []
    for seed in seeds:
        for engine in (tabula, opponent):
            engine.send("set_game Blokus Duo")
            engine.send("clear_board")
        opponent.send(f"set_random_seed {seed}")
        moves, colour = [], "b"
        while len(moves) < MAX_MOVES:
            if colour == options.colour:
                logged = os.path.getsize(log.name)
                move = tabula.send(f"genmove {colour}")
                with open(log.name) as f:
                    f.seek(logged)
                    if BOOK_LOG not in f.read():
                        found.append(" ".join(moves))
                        break
                opponent.send(f"play {colour} {move}")
            else:
                move = opponent.send(f"genmove {colour}")
                tabula.send(f"play {colour} {move}")
            moves.append(move)
            colour = "w" if colour == "b" else "b"
        print(f"seed {seed}: {len(moves)} moves", file=sys.stderr, flush=True)
    tabula.close()
    opponent.close()
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tabula", required=True, help="tabula's command line")
    parser.add_argument("--opponent", required=True, help="the opponent's command line")
    parser.add_argument("--colour", choices="bw", required=True, help="tabula's colour")
    parser.add_argument("--seeds", required=True, help="FIRST-LAST, one game each")
    parser.add_argument("--min", type=int, default=2, help="games a listed position needs")
    parser.add_argument("--jobs", type=int, default=2, help="games played at a time")
    options = parser.parse_args()
    first, last = (int(s) for s in options.seeds.split("-"))
    seeds = list(range(first, last + 1))
    shares = [(options, seeds[i::options.jobs]) for i in range(options.jobs)]
    with Pool(options.jobs) as pool:
        positions = [p for found in pool.map(frontier, shares) for p in found]
    counts = collections.Counter(positions)
    listed = [(n, p) for p, n in counts.most_common() if n >= options.min]
    print(f"# {len(seeds)} games, {len(positions)} left the book, "
          f"{sum(n for n, _ in listed)} of them at the {len(listed)} positions below "
          f"(each reached in at least {options.min})")
    for n, position in listed:
        print(f"# {n} games\n{position}")


if __name__ == "__main__":
    main()
