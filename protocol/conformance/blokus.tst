# Blokus in Pentobi's dialect.

1 set_game Blokus Duo
#? []
2 gogui-rules_game_id
#? [BlokusDuo]
3 play b e10,d11,e11
#? []
4 play b e10
#? [.*]*
5 play w a1
#? [illegal move]*
6 play w j5,j4
#? []
7 play x e5
#? [.*]*
8 play b e10,d11,
#? [.*]*
9 final_score
#? [B\+1]
10 undo
#? []
11 undo
#? []
12 undo
#? [cannot undo]*
13 genmove w
#? [[a-n]\d+(,[a-n]\d+)*]
14 reg_genmove b
#? [[a-n]\d+(,[a-n]\d+)*]
15 set_game Blokus
#? []
16 gogui-rules_side_to_move
#? [1]
17 play 1 a20
#? []
18 play 3 t1
#? []
19 play 3 t2
#? [.*]*
20 set_game blokus junior
#? []
21 set_game Blokus Trigon
#? [unknown game.*]*
22 gogui-rules_game_id
#? [BlokusJunior]
