#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ZIPFoundation

extension OPCPackage {
    /// Every entry's modification time: one fixed time, so the same slides
    /// always give the same bytes. 1980-01-01 is the earliest a ZIP holds.
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)
    /// The chunk in which clips are copied: large enough that a clip takes
    /// few reads, small enough that none is held whole.
    static let chunkSize = 1 << 20

    /// Writes the package as a ZIP file over the content of `path`, which
    /// exists: `[Content_Types].xml` first, then each part followed by its
    /// relationships. XML is deflated; PNG and MP4, compressed already, are
    /// stored as they are.
    ///
    /// On failure `path` holds part of a package: its caller, who made it,
    /// removes it.
    func write(toPath path: String) throws(PPTXError) {
        let archive = try Self.emptyArchive(at: path)
        try add("[Content_Types].xml", xml: contentTypesXML, to: archive, path: path)
        try add("_rels/.rels", xml: relationshipsXML(relationships), to: archive, path: path)
        for part in parts {
            switch part.content {
            case .xml(let xml):
                try add(part.name, xml: xml, to: archive, path: path)
            case .bytes(let bytes):
                try add(part.name, data: Data(bytes), compression: .none, to: archive, path: path)
            case .file(let clip):
                try add(part.name, clip: clip, to: archive, path: path)
            }
            if !part.relationships.isEmpty {
                try add(part.relationshipsName, xml: relationshipsXML(part.relationships), to: archive, path: path)
            }
        }
    }

    /// Opens `path`, made an empty ZIP, for adding.
    private static func emptyArchive(at path: String) throws(PPTXError) -> Archive {
        try emptyZIP(at: path)
        do {
            return try Archive(url: URL(fileURLWithPath: path), accessMode: .update)
        } catch {
            throw .cannotWrite(path: path, reason: reason(error))
        }
    }

    private func add(_ name: String, xml: String, to archive: Archive, path: String) throws(PPTXError) {
        try add(name, data: Data(xml.utf8), compression: .deflate, to: archive, path: path)
    }

    private func add(
        _ name: String, data: Data, compression: CompressionMethod, to archive: Archive, path: String
    ) throws(PPTXError) {
        do {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), modificationDate: Self.entryDate,
                compressionMethod: compression
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        } catch {
            throw .cannotWrite(path: path, reason: Self.reason(error))
        }
    }

    private func add(_ name: String, clip: ClipFile, to archive: Archive, path: String) throws(PPTXError) {
        do {
            try clip.withReader { read in
                try archive.addEntry(
                    with: name, type: .file, uncompressedSize: clip.size, modificationDate: Self.entryDate,
                    compressionMethod: .none, bufferSize: Self.chunkSize
                ) { position, size in
                    try read(position, size)
                }
            }
        } catch let error as PPTXError {
            throw error
        } catch {
            throw .cannotWrite(path: path, reason: Self.reason(error))
        }
    }

    /// One line for an error of ZIPFoundation or the file system.
    private static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// Replaces the content of `path` with an empty ZIP (its end record alone):
/// ZIPFoundation creates only files that do not exist, and the caller's file
/// (its permissions, its place) is the one to fill.
private func emptyZIP(at path: String) throws(PPTXError) {
    let endOfCentralDirectory: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: systemReason()) }
    let written = endOfCentralDirectory.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let failure = written == endOfCentralDirectory.count ? nil : systemReason()
    guard close(descriptor) == 0, failure == nil else {
        throw .cannotWrite(path: path, reason: failure ?? systemReason())
    }
}
