import Charts
import Foundation
import InputText

/// Turns CSV rows into chart data, wide or long, with an error for each
/// way a table can be wrong.
struct TableReader {
    let name: String
    var decimals = 0
    /// The decimals of the last value read.
    var last = 0
    /// The most decimals of each category's values, by category index.
    var categoryDecimals = [Int]()

    /// Counts the last value's decimals for category `c`.
    mutating func count(_ c: Int) {
        while categoryDecimals.count <= c { categoryDecimals.append(0) }
        categoryDecimals[c] = max(categoryDecimals[c], last)
    }

    /// The most periods and categories a file may have: past these no
    /// chart is readable, and the limits keep a bad file from making a
    /// gigantic animation.
    static let maxPeriods = 5_000
    static let maxCategories = 2_000
    /// The longest name of a category, group or period, in characters:
    /// far past what a bar's label shows (a long one is cut to its room
    /// with "…"), and short enough that a runaway cell is refused here.
    static let maxNameLength = 1_000
    /// The smallest size of a value other than 0: a chart of values below
    /// it has no scale a frame can draw, its plot over them overflowing.
    static let smallest = 1e-300

    init(name: String) {
        self.name = name
    }

    func fail(_ row: Int?, _ column: Int? = nil, _ message: String) -> ChartFileError {
        ChartFileError(file: name, row: row, column: column, message: message)
    }

