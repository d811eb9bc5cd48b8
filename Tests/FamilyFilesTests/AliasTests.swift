import FamilyFiles
import Foundation
import Testing
import Trees

/// YAML aliases and anchors refused before the YAML parser sees them, and
/// the text that only looks like them let through.
@Suite struct AliasTests {
    static func error(_ text: String, _ name: String = "f.yaml") -> String { FamilyFileTests.error(text, name) }

    /// Ten times the alias before, `levels` times: 10^levels values in a
    /// file of a few hundred bytes.
    static func laughs(_ levels: Int) -> String {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for k in 1...levels {
            text += "a\(k): &a\(k) [" + Array(repeating: "*a\(k - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        return text + "? *a\(levels)\n: 1\npeople: [{id: a, name: A}]\n"
    }

    @Test func aBillionLaughsIsRefusedAtOnce() {
        // Read, seven levels took 31 s in a debug build (Yams hashes the
        // key's 10^7 values), and each level is ten times longer: that the
        // answer is the alias's own error, not Yams's, shows it was refused
        // before Yams parsed anything.
        #expect(Self.error(Self.laughs(9)) == "f.yaml:2: '*a0' reads as a YAML alias, and family files take none: write the value out (or quote text that starts with '*')")
    }

    @Test func aDeepChainOfAliasesIsRefusedWithoutOverflowingTheStack() {
        // Read, 100,000 nested aliases overflowed the stack.
        var text = "c0: &c0 [x]\n"
        for k in 1...100_000 { text += "c\(k): &c\(k) [*c\(k - 1)]\n" }
        text += "people: [{id: a, name: A}]\n"
        #expect(Self.error(text) == "f.yaml:2: '*c0' reads as a YAML alias, and family files take none: write the value out (or quote text that starts with '*')")
    }

    @Test(arguments: [
        "- *x", "a: *x", "[*x]", "{a: *x}", "{\"a\":*x}", "? *x\n: 1", "--- *x", "a:\n  *x", "[a, *x]",
        "[a\"b, *x\"]", "[ # ,\"\n *x, \"]", "\"a\":\"b\n*x: 1\"", "{a:\"b, *x: 1 \"}", "[\"a\", 'b, *x']",
        "- &y {id: a, name: A}\n- *x",
    ])
    func aliasesAreRefused(_ text: String) {
        #expect(Self.error(text).contains("'*x' reads as a YAML alias"), "\(text.debugDescription)")
    }

    @Test func theLineOfTheFirstAliasElseOfTheFirstAnchor() {
        #expect(
            Self.error("- &x {id: a, name: A}\n- *x\n")
                == "f.yaml:2: '*x' reads as a YAML alias, and family files take none: write the value out (or quote text that starts with '*')")
        #expect(
            Self.error("- {id: a, name: A, children: &k [b]}\r\n- {id: c, name: C, children: *k}\r\n- {id: b, name: B}\r\n")
                == "f.yaml:2: '*k' reads as a YAML alias, and family files take none: write the value out (or quote text that starts with '*')")
        #expect(
            Self.error("- {id: a, name: A}\n- &p {id: b, name: B}\n")
                == "f.yaml:2: '&p' reads as a YAML anchor, and family files take none: remove it (or quote text that starts with '&')")
        #expect(
            Self.error("\u{FEFF}people:\n  - id: a\n    name: &n A\n", "f.yml")
                == "f.yml:3: '&n' reads as a YAML anchor, and family files take none: remove it (or quote text that starts with '&')")
        // A .json file in YAML's form is searched too.
        #expect(Self.error("# people\n[{id: a, name: *n}]", "f.json").hasPrefix("f.json:2: '*n' reads as a YAML alias"))
    }

    @Test func jsonStringsMayHoldAnything() throws {
        let json = #"[{"id": "a", "name": "a, *b: [*c] - *d & &e", "born": "*1950"},"# + "\n"
            + #" {"id": "&b", "name": "{&f, *g}", "couple": ["a"]}]"#
        for name in ["f.json", "f.yaml"] {
            let f = try FamilyFileTests.read(json, name)[0]
            #expect(f.people.map(\.name) == ["a, *b: [*c] - *d & &e", "{&f, *g}"])
            #expect(f.people[0].born == "*1950")
            #expect(f.unions == [Union(partners: ["&b", "a"])])
        }
    }

    @Test func yamlTextThatOnlyLooksLikeAnAliasIsRead() throws {
        let f = try FamilyFileTests.read(
            "- {id: a, name: Mary *Polly* Smith}\n- {id: b, name: \"*B*\"}\n- {id: c, name: Smith & Sons, born: 1900 & 1901}\n# a *comment &c\n")[0]
        #expect(f.people.map(\.name) == ["Mary *Polly* Smith", "*B*", "Smith & Sons"])
    }
}
