import FamilyFiles
import Foundation
import Testing
import Trees

/// The GEDCOM files of `../shared/corpus/gedcom/`, as genealogy programs
/// wrote them, read person by person and union by union: every INDI record
/// is a person with a name, and every FAM record with a partner in the file
/// is a union. The records are counted from the text itself.
@Suite struct CorpusFamilyTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/gedcom")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The file's text by Foundation, as a second reading: UTF-16 by its
    /// zero bytes, else Latin-1 (every byte a character; only the ASCII
    /// record lines are counted).
    static func text(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        if bytes.count > 1, bytes[0] == 0 || bytes[1] == 0 || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let big = bytes[0] == 0 || bytes.starts(with: [0xFE, 0xFF])
            return String(data: data, encoding: big ? .utf16BigEndian : .utf16LittleEndian) ?? ""
        }
        return String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
    }

    @Test(arguments: files)
    func everyRecordIsAPersonOrAUnion(_ name: String) throws {
        let path = Self.corpus.path + "/" + name
        let lines = try Self.text(path).split { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.map { $0.drop { $0 == " " || $0 == "\u{FEFF}" } }
        let individuals = lines.filter { $0.hasPrefix("0 @") && $0.hasSuffix(" INDI") }.count
        let families = lines.filter { $0.hasPrefix("0 @") && $0.hasSuffix(" FAM") }.count
        let family = try FamilyFile.load(from: .path(path)).versions[0]
        #expect(family.people.count == individuals)
        #expect(family.people.allSatisfy { !$0.name.isEmpty })
        #expect(family.unions.count <= families && family.unions.count >= families / 2, "\(family.unions.count) of \(families)")
    }

    @Test func theKennedysAreAll208() throws {
        let family = try FamilyFile.read(path: Self.corpus.path + "/kennedy.ged")[0]
        #expect(family.people.count == 208)
        #expect(family.people.contains { $0.name.hasPrefix("John Fitzgerald Kennedy") })
    }
}
