/// A family: people, and the unions that join them and give them children.
///
/// A union is a couple (two partners) or a single parent, with the
/// children the two had together, in the order given. A person may be a
/// partner in several unions (several marriages, each with its own
/// children) but a child of at most one. People keep the order they were
/// read in, which is the order a layout falls back on.
///
///     var family = Family()
///     family.people = [Person(id: "a", name: "王伟"), Person(id: "b", name: "李娜"), Person(id: "c", name: "王小明")]
///     family.unions = [Union(partners: ["a", "b"], children: ["c"])]
///     try family.validate()
public struct Family: Hashable, Sendable {
    public var people: [Person]
    public var unions: [Union]

    public init(people: [Person] = [], unions: [Union] = []) {
        self.people = people
        self.unions = unions
    }

    /// Checks that every id a union names is a person, that no one is a
    /// child of two unions or in one union twice, that ids are unique, and
    /// that no one is their own ancestor.
    public func validate() throws(FamilyError) {
        var known = Set<String>()
        for p in people {
            guard known.insert(p.id).inserted else { throw .duplicatePerson(p.id) }
        }
        var parentsOf = [String: Int]()
        for (u, union) in unions.enumerated() {
            guard (1...2).contains(union.partners.count) else { throw .partnerCount(union.partners) }
            for partner in union.partners where !known.contains(partner) {
                throw .unknownPartner(partner, in: union.partners.filter { $0 != partner })
            }
            if union.partners.count == 2, union.partners[0] == union.partners[1] { throw .ownPartner(union.partners[0]) }
            var seen = Set<String>()
            for child in union.children {
                guard known.contains(child) else { throw .unknownChild(child, of: union.partners) }
                guard seen.insert(child).inserted else { throw .childListedTwice(child, of: union.partners) }
                if union.partners.contains(child) { throw .ownAncestor([child, child]) }
                if let other = parentsOf[child] { throw .childOfTwoUnions(child, unions[other].partners, union.partners) }
                parentsOf[child] = u
            }
            for child in union.adopted {
                guard known.contains(child) else { throw .unknownChild(child, of: union.partners) }
                if union.partners.contains(child) { throw .ownAncestor([child, child]) }
            }
        }
        if let cycle = ancestryCycle(parentsOf: parentsOf) { throw .ownAncestor(cycle) }
    }

    /// A chain of ids from someone up through their ancestors back to
    /// themselves, if there is one.
    func ancestryCycle(parentsOf: [String: Int]) -> [String]? {
        // Depth-first over "parent of" with colours; iterative, so a long
        // line of ancestors cannot overflow the stack.
        var state = [String: UInt8]()  // 1: on the path, 2: done
        for start in people.map(\.id) where state[start] == nil {
            var path: [(id: String, parents: [String], next: Int)] = []
            let parents = { (id: String) -> [String] in parentsOf[id].map { self.unions[$0].partners } ?? [] }
            state[start] = 1
            path.append((start, parents(start), 0))
            while !path.isEmpty {
                let top = path.count - 1
                if path[top].next == path[top].parents.count {
                    state[path[top].id] = 2
                    path.removeLast()
                    continue
                }
                let parent = path[top].parents[path[top].next]
                path[top].next += 1
                switch state[parent] {
                case 1:
                    // From `parent` up through its ancestors on the path,
                    // back to `parent`.
                    let from = path.firstIndex { $0.id == parent }!
                    return path[from...].map(\.id) + [parent]
                case 2:
                    continue
                default:
                    state[parent] = 1
                    path.append((parent, parents(parent), 0))
                }
            }
        }
        return nil
    }

    /// The person with `id`.
    public func person(_ id: String) -> Person? { people.first { $0.id == id } }
}

/// Someone in a family chart.
public struct Person: Hashable, Sendable {
    /// Unique in the family; what versions of a chart are matched by.
    public var id: String
    public var name: String
    public var gender: Gender?
    /// The birth date as written (`1952`, `1952-03-04`, `4 MAR 1952`,
    /// `ABT 1950`).
    public var born: String?
    /// The death date as written, if the person has died and it is known.
    public var died: String?

    public init(id: String, name: String, gender: Gender? = nil, born: String? = nil, died: String? = nil) {
        self.id = id
        self.name = name
        self.gender = gender
        self.born = born
        self.died = died
    }

    /// The year of `born`: its first run of four digits (`ABT 1950`,
    /// `1950-03-02`, `2 MAR 1950` all give 1950).
    public var birthYear: Int? { born.flatMap(Self.year(in:)) }
    public var deathYear: Int? { died.flatMap(Self.year(in:)) }

