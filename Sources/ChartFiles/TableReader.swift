import Foundation

/// Turns CSV rows into chart data, wide or long, with an error for each
/// way a table can be wrong.
struct TableReader {
    let name: String
    var decimals = 0

    /// The most periods and categories a file may have: past these no
    /// chart is readable, and the limits keep a bad file from making a
    /// gigantic animation.
    static let maxPeriods = 5_000
    static let maxCategories = 2_000
    /// The longest name of a category, group or period, in characters:
    /// far past what a bar's label shows (a long one is cut to its room
    /// with "…"), and short enough that a runaway cell is refused here.
    static let maxNameLength = 1_000

    init(name: String) {
        self.name = name
    }

    func fail(_ row: Int?, _ column: Int? = nil, _ message: String) -> ChartFileError {
        ChartFileError(file: name, row: row, column: column, message: message)
    }

    static func trimmed(_ s: String) -> String { s.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Refuses a name longer than ``maxNameLength``.
    func checkLength(_ name: String, _ what: String, row: Int, column: Int) throws(ChartFileError) {
        // Counting stops past the limit: a runaway cell is not walked twice.
        let length = name.prefix(Self.maxNameLength + 1).count
        guard length > Self.maxNameLength else { return }
        throw fail(row, column, "the \(what) is \(name.count) characters long; the limit is \(Self.maxNameLength)")
    }

    /// The value of a cell, or nil when it is empty; `-0` is 0.
    mutating func value(_ text: String, row: Int, column: Int) throws(ChartFileError) -> Double? {
        var t = Self.trimmed(text)
        guard !t.isEmpty else { return nil }
        // A cell as a message quotes it: a long one cut, so the line stays readable.
        let shown = "'" + (t.count > 24 ? t.prefix(24) + "…" : t) + "'"
        // Thousands separators: digits in groups of three after the first.
        if t.contains(",") {
            let body = t.hasPrefix("-") || t.hasPrefix("+") ? String(t.dropFirst()) : t
            let integer = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let groups = integer.split(separator: ",", omittingEmptySubsequences: false)
            let grouped = groups.count > 1 && (1...3).contains(groups[0].count)
                && groups.dropFirst().allSatisfy { $0.count == 3 } && groups.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            guard grouped else { throw fail(row, column, "\(shown) is not a number") }
            t = t.replacingOccurrences(of: ",", with: "")
        }
        let allowed = Set("0123456789+-.eE")
        guard t.allSatisfy({ allowed.contains($0) }), let v = Double(t) else {
            throw fail(row, column, "\(shown) is not a number")
        }
        // Letters other than an exponent's are refused above, so only a
        // number too large for a double (1e999, 400 digits) is infinite here.
        guard v.isFinite else { throw fail(row, column, "\(shown) is too large: values go up to about 1.8e308") }
        guard v >= 0 else { throw fail(row, column, "\(shown) is negative; bars are lengths from zero") }
        if let dot = t.firstIndex(of: "."), !t.contains(where: { $0 == "e" || $0 == "E" }) {
            decimals = max(decimals, min(t.distance(from: dot, to: t.endIndex) - 1, 6))
        }
        return v == 0 ? 0 : v
    }

    // MARK: Wide

    mutating func wide(_ rows: [(number: Int, fields: [String])]) throws(ChartFileError) -> ChartData {
        let header = rows[0]
        guard header.fields.count >= 2 else {
            throw fail(header.number, nil, "the header has one column; a chart needs a period column and a column per category")
        }
        var categories = [String]()
        for (i, raw) in header.fields.enumerated().dropFirst() {
            let c = Self.trimmed(raw)
            guard !c.isEmpty else { throw fail(header.number, i + 1, "column \(i + 1) has no name in the header") }
            try checkLength(c, "name", row: header.number, column: i + 1)
            if let j = categories.firstIndex(of: c) {
                throw fail(header.number, i + 1, "'\(c)' names columns \(j + 2) and \(i + 1)")
            }
            categories.append(c)
        }
        guard categories.count <= Self.maxCategories else {
            throw fail(header.number, nil, "\(categories.count) categories; at most \(Self.maxCategories)")
        }
        guard rows.count >= 2 else { throw fail(header.number, nil, "a header and no rows: no periods to chart") }
        var periods = [String](), values = [[Double?]](), seen = [String: Int]()
        for row in rows.dropFirst() {
            guard row.fields.count == header.fields.count else {
                throw fail(row.number, nil, "\(row.fields.count) fields where the header has \(header.fields.count)")
            }
            let period = Self.trimmed(row.fields[0])
            guard !period.isEmpty else { throw fail(row.number, 1, "the period is empty") }
            try checkLength(period, "period", row: row.number, column: 1)
            if let first = seen[period] { throw fail(row.number, 1, "period '\(period)' is also row \(first)") }
            seen[period] = row.number
            var line = [Double?]()
            for (i, cell) in row.fields.enumerated().dropFirst() { line.append(try value(cell, row: row.number, column: i + 1)) }
            periods.append(period)
            values.append(line)
            guard periods.count <= Self.maxPeriods else { throw fail(row.number, nil, "more than \(Self.maxPeriods) periods") }
        }
        return ChartData(periods: periods, categories: categories, values: values, decimals: decimals)
    }

    // MARK: Long

    /// Header names of each column of the long format.
    static let names: [(role: String, words: Set<String>)] = [
        ("period", ["period", "date", "year", "time", "month", "day", "quarter"]),
        ("name", ["name", "category", "label", "item", "series", "country", "city", "state", "company", "team", "player", "party", "product", "brand"]),
        ("value", ["value", "amount", "count", "total", "number", "population", "sales", "score", "votes"]),
        ("group", ["group", "region", "colour", "color", "continent", "type"]),
    ]

    mutating func long(_ rows: [(number: Int, fields: [String])]) throws(ChartFileError) -> ChartData {
        let first = rows[0]
        var columns = [String: Int]()
        for (i, raw) in first.fields.enumerated() {
            let word = Self.trimmed(raw).lowercased()
            if let role = Self.names.first(where: { $0.words.contains(word) })?.role, columns[role] == nil { columns[role] = i }
        }
        var body = Array(rows.dropFirst())
        if columns["period"] == nil || columns["name"] == nil || columns["value"] == nil {
            // No header: the first row is data when its third field is a
            // number.
            var probe = TableReader(name: name)
            let isData = first.fields.count >= 3 && (try? probe.value(first.fields[2], row: first.number, column: 3)) != nil
            guard isData else {
                throw fail(first.number, nil, "the header should name period, name and value columns (and optionally group)")
            }
            columns = ["period": 0, "name": 1, "value": 2]
            if first.fields.count >= 4 { columns["group"] = 3 }
            body = rows
        }
        // A header with the three columns, or a first row of data with at
        // least three fields: either way the first row sets the width.
        let width = first.fields.count
        guard !body.isEmpty else { throw fail(first.number, nil, "a header and no rows: no values to chart") }
        var periods = [String](), categories = [String](), groups = [String: String]()
        var periodIndex = [String: Int](), categoryIndex = [String: Int]()
        var cells = [[Int: Double?]]()
        var rowOf = [String: Int]()
        for row in body {
            guard row.fields.count == width else {
                throw fail(row.number, nil, "\(row.fields.count) fields where the \(body.first!.number == first.number ? "first row" : "header") has \(width)")
            }
            let period = Self.trimmed(row.fields[columns["period"]!]), category = Self.trimmed(row.fields[columns["name"]!])
            guard !period.isEmpty else { throw fail(row.number, columns["period"]! + 1, "the period is empty") }
            guard !category.isEmpty else { throw fail(row.number, columns["name"]! + 1, "the name is empty") }
            try checkLength(period, "period", row: row.number, column: columns["period"]! + 1)
            try checkLength(category, "name", row: row.number, column: columns["name"]! + 1)
            let v = try value(row.fields[columns["value"]!], row: row.number, column: columns["value"]! + 1)
            let key = period + "\u{0}" + category
            if let other = rowOf[key] { throw fail(row.number, nil, "'\(category)' in '\(period)' is also row \(other)") }
            rowOf[key] = row.number
            if let g = columns["group"].map({ Self.trimmed(row.fields[$0]) }), !g.isEmpty {
                try checkLength(g, "group", row: row.number, column: columns["group"]! + 1)
                if let old = groups[category], old != g {
                    throw fail(row.number, columns["group"]! + 1, "'\(category)' is in group '\(g)' here and '\(old)' above")
                }
                groups[category] = g
            }
            let p: Int
            if let i = periodIndex[period] { p = i } else {
                p = periods.count
                periodIndex[period] = p
                periods.append(period)
                cells.append([:])
                guard periods.count <= Self.maxPeriods else { throw fail(row.number, nil, "more than \(Self.maxPeriods) periods") }
            }
            let c: Int
            if let i = categoryIndex[category] { c = i } else {
                c = categories.count
                categoryIndex[category] = c
                categories.append(category)
                guard categories.count <= Self.maxCategories else { throw fail(row.number, nil, "more than \(Self.maxCategories) categories") }
            }
            cells[p][c] = v
        }
        let values = cells.map { line in categories.indices.map { line[$0] ?? nil } }
        return ChartData(periods: periods, categories: categories, values: values, groups: groups, decimals: decimals)
    }
}
