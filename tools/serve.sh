#!/usr/bin/env bash
# Sets up whatever the build needs and is missing, builds the game as it is
# published (trunk build --release) and serves dist/ on http://127.0.0.1:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
port=${PORT:-8080}

tools/setup.sh build
trunk build --release
tools/size-report.sh
printf '\n\033[1mPlay at http://127.0.0.1:%s/\033[0m  (Ctrl-C stops the server)\n\n' "$port"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
