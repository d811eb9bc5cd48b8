import Foundation

/// Numbers, lengths of time and sizes as the messages say them.
public enum Format {
    public static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    public static func fixed(_ v: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", v)
    }

    /// Whole numbers without a fraction; others, and any too large for an
    /// `Int` (or not finite), as Swift spells a Double.
    public static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Memory, in the binary unit it is allocated in: one decimal under 10 MiB.
    public static func mebibytes(_ n: Int) -> String {
        let m = Double(n) / Double(1 << 20)
        return (m < 10 ? fixed(m, 1) : String(Int(m.rounded()))) + " MiB"
    }

    /// A length of time as a reader says it: `48 s`, `3 min 05 s`,
    /// `1 h 02 min`.
    public static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min " + String(format: "%02d", s % 60) + " s" }
        return "\(s / 3600) h " + String(format: "%02d", s / 60 % 60) + " min"
    }

    public static func bytes(_ n: Int) -> String {
        if n >= 1_000_000 { return fixed(Double(n) / 1_000_000, 1) + " MB" }
        if n >= 1_000 { return fixed(Double(n) / 1_000, 1) + " kB" }
        return "\(n) B"
    }
}
