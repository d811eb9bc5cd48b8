import Foundation
import Trees

/// The formats `treeanim family FILE` reads.
public enum FamilyFileFormat: String, Sendable, CaseIterable {
    /// A list of people or of generations, in JSON or YAML (one reader:
    /// JSON is YAML's flow style).
    case json, yaml
    /// GEDCOM 5.5, the genealogy programs' exchange format. The character
    /// set: UTF-8 (`1 CHAR UTF-8`, or no `CHAR`; with or without a
    /// byte-order mark); UTF-16 (`UNICODE`), told by its byte-order mark or
    /// by its first `0`; any other file that is not UTF-8 is read as
    /// Windows-1252 (`ANSI`, the Latin-1 names, `ASCII` with accents),
    /// except `ANSEL`, which is refused unless the file is plain ASCII.
    case gedcom

    /// The format an extension names: `.json`; `.yaml`, `.yml`; `.ged`,
    /// `.gedcom`.
    public init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "ged", "gedcom": self = .gedcom
        default: return nil
        }
    }
}

/// Why a family file was not read: one line, `FILE:LINE: message`, or
/// `FILE: message` where no line is known.
public struct FamilyFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
    public var errorDescription: String? { description }
}

/// Reads family charts: one family, or several versions of it, each
/// checked with ``Family/validate()``.
///
///     let versions = try FamilyFile.read(path: "family.yaml")
public enum FamilyFile {
    /// The most bytes a file may hold, 16 MB: a larger file is refused
    /// before it is parsed, and, read by path, before it is read (or as
    /// soon as it is over, for a pipe or a device that does not tell its
    /// size). A chart of ``maxPeople`` people is some 9 MB of JSON (a name,
    /// a gender, a birth year and family links each), or 15 MB of GEDCOM (a
    /// name, a sex, a birth date and family links each, CRLF lines).
    public static let maxBytes = 16 << 20

    /// The most people a file may hold, all versions together: 100,000. A
    /// chart of many thousands is already unreadable on a slide; the bound
    /// is for the layouts after the reader (YAML's shortest people,
    /// `- {id: 123456, name: a}`, would fit some 650,000 in ``maxBytes``).
    public static let maxPeople = 100_000

    /// The most generations a chart may have: 1,000, as many as a tree
    /// file's levels. Real families have tens; the bound keeps a chain of
    /// thousands of generations (a layout's cost grows with people times
    /// generations) from being read at all.
    public static let maxGenerations = 1_000

    /// The versions in `bytes`, named `name` in messages; `format` nil takes
    /// it from `name`'s extension.
    public static func read(_ bytes: [UInt8], name: String, format: FamilyFileFormat? = nil) throws(FamilyFileError) -> [Family] {
        guard let format = format ?? FamilyFileFormat(fileName: name) else {
            throw FamilyFileError(
                file: name, line: nil,
                message: "cannot tell the format from the name: use .json, .yaml, .yml or .ged, or give the format (json, yaml or gedcom)")
        }
        guard bytes.count <= maxBytes else {
            throw FamilyFileError(file: name, line: nil, message: "the file is \(bytes.count) bytes; the limit is \(maxBytes)")
        }
        let versions: [(Family, [String: Int])]
        switch format {
        case .json, .yaml: versions = try PeopleReader.read(bytes, name: name, json: format == .json)
        case .gedcom: versions = try GedcomReader.read(bytes, name: name)
        }
        for (v, (family, lines)) in versions.enumerated() {
            if family.people.isEmpty {
                let which = versions.count == 1 ? "the file" : "version \(v + 1)"
                throw FamilyFileError(file: name, line: nil, message: "\(which) has no people: expected at least one person")
            }
            do throws(FamilyError) {
                try family.validate()
            } catch {
                throw FamilyFileError(file: name, line: lines[error.person], message: error.description)
            }
            let generations = FamilyLayout.generations(of: family)
            guard generations <= maxGenerations else {
                let which = versions.count == 1 ? "the chart" : "version \(v + 1)"
                throw FamilyFileError(
                    file: name, line: nil,
                    message: "\(which) has \(grouped(generations)) generations; the limit is \(grouped(maxGenerations)) generations a chart")
            }
        }
        return versions.map(\.0)
    }

    /// The versions in the file at `path`, which names it in messages.
    public static func read(path: String, format: FamilyFileFormat? = nil) throws(FamilyFileError) -> [Family] {
        return try read(contents(of: path), name: path, format: format)
    }

    /// The bytes of the file at `path`, refused by its size before they
    /// are read, or while they are read if it does not tell its size.
    static func contents(of path: String) throws(FamilyFileError) -> [UInt8] {
        func cannotOpen() -> FamilyFileError {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let why = !exists ? "no such file" : isFolder.boolValue ? "it is a folder" : "it cannot be read"
            return FamilyFileError(file: path, line: nil, message: "cannot open the file: \(why)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > maxBytes {
            throw FamilyFileError(file: path, line: nil, message: "the file is \(size) bytes; the limit is \(maxBytes)")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { throw cannotOpen() }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw cannotOpen() }
        defer { try? handle.close() }
        var bytes = [UInt8]()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { throw cannotOpen() }
            guard let chunk, !chunk.isEmpty else { return bytes }
            bytes.append(contentsOf: chunk)
            if bytes.count > maxBytes {
                throw FamilyFileError(file: path, line: nil, message: "the file is over \(maxBytes) bytes; the limit is \(maxBytes)")
            }
        }
    }

    /// The error for the person past ``maxPeople``, on their line.
    static func tooManyPeople(name: String, line: Int?) -> FamilyFileError {
        let limit = grouped(maxPeople)
        return FamilyFileError(file: name, line: line, message: "more than \(limit) people: the limit is \(limit) people a file")
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// The text of `bytes`: UTF-8 (a byte-order mark skipped), else an
    /// error naming the line of the first bad byte.
    static func text(_ bytes: [UInt8], name: String) throws(FamilyFileError) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            // The line of the first byte that is not UTF-8.
            var decoder = UTF8(), bytes = body.makeIterator(), line = 1
            loop: while true {
                switch decoder.decode(&bytes) {
                case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
                case .emptyInput, .error: break loop
                }
            }
            throw FamilyFileError(file: name, line: line, message: "the file is not UTF-8 text")
        }
        return text
    }
}

extension FamilyError {
    /// The person a message is about, to find their line.
    var person: String {
        switch self {
        case .duplicatePerson(let id), .ownPartner(let id): id
        case .unknownPartner(let id, let others): others.first ?? id
        case .unknownChild(_, let parents), .childListedTwice(_, let parents): parents.first ?? ""
        case .partnerCount(let ids): ids.first ?? ""
        case .childOfTwoUnions(let id, _, _): id
        case .ownAncestor(let chain): chain[0]
        }
    }
}
