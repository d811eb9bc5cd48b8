import ArgumentParser
import TreeAnimKit

@main
struct TreeAnim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "treeanim",
        abstract: "Render an animation of a binary search tree being built by inserts.",
        version: "0.1.0")

    @Option(help: "How many random distinct keys to insert.")
    var inserts: Int = 10

    @Option(help: "Frames per second.")
    var fps: Int = 30

    func run() throws {
        throw ValidationError("rendering is not implemented yet")
    }
}
