# GoGui's rules commands for Go, and the analyze command list.

boardsize 5
clear_board
1 gogui-rules_game_id
#? [Go]
# Go has no gogui-rules_board_size: GoGui plays Go in its own Go mode, where that
# command would make it take the engine's size over its own (-size, the record's SZ).
2 known_command gogui-rules_board_size
#? [false]
3 gogui-rules_side_to_move
#? [black]
4 gogui-rules_legal_moves
#? [(?:[A-E][1-5] ){25}pass]
5 gogui-rules_board
#? [\.\.\.\.\.\n\.\.\.\.\.\n\.\.\.\.\.\n\.\.\.\.\.\n\.\.\.\.\.]
play b a1
play w b1
6 gogui-rules_board
#? [\.\.\.\.\.\n\.\.\.\.\.\n\.\.\.\.\.\n\.\.\.\.\.\nXO\.\.\.]
# White captures A1; for Black it is now a suicide point, not a legal move.
play w pass
play b c1
play w a2
7 gogui-rules_legal_moves
#? [!.*\bA1\b.*]
8 gogui-rules_side_to_move
#? [black]
9 gogui-rules_captured_count
#? [0 1]
16 gogui-rules_legal_moves
#? [A5 B5 C5 D5 E5 A4 .* D1 E1 pass]
10 gogui-rules_final_result
#? [(Black|White) wins by \d+\.\d points|Draw.*]
11 gogui-rules_game_id extra
#? [syntax error]*
12 gogui-analyze_commands
#? [(?m)(^(plist|string|gfx|dboard|sboard|cboard|hstring|none|pstring|var|eplist)/[^/\n]+/[^\n]+$\n?)+]
13 all_legal b
#? [(?:[A-E][1-5] ){20}[A-E][1-5]]
14 all_legal
#? [syntax error]*
15 list_stones
#? [syntax error]*
