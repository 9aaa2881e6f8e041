#!/usr/bin/env python3
"""A Gomocup brain for the arena tests: it keeps the board from BOARD and TURN and
plays the first empty point, row by row from the top left. It chats with MESSAGE
lines before its moves, as real brains do, and says who it is to ABOUT.

usage: pbrain-fake.py [hang N]   (with `hang N`, it never answers its Nth move)
With FAKE_PBRAIN_LOG set, every line it reads is appended to that file."""
import os
import sys
import time

hang_at = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[1] == "hang" else 0
moves = 0
log = os.environ.get("FAKE_PBRAIN_LOG")

size = (15, 15)
board = {}


def move():
    global moves
    moves += 1
    if moves == hang_at:
        time.sleep(3600)
    for y in range(size[1]):
        for x in range(size[0]):
            if (x, y) not in board:
                board[(x, y)] = 1
                print("MESSAGE thinking about %d,%d" % (x, y))
                print("%d,%d" % (x, y))
                sys.stdout.flush()
                return


reading_board = False
for raw in sys.stdin:
    if log:
        with open(log, "a") as f:
            f.write(raw)
    line = raw.strip()
    upper = line.upper()
    if reading_board:
        if upper == "DONE":
            reading_board = False
            move()
        else:
            x, y, who = (int(v) for v in line.split(","))
            board[(x, y)] = who
        continue
    if upper.startswith("START"):
        n = int(line.split()[1])
        size = (n, n)
        board = {}
        print("OK")
    elif upper.startswith("RECTSTART"):
        w, h = line.split()[1].split(",")
        size = (int(w), int(h))
        board = {}
        print("OK")
    elif upper.startswith("INFO"):
        continue
    elif upper == "ABOUT":
        print('name="pbrain-fake", version="1", author="tabula tests"')
    elif upper == "BEGIN":
        move()
    elif upper.startswith("TURN"):
        x, y = (int(v) for v in line.split()[1].split(","))
        board[(x, y)] = 2
        move()
    elif upper == "BOARD":
        board = {}
        reading_board = True
    elif upper == "END":
        break
    else:
        print("UNKNOWN " + line)
    sys.stdout.flush()
