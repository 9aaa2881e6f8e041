# Connect Four over GTP: landing cells, bare columns, full columns, wins, undo, GoGui rules.

1 set_game Connect Four
#? []
2 gogui-rules_game_id
#? [Connect Four]
3 gogui-rules_board_size
#? [7 6]
4 gogui-rules_side_to_move
#? [black]
5 gogui-rules_legal_moves
#? [A1 B1 C1 D1 E1 F1 G1]
# A bare column (any case) is its landing cell; a cell must be the landing cell. A cell
# outside the board (H1, A7 on 7x6) parses but is refused as an illegal move.
6 play b d
#? []
7 play w D2
#? []
8 play b d4
#? [illegal move]*
9 play b H1
#? [illegal move]*
10 play b 4
#? [syntax error]*
11 play b d0
#? [syntax error]*
12 play b
#? [syntax error]*
13 play x d3
#? [syntax error]*
# Out of turn.
14 play w e1
#? [illegal move]*
15 gogui-rules_board
#? [(\. ){6}\.\n((\. ){6}\.\n){3}\. \. \. O \. \. \.\n\. \. \. X \. \. \.]
16 final_score
#? [cannot score]*
17 undo
#? []
18 undo
#? []
19 undo
#? [cannot undo]*
# A full column is refused.
play b a
play w a
play b a
play w a
play b a
play w a
20 play b a
#? [illegal move]*
21 play b A7
#? [illegal move]*
22 gogui-rules_legal_moves
#? [B1 C1 D1 E1 F1 G1]
# Black wins with a horizontal four on the bottom row.
clear_board
play b a
play w a
play b b
play w b
play b c
play w c
23 play b d
#? []
24 final_score
#? [B\+]
25 gogui-rules_legal_moves
#? []
26 gogui-rules_final_result
#? [Black wins]
27 play w e
#? [illegal move]*
28 genmove w
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
29 final_score
#? [cannot score]*
30 play b g
#? []
31 gogui-rules_side_to_move
#? [white]
# The engine takes an immediate win.
32 genmove w
#? [.*]
33 showboard
#? [A B C D E F G.*]
# Other sizes: boardsize W H, or W alone for W x (W-1).
34 boardsize 8 7
#? []
35 gogui-rules_board_size
#? [8 7]
36 boardsize 5
#? []
37 gogui-rules_board_size
#? [5 4]
38 boardsize 3 3
#? [unacceptable size]*
39 boardsize 10 10
#? [unacceptable size]*
40 boardsize x
#? [syntax error]*
41 gogui-rules_board_size
#? [5 4]
# A square board has one number, as GoGui's own boards.
boardsize 7 7
48 gogui-rules_board_size
#? [7]
boardsize 7 6
# Exact scores (Pons' convention; - for a full column). Black threatens to win on D4;
# every other White move loses to Black's fourth stone (22 - 4 = 18), D4 only later.
play b d
play w a
play b d
play w a
play b d
42 tabula-scores
#? [A -18 B -18 C -18 D -\d+ E -18 F -18 G -18]
43 genmove w
#? [D4]
44 gogui-analyze_commands
#? [string/Column Scores/tabula-scores]
45 known_command komi
#? [false]
46 set_game Go
#? []
47 gogui-rules_game_id
#? [Go]
