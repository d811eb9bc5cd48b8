#!/usr/bin/env bash
# Renders one treeanim animation in parts, in parallel, with GNU parallel:
# on this machine's cores, or on several machines over ssh. Each part is a
# `--frame-range` of the frames, all into one folder (parts of one
# animation share it); then, for a video, the folder is encoded once with
# scripts/stitch.sh. The result is the same file a single run writes.
#
#   scripts/render-parallel.sh [options] OUT -- TREEANIM_ARGUMENTS...
#
#   OUT             a .gif, .mp4, .webm, .apng or .webp, or a folder for the PNG
#                   frames alone (a name ending in /)
#   --jobs N        parts run at once on each machine (default: its cores)
#   --parts N       how many ranges to cut the frames into (default: 4 a job)
#   --sshlogin L    GNU parallel's --sshlogin: machines to run on, such as
#                   ':,8/alice@node1,8/alice@node2' (':' is this machine). Every
#                   machine needs treeanim on its PATH and OUT's folder on a
#                   shared file system at the same path.
#   --treeanim P    the treeanim to run (default: treeanim on the PATH, else
#                   this checkout's release build)
#
#   scripts/render-parallel.sh --jobs 2 bst.gif -- --inserts 10 --seed 1 --fps 30
set -euo pipefail

usage() {
    echo "usage: scripts/render-parallel.sh [--jobs N] [--parts N] [--sshlogin L] [--treeanim P] OUT -- TREEANIM_ARGUMENTS..." >&2
    exit 64
}
here=$(cd "$(dirname "$0")" && pwd)
jobs="" parts="" sshlogin="" treeanim=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    case $1 in
        --jobs|--parts|--sshlogin|--treeanim)
            [ $# -ge 2 ] || usage
            case $1 in
                --jobs) jobs=$2 ;; --parts) parts=$2 ;; --sshlogin) sshlogin=$2 ;; --treeanim) treeanim=$2 ;;
            esac
            shift 2 ;;
        -*) echo "render-parallel: unknown option '$1'" >&2; usage ;;
        *) [ -z "${out:-}" ] || { echo "render-parallel: two outputs, '$out' and '$1'" >&2; usage; }; out=$1; shift ;;
    esac
done
[ -n "${out:-}" ] && [ "${1:-}" = -- ] || usage
shift
args=("$@")
for a in "${args[@]}"; do
    case $a in
        -o|--output|-o=*|--output=*|--frame-range|--frame-range=*|--threads|--threads=*)
            echo "render-parallel: leave $a to the script: it sets the output, the ranges and the threads" >&2; exit 64 ;;
    esac
done
for n in "$jobs" "$parts"; do
    [ -z "$n" ] || [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "render-parallel: --jobs and --parts take a whole number from 1 (got '$n')" >&2; exit 64; }
done

command -v parallel >/dev/null || { echo "render-parallel: GNU parallel not found on PATH: install it (sudo apt-get install parallel, or scripts/setup.sh)" >&2; exit 1; }
if [ -z "$treeanim" ]; then
    treeanim=$(command -v treeanim || true)
    [ -n "$treeanim" ] || treeanim="$here/../.build/release/treeanim"
fi
[ -x "$treeanim" ] || command -v "$treeanim" >/dev/null || { echo "render-parallel: cannot run treeanim at '$treeanim': build it (swift build -c release) or pass --treeanim" >&2; exit 1; }

# The frame count, and the arguments checked, before anything is made.
frames=$("$treeanim" "${args[@]}" --count-frames)
[ -n "$jobs" ] || jobs=$(nproc)
[ -n "$parts" ] || parts=$((4 * jobs))
[ "$parts" -le "$frames" ] || parts=$frames
# The rate the frames are played at, for the stitch: the last --fps given.
fps=30
for ((i = 0; i < ${#args[@]}; i++)); do
    case ${args[i]} in
        --fps) fps=${args[i + 1]:-30} ;;
        --fps=*) fps=${args[i]#--fps=} ;;
    esac
done

case $out in
    */) final=${out%/}; video="" ;;
    *.gif|*.mp4|*.webm|*.apng|*.webp) final=""; video=$out ;;
    *) echo "render-parallel: '$out' is neither a video (.gif, .mp4, .webm, .apng, .webp) nor a folder (end it with /)" >&2; exit 64 ;;
