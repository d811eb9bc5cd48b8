/// A long table of indicators, one row a value, as tidyr's `pivot_longer`
/// leaves the World Bank's table, in the order of the rows (country, then
/// indicator, then year): for the readers' tests and the command's.
public enum LongIndicatorTable {
    /// ABW, AFG, ALB; SP.POP.TOTL and SP.URB.TOTL; 2000 to 2003.
    public static let tidy: String = {
        var rows = ["country,indicator,year,value"]
        for (c, base) in [("ABW", 100), ("AFG", 300), ("ALB", 200)] {
            for (indicator, scale) in [("SP.POP.TOTL", 1), ("SP.URB.TOTL", 10)] {
                for year in 2000...2003 { rows.append("\(c),\(indicator),\(year),\(scale * (base + year - 2000))") }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }()
}
