#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian/Ubuntu machine: installs the system
# packages treeanim and its tests need (only those missing), then builds the
# release binary.
#   scripts/setup.sh              packages and the release build
#   scripts/setup.sh --no-build   packages only (the tests build in debug)
set -euo pipefail
build=yes
case ${1:-} in
    --no-build) build=no ;;
    "") ;;
    *) echo "usage: scripts/setup.sh [--no-build]" >&2; exit 64 ;;
esac
cd "$(dirname "$0")/.."

# To build and run: the libraries (uchardet tells the encoding of input
# files that are neither UTF-8 nor UTF-16), a font, ffmpeg. To test the slide outputs
# in the programs people open them with: LibreOffice Impress (PPTX),
# Chromium (the HTML deck), poppler (PDF), webp's webpmux (animated WebP);
# a Chinese font and the URW PostScript fonts for the handout's font tests.
# Node.js checks the HTML deck's script with its parser (a test).
# GNU parallel runs scripts/render-parallel.sh (and its test); libdeflate
# and ISA-L are the deflate libraries Benchmarks/PNG/deflate measures zlib
# against. GNU time gives scripts/bench.sh the peak memory of runs too short
# to sample. espeak-ng speaks captions for --narrate (its voices, Mandarin
# among them, ship with it; MBROLA voices are outside Debian's main and are
# used when installed).
packages=(libpng-dev libfreetype-dev libfontconfig-dev zlib1g-dev fonts-dejavu-core ffmpeg pkg-config parallel
          libdeflate-dev libisal-dev time libgraphviz-dev graphviz libuchardet-dev
          libreoffice-impress chromium poppler-utils webp fonts-wqy-microhei fonts-urw-base35 nodejs
          espeak-ng)

missing=()
for p in "${packages[@]}"; do
    if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null; then sudo="sudo"; else
            echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1
        fi
    fi
    echo "setup: installing ${missing[*]}" >&2
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/tmp/treeanim-setup.log 2>&1; then
        echo "setup: apt-get could not install ${missing[*]} (see /tmp/treeanim-setup.log); install them by hand and run again" >&2
        exit 1
    fi
fi

if ! command -v swift >/dev/null; then
    echo "setup: no Swift toolchain on PATH; install Swift 6.1 or later from swift.org and run again" >&2
    exit 1
fi

[ $build = yes ] || exit 0
if ! swift build -c release --product treeanim >/tmp/treeanim-build.log 2>&1; then
    tail -n 30 /tmp/treeanim-build.log >&2
    echo "setup: the release build failed (full log: /tmp/treeanim-build.log)" >&2
    exit 1
fi
echo "setup: ready ($(swift build -c release --show-bin-path)/treeanim)" >&2
