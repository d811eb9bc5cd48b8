import InputText
import Yams

/// A lecture as written in YAML (`treeanim lecture FILE.yaml`): an
/// optional `title:` and a list of `sections:`, each a map of one key
/// (`title:`, `text:`, `question:`, or the name of an animation with its
/// options), every part with the line and column it was written at, so
/// that whatever is wrong with it can be named there.
///
///     title: Search trees
///     sections:
///       - title: Binary search trees
///       - text: |
///           # The rule
///           - smaller keys to the **left**
///       - bst: {ops: "insert 50 30 70", code: true}
///       - question: Where will 42 go?
///       - bst: {ops: "insert 42"}
///
/// A file that is only the list of sections is read as one too. This
/// module reads the file's shape only; what a section's key and options
/// mean is the command line's to check.
public struct LectureFile: Sendable, Equatable {
    /// The lecture's title (a deck's, a handout's), and where it was written.
    public var title: Text?
    public var sections: [Section]

    /// A place in the file: line and column, from 1.
    public struct Place: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public var description: String { "\(line):\(column)" }
    }

    /// A string and where it was written.
    public struct Text: Sendable, Equatable {
        public var value: String
        public var place: Place
    }

    /// One item of `sections:`: its key, and its value.
    public struct Section: Sendable, Equatable {
        public var key: String
        /// Where the key is written.
        public var place: Place
        public var value: Value
    }

    public enum Value: Sendable, Equatable {
        /// A string (a title, a text in Markdown, a question).
        case text(Text)
        /// A map of options, in the order written (an animation's).
        case options([Option])
        /// Nothing after the key.
        case empty
    }

    /// An option of an animation section: `ops: "insert 5"`, `code: true`,
    /// `values: [5, 2, 4]`.
    public struct Option: Sendable, Equatable {
        public var key: String
        public var place: Place
        public var value: OptionValue

        public init(key: String, place: Place, value: OptionValue) {
            self.key = key
            self.place = place
            self.value = value
        }
    }

    public enum OptionValue: Sendable, Equatable {
        case scalar(String)
        case list([String])
    }

    /// The most a lecture file may hold.
    public static let maxBytes = 4 << 20

    /// The most sections a lecture may have: 500. A video is at most two
    /// hours (the frame limit), and a section lasts at least a few seconds
    /// read and more once it animates: two hours of slides held 15 seconds
    /// each is 480. Checked before any section is read, so a short file of
    /// repeated aliases cannot make tens of thousands of them.
    public static let maxSections = 500

    /// The longest text slide, in `Character`s: 4,000. A slide of the
    /// smallest legible text holds under 2,000 (some 25 lines of 80); past
    /// 4,000 the slide is refused anyway, after measuring every word.
    public static let maxTextLength = 4_000
    /// The deepest YAML nests: libyaml's own limit (its default, which
    /// Yams keeps), far past any lecture's three or four levels.
    public static let deepestNesting = 1_000

    /// The lecture in `bytes`, read from a file named `name`.
    /// - Throws: ``LectureFileError`` with the line and column at fault.
    public static func read(_ bytes: [UInt8], name: String) throws(LectureFileError) -> LectureFile {
        guard bytes.count <= maxBytes else {
            throw LectureFileError(file: name, place: nil, message: InputError.tooLarge(size: bytes.count, limit: maxBytes).description)
        }
        let text: String
        do throws(TextError) {
            // UTF-8, UTF-16, or the legacy encoding uchardet tells.
            text = try DecodedText(decoding: bytes, as: nil).string
        } catch {
            let place = error.position.map { Place(line: $0.line, column: $0.column) }
            throw LectureFileError(file: name, place: place, message: error.description)
        }
        if let found = AliasKeys.first(in: Array(text.utf8)) {
            throw LectureFileError(
                file: name, place: Place(line: found.line, column: found.column),
                message: "'\(found.name)' reads as a YAML alias in a key, which may stand for a value of any size: write the key out")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.error(error, name: name)
        } catch {
            throw LectureFileError(file: name, place: nil, message: "not valid YAML: \(error)")
        }
        guard let node else {
            throw LectureFileError(file: name, place: nil, message: "the file is empty: expected sections:, a list of slides and animations")
        }
        var reader = Reader(name: name)
        return try reader.lecture(node)
    }

    /// The lecture in the file `input` names.
    public static func load(from input: InputSource) throws(LectureFileError) -> LectureFile {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: maxBytes, role: "the lecture")
        } catch {
            let message = error.description(
                noSuchFile: "cannot open the file: no such file", directory: "cannot open the file: it is a folder")
            throw LectureFileError(file: input.name, place: nil, message: message)
        }
        return try read(bytes, name: input.name)
    }

    static func error(_ error: YamlError, name: String) -> LectureFileError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            // libyaml's own words name its setter, with a bracket unclosed.
            if problem.hasPrefix("Maximum nesting level reached") {
                return LectureFileError(
                    file: name, place: Place(line: mark.line, column: mark.column),
                    message: "nested more than \(deepestNesting) levels deep: the limit is \(deepestNesting)")
            }
            return LectureFileError(file: name, place: Place(line: mark.line, column: mark.column), message: "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let place = Place(line: context.mark.line, column: context.mark.column)
            return LectureFileError(
                file: name, place: place, message: "a key is given twice in one map: \(duplicates.joined(separator: ", "))")
        default:
            return LectureFileError(file: name, place: nil, message: "not valid YAML: \(error)")
        }
    }
}

