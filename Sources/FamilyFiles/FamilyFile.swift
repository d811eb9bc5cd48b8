import Foundation
import InputText
import Trees

/// The formats `treeanim family FILE` reads.
public enum FamilyFileFormat: String, Sendable, CaseIterable {
    /// A list of people or of generations, in JSON or YAML (one reader:
    /// JSON is YAML's flow style).
    case json, yaml
    /// GEDCOM 5.5, the genealogy programs' exchange format. The character
    /// set: UTF-8 (`1 CHAR UTF-8`, or no `CHAR`; with or without a
    /// byte-order mark); UTF-16 (`UNICODE`), told by its byte-order mark or
    /// by its first `0`; any other file that is not UTF-8 is read in the
    /// encoding uchardet tells (Windows-1252 for `ANSI`, the Latin-1 names,
    /// `ASCII` with accents, in practice), except `ANSEL`, which is
    /// decoded as ANSEL. An encoding given to the reader wins over `CHAR`.
    case gedcom

    /// How a summary names it: "JSON", "YAML", "GEDCOM".
    public var name: String { rawValue.uppercased() }

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
    /// The most bytes a file may hold, 16 MiB (16,777,216 bytes): a larger
    /// file is refused before it is parsed, and, read by path, before it is
    /// read (or as soon as it is over, for standard input, a pipe or a
    /// device that does not tell its size). A chart of ``maxPeople`` people
    /// is some 9 MB of JSON (a name, a gender, a birth year and family links
    /// each), or 15 MB of GEDCOM (a name, a sex, a birth date and family
    /// links each, CRLF lines).
    public static let maxBytes = 16 << 20

    /// The most people a file may hold, all versions together: 100,000. A
    /// chart of many thousands is already unreadable on a slide; the bound
    /// is for the layouts after the reader (YAML's shortest people,
    /// `- {id: 123456, name: a}`, would fit some 650,000 in ``maxBytes``).
    public static let maxPeople = 100_000

    /// The most generations in a line of descent: 1,000. A chart draws a
    /// generation a row, and 1,000 rows on a 1,080-pixel frame are about a
    /// pixel each, so nothing longer can be read on a slide; the bound also
    /// keeps the layouts after the reader, whose work grows with the rows.
    public static let maxGenerations = 1_000

    /// What a file held: its versions, and what the reader skipped and says
    /// in a warning line (`kennedy.ged: skipped 3 references …`).
    public struct Contents: Sendable {
        public var versions: [Family]
        public var warnings: [String]
        /// The format read, given or told by the extension.
        public var format: FamilyFileFormat
        /// The encoding the text was read in, and what chose it when that
        /// was no guess: "--encoding", or "its CHAR" (a GEDCOM header's
        /// `1 CHAR ANSEL`).
        public var encoding: TextEncoding = .utf8
        public var encodingFrom: String?
    }

    /// The versions in `bytes`, named `name` in messages; `format` nil takes
    /// it from `name`'s extension.
    public static func read(_ bytes: [UInt8], name: String, format: FamilyFileFormat? = nil) throws(FamilyFileError) -> [Family] {
        try load(bytes, name: name, format: format).versions
    }

    /// The versions in `bytes` and the warnings of reading them. The text
    /// is in `encoding` when given, whatever a GEDCOM header's `CHAR` says;
    /// else as ``text(_:name:encoding:)`` and GEDCOM's character sets tell.
    public static func load(
        _ bytes: [UInt8], name: String, format: FamilyFileFormat? = nil, encoding: TextEncoding? = nil
    ) throws(FamilyFileError) -> Contents {
        var warnings = [String]()
        let format = try Self.format(format, of: name)
        guard bytes.count <= maxBytes else {
            throw FamilyFileError(file: name, line: nil, message: InputError.tooLarge(size: bytes.count, limit: maxBytes).description)
        }
        let versions: [(Family, [String: Int])]
        let text: DecodedText
        var encodingFrom = encoding == nil ? nil : "--encoding"
        switch format {
        case .json, .yaml:
            text = try Self.text(bytes, name: name, encoding: encoding)
            versions = try PeopleReader.read(text, name: name, json: format == .json)
        case .gedcom:
            let read = try GedcomReader.text(bytes, name: name, encoding: encoding)
            text = read.text
            encodingFrom = encodingFrom ?? read.from
            versions = try GedcomReader.read(text.string, name: name, warnings: &warnings)
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
            try checkLabels(family, lines: lines, name: name)
            try checkGenerations(family, lines: lines, name: name)
        }
        return Contents(versions: versions.map(\.0), warnings: warnings, format: format, encoding: text.encoding, encodingFrom: encodingFrom)
    }

    /// The versions in the file at `path`, which names it in messages.
    public static func read(path: String, format: FamilyFileFormat? = nil) throws(FamilyFileError) -> [Family] {
        try read(from: .path(path), format: format)
    }

