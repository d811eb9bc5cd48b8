import InputText
import Trees

/// Reads the part of GEDCOM 5.5 that a chart needs, as genealogy programs
/// export it: `INDI` records (`NAME`, its `GIVN`/`SURN`, `SEX`, `BIRT` and
/// `DEAT` with their `DATE`, `FAMC`) and `FAM` records (`HUSB`, `WIFE`,
/// `CHIL`). Every other record and tag is skipped with what is under it.
///
/// - The character set: UTF-8 (`1 CHAR UTF-8`, or no `CHAR`; with or
///   without a byte-order mark); UTF-16 (`1 CHAR UNICODE`), told by its
///   byte-order mark or, without one, by the first line's `0` (bytes
///   `30 00` little-endian, `00 30` big-endian), an odd number of bytes
///   or a lone surrogate being an error (`DecodedText`). A file that is
///   not UTF-8 is read in the encoding uchardet tells (Windows-1252 where
///   it has too little to go on), whatever its `CHAR` says (`ANSI`, the
///   Latin-1 names, and `ASCII` with accents are that in practice),
///   unless it says `ANSEL`, GEDCOM
///   5.5's default, which is decoded (combining marks before their letter
///   moved after it and composed: `E2 65` is é); a plain-ASCII file is
///   read whatever it says, being UTF-8 too. An encoding the user gives
///   (`--encoding`) wins over all of these and over `CHAR`.
/// - Lines may end in LF, CRLF or CR, may be indented, and blank lines are
///   skipped. `@@` in a value is one `@`.
/// - A person's id is their record's pointer without the `@`s (`I1`). A
///   name's surname slashes are dropped (`John /Smith/` is "John Smith"),
///   except that a Chinese, Japanese or Korean given name and surname are
///   joined surname first without a space (`建国 /王/` and `/王/建国` are
///   both "王建国"); with no name line, GIVN and SURN make one the same
///   way; with neither the person is "(no name)".
/// - `FAM` records are the unions, in order: HUSB and WIFE the partners
///   (one is a single parent; a family with neither gives its children no
///   parents), CHIL the children in order. A child in several families
///   (adopted, say) belongs to the first one their own `FAMC` names, else
///   the first that lists them. A `FAMC` to a family that does not list the
///   child adds them to it, at the end; a `FAMS` to a family with a free
///   place adds the person as a partner: exports are sometimes one-sided.
enum GedcomReader {
    struct Line {
        var level: Int
        var pointer: String?
        var tag: String
        var value: String
        var number: Int
    }

    struct Individual {
        var person: Person
        var famc: [String] = []
        var fams: [String] = []
        /// The FAMCs whose tie is not by birth (`2 PEDI adopted`, `foster`;
        /// an `ADOP` event's `FAMC`).
        var adoptedInto: Set<String> = []
        /// The lines of each FAMC and FAMS, in order.
        var famcLines: [Int] = []
        var famsLines: [Int] = []
        var line: Int
    }

    struct FamilyRecord {
        var id: String
        var husband: String?
        var wife: String?
        var children: [String] = []
        /// Children tied other than by birth (`2 _FREL Adopted`, `_MREL`).
        var adopted: Set<String> = []
        /// The lines of the HUSB, the WIFE and each CHIL.
        var husbandLine = 0
        var wifeLine = 0
        var childLines: [Int] = []
        var line: Int
    }

