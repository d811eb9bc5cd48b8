import ArgumentParser
import Diagram
import Producers
import Trees

extension Easing: ExpressibleByArgument {}
extension TreeLayoutKind: ExpressibleByArgument {}
extension Replacement: ExpressibleByArgument {}

/// `--theme light|dark`.
enum ThemeName: String, ExpressibleByArgument, CaseIterable {
    case light, dark

    var theme: Theme { self == .light ? .light : .dark }
}

/// `--size WxH`, 64 to 8192 a side.
struct FrameSize: ExpressibleByArgument, Equatable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// `--frame-range A:B`: frames A up to, not including, B.
struct FrameRange {
    var range: Range<Int>

    init(parsing argument: String) throws {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else {
            throw ArgumentProblem("expected two frame numbers a:b, such as 0:100")
        }
        guard a >= 0 else { throw ArgumentProblem("frames are numbered from 0") }
        guard a < b else { throw ArgumentProblem("\(a):\(b) holds no frames (a:b renders frames a up to b-1)") }
        range = a..<b
    }
}
