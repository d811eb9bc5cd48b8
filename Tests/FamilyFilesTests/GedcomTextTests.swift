import Foundation
import FamilyFiles
import InputText
import Testing
import Trees

/// GEDCOM's character sets: UTF-8, UTF-16 with or without its byte-order
/// mark, Windows-1252 for the 8-bit sets, ANSEL refused.
@Suite struct GedcomTextTests {
    static func error(_ bytes: [UInt8], _ name: String = "f.ged") -> String {
        do {
            _ = try FamilyFile.read(bytes, name: name)
            return "no error"
        } catch {
            return error.description
        }
    }

    static func names(_ bytes: [UInt8]) throws -> [String] { try FamilyFile.read(bytes, name: "f.ged")[0].people.map(\.name) }

    static let unicode = "0 HEAD\r\n1 CHAR UNICODE\r\n0 @I1@ INDI\r\n1 NAME 王伟\r\n1 FAMS @F1@\r\n0 @I2@ INDI\r\n1 NAME 𠀀 /Émile/ 😀\r\n"
        + "0 @F1@ FAM\r\n1 HUSB @I1@\r\n1 CHIL @I2@\r\n0 TRLR\r\n"
    static let little = unicode.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    static let big = unicode.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }

    @Test func utf16WithAByteOrderMark() throws {
        for bytes in [[0xFF, 0xFE] + Self.little, [0xFE, 0xFF] + Self.big] {
            let f = try FamilyFile.read(bytes, name: "f.ged")[0]
            #expect(f.people.map(\.name) == ["王伟", "𠀀 Émile 😀"])
            #expect(f.unions == [Union(partners: ["I1"], children: ["I2"])])
        }
    }

    @Test func utf16WithoutItsMarkIsToldByTheFirstZero() throws {
        #expect(try Self.names(Self.little) == ["王伟", "𠀀 Émile 😀"])
        #expect(try Self.names(Self.big) == ["王伟", "𠀀 Émile 😀"])
    }

    @Test func utf16CutShortIsRefused() {
        #expect(Self.error([0xFF, 0xFE] + Self.little.dropLast()) == "f.ged: the file is UTF-16 but has an odd number of bytes: it is cut short")
        #expect(Self.error(Array(Self.big.dropLast())) == "f.ged: the file is UTF-16 but has an odd number of bytes: it is cut short")
    }

    @Test func utf8WithAndWithoutItsMark() throws {
        let text = Array("0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME José /Müller/\n".utf8)
        #expect(try Self.names([0xEF, 0xBB, 0xBF] + text) == ["José Müller"])
        #expect(try Self.names(text) == ["José Müller"])
        #expect(try Self.names(Array("0 @I1@ INDI\n1 NAME José\n".utf8)) == ["José"])
    }

    @Test func ansiIsWindows1252() throws {
        // 0x8C is Œ in Windows-1252 (a control character in Latin-1).
        let bytes = Array("0 HEAD\n1 CHAR ANSI\n0 @I1@ INDI\n1 NAME Jos".utf8) + [0xE9] + Array(" /M".utf8) + [0xFC] + Array("ller/\n".utf8)
            + Array("0 @I2@ INDI\n1 NAME ".utf8) + [0x8C] + Array("dile /Bront".utf8) + [0xEB, 0x2F, 0x0A]
        #expect(try Self.names(bytes) == ["José Müller", "Œdile Brontë"])
        // So is ASCII that is not, and a file without CHAR that is not UTF-8.
        #expect(try Self.names(Array("0 HEAD\n1 CHAR ASCII\n0 @I1@ INDI\n1 NAME Jos".utf8) + [0xE9, 0x0A]) == ["José"])
        #expect(try Self.names(Array("0 @I1@ INDI\n1 NAME ".utf8) + [0x93, 0x41, 0x94, 0x0A]) == ["\u{201C}A\u{201D}"])
    }

    @Test func anselIsDecodedCombiningMarksAndAll() throws {
        #expect(try Self.names(Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Jose\n".utf8)) == ["Jose"])
        // E2 is the acute accent, written before its letter; A1 is Ł, B2 ø.
        let ansel = Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Jos".utf8) + [0xE2, 0x65, 0x20, 0xA1, 0xB2, 0x0A]
        #expect(try Self.names(ansel) == ["José Łø"])
        // A byte ANSEL has no character for is named.
        let bad = Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME A".utf8) + [0xAF, 0x0A]
        #expect(Self.error(bad).contains("byte AF at byte offset"))
    }

    /// An encoding given wins over the header's CHAR: a program that
    /// writes `1 CHAR ANSEL` over Latin-1 names (ü, FC, is no ANSEL
    /// character) is read right when the user says Latin-1, and the
    /// contents say what chose the encoding.
    @Test func anEncodingGivenWinsOverTheHeader() throws {
        let bytes = Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Fran".utf8) + [0xE7] + Array("ois /M".utf8) + [0xFC] + Array("ller/\n0 TRLR\n".utf8)
        #expect(Self.error(bytes) == "f.ged:4: byte FC at byte offset 50 is no ANSEL character: give the file's encoding with --encoding")
        let given = try FamilyFile.load(bytes, name: "f.ged", encoding: TextEncoding(name: "latin-1"))
        #expect(given.versions[0].people.map(\.name) == ["François Müller"])
        #expect(given.encoding == .windows1252 && given.encodingFrom == "--encoding" && given.format == .gedcom)
        // The header's ANSEL, when it is right, is said to come from it.
        let ansel = try FamilyFile.load(Array("0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Jos".utf8) + [0xE2, 0x65, 0x0A], name: "f.ged")
        #expect(ansel.versions[0].people.map(\.name) == ["José"] && ansel.encoding == .ansel && ansel.encodingFrom == "its CHAR")
        // A guess is said to be none of these.
        let ansi = try FamilyFile.load(Array("0 HEAD\n1 CHAR ANSI\n0 @I1@ INDI\n1 NAME Jos".utf8) + [0xE9, 0x0A], name: "f.ged")
        #expect(ansi.versions[0].people.map(\.name) == ["José"] && ansi.encoding == .windows1252 && ansi.encodingFrom == nil)
        // UTF-8 given for bytes that are not is refused at their line.
        #expect(throws: FamilyFileError(file: "f.ged", line: 4, message: "the file is not UTF-8 text")) {
            try FamilyFile.load(bytes, name: "f.ged", encoding: .utf8)
        }
    }

    /// A Czech export in Windows-1250 whose CHAR says ANSI: its two
    /// accented letters are as likely Latin-1, so the guess is
    /// Windows-1252 ("Dvoøák"), and the encoding given reads it.
    @Test func aWrongGuessIsPutRightByTheEncodingGiven() throws {
        let bytes = Array("0 HEAD\n1 CHAR ANSI\n0 @I1@ INDI\n1 NAME Anton".utf8) + [0xED] + Array("n /Dvo".utf8) + [0xF8, 0xE1] + Array("k/\n0 TRLR\n".utf8)
        let guessed = try FamilyFile.load(bytes, name: "f.ged")
        #expect(guessed.versions[0].people.map(\.name) == ["Antonín Dvoøák"] && guessed.encoding == .windows1252)
        let given = try FamilyFile.load(bytes, name: "f.ged", encoding: TextEncoding(name: "cp1250"))
        #expect(given.versions[0].people.map(\.name) == ["Antonín Dvořák"] && given.encoding.name == "Windows-1250")
    }

    /// JSON people in Latin-1: told, or given.
    @Test func peopleInLatin1AreReadToldOrGiven() throws {
        let bytes = Array(#"[{"id": "a", "name": "Ren"#.utf8) + [0xE9, 0x65] + Array(#" M"#.utf8) + [0xFC] + Array(#"ller"}]"#.utf8)
        for encoding in [nil, TextEncoding.windows1252] {
            let read = try FamilyFile.load(bytes, name: "f.json", encoding: encoding)
            #expect(read.versions[0].people.map(\.name) == ["Renée Müller"] && read.encoding == .windows1252 && read.format == .json)
            #expect(read.encodingFrom == encoding.map { _ in "--encoding" })
        }
    }

    /// The GEDCOM 5.5 torture test, in ANSEL: its accented names come out
    /// as the letters they are.
    @Test func theTortureTestIsReadInANSEL() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/gedcom/TGC55CLF.ged").path
        let family = try FamilyFile.read([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), name: "TGC55CLF.ged")[0]
        #expect(family.people.contains { $0.name.hasPrefix("Charlie Accented") })
        #expect(family.people.count >= 15)
    }
}
