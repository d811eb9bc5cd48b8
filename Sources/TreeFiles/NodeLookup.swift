import Trees

/// Why a node a user named (`--highlight`, `--tour`) was not found: one line
/// saying what the tree has there instead.
public struct NodeLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
}

extension TreeFile {
    /// The preorder index of the node of `version` that `path` names:
    ///
    /// - its labels from the root joined by `/` (`爷爷/爸爸/大儿子`); a
    ///   label ending in `/`, as folders in a file system tree are written,
    ///   may stand for its own separator (`src/main.swift` under `src/`); a
    ///   `\` before `/`, `#` or `\` makes it part of a label; `#n` after a
    ///   label picks the `n`th of same-label siblings;
    /// - else a node's explicit id;
    /// - else the end of a path, when exactly one node's path ends so
    ///   (`大儿子`, or `爸爸/大儿子`): a teacher names the node, not its
    ///   whole ancestry.
    ///
    /// Throws one line naming what was not found, or the nodes an ambiguous
    /// name fits.
    public static func find(_ path: String, in version: Tree<TreeFileNode>) throws(NodeLookupError) -> Int {
        let nodes = FlatTree(version)
        let typed = PathText(path)
        guard !typed.characters.isEmpty else { throw NodeLookupError(description: "an empty path names no node") }
        let fromRoot = nodes.matches(typed, from: 0)
        if fromRoot.count == 1 { return fromRoot[0] }
        if fromRoot.isEmpty, let byID = nodes.labels.indices.first(where: { nodes.ids[$0] == path }) { return byID }
        let anywhere = fromRoot.isEmpty ? Array(Set(nodes.labels.indices.flatMap { nodes.matches(typed, from: $0) })).sorted() : fromRoot
        if anywhere.count == 1 { return anywhere[0] }
        let quoted = "\"" + path + "\""
        let paths = labelPaths(version)
        if anywhere.isEmpty {
            // A label the name is part of is likelier meant than the root.
            let last = String(path.split(separator: "/").last ?? "").lowercased()
            let near = last.isEmpty ? [] : nodes.labels.indices.filter { String(nodes.labels[$0]).lowercased().contains(last) }
            let hint = near.isEmpty
                ? nodes.hint(for: typed)
                : "did you mean " + near.prefix(3).map { "\"" + paths[$0] + "\"" }.joined(separator: " or ") + "?"
            throw NodeLookupError(description: "no node \(quoted) in the tree; \(hint)")
        }
        let shown = anywhere.prefix(3).map { "\"" + paths[$0] + "\"" }.joined(separator: ", ")
        throw NodeLookupError(
            description: "\(quoted) names \(anywhere.count) nodes (\(shown)\(anywhere.count > 3 ? ", …" : "")); give more of its path")
    }
}

/// A path as typed: its characters, each marked whether a backslash made
/// it literal.
private struct PathText {
    var characters: [(Character, literal: Bool)] = []

    init(_ text: String) {
        var escaping = false
        for character in text {
            if escaping {
                characters.append((character, true))
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                characters.append((character, false))
            }
        }
        if escaping { characters.append(("\\", true)) }
    }

    func isSeparator(at i: Int) -> Bool { i < characters.count && characters[i].0 == "/" && !characters[i].literal }
}

/// A version's nodes in preorder: labels, ids, children and each node's
/// occurrence among same-label siblings.
private struct FlatTree {
    var labels: [[Character]] = []
    var ids: [String?] = []
    var children: [[Int]] = []
    var occurrence: [Int] = []

    init(_ version: Tree<TreeFileNode>) {
        var stack: [(Tree<TreeFileNode>, parent: Int?, occurrence: Int)] = [(version, nil, 1)]
        while let (tree, parent, count) = stack.popLast() {
            let index = labels.count
            labels.append(Array(tree.value.label))
            ids.append(tree.value.id)
            children.append([])
            occurrence.append(count)
            if let parent { children[parent].append(index) }
            var seen: [String: Int] = [:]
            var next: [(Tree<TreeFileNode>, parent: Int?, occurrence: Int)] = []
            for case let child? in tree.children {
                let n = (seen[child.value.label] ?? 0) + 1
                seen[child.value.label] = n
                next.append((child, index, n))
            }
            stack.append(contentsOf: next.reversed())
        }
    }

    /// The nodes `path` leads to when its first label is node `start`'s.
    func matches(_ path: PathText, from start: Int) -> [Int] {
        var found: [Int] = []
        var stack = [(node: start, at: 0)]
        while let (node, at) = stack.popLast() {
            guard var end = consume(node, path, at) else { continue }
            if end == path.characters.count || (path.isSeparator(at: end) && end + 1 == path.characters.count) {
                found.append(node)
                continue
            }
            if path.isSeparator(at: end) {
                end += 1
            } else if labels[node].last != "/" {
                continue
            }
            for child in children[node].reversed() { stack.append((child, end)) }
        }
        return found
    }

    /// Where `path` goes on after node `node`'s label (and any `#n` that
    /// fits the node) starting at `at`, or nil when it does not start so.
    func consume(_ node: Int, _ path: PathText, _ at: Int) -> Int? {
        let label = labels[node]
        guard at + label.count <= path.characters.count else { return nil }
        for (i, character) in label.enumerated() where path.characters[at + i].0 != character { return nil }
        var end = at + label.count
        if end < path.characters.count, path.characters[end] == ("#", false) {
            var digits = ""
            var i = end + 1
            while i < path.characters.count, !path.characters[i].literal, let d = path.characters[i].0.wholeNumberValue {
                digits.append(String(d))
                i += 1
            }
            guard let n = Int(digits), n == occurrence[node] else { return nil }
            end = i
        }
        return end
    }

    /// What the tree has where `path` stops matching, from the root.
    func hint(for path: PathText) -> String {
        guard let after = consume(0, path, 0) else { return "the root is \"\(String(labels[0]))\"" }
        var node = 0, at = after
        descent: while true {
            if path.isSeparator(at: at) { at += 1 } else if labels[node].last != "/" { break }
            for child in children[node] {
                if let end = consume(child, path, at), end < path.characters.count {
                    node = child
                    at = end
                    continue descent
                }
            }
            break
        }
        let names = children[node].prefix(6).map { "\"" + String(labels[$0]) + "\"" }
        if names.isEmpty { return "\"\(String(labels[node]))\" has no children" }
        let more = children[node].count > 6 ? ", … (\(children[node].count) in all)" : ""
        return "the children of \"\(String(labels[node]))\" are \(names.joined(separator: ", "))\(more)"
    }
}
