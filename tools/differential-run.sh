#!/bin/sh
# One part of the long differential check against Fairy-Stockfish: records
# GAMES random games per variant with pyffish (seed SEED), replays them with
# our engine (tests/differential.rs), and on agreement appends a line to
# tests/data/differential/runs.txt. Parts with different seeds add up, on one
# machine or several; `tools/differential-run.sh --total` sums them.
#
#   tools/differential-run.sh GAMES SEED     (pyffish costs ~1.7 s a game)
set -eu
cd "$(dirname "$0")/.."
runs=tests/data/differential/runs.txt
if [ "${1:-}" = "--total" ]; then
  awk '!/^#/ { g += $4; m += $5; p += $6 } END { printf "%d games a variant, %d + %d positions agree\n", g, m, p }' "$runs"
  exit 0
fi
games=${1:?games per variant}
seed=${2:?seed}
out=target/differential-$seed
nice -n 19 target/pyffish-venv/bin/python tools/differential.py --games "$games" --seed "$seed" --out "$out"
result=$(DIFFERENTIAL_DIR="$out" cargo test --quiet --release --test differential -- --ignored --nocapture 2>&1)
echo "$result" | grep -E "positions agree|panicked|FAILED" || true
m=$(echo "$result" | sed -n 's/.*mansindam: \([0-9]*\) positions agree.*/\1/p')
p=$(echo "$result" | sed -n 's/.*pandemonium: \([0-9]*\) positions agree.*/\1/p')
[ -n "$m" ] && [ -n "$p" ] || { echo "disagreement: see above; the games are in $out/" >&2; exit 1; }
printf '%s %s %s %s %s %s\n' "$(date -u +%F)" "$(git rev-parse --short HEAD)" "$seed" "$games" "$m" "$p" >> "$runs"
rm -rf "$out"
tools/differential-run.sh --total
