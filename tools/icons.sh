#!/bin/sh
# Renders the home-screen icons (static/icons/icon-192.png, icon-512.png) from
# static/icons/icon.svg with Chromium. The PNGs are committed; run this only
# after changing the SVG. The SVG fills the whole square (no transparent
# corners), so the icons are "maskable": a phone may crop them to a circle.
set -eu
cd "$(dirname "$0")/../static/icons"
for size in 192 512; do
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --force-device-scale-factor=1 --window-size="$size,$size" \
    --screenshot="$PWD/icon-$size.png" "file://$PWD/icon.svg" 2>/dev/null
done
ls -l icon-*.png
