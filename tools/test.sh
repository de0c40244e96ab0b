#!/usr/bin/env bash
# Sets up whatever is missing (tools/setup.sh), then runs every test:
# formatting, the docs' links, lints (native and wasm), the native tests, the
# release web build with its size report, and the browser tests against that
# build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"

started=$SECONDS
step() {
  printf '\n\033[1m== %s\033[0m (%ds)\n' "$*" $((SECONDS - started))
}

step "setup"
tools/setup.sh

step "cargo fmt --check"
cargo fmt --check

step "links in the docs"
python3 tools/check-links.py

step "commit messages (CONTRIBUTING.md's convention)"
python3 tools/check-commits.py

step "the code's shape: the page's size limits, the layers' import directions"
python3 tools/check-shape.py

step "cargo clippy (native)"
cargo clippy --all-targets -- -D warnings

step "cargo clippy (native, the engine lab: lab/)"
cargo clippy -p pantheon-lab --all-targets -- -D warnings

step "cargo clippy (wasm32: the page, the worker, the study page and the diagram page)"
cargo clippy --target wasm32-unknown-unknown --lib --bin app --bin study_worker --bin study --bin diagram -- -D warnings

step "cargo clippy (wasm32: the lab's engine tools, wasm_bench and wasm_uci)"
cargo clippy --target wasm32-unknown-unknown -p pantheon-lab --bin wasm_bench --bin wasm_uci -- -D warnings

step "cargo clippy (wasm32, play build without the study feature)"
cargo clippy --target wasm32-unknown-unknown --lib --bin app --bin study_worker --bin play_worker --bin diagram --no-default-features -- -D warnings

step "cargo test"
cargo test

# The lab is not among the workspace's default members (`cargo test` above
# builds none of it): every binary of it built, and its tests run.
step "the engine lab: cargo test -p pantheon-lab (builds every lab binary; lab/sprt.md's table must be the one its log gives)"
cargo test -p pantheon-lab

step "differential check against Fairy-Stockfish (pyffish, 100 random games per game)"
tools/differential-run.sh --check 100 1

step "trunk build --release"
trunk build --release

step "size of dist/"
tools/size-report.sh

step "first-visit budget (bytes until playable, time to interactive)"
tools/budget.sh

step "browser tests (Playwright, Chromium)"
(cd tests/browser && playwright test)

step "all tests passed in $((SECONDS - started)) s"
