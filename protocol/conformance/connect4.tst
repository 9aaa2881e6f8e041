# Connect Four over GTP: moves name columns, full columns, wins, undo, GoGui rules.

1 set_game Connect Four
#? []
2 gogui-rules_game_id
#? [Connect Four]
# GoGui's board is square: 7x6 is shown on 7x7, the row above the game removed (?).
3 gogui-rules_board_size
#? [7]
4 gogui-rules_side_to_move
#? [black]
# Every empty cell may be clicked: it drops a disc in its column.
5 gogui-rules_legal_moves
#? [A1 B1 C1 D1 E1 F1 G1 A2 .* G5 A6 B6 C6 D6 E6 F6 G6]
# A bare column (any case) or any empty cell of a column is a move in that column: the
# disc lands on the lowest empty cell. A taken cell, or a cell outside the board (H1, A7
# on 7x6), is an illegal move.
6 play b d
#? []
7 play w D6
#? []
8 gogui-rules_board
#? [(\? ){6}\?\n((\. ){6}\.\n){4}\. \. \. O \. \. \.\n\. \. \. X \. \. \.]
9 play b d1
#? [illegal move]*
10 play b H1
#? [illegal move]*
11 play b A7
#? [illegal move]*
12 play b 4
#? [syntax error]*
13 play b d0
#? [syntax error]*
14 play b
#? [syntax error]*
15 play x d3
#? [syntax error]*
# Out of turn.
16 play w e1
#? [illegal move]*
17 gogui-rules_legal_moves
#? [!.*\b(D1|D2)\b.*]
18 final_score
#? [cannot score]*
19 undo
#? []
20 undo
#? []
21 undo
#? [cannot undo]*
# A full column is refused.
play b a
play w a
play b a
play w a
play b a
play w a
22 play b a
#? [illegal move]*
23 play b A5
#? [illegal move]*
24 gogui-rules_legal_moves
#? [!.*\bA\d\b.*]
# Black wins with a horizontal four on the bottom row.
clear_board
play b a
play w a
play b b
play w b
play b c
play w c
25 play b d
#? []
26 final_score
#? [B\+]
27 gogui-rules_legal_moves
#? []
28 gogui-rules_final_result
#? [Black wins]
29 play w e
#? [illegal move]*
30 genmove w
#? [pass]
# White wins on a diagonal.
clear_board
play b a
play w b
play b c
play w c
play b d
play w d
play b d
play w d
play b g
play w e
play b g
play w a
31 final_score
#? [cannot score]*
32 play b g
#? []
33 gogui-rules_side_to_move
#? [white]
# The engine takes an immediate win.
34 genmove w
#? [.*]
35 showboard
#? [A B C D E F G.*]
# Other sizes: boardsize W H, or W alone for W x (W-1).
36 boardsize 8 7
#? []
37 gogui-rules_board_size
#? [8]
38 boardsize 5
#? []
39 gogui-rules_board_size
#? [5]
40 boardsize 3 3
#? [unacceptable size]*
41 boardsize 10 10
#? [unacceptable size]*
42 boardsize x
#? [syntax error]*
43 gogui-rules_board_size
#? [5]
# A square board has one number, as GoGui's own boards.
boardsize 7 7
44 gogui-rules_board_size
#? [7]
boardsize 7 6
# Exact scores (Pons' convention; - for a full column). Black threatens to win on D4;
# every other White move loses to Black's fourth stone (22 - 4 = 18), D4 only later.
play b d
play w a
play b d
play w a
play b d
45 tabula-scores
#? [A -18 B -18 C -18 D -\d+ E -18 F -18 G -18]
46 genmove w
#? [D4]
47 gogui-analyze_commands
#? [string/Column Scores/tabula-scores]
48 known_command komi
#? [false]
49 set_game Go
#? []
50 gogui-rules_game_id
#? [Go]
