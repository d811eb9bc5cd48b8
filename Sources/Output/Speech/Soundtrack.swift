/// Sound as 16-bit mono samples: a caption said by the speech engine, or
/// the narration of a whole animation, which ffmpeg encodes into a video's
/// sound track.
public struct Soundtrack: Sendable, Equatable {
    /// Samples a second.
    public var rate: Int
    public var samples: [Int16]

    public init(rate: Int, samples: [Int16] = []) {
        self.rate = rate
        self.samples = samples
    }

    /// How long it lasts, in seconds.
    public var seconds: Double { Double(samples.count) / Double(rate) }

    /// Silence of `seconds` (rounded to the sample) with `clips` laid on
    /// it, each from its start in seconds (rounded to the sample), cut at
    /// the end. Clips at another rate are resampled to `rate`.
    public static func laying(_ clips: [(sound: Soundtrack, at: Double)], rate: Int, seconds: Double) -> Soundtrack {
        var samples = [Int16](repeating: 0, count: max(0, Int((seconds * Double(rate)).rounded())))
        for (sound, at) in clips {
            let clip = sound.resampled(to: rate).samples
            let first = Int((at * Double(rate)).rounded())
            guard first < samples.count else { continue }
            for (i, s) in clip.enumerated() where first + i >= 0 {
                guard first + i < samples.count else { break }
                // Speeches never overlap; were they to, they would add.
                let sum = Int(samples[first + i]) + Int(s)
                samples[first + i] = Int16(clamping: sum)
            }
        }
        return Soundtrack(rate: rate, samples: samples)
    }

    /// The samples at `rate`, by linear interpolation: enough for speech.
    public func resampled(to rate: Int) -> Soundtrack {
        guard rate != self.rate, !samples.isEmpty else { return Soundtrack(rate: rate, samples: rate == self.rate ? samples : []) }
        let count = Int((Double(samples.count) * Double(rate) / Double(self.rate)).rounded())
        var out = [Int16](repeating: 0, count: count)
        let step = Double(self.rate) / Double(rate)
        for i in 0..<count {
            let x = Double(i) * step, j = Int(x), f = x - Double(j)
            let a = Double(samples[min(j, samples.count - 1)]), b = Double(samples[min(j + 1, samples.count - 1)])
            out[i] = Int16(clamping: Int((a + (b - a) * f).rounded()))
        }
        return Soundtrack(rate: rate, samples: out)
    }

    /// The samples of the frames `frames` at `fps`: a step clip's sound.
    public func slice(frames: Range<Int>, fps: Double) -> Soundtrack {
        let at = { (frame: Int) in min(self.samples.count, max(0, Int((Double(frame) / fps * Double(self.rate)).rounded()))) }
        let first = at(frames.lowerBound), end = max(first, at(frames.upperBound))
        var part = Array(samples[first..<end])
        // A clip's sound lasts as long as its frames, whatever the rounding.
        let wanted = Int((Double(frames.count) / fps * Double(rate)).rounded())
        if part.count < wanted { part += [Int16](repeating: 0, count: wanted - part.count) }
        if part.count > wanted { part.removeLast(part.count - wanted) }
        return Soundtrack(rate: rate, samples: part)
    }

    /// A WAV file of the samples: RIFF, PCM, 16-bit, mono.
    public var wav: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(44 + samples.count * 2)
        func u32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let data = samples.count * 2
        out += Array("RIFF".utf8); u32(36 + data); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        out += Array("data".utf8); u32(data)
        for s in samples {
            let v = UInt16(bitPattern: s)
            out += [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        return out
    }

    /// The sound in a WAV file of 16-bit PCM, mono or (mixed down) stereo;
    /// nil for anything else. A data chunk that claims more bytes than
    /// follow (a WAV written to a pipe, its length unknown) holds the rest.
    public init?(wav bytes: [UInt8]) {
        func u32(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else { return nil }
        var i = 12, channels = 0, rate = 0, bits = 0
        while i + 8 <= bytes.count {
            let id = bytes[i..<(i + 4)], size = u32(i + 4), body = i + 8
            if id.elementsEqual("fmt ".utf8), body + 16 <= bytes.count {
                guard u16(body) == 1 else { return nil }
                (channels, rate, bits) = (u16(body + 2), u32(body + 4), u16(body + 14))
            } else if id.elementsEqual("data".utf8) {
                guard bits == 16, channels == 1 || channels == 2, rate > 0 else { return nil }
                let end = min(bytes.count, body + size)
                var samples = [Int16]()
                samples.reserveCapacity((end - body) / (2 * channels))
                var j = body
                while j + 2 * channels <= end {
                    var sum = 0
                    for c in 0..<channels { sum += Int(Int16(bitPattern: UInt16(u16(j + 2 * c)))) }
                    samples.append(Int16(sum / channels))
                    j += 2 * channels
                }
                self.init(rate: rate, samples: samples)
                return
            }
            i = body + size + (size & 1)
        }
        return nil
    }
}
