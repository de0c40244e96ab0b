#!/bin/sh
# A long fuzzing stretch over every reader (tests/fuzz.rs): each target gets
# CASES mutated inputs from its seed corpus (tests/data/fuzz/). Prints the
# inputs and the minutes each took. `cargo test` runs the same targets with
# 2,000 inputs each.
#
#   tools/fuzz.sh [cases] [targets]     defaults: 1000000, "fen moves pgn link saved"
set -eu
cd "$(dirname "$0")/.."
CASES=${1:-1000000}
TARGETS=${2:-"fen moves pgn link saved"}
cargo test --release --test fuzz --no-run >&2
for target in $TARGETS; do
  start=$(date +%s.%N)
  FUZZ_CASES=$CASES cargo test --quiet --release --test fuzz -- --exact "$target" >/dev/null
  end=$(date +%s.%N)
  awk -v t="$target" -v n="$CASES" -v s="$start" -v e="$end" \
    'BEGIN { m = (e - s) / 60; printf "%-6s %9d inputs in %5.1f min (%.0f a second), no failure\n", t, n, m, n / (e - s) }'
done
