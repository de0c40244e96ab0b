#!/usr/bin/env bash
# Mutation testing (cargo-mutants): each mutant is the code with one small
# fault (an operator swapped, a match arm deleted, a function returning a
# default); a mutant that `cargo test` does not fail is a rule the tests
# would let break. Too slow for the default test command (about 8 s a
# mutant; the engine has about 940), so it runs in parts that add up:
#
#   lab/tools/mutants.sh engine 1/8        shard 1 of 8 of src/engine/
#   lab/tools/mutants.sh engine            all of src/engine/
#   lab/tools/mutants.sh page-rerun -- --re 'link\.rs:.*Link::parse'
#                                      a part of a usual set (its files)
#   lab/tools/mutants.sh pgn src/engine/pgn.rs src/engine/game.rs   named files
#   lab/tools/mutants.sh rest src/engine/pgn.rs -- --exclude-re 'pgn\.rs:[0-9]{1,2}:'
#                                      options after -- go to cargo-mutants
#
# The lists of each part (caught, missed, timeout, unviable) are kept in
# lab/data/mutants/<name>[-<k>of<n>]/, and a line per part is appended to
# lab/data/mutants/runs.txt. Equivalent mutants (they cannot change
# behaviour) are excluded in .cargo/mutants.toml, each with its reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"

MUTANTS_VERSION=27.1.0
if [ "$(cargo mutants --version 2>/dev/null)" != "cargo-mutants $MUTANTS_VERSION" ]; then
  cargo install cargo-mutants --version "$MUTANTS_VERSION" --locked --force
fi
NEXTEST_VERSION=0.9.151 # the test runner .cargo/mutants.toml names
if [ "$(cargo nextest --version 2>/dev/null | head -1 | cut -d" " -f1-2)" != "cargo-nextest $NEXTEST_VERSION" ]; then
  cargo install cargo-nextest --version "$NEXTEST_VERSION" --locked --force
fi

name=${1:?usage: lab/tools/mutants.sh NAME [SHARD/N] [FILES...]}
shift
shard=
if [[ ${1:-} =~ ^[0-9]+/[0-9]+$ ]]; then shard=$1; shift; fi
named=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do named+=("$1"); shift; done
[ "${1:-}" = -- ] && shift # the rest are cargo-mutants options
case $name in
  engine | engine-*) files=("src/engine/**") ;;
  ai | ai-*) files=("src/ai/**") ;;
  page | page-*) files=("src/web/state/**" src/web/saved.rs src/web/link.rs src/web/clock.rs) ;;
  *) files=() ;;
esac
# Files named on the command line replace the set's.
[ ${#named[@]} -gt 0 ] && files=("${named[@]}")

args=()
# A page or ai run builds and runs only the tests that can reach the code
# it mutates (the page's logic: its web:: unit tests and the fuzzer's; the
# computer opponent: the tests of ai::, of the modules that call it, the
# tactics check and the puzzles'); the rest (perft, the differential games)
# cannot fail on their mutants (a page mutant: 2 s of tests instead of 10).
targets= filter=
case $name in
  page | page-*) targets="--lib --test=fuzz" filter="test(/^web::/) | binary(fuzz)" ;;
  ai | ai-*)
    targets="--lib --test=tactics --test=puzzles"
    filter="test(/^(ai|uci|protocol|worker)::/) | binary(tactics) | binary(puzzles)"
    ;;
esac
# The computer opponent's rules and facts (the whole `ai` run): mate scores
# and their distances, repetitions, campmate, a table move's legality, the
# line, the clock, the limits and levels, the table's mate distances,
# exchanges, the review, the random numbers. The puzzle generator is its
# own part (`lab/tools/mutants.sh ai-puzzle src/ai/puzzle.rs`). The rest of
# src/ai/ (the evaluation's terms, the search's pruning and ordering)
# decides strength, not a rule: games (SPRT) judge it, not tests.
if [ "$name" = ai ] && [ ${#named[@]} -eq 0 ]; then
  args+=(--re '^src/ai/(mod|review|see|rng)\.rs:')
  args+=(--re "in (Search<'a>::(repetition_verdict|pseudo_legal|root_pv|update_pv|poll|elapsed)|mate_in|mated_in|public_score|campmate_squares|can_campmate|to_tt|from_tt|Tt::probe)\$")
fi
for target in $targets; do args+=("--cargo-arg=$target"); done
[ -n "$filter" ] && args+=(--cargo-test-arg=-E "--cargo-test-arg=$filter")
for f in "${files[@]}"; do args+=(-f "$f"); done
part=$name${shard:+-${shard%/*}of${shard#*/}}
out=target/mutants/$part
[ -n "$shard" ] && args+=(--shard "$shard")

mkdir -p "$out"
started=$SECONDS
# The commit the mutants are made from (the run takes long; HEAD may move).
commit=$(git rev-parse --short HEAD)
# One job by default, so the other core stays free (MUTANTS_JOBS=2 takes
# both). A mutant that makes a loop endless is stopped after the timeout
# and counted apart.
# (cargo-mutants exits non-zero when a mutant is missed: the lists say it.)
cargo mutants "${args[@]}" "$@" --jobs "${MUTANTS_JOBS:-1}" --timeout 90 --output "$out" --no-shuffle || true
[ -f "$out/mutants.out/outcomes.json" ] || { echo "mutants: no results in $out" >&2; exit 1; }
dir=lab/data/mutants/$part
mkdir -p "$dir"
for list in caught missed timeout unviable; do
  cp "$out/mutants.out/$list.txt" "$dir/$list.txt" 2>/dev/null || : > "$dir/$list.txt"
done
count() { wc -l < "$dir/$1.txt" | tr -d ' '; }
caught=$(count caught); missed=$(count missed); timeout=$(count timeout); unviable=$(count unviable)
viable=$((caught + missed + timeout))
printf '%s %s commit=%s caught=%s missed=%s timeout=%s unviable=%s score=%s%% seconds=%s\n' \
  "$(date -u +%F)" "$part" "$commit" "$caught" "$missed" "$timeout" "$unviable" \
  "$(( viable ? 100 * (caught + timeout) / viable : 100 ))" $((SECONDS - started)) \
  | tee -a lab/data/mutants/runs.txt
