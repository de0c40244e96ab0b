#!/usr/bin/env bash
# Search speed of the computer opponent natively and in WebAssembly, on the
# fixed positions of lab/src/bin/wasm_bench.rs, each searched to the same depth
# (the same nodes everywhere): native, V8 in Node, and a dedicated web worker
# in Chromium (as in the game). A benchmark, not a test.
#   lab/tools/speed.sh [depth]        (default 7)
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
depth=${1:-7}
tools/setup.sh build >/dev/null
cargo build --quiet --release -p pantheon-lab --bin wasm_bench
cargo build --quiet --profile web-worker --target wasm32-unknown-unknown -p pantheon-lab --bin wasm_bench
wasm=target/wasm32-unknown-unknown/web-worker/wasm_bench.wasm
# The game's worker is optimised by wasm-opt -O3 too (index.html).
wasm-opt -O3 "$wasm" -o target/wasm_bench.opt.wasm
echo "search to depth $depth on the six bench positions:"
target/release/wasm_bench "$depth"
node lab/tools/wasm_bench.mjs target/wasm_bench.opt.wasm "$depth"
node lab/tools/bench-worker.mjs "$PWD/target/wasm_bench.opt.wasm" "$depth"
