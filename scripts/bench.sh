#!/usr/bin/env bash
# Benchmarks for `treeanim --inserts 10 --fps 30` at 1280×720 (release build):
# per-frame drawing and PNG costs, wall time for PNG folder / MP4 / GIF output
# against ffmpeg alone on the same frames, the default command against the
# length of its animation, a render split with GNU parallel, and memory and
# speed of long runs up to a 1,000-key tree, and the time and memory of
# building the scripts of large inputs (a 10,000-node graph with a batched
# run among them), graph layout and rendering, and the
# rendering of lists, stacks, queues, hash tables, B-trees and tries, of a lecture,
# and of an MP4 with and without narration and subtitles. Takes
# about twelve minutes.
#   scripts/bench.sh            the figures above
#   scripts/bench.sh --all      also every module's benchmark in Benchmarks/ and
#                               the layouts' instruction counts (valgrind)
# BENCH_RUNS=N (default 3): end-to-end times are the best of N runs, the one
# least disturbed by other work on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
bin="$(swift build -c release --show-bin-path)/treeanim"
work=$(mktemp -d /tmp/treeanim-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
args=(--inserts 10 --seed 1 --fps 30)
runs=${BENCH_RUNS:-3}

echo "== frame costs (Benchmarks/TreeAnim)"
swift run -c release --package-path Benchmarks/TreeAnim TreeAnimBenchmark 2> >(grep -v '^\[' >&2)
echo "== drawing on one core (Benchmarks/Raster)"
swift run -c release --package-path Benchmarks/Raster RasterBenchmarks "-node frame" 2> >(grep -v '^\[' >&2)

now() { date +%s.%N; }
# Seconds a command takes; a failing command stops the benchmark with its output.
wall() {
    local t0 log; t0=$(now); log=$(mktemp)
    if ! "$@" >"$log" 2>&1; then cat "$log" >&2; echo "bench: failed: $*" >&2; exit 1; fi
    rm -f "$log"; awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }'
}
# The least of `runs` wall times of a command.
best() {
    local t b=""
    for ((r = 0; r < runs; r++)); do
        t=$(wall "$@")
        b=$(awk -v a="${b:-$t}" -v t="$t" 'BEGIN { print (t < a ? t : a) }')
    done
    echo "$b"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "== end to end, $(nproc) cores, best of $runs runs"
fresh() { rm -rf "$work/frames"; "$bin" "${args[@]}" -o "$work/frames/"; }
t=$(best fresh)
n=$(ls "$work/frames" | wc -l)
bytes=$(du -cb "$work/frames"/frame_*.png | tail -n 1 | cut -f 1)
printf 'PNG folder: %d frames in %.2f s = %.0f frames/s, %.1f kB a frame\n' "$n" "$t" \
    "$(awk -v n="$n" -v t="$t" 'BEGIN { print n / t }')" "$(awk -v b="$bytes" -v n="$n" 'BEGIN { print b / n / 1000 }')"
mp4=$(best "$bin" "${args[@]}" -o "$work/out.mp4"); printf 'MP4:  %.2f s, %s bytes\n' "$mp4" "$(stat -c %s "$work/out.mp4")"
gif=$(best "$bin" "${args[@]}" -o "$work/out.gif"); printf 'GIF:  %.2f s, %s bytes\n' "$gif" "$(stat -c %s "$work/out.gif")"
t=$(wall "$bin" "${args[@]}" -o "$work/out.webm"); printf 'WebM: %.2f s, %s bytes (one run)\n' "$t" "$(stat -c %s "$work/out.webm")"

echo "== ffmpeg alone on the same frames, best of $runs runs (raw RGBA from a file of $((n * 1280 * 720 * 4 / 1000000)) MB in $work)"
ffmpeg -v error -framerate 30 -i "$work/frames/frame_%05d.png" -f rawvideo -pix_fmt rgba "$work/frames.rgba"
raw=(-v error -y -f rawvideo -pix_fmt rgba -s 1280x720 -framerate 30 -i "$work/frames.rgba")
alone=$(best ffmpeg "${raw[@]}" -c:v libx264 -preset medium -tune animation -crf 18 -pix_fmt yuv420p -movflags +faststart -f mp4 "$work/alone.mp4")
printf 'MP4 (ffmpeg alone):  %.2f s; treeanim takes %s× as long\n' "$alone" "$(ratio "$mp4" "$alone")"
gif() {
    ffmpeg "${raw[@]}" -vf palettegen=stats_mode=full -update 1 -f image2 -c:v png "$work/palette.png" &&
    ffmpeg "${raw[@]}" -i "$work/palette.png" -lavfi "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle" -loop 0 -f gif "$work/alone.gif"
}
# Timed as before (a palette from every frame, a Bayer dither), so figures
# stay comparable with earlier runs.
alone=$(best gif)
# treeanim's palette is from one frame in 8 and the last (FFmpegRecipe.paletteSample),
# its frames mapped onto it undithered;
# ffmpeg given every frame and that sample's select (as scripts/stitch.sh does),
# once and untimed, for the bytes.
ffmpeg "${raw[@]}" -vf "select='max(not(mod(n,8)),eq(n,$((n - 1))))',palettegen=stats_mode=full" -update 1 -f image2 -c:v png "$work/palette.png"
ffmpeg "${raw[@]}" -i "$work/palette.png" -lavfi "[0:v][1:v]paletteuse=dither=none:diff_mode=rectangle" -loop 0 -f gif "$work/sampled.gif"
same=differs; cmp -s "$work/sampled.gif" "$work/out.gif" && same="the same bytes"
printf 'GIF (ffmpeg alone, palette from every frame):  %.2f s; treeanim takes %s× as long; its GIF and ffmpeg'"'"'s from the same sample are %s\n' \
    "$alone" "$(ratio "$gif" "$alone")" "$same"
rm -f "$work/frames.rgba"

echo "== the default command, treeanim --inserts 10 --fps 30 (a random seed: a GIF at 1280×720)"
summary=$(cd "$work" && "$bin" --inserts 10 --fps 30 2>&1 | grep '^wrote ')
echo "$summary"
played=$(sed -E 's/.* fps, ([0-9.]+) s, .*/\1/' <<<"$summary")
took=$(sed -E 's/.* in ([0-9.]+) s$/\1/' <<<"$summary")
printf 'rendered in %s s, %s of the %s s it plays\n' "$took" "$(ratio "$took" "$played")" "$played"

echo "== split into 8 parts by GNU parallel, 2 jobs (scripts/render-parallel.sh)"
t=$(wall scripts/render-parallel.sh --jobs 2 --treeanim "$bin" "$work/parallel.gif" -- "${args[@]}")
same=differs; cmp -s "$work/parallel.gif" "$work/out.gif" && same="the same bytes as one run's"
printf 'GIF: %.2f s (PNG parts, then one stitch); %s\n' "$t" "$same"

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
echo "== treeanim's peak memory against the number of frames (MP4 output, 1280×720)"
# Ten frames a second keep the long runs short; memory depends on the frame
# size and the threads, not the rate.
for n in 5 15 45; do
    kb=$(peak "$bin" --inserts $n --range 1...999 --seed 1 --fps 10 -o "$work/long.mp4")
    frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$work/long.mp4")
    printf '%6d frames: %d MB\n' "$frames" $((kb / 1024))
done
big=(--inserts 1000 --seed 1 --fps 30)
frames=$("$bin" "${big[@]}" --count-frames)
t0=$(now)
kb=$(peak "$bin" "${big[@]}" -o "$work/long.mp4")
t=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
printf '%6d frames of a 1,000-key tree (%s): %d MB, %.1f s = %.0f frames/s\n' "$frames" "${big[*]}" $((kb / 1024)) "$t" \
    "$(awk -v n="$frames" -v t="$t" 'BEGIN { print n / t }')"

echo "== building the script (and counting its frames: --count-frames draws nothing), best of $runs runs"
# tree outline of $1 nodes
gen_tree() {
    awk -v n="$1" 'BEGIN { srand(1); print "node 0"; d = 0
        for (i = 1; i < n; i++) { d = 1 + int(rand() * (d + 1)); if (d > 12) d = 12
            s = ""; for (k = 0; k < d; k++) s = s "  "; print s "node " i } }'
}
# GEDCOM family of about $1 people: couples have 1 to 4 children, most of whom marry
gen_family() {
    awk -v n="$1" 'BEGIN { srand(1); p = 2; sex[1] = "M"; sex[2] = "F"; born[1] = 1800; born[2] = 1802
        qh[1] = 1; qw[1] = 2; head = 1; tail = 1; f = 0
        while (p < n && head <= tail) {
            h = qh[head]; w = qw[head]; head++; f++; fam[f] = "1 HUSB @I" h "@\n1 WIFE @I" w "@"
            kids = 1 + int(rand() * 4)
            for (k = 0; k < kids && p < n; k++) {
                c = ++p; sex[c] = rand() < 0.5 ? "M" : "F"; born[c] = born[h] + 22 + int(rand() * 15)
                fam[f] = fam[f] "\n1 CHIL @I" c "@"
                if (rand() < 0.75 && p < n) { s = ++p; sex[s] = sex[c] == "M" ? "F" : "M"; born[s] = born[c] + int(rand() * 5) - 2
                    tail++; if (sex[c] == "M") { qh[tail] = c; qw[tail] = s } else { qh[tail] = s; qw[tail] = c } }
            }
        }
        print "0 HEAD\n1 CHAR UTF-8"
        for (i = 1; i <= p; i++) print "0 @I" i "@ INDI\n1 NAME Person" i " /Family" (i % 97) "/\n1 SEX " sex[i] "\n1 BIRT\n2 DATE " born[i]
        for (i = 1; i <= f; i++) print "0 @F" i "@ FAM\n" fam[i]
        print "0 TRLR" }'
}
# wide CSV of $1 periods and 20 categories, random walks
gen_race() {
    awk -v n="$1" 'BEGIN { srand(1); printf "period"; for (c = 0; c < 20; c++) { printf ",Category %d", c; v[c] = 100 + rand() * 100 }; print ""
        for (i = 0; i < n; i++) { printf "%d", i; for (c = 0; c < 20; c++) { v[c] *= 0.97 + rand() * 0.065; printf ",%.1f", v[c] }; print "" } }'
}
gen_tree 10000 >"$work/tree.txt"
gen_family 3000 >"$work/family.ged"
gen_race 5000 >"$work/race.csv"
build() {
    local label=$1; shift
    local t kb frames
    t=$(best "$bin" "$@" --count-frames)
    frames=$(/usr/bin/time -f %M -o "$work/peak" "$bin" "$@" --count-frames 2>/dev/null)
    kb=$(cat "$work/peak")
    printf '%-44s %6.2f s %5d MB  (%d frames, %s)\n' "$label" "$t" $((kb / 1024)) "$frames" \
        "$(awk -v f="$frames" 'BEGIN { s = int(f / 30); printf "%d min %02d s", s / 60, s % 60 }')"
}
for n in 100 1000 10000; do build "bst --inserts $n (fast play)" --inserts $n --seed 1; done
build "avl --inserts 10000 (fast play)" avl --inserts 10000 --seed 1
build "rb --inserts 10000 (fast play)" rb --inserts 10000 --seed 1
build "tree: a 10,000-node outline (toured)" tree "$work/tree.txt"
build "family: a 3,000-person GEDCOM (toured)" family "$work/family.ged"
build "bars: a 5,000-period race, --period 0.2" bars "$work/race.csv" --race --period 0.2

