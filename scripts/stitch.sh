#!/usr/bin/env bash
# Stitches a folder of treeanim PNG frames (frame_00000.png, ...) into a GIF,
# MP4 or WebM with the same ffmpeg recipe treeanim uses in-process
# (Sources/Output/FFmpeg/FFmpegRecipe.swift: keep the two in step).
#   scripts/stitch.sh FRAMES_DIR OUT.(gif|mp4|webm|apng|webp) [--fps F]
set -euo pipefail

usage() { echo "usage: scripts/stitch.sh FRAMES_DIR OUT.(gif|mp4|webm|apng|webp) [--fps F]" >&2; exit 64; }
[ $# -ge 2 ] || usage
dir=${1%/}; out=$2; shift 2
fps=30
while [ $# -gt 0 ]; do
    case $1 in
        --fps) [ $# -ge 2 ] || usage; fps=$2; shift 2 ;;
        *) echo "stitch: unknown option '$1'" >&2; usage ;;
    esac
done

command -v ffmpeg >/dev/null || { echo "stitch: ffmpeg not found on PATH: install it (sudo apt-get install ffmpeg, or scripts/setup.sh)" >&2; exit 1; }
[ -d "$dir" ] || { echo "stitch: '$dir' is not a folder" >&2; exit 1; }
# Every frame_*.png must be a frame number and a whole PNG file: one cut
# short (a disk that filled, a copy that broke) lacks the IEND chunk that
# closes every PNG, and ffmpeg would drop it without a word. Frames treeanim
# wrote say which animation they belong to (a tEXt chunk "treeanim" with a
# fingerprint and their index): frames of two animations in one folder are
# refused, never stitched together. perl (part of every Debian system) checks
# them all in one process and lists the numbers, sorted as numbers since
# names pass five digits at frame 100000.
numbers=$(mktemp)
trap 'rm -f "$numbers"' EXIT
if ! perl -e '
    my (@n, %by_print);
    for my $f (glob(quotemeta($ARGV[0]) . "/frame_*.png")) {
        my ($n) = $f =~ m{/frame_([0-9]+)\.png$} or die "stitch: \x27$f\x27 is not a frame (frame_NNNNN.png)\n";
        open(my $h, "<:raw", $f) or die "stitch: cannot read \x27$f\x27: $!\n";
        my $size = -s $h;
        my ($head, $tail) = ("", "");
        read($h, $head, 4096);
        seek($h, $size - 8, 0) if $size >= 16;
        read($h, $tail, 8);
        die "stitch: \x27$f\x27 is not a whole PNG file\n"
            unless $size >= 16 && substr($head, 0, 8) eq "\x89PNG\r\n\x1a\n" && $tail eq "IEND\xae\x42\x60\x82";
        my ($print, $at) = ("none", 8);
        while ($at + 8 <= length($head)) {
            my ($len, $type) = unpack("N a4", substr($head, $at, 8));
            last if $type eq "IDAT" || $at + 8 + $len > length($head);
            if ($type eq "tEXt") {
                my ($key, $text) = split(/\0/, substr($head, $at + 8, $len), 2);
                if ($key eq "treeanim") {
                    my %field = map { split(/=/, $_, 2) } split(/ /, $text);
                    die "stitch: \x27$f\x27 says it is frame $field{frame}\n" if $field{frame} != $n;
                    $print = "$field{fingerprint} of $field{frames} frames";
                }
            }
            $at += 12 + $len;
        }
        $by_print{$print} //= $f;
        push @n, $n + 0;
    }
    my @prints = sort keys %by_print;
    die "stitch: \x27$by_print{$prints[0]}\x27 and \x27$by_print{$prints[1]}\x27 are frames of different animations\n"
        if @prints > 1;
    print "$_\n" for sort { $a <=> $b } @n;
' "$dir" > "$numbers"; then
    exit 1
fi
count=$(wc -l < "$numbers")
[ "$count" -gt 0 ] || { echo "stitch: no frame_*.png files in '$dir'" >&2; exit 1; }
start=$(head -n 1 "$numbers")
end=$(tail -n 1 "$numbers")
dupes=$(uniq -d "$numbers" | head -n 1)
[ -z "$dupes" ] || { echo "stitch: '$dir' has frame $dupes twice (two names for one number)" >&2; exit 1; }
# ffmpeg would stop quietly at a gap, say where a split render lost a part.
if [ $((end - start + 1)) -ne "$count" ]; then
    echo "stitch: '$dir' has $count frames numbered $start to $end: some are missing" >&2; exit 1
fi
first=$(printf '%s/frame_%05d.png' "$dir" "$start")
outdir=$(dirname "$out")
[ -d "$outdir" ] || { echo "stitch: output folder '$outdir' does not exist" >&2; exit 1; }

# Frames with an alpha channel make a transparent WebM.
alpha=no
if [ "$(ffprobe -v error -select_streams v:0 -show_entries stream=pix_fmt -of csv=p=0 "$first")" = rgba ]; then alpha=yes; fi

# Write beside the output and rename, so a failed or interrupted run leaves no
# partial file.
# A short hidden name: it must fit wherever the output's name fits.
tmp="$outdir/.stitch-$$.${out##*.}"
palette="$tmp-palette.png"
trap 'rm -f "$tmp" "$palette" "$numbers"' EXIT
# -xerror: a frame ffmpeg cannot decode stops the run instead of being skipped.
input=(-hide_banner -loglevel error -xerror -y -framerate "$fps" -start_number "$start" -i "$dir/frame_%05d.png")

case ${out##*.} in
    # Two passes, as treeanim does: a palette from every pixel of one frame
    # in 8 and the last (FFmpegRecipe.paletteSample), then every frame mapped
    # onto it undithered (one pass would hold every frame in memory).
    gif)  ffmpeg "${input[@]}" -vf "select='max(not(mod(n,8)),eq(n,$((count - 1))))',palettegen=stats_mode=full" \
              -update 1 -f image2 -c:v png "$palette"
          recipe=(-i "$palette" -lavfi "[0:v][1:v]paletteuse=dither=none:diff_mode=rectangle" -loop 0 -f gif) ;;
    mp4)  [ $alpha = no ] || { echo "stitch: the frames are transparent and MP4 has no alpha; use .webm or .gif" >&2; exit 1; }
          recipe=(-c:v libx264 -preset medium -tune animation -crf 18 -pix_fmt yuv420p -movflags +faststart -f mp4) ;;
    webm) pix=yuv420p; [ $alpha = no ] || pix=yuva420p
          recipe=(-c:v libvpx-vp9 -crf 30 -b:v 0 -row-mt 1 -deadline good -cpu-used 4 -pix_fmt $pix -f webm) ;;
    apng) pix=rgb24; [ $alpha = no ] || pix=rgba
          recipe=(-c:v apng -pix_fmt $pix -plays 0 -f apng) ;;
    webp) recipe=(-c:v libwebp_anim -lossless 1 -pix_fmt bgra -loop 0 -f webp) ;;
    *)    echo "stitch: cannot tell the format of '$out': use .gif, .mp4, .webm, .apng or .webp" >&2; exit 1 ;;
esac

ffmpeg "${input[@]}" "${recipe[@]}" "$tmp"
mv "$tmp" "$out"
rm -f "$palette" "$numbers"
trap - EXIT
echo "stitch: wrote $out" >&2
