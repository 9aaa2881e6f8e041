# Records written by Pentobi 31's twogtp (pentobi-gtp level 1 against itself, one file
# per variant, in sgf/twogtp/), loaded from whatever game is being played: loadsgf
# selects the variant the record's GM names. Every final_score below is pentobi-gtp's
# own for the same loadsgf.

# From Go, the default game. twogtp writes all games of a match into one file; Pentobi
# refuses a file of several game trees, tabula reads its first game.
1 loadsgf sgf/twogtp/duo-2-games.blksgf
#? []
2 gogui-rules_game_id
#? [BlokusDuo]
3 final_score
#? [B\+23]
4 loadsgf sgf/twogtp/duo-2-games.blksgf 30
#? []
5 final_score
#? [B\+20]
# From one Blokus variant to the others.
6 loadsgf sgf/twogtp/classic_2.blksgf
#? []
7 gogui-rules_game_id
#? [BlokusTwo-Player]
8 final_score
#? [B\+20]
9 loadsgf sgf/twogtp/classic_2.blksgf 20
#? []
10 final_score
#? [B\+5]
11 loadsgf sgf/twogtp/classic_3.blksgf
#? []
12 gogui-rules_game_id
#? [BlokusThree-Player]
13 final_score
#? [69 65 77 73]
14 loadsgf sgf/twogtp/classic.blksgf
#? []
15 gogui-rules_game_id
#? [Blokus]
16 final_score
#? [74 82 65 60]
17 loadsgf sgf/twogtp/classic.blksgf 20
#? []
18 final_score
#? [25 25 25 20]
# From Connect Four.
set_game Connect Four
19 loadsgf sgf/twogtp/junior.blksgf
#? []
20 gogui-rules_game_id
#? [BlokusJunior]
21 final_score
#? [B\+2]
22 loadsgf sgf/twogtp/junior.blksgf 20
#? []
23 final_score
#? [B\+4]