    static func trimmed(_ s: String) -> String { s.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// What statistics sites write for a missing value: R's `NA`, the World
    /// Bank's `..`, a dash, Excel's `#N/A`. Not `NaN`: that is a number
    /// gone wrong in whatever wrote the file, refused at its cell.
    static let missingMarks: Set<String> = ["NA", "N/A", "#N/A", "..", "-", "–", "—", "NULL", "NONE", "?"]

    /// The lower-case words of a header: `Country Name` is country, name.
    static func words(_ header: String) -> [String] {
        header.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// Whether a cell or header names a period: a year (`1960`), a date
    /// (`2020-02-26`, `2020/02`, `3/26/20`), a quarter (`2020Q1`).
    static func isPeriodLike(_ text: String) -> Bool {
        let t = trimmed(text)
        guard !t.isEmpty, t.count <= 12, let first = t.first, first.isNumber else { return false }
        if t.allSatisfy(\.isNumber) { return t.count == 4 }
        return t.allSatisfy { $0.isNumber || "-/.Qq".contains($0) } && t.contains(where: { "-/.Qq".contains($0) })
    }

    /// Whether a header cell names a period: one that ``isPeriodLike(_:)``,
    /// or a name that ends in one (`Election 2013`, `Q1 2020`, `as of
    /// 2020-02-26`), as Flourish's templates head their columns.
    static func isPeriodHeader(_ text: String) -> Bool {
        let t = trimmed(text)
        if isPeriodLike(t) { return true }
        guard let last = t.split(whereSeparator: { $0 == " " || $0 == "_" }).last, last.count < t.count else { return false }
        return isPeriodLike(String(last))
    }

    /// Words of the header of a column that says which indicator (series,
    /// measure) a row of a World Bank style table holds.
    static let indicatorWords: Set<String> = ["indicator", "series", "measure", "variable", "subject"]

    /// Refuses a name longer than ``maxNameLength``.
    func checkLength(_ name: String, _ what: String, row: Int, column: Int) throws(ChartFileError) {
        // Counting stops past the limit: a runaway cell is not walked twice.
        let length = name.prefix(Self.maxNameLength + 1).count
        guard length > Self.maxNameLength else { return }
        throw fail(row, column, "\(what) of \(grouped(name.count)) characters: the limit is \(grouped(Self.maxNameLength)) characters")
    }

    /// The value of a cell, or nil when it is empty; `-0` is 0.
    mutating func value(_ text: String, row: Int, column: Int) throws(ChartFileError) -> Double? {
        // Most cells of a large table are plain numbers: read without the
        // trimming, the missing marks and the messages the others need (a
        // table at the limits has 10 million cells).
        if Self.isPlain(text), let v = Double(text), v.isFinite, v == 0 || v.magnitude >= Self.smallest {
            countDecimals(text)
            return v == 0 ? 0 : v
        }
        var t = Self.trimmed(text)
        guard !t.isEmpty, !Self.missingMarks.contains(t.uppercased()) else { return nil }
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
        guard t.allSatisfy({ Self.numberCharacters.contains($0) }), let v = Double(t) else {
            throw fail(row, column, "\(shown) is not a number")
        }
        // Letters other than an exponent's are refused above, so only a
        // number too large for a double (1e999, 400 digits) is infinite here.
        guard v.isFinite else { throw fail(row, column, "\(shown) is too large: values go up to about 1.8e308") }
        // Refused, not read as 0: a chart of such values alone has no
        // scale a frame can draw (its plot over them overflows), and 0
        // would show a value the file does not hold.
        guard v == 0 || v.magnitude >= Self.smallest else {
            throw fail(row, column, "\(shown) is too small: values other than 0 go down to 1e-300 in size (write 0 for nothing)")
        }
        countDecimals(t)
        return v == 0 ? 0 : v
    }

    static let numberCharacters = Set("0123456789+-.eE")

    /// Whether `text` is a plain number as written: ASCII digits (one at
    /// least), signs, a point and an exponent's `e`, nothing else (no
    /// space, no thousands separator; `-` and `..` alone are missing marks).
    static func isPlain(_ text: String) -> Bool {
        var digit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): continue
            default: return false
            }
        }
        return digit
    }

    /// Keeps the decimals of number `t` as written, less trailing zeros
    /// (`2717.0` is whole), as the last value's and the table's most.
    mutating func countDecimals(_ t: String) {
        // `t` is written in a number's ASCII characters (``isPlain(_:)``,
        // ``numberCharacters``): its bytes are its characters, looked at
        // without breaking the text into characters, in 10 million cells.
        let bytes = t.utf8
        if let dot = bytes.firstIndex(of: UInt8(ascii: ".")), !bytes.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            let fraction = bytes[bytes.index(after: dot)...].reversed().drop { $0 == UInt8(ascii: "0") }
            last = min(fraction.count, 6)
            decimals = max(decimals, last)
        } else {
            last = 0
        }
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
            for (i, cell) in row.fields.enumerated().dropFirst() {
                line.append(try value(cell, row: row.number, column: i + 1))
                count(i - 1)
            }
            periods.append(period)
            values.append(line)
            guard periods.count <= Self.maxPeriods else { throw fail(row.number, nil, "more than \(Self.maxPeriods) periods") }
        }
        var data = ChartData(periods: periods, categories: categories, values: values, decimals: decimals)
        data.categoryDecimals = categories.indices.map { $0 < categoryDecimals.count ? categoryDecimals[$0] : 0 }
        return data
    }

    // MARK: Long

    /// Header names of each column of the long format.
    static let names: [(role: String, words: Set<String>)] = [
        ("period", ["period", "date", "year", "time", "month", "day", "quarter"]),
        ("name", ["name", "category", "label", "item", "series", "country", "city", "state", "company", "team", "player", "party", "product", "brand"]),
        ("value", ["value", "amount", "count", "total", "number", "population", "sales", "score", "votes"]),
        ("group", ["group", "region", "colour", "color", "continent", "type"]),
    ]

    /// A row per value. When the rows hold several indicators of each name
    /// and period (a World Bank table in long form, `Country Name,Country
    /// Code,Indicator Name,Indicator Code,Year,Value`, or tidyr's
    /// `country,indicator,year,value`), the bars race within one, chosen
    /// as ``oneIndicator(_:indicators:header:only:)`` says: that pattern of
    /// `reading.only` is returned, used up.
    mutating func long(
        _ rows: [(number: Int, fields: [String])], reading: ChartReading = ChartReading(), notes: inout [String]
    ) throws(ChartFileError) -> (data: ChartData, usedOnly: String?) {
        let first = rows[0]
        let header = first.fields.map(Self.trimmed)
        var columns = [String: Int]()
        // Columns the flags name, by header name (any case) or number.
        for (role, given) in [("period", reading.periodColumn), ("name", reading.nameColumn), ("value", reading.valueColumn), ("group", reading.groupColumn)] {
            guard let given else { continue }
            let wanted = Self.trimmed(given)
            if let number = Int(wanted), (1...header.count).contains(number) {
                columns[role] = number - 1
            } else if let i = header.firstIndex(where: { $0.lowercased() == wanted.lowercased() }) {
                columns[role] = i
            } else {
                throw fail(first.number, nil, "--\(role)-column '\(given)' is no column: the header has \(Self.listed(header)) (give a name or a number from 1 to \(header.count))")
            }
        }
        // The rest by their header words: `Country Name` is a name column.
        // A column of indicators comes last, so that `Indicator Name` or
        // `Series Name` names the bars only when no other column does.
        let isIndicator = { (i: Int) in Self.words(header[i]).contains { Self.indicatorWords.contains($0) } }
        for i in header.indices.filter({ !isIndicator($0) }) + header.indices.filter(isIndicator) where !columns.values.contains(i) {
            let words = Self.words(header[i])
            if let role = Self.names.first(where: { entry in words.contains { entry.words.contains($0) } })?.role, columns[role] == nil {
                columns[role] = i
            }
        }
        var body = Array(rows.dropFirst())
        let sample = body.prefix(200)
        let fileName = name
        let numeric = { (i: Int) -> Bool in
            var probe = TableReader(name: fileName)
            let cells = sample.map { i < $0.fields.count ? $0.fields[i] : "" }.filter { !Self.trimmed($0).isEmpty }
            return !cells.isEmpty && cells.allSatisfy { (try? probe.value($0, row: 0, column: 0)) != nil }
        }
        // Else by their cells: the one numeric column left is the value;
        // a column of years or dates the period; the first of text the name.
        if columns["value"] == nil {
            let left = header.indices.filter { !columns.values.contains($0) && numeric($0) }
            let candidates = left.filter { i in !(sample.allSatisfy { i < $0.fields.count && Self.isPeriodLike($0.fields[i]) }) }
            if candidates.count == 1 { columns["value"] = candidates[0] }
        }
        if columns["period"] == nil {
            columns["period"] = header.indices.first { i in
                !columns.values.contains(i) && !sample.isEmpty && sample.allSatisfy { i < $0.fields.count && Self.isPeriodLike($0.fields[i]) }
            }
        }
        if columns["name"] == nil {
            let text = header.indices.filter { !columns.values.contains($0) && !numeric($0) }
            columns["name"] = text.first { !isIndicator($0) } ?? text.first
        }
        if columns["period"] == nil || columns["name"] == nil || columns["value"] == nil {
            // No header: the first row is data when its third field is a
            // number.
            var probe = TableReader(name: name)
            let isData = !reading.namesColumns && first.fields.count >= 3
                && (try? probe.value(first.fields[2], row: first.number, column: 3)) != nil
                && Self.names.allSatisfy { entry in !header.contains { Self.words($0).contains { entry.words.contains($0) } } }
            guard isData else {
                let missing = ["period", "name", "value"].filter { columns[$0] == nil }
                throw fail(
                    first.number, nil,
                    "cannot tell the \(missing.joined(separator: " and ")) \(missing.count == 1 ? "column" : "columns"): the header has \(Self.listed(header)); "
                        + "give " + missing.map { "--\($0)-column" }.joined(separator: ", ") + " (a header name or a number from 1)")
            }
            columns = ["period": 0, "name": 1, "value": 2]
            if first.fields.count >= 4 { columns["group"] = 3 }
            body = rows
        }
        // A header with the three columns, or a first row of data with at
        // least three fields: either way the first row sets the width.
        let width = first.fields.count
        guard !body.isEmpty else { throw fail(first.number, nil, "a header and no rows: no values to chart") }
        var usedOnly: String?
        // Under a header, the columns left over are said, and a column of
        // indicators, when a name has several values a period, chooses one.
        if body.first?.number != first.number {
            var unused = header.indices.filter { !columns.values.contains($0) }
            let indicators = unused.filter(isIndicator)
            if !indicators.isEmpty {
                for row in body where row.fields.count != width {
                    throw fail(row.number, nil, "\(row.fields.count) fields where the header has \(width)")
                }
                var seen = Set<String>()
                let (p, n) = (columns["period"]!, columns["name"]!)
                let repeats = body.contains { !seen.insert(Self.trimmed($0.fields[p]) + "\u{0}" + Self.trimmed($0.fields[n])).inserted }
                if repeats, let one = Self.oneIndicator(body, indicators: indicators, header: header, only: reading.only) {
                    (body, usedOnly) = (one.rows, one.usedOnly)
                    notes.append(one.note)
                    unused.removeAll { indicators.contains($0) }
                }
            }
            if !unused.isEmpty {
                let names = unused.map { header[$0] }
                notes.append("read \(Self.describe(columns, header)); \(names.count == 1 ? "column" : "columns") \(Self.listed(names)) not used")
            }
        }
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
            count(c)
        }
        // Numbers or ISO dates as periods go in their order; other labels
        // in the order the rows bring them.
        var order = Array(periods.indices)
        if periods.allSatisfy({ Double($0) != nil }) {
            order.sort { Double(periods[$0])! < Double(periods[$1])! }
        } else if periods.allSatisfy({ $0.count == 10 && Self.isPeriodLike($0) }) {
            order.sort { periods[$0] < periods[$1] }
        }
        let values = order.map { p in categories.indices.map { cells[p][$0] ?? nil } }
        var data = ChartData(periods: order.map { periods[$0] }, categories: categories, values: values, groups: groups, decimals: decimals)
        data.categoryDecimals = categories.indices.map { $0 < categoryDecimals.count ? categoryDecimals[$0] : 0 }
        return (data, usedOnly)
    }

    /// Of `body`, whose rows hold several indicators (the values of the
    /// first of `indicators`, header columns that name a row's indicator,
    /// series or measure), the rows of one: the one an `only` pattern names
    /// by any of its indicator columns (that pattern is then used up,
    /// returned), else the first; and the note that says which. Nil when
    /// the rows hold one indicator.
    ///
    /// A race ranks like against like: a country's urban population is not
    /// ranked against its growth rate.
    static func oneIndicator(
        _ body: [(number: Int, fields: [String])], indicators: [Int], header: [String], only: [String]?
    ) -> (rows: [(number: Int, fields: [String])], usedOnly: String?, note: String)? {
        guard let key = indicators.first, let firstRow = body.first else { return nil }
        var values = [String](), seen = Set<String>()
        for row in body where seen.insert(trimmed(row.fields[key])).inserted { values.append(trimmed(row.fields[key])) }
        guard values.count > 1 else { return nil }
        func names(_ row: (number: Int, fields: [String]), _ pattern: String) -> Bool {
            indicators.contains { ChartFile.matches(trimmed(row.fields[$0]), pattern) }
        }
        let named = only?.first { pattern in body.contains { names($0, pattern) } }
        let chosenRow = named.flatMap { pattern in body.first { names($0, pattern) } } ?? firstRow
        let chosen = trimmed(chosenRow.fields[key])
        let shown = indicators.map { "'" + trimmed(chosenRow.fields[$0]) + "'" }.joined(separator: ", ")
        let note = "the bars race within one indicator, \(shown) (\(named == nil ? "the first" : "--only names it") of \(values.count) in '\(header[key])'"
            + (named == nil ? "; --only NAME picks another" : "") + ")"
        return (body.filter { trimmed($0.fields[key]) == chosen }, named, note)
    }

    /// Which column plays which part, for a note: `period 'Year', name
    /// 'Country Name', value 'Value'`.
    static func describe(_ columns: [String: Int], _ header: [String]) -> String {
        ["period", "name", "value", "group"].compactMap { role in columns[role].map { "\(role) '\(header[$0])'" } }.joined(separator: ", ")
    }

    /// `'a', 'b' and 'c'`, at most eight.
    static func listed(_ items: [String]) -> String {
        let quoted = items.prefix(8).map { "'\($0)'" }
        let more = items.count > 8 ? ", …" : ""
        guard quoted.count > 1 else { return (quoted.first ?? "") + more }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last! + more
    }

    // MARK: Transposed

    /// A row per category: the header's period columns (years, dates) hold
    /// its values; of the columns before them, the first is the name, and
    /// the others, if the name alone repeats, join it (`ABW SP.POP.TOTL`),
    /// else are left out with a note.
    ///
    /// When the rows hold several indicators of each name (a World Bank
    /// download: `Country Name, Country Code, Indicator Name, Indicator
    /// Code, 1960, …`), the bars race within one: the one an `--only`
    /// pattern names (by any of its indicator columns; that pattern is
    /// then used up, returned), else the first, and a note says which.
    mutating func transposed(
        _ rows: [(number: Int, fields: [String])], only: [String]? = nil, notes: inout [String]
    ) throws(ChartFileError) -> (data: ChartData, usedOnly: String?) {
        let header = rows[0].fields.map(Self.trimmed)
        var firstPeriod = header.count
        while firstPeriod > 1, Self.isPeriodHeader(header[firstPeriod - 1]) { firstPeriod -= 1 }
        if firstPeriod == header.count || firstPeriod == 0 {
            // Given by the flag: the first column is the name, the rest periods.
            firstPeriod = 1
        }
        let periods = Array(header[firstPeriod...])
        for (i, p) in periods.enumerated() where p.isEmpty {
            throw fail(rows[0].number, firstPeriod + i + 1, "column \(firstPeriod + i + 1) has no period in the header")
        }
        guard periods.count <= Self.maxPeriods else { throw fail(rows[0].number, nil, "\(periods.count) periods; at most \(Self.maxPeriods)") }
        var body = Array(rows.dropFirst())
        guard !body.isEmpty else { throw fail(rows[0].number, nil, "a header and no rows: no names to chart") }
        for row in body where row.fields.count != header.count {
            throw fail(row.number, nil, "\(row.fields.count) fields where the header has \(header.count)")
        }
        var firsts = body.map { Self.trimmed($0.fields.first ?? "") }
        // Several indicators of each name: the race is within one.
        var usedOnly: String?
        var indicatorNote: String?
        let indicators = (1..<max(firstPeriod, 1)).filter { Self.words(header[$0]).contains { Self.indicatorWords.contains($0) } }
        var left = Array(1..<max(firstPeriod, 1))
        if Set(firsts).count < firsts.count, let one = Self.oneIndicator(body, indicators: indicators, header: header, only: only) {
            (body, usedOnly, indicatorNote) = (one.rows, one.usedOnly, one.note)
            firsts = body.map { Self.trimmed($0.fields.first ?? "") }
            left.removeAll { indicators.contains($0) }
        }
        let joins = !left.isEmpty && Set(firsts).count < firsts.count
        if let indicatorNote {
            let unused = left.isEmpty || joins ? "" : "; \(left.count == 1 ? "column" : "columns") \(Self.listed(left.map { header[$0] })) not used"
            notes.append(indicatorNote + unused)
        } else if !left.isEmpty {
            let others = Self.listed(left.map { header[$0] })
            notes.append(joins
                ? "names join '\(header[0])' and \(others), as '\(header[0])' alone repeats"
                : "\(left.count == 1 ? "column" : "columns") \(others) not used: '\(header[0])' names the bars")
        }
        var categories = [String](), values = [[Double?]](repeating: [], count: periods.count)
        var seen = [String: Int]()
        for row in body {
            guard row.fields.count == header.count else {
                throw fail(row.number, nil, "\(row.fields.count) fields where the header has \(header.count)")
            }
            let parts = joins ? ([0] + left).map { Self.trimmed(row.fields[$0]) }.filter { !$0.isEmpty } : [Self.trimmed(row.fields[0])]
            let name = parts.joined(separator: " ")
            guard !name.isEmpty else { throw fail(row.number, 1, "the name is empty") }
            try checkLength(name, "name", row: row.number, column: 1)
            if let other = seen[name] { throw fail(row.number, 1, "'\(name)' is also row \(other)") }
            seen[name] = row.number
            categories.append(name)
            guard categories.count <= Self.maxCategories else { throw fail(row.number, nil, "more than \(Self.maxCategories) names") }
            for (k, cell) in row.fields[firstPeriod...].enumerated() {
                values[k].append(try value(cell, row: row.number, column: firstPeriod + k + 1))
                count(categories.count - 1)
            }
        }
        var data = ChartData(periods: periods, categories: categories, values: values, decimals: decimals)
        data.categoryDecimals = categories.indices.map { $0 < categoryDecimals.count ? categoryDecimals[$0] : 0 }
        return (data, usedOnly)
    }
}
