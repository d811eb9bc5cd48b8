/// A trie of words, or a radix tree (``isCompressed``), that records what
/// each operation does as ``TrieEvent``s, each with the trie after it, for
/// an animation to play.
///
/// Each node but the root has the label of the edge into it: one character
/// in a trie, one or more in a radix tree, where a node with one child that
/// ends no word is merged into it. A node marks the end of a word. Children
/// are kept in the order of their labels' first characters, which differ
/// among siblings. Characters are Swift's (extended grapheme clusters), so a
/// word in any script is read as a reader sees it: 树 is one character, é
/// written with a combining accent too.
///
/// Node ids are handed out from 0 (the root) and never reused.
///
///     var trie = Trie()
///     trie.insert("tea"); trie.insert("ten")
///     trie.words(under: trie.root)   // ["tea", "ten"]
public struct Trie: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// The edge into the node: empty for the root.
        public var label: String
        public var children: [NodeID] = []
        public var isWord = false
    }

    public let isCompressed: Bool
    public private(set) var nodes: [NodeID: Node]
    public let root = NodeID(rawValue: 0)
    public private(set) var parents: [NodeID: NodeID] = [:]
    private var nextID = 1
    /// What the operations so far did, each with the trie after it.
    public var events: [TrieStep] = []

    public init(compressed: Bool = false) {
        isCompressed = compressed
        nodes = [root: Node(label: "")]
    }

    public subscript(id: NodeID) -> Node {
        // Every id an event or a caller holds names a node of the trie.
        nodes[id]!
    }

    /// The word a node spells: its ancestors' labels and its own.
    public func spelling(of id: NodeID) -> String {
        var parts = [String]()
        var at: NodeID? = id
        while let n = at {
            parts.append(self[n].label)
            at = parents[n]
        }
        return parts.reversed().joined()
    }

    /// Every word under `id` (itself included), in order.
    public func words(under id: NodeID) -> [String] {
        var out = [String]()
        var stack = [(id, spelling(of: id))]
        while let (n, s) = stack.popLast() {
            if self[n].isWord { out.append(s) }
            stack += self[n].children.reversed().map { ($0, s + self[$0].label) }
        }
        return out
    }

    public var words: [String] { words(under: root) }

    /// The number of levels under the root, for a counter.
    public var height: Int {
        var best = 0
        var stack = [(root, 0)]
        while let (n, d) = stack.popLast() {
            best = max(best, d)
            stack += self[n].children.map { ($0, d + 1) }
        }
        return best
    }

    // MARK: Building blocks

    private mutating func record(_ event: TrieEvent) {
        var after = self
        after.events = []
        events.append(TrieStep(event: event, trie: after))
    }

    /// The child of `id` whose label starts with `c`.
    func child(of id: NodeID, startingWith c: Character) -> NodeID? {
        self[id].children.first { self[$0].label.first == c }
    }

    /// Hangs `child` under `parent` (off any parent it had), in the order
    /// of the labels' first characters.
    private mutating func attach(_ child: NodeID, to parent: NodeID) {
        if let old = parents[child] { nodes[old]?.children.removeAll { $0 == child } }
        parents[child] = parent
        let first = self[child].label.first
        var siblings = self[parent].children.filter { $0 != child }
        let at = siblings.firstIndex { self[$0].label.first.map { f in first.map { f > $0 } ?? false } ?? false } ?? siblings.count
        siblings.insert(child, at: at)
        nodes[parent]?.children = siblings
    }

    private mutating func add(_ label: String, under parent: NodeID) -> NodeID {
        let id = NodeID(rawValue: nextID)
        nextID += 1
        nodes[id] = Node(label: label)
        attach(id, to: parent)
        return id
    }

    /// Walks from the root along `word`, recording each node reached:
    /// where the walk stopped, and how much of the word (in characters) it
    /// spelled. In a radix tree a walk may stop part way along an edge:
    /// `along` is then how many characters of that edge's label matched.
    private mutating func walk(_ word: [Character]) -> (node: NodeID, spelled: Int, along: Int) {
        var at = root
        var i = 0
        record(.visit(root, spelled: 0))
        while i < word.count, let next = child(of: at, startingWith: word[i]) {
            let label = Array(self[next].label)
            var k = 0
            while k < label.count, i + k < word.count, label[k] == word[i + k] { k += 1 }
            if k < label.count {
                if k > 0 { record(.partway(next, spelled: i + k, along: k)) }
                return (at, i, k > 0 ? k : 0)
            }
            i += k
            at = next
            record(.visit(at, spelled: i))
        }
        return (at, i, 0)
    }

    // MARK: Operations

    /// Inserts `word`: its path is walked as far as it goes, the rest
    /// added a node a character (a radix tree: one node for the rest,
    /// after splitting the edge where the word leaves it), and its last
    /// node marked.
    public mutating func insert(_ word: String) {
        let chars = Array(word)
        var (at, i, along) = walk(chars)
        if along > 0, let next = child(of: at, startingWith: chars[i]) {
            // A radix tree's edge shared in part: it splits there.
            let label = Array(self[next].label)
            let middle = add(String(label[..<along]), under: at)
            nodes[next]?.label = String(label[along...])
            attach(next, to: middle)
            record(.split(next, middle: middle))
            at = middle
            i += along
        }
        if i == chars.count {
            if self[at].isWord {
                record(.duplicate(at, word: word))
                return
            }
            nodes[at]?.isWord = true
            record(.marked(at, word: word))
            return
        }
        if isCompressed {
            at = add(String(chars[i...]), under: at)
            record(.added(at))
        } else {
            for c in chars[i...] {
                at = add(String(c), under: at)
                record(.added(at))
            }
        }
        nodes[at]?.isWord = true
        record(.marked(at, word: word))
    }

    /// Searches for `word`: found only where its walk ends at a node that
    /// marks a word.
    public mutating func search(_ word: String) {
        let chars = Array(word)
        let (at, i, along) = walk(chars)
        if i == chars.count, along == 0, self[at].isWord {
            record(.found(at, word: word))
        } else {
            record(.missing(at, word: word, spelled: i + along))
        }
    }

    /// Lists every word that starts with `prefix`.
    public mutating func prefix(_ prefix: String) {
        let chars = Array(prefix)
        let (at, i, along) = walk(chars)
        if i + along < chars.count {
            record(.listed(at, prefix: prefix, words: []))
            return
        }
        // Part way along an edge, the words are those under its end.
        let top = along > 0 ? child(of: at, startingWith: chars[i])! : at
        record(.listed(top, prefix: prefix, words: words(under: top)))
    }

    /// Deletes `word`: its mark goes, then every node left ending no word
    /// and leading to none is pruned, from the bottom up (a radix tree also
    /// merges a node left with one child into it).
    public mutating func delete(_ word: String) {
        let chars = Array(word)
        let (found, i, along) = walk(chars)
        guard i == chars.count, along == 0, self[found].isWord else {
            record(.missing(found, word: word, spelled: i + along))
            return
        }
        nodes[found]?.isWord = false
        record(.unmarked(found, word: word))
        var at = found
        while at != root, self[at].children.isEmpty, !self[at].isWord, let parent = parents[at] {
            nodes[parent]?.children.removeAll { $0 == at }
            nodes[at] = nil
            parents[at] = nil
            record(.pruned(at, parent: parent))
            at = parent
        }
        if isCompressed, at != root, !self[at].isWord, self[at].children.count == 1, let parent = parents[at] {
            let only = self[at].children[0]
            let joined = self[at].label + self[only].label
            nodes[only]?.label = joined
            nodes[parent]?.children.removeAll { $0 == at }
            attach(only, to: parent)
            nodes[at] = nil
            parents[at] = nil
            record(.joined(at, into: only))
        }
    }
}

