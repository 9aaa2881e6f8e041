# loadsgf (with and without a move number) and printsgf.

1 loadsgf sgf/handicap-game.sgf
#? []
2 gogui-rules_board
#? [([.XO]{9}\n){8}[.XO]{9}]
3 list_stones black
#? [D7 G7 C3]
4 list_stones white
#? [E5]
# The record ends with two passes: Black played D7, then both passed.
5 gogui-rules_legal_moves
#? []
6 gogui-rules_side_to_move
#? [white]
7 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[tabula:[^\]]*\]SZ\[9\]KM\[0\.5\]RU\[chinese\]HA\[2\]AB\[gc\]\[cg\]PL\[W\]\n;W\[ee\]\n;B\[dc\]\n;W\[\]\n;B\[\]\)]
# Up to a move: the position before move 2 (White's E5 played, Black to move).
8 loadsgf sgf/handicap-game.sgf 2
#? []
9 list_stones black
#? [G7 C3]
10 gogui-rules_side_to_move
#? [black]
11 undo
#? []
12 undo
#? [cannot undo]*
# Before move 1: only the handicap.
13 loadsgf sgf/handicap-game.sgf 1
#? []
14 list_stones white
#? []
15 gogui-rules_side_to_move
#? [white]
# The main line follows the first variation; a capture is replayed.
16 loadsgf sgf/capture.sgf
#? []
17 list_stones black
#? [C3 D2]
18 list_stones white
#? [B5 A4 E1]
19 gogui-rules_captured_count
#? [0 1]
# Errors leave the game as it was.
20 loadsgf sgf/missing.sgf
#? [cannot load file]*
21 loadsgf sgf/broken.sgf
#? [cannot load file]*
22 loadsgf sgf/not-played.sgf
#? [cannot load file]*
23 loadsgf sgf/occupied.sgf
#? [cannot load file]*
28 loadsgf sgf/huge-komi.sgf
#? [cannot load file]*
24 loadsgf
#? [syntax error]*
25 loadsgf sgf/capture.sgf x
#? [syntax error]*
26 list_stones white
#? [B5 A4 E1]
27 printsgf a b
#? [syntax error]*