    /// The versions in a file or in standard input (named `<stdin>`), read
    /// within ``maxBytes`` as `InputSource.read(limit:)` says.
    public static func read(from input: InputSource, format: FamilyFileFormat? = nil) throws(FamilyFileError) -> [Family] {
        try load(from: input, format: format).versions
    }

    /// The versions in a file or in standard input, and the warnings of
    /// reading them; the text in `encoding` when given.
    public static func load(
        from input: InputSource, format: FamilyFileFormat? = nil, encoding: TextEncoding? = nil
    ) throws(FamilyFileError) -> Contents {
        // The format first: a pipe is not drained for a name that says none.
        let format = try Self.format(format, of: input.name)
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: maxBytes)
        } catch {
            let message = error.description(
                noSuchFile: "cannot open the file: no such file", directory: "cannot open the file: it is a folder")
            throw FamilyFileError(file: input.name, line: nil, message: message)
        }
        return try load(bytes, name: input.name, format: format, encoding: encoding)
    }

    /// `format`, else the one `name`'s extension names.
    static func format(_ format: FamilyFileFormat?, of name: String) throws(FamilyFileError) -> FamilyFileFormat {
        guard let format = format ?? FamilyFileFormat(fileName: name) else {
            throw FamilyFileError(
                file: name, line: nil,
                message: "cannot tell the format from the name: use .json, .yaml, .yml or .ged, or give the format (json, yaml or gedcom)")
        }
        return format
    }

    /// The error for the person past ``maxPeople``, on their line.
    static func tooManyPeople(name: String, line: Int?) -> FamilyFileError {
        let limit = grouped(maxPeople)
        return FamilyFileError(file: name, line: line, message: "more than \(limit) people: the limit is \(limit) people a file")
    }

    /// Refuses a family with a line of descent longer than
    /// ``maxGenerations``, naming the first person found past it and the
    /// ancestor the line starts from. The family has no one their own
    /// ancestor (``Family/validate()``).
    ///
    /// - Complexity: O(*n*) in the people and the unions, with no recursion.
    static func checkGenerations(_ family: Family, lines: [String: Int], name: String) throws(FamilyFileError) {
        var parentUnion = [String: Int]()
        for (u, union) in family.unions.enumerated() {
            for child in union.children { parentUnion[child] = u }
        }
        // Each person's generation, counted from the ancestor that starts
        // their longest line (generation 1), and that ancestor.
        var generation = [String: (count: Int, from: String)]()
        for person in family.people where generation[person.id] == nil {
            var pending = [person.id]
            while let id = pending.last {
                if generation[id] != nil {
                    pending.removeLast()
                    continue
                }
                let parents = parentUnion[id].map { family.unions[$0].partners } ?? []
                let unknown = parents.filter { generation[$0] == nil }
                if !unknown.isEmpty {
                    pending += unknown
                    continue
                }
                pending.removeLast()
                let eldest = parents.compactMap { generation[$0] }.max { $0.count < $1.count }
                let own = eldest.map { ($0.count + 1, $0.from) } ?? (1, id)
                generation[id] = own
                if own.0 > maxGenerations {
                    throw FamilyFileError(
                        file: name, line: lines[id],
                        message: "the line from '\(own.1)' down to '\(id)' is \(grouped(own.0)) generations: the limit is "
                            + "\(grouped(maxGenerations)) generations")
                }
            }
        }
    }


    /// Refuses a person whose id, name or dates are longer than a label
    /// may be (``TextLimits/labelLength``, as a tree file's): every one is
    /// drawn or measured.
    static func checkLabels(_ family: Family, lines: [String: Int], name: String) throws(FamilyFileError) {
        for person in family.people {
            for (what, text) in [("id", person.id), ("name", person.name), ("born", person.born ?? ""), ("died", person.died ?? "")] {
                // A Character takes at least a byte: most are settled by
                // their byte count alone.
                guard text.utf8.count > TextLimits.labelLength else { continue }
                let length = text.count
                guard length > TextLimits.labelLength else { continue }
                throw FamilyFileError(
                    file: name, line: lines[person.id],
                    message: "\(what) of \(grouped(length)) characters: the limit is \(grouped(TextLimits.labelLength)) characters")
            }
        }
    }

    /// The text of `bytes` in `encoding`; without one, UTF-8 or UTF-16, or
    /// the legacy encoding uchardet tells (see `DecodedText`); else an
    /// error naming the line of the fault.
    static func text(_ bytes: [UInt8], name: String, encoding: TextEncoding? = nil) throws(FamilyFileError) -> DecodedText {
        do throws(TextError) {
            return try DecodedText(decoding: bytes, as: encoding)
        } catch {
            throw Self.error(error, name: name)
        }
    }

    static func error(_ error: TextError, name: String) -> FamilyFileError {
        if case .invalidUTF8 = error {
            return FamilyFileError(file: name, line: error.position?.line, message: "the file is not UTF-8 text")
        }
        return FamilyFileError(file: name, line: error.position?.line, message: error.description)
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
