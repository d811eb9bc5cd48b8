import InputText
import Foundation
import Testing
import TreeFiles
import Trees

/// The fixtures folder, read by path like the goldens of other targets.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

/// The trees in `text`, named `name` (whose extension picks the format
/// unless `format` is given).
func read(_ text: String, _ format: TreeFileFormat? = nil, name: String = "t", limits: TreeFileLimits = .standard)
    throws(TreeFileError) -> [Tree<TreeFileNode>]
{
    try TreeFile.read(text, name: name, format: format, limits: limits)
}

/// The one-line message reading `bytes` fails with, or `nil` if it is read.
func failure(
    _ bytes: [UInt8], _ format: TreeFileFormat?, name: String = "t", limits: TreeFileLimits = .standard, encoding: TextEncoding? = nil
) -> String? {
    do {
        _ = try TreeFile.load(bytes, name: name, reading: TreeFile.Reading(format: format, encoding: encoding, limits: limits))
        return nil
    } catch {
        return error.description
    }
}

func failure(_ text: String, _ format: TreeFileFormat?, name: String = "t", limits: TreeFileLimits = .standard) -> String? {
    failure(Array(text.utf8), format, name: name, limits: limits)
}

/// A tree as `label(child child)`, `·` for an empty slot.
func sketch<Value>(_ tree: Tree<Value>, _ label: (Value) -> String) -> String {
    var result = label(tree.value)
    if !tree.children.isEmpty {
        result += "(" + tree.children.map { $0.map { sketch($0, label) } ?? "·" }.joined(separator: " ") + ")"
    }
    return result
}

func sketch(_ tree: Tree<TreeFileNode>) -> String { sketch(tree) { $0.label } }

/// The nodes in preorder.
func nodes<Value>(_ tree: Tree<Value>) -> [Value] {
    var values: [Value] = []
    _ = tree.map { values.append($0) }
    return values
}

/// Where each node was written, in preorder: "label@line:column".
func places(_ tree: Tree<TreeFileNode>) -> [String] {
    nodes(tree).map { "\($0.label)@\($0.line):\($0.column)" }
}