    /// The family in `text` (see ``text(_:name:encoding:)``); what was
    /// skipped is said in `warnings`.
    static func read(_ text: String, name: String, warnings: inout [String]) throws(FamilyFileError) -> [(Family, [String: Int])] {
        let lines = try Self.lines(text, name: name)
        guard !lines.isEmpty else { throw FamilyFileError(file: name, line: nil, message: "the file is empty: expected GEDCOM records") }

        var people = [Individual](), families = [FamilyRecord]()
        var i = 0
        while i < lines.count {
            let record = lines[i]
            var end = i + 1
            while end < lines.count, lines[end].level > 0 { end += 1 }
            let body = lines[(i + 1)..<end]
            switch record.tag {
            case "INDI":
                guard let id = record.pointer else {
                    throw FamilyFileError(file: name, line: record.number, message: "an INDI record without a pointer (0 @I1@ INDI)")
                }
                if people.count == FamilyFile.maxPeople { throw FamilyFile.tooManyPeople(name: name, line: record.number) }
                people.append(individual(id, body, line: record.number))
            case "FAM":
                guard let id = record.pointer else {
                    throw FamilyFileError(file: name, line: record.number, message: "a FAM record without a pointer (0 @F1@ FAM)")
                }
                var f = FamilyRecord(id: id, line: record.number)
                for l in body where l.level == 1 {
                    let target = pointer(l.value)
                    switch l.tag {
                    case "HUSB" where f.husband == nil:
                        (f.husband, f.husbandLine) = (target, l.number)
                    case "WIFE" where f.wife == nil:
                        (f.wife, f.wifeLine) = (target, l.number)
                    case "CHIL":
                        if let target, !f.children.contains(target) {
                            f.children.append(target)
                            f.childLines.append(l.number)
                        }
                    default: break
                    }
                }
                // Family Tree Maker's relation of a child to each parent.
                var child: String?
                for l in body {
                    if l.level == 1 { child = l.tag == "CHIL" ? pointer(l.value) : nil }
                    if l.level == 2, l.tag == "_FREL" || l.tag == "_MREL", let child, Self.isAdoptive(l.value) {
                        f.adopted.insert(child)
                    }
                }
                families.append(f)
            default:
                break
            }
            i = end
        }
        return [try family(people, families, name: name, warnings: &warnings)]
    }

    /// The text of a file, by the character sets above: in `encoding` when
    /// the user gives one (it wins over the header's `CHAR`, which may be
    /// wrong: a program that writes `ANSI` and means ANSEL, or the reverse);
    /// else UTF-8 and UTF-16 as `DecodedText` tells and decodes them, else
    /// ANSEL when the header names it (its combining marks moved after
    /// their letters and composed; `from` is then "its CHAR"), else the
    /// encoding uchardet tells.
    static func text(_ bytes: [UInt8], name: String, encoding: TextEncoding?) throws(FamilyFileError) -> (text: DecodedText, from: String?) {
        if let encoding { return (try FamilyFile.text(bytes, name: name, encoding: encoding), nil) }
        let error: TextError
        do throws(TextError) {
            return (try DecodedText(decoding: bytes), nil)
        } catch let caught {
            error = caught
        }
        guard case .invalidUTF8 = error else { throw FamilyFile.error(error, name: name) }
        let body = bytes[TextEncoding.of(bytes).markLength...]
        let ascii = String(decoding: body.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
        // ANSEL, GEDCOM 5.5's default, as its header says; else the
        // encoding uchardet tells, as every reader's text (Windows-1252
        // where it has too little to go on).
        let ansel = ascii.contains("CHAR ANSEL")
        let encoding: TextEncoding = ansel ? .ansel : DecodedText.detectLegacy(Array(body))
        do throws(TextError) {
            return (try DecodedText(decoding: Array(body), as: encoding), ansel ? "its CHAR" : nil)
        } catch {
            throw FamilyFile.error(error, name: name)
        }
    }


    /// The lines of `text`, each checked: a level, an optional pointer, a tag.
    static func lines(_ text: String, name: String) throws(FamilyFileError) -> [Line] {
        var out = [Line]()
        var number = 0
        var previous = -1
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            number += 1
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 2, let level = Int(digits) else {
                throw FamilyFileError(file: name, line: number, message: "expected a level number at the start of the line, found \"\(line.prefix(20))\"")
            }
            guard level <= previous + 1 else {
                throw FamilyFileError(file: name, line: number, message: "the level jumps from \(previous) to \(level)")
            }
            previous = level
            var rest = line.dropFirst(digits.count).drop { $0 == " " }
            var pointer: String?
            if rest.first == "@" {
                let close = rest.dropFirst().firstIndex(of: "@")
                guard let close else { throw FamilyFileError(file: name, line: number, message: "a pointer without its closing @") }
                pointer = String(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
            }
            let tag = rest.prefix { $0 != " " }
            guard !tag.isEmpty else { throw FamilyFileError(file: name, line: number, message: "a line without a tag") }
            var value = String(rest.dropFirst(tag.count).dropFirst())
            value = value.replacingAll("@@", with: "@")
            out.append(Line(level: level, pointer: pointer, tag: String(tag).uppercased(), value: value, number: number))
        }
        return out
    }

    static func pointer(_ value: String) -> String? {
        let v = PeopleReader.trimmed(value)
        guard v.count > 2, v.hasPrefix("@"), v.hasSuffix("@") else { return nil }
        return String(v.dropFirst().dropLast())
    }

    static func individual(_ id: String, _ body: ArraySlice<Line>, line: Int) -> Individual {
        var name: String?, given: String?, surname: String?
        var person = Person(id: id, name: "")
        var famc = [String](), fams = [String]()
        var famcLines = [Int](), famsLines = [Int]()
        var adoptedInto = Set<String>()
        var event: String?
        var inFirstName = false
        for l in body {
            if l.level == 1 {
                event = l.tag
                inFirstName = false
                switch l.tag {
                case "NAME" where name == nil:
                    name = l.value
                    inFirstName = true
                case "SEX":
                    switch PeopleReader.trimmed(l.value).uppercased() {
                    case "M": person.gender = .male
                    case "F": person.gender = .female
                    case "X": person.gender = .other
                    default: break
                    }
                case "FAMC":
                    if let p = pointer(l.value) {
                        famc.append(p)
                        famcLines.append(l.number)
                    }
                case "FAMS":
                    if let p = pointer(l.value) {
                        fams.append(p)
                        famsLines.append(l.number)
                    }
                default: break
                }
            } else if l.level == 2, l.tag == "PEDI", event == "FAMC", let family = famc.last, Self.isAdoptive(l.value) {
                adoptedInto.insert(family)
            } else if l.level == 2, l.tag == "FAMC", event == "ADOP", let family = pointer(l.value) {
                adoptedInto.insert(family)
            } else if l.level == 2 {
                if inFirstName, l.tag == "GIVN" { given = l.value }
                if inFirstName, l.tag == "SURN" { surname = l.value }
                if l.tag == "DATE", event == "BIRT", person.born == nil { person.born = PeopleReader.trimmed(l.value) }
                if l.tag == "DATE", event == "DEAT", person.died == nil { person.died = PeopleReader.trimmed(l.value) }
            }
        }
        var text = name.map(Self.name) ?? ""
        if text.isEmpty { text = Self.name(given: given ?? "", surname: surname ?? "") }
        person.name = text.isEmpty ? "(no name)" : text
        return Individual(
            person: person, famc: famc, fams: fams, adoptedInto: adoptedInto, famcLines: famcLines, famsLines: famsLines, line: line)
    }

    /// Whether a pedigree or relation word names a tie other than birth:
    /// adopted, foster, step, sealing, guardian; not birth or natural.
    static func isAdoptive(_ value: String) -> Bool {
        let word = PeopleReader.trimmed(value).lowercased()
        return !word.isEmpty && !["birth", "natural", "biological", "unknown"].contains(word)
    }

    /// A `NAME` value as a chart shows it: `Given /Surname/ Suffix` is
    /// "Given Surname Suffix", blanks collapsed.
    static func name(_ value: String) -> String {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return name(given: value, surname: "") }
        return name(given: String(parts[0]), surname: String(parts[1]), rest: parts[2...].joined(separator: " "))
    }

