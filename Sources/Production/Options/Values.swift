import Diagram
import InputText
import Output

/// `--theme light|dark|high-contrast`.
public enum ThemeName: String, CaseIterable, Sendable, Codable {
    case light, dark
    case highContrast = "high-contrast"

    public var theme: Theme {
        switch self {
        case .light: .light
        case .dark: .dark
        case .highContrast: .highContrast
        }
    }
}

/// `--size WxH`, 64 to 8192 a side (checked by AnimationOptions, which
/// names both sides).
public struct FrameSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public init(parsing argument: String) throws {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValueProblem("expected WIDTHxHEIGHT in pixels, such as 1280x720") }
        try Numeral.checkDigits(argument)
        guard let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ValueProblem("expected two whole numbers WIDTHxHEIGHT, such as 1280x720")
        }
        self.init(width: w, height: h)
    }
}

/// `--frame-range A:B`: frames A up to, not including, B.
public struct FrameRange: Sendable, Equatable {
    public var range: Range<Int>

    public init(parsing argument: String) throws {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        try Numeral.checkDigits(argument)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else {
            throw ValueProblem("expected two frame numbers a:b, such as 0:100")
        }
        guard a >= 0 else { throw ValueProblem("frames are numbered from 0") }
        guard a < b else { throw ValueProblem("\(a):\(b) holds no frames (a:b renders frames a up to b-1)") }
        range = a..<b
    }
}

extension LoopCount {
    /// `--loop`'s value, or why it is not one.
    public init(parsing argument: String) throws {
        if let count = LoopCount(argument) {
            self = count
            return
        }
        try Numeral.checkDigits(argument)
        let plays = "forever, once, or a count of plays from 1 to 65535"
        if let n = Int(argument) {
            throw ValueProblem(n < 0 ? "\(n) is negative: give \(plays)" : "\(n) is too many: give \(plays)")
        }
        throw ValueProblem("expected \(plays)")
    }
}

/// `--poster-at first|last|step:N|TIME`: which frame `--poster` writes.
public enum PosterMoment: Equatable, Sendable {
    case first, last
    /// The first frame of step N's clip, from 1: what its slide in a deck
    /// shows before playing (the frame after step N − 1 concluded).
    case step(Int)
    /// The frame shown at this many seconds.
    case time(Double)

    public init(parsing argument: String) throws {
        switch argument.lowercased() {
        case "first": self = .first
        case "last": self = .last
        case let text where text.hasPrefix("step:"):
            try Numeral.checkDigits(text)
            guard let n = Int(text.dropFirst(5)), n >= 1 else {
                throw ValueProblem("step:N takes a step number from 1, such as step:3")
            }
            self = .step(n)
        case let text:
            let seconds = text.hasSuffix("s") ? String(text.dropLast()) : text
            try Numeral.checkDigits(seconds)
            if let t = Double(seconds), t < 0 {
                throw ValueProblem("\(Format.number(t)) s is negative: a time is from 0 seconds (or give first, last or step:N)")
            }
            guard let t = Double(seconds), t.isFinite else {
                throw ValueProblem("expected first, last, step:N or a time in seconds such as 2.5")
            }
            self = .time(t)
        }
    }

    /// The frame this moment names in `source`, or why there is none.
    public func frame(in source: some FrameSource) throws(ProductionFailure) -> Int {
        switch self {
        case .first: return 0
        case .last: return source.frameCount - 1
        case .step(let n):
            guard n <= source.steps.count else {
                throw ProductionFailure("--poster-at step:\(n): the animation has \(source.steps.count) step\(source.steps.count == 1 ? "" : "s")", status: 64)
            }
            return StepClipPlan(steps: source.steps, frameCount: source.frameCount).clips[n - 1].lowerBound
        case .time(let t):
            // Compared before the conversion: a time like 1e20 has no Int frame.
            let position = (t * source.fps + 1e-9).rounded(.down)
            guard position < Double(source.frameCount) else {
                throw ProductionFailure(
                    "--poster-at \(Format.number(t)): the animation lasts \(Format.fixed(Double(source.frameCount - 1) / source.fps, 2)) s",
                    status: 64)
            }
            return Int(position)
        }
    }
}

extension TextEncoding {
    /// `--encoding`'s value (`encoding:` in a lecture), by any of the names
    /// ``init(name:)`` takes, or why it is not one.
    public init(parsing argument: String) throws(ValueProblem) {
        guard let encoding = TextEncoding(name: argument) else {
            throw ValueProblem("'\(argument)' is no encoding treeanim reads: give \(TextEncoding.names)")
        }
        self = encoding
    }
}
