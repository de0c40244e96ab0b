#!/bin/sh
# Trunk post_build hook: stamps the staged index.html with a hash of the
# worker's files (see the pantheon-build meta tag and src/web/bridge.rs).
set -eu
dir=${TRUNK_STAGING_DIR:?run by trunk}
id=$(cat "$dir/worker.js" "$dir/worker_bg.wasm" "$dir/worker-loader.js" | sha256sum | cut -c1-16)
sed -i "s/<meta name=\"pantheon-build\" content=\"[^\"]*\">/<meta name=\"pantheon-build\" content=\"$id\">/" "$dir/index.html"
echo "build id $id"
