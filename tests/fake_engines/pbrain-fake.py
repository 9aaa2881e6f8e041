#!/usr/bin/env python3
"""A Gomocup brain for the arena tests: it keeps the board from BOARD and TURN and
plays the first empty point, row by row from the top left. It chats with MESSAGE
lines before its moves, as real brains do."""
import sys

size = (15, 15)
board = {}


def move():
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
