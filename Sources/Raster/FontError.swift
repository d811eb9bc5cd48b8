#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a font could not be loaded.
public enum FontError: Error, CustomStringConvertible, Sendable, Hashable {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file is there but cannot be opened or read, for the system's
    /// reason `code` (an `errno`, such as `EACCES`, or `EMFILE` when the
    /// process has as many files open as it may).
    case cannotOpen(path: String, code: Int32)
    /// The file exists but FreeType cannot open it as a font.
    case unreadable(path: String, freeTypeError: Int32)
    /// The font has only bitmaps, no outlines to draw.
    case notScalable(path: String)
    /// Fontconfig cannot parse the pattern.
    case invalidPattern(String)
    /// Fontconfig has no font for the pattern, or only one of another family
    /// (`found`), which would silently change how frames look.
    case noMatch(pattern: String, found: String?)
    /// The FreeType library itself failed to start.
    case freeTypeUnavailable(freeTypeError: Int32)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "font file not found: \(path)"
        case .cannotOpen(let path, let code):
            "cannot open font file \(path): \(String(cString: strerror(code)))"
        case .unreadable(let path, 2):
            // FT_Err_Unknown_File_Format: FreeType knows no font format like it.
            "\(path) is not a font file (TrueType, OpenType, Type 1 or WOFF)"
        case .unreadable(let path, 3):
            // FT_Err_Invalid_File_Format: a font format, but broken.
            "font file \(path) is damaged"
        case .unreadable(let path, let code) where (0x51...0x57).contains(code):
            // FreeType's stream errors: the file ends, or a read fails, where its tables say there is more.
            "font file \(path) is cut short or damaged: it ends before its tables do (FreeType error \(code)); give a whole font file"
        case .unreadable(let path, let code):
            // A font format FreeType knows, with a table, an offset or a
            // count it cannot take (FT_Err_Invalid_Table is 8).
            "font file \(path) is damaged: FreeType reads it as a font but cannot take its tables (FreeType error \(code)); give another font file"
        case .notScalable(let path):
            "font \(path) has no outlines (bitmap-only fonts cannot be drawn)"
        case .invalidPattern(let pattern):
            "invalid fontconfig pattern '\(pattern)'"
        case .noMatch(let pattern, let found?):
            "no font matches '\(pattern)': fontconfig offers only family '\(found)' (install it, e.g. fonts-dejavu-core, or give a font file)"
        case .noMatch(let pattern, nil):
            "no font matches '\(pattern)' (install one, e.g. fonts-dejavu-core, or give a font file)"
        case .freeTypeUnavailable(let code):
            "FreeType failed to initialise (error \(code))"
        }
    }
}

extension FontError {
    /// Why FreeType could not open the font file at `path`: the file is
    /// missing, cannot be opened (`code`, the `errno` just after FreeType
    /// failed to open it), or is not a font it reads.
    init(opening path: String, freeTypeError: Int32, errno code: Int32) {
        // FT_Err_Cannot_Open_Resource: open(2) failed, and errno says why.
        if freeTypeError == 1, code != 0, code != ENOENT {
            self = .cannotOpen(path: path, code: code)
        } else if access(path, F_OK) != 0 {
            self = .fileNotFound(path: path)
        } else {
            self = .unreadable(path: path, freeTypeError: freeTypeError)
        }
    }
}
