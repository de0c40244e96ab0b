#!/usr/bin/env bash
# Ours in WebAssembly (as the game's worker runs it, under Node's V8) against
# the sparring partner in WebAssembly under Node, at equal time: both in the
# same kind of machine code, so neither has the native build's advantage.
#   lab/tools/wasm-match.sh [games] [movetime-ms] [seed]   (default 100 200 7)
# The games are kept in target/wasm-match/ (copy them to lab/data/sparring/).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
games=${1:-100}
ms=${2:-200}
seed=${3:-7}
lab/tools/setup.sh >/dev/null
cargo build --quiet --release -p pantheon-lab --bin match
cargo build --quiet --profile web-worker --target wasm32-unknown-unknown -p pantheon-lab --bin wasm_uci
# The game's worker is optimised by wasm-opt -O3 too (index.html).
wasm-opt -O3 target/wasm32-unknown-unknown/web-worker/wasm_uci.wasm -o target/wasm_uci.opt.wasm
mkdir -p target/wasm-match
out=target/wasm-match/wasm-vs-fsf-$(git rev-parse --short HEAD)-${ms}ms.txt
target/release/match --engine1 "node lab/tools/wasm_uci.mjs target/wasm_uci.opt.wasm" \
  --engine2 "node lab/tools/sparring/fsf.mjs" --alias2 pandemonium=pandemonium_prose \
  --variant both --games "$games" --go "movetime $ms" --concurrency 2 --seed "$seed" \
  --verbose >"$out"
tail -6 "$out"
echo "(games in $out)"
