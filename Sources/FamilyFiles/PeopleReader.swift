import InputText
import Trees
import Yams

/// Reads people lists in JSON or YAML (JSON is YAML's flow style, so one
/// YAML parser reads both, with line numbers for every value).
///
/// A document is a list of people; a list of generations, each a list of
/// people (flattened in order); or a mapping with `people` or
/// `generations`. Several versions are a mapping with `versions` (a list
/// of documents) or several YAML documents separated by `---`.
///
/// YAML aliases (`*name`) and anchors (`&name`) are refused before the
/// text is parsed, with the line of the first one: a chain of aliases
/// makes a short file stand for a huge or deeply nested one. A file in
/// JSON's form is not searched for them: its strings may hold anything.
///
/// JSON's escaped surrogate pairs (`"\uD83D\uDE00"`, as Python's
/// `json.dumps` writes every emoji), which libyaml refuses, are joined
/// into the one character they stand for in a `.json` file and in any file
/// in JSON's form; a lone surrogate is still an error.
///
/// People become unions by these rules:
/// - `couple` (or `spouse`, `spouses`): one id or a list, in the order of
///   that person's marriages. A couple may be written on one side or on
///   both; unions keep the order in which couples first appear.
/// - A child belongs to the people who list it in `children`: a couple
///   that both list it; one parent with a single spouse (the spouse need
///   not list it too) or with none (a single parent). One parent with
///   several spouses is ambiguous, and so are two listing parents who are
///   not a couple, or three: each is an error naming the child.
/// - Children keep the order of the first parent that lists them.
enum PeopleReader {
    struct Record {
        var person: Person
        var spouses: [String]
        var children: [String]
        var line: Int?
    }

    /// The versions in `decoded`; `json` for a `.json` file (or one said
    /// to be JSON), whose escaped surrogate pairs are joined.
    static func read(_ decoded: DecodedText, name: String, json: Bool) throws(FamilyFileError) -> [(Family, [String: Int])] {
        let utf8 = decoded.utf8
        // Blanks alone are an empty file; YAML would stop at a tab instead.
        if utf8.allSatisfy(Text.isBlank) { throw Self.empty(name) }
        var text = decoded.string
        let jsonForm = Aliases.isJSON(utf8)
        // Aliases and anchors are refused before Yams sees them (see Aliases).
        if !jsonForm, let found = Aliases.first(in: utf8) {
            throw Aliases.error(found, in: utf8, name: name)
        }
        if json || jsonForm, let joined = Surrogates.joined(utf8) {
            text = String(decoding: joined, as: UTF8.self)
        }
        var documents = [Node]()
        do {
            // The sequence keeps a parse error rather than throwing it.
            var sequence = try Yams.compose_all(yaml: text)
            while let document = sequence.next() { documents.append(document) }
            if let error = sequence.error { throw error }
        } catch let error as YamlError {
            throw Self.error(error, name: name)
        } catch {
            throw FamilyFileError(file: name, line: nil, message: "cannot read the file: \(error)")
        }
        guard !documents.isEmpty else { throw Self.empty(name) }
        var versions = documents
        if documents.count == 1, let mapping = documents[0].mapping, let list = mapping["versions"] {
            guard let items = list.sequence, !items.isEmpty else {
                throw FamilyFileError(file: name, line: list.mark?.line, message: "\"versions\" should be a list of families, found \(Self.kind(list))")
            }
            versions = Array(items)
        }
        var total = 0  // people in the versions before
        return try versions.map { document throws(FamilyFileError) in
            let records = try Self.people(in: document, name: name)
            if total + records.count > FamilyFile.maxPeople {
                throw FamilyFile.tooManyPeople(name: name, line: records[FamilyFile.maxPeople - total].line)
            }
            total += records.count
            return try Self.family(records, name: name)
        }
    }

    static func empty(_ name: String) -> FamilyFileError {
        FamilyFileError(file: name, line: nil, message: "the file is empty: expected a list of people")
    }

