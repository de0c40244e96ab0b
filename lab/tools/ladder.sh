#!/bin/sh
# The level ladder: each level against the one below, and the top against the
# bottom, with the match tool (both games, random 4-ply openings played with
# both colours). Levels are node-limited, so results do not depend on the
# machine or its load; `go movetime 60000` replaces each level's time guard.
# The binaries are copied first, so rebuilding during the run changes nothing.
#
#   lab/tools/ladder.sh [games] [seed] [pairs]    defaults: 100, 1, "2v1 3v2 4v3 5v4 6v5 6v1"
#
# Every game goes to target/ladder/L<a>vL<b>-s<seed>.txt (one line each) and
# each pair's summary to the standard output. A long pair can be played in
# parts with different seeds, even on several machines at once, and summed:
#   target/release/match --tally target/ladder/L6vL5-s*.txt
# Runs one game at a time under `nice`: start two with different pairs to
# use two cores.
set -eu
cd "$(dirname "$0")/../.."
GAMES=${1:-100}
SEED=${2:-1}
PAIRS=${3:-"2v1 3v2 4v3 5v4 6v5 6v1"}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release -p pantheon -p pantheon-lab --bin uci --bin match >&2
SNAP=$(mktemp -d)
cp "$CARGO_TARGET_DIR/release/uci" "$CARGO_TARGET_DIR/release/match" "$SNAP/"
OUT=$CARGO_TARGET_DIR/ladder
mkdir -p "$OUT"
echo "commit $(git rev-parse --short HEAD), $GAMES games a pair, seed $SEED"
for pair in $PAIRS; do
  a=${pair%v*}
  b=${pair#*v}
  log="$OUT/L${a}vL${b}-s$SEED.txt"
  echo "== Level $a vs Level $b"
  nice -n 19 "$SNAP/match" --engine1 "$SNAP/uci" --opt1 Level="$a" --engine2 "$SNAP/uci" --opt2 Level="$b" \
    --variant both --games "$GAMES" --go "movetime 60000" --seed "$SEED$a$b" --verbose 2>/dev/null > "$log"
  "$SNAP/match" --tally "$log" | tail -4
done
rm -rf "$SNAP"
