/// Writes an sfnt font file from its tables (OpenType spec, "Organization
/// of an OpenType font"): the table directory in tag order, each table
/// 4-byte aligned with its checksum, and the `head` table's whole-file
/// checksum adjustment.
enum SFNTWriter {
    /// The file of `tables`; `head`, if present, must be at least 12 bytes.
    static func file(version: UInt32, tables: [SFNTTag: [UInt8]]) -> [UInt8] {
        var tables = tables
        // The adjustment is summed as zero (the spec's rule), then set.
        tables[SFNTTag("head")]?.replace(at: 8, bigEndian: UInt32(0))
        let sorted = tables.sorted { $0.key < $1.key }
        let count = sorted.count
        var power = 1
        var log = 0
        while power * 2 <= count {
            power *= 2
            log += 1
        }
        var file = [UInt8]()
        file.append(bigEndian: version)
        file.append(bigEndian: UInt16(count))
        file.append(bigEndian: UInt16(power * 16))
        file.append(bigEndian: UInt16(log))
        file.append(bigEndian: UInt16(count * 16 - power * 16))
        var offset = 12 + 16 * count
        for (tag, data) in sorted {
            file.append(bigEndian: tag.value)
            file.append(bigEndian: checksum(data))
            file.append(bigEndian: UInt32(offset))
            file.append(bigEndian: UInt32(data.count))
            offset += padded(data.count)
        }
        var headOffset: Int?
        for (tag, data) in sorted {
            if tag == SFNTTag("head") { headOffset = file.count }
            file += data
            file += [UInt8](repeating: 0, count: padded(data.count) - data.count)
        }
        if let headOffset {
            file.replace(at: headOffset + 8, bigEndian: 0xB1B0_AFBA &- checksum(file))
        }
        return file
    }

    private static func padded(_ count: Int) -> Int {
        (count + 3) & ~3
    }

    /// The sum of the data as big-endian 32-bit words, zero-padded.
    static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 {
                word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0)
            }
            sum &+= word
            index += 4
        }
        return sum
    }
}
