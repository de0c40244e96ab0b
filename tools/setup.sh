#!/usr/bin/env bash
# Installs whatever the build and the tests need and is not already here at the
# right version. Idempotent: on a warm machine it only checks versions.
#   tools/setup.sh          everything (build + browser tests + differential tests)
#   tools/setup.sh build    only what `trunk build` needs
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen pin in Cargo.toml
PYFFISH_VERSION=0.0.90
what=${1:-all}

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_updated=
apt_install() {
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# --- Rust side -----------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 11 minutes on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked --no-default-features --force
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 7 minutes on 2 cores)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# --- npm side: wasm-opt (binaryen) and Playwright --------------------------
if ! command -v npm >/dev/null; then apt_install nodejs npm; fi
stamp=tests/browser/node_modules/.installed-lock
if ! cmp -s tests/browser/package-lock.json "$stamp" 2>/dev/null; then
  say "installing npm packages for wasm-opt and Playwright"
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
  cp tests/browser/package-lock.json "$stamp"
fi

cargo fetch --quiet   # Trunk runs cargo offline

# The build's post-build hook (tools/build-id.sh) hashes with Python.
if ! command -v python3 >/dev/null; then apt_install python3 python3-venv; fi

[ "$what" = build ] && exit 0

# --- Browser tests: Debian's Chromium (never a downloaded browser) ---------
if [ ! -x /usr/bin/chromium ]; then
  say "installing Chromium"
  apt_install chromium chromium-driver
fi
# A Korean font, so that screenshots of the Korean page show Hangul (players'
# devices have one; a bare test machine does not).
if ! dpkg -s fonts-nanum >/dev/null 2>&1; then
  say "installing a Korean font for the browser tests"
  apt_install fonts-nanum
fi

# --- Differential tests against Fairy-Stockfish (pyffish) ------------------
venv=target/pyffish-venv
if ! "$venv/bin/python" -c "import pyffish" 2>/dev/null; then
  say "installing pyffish $PYFFISH_VERSION into $venv"
  python3 -m venv "$venv" 2>/dev/null || { apt_install python3-venv; python3 -m venv "$venv"; }
  "$venv/bin/pip" install --quiet "pyffish==$PYFFISH_VERSION"
fi
# tools/differential-run.sh compiles tools/pyffish-once.c (a C compiler is
# there wherever Rust links, but say so).
if ! command -v cc >/dev/null; then apt_install gcc libc6-dev; fi
# The engine lab's sparring partner is installed by lab/tools/setup.sh.
say "ready"