    /// A date as a chart shows it: its year, with what GEDCOM says of it
    /// in words: `ABT 1850`, `EST 1850`, `CAL 1850` are "c. 1850", `BEF 1828`
    /// "before 1828", `AFT 1900` "after 1900", `BET 1850 AND 1860` and
    /// `FROM 1850 TO 1860` "1850–1860", and a year B.C. (`44 B.C.`,
    /// `500 BC`) "44 BC". Days and months are left for the speaker note;
    /// ISO dates (`1950-03-02`) give their year. Nil where no year is
    /// written.
    public static func shownDate(_ date: String) -> String? {
        let words = date.uppercased().split { $0 == " " || $0 == "\t" || $0 == "," }.map(String.init)
        let bc = words.contains { ["B.C.", "BC", "(B.C.)", "BCE", "B.C"].contains($0) }
        let months: Set<String> = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        // Years: numbers of one to four digits not followed by a month (a
        // day is), or a four-digit run in an ISO date; a `1850/51` dual
        // year is its first.
        var years = [String]()
        for (k, word) in words.enumerated() {
            let number = word.prefix { $0.isASCII && $0.isNumber }
            if !number.isEmpty, number.count <= 4, number.count == word.count || word.dropFirst(number.count).hasPrefix("/") {
                if k + 1 < words.count, months.contains(words[k + 1]) { continue }
                years.append(String(number.drop { $0 == "0" }.isEmpty ? "0" : number.drop { $0 == "0" }))
            } else if let year = Self.year(in: word) {
                years.append(String(year))
            }
        }
        guard let first = years.first else { return nil }
        let era = bc ? " BC" : ""
        switch words.first {
        case "ABT", "ABOUT", "EST", "CAL", "CIRCA", "CA", "CA.", "C.": return "c. \(first)\(era)"
        case "BEF", "BEFORE": return "before \(first)\(era)"
        case "AFT", "AFTER": return "after \(first)\(era)"
        case "BET" where years.count > 1, "FROM" where years.count > 1: return "\(first)–\(years[1])\(era)"
        case "FROM": return "from \(first)\(era)"
        case "TO": return "until \(first)\(era)"
        default: return first + era
        }
    }

    /// The first run of exactly four digits in `date`.
    public static func year(in date: String) -> Int? {
        let scalars = Array(date.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard ("0"..."9").contains(scalars[i]) else { i += 1; continue }
            var j = i
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { j += 1 }
            if j - i == 4 { return Int(String(String.UnicodeScalarView(scalars[i..<j]))) }
            i = j
        }
        return nil
    }
}

/// A person's gender as a chart colours it.
public enum Gender: String, Hashable, Sendable, CaseIterable {
    case male, female, other

    /// Reads the usual spellings: `male`/`m`/`man`/`男`, `female`/`f`/
    /// `woman`/`女`, `other`/`x`; nil for unknown ones (`u`, `unknown`, ``).
    public init?(reading text: String) {
        switch String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()).lowercased() {
        case "male", "m", "man", "boy", "男": self = .male
        case "female", "f", "woman", "girl", "女": self = .female
        case "other", "x", "nonbinary", "non-binary": self = .other
        default: return nil
        }
    }
}

/// A couple (or a single parent) and their children.
public struct Union: Hashable, Sendable {
    /// One or two person ids, in the order given.
    public var partners: [String]
    /// Person ids, in the order given.
    public var children: [String]
    /// Children tied to the union other than by birth (adopted, fostered):
    /// drawn with a dashed line. One of `children` is placed under the
    /// union; one who is not is placed with their birth family and gets a
    /// second, dashed, line from this union.
    public var adopted: [String]

    public init(partners: [String], children: [String] = [], adopted: [String] = []) {
        self.partners = partners
        self.children = children
        self.adopted = adopted
    }
}

/// Why a family does not hold together, naming the people concerned. A
/// reader puts the file (and line, where it knows it) in front.
public enum FamilyError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicatePerson(String)
    case unknownPartner(String, in: [String])
    case unknownChild(String, of: [String])
    case ownPartner(String)
    case partnerCount([String])
    case childListedTwice(String, of: [String])
    case childOfTwoUnions(String, [String], [String])
    /// From a person up through ancestors back to the same person.
    case ownAncestor([String])

    public var description: String {
        switch self {
        case .duplicatePerson(let id): "person \(Self.quote(id)) is listed twice"
        case .unknownPartner(let id, let others):
            others.isEmpty
                ? "spouse \(Self.quote(id)) is not a person in the file"
                : "spouse \(Self.quote(id)) of \(Self.quote(others[0])) is not a person in the file"
        case .unknownChild(let id, let parents):
            "\(Self.couple(parents)) \(parents.count == 1 ? "lists" : "list") child \(Self.quote(id)), who is not a person in the file"
        case .ownPartner(let id): "person \(Self.quote(id)) is married to themselves"
        case .partnerCount(let ids): "a family needs one or two parents (got \(ids.count))"
        case .childListedTwice(let id, let parents): "\(Self.couple(parents)) \(parents.count == 1 ? "lists" : "list") child \(Self.quote(id)) twice"
        case .childOfTwoUnions(let id, let a, let b):
            "person \(Self.quote(id)) is a child of two couples: \(Self.couple(a)) and \(Self.couple(b))"
        case .ownAncestor(let chain):
            "person \(Self.quote(chain[0])) is their own ancestor: \(chain.map(Self.quote).joined(separator: " → "))"
        }
    }

    static func quote(_ id: String) -> String { "'\(id)'" }

    static func couple(_ ids: [String]) -> String { ids.map(quote).joined(separator: " & ") }
}
