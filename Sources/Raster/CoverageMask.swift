import Geometry

/// A row of a mask: the coverage one draw call leaves on a canvas row,
/// apart from its colour, as values 0…255 from a first column on.
///
/// A mask is the scan converter's output and the compositor's input, so a
/// kept mask blended again gives the pixels the draw call gave, byte for
/// byte. Masks live in a ``MaskCache``'s buffers; 16 bits are enough for
/// every canvas that keeps masks (``Canvas/keepsMasks``).
struct CoverageRun {
    /// The canvas row and first column.
    var y: UInt16
    var x: UInt16
    var count: UInt16

    /// The values the run takes in the cache's `values`: padded with zeros
    /// to a multiple of four, as the compositor reads four at a time.
    var stride: Int { (Int(count) + 3) & ~3 }
}

/// A mask in a ``MaskCache``'s buffers: its runs, and where the first
/// run's values start (each run's follow the one before).
struct MaskRange {
    var runs: Range<Int>
    var values: Int
}

extension CoverageAccumulator {
    /// The coverage of the edges added since ``begin(x:y:width:height:)``
    /// under `rule`, appended as runs to `runs` and their values to
    /// `values`. Leaves the accumulator clean for the next path.
    func collect(rule: FillRule, runs: inout [CoverageRun], values: inout [UInt8]) -> MaskRange {
        let (first, start) = (runs.count, values.count)
        sweep { row, firstColumn, cells, count in
            let run = CoverageRun(
                y: UInt16(truncatingIfNeeded: originY + row), x: UInt16(truncatingIfNeeded: originX + firstColumn),
                count: UInt16(truncatingIfNeeded: count))
            let offset = values.count
            values.append(contentsOf: repeatElement(0, count: run.stride))
            values.withUnsafeMutableBufferPointer { buffer in
                // Non-nil: the append above made it at least a run long.
                let out = buffer.baseAddress.unsafelyUnwrapped + offset
                var sum: Float = 0
                for i in 0..<count {
                    sum += cells[i]
                    cells[i] = 0
                    out[i] = UInt8(truncatingIfNeeded: coverage8(Self.coverage(sum, rule)))
                }
            }
            runs.append(run)
        }
        return MaskRange(runs: first..<runs.count, values: start)
    }
}

/// A text compared scalar by scalar. `String` compares canonically
/// equivalent texts as equal ("é" and "e" with a combining accent), but
/// the font draws the scalars as given, so their masks differ.
struct ExactText: Hashable {
    let text: String
    static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}

/// What a draw call covers, as a cache key: the call's arguments but its
/// colour.
enum MaskKey: Hashable {
    case fill(Path, FillRule, offset: Vector)
    case stroke(Path, StrokeStyle, offset: Vector)
    /// A text's halo and glyphs. The font by identity: the cache keeps the
    /// font alive while it keeps the key, so the identity is not reused.
    case text(ExactText, font: ObjectIdentifier, size: Double, at: Point, anchor: TextAnchor, halo: Double)
}

extension MaskKey {
    /// The bytes of the path or text the key holds.
    var heldBytes: Int {
        switch self {
        case .fill(let path, _, _), .stroke(let path, _, _): path.elements.count * MemoryLayout<Path.Element>.stride
        case .text(let text, _, _, _, _, _): text.text.utf8.count
        }
    }

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
            for byte in text.text.utf8 { mix(UInt64(byte)) }
            mix(UInt64(truncatingIfNeeded: font.hashValue))
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
/// the cache holds: on any thread, after any earlier frame.
///
/// Memory follows what frames use: each frame (a ``Canvas/clear(to:)``)
/// the cache drops the masks the last frame did not use, once they weigh
/// more than those it did; and when a mask is kept past ``budget`` bytes,
/// everything goes first. So it holds at most the budget and one mask (a
/// mask is at most a quarter of its canvas's bytes), or the masks one
/// frame uses, whichever is more.
final class MaskCache {
    /// A kept draw call: its masks (a text's halo first when it has one),
    /// its bytes, and its place in `used`.
    struct Entry {
        var first: MaskRange
        var second: MaskRange?
        var bytes: Int
        var id: Int
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
    /// Per entry id, the frame that last used it.
    private var used: [Int] = []
    private var frame = 0
    /// The bytes of the entries the current frame has used, and of all.
    private var usedBytes = 0
    private var bytes = 0
    /// The hashes of draw calls seen lately, two to a pair of slots (the
    /// newer first), so that two calls whose hashes share a pair are both
    /// remembered. A clash only keeps a mask that did not need keeping, or
    /// draws afresh a call that could have been blended: never other bytes.
    /// Made on first use: most canvases in tests draw a handful of calls.
    private var seen: [Int] = []
    private static let seenSlots = 1 << 15
    private var fonts: [ObjectIdentifier: Font] = [:]

