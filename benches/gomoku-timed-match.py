#!/usr/bin/env python3
"""A timed five-in-a-row match under the Gomocup referee's own game loop.

    benches/gomoku-timed-match.py JUDGE RULE OPENINGS A B [TURN_MS] [PASSES]

JUDGE is the `client` folder of a GomocupJudge checkout (github Gomocup/GomocupJudge),
whose `ai_match` plays each game unmodified; RULE the Gomocup rule (0 freestyle, 1
standard, 4 Renju, 8 Caro); OPENINGS a file of openings, one a line, as stones in GTP
coordinates (`h8 h9 f6`, Black first; benches/renju-openings.txt holds the 26 standard
Renju ones); A and B the two engines' commands. Each opening is played twice a pass
(PASSES, default 1), A moving first after the opening in the first game, at TURN_MS a
move (default 1000), with no match clock and the referee's 350 MB memory limit. Prints
a line per game, then A's score with its 95 % interval and the games that ended other
than by five in a row or a draw (fouls, timeouts, crashes, illegal moves).
"""
import math
import os
import sys
import tempfile

ENDINGS = {0: "five", 1: "foul", 2: "timeout", 3: "illegal", 4: "crash"}
LETTERS = "abcdefghjklmnop"


def stone(text):
    """GTP coordinates on 15x15 to the referee's (x, y), y counted from the top."""
    return LETTERS.index(text[0].lower()), 15 - int(text[1:])


def play(ai_match, rule, opening, first, second, turn):
    """One game; the winning colour (1 Black, 2 White, 0 a draw) and how it ended."""
    # Each engine gets an empty folder of its own for `INFO folder`: the referee counts
    # a folder past 70 MB (the current directory, a build tree say) as a loss.
    with tempfile.TemporaryDirectory() as folder_1, tempfile.TemporaryDirectory() as folder_2:
        match = ai_match(board_size=15, opening=list(opening), cmd_1=first, cmd_2=second,
                         protocol_1="new", protocol_2="new", timeout_turn_1=turn,
                         timeout_turn_2=turn, timeout_match_1=10**8, timeout_match_2=10**8,
                         max_memory_1=350 << 20, max_memory_2=350 << 20, game_type=1,
                         rule=rule, folder_1=folder_1, folder_2=folder_2, tolerance=1000)
        return finish(match)


def finish(match):
    """Plays `match` out, its move by move printing silenced."""
    # ai_match prints every move on stdout: keep this script's output to the results.
    stdout, sys.stdout = sys.stdout, open(os.devnull, "w")
    try:
        _, psq, result, endby = match.play()
    finally:
        sys.stdout.close()
        sys.stdout = stdout
    ending = "a draw" if result == 0 else ENDINGS.get(endby, str(endby))
    return result, ending, len(psq)


def wilson(score, n, z=1.96):
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    judge, rule, openings, a, b = sys.argv[1:6]
    turn = int(sys.argv[6]) if len(sys.argv) > 6 else 1000
    passes = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    sys.path.insert(0, judge)
    from ai_match import ai_match

    with open(openings) as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith("#")]
    games = points = 0
    odd = []
    for _ in range(passes):
        for opening in lines:
            stones = [stone(s) for s in opening]
            to_move = 1 + len(stones) % 2  # the colour that moves first after the opening
            for a_first in (True, False):
                first, second = (a, b) if a_first else (b, a)
                result, ending, moves = play(ai_match, int(rule), stones, first, second, turn)
                a_colour = to_move if a_first else 3 - to_move
                a_points = 0.5 if result == 0 else float(result == a_colour)
                games += 1
                points += a_points
                colour = "Black" if a_colour == 1 else "White"
                print(f"{games} {' '.join(opening)} A={colour} A's points={a_points} "
                      f"ended by {ending} after {moves} moves past the opening", flush=True)
                if ending not in ("five", "a draw"):
                    odd.append(games)
    low, high = wilson(points / games, games)
    print(f"A: {points} of {games} games, {100 * points / games:.1f} % "
          f"({100 * low:.1f}-{100 * high:.1f} %); not ended by five or a draw: {odd or 'none'}")


if __name__ == "__main__":
    main()