/// What is wrong with a lecture file, and where.
public struct LectureFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var place: LectureFile.Place?
    public var message: String

    public init(file: String, place: LectureFile.Place?, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    /// `lecture.yaml:12:5: message`.
    public var description: String {
        "\(file)\(place.map { ":\($0.line):\($0.column)" } ?? ""): \(message)"
    }
}

/// Walks the composed YAML into a ``LectureFile``.
private struct Reader {
    let name: String
    /// The bytes of text read so far, every scalar an alias repeats counted
    /// again: aliases may make a short file stand for a huge lecture (a
    /// chain of them, each naming the one before ten times, a billion
    /// values), and the walk stops at ``LectureFile/maxBytes`` of them.
    var expanded = 0

    /// Counts `node`'s text, refusing the walk past the budget.
    mutating func spend(_ node: Node, _ text: String) throws(LectureFileError) {
        expanded += text.utf8.count + 1
        guard expanded <= LectureFile.maxBytes else {
            throw fail(node, "its aliases make the lecture over \(grouped(LectureFile.maxBytes)) bytes of text, the limit: write the repeated parts out, fewer times")
        }
    }

    /// Refuses a YAML merge key, which Yams reads as a plain key named
    /// `<<` (and the anchor it names would be blamed for what it lacks).
    func checkKey(_ key: Node) throws(LectureFileError) {
        if case .scalar(let s) = key, s.string == "<<", s.style == .plain || s.style == .any {
            throw fail(key, "YAML merge keys (<<) are not supported: write the keys out")
        }
    }

    /// Refuses a label (a title, a question, a name) longer than
    /// ``TextLimits/labelLength``, or a text slide longer than
    /// ``LectureFile/maxTextLength``.
    func checkLength(_ node: Node, _ text: String, limit: Int) throws(LectureFileError) {
        // A Character takes at least a byte: most texts are settled by
        // their byte count alone.
        guard text.utf8.count > limit else { return }
        let length = text.count
        if length > limit {
            throw fail(node, "text of \(grouped(length)) characters: the limit is \(grouped(limit)) characters")
        }
    }

    func place(_ node: Node) -> LectureFile.Place? {
        node.mark.map { LectureFile.Place(line: $0.line, column: $0.column) }
    }

    func fail(_ node: Node?, _ message: String) -> LectureFileError {
        LectureFileError(file: name, place: node.flatMap(place), message: message)
    }

