import Diagram
import Foundation
import InputText
import LectureFiles
import Producers

/// One part of a lecture: a script compiled on its own, and the section it
/// belongs to.
struct LecturePart {
    var script: Script
    var section: String?
}

/// Turns a ``LectureFile`` into the scripts of its parts: slides drawn by
/// ``TextSlide``, animations made by the registry's producers from the
/// options written in the file, questions put before the steps that
/// answer them.
struct LectureBuilder {
    let name: String
    let folder: String
    let session: RenderSession
    let code: Bool
    let fonts: TextSlide.Fonts
    /// The first title slide's title, for a deck the file gives no title.
    private(set) var firstTitle: String?
    /// Input files held in memory, by the name a section's `file:` gives.
    var uploads: [String: [UInt8]] = [:]

    init(name: String, folder: String, session: RenderSession, code: Bool, fonts: TextSlide.Fonts) {
        self.name = name
        self.folder = folder
        self.session = session
        self.code = code
        self.fonts = fonts
    }

    /// The keys a section may have besides its animation's options.
    static let sectionKeys = ["title", "text", "question"]

    /// An animation written in the file: its producer's name, its options,
    /// and the questions asked before parts of it.
    struct Animation {
        var key: String
        var place: LectureFile.Place
        var options: [LectureFile.Option]
        var name: String?
        /// The ops of each part: the first is the section's own; each after
        /// it continues it after a question.
        var segments: [(ops: LectureFile.Option?, question: (String, LectureFile.Place)?)]
    }

    /// A section as read, built only once the whole lecture is checked.
    enum Pending {
        case title(LectureFile.Text, section: String)
        case text(LectureFile.Text)
        case animation(Animation)
    }

