#!/bin/sh
# The first-visit budget of the built site (dist/): bytes transferred and the
# time until the board is playable, in Chromium (see tests/browser/budget.mjs).
set -eu
cd "$(dirname "$0")/.."
exec node tests/browser/budget.mjs "${1:-dist}"
