import FamilyFiles
import Foundation
import Testing
import Trees

/// Reading family files: JSON and YAML people and generation lists,
/// versions, GEDCOM exports, and one clear line for every file that does
/// not hold together.
@Suite struct FamilyFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples").path

    static func read(_ text: String, _ name: String = "family.yaml") throws -> [Family] {
        try FamilyFile.read(Array(text.utf8), name: name)
    }

    static func error(_ text: String, _ name: String = "family.yaml") -> String {
        do {
            _ = try read(text, name)
            return "no error"
        } catch {
            return (error as? FamilyFileError)?.description ?? "\(error)"
        }
    }

    @Test func theSeedsListOfGenerationsInJSON() throws {
        let versions = try FamilyFile.read(path: "\(Self.examples)/family.json")
        #expect(versions.count == 1)
        let f = versions[0]
        #expect(f.people.count == 15)
        #expect(f.people[0] == Person(id: "wjg", name: "王建国", gender: .male, born: "1938"))
        #expect(f.unions.count == 5)
        #expect(f.unions[0] == Union(partners: ["wjg", "lxy"], children: ["wzq", "wzh"]))
    }

    @Test func aYAMLListWithASecondMarriageKeepsEachMarriagesChildren() throws {
        let f = try FamilyFile.read(path: "\(Self.examples)/family.yaml")[0]
        #expect(f.people.count == 22)
        #expect(f.unions.contains(Union(partners: ["zw", "zm"], children: ["zl"])))
        #expect(f.unions.contains(Union(partners: ["zw", "wf"], children: ["zk"])))
        #expect(f.person("wjg")?.died == "2015")
    }

    @Test func coupleOnOneSideIntegerIdsASingleParentAndALonePerson() throws {
        let f = try Self.read(
            """
            people:
              - {id: 1, name: Ann, gender: f, couple: 2, children: [3]}
              - {id: 2, name: " Bo ", gender: M}
              - {id: 3, name: Cy, born: 1990-05-01, gender: unknown}
              - {id: 4, name: Di, children: [5]}
              - {id: 5, name: 5}
              - {id: 6, name: 王伟}
            """)[0]
        #expect(f.people.map(\.name) == ["Ann", "Bo", "Cy", "Di", "5", "王伟"])
        #expect(f.people[2].gender == nil && f.people[2].birthYear == 1990)
        #expect(f.unions == [Union(partners: ["1", "2"], children: ["3"]), Union(partners: ["4"], children: ["5"])])
    }

    @Test func versionsAsAMappingOrAsYAMLDocuments() throws {
        let json = try Self.read(
            #"{"versions": [[{"id": "a", "name": "A"}], [{"id": "a", "name": "A", "couple": "b"}, {"id": "b", "name": "B"}]]}"#,
            "f.json")
        #expect(json.count == 2 && json[1].unions == [Union(partners: ["a", "b"])])
        let yaml = try Self.read("- {id: a, name: A}\n---\n- {id: a, name: A}\n- {id: b, name: B}\n")
        #expect(yaml.map(\.people.count) == [1, 2])
    }

    @Test func everyProblemIsOneLineNamingTheFileLineAndPerson() {
        #expect(
            Self.error("- {id: a, name: A, couple: b, children: [c]}\n- {id: b, name: B}\n- {id: c, name: C}\n- {id: d, name: D, couple: e, children: [c]}\n- {id: e, name: E}\n")
                == "family.yaml:3: person 'c' is a child of two couples: 'a' & 'b' and 'd' & 'e'")
        #expect(Self.error("- {id: a, name: A, couple: zz}\n") == "family.yaml:1: spouse 'zz' of 'a' is not a person in the file")
        #expect(Self.error("- {id: a, name: A, children: [zz]}\n") == "family.yaml:1: 'a' lists child 'zz', who is not a person in the file")
        #expect(
            Self.error("- {id: a, name: A, children: [b]}\n- {id: b, name: B, children: [a]}\n")
                == "family.yaml:1: person 'a' is their own ancestor: 'a' → 'b' → 'a'")
        #expect(Self.error("- {id: a, name: A}\n- {id: a, name: B}\n") == "family.yaml:2: person 'a' is listed twice")
        #expect(
            Self.error("- {id: a, name: A, couple: [b, c], children: [k]}\n- {id: b, name: B}\n- {id: c, name: C}\n- {id: k, name: K}\n")
                == "family.yaml:4: 'k' is listed as a child of 'a', who has 2 spouses ('b', 'c'): list 'k' among the children of the other parent too")
        #expect(Self.error("- {id: a, name: A, children: 3.5}\n- {id: b, name: {x: 1}}\n") == "family.yaml:2: person 'b': \"name\" should be text, found a mapping")
        #expect(Self.error("- {id: a, name: A, children: {x: 1}}\n") == "family.yaml:1: person 'a': \"children\" should be an id or a list of ids, found a mapping")
        #expect(Self.error("- {id: a, name: A\n").hasPrefix("family.yaml:2: not valid JSON or YAML: "))
        #expect(Self.error("[{\"id\": \"a\", \"name\": \"A\"},]x", "f.json").hasPrefix("f.json:1: not valid JSON or YAML"))
        #expect(Self.error("") == "family.yaml: the file is empty: expected a list of people")
        #expect(Self.error("[]", "f.json") == "f.json: the file has no people: expected at least one person")
        #expect(Self.error("0 HEAD\n0 TRLR\n", "t.ged") == "t.ged: the file has no people: expected at least one person")
        #expect(Self.error("- {name: A}\n") == "family.yaml:1: a person has no \"id\"")
        #expect(Self.error("x", "family.txt").hasPrefix("family.txt: cannot tell the format from the name"))
    }

    static let smallGedcom = """
        0 HEAD
        1 SOUR MyHeritage
        1 GEDC
        2 VERS 5.5
        1 CHAR UTF-8
        0 @I1@ INDI
        1 NAME John /Smith/ Jr.
        1 SEX M
        1 BIRT
        2 DATE ABT 1901
        1 FAMS @F1@
        1 _CUSTOM whatever
        2 DATE 1 JAN 1800
        0 @I2@ INDI
        1 NAME
        2 GIVN Mary
        2 SURN Brown
        1 SEX F
        1 DEAT
        2 DATE 3 MAR 1980
        1 NOTE a note
        2 CONC that goes on with an email@@example.org
        0 @I3@ INDI
        1 NAME 王 /小明/
        1 FAMC @F1@
        0 @I4@ INDI
        1 FAMC @F1@
        0 @F1@ FAM
        1 HUSB @I1@
        1 WIFE @I2@
        1 CHIL @I3@
        1 MARR
        2 DATE 1925
        0 TRLR
        """

    @Test func aGEDCOMExportWithOtherTagsOneSidedLinksAndCRLF() throws {
        for text in [Self.smallGedcom, Self.smallGedcom.replacingOccurrences(of: "\n", with: "\r\n")] {
            let f = try Self.read(text, "tree.ged")[0]
            // `王 /小明/`: a CJK given name and surname, surname first without a space.
            #expect(f.people.map(\.name) == ["John Smith Jr.", "Mary Brown", "小明王", "(no name)"])
            #expect(f.people[0].born == "ABT 1901" && f.people[0].birthYear == 1901 && f.people[1].died == "3 MAR 1980")
            #expect(f.people.map(\.gender) == [.male, .female, nil, nil])
            #expect(f.unions == [Union(partners: ["I1", "I2"], children: ["I3", "I4"])])
        }
        #expect(Self.error("0 HEAD\n1 SOUR x\n3 VERS 1\n", "t.ged") == "t.ged:3: the level jumps from 1 to 3")
        #expect(Self.error("0 HEAD\nINDI\n", "t.ged").hasPrefix("t.ged:2: expected a level number"))
    }

    /// A pointer to a record the file does not have is skipped, and one
    /// warning gives the count and the first line (the CHIL's, not the
    /// FAM's); what is left is drawn.
    @Test func danglingReferencesAreSkippedWithOneWarning() throws {
        let ged = "0 @I1@ INDI\n1 NAME A\n1 FAMS @F1@\n1 FAMC @F7@\n0 @I2@ INDI\n1 NAME B\n1 FAMC @F1@\n"
            + "0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I8@\n1 CHIL @I9@\n1 CHIL @I2@\n"
        let contents = try FamilyFile.load(Array(ged.utf8), name: "t.ged")
        #expect(contents.versions[0].unions == [Union(partners: ["I1"], children: ["I2"])])
        #expect(contents.warnings == [
            "t.ged: skipped 3 references to records the file does not have (CHIL, HUSB, WIFE, FAMC or FAMS), the first on line 4",
        ])
        // Only a file left with nobody to draw is refused.
        #expect(Self.error("0 @F1@ FAM\n1 HUSB @I9@\n", "t.ged") == "t.ged: the file has no people: expected at least one person")
    }

    @Test func aRealSizedGEDCOMExportLoads() throws {
        let versions = try FamilyFile.read(path: "\(Self.fixtures)/moorland-families.ged")
        let f = try #require(versions.first)
        #expect(f.people.count >= 200)
        #expect(f.unions.count >= 80)
        // The adopted child belongs to the family of their own first FAMC.
        #expect(f.unions.allSatisfy { !$0.partners.isEmpty })
        #expect(f.people.contains { $0.name == "(no name)" } == false)
        try f.validate()
    }
}

