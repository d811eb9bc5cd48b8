/// Axis ticks at round values: a step of 1, 2 or 5 × 10ⁿ, chosen so that
/// about four to six ticks fit under `maximum`.
///
///     NiceTicks(maximum: 1234).values   // [0, 200, 400, 600, 800, 1000, 1200]
struct NiceTicks: Equatable {
    let step: Double
    let values: [Double]
    /// Decimals that write every tick exactly.
    let decimals: Int

    init(maximum: Double) {
        // A fifth of a subnormal maximum rounds to 0, and a step of 0
        // would count ticks without end: such a chart gets the one at 0.
        guard maximum > 0, maximum.isFinite, (maximum / 5).isNormal else {
            step = 1
            values = [0]
            decimals = 0
            return
        }
        let raw = maximum / 5
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        self.step = step
        var values = [Double]()
        var k = 0.0
        // Multiples, not sums, so that 0.1 steps stay exact to the digit.
        while k * step <= maximum * (1 + 1e-9) {
            values.append(k * step)
            k += 1
        }
        self.values = values
        var decimals = 0
        var s = step
        while s < 1 - 1e-9, decimals < 6 {
            s *= 10
            decimals += 1
        }
        self.decimals = decimals
    }
}
