import Diagram
import LectureFiles
import Output
import Producers
import Production
import Testing
import Trees

/// The producers' registry, and their options read from a lecture's keys.
@Suite struct ProductionTests {
    static func option(_ key: String, _ value: String, line: Int = 3, column: Int = 12) -> LectureFile.Option {
        LectureFile.Option(key: key, place: LectureFile.Place(line: line, column: column), value: .scalar(value))
    }

    static func heap(_ options: [LectureFile.Option]) throws -> HeapProducer.Options {
        try HeapProducer.Options(from: SectionDecoder(options: options, place: LectureFile.Place(line: 3, column: 5)))
    }

    @Test func everyProducerIsRegisteredOnceByItsName() {
        let names = ProducerRegistry.all.map { $0.name }
        #expect(Set(names).count == names.count)
        #expect(names.contains("heap"))
        for name in names { #expect(ProducerRegistry.named(name)?.name == name) }
        #expect(ProducerRegistry.named("nope") == nil)
        // A producer's keys are not the shared options' (those are the lecture's).
        for producer in ProducerRegistry.all {
            let own = Set(producer.optionKeys.map(\.name))
            #expect(own.isDisjoint(with: RenderOptions.keys), "\(producer.name) takes a shared option")
        }
    }

    /// A trie given no operations plays words, as a trie holds, not random
    /// numbers; a list of keys still inserts them.
    @Test func aTrieGivenNoOperationsPlaysWords() throws {
        let session = RenderSession(options: RenderOptions(), log: .silent)
        let script = try RegistryRun.script(of: TrieProducer.self, [:], session: session)
        let titles = script.steps.compactMap(\.caption)
        #expect(titles.contains("insert tea") && titles.contains("prefix te") && titles.contains("delete ted"), "\(titles)")
        #expect(script.steps.last?.caption == "7 words in 10 nodes")
        let keys = try RegistryRun.script(of: TrieProducer.self, ["values": "12,15"], session: session)
        #expect(keys.steps.compactMap(\.caption).contains("insert 15"))
        // A seed asks for random keys, as it does of every producer.
        let seeded = try RegistryRun.script(of: TrieProducer.self, ["seed": "5"], session: session)
        #expect(!seeded.steps.compactMap(\.caption).contains("insert tea"))
    }

    @Test func aSectionsKeysDecodeAsTheFlagsOfTheirNamesAreRead() throws {
        let options = try Self.heap([
            Self.option("ops", "insert 5 3; extract"), Self.option("max", "yes"), Self.option("hold", "1.5"),
            Self.option("ops-per-second", "4"), Self.option("code", "on"),
        ])
        #expect(options.order == .max)
        #expect(options.operations.ops == "insert 5 3; extract")
        #expect(options.operations.hold == 1.5)
        #expect(options.opsPerSecond == 4)
        #expect(options.code)
        let listed = try Self.heap([LectureFile.Option(key: "values", place: .init(line: 2, column: 4), value: .list(["5", "3", "9"]))])
        #expect(listed.operations.values == [5, 3, 9])
        #expect(try Self.heap([Self.option("values", "5, 3,9")]).operations.values == [5, 3, 9])
        #expect(try Self.heap([Self.option("range", "1...50"), Self.option("seed", "7")]).operations.range == 1...50)
    }

    @Test(arguments: [
        ("hold", "x", "hold: 'x' is not a number"),
        ("max", "maybe", "max: expected true or false"),
        ("inserts", "٣", "inserts: '٣' is not an ASCII digit: write numbers with the digits 0-9"),
        ("values", "5,x", "values: 'x' is not a whole number (expected keys like 50,17,72)"),
        ("range", "9...1", "range: expected LO...HI with LO ≤ HI, such as 1...99"),
        ("seed", "-1", "seed: '-1' is negative: a seed is a whole number from 0 to 18446744073709551615"),
    ])
    func aValueItsKeyCannotTakeIsSaidWithTheKeyAndWhereItIs(key: String, value: String, message: String) throws {
        do {
            _ = try Self.heap([Self.option("ops", "insert 1", line: 2), Self.option(key, value, line: 4, column: 9)])
            Issue.record("\(key): \(value) was taken")
        } catch let error as SectionOptionError {
            #expect(error.description == message)
            #expect(error.place == LectureFile.Place(line: 4, column: 9))
        }
    }

    @Test func aWordNoneOfAnEnumerationsIsSaidWithItsChoices() throws {
        struct Options: Decodable {
            var fit: Fit
        }
        do {
            _ = try Options(from: SectionDecoder(options: [Self.option("fit", "tight")], place: .init(line: 1, column: 1)))
            Issue.record("fit: tight was taken")
        } catch let error as SectionOptionError {
            #expect(error.description == "fit: 'tight' is not one of legible, all")
        }
    }

    @Test func checksNameOptionsAsFlagsOrAsLectureKeys() {
        var input = OperationInput<HeapOperation>()
        input.ops = "insert 3"
        input.seed = 4
        #expect(throws: ProductionFailure("--seed and --range choose random keys: they go with --inserts, not --ops", status: 64)) {
            try input.check(naming: .flags)
        }
        #expect(throws: ProductionFailure("seed and range choose random keys: they go with inserts, not ops", status: 64)) {
            try input.check(naming: .lectureKeys)
        }
    }
}
