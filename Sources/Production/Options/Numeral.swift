
/// Numbers in options (a flag's value, a lecture's key), read so that a value that is not one says
/// why: digits of another script (Arabic-Indic ٣, Devanagari ३, fullwidth
/// ３) are not read as numbers and are named as such, and a number too
/// large is not called "not a number". ArgumentParser puts the reason after
/// the flag and the value.
public enum Numeral {
    /// A whole number such as `42` or `-7`.
    public static func whole(_ text: String) throws -> Int {
        if let n = Int(text) { return n }
        try checkDigits(text)
        if isInteger(text) {
            throw ValueProblem("'\(text)' is out of range (whole numbers here are from \(Int.min) to \(Int.max))")
        }
        throw ValueProblem("'\(text)' is not a whole number")
    }

    /// A seed: a whole number from 0 to 2⁶⁴ − 1.
    public static func seed(_ text: String) throws -> UInt64 {
        if let n = UInt64(text) { return n }
        try checkDigits(text)
        if isInteger(text) {
            let problem = text.hasPrefix("-") ? "is negative" : "is too large"
            throw ValueProblem("'\(text)' \(problem): a seed is a whole number from 0 to \(UInt64.max)")
        }
        throw ValueProblem("'\(text)' is not a whole number (a seed is from 0 to \(UInt64.max))")
    }

    /// A number such as `30`, `0.5` or `1e3`.
    public static func decimal(_ text: String) throws -> Double {
        if let x = Double(text) { return x }
        try checkDigits(text)
        throw ValueProblem("'\(text)' is not a number")
    }

    /// Refuses digits other than ASCII 0-9, which `Int` and `Double` do not
    /// read.
    public static func checkDigits(_ text: some StringProtocol) throws {
        if let digit = text.first(where: { $0.isNumber && !$0.isASCII }) {
            let which = text.count == 1 ? "'\(digit)'" : "'\(digit)' in '\(text)'"
            throw ValueProblem("\(which) is not an ASCII digit: write numbers with the digits 0-9")
        }
    }

    /// Whether `text` is an optional sign and ASCII digits: a whole number,
    /// whatever its size.
    private static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension Numeral {
    /// Checks `--hold`, the seconds the last frame is held: 0 to 60.
    public static func checkHold(_ hold: Double, naming: OptionNaming = .flags) throws(ProductionFailure) {
        guard hold.isFinite, (0...60).contains(hold) else {
            throw ProductionFailure("\(naming.name("hold")) must be from 0 to 60 seconds (got \(Format.number(hold)))", status: 64)
        }
    }
}

/// Why a value of an option does not parse: put after the option and the
/// value.
public struct ValueProblem: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
