#!/bin/sh
# Trunk post_build hook. Stamps the staged index.html with a hash of the
# worker's files (see the pantheon-build meta tag and src/web/bridge.rs) and
# the hash of its loader script (the Content-Security-Policy), and writes a
# hash of the whole site and the list of its files into the service worker
# (static/sw.js), which keeps exactly that build for offline play.
set -eu
dir=${TRUNK_STAGING_DIR:?run by trunk}
cd "$dir"
# Trunk minifies the worker's glue but not the page's: terser (npm, installed
# with wasm-opt by tools/setup.sh) takes 2 KB off the first visit, and the
# page's modulepreload integrity is computed again for the new bytes.
if [ "${TRUNK_PROFILE:-}" = release ]; then
  for js in app-*.js; do
    terser "$js" --module --compress --mangle --output "$js.min"
    mv "$js.min" "$js"
  done
  python3 - <<'PY'
import base64, glob, hashlib, re, sys
page = open("index.html", encoding="utf-8").read()
for js in glob.glob("app-*.js"):
    digest = base64.b64encode(hashlib.sha384(open(js, "rb").read()).digest()).decode()
    link = r'(<link (?=[^>]*href="?\./%s"?[\s>])[^>]*integrity=)"?[^"\s>]*"?' % re.escape(js)
    page, n = re.subn(link, r'\g<1>"sha384-%s"' % digest, page)
    if n != 1:
        sys.exit("build-id.sh: expected one link with the integrity of %s" % js)
open("index.html", "w", encoding="utf-8").write(page)
PY
fi
# (The study bundle, loaded the same way by the page, shares the id.)
id=$(cat study_worker.js study_worker_bg.wasm study-worker-loader.js play_worker.js play_worker_bg.wasm play-worker-loader.js \
  study.js study_bg.wasm study-loader.js study.css \
  diagram.js diagram_bg.wasm diagram-loader.js | sha256sum | cut -c1-16)
# The diagram page loads its scripts with the id too.
sed -i "s#\(diagram\(-loader\)\?\.js\)?v=dev#\1?v=$id#g" diagram.html
grep -q "diagram-loader.js?v=$id" diagram.html || { echo "build-id.sh: diagram.html not stamped" >&2; exit 1; }
# (The release build minifies index.html: attributes may come in any order,
# with or without quotes.)
python3 - "$id" <<'PY'
import re, sys
page = open("index.html", encoding="utf-8").read()
meta = r'<meta (?=[^>]*name="?pantheon-build"?[\s>])[^>]*>'
if len(re.findall(meta, page)) != 1:
    sys.exit("build-id.sh: expected one pantheon-build meta tag in index.html")
page = re.sub(meta, '<meta name="pantheon-build" content="%s">' % sys.argv[1], page)
open("index.html", "w", encoding="utf-8").write(page)
PY
# The Content-Security-Policy allows the two inline scripts by their hashes:
# the wasm loader Trunk writes and the diagram route (index.html); no other
# inline script can run.
hashes=$(python3 -c '
import base64, hashlib, re, sys
page = open("index.html", encoding="utf-8").read()
scripts = re.findall(r"<script(?: type=\"?module\"?)?>(.*?)</script>", page, re.S)
if len(scripts) != 2:
    sys.exit("expected two inline scripts in index.html (the loader, the diagram route), found %d" % len(scripts))
print(" ".join("\x27sha256-%s\x27" % base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() for s in scripts))
')
sed -i "s#'sha256-LOADER'#$hashes#" index.html
grep -qF "$hashes" index.html || { echo "build-id.sh: no CSP placeholder in index.html" >&2; exit 1; }
# Every file the game needs, as the page asks for it: the page as ./, the
# worker's files with the build id as their query. Not the service worker
# itself, the home-screen icons, the licence and the embedding example (kept
# once fetched).
files=$(find . -type f ! -name sw.js ! -name 'icon-*.png' ! -name OFL.txt ! -name embed-example.html | LC_ALL=C sort | sed \
  -e 's#^\./index\.html$#./#' \
  -e 's#^\./\(study-worker-loader\.js\|study_worker\.js\|study_worker_bg\.wasm\|play-worker-loader\.js\|play_worker\.js\|play_worker_bg\.wasm\|study-loader\.js\|study\.js\|study_bg\.wasm\|study\.css\|diagram-loader\.js\|diagram\.js\|diagram_bg\.wasm\)$#./\1?v='"$id"'#' \
  -e 's#.*#"&"#' | paste -sd, -)
# The service worker's cache is named after the whole site (every file but
# itself), so any change to any file is a new version with a cache of its own.
site=$(find . -type f ! -name sw.js | LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)
sed -i -e "s/^const BUILD = \"[^\"]*\";/const BUILD = \"$site\";/" \
  -e "s#^const FILES = \[\];#const FILES = [$files];#" sw.js
echo "worker $id, site $site: $(echo "$files" | tr ',' '\n' | wc -l) files for offline play"
