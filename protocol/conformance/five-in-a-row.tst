# Five in a row over GTP: Renju's forbidden points, exact five, wins and records.

1 set_game Renju
#? []
2 gogui-rules_game_id
#? [Renju]
3 gogui-rules_board_size
#? [15]
# Black H8, J10, H10 and G9: a stone on F10 would make two threes at once.
play b h8
play w a1
play b j10
play w a2
play b h10
play w a3
play b g9
4 tabula-forbidden
#? [F10 double_three]
5 play w a5
#? []
6 play b f10
#? [illegal move]*
7 gogui-rules_legal_moves
#? [!.*\bF10\b.*]
8 play b i9
#? [syntax error]*
9 play b z1
#? [syntax error]*
10 play w h8
#? [illegal move]*
11 final_score
#? [cannot score]*
# White blocks nothing: it has A1 A2 A3 A5, and A4 makes five.
12 play w a4
#? []
13 final_score
#? [W\+]
14 gogui-rules_legal_moves
#? []
15 gogui-rules_final_result
#? [White wins]
16 undo
#? []
17 final_score
#? [cannot score]*
# An overline does not win in Gomoku Standard, and does in Gomoku.
set_game Gomoku Standard
play b a1
play b b1
play b c1
play b e1
play b f1
play b g1
18 play b d1
#? []
19 final_score
#? [cannot score]*
set_game Gomoku
play b a1
play b b1
play b c1
play b e1
play b f1
play b g1
20 play b d1
#? []
21 final_score
#? [B\+]
22 boardsize 19
#? []
23 gogui-rules_board_size
#? [19]
24 boardsize 4
#? [unacceptable size]*
25 boardsize 20 10
#? []
# GoGui's board is square: 20x10 is shown on 20x20, the ten rows above it removed (?).
26 gogui-rules_board_size
#? [20]
27 genmove b
#? [[A-HJ-U]\d+]
28 printsgf
#? [\(;FF\[4\]GM\[4\].*SZ\[20:10\]\n;B\[[a-t][a-j]\]\)]
45 gogui-rules_board
#? [((\? ){19}\?\n){10}([.XO] ){19}[.XO]\n.*]
29 set_game Omok
#? []
30 set_game Caro
#? []
31 gogui-rules_game_id
#? [Caro]
