# Connect Four as GoGui 1.6 drives it, from the logs of `gogui -program "tabula --game
# connect4"` and a game clicked to its end. GoGui starts the program twice: once to play
# (boardsize, play, genmove) and once as the game's ruler, which it asks for the board,
# the side to move and the legal moves after every move, replaying the game from the
# start each time. GoGui's board is square: 7x6 is shown on 7x7, with the row above the
# game greyed out and removed (?).

set_game Connect Four
# The player's start.
1 boardsize 7
#? []
2 clear_board
#? []
3 gogui-rules_board_size
#? [7]
# The ruler's start.
4 gogui-rules_game_id
#? [Connect Four]
5 gogui-rules_board_gfx
#? [COLOR #505050 A7 B7 C7 D7 E7 F7 G7]
6 gogui-rules_board
#? [(\? ){6}\?\n((\. ){6}\.\n){5}(\. ){6}\.]
7 gogui-rules_side_to_move
#? [black]
# Every empty cell can be clicked.
8 gogui-rules_legal_moves
#? [A1 B1 C1 D1 E1 F1 G1 A2 (\S+ ){33}G6]
# A click on A6 drops the disc to A1.
9 play B A6
#? []
10 gogui-rules_board
#? [(\? ){6}\?\n((\. ){6}\.\n){5}X (\. ){5}\.]
11 gogui-rules_side_to_move
#? [white]
12 play W D1
#? []
# The replay from the start, as GoGui sends it after a move.
13 clear_board
#? []
play B A6
play W D1
play B A6
play W D2
play B A6
play W A4
play B A6
play W D3
play B B6
14 gogui-rules_board
#? [(\? ){6}\?\n\. \. \. \. \. \. \.\nX (\. ){5}\.\nO \. \. \. \. \. \.\nX \. \. O \. \. \.\nX \. \. O \. \. \.\nX X \. O \. \. \.]
# White's D4 makes four in column D.
15 play W D4
#? []
16 gogui-rules_legal_moves
#? []
17 gogui-rules_final_result
#? [White wins]
# GoGui sends the last move once more: refused, and nothing changes.
18 play W D4
#? [illegal move]*
19 gogui-rules_final_result
#? [White wins]
20 final_score
#? [W\+]
