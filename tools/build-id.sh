#!/bin/sh
# Trunk post_build hook. Stamps the staged index.html with a hash of the
# worker's files (see the pantheon-build meta tag and src/web/bridge.rs), and
# writes that id and the list of the site's files into the service worker
# (static/sw.js), which keeps exactly that build for offline play.
set -eu
dir=${TRUNK_STAGING_DIR:?run by trunk}
cd "$dir"
id=$(cat worker.js worker_bg.wasm worker-loader.js | sha256sum | cut -c1-16)
sed -i "s/<meta name=\"pantheon-build\" content=\"[^\"]*\">/<meta name=\"pantheon-build\" content=\"$id\">/" index.html
# Every file the game needs, as the page asks for it: the page as ./, the
# worker's files with the build id as their query. Not the service worker
# itself, the home-screen icons, the licence and the embedding example (kept
# once fetched).
files=$(find . -type f ! -name sw.js ! -name 'icon-*.png' ! -name OFL.txt ! -name embed-example.html | LC_ALL=C sort | sed \
  -e 's#^\./index\.html$#./#' \
  -e 's#^\./\(worker-loader\.js\|worker\.js\|worker_bg\.wasm\)$#./\1?v='"$id"'#' \
  -e 's#.*#"&"#' | paste -sd, -)
sed -i -e "s/^const BUILD = \"[^\"]*\";/const BUILD = \"$id\";/" \
  -e "s#^const FILES = \[\];#const FILES = [$files];#" sw.js
echo "build id $id, $(echo "$files" | tr ',' '\n' | wc -l) files for offline play"
