import LectureFiles

/// A value a lecture's section gives that its producer's options cannot
/// take: the key, where it was written, and why.
public struct SectionOptionError: Error, Equatable, CustomStringConvertible {
    public var key: String
    public var place: LectureFile.Place
    public var message: String

    public var description: String { "\(key): \(message)" }
}

/// Decodes a producer's options from the keys a lecture's section writes
/// (`{ops: "insert 3", max: true}`): each value read as the command line
/// reads the flag of that name, and every fault said with its key and the
/// line and column it was written at.
public struct SectionDecoder: Decoder {
    let options: [LectureFile.Option]
    let place: LectureFile.Place

    public init(options: [LectureFile.Option], place: LectureFile.Place) {
        self.options = options
        self.place = place
    }

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(options: options))
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SectionOptionError(key: "", place: place, message: "expected a map of options")
    }

    public func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw SectionOptionError(key: "", place: place, message: "expected a map of options")
    }

    /// The options' keyed view: the last value given for a key counts (a
    /// YAML map has each key once; the lecture reader says so otherwise).
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let options: [LectureFile.Option]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { options.compactMap { Key(stringValue: $0.key) } }

        func option(_ key: Key) throws -> LectureFile.Option {
            guard let option = options.last(where: { $0.key == key.stringValue }) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no \(key.stringValue)"))
            }
            return option
        }

        func contains(_ key: Key) -> Bool { options.contains { $0.key == key.stringValue } }
        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try Value(option: try option(key)).decodeValue(T.self)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            let o = try option(key)
            throw SectionOptionError(key: o.key, place: o.place, message: "expected a value, not a map")
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try Value(option: try option(key)).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { SectionDecoder(options: options, place: options.first?.place ?? .init(line: 1, column: 1)) }
        func superDecoder(forKey key: Key) throws -> any Decoder { Value(option: try option(key)) }
    }

    /// One key's value, decoded as its type says.
    struct Value: Decoder, SingleValueDecodingContainer {
        let option: LectureFile.Option
        /// The item of a list being read, if one is.
        var item: String?

        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func fail(_ message: String) -> SectionOptionError {
            SectionOptionError(key: option.key, place: option.place, message: message)
        }

        /// The value as one text: a scalar, or an item of a list.
        var text: String {
            get throws {
                if let item { return item }
                switch option.value {
                case .scalar(let s): return s
                case .list: throw fail("expected one value, not a list")
                }
            }
        }

        /// `T` decoded from this value, every fault said with the key:
        /// a value the type's parser refuses says why; a word that is
        /// none of an enumeration's says which words it takes.
        func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
            do {
                return try T(from: self)
            } catch let error as SectionOptionError {
                throw error
            } catch let problem as ValueProblem {
                throw fail(problem.description)
            } catch is DecodingError {
                let given = (try? text).map { "'\($0)'" } ?? "the value"
                if let choices = Self.choices(of: T.self) {
                    throw fail("\(given) is not one of \(choices.joined(separator: ", "))")
                }
                throw fail("\(given) is not a value it takes")
            }
        }

        /// The words an enumeration of `type` takes, if it is one.
        static func choices(of type: Any.Type) -> [String]? {
            guard let all = type as? any CaseIterable.Type else { return nil }
            return words(all)
        }

        static func words<C: CaseIterable>(_ type: C.Type) -> [String] {
            C.allCases.map { value in (value as? any RawRepresentable).map { "\($0.rawValue)" } ?? "\(value)" }
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw fail("expected a value, not a map")
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard item == nil, case .list(let items) = option.value else { throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "not a list")) }
            return Items(option: option, items: items)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { false }

        func decode(_ type: Bool.Type) throws -> Bool {
            switch try text.lowercased() {
            case "true", "yes", "on": true
            case "false", "no", "off": false
            default: throw fail("expected true or false")
            }
        }

        func decode(_ type: String.Type) throws -> String { try text }
        func decode(_ type: Double.Type) throws -> Double { try Numeral.decimal(try text) }
        func decode(_ type: Float.Type) throws -> Float { Float(try Numeral.decimal(try text)) }
        func decode(_ type: Int.Type) throws -> Int { try Numeral.whole(try text) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try Numeral.seed(try text) }

        func decode(_ type: Int8.Type) throws -> Int8 { try narrow(Int8.self) }
        func decode(_ type: Int16.Type) throws -> Int16 { try narrow(Int16.self) }
        func decode(_ type: Int32.Type) throws -> Int32 { try narrow(Int32.self) }
        func decode(_ type: Int64.Type) throws -> Int64 { Int64(try Numeral.whole(try text)) }
        func decode(_ type: UInt.Type) throws -> UInt { try narrow(UInt.self) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(UInt8.self) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(UInt16.self) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(UInt32.self) }

        func narrow<N: FixedWidthInteger>(_ type: N.Type) throws -> N {
            let n = try Numeral.whole(try text)
            guard let value = N(exactly: n) else { throw fail("\(n) is out of range (\(N.min) to \(N.max))") }
            return value
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(T.self) }
    }

    /// A list's items, each decoded as a value of its own.
    struct Items: UnkeyedDecodingContainer {
        let option: LectureFile.Option
        let items: [String]
        var currentIndex = 0

        init(option: LectureFile.Option, items: [String]) {
            self.option = option
            self.items = items
        }

        var codingPath: [any CodingKey] { [] }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        mutating func next() throws -> Value {
            guard !isAtEnd else { throw SectionOptionError(key: option.key, place: option.place, message: "too few items") }
            defer { currentIndex += 1 }
            return Value(option: option, item: items[currentIndex])
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(T.self) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw SectionOptionError(key: option.key, place: option.place, message: "expected a value, not a map")
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw SectionOptionError(key: option.key, place: option.place, message: "expected a value, not a list of lists")
        }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }
}
