import ChartFiles
import Charts
import Diagram
import Foundation
import InputText
import Producers
import Raster

/// `bars`: an animated bar chart of a CSV's periods, in a fixed order or
/// as a race, with a tour of the bars at the end.
public enum BarsProducer: Producer {
    public static let name = "bars"

    public struct Options: ProducerOptions, Equatable {
        /// The CSV file, or `-` for standard input.
        public var file: String?
        /// The file's character encoding, when the guess is wrong.
        public var encoding: TextEncoding?
        /// The table's layout, when the one told from it is wrong.
        public var long = false
        public var transpose = false
        public var wide = false
        /// A long table's columns: a header name or a number from 1.
        public var periodColumn: String?
        public var nameColumn: String?
        public var valueColumn: String?
        public var groupColumn: String?
        /// What a missing value becomes.
        public var missing: MissingValues = .carry
        /// Chart only these names, in this order: `a,b,c` (`*` and `?` match any characters).
        public var only: String?
        /// Leave these names out: `World,Europe*`.
        public var exclude: String?
        /// Chart every nth period (and the last), 1 to 1000.
        public var every = 1
        /// Chart every period, however long it plays, rather than the sample
        /// that periods too many for 3 minutes at the default pace get.
        public var allPeriods = false
        /// The first and last periods to chart, as the table writes them.
        public var from: String?
        public var to: String?
        /// Bar colours by category or group: `NAME=#rrggbb,...`.
        public var colors: String?
        /// Sort the bars by value each period and show the top ones.
        public var race = false
        /// How many bars a race shows (default 10).
        public var top: Int?
        /// At the end, the bars a highlight visits: names separated by commas, or `all`.
        public var tour: String?
        /// Bars that grow up or right (default: up for a fixed order, right for a race).
        public var orientation: BarOrientation?
        /// Seconds each period takes, 0.2 to 30; nil for the default pace,
        /// 1.5 s, at which periods too many for 3 minutes are sampled.
        public var period: Double?
        /// Seconds to hold the last frame, 0 to 60.
        public var hold: Double = 3
        public var fit: Fit = .legible

        public init() {}

        public static var keys: [OptionKey] {
            [
                OptionKey("file", .path), OptionKey("encoding"), OptionKey("long", .flag), OptionKey("transpose", .flag), OptionKey("wide", .flag),
                OptionKey("period-column"), OptionKey("name-column"), OptionKey("value-column"), OptionKey("group-column"),
                OptionKey("missing"), OptionKey("only"), OptionKey("exclude"), OptionKey("every"), OptionKey("from"), OptionKey("to"),
                OptionKey("colors"), OptionKey("race", .flag), OptionKey("top"), OptionKey("tour"), OptionKey("orientation"),
                OptionKey("period"), OptionKey("all-periods", .flag), OptionKey("hold"), OptionKey("fit"),
            ]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            try InputFile.check(file, naming: naming)
            if let period, !(period.isFinite && (0.2...30).contains(period)) {
                throw usage("\(name("period")) must be from 0.2 to 30 seconds (got \(Format.number(period)))")
            }
            try Numeral.checkHold(hold, naming: naming)
            if let top {
                guard race else { throw usage("\(name("top")) is for \(name("race"))") }
                guard (1...BarChartAnimation.categoryLimit).contains(top) else {
                    throw usage("\(name("top")) must be from 1 to \(BarChartAnimation.categoryLimit) (got \(top))")
                }
            }
            if let colors { _ = try BarsProducer.colors(colors, naming: naming) }
            let layouts = [long ? name("long") : nil, transpose ? name("transpose") : nil, wide ? name("wide") : nil].compactMap { $0 }
            if layouts.count > 1 { throw usage("\(layouts.joined(separator: " and ")) say different layouts: give one") }
            let columns = [("period-column", periodColumn), ("name-column", nameColumn), ("value-column", valueColumn), ("group-column", groupColumn)]
            if wide || transpose, let key = columns.first(where: { $0.1 != nil })?.0 {
                throw usage("\(name(key)) is for a long table, not \(layouts[0])")
            }
            guard (1...1000).contains(every) else { throw usage("\(name("every")) must be from 1 to 1000 (got \(every))") }
            for (key, list) in [("only", only), ("exclude", exclude)] {
                if let list, CSVList.split(list).contains(where: \.isEmpty) {
                    throw usage("\(name(key)) \"\(list)\" has an empty name: give names separated by commas")
                }
            }
            if let tour, tour.trimmingCharacters(in: .whitespaces) != "all", CSVList.split(tour).contains(where: \.isEmpty) {
                throw usage("\(name("tour")) \"\(tour)\" has an empty name: give bar names separated by commas, or all")
            }
        }

