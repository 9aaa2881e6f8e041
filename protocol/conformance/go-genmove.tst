# genmove and reg_genmove: always a legal move or pass, never an error; the move is played.

boardsize 9
clear_board
1 genmove b
#? [[A-HJ][1-9]]
2 gogui-rules_side_to_move
#? [white]
3 list_stones black
#? [[A-HJ][1-9]]
4 genmove WHITE
#? [[A-HJ][1-9]]
5 genmove x
#? [syntax error]*
6 genmove
#? [syntax error]*
# reg_genmove does not play.
7 reg_genmove b
#? [[A-HJ][1-9]]
8 gogui-rules_side_to_move
#? [black]
# Any colour may be asked, also out of turn.
9 genmove w
#? [[A-HJ][1-9]]
# After two passes the game is over for GoGui, but genmove still answers.
play b pass
play w pass
10 gogui-rules_legal_moves
#? []
11 genmove b
#? [[A-HJ][1-9]|pass]
# A board with no move left but eye-filling: pass.
boardsize 3
clear_board
play b a1
play b a3
play b b2
play b c1
play b c3
play b b1
play b b3
12 genmove b
#? [pass]
13 genmove w
#? [pass]
# genmove never fills its own true eyes nor plays suicide.
boardsize 2
clear_board
14 genmove b
#? [A1|A2|B1|B2]
15 undo
#? []
16 undo
#? [cannot undo]*

# Leela Zero's and KataGo's genmove_analyze: analysis lines, then `play MOVE`, which is
# played.
boardsize 9
17 lz-genmove_analyze b 10
#? [.*play ([A-HJ][1-9]|pass)]
18 gogui-rules_side_to_move
#? [white]
19 kata-genmove_analyze w 10 ownership true
#? [.*ownership.*play ([A-HJ][1-9]|pass)]
20 lz-genmove_analyze b 10 ownership true
#? [syntax error]*
