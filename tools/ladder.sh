#!/bin/sh
# The level ladder: each level against the one below, and the top against the
# bottom, with the match tool (both games, random 4-ply openings played with
# both colours). Levels are node-limited, so results do not depend on the
# machine; `go movetime 60000` replaces each level's time guard. The binaries
# are copied first, so rebuilding during the run does not change them.
#
#   tools/ladder.sh [games-for-low-pairs] [games-for-high-pairs] > ladder.txt
#
# Runs one game at a time under `nice`, so it leaves the other core free.
set -eu
cd "$(dirname "$0")/.."
LOW=${1:-100}
HIGH=${2:-20}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release --bin uci --bin match >&2
SNAP=$(mktemp -d)
cp "$CARGO_TARGET_DIR/release/uci" "$CARGO_TARGET_DIR/release/match" "$SNAP/"
E=$SNAP/uci
M=$SNAP/match
echo "commit $(git rev-parse --short HEAD)"
pair() {
  echo "== Level $1 vs Level $2, $3 games"
  nice -n 19 "$M" --engine1 "$E" --opt1 Level="$1" --engine2 "$E" --opt2 Level="$2" \
    --variant both --games "$3" --go "movetime 60000" --seed "$1$2" 2>/dev/null | tail -4
}
pair 2 1 "$LOW"
pair 3 2 "$LOW"
pair 4 3 "$LOW"
pair 6 1 "$HIGH"
pair 5 4 "$HIGH"
pair 6 5 "$HIGH"
