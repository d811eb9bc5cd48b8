import Testing
import TestSupport
import TreeFiles
import Trees

/// The limits, each refused in one line that names it, and inputs of the
/// largest size read without recursion.
@Suite(.tags(.bulk)) struct LimitTests {
    /// The formats these tests write their inputs in; the others have
    /// their own in `NewFormatLimitTests`.
    static let classic: [TreeFileFormat] = [.json, .outline, .brackets, .levelOrder]

    /// A tree of `count` nodes in `format`: a root with children of nine
    /// leaves each (100,000 is 1 + 11,111 × 9).
    static func broad(_ format: TreeFileFormat, groups: Int) -> String {
        switch format {
        case .json:
            let group = #"{"label": "m", "children": ["# + Array(repeating: #"{"label": "l"}"#, count: 8).joined(separator: ",") + "]}"
            return #"{"label": "r", "children": ["# + Array(repeating: group, count: groups).joined(separator: ",\n") + "]}"
        case .outline:
            return "r\n" + String(repeating: "  m\n" + String(repeating: "    l\n", count: 8), count: groups)
        case .brackets:
            return "[r\n" + String(repeating: " [m l l l l l l l l]\n", count: groups) + "]"
        case .levelOrder:
            return "[" + (1...(1 + groups * 9)).map(String.init).joined(separator: ",") + "]"
        default:
            preconditionFailure("no broad tree in \(format)")
        }
    }

    @Test(arguments: Self.classic)
    func aHundredThousandNodesAreRead(_ format: TreeFileFormat) throws {
        let trees = try read(Self.broad(format, groups: 11_111), format)
        #expect(trees.count == 1)
        #expect(trees[0].count == 100_000)
    }

    /// ``broad(_:groups:)`` and a second version of one node.
    static func plusOne(_ format: TreeFileFormat, groups: Int) -> String {
        let text = broad(format, groups: groups)
        switch format {
        case .json: return "[" + text + ",\n" + #"{"label": "x"}]"#
        case .outline: return text + "---\nx\n"
        case .brackets: return text + "\n---\n[x]"
        case .levelOrder: return text + "\n[7]"
        default: preconditionFailure("no versions in \(format)")
        }
    }

    @Test(arguments: Self.classic)
    func oneNodeMoreIsRefused(_ format: TreeFileFormat) throws {
        // The node over is the second version's root, on the last line.
        let text = Self.plusOne(format, groups: 11_111)
        let message = failure(text, format) ?? "read"
        func place(_ text: String) -> String {
            "t:\(text.split(separator: "\n").count):\(format == .levelOrder ? 2 : 1)"
        }
        #expect(message == "\(place(text)): more than 100,000 nodes: the limit is 100,000 nodes a file")
        let small = TreeFileLimits(maxNodes: 10)
        #expect(failure(Self.broad(format, groups: 1), format, limits: small) == nil)
        let smallText = Self.plusOne(format, groups: 1)
        #expect(failure(smallText, format, limits: small) == "\(place(smallText)): more than 10 nodes: the limit is 10 nodes a file")
    }

    /// A root with 100 chains of 300 nodes (an outline's indentation grows
    /// with the square of the depth, so not deeper): deep and broad at once,
    /// which a reader that walked the open path for each node would take
    /// quadratic time over.
    @Test(arguments: [TreeFileFormat.json, .outline, .brackets])
    func deepAndBroadIsLinear(_ format: TreeFileFormat) throws {
        let chain = Self.chain(format, levels: 300)
        let text: String
        switch format {
        case .json: text = #"{"label": "r", "children": ["# + Array(repeating: chain, count: 100).joined(separator: ",") + "]}"
        case .outline: text = "r\n" + Array(repeating: chain.split(separator: "\n").map { " " + $0 }.joined(separator: "\n"), count: 100).joined(separator: "\n")
        default: text = "[r " + Array(repeating: chain, count: 100).joined(separator: " ") + "]"
        }
        #expect(try read(text, format)[0].count == 30_001)
    }

    /// A chain `levels` deep.
    static func chain(_ format: TreeFileFormat, levels: Int, closed: Bool = true) -> String {
        switch format {
        case .json:
            return String(repeating: #"{"label": "a", "children": ["#, count: levels - 1) + #"{"label": "a"}"#
                + (closed ? String(repeating: "]}", count: levels - 1) : "")
        case .outline:
            return (0..<levels).map { String(repeating: " ", count: $0) + "a" }.joined(separator: "\n")
        case .brackets:
            return String(repeating: "[a ", count: levels) + (closed ? String(repeating: "]", count: levels) : "")
        case .levelOrder:
            // Each level: one node and a null beside it.
            return "[" + (1...levels).map { $0 == 1 ? "1" : "\($0),null" }.joined(separator: ",") + (closed ? "]" : "")
        default:
            preconditionFailure("no chain in \(format)")
        }
    }

    @Test(arguments: Self.classic)
    func depthIsLimitedToAThousandLevels(_ format: TreeFileFormat) throws {
        let tree = try read(Self.chain(format, levels: 1_000), format)[0]
        #expect(tree.count == 1_000)
        let message = try #require(failure(Self.chain(format, levels: 1_001), format))
        #expect(message.hasSuffix(": nesting deeper than 1,000 levels: the limit is 1,000 levels"))
        let line = format == .outline ? 1_001 : 1
        #expect(message.hasPrefix("t:\(line):"))
    }

    /// 100,000 levels, never closed: read to the end without recursion,
    /// refused for the missing bracket, not by a stack overflow.
    @Test(arguments: [TreeFileFormat.json, .brackets])
    func aHundredThousandLevelsDoNotRecurse(_ format: TreeFileFormat) throws {
        let deep = TreeFileLimits(maxNodes: 200_000, maxDepth: 200_000)
        let message = try #require(failure(Self.chain(format, levels: 100_000, closed: false), format, limits: deep))
        #expect(message.contains("expected ']' to close this '[', found the end of the file"))
        // With the standard limits, reading stops at level 1,001.
        #expect(failure(Self.chain(format, levels: 100_000, closed: false), format)?.hasSuffix("the limit is 1,000 levels") == true)
    }

    @Test(arguments: [TreeFileFormat.json, .outline, .brackets])
    func labelsAreLimitedToAThousandCharacters(_ format: TreeFileFormat) throws {
        // 1,000 characters of three bytes each pass: the limit counts characters.
        let long = String(repeating: "爷", count: 1_000)
        func text(_ label: String) -> String {
            switch format {
            case .json: #"{"label": "r", "children": [{"label": "\#(label)"}]}"#
            case .outline: "r\n  \(label)\n"
            default: "[r \(label)]"
            }
        }
        #expect(try read(text(long), format)[0].children[0]?.value.label == long)
        let column = [TreeFileFormat.json: 39, .outline: 3, .brackets: 4][format]!
        let line = format == .outline ? 2 : 1
        #expect(failure(text(long + "x"), format) == "t:\(line):\(column): label of 1,001 characters: the limit is 1,000 characters")
    }

    @Test func levelOrderLabelsAreLimitedToo() {
        let limits = TreeFileLimits(maxLabelLength: 3)
        #expect(failure("[1,1234]", .levelOrder, limits: limits) == "t:1:4: label of 4 characters: the limit is 3 characters")
    }

    @Test(arguments: Self.classic)
    func filesOverFiftyMegabytesAreRefusedBeforeReading(_ format: TreeFileFormat) {
        // Not even UTF-8: the size is refused first.
        let bytes = [UInt8](repeating: 0xFF, count: 50_000_001)
        #expect(failure(bytes, format, name: "big") == "big: the file is 50,000,001 bytes: the limit is 50,000,000 bytes")
        #expect(failure([UInt8](repeating: 0xFF, count: 11), format, name: "big", limits: TreeFileLimits(maxBytes: 10))
            == "big: the file is 11 bytes: the limit is 10 bytes")
    }
}
