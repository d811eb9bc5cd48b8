import Charts
import Foundation
import InputText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a table lays out its values.
public enum ChartLayout: String, Sendable, CaseIterable {
    /// A row per period, a column per category (bar_chart_race's).
    case wide
    /// A row per value: period, name, value and optionally group columns.
    case long
    /// A row per category, a column per period (Flourish's templates, the
    /// World Bank's downloads).
    case transposed
}

/// What a missing value (an empty cell, `NA`, `..`, `-`) becomes.
public enum MissingValues: String, Sendable, CaseIterable {
    /// No bar for that period.
    case gap
    /// The last known value, carried forward (bar_chart_race's way); no
    /// bar before the first.
    case carry
    /// Zero.
    case zero
}

/// How a chart's table is read: everything the reader would otherwise
/// guess or take by default.
public struct ChartReading: Sendable, Equatable {
    /// The layout; nil: told by the table (``ChartFile/guessLayout(_:)``).
    public var layout: ChartLayout?
    /// The text's character encoding; nil: UTF-8 or UTF-16, else the
    /// legacy encoding the bytes fit (`DecodedText`).
    public var encoding: TextEncoding?
    /// A long table's columns, by header name (any case) or number from 1;
    /// nil: found by their header words or the shape of their cells.
    public var periodColumn: String?
    public var nameColumn: String?
    public var valueColumn: String?
    public var groupColumn: String?
    public var missing = MissingValues.carry
    /// Only these categories, or none of these (`*` matches any run of
    /// characters, `?` one).
    public var only: [String]?
    public var exclude: [String] = []
    /// Every nth period (the last always kept), from and to these periods.
    public var every = 1
    public var from: String?
    public var to: String?

    public init(layout: ChartLayout? = nil) {
        self.layout = layout
    }

    var namesColumns: Bool { periodColumn != nil || nameColumn != nil || valueColumn != nil || groupColumn != nil }
}

/// A chart's data as read, the layout it was read in, and what the reader
/// did that the user should know (one line each).
public struct ChartContents: Sendable {
    public var data: ChartData
    public var layout: ChartLayout
    public var notes: [String]
    /// The encoding the text was read in, given or told.
    public var encoding: TextEncoding = .utf8
}

extension ChartFile {
    /// The data of a CSV file or of standard input, read as `reading` says.
    public static func load(from input: InputSource, reading: ChartReading) throws(ChartFileError) -> ChartContents {
        let text = try Self.text(of: input, encoding: reading.encoding)
        var contents = try load(text.string, name: input.name, reading: reading)
        contents.encoding = text.encoding
        return contents
    }

    /// The data of CSV `text`, read as `reading` says.
    public static func load(_ text: String, name: String, reading: ChartReading) throws(ChartFileError) -> ChartContents {
        let rows = try Self.rows(text, name: name)
        var reader = TableReader(name: name)
        let layout = reading.layout ?? (reading.namesColumns ? .long : guessLayout(rows))
        var notes = [String]()
        let read: (data: ChartData, usedOnly: String?)
        switch layout {
        case .wide: read = (try reader.wide(rows), nil)
        case .long: read = try reader.long(rows, reading: reading, notes: &notes)
        case .transposed: read = try reader.transposed(rows, only: reading.only, notes: &notes)
        }
        // A pattern that chose the indicator is used up; the others choose names.
        var rest = reading
        if let usedOnly = read.usedOnly {
            rest.only = reading.only?.filter { $0 != usedOnly }
            if rest.only?.isEmpty == true { rest.only = nil }
        }
        let data = try choose(read.data, reading: rest, name: name)
        return finish(data, layout: layout, reading: reading, notes: notes)
    }

    /// `data` chosen, with its missing values filled as `reading` says.
    static func finish(_ data: ChartData, layout: ChartLayout, reading: ChartReading, notes: [String]) -> ChartContents {
        var notes = notes
        let (filled, count) = fill(data, missing: reading.missing)
        if count > 0, reading.missing == .carry {
            notes.append("\(count) missing \(count == 1 ? "value is" : "values are") carried forward from the period before "
                + "(--missing gap leaves no bar, --missing zero draws none)")
        }
        return ChartContents(data: filled, layout: layout, notes: notes)
    }