echo "== graphs: layout by Graphviz's libraries against its programs (Benchmarks/Graphs)"
swift run -c release --package-path Benchmarks/Graphs 2> >(grep -v '^\[' >&2)
# an undirected graph of $1 nodes: a tree of short hops and half as many
# extra edges between near nodes, weights 1 to 9
gen_graph() {
    awk -v n="$1" 'BEGIN { srand(1); print "graph g {"
        for (i = 1; i < n; i++) { j = i - 1 - int(rand() * (i < 12 ? i : 12)); print "  v" i " -- v" j " [weight=" 1 + int(rand() * 9) "];" }
        for (k = 0; k < n / 2; k++) { a = int(rand() * n); b = a + 1 + int(rand() * 19); if (b < n) print "  v" a " -- v" b " [weight=" 1 + int(rand() * 9) "];" }
        print "}" }'
}
echo "== graphs: building the script of 10,000 nodes (sfdp's budget), --count-frames, best of $runs runs"
gen_graph 10000 >"$work/g10000.dot"
build "graph: 10,000 nodes" graph "$work/g10000.dot"
build "graph: 10,000 nodes, bfs (batched)" graph "$work/g10000.dot" --algorithm bfs --from v0
build "graph: 10,000 nodes, dijkstra (batched)" graph "$work/g10000.dot" --algorithm dijkstra --from v0
echo "== graphs: Dijkstra from v0 to a PNG folder at 1280x720, 30 fps, best of $runs runs"
for n in 30 300; do
    gen_graph $n >"$work/g$n.dot"
    render() { rm -rf "$work/g$n"; "$bin" graph "$work/g$n.dot" --algorithm dijkstra --from v0 -o "$work/g$n/"; }
    t=$(best render)
    frames=$(ls "$work/g$n" | wc -l)
    printf '%4d nodes: %d frames in %.2f s = %.0f frames/s\n' "$n" "$frames" "$t" "$(awk -v f="$frames" -v t="$t" 'BEGIN { print f / t }')"
