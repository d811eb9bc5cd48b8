/// Big-endian integers in binary files (PNG chunks, sfnt tables), read and
/// written at byte offsets.
extension Collection<UInt8> where Index == Int {
    /// The unsigned 16-bit integer at `offset`, or nil past the end.
    func uint16(at offset: Int) -> UInt16? {
        guard offset >= startIndex, offset + 2 <= endIndex else { return nil }
        return UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    /// The unsigned 32-bit integer at `offset`, or nil past the end.
    func uint32(at offset: Int) -> UInt32? {
        guard let high = uint16(at: offset), let low = uint16(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}

extension [UInt8] {
    mutating func append(bigEndian value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    mutating func append(bigEndian value: UInt32) {
        append(bigEndian: UInt16(value >> 16))
        append(bigEndian: UInt16(value & 0xFFFF))
    }

    mutating func replace(at offset: Int, bigEndian value: UInt16) {
        self[offset] = UInt8(value >> 8)
        self[offset + 1] = UInt8(value & 0xFF)
    }

    mutating func replace(at offset: Int, bigEndian value: UInt32) {
        replace(at: offset, bigEndian: UInt16(value >> 16))
        replace(at: offset + 2, bigEndian: UInt16(value & 0xFFFF))
    }
}
