/// A bar chart's data as a CSV gives it: a value per category per period.
public struct ChartData: Sendable, Equatable {
    /// Period labels (dates or any label), in file order.
    public var periods: [String]
    /// Category names, in column order (wide) or first-appearance order
    /// (long).
    public var categories: [String]
    /// `values[p][c]`: category `c` in period `p`; nil where missing (an
    /// empty cell, or no row in the long format).
    public var values: [[Double?]]
    /// Each category's group, from a long file's `group` column; empty
    /// when there is none.
    public var groups: [String: String]
    /// The most decimal places any value is written with, so labels can
    /// write values the way the file does.
    public var decimals: Int
    /// The most decimal places each category's values are written with,
    /// where the reader knows them (a table of populations and growth
    /// rates writes the populations whole); nil: ``decimals`` for all.
    public var categoryDecimals: [Int]?

    /// The decimals category `c`'s values are written with.
    public func decimals(of c: Int) -> Int { categoryDecimals.map { $0[c] } ?? decimals }

    public init(periods: [String], categories: [String], values: [[Double?]], groups: [String: String] = [:], decimals: Int = 0) {
        self.periods = periods
        self.categories = categories
        self.values = values
        self.groups = groups
        self.decimals = decimals
    }
}
