/// Why an input's bytes were not read. The reader puts the input's name in
/// front (`tree.json: no such file`); ``description`` is the rest of the
/// line, and readers keep their own wording for a case where they had one.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchFile
    case directory
    /// A named pipe that no program had open for writing: reading it would
    /// wait for a writer that may never come.
    case pipeWithoutWriter
    /// More bytes than the reader takes: `size` as the file system tells
    /// it, or `nil` for a stream (a pipe, a device) cut at the limit.
    case tooLarge(size: Int?, limit: Int)
    /// The file could not be opened, or reading it failed: the system's
    /// reason (`permission denied`).
    case cannotOpen(reason: String)
    case cannotRead(reason: String)

    public var description: String {
        switch self {
        case .noSuchFile:
            "no such file"
        case .directory:
            "it is a directory, not a file"
        case .pipeWithoutWriter:
            "it is a named pipe that no program is writing to: start the program that writes it first, or give - and pipe the data in"
        case .tooLarge(let size?, let limit):
            "the file is \(grouped(size)) bytes: the limit is \(grouped(limit)) bytes"
        case .tooLarge(nil, let limit):
            "the file is over the limit of \(grouped(limit)) bytes: reading stopped there"
        case .cannotOpen(let reason):
            "cannot open the file: \(reason)"
        case .cannotRead(let reason):
            "cannot read the file: \(reason)"
        }
    }

    /// ``description``, with a reader's own words for a missing file and
    /// for a folder, as its messages had them.
    public func description(noSuchFile: String, directory: String) -> String {
        switch self {
        case .noSuchFile: noSuchFile
        case .directory: directory
        default: description
        }
    }
}

/// `1234567` as `1,234,567`: how every message of treeanim's writes a count.
public func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return number < 0 ? "-" + result : result
}
