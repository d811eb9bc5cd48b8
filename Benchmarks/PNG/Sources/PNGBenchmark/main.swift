import PNG

/// Times `PNGFile.encode` for each setting on one thread: the median and
/// best of repeated runs, and the bytes produced. The image is a drawn
/// 1280×720 tree frame unless `--image` names a PNG to re-encode.
///
///     swift run -c release --package-path Benchmarks/PNG PNGBenchmark \
///         [--quick] [--transparent] [--image frame.png] [--save folder]
///         [--only 2/none/default,1/up/rle]
let arguments = Array(CommandLine.arguments.dropFirst())
func value(after flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let quick = arguments.contains("--quick")

let (width, height, pixels, label): (Int, Int, [UInt8], String)
if let path = value(after: "--image") {
    let image = try PNGFile.read(path)
    (width, height, pixels, label) = (image.width, image.height, premultiply(image.pixels), path)
} else {
    let transparent = arguments.contains("--transparent")
    let frame = TreeFrame(background: transparent ? nil : (1, 1, 1, 1))
    (width, height, pixels, label) = (
        frame.width, frame.height, frame.pixels,
        "tree frame, \(transparent ? "transparent" : "white") background"
    )
}
if let folder = value(after: "--save") {
    try PNGFile.write(premultipliedRGBA: pixels, width: width, height: height, to: folder + "/benchmark-frame.png")
}

/// Milliseconds with two decimals.
func ms(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func measure(_ options: PNGOptions) throws -> (median: Double, best: Double, bytes: Int) {
    let clock = ContinuousClock()
    var times: [Double] = []
    var bytes = 0
    let budget = Duration.milliseconds(quick ? 60 : 400)
    let started = clock.now
    while times.count < 3 || (clock.now - started < budget && times.count < 200) {
        let start = clock.now
        bytes = try PNGFile.encode(premultipliedRGBA: pixels, width: width, height: height, options: options).count
        let elapsed = clock.now - start
        times.append(milliseconds(elapsed))
    }
    times.sort()
    return (times[times.count / 2], times[0], bytes)
}

func report(_ name: String, _ options: PNGOptions) throws {
    let result = try measure(options)
    func column(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(width - text.count, 0)) + text
    }
    let padded = name + String(repeating: " ", count: max(36 - name.count, 0))
    print(padded + column(ms(result.median), 9) + column(ms(result.best), 9) + column(String(result.bytes), 10))
}

print("\(width)×\(height) \(label); one thread")
do {
    // The conversion the ffmpeg sink does on every frame, on its own.
    let clock = ContinuousClock()
    var best = Duration.seconds(1)
    var checksum = 0
    for _ in 0..<(quick ? 20 : 100) {
        let start = clock.now
        checksum &+= Int(unpremultiply(pixels)[pixels.count / 2])
        best = min(best, clock.now - start)
    }
    print("unpremultiply alone: \(ms(milliseconds(best))) ms best (checksum \(checksum))")
}
print("setting (level/filter/strategy)" + String(repeating: " ", count: 5) + "ms median  ms best     bytes")
try report("libpng stock: 6/adaptive/filtered", .libpngDefault)
let chosen = PNGOptions.default
try report("default: \(chosen.level)/\(chosen.filter)/\(chosen.strategy)", chosen)
if let only = value(after: "--only") {
    for setting in only.split(separator: ",") {
        let parts = setting.split(separator: "/").map(String.init)
        guard parts.count == 3, let level = Int(parts[0]), let filter = PNGFilter(rawValue: parts[1]),
            let strategy = PNGStrategy(rawValue: parts[2])
        else {
            print("--only takes level/filter/strategy settings such as 2/none/default, not \(setting)")
            continue
        }
        try report(String(setting), PNGOptions(level: level, filter: filter, strategy: strategy))
    }
} else {
    let levels = quick ? [1, 2, 3, 4, 6] : [0, 1, 2, 3, 4, 5, 6, 9]
    let strategies: [PNGStrategy] = quick ? [.default, .rle] : PNGStrategy.allCases
    for strategy in strategies {
        for filter in PNGFilter.allCases {
            // Level 0 stores; the strategy cannot change its output.
            for level in levels where level > 0 || strategy == .default {
                try report("\(level)/\(filter)/\(strategy)", PNGOptions(level: level, filter: filter, strategy: strategy))
            }
        }
    }
}
