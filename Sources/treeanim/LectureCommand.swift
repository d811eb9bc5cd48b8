import ArgumentParser
import TreeAnimKit

/// `treeanim lecture FILE.yaml`: title and text slides, animations of any
/// structure the subcommands draw, and questions to the room, in one deck
/// or one video.
struct LectureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lecture",
        abstract: "A lecture from one YAML file: title and text slides, animations and questions in one deck or video.",
        discussion: """
            The file has an optional title: and a list of sections:, each a map of one key, played in order:

              title: TEXT
                a title slide (a second line is its subtitle)
              text: MARKDOWN
                a slide of words: # headings, paragraphs, - bullets, 1. numbers, *emphasis*, \
            **strong**, `code` and ``` code blocks
              question: TEXT
                the deck stops on the question, the diagram as it stands; the next press plays \
            the step that answers it
              bst: {OPTIONS}
                any animation (bst, avl, rb, heap, list, stack, queue, hash, btree, trie, tree, \
            family, bars, sort, graph) with its long options as keys, without the dashes: \
            {ops: "insert 50 30 70", code: true}; file: names the input of tree, family, bars \
            and graph; name: names the section

            An animation right after a question that gives only ops: goes on with the same structure \
            as the animation before the question. Paths are read from the lecture file's folder. \
            Output options (-o, --fps, --theme, --size …) are the lecture's, given on the command line.

            Examples:
              treeanim lecture docs/examples/lecture.yaml -o lecture.html
              treeanim lecture lecture.yaml --worksheet -o worksheet.pdf
            """)

    @Argument(help: ArgumentHelp("The lecture file (YAML).", valueName: "file.yaml"))
    var file: String

    @Flag(help: "Show pseudocode beside every animation that has it (bst, avl, rb, heap, sort, graph).")
    var code = false

    @Flag(help: "With a PDF handout: each question printed with an empty frame for the answer, and an answer key at the end.")
    var worksheet = false

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The lecture as the library takes it.
    var request: LectureRequest {
        var request = LectureRequest(file: file)
        request.code = code
        request.worksheet = worksheet
        return request
    }

    mutating func validate() throws {
        try validating { try request.check(with: animation.render) }
    }

    func run() throws {
        Render.answer(try Render.session(animation).lecture(request))
    }
}
