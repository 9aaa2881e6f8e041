# final_score and final_status_list under each rule set, komi and handicap compensation.

boardsize 5
komi 0.5
kgs-rules tromp-taylor
clear_board
# A wall on the C column for Black and the D column for White.
play b c1
play w d1
play b c2
play w d2
play b c3
play w d3
play b c4
play w d4
play b c5
play w d5
# Black: 15 points, White 10 + 0.5.
1 final_score
#? [B\+4\.5]
2 final_status_list dead
#? []
3 final_status_list alive
#? [C5 C4 C3 C2 C1\nD5 D4 D3 D2 D1]
4 final_status_list seki
#? []
5 final_status_list black_territory
#? [syntax error]*
6 final_status_list
#? [syntax error]*
7 gogui-rules_final_result
#? [Black wins by 4\.5 points]
# Chinese rules count the same position the same way.
kgs-rules chinese
8 final_score
#? [B\+4\.5]
# Japanese rules count territory: 10 against 5 + 0.5.
kgs-rules japanese
9 final_score
#? [B\+4\.5]
komi 5
10 final_score
#? [0]
11 gogui-rules_final_result
#? [Draw.*]
komi 7.5
12 final_score
#? [W\+2\.5]

# A dead white stone inside Black's area: removed under Chinese and Japanese rules,
# counted as it stands under Tromp-Taylor.
play w a3
komi 0.5
kgs-rules tromp-taylor
13 final_status_list dead
#? []
14 final_score
#? [W\+6\.5]
kgs-rules chinese
15 final_status_list dead
#? [A3]
16 final_score
#? [B\+4\.5]
kgs-rules japanese
# Territory 10 + 1 dead stone as a prisoner, against 5.5.
17 final_score
#? [B\+5\.5]

# Handicap compensation: Chinese gives White one point per stone, AGA one less,
# Japanese none.
boardsize 9
clear_board
kgs-rules chinese
komi 0.5
fixed_handicap 2
play w pass
play b pass
18 final_score
#? [B\+78\.5]
kgs-rules aga
19 final_score
#? [B\+79\.5]
kgs-rules japanese
20 final_score
#? [B\+78\.5]
kgs-rules tromp-taylor
21 final_score
#? [B\+80\.5]

# Rule names.
22 kgs-rules ing
#? [.*]*
23 kgs-rules
#? [syntax error]*
24 kgs-rules NEW_ZEALAND
#? []
