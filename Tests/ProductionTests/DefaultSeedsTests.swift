import Diagram
import Producers
import Production
import Testing

/// A default never refuses its own random keys: every producer that draws
/// them, with its defaults and each of many seeds (the seed a user's run
/// draws is any of a million), makes its script. `treeanim hash` once
/// refused about one run in ten: its keys met in a chain of three, deeper
/// than reads under the table.
@Suite struct DefaultSeedsTests {
    static let seeds = 1...60

    /// The producers whose defaults draw random keys.
    static var drawing: [String] {
        var names = [String]()
        for producer in ProducerRegistry.all where producer.optionKeys.contains(where: { $0.name == "seed" }) {
            names.append(producer.name)
        }
        return names
    }

    @Test(arguments: drawing)
    func everySeedOfTheDefaultsMakesAScript(_ producer: String) throws {
        var refused = [String]()
        for seed in Self.seeds {
            let run = RegistryRun(producer: producer, keys: ["seed": "\(seed)"])
            let session = RenderSession(options: RenderOptions(), log: .silent)
            do { _ = try run.script(in: session) } catch { refused.append("seed \(seed): \(error)") }
        }
        #expect(refused.isEmpty, "\(refused.count) of \(Self.seeds.count) seeds refused: \(refused.prefix(3))")
    }


    /// The default hash table's keys, drawn plainly, meet a chain deeper
    /// than reads for some of these seeds (so the law above sees the case);
    /// drawn with the table's key test, never.
    @Test func hashKeysPassOverOnlyWhatWouldNotRead() throws {
        let session = RenderSession(options: RenderOptions(), log: .silent)
        let labels = LabelFit(font: try session.font())
        var options = HashOptions()
        options.stage = Stage(RenderOptions().settings)
        var plainRefused = 0
        for seed in Self.seeds {
            var input = OperationInput<HashOperation>()
            input.seed = UInt64(seed)
            let plain = input.chooseKeys().keys
            let keyTest = HashAnimation.keyTest(options: options, count: 10, widest: [1, 99], labels: labels)
            #expect(keyTest != nil, "a chaining table tests its keys")
            let kept = input.chooseKeys(keeping: keyTest).keys
            #expect(kept.count == plain.count && Set(kept).count == kept.count)
            do { _ = try HashAnimation(program: HashOperation.inserts(plain), options: options, labels: labels) } catch { plainRefused += 1 }
            do { _ = try HashAnimation(program: HashOperation.inserts(kept), options: options, labels: labels) } catch {
                Issue.record("seed \(seed): \(kept) refused: \(error)")
            }
        }
        #expect(plainRefused > 0, "no seed met a deep chain: the test would not see the skip")
    }
}
