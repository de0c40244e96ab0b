#!/usr/bin/env bash
# Installs what the engine lab needs and is not already here: everything the
# game's build and tests need (tools/setup.sh: Rust's wasm target, wasm-opt,
# Playwright and Chromium for the browser benchmarks, Python), then the AI's
# sparring partner. Idempotent: on a warm machine it only checks versions.
#   lab/tools/setup.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

say() { printf '\033[1m[lab setup]\033[0m %s\n' "$*"; }

tools/setup.sh

# --- The AI's sparring partner: Fairy-Stockfish in WebAssembly --------------
# GPL-3.0 test tooling in a package of its own; nothing of it enters dist/.
stamp=lab/tools/sparring/node_modules/.installed-lock
if ! cmp -s lab/tools/sparring/package-lock.json "$stamp" 2>/dev/null; then
  say "installing Fairy-Stockfish (WebAssembly) as the AI's sparring partner"
  (cd lab/tools/sparring && npm ci --no-audit --no-fund --loglevel=error)
  cp lab/tools/sparring/package-lock.json "$stamp"
fi
say "ready"
