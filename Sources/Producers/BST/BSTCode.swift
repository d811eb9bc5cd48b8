import Diagram
import Trees

/// The textbook pseudocode of the search-tree operations, as the code panel
/// shows it (`--code`): CLRS's procedures, in CLRS's notation, with the
/// line numbers the beats highlight named here once.
///
/// Where the animation shows a step CLRS writes otherwise, the listing
/// follows the animation: a delete of a node with two children copies its
/// successor's key up, as most courses teach it, rather than moving the
/// successor's node.
enum BSTCode {
    /// TREE-INSERT: the walk down, then the link to the parent.
    static let insert = CodeListing("TREE-INSERT(T, z)", [
        "y = NIL",
        "x = T.root",
        "while x ≠ NIL",
        "  y = x",
        "  if z.key < x.key",
        "    x = x.left",
        "  else x = x.right",
        "z.p = y",
        "if y == NIL",
        "  T.root = z",
        "elseif z.key < y.key",
        "  y.left = z",
        "else y.right = z",
    ])
    enum Insert {
        static let start = 1, left = 5, right = 6, root = 9, linkLeft = 11, linkRight = 12
    }

    /// ITERATIVE-TREE-SEARCH: what a search, and the first half of a
    /// delete, play.
    static let search = CodeListing("ITERATIVE-TREE-SEARCH(x, k)", [
        "while x ≠ NIL and k ≠ x.key",
        "  if k < x.key",
        "    x = x.left",
        "  else x = x.right",
        "return x",
    ])
    enum Search {
        static let start = 0, left = 2, right = 3, done = 4
    }

    /// The delete as the animation plays it: find the node, then one of
    /// three cases.
    static func delete(_ replacement: Replacement) -> CodeListing {
        let successor = replacement == .successor
        return CodeListing("TREE-DELETE(T, k)", [
            "z = TREE-SEARCH(T.root, k)",
            "if z == NIL: return",
            "if z is a leaf",
            "  remove z",
            "elseif z has one child c",
            "  put c's subtree in z's place",
            successor ? "else y = TREE-MINIMUM(z.right)" : "else y = TREE-MAXIMUM(z.left)",
            "  z.key = y.key",
            "  remove y's old node",
        ])
    }
    enum Delete {
        static let search = 0, missing = 1, leaf = 2, removeLeaf = 3, oneChild = 4, lift = 5, two = 6, copy = 7, removeOld = 8
    }

    /// TREE-MINIMUM or TREE-MAXIMUM.
    static func extreme(_ side: Direction) -> CodeListing {
        let word = side == .left ? "left" : "right"
        return CodeListing(side == .left ? "TREE-MINIMUM(x)" : "TREE-MAXIMUM(x)", [
            "while x.\(word) ≠ NIL",
            "  x = x.\(word)",
            "return x",
        ])
    }
    enum Extreme {
        static let start = 0, step = 1, done = 2
    }

    /// A traversal; `visit` is the line that prints a key, `calls` the
    /// lines that recurse on the left and right children (none for the
    /// level-order walk, which keeps a queue).
    static func traversal(_ order: Traversal) -> (listing: CodeListing, visit: Int, calls: (left: Int, right: Int)?) {
        let name = "\(order.rawValue.uppercased())-TREE-WALK(x)"
        switch order {
        case .inorder:
            return (CodeListing(name, ["if x ≠ NIL", "  INORDER-TREE-WALK(x.left)", "  print x.key", "  INORDER-TREE-WALK(x.right)"]), 2, (1, 3))
        case .preorder:
            return (CodeListing(name, ["if x ≠ NIL", "  print x.key", "  PREORDER-TREE-WALK(x.left)", "  PREORDER-TREE-WALK(x.right)"]), 1, (2, 3))
        case .postorder:
            return (CodeListing(name, ["if x ≠ NIL", "  POSTORDER-TREE-WALK(x.left)", "  POSTORDER-TREE-WALK(x.right)", "  print x.key"]), 3, (1, 2))
        case .levelorder:
            return (CodeListing("LEVEL-ORDER-WALK(T)", [
                "Q = ⟨T.root⟩",
                "while Q is not empty",
                "  x = DEQUEUE(Q)",
                "  print x.key",
                "  ENQUEUE(Q, x's children)",
            ]), 3, nil)
        }
    }

