/// The ffmpeg recipe for each format, shared by ``FFmpegSink`` and
/// `scripts/stitch.sh` (which spells out the same arguments).
public enum FFmpegRecipe {
    /// The encoding passes for `format`: the arguments that follow the frame
    /// input, before the output path, one array a pass.
    ///
    /// GIF takes two passes: the first builds a palette from every pixel of
    /// the frames it is given (`palettegen=stats_mode=full`) into `palette`,
    /// the second maps every pixel of every frame to its nearest palette
    /// colour, undithered: a colour the palette holds comes out exact (an
    /// ordered Bayer dither moved the label colour and the red of a
    /// red-black tree 3 levels off, into neighbouring entries), flat fills
    /// stay flat, nothing crawls between frames, and the files are smaller.
    /// The palette's frames are a sample
    /// (``paletteSample(_:of:)``: one frame in ``paletteStride`` and the
    /// last): ``FFmpegSink`` renders and sends only those on the first pass,
    /// and with `selectingFrom` set to the frame count the first pass
    /// takes every frame and keeps the same sample itself (`select`), as
    /// `scripts/stitch.sh` does, giving the same palette and the same file.
    /// ffmpeg's one-pass `split` form of the same filters holds every frame
    /// in memory until the palette is done (4.6 GB for ten inserts at
    /// 720p). (A palette of the pixels that change, `stats_mode=diff`, lost
    /// the colour of a bar that stands from the first frame to the last: it
    /// came out grey; the sample counts every pixel of its frames, so
    /// what stands still is counted as often as what moves.) MP4: H.264 at CRF 18 in yuv420p,
    /// tuned for flat animation, with the index up front so a browser starts
    /// playing at once; `keyframeInterval` (frames) makes seeking cheap, as
    /// a deck playing a step backwards needs. WebM: VP9, with alpha when the
    /// frames are transparent. APNG: full-colour PNG frames, RGB when opaque.
    /// WebP: lossless, so lines and labels stay as sharp as the frames;
    /// libwebp stores only the rectangle that changed and merges repeated
    /// frames into one longer one.
    ///
    /// `loop` is how many times a GIF, APNG or WebP plays; videos ignore it.
    public static func passes(
        for format: VideoFormat, transparent: Bool, palette: String, loop: LoopCount = .forever,
        keyframeInterval: Int? = nil, selectingFrom frameCount: Int? = nil
    ) -> [[String]] {
        switch format {
        case .gif:
            [
                [
                    "-vf", (frameCount.map { paletteSelect(of: $0) + "," } ?? "") + "palettegen=stats_mode=full",
                    "-update", "1", "-f", "image2", "-c:v", "png",
                ],
                [
                    "-i", palette, "-lavfi", "[0:v][1:v]paletteuse=dither=none:diff_mode=rectangle",
                    // The loop field counts repeats after the first play; none at all plays once.
                    "-loop", loop.gifField, "-f", "gif",
                ],
            ]
        case .mp4:
            [
                ["-c:v", "libx264", "-preset", "medium", "-tune", "animation", "-crf", "18"]
                    + (keyframeInterval.map { ["-g", String($0), "-keyint_min", String($0)] } ?? [])
                    + ["-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
            ]
        case .webm:
            [[
                "-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1", "-deadline", "good",
                "-cpu-used", "4", "-pix_fmt", transparent ? "yuva420p" : "yuv420p", "-f", "webm",
            ]]
        case .apng:
            [["-c:v", "apng", "-pix_fmt", transparent ? "rgba" : "rgb24", "-plays", loop.plays, "-f", "apng"]]
        case .webp:
            [[
                "-c:v", "libwebp_anim", "-lossless", "1", "-pix_fmt", "bgra",
                "-loop", loop.plays, "-f", "webp",
            ]]
        }
    }

    /// One frame in this many goes into a GIF's palette (with the last):
    /// at 30 frames a second, one every 0.27 s. A scene that stands still
    /// for this many frames, as every step's rest does, is always in the
    /// sample, and what moves is sampled along its way; an element on
    /// screen from first frame to last is counted in every sampled frame.
    public static let paletteStride = 8

    /// Whether frame `n` of `count` (numbered from 0 in what is encoded) is
    /// one the GIF's palette is built from: every ``paletteStride``-th
    /// from the first, and the last.
    public static func paletteSample(_ n: Int, of count: Int) -> Bool {
        n % paletteStride == 0 || n == count - 1
    }

    /// The `select` filter that keeps ``paletteSample(_:of:)``'s frames of
    /// `count`, for a palette pass given every frame.
    public static func paletteSelect(of count: Int) -> String {
        "select='max(not(mod(n,\(paletteStride))),eq(n,\(count - 1)))'"
    }

    /// The pixel format frames are sent in for `format`: the one its first
    /// filter or encoder works in, so that ffmpeg converts nothing. MP4 and
    /// an opaque WebM take `yuv420p`, converted on our render threads as
    /// ffmpeg would (``PipeFrame/yuv420p(_:width:height:into:)``); a GIF's
    /// palette filters and libwebp take BGRA; an opaque APNG takes RGB. The
    /// GIF, APNG and WebP files are the same bytes as from RGBA input.
    public static func input(for format: VideoFormat, transparent: Bool) -> PipePixels {
        switch format {
        case .mp4: .yuv420p
        case .webm: transparent ? .rgba : .yuv420p
        case .gif, .webp: .bgra
        case .apng: transparent ? .rgba : .rgb24
        }
    }

    /// `arguments` (a video's last pass) with the inputs and mappings of
    /// `tracks` around them: the frames are input 0; the subtitles, a
    /// WebVTT file at `subtitles`, input 1, as a soft track (`mov_text` in
    /// MP4; in WebM the WebVTT cues as they are, escapes kept); the sound,
    /// a WAV file at `sound`, the input after, encoded as AAC in MP4 and Opus in WebM.
    /// Each track is tagged with the tracks' language.
    public static func tracks(
        _ tracks: ExtraTracks, format: VideoFormat, subtitles: String?, sound: String?, around arguments: [String]
    ) -> [String] {
        var inputs = [String](), maps = ["-map", "0:v"], next = 1
        if let subtitles {
            inputs += ["-f", "webvtt", "-i", subtitles]
            maps += [
                "-map", "\(next):s", "-c:s", format == .mp4 ? "mov_text" : "copy",
                "-metadata:s:s:0", "language=\(tracks.language.iso639_2)",
                "-metadata:s:s:0", "title=\(tracks.language.name)",
            ]
            next += 1
        }
        if let sound {
            inputs += ["-f", "wav", "-i", sound]
            maps += ["-map", "\(next):a"] + (format == .mp4 ? ["-c:a", "aac", "-b:a", "128k"] : ["-c:a", "libopus", "-b:a", "96k"])
                + ["-metadata:s:a:0", "language=\(tracks.language.iso639_2)"]
            next += 1
        }
        return inputs + arguments + maps
    }

    /// The frame rate as ffmpeg reads it: whole numbers plainly, others as a
    /// fraction over 1000.
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : "\(Int((fps * 1000).rounded()))/1000"
    }
}

extension LoopCount {
    /// A GIF's loop field as ffmpeg's `-loop` takes it: 0 repeats for ever,
    /// N repeats N times after the first play, -1 writes no loop block.
    var gifField: String {
        switch self {
        case .forever: "0"
        case .times(let n): String(n - 1 == 0 ? -1 : n - 1)
        }
    }

    /// The plays of an APNG or WebP, 0 for ever.
    var plays: String {
        switch self {
        case .forever: "0"
        case .times(let n): String(n)
        }
    }
}