    mutating func lecture(_ node: Node) throws(LectureFileError) -> LectureFile {
        switch node {
        case .sequence(let list):
            return LectureFile(title: nil, sections: try sections(Array(list), at: node))
        case .mapping(let map):
            var title: LectureFile.Text?
            var found: [LectureFile.Section]?
            for (key, value) in map {
                try checkKey(key)
                switch key.string {
                case "title":
                    title = try text(value, for: "title")
                case "sections":
                    guard case .sequence(let list) = value else {
                        throw fail(value, "sections: expected a list, each item a title:, text:, question: or an animation such as bst:")
                    }
                    found = try sections(Array(list), at: value)
                default:
                    throw fail(key, "unknown key '\(key.string ?? "?")': a lecture has title: and sections:")
                }
            }
            guard let found else { throw fail(node, "no sections: expected sections:, a list of slides and animations") }
            return LectureFile(title: title, sections: found)
        default:
            throw fail(node, "expected title: and sections:, a list of slides and animations")
        }
    }

    mutating func sections(_ list: [Node], at node: Node) throws(LectureFileError) -> [LectureFile.Section] {
        guard !list.isEmpty else { throw fail(node, "sections: is empty: give at least one slide or animation") }
        guard list.count <= LectureFile.maxSections else {
            throw fail(
                node,
                "\(grouped(list.count)) sections: the limit is \(LectureFile.maxSections) sections a lecture (two hours of slides): split it into several lectures")
        }
        var out = [LectureFile.Section]()
        for item in list {
            if case .mapping(let map) = item {
                for (key, _) in map { try checkKey(key) }
            }
            guard case .mapping(let map) = item, map.count == 1, let (key, value) = map.first else {
                throw fail(item, "a section is a map of one key, such as '- text: …' or '- bst: {ops: \"insert 5\"}'")
            }
            guard let word = key.string, case .scalar = key else { throw fail(key, "a section's key is a word, such as text or bst") }
            let place = self.place(key) ?? LectureFile.Place(line: 0, column: 0)
            let v: LectureFile.Value
            switch value {
            case .scalar(let s) where s.string.isEmpty && s.style == .plain:
                v = .empty
            case .scalar:
                v = .text(try text(value, for: word))
            case .mapping(let options):
                var parsed = [LectureFile.Option]()
                for (k, val) in options {
                    try checkKey(k)
                    guard let kw = k.string, case .scalar = k else { throw fail(k, "\(word): an option's name is a word, such as ops") }
                    let op: LectureFile.OptionValue
                    switch val {
                    case .scalar(let s):
                        try spend(val, s.string)
                        if kw == "name" { try checkLength(val, s.string, limit: TextLimits.labelLength) }
                        op = .scalar(s.string)
                    case .sequence(let seq):
                        var items = [String]()
                        for element in seq {
                            guard case .scalar(let s) = element else {
                                throw fail(element, "\(word): \(kw): expected a list of values, such as [5, 2, 4]")
                            }
                            try spend(element, s.string)
                            items.append(s.string)
                        }
                        op = .list(items)
                    default:
                        throw fail(val, "\(word): \(kw): expected a value or a list, not a map")
                    }
                    parsed.append(LectureFile.Option(key: kw, place: self.place(k) ?? place, value: op))
                }
                v = .options(parsed)
            default:
                throw fail(value, "\(word): expected a text or a map of options, not a list")
            }
            out.append(LectureFile.Section(key: word, place: place, value: v))
        }
        return out
    }

    mutating func text(_ node: Node, for key: String) throws(LectureFileError) -> LectureFile.Text {
        guard case .scalar(let s) = node else { throw fail(node, "\(key): expected a text") }
        try spend(node, s.string)
        try checkLength(node, s.string, limit: key == "text" ? LectureFile.maxTextLength : TextLimits.labelLength)
        return LectureFile.Text(value: s.string, place: place(node) ?? LectureFile.Place(line: 0, column: 0))
    }
}
