#!/usr/bin/env bash
# Benchmarks for `treeanim --inserts 10 --fps 30` at 1280×720 (release build):
# per-frame drawing and PNG costs, wall time for PNG folder / MP4 / GIF output,
# ffmpeg alone on the same frames, and peak memory of a long run.
#   scripts/bench.sh            the end-to-end figures
#   scripts/bench.sh --all      also every module's benchmark in Benchmarks/ and
#                               the layouts' instruction counts (valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
bin="$(swift build -c release --show-bin-path)/treeanim"
work=$(mktemp -d /tmp/treeanim-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
args=(--inserts 10 --seed 1 --fps 30)

echo "== frame costs (Benchmarks/TreeAnim)"
swift run -c release --package-path Benchmarks/TreeAnim TreeAnimBenchmark 2> >(grep -v '^\[' >&2)

now() { date +%s.%N; }
# Seconds a command takes; a failing command stops the benchmark with its output.
wall() {
    local t0 log; t0=$(now); log=$(mktemp)
    if ! "$@" >"$log" 2>&1; then cat "$log" >&2; echo "bench: failed: $*" >&2; exit 1; fi
    rm -f "$log"; awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }'
}

echo "== end to end, $(nproc) cores"
t=$(wall "$bin" "${args[@]}" -o "$work/frames/")
n=$(ls "$work/frames" | wc -l)
printf 'PNG folder: %d frames in %.2f s = %.0f frames/s\n' "$n" "$t" "$(awk -v n="$n" -v t="$t" 'BEGIN { print n / t }')"
t=$(wall "$bin" "${args[@]}" -o "$work/out.mp4"); printf 'MP4:  %.2f s, %s bytes\n' "$t" "$(stat -c %s "$work/out.mp4")"
t=$(wall "$bin" "${args[@]}" -o "$work/out.gif"); printf 'GIF:  %.2f s, %s bytes\n' "$t" "$(stat -c %s "$work/out.gif")"
t=$(wall "$bin" "${args[@]}" -o "$work/out.webm"); printf 'WebM: %.2f s, %s bytes\n' "$t" "$(stat -c %s "$work/out.webm")"

echo "== ffmpeg alone on the same frames (raw RGBA from a file of about 2.3 GB in $work)"
ffmpeg -v error -framerate 30 -i "$work/frames/frame_%05d.png" -f rawvideo -pix_fmt rgba "$work/frames.rgba"
raw=(-v error -y -f rawvideo -pix_fmt rgba -s 1280x720 -framerate 30 -i "$work/frames.rgba")
t=$(wall ffmpeg "${raw[@]}" -c:v libx264 -preset medium -tune animation -crf 18 -pix_fmt yuv420p -movflags +faststart -f mp4 "$work/alone.mp4")
printf 'MP4 (ffmpeg alone):  %.2f s\n' "$t"
gif() {
    ffmpeg "${raw[@]}" -vf palettegen=stats_mode=diff -update 1 -f image2 -c:v png "$work/palette.png" &&
    ffmpeg "${raw[@]}" -i "$work/palette.png" -lavfi "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle" -loop 0 -f gif "$work/alone.gif"
}
t=$(wall gif)
printf 'GIF (ffmpeg alone):  %.2f s\n' "$t"
rm -f "$work/frames.rgba"

# treeanim's own peak (VmHWM), read while it runs, so ffmpeg's memory (x264's
# lookahead) is not counted in.
peak() {
    local pid hwm=0 v
    "$@" >/dev/null 2>&1 & pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        v=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
        [ -n "$v" ] && hwm=$v
        sleep 0.2
    done
    wait "$pid" || { echo "bench: failed: $*" >&2; exit 1; }
    echo "$hwm"
}
echo "== treeanim's peak memory against the number of frames (MP4 output)"
# Ten frames a second keep the long runs short; memory depends on the frame
# size and the threads, not the rate.
for n in 5 15 45; do
    kb=$(peak "$bin" --inserts $n --range 1...999 --seed 1 --fps 10 -o "$work/long.mp4")
    frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$work/long.mp4")
    printf '%5d frames: %d MB\n' "$frames" $((kb / 1024))
done

if [ "${1:-}" = --all ]; then
    for b in Benchmarks/*/; do
        [ "$b" = Benchmarks/TreeAnim/ ] && continue
        echo "== $b"
        swift run -c release --package-path "$b" 2> >(grep -v '^\[' >&2)
    done
    # Wall times of the tree layouts bend at 1M nodes (caches); instruction
    # counts show the work itself is linear.
    if command -v valgrind >/dev/null; then
        echo "== layout instructions (callgrind)"
        Benchmarks/Trees/instructions.sh
    fi
fi
