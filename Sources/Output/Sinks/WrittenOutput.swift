/// What a sink left in place when its job succeeded.
public struct WrittenOutput: Sendable, Equatable {
    /// The file or folder, as the sink was given it.
    public var path: String
    /// The bytes of the file, or of all the files written into a folder.
    public var bytes: Int

    public init(path: String, bytes: Int) {
        self.path = path
        self.bytes = bytes
    }
}
