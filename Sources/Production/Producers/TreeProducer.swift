import Diagram
import Foundation
import InputText
import Producers
import TreeFiles
import Trees

/// `tree`: any tree a user writes down, drawn and revealed, and animated
/// from each version in the file to the next.
public enum TreeProducer: Producer {
    public static let name = "tree"

    public struct Options: ProducerOptions, Equatable {
        /// The tree file, or `-` for standard input.
        public var file: String?
        /// The file's format, when the one told from its content is wrong.
        public var format: TreeFileFormat?
        /// The file's character encoding, when the guess is wrong.
        public var encoding: TextEncoding?
        /// Draw the Nth tree of a file that holds several, from 1.
        public var pick: Int?
        /// Join the trees of a file with several roots under one root with this label.
        public var rootLabel: String?
        /// How a single tree (or the first version) appears.
        public var reveal: TreeOptions.Reveal = .levels
        public var shape: TreeOptions.Shape = .auto
        public var direction: TreeDirection = .auto
        /// Seconds to hold the last frame, 0 to 60.
        public var hold: Double = 3
        /// Break labels longer than this many characters into lines, 4 to 200.
        public var wrap: Int?
        /// Ring a node of the last tree: its path of labels, its end, or its id.
        public var highlight: String?
        /// Slide one ring from node to node of the last tree: paths separated by commas (`\,` for a comma in a label).
        public var tour: String?
        /// Draw nodes down to this depth (the root is 0), 0 to 999.
        public var collapseBelow: Int?
        /// Draw at most this many children of a node, 1 to 10,000.
        public var maxChildren: Int?
        /// Tour every node, however long it takes, rather than the summary
        /// a tree too large to tour in 3 minutes gets by default.
        public var fullTour = false
        public var fit: Fit = .legible

        public init() {}

        public static var keys: [OptionKey] {
            [
                OptionKey("file", .path), OptionKey("format"), OptionKey("encoding"), OptionKey("pick"), OptionKey("root-label"),
                OptionKey("reveal"), OptionKey("shape"), OptionKey("direction"), OptionKey("hold"), OptionKey("wrap"),
                OptionKey("highlight"), OptionKey("tour"), OptionKey("collapse-below"), OptionKey("max-children"), OptionKey("full-tour", .flag),
                OptionKey("fit"),
            ]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            try InputFile.check(file, naming: naming)
            try Numeral.checkHold(hold, naming: naming)
            if let collapseBelow, !(0...999).contains(collapseBelow) {
                throw usage("\(name("collapse-below")) must be from 0 to 999 (got \(collapseBelow))")
            }
            if let maxChildren, !(1...10_000).contains(maxChildren) {
                throw usage("\(name("max-children")) must be from 1 to 10000 (got \(maxChildren))")
            }
            if let wrap, !(4...200).contains(wrap) { throw usage("\(name("wrap")) must be from 4 to 200 characters (got \(wrap))") }
            if let tour, TreeProducer.stops(tour).contains(where: \.isEmpty) {
                throw usage("\(name("tour")) \"\(tour)\" has an empty stop: give paths separated by commas")
            }
            if let pick, pick < 1 { throw usage("\(name("pick")) must be 1 or more (got \(pick))") }
            if let rootLabel, rootLabel.trimmingCharacters(in: .whitespaces).isEmpty {
                throw usage("\(name("root-label")) is empty: give the label of the root that joins the trees")
            }
        }

