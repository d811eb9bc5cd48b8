import Compare
import PNG

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One golden PNG and the checks and recording done against it.
struct GoldenFrame {
    var name: String
    /// The `Goldens/` folder the golden lives in.
    var folder: String

    var path: String { "\(folder)/\(name).png" }

    /// Goldens are committed, so they are compressed hard; their pixels are
    /// what matters and every setting decodes to the same.
    static let recordingOptions = PNGOptions(level: 9, filter: .adaptive, strategy: .filtered)

    /// Compares `actual` with the golden, or records it when the settings
    /// ask and it does not match; the failure to report, or nil when the
    /// frame matches.
    func check(_ actual: PNGImage, tolerance: Int, settings: GoldenSettings) -> String? {
        let recording = settings.record && !settings.continuousIntegration
        guard access(path, F_OK) == 0 else {
            if recording { return record(actual) }
            let saved = saveFailure(FailureImages(actual: actual), settings: settings)
            let howTo = settings.continuousIntegration
                ? "goldens are never recorded when CI=true; record it locally with TREEANIM_RECORD_GOLDENS=1 swift test"
                : "record it with TREEANIM_RECORD_GOLDENS=1 swift test"
            return "no golden \(path) for frame '\(name)'; \(howTo); \(saved)"
        }
        let expected: PNGImage
        do {
            expected = try PNGFile.read(path)
        } catch {
            if recording { return record(actual) }
            let saved = saveFailure(FailureImages(actual: actual), settings: settings)
            return "golden for frame '\(name)' is unusable: \(error); \(saved)" + refusal(settings)
        }
        guard expected.width == actual.width && expected.height == actual.height else {
            if recording { return record(actual) }
            let saved = saveFailure(FailureImages(expected: expected, actual: actual), settings: settings)
            return "frame '\(name)' is \(actual.width)×\(actual.height) but golden \(path) is "
                + "\(expected.width)×\(expected.height); \(saved)" + refusal(settings)
        }
        let comparison = FrameComparison(expected: expected, actual: actual, tolerance: tolerance)
        guard let first = comparison.first else { return nil }
        if recording { return record(actual) }
        let i = (first.y * actual.width + first.x) * 4
        func rgba(_ image: PNGImage) -> String {
            image.pixels[i..<i + 4].map(String.init).joined(separator: " ")
        }
        let total = actual.width * actual.height
        let (pixels, differ) = comparison.differingPixels == 1 ? ("pixel", "differs") : ("pixels", "differ")
        let saved = saveFailure(
            FailureImages(expected: expected, actual: actual, diff: comparison.diffImage()), settings: settings)
        return "frame '\(name)' differs from golden \(path): \(comparison.differingPixels) \(pixels) of \(total) "
            + "\(differ) by more than \(tolerance), max difference \(comparison.maxDifference); "
            + "first at (\(first.x), \(first.y)): expected RGBA \(rgba(expected)), got \(rgba(actual)); \(saved)"
            + refusal(settings)
    }

    /// Why a recording run still reports a mismatch.
    private func refusal(_ settings: GoldenSettings) -> String {
        settings.record ? " (not re-recorded: goldens are never recorded when CI=true)" : ""
    }

    private func record(_ actual: PNGImage) -> String {
        if let problem = makeFolders(TestSupport.folder(of: path)) {
            return "cannot record golden \(path): \(problem)"
        }
        do {
            try PNGFile.write(
                straightRGBA: actual.pixels, width: actual.width, height: actual.height, to: path,
                options: Self.recordingOptions)
        } catch {
            return "cannot record golden: \(error)"
        }
        return "recorded golden \(path); run the tests again without TREEANIM_RECORD_GOLDENS to check against it"
    }

    /// Writes the images a person needs to see the failure, as the
    /// command `treeanim compare` writes them (and removes those of an
    /// earlier failure that this one has not), and says where.
    private func saveFailure(_ images: FailureImages, settings: GoldenSettings) -> String {
        let target = "\(settings.failuresFolder)/\(name)"
        if let problem = makeFolders(target) {
            return "could not save the actual frame: \(problem)"
        }
        let files = DiffImageFiles(expected: "\(target)/golden.png", actual: "\(target)/actual.png", diff: "\(target)/diff.png")
        do throws(CompareError) {
            try files.write(images)
        } catch {
            return "could not save the actual frame: \(error)"
        }
        let written = [("actual.png", images.actual), ("golden.png", images.expected), ("diff.png", images.diff)]
            .filter { $0.1 != nil }.map(\.0)
        return "wrote \(written.joined(separator: ", ")) to \(target)/"
    }
}
