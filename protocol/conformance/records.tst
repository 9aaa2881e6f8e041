# loadsgf selects the game the record is of (GM, and for five in a row the rule in RU),
# as set_game would, whatever was being played; a record that cannot be loaded leaves
# the game exactly as it was.

set_game Go
boardsize 9
play b e5
# A Renju record read while playing Go is read under Renju's rules: J8 is Black's
# double three.
1 loadsgf sgf/renju.sgf
#? []
2 gogui-rules_game_id
#? [Renju]
3 tabula-forbidden
#? [J8 double_three]
4 gogui-rules_side_to_move
#? [black]
# The same record while playing freestyle Gomoku: Renju again.
set_game Gomoku
5 loadsgf sgf/renju.sgf
#? []
6 gogui-rules_game_id
#? [Renju]
7 tabula-forbidden
#? [J8 double_three]
# A five-in-a-row record that names no rule keeps the rule being played...
set_game Caro
8 loadsgf sgf/five-without-rule.sgf
#? []
9 gogui-rules_game_id
#? [Caro]
10 tabula-forbidden
#? []
# ...and is freestyle Gomoku when another game was being played.
set_game Connect Four
11 loadsgf sgf/five-without-rule.sgf
#? []
12 gogui-rules_game_id
#? [Gomoku]
# Connect Four records name their game in GM.
13 loadsgf sgf/connect4.sgf
#? []
14 gogui-rules_game_id
#? [Connect Four]
15 printsgf
#? [\(;FF\[4\]GM\[Connect Four\].*;B\[df\]\n;W\[de\]\n;B\[cf\]\)]
# A Go record from anywhere is Go.
16 loadsgf sgf/capture.sgf
#? []
17 gogui-rules_game_id
#? [Go]
# Failures change nothing: not the game, not the position.
set_game Go
boardsize 9
play b e5
18 loadsgf sgf/renju-broken.sgf
#? [cannot load file]*
19 loadsgf sgf/not-played.sgf
#? [cannot load file]*
20 gogui-rules_game_id
#? [Go]
21 list_stones black
#? [E5]
22 gogui-rules_board
#? [([.XO]{9}\n){8}[.XO]{9}]