    /// The parts of a name joined by spaces, except that a Chinese,
    /// Japanese or Korean surname and given name are written surname
    /// first without a space (`建国 /王/` and `/王/建国` are both "王建国"),
    /// and a CJK part after another is joined without one.
    static func name(given: String, surname: String, rest: String = "") -> String {
        func words(_ part: String) -> String { part.split { $0.isWhitespace }.joined(separator: " ") }
        let (g, s, r) = (words(given), words(surname), words(rest))
        let parts = (isCJK(g) && isCJK(s) ? [s, g, r] : [g, s, r]).filter { !$0.isEmpty }
        var result = ""
        for (k, part) in parts.enumerated() {
            if k > 0, !(isCJK(parts[k - 1]) && isCJK(part)) { result += " " }
            result += part
        }
        return result
    }

    /// Whether `part` is written in Han characters, kana or Hangul only
    /// (blanks aside): scripts that put no space between a surname and a
    /// given name.
    static func isCJK(_ part: String) -> Bool {
        var any = false
        for scalar in part.unicodeScalars where !scalar.properties.isWhitespace {
            switch scalar.value {
            case 0x3005...0x3007, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
                any = true
            default:
                return false
            }
        }
        return any
    }

    /// The family the records make. A pointer to a record the file does
    /// not have (a CHIL, HUSB, WIFE, FAMC or FAMS; exports cut from larger
    /// trees have hundreds) is skipped, and one warning gives their count
    /// and the line of the first.
    static func family(
        _ people: [Individual], _ records: [FamilyRecord], name: String, warnings: inout [String]
    ) throws(FamilyFileError) -> (Family, [String: Int]) {
        var lines = [String: Int]()
        var known = Set<String>()
        for p in people {
            guard known.insert(p.person.id).inserted else {
                throw FamilyFileError(file: name, line: p.line, message: FamilyError.duplicatePerson(p.person.id).description)
            }
            lines[p.person.id] = p.line
        }
        var records = records
        var index = [String: Int]()
        for (i, f) in records.enumerated() {
            guard index[f.id] == nil else {
                throw FamilyFileError(file: name, line: f.line, message: "family '\(f.id)' is listed twice")
            }
            index[f.id] = i
        }
        // Pointers to no record: their lines.
        var dangling = [Int]()
        for i in records.indices {
            if let p = records[i].husband, !known.contains(p) {
                dangling.append(records[i].husbandLine)
                records[i].husband = nil
            }
            if let p = records[i].wife, !known.contains(p) {
                dangling.append(records[i].wifeLine)
                records[i].wife = nil
            }
            let kept = records[i].children.indices.filter { known.contains(records[i].children[$0]) }
            if kept.count < records[i].children.count {
                dangling += records[i].children.indices.filter { !known.contains(records[i].children[$0]) }.map { records[i].childLines[$0] }
                records[i].children = kept.map { records[i].children[$0] }
                records[i].childLines = kept.map { records[i].childLines[$0] }
            }
        }
        for p in people {
            dangling += zip(p.famc, p.famcLines).filter { index[$0.0] == nil }.map(\.1)
            dangling += zip(p.fams, p.famsLines).filter { index[$0.0] == nil }.map(\.1)
        }
        if let first = dangling.min() {
            let count = dangling.count
            warnings.append(
                "\(name): skipped \(grouped(count)) \(count == 1 ? "reference" : "references") to records the file does not have "
                    + "(CHIL, HUSB, WIFE, FAMC or FAMS), the first on line \(first)")
        }
        // One-sided links: a FAMS to a family with a free place, a FAMC to
        // a family that does not list the child.
        for p in people {
            for f in p.fams {
                guard let i = index[f] else { continue }
                let r = records[i]
                guard r.husband != p.person.id, r.wife != p.person.id else { continue }
                if r.husband == nil, p.person.gender != .female || r.wife != nil { records[i].husband = p.person.id }
                else if r.wife == nil { records[i].wife = p.person.id }
            }
            if let f = p.famc.first, let i = index[f], !records[i].children.contains(p.person.id) {
                records[i].children.append(p.person.id)
            }
        }
        // Ties other than by birth, by family: a child's own PEDI or ADOP,
        // or the family's _FREL/_MREL.
        var adoptive = [String: Set<String>]()
        for p in people { for f in p.adoptedInto { adoptive[f, default: []].insert(p.person.id) } }
        for r in records { adoptive[r.id, default: []].formUnion(r.adopted) }
        // A child in several families belongs to the first of their own
        // FAMC by birth, else their first FAMC, else the first that lists
        // them.
        var chosen = [String: String]()
        for p in people {
            let own = p.famc.filter { index[$0] != nil }
            if let f = own.first(where: { !(adoptive[$0]?.contains(p.person.id) ?? false) }) ?? own.first { chosen[p.person.id] = f }
        }
        var family = Family(people: people.map(\.person))
        for r in records {
            let partners = [r.husband, r.wife].compactMap { $0 }
            var children = [String]()
            for c in r.children where chosen[c, default: r.id] == r.id {
                chosen[c] = r.id
                children.append(c)
            }
            guard !partners.isEmpty else { continue }
            // Adopted here: placed here, or with their birth family and tied
            // here too.
            let adopted = (r.children + (adoptive[r.id].map { Array($0).sorted() } ?? []))
                .filter { adoptive[r.id]?.contains($0) ?? false }
            var unique = [String]()
            for a in adopted where !unique.contains(a) && known.contains(a) && !partners.contains(a) { unique.append(a) }
            family.unions.append(Union(partners: partners, children: children, adopted: unique))
        }
        return (family, lines)
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return components(separatedBy: target).joined(separator: replacement)
    }
}
