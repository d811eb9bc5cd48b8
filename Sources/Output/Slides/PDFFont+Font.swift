import Documents
import Foundation
import Raster

extension PDFFont {
    /// The font the frames are drawn with, as a PDF handout embeds it: the
    /// bytes of its file and, read through FreeType, the metrics and the
    /// glyph of each character of the face ``Font`` draws with (the file's
    /// first, also when the file is a `.ttc` collection: the handout cuts
    /// that face out into a font of its own).
    ///
    /// A face with no PostScript name is named after its file, such as
    /// `MyFont` for `/fonts/MyFont.ttf`.
    public init(_ font: Font) throws(FontError) {
        let metrics = try font.metrics()
        let file = try Self.contents(of: font.path)
        var glyphs = [Unicode.Scalar: Glyph]()
        for (scalar, glyph) in metrics.glyphs {
            // sfnt glyph ids are 16-bit: a larger one is no glyph of a font
            // a PDF can embed.
            if let id = UInt16(exactly: glyph.id) { glyphs[scalar] = Glyph(id: id, advance: glyph.advance) }
        }
        let fileName = font.path.split(separator: "/").last.map(String.init) ?? font.path
        self.init(
            file: file, faceIndex: 0,
            postScriptName: metrics.postScriptName ?? String(fileName.prefix { $0 != "." }),
            unitsPerEm: metrics.unitsPerEm, ascent: metrics.ascender, descent: metrics.descender,
            capHeight: metrics.capHeight,
            boundingBox: Box(minX: metrics.minX, minY: metrics.minY, maxX: metrics.maxX, maxY: metrics.maxY),
            isFixedPitch: metrics.isFixedPitch, glyphs: glyphs,
            missingGlyph: Glyph(id: 0, advance: metrics.missingGlyph.advance))
    }

    /// The bytes of the file at `path`, or why it cannot be read in the
    /// system's words: a font that is there but cannot be opened (no
    /// permission, too many files open) is not called missing.
    private static func contents(of path: String) throws(FontError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? FontError.fileNotFound(path: path) : .cannotOpen(path: path, code: code)
        }
        defer { close(descriptor) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .cannotOpen(path: path, code: errno) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
