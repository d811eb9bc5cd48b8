import ArgumentParser
import TreeAnimKit

/// A subcommand that makes what one of the library's producers makes: it
/// parses flags into the producer's options and the shared animation
/// options, and the library checks, makes and renders.
protocol ProducerCommand: ParsableCommand {
    /// The producer whose options the flags are.
    associatedtype Made: Producer
    /// The flags, as the producer takes them.
    var options: Made.Options { get }
    /// The animation and output flags.
    var animation: AnimationOptions { get }
}

extension ProducerCommand {
    /// The registry's name of the producer.
    static var producer: String { Made.name }

    mutating func validate() throws {
        try validating { try options.check(naming: .flags) }
    }

    func run() throws {
        try Render.produce(Made.self, options, animation: animation)
    }
}
