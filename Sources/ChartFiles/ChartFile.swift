import CSV
import Charts
import Foundation
import InputText

/// How a CSV lays its values out.
public enum ChartFileFormat: Sendable {
    /// As bar_chart_race and Flourish take it: a header row (the period
    /// column's name, then one column per category), then a row per period.
    case wide
    /// A row per value: `period,name,value` and optionally `group`, found
    /// by their header names (any order, any case; `date`, `year`,
    /// `category`, `label` and the like accepted), or in that order when
    /// the first row is data.
    case long
}

/// Reads bar-chart CSVs.
///
/// Fields are split by yaslab/CSV.swift (RFC 4180: quoted fields with
/// commas, doubled quotes and line breaks, CRLF or LF). It reads an
/// unterminated quote to the end of the file without a word, so the
/// reader checks the quotes itself first and names the row where the
/// open one starts. Rows are numbered as a spreadsheet shows them: by
/// record, the header being row 1 (a quoted line break does not start a
/// row). Columns are numbered from 1.
///
/// Rules: names and periods are trimmed of spaces; a value is a decimal
/// number, with an optional sign, exponent and `,` between thousands
/// ("1,234,567", in quotes); an empty cell is missing; a value that is
/// negative, not finite or not a number is an error, as bars are lengths
/// from zero (`-0` is 0). A file is UTF-8 or UTF-16, with or without a
/// byte-order mark, or in the legacy encoding uchardet tells, or in the
/// one ``ChartReading/encoding`` gives.
public enum ChartFile {
    /// The largest file read, 32 MiB (33,554,432 bytes): far past any chart
    /// a slide shows. A larger file is refused before it is read, a stream
    /// (standard input, a pipe, a device) as soon as it passes the limit.
    public static let maxBytes = 32 << 20

    public static func read(path: String, format: ChartFileFormat) throws(ChartFileError) -> ChartData {
        try read(from: .path(path), format: format)
    }

    /// The data of a CSV file or of standard input (named `<stdin>`), UTF-8
    /// or UTF-16 (see `DecodedText`), or a legacy encoding it fits.
    public static func read(from input: InputSource, format: ChartFileFormat) throws(ChartFileError) -> ChartData {
        try load(from: input, reading: legacy(format)).data
    }

    /// The text of a file or of standard input in `encoding`; without one,
    /// UTF-8, UTF-16, or the legacy encoding uchardet tells (see
    /// `DecodedText`).
    static func text(of input: InputSource, encoding: TextEncoding? = nil) throws(ChartFileError) -> DecodedText {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: maxBytes)
        } catch {
            throw ChartFileError(
                file: input.name, message: error.description(noSuchFile: "no such file", directory: "a folder, not a CSV file"))
        }
        let text: DecodedText
        do throws(TextError) {
            text = try DecodedText(decoding: bytes, as: encoding)
        } catch {
            let line = error.position.map { "line \($0.line), " } ?? ""
            // A character of too many scalars is valid UTF-8 that is too
            // long to lay out: saving the file again would not mend it. An
            // encoding given is the user's to change.
            if case .longCharacter = error { throw ChartFileError(file: input.name, message: "\(line)\(error)") }
            if let encoding, encoding != .utf8 { throw ChartFileError(file: input.name, message: "\(line)\(error)") }
            throw ChartFileError(file: input.name, message: "not UTF-8 text (save it as CSV UTF-8): \(line)\(error)")
        }
        return text
    }

    /// The data of CSV `text`; `name` names it in errors.
    public static func parse(_ text: String, name: String, format: ChartFileFormat) throws(ChartFileError) -> ChartData {
        try load(text, name: name, reading: legacy(format)).data
    }

    /// A reading in `format`, missing values left as gaps, as these calls
    /// always read them.
    static func legacy(_ format: ChartFileFormat) -> ChartReading {
        var reading = ChartReading(layout: format == .wide ? .wide : .long)
        reading.missing = .gap
        return reading
    }

    /// The rows of CSV `text`, numbered as a spreadsheet numbers them,
    /// blank ones left out.
    static func rows(_ text: String, name: String) throws(ChartFileError) -> [(number: Int, fields: [String])] {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if let row = openQuoteRow(text) {
            throw ChartFileError(file: name, row: row, message: "a quoted field is never closed: a \" is missing")
        }
        let rows: [[String]]
        do {
            let reader = try CSVReader(string: text)
            var all = [[String]]()
            while let row = reader.next() { all.append(row) }
            rows = all
        } catch {
            throw ChartFileError(file: name, message: "cannot be read as CSV")
        }
        // A last line break makes no row; nor does a blank line.
        let numbered = rows.enumerated().map { (number: $0.offset + 1, fields: $0.element) }
            .filter { !($0.fields.count == 1 && $0.fields[0].trimmingCharacters(in: .whitespaces).isEmpty) }
        guard !numbered.isEmpty else { throw ChartFileError(file: name, message: "empty: no rows") }
        return numbered
    }

    /// The record where a quoted field opens that no quote closes, or nil:
    /// RFC 4180's quoting, followed only as far as telling that.
    static func openQuoteRow(_ text: String) -> Int? {
        var row = 1, openedAt = 0
        var quoted = false, fieldStart = true, pendingQuote = false
        for c in text.unicodeScalars {
            if quoted {
                if pendingQuote {
                    pendingQuote = false
                    if c == "\"" { continue }
                    quoted = false
                } else {
                    if c == "\"" { pendingQuote = true }
                    continue
                }
            }
            switch c {
            case "\"" where fieldStart:
                quoted = true
                openedAt = row
                fieldStart = false
            case ",":
                fieldStart = true
            case "\n":
                row += 1
                fieldStart = true
            case "\r":
                fieldStart = true
            default:
                fieldStart = false
            }
        }
        return quoted && !pendingQuote ? openedAt : nil
    }
}

/// Why a CSV cannot be charted: one line, `FILE:ROW:COLUMN: what is wrong`
/// (row and column as a spreadsheet shows them, left out where the fault
/// has none).
public struct ChartFileError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var row: Int?
    public var column: Int?
    public var message: String

    public init(file: String, row: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.row = row
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = file
        if let row { place += ":\(row)" }
        if let column { place += ":\(column)" }
        return "\(place): \(message)"
    }
}
