#!/usr/bin/env bash
# Compares the deflate libraries Debian packages on frames of the default
# animation (`--inserts 10 --seed 1 --fps 30`, 1280×720): five frames spread
# over it, compressed as the PNG writer's rows. scripts/setup.sh installs
# the libraries.
set -euo pipefail
cd "$(dirname "$0")"
root=../../..
bin="$(cd "$root" && swift build -c release --show-bin-path)/treeanim"
work=$(mktemp -d /tmp/treeanim-deflate.XXXXXX)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/deflate-libraries" deflate-libraries.c -lz -ldeflate -lisal
for i in 200 600 1000 1400 1800; do
    "$bin" --inserts 10 --seed 1 --fps 30 --frame-range "$i:$((i + 1))" -o "$work/frames/" 2>/dev/null
done
cat "$work/frames"/frame_*.png |
    ffmpeg -v error -f png_pipe -i - -f rawvideo -pix_fmt rgba "$work/frames.rgba"
"$work/deflate-libraries" "$work/frames.rgba" 1280 720 5
