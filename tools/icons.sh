#!/bin/sh
# Renders the home-screen icons (static/icons/icon-192.png, icon-512.png) from
# static/icons/icon.svg with Chromium, then makes them small: pngquant turns
# them into 256-colour palette PNGs (a few flat colours and the letter's
# edges: no visible change, at most 3/255 off per channel) and zopflipng
# recompresses them. The PNGs are committed; run this only after changing the
# SVG. The SVG fills the whole square (no transparent corners), so the icons
# are "maskable": a phone may crop them to a circle.
set -eu
cd "$(dirname "$0")/../static/icons"

# Debian's Chromium, pngquant and zopflipng (package zopfli), when missing.
missing=
command -v chromium >/dev/null || missing="$missing chromium"
command -v pngquant >/dev/null || missing="$missing pngquant"
command -v zopflipng >/dev/null || missing="$missing zopfli"
if [ -n "$missing" ]; then
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  as_root apt-get update -qq
  # shellcheck disable=SC2086
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for size in 192 512; do
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --force-device-scale-factor=1 --window-size="$size,$size" \
    --screenshot="$tmp/render-$size.png" "file://$PWD/icon.svg" 2>/dev/null
  pngquant --quality=90-100 --speed 1 --strip --force --output "$tmp/quant-$size.png" "$tmp/render-$size.png"
  zopflipng -y --iterations=50 --filters=01234mepb "$tmp/quant-$size.png" "icon-$size.png" >/dev/null
done
ls -l icon-*.png
