#!/bin/sh
# A search or evaluation change, tested as the strong engines test theirs: the
# working tree's engine against a base commit's, game pairs on both cores
# until the sequential probability ratio test decides (lab/src/bin/match.rs).
#
#   lab/tools/sprt.sh BASE [gain|keep] [--eval1 SPEC] [match arguments...]
#
#   BASE   a commit (HEAD~1, a hash, a branch) built into target/sprt/, or
#          "." for the working tree's engine on both sides (a switch or an
#          evaluation weight tried on engine1 only: --opt1, --eval1)
#   gain   (default) the change must gain: SPRT [0, 10] Elo
#   keep   the change must not lose (a simplification, a fix, a speed-up):
#          SPRT [-10, 0] Elo
#
# Both games, 4 random opening plies played with both colours, 40 ms a move,
# at most 4000 games; later arguments go to match and win (--go "movetime
# 100", --games 1000, --opt1 NullMove=false for a switch on one side only).
# --eval1 "value.P=60,weak=8" runs engine1 with those evaluation weights
# (PANTHEON_EVAL, see src/ai/eval/tables.rs).
# A line per test is appended to lab/data/sprt/log.txt, and lab/sprt.md's
# table of the tests is made again from it (the sprt_table binary).
set -eu
cd "$(dirname "$0")/../.."
base=${1:?usage: lab/tools/sprt.sh BASE [gain|keep] [--eval1 SPEC] [match arguments...]}
shift
kind=gain
case ${1:-} in gain | keep) kind=$1; shift ;; esac
case $kind in gain) bounds=0,10 ;; keep) bounds=-10,0 ;; esac
eval1=
if [ "${1:-}" = --eval1 ]; then
  eval1=${2:?--eval1 needs weights}
  shift 2
fi

mkdir -p target/sprt
if [ "$base" = . ]; then
  sha=itself
  base_bin=
else
  sha=$(git rev-parse --short "$base")
  base_bin=target/sprt/uci-$sha
fi
if [ -n "$base_bin" ] && [ ! -x "$base_bin" ]; then
  # Checked out outside the repository: under it, a commit from before the
  # workspace (Cargo.toml without [workspace]) would be taken for a package
  # of this workspace that its members do not list, and cargo refuses it.
  tmp=$(mktemp -d)
  src=$tmp/src-$sha
  git worktree add --detach -f "$src" "$sha" >/dev/null
  CARGO_TARGET_DIR=target/sprt/build cargo build --quiet --release --manifest-path "$src/Cargo.toml" --bin uci
  cp target/sprt/build/release/uci "$base_bin"
  git worktree remove --force "$src"
  rmdir "$tmp"
fi
# The commit tested, taken before the build: commits made while the test
# runs change neither the binaries nor the log line.
head=$(git rev-parse --short HEAD)
dirty=$(git diff --quiet HEAD -- src Cargo.toml || echo "+changes")
cargo build --quiet --release -p pantheon -p pantheon-lab --bin uci --bin match
# Copies: rebuilding while the test runs changes nothing.
new_bin=target/sprt/uci-new-$$
cp target/release/uci "$new_bin"
# A test stopped by hand (kill) removes its copies too.
trap 'rm -f "$new_bin" target/sprt/match-$$' EXIT
trap 'exit 143' TERM INT
cp target/release/match target/sprt/match-$$
[ -n "$base_bin" ] || base_bin=$new_bin
engine1=$new_bin
[ -z "$eval1" ] || engine1="PANTHEON_EVAL=$eval1 $new_bin"

log=target/sprt/games-$sha-vs-$head$dirty-$$.txt
target/sprt/match-$$ --engine1 "$engine1" --engine2 "$base_bin" --variant both \
  --games 4000 --go "movetime 40" --concurrency 2 --sprt "$bounds" --verbose "$@" >"$log"
tail -8 "$log"
mkdir -p lab/data/sprt
what="$*${eval1:+ eval1 $eval1}"
printf '%s %s%s vs %s %s%s: %s | %s\n' "$(date -u +%F)" "$head" "$dirty" "$sha" "$kind" \
  "${what:+ ($what)}" \
  "$(grep -E '^engine1 \+' "$log")" "$(grep '^SPRT' "$log")" >>lab/data/sprt/log.txt
cargo run --quiet --release -p pantheon-lab --bin sprt_table
echo "(games in $log)"