        enum CodingKeys: String, CodingKey {
            case file, format, encoding, pick, reveal, shape, direction, hold, wrap, highlight, tour, fit
            case rootLabel = "root-label"
            case collapseBelow = "collapse-below"
            case maxChildren = "max-children"
            case fullTour = "full-tour"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            file = try c.decodeIfPresent(String.self, forKey: .file)
            format = try c.decodeIfPresent(TreeFileFormat.self, forKey: .format)
            encoding = try c.decodeIfPresent(EncodingName.self, forKey: .encoding)?.encoding
            pick = try c.decodeIfPresent(Int.self, forKey: .pick)
            rootLabel = try c.decodeIfPresent(String.self, forKey: .rootLabel)
            reveal = try c.decodeIfPresent(TreeOptions.Reveal.self, forKey: .reveal) ?? .levels
            shape = try c.decodeIfPresent(TreeOptions.Shape.self, forKey: .shape) ?? .auto
            direction = try c.decodeIfPresent(TreeDirection.self, forKey: .direction) ?? .auto
            hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? 3
            wrap = try c.decodeIfPresent(Int.self, forKey: .wrap)
            highlight = try c.decodeIfPresent(String.self, forKey: .highlight)
            tour = try c.decodeIfPresent(CommaText.self, forKey: .tour)?.text
            collapseBelow = try c.decodeIfPresent(Int.self, forKey: .collapseBelow)
            maxChildren = try c.decodeIfPresent(Int.self, forKey: .maxChildren)
            fullTour = try c.decodeIfPresent(Bool.self, forKey: .fullTour) ?? false
            fit = try c.decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        let file = try InputFile.path(given.file, in: context)
        let contents: TreeFile.Contents
        do throws(TreeFileError) {
            let reading = TreeFile.Reading(format: given.format, encoding: given.encoding, pick: given.pick, rootLabel: given.rootLabel)
            contents = try TreeFile.load(from: InputSource(argument: file), reading: reading)
        } catch {
            var said = error
            said.message = context.worded(error.message, keys: ["pick"])
            throw ProductionFailure(said.description, status: error.message.hasPrefix("--pick") ? 64 : 65)
        }
        for note in contents.notes { context.session.log.write("treeanim: note: \(context.worded(note, keys: ["pick"]))\n") }
        let versions = contents.versions
        var options = TreeOptions()
        options.reveal = given.reveal
        options.shape = given.shape
        options.direction = given.direction.layout
        options.stage = context.stage(fitting: given.fit)
        options.easing = context.options.easing
        options.finalHold = given.hold
        options.wrap = given.wrap
        // A summary the user chose, or none: the default summary is not made.
        options.summarise = !given.fullTour && given.collapseBelow == nil && given.maxChildren == nil
        // A forest's depths count from its trees' roots, not the hidden
        // node that holds them.
        let items = versions.map { version in
            TreeFile.items(version).summarised(
                collapseBelow: given.collapseBelow.map { version.value.hidden ? $0 + 1 : $0 }, maxChildren: given.maxChildren)
        }
        // Named nodes are found in the last version, the one on screen when
        // the ring comes.
        let keys = TreeFile.items(versions[versions.count - 1]).preorder.map(\.key)
        let drawn = Set(items[items.count - 1].preorder.map(\.key))
        func find(_ key: String, _ path: String) throws(ProductionFailure) -> String {
            let found: String
            do throws(NodeLookupError) {
                found = keys[try TreeFile.find(path, in: versions[versions.count - 1])]
            } catch {
                throw ProductionFailure("\(context.name(key)): \(error.description)", status: 64)
            }
            guard drawn.contains(found) else {
                throw ProductionFailure(
                    "\(context.name(key)): '\(path)' is folded into a \"+N more\" leaf by \(context.name("collapse-below")) or \(context.name("max-children"))",
                    status: 64)
            }
            return found
        }
        if let highlight = given.highlight { options.highlight = try find("highlight", highlight) }
        if let tour = given.tour {
            for stop in stops(tour) { options.tour.append(try find("tour", stop)) }
        }
        let script = TreeAnimation(versions: items, options: options, labels: context.labels).script
        let title = file == "-" ? "Tree" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return Production(
            script: script, title: title,
            fewer: "use \(context.name("max-children")) N, \(context.name("collapse-below")) DEPTH or \(context.name("reveal")) none",
            read: described(contents, file: file, asked: given.encoding, in: context))
    }

    /// What the file was read as, for the summary line: its format, a
    /// legacy encoding (and the flag to change it, unless it was given),
    /// the tree picked of several, a forest.
    static func described(_ contents: TreeFile.Contents, file: String, asked: TextEncoding?, in context: ProductionContext) -> String {
        var what = (file == "-" ? "standard input" : file) + " as " + contents.format.description
        what += InputFile.encoding(contents.encoding, asked: asked, from: asked != nil ? "--encoding" : nil, in: context)
        if let picked = contents.picked {
            what += ", tree \(picked) of \(contents.found)" + (picked == 1 || !contents.notes.isEmpty ? " (\(context.name("pick")) N for another)" : "")
        } else if contents.found > 1 {
            what += ", \(contents.found) versions"
        }
        if contents.roots > 1 {
            what += ", \(contents.roots) roots"
                + (contents.versions.first?.value.hidden == true ? " side by side (\(context.name("root-label")) joins them)" : "")
        }
        return what
    }

    /// The stops of a tour: split at commas not escaped by a backslash
    /// (`\,` is a comma in a label; other escapes are the path's own).
    public static func stops(_ tour: String) -> [String] {
        var stops = [""], escaping = false
        for character in tour {
            if escaping {
                if character != "," { stops[stops.count - 1].append("\\") }
                stops[stops.count - 1].append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                stops.append("")
            } else {
                stops[stops.count - 1].append(character)
            }
        }
        if escaping { stops[stops.count - 1].append("\\") }
        return stops.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// Which way a drawn tree grows.
public enum TreeDirection: String, CaseIterable, Sendable, Decodable {
    /// Whichever draws the tree larger in the frame.
    case auto, down, right

    public var layout: SizedTidyLayout.Direction? {
        switch self {
        case .auto: nil
        case .down: .down
        case .right: .right
        }
    }
}

/// A character encoding by any of its names (`utf-8`, `latin-1`, `gbk`).
struct EncodingName: Decodable {
    var encoding: TextEncoding

    init(from decoder: any Decoder) throws {
        encoding = try TextEncoding(parsing: decoder.singleValueContainer().decode(String.self))
    }
}

extension TreeFileFormat: Decodable {}
extension TreeOptions.Reveal: Decodable {}
extension TreeOptions.Shape: Decodable {}