    mutating func build(_ lecture: LectureFile) throws -> [LecturePart] {
        var pending = [Pending]()
        var question: (String, LectureFile.Place)?
        let stage = Stage(session.options.settings)
        if let title = lecture.title, lecture.sections.first?.key != "title" { pending.append(.title(title, section: title.value)) }
        firstTitle = lecture.title?.value
        // The structure and every section's options are checked before any
        // section is built: a fault at the end costs no time.
        for item in lecture.sections {
            switch item.key {
            case "title":
                guard question == nil else { throw noStep(after: question!, found: item) }
                let text = try words(item)
                let first = text.value.split(separator: "\n").first.map(String.init) ?? text.value
                if firstTitle == nil { firstTitle = first }
                pending.append(.title(text, section: first))
            case "text":
                guard question == nil else { throw noStep(after: question!, found: item) }
                pending.append(.text(try words(item)))
            case "question":
                guard question == nil else { throw fail(item.place, "a question follows a question: put the step that answers the first between them") }
                let text = try words(item)
                guard !text.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw fail(item.place, "question: is empty: write the question to ask")
                }
                question = (text.value.trimmingCharacters(in: .whitespacesAndNewlines), item.place)
            default:
                guard ProducerRegistry.named(item.key) != nil else {
                    let names = ProducerRegistry.all.map { $0.name }.joined(separator: ", ")
                    throw fail(item.place, "unknown section '\(item.key)': a section is title, text, question or an animation (\(names))")
                }
                var given = [LectureFile.Option]()
                switch item.value {
                case .options(let list): given = list
                case .empty: break
                case .text:
                    throw fail(item.place, "\(item.key): expected a map of options, such as {ops: \"insert 50 30 70\"}")
                }
                let named = given.first { $0.key == "name" }
                let rest = given.filter { $0.key != "name" }
                // After a question, ops alone go on with the same structure.
                if question != nil, case .animation(let last)? = pending.last, last.key == item.key,
                    rest.contains(where: { $0.key == "ops" }), let extra = rest.first(where: { $0.key != "ops" })
                {
                    // Silently starting a new structure here would answer the
                    // question on an empty one.
                    throw fail(
                        extra.place,
                        "\(item.key): after a question, a \(item.key) with ops: goes on with the \(item.key) before it, and takes no "
                            + "other option ('\(extra.key)'): give its options to the \(item.key) before the question, or start a new "
                            + "\(item.key) without ops: after it")
                }
                if let q = question, case .animation(var last)? = pending.last, last.key == item.key,
                    rest.allSatisfy({ $0.key == "ops" }), let ops = rest.first
                {
                    guard Self.takesOps(item.key) else {
                        throw fail(ops.place, "\(item.key) has no option 'ops'")
                    }
                    guard last.options.contains(where: { $0.key == "ops" }) else {
                        throw fail(ops.place, "to go on with the \(item.key) before the question, give that \(item.key) as ops: too")
                    }
                    last.segments.append((ops, q))
                    pending[pending.count - 1] = .animation(last)
                } else {
                    let name: String? = named.flatMap { if case .scalar(let s) = $0.value { s } else { nil } }
                    pending.append(.animation(Animation(
                        key: item.key, place: item.place, options: rest, name: name,
                        segments: [(rest.first { $0.key == "ops" }, question)])))
                }
                question = nil
            }
        }
        if let q = question {
            throw fail(q.1, "a question with no step after it: put an animation after the question, which answers it")
        }
        for case .animation(let a) in pending {
            // Every key was looked up as the section was read.
            let producer = ProducerRegistry.named(a.key)!
            try locating(a) { ops in _ = try sectionOptions(producer, a, ops: ops) }
        }
        var parts = [LecturePart]()
        var section: String? = lecture.title?.value
        for p in pending {
            switch p {
            case .title(let text, let first):
                section = first
                parts.append(LecturePart(script: try titleSlide(text.value, at: text.place, stage: stage), section: section))
            case .text(let text):
                let script: Script
                do throws(TextSlide.SlideError) {
                    script = try TextSlide(markdown: text.value, stage: stage, fonts: fonts).script
                } catch {
                    throw fail(text.place, slideProblem(error, what: "the text"))
                }
                // A text slide with a heading opens a section of that name
                // (its animation follows it); without one it joins the last.
                if let heading = script.steps.first?.caption { section = heading }
                parts.append(LecturePart(script: script, section: section))
            case .animation(let a):
                let (script, title) = try play(a)
                parts.append(LecturePart(script: script, section: a.name ?? title))
            }
        }
        return parts
    }

    // MARK: Slides

    func words(_ item: LectureFile.Section) throws -> LectureFile.Text {
        switch item.value {
        case .text(let t): return t
        case .empty: throw fail(item.place, "\(item.key): is empty: write its text after the colon")
        case .options: throw fail(item.place, "\(item.key): expected a text, not a map")
        }
    }

    func titleSlide(_ text: String, at place: LectureFile.Place, stage: Stage) throws -> Script {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let subtitle = lines.dropFirst().joined(separator: "\n")
        do throws(TextSlide.SlideError) {
            return try TextSlide(title: lines.first ?? text, subtitle: subtitle.isEmpty ? nil : subtitle, stage: stage, fonts: fonts).script
        } catch {
            throw fail(place, slideProblem(error, what: "the title"))
        }
    }

    func slideProblem(_ error: TextSlide.SlideError, what: String) -> String {
        switch error {
        case .empty: "\(what) is empty: write its text"
        case .tooLong(let fill):
            "\(what) does not fit one slide even at the smallest legible size (it needs \(Int((fill * 100).rounded()))% of the "
                + "frame's height): split it into two text slides"
        }
    }

    // MARK: Animations

    /// The script of animation `a`, questions put in, and its title.
    func play(_ a: Animation) throws -> (Script, String) {
        let all = a.segments.compactMap(\.ops)
        var made: (Script, String)?
        try locating(a) { ops in made = try make(a, ops: ops) }
        // `locating` returns only once its work has run on all the ops.
        guard let made else { throw fail(a.place, "\(a.key): made no animation") }
        var (script, title) = made
        // Each question goes before the first step of the operation that
        // starts its part: counted in the script of the parts before it.
        for k in a.segments.indices.reversed() {
            guard let (q, _) = a.segments[k].question else { continue }
            var at: Int
            if k == 0 {
                // Before the first operation, or after the opening step of
                // an animation that plays no operations (a sort's array).
                at = script.steps.firstIndex { $0.operation == 0 } ?? min(1, script.steps.count)
            } else {
                let count = try operationCount(a, ops: Array(all.prefix(k)))
                guard let found = script.steps.firstIndex(where: { $0.operation == count }) else {
                    // Fast play (or a graph's batches) joins operations into
                    // one step: there is no place to stop before this one.
                    throw fail(
                        a.segments[k].question!.1,
                        "this question cannot stop the \(a.key) before the step that answers it: the \(a.key) plays several "
                            + "operations a step (fast play, as its operations would last over 3 minutes one at a time); "
                            + "give it fewer operations")
                }
                at = found
            }
            script.steps.insert(Step.asking(q, code: script.codeRoom != nil), at: at)
        }
        return (script, title)
    }

    /// Runs `work` on all the ops of `a`; when it fails and `a` has parts,
    /// names the first part whose ops fail, not the first part's line.
    func locating(_ a: Animation, _ work: ([LectureFile.Option]) throws -> Void) throws {
        let all = a.segments.compactMap(\.ops)
        do {
            try work(all)
        } catch let failure as ProductionFailure where all.count > 1 {
            for k in 1..<all.count {
                do { try work(Array(all.prefix(k + 1))) } catch let later as ProductionFailure {
                    let message = later.message.split(separator: ": ", maxSplits: 2).dropFirst(2).first.map(String.init) ?? later.message
                    throw fail(all[k].place, "\(a.key): \(message)")
                }
            }
            throw failure
        }
    }

    /// The script and title of animation `a` (its parts' ops joined as
    /// `ops`), made by its producer from the options written in the file
    /// and the lecture's own.
    func make(_ a: Animation, ops: [LectureFile.Option]) throws -> (Script, String) {
        try made(ProducerRegistry.named(a.key)!, a, ops: ops)
    }

    func resolved(_ path: String) -> String {
        path == "-" || path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
    }

    func fail(_ place: LectureFile.Place, _ message: String) -> ProductionFailure {
        ProductionFailure(LectureFileError(file: name, place: place, message: message).description, status: 65)
    }

    func noStep(after question: (String, LectureFile.Place), found item: LectureFile.Section) -> ProductionFailure {
        fail(question.1, "a question with no step after it: the next section (line \(item.place.line)) is a \(item.key) slide; put the animation that answers it after the question")
    }

    // MARK: Producers

    /// Whether the animation `key` takes `ops:`.
    static func takesOps(_ key: String) -> Bool {
        ProducerRegistry.named(key)?.optionKeys.contains { $0.name == "ops" } == true
    }

    /// The operations the parts before a question hold: counted from their
    /// ops, so the question is placed in the one build of the animation.
    func operationCount(_ a: Animation, ops: [LectureFile.Option]) throws -> Int {
        let options = try sectionOptions(ProducerRegistry.named(a.key)!, a, ops: ops)
        if let given = options as? any OperationsGiven, let text = given.ops, let count = given.operationCount(text) { return count }
        throw fail(a.place, "\(a.key): its operations cannot be counted")
    }

    /// The options of animation `a` (its parts' ops joined as `ops`),
    /// decoded as `producer` takes them and checked: every fault said with
    /// the key at fault and where it was written.
    func sectionOptions<P: Producer>(_ producer: P.Type, _ a: Animation, ops: [LectureFile.Option]) throws -> P.Options {
        let keys = P.Options.keys
        let names = Set(keys.map(\.name))
        var given = [LectureFile.Option]()
        for option in a.options {
            if option.key == "code", !names.contains("code") {
                throw fail(option.place, "\(a.key) has no pseudocode: code: is for bst, avl, rb, heap, sort and graph")
            }
            if Self.lectureKeys.contains(option.key) {
                throw fail(option.place, "\(a.key): '\(option.key)' is the whole lecture's: give --\(option.key) on the command line")
            }
            guard names.contains(option.key) else {
                let own = keys.map(\.name).sorted()
                throw fail(option.place, "\(a.key) has no option '\(option.key)': it takes \(own.joined(separator: ", ")) and name")
            }
            given.append(option)
        }
        if let first = ops.first, ops.count > 1 || first.value != given.first(where: { $0.key == "ops" })?.value {
            let text = ops.map { option -> String in
                switch option.value {
                case .scalar(let s): s
                case .list(let l): l.joined(separator: "; ")
                }
            }.joined(separator: "\n")
            given.removeAll { $0.key == "ops" }
            given.append(LectureFile.Option(key: "ops", place: first.place, value: .scalar(text)))
        }
        var options: P.Options
        do {
            options = try P.Options(from: SectionDecoder(options: given, place: a.place))
        } catch let error as SectionOptionError {
            throw fail(error.place, "\(a.key): \(error)")
        } catch let error as DecodingError {
            // A fault of options given together, found as they are read.
            guard case .dataCorrupted(let context) = error, let key = context.codingPath.first?.stringValue else { throw error }
            throw fail(given.last { $0.key == key }?.place ?? a.place, "\(a.key): \(key): \(context.debugDescription)")
        }
        if code, var shown = options as? any CodeShowing, !given.contains(where: { $0.key == "code" }) {
            shown.code = true
            // A CodeShowing view of the options is the options.
            options = shown as! P.Options
        }
        do throws(ProductionFailure) { try options.check(naming: .lectureKeys) } catch {
            throw fail(place(of: error, in: given, or: a.place), "\(a.key): \(error.message)")
        }
        return options
    }

    /// The script and title `producer` makes of animation `a`.
    func made<P: Producer>(_ producer: P.Type, _ a: Animation, ops: [LectureFile.Option]) throws -> (Script, String) {
        let given = try sectionOptions(producer, a, ops: ops)
        var context = ProductionContext(
            session: session, font: fonts.main, naming: .lectureKeys, folder: folder, section: a.key)
        context.uploads = uploads
        do throws(ProductionFailure) {
            let made = try P.make(given, in: context)
            // What the section would have the user know (the seed its
            // random keys were drawn with), said at the section.
            for line in made.afterword {
                session.log.write(LectureFileError(file: name, place: a.place, message: "\(a.key): \(line)").description + "\n")
            }
            return (made.script, made.title)
        } catch {
            throw fail(place(of: error, in: a.options, or: ops.first?.place ?? a.place), "\(a.key): \(error.message)")
        }
    }

    /// Where the fault `error` names was written: the key its message
    /// starts with, else `fallback`.
    func place(of error: ProductionFailure, in given: [LectureFile.Option], or fallback: LectureFile.Place) -> LectureFile.Place {
        let named = given.filter { error.message.hasPrefix($0.key + ":") || error.message.hasPrefix($0.key + " ") }
        return named.max { $0.key.count < $1.key.count }?.place ?? fallback
    }

    // MARK: Options

    /// The lecture's own options (output, frames, theme …): set on the
    /// command line for all its sections.
    static let lectureKeys = Set(RenderOptions.keys)
}
