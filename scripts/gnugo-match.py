#!/usr/bin/env python3
"""Plays tabula against GNU Go level 10 (Chinese rules, positional superko, komi 7.5),
colours alternating, and prints every result with the running score.

usage: gnugo-match.py GAMES "TABULA COMMAND" [SIZE]

GNU Go is taken from $GNUGO or /usr/games/gnugo. A game ends on two passes (scored by
GNU Go's final_score), a resignation, an illegal move (the mover loses) or 300 moves.
"""
import os
import subprocess
import sys


class Engine:
    def __init__(self, command):
        self.process = subprocess.Popen(
            command, shell=True, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(self, command):
        """Returns (success, text) of the response to one GTP command."""
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError("engine closed its output")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line:
                lines.append(line)
        text = "\n".join(lines)
        return text[0] == "=", text[1:].strip()

    def close(self):
        self.process.kill()


def play_game(tabula_command, gnugo_command, size, tabula_black):
    """Returns the winner's colour ("b" or "w") and the number of moves."""
    tabula, gnugo = Engine(tabula_command), Engine(gnugo_command)
    try:
        for engine in (tabula, gnugo):
            for command in (f"boardsize {size}", "clear_board", "komi 7.5"):
                engine.send(command)
        colour, passes, moves = "b", 0, 0
        while passes < 2 and moves < 300:
            mover = tabula if (colour == "b") == tabula_black else gnugo
            other = gnugo if mover is tabula else tabula
            _, move = mover.send(f"genmove {colour}")
            opponent = "w" if colour == "b" else "b"
            if move.lower() == "resign":
                return opponent, moves
            legal, _ = other.send(f"play {colour} {move}")
            if not legal:
                print(f"illegal move {colour} {move}", flush=True)
                return opponent, moves
            passes = passes + 1 if move.lower() == "pass" else 0
            colour, moves = opponent, moves + 1
        _, score = gnugo.send("final_score")
        return score[0].lower(), moves
    finally:
        tabula.close()
        gnugo.close()


def main():
    games, tabula_command = int(sys.argv[1]), sys.argv[2]
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    gnugo = os.environ.get("GNUGO", "/usr/games/gnugo")
    gnugo_command = f"{gnugo} --mode gtp --level 10 --chinese-rules --positional-superko"
    wins = 0
    for game in range(games):
        tabula_black = game % 2 == 0
        winner, moves = play_game(tabula_command, gnugo_command, size, tabula_black)
        won = (winner == "b") == tabula_black
        wins += won
        print(f"game {game}: tabula {'B' if tabula_black else 'W'}, winner {winner.upper()}, "
              f"{moves} moves: {'win' if won else 'loss'} ({wins}/{game + 1})", flush=True)


if __name__ == "__main__":
    main()
