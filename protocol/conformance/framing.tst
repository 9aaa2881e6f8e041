# Framing, ids, preprocessing and the protocol commands (GTP v2 draft 2, sections 2-3, 6.1).

1 protocol_version
#? [2]
2 name
#? [tabula]
3 version
#? [\d+\.\d+\.\d+]
# Ids are echoed; the largest allowed id is 2^31-1.
2147483647 protocol_version
#? [2]
0 name
#? [tabula]
# A command with a trailing comment.
4 name # the engine's name
#? [tabula]
5 protocol_version
#? [2]
# Command names are case-sensitive.
6 PLAY b e5
#? [unknown command]*
7 Name
#? [unknown command]*
8 no_such_command
#? [unknown command]*
# Word boundaries: a prefix of a command is not the command.
9 pla b e5
#? [unknown command]*
10 playx b e5
#? [unknown command]*
11 known_command play
#? [true]
12 known_command PLAY
#? [false]
13 known_command foo
#? [false]
14 known_command known_command
#? [true]
15 known_command
#? [syntax error]*
16 list_commands
#? [(?m)protocol_version\n([^\n]+\n)*quit\n([^\n]+\n)*play\n([^\n]+\n)*gogui-rules_legal_moves(\n[^\n]+)*]
17 list_commands
#? [![^\n]* [^\n]*]
18 protocol_version extra
#? [syntax error]*
19 name extra
#? [syntax error]*
# Every command a controller may rely on is listed.
20 known_command genmove
#? [true]
21 known_command final_status_list
#? [true]
22 known_command kgs-time_settings
#? [true]
23 known_command gogui-rules_game_id
#? [true]
24 known_command loadsgf
#? [true]
25 known_command cputime
#? [true]
26 cputime
#? [\d+\.\d+]
27 known_command set_game
#? [true]
28 known_command reg_genmove
#? [true]
29 known_command printsgf
#? [true]
30 name # comment after the command
#? [tabula]
# The empty result is an equals sign and a space.
31 clear_board
#? []
32 gogui-interrupt
#? []
33 known_command gogui-interrupt
#? [true]
