import FamilyFiles
import Testing
import Trees

/// JSON's escaped surrogate pairs, which libyaml refuses, read as the one
/// character they stand for.
@Suite struct SurrogateTests {
    @Test func anEscapedPairIsOneCharacter() throws {
        let text = #"[{"id": "a", "name": "\ud83d\ude00 \u738b \"\\ud83d\"", "born": "\uD83D\uDE00"}]"#
        for name in ["f.json", "f.yaml"] {
            let f = try FamilyFileTests.read(text, name)[0]
            #expect(f.people[0].name == #"😀 王 "\ud83d""#)
            #expect(f.people[0].born == "😀")
            #expect(f.people[0].name.unicodeScalars.first == "\u{1F600}" && f.people[0].name.count == 12)
        }
        // Lines are kept for later errors.
        #expect(
            FamilyFileTests.error("[{\"id\": \"a\", \"name\": \"\\ud83d\\ude00\"},\n {\"id\": \"b\", \"name\": \"B\", \"couple\": \"x\"}]", "f.json")
                == "f.json:2: spouse 'x' of 'b' is not a person in the file")
    }

    @Test func aLoneSurrogateIsStillAnError() {
        #expect(FamilyFileTests.error(#"["\ud83d"]"#, "f.json") == "f.json:1: not valid JSON or YAML: found invalid Unicode character escape code")
        #expect(FamilyFileTests.error(#"["\ude00\ud83d"]"#, "f.json") == "f.json:1: not valid JSON or YAML: found invalid Unicode character escape code")
    }

    @Test func yamlTextIsLeftAsWritten() throws {
        // Not in JSON's form, a .yaml file's plain text keeps its backslashes.
        let f = try FamilyFileTests.read("- {id: a, name: \\ud83d\\ude00}\n# \"\n")[0]
        #expect(f.people[0].name == #"\ud83d\ude00"#)
    }
}
