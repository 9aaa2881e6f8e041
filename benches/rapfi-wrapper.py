#!/usr/bin/env python3
"""Rapfi behind a Gomocup filter, as the matches against it run it.

    benches/rapfi-wrapper.py RAPFI [NODES]

RAPFI is a pbrain-rapfi binary. Rapfi sizes its hash table to the referee's
`INFO max_memory` and then goes past it, which the referee counts as a loss, so that
line becomes 32 MB. With NODES, `INFO MAX_NODE NODES` follows every START (a fixed node
budget a move). Each move is held back 0.1 s: Rapfi drops a command that arrives while
its search winds down.
"""
import os
import subprocess
import sys
import threading
import time


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rapfi, nodes = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    engine = subprocess.Popen([rapfi], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1, cwd=os.path.dirname(os.path.abspath(rapfi)))

    def relay():
        for line in engine.stdout:
            answer = line.strip()
            if answer and answer[0].isdigit() and "," in answer:
                time.sleep(0.1)
            sys.stdout.write(line)
            sys.stdout.flush()

    relaying = threading.Thread(target=relay, daemon=True)
    relaying.start()
    for line in sys.stdin:
        command = line.strip().upper()
        if command.startswith("INFO MAX_MEMORY"):
            line = "INFO max_memory 33554432\n"
        engine.stdin.write(line)
        engine.stdin.flush()
        if nodes and command.startswith(("START", "RESTART")):
            engine.stdin.write(f"INFO MAX_NODE {nodes}\n")
            engine.stdin.flush()
        if command == "END":
            break
    try:
        engine.stdin.close()
    except OSError:
        pass
    engine.wait()
    relaying.join(timeout=2)


if __name__ == "__main__":
    main()