esac
if [ -n "$final" ] && [ -n "$(find "$final" -maxdepth 1 -name 'frame_*.png' -print -quit 2>/dev/null)" ]; then
    echo "render-parallel: '$final' already holds frames: remove them or write elsewhere" >&2; exit 1
fi
base=${final:-$video}
parent=$(dirname "$base")
[ -d "$parent" ] || { echo "render-parallel: folder '$parent' does not exist" >&2; exit 1; }
# Work folders of runs that were killed (SIGKILL skips the EXIT trap
# below): each run's folder is named with its process id and locked by
# the run, its lock inherited by its parts, so a folder whose process is
# gone and whose lock no part holds any more is a leftover.
for old in "$parent"/.render-parallel-*.*; do
    [ -d "$old" ] && [ ! -L "$old" ] || continue
    owner=${old##*/.render-parallel-}
    owner=${owner%%.*}
    [[ $owner =~ ^[0-9]+$ ]] || continue
    [ "$owner" != $$ ] && ! kill -0 "$owner" 2>/dev/null || continue
    if (exec 8<"$old" && flock -n 8) 2>/dev/null; then rm -rf -- "$old"; fi
done
# The frames, hidden beside the output and removed however the run ends;
# for a folder asked for, moved there once every part has succeeded.
work=$(mktemp -d "$parent/.render-parallel-$$.XXXXXX")
exec 9<"$work"
flock -n 9
# The running step, in the background so that a signal is handled at once,
# not when the step ends.
pid="" group=""
trap 'rm -rf "$work"' EXIT
# A signal stops the step now, then the frames go: GNU parallel stops its
# parts at a second SIGTERM (each part takes back what it made); the
# stitch runs in a process group of its own, which goes with its ffmpeg.
stop() {
    if [ -n "$group" ]; then
        kill -TERM -- "-$group" 2>/dev/null || true
    elif [ -n "$pid" ]; then
        # GNU parallel ignores SIGTERM until its first job has started, and
        # then stops every part (TERM, then KILL): so SIGTERM again while it
        # runs (ten seconds of tries at most; the wait below waits for it).
        for _ in $(seq 50); do kill -TERM "$pid" 2>/dev/null || break; sleep 0.2; done
    fi
    [ -z "$pid" ] || wait "$pid" 2>/dev/null || true
    exit "$1"
}
trap 'stop 130' INT
trap 'stop 143' TERM
trap 'stop 129' HUP

ranges=()
for ((k = 0; k < parts; k++)); do
    ranges+=("$((frames * k / parts)):$((frames * (k + 1) / parts))")
done
login=()
[ -z "$sshlogin" ] || login=(--sshlogin "$sshlogin")
# One thread a part: the parts themselves fill the cores. --halt stops the
# others at the first part that fails, and its message is what we print.
printf '%s\n' "${ranges[@]}" | parallel --will-cite --halt now,fail=1 --jobs "$jobs" "${login[@]}" -q \
    "$treeanim" "${args[@]}" --threads 1 --frame-range '{}' -o "$work/frames/" &
pid=$!
wait "$pid"
pid=""

if [ -n "$video" ]; then
    setsid "$here/stitch.sh" "$work/frames" "$video" --fps "$fps" &
    pid=$! group=$!
    wait "$pid"
    pid="" group=""
else
    # Into the folder asked for, frame by frame: frames already there of
    # this animation are replaced by the same bytes.
    mkdir -p "$final"
    find "$work/frames" -maxdepth 1 -name 'frame_*.png' -exec mv -t "$final" {} +
    echo "render-parallel: wrote $frames frames into $final/" >&2
fi