        enum CodingKeys: String, CodingKey {
            case file, encoding, long, transpose, wide, missing, only, exclude, every, from, to, colors, race, top, tour, orientation, period, hold, fit
            case periodColumn = "period-column"
            case allPeriods = "all-periods"
            case nameColumn = "name-column"
            case valueColumn = "value-column"
            case groupColumn = "group-column"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            file = try c.decodeIfPresent(String.self, forKey: .file)
            encoding = try c.decodeIfPresent(EncodingName.self, forKey: .encoding)?.encoding
            long = try c.decodeIfPresent(Bool.self, forKey: .long) ?? false
            transpose = try c.decodeIfPresent(Bool.self, forKey: .transpose) ?? false
            wide = try c.decodeIfPresent(Bool.self, forKey: .wide) ?? false
            periodColumn = try c.decodeIfPresent(String.self, forKey: .periodColumn)
            nameColumn = try c.decodeIfPresent(String.self, forKey: .nameColumn)
            valueColumn = try c.decodeIfPresent(String.self, forKey: .valueColumn)
            groupColumn = try c.decodeIfPresent(String.self, forKey: .groupColumn)
            missing = try c.decodeIfPresent(MissingValues.self, forKey: .missing) ?? .carry
            only = try c.decodeIfPresent(CommaText.self, forKey: .only)?.text
            exclude = try c.decodeIfPresent(CommaText.self, forKey: .exclude)?.text
            every = try c.decodeIfPresent(Int.self, forKey: .every) ?? 1
            from = try c.decodeIfPresent(String.self, forKey: .from)
            to = try c.decodeIfPresent(String.self, forKey: .to)
            colors = try c.decodeIfPresent(CommaText.self, forKey: .colors)?.text
            race = try c.decodeIfPresent(Bool.self, forKey: .race) ?? false
            top = try c.decodeIfPresent(Int.self, forKey: .top)
            tour = try c.decodeIfPresent(CommaText.self, forKey: .tour)?.text
            orientation = try c.decodeIfPresent(BarOrientation.self, forKey: .orientation)
            period = try c.decodeIfPresent(Double.self, forKey: .period)
            allPeriods = try c.decodeIfPresent(Bool.self, forKey: .allPeriods) ?? false
            hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? 3
            fit = try c.decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    /// `2nd`, `3rd`, `11th`, `21st`.
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// About how long sampled periods play at the default pace.
    static let sampledSeconds = 150.0

    /// The keys a table reader's messages name as flags.
    static let readerKeys = ["only", "exclude", "from", "to", "period-column", "name-column", "value-column", "group-column"]

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        let file = try InputFile.path(given.file, in: context)
        let input = InputSource(argument: file)
        func load(every: Int) throws(ProductionFailure) -> ChartContents {
            do throws(ChartFileError) {
                var reading = ChartReading(layout: given.long ? .long : given.transpose ? .transposed : given.wide ? .wide : nil)
                reading.encoding = given.encoding
                (reading.periodColumn, reading.nameColumn, reading.valueColumn, reading.groupColumn) =
                    (given.periodColumn, given.nameColumn, given.valueColumn, given.groupColumn)
                reading.missing = given.missing
                reading.only = given.only.map(CSVList.split)
                reading.exclude = given.exclude.map(CSVList.split) ?? []
                (reading.every, reading.from, reading.to) = (every, given.from, given.to)
                return try ChartFile.load(from: input, reading: reading)
            } catch {
                let flagged = readerKeys.contains { error.message.hasPrefix("--" + $0) }
                var said = error
                said.message = context.worded(error.message, keys: readerKeys)
                throw ProductionFailure(said.description, status: flagged ? 64 : 65)
            }
        }
        var contents = try load(every: given.every)
        // At the default pace, periods that would play for over three
        // minutes are sampled to fit: every k-th (and the last), said in
        // one line; --all-periods, --every or --period set the pace.
        let periods = contents.data.periods.count
        let pace = given.period ?? 1.5
        if !given.allPeriods, given.every == 1, given.period == nil, Double(periods) * pace > Pace.longest {
            let every = Int((Double(periods) * pace / BarsProducer.sampledSeconds).rounded(.up))
            contents = try load(every: every)
            context.session.log.write(
                "treeanim: note: \(grouped(periods)) periods at \(Format.number(pace)) s each would play for "
                    + "\(Format.duration(Double(periods) * pace)): the chart shows every \(BarsProducer.ordinal(every)) period and the last, "
                    + "\(grouped(contents.data.periods.count)) in all; \(context.name("all-periods")) plays each, "
                    + "\(context.name("every")) N or \(context.name("period")) S sets another pace\n")
        }
        let data = contents.data
        for note in contents.notes { context.session.log.write("treeanim: note: \(note)\n") }
        var options = BarChartOptions()
        options.mode = given.race ? .race(top: given.top ?? 10) : .fixed
        if !given.race, data.categories.count > BarChartAnimation.categoryLimit {
            // Too many bars for one chart (a table of every country, say):
            // the largest race, as a user who gave no flag would want, and
            // the note says so (`--top` is refused without `--race`).
            options.mode = .race(top: 10)
            context.session.log.write(
                "treeanim: note: \(input.name): \(data.categories.count) categories are too many for one chart (at most "
                    + "\(BarChartAnimation.categoryLimit)): the largest 10 race; \(context.name("race")) \(context.name("top")) N races another number, "
                    + "\(context.name("only")) or \(context.name("exclude")) choose the bars\n")
        }
        options.orientation = given.orientation.map { $0 == .vertical ? .up : .right }
        options.period = pace
        options.finalHold = given.hold
        options.easing = context.options.easing
        options.stage = context.stage(fitting: given.fit)
        if let text = given.colors {
            options.colors = try colors(text, naming: context.naming)
            let known = Set(data.categories).union(data.groups.values)
            if let stray = options.colors.keys.sorted().first(where: { !known.contains($0) }) {
                throw ProductionFailure("\(context.name("colors")): '\(stray)' is neither a category nor a group of \(input.name)", status: 64)
            }
        }
        if let tour = given.tour {
            // A fixed chart too large to name legibly races its largest
            // bars: the tour names bars as they will be shown.
            let shown = options.legible(for: data, labels: context.labels).options
            options.tour = try tourStops(tour, series: data, options: shown, file: input.name, in: context)
        }
        let fewer = "use fewer periods, a shorter \(context.name("period"))"
        try context.session.check(BarChartAnimation.estimate(series: data, options: options), fewer: fewer, status: 65)
        let script = BarChartAnimation(series: data, options: options, labels: context.labels).script
        let title = file == "-" ? "Bar chart" : ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let what = switch contents.layout {
        case .wide: "a wide table"
        case .long: "a long table"
        case .transposed: "a transposed table"
        }
        return Production(
            script: script, title: title, fewer: fewer, status: 65,
            read: "\(file == "-" ? "standard input" : file) as \(what)"
                + InputFile.encoding(contents.encoding, asked: given.encoding, from: given.encoding == nil ? nil : "--encoding", in: context)
                + ": \(count(data.categories.count, "name")), \(count(data.periods.count, "period"))")
    }

