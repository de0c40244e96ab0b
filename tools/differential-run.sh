#!/bin/sh
# One part of the long differential check against Fairy-Stockfish: records
# GAMES random games per variant with pyffish (seed SEED), replays them with
# our engine (tests/differential.rs), and on agreement appends a line to
# tests/data/differential/runs.txt. Parts with different seeds add up, on one
# machine or several; `tools/differential-run.sh --total` sums them.
#
# pyffish rebuilds its piece tables in every call (~2.8 ms a call, 1.7 s a
# game); tools/pyffish-once.c, preloaded, skips the rebuilds (0.07 s a game).
# Every part replays its first games without it and stops unless both records
# are identical, byte for byte.
#
#   tools/differential-run.sh GAMES SEED
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
python=target/pyffish-venv/bin/python
once=target/pyffish-once.so
if [ ! -f "$once" ] || [ tools/pyffish-once.c -nt "$once" ]; then
  cc -O2 -Wall -Wextra -shared -fPIC -o "$once" tools/pyffish-once.c -ldl
fi
LD_PRELOAD="$PWD/$once" nice -n 19 "$python" tools/differential.py --games "$games" --seed "$seed" --out "$out"
sample=$(( games < 3 ? games : 3 ))
nice -n 19 "$python" tools/differential.py --games "$sample" --seed "$seed" --out "$out/plain" >/dev/null
for variant in mansindam pandemonium; do
  cmp -n "$(wc -c < "$out/plain/$variant.tsv")" "$out/plain/$variant.tsv" "$out/$variant.tsv" \
    || { echo "$variant: the preloaded pyffish answered differently; see $out/" >&2; exit 1; }
done
echo "the first $sample games per variant are the same without $once"
result=$(DIFFERENTIAL_DIR="$out" cargo test --quiet --release --test differential -- --ignored --nocapture 2>&1)
echo "$result" | grep -E "positions agree|panicked|FAILED" || true
m=$(echo "$result" | sed -n 's/.*mansindam: \([0-9]*\) positions agree.*/\1/p')
p=$(echo "$result" | sed -n 's/.*pandemonium: \([0-9]*\) positions agree.*/\1/p')
[ -n "$m" ] && [ -n "$p" ] || { echo "disagreement: see above; the games are in $out/" >&2; exit 1; }
printf '%s %s %s %s %s %s\n' "$(date -u +%F)" "$(git rev-parse --short HEAD)" "$seed" "$games" "$m" "$p" >> "$runs"
rm -rf "$out"
tools/differential-run.sh --total
