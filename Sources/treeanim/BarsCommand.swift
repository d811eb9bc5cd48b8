import ArgumentParser
import ChartFiles
import Charts
import Diagram
import Foundation
import InputText
import Producers
import Production
import Raster

extension MissingValues: ExpressibleByArgument {}

/// `treeanim bars FILE.csv`: an animated bar chart of a CSV's periods, in
/// a fixed order or as a race, with a tour of the bars at the end.
struct BarsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bars",
        abstract: "An animated bar chart of a CSV: values changing period by period, a race of the top N, a tour.",
        discussion: """
            The table's layout is told from it: wide (as bar_chart_race takes it: a period \
            column, then one column per category), long (rows of period, name, value and an \
            optional group that colours the bars; the columns found by their headers or \
            cells, or named by --period-column, --name-column, --value-column and \
            --group-column), or transposed (as Flourish and the World Bank give it: a row per \
            category, a column per period); --wide, --long or --transpose says it. Missing \
            values (empty, NA, .., -) carry the last known value forward (--missing).

            The bars grow from zero, then tween to each period's values while the axis \
            rescales with round ticks. --race sorts them by value each period and shows \
            the top --top; --tour slides a highlight from bar to bar at the end with a \
            callout of each one's value.

            Examples:
              treeanim bars population.csv -o population.gif
              treeanim bars gdp.csv --race --top 8 --period 1 -o race.mp4
              treeanim bars sales.csv --long --colors "North=#1f77b4,South=#ff7f0e" --tour all
            """)

    @Argument(help: ArgumentHelp("The CSV file, or - for standard input.", valueName: "file.csv"))
    var file: String

    @Flag(help: "Rows of period,name,value[,group] instead of one column per category.")
    var long = false

    @Flag(help: "A row per category and a column per period (Flourish, the World Bank).")
    var transpose = false

    @Flag(help: "A row per period and a column per category (bar_chart_race).")
    var wide = false

    @Option(help: ArgumentHelp("A long table's period column: its header name or number from 1.", valueName: "column"))
    var periodColumn: String?

    @Option(help: ArgumentHelp("A long table's name column: its header name or number from 1.", valueName: "column"))
    var nameColumn: String?

    @Option(help: ArgumentHelp("A long table's value column: its header name or number from 1.", valueName: "column"))
    var valueColumn: String?

    @Option(help: ArgumentHelp("A long table's group column (colours and a legend): its header name or number from 1.", valueName: "column"))
    var groupColumn: String?

    @Option(help: "What a missing value becomes: carry the last known one forward (default), a gap (no bar) or zero.")
    var missing: MissingValues = .carry

    @Option(help: ArgumentHelp("Chart only these names, in this order: a,b,c (* and ? match any characters).", valueName: "a,b,..."))
    var only: String?

    @Option(help: ArgumentHelp("Leave these names out, such as aggregates: World,Europe* (* and ? match any characters).", valueName: "a,b,..."))
    var exclude: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Chart every nth period (and the last), 1 to 1000.", valueName: "n"), transform: Numeral.whole)
    var every: Int = 1

    @Option(help: ArgumentHelp("The first period to chart, as the table writes it.", valueName: "period"))
    var from: String?

    @Option(help: ArgumentHelp("The last period to chart, as the table writes it.", valueName: "period"))
    var to: String?

    @Option(help: ArgumentHelp("Bar colours by category or group: NAME=#rrggbb,... (names with , or = in quotes).", valueName: "map"))
    var colors: String?

    @Flag(help: "Sort the bars by value each period and show the top ones (see --top).")
    var race = false

    @Option(parsing: .unconditional, help: ArgumentHelp("How many bars a race shows, 1 to \(BarChartAnimation.categoryLimit) (default 10).", valueName: "n"), transform: Numeral.whole)
    var top: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("At the end, slide a highlight over these bars, with a callout of each: names separated by commas, or all.", valueName: "a,b,..."))
    var tour: String?

    @Option(help: "Bars that grow up (vertical, the default of a fixed order) or right (horizontal, the default of a race).")
    var orientation: Orientation?

    enum Orientation: String, ExpressibleByArgument {
        case vertical, horizontal
    }

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Seconds each period takes, 0.2 to 30 (default: 1.5).", valueName: "seconds"),
        transform: Numeral.decimal)
    var period: Double = 1.5

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        guard period.isFinite, (0.2...30).contains(period) else { throw ValidationError("--period must be from 0.2 to 30 seconds (got \(Format.number(period)))") }
        try validating { try Numeral.checkHold(hold) }
        if let top {
            guard race else { throw ValidationError("--top is for --race") }
            guard (1...BarChartAnimation.categoryLimit).contains(top) else {
                throw ValidationError("--top must be from 1 to \(BarChartAnimation.categoryLimit) (got \(top))")
            }
        }
        if let colors { _ = try Self.parseColors(colors) }
        let layouts = [long ? "--long" : nil, transpose ? "--transpose" : nil, wide ? "--wide" : nil].compactMap { $0 }
        if layouts.count > 1 { throw ValidationError("\(layouts.joined(separator: " and ")) say different layouts: give one") }
        if (wide || transpose), let flag = [("--period-column", periodColumn), ("--name-column", nameColumn), ("--value-column", valueColumn), ("--group-column", groupColumn)].first(where: { $0.1 != nil })?.0 {
            throw ValidationError("\(flag) is for a long table, not \(layouts[0])")
        }
        guard (1...1000).contains(every) else { throw ValidationError("--every must be from 1 to 1000 (got \(every))") }
        for (flag, list) in [("--only", only), ("--exclude", exclude)] {
            if let list, CSVList.split(list).contains(where: \.isEmpty) {
                throw ValidationError("\(flag) \"\(list)\" has an empty name: give names separated by commas")
            }
        }
        if let tour, tour.trimmingCharacters(in: .whitespaces) != "all", CSVList.split(tour).contains(where: \.isEmpty) {
            throw ValidationError("--tour \"\(tour)\" has an empty name: give bar names separated by commas, or all")
        }
    }

    func run() throws {
        let font = try Render.font(animation)
        let input = InputSource(argument: file)
        let data: ChartData
        let contents: ChartContents
        do throws(ChartFileError) {
            var reading = ChartReading(layout: long ? .long : transpose ? .transposed : wide ? .wide : nil)
            (reading.periodColumn, reading.nameColumn, reading.valueColumn, reading.groupColumn) = (periodColumn, nameColumn, valueColumn, groupColumn)
            reading.missing = missing
            reading.only = only.map(CSVList.split)
            reading.exclude = exclude.map(CSVList.split) ?? []
            (reading.every, reading.from, reading.to) = (every, from, to)
            contents = try ChartFile.load(from: input, reading: reading)
            data = contents.data
        } catch {
            let flagged = ["--only", "--exclude", "--from", "--to", "--period-column", "--name-column", "--value-column", "--group-column"]
                .contains { error.message.hasPrefix($0) }
            throw CommandFailure("\(error)", status: flagged ? 64 : 65)
        }
        for note in contents.notes { Messages.write("treeanim: note: \(note)\n") }
        var options = BarChartOptions()
        options.mode = race ? .race(top: top ?? 10) : .fixed
        if !race, data.categories.count > BarChartAnimation.categoryLimit {
            throw CommandFailure(
                "\(input.name): \(data.categories.count) categories are too many for one chart (at most \(BarChartAnimation.categoryLimit)); --race --top N shows the largest",
                status: 65)
        }
        options.orientation = orientation.map { $0 == .vertical ? .up : .right }
        options.period = period
        options.finalHold = hold
        options.easing = animation.easing
        options.stage = fit.stage(animation.settings)
        if let colors {
            options.colors = try Self.parseColors(colors)
            let known = Set(data.categories).union(data.groups.values)
            if let stray = options.colors.keys.sorted().first(where: { !known.contains($0) }) {
                throw CommandFailure("--colors: '\(stray)' is neither a category nor a group of \(input.name)", status: 64)
            }
        }
        let series = data
        if let tour {
            // A fixed chart too large to name legibly races its largest
            // bars: the tour names bars as they will be shown.
            let shown = options.legible(for: series, labels: LabelFit(font: font)).options
            options.tour = try Self.tourStops(tour, series: series, options: shown, file: input.name)
        }
        let fewer = "use fewer periods, a shorter --period"
        try Render.check(BarChartAnimation.estimate(series: series, options: options), options: animation, fewer: fewer, status: 65)
        let script = BarChartAnimation(series: series, options: options, labels: LabelFit(font: font)).script
        let title = file == "-" ? "Bar chart" : ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let what = ["wide": "a wide table", "long": "a long table", "transposed": "a transposed table"][contents.layout.rawValue]!
        try Render.run(
            script, font: font, options: animation, title: title, fewer: fewer, status: 65,
            read: "\(file == "-" ? "standard input" : file) as \(what): \(Self.count(data.categories.count, "name")), \(Self.count(data.periods.count, "period"))")
    }

    /// `1 name`, `2 names`.
    static func count(_ n: Int, _ word: String) -> String {
        "\(grouped(n)) \(word)\(n == 1 ? "" : "s")"
    }

    /// The bars `--tour` visits: the names given (each a category), or all
    /// shown at the last period in their order there.
    static func tourStops(_ text: String, series: ChartData, options: BarChartOptions, file: String) throws -> [String] {
        let last = series.periods.count - 1
        let ranked = BarChartAnimation.shownCategories(of: series, period: last, mode: options.mode)
        if text.trimmingCharacters(in: .whitespaces) == "all" { return ranked.map { series.categories[$0] } }
        let names = CSVList.split(text)
        var stops = [String]()
        for name in names {
            guard let c = series.categories.firstIndex(of: name) else {
                throw CommandFailure("--tour: '\(name)' is not a category of \(file)", status: 64)
            }
            guard ranked.contains(c) else {
                throw CommandFailure("--tour: '\(name)' has no bar in the last period, \(series.periods[last])", status: 64)
            }
            stops.append(name)
        }
        return stops
    }

    /// `NAME=#rrggbb,...`; a name with a comma or `=` in double quotes.
    static func parseColors(_ text: String) throws -> [String: Color] {
        var out = [String: Color]()
        let entries = CSVList.split(text)
        if entries.contains(where: \.isEmpty) {
            throw ValidationError("--colors \"\(text)\" has an empty entry: give NAME=#rrggbb entries separated by commas")
        }
        for entry in entries {
            guard let eq = entry.lastIndex(of: "=") else {
                throw ValidationError("--colors: '\(entry)' should be NAME=#rrggbb")
            }
            let name = CSVList.unquote(String(entry[..<eq]).trimmingCharacters(in: .whitespaces))
            let hex = entry[entry.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw ValidationError("--colors: '\(entry)' has no name before '='") }
            guard let color = Self.color(hex) else {
                throw ValidationError("--colors: '\(hex)' for \(name) is not a colour like #1f77b4 or #f80")
            }
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

/// A comma-separated list on the command line, where an item may be in
/// double quotes to hold a comma ("Korea, South"). Empty items are kept,
/// for the flag to refuse: `a,,b` is more likely a slip than a list of two.
enum CSVList {
    static func split(_ text: String) -> [String] {
        var items = [String](), current = "", quoted = false
        for c in text {
            if c == "\"" { quoted.toggle(); current.append(c) } else if c == ",", !quoted {
                items.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        items.append(current)
        return items.map { unquote($0.trimmingCharacters(in: .whitespaces)) }
    }

    static func unquote(_ s: String) -> String {
        guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { return s }
        return String(s.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
}