/// People whose name is not known are "(no name)", in every format.
@Suite struct NamelessTests {
    @Test func aPersonWithoutANameIsNoName() throws {
        let yaml = "- {id: a, name: A}\n- {id: b, name: \"\"}\n- {id: c}\n- {id: d, name: null}\n"
        let names = try FamilyFile.read(Array(yaml.utf8), name: "f.yaml")[0].people.map(\.name)
        #expect(names == ["A", "(no name)", "(no name)", "(no name)"])
    }
}

/// Adoptions as GEDCOM writes them: a `PEDI adopted` under the child's
/// FAMC, an `ADOP` event, Family Tree Maker's `_FREL`/`_MREL` under a CHIL.
@Suite struct AdoptionTests {
    @Test func anAdoptedChildIsPlacedWithTheirBirthFamilyAndTiedToTheOther() throws {
        // As the GEDCOM 5.5.5 sample has it: I3 born to F1, adopted into F2.
        let ged = "0 @I1@ INDI\n1 NAME A\n0 @I2@ INDI\n1 NAME B\n0 @I3@ INDI\n1 NAME C\n1 FAMC @F1@\n1 FAMC @F2@\n2 PEDI adopted\n"
            + "0 @I4@ INDI\n1 NAME D\n0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n1 CHIL @I3@\n0 @F2@ FAM\n1 HUSB @I4@\n1 CHIL @I3@\n"
        let family = try FamilyFile.read(Array(ged.utf8), name: "t.ged")[0]
        #expect(family.unions == [
            Union(partners: ["I1", "I2"], children: ["I3"]),
            Union(partners: ["I4"], children: [], adopted: ["I3"]),
        ])
    }

    @Test func aChildAdoptedOnlyIsPlacedThereWithADashedLine() throws {
        let ged = "0 @I1@ INDI\n1 NAME A\n0 @I2@ INDI\n1 NAME B\n0 @I3@ INDI\n1 NAME C\n0 @I4@ INDI\n1 NAME E\n"
            + "0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n1 CHIL @I3@\n2 _FREL Adopted\n2 _MREL Adopted\n1 CHIL @I4@\n2 _FREL Natural\n2 _MREL Natural\n"
        let family = try FamilyFile.read(Array(ged.utf8), name: "t.ged")[0]
        #expect(family.unions == [Union(partners: ["I1", "I2"], children: ["I3", "I4"], adopted: ["I3"])])
    }

    @Test func theSampleOfGEDCOM555HasItsAdoption() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/gedcom/555SAMPLE.GED").path
        let family = try FamilyFile.read(path: path)[0]
        #expect(family.unions.contains { !$0.adopted.isEmpty })
        // "BEF 1828" reads as a date in words.
        #expect(family.people.contains { $0.born.map { Person.shownDate($0) == "before 1828" } ?? false })
    }
}
