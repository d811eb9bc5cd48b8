import CFontconfig
import Synchronization

/// Font look-up by fontconfig pattern.
enum FontConfig {
    /// Fontconfig's current configuration is built lazily on first use;
    /// one lock keeps that, and every query, on one thread at a time.
    private static let lock = Mutex(())

    /// The file of the best match for `pattern`. Fontconfig always offers
    /// something; when the pattern names a family and the match is of
    /// another, that is reported as no match.
    static func file(matching pattern: String) throws(FontError) -> String {
        try lock.withLock { _ throws(FontError) -> String in
            guard FcInit() != 0 else { throw .noMatch(pattern: pattern, found: nil) }
            let parsed = pattern.withCString { FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            guard let parsed else { throw .invalidPattern(pattern) }
            defer { FcPatternDestroy(parsed) }
            let wanted = string(parsed, cfc_family())
            FcConfigSubstitute(nil, parsed, FcMatchPattern)
            FcDefaultSubstitute(parsed)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, parsed, &result), result == FcResultMatch else {
                throw .noMatch(pattern: pattern, found: nil)
            }
            defer { FcPatternDestroy(match) }
            let found = string(match, cfc_family())
            if let wanted, wanted.lowercased() != found?.lowercased() {
                throw .noMatch(pattern: pattern, found: found)
            }
            guard let file = string(match, cfc_file()) else { throw .noMatch(pattern: pattern, found: found) }
            return file
        }
    }

    /// The file of the font fontconfig ranks best for drawing `scalar` in a
    /// bold sans-serif face, when that font has a glyph for it; nil when no
    /// installed font has.
    static func file(covering scalar: Unicode.Scalar) -> String? {
        lock.withLock { _ -> String? in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            guard let wanted = FcCharSetCreate() else { return nil }
            defer { FcCharSetDestroy(wanted) }
            FcCharSetAddChar(wanted, FcChar32(scalar.value))
            FcPatternAddCharSet(pattern, cfc_charset(), wanted)
            "sans-serif".withCString { name in
                _ = FcPatternAddString(pattern, cfc_family(), UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
            }
            FcPatternAddInteger(pattern, cfc_weight(), cfc_weight_bold())
            FcPatternAddBool(pattern, cfc_scalable(), 1)
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result), result == FcResultMatch else { return nil }
            defer { FcPatternDestroy(match) }
            // Fontconfig always offers a font: keep it only if it has the glyph.
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(match, cfc_charset(), 0, &charset) == FcResultMatch, let charset,
                FcCharSetHasChar(charset, FcChar32(scalar.value)) != 0
            else { return nil }
            return string(match, cfc_file())
        }
    }

    private static func string(_ pattern: OpaquePointer, _ property: UnsafePointer<CChar>) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, property, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }
}