done

echo "== lists, stacks, queues, hash tables, B-trees and tries to a PNG folder at 1280x720, 30 fps, best of $runs runs"
linear() {
    local label=$1; shift
    render() { rm -rf "$work/lin"; "$bin" "$@" -o "$work/lin/"; }
    local t frames
    t=$(best render "$@")
    frames=$(ls "$work/lin" | wc -l)
    printf '%-52s %5d frames in %5.2f s = %.0f frames/s\n' "$label" "$frames" "$t" "$(awk -v f="$frames" -v t="$t" 'BEGIN { print f / t }')"
}
linear "list --doubly: 10 appends" list --doubly --inserts 10 --seed 1
linear "stack: 12 pushes (the array doubles twice)" stack --inserts 12 --seed 1
linear "hash --probing linear: 12 inserts (one rehash)" hash --probing linear --inserts 12 --seed 1
linear "hash: 12 inserts, chaining (one rehash)" hash --inserts 12 --seed 1
linear "btree --order 3: 20 inserts" btree --inserts 20 --seed 1
linear "btree --variant bplus --order 4: 20 inserts" btree --variant bplus --order 4 --inserts 20 --seed 1
linear "trie: 12 inserts (words of digits)" trie --inserts 12 --seed 1
linear "trie --compressed: 12 inserts (words of digits)" trie --compressed --inserts 12 --seed 1