    static func error(_ error: YamlError, name: String) -> FamilyFileError {
        switch error {
        case .parser(_, let problem, let mark, _) where problem.hasPrefix("Maximum nesting level reached"):
            // libyaml's limit, 1,000 levels of its own count (a flow list
            // gets some 1,010 deep); a people list needs three.
            return FamilyFileError(
                file: name, line: mark.line, message: "lists and mappings nested too deep: the limit is about 1,000 levels")
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return FamilyFileError(file: name, line: mark.line, message: "not valid JSON or YAML: \(problem)")
        case .reader(let problem, _, _, _):
            return FamilyFileError(file: name, line: nil, message: "not valid JSON or YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, _):
            return FamilyFileError(file: name, line: nil, message: "a key is given twice in one person: \(duplicates.joined(separator: ", "))")
        default:
            return FamilyFileError(file: name, line: nil, message: "not valid JSON or YAML: \(error)")
        }
    }

    static func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let s):
            switch s.tag.rawValue {
            case Tag.Name.null.rawValue: "nothing"
            case Tag.Name.int.rawValue, Tag.Name.float.rawValue: "a number"
            case Tag.Name.bool.rawValue: "true or false"
            default: "text"
            }
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// The people of one document, in order.
    static func people(in document: Node, name: String) throws(FamilyFileError) -> [Record] {
        var list: [Node]
        switch document {
        case .sequence(let s):
            list = Array(s)
        case .mapping(let m):
            if let people = m["people"], let s = people.sequence {
                list = Array(s)
            } else if let generations = m["generations"], let s = generations.sequence {
                list = Array(s)
            } else {
                throw FamilyFileError(
                    file: name, line: document.mark?.line,
                    message: "expected a list of people, a list of generations, or a mapping with \"people\", \"generations\" or \"versions\"")
            }
        default:
            throw FamilyFileError(file: name, line: document.mark?.line, message: "expected a list of people, found \(kind(document))")
        }
        // A list of generations: every item a list.
        if !list.isEmpty, list.allSatisfy({ $0.sequence != nil }) {
            list = list.flatMap { Array($0.sequence!) }
        }
        var records = [Record]()
        for item in list {
            guard let m = item.mapping else {
                throw FamilyFileError(file: name, line: item.mark?.line, message: "expected a person (a mapping with id and name), found \(kind(item))")
            }
            records.append(try person(m, line: item.mark?.line, name: name))
        }
        return records
    }

    static func person(_ m: Node.Mapping, line: Int?, name: String) throws(FamilyFileError) -> Record {
        func fail(_ message: String, at node: Node? = nil) -> FamilyFileError {
            FamilyFileError(file: name, line: node?.mark?.line ?? line, message: message)
        }
        func scalar(_ node: Node) -> String? {
            guard case .scalar(let s) = node, s.tag.rawValue != Tag.Name.null.rawValue else { return nil }
            return s.string
        }
        func isNull(_ node: Node) -> Bool {
            guard case .scalar(let s) = node else { return false }
            // An unresolved plain `null` or `~` is YAML's null too.
            return s.tag.rawValue == Tag.Name.null.rawValue || (s.style == .plain && ["null", "Null", "NULL", "~"].contains(s.string))
        }
        guard let idNode = m["id"] else { throw fail("a person has no \"id\"") }
        guard let id = scalar(idNode).map(Self.trimmed) else {
            throw fail("a person's \"id\" should be text or a number, found \(kind(idNode))", at: idNode)
        }
        guard !id.isEmpty else { throw fail("a person's \"id\" is empty: give each person an id of their own", at: idNode) }
        let who = "person '\(id)'"
        // Someone whose name is not known (none, null or empty) is drawn
        // as "(no name)", as GEDCOM's nameless are, not as an empty box.
        var personName = "(no name)"
        if let nameNode = m["name"], !isNull(nameNode) {
            guard let text = scalar(nameNode).map(Self.trimmed) else {
                throw fail("\(who): \"name\" should be text, found \(kind(nameNode))", at: nameNode)
            }
            if !text.isEmpty { personName = text }
        }
        var person = Person(id: id, name: personName)
        if let g = m["gender"] ?? m["sex"], !isNull(g) {
            guard let text = scalar(g) else { throw fail("\(who): \"gender\" should be text, found \(kind(g))", at: g) }
            person.gender = Gender(reading: text)
        }
        for key in ["born", "died"] {
            guard let node = m[key], !isNull(node) else { continue }
            guard let text = scalar(node) else { throw fail("\(who): \"\(key)\" should be a year or a date, found \(kind(node))", at: node) }
            if key == "born" { person.born = text } else { person.died = text }
        }
        func ids(_ key: String, _ node: Node) throws(FamilyFileError) -> [String] {
            if isNull(node) { return [] }
            if let one = scalar(node) { return [Self.trimmed(one)] }
            guard let list = node.sequence else {
                throw fail("\(who): \"\(key)\" should be an id or a list of ids, found \(kind(node))", at: node)
            }
            var out = [String]()
            for item in list {
                guard let one = scalar(item) else {
                    throw fail("\(who): \"\(key)\" should be a list of ids, found \(kind(item)) in it", at: item)
                }
                out.append(Self.trimmed(one))
            }
            return out
        }
        var spouses = [String]()
        for key in ["couple", "spouse", "spouses"] {
            if let node = m[key] { spouses += try ids(key, node) }
        }
        let children = try m["children"].map { n throws(FamilyFileError) in try ids("children", n) } ?? []
        return Record(person: person, spouses: spouses, children: children, line: line)
    }

