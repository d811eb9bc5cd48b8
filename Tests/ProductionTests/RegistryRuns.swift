import Diagram
import Foundation
import LectureFiles
import Production
import Testing

/// Runs of every producer in the registry, for laws that hold over all of
/// them: each with its defaults (one that reads a file, with the example
/// file the guides use) and with seeded random programs.
struct RegistryRun: Sendable, CustomTestStringConvertible {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples").path

    /// A producer, and its options as a lecture would write them.
    var producer: String
    var keys: [String: String]

    var testDescription: String {
        producer + " " + keys.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }

    /// The example each producer that reads a file reads.
    static let files: [String: [String: String]] = [
        "tree": ["file": "parse.tree"], "family": ["file": "family.json"], "bars": ["file": "sales.csv"],
        "graph": ["file": "roads.dot", "ops": "bfs A; dijkstra A; kruskal"],
    ]

    /// Every producer's defaults, and `programs` seeded random programs of
    /// each that takes random keys.
    static func all(programs: Int = 3) -> [RegistryRun] {
        ProducerRegistry.all.flatMap { producer -> [RegistryRun] in
            let name = producer.name
            let keys = Set(producer.optionKeys.map(\.name))
            if let file = files[name] { return [RegistryRun(producer: name, keys: file)] }
            var runs = [RegistryRun(producer: name, keys: keys.contains("seed") ? ["seed": "1"] : [:])]
            for seed in stride(from: 2, to: 2 + programs, by: 1) {
                if keys.contains("inserts") { runs.append(RegistryRun(producer: name, keys: ["inserts": "\(3 * seed)", "seed": "\(seed)"])) }
                if keys.contains("random") { runs.append(RegistryRun(producer: name, keys: ["random": "\(4 * seed)", "seed": "\(seed)"])) }
            }
            return runs
        }
    }

    /// Every producer with its defaults: with each of `seeds` where the
    /// defaults draw random keys, as a user who runs it again sees.
    static func defaults(seeds: ClosedRange<Int>) -> [RegistryRun] {
        ProducerRegistry.all.flatMap { producer -> [RegistryRun] in
            let name = producer.name
            if let file = files[name] { return [RegistryRun(producer: name, keys: file)] }
            guard producer.optionKeys.contains(where: { $0.name == "seed" }) else { return [RegistryRun(producer: name, keys: [:])] }
            return seeds.map { RegistryRun(producer: name, keys: ["seed": "\($0)"]) }
        }
    }

    /// The script this run makes, in `session`.
    func script(in session: RenderSession) throws -> Script {
        guard let producer = ProducerRegistry.named(producer) else { throw CocoaError(.featureUnsupported) }
        return try Self.script(of: producer, keys, session: session)
    }

    static func script<P: Producer>(of producer: P.Type, _ keys: [String: String], session: RenderSession) throws -> Script {
        let place = LectureFile.Place(line: 1, column: 1)
        let given = keys.sorted { $0.key < $1.key }.map { LectureFile.Option(key: $0.key, place: place, value: .scalar($0.value)) }
        let options = try P.Options(from: SectionDecoder(options: given, place: place))
        try options.check(naming: .lectureKeys)
        let context = ProductionContext(session: session, font: try session.font(), naming: .lectureKeys, folder: examples, section: P.name)
        return try P.make(options, in: context).script
    }
}