    /// The AVL tree's walk back up after an insert or delete.
    static let avl = CodeListing("AVL-REBALANCE(T, z)", [
        "x = z.p",
        "while x ≠ NIL",
        "  update x.height, x.bf",
        "  if x.bf == +2",
        "    if x.left.bf < 0",
        "      LEFT-ROTATE(x.left)",
        "    RIGHT-ROTATE(x)",
        "  elseif x.bf == −2",
        "    if x.right.bf > 0",
        "      RIGHT-ROTATE(x.right)",
        "    LEFT-ROTATE(x)",
        "  x = x.p",
    ])
    enum AVL {
        static let start = 0, update = 2, leftHeavy = 3, innerLeft = 5, rotateRight = 6, rightHeavy = 7, innerRight = 9,
            rotateLeft = 10, up = 11
    }

    /// RB-INSERT-FIXUP, its three cases condensed to a line or two each.
    static let redBlackInsert = CodeListing("RB-INSERT-FIXUP(T, z)", [
        "while z.p.color == RED",
        "  y = z's uncle",
        "  if y.color == RED",
        "    recolour z.p, y, z.p.p; z = z.p.p",
        "  else if z is an inner child",
        "      z = z.p; rotate z outward",
        "    recolour z.p, z.p.p",
        "    rotate z.p.p the other way",
        "T.root.color = BLACK",
    ])
    enum RBInsert {
        static let loop = 0, case1 = 3, case2 = 5, case3 = 6, rotate3 = 7, root = 8
    }

    /// RB-DELETE-FIXUP, its four cases condensed.
    static let redBlackDelete = CodeListing("RB-DELETE-FIXUP(T, x)", [
        "while x ≠ T.root and x is BLACK",
        "  w = x's sibling",
        "  if w.color == RED",
        "    recolour w, x.p; rotate x.p",
        "  elseif w's children are black",
        "    w.color = RED; x = x.p",
        "  else if w's far child is black",
        "      recolour w, near child; rotate w",
        "    recolour; rotate x.p; x = T.root",
        "x.color = BLACK",
    ])
    enum RBDelete {
        static let loop = 0, case1 = 3, case2 = 5, case3 = 7, case4 = 8, done = 9
    }

    /// Every listing an animation of `operations` with `options` shows:
    /// the room the panel takes, no more than its listings need.
    static func room(_ options: BSTOptions, operations: [BSTOperation]) -> CodeRoom? {
        var all = [CodeListing]()
        for op in operations {
            switch op {
            case .insert:
                all.append(insert)
                switch options.balancing {
                case .none: break
                case .avl: all.append(avl)
                case .redBlack: all.append(redBlackInsert)
                }
            case .search: all.append(search)
            case .delete:
                all.append(delete(options.replacement))
                switch options.balancing {
                case .none: break
                case .avl: all.append(avl)
                case .redBlack: all.append(redBlackDelete)
                }
            case .min: all.append(extreme(.left))
            case .max: all.append(extreme(.right))
            case .traverse(let order): all.append(traversal(order).listing)
            }
        }
        return CodeRoom(fitting: all)
    }
}

extension BSTPlayer {
    /// Shows `listing` in the code panel with line `line` running, when the
    /// animation shows code.
    func code(_ s: inout StepBuilder, _ listing: CodeListing, line: Int? = nil) {
        if options.code { s.code(listing, line: line) }
    }

    /// Highlights line `line` of the listing shown, when the animation
    /// shows code.
    func line(_ s: inout StepBuilder, _ line: Int?) {
        if options.code { s.line(line) }
    }

    /// Highlights line `line` with the next caption: as the ring arrives
    /// where the line's decision is made.
    func lineWithCaption(_ s: inout StepBuilder, _ line: Int?) {
        if options.code { s.line(line, withCaption: true) }
    }
}
