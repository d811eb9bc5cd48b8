import ArgumentParser
import TreeAnimKit

extension MissingValues: ExpressibleByArgument {}

/// `treeanim bars FILE.csv`: an animated bar chart of a CSV's periods, in
/// a fixed order or as a race, with a tour of the bars at the end.
struct BarsCommand: ProducerCommand {
    typealias Made = BarsProducer

    static let configuration = CommandConfiguration(
        commandName: BarsProducer.name,
        abstract: "An animated bar chart of a CSV: values changing period by period, a race of the top N, a tour.",
        discussion: """
            The table's layout is told from it: wide (as bar_chart_race takes it: a period \
            column, then one column per category), long (rows of period, name, value and an \
            optional group that colours the bars; the columns found by their headers or \
            cells, or named by --period-column, --name-column, --value-column and \
            --group-column), or transposed (as Flourish and the World Bank give it: a row per \
            category, a column per period); --wide, --long or --transpose says it. A table \
            of several indicators a country (the World Bank's, transposed or long: \
            country,indicator,year,value) charts one, the first or the one --only names, \
            and a note says which. Missing \
            values (empty, NA, .., -) carry the last known value forward (--missing). The \
            text is UTF-8 or UTF-16, or the encoding its bytes fit, said in the summary; \
            --encoding names it when that guess is wrong.

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

    @OptionGroup var encodingOption: EncodingOption

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

    @Option(help: ArgumentHelp("Chart only these names, in this order: a,b,c (* and ? match any characters); in a table of several indicators, one may name the indicator (SP.URB.TOTL).", valueName: "a,b,..."))
    var only: String?

    @Option(help: ArgumentHelp("Leave these names out, such as aggregates: World,Europe* (* and ? match any characters).", valueName: "a,b,..."))
    var exclude: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Chart every nth period (and the last), 1 to 1000.", valueName: "n"), transform: Numeral.whole)
    var every: Int = 1

    @Flag(help: "Chart every period, however long it plays: by default periods too many to play in 3 minutes at the default --period are sampled (every nth and the last).")
    var allPeriods = false

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
    var orientation: BarOrientation?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Seconds each period takes, 0.2 to 30 (default: 1.5).", valueName: "seconds"),
        transform: Numeral.decimal)
    var period: Double?

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's bar chart takes them.
    var options: BarsProducer.Options {
        var options = BarsProducer.Options()
        (options.file, options.encoding) = (file, encodingOption.encoding)
        (options.long, options.transpose, options.wide) = (long, transpose, wide)
        (options.periodColumn, options.nameColumn, options.valueColumn, options.groupColumn) = (periodColumn, nameColumn, valueColumn, groupColumn)
        options.missing = missing
        (options.only, options.exclude) = (only, exclude)
        (options.every, options.allPeriods, options.from, options.to) = (every, allPeriods, from, to)
        options.colors = colors
        (options.race, options.top, options.tour) = (race, top, tour)
        options.orientation = orientation
        (options.period, options.hold) = (period, hold)
        options.fit = fit.fit
        return options
    }
}

extension BarOrientation: ExpressibleByArgument {}