    /// `1 name`, `2 names`.
    static func count(_ n: Int, _ word: String) -> String {
        "\(grouped(n)) \(word)\(n == 1 ? "" : "s")"
    }

    /// The bars `tour` visits: the names given (each a category), or all
    /// shown at the last period in their order there.
    static func tourStops(
        _ text: String, series: ChartData, options: BarChartOptions, file: String, in context: ProductionContext
    ) throws(ProductionFailure) -> [String] {
        let last = series.periods.count - 1
        let ranked = BarChartAnimation.shownCategories(of: series, period: last, mode: options.mode)
        if text.trimmingCharacters(in: .whitespaces) == "all" { return ranked.map { series.categories[$0] } }
        var stops = [String]()
        for name in CSVList.split(text) {
            guard let c = series.categories.firstIndex(of: name) else {
                throw ProductionFailure("\(context.name("tour")): '\(name)' is not a category of \(file)", status: 64)
            }
            guard ranked.contains(c) else {
                throw ProductionFailure("\(context.name("tour")): '\(name)' has no bar in the last period, \(series.periods[last])", status: 64)
            }
            stops.append(name)
        }
        return stops
    }

    /// The colours of `colors`: `NAME=#rrggbb,...`, a name with a comma
    /// or `=` in double quotes.
    public static func colors(_ text: String, naming: OptionNaming = .flags) throws(ProductionFailure) -> [String: Color] {
        let key = naming.name("colors")
        func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
        var out = [String: Color]()
        let entries = CSVList.split(text)
        if entries.contains(where: \.isEmpty) {
            throw usage("\(key) \"\(text)\" has an empty entry: give NAME=#rrggbb entries separated by commas")
        }
        for entry in entries {
            guard let eq = entry.lastIndex(of: "=") else { throw usage("\(key): '\(entry)' should be NAME=#rrggbb") }
            let name = CSVList.unquote(String(entry[..<eq]).trimmingCharacters(in: .whitespaces))
            let hex = entry[entry.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw usage("\(key): '\(entry)' has no name before '='") }
            guard let color = color(hex) else { throw usage("\(key): '\(hex)' for \(name) is not a colour like #1f77b4 or #f80") }
            out[name] = color
        }
        return out
    }

    /// `#rrggbb` or `#rgb`.
    static func color(_ text: String) -> Color? {
        guard text.hasPrefix("#") else { return nil }
        var digits = String(text.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        return Color(hex: value)
    }
}

/// Which way a bar chart's bars grow.
public enum BarOrientation: String, CaseIterable, Sendable, Decodable {
    /// Up: the default of a fixed order.
    case vertical
    /// Right: the default of a race.
    case horizontal
}

extension MissingValues: Decodable {}

/// A comma-separated list as a user writes one, where an item may be in
/// double quotes to hold a comma ("Korea, South"). Empty items are kept,
/// for the option to refuse: `a,,b` is more likely a slip than a list of two.
public enum CSVList {
    public static func split(_ text: String) -> [String] {
        var items = [String](), current = "", quoted = false
        for c in text {
            if c == "\"" {
                quoted.toggle()
                current.append(c)
            } else if c == ",", !quoted {
                items.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        items.append(current)
        return items.map { unquote($0.trimmingCharacters(in: .whitespaces)) }
    }

    public static func unquote(_ s: String) -> String {
        guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { return s }
        return String(s.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
}
