import Dispatch
import Foundation
import Synchronization

/// Two folders of PNG frames compared frame by frame, or two PNG files
/// compared as folders of one frame.
///
///     var comparison = try FolderComparison(expected: "golden", actual: "out/frames", tolerance: 1)
///     comparison.diffFolder = try DiffFolder(path: DiffFolder.beside("out/frames"))
///     let summary = try comparison.run { result in
///         if result.outcome != .match { print(result.name, result.outcome) }
///     }
///
/// Frames are paired by file name: every `*.png` of either folder (hidden
/// files aside; other files and subfolders are not frames), in byte order
/// of the names, so `frame_00012.png` pairs with `frame_00012.png` whatever
/// the names are. A frame in only one folder is missing or extra.
///
/// Frames are compared on several threads, one frame per thread at a time,
/// so memory stays flat however many frames there are: a thread holds its
/// frame's two decoded images and, when it fails, the diff image, no more.
/// Results are reported in name order, the same for any number of threads.
public struct FolderComparison: Sendable {
    /// EXPECTED and ACTUAL, as given.
    public let expected: String
    public let actual: String
    /// Whether two folders are compared, rather than two files.
    public let comparesFolders: Bool
    /// The frames, in name order.
    public let pairs: [ImagePair]
    /// The largest difference a channel may have and still match, 0...255.
    public var tolerance: Int
    /// Where the images of failing frames go; nil writes none.
    public var diffFolder: DiffFolder?
    /// How many frames are compared at once; one a core by default.
    public var threads = ProcessInfo.processInfo.activeProcessorCount

    /// Pairs the frames of `expected` and `actual`: two folders, or two
    /// files. Nothing is decoded yet.
    public init(expected: String, actual: String, tolerance: Int = 1) throws(CompareError) {
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        switch (try Self.isFolder(expected), try Self.isFolder(actual)) {
        case (true, true):
            let inExpected = Set(try FileSystem.pngNames(in: expected))
            let inActual = Set(try FileSystem.pngNames(in: actual))
            let names = inExpected.union(inActual).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            guard !names.isEmpty else { throw .noFrames(expected: expected, actual: actual) }
            pairs = names.map { name in
                ImagePair(
                    name: name,
                    expected: inExpected.contains(name) ? FileSystem.join(expected, name) : nil,
                    actual: inActual.contains(name) ? FileSystem.join(actual, name) : nil)
            }
            comparesFolders = true
        case (false, false):
            pairs = [ImagePair(name: actual, expected: expected, actual: actual)]
            comparesFolders = false
        case (false, true):
            throw .fileAndFolder(file: expected, folder: actual)
        case (true, false):
            throw .fileAndFolder(file: actual, folder: expected)
        }
    }

    /// Compares every frame, writes the images of each failing one to
    /// ``diffFolder`` (and removes older images of each frame that passes),
    /// and calls `report` with each frame's result in name order, from one
    /// thread at a time.
    ///
    /// `isCancelled` is polled before each frame; once it says so, the
    /// frames under way finish and the run throws
    /// ``CompareError/interrupted``. A diff image that cannot be written
    /// does not stop the comparison: it is kept in the summary's
    /// `imageError`, and no more images are written.
    ///
    /// `guardingWrites` is given each frame's writing of its images, all
    /// of them, to run or, returning false, to skip: a command line runs it
    /// where an interrupt waits for it, so that only reading, which leaves
    /// nothing behind, is cut short.
    ///
    /// - Throws: ``CompareError/diffFolderIsCompared(path:)`` before
    ///   anything is read, when the diff folder is one of the two compared,
    ///   and ``CompareError/diffImageIsCompared(path:compared:)`` when a
    ///   diff image would be written over a compared file.
    public func run(
        report: @escaping @Sendable (FrameResult) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false },
        guardingWrites: @escaping @Sendable (() -> Void) -> Bool = { write in write(); return true }
    ) throws(CompareError) -> ComparisonSummary {
        if comparesFolders, let folder = diffFolder?.path,
            FileSystem.same(folder, expected) || FileSystem.same(folder, actual)
        {
            throw .diffFolderIsCompared(path: folder)
        }
        // A diff image is never one of the files compared, under any name
        // (two files compared, a diff folder beside them).
        if let diffFolder {
            for pair in pairs {
                let images = diffFolder.files(for: pair.name)
                for image in [images.expected, images.actual, images.diff] {
                    if let compared = [pair.expected, pair.actual].compactMap({ $0 }).first(where: { FileSystem.same(image, $0) }) {
                        throw .diffImageIsCompared(path: image, compared: compared)
                    }
                }
            }
        }
        let next = Atomic(0)
        let delivery = Mutex(Delivery())
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, pairs.count))) { _ in
            while !isCancelled() {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < pairs.count else { return }
                let pair = pairs[index]
                let (outcome, images) = pair.compare(tolerance: tolerance)
                let wrote = write(images, of: pair, delivery: delivery, guardingWrites: guardingWrites)
                let result = FrameResult(name: pair.name, outcome: outcome)
                delivery.withLock { $0.deliver(result, at: index, wroteImages: wrote, to: report) }
            }
        }
        let summary = delivery.withLock { $0.summary }
        guard summary.frames == pairs.count else { throw .interrupted }
        return summary
    }

    /// Writes a frame's images, or removes older ones when it has none;
    /// whether images were written. Once a write has failed, nothing more is
    /// written: the first error says what is wrong.
    private func write(
        _ images: FailureImages, of pair: ImagePair, delivery: borrowing Mutex<Delivery>,
        guardingWrites: (() -> Void) -> Bool
    ) -> Bool {
        guard let diffFolder, delivery.withLock({ $0.summary.imageError == nil }) else { return false }
        var outcome: Result<Bool, CompareError> = .success(false)
        _ = guardingWrites {
            outcome = Result { () throws(CompareError) in
                if !images.isEmpty { try diffFolder.create() }
                try diffFolder.files(for: pair.name).write(images)
                return !images.isEmpty
            }
        }
        switch outcome {
        case .success(let wrote):
            return wrote
        case .failure(let error):
            delivery.withLock { if $0.summary.imageError == nil { $0.summary.imageError = error } }
            return false
        }
    }

    /// Whether `path` is a folder rather than a file; anything else is refused.
    private static func isFolder(_ path: String) throws(CompareError) -> Bool {
        switch FileSystem.kind(of: path) {
        case .folder: return true
        case .file: return false
        case .missing: throw .notFound(path: path)
        case .other: throw .notFileOrFolder(path: path)
        case .unknown(let reason): throw .unreadable(path: path, reason: reason)
        }
    }
}

/// The results of frames compared out of order, held until every frame
/// before them has been reported.
private struct Delivery {
    var waiting: [Int: FrameResult] = [:]
    var next = 0
    var summary = ComparisonSummary()

    mutating func deliver(
        _ result: FrameResult, at index: Int, wroteImages: Bool, to report: (FrameResult) -> Void
    ) {
        if wroteImages { summary.framesWithImages += 1 }
        waiting[index] = result
        while let ready = waiting.removeValue(forKey: next) {
            report(ready)
            summary.add(ready.outcome)
            next += 1
        }
    }
}
