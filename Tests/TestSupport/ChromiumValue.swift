extension Chromium {
    /// A JSON value of the DevTools protocol: what commands take and return,
    /// what `evaluate` gives back. Sendable, unlike `JSONSerialization`'s
    /// `Any`, so it can cross from the pipe's reader to the tests.
    public enum Value: Sendable, Equatable, Codable, CustomStringConvertible {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let array = try? container.decode([Value].self) {
                self = .array(array)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let bool): try container.encode(bool)
            case .number(let number): try container.encode(number)
            case .string(let string): try container.encode(string)
            case .array(let array): try container.encode(array)
            case .object(let object): try container.encode(object)
            }
        }

        /// The member `key` of an object; nil for a missing key or another kind.
        public subscript(key: String) -> Value? {
            if case .object(let object) = self { object[key] } else { nil }
        }

        public var string: String? {
            if case .string(let string) = self { string } else { nil }
        }

        public var number: Double? {
            if case .number(let number) = self { number } else { nil }
        }

        public var bool: Bool? {
            if case .bool(let bool) = self { bool } else { nil }
        }

        public var array: [Value]? {
            if case .array(let array) = self { array } else { nil }
        }

        /// JavaScript-like: strings bare, numbers without a needless `.0`.
        public var description: String {
            switch self {
            case .null: "null"
            case .bool(let bool): "\(bool)"
            case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
            case .string(let string): string
            case .array(let array): "[" + array.map(\.description).joined(separator: ", ") + "]"
            case .object(let object):
                "{" + object.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
            }
        }
    }
}
