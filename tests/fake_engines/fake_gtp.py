#!/usr/bin/env python3
"""A GTP engine that misbehaves on purpose, for the arena tests.

usage: fake_gtp.py MODE [ARG]

It plays the first free point in reading order (A9, B9, … on 9×9) on every genmove, except:
  crash N        exits without answering at its Nth genmove
  crash-once F   crashes at its 2nd genmove if file F does not exist (and creates it),
                 so only the first process crashes
  hang N         never answers its Nth genmove
  garbage N      prints a line that is not GTP at its Nth genmove
  illegal N      plays the opponent's last move (an occupied point) at its Nth genmove
  resign N       resigns at its Nth genmove
  refuse N       refuses the opponent's moves from its Nth genmove on
  slow S         sleeps S seconds before every answer to genmove
  busy S         spends S seconds of CPU (its own clock) before answering its first genmove
  pass           always passes

With FAKE_GTP_LOG set, every command line it reads is appended to that file.
"""
import os
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "pass"
arg = sys.argv[2] if len(sys.argv) > 2 else "2"
genmoves = 0
last_opponent = None
size = 19
occupied = set()


def first_free_point():
    for row in range(size, 0, -1):
        for letter in "ABCDEFGHJKLMNOPQRST"[:size]:
            point = f"{letter}{row}"
            if point not in occupied:
                return point
    return "pass"


def answer(text="", ok=True):
    sys.stdout.write(("= " if ok else "? ") + text + "\n\n")
    sys.stdout.flush()


def genmove():
    global genmoves
    genmoves += 1
    n = int(arg) if arg.isdigit() else 0
    if mode == "crash" and genmoves == n:
        sys.exit(3)
    if mode == "crash-once" and genmoves == 2 and not os.path.exists(arg):
        open(arg, "w").close()
        sys.stderr.write("fake: giving up at genmove 2\n")
        sys.exit(3)
    if mode == "hang" and genmoves == n:
        time.sleep(3600)
    if mode == "garbage" and genmoves == n:
        sys.stdout.write("I think I will play somewhere nice\n\n")
        sys.stdout.flush()
        return
    if mode == "slow":
        time.sleep(float(arg))
    if mode == "busy" and genmoves == 1:
        start = time.process_time()
        while time.process_time() - start < float(arg):
            pass
    if mode == "illegal" and genmoves == n and last_opponent:
        return answer(last_opponent)
    if mode == "resign" and genmoves == n:
        return answer("resign")
    if mode == "pass":
        return answer("pass")
    point = first_free_point()
    occupied.add(point)
    answer(point)


log = os.environ.get("FAKE_GTP_LOG")
for line in sys.stdin:
    if log:
        with open(log, "a") as f:
            f.write(line)
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "quit":
        answer()
        break
    elif command == "genmove":
        genmove()
    elif command == "play":
        if mode == "refuse" and genmoves >= int(arg):
            answer("illegal move", ok=False)
            continue
        last_opponent = words[2].upper()
        occupied.add(last_opponent)
        answer()
    elif command == "boardsize":
        size = int(words[1])
        answer()
    elif command == "clear_board":
        occupied.clear()
        answer()
    elif command == "name":
        answer("fake-" + mode)
    elif command == "protocol_version":
        answer("2")
    elif command == "list_commands":
        answer("\n".join(["boardsize", "clear_board", "set_random_seed", "komi", "play",
                          "genmove", "time_settings", "time_left", "quit"]))
    else:
        answer()
