#!/bin/sh
# Playouts per CPU second of tabula's and Pentobi's searches from the same middle-game
# Blokus Duo position (benches/blokus-duo-midgame.txt), side by side: the two engines
# take turns, ROUNDS times each, and the medians are compared.
#
#   benches/blokus-vs-pentobi.sh PENTOBI_GTP [TABULA] [ROUNDS] [PLAYOUTS]
#
# PENTOBI_GTP is a pentobi-gtp binary (github enz/pentobi); TABULA defaults to
# target/release/tabula (build it with `cargo build --release`); ROUNDS to 5;
# PLAYOUTS, tabula's budget, to 290000 (what it plays level 7 with at equal CPU).
# Each engine gets the position by `play`, then one `reg_genmove b` between two
# `cputime`s, so start-up (building the move tables) is not counted:
#   pentobi-gtp --nobook --noresign -l 7: its simulations, from its log line "Sim N",
#     and the mean moves in its tree, "Dp";
#   tabula --nobook --playouts PLAYOUTS: its playouts and moves in the tree, from its
#     log line "N playouts ... a playout: D moves in the tree".
# Both stop on their own once their choice can no longer change (or hardly), after
# 130,000 to 170,000 simulations.
set -eu
here=$(dirname "$0")
pentobi=${1:?usage: $0 PENTOBI_GTP [TABULA] [ROUNDS] [PLAYOUTS]}
tabula=${2:-target/release/tabula}
rounds=${3:-5}
playouts=${4:-290000}
position="$here/blokus-duo-midgame.txt"
log=$(mktemp)
rates_t=$(mktemp)
rates_p=$(mktemp)
trap 'rm -f "$log" "$rates_t" "$rates_p"' EXIT

# The GTP commands: the position, then the timed search.
commands() {
    echo 'set_game Blokus Duo'
    echo 'set_random_seed 1'
    colour=b
    grep -v '^#' "$position" | while read -r mv; do
        echo "play $colour $mv"
        if [ "$colour" = b ]; then colour=w; else colour=b; fi
    done
    echo cputime
    echo 'reg_genmove b'
    echo cputime
    echo quit
}

# Runs one engine ($1: its command line) and prints "playouts cpu-seconds move depth",
# the playouts and the depth read from its log with the sed expressions $2 and $3.
measure() {
    answers=$(commands | RUST_LOG=info $1 2>"$log" | sed -n 's/^= \(.\)/\1/p' | tail -3)
    before=$(echo "$answers" | sed -n 1p)
    mv=$(echo "$answers" | sed -n 2p)
    after=$(echo "$answers" | sed -n 3p)
    count=$(sed -n "$2" "$log" | tail -1)
    depth=$(sed -n "$3" "$log" | tail -1)
    echo "$count $(echo "$after - $before" | bc -l) $mv $depth"
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

printf '%-8s %9s %7s %11s %5s  %s\n' engine playouts cpu_s per_cpu_s tree move
for _ in $(seq "$rounds"); do
    for engine in tabula pentobi; do
        if [ $engine = tabula ]; then
            set -- $(measure "$tabula --nobook --playouts $playouts" \
                's/.*blokus genmove: \([0-9]*\) playouts.*/\1/p' \
                's/.*a playout: \([0-9.]*\) moves in the tree.*/\1/p')
            out=$rates_t
        else
            set -- $(measure "$pentobi --nobook --noresign -l 7" \
                's/.* Sim \([0-9]*\),.*/\1/p' 's/^Dp \([0-9.]*\) .*/\1/p')
            out=$rates_p
        fi
        rate=$(echo "$1 / $2" | bc -l)
        echo "$rate" >>"$out"
        printf '%-8s %9d %7.2f %11.0f %5.2f  %s\n' $engine "$1" "$2" "$rate" "$4" "$3"
    done
done
t=$(median <"$rates_t")
p=$(median <"$rates_p")
printf 'median playouts per CPU s: tabula %.0f, Pentobi %.0f, tabula / Pentobi %.2f\n' \
    "$t" "$p" "$(echo "$t / $p" | bc -l)"
