#!/bin/sh
# Lighthouse on the built site (dist/; this builds nothing: run
# `trunk build --release` first). Serves dist/ as a static host does (gzip,
# validators: the budget's server), audits it with Lighthouse's mobile preset
# (simulated slow 4G and a 4× slower CPU) in Debian's Chromium, and prints the
# performance, accessibility, best-practices and SEO scores with the largest
# contentful paint (LCP), the cumulative layout shift (CLS) and the total
# blocking time (TBT). Fails when a score is under 0.95.
#
#   tools/lighthouse.sh                  one run
#   tools/lighthouse.sh --runs 5         five runs, their spread; the median is judged
#   tools/lighthouse.sh --json DIR       also keeps each run's full report in DIR
#
# Scores move from run to run (the simulation starts from a real load on
# this machine, whose load varies): judge a change by several runs.
set -eu
cd "$(dirname "$0")/.."
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
exec node tests/browser/lighthouse.mjs "$@"
