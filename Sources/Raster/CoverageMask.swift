import Geometry

/// The coverage one draw call leaves on the canvas, apart from its colour:
/// for each canvas row its edges reached, a run of coverage values, 0…255,
/// from a first column on. Masks live in a ``MaskCache``'s buffers: a mask
/// is a range of its runs.
///
/// A mask is the scan converter's output and the compositor's input, so a
/// kept mask blended again gives the pixels the draw call gave, byte for
/// byte.
struct CoverageRun {
    /// The canvas row and first column.
    var y: Int32
    var x: Int32
    var count: Int32
    /// Where the run's values start in the cache's `values`.
    var offset: Int32
}

extension CoverageAccumulator {
    /// The coverage of the edges added since ``begin(x:y:width:height:)``
    /// under `rule`, appended as runs to `runs` and `values`, each run's
    /// values padded with zeros to a multiple of four (the compositor reads
    /// four at a time). Leaves the accumulator clean for the next path.
    func collect(rule: FillRule, runs: inout [CoverageRun], values: inout [UInt8]) {
        let (originX, originY) = (Int32(originX), Int32(originY))
        sweep { row, firstColumn, cells, count in
            let offset = values.count
            let padded = (count + 3) & ~3
            values.append(contentsOf: repeatElement(0, count: padded))
            values.withUnsafeMutableBufferPointer { buffer in
                // Non-nil: the append above made it at least `padded` long.
                let out = buffer.baseAddress.unsafelyUnwrapped + offset
                var sum: Float = 0
                for i in 0..<count {
                    sum += cells[i]
                    cells[i] = 0
                    out[i] = UInt8(truncatingIfNeeded: coverage8(Self.coverage(sum, rule)))
                }
            }
            runs.append(CoverageRun(
                y: originY + Int32(truncatingIfNeeded: row), x: originX + Int32(truncatingIfNeeded: firstColumn),
                count: Int32(truncatingIfNeeded: count), offset: Int32(truncatingIfNeeded: offset)))
        }
    }
}

/// What a draw call covers, as a cache key: the call's arguments but its
/// colour.
enum MaskKey: Hashable {
    case fill(Path, FillRule, offset: Vector)
    case stroke(Path, StrokeStyle, offset: Vector)
    /// A text's halo and glyphs. The font by identity: the cache keeps the
    /// font alive while it keeps the key, so the identity is not reused.
    case text(String, font: ObjectIdentifier, size: Double, at: Point, anchor: TextAnchor, halo: Double)
}

extension MaskKey {
    /// A hash of the key, cheaper than `Hasher` over every coordinate of a
    /// path: each word multiplied in, then mixed as MurmurHash3's last step
    /// does. Keys are still compared in full, so a clash costs only time.
    var fastHash: Int {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3 }
        @inline(__always) func mixDouble(_ d: Double) { mix(d.bitPattern) }
        @inline(__always) func mixPoint(_ p: Point) { mixDouble(p.x); mixDouble(p.y) }
        @inline(__always) func mixPath(_ path: Path) {
            for element in path.elements {
                switch element {
                case .move(let p): mix(1); mixPoint(p)
                case .line(let p): mix(2); mixPoint(p)
                case .quad(let p, let c): mix(3); mixPoint(p); mixPoint(c)
                case .cubic(let p, let c1, let c2): mix(4); mixPoint(p); mixPoint(c1); mixPoint(c2)
                case .close: mix(5)
                }
            }
        }
        switch self {
        case .fill(let path, let rule, let offset):
            mixPath(path); mix(rule == .nonZero ? 6 : 7); mixDouble(offset.dx); mixDouble(offset.dy)
        case .stroke(let path, let style, let offset):
            mixPath(path); mix(8); mixDouble(style.width); mix(UInt64(truncatingIfNeeded: style.hashValue)); mixDouble(offset.dx); mixDouble(offset.dy)
        case .text(let text, let font, let size, let point, let anchor, let halo):
            mix(UInt64(truncatingIfNeeded: text.hashValue)); mix(UInt64(truncatingIfNeeded: font.hashValue))
            mixDouble(size); mixPoint(point); mix(UInt64(truncatingIfNeeded: anchor.hashValue)); mixDouble(halo)
        }
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h)
    }
}

/// The masks of a canvas's recent draw calls, so that what stays put from
/// one frame to the next — most of a tree, most of the time — is blended,
/// not scan-converted again.
///
/// A draw call's mask is kept the second time the call is seen, so a frame
/// where everything moves keeps nothing and pays only for a hash. A kept
/// mask holds the values the compositor computes from the accumulator, and
/// both blend through one function, so a frame is the same bytes whatever
/// the cache holds: on any thread, after any earlier frame. When the kept
/// masks pass ``budget`` bytes the cache starts over, which keeps memory
/// flat however long the animation.
final class MaskCache {
    /// A kept draw call: its masks, as ranges of `runs` (a text's halo
    /// first when it has one).
    struct Entry {
        var first: Range<Int>
        var second: Range<Int>?
    }

    /// A key with its hash computed once: looked up, then remembered as
    /// seen, then kept.
    struct Hashed: Hashable {
        let key: MaskKey
        let hash: Int
        init(_ key: MaskKey) {
            self.key = key
            hash = key.fastHash
        }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: Hashed, b: Hashed) -> Bool { a.hash == b.hash && a.key == b.key }
    }

    /// The kept masks' runs and values.
    private(set) var runs: [CoverageRun] = []
    private(set) var values: [UInt8] = []
    private var entries: [Hashed: Entry] = [:]
    /// The hashes of draw calls seen lately, two to a pair of slots (the
    /// newer first), so that two calls whose hashes share a pair are both
    /// remembered. A clash only keeps a mask that did not need keeping, or
    /// draws afresh a call that could have been blended: never other bytes.
    /// Made on first use: most canvases in tests draw a handful of calls.
    private var seen: [Int] = []
    private static let seenSlots = 1 << 15
    private var fonts: [ObjectIdentifier: Font] = [:]

    /// How many bytes of masks to keep; 16 MiB unless a test says
    /// otherwise, where a 1,000-node tree's frame keeps about 3 MiB.
    let budget: Int

    init(budget: Int = 16 << 20) {
        self.budget = budget
    }

    /// Draw calls that cover nothing cost no bytes; this bounds them too.
    static let entryLimit = 1 << 16

    func entry(for key: Hashed) -> Entry? {
        entries[key]
    }

    /// Whether the draw call `key` is new: remembers it, so that the
    /// second time it is not (unless other calls have pushed it out).
    func isNew(_ key: Hashed) -> Bool {
        let hash = key.hash
        if seen.isEmpty { seen = [Int](repeating: 0, count: Self.seenSlots) }
        return seen.withUnsafeMutableBufferPointer { slots in
            let i = hash & (Self.seenSlots - 2)
            if slots[i] == hash || slots[i + 1] == hash { return false }
            (slots[i], slots[i + 1]) = (hash, slots[i])
            return true
        }
    }

    /// Keeps the masks `make` appends for the draw call `key`, returning
    /// their ranges of `runs`.
    func keep(_ key: Hashed, font: Font? = nil, make: (inout [CoverageRun], inout [UInt8]) -> Entry) -> Entry {
        if values.count + runs.count * MemoryLayout<CoverageRun>.stride > budget || entries.count >= Self.entryLimit {
            entries.removeAll(keepingCapacity: true)
            fonts.removeAll()
            runs.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
        }
        let entry = make(&runs, &values)
        entries[key] = entry
        if let font { fonts[ObjectIdentifier(font)] = font }
        return entry
    }
}
