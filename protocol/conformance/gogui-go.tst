# Go as GoGui 1.6 drives it (its -verbose log of `gogui -size 9 -program tabula game.sgf`,
# the record played to its end, Program > Play Single Move, Game > Score, Game > Board
# Size > 13, Game > Handicap > 4). GoGui keeps Go in its own Go mode because the game id
# is Go, and must then find no gogui-rules_board_size: it would adopt that size over its
# own -size and drop the record.

1 name
#? [tabula]
2 protocol_version
#? [2]
3 version
#? [.+]
4 list_commands
#? [!.*gogui-rules_board_size.*]
5 gogui-interrupt
#? []
6 gogui-rules_game_id
#? [Go]
7 gogui-analyze_commands
#? [.*final_status_list dead.*]
8 boardsize 9
#? []
9 clear_board
#? []
10 komi 6.5
#? []
11 play B E5
#? []
12 play W C7
#? []
13 play B G7
#? []
14 play W C3
#? []
15 play B G3
#? []
16 genmove w
#? [[A-HJ][1-9]|pass|resign]
17 final_status_list dead
#? []
18 boardsize 13
#? []
19 clear_board
#? []
20 komi 0
#? []
21 set_free_handicap D4 K10 D10 K4
#? []
22 list_stones black
#? [D10 K10 D4 K4]
23 gogui-rules_side_to_move
#? [white]
