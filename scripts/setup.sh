#!/usr/bin/env bash
# Installs the system packages the build needs, and only those that are missing:
#   libjemalloc-dev  jemalloc, linked into the `flowlayout` executable (target CJemalloc)
#   librsvg2-bin     rsvg-convert, to turn the SVG charts and renderings into PNG
# Idempotent; runs as root (or through sudo) with no stdin. Debian/Ubuntu (apt); elsewhere it
# only checks that jemalloc is visible to pkg-config and says what to install.
set -euo pipefail

packages=(libjemalloc-dev librsvg2-bin)

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists jemalloc; then
    echo "setup: no apt here; jemalloc found through pkg-config, nothing to do"
    exit 0
  fi
  echo "setup: no apt here: install jemalloc (with its pkg-config file) and librsvg yourself," >&2
  echo "setup: e.g. 'brew install jemalloc librsvg' on macOS" >&2
  exit 1
fi

missing=()
for package in "${packages[@]}"; do
  if dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed$'; then
    echo "setup: $package is installed"
  else
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: nothing to install"
  exit 0
fi

run_as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    run_as_root=(sudo -n)
  else
    echo "setup: need root to install ${missing[*]} (no sudo available)" >&2
    exit 1
  fi
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
echo "setup: apt-get update"
"${run_as_root[@]}" apt-get update </dev/null
echo "setup: apt-get install -y --no-install-recommends ${missing[*]}"
"${run_as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}" </dev/null
echo "setup: done"
