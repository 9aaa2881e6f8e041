# Handicap: fixed points as GNU Go places them, the engine's free choice, the
# controller's free choice; errors from the spec.

boardsize 19
clear_board
1 fixed_handicap 2
#? [Q16 D4]
clear_board
2 fixed_handicap 5
#? [D16 Q16 K10 D4 Q4]
clear_board
3 fixed_handicap 9
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
4 gogui-rules_side_to_move
#? [white]
5 fixed_handicap 2
#? [board not empty]*
# Handicap stones are not moves: undo cannot remove them.
6 undo
#? [cannot undo]*
boardsize 9
clear_board
7 fixed_handicap 4
#? [C7 G7 C3 G3]
clear_board
8 fixed_handicap 1
#? [invalid number of stones]*
9 fixed_handicap 10
#? [invalid number of stones]*
10 fixed_handicap 0
#? [invalid number of stones]*
11 fixed_handicap -2
#? [syntax error]*
12 fixed_handicap
#? [syntax error]*
boardsize 8
clear_board
13 fixed_handicap 5
#? [invalid number of stones]*
14 fixed_handicap 4
#? [C6 F6 C3 F3]
boardsize 5
clear_board
15 fixed_handicap 2
#? [invalid number of stones]*

# place_free_handicap: the engine chooses, on any board, as many as fit.
boardsize 9
clear_board
16 place_free_handicap 3
#? [[A-HJ]\d [A-HJ]\d [A-HJ]\d]
17 gogui-rules_side_to_move
#? [white]
18 place_free_handicap 2
#? [board not empty]*
boardsize 5
clear_board
19 place_free_handicap 6
#? [([A-E]\d ){5}[A-E]\d]
clear_board
20 place_free_handicap 1
#? [invalid number of stones]*
21 place_free_handicap 25
#? [invalid number of stones]*
22 place_free_handicap x
#? [syntax error]*

# set_free_handicap: the controller's points.
boardsize 9
clear_board
23 set_free_handicap a1 j9 e5
#? []
24 list_stones black
#? [J9 E5 A1]
25 gogui-rules_side_to_move
#? [white]
26 set_free_handicap c3 c4
#? [board not empty]*
clear_board
27 set_free_handicap a1 a1
#? [bad vertex list]*
28 set_free_handicap a1 pass
#? [bad vertex list]*
29 set_free_handicap a1
#? [bad vertex list]*
30 set_free_handicap
#? [syntax error]*
31 set_free_handicap a1 i1
#? [syntax error]*
32 set_free_handicap a1 z1
#? [syntax error]*
# A refused list leaves the board empty.
33 list_stones black
#? []
34 set_free_handicap A1 b2
#? []
35 list_stones black
#? [B2 A1]
