import FamilyFiles
import Foundation
import Testing
import TestSupport
import Trees

/// The size limits: 16 MB a file, 100,000 people a file.
@Suite(.tags(.bulk)) struct LimitTests {
    static func error(_ bytes: [UInt8], _ name: String, format: FamilyFileFormat? = nil) -> String {
        do {
            _ = try FamilyFile.read(bytes, name: name, format: format)
            return "no error"
        } catch {
            return error.description
        }
    }

    static func error(path: String, format: FamilyFileFormat? = nil) -> String {
        do {
            _ = try FamilyFile.read(path: path, format: format)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func theLimitsAreDocumented() {
        #expect(FamilyFile.maxBytes == 16 * 1024 * 1024)
        #expect(FamilyFile.maxPeople == 100_000)
    }

    @Test func aFileOver16MBIsRefusedBeforeItIsParsed() {
        let big = [UInt8](repeating: 0x20, count: FamilyFile.maxBytes + 1)
        #expect(Self.error(big, "big.json") == "big.json: the file is 16,777,217 bytes: the limit is 16,777,216 bytes")
        #expect(Self.error(big, "big.ged") == "big.ged: the file is 16,777,217 bytes: the limit is 16,777,216 bytes")
        // 16 MB itself is read.
        #expect(Self.error(Array(big.dropLast()), "big.yaml") == "big.yaml: the file is empty: expected a list of people")
    }

    @Test func aFileOver16MBIsRefusedByPathBeforeItIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("LimitTests-\(UUID().uuidString).ged").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(FamilyFile.maxBytes + 1))
        try handle.close()
        #expect(Self.error(path: path) == "\(path): the file is 16,777,217 bytes: the limit is 16,777,216 bytes")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func aStreamWithoutASizeIsCutAtTheLimit() {
        // /dev/zero tells no size and never ends.
        #expect(Self.error(path: "/dev/zero", format: .gedcom) == "/dev/zero: the file is over the limit of 16,777,216 bytes: reading stopped there")
    }

    @Test func moreThan100000PeopleInJSONAreRefusedOnTheFirstOneOver() {
        var text = "["
        for k in 0...100_000 { text += "{\"id\": \(k), \"name\": \"n\"},\n" }
        text += "]"
        #expect(Self.error(Array(text.utf8), "family.json") == "family.json:100001: more than 100,000 people: the limit is 100,000 people a file")
    }

    @Test func thePeopleOfAllVersionsCount() {
        var text = ""
        for k in 0..<50_000 { text += "- {id: \(k), name: n}\n" }
        text += "---\n" + text + "- {id: x, name: n}\n"
        // Line 100,002: the first version's 50,000 lines, the ---, the second's 50,000.
        #expect(Self.error(Array(text.utf8), "f.yaml") == "f.yaml:100002: more than 100,000 people: the limit is 100,000 people a file")
    }

    /// A line of descent `count` people long, in GEDCOM: I1 the eldest,
    /// each the child of the one before.
    static func chain(_ count: Int) -> [UInt8] {
        var text = "0 HEAD\n"
        for k in 1...count { text += "0 @I\(k)@ INDI\n" }
        for k in 1..<count { text += "0 @F\(k)@ FAM\n1 HUSB @I\(k)@\n1 CHIL @I\(k + 1)@\n" }
        return Array(text.utf8)
    }

    @Test func aLineOfDescentOfAThousandGenerationsIsReadAndOneMoreRefused() throws {
        #expect(try FamilyFile.read(Self.chain(1_000), name: "f.ged")[0].people.count == 1_000)
        // I1001's record is line 1,002, after the HEAD.
        #expect(Self.error(Self.chain(1_001), "f.ged") == "f.ged:1002: the line from 'I1' down to 'I1001' is 1,001 generations: the limit is 1,000 generations")
        // 100,000 generations: refused as soon as the first person is past the limit.
        #expect(Self.error(Self.chain(100_000), "f.ged").hasSuffix("is 1,001 generations: the limit is 1,000 generations"))
        #expect(FamilyFile.maxGenerations == 1_000)
    }

    @Test func nestingDeeperThanLibyamlsLimitIsNamed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.error(Array(deep.utf8), "f.json") == "f.json:1: lists and mappings nested too deep: the limit is about 1,000 levels")
        let yaml = (0..<2_000).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n") + "x\n"
        #expect(Self.error(Array(yaml.utf8), "f.yaml").hasSuffix(": lists and mappings nested too deep: the limit is about 1,000 levels"))
    }

    @Test func moreThan100000PeopleInGEDCOMAreRefused() throws {
        var text = "0 HEAD\n1 CHAR UTF-8\n"
        for k in 1...100_000 { text += "0 @I\(k)@ INDI\n" }
        #expect(try FamilyFile.read(Array((text + "0 TRLR\n").utf8), name: "f.ged")[0].people.count == 100_000)
        text += "0 @I0@ INDI\n1 NAME One /Over/\n0 TRLR\n"
        #expect(Self.error(Array(text.utf8), "f.ged") == "f.ged:100003: more than 100,000 people: the limit is 100,000 people a file")
    }
}
