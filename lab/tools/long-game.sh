#!/bin/sh
# The long-game benchmark: 1,000 plies with full hands in the worker's session
# (time per move, memory per move) and then in the page in Chromium (opening
# such a game, a move, a step back). Needs a release build in dist/.
set -eu
cd "$(dirname "$0")/../.."
cargo run --quiet --release -p pantheon-lab --bin long_game -- "${1:-1000}" target/long-game
node lab/tools/long-game.mjs dist target/long-game
