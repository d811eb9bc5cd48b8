import Output
import OutputFiles
extension RenderJob {
    /// Throws ``OutputError/outputsCollide(path:other:)`` for the first two
    /// destinations of `sinks` that would write one file: the later commit
    /// would replace the earlier output, and the log would keep the earlier
    /// one as the "old" file, so neither keeping all nor rolling back would
    /// be what the user asked for.
    static func checkApart(_ sinks: [any FrameSink]) throws(OutputError) {
        let destinations = sinks.flatMap(\.destinations)
        if let (i, j) = OutputDestination.firstOverlap(in: destinations) {
            throw .outputsCollide(path: destinations[j].path, other: destinations[i].path)
        }
    }
}
