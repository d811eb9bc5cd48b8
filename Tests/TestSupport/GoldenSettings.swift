#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the environment asks of the golden harness.
struct GoldenSettings: Sendable {
    /// `TREEANIM_RECORD_GOLDENS=1`: overwrite goldens with the frames seen.
    var record: Bool
    /// `CI=true`: never write a golden, whatever `record` says.
    var continuousIntegration: Bool
    /// Where failing frames and diffs go, one folder per golden name.
    var failuresFolder: String

    static var fromEnvironment: GoldenSettings {
        let temporary = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return GoldenSettings(
            record: isSet(environment("TREEANIM_RECORD_GOLDENS")),
            continuousIntegration: isSet(environment("CI")),
            failuresFolder: temporary + "/treeanim-golden-failures")
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func isSet(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }
}
