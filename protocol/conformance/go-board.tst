# Board size, komi, play, captures, suicide, ko, undo and showboard for Go.

1 boardsize 9
#? []
2 boardsize 2
#? []
3 boardsize 25
#? []
4 boardsize 0
#? [unacceptable size]*
5 boardsize 1
#? [unacceptable size]*
6 boardsize 26
#? [unacceptable size]*
7 boardsize -1
#? [syntax error]*
8 boardsize 99999999999999999999
#? [syntax error]*
9 boardsize nine
#? [syntax error]*
10 boardsize
#? [syntax error]*
11 boardsize 9 9
#? [syntax error]*
12 gogui-rules_board
#? [(\.{25}\n){24}\.{25}]
# A refused size leaves the board as it was.
13 boardsize 30
#? [unacceptable size]*
14 gogui-rules_board
#? [(\.{25}\n){24}\.{25}]
15 play b Z25
#? []
16 play w a1
#? []
17 list_stones black
#? [Z25]
boardsize 9
clear_board
18 gogui-rules_board
#? [(\.{9}\n){8}\.{9}]
19 list_stones black
#? []

# Komi accepts any float up to 10,000 either way, even a ridiculous one.
20 komi 6.5
#? []
21 komi -3
#? []
22 komi 0
#? []
23 komi 1000.5
#? []
24 komi abc
#? [syntax error]*
25 komi
#? [syntax error]*
26 komi inf
#? [syntax error]*
27 komi 1e300
#? [syntax error]*
28 komi -10000.5
#? [syntax error]*
29 komi -10000
#? []
komi 7.5

# Colours and vertices in any case; output in upper case.
27 play B e5
#? []
28 play white D4
#? []
29 play BLACK c3
#? []
30 play W PASS
#? []
31 play b Pass
#? []
32 list_stones b
#? [E5 C3]
33 list_stones WHITE
#? [D4]
# Syntax: bad colour, bad vertex, I, off board, missing or extra arguments.
34 play x e5
#? [syntax error]*
35 play b i5
#? [syntax error]*
36 play b j10
#? [syntax error]*
37 play b a0
#? [syntax error]*
38 play b
#? [syntax error]*
39 play b e6 e7
#? [syntax error]*
40 play b 5e
#? [syntax error]*
41 play resign b
#? [syntax error]*
42 play b resign
#? [syntax error]*
# Illegal: occupied.
43 play w e5
#? [illegal move]*
44 play b e5
#? [illegal move]*
# Same colour twice is not illegal in GTP.
45 play b g7
#? []
46 play b g6
#? []
47 list_stones black
#? [G7 G6 E5 C3]

# Captures of one and of several groups.
clear_board
play b a1
play w b1
48 play w a2
#? []
49 list_stones black
#? []
50 gogui-rules_captured_count
#? [0 1]
clear_board
play w a1
play w b2
play w a3
play b b1
play b c2
play b b3
play b a4
# Black A2 captures three white groups in one move.
51 play b a2
#? []
52 list_stones white
#? []
53 gogui-rules_captured_count
#? [3 0]

# Suicide: refused by default (Chinese rules) and under Japanese rules; allowed under
# New Zealand rules; under Tromp-Taylor it recreates an earlier position (superko).
clear_board
play b b1
play b a2
54 play w a1
#? [illegal move]*
kgs-rules new_zealand
clear_board
play b a3
play b b2
play b c1
play w a1
play w b1
55 play w a2
#? []
56 list_stones white
#? []
57 gogui-rules_captured_count
#? [3 0]
kgs-rules tromp-taylor
clear_board
play b a3
play b b2
play b c1
play w a1
play w b1
58 play w a2
#? [illegal move]*
kgs-rules japanese
clear_board
play b a3
play b b2
play b c1
play w a1
play w b1
59 play w a2
#? [illegal move]*
kgs-rules chinese

# Simple ko: the immediate recapture is refused, after a move elsewhere it is allowed.
clear_board
play b b3
play w c3
play b a2
play w d2
play b b1
play w c1
play w b2
158 play b c2
#? []
159 list_stones white
#? [C3 D2 C1]
160 play w b2
#? [illegal move]*
161 play w pass
#? []
162 play b g7
#? []
163 play w b2
#? []
164 list_stones black
#? [G7 B3 A2 B1]

# Undo takes back moves one by one, and cannot go past the start.
clear_board
165 undo
#? [cannot undo]*
play b e5
play w e6
166 undo
#? []
167 list_stones white
#? []
168 undo
#? []
169 list_stones black
#? []
170 undo
#? [cannot undo]*
# Undo brings captured stones back.
play b a1
play w b1
play w a2
171 undo
#? []
172 list_stones black
#? [A1]
173 undo extra
#? [syntax error]*

# showboard: a board for people, starting on its own line.
clear_board
play b c3
174 showboard
#? [A B C D E F G H J.*\n.*9 \. \. \..*C D E F G H J\s*]
175 gogui-rules_board
#? [\.\.\.\.\.\.\.\.\.\n(\.\.\.\.\.\.\.\.\.\n){5}\.\.X\.\.\.\.\.\.\n\.\.\.\.\.\.\.\.\.\n\.\.\.\.\.\.\.\.\.]
176 gogui-rules_side_to_move
#? [white]
