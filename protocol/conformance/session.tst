# Game selection and clocks, answered by the session whatever the game.

1 set_game Go
#? []
2 set_game go
#? []
3 gogui-rules_game_id
#? [Go]
4 set_game Chess
#? [unknown game.*]*
5 set_game
#? [unknown game.*]*
# An unknown name leaves the game as it was.
boardsize 9
play b e5
6 set_game Othello
#? [.*]*
7 list_stones black
#? [E5]
# Selecting the same game again starts a new one with the same settings.
8 set_game Go
#? []
9 list_stones black
#? []
10 gogui-rules_board
#? [(\.{9}\n){8}\.{9}]

11 time_settings 300 30 5
#? []
12 time_settings 0 0 0
#? []
13 time_settings 300 30
#? [syntax error]*
14 time_settings -1 30 5
#? [syntax error]*
15 time_settings a b c
#? [syntax error]*
16 time_left b 120 0
#? []
17 time_left white 10.5 3
#? []
18 time_left x 120 0
#? [syntax error]*
19 time_left b 120
#? [syntax error]*
20 kgs-time_settings none
#? []
21 kgs-time_settings absolute 600
#? []
22 kgs-time_settings byoyomi 600 30 5
#? []
23 kgs-time_settings canadian 600 60 10
#? []
24 kgs-time_settings fischer 600 10
#? [syntax error]*
25 kgs-time_settings canadian 600
#? [syntax error]*
# With a clock set, genmove still answers.
kgs-time_settings absolute 5
time_left b 1 0
26 genmove b
#? [[A-HJ][1-9]|pass]
27 cputime extra
#? [syntax error]*
28 set_random_seed 18446744073709551615
#? []
29 set_random_seed -1
#? [syntax error]*
30 set_random_seed 18446744073709551616
#? [syntax error]*
31 set_random_seed
#? [syntax error]*