    /// Wide when the first column's header is a period word or its cells
    /// are periods (years, dates) and the rest are numbers; transposed when
    /// the header's last columns are periods; else long.
    public static func guessLayout(_ rows: [(number: Int, fields: [String])]) -> ChartLayout {
        let header = rows[0].fields.map(TableReader.trimmed)
        let body = rows.dropFirst().prefix(200)
        let periodHeaders = header.filter(TableReader.isPeriodHeader).count
        if header.count >= 3, periodHeaders >= 2, header.suffix(periodHeaders).allSatisfy(TableReader.isPeriodHeader) {
            return .transposed
        }
        let firstIsPeriod = TableReader.words(header.first ?? "").contains { TableReader.names[0].words.contains($0) }
            || (!body.isEmpty && body.allSatisfy { TableReader.isPeriodLike(TableReader.trimmed($0.fields.first ?? "")) })
        if firstIsPeriod, header.count >= 2 {
            let firsts = body.map { TableReader.trimmed($0.fields.first ?? "") }
            if Set(firsts).count == firsts.count { return .wide }
        }
        return header.count >= 3 ? .long : .wide
    }

    /// Keeps the categories `--only` names (in its order) and drops those
    /// `--exclude` names; keeps the periods from `--from` to `--to`, every
    /// `--every`th and the last.
    static func choose(_ data: ChartData, reading: ChartReading, name: String) throws(ChartFileError) -> ChartData {
        var keep = Array(data.categories.indices)
        if let only = reading.only {
            var chosen = [Int]()
            for pattern in only {
                let found = keep.filter { matches(data.categories[$0], pattern) && !chosen.contains($0) }
                guard !found.isEmpty else { throw ChartFileError(file: name, message: "--only: '\(pattern)' is no name of the table (\(sample(data.categories)))") }
                chosen += found
            }
            keep = chosen
        }
        for pattern in reading.exclude {
            keep.removeAll { matches(data.categories[$0], pattern) }
            // A pattern that fits no name at all is a typo; one whose names
            // another took out already is not.
            guard data.categories.contains(where: { matches($0, pattern) }) else {
                throw ChartFileError(file: name, message: "--exclude: '\(pattern)' is no name of the table (\(sample(data.categories)))")
            }
        }
        guard !keep.isEmpty else { throw ChartFileError(file: name, message: "--only and --exclude leave no names to chart") }
        func index(_ label: String?, _ flag: String, or fallback: Int) throws(ChartFileError) -> Int {
            guard let label else { return fallback }
            guard let i = data.periods.firstIndex(of: label) else {
                throw ChartFileError(file: name, message: "\(flag): '\(label)' is no period of the table (\(sample(data.periods)))")
            }
            return i
        }
        let start = try index(reading.from, "--from", or: 0)
        let end = try index(reading.to, "--to", or: data.periods.count - 1)
        guard start <= end else { throw ChartFileError(file: name, message: "--from \(data.periods[start]) comes after --to \(data.periods[end])") }
        var periods = Array(stride(from: start, through: end, by: max(reading.every, 1)))
        if periods.last != end { periods.append(end) }
        var out = data
        out.categories = keep.map { data.categories[$0] }
        out.periods = periods.map { data.periods[$0] }
        out.values = periods.map { p in keep.map { data.values[p][$0] } }
        out.groups = data.groups.filter { out.categories.contains($0.key) }
        out.categoryDecimals = data.categoryDecimals.map { decimals in keep.map { decimals[$0] } }
        return out
    }

    /// Whether `name` fits `pattern`, where `*` and `?` are wildcards.
    static func matches(_ name: String, _ pattern: String) -> Bool {
        guard pattern.contains("*") || pattern.contains("?") else { return name == pattern }
        return fnmatch(pattern, name, 0) == 0
    }

    /// A few of `items`, for a message.
    static func sample(_ items: [String]) -> String {
        items.prefix(4).map { "'\($0)'" }.joined(separator: ", ") + (items.count > 4 ? ", …" : "")
    }

    /// `data` with its missing values made what `missing` says, and how
    /// many were filled.
    static func fill(_ data: ChartData, missing: MissingValues) -> (ChartData, Int) {
        guard missing != .gap else { return (data, 0) }
        var out = data
        var count = 0
        var last = [Double?](repeating: nil, count: data.categories.count)
        for p in out.values.indices {
            for c in out.values[p].indices {
                if let v = out.values[p][c] {
                    last[c] = v
                } else if missing == .zero {
                    out.values[p][c] = 0
                    count += 1
                } else if let v = last[c] {
                    out.values[p][c] = v
                    count += 1
                }
            }
        }
        return (out, count)
    }
}