echo "== the example lecture (slides, five animations with code, three questions) to a PNG folder at 1280x720, 30 fps, best of $runs runs"
linear "lecture docs/examples/lecture.yaml" lecture docs/examples/lecture.yaml
linear "bst --code: 10 inserts" bst --code --inserts 10 --seed 1

echo "== narration: 10 inserts to MP4 at 1280x720, 30 fps, with and without --narrate, best of $runs runs"
narrated() {
    local label=$1; shift
    render() { rm -f "$work/n.mp4"; "$bin" "$@" -o "$work/n.mp4" 2>/dev/null; }
    local t
    t=$(best render "$@")
    printf '%-52s %5.2f s for %s of video\n' "$label" "$t" \
        "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$work/n.mp4" | awk '{ printf "%.1f s", $1 }')"
}
narrated "bst: 10 inserts, silent" bst --inserts 10 --seed 1
narrated "bst: 10 inserts, --narrate (espeak-ng)" bst --inserts 10 --seed 1 --narrate
narrated "bst: 10 inserts, --subtitles embed" bst --inserts 10 --seed 1 --subtitles embed

if [ "${1:-}" = --all ]; then
    for b in Benchmarks/*/; do
        [ "$b" = Benchmarks/TreeAnim/ ] || [ "$b" = Benchmarks/Graphs/ ] && continue
        echo "== $b"
        swift run -c release --package-path "$b" 2> >(grep -v '^\[' >&2)
    done
    echo "== deflate libraries on PNG frames (Benchmarks/PNG/deflate)"
    Benchmarks/PNG/deflate/run.sh
    # Wall times of the tree layouts bend at 1M nodes (caches); instruction
    # counts show the work itself is linear.
    if command -v valgrind >/dev/null; then
        echo "== layout instructions (callgrind)"
        Benchmarks/Trees/instructions.sh
    fi
fi
