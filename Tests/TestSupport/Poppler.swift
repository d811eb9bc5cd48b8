import Foundation
import PNG

/// poppler-utils, the reference PDF reader on this machine, run on a PDF
/// file: what `pdfinfo` reports, the text `pdftotext` extracts, the page
/// `pdftoppm` renders. A missing tool is an error that says how to install
/// it, so a test that needs poppler fails rather than passes unchecked; so
/// is a tool that complains about the file, even when it reads on.
public enum Poppler {
    /// `pdfinfo`'s fields, such as `Pages` → `"2"` and `Page size` →
    /// `"841.89 x 595.28 pts (A4)"` (with `-f 1 -l n`, `Page    1 size`...).
    public static func info(_ pdf: String, arguments: [String] = []) throws -> [String: String] {
        let output = try run("pdfinfo", arguments + [pdf])
        var fields = [String: String]()
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The text of `pdf`, or of its page `page` (counted from 1), as
    /// `pdftotext` extracts it. `raw` keeps the text in the order it is
    /// drawn with the spaces it draws (`-raw`); without it pdftotext lays
    /// words out by their places, and guesses the spaces between them,
    /// leaving out those between one-character words such as `& < >`.
    public static func text(_ pdf: String, page: Int? = nil, raw: Bool = false) throws -> String {
        let pages = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try run("pdftotext", pages + (raw ? ["-raw"] : []) + ["-enc", "UTF-8", pdf, "-"])
    }

    /// Page `page` (counted from 1) of `pdf` rendered at `dpi` by
    /// `pdftoppm`, as straight RGBA pixels.
    public static func render(_ pdf: String, page: Int, dpi: Int) throws -> PNGImage {
        let base = NSTemporaryDirectory() + "treeanim-poppler-" + UUID().uuidString
        _ = try run("pdftoppm", ["-f", "\(page)", "-l", "\(page)", "-r", "\(dpi)", "-png", "-singlefile", pdf, base])
        defer { try? FileManager.default.removeItem(atPath: base + ".png") }
        return try PNGFile.read(base + ".png")
    }

    /// The number of pages of `pdf`, as `pdfinfo` counts them.
    public static func pageCount(_ pdf: String) throws -> Int {
        guard let pages = try info(pdf)["Pages"], let count = Int(pages) else {
            throw PopplerError.failed(tool: "pdfinfo", status: 0, output: "no page count for \(pdf)")
        }
        return count
    }

    /// Page `page` (counted from 1) of `pdf` rendered by `pdftoppm`
    /// `width` pixels wide and as high as the page's aspect makes it.
    public static func render(_ pdf: String, page: Int, width: Int) throws -> PNGImage {
        let base = NSTemporaryDirectory() + "treeanim-poppler-" + UUID().uuidString
        _ = try run("pdftoppm", [
            "-f", "\(page)", "-l", "\(page)", "-scale-to-x", "\(width)", "-scale-to-y", "-1", "-png", "-singlefile",
            pdf, base,
        ])
        defer { try? FileManager.default.removeItem(atPath: base + ".png") }
        return try PNGFile.read(base + ".png")
    }

    /// Runs a poppler tool and returns what it printed on standard output.
    public static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let executable = paths.map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile)
        else { throw PopplerError.missing(tool: tool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are drained before the wait, so a chatty tool cannot block.
        let group = DispatchGroup()
        nonisolated(unsafe) var errors = Data()
        DispatchQueue.global().async(group: group) { errors = err.fileHandleForReading.readDataToEndOfFile() }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        // poppler reads past most faults in a file, saying so on standard
        // error: for the tests, a complaint is a failure.
        guard process.terminationStatus == 0, errors.isEmpty else {
            throw PopplerError.failed(
                tool: tool, status: process.terminationStatus, output: String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Why a poppler tool gave no answer.
public enum PopplerError: Error, CustomStringConvertible {
    case missing(tool: String)
    /// The tool exited with `status`, or with 0 but printed `output` on
    /// standard error.
    case failed(tool: String, status: Int32, output: String)

    public var description: String {
        switch self {
        case .missing(let tool):
            "\(tool) not found on PATH: run scripts/setup.sh, which installs poppler-utils"
        case .failed(let tool, let status, let output):
            "\(tool) exited with status \(status) saying: \(output.split(separator: "\n").first ?? "")"
        }
    }
}

extension PNGImage {
    /// The rectangle at (`x`, `y`) of `width`×`height` pixels (fractions
    /// allowed) of this image scaled to `targetWidth`×`targetHeight` by area
    /// averaging: each new pixel is the mean of the old ones it covers,
    /// weighted by how much of each it covers. A rendered page's picture,
    /// brought to the size of the picture it should show.
    public func region(
        x: Double, y: Double, width: Double, height: Double, scaledTo targetWidth: Int, _ targetHeight: Int
    ) -> PNGImage {
        let scaleX = width / Double(targetWidth)
        let scaleY = height / Double(targetHeight)
        var pixels = [UInt8](repeating: 255, count: targetWidth * targetHeight * 4)
        for row in 0..<targetHeight {
            let top = y + Double(row) * scaleY
            for column in 0..<targetWidth {
                let left = x + Double(column) * scaleX
                var sum = [0.0, 0.0, 0.0]
                var area = 0.0
                for sourceY in max(0, Int(top))..<min(self.height, Int((top + scaleY).rounded(.up))) {
                    let coverY = min(top + scaleY, Double(sourceY + 1)) - max(top, Double(sourceY))
                    for sourceX in max(0, Int(left))..<min(self.width, Int((left + scaleX).rounded(.up))) {
                        let cover = coverY * (min(left + scaleX, Double(sourceX + 1)) - max(left, Double(sourceX)))
                        guard cover > 0 else { continue }
                        let at = (sourceY * self.width + sourceX) * 4
                        for channel in 0..<3 { sum[channel] += cover * Double(self.pixels[at + channel]) }
                        area += cover
                    }
                }
                let at = (row * targetWidth + column) * 4
                for channel in 0..<3 where area > 0 {
                    pixels[at + channel] = UInt8((sum[channel] / area).rounded())
                }
            }
        }
        return PNGImage(width: targetWidth, height: targetHeight, pixels: pixels)
    }

    /// The mean absolute difference per colour channel (0…255) between
    /// this image and `other`, of the same size, leaving out a border of
    /// `inset` pixels where a resampled edge blends with its surroundings.
    public func meanDifference(from other: PNGImage, inset: Int = 0) -> Double {
        precondition(width == other.width && height == other.height, "images of one size")
        var total = 0
        var count = 0
        for y in inset..<height - inset {
            for x in inset..<width - inset {
                let at = (y * width + x) * 4
                for channel in 0..<3 { total += abs(Int(pixels[at + channel]) - Int(other.pixels[at + channel])) }
                count += 3
            }
        }
        return count == 0 ? 0 : Double(total) / Double(count)
    }
}