    /// How many bytes of masks to keep at most: 16 MiB unless a test says
    /// otherwise. A 1,000-node tree's frame at 1280×720 keeps about 2 MiB.
    let budget: Int

    init(budget: Int = 16 << 20) {
        self.budget = budget
    }

    /// What an entry costs beyond its runs, values and the path or text
    /// its key holds: the key itself and its place in the table.
    static let entryBytes = 256

    /// The kept masks of the draw call `key`, if any, which the frame now
    /// counts as used.
    func use(_ key: Hashed) -> Entry? {
        guard let entry = entries[key] else { return nil }
        if used[entry.id] != frame {
            used[entry.id] = frame
            usedBytes += entry.bytes
        }
        return entry
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

    /// Keeps the masks `make` appends for the draw call `key`.
    func keep(
        _ key: Hashed, font: Font? = nil, make: (inout [CoverageRun], inout [UInt8]) -> (MaskRange, MaskRange?)
    ) -> Entry {
        if bytes > budget { drop(keepingUsed: false) }
        let (runCount, valueCount) = (runs.count, values.count)
        let (first, second) = make(&runs, &values)
        let size = (runs.count - runCount) * MemoryLayout<CoverageRun>.stride + values.count - valueCount
            + Self.entryBytes + key.key.heldBytes
        let entry = Entry(first: first, second: second, bytes: size, id: used.count)
        used.append(frame)
        entries[key] = entry
        if let font { fonts[ObjectIdentifier(font)] = font }
        bytes += size
        usedBytes += size
        return entry
    }

    /// A new frame begins: the masks the last one did not use go, once
    /// they are as many bytes as those it did.
    func startFrame() {
        if bytes > 2 * usedBytes { drop(keepingUsed: true) }
        frame += 1
        usedBytes = 0
    }

    /// Drops every entry, or every entry but those this frame has used,
    /// moving theirs to the front of the buffers.
    private func drop(keepingUsed: Bool) {
        let kept = keepingUsed ? entries.filter { used[$0.value.id] == frame } : [:]
        var (newRuns, newValues) = ([CoverageRun](), [UInt8]())
        var newEntries: [Hashed: Entry] = [:]
        newEntries.reserveCapacity(kept.count)
        func move(_ mask: MaskRange) -> MaskRange {
            let start = (newRuns.count, newValues.count)
            var offset = mask.values
            for run in runs[mask.runs] {
                newRuns.append(run)
                newValues.append(contentsOf: values[offset..<offset + run.stride])
                offset += run.stride
            }
            return MaskRange(runs: start.0..<newRuns.count, values: start.1)
        }
        used.removeAll(keepingCapacity: true)
        bytes = 0
        for (key, entry) in kept {
            var moved = entry
            moved.first = move(entry.first)
            moved.second = entry.second.map(move)
            moved.id = used.count
            used.append(frame)
            newEntries[key] = moved
            bytes += entry.bytes
        }
        (runs, values, entries) = (newRuns, newValues, newEntries)
        usedBytes = bytes
        // Only the fonts of texts still kept stay alive.
        var stillUsed: Set<ObjectIdentifier> = []
        for key in entries.keys {
            if case .text(_, let font, _, _, _, _) = key.key { stillUsed.insert(font) }
        }
        fonts = fonts.filter { stillUsed.contains($0.key) }
    }
}
