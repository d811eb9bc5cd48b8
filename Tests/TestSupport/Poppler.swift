import Foundation
import PNG

/// The number of pages of a PDF, as poppler's `pdfinfo` counts them.
public func pdfPageCount(_ pdf: String) throws -> Int {
    let info = try ExternalTool("pdfinfo", package: "poppler-utils").run([pdf])
    for line in info.split(whereSeparator: \.isNewline) where line.hasPrefix("Pages:") {
        if let count = Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) { return count }
    }
    throw ExternalTool.Failure(description: "pdfinfo gave no page count for \(pdf)")
}

/// Page `page` (from 1) of a PDF rendered by poppler's `pdftoppm`,
/// `width` pixels wide and as high as the page's aspect makes it.
public func renderPDFPage(_ pdf: String, page: Int, width: Int) throws -> PNGImage {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("treeanim-pdftoppm-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stem = folder.appendingPathComponent("page").path
    try ExternalTool("pdftoppm", package: "poppler-utils").run([
        "-f", "\(page)", "-l", "\(page)", "-singlefile", "-png", "-scale-to-x", "\(width)", "-scale-to-y", "-1",
        pdf, stem,
    ])
    return try PNGFile.read(stem + ".png")
}

/// The text of page `page` (from 1) of a PDF, as poppler's `pdftotext`
/// reads it.
public func pdfText(_ pdf: String, page: Int) throws -> String {
    try ExternalTool("pdftotext", package: "poppler-utils")
        .run(["-f", "\(page)", "-l", "\(page)", "-enc", "UTF-8", pdf, "-"])
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