/// One thing an operation on a ``Trie`` did.
public enum TrieEvent: Sendable, Equatable {
    /// The walk reached `node`, having spelled `spelled` characters.
    case visit(NodeID, spelled: Int)
    /// The walk went `along` characters down the edge into `node` and the
    /// word left it there (a radix tree).
    case partway(NodeID, spelled: Int, along: Int)
    /// A node was added under the last.
    case added(NodeID)
    /// A radix tree's edge into `node` split: `middle` now stands where
    /// the shared part ends, `node` under it with the rest.
    case split(NodeID, middle: NodeID)
    /// `node` marks the end of `word` now.
    case marked(NodeID, word: String)
    /// An insert of a word the trie holds.
    case duplicate(NodeID, word: String)
    case found(NodeID, word: String)
    /// The walk for `word` stopped at `node` after `spelled` characters.
    case missing(NodeID, word: String, spelled: Int)
    /// The words starting with `prefix`: those under `node`.
    case listed(NodeID, prefix: String, words: [String])
    /// `node` no longer marks `word`.
    case unmarked(NodeID, word: String)
    /// `node`, ending no word and leading to none, was taken off `parent`.
    case pruned(NodeID, parent: NodeID)
    /// A radix tree's `node`, left with one child and no word, merged
    /// into that child, whose edge now carries both labels.
    case joined(NodeID, into: NodeID)
}

/// An event and the trie just after it.
public struct TrieStep: Sendable, Equatable {
    public var event: TrieEvent
    public var trie: Trie
}
