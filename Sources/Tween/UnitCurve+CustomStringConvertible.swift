extension UnitCurve: CustomStringConvertible {
    /// The curve as it would be written in code, e.g. `easeInOut` or
    /// `bezier(0.2, 0.0, 0.0, 1.0)`.
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        default: break
        }
        switch shape {
        case .linear:
            return "linear"
        case .bezier(let b):
            return "bezier(\(b.c0x), \(b.c0y), \(b.c1x), \(b.c1y))"
        case .spring(let spring, _):
            return "spring(response: \(spring.response), dampingRatio: \(spring.dampingRatio))"
        case .jump(let at):
            return "jump(at: \(at))"
        }
    }
}
