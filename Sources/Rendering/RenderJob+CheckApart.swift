import InputText
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

extension RenderJob {
    /// Throws ``OutputError/outputIsInput(path:input:role:)`` for the first
    /// destination of `sinks` that would replace one of `inputs`, under any
    /// of its names, and ``OutputError/companionIsInput(path:companion:input:role:)``
    /// for one whose lock or leftovers is one of them: an output never
    /// destroys what the run reads.
    static func checkInputs(_ sinks: [any FrameSink], against inputs: [ReadFile]) throws(OutputError) {
        guard !inputs.isEmpty else { return }
        let destinations = sinks.flatMap(\.destinations)
        for destination in destinations {
            if let input = inputs.first(where: { destination.replaces(device: $0.device, inode: $0.inode, path: $0.path) }) {
                throw .outputIsInput(path: destination.path, input: input.path, role: input.role)
            }
            // Its lock and a killed run's leftovers, which the job removes.
            for companion in OutputDestination.companions(of: [destination]) {
                if let input = inputs.first(where: { OutputDestination.isFile(companion, device: $0.device, inode: $0.inode) }) {
                    throw .companionIsInput(path: destination.path, companion: companion, input: input.path, role: input.role)
                }
            }
        }
    }
}
