#!/bin/sh
# The differential check against Fairy-Stockfish: GAMES random games per
# variant played by pyffish (seed SEED, tools/differential.py) and replayed by
# our engine (tests/differential.rs), which must agree at every position.
#
#   tools/differential-run.sh GAMES SEED           one part of the long check,
#       appended to tests/data/differential/runs.txt when it agrees; parts with
#       different seeds add up, on one machine or several
#   tools/differential-run.sh --check GAMES SEED   the same, recorded nowhere
#       (the test command's short run)
#   tools/differential-run.sh --total              the parts summed
#
# pyffish rebuilds its piece tables in every call (~2.8 ms a call, 1.7 s a
# game); tools/pyffish-once.c, preloaded, skips the rebuilds (0.07 s a game).
# Every run replays its first games without it and stops unless both records
# are identical, byte for byte.
set -eu
cd "$(dirname "$0")/.."
runs=tests/data/differential/runs.txt
record=yes
case "${1:-}" in
  --total)
    awk '
      function add(words, into,   n, i, kv, parts) {
        n = split(words, parts, ",")
        for (i = 1; i <= n; i++) { split(parts[i], kv, "="); into[kv[1]] += kv[2] }
      }
      function show(name, from,   keys, known, n, i, k, line) {
        n = split("checkmate stalemate campmate repetition perpetual-check forbidden-repetition left-only-repeating-moves limit listed draws", keys, " ")
        line = ""
        for (i = 1; i <= n; i++) {
          if (keys[i] in from) line = line sprintf("%s%s %d", line == "" ? "" : ", ", keys[i], from[keys[i]])
          known[keys[i]] = 1
        }
        for (k in from) if (!(k in known)) line = line sprintf(", %s %d", k, from[k])
        printf "  %s: %s\n", name, line
      }
      !/^#/ { g += $4; m += $5; p += $6; if (NF >= 8) { add($7, me); add($8, pe) } }
      END {
        printf "%d games a variant, %d + %d positions agree\n", g, m, p
        show("mansindam (parts with endings)", me); show("pandemonium (parts with endings)", pe)
      }' "$runs"
    exit 0 ;;
  --check) record=no; shift ;;
esac
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
# A recorded part replays in a release build (millions of positions); a
# check uses the debug build the other tests have just made.
if [ "$record" = yes ]; then profile=--release; else profile=; fi
status=0
result=$(DIFFERENTIAL_DIR="$out" cargo test --quiet $profile --test differential -- --ignored --nocapture 2>&1) || status=$?
m=$(echo "$result" | sed -n 's/.*mansindam: \([0-9]*\) positions agree.*/\1/p')
p=$(echo "$result" | sed -n 's/.*pandemonium: \([0-9]*\) positions agree.*/\1/p')
if [ "$status" != 0 ] || [ -z "$m" ] || [ -z "$p" ]; then
  echo "$result" >&2
  echo "disagreement: see above; the games are in $out/" >&2
  exit 1
fi
me=$(echo "$result" | sed -n 's/.*mansindam endings: \([^ ]*\).*/\1/p')
pe=$(echo "$result" | sed -n 's/.*pandemonium endings: \([^ ]*\).*/\1/p')
echo "$result" | grep -E "positions agree" | sed 's/^\.//'

rm -rf "$out"
if [ "$record" = yes ]; then
  printf '%s %s %s %s %s %s %s %s\n' "$(date -u +%F)" "$(git rev-parse --short HEAD)" "$seed" "$games" "$m" "$p" "$me" "$pe" >> "$runs"
  tools/differential-run.sh --total
fi