    static func trimmed(_ s: String) -> String {
        String(s.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// The family of `records`, by the rules above, with each person's line.
    static func family(_ records: [Record], name: String) throws(FamilyFileError) -> (Family, [String: Int]) {
        var lines = [String: Int]()
        var known = Set<String>()
        for r in records {
            guard known.insert(r.person.id).inserted else {
                throw FamilyFileError(file: name, line: r.line, message: FamilyError.duplicatePerson(r.person.id).description)
            }
            if let line = r.line { lines[r.person.id] = line }
        }
        var family = Family(people: records.map(\.person))
        // Couples, in order of first appearance; each person's spouses in
        // their own order, then those who name them.
        var unionOf = [[String]: Int]()
        var spouses = [String: [String]]()
        for r in records {
            for s in r.spouses {
                guard known.contains(s) else {
                    throw FamilyFileError(file: name, line: r.line, message: FamilyError.unknownPartner(s, in: [r.person.id]).description)
                }
                guard s != r.person.id else {
                    throw FamilyFileError(file: name, line: r.line, message: FamilyError.ownPartner(s).description)
                }
                let key = [r.person.id, s].sorted()
                if unionOf[key] == nil {
                    unionOf[key] = family.unions.count
                    family.unions.append(Union(partners: [r.person.id, s]))
                }
                if !spouses[r.person.id, default: []].contains(s) { spouses[r.person.id, default: []].append(s) }
            }
        }
        for r in records {
            for s in r.spouses where !spouses[s, default: []].contains(r.person.id) { spouses[s, default: []].append(r.person.id) }
        }
        // Who lists each child.
        var listers = [String: [Record]]()
        for r in records {
            for c in r.children where !(listers[c]?.contains { $0.person.id == r.person.id } ?? false) {
                guard known.contains(c) else {
                    throw FamilyFileError(file: name, line: r.line, message: FamilyError.unknownChild(c, of: [r.person.id]).description)
                }
                listers[c, default: []].append(r)
            }
        }
        var placed = Set<String>()
        for r in records {
            for c in r.children where placed.insert(c).inserted {
                let parents = listers[c]!
                let line = lines[c] ?? parents[0].line
                // The couples the listing parents make: two who are
                // spouses are one; a parent alone stands for their only
                // marriage, or for themselves without one.
                var remaining = parents.map(\.person.id)
                var couples = [[String]]()
                while !remaining.isEmpty {
                    let p = remaining.removeFirst()
                    let theirs = spouses[p] ?? []
                    var key: [String]
                    if let i = remaining.firstIndex(where: { theirs.contains($0) }) {
                        key = [p, remaining.remove(at: i)].sorted()
                    } else if theirs.count <= 1 {
                        key = ([p] + theirs).sorted()
                    } else {
                        let list = theirs.map { "'\($0)'" }.joined(separator: ", ")
                        throw FamilyFileError(
                            file: name, line: line,
                            message: "'\(c)' is listed as a child of '\(p)', who has \(theirs.count) spouses (\(list)): list '\(c)' among the children of the other parent too")
                    }
                    if !couples.contains(key) { couples.append(key) }
                }
                if couples.count > 1 {
                    throw FamilyFileError(
                        file: name, line: line, message: FamilyError.childOfTwoUnions(c, couples[0], couples[1]).description)
                }
                let union: Int
                if let u = unionOf[couples[0]] {
                    union = u
                } else {
                    union = family.unions.count
                    unionOf[couples[0]] = union
                    family.unions.append(Union(partners: couples[0]))
                }
                family.unions[union].children.append(c)
            }
        }
        return (family, lines)
    }
}
