#!/usr/bin/env bash
# Shows that the Trees layouts take linear time, by counting the machine
# instructions of one layout call on random-key BSTs of 10k, 100k and 1M nodes
# (and, for SizedTidyLayout, random recursive trees of boxes of 12 widths)
# with valgrind's callgrind. Wall time cannot show it cleanly: the 1M tree
# outgrows the CPU caches, so its time grows ~27x for 10x the nodes. The
# instruction count does not depend on the caches and is the same run to run,
# so linear work reads as a ratio near 10 per step and a flat Ir per node.
# (10k reads a few % dearer per node: the Swift runtime's one-time protocol
# conformance lookups, ~0.25M Ir, and a fuller hash table for positions.)
#
# Only the layout call is counted (tree building and the checksum are not):
# callgrind's --toggle-collect switches counting on at the entry of the
# library's layout function and off at its exit, callees included.
#
#     Benchmarks/Trees/instructions.sh              TidyLayout, InorderLayout, SizedTidyLayout
#     Benchmarks/Trees/instructions.sh 1000 10000   other sizes
# Takes about two minutes (valgrind runs the program ~50x slower).
set -euo pipefail

command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)

work=$(mktemp -d /tmp/treeanim-instructions.XXXXXX)
trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$here" >"$work/build" 2>&1 || { cat "$work/build" >&2; exit 1; }
binary=$(swift build -c release --package-path "$here" --show-bin-path)/TreesBenchmarks
# Dictionary hashing is seeded per process unless this is set; with it, the
# counts repeat exactly. Binding every symbol at load keeps the dynamic
# linker's lazy binding (a few thousand Ir that vary with the build) out of
# the first layout call.
export SWIFT_DETERMINISTIC_HASHING=1 LD_BIND_NOW=1

# Mangled names of `TidyLayout.layout(_:)` and `InorderLayout.layout(_:)`, the
# unspecialised generic functions the benchmark calls across the module, and
# of the benchmark's `sizedOnce`, which calls `SizedTidyLayout.drawing(of:size:)`
# on a random recursive tree (whose own name prefixes its closures' names).
for entry in "tidy TidyLayout \$s5Trees10TidyLayoutV6layout" "inorder InorderLayout \$s5Trees13InorderLayoutV6layout" \
    "sized SizedTidyLayout \$s15TreesBenchmarks9sizedOnce"; do
    read -r mode name symbol <<<"$entry"
    if [ "$(nm "$binary" | grep -c " [tT] $symbol")" -ne 1 ]; then
        echo "instructions.sh: no single symbol $symbol* in $binary; find the layout function with nm" >&2
        exit 1
    fi
    previous=
    for n in "${sizes[@]}"; do
        valgrind --tool=callgrind --callgrind-out-file="$work/out" --toggle-collect="$symbol*" \
            "$binary" --layout-only "$n" "$mode" >"$work/stdout" 2>"$work/log" \
            || { cat "$work/log" >&2; echo "instructions.sh: failed: $name $n" >&2; exit 1; }
        ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log")
        [ "${ir:-0}" -gt 0 ] || { echo "instructions.sh: $name $n counted no instructions; the toggle matched nothing" >&2; exit 1; }
        awk -v name="$name" -v n="$n" -v ir="$ir" -v prev="$previous" 'BEGIN {
            printf "%-15s %8d nodes  %13.0f Ir  %6.1f Ir/node", name, n, ir, ir / n
            if (prev != "") printf "  x%.2f", ir / prev
            printf "\n" }'
        previous=$ir
    done
done
