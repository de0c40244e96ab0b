#!/usr/bin/env bash
# Prints every file of dist/ with its raw and gzip (-9) size, and the totals.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-dist}
[ -d "$dir" ] || { echo "no $dir/: build first (trunk build --release)" >&2; exit 1; }
printf '%-44s %10s %10s\n' file raw gzip
total_raw=0 total_gz=0
while IFS= read -r f; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-44s %10d %10d\n' "${f#"$dir"/}" "$raw" "$gz"
done < <(find "$dir" -type f | sort)
printf '%-44s %10d %10d\n' total "$total_raw" "$total_gz"
